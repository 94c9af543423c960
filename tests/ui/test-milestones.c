/* test-milestones.c: the window's notices say what happened between two
 * moments of a game, the player's and the Automa's milestones in one line,
 * read from the game's getters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "pen-milestones.h"

typedef struct
{
  PenGame       *game;
  PenMilestones  before;
  PenMilestones  now;
  guint          me;
  guint          automa;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->game = pen_game_new_solo (5, "jasper", 1, TRUE, &error);
  g_assert_no_error (error);
  pen_milestones_capture (&fixture->before, fixture->game);
  pen_milestones_capture (&fixture->now, fixture->game);
  fixture->automa = (guint) pen_game_get_automa_player (fixture->game);
  fixture->me = fixture->automa == 0 ? 1 : 0;
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->game);
  pen_milestones_clear (&fixture->before);
  pen_milestones_clear (&fixture->now);
}

static char *
describe (Fixture *fixture)
{
  return pen_milestones_describe (fixture->game, &fixture->before, &fixture->now);
}

static void
test_nothing (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *news = describe (fixture);

  g_assert_null (news);
}

static void
test_contract_and_trial (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *news = NULL;

  fixture->now.players[fixture->me].fulfilled++;
  fixture->now.players[fixture->me].last_fulfilled = g_strdup ("bog-whisper");
  fixture->now.players[fixture->automa].passed++;
  fixture->now.players[fixture->automa].last_passed = g_strdup ("light:goldeater");
  news = describe (fixture);
  g_assert_nonnull (news);
  g_assert_nonnull (strstr (news, "Contract fulfilled: Bog Whisper"));
  g_assert_nonnull (strstr (news, "The Automa passed the Trial Goldeater"));
  g_assert_nonnull (strstr (news, " · "));
}

static void
test_wound (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *news = NULL;

  fixture->now.players[fixture->me].wounds = 1;
  news = describe (fixture);
  g_assert_cmpstr (news, ==, "You suffered a Mortal Wound");
}

/* What the notices compare is read from the game as its save says it is:
 * a saved game's Contracts, Trials, Wounds, Marks and Fate cards revealed. */
static void
test_capture_agrees_with_the_save (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v2.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(JsonNode) saved = NULL;
  JsonObject *state;
  PenMilestones captured;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  game = pen_game_new_from_json (json_parser_get_root (parser), &error);
  g_assert_no_error (error);
  saved = pen_game_to_json (game);
  state = json_node_get_object (saved);
  pen_milestones_capture (&captured, game);
  g_assert_cmpuint (captured.n_players, ==, pen_game_get_n_players (game));
  for (guint p = 0; p < captured.n_players; p++)
    {
      JsonObject *player = json_array_get_object_element (json_object_get_array_member (state, "players"), p);
      JsonArray *fulfilled = json_object_get_array_member (player, "fulfilled-contracts");
      JsonArray *passed = json_object_get_array_member (player, "passed-trials");
      JsonArray *marks = json_object_get_array_member (player, "marks");
      guint n_marks = 0;

      for (guint i = 0; i < json_array_get_length (marks); i++)
        n_marks += !JSON_NODE_HOLDS_NULL (json_array_get_element (marks, i));
      g_assert_cmpuint (captured.players[p].fulfilled, ==, json_array_get_length (fulfilled));
      g_assert_cmpuint (captured.players[p].passed, ==, json_array_get_length (passed));
      if (json_array_get_length (fulfilled) > 0)
        g_assert_cmpstr (captured.players[p].last_fulfilled, ==,
                         json_array_get_string_element (fulfilled, json_array_get_length (fulfilled) - 1));
      if (json_array_get_length (passed) > 0)
        g_assert_cmpstr (captured.players[p].last_passed, ==,
                         json_array_get_string_element (passed, json_array_get_length (passed) - 1));
      g_assert_cmpint (captured.players[p].wounds, ==, json_object_get_int_member (player, "mortal-wounds"));
      g_assert_cmpuint (captured.players[p].marks, ==, n_marks);
    }
  /* This save's first player fulfilled two Contracts and passed a Trial. */
  g_assert_cmpuint (captured.players[0].fulfilled, ==, 2);
  g_assert_cmpstr (captured.players[0].last_passed, ==, "darkness:out-of-tune-clock");
  g_assert_cmpuint (captured.n_fate_reveals, ==,
                    json_array_get_length (json_object_get_array_member (state, "fate-reveals")));
  pen_milestones_clear (&captured);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/milestones/nothing", Fixture, NULL, fixture_set_up, test_nothing, fixture_tear_down);
  g_test_add ("/milestones/contract-and-trial", Fixture, NULL, fixture_set_up, test_contract_and_trial,
              fixture_tear_down);
  g_test_add ("/milestones/wound", Fixture, NULL, fixture_set_up, test_wound, fixture_tear_down);
  g_test_add_func ("/milestones/capture-agrees-with-the-save", test_capture_agrees_with_the_save);

  return g_test_run ();
}
