/* test-fate.c: the Fate deck in play, through PenGame's public API:
 * Prophecies, Goals and Events, and the end of the game they bring.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib and loaded
 * again with pen_game_new_from_json(), with the helpers of pen-test-state.h
 * and pen-test-quests.h (the Contracts, Trials and Fate cards).
 * Random results are forced with pen_rng_force_next().
 *
 * Rulebook sections: "The Fate deck in play", "End of the game".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-cards.h"
#include "pen-error.h"
#include "pen-fate-deck.h"
#include "pen-game.h"
#include "pen-quest.h"

#include "pen-test-state.h"
#include "pen-test-quests.h"

/* ---- End of Time --------------------------------------------------------- */

/* "The Fate deck in play": "the Prophecy End of Time is always in effect: the
 * game ends if the Fate deck has run out of cards". "End of the game": "the
 * current player finishes their turn as usual, after which all players take
 * one more turn each, including the player on whose turn the Prophecy was
 * fulfilled." */
static void
test_game_end_of_game (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) actions = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *deck = json_object_get_array_member (json_node_get_object (state), "fate-deck");

  g_assert_cmpuint (json_array_get_length (deck), >, 1);
  while (json_array_get_length (deck) > 1)
    json_array_remove_element (deck, json_array_get_length (deck) - 1);
  game = load (state);
  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, 1);

  /* Player 1 rests and reveals the last card. */
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, 0);
  g_assert_true (log_has (game, "The Prophecy End of Time is fulfilled: "
                                "everyone takes one more turn."));
  g_assert_false (pen_game_is_over (game));

  /* One more turn each: player 2 (a Rest, with nothing left to reveal)... */
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_false (pen_game_is_over (game));

  /* ...and player 1 again. */
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_END_TURN), ==, 1);
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_true (pen_game_is_over (game));

  actions = pen_game_list_actions (game);
  g_assert_cmpuint (actions->len, ==, 0);
  apply_refused (game, simple (PEN_ACTION_REST), "The game is over.");
  apply_refused (game, simple (PEN_ACTION_END_TURN), "The game is over.");
  g_assert_true (pen_game_check_invariants (game, &error));
  g_assert_no_error (error);
}

/* ---- Building states ------------------------------------------------------ */

static void
set_current_player (JsonNode *state,
                    guint     player)
{
  json_object_set_int_member (state_turn (state), "player", player);
}

/* ---- Actions ---------------------------------------------------------------- */

static PenAction
card_pick (int token,
           int index)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
  action.value = token;
  action.index = index;
  return action;
}

/* ==== The end of a Trial or Rest turn ========================================= */

/* "The Fate deck in play": "GOAL. If a Goal card is revealed from the Fate
 * deck, put it in the common play area so that all players can see it.
 * Nothing else happens when a new Goal is brought into play." "PROPHECY. If a
 * Prophecy card is revealed from the Fate deck, put it in the common play
 * area". */
static void
test_fate_prophecy_and_goal (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "fate-deck", "song-of-overcoming heroism wildwood");
  game = complete_and_load (state);
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  ASSERT_TEXT (game_list (game, "in-play"), "end-of-time song-of-overcoming");
  ASSERT_TEXT (game_list (game, "trial-row"), "goldeater scrollers");

  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  ASSERT_TEXT (game_list (game, "in-play"), "end-of-time song-of-overcoming heroism");
  ASSERT_TEXT (game_list (game, "trial-row"), "goldeater scrollers");
  ASSERT_TEXT (game_list (game, "fate-deck"), "wildwood");
  g_assert_false (pen_game_is_over (game));
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
}

/* "The Fate deck in play", EVENT: "If an Event card is revealed from the Fate
 * deck, immediately apply its instructions. "You" in the text of Event cards
 * refers to the current player (the one who has just finished their turn).
 * ... Harvest ("All Wizards roll 1 Resource die. You roll 1 more Resource
 * die.") gives all players one Resource roll. And the player who has just
 * finished the turn and revealed this card from the Fate deck rolls one more
 * Resource die." Here the second player rests and reveals it. */
