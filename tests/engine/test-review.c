/* test-review.c: the coach's review of a game (issue 41, "an end screen that
 * teaches"): the decisions of the player that cost the most, each with what
 * the coach would have played and the points it expected of each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <string.h>

#include "pen-coach.h"
#include "pen-game.h"
#include "pen-reference.h"
#include "pen-review.h"
#include "pen-test-state.h"

/* Cheaper than pen_coach_review, so that the test reviews whole games in a
 * second: what is checked does not depend on how hard the coach thinks. */
static const PenCoachSettings settings = { 4, 3, 2, 0, 8 };

/* A whole solo game against Jasper, both sides played by the reference
 * player (the Wizard makes mistakes the coach can see). */
static PenGame *
finished_game (guint64 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new_solo (seed, "jasper", -1, FALSE, &error);
  PenReference memory[PEN_MAX_PLAYERS] = { { G_MAXUINT, 0 }, { G_MAXUINT, 0 }, { G_MAXUINT, 0 }, { G_MAXUINT, 0 } };

  g_assert_no_error (error);
  while (!pen_game_is_over (game))
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      PenAction action;

      g_assert_true (pen_reference_choose (&memory[pen_game_get_current_player (game)], game, actions, &action));
      apply_ok (game, action);
    }
  return g_steal_pointer (&game);
}

typedef struct
{
  guint calls;
  guint last_done;
  guint total;
  GCancellable *cancel_after_first;
} Progress;

static void
progress_cb (guint    done,
             guint    total,
             gpointer user_data)
{
  Progress *progress = user_data;

  g_assert_cmpuint (done, ==, progress->last_done + 1);
  g_assert_cmpuint (done, <=, total);
  if (progress->calls > 0)
    g_assert_cmpuint (total, ==, progress->total);
  progress->calls++;
  progress->last_done = done;
  progress->total = total;
  if (progress->cancel_after_first != NULL)
    g_cancellable_cancel (progress->cancel_after_first);
}

/* The cost of each decision of the Wizard, asked of the coach one by one as
 * the review asks it: indexed by the action's index, -G_MAXDOUBLE where the
 * Wizard did not choose. */
static double *
every_cost (PenGame *game,
            guint    player,
            guint   *n_decisions)
{
  guint n = pen_game_get_n_history (game);
  double *costs = g_new (double, n);

  *n_decisions = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PenGame) position = pen_game_replay (game, i, NULL);
      g_autoptr(GArray) actions = pen_game_list_actions_without_empower (position);
      const PenAction *played = pen_game_get_action (game, i);
      PenCoachAdvice advice;
      double value;

      costs[i] = -G_MAXDOUBLE;
      if (pen_game_get_current_player (position) != player || played->type == PEN_ACTION_AUTOMA_TURN
          || (actions->len == 1 && pen_action_equal (&g_array_index (actions, PenAction, 0), played)))
        continue;
      (*n_decisions)++;
      g_assert_true (pen_coach_compare (position, &settings, pen_coach_position_seed (position), played, NULL,
                                        &advice, &value));
      costs[i] = advice.value - value;
    }
  return costs;
}

/* Issue 41: the review of a finished game lists three to five decisions of
 * the player (never the Automa's, never a forced move), in game order; each
 * suggestion is a legal action where it was made and the coach's own advice
 * there (the Hint's, seeded by the position), its points and those of what
 * was played are the coach's own (asked again with pen_coach_advise() and
 * pen_coach_compare()), and no decision left out cost more than one listed. */
