/* test-offers.c: the actions as the window offers them
 * (pen_game_list_distinct_actions()): each outcome once, and no action that
 * changes nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-game.h"
#include "pen-rng.h"

#include "pen-test-state.h"

static guint
count_placements (GArray     *actions,
                  PenGame    *game,
                  const char *location)
{
  guint n = 0;

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      g_autofree char *text = pen_game_describe_action (game, action);

      n += action->type == PEN_ACTION_PLACE && strstr (text, location) != NULL;
    }
  return n;
}

/* "Dice": a Spark die counts as a die of any colour. In the Forest the engine
 * lists it placed as itself, as Green (HARVEST: "If you place a Green die in
 * the Forest, you will roll two Resource dice at once") and as Red (which
 * does nothing more there): the Red placement leads to the same game as the
 * plain one and is not offered. */
static void
test_same_outcome_once (void)
{
  g_autoptr(JsonNode) state = plain_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) all = NULL;
  g_autoptr(GArray) offered = NULL;

  set_standard_classes (state);
  set_dice (state, 0, "spark:3");
  game = load (state);
  all = pen_game_list_actions (game);
  offered = pen_game_list_distinct_actions (game);
  g_assert_cmpuint (count_placements (all, game, "\"forest\",\"section\":\"resource\",\"cell\":0"), ==, 3);
  g_assert_cmpuint (count_placements (offered, game, "\"forest\",\"section\":\"resource\",\"cell\":0"), ==, 2);
}

/* "Wizard cards": Scarlet Downpour costs "a Red die"; which Red die pays is
 * the player's to choose. With Ruby 4, Ruby 4 and Ruby 5, one use is offered
 * for a Ruby 4 and one for the Ruby 5, and each leaves the other dice. */
static void
test_player_chooses_the_dice (void)
{
  g_autoptr(JsonNode) state = plain_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) offered = NULL;
  int card = json_array_get_length (json_array_get_array_element (
      json_object_get_array_member (state_cards (state), "players"), 0));
  g_autoptr(GPtrArray) left = g_ptr_array_new_with_free_func (g_free);

  set_standard_classes (state);
  set_dice (state, 0, "ruby:4 ruby:4 ruby:5 bone:1");
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
  game = load (state);
  offered = pen_game_list_distinct_actions (game);
  for (guint i = 0; i < offered->len; i++)
    {
      const PenAction *action = &g_array_index (offered, PenAction, i);
      g_autoptr(PenGame) copy = NULL;
      g_autoptr(GError) error = NULL;

      if (action->type != PEN_ACTION_USE_CARD || action->index != card || action->empower != 0)
        continue;
      copy = pen_game_copy (game);
      g_assert_true (pen_game_apply (copy, action, &error));
      g_ptr_array_add (left, supply (copy, 0));
    }
  g_assert_cmpuint (left->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (left, 0), !=, g_ptr_array_index (left, 1));
  for (guint i = 0; i < left->len; i++)
    g_assert_true (g_str_equal (g_ptr_array_index (left, i), "bone:1 ruby:4 ruby:5")
                   || g_str_equal (g_ptr_array_index (left, i), "bone:1 ruby:4 ruby:4"));
}

/* "Primagic", EMPOWER: "Discard an Orange die to add +2 to the strength of
 * the effect of any Spell (you may discard several to add +2 for each)".
 * Scarlet Downpour paid by the Ruby 4, with Amber 2, 5 and 3 beside it: the
 * cast is offered with no Empower and with each of the 7 sets of those dice,
 * two and three at once among them. */
static void
test_empower_with_several (void)
{
  g_autoptr(JsonNode) state = plain_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) offered = NULL;
  int card = json_array_get_length (json_array_get_array_element (
      json_object_get_array_member (state_cards (state), "players"), 0));
  guint by_size[4] = { 0 };

  set_standard_classes (state);
  set_dice (state, 0, "ruby:4 amber:2 amber:5 amber:3");
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
  game = load (state);
  offered = pen_game_list_distinct_actions (game);
  for (guint i = 0; i < offered->len; i++)
    {
      const PenAction *action = &g_array_index (offered, PenAction, i);

      if (action->type == PEN_ACTION_USE_CARD && action->index == card)
        {
          g_assert_cmpuint (action->mask, ==, dice_mask (game, 0, "ruby:4"));
          by_size[__builtin_popcountll (action->empower)]++;
        }
    }
  g_assert_cmpuint (by_size[0], ==, 1);
  g_assert_cmpuint (by_size[1], ==, 3);
  g_assert_cmpuint (by_size[2], ==, 3);
  g_assert_cmpuint (by_size[3], ==, 1);
}

