/* pen-game-view.c: the table of a game and what is around it: the common
 * area with the locations' cells, the Automa, the player's Wizard and dice,
 * all in view at once (pen-table-layout.c sizes them to the window), beside
 * them the turn bar with the steps of the moment, the questions the game
 * asks that belong to no piece, and the log (which can be hidden), and the
 * scores once the game is over. This file is the glue: it holds the view's
 * state and updates the parts of the table (src/ui/table/, listed in
 * pen-game-view-private.h) when the game changes. The pieces are kept from
 * one change to the next: the cells are built once per game and show their
 * dice anew, the supply's dice buttons are reused by index, and the other
 * regions are filled anew only when their part of the game changed. Every
 * action starts on its piece (pen-pieces.c says which). It asks the engine
 * what is legal and hands it the chosen action; it holds no rule.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-list.h"
#include "pen-fate-row.h"
#include "pen-fate-view.h"
#include "pen-game-view-private.h"
#include "pen-layout-dump.h"
#include "pen-locations-view.h"
#include "pen-markets-view.h"
#include "pen-motion.h"
#include "pen-piece-id.h"
#include "pen-table-layout.h"
#include "pen-table-surface.h"
#include "pen-threat-row.h"
#include "pen-wizard-view.h"
#include "pen-automa-mat.h"

G_DEFINE_FINAL_TYPE (PenGameView, pen_game_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_SHOW_LOG,
  PROP_SHOWN_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (PenGameView *self);

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
 * taken, the supply's last die, an Appear place shut), and GTK must
 * finish its press and release on a widget still in the window. */
static void
schedule_refresh (PenGameView *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refresh_cb, self, NULL);
}

/* The host's schedule_refresh (pen-region.h): a region saw the game change
 * outside an action (a drag ended). */
static void
schedule_refresh_cb (gpointer table)
{
  schedule_refresh (table);
}

/* The table shown otherwise (interactive or not): nothing of it is kept. */
static void
forget_table (PenGameView *self)
{
  pen_motion_land (self->motion_layer);
  pen_region_forget (PEN_REGION (self->regions[PEN_VIEW_LOCATIONS]));
  pen_region_forget (PEN_REGION (self->regions[PEN_VIEW_WIZARD]));
  pen_region_forget (PEN_REGION (self->regions[PEN_VIEW_AUTOMA]));
  pen_region_forget (PEN_REGION (self->regions[PEN_VIEW_FATE_ROW]));
  pen_region_forget (PEN_REGION (self->regions[PEN_VIEW_MARKETS]));
}

/* The end of the game in the side pane, the final board kept in view beside
 * it: the turn's steps and questions give their room to the result and its
 * breakdown (pen-end-pane.c); the log stays below (its toggle works as
 * during the game). The Automa's last turn is told on the table before the
 * end is shown. */
static void
show_end (PenGameView *self,
          gboolean     telling)
{
  pen_end_pane_set_state (PEN_END_PANE (self->regions[PEN_VIEW_END_PANE]), self->interactive, telling);
  pen_region_update (PEN_REGION (PEN_END_PANE (self->regions[PEN_VIEW_END_PANE])), self->game, &self->model);
  pen_turn_pane_set_over (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), pen_game_is_over (self->game) && !telling);
}

/* The Fate row; each Prophecy and Goal it made anew shows under its card
 * how far each side is from it (pen-standing.c). */
static void
refresh_fate_row (PenGameView *self)
{
  g_autoptr(GPtrArray) cards = NULL;

  pen_region_update (PEN_REGION (self->regions[PEN_VIEW_FATE_ROW]), self->game, &self->model);
  cards = pen_fate_row_take_new_cards (PEN_FATE_ROW (self->regions[PEN_VIEW_FATE_ROW]));
  if (cards == NULL)
    return;
  for (guint i = 0; i < cards->len; i++)
    {
      GtkWidget *card = g_ptr_array_index (cards, i);

      pen_standing_progress_new (PEN_STANDING (self->regions[PEN_VIEW_STANDING]), card, g_object_get_data (G_OBJECT (card), "pen-fate-id"));
    }
}

