/* pen-milestones.h: what happened between two moments of a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* What the notices compare of a player from one moment to the next. */
typedef struct
{
  guint  fulfilled;        /* Contracts fulfilled */
  char  *last_fulfilled;   /* the last one's id, or NULL */
  guint  passed;           /* Trials passed */
  char  *last_passed;      /* the last one, "light:ID" or "darkness:ID", or NULL */
  guint  wounds;           /* Mortal Wounds */
  guint  marks;            /* Marks on the board */
} PenMilestonesPlayer;

/* And of the game. */
typedef struct
{
  guint               n_players;
  PenMilestonesPlayer players[PEN_MAX_PLAYERS];
  guint               n_fate_reveals;   /* Fate cards revealed */
} PenMilestones;

void  pen_milestones_capture  (PenMilestones       *self,
                               PenGame             *game);
void  pen_milestones_clear    (PenMilestones       *self);
char *pen_milestones_describe (PenGame             *game,
                               const PenMilestones *before,
                               const PenMilestones *now);

G_END_DECLS
