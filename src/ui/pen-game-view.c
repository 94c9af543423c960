/* pen-game-view.c: the table of a game: the common area with the locations'
 * cells, the Automa, the player's Wizard and dice, all in view at once (a
 * PenScaleBin scales them to the window), beside them the turn bar with the
 * steps of the moment, the questions the game asks that belong to no piece,
 * and the log (which can be hidden), and the scores once the game is over
 * (the cards: pen-game-view-cards.c). The pieces are kept from one change
 * to the next: the cells are built once per game and show their dice anew,
 * the supply's dice buttons are reused by index, and the other regions
 * (markets, rows, zones, the boards) are filled anew only when their part
 * of the game changed. Every other action starts on its piece
 * (pen-pieces.c says which): a die dragged or clicked to a cell, or a click
 * on a die, a Mark, a card, a cell, an Ingredient opening what it can do. It
 * asks the engine what is legal and hands it the chosen action; it holds no
 * rule.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-action-list.h"
#include "pen-art.h"
#include "pen-board-strip.h"
#include "pen-card-view.h"
#include "pen-die-view.h"
#include "pen-fate-view.h"
#include "pen-automa.h"
#include "pen-cards.h"
#include "pen-game-view.h"
#include "pen-game-view-cards.h"
#include "pen-layout-dump.h"
#include "pen-log-lines.h"
#include "pen-scale-bin.h"
#include "pen-threat-view.h"
#include "pen-milestones.h"
#include "pen-motion.h"
#include "pen-guide.h"
#include "pen-hint.h"
#include "pen-narration.h"
#include "pen-rules-window.h"
#include "pen-pieces.h"
#include "pen-quest.h"

/* The parts of the table refilled only when their part of the game changed. */
typedef enum
{
  REGION_BOARD,
  REGION_IN_PLAY,
  REGION_MARKETS,
  REGION_QUESTS,
  REGION_ZONES,
  REGION_AUTOMA,
  REGION_WIZARD,
  N_REGIONS
} Region;

struct _PenGameView
{
  GtkWidget        parent_instance;

  PenGame         *game;
  gulong           changed_handler;
  GArray          *all_actions; /* the legal actions as offered (pen_game_list_distinct_actions()) */
  gboolean         interactive;
  guint            refresh_source;
  gboolean         refresh_after_drag;
  GtkWidget       *popover;  /* weak: the open popover (choices, a card), on its button */
  GPtrArray       *cells;     /* the cell buttons of the locations, made once per game */
  GPtrArray       *cell_rows; /* each section's row of cells (its box) */
  char            *region_keys[N_REGIONS]; /* what each region shows, as its part of the save */
  int              selected_die;  /* the supply die chosen by a click, or -1 */
  int              dragged_die;   /* the supply die being dragged, or -1 */
  PenGameViewCardsHost cards_host; /* what the cards' buttons ask of the view */

  GtkOverlay      *overlay;        /* the table, the notice above it */
  GtkFixed        *motion_layer;   /* over the table: the dice flying (pen-motion.c) */
  GtkRevealer     *notice_revealer;
  GtkWidget       *fate_banner;    /* the Fate cards just revealed */
  GtkLabel        *notice_label;
  guint            notice_timer;   /* hides the notice */
  GtkStack        *stack;
  GtkLabel        *common_label;
  GtkBox          *in_play_box;
  GtkGrid         *locations_grid;
  GtkWidget       *automa_mat;
  GtkBox          *automa_heading; /* its title, and a link to its rules */
  GtkLabel        *automa_title;
  GtkLabel        *automa_label;
  GtkLabel        *wizard_label;
  GtkFlowBox      *supply_box;
  GtkFlowBox      *markets_box;
  GtkBox          *cards_box;
  GtkBox          *threat_box;
  GtkGrid         *quests_grid;
  GtkBox          *wizard_board;
  GtkBox          *automa_board;
  GtkLabel        *place_hint;
  GtkLabel        *turn_heading;
  GtkBox          *turn_bar;       /* PEN_N_STEPS places, each always in the same spot */
  GtkBox          *die_box;        /* what the chosen die can do besides being placed */
  int              die_box_die;    /* the die it shows, or -1 */
  GtkBox          *actions_box;    /* the questions asked of no piece */
  GtkWidget       *all_actions_button;
  GtkWidget       *log_separator;
  GtkWidget       *log_heading;
  GtkScrolledWindow *log_scroll;
  GtkBox          *log_view;       /* a label per line (pen-log-lines.c) */
  gboolean         log_follow;     /* the log kept scrolled to its end */
  double           log_upper;      /* its height, when it last followed */
  guint            log_follow_source;
  GtkWidget       *automa_controls;
  GtkToggleButton *automa_pause_button;
  GtkWidget       *automa_step_button;
  GtkWidget       *automa_all_button;
  GtkDropDown     *automa_speed;
  guint            log_shown;      /* lines of the game's log shown */
  GArray          *log_links;      /* of ShownLink: the cards those lines name */
  guint            log_timer;      /* shows the Automa's turn line by line */
  gboolean         automa_was_playing;
  GtkWidget       *lit;            /* weak: the piece the newest narrated line touches */
  JsonNode        *last_state;     /* the state at the last refresh, for the notices */
  GCancellable    *hint_search;    /* the coach thinking of a hint, or NULL */
  GPtrArray       *hinted;         /* the pieces and steps the hint lights */
  PenCoachAdvice   hint;           /* the last hint, while has_hint */
  char            *hint_text;      /* its sentence, while in the notice */
  gboolean         has_hint;
  gboolean         guided;         /* the guided first game, in its guided turns */
  GtkWidget       *guide_box;
  GtkLabel        *guide_label;
  GtkButton       *guide_button;
  GtkLabel        *result_label;
  GtkGrid         *score_grid;
};

G_DEFINE_FINAL_TYPE (PenGameView, pen_game_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_SHOW_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Dice in the supply, and on the table (in cells, the Threat). */
#define DIE_SIZE 44
#define PLACED_DIE_SIZE 30

static void refresh (PenGameView *self);
static void clear_hint (PenGameView *self);
static void refresh_guide (PenGameView *self);
static void guide_button_clicked_cb (PenGameView *self);

static gboolean
refresh_cb (gpointer user_data)
{
  PenGameView *self = user_data;

  self->refresh_source = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

/* The table is updated after the event that changed the game, not inside
 * it: the button clicked may be among the few widgets removed (a card
 * taken, the supply's last die, an Appear place closed), and GTK must
 * finish its press and release on a widget still in the window. */
static void
schedule_refresh (PenGameView *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refresh_cb, self, NULL);
}

static void
remove_children (GtkWidget *widget)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    {
      if (GTK_IS_BOX (widget))
        gtk_box_remove (GTK_BOX (widget), child);
      else if (GTK_IS_FLOW_BOX (widget))
        gtk_flow_box_remove (GTK_FLOW_BOX (widget), child);
      else
        gtk_grid_remove (GTK_GRID (widget), child);
    }
}

static guint
human_player (PenGame *game)
{
  return pen_game_get_automa_player (game) == 0 ? 1 : 0;
}

/* "A, B, C" from a JSON array of ids, through @name_of; "none" when empty. */
static char *
join_names (JsonArray  *ids,
            const char *(*name_of) (const char *id))
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
    {
      JsonNode *node = json_array_get_element (ids, i);
      const char *id;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      id = pen_ui_without_path (json_node_get_string (node));
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, id != NULL ? name_of (id) : "?");
    }
  if (text->len == 0)
    return g_strdup (_("none"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
card_name_of_id (const char *id)
{
  const PenCards *cards = pen_cards_get_default (NULL);
  const PenCard *card = cards != NULL ? pen_cards_find (cards, id) : NULL;

  return card != NULL ? pen_ui_card_name (card->name) : id;
}

/* Appends "<b>Title:</b> value" as a line of markup. */
static void
append_line (GString    *markup,
             const char *title,
             const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);

  if (markup->len > 0)
    g_string_append_c (markup, '\n');
  g_string_append_printf (markup, "<b>%s</b> %s", title, escaped);
}

/* Appends @member of @object to @key as JSON. */
static void
key_append (GString    *key,
            JsonObject *object,
            const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;
  g_autofree char *text = node != NULL ? json_to_string (node, FALSE) : NULL;

  g_string_append_printf (key, "%s:%s;", member, text != NULL ? text : "");
}

/* Appends every member of @object but @except to @key as JSON. */
static void
key_append_all_but (GString    *key,
                    JsonObject *object,
                    const char *except)
{
  g_autoptr(GList) names = object != NULL ? json_object_get_members (object) : NULL;

  for (GList *l = names; l != NULL; l = l->next)
    if (g_strcmp0 (l->data, except) != 0)
      key_append (key, object, l->data);
}

/* Takes @key, what @region would show now: TRUE when it differs from what
 * it shows, which the caller then fills anew. */
static gboolean
region_changed (PenGameView *self,
                Region       region,
                GString     *key)
{
  if (g_strcmp0 (self->region_keys[region], key->str) == 0)
    {
      g_string_free (key, TRUE);
      return FALSE;
    }
  g_free (self->region_keys[region]);
  self->region_keys[region] = g_string_free (key, FALSE);
  return TRUE;
}

/* The table of another game, or of the same one shown otherwise: nothing
 * of it is kept. */
static void
forget_table (PenGameView *self)
{
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->cell_rows, g_ptr_array_unref);
  pen_board_strip_clear (self->wizard_board);
  pen_board_strip_clear (self->automa_board);
  for (guint i = 0; i < N_REGIONS; i++)
    g_clear_pointer (&self->region_keys[i], g_free);
}

/* The Prophecies and Goals in play, a card each, and the last round once
 * announced: filled anew only when they changed. */
static void
refresh_in_play (PenGameView *self,
                 JsonObject  *state)
{
  JsonArray *in_play = json_object_get_array_member (state, "in-play");
  GString *key = g_string_new (NULL);
  GtkWidget *label;

  key_append (key, state, "in-play");
  key_append (key, state, "final-turns-left");
  key_append (key, state, "end-triggered-this-turn");
  key_append (key, state, "over");
  if (!region_changed (self, REGION_IN_PLAY, key))
    return;
  remove_children (GTK_WIDGET (self->in_play_box));
  /* Translators: the Prophecies and Goals in play */
  label = gtk_label_new (_("In play:"));
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (self->in_play_box, label);
  for (guint i = 0; in_play != NULL && i < json_array_get_length (in_play); i++)
    {
      JsonNode *node = json_array_get_element (in_play, i);
      const char *id = JSON_NODE_HOLDS_NULL (node) ? NULL : pen_ui_without_path (json_node_get_string (node));
      GtkWidget *card;
      g_autofree char *widget_id = NULL;
      g_autofree char *description = NULL;

      if (id == NULL)
        continue;
      card = pen_fate_card_view_new (id);
      widget_id = g_strdup_printf ("fate-%s", id);
      description = pen_fate_card_describe (id);
      gtk_widget_set_name (card, widget_id);
      pen_layout_tag (card, "fate-card", widget_id, description);
      gtk_box_append (self->in_play_box, card);
    }
  label = pen_fate_last_round_new (self->game);
  if (label != NULL)
    gtk_box_prepend (self->in_play_box, label);
}