static void
refresh (PenGameView *self)
{
  g_autoptr(PenMotion) motion = NULL;
  PenGame *game;
  gboolean telling;
  guint n_fate_reveals;

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  /* A hint was for the game as it was. */
  pen_table_clear_hint (self);
  /* What a popover offered was for the game as it was; and a button does
   * not remove a popover it holds: done here, before any button goes. */
  pen_table_remove_popover (self);
  if (self->game == NULL)
    return;

  /* While the Automa's turn is told, the table shows the game as its
   * narration has reached it (pen-log-pane.c), and offers nothing: the
   * parts of the table read self->game, which is that state until the log
   * is refreshed. */
  pen_log_pane_begin_narration (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]), self->game, self->interactive);
  telling = pen_log_pane_is_telling (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]));
  game = self->game;
  self->game = pen_log_pane_get_told_game (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]), game);

  /* Where the pieces are before the table changes, for its motions (a die
   * still flying is first put back in its cell). */
  pen_motion_land (self->motion_layer);
  if (pen_notice_get_last_reveals (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), &n_fate_reveals))
    {
      motion = pen_motion_capture (GTK_WIDGET (self->overlay));
      if (self->interactive)
        pen_fate_banner_show_news (self->fate_banner, self->game, n_fate_reveals);
    }
  /* One notice for all that happened since the last refresh. */
  pen_notice_set_telling (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), self->interactive);
  pen_region_update (PEN_REGION (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE])), self->game, &self->model);
  pen_table_model_set_actions (&self->model, self->game,
                               self->interactive && !telling && !pen_game_is_over (self->game)
                               ? pen_game_list_distinct_actions (self->game) : NULL);
  self->model.selected_die = -1;
  self->model.dragged_die = -1;
  self->refresh_after_drag = FALSE;
  refresh_fate_row (self);
  pen_region_update (PEN_REGION (PEN_STANDING (self->regions[PEN_VIEW_STANDING])), self->game, &self->model);
  pen_region_update (PEN_REGION (self->regions[PEN_VIEW_THREAT_ROW]), self->game, &self->model);
  pen_region_update (PEN_REGION (self->regions[PEN_VIEW_LOCATIONS]), self->game, &self->model);
  /* The Wizard's mat: its board, its supply (no die chosen any more), its zones. */
  pen_region_update (PEN_REGION (self->regions[PEN_VIEW_WIZARD]), self->game, &self->model);
  /* No die chosen any more: no cell lit or dimmed. */
  pen_table_highlight_cells (self);
  pen_region_update (PEN_REGION (self->regions[PEN_VIEW_MARKETS]), self->game, &self->model);
  pen_region_update (PEN_REGION (self->regions[PEN_VIEW_AUTOMA]), self->game, &self->model);
  pen_turn_pane_set_state (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), self->interactive, telling);
  pen_region_update (PEN_REGION (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE])), self->game, &self->model);
  pen_table_light_answers (self);
  self->game = game;
  if (!telling)
    pen_table_refresh_guide (self);
  pen_region_update (PEN_REGION (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE])), self->game, &self->model);
  if (motion != NULL)
    pen_motion_play (motion, GTK_WIDGET (self->overlay), self->motion_layer);
  /* The pieces' tooltips were set anew: the one a press or a drop closed stays closed. */
  pen_table_keep_tooltip_quiet (self);

  show_end (self, telling);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN_GAME]);
}

/* A drop applies its placement before the drag is over: the die's button,
 * the drag's source, may go with the supply's last die, so the table is
 * only updated once the drag has ended. */
static void
game_changed_cb (PenGame     *game,
                 PenGameView *self)
{
  pen_table_clear_hint (self);
  if (self->model.dragged_die >= 0)
    self->refresh_after_drag = TRUE;
  else
    schedule_refresh (self);
}

