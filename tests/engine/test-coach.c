/* test-coach.c: the coach, a player that searches ahead, and the copies of a
 * game it searches on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <string.h>
#include <json-glib/json-glib.h>

#include "pen-coach.h"
#include "pen-game.h"
#include "pen-reference.h"
#include "pen-rng.h"
#include "pen-test-state.h"

/* A game played by the reference player (or at random, @random) for @n actions. */
static PenGame *
played (guint64  seed,
        gboolean solo,
        gboolean random,
        guint    n)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = solo ? pen_game_new_solo (seed, "jasper", -1, FALSE, &error) : pen_game_new (seed, 3, FALSE, &error);
  g_autoptr(PenRng) chooser = pen_rng_new (seed);
  PenReference memory[PEN_MAX_PLAYERS] = { { G_MAXUINT, 0 }, { G_MAXUINT, 0 }, { G_MAXUINT, 0 }, { G_MAXUINT, 0 } };

  g_assert_no_error (error);
  for (guint i = 0; i < n && !pen_game_is_over (game); i++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      PenAction action;

      if (random)
        action = g_array_index (actions, PenAction, pen_rng_range (chooser, 0, actions->len));
      else
        pen_reference_choose (&memory[pen_game_get_current_player (game)], game, actions, &action);
      apply_ok (game, action);
    }
  return game;
}

/* pen_game_copy() copies the state field by field: after every action of
 * whole random games the copy saves to the same text as the original, and
 * it owns its state (an action applied to it leaves the original as it was,
 * and gives the same game as applied to the original). */
static void
test_coach_copy_is_the_game (void)
{
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr(PenGame) game = played (seed, seed % 2 == 0, TRUE, 0);
      g_autoptr(PenRng) chooser = pen_rng_new (seed);

      while (!pen_game_is_over (game))
        {
          g_autoptr(GArray) actions = pen_game_list_actions (game);
          const PenAction *action = &g_array_index (actions, PenAction, pen_rng_range (chooser, 0, actions->len));
          g_autoptr(PenGame) copy = pen_game_copy (game);
          g_autofree char *before = game_text (game);
          g_autofree char *copied = game_text (copy);
          g_autofree char *unchanged = NULL;
          g_autofree char *original_after = NULL;
          g_autofree char *copy_after = NULL;

          g_assert_cmpstr (copied, ==, before);
          apply_ok (copy, *action);
          unchanged = game_text (game);
          g_assert_cmpstr (unchanged, ==, before);
          apply_ok (game, *action);
          original_after = game_text (game);
          copy_after = game_text (copy);
          g_assert_cmpstr (copy_after, ==, original_after);
        }
    }
}

static void
reverse_array (JsonObject *object,
               const char *member)
{
  JsonArray *array = json_object_get_array_member (object, member);
  g_autoptr(JsonArray) reversed = json_array_new ();

  for (guint i = json_array_get_length (array); i > 0; i--)
    json_array_add_element (reversed, json_node_copy (json_array_get_element (array, i - 1)));
  json_object_set_array_member (object, member, json_array_ref (reversed));
}

/* The same game with what no player sees in another order: each Wizard
 * card deck and the Contract deck reversed, the last two cards of the Fate
 * deck (in its last stack) swapped while it has two, the rolls to come from another state. */
static PenGame *
with_unseen_changed (PenGame *game)
{
  g_autoptr(JsonNode) state = pen_game_to_json (game);
  JsonObject *root = state_root (state);
  JsonArray *decks = json_object_get_array_member (state_cards (state), "decks");
  JsonArray *fate = json_object_get_array_member (root, "fate-deck");
  guint n = json_array_get_length (fate);
  g_autofree char *rng_state = NULL;
  g_autoptr(PenGame) other = pen_game_new (99, 2, FALSE, NULL);

  for (guint d = 0; d < json_array_get_length (decks); d++)
    reverse_array (json_array_get_object_element (decks, d), "deck");
  reverse_array (root, "contract-deck");
  if (n >= 2)
    {
      JsonNode *last = json_node_copy (json_array_get_element (fate, n - 1));

      json_array_remove_element (fate, n - 1);
      json_array_add_element (fate, json_node_copy (json_array_get_element (fate, n - 2)));
      json_array_remove_element (fate, n - 2);
      json_array_add_element (fate, last);
    }
  {
    g_autoptr(JsonNode) other_state = pen_game_to_json (other);

    json_object_set_string_member (root, "rng-state",
                                   json_object_get_string_member (state_root (other_state), "rng-state"));
  }
  return load (state);
}