static void
refresh_common (PenGameView *self,
                JsonObject  *state)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *fate = NULL;

  fate = g_strdup_printf (ngettext ("%u card left", "%u cards left", pen_game_get_fate_remaining (self->game)),
                          pen_game_get_fate_remaining (self->game));
  append_line (markup, _("Fate deck:"), fate);

  refresh_in_play (self, state);

  gtk_label_set_markup (self->common_label, markup->str);
}

/* ---- The locations' cells and the dice supply: placing by drag and drop,
 * by clicking a die then a cell, or by keyboard (the same two clicks). ---- */


typedef struct
{
  int location;
  int section;
  int cell;     /* -1: beside the cells (Appear) */
} CellRef;

/* The legal placements of @die on @cell (PEN_ACTION_PLACE, or KNOCK_OUT for a
 * taken one), from the engine's list. */
static GArray *
placements_on (PenGameView   *self,
               int            die,
               const CellRef *ref)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (PenAction));

  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->all_actions, PenAction, i);

      if ((action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
          && action->die == die && action->location == ref->location
          && action->section == ref->section && action->cell == ref->cell)
        g_array_append_val (found, *action);
    }
  return found;
}

static gboolean
die_can_be_placed (PenGameView *self,
                   int          die)
{
  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->all_actions, PenAction, i);

      if ((action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT) && action->die == die)
        return TRUE;
    }
  return FALSE;
}

static void refresh_die_box (PenGameView *self);

/* While a die is dragged or chosen, the cells the engine allows for it are
 * marked and the others dimmed; with no die, neither. */
static void
highlight_cells (PenGameView *self)
{
  int die = self->dragged_die >= 0 ? self->dragged_die : self->selected_die;

  for (guint i = 0; self->cells != NULL && i < self->cells->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->cells, i);
      const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");
      g_autoptr(GArray) legal = die >= 0 ? placements_on (self, die, ref) : NULL;

      /* While a die is chosen, the arrows move between the cells it can go to. */
      gtk_widget_set_focusable (button, legal == NULL || legal->len > 0);
      if (legal == NULL)
        {
          gtk_widget_remove_css_class (button, "pen-legal");
          gtk_widget_remove_css_class (button, "pen-dimmed");
        }
      else if (legal->len > 0)
        {
          gtk_widget_add_css_class (button, "pen-legal");
          gtk_widget_remove_css_class (button, "pen-dimmed");
        }
      else
        {
          gtk_widget_remove_css_class (button, "pen-legal");
          gtk_widget_add_css_class (button, "pen-dimmed");
        }
    }
  for (GtkWidget *item = gtk_widget_get_first_child (GTK_WIDGET (self->supply_box)); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *child = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (item));
      int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "pen-die-index"));

      if (index == self->selected_die)
        gtk_widget_add_css_class (child, "pen-selected");
      else
        gtk_widget_remove_css_class (child, "pen-selected");
    }
  refresh_die_box (self);
}

/* Applies a copy of @action (applying rebuilds what it came from). */
static void
apply_action (PenGameView     *self,
              const PenAction *action)
{
  g_autoptr(GError) error = NULL;
  PenAction copy = *action;

  if (!pen_game_apply (self->game, &copy, &error))
    pen_game_view_show_notice (self, error->message);
}

/* Dice the player could still place this turn. */
static gboolean
placement_possible (PenGameView *self)
{
  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    if (g_array_index (self->all_actions, PenAction, i).type == PEN_ACTION_PLACE)
      return TRUE;
  return FALSE;
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     PenGameView      *self)
{
  PenAction *action = g_object_get_data (G_OBJECT (dialog), "pen-action");

  if (g_str_equal (response, "do") && self->game != NULL)
    apply_action (self, action);
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

/* Takes @action as the player chose it: Rest, giving up a task and ending a
 * turn with placements left ask first; the rest is applied. */
static void
take_action (PenGameView     *self,
             const PenAction *action)
{
  if (action->type == PEN_ACTION_END_TURN && pen_game_get_placements_left (self->game) > 0
      && placement_possible (self))
    {
      guint left = pen_game_get_placements_left (self->game);
      /* Translators: the body of the dialog before ending a turn early */
      g_autofree char *body = g_strdup_printf (ngettext ("You can still place %u die this turn.",
                                                         "You can still place %u dice this turn.", left), left);

      confirm_action (self, action, _("End the Turn?"), body, _("_End Turn"));
    }
  else if (action->type == PEN_ACTION_REST)
    confirm_action (self, action, _("Rest This Turn?"),
                    _("Resting takes the whole turn: no die is placed, the effects along your Rest thread apply, then a new Contract and a Fate card are revealed."),
                    _("_Rest"));
  else if (action->type == PEN_ACTION_GIVE_UP)
    confirm_action (self, action, _("Give Up the Task?"),
                    _("The task is abandoned and what it would have brought is lost."),
                    _("_Give Up"));
  else
    apply_action (self, action);
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
  take_action (self, &action);
}

/* A button taking @action, showing @text (the action's label when NULL); its
 * accessible name is always the whole label. */
static GtkWidget *
action_button (PenGameView     *self,
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
static void
remove_popover (PenGameView *self)
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
static GtkPopover *
show_popover (PenGameView *self,
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
  /* The card's zoom would cover its own popover: off while it is open. */
  if (gtk_widget_get_has_tooltip (button))
    {
      gtk_widget_set_has_tooltip (button, FALSE);
      g_signal_connect_object (popover, "closed", G_CALLBACK (restore_tooltip_cb), button, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (popover, "closed", G_CALLBACK (popover_closed_cb), self, G_CONNECT_SWAPPED);
  remove_popover (self);
  self->popover = popover;
  g_object_add_weak_pointer (G_OBJECT (popover), (gpointer *) &self->popover);
  gtk_popover_popup (GTK_POPOVER (popover));
  return GTK_POPOVER (popover);
}

/* What @piece (a layout id) can do now, appended to @box as buttons: the
 * faces a Mark can set one die to as one row. Placements are not among
 * them: they are made by dragging or clicking the die to its cell. Returns
 * how many actions. */
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
static GtkWidget *
rule_link_new (PenGameView *self,
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
  link = rule_link_new (self, topic, NULL);
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

static guint
append_piece_actions (PenGameView *self,
                      GtkBox      *box,
                      const char  *piece)
{
  g_autoptr(GPtrArray) topics = g_ptr_array_new ();
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *faces = NULL;
  const PenAction *row = NULL;
  guint n = 0;

  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->all_actions, PenAction, i);

      if (!pen_piece_concerns (self->game, action, piece))
        continue;
      /* Placements are made on the cells; the rules of Knock Out and Appear
       * are linked here all the same. */
      if (rule_of_action (action) != NULL)
        g_ptr_array_add (topics, (gpointer) rule_of_action (action));
      if (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
        continue;
      n++;
      if (action->type != PEN_ACTION_USE_MARK || action->value != PEN_MARK_EFFECT_SET)
        {
          GtkWidget *button = action_button (self, action, NULL);

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

        gtk_box_append (GTK_BOX (faces), action_button (self, action, face));
      }
    }
  /* Below the actions, the rules of their effects. */
  for (guint i = 0; i < topics->len; i++)
    append_rule_link (self, box, shown, g_ptr_array_index (topics, i));
  append_piece_rules (self, box, shown, piece);
  return n;
}

static gboolean
has_piece_actions (PenGameView *self,
                   const char  *piece)
{
  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->all_actions, PenAction, i);

      if (action->type != PEN_ACTION_PLACE && action->type != PEN_ACTION_KNOCK_OUT
          && pen_piece_concerns (self->game, action, piece))
        return TRUE;
    }
  return FALSE;
}

/* Beside the turn bar, what the chosen die can do besides being placed
 * (Primagic with its cost, the Marks' settings, a card's token): shown as
 * long as it is chosen, so that a cell can still be clicked meanwhile. */
static void
refresh_die_box (PenGameView *self)
{
  g_autofree char *piece = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *label;
  PenWizardBoard *board;

  if (self->die_box_die == self->selected_die)
    return;
  self->die_box_die = self->selected_die;
  remove_children (GTK_WIDGET (self->die_box));
  piece = g_strdup_printf ("die-%d", self->selected_die);
  gtk_widget_set_visible (GTK_WIDGET (self->die_box), self->selected_die >= 0 && has_piece_actions (self, piece));
  if (!gtk_widget_get_visible (GTK_WIDGET (self->die_box)))
    return;
  board = pen_game_get_player (self->game, pen_game_get_current_player (self->game));
  {
    g_autofree char *die = pen_ui_describe_die (pen_wizard_board_get_die (board, self->selected_die));

    /* Translators: the heading of what a chosen die can do: "Ruby 4 — to a lit cell, or:" */
    heading = g_strdup_printf (die_can_be_placed (self, self->selected_die) ? _("%s — to a lit cell, or:") : _("%s:"), die);
  }
  label = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_box_append (self->die_box, label);
  append_piece_actions (self, self->die_box, piece);
}

/* A popover on @widget with @box (what the piece shows of itself, or empty)
 * and what @piece can do; with nothing to do, the engine's reason for
 * refusing @representative, or else a plain "nothing". */
static void
open_piece (PenGameView     *self,
            GtkWidget       *widget,
            GtkBox          *box,
            const char      *piece,
            const PenAction *representative)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkWidget *label;

  if (append_piece_actions (self, box, piece) > 0)
    {
      show_popover (self, widget, GTK_WIDGET (box));
      return;
    }
  if (self->all_actions == NULL)
    text = g_strdup (_("Nothing can be done now."));
  else if (representative != NULL && !pen_game_check_action (self->game, representative, &error))
    /* Translators: why a card cannot be used, bought or taken now */
    text = g_strdup_printf (_("Not now: %s"), error->message);
  else
    text = g_strdup (_("Nothing can be done with it now."));
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  /* Above the links to its rules. */
  gtk_box_prepend (box, label);
  show_popover (self, widget, GTK_WIDGET (box));
}

static void
cards_open_cb (gpointer         user_data,
               GtkWidget       *button,
               GtkBox          *box,
               const PenAction *representative)
{
  open_piece (user_data, button, box, gtk_widget_get_name (button), representative);
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
  open_piece (self, widget, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)), id, NULL);
}

static gboolean
piece_key_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  const char *kind, *id, *label;

  if (!pen_layout_get_tag (widget, &kind, &id, &label))
    return FALSE;
  open_piece (user_data, widget, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)), id, NULL);
  return TRUE;
}