/* Escape puts the chosen die down (a popover takes its Escape first). */
static gboolean
put_die_down_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  PenGameView *self = PEN_GAME_VIEW (widget);

  if (self->model.selected_die < 0)
    return FALSE;
  self->model.selected_die = -1;
  pen_table_highlight_cells (self);
  return TRUE;
}

static void
pen_game_view_dispose (GObject *object)
{
  PenGameView *self = PEN_GAME_VIEW (object);

  if (self->motion_layer != NULL)
    pen_motion_land (self->motion_layer);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
  g_clear_object (&self->game);
  pen_table_clear_hint (self);
  pen_table_model_clear (&self->model);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  pen_table_remove_popover (self);
  pen_table_tooltips_clear (self);
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
      g_value_set_boolean (value, pen_log_pane_get_show_log (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE])));
      break;
    case PROP_SHOWN_GAME:
      g_value_set_object (value, pen_game_view_get_shown_game (self));
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

/* The regions' ids in pen-game-view.ui, by PenViewRegion. */
static const char *const region_ids[PEN_VIEW_N_REGIONS] = {
  [PEN_VIEW_NOTICE] = "notice",
  [PEN_VIEW_FATE_ROW] = "fate_row",
  [PEN_VIEW_STANDING] = "standing",
  [PEN_VIEW_THREAT_ROW] = "threat_row",
  [PEN_VIEW_LOCATIONS] = "locations",
  [PEN_VIEW_WIZARD] = "wizard_view",
  [PEN_VIEW_MARKETS] = "markets_view",
  [PEN_VIEW_AUTOMA] = "automa_mat",
  [PEN_VIEW_TURN_PANE] = "turn_pane",
  [PEN_VIEW_LOG_PANE] = "log_pane",
  [PEN_VIEW_END_PANE] = "end_pane",
};

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
  /* The game as the table shows it: while the Automa's turn is told, the
   * state its narration has reached; notified at each refresh. */
  properties[PROP_SHOWN_GAME] =
    g_param_spec_object ("shown-game", NULL, NULL, PEN_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PEN_TYPE_TABLE_LAYOUT);
  g_type_ensure (PEN_TYPE_FATE_ROW);
  g_type_ensure (PEN_TYPE_MARKETS_VIEW);
  g_type_ensure (PEN_TYPE_TABLE_SURFACE);
  g_type_ensure (PEN_TYPE_NOTICE);
  g_type_ensure (PEN_TYPE_STANDING);
  g_type_ensure (PEN_TYPE_END_PANE);
  g_type_ensure (PEN_TYPE_TURN_PANE);
  g_type_ensure (PEN_TYPE_LOG_PANE);
  g_type_ensure (PEN_TYPE_LOCATIONS_VIEW);
  g_type_ensure (PEN_TYPE_WIZARD_VIEW);
  g_type_ensure (PEN_TYPE_AUTOMA_MAT);
  g_type_ensure (PEN_TYPE_THREAT_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenGameView, overlay);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, motion_layer);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, stack);
  gtk_widget_class_bind_template_child (widget_class, PenGameView, table_holder);
  for (guint r = 0; r < PEN_VIEW_N_REGIONS; r++)
    gtk_widget_class_bind_template_child_full (widget_class, region_ids[r], FALSE,
                                               G_STRUCT_OFFSET (PenGameView, regions) + (gssize) (r * sizeof (GtkWidget *)));

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, put_die_down_cb, NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pen_game_view_init (PenGameView *self)
{
  self->interactive = TRUE;
  pen_table_model_init (&self->model);
  pen_table_host_init (&self->host, self);
  self->host.schedule_refresh = schedule_refresh_cb;
  pen_table_host_set (GTK_WIDGET (self), &self->host);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->fate_banner = pen_fate_banner_new ();
  gtk_overlay_add_overlay (self->overlay, self->fate_banner);
  /* Each line of the Automa's turn told: the table shows the state it
   * reached at once, not after the click (the step buttons stay where they are). */
  pen_log_pane_set_table (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]), GTK_WIDGET (self->stack));
  g_signal_connect_swapped (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]), "step", G_CALLBACK (refresh), self);
  pen_table_tooltips_init (self);
  pen_table_hint_init (self);
}

