/* pen-table-actions.c: what a piece of the table can do: the actions the
 * engine lists for it as buttons in a popover on the piece, the questions
 * asked before an action that cannot be taken back, and the "?" links to
 * the rules of the piece and of its effects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-piece-id.h"
#include "pen-game-view-private.h"
#include "pen-layout-dump.h"
#include "pen-wizard-view.h"
#include "pen-locations-view.h"
#include "pen-pieces.h"
#include "pen-quest.h"
#include "pen-rules-window.h"

/* Applies a copy of @action (applying rebuilds what it came from). */
void
pen_table_apply_action (PenGameView     *self,
                        const PenAction *action)
{
  g_autoptr(GError) error = NULL;
  PenAction copy = *action;

  /* An Automa turn taken here is told on the table step by step
   * (pen-log-pane.c): the engine keeps the states it went through. */
  pen_game_set_record_automa_turns (self->game, TRUE);
  if (!pen_game_apply (self->game, &copy, &error))
    pen_notice_show (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), error->message);
  pen_game_set_record_automa_turns (self->game, FALSE);
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     PenGameView      *self)
{
  PenAction *action = g_object_get_data (G_OBJECT (dialog), "pen-action");

  if (g_str_equal (response, "do") && self->game != NULL)
    pen_table_apply_action (self, action);
}

/* Asks before @action, which cannot be taken back: "Keep Playing" is the
 * default. */
static void
confirm_action (PenGameView     *self,
                const PenAction *action,
                const char      *heading,
                const char      *body,
                const char      *verb)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Keep Playing"), "do", verb, NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "pen-action", g_memdup2 (action, sizeof *action), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Takes @action as the player chose it: Rest (when not the only turn),
 * giving up a task and ending a turn with placements left ask first; the
 * rest is applied. */
void
pen_table_take_action (PenGameView     *self,
                       const PenAction *action)
{
  if (action->type == PEN_ACTION_END_TURN && pen_game_get_placements_left (self->game) > 0
      && self->model.can_place)
    {
      guint left = pen_game_get_placements_left (self->game);
      /* Translators: the body of the dialog before ending a turn early */
      g_autofree char *body = g_strdup_printf (ngettext ("You can still place %u die this turn.",
                                                         "You can still place %u dice this turn.", left), left);

      confirm_action (self, action, _("End the Turn?"), body, _("_End Turn"));
    }
  /* Asked only when the turn could be a Study or a Trial instead (not when
   * a Mortal Wound leaves Rest the only turn there is). */
  else if (action->type == PEN_ACTION_REST
           && (self->model.can_place || pen_table_model_find (&self->model, PEN_ACTION_START_TRIAL) != NULL))
    confirm_action (self, action, _("Rest This Turn?"),
                    _("Resting takes the whole turn: no die is placed, the effects along your Rest thread apply, then a new Contract and a Fate card are revealed."),
                    _("_Rest"));
  else if (action->type == PEN_ACTION_GIVE_UP)
    confirm_action (self, action, _("Give Up the Task?"),
                    _("The task is abandoned and what it would have brought is lost."),
                    _("_Give Up"));
  else
    pen_table_apply_action (self, action);
}

static gboolean
popdown_cb (gpointer data)
{
  g_autoptr(GtkWidget) popover = g_weak_ref_get (data);

  if (popover != NULL && gtk_widget_get_parent (popover) != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* Closes the popover holding @button once its click is over: popped down
 * inside its own button's handler, a popover was freed under GTK's feet
 * (valgrind). Held weakly meanwhile: a popover removed with the table must
 * go at once (see retarget_tooltip_cb()). */
static void
popdown_later (GtkWidget *button)
{
  GtkWidget *popover = gtk_widget_get_ancestor (button, GTK_TYPE_POPOVER);
  GWeakRef *ref;

  if (popover == NULL)
    return;
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, popover);
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, popdown_cb, ref, weak_ref_free);
}