static void
test_review_lists_costliest (void)
{
  g_autoptr(PenGame) game = finished_game (3);
  guint player = pen_review_default_player (game);
  g_autoptr(GError) error = NULL;
  Progress progress = { 0 };
  g_autoptr(GArray) decisions = pen_review_game (game, player, &settings, NULL, progress_cb, &progress, &error);
  g_autofree double *costs = NULL;
  guint n_decisions;
  double least = G_MAXDOUBLE;

  g_assert_no_error (error);
  g_assert_cmpint (pen_game_get_automa_player (game), >=, 0);
  g_assert_cmpuint (player, !=, (guint) pen_game_get_automa_player (game));
  g_assert_cmpuint (decisions->len, >=, PEN_REVIEW_MIN_DECISIONS);
  g_assert_cmpuint (decisions->len, <=, PEN_REVIEW_MAX_DECISIONS);

  costs = every_cost (game, player, &n_decisions);
  /* The progress counts every decision once, up to the total. */
  g_assert_cmpuint (progress.total, ==, n_decisions);
  g_assert_cmpuint (progress.calls, ==, n_decisions);

  for (guint i = 0; i < decisions->len; i++)
    {
      const PenReviewDecision *d = &g_array_index (decisions, PenReviewDecision, i);
      g_autoptr(PenGame) position = pen_game_replay (game, d->index, &error);
      PenCoachAdvice advice, compared;
      double played_value;

      g_assert_no_error (error);
      if (i > 0)
        g_assert_cmpuint (d->index, >, g_array_index (decisions, PenReviewDecision, i - 1).index);
      g_assert_cmpuint (d->player, ==, player);
      g_assert_cmpuint (pen_game_get_current_player (position), ==, player);
      g_assert_cmpuint (d->turn, ==, pen_game_get_turn_number (position) + 1);
      g_assert_true (pen_action_equal (&d->played, pen_game_get_action (game, d->index)));
      g_assert_cmpint (d->played.type, !=, PEN_ACTION_AUTOMA_TURN);
      g_assert_true (pen_game_check_action (position, &d->suggested, NULL));
      g_assert_true (is_listed (position, &d->suggested));
      g_assert_false (pen_action_equal (&d->suggested, &d->played));

      g_assert_true (pen_coach_advise (position, &settings, pen_coach_position_seed (position), NULL, &advice));
      g_assert_true (pen_action_equal (&advice.action, &d->suggested));
      g_assert_cmpfloat (advice.value, ==, d->suggested_points);
      g_assert_true (pen_coach_compare (position, &settings, pen_coach_position_seed (position), &d->played, NULL,
                                        &compared, &played_value));
      g_assert_true (pen_action_equal (&compared.action, &d->suggested));
      g_assert_cmpfloat (played_value, ==, d->played_points);
      g_assert_cmpfloat (d->suggested_points - d->played_points, >, 0);
      g_assert_cmpfloat (costs[d->index], ==, d->suggested_points - d->played_points);
      least = MIN (least, costs[d->index]);
      costs[d->index] = -G_MAXDOUBLE;
    }
  for (guint i = 0; i < pen_game_get_n_history (game); i++)
    g_assert_cmpfloat (costs[i], <=, least);
}

/* The same save is reviewed alike (the coach is seeded by the position and
 * has no time budget), and the review only reads the game. */
static void
test_review_deterministic (void)
{
  g_autoptr(PenGame) game = finished_game (5);
  g_autofree char *before = game_text (game);
  g_autoptr(GArray) first = pen_review_game (game, pen_review_default_player (game), &settings, NULL, NULL, NULL, NULL);
  g_autoptr(GArray) second = pen_review_game (game, pen_review_default_player (game), &settings, NULL, NULL, NULL, NULL);
  g_autofree char *after = game_text (game);

  g_assert_nonnull (first);
  g_assert_nonnull (second);
  g_assert_cmpuint (first->len, ==, second->len);
  g_assert_cmpmem (first->data, first->len * sizeof (PenReviewDecision),
                   second->data, second->len * sizeof (PenReviewDecision));
  g_assert_cmpstr (before, ==, after);
}

/* A review can be cancelled (the window runs it in a thread and stops it
 * when the end screen goes): cancelled before it starts, or while it runs
 * (here after its first decision), it stops with G_IO_ERROR_CANCELLED. */
static void
test_review_cancelled (void)
{
  g_autoptr(PenGame) game = finished_game (3);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) decisions = NULL;
  Progress progress = { 0 };

  progress.cancel_after_first = cancellable;
  decisions = pen_review_game (game, pen_review_default_player (game), &settings, cancellable, progress_cb,
                               &progress, &error);
  g_assert_null (decisions);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (progress.calls, ==, 1);
  g_assert_cmpuint (progress.total, >, 1);

  g_clear_error (&error);
  decisions = pen_review_game (game, pen_review_default_player (game), &settings, cancellable, NULL, NULL, &error);
  g_assert_null (decisions);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* What was played is valued even where the coach would never advise it: a
 * whole turn passed where Rest could begin it. The advice is the same as
 * pen_coach_advise()'s, and an action valued beside it is valued as the
 * coach values its own (the advice compared with itself is worth its own
 * value). */
