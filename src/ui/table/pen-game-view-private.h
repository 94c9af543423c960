/* pen-game-view-private.h: what the files of the table share. PenGameView
 * (pen-game-view.c) is the glue between the table, the turn bar and the
 * side panel; each part of the table is a file of its own here, and works
 * on the view's fields below:
 *
 *   pen-table-model.c      the actions offered, found from their pieces,
 *                          what each region showed, the die chosen
 *   pen-table-locations.c  the locations' cells, placing a die on them
 *   pen-table-actions.c    what a piece can do: its popover, the buttons
 *                          taking actions, the links to the rules
 *   pen-table-regions.c    the parts refilled when their part of the game
 *                          changed: Fate, the cards (pen-game-view-cards.c)
 *
 * The Wizard's mat and supply, the Automa's mat and the Threat are regions
 * (pen-wizard-view.c, pen-automa-mat.c, pen-threat-row.c).
 *   pen-table-turn-bar.c   the steps of the moment, and the questions
 *   pen-table-log.c        the log, and the Automa's turn step by step, the
 *                          table showing each state it went through
 *   pen-table-hint.c       the coach's hint and the guided first game
 *   pen-table-standing.c   the score now, and how far each side is from
 *                          each Prophecy and Goal in play
 *   pen-table-tooltips.c   tooltips closed by a press or a drop
 *   pen-table-review.c     the coach's review on the end screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "pen-coach.h"
#include "pen-game.h"
#include "pen-game-view.h"
#include "pen-game-view-cards.h"
#include "pen-milestones.h"
#include "pen-region.h"
#include "pen-table-model.h"

G_BEGIN_DECLS

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
  gboolean         tooltips_quiet; /* since a press or a drop (pen-table-tooltips.c) */
  GtkWidget       *quiet_piece;    /* weak: the piece whose tooltip it closed */
  GPtrArray       *cells;     /* the cell buttons of the locations, made once per game */
  GPtrArray       *cell_rows; /* each section's row of cells (its box) */
  GHashTable      *location_blocks; /* each location's pieces, by id, kept (pen-table-locations.c) */
  PenGameViewCardsHost cards_host; /* what the cards' buttons ask of the view */
  PenTableHost     host;      /* what the regions ask of the table (pen-region.h) */

  GtkOverlay      *overlay;        /* the table, the notice above it */
  GtkFixed        *motion_layer;   /* over the table: the dice flying (pen-motion.c) */
  GtkRevealer     *notice_revealer;
  GtkWidget       *fate_banner;    /* the Fate cards just revealed */
  GtkLabel        *notice_label;
  guint            notice_timer;   /* hides the notice */
  GtkStack        *stack;
  GtkLabel        *common_label;
  GtkBox          *in_play_box;
  GtkWidget       *table_holder;
  GtkGrid         *locations_grid;
  GtkWidget       *automa_mat;     /* PenAutomaMat */
  GtkWidget       *wizard_view;    /* PenWizardView: the board, the supply, the zones */
  GtkFlowBox      *markets_box;
  GtkWidget       *threat_row;     /* PenThreatRow */
  GtkGrid         *quests_grid;
  GtkLabel        *turn_heading;
  GtkLabel        *status_label;   /* what the game waits for, in the engine's words */
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
  guint            log_held_tick;  /* shows the lines held out of a frame (pen-table-log.c) */
  guint            log_held_frames;
  GtkWidget       *automa_controls;
  GtkToggleButton *automa_pause_button;
  GtkWidget       *automa_step_button;
  GtkWidget       *automa_all_button;
  GtkDropDown     *automa_speed;
  guint            log_shown;      /* lines of the game's log shown */
  GArray          *log_links;      /* the cards those lines name (pen-table-log.c) */
  guint            log_timer;      /* shows the Automa's turn line by line */
  GPtrArray       *told_states;    /* of PenGame: the Automa's turn being told, the state before
                                    * each of its lines (pen_game_take_automa_turn()), or NULL */
  guint            told_from;      /* the log's line where that turn began */
  gboolean         told_just_now;  /* its last line's piece stays lit through the next refresh */
  GSettings       *settings;       /* the narration's speed, remembered (NULL without the schema) */
  GtkWidget       *lit;            /* weak: the piece the newest narrated line touches */
  PenMilestones    last_state;     /* the game at the last refresh, for the notices */
  gboolean         has_last_state;
  GCancellable    *hint_search;    /* the coach thinking of a hint, or NULL */
  PenCoachAdvice   hint;           /* the last hint, while has_hint */
  char            *hint_text;      /* its sentence, while in the notice */
  gboolean         has_hint;
  gboolean         guided;         /* the guided first game, in its guided turns */
  GtkWidget       *guide_box;
  GtkLabel        *guide_label;
  GtkButton       *guide_button;
  GtkWidget       *actions_scroll; /* the questions' pane (actions_box, die_box) */
  GtkWidget       *end_box;        /* the game's end: the result and its breakdown, in the side pane */
  GtkLabel        *result_label;
  GtkGrid         *score_grid;
  GtkBox          *standing_box;   /* the score now (pen-table-standing.c) */
  GtkWidget       *standing_button;
  GtkLabel        *score_labels[2];       /* "You 23", "Ruby 41": the player, the Automa */
  GtkLabel        *standing_heads[2];     /* its popover's breakdown: the sides' names */
  GtkLabel        *standing_cells[2][10]; /* and their parts */
  GPtrArray       *progress_labels; /* under each Prophecy and Goal in play, weak: their cards hold them */
  GtkWidget       *review_section; /* the coach's review, in end_box (pen-table-review.c) */
  GtkStack        *review_stack;   /* its moments: "start", "running", "stopped", "done" */
  GtkProgressBar  *review_progress;
  GtkLabel        *review_message; /* why it stopped */
  GtkWidget       *review_again;
  GtkBox          *review_rows;    /* a row per decision */
  PenGame         *review_of;      /* the game reviewed (or being), or NULL */
  guint            review_of_n;    /* its actions then */
  GCancellable    *review_cancellable; /* the review running, or NULL */
  gpointer         review_job;     /* what its thread shares with the window, or NULL */
  guint            review_timer;   /* follows its progress */
};