static void
test_fate_harvest (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_current_player (state, 1);
  set_list (state, "fate-deck", "harvest wildwood");
  game = complete_and_load (state);
  apply_ok (game, simple (PEN_ACTION_REST));
  /* Resource die faces: 0 one Fruit, 2 one Crystal, 4 one Jewel. */
  FORCE (game, 0, 4, 2);
  apply_ok (game, simple (PEN_ACTION_END_TURN));

  g_assert_true (log_has (game, "Fate card revealed: Harvest."));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 0);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 0);
  g_assert_cmpuint (ingredient (game, 1, PEN_INGREDIENT_FRUITS), ==, 0);
  g_assert_cmpuint (ingredient (game, 1, PEN_INGREDIENT_JEWELS), ==, 1);
  g_assert_cmpuint (ingredient (game, 1, PEN_INGREDIENT_CRYSTALS), ==, 1);
  ASSERT_TEXT (game_list (game, "in-play"), "end-of-time");
  ASSERT_TEXT (game_list (game, "trial-row"), "goldeater scrollers");
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
}

/* "The Fate deck in play", EVENT: Wanderer ("All Wizards heal 1 wounded
 * Mark"). "Marks", HEAL: "you can choose any wounded Mark on your board. Flip
 * the Mark …, move it to the upper (charged) position and gain the Rest effect
 * shown above the cell." The Wizard who revealed it picks the Mark; each pick
 * heals its own Mark and gives its own cell's Rest effect (a die of the Mark's
 * colour). The other Wizard heals the leftmost (docs/rules-assumptions.md). */
static void
test_fate_event_heal_choice (void)
{
  for (int pick = 0; pick <= 1; pick++)
    {
      g_autoptr(JsonNode) state = new_state ();
      g_autoptr(PenGame) game = NULL;
      g_autofree char *dice = NULL;

      set_list (state, "fate-deck", "wanderer wildwood");
      set_marks (state, 0, "ruby/w jasper/w");
      set_marks (state, 1, "ruby/w jasper/w");
      game = complete_and_load (state);
      apply_ok (game, simple (PEN_ACTION_REST));
      apply_ok (game, simple (PEN_ACTION_END_TURN));

      g_assert_true (log_has (game, "Fate card revealed: Wanderer."));
      g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
      g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
      ASSERT_TEXT (listed_indices (game, PEN_ACTION_CARD_TOKEN), "0 1");
      apply_refused (game, card_pick (TOKEN_HEAL, 2), "Only a wounded Mark can be Healed.");
      apply_refused (game, simple (PEN_ACTION_END_TURN), "First use the card's effect, or leave the rest of it.");
      apply_ok (game, card_pick (TOKEN_HEAL, pick));

      g_assert_cmpint (mark_at (game, 0, pick)->state, ==, PEN_MARK_CHARGED);
      g_assert_cmpint (mark_at (game, 0, 1 - pick)->state, ==, PEN_MARK_WOUNDED);
      dice = supply (game, 0);
      g_assert_nonnull (strstr (dice, pick == 0 ? "ruby" : "jasper"));
      g_assert_null (strstr (dice, pick == 0 ? "jasper" : "ruby"));
      g_assert_cmpint (mark_at (game, 1, 0)->state, ==, PEN_MARK_CHARGED);
      g_assert_cmpint (mark_at (game, 1, 1)->state, ==, PEN_MARK_WOUNDED);
      g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
      g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
    }
}

/* "The Fate deck in play", EVENT, after a Trial turn: Personal Training ("You
 * gain 1 die of any colour and recharge 2 Marks") asks the player who revealed
 * it for the colour, then for the two Marks, before the next turn. "Mark
 * effects", RECHARGE: "choose any discharged non-wounded Mark ... You do not
 * gain the Rest effect". */
