/* pen-pieces.c: which piece of the table each legal action starts on — a
 * die of the supply, a Mark cell, a location's cell, a card, a Trial, a
 * Contract, an Ingredient, a Threat die — named by its layout id (see
 * pen-layout-dump.c), or a step of the turn bar, or else a question the
 * turn bar asks (a colour, a path, a Talent). The table opens a piece's
 * actions on it; a test checks every legal action has its place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-pieces"

#include "config.h"

#include "pen-piece-id.h"
#include "pen-pieces.h"

static char *
mark_cell (PenGame *game,
           int      cell)
{
  return pen_piece_id_mark (pen_game_get_current_player (game), cell);
}

/**
 * pen_piece_of_action:
 * @game: the game
 * @action: one of its legal actions
 *
 * Returns: (transfer full) (nullable): the layout id of the piece @action is
 *   started on, or %NULL when it is a step of the turn bar or a question it
 *   asks (pen_piece_step() tells which).
 */
char *
pen_piece_of_action (PenGame         *game,
                     const PenAction *action)
{
  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  switch (action->type)
    {
    case PEN_ACTION_PLACE:
    case PEN_ACTION_KNOCK_OUT:
    case PEN_ACTION_MANIPULATE:
    case PEN_ACTION_DEFEND:
    case PEN_ACTION_RIFT_DISCARD:
      return pen_piece_id_die (action->die);
    case PEN_ACTION_USE_MARK:
      /* Setting or recolouring starts on the die; casting and unexhausting on the Mark. */
      if (action->value < PEN_MARK_EFFECT_CAST)
        return pen_piece_id_die (action->die);
      return mark_cell (game, action->index);
    case PEN_ACTION_HEAL:
      return mark_cell (game, action->index);
    case PEN_ACTION_THREAT_TARGET:
      if (action->index >= PEN_THREAT_TARGET_MARK)
        return mark_cell (game, action->index - PEN_THREAT_TARGET_MARK);
      return pen_piece_id_die (action->index);
    case PEN_ACTION_HURRY:
      return pen_piece_id_ingredient (PEN_INGREDIENT_TRINKETS);
    case PEN_ACTION_BIND:
      return pen_piece_id_ingredient (PEN_INGREDIENT_BLOOD);
    case PEN_ACTION_EXCHANGE:
      return pen_piece_id_ingredient (action->colour);
    case PEN_ACTION_CHOOSE_CONTRACT:
    case PEN_ACTION_RESERVE:
      if (action->index >= 0 && action->index < 4)
        return pen_piece_id_contract (action->index);
      return NULL;
    case PEN_ACTION_START_TRIAL:
      if (action->index >= 0 && action->index < PEN_RESERVED)
        return pen_piece_id_trial (action->index);
      return NULL;
    case PEN_ACTION_TAKE_CARD:
      return pen_piece_id_market (action->index / 3, action->index % 3);
    case PEN_ACTION_BUY_CARD:
      return pen_piece_id_market (action->value == 1 ? PEN_DECK_ARTIFACTS : PEN_DECK_POTIONS, action->index);
    case PEN_ACTION_BRIBE:
      return pen_piece_id_market (action->index, 0);
    case PEN_ACTION_SUMMON_FROM_MARKET:
      return pen_piece_id_market (action->colour, action->index);
    case PEN_ACTION_USE_CARD:
    case PEN_ACTION_DISCARD_ARTIFACT:
      return pen_piece_id_card (action->index);
    case PEN_ACTION_TAKE_BACK:
      return pen_piece_id_cell (game, action->location, action->section, action->cell);
    case PEN_ACTION_CARD_TOKEN:
      if (action->die >= 0)
        return pen_piece_id_die (action->die);
      if (action->value == PEN_TOKEN_HEAL || action->value == PEN_TOKEN_RECHARGE)
        return mark_cell (game, action->index);
      if (action->value == PEN_TOKEN_UNEXHAUST)
        return pen_piece_id_card (action->index);
      if (action->value == PEN_TOKEN_THREAT_UP || action->value == PEN_TOKEN_THREAT_DOWN)
        {
          guint n_outcomes;

          /* The table shows the dice that did something first, then those
           * still waiting (pen-threat-view.c): the adjusted die is one of these. */
          pen_game_get_threat_outcomes (game, &n_outcomes);
          return pen_piece_id_threat (n_outcomes + (guint) action->index);
        }
      return NULL;
    default:
      return NULL;
    }
}

/**
 * pen_piece_also_of_action:
 * @game: the game
 * @action: one of its legal actions
 *
 * Returns: (nullable): the other piece that offers @action besides the one
 *   it starts on: a Mark for the dice it sets or recolours, the other card
 *   of a market for its bribe; or %NULL
 */
char *
pen_piece_also_of_action (PenGame         *game,
                          const PenAction *action)
{
  if (action->type == PEN_ACTION_USE_MARK)
    return mark_cell (game, action->index);
  if (action->type == PEN_ACTION_BRIBE)
    return pen_piece_id_market (action->index, 1);
  return NULL;
}

/**
 * pen_piece_concerns:
 * @game: the game
 * @action: one of its legal actions
 * @piece: a piece's layout id
 *
 * Whether @piece offers @action: the piece it starts on, or the other
 * (pen_piece_also_of_action()).
 */
gboolean
pen_piece_concerns (PenGame         *game,
                    const PenAction *action,
                    const char      *piece)
{
  g_autofree char *primary = pen_piece_of_action (game, action);
  g_autofree char *secondary = NULL;

  if (g_strcmp0 (primary, piece) == 0)
    return TRUE;
  secondary = pen_piece_also_of_action (game, action);
  return g_strcmp0 (secondary, piece) == 0;
}

/**
 * pen_piece_step:
 * @action: a legal action
 *
 * Returns: the turn bar's place of @action (a #PenStep), or -1 when it is not
 *   a step of the turn bar.
 */
int
pen_piece_step (const PenAction *action)
{
  switch (action->type)
    {
    case PEN_ACTION_REST:
    case PEN_ACTION_SKIP_LOCATION:
    case PEN_ACTION_GIVE_UP:
      return PEN_STEP_LEFT;
    case PEN_ACTION_TASK_DO:
      return PEN_STEP_MIDDLE;
    case PEN_ACTION_END_TURN:
    case PEN_ACTION_USE_LOCATION:
    case PEN_ACTION_ROLL_THREAT:
    case PEN_ACTION_AUTOMA_TURN:
    case PEN_ACTION_FINISH_EXCHANGE:
    case PEN_ACTION_FINISH_BUYING:
    case PEN_ACTION_FINISH_CARD:
      return PEN_STEP_RIGHT;
    default:
      return -1;
    }
}