/* Dice on the table (in cells). */
#define PLACED_DIE_SIZE 30

/* pen-game-view.c */
void        pen_table_schedule_refresh     (PenGameView     *self);
void        pen_table_refresh_now          (PenGameView     *self);
void        pen_table_remove_children      (GtkWidget       *widget);
guint       pen_table_human_player         (PenGame         *game);
void        pen_table_notice_remove_line   (PenGameView     *self,
                                            const char      *text);

/* pen-table-locations.c */
void        pen_table_refresh_board        (PenGameView     *self);
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
void        pen_table_cards_open_cb        (gpointer         user_data,
                                            GtkWidget       *button,
                                            GtkBox          *box,
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

/* pen-table-regions.c */
void        pen_table_refresh_common       (PenGameView     *self);
void        pen_table_refresh_cards        (PenGameView     *self);

/* pen-table-turn-bar.c */
void        pen_table_refresh_turn_bar     (PenGameView     *self);
void        pen_table_refresh_status       (PenGameView     *self);

/* pen-table-log.c */
void        pen_table_log_class_init       (GtkWidgetClass  *widget_class);
void        pen_table_log_init             (PenGameView     *self);
void        pen_table_refresh_log          (PenGameView     *self);
void        pen_table_begin_narration      (PenGameView     *self);
void        pen_table_stop_narration       (PenGameView     *self);
PenGame    *pen_table_told_game            (PenGameView     *self);

/* pen-table-tooltips.c */
void        pen_table_tooltips_init        (PenGameView     *self);
void        pen_table_tooltips_clear       (PenGameView     *self);
void        pen_table_tooltips_release     (PenGameView     *self,
                                            GtkWidget       *piece);
void        pen_table_quiet_tooltip        (PenGameView     *self);
void        pen_table_keep_tooltip_quiet   (PenGameView     *self);

/* pen-table-standing.c */
void        pen_table_standing_init        (PenGameView     *self);
void        pen_table_progress_new         (PenGameView     *self,
                                            GtkWidget       *card,
                                            const char      *id);
void        pen_table_refresh_standing     (PenGameView     *self);

/* pen-table-review.c */
void        pen_table_review_init          (PenGameView     *self);
void        pen_table_refresh_review       (PenGameView     *self,
                                            gboolean         over);
void        pen_table_review_game_set      (PenGameView     *self);
void        pen_table_review_dispose       (PenGameView     *self);

/* pen-table-hint.c */
void        pen_table_hint_class_init      (GtkWidgetClass  *widget_class);
void        pen_table_clear_hint           (PenGameView     *self);
void        pen_table_refresh_guide        (PenGameView     *self);

G_END_DECLS
