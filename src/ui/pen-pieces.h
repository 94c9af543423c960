/* pen-pieces.h: which piece of the table each legal action starts on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* The turn bar's rows, each always in the same spot. */
typedef enum
{
  PEN_STEP_LEFT,     /* Rest, Skip, Give up the task */
  PEN_STEP_MIDDLE,   /* Start a Trial, Hurry, a task without dice */
  PEN_STEP_RIGHT,    /* the step that moves the game on: End turn, Use the effect, Roll the Threat… */
  PEN_N_STEPS,
} PenStep;

char     *pen_piece_of_action    (PenGame         *game,
                                  const PenAction *action);
char     *pen_piece_also_of_action (PenGame       *game,
                                  const PenAction *action);
gboolean  pen_piece_concerns     (PenGame         *game,
                                  const PenAction *action,
                                  const char      *piece);
int       pen_piece_step         (const PenAction *action);

G_END_DECLS