/* Makes the piece of layout id @id (kind @kind) under @root open its actions
 * on a click, and on Enter or Space once focused. */
static void
make_piece_active (PenGameView *self,
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

/* Places @die on the cell of @button: the engine's one legal placement there
 * is applied; when there are several (a Spark die's colour, which die a Red
 * die knocks out), a popover offers them; when there is none, the engine's
 * reason is shown and nothing changes. */
static void
place_die (PenGameView *self,
           int          die,
           GtkWidget   *button)
{
  const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");
  g_autoptr(GArray) legal = placements_on (self, die, ref);
  g_autoptr(GError) error = NULL;
  GtkWidget *box;

  self->selected_die = -1;
  if (legal->len == 1)
    {
      apply_action (self, &g_array_index (legal, PenAction, 0));
      return;
    }
  if (legal->len == 0)
    {
      PenAction action;

      pen_action_init (&action, PEN_ACTION_PLACE);
      action.die = die;
      action.location = ref->location;
      action.section = ref->section;
      action.cell = ref->cell;
      /* Not listed, so refused: the check says why in the player's words. */
      if (!pen_game_check_action (self->game, &action, &error))
        pen_game_view_show_notice (self, error->message);
      else
        pen_game_view_show_notice (self, _("This die cannot be placed there now."));
      highlight_cells (self);
      return;
    }

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  for (guint i = 0; i < legal->len; i++)
    {
      GtkWidget *choice = action_button (self, &g_array_index (legal, PenAction, i), NULL);

      gtk_widget_add_css_class (choice, "flat");
      gtk_box_append (GTK_BOX (box), choice);
    }
  show_popover (self, button, box);
  highlight_cells (self);
}

/* A click on a cell places the chosen die there; with none chosen, it opens
 * what the cell can do (take back its die for a Rest effect). */
static void
cell_clicked_cb (GtkButton   *button,
                 PenGameView *self)
{
  GtkWidget *box;

  if (self->selected_die >= 0)
    {
      place_die (self, self->selected_die, GTK_WIDGET (button));
      return;
    }
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  if (append_piece_actions (self, GTK_BOX (box), gtk_widget_get_name (GTK_WIDGET (button))) > 0)
    show_popover (self, GTK_WIDGET (button), box);
  else
    {
      g_object_ref_sink (box);
      g_object_unref (box);
      pen_game_view_show_notice (self, _("Choose a die of your supply first, or drag it here."));
    }
}

static gboolean
cell_drop_cb (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              PenGameView   *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));

  if (!G_VALUE_HOLDS_UINT (value) || !self->interactive)
    return FALSE;
  place_die (self, (int) g_value_get_uint (value), button);
  return TRUE;
}

/* A click on a die chooses it for a cell (the cells it can go to are lit;
 * what else it can do is listed beside the turn bar); a second click puts
 * it down. */
static void
die_clicked_cb (GtkButton   *button,
                PenGameView *self)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));

  if (self->selected_die == index)
    self->selected_die = -1;
  else
    {
      self->selected_die = index;
      if (!die_can_be_placed (self, index) && !has_piece_actions (self, gtk_widget_get_name (GTK_WIDGET (button))))
        {
          self->selected_die = -1;
          pen_game_view_show_notice (self, _("This die cannot be placed or used now."));
        }
    }
  highlight_cells (self);
}

static GdkContentProvider *
die_drag_prepare_cb (GtkDragSource *source,
                     double         x,
                     double         y,
                     PenGameView   *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));

  if (!self->interactive || pen_game_is_over (self->game))
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_UINT, (guint) index);
}

static void
die_drag_begin_cb (GtkDragSource *source,
                   GdkDrag       *drag,
                   PenGameView   *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  PenDieView *die_view = PEN_DIE_VIEW (gtk_button_get_child (GTK_BUTTON (button)));
  int scale = gtk_widget_get_scale_factor (button);

  /* The die's picture, not the widget: the icon may outlive the button. */
  gtk_drag_source_set_icon (source, GDK_PAINTABLE (pen_art_die (pen_die_view_get_die (die_view), DIE_SIZE * scale)),
                            DIE_SIZE / 2, DIE_SIZE / 2);
  self->dragged_die = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));
  highlight_cells (self);
}

static void
die_drag_end_cb (GtkDragSource *source,
                 GdkDrag       *drag,
                 gboolean       delete_data,
                 PenGameView   *self)
{
  self->dragged_die = -1;
  if (self->refresh_after_drag)
    {
      self->refresh_after_drag = FALSE;
      schedule_refresh (self);
    }
  else
    highlight_cells (self);
}

/* What can be done with the die of @button besides placing it (Primagic,
 * Marks, cards, Threat), or the reason there is nothing. Opened by a
 * secondary click or the menu key. */
static void
die_menu (PenGameView *self,
          GtkWidget   *button)
{
  open_piece (self, button, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)),
              gtk_widget_get_name (button), NULL);
}

static void
die_pressed_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                PenGameView     *self)
{
  /* As GTK's own context menus: claimed, and opened on the press. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  die_menu (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));
}

static gboolean
die_menu_key_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  die_menu (user_data, widget);
  return TRUE;
}

/* A die button of the supply, for die @index: to drag or to click, with a
 * menu of its other actions; its die is shown by update_die_button(). */
static GtkWidget *
new_die_button (PenGameView  *self,
                guint         index,
                const PenDie *die)
{
  g_autofree char *name = g_strdup_printf ("die-%u", index);
  GtkWidget *button = gtk_button_new ();
  GtkDragSource *source = gtk_drag_source_new ();
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_button_set_child (GTK_BUTTON (button), pen_die_view_new (die, DIE_SIZE));
  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "pen-die-button");
  g_object_set_data (G_OBJECT (button), "pen-die-index", GINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", G_CALLBACK (die_clicked_cb), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (die_pressed_cb), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (secondary));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Menu, 0),
                                                   gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK)),
                      gtk_callback_action_new (die_menu_key_cb, self, NULL)));
  gtk_widget_add_controller (button, keys);

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (die_drag_prepare_cb), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (die_drag_begin_cb), self);
  g_signal_connect (source, "drag-end", G_CALLBACK (die_drag_end_cb), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
  return button;
}

/* Shows @die on the supply's button @index, changed only if it differs. */
static void
update_die_button (GtkWidget    *button,
                   guint         index,
                   const PenDie *die,
                   gboolean      is_new)
{
  g_autofree char *name = NULL, *die_name = NULL, *tooltip = NULL;

  if (!pen_die_view_set_die (PEN_DIE_VIEW (gtk_button_get_child (GTK_BUTTON (button))), die) && !is_new)
    return;
  name = g_strdup_printf ("die-%u", index);
  die_name = pen_ui_describe_die (die);
  /* Translators: a die's tooltip: "Ruby 4 (key 1)" */
  tooltip = index < 9 ? g_strdup_printf (_("%s (key %u)"), die_name, index + 1) : g_strdup (die_name);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, die_name, -1);
  pen_layout_tag (button, "die", name, die_name);
}

/* The player's dice supply, a button per die: the buttons are kept, die by
 * die, and only those whose die changed are drawn again; the supply grows
 * and shrinks at its end. */
static void
refresh_supply (PenGameView *self)
{
  guint me = human_player (self->game);
  PenWizardBoard *board = pen_game_get_player (self->game, me);
  guint n = pen_wizard_board_get_n_dice (board);
  GtkFlowBoxChild *item;

  while ((item = gtk_flow_box_get_child_at_index (self->supply_box, (int) n)) != NULL)
    gtk_flow_box_remove (self->supply_box, GTK_WIDGET (item));
  for (guint i = 0; i < n; i++)
    {
      const PenDie *die = pen_wizard_board_get_die (board, i);
      GtkWidget *button;

      item = gtk_flow_box_get_child_at_index (self->supply_box, (int) i);
      if (item != NULL)
        {
          update_die_button (gtk_flow_box_child_get_child (item), i, die, FALSE);
          continue;
        }
      button = new_die_button (self, i, die);
      update_die_button (button, i, die, TRUE);
      gtk_flow_box_append (self->supply_box, button);
    }
}

static const char *
cell_condition_text (PenLocation      *location,
                     const PenCellDef *cell)
{
  switch (cell->condition)
    {
    case PEN_CELL_SPARK: return _("A Spark die");
    case PEN_CELL_CLASS_COLOUR: return _("A die of the Class’s colour");
    case PEN_CELL_CLASS_SIX: return _("A die of the Class’s colour showing 6");
    case PEN_CELL_ANY:
    default: return _("Any die");
    }
}

/* An empty cell shows what it takes: a symbol, and a 6 where it must show 6. */
static GtkWidget *
cell_symbol (PenLocation      *location,
             const PenCellDef *cell)
{
  const char *symbol = "any";
  GtkWidget *picture;

  if (cell->condition == PEN_CELL_SPARK)
    symbol = "spark";
  else if (cell->condition == PEN_CELL_CLASS_COLOUR || cell->condition == PEN_CELL_CLASS_SIX)
    symbol = pen_discipline_get_id (pen_location_get_discipline (location));
  picture = pen_art_symbol_picture (symbol, "#77767b", PLACED_DIE_SIZE - 8);
  if (cell->condition == PEN_CELL_CLASS_SIX)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);

      gtk_box_append (GTK_BOX (box), picture);
      gtk_box_append (GTK_BOX (box), gtk_label_new ("6"));
      return box;
    }
  return picture;
}

/* The empty place beside the cells (Appear): "+", and the Arcana it costs. */
static GtkWidget *
appear_face (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 1);
  g_autofree char *cost = g_strdup_printf ("%u", PEN_APPEAR_ARCANA);
  GtkWidget *label = gtk_label_new (cost);

  gtk_box_append (GTK_BOX (box), gtk_label_new ("+"));
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_set_name (label, "appear-cost");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), pen_art_symbol_picture ("amethyst", pen_art_discipline_colour (PEN_DISCIPLINE_AMETHYST),
                                                         PLACED_DIE_SIZE / 2));
  return box;
}

/* A cell closed for the number of players: the mark printed on it, "3+" or
 * "4", on a struck-out cell (resources/style.css). */
