/* pen-table-turn-bar.c: the turn bar: the steps of the moment, each always
 * in its own row, and under it the questions the game asks of no piece.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-game-view-private.h"
#include "pen-layout-dump.h"
#include "pen-pieces.h"

/* The heading of the questions the game asks of no piece, by the kind of
 * their actions. */
static const char *
question_of (PenActionType type)
{
  switch (type)
    {
    case PEN_ACTION_CHOOSE_TALENT: return _("Choose your Talent");
    case PEN_ACTION_CHOOSE_COLOUR: return _("The colour of the new die");
    case PEN_ACTION_CHOOSE_PATH: return _("The path of the Trial");
    case PEN_ACTION_TASK_DICE: return _("The dice for the task");
    case PEN_ACTION_KEEP_EQUIPMENT: return _("The new Artifact");
    case PEN_ACTION_MORTAL_WOUND: return _("The Mortal Wound");
    case PEN_ACTION_RESERVE: return _("The Contract to reserve");
    case PEN_ACTION_CHOOSE_CONTRACT: return _("A reserved Contract");
    case PEN_ACTION_TAKE_CARD: return _("A card from the top of a deck");
    case PEN_ACTION_USE_TALENT: return _("The Property your Talent cancels");
    case PEN_ACTION_CARD_TOKEN: return _("The card’s effect");
    default: return _("Also possible");
    }
}

/* The status line: what the game waits for now, in the engine's words;
 * while the Automa's turn is told step by step, that it is being told (the
 * table already shows where it ended); none in a review, where nothing is
 * played. */
void
pen_table_refresh_status (PenGameView *self)
{
  g_autofree char *prompt = NULL;

  if (self->interactive && gtk_widget_get_visible (self->automa_controls))
    prompt = g_strdup (_("The Automa’s turn is being told in the log: follow it, or show it whole"));
  else if (self->interactive)
    prompt = pen_game_get_prompt (self->game);

  gtk_label_set_text (self->status_label, prompt != NULL ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), prompt != NULL && *prompt != '\0');
  pen_layout_tag (GTK_WIDGET (self->status_label), "status", "status", prompt != NULL ? prompt : "");
}

/* A button that answers the choice the game waits for is lit as its pieces are. */
static void
light_if_answer (PenGameView     *self,
                 GtkWidget       *button,
                 const PenAction *action)
{
  if (pen_game_action_answers (self->game, action))
    gtk_widget_add_css_class (button, "pen-answer");
}

/* A step's button fills its row of the turn bar. */
static void
fit_step (GtkWidget *button)
{
  GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)));

  gtk_widget_set_hexpand (button, TRUE);
  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_justify (label, GTK_JUSTIFY_CENTER);
  gtk_label_set_xalign (label, 0.5);
}

static void
trial_menu_clicked_cb (GtkButton   *button,
                       PenGameView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  for (guint i = 0; self->model.actions != NULL && i < self->model.actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->model.actions, PenAction, i);

      if (action->type == PEN_ACTION_START_TRIAL)
        {
          GtkWidget *choice = pen_table_action_button (self, action, NULL);

          gtk_widget_add_css_class (choice, "flat");
          gtk_box_append (GTK_BOX (box), choice);
        }
    }
  pen_table_show_popover (self, GTK_WIDGET (button), box);
}

/* The turn bar: the steps of the moment, each in its row, always the same
 * (Rest, Skip, Give up; Start a Trial; End turn, Use the effect, Roll the
 * Threat, the Automa's turn), the one that moves the game on suggested; and
 * under it the questions of no piece, by kind. */
void
pen_table_refresh_turn_bar (PenGameView *self)
{
  GtkWidget *slots[PEN_N_STEPS];
  gboolean trials = FALSE;
  int last_type = -1;

  pen_table_remove_children (GTK_WIDGET (self->turn_bar));
  pen_table_remove_children (GTK_WIDGET (self->actions_box));
  gtk_label_set_text (self->turn_heading,
                      pen_game_is_over (self->game) ? ""
                      : (int) pen_game_get_current_player (self->game) == pen_game_get_automa_player (self->game)
                      ? _("The Automa’s turn") : _("Your turn"));
  pen_table_refresh_status (self);
  for (guint i = 0; i < PEN_N_STEPS; i++)
    {
      slots[i] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_box_append (self->turn_bar, slots[i]);
    }
  if (pen_game_is_over (self->game))
    return;
  if (!self->interactive)
    {
      GtkWidget *label = gtk_label_new (_("This is the game as it was: nothing is played here. "
                                          "“Play On From Here” starts a new game from this point."));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (self->actions_box, label);
      return;
    }

  /* None while the Automa's turn is told (pen-table-log.c). */
  for (guint i = 0; self->model.actions != NULL && i < self->model.actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->model.actions, PenAction, i);
      int step = pen_piece_step (action);
      g_autofree char *piece = NULL;
      GtkWidget *button;

      if (action->type == PEN_ACTION_START_TRIAL)
        {
          trials = TRUE;
          continue;
        }
      if (step >= 0 && gtk_widget_get_first_child (slots[step]) == NULL)
        {
          button = pen_table_action_button (self, action, NULL);
          fit_step (button);
          if (step == PEN_STEP_RIGHT)
            gtk_widget_add_css_class (button, "suggested-action");
          light_if_answer (self, button, action);
          gtk_box_append (GTK_BOX (slots[step]), button);
          pen_layout_tag (button, "button", pen_action_type_get_id (action->type),
                          gtk_button_get_label (GTK_BUTTON (button)));
          continue;
        }
      piece = pen_piece_of_action (self->game, action);
      if (piece != NULL && step < 0)
        continue;
      if ((int) action->type != last_type)
        {
          GtkWidget *heading = gtk_label_new (question_of (action->type));

          gtk_label_set_xalign (GTK_LABEL (heading), 0);
          gtk_widget_add_css_class (heading, "caption-heading");
          gtk_box_append (self->actions_box, heading);
          last_type = action->type;
        }
      button = pen_table_action_button (self, action, NULL);
      light_if_answer (self, button, action);
      {
        g_autofree char *id = g_strdup_printf ("question-%u", i);

        pen_layout_tag (button, "button", id, gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)))));
      }
      gtk_box_append (self->actions_box, button);
    }
  if (trials && gtk_widget_get_first_child (slots[PEN_STEP_MIDDLE]) == NULL)
    {
      GtkWidget *button = gtk_button_new_with_label (_("Start a Trial…"));

      fit_step (button);
      g_signal_connect (button, "clicked", G_CALLBACK (trial_menu_clicked_cb), self);
      pen_layout_tag (button, "button", "start-trial", _("Start a Trial…"));
      gtk_box_append (GTK_BOX (slots[PEN_STEP_MIDDLE]), button);
    }
}
