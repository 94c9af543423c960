/* test-milestones.c: the window's notices say what happened between two
 * states of a game, the player's and the Automa's milestones in one line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "pen-milestones.h"

typedef struct
{
  PenGame  *game;
  JsonNode *before;
  JsonNode *now;
  guint     me;
  guint     automa;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->game = pen_game_new_solo (5, "jasper", 1, TRUE, &error);
  g_assert_no_error (error);
  fixture->before = pen_game_to_json (fixture->game);
  fixture->now = pen_game_to_json (fixture->game);
  fixture->automa = (guint) pen_game_get_automa_player (fixture->game);
  fixture->me = fixture->automa == 0 ? 1 : 0;
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->game);
  g_clear_pointer (&fixture->before, json_node_unref);
  g_clear_pointer (&fixture->now, json_node_unref);
}

static JsonObject *
player (JsonNode *state,
        guint     index)
{
  return json_array_get_object_element (json_object_get_array_member (json_node_get_object (state), "players"), index);
}

static char *
describe (Fixture *fixture)
{
  return pen_milestones_describe (fixture->game, json_node_get_object (fixture->before),
                                  json_node_get_object (fixture->now));
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

  json_array_add_string_element (json_object_get_array_member (player (fixture->now, fixture->me),
                                                               "fulfilled-contracts"), "bog-whisper");
  json_array_add_string_element (json_object_get_array_member (player (fixture->now, fixture->automa),
                                                               "passed-trials"), "light:goldeater");
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

  json_object_set_int_member (player (fixture->now, fixture->me), "mortal-wounds", 1);
  news = describe (fixture);
  g_assert_cmpstr (news, ==, "You suffered a Mortal Wound");
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

  return g_test_run ();
}
