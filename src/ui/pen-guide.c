/* pen-guide.c: the guided first game. Its first turns say what the moment
 * of the turn is about, beside the coach's hint lit on the table; then the
 * player is left alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-guide"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-guide.h"

/* The guided game: the rulebook's ready-made Fate deck, against the
 * Emerald Automa (the easiest), on one seed, so the first turns are always
 * those the guide was read on. */
#define GUIDE_SEED 2027

/**
 * pen_guide_new_game:
 *
 * Returns: (transfer full): the game the guide leads through
 */
PenGame *
pen_guide_new_game (GError **error)
{
  return pen_game_new_solo (GUIDE_SEED, "emerald", 1, TRUE, error);
}

/**
 * pen_guide_is_over:
 * @game: the guided game
 *
 * Returns: whether the guided turns are past (or the game is over)
 */
gboolean
pen_guide_is_over (PenGame *game)
{
  return pen_game_is_over (game) || pen_game_get_turn_number (game) >= PEN_GUIDE_TURNS;
}

static const char *
describe_turn (PenGame *game)
{
  switch (pen_game_get_turn_type (game))
    {
    case PEN_TURN_STUDY:
      return _("A Study turn: up to two placements (one on the game’s first turn), and between them "
               "any Mark, card or dice effect you can use. End the turn when nothing more helps.");
    case PEN_TURN_TRIAL:
      return _("A Trial turn: face its Threat, then pay its tasks with dice and Ingredients, one after "
               "another. A passed Trial scores and gives its reward.");
    case PEN_TURN_REST:
      return _("A Rest turn: the Rest thread of your Wizard board gives you dice back from the "
               "locations, unexhausts your cards and recharges your Marks. Then end the turn.");
    case PEN_TURN_UNDECLARED:
    default:
      return _("Your turn: Study (place dice in the locations’ cells), start a Trial, or Rest to take "
               "dice back. Click a die to light the cells it can go to; the gold frame is the coach’s "
               "suggestion.");
    }
}

/**
 * pen_guide_describe:
 * @game: the guided game, not over
 *
 * Returns: what the moment of the turn is about, in a sentence or two
 */
const char *
pen_guide_describe (PenGame *game)
{
  if (pen_guide_is_over (game))
    return _("From here on you play alone. Ask the coach whenever you like: Hint at the top of the "
             "window, or Ctrl+H. F1 opens the rules.");
  if ((int) pen_game_get_current_player (game) == pen_game_get_automa_player (game))
    return _("The Automa’s turn. It makes no choices: its instruction cards say what it does. "
             "Play its turn and follow the log; the piece it touches is lit blue.");
  switch (pen_game_get_pending (game))
    {
    case PEN_PENDING_TALENT:
      return _("First choose your Talent: it gives your starting Mark, Ingredients and Discipline "
               "card, and your place in the turn order.");
    case PEN_PENDING_LOCATION:
      return _("The die is placed. Use the effect of its section now, or skip it when it would not "
               "help you.");
    case PEN_PENDING_THREAT:
      return _("A Threat: each of its dice knocks out a die of your supply showing its number, or "
               "else wounds a Mark of that value. Cancel what you can before the roll, then roll.");
    case PEN_PENDING_EXCHANGE:
    case PEN_PENDING_BUY:
      return _("Exchange or buy what the effect allows, then finish it in the turn bar.");
    case PEN_PENDING_CONTRACT:
    case PEN_PENDING_RESERVE:
      return _("Choose a Contract of the row: fulfilled, it scores and gives its reward.");
    case PEN_PENDING_PATH:
    case PEN_PENDING_TASK:
      return _("A Trial: choose its path, then pay each task. The reward comes when the last task "
               "is done.");
    case PEN_PENDING_NONE:
      return describe_turn (game);
    default:
      return _("The effect asks a choice of you: the gold frame shows the coach’s pick.");
    }
}