static GtkWidget *
closed_face (const PenCellDef *cell)
{
  g_autofree char *printed = cell->min_players < PEN_MAX_PLAYERS ? g_strdup_printf ("%u+", cell->min_players)
                                                                 : g_strdup_printf ("%u", cell->min_players);
  GtkWidget *label = gtk_label_new (printed);

  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

/* Shows on the cell @button of @location what lies there now: its dice, or
 * what it takes when empty, and says it in its tooltip. The face is built
 * again only when what it says changed. */
static void
update_cell (PenGameView *self,
             GtkWidget   *button,
             PenLocation *location)
{
  const PenLocationDef *def = pen_location_get_def (location);
  const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");
  guint s = (guint) ref->section;
  int c = ref->cell;
  g_autofree char *where = pen_location_dup_name (location);
  g_autoptr(GString) tooltip = g_string_new (where);
  guint n = pen_location_get_n_dice (location, s, c);
  gboolean closed;
  GtkWidget *content;

  if (def->n_sections > 1 && pen_ui_section_name (def->sections[s].id) != NULL)
    g_string_append_printf (tooltip, " · %s", pen_ui_section_name (def->sections[s].id));
  if (c < 0)
    {
      g_autofree char *appear = pen_ui_describe_appear ();

      g_string_append_printf (tooltip, " · %s", appear);
    }
  else
    g_string_append_printf (tooltip, " · %s", cell_condition_text (location, &def->sections[s].cells[c]));
  closed = c >= 0 && pen_game_is_cell_closed (self->game, ref->location, s, c);
  if (closed)
    {
      guint n_players = pen_game_get_n_players (self->game);

      g_string_append (tooltip, " · ");
      /* Translators: a location cell printed "3+" or "4", in a game of fewer players */
      g_string_append_printf (tooltip, ngettext ("closed in a game of %u", "closed in a game of %u", n_players),
                              n_players);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *die_name = pen_ui_describe_die (pen_location_get_die (location, s, c, i));

      g_string_append_printf (tooltip, " · %s", die_name);
    }
  if (g_strcmp0 (gtk_widget_get_tooltip_text (button), tooltip->str) == 0)
    return;

  content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  for (guint i = 0; i < n; i++)
    {
      const PenDie *die = pen_location_get_die (location, s, c, i);
      g_autofree char *die_name = pen_ui_describe_die (die);
      g_autofree char *die_id = g_strdup_printf ("%s-die-%u", gtk_widget_get_name (button), i);
      GtkWidget *view = pen_die_view_new (die, PLACED_DIE_SIZE);

      pen_layout_tag (view, "die", die_id, die_name);
      gtk_box_append (GTK_BOX (content), view);
    }
  if (n == 0)
    {
      if (c < 0)
        gtk_box_append (GTK_BOX (content), appear_face ());
      else if (closed)
        gtk_box_append (GTK_BOX (content), closed_face (&def->sections[s].cells[c]));
      else
        gtk_box_append (GTK_BOX (content), cell_symbol (location, &def->sections[s].cells[c]));
    }
  gtk_button_set_child (GTK_BUTTON (button), content);
  if (closed)
    gtk_widget_add_css_class (button, "pen-cell-closed");
  else
    gtk_widget_remove_css_class (button, "pen-cell-closed");
  gtk_widget_set_tooltip_text (button, tooltip->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip->str, -1);
  pen_layout_tag (button, "location-cell", gtk_widget_get_name (button), tooltip->str);
}

/* The button of cell @c (-1: beside the cells, Appear) of section @s of
 * location @l: made once per game, a drop target and a click to place. */
static GtkWidget *
new_cell_button (PenGameView *self,
                 PenLocation *location,
                 int          l,
                 guint        s,
                 int          c)
{
  GtkWidget *button = gtk_button_new ();
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_autofree char *name = g_strdup_printf ("cell-%s-%u-%d", pen_location_get_id (location), s, c);
  CellRef *ref = g_new (CellRef, 1);

  *ref = (CellRef) { l, (int) s, c };
  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "pen-cell");
  g_object_set_data_full (G_OBJECT (button), "pen-cell", ref, g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (cell_clicked_cb), self);
  g_signal_connect (target, "drop", G_CALLBACK (cell_drop_cb), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (target));
  update_cell (self, button, location);
  return button;
}

/* Is any placement beside the cells (Appear) of @section legal now? Only
 * then, or when dice lie there, is that place shown. */
static gboolean
appear_is_open (PenGameView *self,
                int          location,
                guint        section)
{
  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->all_actions, PenAction, i);

      if (action->type == PEN_ACTION_PLACE && action->location == location
          && action->section == (int) section && action->cell < 0)
        return TRUE;
    }
  return FALSE;
}

/* Locations of one section (the City's and the Wilds') are laid out this
 * many to a row, under the Classes. */
#define PLACES_PER_ROW 4

/* The place beside the cells of section @s of location @l (Appear) is
 * shown while a placement there is legal or dice lie there: its button is
 * added to, or taken from, the end of the section's row @row. */
static void
update_appear_cell (PenGameView *self,
                    GtkWidget   *row)
{
  int l = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "pen-location"));
  guint s = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "pen-section"));
  PenLocation *location = pen_game_get_location (self->game, (guint) l);
  GtkWidget *last = gtk_widget_get_last_child (row);
  const CellRef *ref = last != NULL ? g_object_get_data (G_OBJECT (last), "pen-cell") : NULL;
  gboolean shown = ref != NULL && ref->cell < 0;
  gboolean wanted = pen_location_get_n_dice (location, s, -1) > 0 || appear_is_open (self, l, s);

  if (wanted && !shown)
    {
      GtkWidget *button = new_cell_button (self, location, l, s, -1);
      guint index = self->cells->len;

      /* After the section's cells in the cells' order too (the keyboard's). */
      if (last != NULL && g_ptr_array_find (self->cells, last, &index))
        index++;
      g_ptr_array_insert (self->cells, (int) index, button);
      gtk_box_append (GTK_BOX (row), button);
    }
  else if (!wanted && shown)
    {
      g_ptr_array_remove (self->cells, last);
      gtk_box_remove (GTK_BOX (row), last);
    }
}

/* The Classes a row each: the name, then each section's cells; under them
 * the other locations, a name and its cells each, PLACES_PER_ROW to a row.
 * Built once per game: the locations and their cells do not change. */
static void
build_board (PenGameView *self)
{
  GtkGrid *classes = GTK_GRID (gtk_grid_new ());
  GtkGrid *places = GTK_GRID (gtk_grid_new ());
  guint n_classes = 0, n_places = 0;

  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->cell_rows, g_ptr_array_unref);
  self->cells = g_ptr_array_new ();
  self->cell_rows = g_ptr_array_new ();
  remove_children (GTK_WIDGET (self->locations_grid));
  gtk_grid_set_row_spacing (classes, 4);
  gtk_grid_set_column_spacing (classes, 12);
  gtk_grid_set_row_spacing (places, 4);
  gtk_grid_set_column_spacing (places, 8);
  gtk_grid_attach (self->locations_grid, GTK_WIDGET (classes), 0, 0, 1, 1);
  gtk_grid_attach (self->locations_grid, GTK_WIDGET (places), 0, 1, 1, 1);

  for (guint l = 0; l < pen_game_get_n_locations (self->game); l++)
    {
      PenLocation *location = pen_game_get_location (self->game, l);
      const PenLocationDef *def = pen_location_get_def (location);
      g_autofree char *name = pen_location_dup_name (location);
      GtkWidget *name_label = gtk_label_new (name);
      GtkGrid *grid = def->n_sections > 1 ? classes : places;
      int row, column;

      if (def->n_sections > 1)
        {
          row = n_classes++;
          column = 0;
        }
      else
        {
          row = n_places / PLACES_PER_ROW;
          column = 2 * (n_places % PLACES_PER_ROW);
          n_places++;
        }
      gtk_widget_add_css_class (name_label, "heading");
      gtk_label_set_xalign (GTK_LABEL (name_label), 0);
      /* The name opens the location's rule: "Brewery ?". */
      {
        g_autofree char *topic = g_strdup_printf ("location-%s", pen_location_get_id (location));
        GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
        GtkWidget *mark = gtk_label_new ("?");
        GtkWidget *link;

        gtk_widget_add_css_class (mark, "dim-label");
        gtk_box_append (GTK_BOX (content), name_label);
        gtk_box_append (GTK_BOX (content), mark);
        link = rule_link_new (self, topic, content);
        gtk_grid_attach (grid, link != NULL ? link : gtk_label_new (name), column, row, 1, 1);
      }

      for (guint s = 0; s < def->n_sections; s++)
        {
          GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

          /* The section's name over its cells, where a location has several. */
          if (def->n_sections > 1 && pen_ui_section_name (def->sections[s].id) != NULL)
            {
              GtkWidget *section_label = gtk_label_new (pen_ui_section_name (def->sections[s].id));

              gtk_label_set_xalign (GTK_LABEL (section_label), 0);
              gtk_widget_add_css_class (section_label, "dim-label");
              gtk_widget_add_css_class (section_label, "caption");
              gtk_box_append (GTK_BOX (section), section_label);
            }
          for (guint c = 0; c < def->sections[s].n_cells; c++)
            {
              GtkWidget *button = new_cell_button (self, location, l, s, c);

              g_ptr_array_add (self->cells, button);
              gtk_box_append (GTK_BOX (box), button);
            }
          g_object_set_data (G_OBJECT (box), "pen-location", GINT_TO_POINTER (l));
          g_object_set_data (G_OBJECT (box), "pen-section", GUINT_TO_POINTER (s));
          g_ptr_array_add (self->cell_rows, box);
          update_appear_cell (self, box);
          gtk_box_append (GTK_BOX (section), box);
          gtk_grid_attach (grid, section, column + 1 + s, row, 1, 1);
        }
    }
}

/* The cells show the dice on them now; they are built once per game, once
 * its locations are dealt. */
static void
refresh_board (PenGameView *self)
{
  GString *shape = g_string_new (NULL);

  /* The locations are dealt with the Talents (and undone with them). */
  for (guint l = 0; l < pen_game_get_n_locations (self->game); l++)
    g_string_append_printf (shape, "%s;", pen_location_get_id (pen_game_get_location (self->game, l)));
  if (region_changed (self, REGION_BOARD, shape))
    {
      build_board (self);
      return;
    }
  for (guint i = 0; i < self->cell_rows->len; i++)
    update_appear_cell (self, g_ptr_array_index (self->cell_rows, i));
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->cells, i);
      const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");

      update_cell (self, button, pen_game_get_location (self->game, (guint) ref->location));
    }
}

/* Sapphire's and Amber's Exams, Dungeons and Rituals on their mat (spec §9):
 * how many Exams, which Dungeons (with their points) and Rituals. */
static void
append_automa_content (GString                *markup,
                       const PenAutomaVariant *variant,
                       JsonObject             *automa_state)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  JsonNode *node = json_object_get_member (automa_state, "content");
  static const char *titles[] = { N_("Exams:"), N_("Dungeons:"), N_("Rituals:") };

  if (automas == NULL || variant == NULL || !pen_automa_variant_uses_content (variant) || node == NULL
      || !JSON_NODE_HOLDS_OBJECT (node))
    return;
  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      JsonObject *places = json_object_get_object_member (json_node_get_object (node), pen_automa_content_get_id (k));
      JsonArray *taken = places != NULL ? json_object_get_array_member (places, "taken") : NULL;
      guint n = taken != NULL ? json_array_get_length (taken) : 0;
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; k != PEN_AUTOMA_EXAM && i < n; i++)
        {
          const PenAutomaContentCard *card = pen_automas_find_content (automas, k, json_array_get_string_element (taken, i));

          if (card == NULL)
            continue;
          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append (text, pen_ui_card_name (card->name));
          if (k == PEN_AUTOMA_DUNGEON)
            g_string_append_printf (text, " (%u)", card->points);
        }
      if (k == PEN_AUTOMA_EXAM)
        g_string_append_printf (text, "%u", n);
      append_line (markup, _(titles[k]), text->len > 0 ? text->str : _("none"));
    }
}

