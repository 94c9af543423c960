/* test-pending.c: what the game waits for (src/engine/pen-game-pending.c):
 * pen_game_get_prompt()'s sentence for the pending choices and the turns,
 * with their specifics (the Threat die, the die owed, the task); a choice
 * that interrupts another returning to it; the stack in a save.
 *
 * Each test starts from the state it needs, built with pen-test-state.h and
 * pen-test-quests.h, and plays to the moment it checks.
 *
 * Rulebook sections: "Setup" (Talents), "Turn Sequence", "Threat" (and
 * "Threat example"), "Rest effects", "Guild", "Contracts"; and the stack of
 * pending choices as a save holds it (docs/save-format.md, "Pending").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "pen-error.h"
#include "pen-game.h"

#include "pen-test-quests.h"
#include "pen-test-state.h"

#define ASSERT_PROMPT(game, expected)                        \
  G_STMT_START                                               \
  {                                                          \
    g_autofree char *prompt_ = pen_game_get_prompt (game);   \
    g_assert_cmpstr (prompt_, ==, (expected));               \
  }                                                          \
  G_STMT_END

/* "Setup": each Wizard is dealt two Talents and keeps one; the prompt names
 * both. */
static void
test_prompt_talent (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new (1, 2, TRUE, &error);
  g_autofree char *prompt = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TALENT);
  prompt = pen_game_get_prompt (game);
  g_assert_true (g_str_has_prefix (prompt, "Choose your Talent: "));
  g_assert_nonnull (strstr (prompt, " or "));
}

/* "Turn Sequence": an undeclared turn may Study, start a Trial or Rest; a
 * Study turn places dice while it has placements; a placement's section
 * waits to be used or skipped (the Guild); nothing left, the turn ends. */
static void
test_prompt_turn (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;

  set_dice (state, 0, "bone:3 bone:4");
  game = load (state);
  ASSERT_PROMPT (game, "Your turn: place a die to Study, start a Trial, Rest, or end your turn");

  apply_ok (game, place (game, find_die (game, 0, "bone:3"), "guild", 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_LOCATION);
  ASSERT_PROMPT (game, "Use the effect of the section you placed in, or skip it");
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
  ASSERT_PROMPT (game, "Place a die (1 placement left), use an effect, or end your turn");

  apply_ok (game, place (game, find_die (game, 0, "bone:4"), "guild", 0, 1));
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
  ASSERT_PROMPT (game, "End your turn, or use an effect first");
}

/* "Threat example": five Threat dice prepared by the Ruins, cancellable;
 * rolled 2, 2, 4, 5, 6, the 6 waits for the choice between the Bone 6 and
 * the orange 6. */
static void
test_prompt_threat (void)
{
  g_autoptr(JsonNode) state = threat_example_state (5);
  g_autoptr(PenGame) game = load (state);

  ASSERT_PROMPT (game, "Roll the Threat of 5 dice (cancel what you can first)");
  FORCE (game, 2, 2, 4, 5, 6);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  ASSERT_PROMPT (game, "Choose which of your dice the Threat 6 knocks out, or the Mark it wounds");
}

/* "Guild" and "Contracts": the Guild asks for the Contract; Sorcerous
 * Prison's Threat 2 comes first, then its task (discard Purple dice with a
 * sum of 6 or more). */
static void
test_prompt_contract (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *prompt = NULL;

  set_list (state, "contract-row", "well-blessing sorcerous-prison brook-bridge lost-hut");
  set_list (state, "contract-deck", "harvest-charm black-mill");
  set_dice (state, 0, "bone:1 amethyst:2 amethyst:4 amethyst:5");
  game = complete_and_load (state);

  use_guild (game, "bone:1", 0);
  ASSERT_PROMPT (game, "Choose the Contract to attempt");
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
  ASSERT_PROMPT (game, "Roll the Threat of 2 dice (cancel what you can first)");
  ROLL_THREAT (game, 3, 6);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);
  prompt = pen_game_get_prompt (game);
  g_assert_true (g_str_has_prefix (prompt, "Pay the task, changing your dice first if you must, or give it up: "));
  g_assert_nonnull (strstr (prompt, "Purple"));
}

