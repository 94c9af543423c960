/* test-undo.c: undo and redo within a turn, back to the last random reveal.
 *
 * Architecture ("The engine's shape", Undo): "until something random has been
 * revealed (a roll, a new card), the player can step back".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-error.h"
#include "pen-game.h"
#include "pen-test-state.h"

static PenGame *
new_started_game (void)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new (11, 1, TRUE, &error);
  PenAction choose;

  g_assert_no_error (error);
  pen_action_init (&choose, PEN_ACTION_CHOOSE_TALENT);
  choose.index = 0;
  g_assert_true (pen_game_apply (game, &choose, &error));
  pen_game_set_undo_enabled (game, TRUE);
  return game;
}

static char *
state_text (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_to_string (node, FALSE);
}

static PenAction
place_action (PenGame    *game,
              const char *location)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_PLACE);
  action.die = 0;
  action.location = pen_game_find_location (game, location);
  action.section = 0;
  action.cell = 0;
  return action;
}

/* A placement reveals nothing random: it can be taken back, and redone. */
static void
test_undo_placement (void)
{
  g_autoptr(PenGame) game = new_started_game ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = state_text (game);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  PenAction place = place_action (game, "bazaar");
  g_assert_false (pen_game_can_undo (game));
  g_assert_true (pen_game_apply (game, &place, &error));
  after = state_text (game);
  g_assert_true (pen_game_can_undo (game));
  g_assert_false (pen_game_can_redo (game));

  g_assert_true (pen_game_undo (game, &error));
  g_assert_no_error (error);
  undone = state_text (game);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (pen_game_can_redo (game));
  g_assert_false (pen_game_can_undo (game));
  g_assert_cmpint (pen_game_get_placements_left (game), ==, 1);

  g_assert_true (pen_game_redo (game, &error));
  redone = state_text (game);
  g_assert_cmpstr (redone, ==, after);
  g_assert_false (pen_game_can_redo (game));
}

/* A Resource die was rolled: nothing before it can be undone. */
static void
test_undo_stops_at_random_reveal (void)
{
  g_autoptr(PenGame) game = new_started_game ();
  g_autoptr(GError) error = NULL;
  PenAction place = place_action (game, "forest");
  PenAction use;

  pen_action_init (&use, PEN_ACTION_USE_LOCATION);
  g_assert_true (pen_game_apply (game, &place, &error));
  g_assert_true (pen_game_can_undo (game));
  g_assert_true (pen_game_apply (game, &use, &error));
  g_assert_false (pen_game_can_undo (game));
  g_assert_false (pen_game_undo (game, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_cmpint (pen_game_get_undo_stop (game), ==, PEN_UNDO_STOP_DICE);
  g_assert_cmpstr (error->message, ==, "The dice were rolled: undo goes back to here.");
}

/* Undo says why it stops: nothing before the game was opened, the start of
 * the turn, a roll, a card drawn from a deck (the market refilled); redo,
 * when nothing was undone. */
static void
test_undo_says_why_it_stops (void)
{
  g_autoptr(PenGame) game = new_started_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) gaining = plain_state (1);
  g_autoptr(PenGame) taking = NULL;
  PenAction place = place_action (game, "bazaar");
  PenAction skip, end;
  JsonObject *cards;

  g_assert_cmpint (pen_game_get_undo_stop (game), ==, PEN_UNDO_STOP_OPENED);
  g_assert_false (pen_game_undo (game, &error));
  g_assert_cmpstr (error->message, ==, "The game was opened: undo goes back to here.");
  g_clear_error (&error);
  g_assert_false (pen_game_redo (game, &error));
  g_assert_cmpstr (error->message, ==, "Nothing was undone since the last action: there is nothing to redo.");
  g_assert_cmpstr (pen_game_describe_redo_stop (game), ==, error->message);
  g_clear_error (&error);

  pen_action_init (&skip, PEN_ACTION_SKIP_LOCATION);
  pen_action_init (&end, PEN_ACTION_END_TURN);
  g_assert_true (pen_game_apply (game, &place, &error));
  g_assert_true (pen_game_apply (game, &skip, &error));
  g_assert_true (pen_game_apply (game, &end, &error));
  g_assert_false (pen_game_can_undo (game));
  g_assert_cmpint (pen_game_get_undo_stop (game), ==, PEN_UNDO_STOP_TURN);
  g_assert_cmpstr (pen_game_describe_undo_stop (game), ==, "The turn began: undo goes back to here.");

  /* A Potion gained from the Brewery: the deck refills its place. */
  json_object_set_string_member (state_turn (gaining), "type", "study");
  set_pending (gaining, "none card:card");
  cards = state_cards (gaining);
  json_object_set_int_member (cards, "to-gain", 1);
  json_object_set_int_member (cards, "gain-deck", PEN_DECK_POTIONS);
  taking = load (gaining);
  pen_game_set_undo_enabled (taking, TRUE);
  apply_ok (taking, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_POTIONS, 1)));
  g_assert_false (pen_game_can_undo (taking));
  g_assert_cmpint (pen_game_get_undo_stop (taking), ==, PEN_UNDO_STOP_CARD);
  g_assert_false (pen_game_undo (taking, &error));
  g_assert_cmpstr (error->message, ==, "A card was revealed: undo goes back to here.");
}

/* A new action after an undo forgets what could be redone; the end of the
 * turn forgets what could be undone. */
static void
test_undo_new_action_and_turn_end (void)
{
  g_autoptr(PenGame) game = new_started_game ();
  g_autoptr(GError) error = NULL;
  PenAction place = place_action (game, "bazaar");
  PenAction skip, end;

  pen_action_init (&skip, PEN_ACTION_SKIP_LOCATION);
  pen_action_init (&end, PEN_ACTION_END_TURN);
  g_assert_true (pen_game_apply (game, &place, &error));
  g_assert_true (pen_game_undo (game, &error));
  g_assert_true (pen_game_can_redo (game));
  place = place_action (game, "guild");
  g_assert_true (pen_game_apply (game, &place, &error));
  g_assert_false (pen_game_can_redo (game));
  g_assert_true (pen_game_apply (game, &skip, &error));
  g_assert_true (pen_game_can_undo (game));
  g_assert_true (pen_game_apply (game, &end, &error));
  g_assert_false (pen_game_can_undo (game));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/undo/placement", test_undo_placement);
  g_test_add_func ("/undo/stops-at-random-reveal", test_undo_stops_at_random_reveal);
  g_test_add_func ("/undo/new-action-and-turn-end", test_undo_new_action_and_turn_end);
  g_test_add_func ("/undo/says-why-it-stops", test_undo_says_why_it_stops);

  return g_test_run ();
}
