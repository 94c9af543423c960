/* pen-review.h: the coach's review of a game: the decisions of a Wizard
 * that cost the most, by the coach's reckoning.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pen-coach.h"
#include "pen-game.h"

G_BEGIN_DECLS

/* A review names at most this many decisions... */
#define PEN_REVIEW_MAX_DECISIONS 5
/* ...and at least this many, when as many cost anything; beyond them only
 * those that cost at least PEN_REVIEW_NOTABLE_COST points. */
#define PEN_REVIEW_MIN_DECISIONS 3
#define PEN_REVIEW_NOTABLE_COST 1.0

typedef struct
{
  guint     index;             /* the action's index in the game's actions (pen_game_get_action()) */
  guint     turn;              /* the turn as the window counts it: everyone's turns taken + 1 */
  guint     player;            /* the Wizard who chose */
  PenAction played;            /* what the Wizard played */
  PenAction suggested;         /* what the coach advises there (pen_coach_advise()) */
  double    played_points;     /* the coach's value of each (PenCoachAdvice.value): points */
  double    suggested_points;  /* ahead of the best opponent where its play-outs stopped */
  guint     n_candidates;      /* legal actions the coach compared */
} PenReviewDecision;

/* Called after each decision reviewed, in the thread that runs the review. */
typedef void (*PenReviewProgressFunc) (guint    done,
                                       guint    total,
                                       gpointer user_data);

guint   pen_review_default_player (PenGame                *game);
GArray *pen_review_game           (PenGame                *saved,
                                   guint                   player,
                                   const PenCoachSettings *settings,
                                   GCancellable           *cancellable,
                                   PenReviewProgressFunc   progress,
                                   gpointer                user_data,
                                   GError                **error);

G_END_DECLS