static void
choice_clicked_cb (GtkButton   *button,
                   PenGameView *self)
{
  PenAction action = *(const PenAction *) g_object_get_data (G_OBJECT (button), "pen-action");

  popdown_later (GTK_WIDGET (button));
  pen_table_take_action (self, &action);
}

/* A button taking @action, showing @text (the action's label when NULL); its
 * accessible name is always the whole label. */
GtkWidget *
pen_table_action_button (PenGameView     *self,
                         const PenAction *action,
                         const char      *text)
{
  g_autofree char *label = pen_action_label (self->game, action);
  GtkWidget *button = gtk_button_new_with_label (text != NULL ? text : label);

  if (text == NULL)
    {
      GtkLabel *shown = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)));

      /* Wrapped within the width of a popover or of the turn bar's panel. */
      gtk_label_set_wrap (shown, TRUE);
      gtk_label_set_max_width_chars (shown, 30);
      gtk_label_set_xalign (shown, 0);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data_full (G_OBJECT (button), "pen-action", g_memdup2 (action, sizeof *action), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), self);
  return button;
}

static void
restore_tooltip_cb (GtkWidget *button)
{
  gtk_widget_set_has_tooltip (button, TRUE);
}

/* GTK 4.8 leaves its tooltip machinery on a popover once closed or
 * unrealized, and a tooltip falling due then asks for a surface gone (a
 * critical). Asking for the tooltip again, as a pointer move would, moves it
 * onto the surface now under the pointer. */
static gboolean
retarget_tooltip_cb (gpointer widget)
{
  gtk_widget_trigger_tooltip_query (widget);
  return G_SOURCE_REMOVE;
}

/* Not on the popover itself: a reference held on it would keep it alive. */
static void
popover_closed_cb (PenGameView *self)
{
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, retarget_tooltip_cb, g_object_ref (self), g_object_unref);
}

/* Removes the popover last opened: the focus first taken out of it (a
 * window whose focus was in it keeps it alive, unrealized, until its next
 * frame), then the tooltip moved off it. */