static void
test_review_compare_unadvised (void)
{
  g_autoptr(PenGame) game = finished_game (3);
  guint player = pen_review_default_player (game);
  gboolean found = FALSE;

  for (guint i = 0; i < pen_game_get_n_history (game) && !found; i++)
    {
      g_autoptr(PenGame) position = pen_game_replay (game, i, NULL);
      g_autoptr(GArray) actions = pen_game_list_actions (position);
      PenAction pass, rest;
      PenCoachAdvice advice, compared, again;
      double value, own;
      gboolean has_pass = FALSE, has_rest = FALSE;

      if (pen_game_get_current_player (position) != player)
        continue;
      for (guint a = 0; a < actions->len; a++)
        {
          const PenAction *action = &g_array_index (actions, PenAction, a);

          if (action->type == PEN_ACTION_END_TURN)
            pass = *action, has_pass = TRUE;
          if (action->type == PEN_ACTION_REST)
            rest = *action, has_rest = TRUE;
        }
      if (!has_pass || !has_rest)
        continue;
      found = TRUE;
      g_assert_true (pen_coach_advise (position, &settings, 7, NULL, &advice));
      g_assert_true (pen_coach_compare (position, &settings, 7, &pass, NULL, &compared, &value));
      g_assert_true (pen_action_equal (&advice.action, &compared.action));
      g_assert_cmpfloat (advice.value, ==, compared.value);
      g_assert_cmpfloat (advice.next_value, ==, compared.next_value);
      g_assert_cmpfloat (value, !=, 0);
      g_assert_true (pen_coach_compare (position, &settings, 7, &advice.action, NULL, &again, &own));
      g_assert_cmpfloat (own, ==, advice.value);
      (void) rest;
    }
  g_assert_true (found);
}

static void
atomic_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  guint *counters = user_data;

  g_atomic_int_set (&counters[0], done);
  g_atomic_int_set (&counters[1], total);
}

static void
review_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  PenGame *copy = task_data;
  guint *counters = g_object_get_data (G_OBJECT (task), "counters");
  GError *error = NULL;
  GArray *decisions = pen_review_game (copy, pen_review_default_player (copy), &settings, cancellable,
                                       atomic_progress_cb, counters, &error);

  if (decisions == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, decisions, (GDestroyNotify) g_array_unref);
}

static void
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GArray **decisions = user_data;

  *decisions = g_task_propagate_pointer (G_TASK (result), NULL);
  g_assert_nonnull (*decisions);
}

/* The review runs off the main thread as HACKING.md says the window runs
 * it: a GTask in a thread on a copy of the game, its progress kept in
 * atomics, and gives the same review as on the calling thread. */
static void
test_review_in_a_thread (void)
{
  g_autoptr(PenGame) game = finished_game (3);
  g_autoptr(GArray) here = pen_review_game (game, pen_review_default_player (game), &settings, NULL, NULL, NULL, NULL);
  g_autoptr(GArray) there = NULL;
  g_autoptr(GTask) task = g_task_new (NULL, NULL, review_done_cb, &there);
  guint counters[2] = { 0, 0 };

  g_object_set_data (G_OBJECT (task), "counters", counters);
  g_task_set_task_data (task, pen_game_copy (game), g_object_unref);
  g_task_run_in_thread (task, review_thread);
  while (there == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (g_atomic_int_get (&counters[0]), ==, g_atomic_int_get (&counters[1]));
  g_assert_cmpuint (g_atomic_int_get (&counters[1]), >, 0);
  g_assert_cmpuint (here->len, ==, there->len);
  g_assert_cmpmem (here->data, here->len * sizeof (PenReviewDecision),
                   there->data, there->len * sizeof (PenReviewDecision));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/lists-costliest", test_review_lists_costliest);
  g_test_add_func ("/review/deterministic", test_review_deterministic);
  g_test_add_func ("/review/cancelled", test_review_cancelled);
  g_test_add_func ("/review/compare-unadvised", test_review_compare_unadvised);
  g_test_add_func ("/review/in-a-thread", test_review_in_a_thread);
  return g_test_run ();
}
