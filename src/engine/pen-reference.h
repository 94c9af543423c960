/* pen-reference.h: the reference player — a heuristic for the human's side
 * of a game, deterministic given the game (and so its seed).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* What the reference player remembers within a turn. */
typedef struct
{
  guint turn;          /* pen_game_get_turn_number() of the turn */
  guint cards_used;    /* cards used this turn: a few, so chains end */
} PenReference;

gboolean pen_reference_choose (PenReference *self,
                               PenGame      *game,
                               GArray       *actions,
                               PenAction    *out);

G_END_DECLS