void
pen_table_remove_popover (PenGameView *self)
{
  GtkRoot *root;
  GtkWidget *focus;

  if (self->popover == NULL)
    return;
  root = gtk_widget_get_root (self->popover);
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  /* Onto its piece if it can: a focus that lands on a widget shown is what
   * lets the window drop the popover (once hidden, GTK keeps it for later). */
  if (focus != NULL && gtk_widget_is_ancestor (focus, self->popover)
      && !gtk_widget_grab_focus (gtk_widget_get_parent (self->popover)))
    gtk_root_set_focus (root, NULL);
  gtk_widget_unparent (self->popover);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

/* Opens a popover on @button showing @child. It is left on its button when
 * closed (GTK may still be delivering the click that closed it) and removed
 * when the table changes, or here when the next one opens. */
GtkPopover *
pen_table_show_popover (PenGameView *self,
                        GtkWidget   *button,
                        GtkWidget   *child)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *scroll = gtk_scrolled_window_new ();

  /* A fixed width: wrapped labels then measure their height right; a height
   * that fits a 1280×800 screen, scrolled beyond. */
  gtk_widget_set_size_request (child, 320, -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroll), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroll), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), child);
  gtk_popover_set_child (GTK_POPOVER (popover), scroll);
  gtk_widget_set_parent (popover, button);
  /* The card's zoom would cover its own popover: off while it is open
   * (and not given back before, as after the press that opened it). */
  pen_table_tooltips_release (self, button);
  if (gtk_widget_get_has_tooltip (button))
    {
      gtk_widget_set_has_tooltip (button, FALSE);
      g_signal_connect_object (popover, "closed", G_CALLBACK (restore_tooltip_cb), button, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (popover, "closed", G_CALLBACK (popover_closed_cb), self, G_CONNECT_SWAPPED);
  pen_table_remove_popover (self);
  self->popover = popover;
  g_object_add_weak_pointer (G_OBJECT (popover), (gpointer *) &self->popover);
  gtk_popover_popup (GTK_POPOVER (popover));
  return GTK_POPOVER (popover);
}

/* The rules reference from the table: a "?" on a piece opens its rule. */

static void
rule_link_clicked_cb (GtkButton   *button,
                      PenGameView *self)
{
  popdown_later (GTK_WIDGET (button));
  pen_rules_window_present (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                            g_object_get_data (G_OBJECT (button), "pen-rule-topic"));
}

/* A button opening the rule of @topic, showing @child (its title after a
 * "?" when NULL); NULL when the reference has no such topic. */
GtkWidget *
pen_table_rule_link_new (PenGameView *self,
                         const char  *topic,
                         GtkWidget   *child)
{
  const char *title = topic != NULL ? pen_rules_get_topic_title (topic) : NULL;
  g_autofree char *name = NULL;
  GtkWidget *button;

  if (title == NULL)
    {
      /* The child given is not wanted: freed as a parent would. */
      if (child != NULL)
        {
          g_object_ref_sink (child);
          g_object_unref (child);
        }
      return NULL;
    }
  /* Translators: what a "?" on the table opens: "The rule: Vigilance" */
  name = g_strdup_printf (_("The rule: %s"), title);
  button = gtk_button_new ();
  if (child == NULL)
    {
      /* Translators: a link to a rule, in a piece's list: "? Vigilance" */
      g_autofree char *text = g_strdup_printf (_("? %s"), title);

      child = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (child), 0);
      gtk_label_set_wrap (GTK_LABEL (child), TRUE);
    }
  gtk_button_set_child (GTK_BUTTON (button), child);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "pen-rule-link");
  /* No tooltip: it shows its rule's name, and a tooltip due on a link of a
   * popover closed meanwhile asked GTK for a surface gone. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (button), "pen-rule-topic", g_strdup (topic), g_free);
  pen_layout_tag (button, "rule-link", topic, name);
  g_signal_connect (button, "clicked", G_CALLBACK (rule_link_clicked_cb), self);
  return button;
}

/* Appends to @box a link to @topic's rule, once however often it is asked
 * for (@shown holds the topics already linked). */
static void
append_rule_link (PenGameView *self,
                  GtkBox      *box,
                  GPtrArray   *shown,
                  const char  *topic)
{
  GtkWidget *link;

  if (topic == NULL || g_ptr_array_find_with_equal_func (shown, topic, g_str_equal, NULL))
    return;
  link = pen_table_rule_link_new (self, topic, NULL);
  if (link == NULL)
    return;
  g_ptr_array_add (shown, g_strdup (topic));
  gtk_box_append (box, link);
}

/* The rule of a Primagic effect or of the step @action takes, or NULL. */
static const char *
rule_of_action (const PenAction *action)
{
  if (action->empower != 0)
    return "primagic-empower";
  switch (action->type)
    {
    case PEN_ACTION_PLACE:
      return action->cell < 0 ? "primagic-appear" : NULL;
    case PEN_ACTION_KNOCK_OUT:
      return "primagic-knock-out";
    case PEN_ACTION_MANIPULATE:
      return "primagic-manipulate";
    case PEN_ACTION_DEFEND:
      return "primagic-defend";
    case PEN_ACTION_HEAL:
      return "primagic-heal";
    case PEN_ACTION_HURRY:
      return "primagic-hurry";
    case PEN_ACTION_BIND:
      return "primagic-bind";
    case PEN_ACTION_BRIBE:
      return "primagic-bribe";
    case PEN_ACTION_USE_MARK:
      return "mark-effects";
    case PEN_ACTION_SUMMON_FROM_MARKET:
      return "summon";
    case PEN_ACTION_THREAT_TARGET:
      return "threat-distribute";
    case PEN_ACTION_RIFT_DISCARD:
      return "property-rift";
    case PEN_ACTION_USE_TALENT:
      return "property-cancel";
    case PEN_ACTION_RESERVE:
      return "reserve";
    default:
      return NULL;
    }
}