/* "Rest effects": the Ruby Mark's Rest effect restores a Red die; with none
 * in the supply's reach it is taken back from the locations, and the
 * prompt names its colour. */
static void
test_prompt_take_back (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "ruby | spark");
  put_table_dice (state, "ruins", 0, 0, "ruby:3");
  put_table_dice (state, "forest", 0, 0, "ruby:5");
  game = load (state);
  FORCE (game, 1, 2);
  apply_ok (game, simple (PEN_ACTION_REST));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
  ASSERT_PROMPT (game, "Take back a Red die of your choice from the locations");
}

/* Solo ("Automa" reference): on the Automa's turn the player plays it; the
 * prompt is never empty on the way there. */
static void
test_prompt_automa (void)
{
  g_autoptr(PenGame) game = new_solo_game ();
  int automa = pen_game_get_automa_player (game);

  for (guint i = 0; i < 200 && (int) pen_game_get_current_player (game) != automa; i++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      g_autofree char *prompt = pen_game_get_prompt (game);

      g_assert_cmpuint (strlen (prompt), >, 0);
      g_assert_cmpuint (actions->len, >, 0);
      apply_ok (game, g_array_index (actions, PenAction, actions->len - 1));
    }
  g_assert_cmpint ((int) pen_game_get_current_player (game), ==, automa);
  ASSERT_PROMPT (game, "The Automa’s turn: play it");
}

/* The Bazaar's place in the table of @state. */
static int
bazaar_of (JsonNode *state)
{
  JsonArray *locations = json_object_get_array_member (json_node_get_object (state), "locations");

  for (guint l = 0; l < json_array_get_length (locations); l++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (locations, l), "id"), "bazaar"))
      return (int) l;
  g_assert_not_reached ();
}

/* A card's conversion ("Convert Ingredients any number of times") in the
 * middle of a placement's choice (rulebook, "Guild": "This Primagic effect
 * (like others) can be used before the main effect of the Location"): once
 * the conversion is finished, the game waits again for the section's
 * effect, the choice it interrupted, as the saved stack says
 * (docs/save-format.md, "Pending"). */
static void
test_pending_conversion_returns (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;
  JsonObject *turn = state_turn (state);
  JsonArray *flags = json_array_new ();

  json_object_set_string_member (turn, "type", "study");
  json_object_set_int_member (turn, "placements-left", 1);
  json_object_set_int_member (turn, "placed-location", bazaar_of (state));
  json_object_set_int_member (turn, "placed-section", 0);
  set_pending (state, "location exchange:effect");
  json_array_add_string_element (flags, "exchange-from-card");
  json_object_set_array_member (state_cards (state), "flags", flags);
  game = load (state);

  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_LOCATION);
  ASSERT_PROMPT (game, "Use the effect of the section you placed in, or skip it");
}

/* docs/save-format.md, "Pending": the bottom choice returns to nothing, each
 * other to the one under it; 1 to 16 choices. */
static void
test_pending_save_refused (void)
{
  static const char *const stacks[] = { "card:card", "none card", "", "none bribe:card" };

  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    {
      g_autoptr(JsonNode) state = standard_state (2);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = NULL;

      if (stacks[i][0] != '\0')
        set_pending (state, stacks[i]);
      else
        json_object_set_array_member (json_node_get_object (state), "pending", json_array_new ());
      game = pen_game_new_from_json (state, &error);
      g_assert_null (game);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/prompt/talent", test_prompt_talent);
  g_test_add_func ("/game/prompt/turn", test_prompt_turn);
  g_test_add_func ("/game/prompt/threat", test_prompt_threat);
  g_test_add_func ("/game/prompt/contract", test_prompt_contract);
  g_test_add_func ("/game/prompt/take-back", test_prompt_take_back);
  g_test_add_func ("/game/prompt/automa", test_prompt_automa);
  g_test_add_func ("/game/pending/conversion-returns", test_pending_conversion_returns);
  g_test_add_func ("/game/pending/save-refused", test_pending_save_refused);

  return g_test_run ();
}