static void
test_fate_event_any_colour (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "fate-deck", "personal-training wildwood");
  set_marks (state, 0, "ruby/d jasper/d emerald/d");
  set_dice (state, 0, "bone:5");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  ROLL_THREAT (game, 6);
  apply_ok (game, simple (PEN_ACTION_GIVE_UP));

  g_assert_true (log_has (game, "Fate card revealed: Personal Training."));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_COLOUR);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_CHOOSE_COLOUR), "0 1 2 3 4 5");
  apply_refused (game, simple (PEN_ACTION_END_TURN), "First choose the colour of your reward die.");
  /* The refresh happened before the Event. */
  ASSERT_TEXT (game_list (game, "contract-row"), "lost-hut well-blessing brightshine lost-goat");

  FORCE (game, 2);
  apply_ok (game, choose_colour (PEN_DISCIPLINE_AMETHYST));
  ASSERT_TEXT (supply (game, 0), "amethyst:2 bone:5");
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_CARD_TOKEN), "0 1 2");
  apply_ok (game, card_pick (TOKEN_RECHARGE, 2));
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_CARD_TOKEN), "0 1");
  apply_ok (game, card_pick (TOKEN_RECHARGE, 0));
  g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_CHARGED);
  g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_DISCHARGED);
  g_assert_cmpint (mark_at (game, 0, 2)->state, ==, PEN_MARK_CHARGED);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  ASSERT_TEXT (supply (game, 1), "");
}

/* ==== Prophecies and the end ===================================================== */

/* "End of the game": "When any of the active Prophecies is fulfilled (the
 * condition stated on it is met): the current player finishes their turn as
 * usual, after which all players take one more turn each, including the
 * player on whose turn the Prophecy was fulfilled." "The Fate deck in play",
 * PROPHECY: "Unity (Единство: "All Wizards have passed 3 Trials")". The second
 * player passes their third Trial. */
static void
test_prophecy_unity (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "in-play", "end-of-time unity");
  set_list (state, "fate-deck", "aranea plains-of-agony basilisk");
  set_player_list (state, 0, "passed-trials",
                   "light:wandering-lights darkness:restless-inkwell light:gloomy-lady");
  set_player_list (state, 1, "passed-trials", "light:out-of-tune-clock darkness:wildwood");
  set_current_player (state, 1);
  set_dice (state, 1, "emerald:3 bone:4");
  game = complete_and_load (state);

  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  ROLL_THREAT (game, 6);
  apply_ok (game, choose_path (1, 0));
  apply_ok (game, task_dice (game, "emerald:3 bone:4"));
  FORCE (game, 2);
  apply_ok (game, choose_colour (PEN_DISCIPLINE_RUBY));
  ASSERT_TEXT (player_list (game, 1, "passed-trials"),
               "light:out-of-tune-clock darkness:wildwood light:goldeater");

  g_assert_null (pen_game_get_ending_prophecy (game));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_true (log_has (game, "The Prophecy Unity is fulfilled: everyone takes one more turn."));
  g_assert_false (pen_game_is_over (game));
  /* The game tells which Prophecy started the last round, for the table. */
  g_assert_cmpstr (pen_game_get_ending_prophecy (game), ==, "unity");

  /* One more turn each: the first player, then the second. */
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_false (pen_game_is_over (game));
  g_assert_cmpstr (pen_game_get_ending_prophecy (game), ==, "unity");
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_true (pen_game_is_over (game));
}

/* "End of the game": "When any of the active Prophecies is fulfilled (the
 * condition stated on it is met): the current player finishes their turn as
 * usual, after which all players take one more turn each". The Prophecy that
 * started the last round is kept in saves; a save from before it was kept
 * names the Prophecy in play now fulfilled; a save that names a Prophecy not
 * in play is refused. */
