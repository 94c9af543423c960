/* pen-turn-pane.c: the turn in the side pane: the guided game's words, the
 * turn's heading, what the game waits for, the turn bar (the steps of the
 * moment, each always in its own row), and under it what the chosen die can
 * do and the questions the game asks of no piece; All Actions…. Hidden at
 * the game's end (pen-end-pane.c shows it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-turn-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-guide.h"
#include "pen-layout-dump.h"
#include "pen-piece-id.h"
#include "pen-pieces.h"
#include "pen-region.h"
#include "pen-turn-pane.h"

struct _PenTurnPane
{
  GtkWidget      parent_instance;

  PenGame       *game;           /* the game shown at the last update */
  PenTableModel *model;          /* the view's, what it offers */
  gboolean       interactive;
  gboolean       telling;        /* the Automa's turn is told in the log */
  gboolean       guided;         /* the guided first game, in its guided turns */
  char          *shown;          /* while the Automa's turn is told, what the turn bar shows */
  GtkWidget     *guide_box;
  GtkLabel      *guide_label;
  GtkButton     *guide_button;
  GtkLabel      *turn_heading;
  GtkLabel      *status_label;   /* what the game waits for, in the engine's words */
  GtkBox        *turn_bar;       /* PEN_N_STEPS places, each always in the same spot */
  GtkWidget     *actions_scroll; /* the questions' pane (actions_box, die_box) */
  GtkBox        *die_box;        /* what the chosen die can do besides being placed */
  int            die_box_die;    /* the die it shows, or -1 */
  GtkBox        *actions_box;    /* the questions asked of no piece */
  GtkWidget     *all_actions_button;
};

enum
{
  GUIDE_CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void pen_turn_pane_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenTurnPane, pen_turn_pane, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_turn_pane_region_init))

static void
remove_children (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static GtkWidget *
action_button (PenTurnPane     *self,
               const PenAction *action)
{
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));

  return host->action_button (host->table, action, NULL);
}

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
static void
refresh_status (PenTurnPane *self)
{
  g_autofree char *prompt = NULL;

  if (self->interactive && self->telling)
    prompt = g_strdup (_("The Automa’s turn is being told in the log: follow it, or show it whole"));
  else if (self->interactive)
    prompt = pen_game_get_prompt (self->game);

  gtk_label_set_text (self->status_label, prompt != NULL ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), prompt != NULL && *prompt != '\0');
  pen_layout_tag (GTK_WIDGET (self->status_label), "status", "status", prompt != NULL ? prompt : "");
}

/* A button that answers the choice the game waits for is lit as its pieces are. */
static void
light_if_answer (PenTurnPane     *self,
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
                       PenTurnPane *self)
{
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  for (guint i = 0; self->model->actions != NULL && i < self->model->actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->model->actions, PenAction, i);

      if (action->type == PEN_ACTION_START_TRIAL)
        {
          GtkWidget *choice = action_button (self, action);

          gtk_widget_add_css_class (choice, "flat");
          gtk_box_append (GTK_BOX (box), choice);
        }
    }
  host->show_popover (host->table, GTK_WIDGET (button), box);
}

/* The turn bar: the steps of the moment, each in its row, always the same
 * (Rest, Skip, Give up; Start a Trial; End turn, Use the effect, Roll the
 * Threat, the Automa's turn), the one that moves the game on suggested; and
 * under it the questions of no piece, by kind. */