static void
refresh_automa (PenGameView *self,
                JsonObject  *state)
{
  guint automa = pen_game_get_automa_player (self->game);
  PenWizardBoard *board = pen_game_get_player (self->game, automa);
  JsonObject *player = pen_ui_state_player (state, automa);
  JsonObject *automa_state = json_object_get_object_member (state, "automa");
  JsonArray *cells = json_object_get_array_member (automa_state, "cells");
  const PenAutomas *automas = pen_automas_get_default (NULL);
  const PenAutomaVariant *variant = automas != NULL
    ? pen_automas_find (automas, pen_game_get_automa_id (self->game)) : NULL;
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autoptr(GString) equipment = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *fulfilled = NULL, *reserved = NULL, *passed = NULL;
  static const char *cell_names[] = { N_("Conductor"), N_("Pendant"), N_("Mantle"), N_("Ring") };
  GString *key = g_string_new (NULL);

  key_append_all_but (key, player, NULL);
  key_append (key, state, "automa");
  key_append (key, state, "cards");
  if (!region_changed (self, REGION_AUTOMA, key))
    return;
  /* Translators: "Automa: Jasper · Level 4 · Arcana 6" */
  title = g_strdup_printf (_("Automa: %s · Level %u · Arcana %u"),
                           variant != NULL ? pen_ui_card_name (variant->name) : "?",
                           pen_game_get_automa_level (self->game),
                           pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_ARCANA));
  gtk_label_set_text (self->automa_title, title);
  pen_layout_tag (self->automa_mat, "automa", "automa", title);
  /* "?": how this Automa plays. */
  {
    GtkWidget *last = gtk_widget_get_last_child (GTK_WIDGET (self->automa_heading));
    g_autofree char *topic = g_strdup_printf ("automa-%s", pen_game_get_automa_id (self->game));
    GtkWidget *link;

    if (last != GTK_WIDGET (self->automa_title))
      gtk_box_remove (self->automa_heading, last);
    link = rule_link_new (self, topic, gtk_label_new ("?"));
    if (link != NULL)
      gtk_box_append (self->automa_heading, link);
  }

  append_line (markup, _("Worldview:"),
               g_strcmp0 (json_object_get_string_member (automa_state, "worldview"), "light") == 0
               ? _("Light") : _("Darkness"));
  fulfilled = join_names (json_object_get_array_member (player, "fulfilled-contracts"), pen_ui_contract_name);
  append_line (markup, _("Contracts fulfilled:"), fulfilled);
  reserved = join_names (json_object_get_array_member (player, "reserved-contracts"), pen_ui_contract_name);
  append_line (markup, _("Contracts reserved:"), reserved);
  passed = join_names (json_object_get_array_member (player, "passed-trials"), pen_ui_fate_card_name);
  append_line (markup, _("Trials passed:"), passed);
  for (guint c = 0; cells != NULL && c < json_array_get_length (cells) && c < G_N_ELEMENTS (cell_names); c++)
    {
      g_autofree char *cards = join_names (json_array_get_array_element (cells, c), card_name_of_id);

      if (equipment->len > 0)
        g_string_append (equipment, " · ");
      /* Translators: an Automa's Equipment cell and its cards: "Ring: Acorn Ring" */
      g_string_append_printf (equipment, _("%s: %s"), _(cell_names[c]), cards);
    }
  append_line (markup, _("Equipment:"), equipment->str);
  append_automa_content (markup, variant, automa_state);
  pen_board_strip_show (self->automa_board, self->game, automa);

  gtk_label_set_markup (self->automa_label, markup->str);
}

static void
refresh_wizard (PenGameView *self,
                JsonObject  *state)
{
  guint me = human_player (self->game);
  PenWizardBoard *board = pen_game_get_player (self->game, me);
  JsonObject *player = pen_ui_state_player (state, me);
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *fulfilled = NULL, *reserved = NULL, *passed = NULL, *wounds = NULL;
  GString *key = g_string_new (NULL);

  /* The player's dice are in the supply, not on this board. */
  key_append (key, state, "cards");
  key_append_all_but (key, player, "dice");
  if (!region_changed (self, REGION_WIZARD, key))
    return;
  /* Its Mark cells and Ingredients open their actions on a click. */
  if (pen_board_strip_show (self->wizard_board, self->game, me))
    {
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        {
          g_autofree char *id = g_strdup_printf ("mark-%u-%u", me, c);

          make_piece_active (self, GTK_WIDGET (self->wizard_board), "mark-cell", id);
        }
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          g_autofree char *id = g_strdup_printf ("ingredient-%s", pen_ingredient_get_id (i));

          make_piece_active (self, GTK_WIDGET (self->wizard_board), "ingredient", id);
        }
    }
  fulfilled = join_names (json_object_get_array_member (player, "fulfilled-contracts"), pen_ui_contract_name);
  append_line (markup, _("Contracts fulfilled:"), fulfilled);
  reserved = join_names (json_object_get_array_member (player, "reserved-contracts"), pen_ui_contract_name);
  append_line (markup, _("Contracts reserved:"), reserved);
  passed = join_names (json_object_get_array_member (player, "passed-trials"), pen_ui_fate_card_name);
  append_line (markup, _("Trials passed:"), passed);
  wounds = g_strdup_printf ("%u", pen_wizard_board_get_mortal_wounds (board));
  append_line (markup, _("Mortal Wounds:"), wounds);

  gtk_label_set_markup (self->wizard_label, markup->str);
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

  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->all_actions, PenAction, i);

      if (action->type == PEN_ACTION_START_TRIAL)
        {
          GtkWidget *choice = action_button (self, action, NULL);

          gtk_widget_add_css_class (choice, "flat");
          gtk_box_append (GTK_BOX (box), choice);
        }
    }
  show_popover (self, GTK_WIDGET (button), box);
}

/* The turn bar: the steps of the moment, each in its row, always the same
 * (Rest, Skip, Give up; Start a Trial; End turn, Use the effect, Roll the
 * Threat, the Automa's turn), the one that moves the game on suggested; and
 * under it the questions of no piece, by kind. */
static void
refresh_turn_bar (PenGameView *self)
{
  GtkWidget *slots[PEN_N_STEPS];
  gboolean trials = FALSE;
  int last_type = -1;

  remove_children (GTK_WIDGET (self->turn_bar));
  remove_children (GTK_WIDGET (self->actions_box));
  gtk_label_set_text (self->turn_heading,
                      pen_game_is_over (self->game) ? ""
                      : (int) pen_game_get_current_player (self->game) == pen_game_get_automa_player (self->game)
                      ? _("The Automa’s turn") : _("Your turn"));
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

  for (guint i = 0; i < self->all_actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->all_actions, PenAction, i);
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
          button = action_button (self, action, NULL);
          fit_step (button);
          if (step == PEN_STEP_RIGHT)
            gtk_widget_add_css_class (button, "suggested-action");
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
      button = action_button (self, action, NULL);
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
/* A card named in a shown line of the log: its name's characters; or the
 * "?" after an Automa's Instruction, opening its rules. */
typedef struct
{
  guint          line, start, end;
  PenLogLinkKind kind;
  const char    *id;
  gboolean       rule;
} ShownLink;

/* Whether the log's line @index is about an Instruction of the Automa. */
static gboolean
is_instruction_line (PenGame *game,
                     guint    index)
{
  const char *message = pen_game_get_log_message (game, index);

  return g_strcmp0 (message, "Instruction %u.") == 0
         || g_strcmp0 (message, "Instruction %u cannot be performed: %s.") == 0;
}

static GtkWidget *
linked_card_view (const ShownLink *link)
{
  switch (link->kind)
    {
    case PEN_LOG_LINK_CARD:
      {
        const PenCards *cards = pen_cards_get_default (NULL);
        const PenCard *card = cards != NULL ? pen_cards_find (cards, link->id) : NULL;

        return card != NULL ? pen_card_view_new_large (card) : NULL;
      }
    case PEN_LOG_LINK_CONTRACT:
      return pen_card_view_new_contract (link->id);
    case PEN_LOG_LINK_TRIAL:
      return pen_card_view_new_trial (link->id, link->id);
    case PEN_LOG_LINK_FATE:
    default:
      return pen_fate_card_view_new (link->id);
    }
}

/* A click on a card's name in the log shows the card, and so does a click
 * on a line that reveals a Fate card. */
static void
log_released_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 PenGameView     *self)
{
  GtkWidget *view = NULL;
  const char *fate;
  graphene_point_t at;
  guint line, offset;

  if (!pen_log_lines_at (self->log_view, x, y, &line, &offset))
    return;
  for (guint i = 0; view == NULL && i < self->log_links->len; i++)
    {
      const ShownLink *link = &g_array_index (self->log_links, ShownLink, i);

      if (link->line != line || offset < link->start || offset >= link->end)
        continue;
      if (link->rule)
        {
          g_autofree char *topic = g_strdup_printf ("automa-%s", pen_game_get_automa_id (self->game));

          pen_rules_window_present (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                    pen_rules_has_topic (topic) ? topic : "automa-instruction");
          return;
        }
      view = linked_card_view (link);
    }
  fate = view == NULL ? pen_fate_revealed_on_line (self->game, line) : NULL;
  if (fate != NULL)
    view = pen_fate_card_view_new (fate);
  if (view == NULL)
    return;
  /* On the log's window, which does not scroll with the lines. */
  if (!gtk_widget_compute_point (GTK_WIDGET (self->log_view), GTK_WIDGET (self->log_scroll),
                                 &GRAPHENE_POINT_INIT ((float) x, (float) y), &at))
    return;
  gtk_popover_set_pointing_to (show_popover (self, GTK_WIDGET (self->log_scroll), view),
                               &(GdkRectangle) { (int) at.x, (int) at.y, 1, 1 });
}

/* Underlines @text's characters @start to @end of @attributes. */
static void
underline (PangoAttrList *attributes,
           const char    *text,
           guint          start,
           guint          end)
{
  PangoAttribute *attribute = pango_attr_underline_new (PANGO_UNDERLINE_SINGLE);

  attribute->start_index = (guint) (g_utf8_offset_to_pointer (text, start) - text);
  attribute->end_index = (guint) (g_utf8_offset_to_pointer (text, end) - text);
  pango_attr_list_insert (attributes, attribute);
}

