/* pen-review.c: the coach's review of a game.
 *
 * The game's actions are applied one after the other to find the decisions
 * of the Wizard reviewed (more than one action to choose from; the Automa's
 * turns and forced moves are no decision). At each, the game replayed to it
 * as Review Game replays it (pen_game_replay()), the coach is asked with
 * pen_coach_compare() for its own advice and for the value of what was
 * played in the same deals. A decision costs the difference, and the
 * costliest few are the review. The coach is seeded by the position
 * (pen_coach_position_seed()), with no time budget, so a game is always
 * reviewed alike, and each suggestion is the Hint's there with the same
 * settings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-review"

#include "config.h"

#include "pen-review.h"

/* Whether @player chooses at @game's position, where @played was chosen:
 * its turn (not the Automa's), and something else could have been played. */
static gboolean
is_decision (PenGame         *game,
             guint            player,
             const PenAction *played)
{
  g_autoptr(GArray) actions = NULL;

  if (pen_game_is_over (game) || pen_game_get_current_player (game) != player
      || pen_game_get_automa_player (game) == (int) player || played->type == PEN_ACTION_AUTOMA_TURN)
    return FALSE;
  /* Empower's sets of dice are left out of the list, as the coach leaves
   * them out: one played is a decision all the same. */
  actions = pen_game_list_actions_without_empower (game);
  if (actions->len > 1)
    return TRUE;
  return actions->len == 0 || !pen_action_equal (&g_array_index (actions, PenAction, 0), played);
}

/* What the decision cost, by the coach's reckoning. */
static double
cost_of (const PenReviewDecision *decision)
{
  return decision->suggested_points - decision->played_points;
}

static int
compare_cost (gconstpointer a,
              gconstpointer b)
{
  const PenReviewDecision *x = a, *y = b;
  double cx = cost_of (x), cy = cost_of (y);

  if (cx != cy)
    return cx > cy ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static int
compare_index (gconstpointer a,
               gconstpointer b)
{
  const PenReviewDecision *x = a, *y = b;

  return x->index < y->index ? -1 : x->index > y->index;
}

/**
 * pen_review_default_player:
 * @game: a game
 *
 * Returns: the Wizard a review is of: the player's own in a solo game (the
 *   one who is not the Automa), else the first
 */
guint
pen_review_default_player (PenGame *game)
{
  g_return_val_if_fail (PEN_IS_GAME (game), 0);
  return pen_game_get_automa_player (game) == 0 ? 1 : 0;
}

/**
 * pen_review_game:
 * @saved: a game with its actions (a save loaded, or the game on the table)
 * @player: the Wizard whose decisions are reviewed (pen_review_default_player())
 * @settings: how hard the coach thinks: pen_coach_review
 * @cancellable: (nullable): stops the review between two play-outs
 * @progress: (nullable) (scope call): told after each decision reviewed,
 *   in the calling thread
 * @user_data: for @progress
 * @error: the replay's error, or %G_IO_ERROR_CANCELLED
 *
 * The decisions of @player that cost the most by the coach's reckoning:
 * the PEN_REVIEW_MIN_DECISIONS costliest of those that cost anything, and up
 * to PEN_REVIEW_MAX_DECISIONS with those that cost at least
 * PEN_REVIEW_NOTABLE_COST points, in the order they were played. @saved is
 * only read, so a copy of it (pen_game_copy()) can be reviewed in a thread
 * while the game goes on.
 *
 * Returns: (transfer full): an array of #PenReviewDecision, or %NULL with
 *   @error set
 */
GArray *
pen_review_game (PenGame                *saved,
                 guint                   player,
                 const PenCoachSettings *settings,
                 GCancellable           *cancellable,
                 PenReviewProgressFunc   progress,
                 gpointer                user_data,
                 GError                **error)
{
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) decisions = g_array_new (FALSE, FALSE, sizeof (PenReviewDecision));
  g_autoptr(PenGame) game = NULL;
  guint n, kept;

  g_return_val_if_fail (PEN_IS_GAME (saved), NULL);
  g_return_val_if_fail (player < pen_game_get_n_players (saved), NULL);
  g_return_val_if_fail (settings != NULL && settings->deals > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* First the decisions are found, so that the progress has its total.
   * The actions are applied one after the other; should one not apply as
   * pen_game_replay() applies it (an older save's), each position is
   * replayed on its own from there. */
  n = pen_game_get_n_history (saved);
  game = pen_game_replay (saved, 0, error);
  if (game == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      if (game == NULL)
        {
          game = pen_game_replay (saved, i, error);
          if (game == NULL)
            return NULL;
        }
      if (is_decision (game, player, pen_game_get_action (saved, i)))
        g_array_append_val (points, i);
      if (!pen_game_apply (game, pen_game_get_action (saved, i), NULL))
        g_clear_object (&game);
    }

  /* Each decision is reviewed where Review Game shows it: the game
   * replayed to it. Replaying costs little beside the coach's play-outs. */
  for (guint next = 0; next < points->len; next++)
    {
      guint i = g_array_index (points, guint, next);
      g_autoptr(PenGame) position = pen_game_replay (saved, i, error);
      PenReviewDecision decision = { 0 };
      PenCoachAdvice advice;

      if (position == NULL)
        return NULL;
      decision.index = i;
      decision.turn = pen_game_get_turn_number (position) + 1;
      decision.player = player;
      decision.played = *pen_game_get_action (saved, i);
      if (pen_game_check_action (position, &decision.played, NULL)
          && pen_coach_compare (position, settings, pen_coach_position_seed (position), &decision.played,
                                cancellable, &advice, &decision.played_points))
        {
          decision.suggested = advice.action;
          decision.suggested_points = advice.value;
          decision.n_candidates = advice.n_candidates;
          if (cost_of (&decision) > 0)
            g_array_append_val (decisions, decision);
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (progress != NULL)
        progress (next + 1, points->len, user_data);
    }

  g_array_sort (decisions, compare_cost);
  kept = MIN (decisions->len, PEN_REVIEW_MIN_DECISIONS);
  while (kept < MIN (decisions->len, PEN_REVIEW_MAX_DECISIONS)
         && cost_of (&g_array_index (decisions, PenReviewDecision, kept)) >= PEN_REVIEW_NOTABLE_COST)
    kept++;
  g_array_set_size (decisions, kept);
  g_array_sort (decisions, compare_index);
  return g_steal_pointer (&decisions);
}