/* The rules of the piece itself: its location, its Mark, its Trial's
 * Properties, its Ingredient, the Automa. */
static void
append_piece_rules (PenGameView *self,
                    GtkBox      *box,
                    GPtrArray   *shown,
                    const char  *piece)
{
  g_auto(GStrv) parts = g_strsplit (piece, "-", 0);
  guint n = g_strv_length (parts);

  if (g_str_equal (parts[0], "cell") && n >= 4)
    {
      /* cell-LOCATION-SECTION-CELL: the location's id may hold dashes. */
      g_autofree char *location = g_strjoinv ("-", (char **) (parts + 1));
      char *end = location;

      for (guint i = 0; i < 2; i++)
        end = strrchr (location, '-'), *end = '\0';
      {
        g_autofree char *topic = g_strdup_printf ("location-%s", location);

        append_rule_link (self, box, shown, topic);
      }
    }
  else if (g_str_equal (parts[0], "mark") && n == 3)
    {
      PenWizardBoard *board = pen_game_get_player (self->game, g_ascii_strtoull (parts[1], NULL, 10));
      const PenMark *mark = pen_wizard_board_get_mark (board, g_ascii_strtoull (parts[2], NULL, 10));

      if (mark->occupied)
        {
          g_autofree char *topic = g_strdup_printf ("mark-%s", pen_discipline_get_id (mark->discipline));

          append_rule_link (self, box, shown, topic);
        }
      append_rule_link (self, box, shown, "mark-effects");
    }
  else if (g_str_equal (parts[0], "trial") && n == 2)
    {
      GPtrArray *row = pen_game_get_trial_row (self->game);
      guint index = g_ascii_strtoull (parts[1], NULL, 10);
      const PenTrial *trial = index < row->len
                              ? pen_quests_find_trial (pen_quests_get_default (NULL), g_ptr_array_index (row, index))
                              : NULL;

      for (guint i = 0; trial != NULL && i < trial->n_properties; i++)
        {
          g_autofree char *topic = g_strdup_printf ("property-%s", pen_property_get_id (trial->properties[i].kind));

          append_rule_link (self, box, shown, topic);
        }
      append_rule_link (self, box, shown, "trial");
    }
  else if (g_str_equal (parts[0], "contract"))
    append_rule_link (self, box, shown, "contract");
  else if (g_str_equal (parts[0], "ingredient") && n == 2)
    {
      g_autofree char *topic = g_strdup_printf ("ingredient-%s", parts[1]);

      append_rule_link (self, box, shown, topic);
    }
  else if (g_str_equal (parts[0], "threat"))
    append_rule_link (self, box, shown, "threat-distribute");
}

/* What @piece (a layout id) can do now, appended to @box as buttons: the
 * faces a Mark can set one die to as one row. Placements are not among
 * them: they are made by dragging or clicking the die to its cell. Returns
 * how many actions. */