/* How many of @actions end a turn that Rest could have begun: the coach
 * leaves those out. */
static guint
count_passes (GArray *actions)
{
  gboolean rest = FALSE;
  guint passes = 0;

  for (guint i = 0; i < actions->len; i++)
    {
      rest |= g_array_index (actions, PenAction, i).type == PEN_ACTION_REST;
      passes += g_array_index (actions, PenAction, i).type == PEN_ACTION_END_TURN;
    }
  return rest ? passes : 0;
}

/* Issue 17, "It does not cheat: it never reads the order of face-down decks
 * or future rolls; it samples them (determinization). A test shows that two
 * states differing only in the hidden order give the same decisions with the
 * same seed." */
static void
test_coach_hidden_order (void)
{
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      g_autoptr(PenGame) game = played (seed, TRUE, FALSE, 6 + 5 * seed);
      g_autoptr(PenGame) changed = with_unseen_changed (game);
      g_autoptr(GArray) actions = pen_game_list_actions_without_empower (game);
      g_autofree char *a = game_text (game);
      g_autofree char *b = game_text (changed);
      g_autoptr(PenGame) deal_a = pen_game_copy_unseen (game, 5);
      g_autoptr(PenGame) deal_b = pen_game_copy_unseen (changed, 5);
      g_autofree char *dealt_a = game_text (deal_a);
      g_autofree char *dealt_b = game_text (deal_b);
      g_autoptr(PenGame) other_deal = pen_game_copy_unseen (game, 6);
      g_autofree char *dealt_other = game_text (other_deal);
      /* Every candidate played out, and the few a screen leaves. */
      const PenCoachSettings settings[] = { { 3, 4, 2, 0, 0 }, { 2, 3, 1, 0, 2 } };

      g_assert_cmpstr (a, !=, b);
      g_assert_cmpstr (dealt_a, ==, dealt_b);
      g_assert_cmpstr (dealt_a, !=, dealt_other);

      for (guint s = 0; s < G_N_ELEMENTS (settings); s++)
        {
          g_autofree char *said_a = NULL;
          g_autofree char *said_b = NULL;
          PenCoachAdvice advice_a, advice_b;

          g_assert_true (pen_coach_advise (game, &settings[s], seed, NULL, &advice_a));
          g_assert_true (pen_coach_advise (changed, &settings[s], seed, NULL, &advice_b));
          said_a = pen_game_describe_action (game, &advice_a.action);
          said_b = pen_game_describe_action (changed, &advice_b.action);
          g_assert_cmpstr (said_a, ==, said_b);
          g_assert_cmpfloat (advice_a.value, ==, advice_b.value);
          g_assert_cmpfloat (advice_a.next_value, ==, advice_b.next_value);
          g_assert_cmpuint (advice_a.n_candidates, ==, actions->len - count_passes (actions));
        }
    }
}

/* The advice is a legal action, the best the deals found: its value is at
 * least the next best's. */