/* "Mark effects", SET: "set a die to any value". Setting it to the face it
 * shows would only discharge the Mark: refused, so not offered. */
static void
test_set_to_same_refused (void)
{
  g_autoptr(JsonNode) state = plain_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) all = NULL;
  PenAction action;
  guint sets = 0;

  set_marks (state, 0, "ruby");
  set_dice (state, 0, "ruby:5");
  game = load (state);
  all = pen_game_list_actions (game);
  for (guint i = 0; i < all->len; i++)
    {
      const PenAction *listed = &g_array_index (all, PenAction, i);

      if (listed->type == PEN_ACTION_USE_MARK && listed->value == PEN_MARK_EFFECT_SET)
        {
          g_assert_cmpint (listed->colour, !=, 5);
          sets++;
        }
    }
  g_assert_cmpuint (sets, ==, 5);
  pen_action_init (&action, PEN_ACTION_USE_MARK);
  action.index = 0;
  action.die = 0;
  action.value = PEN_MARK_EFFECT_SET;
  action.colour = 5;
  apply_refused (game, action, "The die already shows 5: setting it to 5 would change nothing.");
}

static gboolean
same_subject (const PenAction *a,
              const PenAction *b)
{
  return a->type == b->type && a->die == b->die && a->index == b->index
         && a->location == b->location && a->section == b->section && a->cell == b->cell;
}

static char *
outcome (PenGame         *game,
         const PenAction *action)
{
  g_autoptr(PenGame) copy = pen_game_copy (game);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_game_apply (copy, action, &error));
  node = pen_game_to_json (copy);
  json_object_remove_member (json_node_get_object (node), "log");
  json_object_remove_member (json_node_get_object (node), "actions");
  return json_to_string (node, FALSE);
}

/* Over random solo games: every action left out has a twin offered (the same
 * piece, the same game after it), and no two offered on the same piece lead
 * to the same game. */
static void
test_dropped_have_twins (void)
{
  g_autoptr(PenRng) rng = pen_rng_new (7);
  guint dropped = 0;

  for (guint seed = 1; seed <= 6; seed++)
    {
      g_autoptr(PenGame) game = pen_game_new_solo (seed, "jasper", -1, FALSE, NULL);

      for (guint step = 0; step < 3000 && !pen_game_is_over (game); step++)
        {
          g_autoptr(GArray) all = pen_game_list_actions (game);
          g_autoptr(GArray) offered = pen_game_list_distinct_actions (game);
          g_autoptr(GPtrArray) outcomes = g_ptr_array_new_with_free_func (g_free);
          g_autoptr(GError) error = NULL;

          g_assert_cmpuint (offered->len, >, 0);
          for (guint i = 0; i < offered->len; i++)
            g_ptr_array_add (outcomes, NULL);
          for (guint i = 0; i < all->len; i++)
            {
              const PenAction *action = &g_array_index (all, PenAction, i);
              gboolean kept = FALSE, twin = FALSE;
              g_autofree char *mine = NULL;

              for (guint j = 0; j < offered->len && !kept; j++)
                kept = pen_action_equal (action, &g_array_index (offered, PenAction, j));
              if (kept)
                continue;
              dropped++;
              if (g_getenv ("OFFERS_SHOW"))
                {
                  g_autofree char *text = pen_game_describe_action (game, action);
                  g_printerr ("dropped %s\n", text);
                }
              mine = outcome (game, action);
              for (guint j = 0; j < offered->len && !twin; j++)
                if (same_subject (action, &g_array_index (offered, PenAction, j)))
                  {
                    if (g_ptr_array_index (outcomes, j) == NULL)
                      outcomes->pdata[j] = outcome (game, &g_array_index (offered, PenAction, j));
                    twin = g_str_equal (mine, g_ptr_array_index (outcomes, j));
                  }
              g_assert_true (twin);
            }
          g_assert_true (pen_game_apply (game, &g_array_index (offered, PenAction,
                                                               pen_rng_range (rng, 0, offered->len)),
                                         &error));
        }
      g_assert_true (pen_game_is_over (game));
    }
  /* The games met duplicates to leave out. */
  g_assert_cmpuint (dropped, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/offers/same-outcome-once", test_same_outcome_once);
  g_test_add_func ("/offers/player-chooses-the-dice", test_player_chooses_the_dice);
  g_test_add_func ("/offers/empower-with-several", test_empower_with_several);
  g_test_add_func ("/offers/set-to-same-refused", test_set_to_same_refused);
  g_test_add_func ("/offers/dropped-have-twins", test_dropped_have_twins);
  return g_test_run ();
}