/* Shows the log's first @n lines, in the current language, the cards they
 * name underlined, and the lines that reveal a Prophecy, Goal or Event (a
 * click on one shows the card). */
static void
show_log (PenGameView *self,
          guint        n)
{
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (PenLogLink));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroll);
  GtkWidget *label = gtk_widget_get_first_child (GTK_WIDGET (self->log_view));

  n = MIN (n, pen_game_get_log_length (self->game));
  g_array_set_size (self->log_links, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *rendered = NULL;
      g_autoptr(GString) line = NULL;
      g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();
      guint first = self->log_links->len;

      g_array_set_size (links, 0);
      rendered = pen_game_render_log_entry (self->game, i, links);
      line = g_string_new (rendered);
      for (guint k = 0; k < links->len; k++)
        {
          const PenLogLink *link = &g_array_index (links, PenLogLink, k);
          ShownLink shown = { i, (guint) g_utf8_pointer_to_offset (rendered, rendered + link->start),
                              (guint) g_utf8_pointer_to_offset (rendered, rendered + link->end), link->kind, link->id,
                              FALSE };

          g_array_append_val (self->log_links, shown);
        }
      /* An Instruction of the Automa: a "?" to its rules. */
      if (is_instruction_line (self->game, i))
        {
          guint start = (guint) g_utf8_strlen (rendered, -1) + 1;
          ShownLink shown = { i, start, start + 1, PEN_LOG_LINK_CARD, NULL, TRUE };

          g_string_append (line, " ?");
          g_array_append_val (self->log_links, shown);
        }
      if (pen_fate_revealed_on_line (self->game, i) != NULL)
        underline (attributes, line->str, 0, (guint) g_utf8_strlen (line->str, -1));
      else
        for (guint k = first; k < self->log_links->len; k++)
          underline (attributes, line->str, g_array_index (self->log_links, ShownLink, k).start,
                     g_array_index (self->log_links, ShownLink, k).end);
      pen_log_lines_set (self->log_view, &label, line->str, attributes);
    }
  pen_log_lines_truncate (self->log_view, label);
  self->log_shown = n;
  /* To the end now, and again once the new lines are measured. */
  self->log_follow = TRUE;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
}

static gboolean
log_follow_cb (gpointer user_data)
{
  PenGameView *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroll);

  self->log_follow_source = 0;
  self->log_upper = gtk_adjustment_get_upper (adjustment);
  gtk_adjustment_set_value (adjustment, self->log_upper);
  return G_SOURCE_REMOVE;
}

/* The log's height changed: kept at its end while it follows the game. It
 * changes while the window is laid out, and a scroll then would be lost:
 * the log scrolls right after. */
static void
log_adjustment_changed_cb (GtkAdjustment *adjustment,
                           PenGameView   *self)
{
  if (self->log_follow && self->log_follow_source == 0)
    self->log_follow_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, log_follow_cb, self, NULL);
}

/* Scrolled back by the player: it stays where they put it (a move while
 * its height changes is the layout's, not theirs). */
static void
log_value_changed_cb (GtkAdjustment *adjustment,
                      PenGameView   *self)
{
  if (gtk_adjustment_get_upper (adjustment) != self->log_upper)
    return;
  self->log_follow = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
                     >= gtk_adjustment_get_upper (adjustment) - 1;
}

/* Lights the piece of the table that the newest narrated line touches
 * (none with @on FALSE), and puts out the one lit before. */
static void
light_narrated_piece (PenGameView *self,
                      gboolean     on)
{
  GtkWidget *piece = NULL;

  if (on && self->log_shown > 0)
    piece = pen_narration_find_piece (GTK_WIDGET (self->stack), self->game,
                                      pen_game_get_log_target (self->game, self->log_shown - 1));
  if (piece == self->lit)
    return;
  if (self->lit != NULL)
    {
      gtk_widget_remove_css_class (self->lit, "pen-lit");
      g_object_remove_weak_pointer (G_OBJECT (self->lit), (gpointer *) &self->lit);
    }
  self->lit = piece;
  if (piece != NULL)
    {
      gtk_widget_add_css_class (piece, "pen-lit");
      g_object_add_weak_pointer (G_OBJECT (piece), (gpointer *) &self->lit);
    }
}

static void
stop_automa_steps (PenGameView *self)
{
  g_clear_handle_id (&self->log_timer, g_source_remove);
  gtk_widget_set_visible (self->automa_controls, FALSE);
  light_narrated_piece (self, FALSE);
}

/* One more line of the Automa's turn, its piece lit (the last line's until
 * the table changes); the controls go once all are shown. */
static void
automa_step (PenGameView *self)
{
  show_log (self, self->log_shown + 1);
  if (self->log_shown >= pen_game_get_log_length (self->game))
    stop_automa_steps (self);
  light_narrated_piece (self, TRUE);
}

static gboolean
automa_tick_cb (gpointer user_data)
{
  PenGameView *self = user_data;

  automa_step (self);
  return self->log_timer != 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
start_automa_timer (PenGameView *self)
{
  static const guint intervals[] = { 1400, 700, 250 };
  guint speed = MIN (gtk_drop_down_get_selected (self->automa_speed), G_N_ELEMENTS (intervals) - 1);

  g_clear_handle_id (&self->log_timer, g_source_remove);
  if (!gtk_toggle_button_get_active (self->automa_pause_button))
    self->log_timer = g_timeout_add (intervals[speed], automa_tick_cb, self);
}

static void
automa_pause_toggled_cb (GtkToggleButton *button,
                         PenGameView     *self)
{
  gboolean paused = gtk_toggle_button_get_active (button);

  gtk_button_set_icon_name (GTK_BUTTON (button), paused ? "media-playback-start-symbolic"
                                                        : "media-playback-pause-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (button), paused ? _("Play") : _("Pause"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  paused ? _("Play") : _("Pause"), -1);
  if (gtk_widget_get_visible (self->automa_controls))
    start_automa_timer (self);
}

static void
automa_step_clicked_cb (GtkButton   *button,
                        PenGameView *self)
{
  automa_step (self);
}

static void
automa_all_clicked_cb (GtkButton   *button,
                       PenGameView *self)
{
  show_log (self, pen_game_get_log_length (self->game));
  stop_automa_steps (self);
}

static void
automa_speed_cb (GtkDropDown *speed,
                 GParamSpec  *pspec,
                 PenGameView *self)
{
  if (self->log_timer != 0)
    start_automa_timer (self);
}

/* The log; after the Automa's turn, its explanation appears step by step
 * (play, pause, next step, the whole turn, speed), the table already showing
 * where the turn ended. */
static void
refresh_log (PenGameView *self)
{
  guint n = pen_game_get_log_length (self->game);
  gboolean automa_played = self->automa_was_playing && self->interactive && n > self->log_shown + 1
                           && self->log_shown > 0;

  self->automa_was_playing = pen_game_get_automa_player (self->game) >= 0
                             && pen_game_get_current_player (self->game) == (guint) pen_game_get_automa_player (self->game);
  if (!automa_played)
    {
      stop_automa_steps (self);
      show_log (self, n);
      return;
    }
  show_log (self, self->log_shown + 1);
  gtk_widget_set_visible (self->automa_controls, TRUE);
  light_narrated_piece (self, TRUE);
  start_automa_timer (self);
}

static void
attach_score_row (GtkGrid    *grid,
                  int         row,
                  const char *part,
                  int         mine,
                  int         automa,
                  gboolean    total)
{
  GtkWidget *part_label = gtk_label_new (part);
  g_autofree char *mine_text = g_strdup_printf ("%d", mine);
  g_autofree char *automa_text = g_strdup_printf ("%d", automa);
  GtkWidget *mine_label = gtk_label_new (mine_text);
  GtkWidget *automa_label = gtk_label_new (automa_text);

  gtk_label_set_xalign (GTK_LABEL (part_label), 0);
  gtk_label_set_xalign (GTK_LABEL (mine_label), 1);
  gtk_label_set_xalign (GTK_LABEL (automa_label), 1);
  if (total)
    {
      gtk_widget_add_css_class (part_label, "heading");
      gtk_widget_add_css_class (mine_label, "heading");
      gtk_widget_add_css_class (automa_label, "heading");
      /* Tests and accessibility tools find the totals by name. */
      gtk_widget_set_name (mine_label, "score-total-player");
      gtk_widget_set_name (automa_label, "score-total-automa");
    }
  gtk_grid_attach (grid, part_label, 0, row, 1, 1);
  gtk_grid_attach (grid, mine_label, 1, row, 1, 1);
  gtk_grid_attach (grid, automa_label, 2, row, 1, 1);
}

static void
refresh_end (PenGameView *self)
{
  PenScoreBreakdown mine, automa;
  GtkWidget *header;
  int row = 0;

  pen_game_compute_score (self->game, human_player (self->game), &mine);
  pen_game_compute_score (self->game, pen_game_get_automa_player (self->game), &automa);

  if (mine.total > automa.total)
    gtk_label_set_text (self->result_label, _("You win!"));
  else if (mine.total < automa.total)
    gtk_label_set_text (self->result_label, _("The Automa wins."));
  else
    gtk_label_set_text (self->result_label, _("A tie."));

  remove_children (GTK_WIDGET (self->score_grid));
  header = gtk_label_new (_("You"));
  gtk_widget_add_css_class (header, "heading");
  gtk_label_set_xalign (GTK_LABEL (header), 1);
  gtk_grid_attach (self->score_grid, header, 1, row, 1, 1);
  header = gtk_label_new (_("Automa"));
  gtk_widget_add_css_class (header, "heading");
  gtk_label_set_xalign (GTK_LABEL (header), 1);
  gtk_grid_attach (self->score_grid, header, 2, row++, 1, 1);

  /* The rulebook's count, part by part. */
  attach_score_row (self->score_grid, row++, _("Arcana"), mine.arcana, automa.arcana, FALSE);
  attach_score_row (self->score_grid, row++, _("Trials"), mine.trials, automa.trials, FALSE);
  attach_score_row (self->score_grid, row++, _("Mortal Wounds"), mine.mortal_wounds, automa.mortal_wounds, FALSE);
  attach_score_row (self->score_grid, row++, _("Experience"), mine.experience, automa.experience, FALSE);
  attach_score_row (self->score_grid, row++, _("Contracts"), mine.contracts, automa.contracts, FALSE);
  attach_score_row (self->score_grid, row++, _("Wizard board"), mine.board, automa.board, FALSE);
  attach_score_row (self->score_grid, row++, _("Goals"), mine.goals, automa.goals, FALSE);
  attach_score_row (self->score_grid, row++, _("Light and Darkness"), mine.light_darkness, automa.light_darkness, FALSE);
  attach_score_row (self->score_grid, row++, _("Total"), mine.total, automa.total, TRUE);
}

/* The Threat: its dice, "?" until rolled, and what each did; each opens
 * what can be done with it. Small, and what it shows is the engine's
 * transient state: filled anew every time. */
static void
refresh_threat (PenGameView *self)
{
  remove_children (GTK_WIDGET (self->threat_box));
  gtk_widget_set_visible (GTK_WIDGET (self->threat_box),
                          pen_threat_view_fill (self->threat_box, self->game, human_player (self->game),
                                                PLACED_DIE_SIZE));
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->threat_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    make_piece_active (self, child, "die", gtk_widget_get_name (child));
}

/* The cards' rows, markets and the player's zones, each filled anew only
 * when its cards changed. */
static void
refresh_cards (PenGameView *self,
               JsonObject  *state)
{
  JsonObject *cards = json_object_get_object_member (state, "cards");
  GString *key = g_string_new (NULL);

  key_append (key, cards, "decks");
  if (region_changed (self, REGION_MARKETS, key))
    {
      remove_children (GTK_WIDGET (self->markets_box));
      pen_game_view_cards_fill_markets (self->markets_box, state, &self->cards_host);
    }
  key = g_string_new (NULL);
  key_append (key, state, "trial-row");
  key_append (key, state, "contract-row");
  if (region_changed (self, REGION_QUESTS, key))
    {
      remove_children (GTK_WIDGET (self->quests_grid));
      pen_game_view_cards_fill_quests (self->quests_grid, self->game, &self->cards_host);
    }
  key = g_string_new (NULL);
  key_append (key, cards, "players");
  if (region_changed (self, REGION_ZONES, key))
    {
      remove_children (GTK_WIDGET (self->cards_box));
      pen_game_view_cards_fill_zones (self->cards_box, state, human_player (self->game), &self->cards_host);
    }
}

static void
refresh (PenGameView *self)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(PenMotion) motion = NULL;
  JsonObject *state;

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  /* A hint was for the game as it was. */
  clear_hint (self);
  /* What a popover offered was for the game as it was; and a button does
   * not remove a popover it holds: done here, before any button goes. */
  remove_popover (self);
  if (self->game == NULL)
    return;

  /* The save format gives what has no getter of its own (Contracts and
   * Trials of each player, the Automa's Equipment). */
  root = pen_game_to_json (self->game);
  state = json_node_get_object (root);
  /* Where the pieces are before the table changes, for its motions. */
  if (self->last_state != NULL)
    motion = pen_motion_capture (GTK_WIDGET (self->overlay));
  if (self->last_state != NULL && self->interactive)
    {
      g_autofree char *news = pen_milestones_describe (self->game, json_node_get_object (self->last_state), state);

      /* One notice for all that happened since the last refresh. */
      if (news != NULL)
        pen_game_view_show_notice (self, news);
      pen_fate_banner_show_news (self->fate_banner, json_node_get_object (self->last_state), state);
    }
  g_clear_pointer (&self->last_state, json_node_unref);
  self->last_state = json_node_ref (root);
  g_clear_pointer (&self->all_actions, g_array_unref);
  if (self->interactive && !pen_game_is_over (self->game))
    self->all_actions = pen_game_list_distinct_actions (self->game);
  self->selected_die = -1;
  self->die_box_die = -2;   /* shown anew with the table */
  self->dragged_die = -1;
  self->refresh_after_drag = FALSE;
  refresh_common (self, state);
  refresh_threat (self);
  refresh_board (self);
  refresh_supply (self);
  /* No die chosen any more: no cell lit or dimmed. */
  highlight_cells (self);
  refresh_cards (self, state);
  gtk_widget_set_sensitive (GTK_WIDGET (self->locations_grid), self->all_actions != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->supply_box), self->all_actions != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->place_hint), FALSE);
  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    if (g_array_index (self->all_actions, PenAction, i).type == PEN_ACTION_PLACE)
      gtk_widget_set_visible (GTK_WIDGET (self->place_hint), TRUE);
  refresh_automa (self, state);
  refresh_wizard (self, state);
  refresh_turn_bar (self);
  refresh_guide (self);
  refresh_log (self);
  if (motion != NULL)
    pen_motion_play (motion, GTK_WIDGET (self->overlay), self->motion_layer);

  if (pen_game_is_over (self->game))
    {
      refresh_end (self);
      gtk_stack_set_visible_child_name (self->stack, "end");
    }
  else
    gtk_stack_set_visible_child_name (self->stack, "table");
}

