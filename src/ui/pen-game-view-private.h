/* pen-game-view-private.h: what the files of the game view share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game-view.h"
#include "pen-game-view-cards.h"

G_BEGIN_DECLS

struct _PenGameView
{
  GtkWidget        parent_instance;

  PenGame         *game;
  gulong           changed_handler;
  GArray          *actions;   /* PenAction, in the order of the buttons */
  GArray          *all_actions; /* every legal action, placements included */
  gboolean         interactive;
  guint            refresh_source;
  gboolean         refresh_after_drag;
  GtkWidget       *popover;  /* weak: the open popover (choices, a card), on its button */
  GPtrArray       *cells;     /* the cell buttons of the locations */
  int              selected_die;  /* the supply die chosen by a click, or -1 */
  int              dragged_die;   /* the supply die being dragged, or -1 */
  PenGameViewCardsHost cards_host; /* what the cards' buttons ask of the view */

  AdwToastOverlay *toast_overlay;
  GtkStack        *stack;
  GtkLabel        *common_label;
  GtkGrid         *locations_grid;
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
  GtkBox          *actions_box;
  GtkScrolledWindow *log_scroll;
  GtkTextView     *log_view;
  GtkWidget       *automa_controls;
  GtkToggleButton *automa_pause_button;
  GtkWidget       *automa_step_button;
  GtkWidget       *automa_all_button;
  GtkDropDown     *automa_speed;
  guint            log_shown;      /* lines of the game's log shown */
  guint            log_timer;      /* shows the Automa's turn line by line */
  gboolean         automa_was_playing;
  JsonNode        *last_state;     /* the state at the last refresh, for the toasts */
  GtkLabel        *result_label;
  GtkGrid         *score_grid;
};

void pen_game_view_remove_children          (GtkWidget          *widget);
void pen_game_view_show_popover             (PenGameView        *self,
                                             GtkWidget          *button,
                                             GtkWidget          *child,
                                             const GdkRectangle *pointing_to);
void pen_game_view_append_choices           (PenGameView        *self,
                                             GtkBox             *box,
                                             GArray             *actions);
void pen_game_view_append_choices_or_reason (PenGameView        *self,
                                             GtkBox             *box,
                                             GArray             *actions,
                                             const PenAction    *representative);

G_END_DECLS