static void
test_prophecy_ending_saved (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(JsonNode) saved = NULL;
  g_autoptr(GError) error = NULL;

  set_list (state, "in-play", "end-of-time unity song-of-overcoming");
  set_player_list (state, 0, "passed-trials",
                   "light:wandering-lights darkness:restless-inkwell light:gloomy-lady light:mirror-twin");
  set_player_list (state, 1, "passed-trials", "light:out-of-tune-clock");
  game = complete_and_load (state);
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_cmpstr (pen_game_get_ending_prophecy (game), ==, "song-of-overcoming");

  saved = pen_game_to_json (game);
  loaded = pen_game_new_from_json (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pen_game_get_ending_prophecy (loaded), ==, "song-of-overcoming");

  g_clear_object (&loaded);
  json_object_remove_member (json_node_get_object (saved), "ending-prophecy");
  loaded = pen_game_new_from_json (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pen_game_get_ending_prophecy (loaded), ==, "song-of-overcoming");

  g_clear_object (&loaded);
  json_object_set_string_member (json_node_get_object (saved), "ending-prophecy", "blood-moon");
  loaded = pen_game_new_from_json (saved, &error);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "“ending-prophecy” names no Prophecy in play."));
  g_assert_null (loaded);
}

/* The Fate cards revealed so far, "id@line ...", each with the log line that
 * tells of it. */
static char *
fate_reveals (PenGame *game)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < pen_game_get_n_fate_reveals (game); i++)
    {
      guint line;
      const char *id = pen_game_get_fate_reveal (game, i, &line);

      g_string_append_printf (text, "%s%s@%s", i > 0 ? " " : "", id,
                              log_text (game, line));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "The Fate deck in play", FATE CARD: "Each time any player finishes a Trial
 * turn or a Rest turn, that player reveals and brings into play one new card
 * from the Fate deck." The game records each
 * card revealed, a Prophecy, a Goal or an Event (applied at once and gone),
 * with its line of the log, for the table to show it; saves keep the record,
 * and older saves without it load with none. */
static void
test_fate_reveals_recorded (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(JsonNode) saved = NULL;
  g_autoptr(GError) error = NULL;

  set_list (state, "fate-deck", "song-of-overcoming harvest heroism wildwood");
  game = complete_and_load (state);
  g_assert_cmpuint (pen_game_get_n_fate_reveals (game), ==, 0);
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  ASSERT_TEXT (fate_reveals (game),
               "song-of-overcoming@Fate card revealed: Song of Overcoming. "
               "harvest@Fate card revealed: Harvest. "
               "heroism@Fate card revealed: Heroism.");

  saved = pen_game_to_json (game);
  loaded = pen_game_new_from_json (saved, &error);
  g_assert_no_error (error);
  ASSERT_TEXT (fate_reveals (loaded), fate_reveals (game));

  g_clear_object (&loaded);
  json_object_remove_member (json_node_get_object (saved), "fate-reveals");
  json_object_remove_member (json_node_get_object (saved), "fate-reveal-lines");
  loaded = pen_game_new_from_json (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_n_fate_reveals (loaded), ==, 0);
}

/* "End of the game": "A Prophecy starts working as soon as it is revealed and
 * brought into play. If a newly revealed Prophecy is fulfilled at once, this
 * immediately triggers the end of the game. The next turn of the player who
 * revealed this prophecy will be the last turn in the game." */
static void
test_prophecy_revealed_fulfilled (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "fate-deck", "unity aranea plains-of-agony");
  set_player_list (state, 0, "passed-trials",
                   "light:wandering-lights darkness:restless-inkwell light:gloomy-lady");
  set_player_list (state, 1, "passed-trials",
                   "light:out-of-tune-clock darkness:wildwood light:mirror-twin");
  game = complete_and_load (state);

  apply_ok (game, simple (PEN_ACTION_REST));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  ASSERT_TEXT (game_list (game, "in-play"), "end-of-time unity");
  g_assert_true (log_has (game, "The Prophecy Unity is fulfilled: everyone takes one more turn."));

  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_false (pen_game_is_over (game));
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_true (pen_game_is_over (game));
}