static void
test_coach_advice (void)
{
  g_autoptr(PenGame) game = played (4, TRUE, FALSE, 14);
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  const PenCoachSettings settings = { 2, 4, 2, 0, 0 };
  PenCoachAdvice advice;
  gboolean listed = FALSE;

  g_assert_cmpuint (actions->len, >, 1);
  g_assert_true (pen_coach_advise (game, &settings, 1, NULL, &advice));
  for (guint i = 0; i < actions->len; i++)
    listed |= memcmp (&g_array_index (actions, PenAction, i), &advice.action, sizeof (PenAction)) == 0;
  g_assert_true (listed);
  g_assert_cmpfloat (advice.value, >=, advice.next_value);
  g_assert_cmpuint (advice.n_deals, ==, 2);
  g_assert_true (pen_game_check_action (game, &advice.action, NULL));
}

/* The list the coach searches is the legal actions' in their order, but
 * for Empower's (a card used with Orange dice discarded), which whole random
 * games reach. */
static void
test_coach_without_empower (void)
{
  guint empowered = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(PenGame) game = played (seed, seed % 2 == 0, TRUE, 0);
      g_autoptr(PenRng) chooser = pen_rng_new (seed);

      while (!pen_game_is_over (game))
        {
          g_autoptr(GArray) actions = pen_game_list_actions (game);
          g_autoptr(GArray) plain = pen_game_list_actions_without_empower (game);
          guint n = 0;

          for (guint i = 0; i < actions->len; i++)
            {
              const PenAction *action = &g_array_index (actions, PenAction, i);

              if (action->empower != 0)
                {
                  g_assert_cmpint (action->type, ==, PEN_ACTION_USE_CARD);
                  empowered++;
                  continue;
                }
              g_assert_cmpuint (n, <, plain->len);
              g_assert_true (pen_action_equal (action, &g_array_index (plain, PenAction, n)));
              n++;
            }
          g_assert_cmpuint (n, ==, plain->len);
          apply_ok (game, g_array_index (actions, PenAction, pen_rng_range (chooser, 0, actions->len)));
        }
    }
  g_assert_cmpuint (empowered, >, 0);
}

/* Rulebook, Study turn: "You can make only one placement, or none at all"
 * — a turn may be passed, but the coach never advises passing one it could
 * Rest in: a Study with nothing done gains nothing, and passing each turn
 * would never end a game. Every turn's start of 20 games, where Rest and
 * End the Turn are both legal, is asked. */
static void
test_coach_never_passes (void)
{
  guint asked = 0;

  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(PenGame) game = played (seed, TRUE, FALSE, 0);
      PenReference memory = { G_MAXUINT, 0 };

      while (!pen_game_is_over (game))
        {
          g_autoptr(GArray) actions = pen_game_list_actions_without_empower (game);
          PenAction chosen;

          if (count_passes (actions) > 0)
            {
              PenCoachAdvice advice;
              const PenCoachSettings settings = { 1, 2, 1, 0, 4 };

              g_assert_true (pen_coach_advise (game, &settings, seed, NULL, &advice));
              g_assert_cmpint (advice.action.type, !=, PEN_ACTION_END_TURN);
              g_assert_cmpuint (advice.n_candidates, ==, actions->len - count_passes (actions));
              asked++;
            }
          g_assert_true (pen_reference_choose (&memory, game, actions, &chosen));
          apply_ok (game, chosen);
        }
    }
  g_assert_cmpuint (asked, >=, 100);
}

/* A cancelled search advises nothing. */
static void
test_coach_cancelled (void)
{
  g_autoptr(PenGame) game = played (4, TRUE, FALSE, 14);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  PenCoachAdvice advice;

  g_cancellable_cancel (cancellable);
  g_assert_false (pen_coach_advise (game, &pen_coach_fast, 1, cancellable, &advice));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/coach/copy-is-the-game", test_coach_copy_is_the_game);
  g_test_add_func ("/coach/hidden-order", test_coach_hidden_order);
  g_test_add_func ("/coach/advice", test_coach_advice);
  g_test_add_func ("/coach/cancelled", test_coach_cancelled);
  g_test_add_func ("/coach/without-empower", test_coach_without_empower);
  g_test_add_func ("/coach/never-passes", test_coach_never_passes);
  return g_test_run ();
}
