/* pen-game-view-private.h: what the view and its controller share.
 * PenGameView (pen-game-view.c) holds the regions of the table and of the
 * side pane, widgets of their own implementing PenRegion (pen-region.h),
 * and calls down into them only; what their pieces ask of the table they
 * ask of its PenTableHost, which these files of the view serve:
 *
 *   pen-table-model.c      the actions offered, found from their pieces,
 *                          the die chosen or dragged
 *   pen-table-actions.c    what a piece can do: its popover, the buttons
 *                          taking actions, the links to the rules; the
 *                          host the regions ask
 *   pen-table-hint.c       the coach's hint and the guided first game
 *   pen-table-tooltips.c   tooltips closed by a press or a drop
 *
 * The regions (src/ui/table/, each with its template in resources/ui/):
 *
 *   pen-notice.c           the notice above the table, the news of the game
 *   pen-fate-row.c         the Fate deck, the Prophecies and Goals in play,
 *                          the Trial and Contract rows
 *   pen-threat-row.c       the Threat's dice and what each did
 *   pen-locations-view.c   the Class boards, the City and the Wilds
 *   pen-markets-view.c     the markets
 *   pen-wizard-view.c      your Wizard's mat, your dice, your zones
 *   pen-automa-mat.c       the Automa's mat
 *   pen-standing.c         the score now, and how far each side is from
 *                          each Prophecy and Goal in play
 *   pen-turn-pane.c        the guide, the steps of the moment, the questions
 *   pen-log-pane.c         the log, and the Automa's turn step by step, the
 *                          table showing each state it went through
 *   pen-end-pane.c         the end of the game, with the coach's review
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

/* The regions of the table and of the side pane (pen-region.h), widgets of
 * their own the view holds and calls down into. */
typedef enum
{
  PEN_VIEW_NOTICE,      /* PenNotice: the notice above the table */
  PEN_VIEW_FATE_ROW,    /* PenFateRow: the Fate deck, the cards in play, Trials, Contracts */
  PEN_VIEW_STANDING,    /* PenStanding: the score now */
  PEN_VIEW_THREAT_ROW,  /* PenThreatRow */
  PEN_VIEW_LOCATIONS,   /* PenLocationsView: the Classes, the City, the Wilds */
  PEN_VIEW_WIZARD,      /* PenWizardView: your board, your supply, your zones */
  PEN_VIEW_MARKETS,     /* PenMarketsView */
  PEN_VIEW_AUTOMA,      /* PenAutomaMat */
  PEN_VIEW_TURN_PANE,   /* PenTurnPane: the turn, the guided game */
  PEN_VIEW_LOG_PANE,    /* PenLogPane: the log, the Automa's turn told */
  PEN_VIEW_END_PANE,    /* PenEndPane: the game's end, the coach's review */
  PEN_VIEW_N_REGIONS
} PenViewRegion;

struct _PenGameView
{
  GtkWidget        parent_instance;

  PenGame         *game;
  PenTableModel    model;     /* the actions offered, the die chosen, what each region shows */
  gboolean         interactive;
  guint            refresh_source;
  gboolean         refresh_after_drag;
  GtkWidget       *popover;   /* weak: the open popover (choices, a card), on its button */
  PenTableHost     host;      /* what the regions ask of the table (pen-region.h) */
  PenTableHint     hint;      /* the coach's hint (pen-table-hint.c) */

  GtkOverlay      *overlay;        /* the table, the notice above it */
  GtkFixed        *motion_layer;   /* over the table: the dice flying (pen-motion.c) */
  GtkWidget       *fate_banner;    /* the Fate cards just revealed */
  GtkStack        *stack;          /* the table, or a page saying why there is none */
  GtkWidget       *table_holder;   /* PenTableSurface, laid out by PenTableLayout */
  GtkWidget       *regions[PEN_VIEW_N_REGIONS];
};

/* Dice on the table (in cells). */
#define PLACED_DIE_SIZE 30

/* pen-table-actions.c: the die chosen changed, the cells and the supply follow */
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