/* "The Fate deck in play": "At the start of the game the Prophecy End of Time
 * is always in effect: the game ends if the Fate deck has run out of cards".
 * Here the last card (Secret Deal: "You gain 1 Trinket and 1 Blood.") is
 * revealed at the end of a failed Trial. */
static void
test_prophecy_end_of_time (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "fate-deck", "secret-deal");
  set_dice (state, 0, "bone:5");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 1));
  ROLL_THREAT (game, 6);
  apply_ok (game, simple (PEN_ACTION_GIVE_UP));

  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, 0);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 1);
  g_assert_true (log_has (game, "The Prophecy End of Time is fulfilled: "
                                "everyone takes one more turn."));

  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_false (pen_game_is_over (game));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_true (pen_game_is_over (game));
}

/* A Prophecy met on a Study turn: Guild Revival (docs/rules-assumptions.md: "A
 * Wizard has fulfilled 5 Contracts") with the fifth Contract fulfilled in the
 * Guild. "End of the game": "the current player finishes their turn as usual,
 * after which all players take one more turn each". */
static void
test_prophecy_guild_revival (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "in-play", "end-of-time guild-revival");
  set_player_list (state, 0, "fulfilled-contracts", "lost-hut black-mill living-water bog-whisper");
  set_dice (state, 0, "bone:2 bone:5");
  set_ingredients (state, 0, "fruits=3");
  game = complete_and_load (state);
  use_guild (game, "bone:2", 0);
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
  apply_ok (game, simple (PEN_ACTION_TASK_DO));
  /* The turn goes on as usual. */
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, 1);
  apply_ok (game, place (game, find_die (game, 0, "bone:5"), "forest", 0, 0));
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_true (log_has (game, "The Prophecy Guild Revival is fulfilled: "
                                "everyone takes one more turn."));

  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_false (pen_game_is_over (game));
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_true (pen_game_is_over (game));
}

/* Where the Wizards stand (pen_game_get_fate_progress(), issue 41's live
 * standing). "End of the game": "When any of the active Prophecies is
 * fulfilled (the condition stated on it is met)"; Song of Overcoming ("A
 * Wizard has passed 4 Trials") with the first Wizard at 3 of 4 is one step
 * away for that Wizard only; Unity ("All Wizards have passed 3 Trials") with
 * the second at 1 is not one step away for anyone; End of Time ("the game
 * ends if the Fate deck has run out of cards") with one card left is.
 * "Scoring", 7. GOALS: Heroism ("Each passed Trial will bring an additional
 * 2 points") gives each what the score counts. Then the fourth Trial: the
 * Prophecy is fulfilled. */
