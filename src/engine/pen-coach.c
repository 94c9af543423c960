/* pen-coach.c: the coach, a player that searches ahead.
 *
 * Flat Monte Carlo over the legal actions of a decision: the unseen (the
 * order of the face-down decks, the rolls to come) is dealt anew, never
 * read, a number of times; in each deal every candidate action is applied to
 * a copy and the game played on by the reference player (every Wizard; the
 * Automa plays itself) for a few turns, and the action whose play-outs end
 * furthest ahead of the best opponent on average (less the Fate cards they
 * revealed) is advised. The first deal plays out every legal action (but
 * Empower's sets of Orange dice; of many, only those a screen leaves), the
 * others only the best few of it. Every candidate meets the same deals, so
 * their differences are not the luck of the deal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-coach"

#include "config.h"

#include <string.h>

#include "pen-coach.h"
#include "pen-reference.h"

/* A play-out that has not ended after this many actions is scored where it is. */
#define MAX_PLAYOUT_ACTIONS 5000

/* Both play out the Wizard's turn and the Automa's reply. Against Jasper
 * (300 games from seed 1, the fast setting of 2 deals) that and the Fate
 * card's cost below won 75% with a mean of 58.5, where the Wizard's own turn
 * alone won 74% with 49.8; three turns, the reference player's next one among
 * them, won 25% of 20.
 *
 * The fast setting plays 8 deals, not 2: the 3 candidates kept meet 8 deals
 * instead of 2. Against Jasper, 300 games from seed 901: 74.3% wins with a
 * mean of 60.5 (2 deals: 74.3% and 58.2), 1.05 s of CPU a game (0.58 s with
 * 2 deals), 84 decisions a second (183 with 2 deals, timed apart). Against
 * Jasper, 150 games from seed 2001 (bench --coach --deals N): 2 deals won
 * 72.7% with a mean of 55.6, 3 deals 76.7% and 58.6, 4 deals 73.3% and 59.4,
 * 6 deals 77.3% and 57.2, 8 deals 82.7% and 63.4. A screen of 12 instead of 8
 * (57.1 with 3 deals) and keeping 4 (59.0 with 4 deals) did no better. */
const PenCoachSettings pen_coach_window = { 64, 12, 2, 800000, 24 };
const PenCoachSettings pen_coach_fast = { 8, 3, 2, 0, 8 };
/* The review asks the coach at every decision of a game, about 110 in the
 * coach's own games: the window's 64 deals, keep 12, screen 24 took 21 s
 * of CPU for one of 75 decisions. 32 deals, keep 8 and screen 16, four
 * times the fast setting's deals, took a p50 of 2.2 s and a p95 of 7.3 s
 * of CPU over 24 such games of 17 to 41 turns (build-aux/bench-review.sh,
 * HACKING.md, "Benchmarks"), within the 20 s a review may take on one core;
 * no time budget, so that a game is always reviewed alike. */
const PenCoachSettings pen_coach_review = { 32, 8, 2, 0, 16 };

/* What a Wizard gives up, in points, with each Fate card revealed in a
 * play-out (by its Rest or Trial, a Study reveals none, or by the Automa's
 * Trial): the deck is the game's clock, so a Rest shortens the game by a
 * card. Without it the coach, which values dice in hand, rested in more than
 * half of its turns and Studied two or three times a game. 1 and 3 did no
 * better than 2 (56.7 and 57.8 at 150 games). */
#define FATE_CARD_COST 2.0

/* What a Wizard holds that is not points yet, in points: where a play-out
 * stops before the end, dice, Ingredients, cards and charged Marks are worth
 * something, or the coach would see nothing in a Rest. The weights are
 * rough: about what the reference player turns them into. */
static double
potential (PenGame *game,
           guint    player)
{
  PenWizardBoard *board = pen_game_get_player (game, player);
  double value = 0;

  if (pen_game_is_over (game))
    return 0;
  value += 1.0 * pen_wizard_board_get_n_dice (board);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (i != PEN_INGREDIENT_ARCANA)
      value += 0.4 * pen_wizard_board_get_ingredient (board, i);
  value += 1.5 * pen_game_get_n_cards (game, player);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = pen_wizard_board_get_mark (board, c);

      if (mark->occupied)
        value += mark->state == PEN_MARK_CHARGED ? 1.0 : mark->state == PEN_MARK_WOUNDED ? -1.0 : 0;
    }
  return value;
}

/* The points @player is ahead of the best of the others, now, and what it
 * holds besides. */
static double
points_ahead (PenGame *game,
              guint    player)
{
  PenScoreBreakdown score;
  double mine = 0, best = -G_MAXDOUBLE;

  for (guint p = 0; p < pen_game_get_n_players (game); p++)
    {
      int total = 0;

      if (pen_game_get_talent (game, p) != NULL)
        {
          pen_game_compute_score (game, p, &score);
          total = score.total;
        }
      if (p == player)
        mine = total + potential (game, p);
      else
        best = MAX (best, total);
    }
  return best == -G_MAXDOUBLE ? mine : mine - best;
}