static void
refresh_turn_bar (PenTurnPane *self)
{
  GtkWidget *slots[PEN_N_STEPS];
  gboolean trials = FALSE;
  int last_type = -1;

  remove_children (self->turn_bar);
  remove_children (self->actions_box);
  gtk_label_set_text (self->turn_heading,
                      pen_game_is_over (self->game) ? ""
                      : (int) pen_game_get_current_player (self->game) == pen_game_get_automa_player (self->game)
                      ? _("The Automa’s turn") : _("Your turn"));
  refresh_status (self);
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

  /* None while the Automa's turn is told (pen-log-pane.c). */
  for (guint i = 0; self->model->actions != NULL && i < self->model->actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->model->actions, PenAction, i);
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
          button = action_button (self, action);
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
      button = action_button (self, action);
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

/* The button under @root that takes @action, or NULL. */
static GtkWidget *
find_action_button (GtkWidget       *root,
                    const PenAction *action)
{
  const PenAction *taken = g_object_get_data (G_OBJECT (root), "pen-action");

  if (taken != NULL && pen_action_equal (taken, action))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* ---- The guided first game ---------------------------------------------- */

/* Skip the Guide, or Close: the view stops guiding (::guide-closed). */
static void
guide_button_clicked_cb (PenTurnPane *self)
{
  g_signal_emit (self, signals[GUIDE_CLOSED], 0);
}

/* ---- PenRegion ------------------------------------------------------------ */

static void
pen_turn_pane_update (PenRegion     *region,
                      PenGame       *game,
                      PenTableModel *model)
{
  PenTurnPane *self = PEN_TURN_PANE (region);

  g_autofree char *key = NULL;

  self->model = model;
  g_set_object (&self->game, game);
  if (game == NULL)
    return;
  /* While the Automa's turn is told, line by line, the turn bar offers
   * nothing and says so: kept as it is from one line to the next. After
   * any other change the actions offered changed: all is shown anew. */
  if (self->telling && self->interactive)
    key = g_strdup_printf ("told:%u:%d", pen_game_get_current_player (game), pen_game_is_over (game));
  if (key == NULL || g_strcmp0 (key, self->shown) != 0)
    refresh_turn_bar (self);
  g_free (self->shown);
  self->shown = g_steal_pointer (&key);
  /* The die chosen is put down with every change: shown anew. */
  self->die_box_die = -2;
  pen_turn_pane_show_die (self, game, model);
}

static void
pen_turn_pane_region_init (PenRegionInterface *iface)
{
  iface->update = pen_turn_pane_update;
}

static void
pen_turn_pane_dispose (GObject *object)
{
  PenTurnPane *self = PEN_TURN_PANE (object);
  GtkWidget *child;

  g_clear_object (&self->game);
  g_clear_pointer (&self->shown, g_free);
  self->model = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_TURN_PANE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_turn_pane_parent_class)->dispose (object);
}

/* Expands as its parts do (the lists that scroll take the side pane's
 * height), as a box would. */
static void
pen_turn_pane_compute_expand (GtkWidget *widget,
                                gboolean  *hexpand,
                                gboolean  *vexpand)
{
  *hexpand = *vexpand = FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      *hexpand = *hexpand || gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL);
      *vexpand = *vexpand || gtk_widget_compute_expand (child, GTK_ORIENTATION_VERTICAL);
    }
}

static void
pen_turn_pane_class_init (PenTurnPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_turn_pane_dispose;
  widget_class->compute_expand = pen_turn_pane_compute_expand;

  /* Skip the Guide, or Close at its end, was clicked. */
  signals[GUIDE_CLOSED] = g_signal_new ("guide-closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-turn-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, guide_box);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, guide_label);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, guide_button);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, turn_heading);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, status_label);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, turn_bar);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, actions_scroll);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, die_box);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, actions_box);
  gtk_widget_class_bind_template_child (widget_class, PenTurnPane, all_actions_button);
  gtk_widget_class_bind_template_callback (widget_class, guide_button_clicked_cb);
}

static void
pen_turn_pane_init (PenTurnPane *self)
{
  self->interactive = TRUE;
  self->die_box_die = -2;
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_layout_tag (self->all_actions_button, "button", "all-actions", _("All Actions…"));
}


/**
 * pen_turn_pane_show_die:
 * @self: a turn pane
 * @game: the game on the table
 * @model: what the table offers, and the die chosen
 *
 * Under the turn bar, what the chosen die can do besides being placed
 * (Primagic with its cost, the Marks' settings, a card's token): shown as
 * long as it is chosen, so that a cell can still be clicked meanwhile.
 */
void
pen_turn_pane_show_die (PenTurnPane   *self,
                        PenGame       *game,
                        PenTableModel *model)
{
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));
  g_autofree char *piece = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *label;
  PenWizardBoard *board;

  g_return_if_fail (PEN_IS_TURN_PANE (self));

  if (self->die_box_die == model->selected_die)
    return;
  self->die_box_die = model->selected_die;
  remove_children (self->die_box);
  piece = pen_piece_id_die (model->selected_die);
  gtk_widget_set_visible (GTK_WIDGET (self->die_box),
                          model->selected_die >= 0 && host->has_piece_actions (host->table, piece));
  if (!gtk_widget_get_visible (GTK_WIDGET (self->die_box)))
    return;
  board = pen_game_get_player (game, pen_game_get_current_player (game));
  {
    g_autofree char *die = pen_ui_describe_die (pen_wizard_board_get_die (board, model->selected_die));

    /* Translators: the heading of what a chosen die can do: "Ruby 4 — to a lit cell, or:" */
    heading = g_strdup_printf (pen_table_model_can_place_die (model, model->selected_die) ? _("%s — to a lit cell, or:") : _("%s:"), die);
  }
  label = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_box_append (self->die_box, label);
  host->append_piece_actions (host->table, self->die_box, piece);
}