guint
pen_table_append_piece_actions (PenGameView *self,
                                GtkBox      *box,
                                const char  *piece)
{
  GArray *indices = pen_table_model_piece_actions (&self->model, piece);
  g_autoptr(GPtrArray) topics = g_ptr_array_new ();
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *faces = NULL;
  const PenAction *row = NULL;
  guint n = 0;

  for (guint i = 0; indices != NULL && i < indices->len; i++)
    {
      const PenAction *action = pen_table_model_action (&self->model, g_array_index (indices, guint, i));

      /* Placements are made on the cells; the rules of Knock Out and Appear
       * are linked here all the same. */
      if (rule_of_action (action) != NULL)
        g_ptr_array_add (topics, (gpointer) rule_of_action (action));
      if (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
        continue;
      n++;
      if (action->type != PEN_ACTION_USE_MARK || action->value != PEN_MARK_EFFECT_SET)
        {
          /* On a Threat die, its adjustments in short: "+1 → 5". */
          g_autofree char *text = pen_action_label_on_threat_die (self->game, action);
          GtkWidget *button = pen_table_action_button (self, action, text);

          gtk_widget_add_css_class (button, "flat");
          gtk_box_append (box, button);
          row = NULL;
          continue;
        }
      if (row == NULL || row->index != action->index || row->die != action->die)
        {
          g_autofree char *text = pen_action_label_without_face (self->game, action);
          GtkWidget *label = gtk_label_new (text);

          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_widget_set_margin_start (label, 8);
          gtk_box_append (box, label);
          faces = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
          gtk_widget_set_margin_start (faces, 8);
          gtk_box_append (box, faces);
          row = action;
        }
      {
        g_autofree char *face = g_strdup_printf ("%d", action->colour);

        gtk_box_append (GTK_BOX (faces), pen_table_action_button (self, action, face));
      }
    }
  /* Below the actions, the rules of their effects. */
  for (guint i = 0; i < topics->len; i++)
    append_rule_link (self, box, shown, g_ptr_array_index (topics, i));
  append_piece_rules (self, box, shown, piece);
  return n;
}

gboolean
pen_table_has_piece_actions (PenGameView *self,
                             const char  *piece)
{
  GArray *indices = pen_table_model_piece_actions (&self->model, piece);

  for (guint i = 0; indices != NULL && i < indices->len; i++)
    {
      const PenAction *action = pen_table_model_action (&self->model, g_array_index (indices, guint, i));

      if (action->type != PEN_ACTION_PLACE && action->type != PEN_ACTION_KNOCK_OUT)
        return TRUE;
    }
  return FALSE;
}

/* Under the turn bar, what the chosen die can do besides being placed
 * (pen_turn_pane_show_die()). */
void
pen_table_refresh_die_box (PenGameView *self)
{
  pen_turn_pane_show_die (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), self->game, &self->model);
}

/* A popover on @widget with @box (what the piece shows of itself, or empty)
 * and what @piece can do; with nothing to do, the engine's reason for
 * refusing @representative, or else a plain "nothing". */
void
pen_table_open_piece (PenGameView     *self,
                      GtkWidget       *widget,
                      GtkBox          *box,
                      const char      *piece,
                      const PenAction *representative)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkWidget *label;

  if (pen_table_answer_on_piece (self, piece))
    {
      g_object_ref_sink (box);
      g_object_unref (box);
      return;
    }
  if (pen_table_append_piece_actions (self, box, piece) > 0)
    {
      pen_table_show_popover (self, widget, GTK_WIDGET (box));
      return;
    }
  if (self->model.actions == NULL)
    text = g_strdup (_("Nothing can be done now."));
  else if (representative != NULL && !pen_game_check_action (self->game, representative, &error))
    /* Translators: why a card cannot be used, bought or taken now; %s is the
     * engine's full sentence, so the prefix may be left out */
    text = g_strdup_printf (_("Not now: %s"), error->message);
  else
    text = g_strdup (_("Nothing can be done with it now."));
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  /* Above the links to its rules. */
  gtk_box_prepend (box, label);
  pen_table_show_popover (self, widget, GTK_WIDGET (box));
}

/* How many of the actions of @piece answer the choice the game waits for;
 * the first in @answer. A die that can be placed answers "place a die" and
 * is lit, but a click on it chooses it: its placements are made on the
 * cells, and are not counted @with_placements FALSE. */
static guint
piece_answers (PenGameView      *self,
               const char       *piece,
               gboolean          with_placements,
               const PenAction **answer)
{
  GArray *indices = pen_table_model_piece_actions (&self->model, piece);
  guint n = 0;

  for (guint i = 0; indices != NULL && i < indices->len; i++)
    {
      const PenAction *action = pen_table_model_action (&self->model, g_array_index (indices, guint, i));

      if ((!with_placements && (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT))
          || !pen_game_action_answers (self->game, action))
        continue;
      if (n++ == 0 && answer != NULL)
        *answer = action;
    }
  return n;
}

