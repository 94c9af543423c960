/* test-turn.c: the Turn Sequence, through PenGame's public API: the first
 * turn, a Rest turn's dice, and the end of a turn.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib and loaded
 * again with pen_game_new_from_json(), with the helpers of pen-test-state.h.
 * Random results are forced with pen_rng_force_next().
 *
 * Rulebook sections: "Turn Sequence", "Rest effects", "Dice types"
 * (temporary dice).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-error.h"
#include "pen-game.h"

#include "pen-test-state.h"

/* ---- Rest ---------------------------------------------------------------------- */

/* "Rest effects": "Apply all the effects at the start of the thread, and then
 * all the effects under which there is a non-wounded Mark." GAIN A BONE DIE:
 * "on every Rest any Wizard always gains 2 Bone dice." "Turn Sequence", Rest
 * turn: "the dice you take by Rest effects must be taken from those placed in
 * locations, not from the common supply (if possible)." "Mark states":
 * "DISCHARGED MARK ... On Rest it is recharged and gives its Rest effect.
 * WOUNDED MARK ... On Rest it gives no Rest effect." */
static void
test_game_rest_takes_placed_dice (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *dice = NULL;
  g_autofree char *amber = NULL;
  g_autofree char *jasper = NULL;
  g_autofree char *forest = NULL;
  guint fate;

  set_marks (state, 0, "ruby emerald/d jasper/w | spark");
  put_table_dice (state, "forest", 0, 0, "bone:5");
  put_table_dice (state, "sanctuary", 0, 0, "bone:2");
  put_table_dice (state, "ruins", 0, 0, "ruby:3");
  put_table_dice (state, "emerald-class", 2, 0, "emerald:6");
  put_table_dice (state, "bazaar", 0, -1, "spark:4");
  put_table_dice (state, "amber-class", 2, 0, "amber:2");
  put_table_dice (state, "jasper-class", 2, 0, "jasper:5");
  game = load (state);
  fate = pen_game_get_fate_remaining (game);

  apply_ok (game, simple (PEN_ACTION_REST));
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_REST);

  /* Two Bone dice in two cells: the first Bone die is the player's choice
   * (the Sanctuary's); the second has one left, the Forest's. Every die comes
   * from the table and is rolled as it is gained. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
  FORCE (game, 1, 2, 3, 4, 5);
  apply_ok (game, take_back (game, "sanctuary", 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "bone:1 bone:2 emerald:4 ruby:3 spark:5");
  g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 0);
  forest = table_dice (game, "forest", 0, 0);
  g_assert_cmpstr (forest, ==, "");
  /* No Amber Mark; the Jasper Mark is wounded. */
  amber = table_dice (game, "amber-class", 2, 0);
  g_assert_cmpstr (amber, ==, "amber:2");
  jasper = table_dice (game, "jasper-class", 2, 0);
  g_assert_cmpstr (jasper, ==, "jasper:5");

  g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_CHARGED);
  g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_CHARGED);
  g_assert_cmpint (mark_at (game, 0, 2)->state, ==, PEN_MARK_WOUNDED);

  /* "Each time any player finishes a Trial turn or a Rest turn, that player
   * reveals and brings into play one new card from the Fate deck." */
  apply_refused (game, place (game, 0, "forest", 0, 0), "This can be done only on a Study turn.");
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, fate - 1);
}

/* "Rest effects", GAIN A BONE DIE: "Take a Bone die from the dice placed in
 * locations (if possible), or from the supply (if not)." "Dice", GAINING A
 * DIE: "take that die from the common supply, roll it". */
static void
test_game_rest_rolls_new_dice (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *dice = NULL;

  set_marks (state, 0, "ruby | spark");
  set_dice (state, 0, "amber:1");
  put_table_dice (state, "forest", 0, 0, "bone:3");
  game = load (state);
  /* The Forest's Bone 3 (the one placed Bone die: no question), then a Bone,
   * a Ruby and a Spark die from the supply: all four rolled. */
  FORCE (game, 4, 1, 6, 2);
  apply_ok (game, simple (PEN_ACTION_REST));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "amber:1 bone:1 bone:4 ruby:6 spark:2");
  g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 0);

  /* "Rest must be declared": not after the turn has begun. */
  {
    g_autoptr(JsonNode) other = standard_state (2);
    g_autoptr(PenGame) study = NULL;

    set_dice (other, 0, "bone:1");
    study = load (other);
    apply_ok (study, place (study, 0, "forest", 0, 0));
    apply_ok (study, simple (PEN_ACTION_SKIP_LOCATION));
    apply_refused (study, simple (PEN_ACTION_REST),
                   "Rest must be declared at the start of the turn, before anything else.");
  }
}

/* ---- Turns ------------------------------------------------------------------- */

/* "Turn Sequence": "First turn: one placement. On the first turn of the game
 * all players make only one placement (instead of the usual two)." Study turn:
 * "you can make up to two placements". */
static void
test_game_first_turn (void)
{
  g_autoptr(PenGame) game = new_game (2);

  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, 1);
  apply_ok (game, place (game, 0, "forest", 0, 0));
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, 0);
  apply_refused (game, place (game, 0, "forest", 0, 0), "You have no placement left this turn.");
  g_assert_cmpuint (count_listed (game, PEN_ACTION_PLACE), ==, 0);
  apply_ok (game, simple (PEN_ACTION_END_TURN));

  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, 1);
  apply_ok (game, simple (PEN_ACTION_END_TURN));

  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, 2);
}

/* "Turn Sequence": "However, other effects (Primagic, Spells) can give you
 * additional placements even on the first turn." */
static void
test_game_first_turn_hurry (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;

  json_object_set_int_member (state_player (state, 0), "turns-taken", 0);
  json_object_set_int_member (state_turn (state), "placements-left", 1);
  set_dice (state, 0, "bone:1 bone:2");
  set_ingredients (state, 0, "trinkets=1");
  game = load (state);
  apply_ok (game, simple (PEN_ACTION_HURRY));
  for (guint i = 0; i < 2; i++)
    {
      apply_ok (game, place (game, 0, "forest", 0, 0));
      apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
    }
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, 0);
}

/* "Dice types", TEMPORARY DICE: "They can be used like any other dice. At the
 * end of your turn all your temporary dice are discarded." */
static void
test_game_end_of_turn_temporary (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *dice = NULL;

  set_dice (state, 0, "bone:2 ruby:5t spark:3t");
  set_dice (state, 1, "amber:4t");
  game = load (state);
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "bone:2");
  g_assert_true (log_has (game, "Discarded 2 temporary dice."));
  /* Only the player whose turn ends. */
  g_clear_pointer (&dice, g_free);
  dice = supply (game, 1);
  g_assert_cmpstr (dice, ==, "amber:4t");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/rest/takes-placed-dice", test_game_rest_takes_placed_dice);
  g_test_add_func ("/game/rest/rolls-new-dice", test_game_rest_rolls_new_dice);
  g_test_add_func ("/game/turn/first-turn", test_game_first_turn);
  g_test_add_func ("/game/turn/first-turn-hurry", test_game_first_turn_hurry);
  g_test_add_func ("/game/turn/end-discards-temporary-dice", test_game_end_of_turn_temporary);

  return g_test_run ();
}