/* A drop applies its placement before the drag is over: the die's button,
 * the drag's source, may go with the supply's last die, so the table is
 * only updated once the drag has ended. */
static void
game_changed_cb (PenGame     *game,
                 PenGameView *self)
{
  clear_hint (self);
  if (self->dragged_die >= 0)
    self->refresh_after_drag = TRUE;
  else
    schedule_refresh (self);
}

/* The notice at the foot of the table (AdwToastOverlay in libadwaita 1.2
 * crashes when toasts follow each other quickly: see HACKING.md). */
#define NOTICE_SECONDS 5
#define NOTICE_LINES 3

static void
notice_dismiss_cb (PenGameView *self)
{
  g_clear_handle_id (&self->notice_timer, g_source_remove);
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
}

static gboolean
notice_timeout_cb (gpointer user_data)
{
  PenGameView *self = user_data;

  self->notice_timer = 0;
  notice_dismiss_cb (self);
  return G_SOURCE_REMOVE;
}

static void
pen_game_view_dispose (GObject *object)
{
  PenGameView *self = PEN_GAME_VIEW (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_handler, self->game);
  g_clear_object (&self->game);
  g_clear_pointer (&self->all_actions, g_array_unref);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->log_links, g_array_unref);
  if (self->log_scroll != NULL)
    g_signal_handlers_disconnect_by_data (gtk_scrolled_window_get_vadjustment (self->log_scroll), self);
  g_clear_handle_id (&self->log_follow_source, g_source_remove);
  g_clear_pointer (&self->last_state, json_node_unref);
  clear_hint (self);
  g_clear_pointer (&self->hinted, g_ptr_array_unref);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  g_clear_handle_id (&self->log_timer, g_source_remove);
  g_clear_handle_id (&self->notice_timer, g_source_remove);
  if (self->lit != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->lit), (gpointer *) &self->lit);
  self->lit = NULL;
  remove_popover (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_GAME_VIEW);

  G_OBJECT_CLASS (pen_game_view_parent_class)->dispose (object);
}

static void
pen_game_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenGameView *self = PEN_GAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_SHOW_LOG:
      g_value_set_boolean (value, gtk_widget_get_visible (GTK_WIDGET (self->log_scroll)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_game_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PenGameView *self = PEN_GAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pen_game_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_SHOW_LOG:
      pen_game_view_set_show_log (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_game_view_class_init (PenGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_game_view_dispose;
  object_class->get_property = pen_game_view_get_property;
  object_class->set_property = pen_game_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PEN_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The log's pane beside the table; hiding it leaves the Actions. */
  properties[PROP_SHOW_LOG] =
    g_param_spec_boolean ("show-log", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_SCALE_BIN);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenGameView, overlay);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, motion_layer);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, notice_label);
  gtk_widget_class_bind_template_callback (widget_class, notice_dismiss_cb);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, stack);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, common_label);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, in_play_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, locations_grid);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_mat);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_heading);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_title);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_label);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, wizard_label);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, supply_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, markets_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, cards_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, threat_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, quests_grid);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, wizard_board);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_board);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, place_hint);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, turn_heading);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, turn_bar);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, guide_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, guide_label);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, guide_button);
  gtk_widget_class_bind_template_callback (widget_class, guide_button_clicked_cb);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, die_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, actions_box);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, all_actions_button);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, log_separator);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, log_heading);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, log_scroll);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, log_view);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_controls);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_pause_button);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_step_button);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_all_button);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, automa_speed);
  gtk_widget_class_bind_template_callback (widget_class, automa_pause_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, automa_step_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, automa_all_clicked_cb);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, result_label);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, score_grid);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pen_game_view_init (PenGameView *self)
{
  GtkGesture *log_click;

  self->interactive = TRUE;
  self->log_links = g_array_new (FALSE, FALSE, sizeof (ShownLink));
  self->selected_die = -1;
  self->dragged_die = -1;
  self->hinted = g_ptr_array_new_with_free_func (g_object_unref);
  self->cards_host.open = cards_open_cb;
  self->cards_host.user_data = self;
  gtk_widget_init_template (GTK_WIDGET (self));
  pen_layout_tag (self->all_actions_button, "button", "all-actions", _("All Actions…"));
  g_signal_connect (self->automa_speed, "notify::selected", G_CALLBACK (automa_speed_cb), self);

  self->fate_banner = pen_fate_banner_new ();
  gtk_overlay_add_overlay (self->overlay, self->fate_banner);

  log_click = gtk_gesture_click_new ();
  g_signal_connect (log_click, "released", G_CALLBACK (log_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->log_view), GTK_EVENT_CONTROLLER (log_click));
  g_signal_connect (gtk_scrolled_window_get_vadjustment (self->log_scroll), "changed",
                    G_CALLBACK (log_adjustment_changed_cb), self);
  g_signal_connect (gtk_scrolled_window_get_vadjustment (self->log_scroll), "value-changed",
                    G_CALLBACK (log_value_changed_cb), self);
}

PenGame *
pen_game_view_get_game (PenGameView *self)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), NULL);
  return self->game;
}

void
pen_game_view_set_game (PenGameView *self,
                        PenGame     *game)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));
  g_return_if_fail (game == NULL || PEN_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_handler, self->game);
  g_set_object (&self->game, game);
  if (game != NULL)
    self->changed_handler = g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
  /* Another game: its log is shown whole, and nothing of it is news. */
  g_clear_pointer (&self->last_state, json_node_unref);
  self->guided = FALSE;
  gtk_widget_set_visible (self->guide_box, FALSE);
  self->log_shown = 0;
  self->automa_was_playing = FALSE;
  forget_table (self);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* A view that is not interactive shows the game and offers no action (the
 * review of a game). */
void
pen_game_view_set_interactive (PenGameView *self,
                               gboolean     interactive)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  if (self->interactive == !!interactive)
    return;
  self->interactive = !!interactive;
  forget_table (self);
  if (self->game != NULL)
    refresh (self);
}

void
pen_game_view_set_show_log (PenGameView *self,
                            gboolean     show_log)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  if (gtk_widget_get_visible (GTK_WIDGET (self->log_scroll)) == !!show_log)
    return;
  gtk_widget_set_visible (self->log_separator, show_log);
  gtk_widget_set_visible (self->log_heading, show_log);
  gtk_widget_set_visible (GTK_WIDGET (self->log_scroll), show_log);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LOG]);
}