/* The step of the turn bar, or the question, that takes @action, or NULL
 * (the hint lights it). */
GtkWidget *
pen_turn_pane_find_action (PenTurnPane     *self,
                           const PenAction *action)
{
  GtkWidget *button;

  g_return_val_if_fail (PEN_IS_TURN_PANE (self), NULL);

  button = find_action_button (GTK_WIDGET (self->turn_bar), action);
  return button != NULL ? button : find_action_button (GTK_WIDGET (self->actions_box), action);
}

/* Whether the table offers actions (not in a review), and whether the
 * Automa's turn is told in the log meanwhile (the status says so). */
void
pen_turn_pane_set_state (PenTurnPane *self,
                         gboolean     interactive,
                         gboolean     telling)
{
  g_return_if_fail (PEN_IS_TURN_PANE (self));

  self->interactive = !!interactive;
  self->telling = !!telling;
}

/* The end of the game in the side pane: the turn's steps and questions give
 * their room to the result and its breakdown (pen-end-pane.c). */
void
pen_turn_pane_set_over (PenTurnPane *self,
                        gboolean     over)
{
  g_return_if_fail (PEN_IS_TURN_PANE (self));

  gtk_widget_set_visible (GTK_WIDGET (self->turn_heading), !over);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), !over);
  gtk_widget_set_visible (GTK_WIDGET (self->turn_bar), !over);
  gtk_widget_set_visible (self->actions_scroll, !over);
  gtk_widget_set_visible (self->all_actions_button, !over);
}

/**
 * pen_turn_pane_refresh_guide:
 * @self: a turn pane
 * @game: the guided game
 *
 * What the moment is about, until the guided turns are past; its last words
 * stay until closed.
 *
 * Returns: whether the moment is guided (the coach's hint is to be lit)
 */
gboolean
pen_turn_pane_refresh_guide (PenTurnPane *self,
                             PenGame     *game)
{
  g_return_val_if_fail (PEN_IS_TURN_PANE (self), FALSE);

  if (!self->guided || game == NULL)
    return FALSE;
  gtk_label_set_text (self->guide_label, pen_guide_describe (game));
  if (pen_guide_is_over (game))
    {
      /* The player is alone now. */
      self->guided = FALSE;
      gtk_button_set_label (self->guide_button, _("Close"));
      return FALSE;
    }
  return TRUE;
}

/* Shows the guide's box (its words set by pen_turn_pane_refresh_guide()), or hides it. */
void
pen_turn_pane_set_guided (PenTurnPane *self,
                          gboolean     guided)
{
  g_return_if_fail (PEN_IS_TURN_PANE (self));

  self->guided = !!guided;
  gtk_widget_set_visible (self->guide_box, self->guided);
  gtk_button_set_label (self->guide_button, _("Skip the Guide"));
}

gboolean
pen_turn_pane_get_guided (PenTurnPane *self)
{
  g_return_val_if_fail (PEN_IS_TURN_PANE (self), FALSE);
  return self->guided;
}