/* A click on a piece that answers the pending choice in one way only takes
 * that answer at once (the die the Threat knocks out, the card to gain, the
 * die a Rest effect takes back): TRUE when it did. */
gboolean
pen_table_answer_on_piece (PenGameView *self,
                           const char  *piece)
{
  const PenAction *answer = NULL;

  if (piece_answers (self, piece, FALSE, &answer) != 1)
    return FALSE;
  pen_table_take_action (self, answer);
  return TRUE;
}

static void
light_answers_under (PenGameView *self,
                     GtkWidget   *widget)
{
  const char *kind, *id, *label;

  /* The turn bar's buttons are lit by the turn bar (their ids name no piece). */
  if (pen_layout_get_tag (widget, &kind, &id, &label) && !g_str_equal (kind, "button")
      && !g_str_equal (kind, "status"))
    {
      if (piece_answers (self, id, TRUE, NULL) > 0)
        gtk_widget_add_css_class (widget, "pen-answer");
      else
        gtk_widget_remove_css_class (widget, "pen-answer");
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_NATIVE (child))
      light_answers_under (self, child);
}

/* Lights every piece of the table that answers the choice the game waits
 * for, and puts out the others. */
void
pen_table_light_answers (PenGameView *self)
{
  light_answers_under (self, GTK_WIDGET (self->overlay));
}

/* A click (or Enter) on a piece that is no button: a Mark cell, an
 * Ingredient, a Threat die. */
static void
piece_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   PenGameView     *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  const char *kind, *id, *label;

  if (!pen_layout_get_tag (widget, &kind, &id, &label))
    return;
  pen_table_open_piece (self, widget, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)), id, NULL);
}

static gboolean
piece_key_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  const char *kind, *id, *label;

  if (!pen_layout_get_tag (widget, &kind, &id, &label))
    return FALSE;
  pen_table_open_piece (user_data, widget, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)), id, NULL);
  return TRUE;
}

/* Makes the piece of layout id @id (kind @kind) under @root open its actions
 * on a click, and on Enter or Space once focused. */
void
pen_table_make_piece_active (PenGameView *self,
                             GtkWidget   *root,
                             const char  *kind,
                             const char  *id)
{
  GtkWidget *widget = pen_layout_find (root, kind, id);
  GtkGesture *click;
  GtkEventController *keys;

  if (widget == NULL)
    return;
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (piece_released_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
  keys = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, 0),
                                                   gtk_keyval_trigger_new (GDK_KEY_space, 0)),
                      gtk_callback_action_new (piece_key_cb, self, NULL)));
  gtk_widget_add_controller (widget, keys);
  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_add_css_class (widget, "pen-piece");
}

/* A click on a die of the supply (pen-wizard-view.c) chooses it for a cell
 * (the cells it can go to are lit; what else it can do is listed beside the
 * turn bar); a second click puts it down. */
void
pen_table_die_clicked (PenGameView *self,
                       GtkButton   *button)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));

  /* The die the Threat knocks out, the die the Rift takes: one click. */
  if (pen_table_answer_on_piece (self, gtk_widget_get_name (GTK_WIDGET (button))))
    return;
  if (self->model.selected_die == index)
    self->model.selected_die = -1;
  else
    {
      self->model.selected_die = index;
      if (!pen_table_model_can_place_die (&self->model, index) && !pen_table_has_piece_actions (self, gtk_widget_get_name (GTK_WIDGET (button))))
        {
          self->model.selected_die = -1;
          pen_notice_show (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), _("This die cannot be placed or used now."));
        }
    }
  pen_table_highlight_cells (self);
}

/* What can be done with the die of @button besides placing it (Primagic,
 * Marks, cards, Threat), or the reason there is nothing. Opened by a
 * secondary click or the menu key. */