void
pen_game_view_show_notice (PenGameView *self,
                           const char  *message)
{
  const char *shown, *last;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_lines;

  g_return_if_fail (PEN_IS_GAME_VIEW (self));
  g_return_if_fail (message != NULL);

  /* A message that comes while another shows joins it below, the last
   * NOTICE_LINES kept: a refusal right after a Trial's news hides neither.
   * The same message again only keeps the notice longer. */
  shown = gtk_revealer_get_reveal_child (self->notice_revealer)
          ? gtk_label_get_text (self->notice_label) : "";
  last = strrchr (shown, '\n');
  if (g_strcmp0 (last != NULL ? last + 1 : shown, message) == 0)
    text = g_strdup (shown);
  else
    text = *shown != '\0' ? g_strdup_printf ("%s\n%s", shown, message) : g_strdup (message);
  lines = g_strsplit (text, "\n", -1);
  n_lines = g_strv_length (lines);
  if (n_lines > NOTICE_LINES)
    {
      g_free (text);
      text = g_strjoinv ("\n", lines + n_lines - NOTICE_LINES);
    }
  gtk_label_set_text (self->notice_label, text);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
  g_clear_handle_id (&self->notice_timer, g_source_remove);
  self->notice_timer = g_timeout_add_seconds (NOTICE_SECONDS, notice_timeout_cb, self);
}

/**
 * pen_game_view_take_step:
 * @self: a game view
 * @type: a step of the turn bar (Rest, End turn, the Automa's turn…)
 *
 * Takes the step as its button would (asking first where it does), or says
 * why it cannot be taken now.
 */
void
pen_game_view_take_step (PenGameView  *self,
                         PenActionType type)
{
  g_autoptr(GError) error = NULL;
  PenAction action;

  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  if (self->game == NULL || !self->interactive)
    return;
  for (guint i = 0; self->all_actions != NULL && i < self->all_actions->len; i++)
    if (g_array_index (self->all_actions, PenAction, i).type == type)
      {
        take_action (self, &g_array_index (self->all_actions, PenAction, i));
        return;
      }
  pen_action_init (&action, type);
  if (!pen_game_check_action (self->game, &action, &error))
    pen_game_view_show_notice (self, error->message);
}

/**
 * pen_game_view_pick_die:
 * @self: a game view
 * @index: a die of the player's supply
 *
 * Chooses the die as a click would, and moves the keyboard focus to the
 * first cell it can be placed on (the arrows move between them).
 */
void
pen_game_view_pick_die (PenGameView *self,
                        guint        index)
{
  g_autofree char *id = g_strdup_printf ("die-%u", index);
  GtkWidget *die;

  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  die = self->game != NULL && self->interactive ? pen_layout_find (GTK_WIDGET (self->supply_box), "die", id) : NULL;
  if (die == NULL)
    return;
  if (self->selected_die != (int) index)
    die_clicked_cb (GTK_BUTTON (die), self);
  if (self->selected_die != (int) index)
    return;
  for (guint i = 0; self->cells != NULL && i < self->cells->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (self->cells, i), "pen-legal"))
      {
        gtk_widget_grab_focus (g_ptr_array_index (self->cells, i));
        return;
      }
}

static void
list_chosen_cb (const PenAction *action,
                gpointer         user_data)
{
  PenGameView *self = user_data;

  if (self->game != NULL)
    take_action (self, action);
}

/**
 * pen_game_view_show_all_actions:
 * @self: a game view
 *
 * Every action the table offers now, in a list to search (the keyboard's
 * path to them all).
 */
void
pen_game_view_show_all_actions (PenGameView *self)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  if (self->all_actions == NULL || self->all_actions->len == 0)
    {
      pen_game_view_show_notice (self, _("Nothing can be done now."));
      return;
    }
  pen_action_list_present (GTK_WIDGET (self), self->game, self->all_actions, list_chosen_cb, self);
}

/* The hint: the coach's suggested action lit on the table (its piece, the
 * cell or Mark it goes to, or its step of the turn bar), said in a notice. */

/* Takes the line @text out of the notice (hidden when nothing is left). */
static void
notice_remove_line (PenGameView *self,
                    const char  *text)
{
  g_auto(GStrv) lines = g_strsplit (gtk_label_get_text (self->notice_label), "\n", -1);
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_auto(GStrv) left = NULL;
  g_autofree char *joined = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_equal (lines[i], text))
      g_strv_builder_add (kept, lines[i]);
  left = g_strv_builder_end (kept);
  joined = g_strjoinv ("\n", left);
  gtk_label_set_text (self->notice_label, joined);
  if (*joined == '\0')
    notice_dismiss_cb (self);
}

static void
clear_hint (PenGameView *self)
{
  /* Its sentence goes with it: it was for the game as it was. */
  if (self->hint_text != NULL)
    notice_remove_line (self, self->hint_text);
  g_clear_pointer (&self->hint_text, g_free);
  g_cancellable_cancel (self->hint_search);
  g_clear_object (&self->hint_search);
  for (guint i = 0; self->hinted != NULL && i < self->hinted->len; i++)
    gtk_widget_remove_css_class (g_ptr_array_index (self->hinted, i), "pen-hinted");
  if (self->hinted != NULL)
    g_ptr_array_set_size (self->hinted, 0);
  self->has_hint = FALSE;
}

static void
light_hinted (PenGameView *self,
              GtkWidget   *widget)
{
  if (widget == NULL)
    return;
  gtk_widget_add_css_class (widget, "pen-hinted");
  g_ptr_array_add (self->hinted, g_object_ref (widget));
}

static void
light_hinted_piece (PenGameView *self,
                    const char  *id)
{
  if (id != NULL)
    light_hinted (self, pen_layout_find (GTK_WIDGET (self->stack), NULL, id));
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

static void
light_hint (PenGameView     *self,
            const PenAction *action)
{
  g_autofree char *piece = pen_piece_of_action (self->game, action);
  g_autofree char *target = NULL;
  GtkWidget *button;

  light_hinted_piece (self, piece);
  /* Where it goes: the cell of a placement, the Mark of a setting. */
  if (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
    target = pen_piece_location_cell (self->game, action->location, action->section, action->cell);
  else if (action->type == PEN_ACTION_USE_MARK && action->value < PEN_MARK_EFFECT_CAST)
    target = g_strdup_printf ("mark-%u-%d", pen_game_get_current_player (self->game), action->index);
  light_hinted_piece (self, target);
  /* A step of the turn bar, or one of its questions. */
  button = find_action_button (GTK_WIDGET (self->turn_bar), action);
  if (button == NULL)
    button = find_action_button (GTK_WIDGET (self->actions_box), action);
  light_hinted (self, button);
}

static void
hint_found_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  PenGameView *self = PEN_GAME_VIEW (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  PenCoachAdvice advice;

  if (!pen_hint_search_finish (result, &advice, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_object (&self->hint_search);
          pen_game_view_show_notice (self, error->message);
        }
      return;
    }
  g_clear_object (&self->hint_search);
  self->hint = advice;
  self->has_hint = TRUE;
  light_hint (self, &advice.action);
  text = pen_hint_describe (self->game, &advice);
  pen_game_view_show_notice (self, text);
  g_free (self->hint_text);
  self->hint_text = g_steal_pointer (&text);
}

/**
 * pen_game_view_hint:
 * @self: a game view
 *
 * Asks the coach what to do. It thinks in a thread of its own, on a copy
 * of the game; its suggestion is lit on the table and said in a notice. A
 * change of the game before it has answered cancels it.
 */
void
pen_game_view_hint (PenGameView *self)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  if (self->all_actions == NULL || self->all_actions->len == 0)
    {
      pen_game_view_show_notice (self, _("Nothing can be done now."));
      return;
    }
  if (self->hint_search != NULL)
    return;
  clear_hint (self);
  self->hint_search = g_cancellable_new ();
  pen_hint_search_async (self, self->game, self->hint_search, hint_found_cb, NULL);
}

/**
 * pen_game_view_get_hint:
 * @self: a game view
 * @advice: (out) (optional): the coach's advice lit on the table
 *
 * Returns: whether a hint is shown now (for tests)
 */
gboolean
pen_game_view_get_hint (PenGameView    *self,
                        PenCoachAdvice *advice)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), FALSE);

  if (self->has_hint && advice != NULL)
    *advice = self->hint;
  return self->has_hint;
}

/* The guided first game: what the moment is about, and the coach's hint
 * lit for it, until the guided turns are past. */
static void
refresh_guide (PenGameView *self)
{
  if (!self->guided || self->game == NULL)
    return;
  gtk_label_set_text (self->guide_label, pen_guide_describe (self->game));
  if (pen_guide_is_over (self->game))
    {
      /* Its last words stay until closed; the player is alone now. */
      self->guided = FALSE;
      gtk_button_set_label (self->guide_button, _("Close"));
      return;
    }
  if (self->interactive)
    pen_game_view_hint (self);
}

static void
guide_button_clicked_cb (PenGameView *self)
{
  pen_game_view_set_guided (self, FALSE);
}

/**
 * pen_game_view_set_guided:
 * @self: a game view
 * @guided: whether its game is the guided first game
 *
 * Guides the first turns of the game shown (pen_guide_new_game()), or
 * stops guiding it.
 */
void
pen_game_view_set_guided (PenGameView *self,
                          gboolean     guided)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  self->guided = guided && self->game != NULL;
  gtk_widget_set_visible (self->guide_box, self->guided);
  gtk_button_set_label (self->guide_button, _("Skip the Guide"));
  if (self->guided)
    refresh_guide (self);
  else
    clear_hint (self);
}

/**
 * pen_game_view_get_guided:
 *
 * Returns: whether the view guides its game now
 */
gboolean
pen_game_view_get_guided (PenGameView *self)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), FALSE);
  return self->guided;
}

/**
 * pen_game_view_open_piece:
 * @self: a game view
 * @piece: a piece of its table (a widget with a layout tag)
 *
 * Opens what @piece can do, as a click on it would (for a die of the
 * supply, as its menu: it is not chosen).
 */
void
pen_game_view_open_piece (PenGameView *self,
                          GtkWidget   *piece)
{
  const char *kind, *id, *label;

  g_return_if_fail (PEN_IS_GAME_VIEW (self));
  g_return_if_fail (GTK_IS_WIDGET (piece));

  if (!pen_layout_get_tag (piece, &kind, &id, &label))
    return;
  /* A die of the supply: as its menu opens (a click would also choose it). */
  if (GTK_IS_BUTTON (piece) && g_str_equal (kind, "die"))
    die_menu (self, piece);
  else if (GTK_IS_BUTTON (piece))
    g_signal_emit_by_name (piece, "clicked");
  else
    open_piece (self, piece, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)), id, NULL);
}

/**
 * pen_game_view_is_settled:
 * @self: a game view
 *
 * Returns: whether the table shows the game as it is now (no rebuild is
 *   waiting), for tests to wait on
 */
gboolean
pen_game_view_is_settled (PenGameView *self)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), FALSE);
  return self->refresh_source == 0 && !self->refresh_after_drag;
}
