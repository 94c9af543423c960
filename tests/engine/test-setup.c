/* test-setup.c: the setup of a game, through PenGame's public API: the
 * cards dealt follow the Talent chosen, and the Druid's.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib and loaded
 * again with pen_game_new_from_json(), with the helpers of pen-test-state.h.
 * Random results are forced with pen_rng_force_next().
 *
 * Rulebook sections: "Setup", "Talents".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-error.h"
#include "pen-game.h"

#include "pen-test-state.h"

/* ---- Setup --------------------------------------------------------------- */

/* "Setup", Talents: each Wizard is dealt two Talents and keeps one; the seats
 * then follow the turn order of the Talents kept. The two dealt move with the
 * one kept: after the sort every seat's "dealt" still holds its own Talent. */
static void
test_game_setup_dealt_follow_talent (void)
{
  guint reordered = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    for (guint n = 2; n <= 4; n++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(PenGame) game = pen_game_new (seed, n, FALSE, &error);
        g_autoptr(JsonNode) before = NULL;
        g_autoptr(JsonNode) after = NULL;
        JsonArray *players;

        g_assert_no_error (error);
        before = pen_game_to_json (game);
        for (guint p = 0; p < n; p++)
          {
            PenAction action;

            pen_action_init (&action, PEN_ACTION_CHOOSE_TALENT);
            action.index = (seed + p) % 2;
            g_assert_true (pen_game_apply (game, &action, &error));
            g_assert_no_error (error);
          }
        after = pen_game_to_json (game);
        players = json_object_get_array_member (json_node_get_object (after), "players");
        for (guint p = 0; p < n; p++)
          {
            JsonObject *player = json_array_get_object_element (players, p);
            JsonArray *dealt = json_object_get_array_member (player, "dealt");
            const char *talent = json_object_get_string_member (player, "talent");
            const char *first_dealt_before = json_array_get_string_element (
                json_object_get_array_member (
                    json_array_get_object_element (
                        json_object_get_array_member (json_node_get_object (before), "players"), p),
                    "dealt"),
                0);

            g_assert_cmpuint (json_array_get_length (dealt), ==, 2);
            g_assert_true (g_str_equal (json_array_get_string_element (dealt, 0), talent)
                           || g_str_equal (json_array_get_string_element (dealt, 1), talent));
            reordered += !g_str_equal (first_dealt_before, json_array_get_string_element (dealt, 0));
          }
      }
  /* The seeds include games whose seats the sort reorders. */
  g_assert_cmpuint (reordered, >, 0);
}

/* "Setup", Talents: the Druid's starting Discipline card is "Unity with
 * Nature" (Единство с Природой): "You may summon Pets from the market. Roll 2
 * Resource dice." The card goes to the Grimoire, and gaining it rolls the two
 * Resource dice: the Druid starts with more than the 3 Fruits and 1 Arcana of
 * its Talent (every face of the Resource die gives something). */
static void
test_game_setup_druid (void)
{
  guint druids = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = pen_game_new (seed, 2, FALSE, &error);
      g_autoptr(JsonNode) state = NULL;
      JsonArray *players;

      g_assert_no_error (error);
      state = pen_game_to_json (game);
      players = json_object_get_array_member (json_node_get_object (state), "players");
      for (guint p = 0; p < 2; p++)
        {
          JsonArray *dealt = json_object_get_array_member (json_array_get_object_element (players, p), "dealt");
          PenAction action;

          pen_action_init (&action, PEN_ACTION_CHOOSE_TALENT);
          action.index = g_str_equal (json_array_get_string_element (dealt, 1), "druid") ? 1 : 0;
          g_assert_true (pen_game_apply (game, &action, &error));
        }
      for (guint p = 0; p < 2; p++)
        if (g_str_equal (pen_game_get_talent (game, p), "druid"))
          {
            PenWizardBoard *board = pen_game_get_player (game, p);
            guint total = 0;

            druids++;
            g_assert_cmpstr (pen_game_get_card_name (game, p, 0), ==, "Unity with Nature");
            for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
              total += pen_wizard_board_get_ingredient (board, i);
            g_assert_cmpuint (total, >=, 3 + 1 + 2);
            g_assert_true (log_has (game, "Rolled 2 Resource dice."));
          }
    }
  g_assert_cmpuint (druids, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/setup/dealt-follow-talent", test_game_setup_dealt_follow_talent);
  g_test_add_func ("/game/setup/druid", test_game_setup_druid);

  return g_test_run ();
}