void
pen_table_die_menu (PenGameView *self,
                    GtkWidget   *button)
{
  pen_table_open_piece (self, button, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)),
                        gtk_widget_get_name (button), NULL);
}

/* While a die is dragged or chosen, the cells the engine allows for it are
 * lit (pen-locations-view.c), the die chosen is marked in the supply, and
 * what else it can do is offered. */
void
pen_table_highlight_cells (PenGameView *self)
{
  pen_locations_view_highlight (PEN_LOCATIONS_VIEW (self->regions[PEN_VIEW_LOCATIONS]), &self->model);
  pen_wizard_view_show_chosen (PEN_WIZARD_VIEW (self->regions[PEN_VIEW_WIZARD]), self->model.selected_die);
  pen_table_refresh_die_box (self);
}

/* The host the regions ask (pen-region.h): the functions above, on @self. */
static void
host_open_piece (gpointer table, GtkWidget *widget, GtkBox *box, const char *piece, const PenAction *representative)
{
  pen_table_open_piece (table, widget, box, piece, representative);
}

static GtkPopover *
host_show_popover (gpointer table, GtkWidget *widget, GtkWidget *child)
{
  return pen_table_show_popover (table, widget, child);
}

static guint
host_append_piece_actions (gpointer table, GtkBox *box, const char *piece)
{
  return pen_table_append_piece_actions (table, box, piece);
}

static gboolean
host_has_piece_actions (gpointer table, const char *piece)
{
  return pen_table_has_piece_actions (table, piece);
}

static gboolean
host_answer_on_piece (gpointer table, const char *piece)
{
  return pen_table_answer_on_piece (table, piece);
}

static GtkWidget *
host_action_button (gpointer table, const PenAction *action, const char *text)
{
  return pen_table_action_button (table, action, text);
}

static void
host_apply_action (gpointer table, const PenAction *action)
{
  pen_table_apply_action (table, action);
}

static void
host_take_action (gpointer table, const PenAction *action)
{
  pen_table_take_action (table, action);
}

static GtkWidget *
host_rule_link (gpointer table, const char *topic, GtkWidget *child)
{
  return pen_table_rule_link_new (table, topic, child);
}

static void
host_make_piece_active (gpointer table, GtkWidget *root, const char *kind, const char *id)
{
  pen_table_make_piece_active (table, root, kind, id);
}

static void
host_die_clicked (gpointer table, GtkButton *button)
{
  pen_table_die_clicked (table, button);
}

static void
host_die_menu (gpointer table, GtkWidget *button)
{
  pen_table_die_menu (table, button);
}

static void
host_die_chosen (gpointer table)
{
  pen_table_highlight_cells (table);
  pen_table_refresh_die_box (table);
}

static void
host_quiet_tooltip (gpointer table)
{
  pen_table_quiet_tooltip (table);
}

static void
host_show_notice (gpointer table, const char *message)
{
  pen_notice_show (PEN_NOTICE (((PenGameView *) table)->regions[PEN_VIEW_NOTICE]), message);
}

static void
host_die_dragged (gpointer table, int die)
{
  PenGameView *self = table;

  self->model.dragged_die = die;
}

void
pen_table_host_init (PenTableHost *host,
                     PenGameView  *self)
{
  *host = (PenTableHost) {
    .table = self,
    .open_piece = host_open_piece,
    .show_popover = host_show_popover,
    .append_piece_actions = host_append_piece_actions,
    .has_piece_actions = host_has_piece_actions,
    .answer_on_piece = host_answer_on_piece,
    .action_button = host_action_button,
    .apply_action = host_apply_action,
    .take_action = host_take_action,
    .rule_link = host_rule_link,
    .make_piece_active = host_make_piece_active,
    .die_clicked = host_die_clicked,
    .die_menu = host_die_menu,
    .die_chosen = host_die_chosen,
    .quiet_tooltip = host_quiet_tooltip,
    .show_notice = host_show_notice,
    .die_dragged = host_die_dragged,
  };
}
