/* pen-coach.h: the coach — a player that searches ahead, for hints and for
 * measuring the Automas.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pen-game.h"

G_BEGIN_DECLS

/* How hard the coach thinks. */
typedef struct
{
  guint  deals;       /* times the unseen is dealt anew; each candidate left is played out once in each */
  guint  keep;        /* candidates left after the first deal: the best of it */
  guint  horizon;     /* turns played out after the action, then the scores compared; 0: to the end */
  gint64 budget_us;   /* no deal is begun after this long (0: no limit); the first always is */
  guint  screen;      /* with more candidates than this, only this many go to the deals: the best
                       * once each has been played out to its end in the first deal (0: all go) */
} PenCoachSettings;

/* For the window: well under a second a decision on one core. */
extern const PenCoachSettings pen_coach_window;
/* For self-play and measuring: many games. */
extern const PenCoachSettings pen_coach_fast;
/* For the review of a whole game (pen-review.h): every decision of a game
 * in a few seconds on one core, and no time budget, so that a game is
 * always reviewed alike. */
extern const PenCoachSettings pen_coach_review;

typedef struct
{
  PenAction action;        /* the action advised */
  double    value;         /* its mean points ahead of the best opponent, where the play-outs stopped */
  double    next_value;    /* that of the next best action; value when there is no other */
  guint     n_candidates;  /* legal actions compared (Empower's sets of dice left out) */
  guint     n_deals;       /* deals each was played out in */
} PenCoachAdvice;

gboolean pen_coach_advise (PenGame                *game,
                           const PenCoachSettings *settings,
                           guint64                 seed,
                           GCancellable           *cancellable,
                           PenCoachAdvice         *advice);
gboolean pen_coach_compare (PenGame                *game,
                            const PenCoachSettings *settings,
                            guint64                 seed,
                            const PenAction        *played,
                            GCancellable           *cancellable,
                            PenCoachAdvice         *advice,
                            double                 *played_value);
guint64  pen_coach_position_seed (PenGame *game);

G_END_DECLS
