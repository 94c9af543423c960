/* test-save-checks.c: the save of today's format that every later version
 * must still load.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-save-checks"

#include <string.h>

#include "pen-error.h"
#include "pen-game.h"
#include "pen-save.h"
#include "pen-wizard-board.h"

/* The fixture: a solo game against the Ruby Automa (seed 42), 41 actions of
 * penumbra-sim's reference player in (tests/saves/README.md). */
#define FIXTURE "mid-game-v1.json"

/* ---- Helpers ---------------------------------------------------------------- */

static char *
saves_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "saves", name, NULL);
}

/* ---- Today's format, kept ---------------------------------------------------- */

/* docs/save-format.md: a change of the format raises "version" and reads
 * the older saves. This save of version 1 must load, as it is, with what it
 * holds. */
static void
test_fixture_loads (void)
{
  g_autofree char *path = saves_file (FIXTURE);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  PenWizardBoard *board;
  PenScoreBreakdown score;

  g_assert_no_error (error);
  g_assert_nonnull (game);

  g_assert_cmpuint (pen_game_get_n_players (game), ==, 2);
  g_assert_cmpstr (pen_game_get_automa_id (game), ==, "ruby");
  g_assert_cmpint (pen_game_get_automa_player (game), ==, 1);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 41);
  g_assert_cmpuint (pen_game_get_turn_number (game), ==, 12);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_false (pen_game_is_over (game));
  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, 8);

  /* The player: the Blood Mage with three cards, two Ruby Marks (one
   * wounded) and a Spark Mark, 7 Blood, and the Lost Hut fulfilled. */
  g_assert_cmpstr (pen_game_get_talent (game, 0), ==, "blood-mage");
  g_assert_cmpuint (pen_game_get_n_cards (game, 0), ==, 3);
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 0), ==, "Scarlet Downpour");
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 1), ==, "Gnat Swarm");
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 2), ==, "Cranberry Kissel");
  board = pen_game_get_player (game, 0);
  g_assert_cmpuint (pen_wizard_board_count_marks (board, PEN_DISCIPLINE_RUBY), ==, 2);
  g_assert_cmpuint (pen_wizard_board_count_spark_marks (board), ==, 1);
  g_assert_cmpuint (pen_wizard_board_count_wounded (board), ==, 1);
  g_assert_cmpuint (pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_BLOOD), ==, 7);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board), ==, 2);
  {
    guint light, darkness;

    pen_game_get_light_darkness (game, 0, &light, &darkness);
    g_assert_cmpuint (light, ==, 1);
    g_assert_cmpuint (darkness, ==, 0);
  }

  /* The table: two Trials in the row, the Guild's four Contracts. */
  g_assert_cmpuint (pen_game_get_trial_row (game)->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (pen_game_get_trial_row (game), 0), ==, "wildwood");
  g_assert_cmpstr (pen_game_get_contract (game, 0), ==, "apprentice-errand");
  g_assert_cmpstr (pen_game_get_contract (game, 3), ==, "harvest-charm");

  /* The scores, part by part as today's rules count them. */
  pen_game_compute_score (game, 0, &score);
  g_assert_cmpint (score.arcana, ==, 1);
  g_assert_cmpint (score.contracts, ==, 2);
  g_assert_cmpint (score.total, ==, 5);
  pen_game_compute_score (game, 1, &score);
  g_assert_cmpint (score.arcana, ==, 10);

  /* It plays on. */
  {
    g_autoptr(GArray) actions = pen_game_list_actions (game);

    g_assert_cmpuint (actions->len, >, 0);
    g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), &error));
    g_assert_no_error (error);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save-checks/fixture-loads", test_fixture_loads);

  return g_test_run ();
}
