/* test-rng.c: the seeded generator behind every random result.
 *
 * Architecture ("The engine's shape"): one seeded generator, saved with the game,
 * so that a seed plus an action list replays a game exactly; tests force results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-rng.h"

#define N_ROLLS 6000

static void
test_rng_same_seed_same_sequence (void)
{
  g_autoptr(PenRng) a = pen_rng_new (42);
  g_autoptr(PenRng) b = pen_rng_new (42);
  g_autoptr(PenRng) c = pen_rng_new (43);
  gboolean differs = FALSE;

  for (guint i = 0; i < 100; i++)
    {
      guint x = pen_rng_range (a, 1, 7);
      guint z = pen_rng_range (c, 1, 7);

      g_assert_cmpuint (x, ==, pen_rng_range (b, 1, 7));
      differs |= (x != z);
    }
  g_assert_true (differs);
}

static void
test_rng_state_restores_sequence (void)
{
  g_autoptr(PenRng) a = pen_rng_new (7);
  g_autoptr(PenRng) b = pen_rng_new (0);
  g_autoptr(PenRng) copy = NULL;

  for (guint i = 0; i < 10; i++)
    pen_rng_range (a, 0, 100);

  pen_rng_set_state (b, pen_rng_get_state (a));
  copy = pen_rng_copy (a);
  g_assert_cmpuint (pen_rng_get_seed (copy), ==, 7);
  for (guint i = 0; i < 50; i++)
    {
      guint x = pen_rng_range (a, 0, 1000);

      g_assert_cmpuint (x, ==, pen_rng_range (b, 0, 1000));
      g_assert_cmpuint (x, ==, pen_rng_range (copy, 0, 1000));
    }
}

/* Every face of a die comes up, each about a sixth of the time. */
static void
test_rng_range_is_uniform (void)
{
  g_autoptr(PenRng) rng = pen_rng_new (2026);
  guint counts[7] = { 0 };

  for (guint i = 0; i < N_ROLLS; i++)
    {
      guint face = pen_rng_range (rng, 1, 7);

      g_assert_cmpuint (face, >=, 1);
      g_assert_cmpuint (face, <=, 6);
      counts[face]++;
    }
  for (guint face = 1; face <= 6; face++)
    {
      g_assert_cmpuint (counts[face], >, N_ROLLS / 6 - 150);
      g_assert_cmpuint (counts[face], <, N_ROLLS / 6 + 150);
    }
}

static void
test_rng_forced_results_come_first (void)
{
  g_autoptr(PenRng) rng = pen_rng_new (1);
  g_autoptr(PenRng) twin = pen_rng_new (1);
  const guint forced[] = { 6, 6, 1 };
  guint64 state_before;

  pen_rng_force_next (rng, forced, G_N_ELEMENTS (forced));
  g_assert_cmpuint (pen_rng_get_n_forced (rng), ==, 3);
  state_before = pen_rng_get_state (rng);

  g_assert_cmpuint (pen_rng_range (rng, 1, 7), ==, 6);
  g_assert_cmpuint (pen_rng_range (rng, 1, 7), ==, 6);
  g_assert_cmpuint (pen_rng_range (rng, 1, 7), ==, 1);
  g_assert_cmpuint (pen_rng_get_n_forced (rng), ==, 0);
  /* Forced results do not advance the generator. */
  g_assert_cmpuint (pen_rng_get_state (rng), ==, state_before);
  g_assert_cmpuint (pen_rng_range (rng, 1, 7), ==, pen_rng_range (twin, 1, 7));
}

static void
test_rng_forced_out_of_range_is_critical (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(PenRng) rng = pen_rng_new (1);
      const guint forced[] = { 7 };

      pen_rng_force_next (rng, forced, 1);
      pen_rng_range (rng, 1, 7);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*value >= begin && value < end*");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rng/same-seed-same-sequence", test_rng_same_seed_same_sequence);
  g_test_add_func ("/rng/state-restores-sequence", test_rng_state_restores_sequence);
  g_test_add_func ("/rng/range-is-uniform", test_rng_range_is_uniform);
  g_test_add_func ("/rng/forced-results-come-first", test_rng_forced_results_come_first);
  g_test_add_func ("/rng/forced-out-of-range-is-critical", test_rng_forced_out_of_range_is_critical);

  return g_test_run ();
}
