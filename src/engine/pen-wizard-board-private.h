/* pen-wizard-board-private.h: a Wizard's board as the rules engine reads it.
 *
 * Listing the legal actions reads the current board's Marks, dice and
 * Ingredients for every candidate, hundreds of times an action: through the
 * public getters, their type checks and the calls took a tenth of random
 * self-play's time. The rules engine's files (pen-wizard-board.c and the
 * pen-game*.c files, through pen-game-private.h) read the state here
 * instead, with the same bounds asserted; they change it only through the
 * public functions. Everything else uses pen-wizard-board.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-wizard-board.h"

G_BEGIN_DECLS

struct _PenWizardBoard
{
  GObject            parent_instance;

  const PenBoardDef *def;
  PenMark            marks[PEN_N_MARK_CELLS];
  GArray            *dice;   /* of PenDie */
  guint              ingredients[PEN_N_INGREDIENTS];
  guint              mortal_wounds;
};

/* pen_wizard_board_get_mark() without the type check. */
static inline const PenMark *
board_mark (PenWizardBoard *board,
            guint           cell)
{
  g_assert (cell < PEN_N_MARK_CELLS);
  return &board->marks[cell];
}

/* pen_wizard_board_get_n_dice() without the type check. */
static inline guint
board_n_dice (PenWizardBoard *board)
{
  return board->dice->len;
}

/* pen_wizard_board_get_die() without the type check. */
static inline const PenDie *
board_die (PenWizardBoard *board,
           guint           index)
{
  g_assert (index < board->dice->len);
  return &g_array_index (board->dice, PenDie, index);
}

/* pen_wizard_board_get_ingredient() without the type check. */
static inline guint
board_ingredient (PenWizardBoard *board,
                  PenIngredient   ingredient)
{
  g_assert (ingredient < PEN_N_INGREDIENTS);
  return board->ingredients[ingredient];
}

G_END_DECLS
