/* pen-game-view-private.h: what the files of the table share. PenGameView
 * (pen-game-view.c) is the glue between the table, the turn bar and the
 * side panel; each part of the table is a file of its own here, and works
 * on the view's fields below:
 *
 *   pen-table-model.c      the actions offered, found from their pieces,
 *                          what each region showed, the die chosen
 *   pen-table-actions.c    what a piece can do: its popover, the buttons
 *                          taking actions, the links to the rules
 *   pen-table-hint.c       the coach's hint and the guided first game
 *   pen-table-tooltips.c   tooltips closed by a press or a drop
 *
 * and the side pane's parts, and the notice, are regions of their own
 * (widgets implementing PenRegion, which know nothing of the view):
 *
 *   pen-fate-row.c         the Fate row with the Trials and Contracts
 *   pen-markets-view.c     the markets
 *   pen-notice.c           the notice above the table, the news of the game
 *   pen-standing.c         the score now, and how far each side is from
 *                          each Prophecy and Goal in play
 *   pen-end-pane.c         the end of the game, with the coach's review
 *   pen-turn-pane.c        the guide, the steps of the moment, the questions
 *   pen-log-pane.c         the log, and the Automa's turn step by step, the
 *                          table showing each state it went through
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "pen-coach.h"
#include "pen-game.h"
#include "pen-game-view.h"
#include "pen-game-view-cards.h"
#include "pen-end-pane.h"
#include "pen-log-pane.h"
#include "pen-notice.h"
#include "pen-region.h"
#include "pen-standing.h"
#include "pen-table-model.h"
#include "pen-turn-pane.h"

G_BEGIN_DECLS

/* The coach's hint (pen-table-hint.c). */
typedef struct
{
  GCancellable   *search;  /* the coach thinking of a hint, or NULL */
  PenCoachAdvice  advice;  /* the last hint, while shown */
  gboolean        shown;
} PenTableHint;

struct _PenGameView
{
  GtkWidget        parent_instance;

  PenGame         *game;
  gulong           changed_handler;
  PenTableModel    model;     /* the actions offered, the die chosen, what each region shows */
  gboolean         interactive;
  guint            refresh_source;
  gboolean         refresh_after_drag;
  GtkWidget       *popover;  /* weak: the open popover (choices, a card), on its button */
  PenTableHost     host;      /* what the regions ask of the table (pen-region.h) */

  GtkOverlay      *overlay;        /* the table, the notice above it */
  GtkFixed        *motion_layer;   /* over the table: the dice flying (pen-motion.c) */
  PenNotice       *notice;         /* the notice above the table */
  GtkWidget       *fate_banner;    /* the Fate cards just revealed */
  GtkStack        *stack;
  GtkWidget       *fate_row;       /* PenFateRow: the Fate deck, the cards in play, Trials, Contracts */
  GtkWidget       *table_holder;
  GtkWidget       *locations;      /* the Classes, the City, the Wilds (pen-locations-view.c) */
  GtkWidget       *markets_view;   /* PenMarketsView */
  GtkWidget       *automa_mat;     /* PenAutomaMat */
  GtkWidget       *wizard_view;    /* PenWizardView: the board, the supply, the zones */
  GtkWidget       *threat_row;     /* PenThreatRow */
  PenStanding     *standing;       /* the side pane: the score now */
  PenEndPane      *end_pane;       /* the game's end */
  PenTurnPane     *turn_pane;      /* the turn, the guided game */
  PenLogPane      *log_pane;       /* the log, the Automa's turn told */
  PenTableHint     hint;
};

/* Dice on the table (in cells). */
#define PLACED_DIE_SIZE 30

/* pen-game-view.c */
void        pen_table_schedule_refresh     (PenGameView     *self);
void        pen_table_refresh_now          (PenGameView     *self);
void        pen_table_remove_children      (GtkWidget       *widget);
guint       pen_table_human_player         (PenGame         *game);

/* pen-game-view.c: the die chosen changed, the cells and the supply follow */
void        pen_table_highlight_cells      (PenGameView     *self);

/* pen-table-actions.c */
void        pen_table_apply_action         (PenGameView     *self,
                                            const PenAction *action);
void        pen_table_take_action          (PenGameView     *self,
                                            const PenAction *action);
GtkWidget  *pen_table_action_button        (PenGameView     *self,
                                            const PenAction *action,
                                            const char      *text);
GtkPopover *pen_table_show_popover         (PenGameView     *self,
                                            GtkWidget       *button,
                                            GtkWidget       *child);
void        pen_table_remove_popover       (PenGameView     *self);
GtkWidget  *pen_table_rule_link_new        (PenGameView     *self,
                                            const char      *topic,
                                            GtkWidget       *child);
guint       pen_table_append_piece_actions (PenGameView     *self,
                                            GtkBox          *box,
                                            const char      *piece);
gboolean    pen_table_has_piece_actions    (PenGameView     *self,
                                            const char      *piece);
void        pen_table_refresh_die_box      (PenGameView     *self);
void        pen_table_open_piece           (PenGameView     *self,
                                            GtkWidget       *widget,
                                            GtkBox          *box,
                                            const char      *piece,
                                            const PenAction *representative);
gboolean    pen_table_answer_on_piece      (PenGameView     *self,
                                            const char      *piece);
void        pen_table_light_answers        (PenGameView     *self);
void        pen_table_host_init            (PenTableHost    *host,
                                            PenGameView     *self);
void        pen_table_die_clicked          (PenGameView     *self,
                                            GtkButton       *button);
void        pen_table_die_menu             (PenGameView     *self,
                                            GtkWidget       *button);
void        pen_table_make_piece_active    (PenGameView     *self,
                                            GtkWidget       *root,
                                            const char      *kind,
                                            const char      *id);

/* pen-table-tooltips.c */
void        pen_table_tooltips_init        (PenGameView     *self);
void        pen_table_tooltips_clear       (PenGameView     *self);
void        pen_table_tooltips_release     (PenGameView     *self,
                                            GtkWidget       *piece);
void        pen_table_quiet_tooltip        (PenGameView     *self);
void        pen_table_keep_tooltip_quiet   (PenGameView     *self);

/* pen-table-hint.c */
void        pen_table_hint_init            (PenGameView     *self);
void        pen_table_clear_hint           (PenGameView     *self);
void        pen_table_refresh_guide        (PenGameView     *self);

G_END_DECLS