/* Whether a play-out that screens an action has seen it to its end: its
 * choices made (the reference player's) and the Wizard back at the choice
 * it was at (@pending) or free to choose anything, or the turn over. */
static gboolean
settled (PenGame    *game,
         guint       player,
         guint       turn,
         PenPending  pending)
{
  return pen_game_get_turn_number (game) != turn || pen_game_get_current_player (game) != player
         || pen_game_get_pending (game) == PEN_PENDING_NONE || pen_game_get_pending (game) == pending;
}

/* Applies @action to a copy of @deal and plays @horizon turns on (to the
 * end with 0) by the reference player; with @screen, only to the action's
 * end (settled()). */
static double
play_out (PenGame         *deal,
          const PenAction *action,
          guint            player,
          guint            horizon,
          gboolean         screen)
{
  g_autoptr(PenGame) game = pen_game_copy (deal);
  PenReference memory[PEN_MAX_PLAYERS];
  guint turn = pen_game_get_turn_number (game);
  guint stop = turn + horizon;
  PenPending pending = pen_game_get_pending (game);
  guint fate = pen_game_get_fate_remaining (game);

  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    memory[p] = (PenReference) { G_MAXUINT, 0 };
  if (!pen_game_apply (game, action, NULL))
    g_assert_not_reached ();
  for (guint n = 0; n < MAX_PLAYOUT_ACTIONS && !pen_game_is_over (game)
                    && (screen ? !settled (game, player, turn, pending)
                        : horizon == 0 || pen_game_get_turn_number (game) < stop); n++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions_without_empower (game);
      PenAction chosen;

      if (!pen_reference_choose (&memory[pen_game_get_current_player (game)], game, actions, &chosen)
          || !pen_game_apply (game, &chosen, NULL))
        break;
    }
  return points_ahead (game, player) - FATE_CARD_COST * ((double) fate - pen_game_get_fate_remaining (game));
}

/* The index of the first action of @type, or G_MAXUINT. */
static guint
find_type (GArray        *actions,
           PenActionType  type)
{
  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, PenAction, i).type == type)
      return i;
  return G_MAXUINT;
}

/* Of the @n candidates @left, leaves only the @keep best (the first listed
 * among equals). */
static void
keep_best (const double *total,
           gboolean     *left,
           guint         n,
           guint         keep)
{
  g_autofree gboolean *was = g_memdup2 (left, n * sizeof (gboolean));

  for (guint i = 0; i < n; i++)
    {
      guint better = 0;

      for (guint j = 0; j < n && was[i] && better < keep; j++)
        better += was[j] && (total[j] > total[i] || (total[j] == total[i] && j < i));
      left[i] = was[i] && better < keep;
    }
}

/* The search of pen_coach_advise() and pen_coach_compare(). With @played,
 * that action is also played out in every deal (added to the candidates if
 * the coach would not list it: Empower, a whole turn passed), yet it takes
 * no part in the screen, in what the first deal keeps, or in the advice: the
 * advice is the action pen_coach_advise() advises, and *@played_value is what
 * the same deals made of @played. */