static void
test_fate_progress (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) progress = NULL;
  const PenFateProgress *song, *unity, *end, *heroism;
  PenScoreBreakdown score;

  set_list (state, "in-play", "end-of-time song-of-overcoming unity heroism");
  set_list (state, "fate-deck", "aranea");
  set_player_list (state, 0, "passed-trials",
                   "light:wandering-lights darkness:restless-inkwell light:gloomy-lady");
  set_player_list (state, 1, "passed-trials", "light:out-of-tune-clock");
  game = complete_and_load (state);

  progress = pen_game_get_fate_progress (game);
  g_assert_cmpuint (progress->len, ==, 4);
  end = &g_array_index (progress, PenFateProgress, 0);
  song = &g_array_index (progress, PenFateProgress, 1);
  unity = &g_array_index (progress, PenFateProgress, 2);
  heroism = &g_array_index (progress, PenFateProgress, 3);

  g_assert_cmpstr (end->card, ==, "end-of-time");
  g_assert_cmpint (end->scope, ==, PEN_PROPHECY_FATE_DECK_EMPTY);
  g_assert_cmpuint (end->total, ==, 1);
  g_assert_true (end->one_step_away);
  g_assert_false (end->fulfilled);

  g_assert_cmpstr (song->card, ==, "song-of-overcoming");
  g_assert_cmpint (song->kind, ==, PEN_FATE_KIND_PROPHECY);
  g_assert_cmpint (song->counter, ==, PEN_FATE_COUNTER_PASSED_TRIALS);
  g_assert_cmpuint (song->threshold, ==, 4);
  g_assert_cmpuint (song->n_wizards, ==, 2);
  g_assert_cmpuint (song->counts[0], ==, 3);
  g_assert_cmpuint (song->counts[1], ==, 1);
  g_assert_true (song->one_step[0]);
  g_assert_false (song->one_step[1]);
  g_assert_true (song->one_step_away);
  g_assert_false (song->fulfilled);

  g_assert_cmpstr (unity->card, ==, "unity");
  g_assert_cmpuint (unity->threshold, ==, 3);
  g_assert_cmpuint (unity->counts[0], ==, 3);
  g_assert_cmpuint (unity->counts[1], ==, 1);
  g_assert_false (unity->one_step[0]);
  g_assert_false (unity->one_step[1]);
  g_assert_false (unity->one_step_away);

  g_assert_cmpstr (heroism->card, ==, "heroism");
  g_assert_cmpint (heroism->kind, ==, PEN_FATE_KIND_GOAL);
  g_assert_cmpuint (heroism->points_each, ==, 2);
  g_assert_cmpuint (heroism->points[0], ==, 6);
  g_assert_cmpuint (heroism->points[1], ==, 2);
  for (guint p = 0; p < 2; p++)
    {
      pen_game_compute_score (game, p, &score);
      g_assert_cmpint (score.goals, ==, (int) heroism->points[p]);
    }
  g_clear_pointer (&progress, g_array_unref);

  /* The fourth Trial: Song of Overcoming fulfilled, no step left. */
  g_clear_object (&game);
  g_clear_pointer (&state, json_node_unref);
  state = new_state ();
  set_list (state, "in-play", "end-of-time song-of-overcoming unity heroism");
  set_player_list (state, 0, "passed-trials",
                   "light:wandering-lights darkness:restless-inkwell light:gloomy-lady light:out-of-tune-clock");
  game = complete_and_load (state);
  progress = pen_game_get_fate_progress (game);
  song = &g_array_index (progress, PenFateProgress, 1);
  g_assert_cmpuint (song->counts[0], ==, 4);
  g_assert_true (song->fulfilled);
  g_assert_false (song->one_step_away);
  g_assert_false (song->one_step[0]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/end-of-game", test_game_end_of_game);

  g_test_add_func ("/quests-in-game/fate/prophecy-and-goal", test_fate_prophecy_and_goal);
  g_test_add_func ("/quests-in-game/fate/harvest", test_fate_harvest);
  g_test_add_func ("/quests-in-game/fate/progress", test_fate_progress);
  g_test_add_func ("/quests-in-game/fate/reveals-recorded", test_fate_reveals_recorded);
  g_test_add_func ("/quests-in-game/fate/event-any-colour", test_fate_event_any_colour);
  g_test_add_func ("/quests-in-game/fate/event-heal-choice", test_fate_event_heal_choice);
  g_test_add_func ("/quests-in-game/prophecy/unity", test_prophecy_unity);
  g_test_add_func ("/quests-in-game/prophecy/ending-saved", test_prophecy_ending_saved);
  g_test_add_func ("/quests-in-game/prophecy/revealed-fulfilled", test_prophecy_revealed_fulfilled);
  g_test_add_func ("/quests-in-game/prophecy/end-of-time", test_prophecy_end_of_time);
  g_test_add_func ("/quests-in-game/prophecy/guild-revival", test_prophecy_guild_revival);

  return g_test_run ();
}