/**
 * pen_game_view_get_shown_game:
 * @self: a game view
 *
 * The game as the table shows it now: while the Automa's turn is told, the
 * state its narration has reached (the header says "The Automa's turn", not
 * yet "The game is over"); else the game.
 *
 * Returns: (transfer none) (nullable): the game shown
 */
PenGame *
pen_game_view_get_shown_game (PenGameView *self)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), NULL);
  return self->game != NULL ? pen_log_pane_get_told_game (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]), self->game) : NULL;
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
    g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
  g_set_object (&self->game, game);
  pen_end_pane_set_state (PEN_END_PANE (self->regions[PEN_VIEW_END_PANE]), self->interactive, pen_log_pane_is_telling (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE])));
  pen_end_pane_game_set (PEN_END_PANE (self->regions[PEN_VIEW_END_PANE]), game);
  if (game != NULL)
    g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
  /* Another game: its log is shown whole, and nothing of it is news; nor is
   * what the game before revealed (a New Game from the end screen showed the
   * ended game's last Fate cards over the new one). */
  pen_region_forget (PEN_REGION (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE])));
  pen_fate_banner_clear (self->fate_banner);
  pen_turn_pane_set_guided (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), FALSE);
  pen_region_forget (PEN_REGION (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE])));
  /* The table is kept: what the other game shows alike (its locations, the
   * boards, a market, the log's first lines) stays as it is, and the rest
   * is changed as after a move. */
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

  if (pen_log_pane_get_show_log (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE])) == !!show_log)
    return;
  pen_log_pane_set_show_log (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]), show_log);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LOG]);
}

/* The notice at the foot of the table (pen-notice.c). */
void
pen_game_view_show_notice (PenGameView *self,
                           const char  *message)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));
  g_return_if_fail (message != NULL);

  pen_notice_show (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), message);
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
  if (pen_table_model_find (&self->model, type) != NULL)
    {
      pen_table_take_action (self, pen_table_model_find (&self->model, type));
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
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  if (self->game == NULL || !self->interactive
      || !pen_wizard_view_pick_die (PEN_WIZARD_VIEW (self->regions[PEN_VIEW_WIZARD]), index))
    return;
  pen_locations_view_focus_legal (PEN_LOCATIONS_VIEW (self->regions[PEN_VIEW_LOCATIONS]));
}

static void
list_chosen_cb (const PenAction *action,
                gpointer         user_data)
{
  PenGameView *self = user_data;

  if (self->game != NULL)
    pen_table_take_action (self, action);
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

  if (self->model.actions == NULL || self->model.actions->len == 0)
    {
      pen_game_view_show_notice (self, _("Nothing can be done now."));
      return;
    }
  pen_action_list_present (GTK_WIDGET (self), self->game, self->model.actions, list_chosen_cb, self);
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
    pen_table_die_menu (self, piece);
  else if (GTK_IS_BUTTON (piece))
    g_signal_emit_by_name (piece, "clicked");
  else
    pen_table_open_piece (self, piece, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)), id, NULL);
}

/**
 * pen_game_view_is_settled:
 * @self: a game view
 *
 * Returns: whether the table shows the game as it is now (no update is
 *   waiting, the table is not being fitted to the window, no die is
 *   flying to its cell and no line of the log waits to be shown), for tests
 *   to wait on
 */
gboolean
pen_game_view_is_settled (PenGameView *self)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), FALSE);
  return self->refresh_source == 0 && !self->refresh_after_drag
         && !pen_table_layout_is_fitting (PEN_TABLE_LAYOUT (gtk_widget_get_layout_manager (self->table_holder)))
         && gtk_widget_get_first_child (GTK_WIDGET (self->motion_layer)) == NULL
         && pen_log_pane_is_settled (PEN_LOG_PANE (self->regions[PEN_VIEW_LOG_PANE]));
}