static gboolean
search (PenGame                *game,
        const PenCoachSettings *settings,
        guint64                 seed,
        GCancellable           *cancellable,
        const PenAction        *played,
        PenCoachAdvice         *advice,
        double                 *played_value)
{
  g_autoptr(GArray) actions = NULL;
  g_autofree double *total = NULL;
  g_autofree gboolean *left = NULL;
  guint player, best = 0, next = 0, deals = 0, n_candidates;
  guint extra = G_MAXUINT;
  gint64 start = g_get_monotonic_time ();

  /* Empower's sets of Orange dice are left out: a supply of many has
   * exponentially many, and the reference player, who plays the deals out,
   * never uses one. The coach does not advise Empower. */
  actions = pen_game_list_actions_without_empower (game);
  if (actions->len == 0)
    return FALSE;
  /* A whole turn passed (the turn ended where Rest could begin it) gains
   * nothing a Rest would not; yet with no dice and a Fate card's cost it can
   * look better, and turn after turn it would never end the game (a game
   * against Ruby, seed 63, did so). The coach does not advise it. */
  if (find_type (actions, PEN_ACTION_REST) != G_MAXUINT)
    for (guint i = actions->len; i-- > 0;)
      if (g_array_index (actions, PenAction, i).type == PEN_ACTION_END_TURN)
        g_array_remove_index (actions, i);
  n_candidates = actions->len;
  if (played != NULL)
    {
      for (guint i = 0; i < actions->len && extra == G_MAXUINT; i++)
        if (pen_action_equal (&g_array_index (actions, PenAction, i), played))
          extra = i;
      if (extra == G_MAXUINT)
        {
          g_array_append_val (actions, *played);
          extra = actions->len - 1;
        }
    }
  player = pen_game_get_current_player (game);
  total = g_new0 (double, actions->len);
  left = g_new (gboolean, actions->len);
  for (guint i = 0; i < actions->len; i++)
    left[i] = i < n_candidates;

  if (actions->len > 1)
    for (; deals < settings->deals; deals++)
      {
        g_autoptr(PenGame) deal = NULL;

        if (deals > 0 && settings->budget_us > 0 && g_get_monotonic_time () - start > settings->budget_us)
          break;
        deal = pen_game_copy_unseen (game, seed + deals * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
        /* Many candidates (a card's cost paid with each set of dice, each
         * die in each cell) are first screened in the first deal: each
         * played to its own end only, and the best go on. */
        if (deals == 0 && settings->screen > 0 && n_candidates > settings->screen)
          {
            for (guint i = 0; i < n_candidates; i++)
              {
                if (g_cancellable_is_cancelled (cancellable))
                  return FALSE;
                total[i] = play_out (deal, &g_array_index (actions, PenAction, i), player, 0, TRUE);
              }
            keep_best (total, left, n_candidates, settings->screen);
            memset (total, 0, actions->len * sizeof (double));
          }
        /* The window cancels a search when the game changes: it stops
         * after the play-out under way, not after a whole deal. */
        for (guint i = 0; i < actions->len; i++)
          {
            if (g_cancellable_is_cancelled (cancellable))
              return FALSE;
            if (left[i] || i == extra)
              total[i] += play_out (deal, &g_array_index (actions, PenAction, i), player, settings->horizon, FALSE);
          }
        if (deals == 0)
          keep_best (total, left, n_candidates, MAX (settings->keep, 2));
      }

  best = G_MAXUINT;
  for (guint i = 0; i < n_candidates; i++)
    if (left[i] && (best == G_MAXUINT || total[i] > total[best]))
      best = i;
  next = G_MAXUINT;
  for (guint i = 0; i < n_candidates; i++)
    if (left[i] && i != best && (next == G_MAXUINT || total[i] > total[next]))
      next = i;

  g_assert (best != G_MAXUINT);
  advice->action = g_array_index (actions, PenAction, best);
  advice->n_candidates = n_candidates;
  advice->n_deals = deals;
  advice->value = deals > 0 ? total[best] / deals : 0;
  advice->next_value = deals > 0 && next != G_MAXUINT ? total[next] / deals : advice->value;
  if (played_value != NULL)
    *played_value = deals > 0 ? total[extra] / deals : advice->value;
  return TRUE;
}

/**
 * pen_coach_advise:
 * @game: a game where a Wizard (not the Automa) is to act
 * @settings: how hard to think: pen_coach_window, pen_coach_fast
 * @seed: of the deals; with no time budget, the same seed gives the same advice
 * @cancellable: (nullable): stops the search
 * @advice: (out): the action advised, and why
 *
 * Returns: %FALSE when there is nothing to advise (the game is over) or the
 *   search was cancelled
 */
gboolean
pen_coach_advise (PenGame                *game,
                  const PenCoachSettings *settings,
                  guint64                 seed,
                  GCancellable           *cancellable,
                  PenCoachAdvice         *advice)
{
  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (settings != NULL && settings->deals > 0, FALSE);
  g_return_val_if_fail (advice != NULL, FALSE);

  return search (game, settings, seed, cancellable, NULL, advice, NULL);
}

/**
 * pen_coach_compare:
 * @game: a game where a Wizard (not the Automa) is to act
 * @settings: how hard to think
 * @seed: of the deals, as for pen_coach_advise()
 * @played: a legal action of @game (one the coach would not advise too)
 * @cancellable: (nullable): stops the search
 * @advice: (out): what pen_coach_advise() advises with the same settings
 *   and seed, its values too (but where the coach has one candidate only and
 *   @played is another: then pen_coach_advise() plays no deal and values it
 *   0, and here it is played out beside @played)
 * @played_value: (out): the mean value of @played in the same deals (its
 *   points ahead where the play-outs stopped, as advice->value is)
 *
 * What the coach makes of an action beside its own advice, for the review
 * of a game: @played is played out in every deal the advice is, so that the
 * two values differ by the action, not by the luck of the deal. @played
 * never changes the advice.
 *
 * Returns: %FALSE when there is nothing to advise or the search was
 *   cancelled
 */
gboolean
pen_coach_compare (PenGame                *game,
                   const PenCoachSettings *settings,
                   guint64                 seed,
                   const PenAction        *played,
                   GCancellable           *cancellable,
                   PenCoachAdvice         *advice,
                   double                 *played_value)
{
  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (settings != NULL && settings->deals > 0, FALSE);
  g_return_val_if_fail (played != NULL, FALSE);
  g_return_val_if_fail (advice != NULL && played_value != NULL, FALSE);

  return search (game, settings, seed, cancellable, played, advice, played_value);
}

/**
 * pen_coach_position_seed:
 * @game: a game
 *
 * The seed of the coach's deals for the position of @game: the number of
 * actions taken, so that a position is always advised alike, by the Hint
 * and by the review of the game (which replays it to that position) alike.
 *
 * Returns: the seed
 */
guint64
pen_coach_position_seed (PenGame *game)
{
  g_return_val_if_fail (PEN_IS_GAME (game), 0);
  return G_GUINT64_CONSTANT (0x5EED) + pen_game_get_n_history (game);
}
