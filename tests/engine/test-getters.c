/* test-getters.c: the game's getters that the window reads (pen-game.h)
 * say what its save says, at every moment of whole games.
 *
 * Rulebook, "Wizards" (each Wizard's cards by zone, Contracts and Trials),
 * "End of the game" (the last round once a Prophecy is fulfilled) and the
 * solo mode (the Automa's worldview, Equipment cells and Sapphire's and
 * Amber's Exams, Dungeons and Rituals, spec §9): on the mid-game saves and
 * at every move of a game against each of Sapphire and Amber and of a
 * three-player game, each getter agrees with the save format
 * (docs/save-format.md), which has its own tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "pen-automa.h"
#include "pen-game.h"

static void
assert_ids (GPtrArray  *ids,
            JsonArray  *saved)
{
  g_assert_nonnull (ids);
  g_assert_cmpuint (ids->len, ==, json_array_get_length (saved));
  for (guint i = 0; i < ids->len; i++)
    g_assert_cmpstr (g_ptr_array_index (ids, i), ==, json_array_get_string_element (saved, i));
}

static void
check_getters (PenGame *game)
{
  g_autoptr(JsonNode) root = pen_game_to_json (game);
  JsonObject *state = json_node_get_object (root);
  JsonArray *players = json_object_get_array_member (state, "players");
  JsonArray *owned = json_object_get_array_member (json_object_get_object_member (state, "cards"), "players");
  JsonNode *automa = json_object_get_member (state, "automa");
  static const char *zones[] = { "grimoire", "inventory", "equipment", "experience" };

  assert_ids (pen_game_get_in_play (game), json_object_get_array_member (state, "in-play"));
  g_assert_cmpint (pen_game_get_final_turns_left (game), ==, json_object_get_int_member (state, "final-turns-left"));
  g_assert_true (pen_game_get_end_triggered_this_turn (game)
                 == json_object_get_boolean_member (state, "end-triggered-this-turn"));
  for (guint p = 0; p < pen_game_get_n_players (game); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonArray *dealt = json_object_get_array_member (player, "dealt");
      JsonArray *cards = json_array_get_array_element (owned, p);

      assert_ids (pen_game_get_fulfilled_contracts (game, p), json_object_get_array_member (player, "fulfilled-contracts"));
      assert_ids (pen_game_get_reserved_contracts (game, p), json_object_get_array_member (player, "reserved-contracts"));
      assert_ids (pen_game_get_passed_trials (game, p), json_object_get_array_member (player, "passed-trials"));
      for (guint i = 0; i < 2; i++)
        g_assert_cmpstr (pen_game_get_dealt_talent (game, p, i), ==, json_array_get_string_element (dealt, i));
      g_assert_cmpuint (pen_game_get_n_cards (game, p), ==, json_array_get_length (cards));
      for (guint i = 0; i < pen_game_get_n_cards (game, p); i++)
        {
          JsonObject *saved = json_array_get_object_element (cards, i);
          PenZone zone;
          gboolean rotated;
          const PenCard *card = pen_game_get_owned_card (game, p, i, &zone, &rotated);

          g_assert_cmpstr (card->id, ==, json_object_get_string_member (saved, "card"));
          g_assert_cmpstr (zones[zone], ==, json_object_get_string_member (saved, "zone"));
          g_assert_true (rotated == json_object_get_boolean_member (saved, "rotated"));
        }
    }
  if (JSON_NODE_HOLDS_OBJECT (automa))
    {
      JsonObject *object = json_node_get_object (automa);
      JsonArray *cells = json_object_get_array_member (object, "cells");
      JsonObject *content = json_object_get_object_member (object, "content");

      g_assert_cmpstr (pen_game_get_automa_light (game) ? "light" : "darkness", ==,
                       json_object_get_string_member (object, "worldview"));
      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        assert_ids (pen_game_get_automa_cell (game, c), json_array_get_array_element (cells, c));
      for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
        assert_ids (pen_game_get_automa_taken (game, k),
                    json_object_get_array_member (json_object_get_object_member (content, pen_automa_content_get_id (k)),
                                                  "taken"));
    }
}

static void
test_saves (void)
{
  static const char *saves[] = { "mid-game-v1.json", "mid-game-v2.json", "mid-game-v3.json", "mid-game-v4.json",
                                 "mid-game-v5.json", "study-turn.json" };

  for (guint s = 0; s < G_N_ELEMENTS (saves); s++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", saves[s], NULL);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = NULL;

      g_assert_true (json_parser_load_from_file (parser, path, &error));
      game = pen_game_new_from_json (json_parser_get_root (parser), &error);
      g_assert_no_error (error);
      check_getters (game);
    }
}

/* A whole game, an action chosen by the seed each time, checked at every move. */
static void
play_and_check (PenGame *game,
                guint64  seed)
{
  g_autoptr(PenRng) rng = pen_rng_new (seed);
  guint moves = 0;
  gboolean equipped = FALSE, owned = FALSE;

  while (!pen_game_is_over (game) && moves < 5000)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      g_autoptr(GError) error = NULL;

      check_getters (game);
      for (guint p = 0; p < pen_game_get_n_players (game); p++)
        owned |= pen_game_get_n_cards (game, p) > 0;
      if (pen_game_get_automa_player (game) >= 0)
        for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
          equipped |= pen_game_get_automa_cell (game, c)->len > 0;
      g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction,
                                                           pen_rng_range (rng, 0, actions->len)), &error));
      g_assert_no_error (error);
      moves++;
    }
  g_assert_true (pen_game_is_over (game));
  check_getters (game);
  /* The game went through what the getters say: cards owned, and the
   * Automa's Equipment filled. */
  g_assert_true (owned);
  g_assert_true (equipped || pen_game_get_automa_player (game) < 0);
}

static void
test_solo_games (void)
{
  static const char *automas[] = { "sapphire", "amber" };

  for (guint a = 0; a < G_N_ELEMENTS (automas); a++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = pen_game_new_solo (11 + a, automas[a], -1, FALSE, &error);

      g_assert_no_error (error);
      play_and_check (game, 21 + a);
    }
}

static void
test_three_players (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new (7, 3, FALSE, &error);

  g_assert_no_error (error);
  play_and_check (game, 5);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/getters/saves", test_saves);
  g_test_add_func ("/getters/solo-games", test_solo_games);
  g_test_add_func ("/getters/three-players", test_three_players);

  return g_test_run ();
}
