/* test-quests-in-game.c: Contracts and Trials in play, through PenGame's
 * public API.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib (the Contract
 * row and deck, the Trial row, the Fate deck, the cards in play, each Wizard's
 * fulfilled, reserved and passed cards, Marks, dice, Ingredients) and loaded
 * again, with the helpers of pen-test-state.h, pen-test-quests.h and, for the
 * Wizard cards, pen-test-cards.h. Dice, Threat dice and Resource dice are
 * forced with pen_rng_force_next().
 *
 * Rulebook sections: "Contracts and Trials" (Tasks, Rewards, Contracts, Trials,
 * Light and Darkness, Properties, Reserving), "Primagic" (DEFEND), "Guild",
 * "Turn Sequence" (Trial turn, Rest turn).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "pen-cards.h"
#include "pen-error.h"
#include "pen-game.h"
#include "pen-quest.h"

#include "pen-test-state.h"
#include "pen-test-cards.h"
#include "pen-test-quests.h"

/* ---- Building states ------------------------------------------------------ */

static void
set_reserved_trial (JsonNode   *state,
                    guint       player,
                    const char *id)
{
  json_object_set_string_member (state_player (state, player), "reserved-trial", id);
}

/* ---- Reading a game ---------------------------------------------------------- */

static guint
deck_length (PenGame *game)
{
  g_autofree char *deck = game_list (game, "contract-deck");
  g_auto(GStrv) ids = g_strsplit (deck, " ", -1);

  return g_strv_length (ids);
}

static char *
reserved_trial (PenGame *game,
                guint    player)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *players = json_object_get_array_member (json_node_get_object (node), "players");
  JsonObject *object = json_array_get_object_element (players, player);

  return g_strdup (json_object_get_string_member_with_default (object, "reserved-trial", "-"));
}

static guint
spark_marks (PenGame *game,
             guint    player)
{
  return pen_wizard_board_count_spark_marks (pen_game_get_player (game, player));
}

static gboolean
must_rest (PenGame *game,
           guint    player)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *players = json_object_get_array_member (json_node_get_object (node), "players");

  return json_object_get_boolean_member (json_array_get_object_element (players, player),
                                         "must-rest");
}

static guint
threat_dice_prepared (PenGame *game)
{
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;
  guint n = pen_game_get_threat_dice (game, values, &rolled);

  g_assert_false (rolled);
  return n;
}

/* The listed paths and tasks of a Trial: "0.0 0.1 1.0" (path.task). */
static char *
listed_paths (PenGame *game)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      if (action->type == PEN_ACTION_CHOOSE_PATH)
        g_ptr_array_add (items, g_strdup_printf ("%d.%d", action->index, action->value));
    }
  return join_sorted (items, " ");
}

/* The listed dice choices of a task, each as its sorted dice joined by "+",
 * sorted and joined by ", ": "bone:3+bone:5, bone:5+jasper:4". */
static char *
listed_task_dice (PenGame *game)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  PenWizardBoard *board = pen_game_get_player (game, pen_game_get_current_player (game));

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      g_autoptr(GPtrArray) specs = NULL;

      if (action->type != PEN_ACTION_TASK_DICE)
        continue;
      specs = g_ptr_array_new_with_free_func (g_free);
      for (guint d = 0; d < pen_wizard_board_get_n_dice (board); d++)
        if (action->mask & (G_GUINT64_CONSTANT (1) << d))
          g_ptr_array_add (specs, die_spec (pen_wizard_board_get_die (board, d)));
      g_ptr_array_add (items, join_sorted (specs, "+"));
    }
  return join_sorted (items, ", ");
}

/* ---- Actions ---------------------------------------------------------------- */

static PenAction
with_die (PenActionType type,
          int           die)
{
  PenAction action;

  pen_action_init (&action, type);
  action.die = die;
  return action;
}

/* ==== The Guild ============================================================ */

/* "Guild", FULFIL A CONTRACT: "Place any die. Attempt to fulfil one Contract.
 * This can be either one of the 4 face-up Contracts, or a Reserved Contract."
 * "Reserving": "Reserved Contracts and Trials are your personal tasks,
 * unavailable to other Wizards." */
static void
test_guild_choose_contract (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_player_list (state, 0, "reserved-contracts", "living-water koschei-needle");
  set_player_list (state, 1, "reserved-contracts", "upyr-barrow");
  set_dice (state, 0, "bone:3 bone:4");
  game = complete_and_load (state);

  /* Nothing to choose before the Guild is used. */
  g_assert_cmpuint (count_listed (game, PEN_ACTION_CHOOSE_CONTRACT), ==, 0);
  apply_refused (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0), "No Contract is being chosen.");

  use_guild (game, "bone:3", 0);
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_CHOOSE_CONTRACT), "0 1 2 3 100 101");
  apply_refused (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 102),
                 "You have no such reserved Contract.");
  apply_refused (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 4),
                 "There is no Contract in that place of the Guild.");
  /* No task before a Contract is chosen. */
  apply_refused (game, simple (PEN_ACTION_TASK_DO), "No task is waiting.");

  /* Choosing a reserved Contract attempts it (Koschei's Needle: Threat 3). */
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 101));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpuint (threat_dice_prepared (game), ==, 3);
  g_assert_true (log_has (game, "Attempting the Contract Koschei’s Needle."));
}

/* "Contracts", FULFILLING A CONTRACT: "THREAT. If the Contract shows Threat,
 * roll and apply the Threat dice. ... TASK. Perform the Task indicated in the
 * Contract. REWARD. If the task is successfully completed, gain the Reward ...
 * EXPERIENCE. The card of the fulfilled Contract stays with you ... REFRESH.
 * After a Contract leaves the Guild, shift the remaining Contracts to the
 * right. Reveal a new Contract card (from the top of the Contract deck) and
 * add it to the Contract row, in the vacated leftmost place."
 * "Tasks", DISCARD DICE (TOTAL SUM): "Discard any number of Purple dice with a
 * sum of 6 or more: this can be one purple 6, or, for example, a purple 3 and
 * a purple 4." (Sorcerous Prison: Threat 2, that very task; 2 Arcana.) */
static void
test_guild_threat_then_task (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-row", "well-blessing sorcerous-prison brook-bridge lost-hut");
  set_list (state, "contract-deck", "harvest-charm black-mill");
  set_dice (state, 0, "bone:1 amethyst:2 amethyst:4 amethyst:5");
  game = complete_and_load (state);

  use_guild (game, "bone:1", 0);
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));

  /* The Threat first: its 2 dice wait for the roll; the task waits. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpuint (threat_dice_prepared (game), ==, 2);
  apply_refused (game, task_dice (game, "amethyst:2 amethyst:4"), "No task is waiting for dice.");
  ROLL_THREAT (game, 3, 6);
  g_assert_true (log_has (game, "Threat 3 misses."));
  g_assert_true (log_has (game, "Threat 6 misses."));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);
  g_assert_true (log_has (game,
                          "Task: “Discard any number of Purple dice with a sum of 6 or more.”"));

  /* Only minimal sets are offered: a purple 2 and 4, 2 and 5, or 4 and 5. */
  ASSERT_TEXT (listed_task_dice (game),
               "amethyst:2+amethyst:4, amethyst:2+amethyst:5, amethyst:4+amethyst:5");
  apply_refused (game, task_dice (game, "amethyst:5"),
                 "These dice add up to 5; the task needs 6 or more.");

  apply_ok (game, task_dice (game, "amethyst:2 amethyst:4"));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  ASSERT_TEXT (supply (game, 0), "amethyst:5");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "sorcerous-prison");
  g_assert_true (log_has (game, "Contract fulfilled: Sorcerous Prison."));
  /* Well Blessing shifts right into the vacated place; Harvest Charm comes
   * from the top of the deck into the leftmost. */
  ASSERT_TEXT (game_list (game, "contract-row"),
               "harvest-charm well-blessing brook-bridge lost-hut");
  ASSERT_TEXT (contract_deck_top (game, 1), "black-mill");
}

/* "Primagic", DEFEND: "Place or discard a Yellow die to discard 1 Threat die.
 * ... This applies, for example, in the Guild (if the Contract being fulfilled
 * has Threat)". "The second effect ("discard") lets you, before the Threat
 * roll, discard any number of Yellow dice from your supply ... when attempting
 * to fulfil a Contract". A Spark die placed as Yellow counts as Yellow. */
static void
test_guild_defend (void)
{
  /* A Yellow die placed in the Guild: Sorcerous Prison's Threat 2 becomes 1. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "well-blessing sorcerous-prison brook-bridge lost-hut");
    set_dice (state, 0, "jasper:3 jasper:5");
    game = complete_and_load (state);
    use_guild (game, "jasper:3", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
    g_assert_cmpuint (threat_dice_prepared (game), ==, 1);
    g_assert_true (log_has (game, "Defend: the Yellow die placed here discards 1 Threat die."));

    /* ...and a Yellow die discarded from the supply cancels the other. */
    apply_ok (game, with_die (PEN_ACTION_DEFEND, find_die (game, 0, "jasper:5")));
    g_assert_cmpuint (threat_dice_prepared (game), ==, 0);
    ASSERT_TEXT (supply (game, 0), "");
  }

  /* A Spark die placed as Yellow. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "well-blessing sorcerous-prison brook-bridge lost-hut");
    set_dice (state, 0, "spark:4");
    game = complete_and_load (state);
    apply_ok (game, place_as (game, 0, "guild", 0, 0, PEN_DISCIPLINE_JASPER));
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
    g_assert_cmpuint (threat_dice_prepared (game), ==, 1);
  }

  /* Any other die leaves the Threat whole. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "well-blessing sorcerous-prison brook-bridge lost-hut");
    set_dice (state, 0, "ruby:3");
    game = complete_and_load (state);
    use_guild (game, "ruby:3", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
    g_assert_cmpuint (threat_dice_prepared (game), ==, 2);
  }
}

/* "Tasks", DISCARD INGREDIENTS: "Discard the indicated number of Ingredients
 * to the common supply." (Well Blessing: no Threat; discard 3 Fruits; 1 Jewel
 * and 1 Arcana.) "You may attempt to fulfil a Contract even if you have no
 * chance of succeeding. In that case the Contract is not discarded and stays
 * in the Guild." */
static void
test_guild_discard_ingredients (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:2");
    set_ingredients (state, 0, "fruits=2");
    game = complete_and_load (state);
    use_guild (game, "bone:2", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
    /* No Threat: straight to the task. */
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);
    apply_refused (game, simple (PEN_ACTION_TASK_DO), "The task needs 3 Fruits.");
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TASK_DO), ==, 0);
    apply_ok (game, simple (PEN_ACTION_GIVE_UP));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 2);
    ASSERT_TEXT (game_list (game, "contract-row"),
                 "well-blessing brightshine lost-goat scarlet-pact");
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:2");
    set_ingredients (state, 0, "fruits=4");
    game = complete_and_load (state);
    use_guild (game, "bone:2", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TASK_DO), ==, 1);
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "well-blessing");
    ASSERT_TEXT (game_list (game, "contract-row"), "lost-hut brightshine lost-goat scarlet-pact");
  }
}

/* "Mark effects", USE BLOOD: "If an effect lets you discard some amount of
 * Blood, instead of discarding 1 Blood from your Ingredient supply you can
 * flip any wounded Mark. ... You can combine using Blood from wounded Marks
 * and Blood from the Ingredient supply." (Scarlet Pact: Threat 1; discard 2
 * Blood; a Red die, 1 Jewel, 1 Arcana.) */
static void
test_guild_blood_from_wounded_mark (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "jasper/w");
    set_dice (state, 0, "bone:6");
    set_ingredients (state, 0, "blood=1");
    game = complete_and_load (state);
    use_guild (game, "bone:6", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 3));
    ROLL_THREAT (game, 4);
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);

    ASSERT_TEXT (listed_blood (game, PEN_ACTION_TASK_DO), "0");
    FORCE (game, 5);   /* the reward's Red die */
    apply_ok (game, paying_blood (simple (PEN_ACTION_TASK_DO), 1u << 0));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 0);
    g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_DISCHARGED);
    ASSERT_TEXT (supply (game, 0), "ruby:5");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "scarlet-pact");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "jasper/w");
    set_dice (state, 0, "bone:6");
    game = complete_and_load (state);
    use_guild (game, "bone:6", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 3));
    ROLL_THREAT (game, 4);
    apply_refused (game, simple (PEN_ACTION_TASK_DO), "The task needs 2 Blood.");
  }
}

/* "Tasks", DISCARD DICE (TOTAL SUM): "Discard any number of dice of the
 * indicated colours. The sum of the values on these dice must be greater than
 * or equal to the indicated number." "Dice types": Bone dice "are not
 * considered dice of any colour". (Bridge over the Brook: no Threat; Yellow
 * and/or Bone dice with a sum of 8 or more; 1 Crystal, 1 Trinket.) */
static void
test_guild_discard_dice_sum (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-row", "well-blessing brook-bridge lost-goat scarlet-pact");
  set_dice (state, 0, "sapphire:1 bone:3 jasper:4 bone:5 ruby:6");
  game = complete_and_load (state);
  use_guild (game, "sapphire:1", 0);
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);

  /* 3 + 5 and 4 + 5; 3 + 4 + 5 would leave a die to spare. */
  ASSERT_TEXT (listed_task_dice (game), "bone:3+bone:5, bone:5+jasper:4");
  apply_refused (game, task_dice (game, "bone:3 jasper:4"),
                 "These dice add up to 7; the task needs 8 or more.");
  apply_refused (game, task_dice (game, "ruby:6 bone:3"),
                 "The task does not take this die: Ruby die showing 6.");
  apply_refused (game, simple (PEN_ACTION_TASK_DO), "Choose the dice for this task.");

  /* Any number of dice may be given, even more than needed. */
  apply_ok (game, task_dice (game, "bone:3 jasper:4 bone:5"));
  ASSERT_TEXT (supply (game, 0), "ruby:6");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 1);
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "brook-bridge");
  ASSERT_TEXT (game_list (game, "contract-row"), "lost-hut well-blessing lost-goat scarlet-pact");
}

/* "Tasks", DISCARD DICE (EXACT VALUE): "Discard exactly two dice, Yellow
 * and/or Blue, with values 2 and 4": the combination can be any: two yellow
 * dice, two blue dice, or one yellow and one blue." That is Rusalka's Lament
 * (Threat 1; 2 Trinkets, 1 Arcana). */
static void
test_guild_discard_dice_exact (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-row", "well-blessing brightshine rusalka-lament scarlet-pact");
  set_dice (state, 0, "bone:1 jasper:2 jasper:4 sapphire:2 sapphire:4 bone:2 jasper:5");
  game = complete_and_load (state);
  use_guild (game, "bone:1", 0);
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 2));
  ROLL_THREAT (game, 6);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);

  ASSERT_TEXT (listed_task_dice (game),
               "jasper:2+jasper:4, jasper:2+sapphire:4, "
               "jasper:4+sapphire:2, sapphire:2+sapphire:4");
  apply_refused (game, task_dice (game, "jasper:2"), "The task needs exactly 2 dice.");
  apply_refused (game, task_dice (game, "jasper:2 jasper:4 sapphire:2"),
                 "The task needs exactly 2 dice.");
  apply_refused (game, task_dice (game, "jasper:2 jasper:5"),
                 "These dice do not show the values the task asks for.");
  apply_refused (game, task_dice (game, "bone:2 jasper:4"),
                 "The task does not take this die: Bone die showing 2.");

  apply_ok (game, task_dice (game, "sapphire:2 jasper:4"));
  ASSERT_TEXT (supply (game, 0), "bone:2 jasper:2 jasper:5 sapphire:4");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 2);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "rusalka-lament");
}

/* "Tasks", ROLL ON DICE (TOTAL SUM): "Take exactly two Yellow dice from your
 * supply, roll them and get a sum of 7 or more, after which discard these
 * dice." "If the required sum was not reached, the dice are still discarded.
 * You can roll only the indicated number of dice". That is Firebird Feather
 * (Threat 1; a Spark die and 2 Arcana). "If the task is not completed, nothing
 * happens." */
static void
test_guild_roll_dice_sum (void)
{
  /* Success: 3 + 4. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "well-blessing firebird-feather lost-goat scarlet-pact");
    set_dice (state, 0, "bone:1 jasper:1 jasper:2 jasper:6 bone:6");
    game = complete_and_load (state);
    use_guild (game, "bone:1", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
    ROLL_THREAT (game, 5);
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);

    ASSERT_TEXT (listed_task_dice (game),
                 "jasper:1+jasper:2, jasper:1+jasper:6, jasper:2+jasper:6");
    apply_refused (game, task_dice (game, "jasper:1"), "The task rolls exactly 2 dice.");
    apply_refused (game, task_dice (game, "jasper:1 jasper:2 jasper:6"),
                   "The task rolls exactly 2 dice.");
    apply_refused (game, task_dice (game, "jasper:1 bone:6"),
                   "The task does not take this die: Bone die showing 6.");

    FORCE (game, 3, 4, 2);   /* the roll, then the reward's Spark die */
    apply_ok (game, task_dice (game, "jasper:1 jasper:2"));
    g_assert_true (log_has (game, "Rolled 2 dice for the task: 7 in all."));
    /* The rolled dice wait for manipulation; the player then finishes the task. */
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    ASSERT_TEXT (supply (game, 0), "bone:6 jasper:6 spark:2");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "firebird-feather");
    ASSERT_TEXT (game_list (game, "contract-row"), "lost-hut well-blessing lost-goat scarlet-pact");
  }

  /* Failure: 2 + 4; the dice are gone all the same, the Contract stays. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "well-blessing firebird-feather lost-goat scarlet-pact");
    set_dice (state, 0, "bone:1 jasper:1 jasper:2 jasper:6 bone:6");
    game = complete_and_load (state);
    use_guild (game, "bone:1", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
    ROLL_THREAT (game, 5);

    FORCE (game, 2, 4);
    apply_ok (game, task_dice (game, "jasper:1 jasper:2"));
    g_assert_true (log_has (game, "Rolled 2 dice for the task: 6 in all."));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    g_assert_true (log_has (game, "The task is not fulfilled: the Contract stays."));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    ASSERT_TEXT (supply (game, 0), "bone:6 jasper:6");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 0);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");
    ASSERT_TEXT (game_list (game, "contract-row"),
                 "well-blessing firebird-feather lost-goat scarlet-pact");
    ASSERT_TEXT (contract_deck_top (game, 1), "lost-hut");
  }
}

/* "Contracts": "This is especially important for "roll on dice" tasks. ...
 * Note: you can use dice manipulation effects before placing in a location,
 * after placing but before the Threat roll, after the Threat roll, after
 * rolling the dice in the task, whichever is more advantageous for you."
 * Firebird Feather's two Yellow dice come up 2 and 4: 2 Crystals (MANIPULATE:
 * "Discard 2 Crystals to Adjust one die by 1") would make the 7. */
static void
test_guild_roll_then_manipulate (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-row", "well-blessing firebird-feather lost-goat scarlet-pact");
  set_dice (state, 0, "bone:1 jasper:1 jasper:2");
  set_ingredients (state, 0, "crystals=2");
  game = complete_and_load (state);
  use_guild (game, "bone:1", 0);
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
  ROLL_THREAT (game, 5);

  FORCE (game, 2, 4);
  apply_ok (game, task_dice (game, "jasper:1 jasper:2"));
  if (log_has (game, "The task is not fulfilled: the Contract stays."))
    {
      g_test_incomplete ("A roll task is judged the moment its dice are rolled: no dice "
                         "manipulation can be used 'after rolling the dice in the task' "
                         "(rulebook, Contracts)");
      return;
    }
  /* The rolled dice wait, and Crystals may still change them. */
  ASSERT_TEXT (supply (game, 0), "jasper:2 jasper:4");
  g_assert_cmpuint (count_listed (game, PEN_ACTION_MANIPULATE), >, 0);
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");
}

/* "Tasks", WITHSTAND THREAT: "Roll and apply the indicated number of Threat
 * dice. The task is fulfilled if the Wizard did not receive a Mortal Wound
 * during this Threat roll." (Beekeepers' Swarm: Threat 1; withstand 2 Threat
 * dice; 1 Crystal, 2 Fruits.) Mortal Wound card: "After the current Threat
 * roll: Your turn is over. Discard all dice. Your next turn is Rest." */
static void
test_guild_withstand_threat (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "well-blessing beekeepers-swarm lost-goat scarlet-pact");
    set_marks (state, 0, "ruby/w");
    set_dice (state, 0, "bone:2 bone:5");
    game = complete_and_load (state);
    use_guild (game, "bone:2", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
    ROLL_THREAT (game, 3);
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TASK_DICE), ==, 0);
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
    g_assert_cmpuint (threat_dice_prepared (game), ==, 2);
    ROLL_THREAT (game, 4, 5);
    g_assert_true (log_has (game, "Threat 5 knocks out a die: a Bone die showing 5."));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 2);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "beekeepers-swarm");
    g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  }

  /* A 1 falls on the wounded Ruby Mark (value 1): a Mortal Wound. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "well-blessing beekeepers-swarm lost-goat scarlet-pact");
    set_marks (state, 0, "ruby/w");
    set_dice (state, 0, "bone:2 bone:5 bone:6");
    game = complete_and_load (state);
    use_guild (game, "bone:2", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 1));
    ROLL_THREAT (game, 3);
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    ROLL_THREAT (game, 1, 5);
    g_assert_true (log_has (game, "Threat 1 falls on a wounded Mark: a Mortal Wound."));
    g_assert_cmpuint (mortal_wounds (game, 0), ==, 1);
    g_assert_true (must_rest (game, 0));
    ASSERT_TEXT (supply (game, 0), "");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 0);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");
    ASSERT_TEXT (game_list (game, "contract-row"),
                 "well-blessing beekeepers-swarm lost-goat scarlet-pact");
    /* The turn is over (a Study turn: no refresh). */
    g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
    ASSERT_TEXT (contract_deck_top (game, 1), "lost-hut");
  }
}

/* "Tasks", HAVE EXPERIENCE: "you must have the indicated Experience symbols in
 * your Experience zone (on Contracts, Trials and Tomes). No resources are
 * spent". (Leshy's Truce: Threat 1; 2 Wilds symbols; 3 Fruits, 1 Arcana and
 * a Discipline card.) */
static void
test_guild_have_experience (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "leshy-truce brightshine lost-goat scarlet-pact");
    set_player_list (state, 0, "fulfilled-contracts", "lost-hut");
    set_player_list (state, 1, "passed-trials", "light:wandering-lights");
    set_dice (state, 0, "bone:2");
    game = complete_and_load (state);
    use_guild (game, "bone:2", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
    ROLL_THREAT (game, 4);
    /* Another Wizard's Trial is not in this Wizard's Experience zone. */
    apply_refused (game, simple (PEN_ACTION_TASK_DO),
                   "You need 2 Wilds symbols in your Experience zone.");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "leshy-truce brightshine lost-goat scarlet-pact");
    set_player_list (state, 0, "fulfilled-contracts", "lost-hut");
    set_player_list (state, 0, "passed-trials", "light:wandering-lights");
    set_dice (state, 0, "bone:2 bone:3");
    set_ingredients (state, 0, "crystals=2 jewels=1");
    game = complete_and_load (state);
    use_guild (game, "bone:2", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
    ROLL_THREAT (game, 4);
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    /* Nothing spent. */
    ASSERT_TEXT (supply (game, 0), "bone:3");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 2);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 3);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
    /* "CARDS. ... Discipline card. Gain any card from the market of one of the
     * Classes or from the top of the deck of any Discipline (including
     * unavailable Disciplines)": four markets of two, six decks. */
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_CARD), ==, 4 * 2 + 6);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "lost-hut");
    apply_ok (game, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DISCIPLINE_AMBER, 0)));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "lost-hut leshy-truce");
  }

  /* A Tome's symbol counts ("Tomes": "gives one experience symbol"): the
   * Herbal (Wilds) for Healing Herbs (no Threat; 1 Wilds symbol; a Potion:
   * "Gain any Potion from the Brewery market or from the top of the Potion
   * deck"). */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "contract-row", "healing-herbs brightshine lost-goat scarlet-pact");
    give_card (state, 0, "herbal", "experience", FALSE);
    set_dice (state, 0, "bone:2");
    game = complete_and_load (state);
    use_guild (game, "bone:2", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
    ASSERT_TEXT (listed_indices (game, PEN_ACTION_TAKE_CARD), "18 19 20");
    apply_ok (game, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_POTIONS, 2)));
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "healing-herbs");
  }
}

/* "Rewards", DICE: "Gain the indicated dice into your personal supply." A die
 * "of any colour" (Watchtower Beacon: Threat 2; Red, Orange and/or Yellow dice
 * with a sum of 10 or more; a die of any colour, 2 Crystals, 1 Arcana) asks
 * which colour. "Dice", GAINING A DIE: "roll it". */
static void
test_guild_any_colour_reward (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-row", "well-blessing brightshine watchtower-beacon scarlet-pact");
  set_dice (state, 0, "bone:1 ruby:6 amber:4");
  game = complete_and_load (state);
  use_guild (game, "bone:1", 0);
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 2));
  ROLL_THREAT (game, 2, 3);
  apply_ok (game, task_dice (game, "ruby:6 amber:4"));

  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_COLOUR);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 2);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_CHOOSE_COLOUR), "0 1 2 3 4 5");
  {
    g_autoptr(GArray) actions = pen_game_list_actions (game);

    g_assert_cmpuint (actions->len, ==, PEN_N_DISCIPLINES);
  }
  apply_refused (game, simple (PEN_ACTION_END_TURN), "First choose the colour of your reward die.");
  apply_refused (game, choose_colour (PEN_N_DISCIPLINES), "There is no such colour.");

  FORCE (game, 3);
  apply_ok (game, choose_colour (PEN_DISCIPLINE_SAPPHIRE));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  ASSERT_TEXT (supply (game, 0), "sapphire:3");
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "watchtower-beacon");
  ASSERT_TEXT (game_list (game, "contract-row"), "lost-hut well-blessing brightshine scarlet-pact");
}

/* "Contracts": "You may attempt to fulfil a Contract even if you have no
 * chance of succeeding. In that case the Contract is not discarded and stays
 * in the Guild." A Mortal Wound from the Contract's own Threat ends the turn
 * and leaves the Contract too. (Lost Goat: Threat 1; Bone dice with a sum of 5
 * or more. Scarlet Pact: Threat 1.) */
static void
test_guild_failure_leaves_contract (void)
{
  /* Giving up the task; then giving up the choice itself. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;
    g_autofree char *deck = NULL;
    g_autofree char *after = NULL;

    set_dice (state, 0, "bone:1 bone:2 bone:3");
    game = complete_and_load (state);
    deck = game_list (game, "contract-deck");
    use_guild (game, "bone:1", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 2));
    ROLL_THREAT (game, 6);
    apply_refused (game, task_dice (game, "bone:2"),
                   "These dice add up to 2; the task needs 5 or more.");
    apply_refused (game, simple (PEN_ACTION_END_TURN),
                   "First finish the Contract or Trial, or give up its task.");
    apply_ok (game, simple (PEN_ACTION_GIVE_UP));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    ASSERT_TEXT (supply (game, 0), "bone:2 bone:3");
    ASSERT_TEXT (game_list (game, "contract-row"),
                 "well-blessing brightshine lost-goat scarlet-pact");
    after = game_list (game, "contract-deck");
    g_assert_cmpstr (after, ==, deck);
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");

    use_guild (game, "bone:2", 1);
    apply_ok (game, simple (PEN_ACTION_GIVE_UP));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    ASSERT_TEXT (game_list (game, "contract-row"),
                 "well-blessing brightshine lost-goat scarlet-pact");
  }

  /* The Contract's Threat gives a Mortal Wound. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "ruby/w");
    set_dice (state, 0, "bone:4");
    set_ingredients (state, 0, "blood=2");
    game = complete_and_load (state);
    use_guild (game, "bone:4", 0);
    apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 3));
    ROLL_THREAT (game, 1);
    g_assert_cmpuint (mortal_wounds (game, 0), ==, 1);
    g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 2);
    ASSERT_TEXT (game_list (game, "contract-row"),
                 "well-blessing brightshine lost-goat scarlet-pact");
    ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");
  }
}

/* ==== Trials ================================================================= */

/* "Trials": "A Trial is a separate type of turn. To pass a Trial, at the start
 * of your turn you must declare that you are taking a Trial turn." "Trial
 * turn", ONE TRIAL: "you are obliged to choose and attempt to pass one Trial". */
static void
test_trial_declared_at_start (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:1 bone:2");
    game = complete_and_load (state);
    ASSERT_TEXT (listed_indices (game, PEN_ACTION_START_TRIAL), "0 1");
    apply_refused (game, indexed (PEN_ACTION_START_TRIAL, 2), "There is no such Trial in the row.");
    apply_refused (game, indexed (PEN_ACTION_START_TRIAL, PEN_RESERVED),
                   "You have no reserved Trial.");

    apply_ok (game, place (game, find_die (game, 0, "bone:1"), "forest", 0, 0));
    apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
    g_assert_cmpuint (count_listed (game, PEN_ACTION_START_TRIAL), ==, 0);
    apply_refused (game, indexed (PEN_ACTION_START_TRIAL, 0),
                   "A Trial turn must be declared at the start of the turn.");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    game = complete_and_load (state);
    apply_ok (game, simple (PEN_ACTION_REST));
    apply_refused (game, indexed (PEN_ACTION_START_TRIAL, 0),
                   "A Trial turn must be declared at the start of the turn.");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    json_object_set_boolean_member (state_player (state, 0), "must-rest", TRUE);
    game = complete_and_load (state);
    apply_refused (game, indexed (PEN_ACTION_START_TRIAL, 0),
                   "After a Mortal Wound your next turn must be Rest.");
  }
}

/* "Reserving", RESERVED TRIALS: "To fulfil a reserved Trial, you must spend a
 * turn on a Trial by the usual rules." The publisher's errata
 * (docs/save-format.md, reserved-trial): a Wizard holding a reserved Trial may
 * attempt only it. "If the task is not fulfilled, the Trial is failed. Your
 * turn ends immediately and the Trial card leaves the game." */
static void
test_trial_reserved_only (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *reserved = NULL;

  set_reserved_trial (state, 0, "aranea");
  set_list (state, "fate-deck", "secret-deal wildwood");
  game = complete_and_load (state);

  ASSERT_TEXT (listed_indices (game, PEN_ACTION_START_TRIAL), "100");
  apply_refused (game, indexed (PEN_ACTION_START_TRIAL, 0),
                 "While you hold a reserved Trial, it is the only Trial you may attempt.");
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, PEN_RESERVED));
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_TRIAL);
  g_assert_true (log_has (game, "Attempting the Trial Aranea."));
  g_assert_cmpuint (threat_dice_prepared (game), ==, 3);
  ROLL_THREAT (game, 2, 3, 4);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
  apply_ok (game, simple (PEN_ACTION_GIVE_UP));

  /* Failed: out of the game, and the turn is over. */
  reserved = reserved_trial (game, 0);
  g_assert_cmpstr (reserved, ==, "-");
  ASSERT_TEXT (game_list (game, "trial-row"), "goldeater scrollers");
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "");
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  /* Player 2 holds no reserved Trial: the row is open to them. */
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_START_TRIAL), "0 1");
}

/* "Trials", PASSING A TRIAL, THREAT: "If as a result of the Threat roll your
 * Wizard receives a Mortal Wound (gain a Mortal Wound card and apply its
 * effect), your turn ends immediately and the Trial card leaves the game."
 * "Trial turn", CONTRACT AND FATE REFRESH: "When your Trial turn is finished"
 * the Contract row and the Fate deck are refreshed. */
static void
test_trial_threat_mortal_wound (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "ruby/w");
  set_dice (state, 0, "bone:3 emerald:4");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  g_assert_cmpuint (threat_dice_prepared (game), ==, 1);
  ROLL_THREAT (game, 1);

  g_assert_true (log_has (game, "The Trial leaves the game."));
  g_assert_cmpuint (mortal_wounds (game, 0), ==, 1);
  g_assert_true (must_rest (game, 0));
  ASSERT_TEXT (supply (game, 0), "");
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "");
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  /* Goldeater is gone; Wildwood came from the Fate deck. */
  ASSERT_TEXT (game_list (game, "trial-row"), "scrollers wildwood");
  ASSERT_TEXT (game_list (game, "contract-row"), "lost-hut well-blessing brightshine lost-goat");
  ASSERT_TEXT (contract_deck_bottom (game, 1), "scarlet-pact");
}

/* "Trials", TASK: "Choose the path of Light or the path of Darkness. ...
 * Attempt to fulfil one of the Tasks indicated in the chosen path. If the path
 * involves several different tasks, it is enough to fulfil one of them."
 * REWARD: "Gain the Reward of the chosen path." EXPERIENCE: "put passed Trials
 * in the Experience zone so that only the passed path is visible" ("Light and
 * Darkness"). "Gaining Marks", SPARK MARKS: "When you pass a Trial whose
 * difficulty exceeds the number of your Spark Marks, you gain a new Spark
 * Mark": Goldeater (Difficulty 1) gives none to a Wizard with one. Goldeater's
 * light path: "make it your ally (which will give you a die for your supply
 * and more secret knowledge in the form of Arcana)". */
static void
test_trial_path_and_reward (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "| spark");
  set_dice (state, 0, "emerald:3 bone:4 ruby:5");
  set_ingredients (state, 0, "crystals=1");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  apply_refused (game, choose_path (1, 0), "No Trial path is being chosen.");
  ROLL_THREAT (game, 2);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);

  /* Darkness: the dice or the Threat; Light: the dice. */
  ASSERT_TEXT (listed_paths (game), "0.0 0.1 1.0");
  apply_refused (game, choose_path (1, 1), "That path has no such task.");
  apply_refused (game, choose_path (2, 0),
                 "A Trial has the path of Darkness and the path of Light.");
  apply_refused (game, task_dice (game, "emerald:3 bone:4"), "No task is waiting for dice.");
  /* Effects "during Study or Trial" stay open on a Trial turn. */
  g_assert_cmpuint (count_listed (game, PEN_ACTION_MANIPULATE), >, 0);

  apply_ok (game, choose_path (1, 0));
  g_assert_true (log_has (game, "The path of Light."));
  ASSERT_TEXT (listed_task_dice (game), "bone:4+emerald:3");
  apply_ok (game, task_dice (game, "emerald:3 bone:4"));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_COLOUR);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
  FORCE (game, 6);
  apply_ok (game, choose_colour (PEN_DISCIPLINE_EMERALD));

  ASSERT_TEXT (supply (game, 0), "emerald:6 ruby:5");
  g_assert_cmpuint (spark_marks (game, 0), ==, 1);
  g_assert_false (log_has (game, "Gained a Spark Mark."));
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "light:goldeater");
  ASSERT_TEXT (game_list (game, "trial-row"), "scrollers");
  g_assert_true (log_has (game, "Trial passed: Goldeater."));

  /* One Trial a turn; the turn goes on until it is ended. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  apply_refused (game, indexed (PEN_ACTION_START_TRIAL, 0),
                 "A Trial turn must be declared at the start of the turn.");
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  ASSERT_TEXT (game_list (game, "trial-row"), "scrollers wildwood");
}

/* "Trials", TASK: "If while attempting the task your Wizard receives a Mortal
 * Wound, your turn ends immediately and the Trial card leaves the game."
 * Goldeater's dark path: "destroy the magical creature and gain the Jewels it
 * devoured" (3 Jewels), here by withstanding 2 Threat dice. */
static void
test_trial_withstand (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "ruby/w | spark");
    set_dice (state, 0, "bone:3");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    ROLL_THREAT (game, 4);
    apply_ok (game, choose_path (0, 1));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    g_assert_cmpuint (threat_dice_prepared (game), ==, 2);
    ROLL_THREAT (game, 2, 3);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 3);
    ASSERT_TEXT (player_list (game, 0, "passed-trials"), "darkness:goldeater");
    ASSERT_TEXT (supply (game, 0), "");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "ruby/w | spark");
    set_dice (state, 0, "bone:3");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    ROLL_THREAT (game, 4);
    apply_ok (game, choose_path (0, 1));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    ROLL_THREAT (game, 1, 2);
    g_assert_cmpuint (mortal_wounds (game, 0), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 0);
    ASSERT_TEXT (player_list (game, 0, "passed-trials"), "");
    ASSERT_TEXT (game_list (game, "trial-row"), "scrollers wildwood");
    g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  }
}

/* "Properties", SHIELD (X): "Before fulfilling any Task, first discard dice
 * according to the Shield's task (exact value / dice with total sum)." Mirror
 * Twin (Difficulty 2; Threat 2; Shield: any dice with a sum of 4 or more; dark
 * path: exactly two dice with values 2 and 5; 1 Jewel, 2 Arcana). "Rewards",
 * SPARK MARK: "If you passed a Trial whose difficulty exceeds the number of
 * your Spark Marks, gain a Spark Mark" (here none yet). "Gaining Marks":
 * "Immediately after that, apply the Rest Effect shown above the Mark." */
static void
test_trial_shield (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "trial-row", "mirror-twin");
  set_dice (state, 0, "bone:1 bone:2 bone:3 bone:5 amber:4");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  ROLL_THREAT (game, 6, 6);
  apply_ok (game, choose_path (0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);

  /* The Shield's task first: the least dice making 4, not the 2 and the 5. */
  ASSERT_TEXT (listed_task_dice (game), "amber:4, bone:1+bone:3, bone:2+bone:3, bone:5");
  apply_refused (game, task_dice (game, "bone:1"),
                 "These dice add up to 1; the task needs 4 or more.");
  apply_ok (game, task_dice (game, "amber:4"));
  g_assert_true (log_has (game, "The Shield is broken."));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);

  /* Then the path's own task. */
  ASSERT_TEXT (listed_task_dice (game), "bone:2+bone:5");
  FORCE (game, 6);   /* the Spark die of the new Spark Mark's Rest effect */
  apply_ok (game, task_dice (game, "bone:2 bone:5"));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
  g_assert_cmpuint (spark_marks (game, 0), ==, 1);
  g_assert_true (log_has (game, "Gained a Spark Mark."));
  ASSERT_TEXT (supply (game, 0), "bone:1 bone:3 spark:6");
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "darkness:mirror-twin");
}

/* "Properties", RIFT (X): "Before the Threat roll, discard any X dice
 * (Discipline, Spark, Bone) from your supply, if possible. ... If during a
 * Trial several Threat rolls happen (because of the Retaliation property or
 * the "withstand Threat" task), Rift applies only once, to the main Threat
 * roll." Plains of Agony (Difficulty 3; Threat 4; Rift 2; dark path: withstand
 * 4 Threat dice; 3 Blood, 2 Arcana). */
static void
test_trial_rift (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "trial-row", "plains-of-agony");
  set_marks (state, 0, "| spark");
  set_dice (state, 0, "bone:1 bone:2 bone:3 jasper:6 emerald:6");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  g_assert_cmpuint (threat_dice_prepared (game), ==, 4);

  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_RIFT);
  g_assert_true (log_has (game, "Rift: discard 2 dice."));
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_RIFT_DISCARD), "0 1 2 3 4");
  apply_refused (game, simple (PEN_ACTION_END_TURN), "First discard the dice the Rift takes.");
  apply_refused (game, simple (PEN_ACTION_ROLL_THREAT), "First discard the dice the Rift takes.");
  apply_ok (game, with_die (PEN_ACTION_RIFT_DISCARD, find_die (game, 0, "bone:1")));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_RIFT);
  FORCE (game, 4, 5, 4, 5);
  apply_ok (game, with_die (PEN_ACTION_RIFT_DISCARD, find_die (game, 0, "bone:2")));
  /* The roll follows the Rift at once. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
  ASSERT_TEXT (supply (game, 0), "bone:3 emerald:6 jasper:6");

  /* The withstand task's Threat: no second Rift. */
  apply_ok (game, choose_path (0, 0));
  apply_ok (game, simple (PEN_ACTION_TASK_DO));
  g_assert_cmpuint (threat_dice_prepared (game), ==, 4);
  FORCE (game, 4, 5, 4, 5, 2);   /* the Threat, then the new Spark Mark's Spark die */
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  ASSERT_TEXT (supply (game, 0), "bone:3 emerald:6 jasper:6 spark:2");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 3);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
  g_assert_cmpuint (spark_marks (game, 0), ==, 2);
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "darkness:plains-of-agony");
}

/* The card-token action that picks the Property a card cancels. */
static PenAction
cancel_by_card (PenGame *game,
                int      property)
{
  g_autofree char *text = g_strdup_printf ("{\"type\": \"card-token\", \"token\": \"property\", \"property\": %d}",
                                           property);
  g_autoptr(JsonNode) node = json_from_string (text, NULL);
  PenAction action;

  g_assert_true (pen_game_action_from_json (game, node, &action, NULL));
  return action;
}

/* Swarm of Umbrals (Threat 4; Crystal Suppression, Rift 1), the Trial started,
 * Corruption (Spell: an Amethyst die, "Cancel a Property of the Trial") cast:
 * the game waits for the Property to cancel. */
static PenGame *
corruption_in_swarm (void)
{
  g_autoptr(JsonNode) state = new_state ();
  PenGame *game;
  PenAction corruption;

  set_list (state, "trial-row", "swarm-of-umbrals");
  set_marks (state, 0, "| spark");
  set_dice (state, 0, "bone:1 bone:2 bone:3 jasper:6 emerald:6 amethyst:4");
  set_ingredients (state, 0, "crystals=3");
  give_card (state, 0, "corruption", "grimoire", FALSE);
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  pen_action_init (&corruption, PEN_ACTION_USE_CARD);
  corruption.index = 1;
  corruption.value = 0;
  corruption.mask = dice_mask (game, 0, "amethyst:4");
  apply_ok (game, corruption);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  return game;
}

static PenAction
reroll_with_crystals (int die)
{
  PenAction reroll;

  pen_action_init (&reroll, PEN_ACTION_MANIPULATE);
  reroll.die = die;
  reroll.value = PEN_MANIPULATE_REROLL;
  reroll.colour = -1;
  return reroll;
}

/* "Properties", CANCELLING PROPERTIES: "Any Properties can be cancelled by
 * effects that cancel Properties (the Potion Liquid Darkness, the Spell
 * Corruption, the Talent Pariah). From the moment the effect is applied until
 * the end of the Trial the Property ceases to act." The player chooses which:
 * both of Swarm of Umbrals' Properties are offered, and each pick cancels its
 * own. The pick cannot be skipped. */
static void
test_trial_cancel_property_choice (void)
{
  {
    g_autoptr(PenGame) game = corruption_in_swarm ();

    ASSERT_TEXT (listed_indices (game, PEN_ACTION_CARD_TOKEN), "0 1");
    apply_refused (game, simple (PEN_ACTION_FINISH_CARD), "First choose the Property the card cancels.");
    /* The Rift: the Threat roll takes no die, Crystals stay suppressed. */
    apply_ok (game, cancel_by_card (game, 1));
    g_assert_true (log_has (game, "The Property Rift is cancelled until the end of the Trial."));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
    apply_refused (game, reroll_with_crystals (0), "Crystal Suppression: Crystals cannot be used in this Trial.");
    FORCE (game, 4, 5, 4, 5);
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    g_assert_false (log_has (game, "Rift: discard 1 die."));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
    ASSERT_TEXT (supply (game, 0), "bone:1 bone:2 bone:3 emerald:6 jasper:6");
  }
  {
    g_autoptr(PenGame) game = corruption_in_swarm ();

    /* Crystal Suppression: Crystals buy a reroll, and the Rift still takes its die. */
    apply_ok (game, cancel_by_card (game, 0));
    g_assert_true (log_has (game, "The Property Crystal Suppression is cancelled until the end of the Trial."));
    FORCE (game, 2);
    apply_ok (game, reroll_with_crystals (find_die (game, 0, "bone:1")));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 2);
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_RIFT);
    g_assert_true (log_has (game, "Rift: discard 1 die."));
  }
}

/* "Properties", CANCELLING PROPERTIES: "Cancelling a Property whose effect has
 * already been applied (for example Rift) gives no effect." Once the Rift
 * has taken its die, only Crystal Suppression is offered, and the Rift is
 * refused; a Trial whose only Property has been applied (Plains of Agony,
 * Rift 2) leaves Corruption nothing to cancel, so it is not cast for nothing.
 * Retaliation is not a Property and is never offered. */
static void
test_trial_cancel_property_applied (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;
    PenAction corruption;

    set_list (state, "trial-row", "swarm-of-umbrals");
    set_marks (state, 0, "| spark");
    set_dice (state, 0, "bone:1 bone:2 bone:3 jasper:6 emerald:6 amethyst:6");
    give_card (state, 0, "corruption", "grimoire", FALSE);
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    FORCE (game, 4, 5, 4, 5);
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    apply_ok (game, with_die (PEN_ACTION_RIFT_DISCARD, find_die (game, 0, "bone:1")));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
    pen_action_init (&corruption, PEN_ACTION_USE_CARD);
    corruption.index = 1;
    corruption.value = 0;
    corruption.mask = dice_mask (game, 0, "amethyst:6");
    apply_ok (game, corruption);
    ASSERT_TEXT (listed_indices (game, PEN_ACTION_CARD_TOKEN), "0");
    apply_refused (game, cancel_by_card (game, 1), "That Property is not acting now: it is cancelled, its effect is applied, or the Trial has no such Property.");
    apply_refused (game, cancel_by_card (game, 2), "That Property is not acting now: it is cancelled, its effect is applied, or the Trial has no such Property.");
    apply_ok (game, cancel_by_card (game, 0));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;
    PenAction corruption;

    set_list (state, "trial-row", "plains-of-agony");
    set_marks (state, 0, "| spark");
    set_dice (state, 0, "bone:1 bone:2 bone:3 jasper:6 amethyst:6");
    give_card (state, 0, "corruption", "grimoire", FALSE);
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    FORCE (game, 4, 5, 4, 5);
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    apply_ok (game, with_die (PEN_ACTION_RIFT_DISCARD, find_die (game, 0, "bone:1")));
    apply_ok (game, with_die (PEN_ACTION_RIFT_DISCARD, find_die (game, 0, "bone:2")));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
    pen_action_init (&corruption, PEN_ACTION_USE_CARD);
    corruption.index = 1;
    corruption.value = 0;
    corruption.mask = dice_mask (game, 0, "amethyst:6");
    apply_refused (game, corruption, "No Property of the Trial is acting now: there is none to cancel.");
  }
}

/* Swarm of Umbrals (Crystal Suppression, Rift 1) started by player 1, the
 * Pariah, with 3 Crystals. */
static PenGame *
pariah_in_swarm (void)
{
  g_autoptr(JsonNode) state = new_state ();
  PenGame *game;

  json_object_set_string_member (state_player (state, 0), "talent", "pariah");
  set_list (state, "trial-row", "swarm-of-umbrals");
  set_marks (state, 0, "| spark");
  set_dice (state, 0, "bone:1 bone:2 bone:3 jasper:6 emerald:6");
  set_ingredients (state, 0, "crystals=3");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  return game;
}

/* "Properties", CANCELLING PROPERTIES: "Any Properties can be cancelled by
 * effects that cancel Properties (the Potion Liquid Darkness, the Spell
 * Corruption, the Talent Pariah)." The Pariah chooses the Property: both of
 * Swarm of Umbrals' are offered and each pick cancels its own; once per Trial
 * (docs/rules-assumptions.md); only a Pariah, only in a Trial. */
static void
test_trial_pariah (void)
{
  {
    g_autoptr(PenGame) game = pariah_in_swarm ();

    ASSERT_TEXT (listed_indices (game, PEN_ACTION_USE_TALENT), "0 1");
    apply_ok (game, indexed (PEN_ACTION_USE_TALENT, 1));
    g_assert_true (log_has (game, "The Pariah cancels a Property."));
    g_assert_true (log_has (game, "The Property Rift is cancelled until the end of the Trial."));
    g_assert_cmpuint (count_listed (game, PEN_ACTION_USE_TALENT), ==, 0);
    apply_refused (game, indexed (PEN_ACTION_USE_TALENT, 0),
                   "The Pariah cancels one Property per Trial, and has done so in this one.");
    apply_refused (game, reroll_with_crystals (0), "Crystal Suppression: Crystals cannot be used in this Trial.");
    FORCE (game, 4, 5, 4, 5);
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
    ASSERT_TEXT (supply (game, 0), "bone:1 bone:2 bone:3 emerald:6 jasper:6");
  }
  {
    g_autoptr(PenGame) game = pariah_in_swarm ();

    apply_ok (game, indexed (PEN_ACTION_USE_TALENT, 0));
    g_assert_true (log_has (game, "The Property Crystal Suppression is cancelled until the end of the Trial."));
    FORCE (game, 2);
    apply_ok (game, reroll_with_crystals (find_die (game, 0, "bone:1")));
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_RIFT);
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    json_object_set_string_member (state_player (state, 0), "talent", "pariah");
    set_dice (state, 0, "bone:3");
    game = complete_and_load (state);
    apply_refused (game, indexed (PEN_ACTION_USE_TALENT, 0),
                   "The Pariah cancels a Property of a Trial: use it during a Trial.");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "trial-row", "swarm-of-umbrals");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    apply_refused (game, indexed (PEN_ACTION_USE_TALENT, 0), "Your Talent has no ability to use.");
  }
}

/* The listed card-token actions by their "token" id, sorted. */
static char *
listed_tokens (PenGame *game)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, PenAction, i).type == PEN_ACTION_CARD_TOKEN)
      {
        g_autoptr(JsonNode) node = pen_game_action_to_json (game, &g_array_index (actions, PenAction, i));

        g_ptr_array_add (items, g_strdup (json_object_get_string_member (json_node_get_object (node), "token")));
      }
  return join_sorted (items, " ");
}

static PenAction
use_ring (void)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_USE_CARD);
  action.index = 1;
  action.value = -1;
  return action;
}

/* Player 1, with the Whispering Ring equipped, at the start of @trial, its
 * Threat rolled harmlessly (Threat dice 4 and 5 find no die of theirs). */
static PenGame *
ring_in_trial (const char *trial,
               const char *dice)
{
  g_autoptr(JsonNode) state = new_state ();
  PenGame *game;
  guint threat;

  set_list (state, "trial-row", trial);
  set_marks (state, 0, "| spark");
  set_dice (state, 0, dice);
  give_card (state, 0, "whispering-ring", "equipment", FALSE);
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  threat = threat_dice_prepared (game);
  for (guint i = 0; i < threat; i++)
    FORCE (game, 4 + i % 2);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
  return game;
}

/* "Trials", APPROACH: "the Whispering Ring (Шепчущее кольцо: "When attempting
 * to Catch: -6 to the task or ignore 1 die in the task"): if in a Trial you
 * chose the Catch approach, the Whispering Ring lowers the difficulty of the
 * task." Aranea's path of Light catches: "roll exactly two Jasper and/or
 * Emerald dice, 8 or more". Both helps are offered: −6 leaves two dice to
 * roll for 2 or more; a die ignored leaves one die to roll, still for 8. The
 * choice cannot be skipped. */
static void
test_trial_whispering_ring (void)
{
  {
    g_autoptr(PenGame) game = ring_in_trial ("aranea", "jasper:1 emerald:1 bone:6");

    apply_ok (game, choose_path (1, 0));
    apply_ok (game, use_ring ());
    ASSERT_TEXT (listed_tokens (game), "ring-ignore-die ring-minus-six");
    apply_refused (game, simple (PEN_ACTION_FINISH_CARD), "First choose how the Whispering Ring helps.");
    apply_ok (game, token (game, "ring-minus-six"));
    g_assert_true (log_has (game, "The Whispering Ring: −6 to the task."));
    ASSERT_TEXT (listed_task_dice (game), "emerald:1+jasper:1");
    FORCE (game, 1, 1);
    apply_ok (game, task_dice (game, "jasper:1 emerald:1"));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    g_assert_true (log_has (game, "The task's dice show 2; it needs 2."));
    ASSERT_TEXT (player_list (game, 0, "passed-trials"), "light:aranea");
  }
  {
    g_autoptr(PenGame) game = ring_in_trial ("aranea", "jasper:1 emerald:1 bone:6");

    apply_ok (game, choose_path (1, 0));
    apply_ok (game, use_ring ());
    apply_ok (game, token (game, "ring-ignore-die"));
    g_assert_true (log_has (game, "The Whispering Ring: the task ignores 1 die."));
    ASSERT_TEXT (listed_task_dice (game), "emerald:1, jasper:1");
    apply_refused (game, task_dice (game, "jasper:1 emerald:1"), "The task rolls exactly 1 die.");
    FORCE (game, 6);
    apply_ok (game, task_dice (game, "jasper:1"));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));
    g_assert_true (log_has (game, "The task's dice show 6; it needs 8."));
    g_assert_true (log_has (game, "The Trial is failed and leaves the game."));
  }
}

/* "Trials", APPROACH: the Ring helps "when attempting to Catch", and only the
 * task: not Aranea's path of Darkness (Destroy), not Dragan Ivančević's
 * Shield ("Before fulfilling any Task, first discard dice according to the
 * Shield's task"), which is no task of the Catch path; after the Shield, his
 * Light task (Green, Blue and/or Yellow dice, 16 or more) asks for a sum, so
 * only −6 is offered; Restless Inkwell's Light task (exactly two Yellow
 * and/or Blue dice, 3 and 3) asks for no sum, so only a die ignored. */
static void
test_trial_whispering_ring_catch_only (void)
{
  {
    g_autoptr(PenGame) game = ring_in_trial ("aranea", "jasper:1 emerald:1 bone:6");

    apply_refused (game, use_ring (), "The Whispering Ring helps only at the task of a Catch path (not at a Shield).");
    apply_ok (game, choose_path (0, 0));
    apply_refused (game, use_ring (), "The Whispering Ring helps only at the task of a Catch path (not at a Shield).");
  }
  {
    g_autoptr(PenGame) game = ring_in_trial ("dragan-ivancevic", "bone:6 jasper:6 sapphire:6");

    apply_ok (game, choose_path (1, 0));
    apply_refused (game, use_ring (), "The Whispering Ring helps only at the task of a Catch path (not at a Shield).");
    apply_ok (game, task_dice (game, "bone:6"));
    g_assert_true (log_has (game, "The Shield is broken."));
    apply_refused (game, task_dice (game, "jasper:6 sapphire:6"), "These dice add up to 12; the task needs 16 or more.");
    apply_ok (game, use_ring ());
    ASSERT_TEXT (listed_tokens (game), "ring-minus-six");
    apply_refused (game, token (game, "ring-ignore-die"),
                   "This task does not name two dice or more: there is no die to ignore.");
    apply_ok (game, token (game, "ring-minus-six"));
    apply_ok (game, task_dice (game, "jasper:6 sapphire:6"));
    g_assert_true (log_has (game, "The task is fulfilled."));   /* its reward cards follow */
  }
  {
    g_autoptr(PenGame) game = ring_in_trial ("restless-inkwell", "jasper:3 bone:6");

    apply_ok (game, choose_path (1, 0));
    apply_ok (game, use_ring ());
    ASSERT_TEXT (listed_tokens (game), "ring-ignore-die");
    apply_refused (game, token (game, "ring-minus-six"), "This task asks for no sum: −6 does nothing for it.");
    apply_ok (game, token (game, "ring-ignore-die"));
    apply_ok (game, task_dice (game, "jasper:3"));
    ASSERT_TEXT (player_list (game, 0, "passed-trials"), "light:restless-inkwell");
  }
}

/* "Properties", VIGILANCE (X): "Before the Threat roll you may apply no more
 * than X Wizard cards or chains", and a Talent is a Wizard card ("Wizard
 * cards ... include Discipline cards ..., Artifacts, Potions and Talents"):
 * the Pariah cancelling Radomir Flaming's Potion Suppression before the roll
 * is its one card. */
static void
test_trial_pariah_vigilance (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenAction downpour;

  json_object_set_string_member (state_player (state, 0), "talent", "pariah");
  set_list (state, "trial-row", "radomir-flaming");
  set_marks (state, 0, "ruby | spark");
  set_dice (state, 0, "ruby:4 bone:1");
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  apply_ok (game, indexed (PEN_ACTION_USE_TALENT, 1));
  pen_action_init (&downpour, PEN_ACTION_USE_CARD);
  downpour.index = 1;
  downpour.value = 0;
  downpour.mask = dice_mask (game, 0, "ruby:4");
  apply_refused (game, downpour, "Vigilance: only 1 card or chain before the Threat roll.");
}

/* "Properties", VIGILANCE (X): "Before the Threat roll you may apply no more
 * than X Wizard cards or chains." Unlike Rift ("applies only once, to the
 * main Threat roll"), Vigilance names no roll: each Threat roll of the Trial
 * has its own X. Fog of Oblivion (Threat 2, Vigilance 1; dark path: withstand
 * 3 Threat): one card before the Trial's roll, a second refused; before the
 * withstand task's roll, one card again. */
static void
test_trial_vigilance_per_roll (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenAction downpour, rage;

  set_list (state, "trial-row", "fog-of-oblivion");
  set_marks (state, 0, "ruby | spark");
  set_dice (state, 0, "ruby:4 ruby:3 bone:1");
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
  give_card (state, 0, "crimson-rage", "grimoire", FALSE);
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  g_assert_cmpuint (threat_dice_prepared (game), ==, 2);

  pen_action_init (&downpour, PEN_ACTION_USE_CARD);
  downpour.index = 1;
  downpour.value = 0;
  downpour.mask = dice_mask (game, 0, "ruby:4");
  apply_ok (game, downpour);
  pen_action_init (&rage, PEN_ACTION_USE_CARD);
  rage.index = 2;
  rage.value = 1;
  rage.mask = dice_mask (game, 0, "ruby:3");
  apply_refused (game, rage, "Vigilance: only 1 card or chain before the Threat roll.");

  FORCE (game, 5, 5);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
  apply_ok (game, choose_path (0, 0));
  apply_ok (game, simple (PEN_ACTION_TASK_DO));
  g_assert_cmpuint (threat_dice_prepared (game), ==, 3);
  rage.mask = dice_mask (game, 0, "ruby:3");
  apply_ok (game, rage);
}

/* "Properties", CRYSTAL SUPPRESSION: "Crystals cannot be used for the entire
 * Trial." "By default, Properties are in effect for the entire Trial (from the
 * moment you chose the Trial card)." Swarm of Umbrals has it; Goldeater has no
 * Property. */
static void
test_trial_crystal_suppression (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;
    PenAction reroll;

    set_list (state, "trial-row", "swarm-of-umbrals");
    set_dice (state, 0, "bone:3");
    set_ingredients (state, 0, "crystals=3");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    pen_action_init (&reroll, PEN_ACTION_MANIPULATE);
    reroll.die = 0;
    reroll.value = PEN_MANIPULATE_REROLL;
    reroll.colour = -1;
    g_assert_cmpuint (count_listed (game, PEN_ACTION_MANIPULATE), ==, 0);
    apply_refused (game, reroll, "Crystal Suppression: Crystals cannot be used in this Trial.");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;
    PenAction reroll;

    set_dice (state, 0, "bone:3");
    set_ingredients (state, 0, "crystals=3");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    pen_action_init (&reroll, PEN_ACTION_MANIPULATE);
    reroll.die = 0;
    reroll.value = PEN_MANIPULATE_REROLL;
    reroll.colour = -1;
    FORCE (game, 5);
    apply_ok (game, reroll);
    ASSERT_TEXT (supply (game, 0), "bone:5");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 2);
  }
}

/* "Properties", CRYSTAL SUPPRESSION: "Crystals cannot be used for the entire
 * Trial." Transmutation ("Convert Ingredients any number of times") in
 * Swarm of Umbrals converts Trinkets, never Crystals. */
static void
test_trial_crystal_suppression_convert (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenAction cast, give_crystals, give_trinkets;

  set_list (state, "trial-row", "swarm-of-umbrals");
  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "jasper:4 bone:3");
  set_ingredients (state, 0, "crystals=6 trinkets=6");
  give_card (state, 0, "transmutation", "grimoire", FALSE);
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));

  pen_action_init (&cast, PEN_ACTION_USE_CARD);
  cast.index = 1;
  cast.value = 0;
  cast.mask = dice_mask (game, 0, "jasper:4");
  apply_ok (game, cast);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  pen_action_init (&give_crystals, PEN_ACTION_EXCHANGE);
  give_crystals.colour = PEN_INGREDIENT_CRYSTALS;
  give_crystals.to = PEN_INGREDIENT_JEWELS;
  give_crystals.value = 1;
  apply_refused (game, give_crystals, "Crystal Suppression: Crystals cannot be used in this Trial.");
  give_trinkets = give_crystals;
  give_trinkets.colour = PEN_INGREDIENT_TRINKETS;
  apply_ok (game, give_trinkets);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 6);
}

/* Casting the current player's card @id, paying its first cost (no dice). */
static PenAction
cast_card (PenGame    *game,
           const char *id)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonObject *cards = json_object_get_object_member (json_node_get_object (node), "cards");
  JsonArray *owned = json_array_get_array_element (json_object_get_array_member (cards, "players"),
                                                   pen_game_get_current_player (game));
  PenAction action;

  pen_action_init (&action, PEN_ACTION_USE_CARD);
  for (guint i = 0; i < json_array_get_length (owned); i++)
    {
      JsonObject *entry = json_array_get_object_element (owned, i);

      if (g_str_equal (json_object_get_string_member (entry, "card"), id))
        action.index = (int) i;
    }
  g_assert_cmpint (action.index, >=, 0);
  action.value = 0;
  return action;
}

/* "Properties", CRYSTAL SUPPRESSION: "Crystals cannot be used for the entire
 * Trial." Paying a Spell's cost in Crystals uses them too: Refrain (cost 2
 * Crystals; "gain an Orange die") is cast in Goldeater's Trial, and must not
 * be in the Swarm of Umbrals'. */
static void
test_trial_crystal_suppression_card_cost (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    give_card (state, 0, "refrain", "grimoire", FALSE);
    set_dice (state, 0, "bone:3");
    set_ingredients (state, 0, "crystals=2");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    FORCE (game, 4);
    apply_ok (game, cast_card (game, "refrain"));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 0);
    ASSERT_TEXT (supply (game, 0), "amber:4 bone:3");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;
    PenAction cast;

    set_list (state, "trial-row", "swarm-of-umbrals goldeater");
    give_card (state, 0, "refrain", "grimoire", FALSE);
    set_dice (state, 0, "bone:3");
    set_ingredients (state, 0, "crystals=2");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    cast = cast_card (game, "refrain");
    if (pen_game_check_action (game, &cast, NULL))
      {
        g_test_incomplete ("Crystal Suppression refuses only Manipulate: a card's cost is still "
                           "paid in Crystals during the Trial ('Crystals cannot be used for the "
                           "entire Trial')");
        return;
      }
    apply_refused (game, cast, NULL);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 2);
  }
}

/* "Trials", TASK: "If the task is not fulfilled, the Trial is failed. Your
 * turn ends immediately and the Trial card leaves the game." "Properties",
 * TRAP: "On failing the Trial, gain a Mortal Wound card and follow its
 * instructions." Smoky Beast has a Trap (light path: roll exactly two Green
 * dice and get a sum of 8 or more); Scrollers has none (light path: two Blue
 * dice, a sum of 7 or more). */
static void
test_trial_failure_and_trap (void)
{
  /* Without a Trap. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "sapphire:1 sapphire:2 bone:4");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 1));
    ROLL_THREAT (game, 6);
    apply_ok (game, choose_path (1, 0));
    FORCE (game, 1, 2);
    apply_ok (game, task_dice (game, "sapphire:1 sapphire:2"));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));   /* done manipulating: judge the roll */
    g_assert_true (log_has (game, "The Trial is failed and leaves the game."));
    g_assert_cmpuint (mortal_wounds (game, 0), ==, 0);
    g_assert_false (must_rest (game, 0));
    ASSERT_TEXT (supply (game, 0), "bone:4");
    ASSERT_TEXT (player_list (game, 0, "passed-trials"), "");
    ASSERT_TEXT (game_list (game, "trial-row"), "goldeater wildwood");
    g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  }

  /* With a Trap: the failed roll... */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "trial-row", "smoky-beast goldeater");
    set_dice (state, 0, "emerald:1 emerald:2 bone:4");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    ROLL_THREAT (game, 5, 5, 5);
    apply_ok (game, choose_path (1, 0));
    FORCE (game, 3, 4);
    apply_ok (game, task_dice (game, "emerald:1 emerald:2"));
    apply_ok (game, simple (PEN_ACTION_TASK_DO));   /* done manipulating: judge the roll */
    g_assert_true (log_has (game, "The Trial is failed and leaves the game."));
    g_assert_true (log_has (game, "Trap: a Mortal Wound. All dice are discarded, "
                                  "and the next turn is Rest."));
    g_assert_cmpuint (mortal_wounds (game, 0), ==, 1);
    g_assert_true (must_rest (game, 0));
    ASSERT_TEXT (supply (game, 0), "");
    ASSERT_TEXT (game_list (game, "trial-row"), "goldeater wildwood");
    g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  }

  /* ...and giving up, which is failing too. */
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "trial-row", "smoky-beast goldeater");
    set_dice (state, 0, "bone:4");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    ROLL_THREAT (game, 5, 5, 5);
    apply_ok (game, simple (PEN_ACTION_GIVE_UP));
    g_assert_cmpuint (mortal_wounds (game, 0), ==, 1);
    ASSERT_TEXT (supply (game, 0), "");
    ASSERT_TEXT (game_list (game, "trial-row"), "goldeater wildwood");
  }
}

/* "Rewards", SPARK MARK: "If you passed a Trial whose difficulty exceeds the
 * number of your Spark Marks, gain a Spark Mark". "Gaining Marks": "For
 * example, if you have one Spark Mark and you pass a Difficulty 3 Trial, you
 * gain another Spark Mark." Radomir Flaming (Difficulty 3; dark path: exactly
 * two Red dice with values 6 and 6; a Red die, 3 Arcana). Wildwood
 * (Difficulty 2) gives none to a Wizard with two. */
static void
test_trial_spark_mark (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "trial-row", "radomir-flaming");
    set_marks (state, 0, "| spark");
    set_dice (state, 0, "ruby:6 ruby:6");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    ROLL_THREAT (game, 1, 2, 3);
    apply_ok (game, choose_path (0, 1));
    FORCE (game, 4, 5);   /* the reward's Red die, the Spark Mark's Spark die */
    apply_ok (game, task_dice (game, "ruby:6 ruby:6"));
    g_assert_cmpuint (spark_marks (game, 0), ==, 2);
    g_assert_true (mark_at (game, 0, PEN_N_DISCIPLINE_CELLS + 1)->occupied);
    g_assert_cmpint (mark_at (game, 0, PEN_N_DISCIPLINE_CELLS + 1)->state, ==, PEN_MARK_CHARGED);
    ASSERT_TEXT (supply (game, 0), "ruby:4 spark:5");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 3);
    ASSERT_TEXT (player_list (game, 0, "passed-trials"), "darkness:radomir-flaming");
  }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_list (state, "trial-row", "wildwood");
    set_list (state, "fate-deck", "aranea");
    set_marks (state, 0, "| spark spark");
    set_dice (state, 0, "emerald:4 emerald:4");
    game = complete_and_load (state);
    apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
    ROLL_THREAT (game, 1, 2);
    apply_ok (game, choose_path (1, 1));
    apply_ok (game, task_dice (game, "emerald:4 emerald:4"));
    g_assert_cmpuint (spark_marks (game, 0), ==, 2);
    g_assert_false (log_has (game, "Gained a Spark Mark."));
    ASSERT_TEXT (supply (game, 0), "");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 2);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
    ASSERT_TEXT (player_list (game, 0, "passed-trials"), "light:wildwood");
  }
}

/* "Properties", ARTIFACT SUPPRESSION: "Artifacts cannot be used for the entire
 * Trial." "Tomes": "All of them give an instant effect when gained." A Tome
 * taken as the reward of a Trial with Artifact Suppression gives its instant
 * effect: the reward comes once the Trial's task is done, when "the Trial is
 * already passed" (RETALIATION), so the Property no longer holds it
 * (docs/rules-assumptions.md). Basilisk: Trap, Artifact Suppression, light path
 * rewarded with an Artifact; the Slayer's Chronicle: "Gain 2 Blood". */
static void
test_trial_tome_reward_under_artifact_suppression (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *zones = NULL;

  set_list (state, "trial-row", "basilisk");
  set_marks (state, 0, "ruby/w");
  set_dice (state, 0, "jasper:6 sapphire:6 jasper:6");
  set_market (state, PEN_DECK_ARTIFACTS, 0, "slayers-chronicle");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  ROLL_THREAT (game, 2, 3, 4, 5, 2);
  apply_ok (game, choose_path (1, 0));
  FORCE (game, 3);   /* the new Spark Mark's Spark die */
  apply_ok (game, task_dice (game, "jasper:6 sapphire:6 jasper:6"));
  /* Still the Trial's turn, its Properties in force, as the reward is chosen. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 0);
  apply_ok (game, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_ARTIFACTS, 0)));

  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 2);
  g_assert_true (log_has (game, "Gained the card Slayer's Chronicle."));
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "light:basilisk");
}

/* "Rewards", RETALIATION (X): "After gaining the other rewards, roll and apply
 * X Threat dice. The result of this Threat roll does not affect passing the
 * Trial: the Trial is already passed even if the Wizard receives a Mortal
 * Wound as a result of this Threat roll." Basilisk (Difficulty 4; Threat 5;
 * Trap; Retaliation 2; light path: exactly three Yellow and/or Blue dice with
 * values 6, 6 and 6; 4 Arcana, an Artifact and "2 Darkness or 2 Light"). */
static void
test_trial_retaliation (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenScoreBreakdown score;

  set_list (state, "trial-row", "basilisk");
  set_marks (state, 0, "ruby/w");
  set_dice (state, 0, "jasper:6 sapphire:6 jasper:6");
  game = complete_and_load (state);
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, 0));
  g_assert_cmpuint (threat_dice_prepared (game), ==, 5);
  ROLL_THREAT (game, 2, 3, 4, 5, 2);
  apply_ok (game, choose_path (1, 0));
  FORCE (game, 3);   /* the new Spark Mark's Spark die */
  apply_ok (game, task_dice (game, "jasper:6 sapphire:6 jasper:6"));
  /* The Artifact of the reward: the Garnet Ring from the Shop market. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
  /* "Artifact. Gain any Artifact from the Shop market or from the top of the
   * Artifact deck." */
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_TAKE_CARD), "21 22 23");
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "");
  apply_ok (game, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_ARTIFACTS, 0)));

  /* The rewards first, the Trial passed; then the Retaliation's Threat. */
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 4);
  g_assert_cmpuint (spark_marks (game, 0), ==, 1);
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "light:basilisk");
  g_assert_true (log_has (game, "Retaliation."));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpuint (threat_dice_prepared (game), ==, 2);

  ROLL_THREAT (game, 1, 4);
  g_assert_true (log_has (game, "Threat 1 falls on a wounded Mark: a Mortal Wound."));
  g_assert_cmpuint (mortal_wounds (game, 0), ==, 1);
  ASSERT_TEXT (supply (game, 0), "");
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  /* Still passed, with its points and its 2 Light. */
  ASSERT_TEXT (player_list (game, 0, "passed-trials"), "light:basilisk");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 4);
  pen_game_compute_score (game, 0, &score);
  g_assert_cmpint (score.trials, ==, 11);
  g_assert_cmpint (score.light_darkness, ==, 2);
}

/* ==== The end of a Trial or Rest turn ========================================= */

/* "Rest turn", CONTRACT AND FATE REFRESH: "When your Rest turn is finished:
 * Discard the rightmost Contract in the Contract row. Shift the remaining
 * Contracts to the right. Reveal a new Contract card (from the top of the
 * Contract deck) and add it to the Contract row, in the vacated leftmost
 * place. Reveal and bring into play one card from the top of the Fate Deck."
 * "The Fate deck in play": "TRIAL. If a Trial card is revealed from the Fate
 * deck, add it to the row of Trials." "Wizard Cards", DISCARD A CARD: "move it
 * to the bottom of the corresponding deck." A Study turn refreshes nothing. */
static void
test_refresh_rest (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  guint deck_size;

  game = complete_and_load (state);
  deck_size = deck_length (game);

  /* Player 1 studies: nothing moves. */
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  ASSERT_TEXT (game_list (game, "contract-row"),
               "well-blessing brightshine lost-goat scarlet-pact");
  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, 4);

  /* Player 2 rests. */
  apply_ok (game, simple (PEN_ACTION_REST));
  ASSERT_TEXT (game_list (game, "contract-row"),
               "well-blessing brightshine lost-goat scarlet-pact");
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  ASSERT_TEXT (game_list (game, "contract-row"), "lost-hut well-blessing brightshine lost-goat");
  ASSERT_TEXT (contract_deck_top (game, 1), "black-mill");
  ASSERT_TEXT (contract_deck_bottom (game, 1), "scarlet-pact");
  g_assert_cmpuint (deck_length (game), ==, deck_size);
  ASSERT_TEXT (game_list (game, "trial-row"), "goldeater scrollers wildwood");
  ASSERT_TEXT (game_list (game, "fate-deck"), "aranea plains-of-agony basilisk");
  g_assert_true (log_has (game, "Fate card revealed: Wildwood."));
}

/* ==== Reserved Contracts ================================================ */

/* "Guild", The Guild and Contracts: "you can do this: place in the Guild; then
 * spend Blood to look at the top three Contract cards of the deck; reserve one
 * of these three Contracts if something suits you; then fulfil the Contract
 * you have just found as the main effect of the Guild." "Reserving", RESERVED
 * CONTRACTS: "When you place in the Guild, you can fulfil either the Contracts
 * lying in the Guild or any of your reserved Contracts." (Living Water:
 * Threat 1; discard 2 Crystals and 2 Fruits; 2 Arcana.) */
static void
test_bind_reserve_and_fulfil (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-deck", "living-water lost-hut black-mill bog-whisper");
  set_dice (state, 0, "bone:2");
  set_ingredients (state, 0, "blood=1 crystals=2 fruits=2");
  game = complete_and_load (state);

  apply_ok (game, place (game, 0, "guild", 0, 0));
  apply_ok (game, simple (PEN_ACTION_BIND));
  ASSERT_TEXT (game_list (game, "bind-offer"), "living-water lost-hut black-mill");
  apply_ok (game, indexed (PEN_ACTION_RESERVE, PEN_BIND_DECK));
  ASSERT_TEXT (player_list (game, 0, "reserved-contracts"), "living-water");
  ASSERT_TEXT (contract_deck_bottom (game, 2), "lost-hut black-mill");

  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_CHOOSE_CONTRACT), "0 1 2 3 100");
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, PEN_RESERVED));
  ROLL_THREAT (game, 5);
  apply_ok (game, simple (PEN_ACTION_TASK_DO));
  ASSERT_TEXT (player_list (game, 0, "reserved-contracts"), "");
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "living-water");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 0);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 0);
  /* A reserved Contract leaves no gap in the Guild. */
  ASSERT_TEXT (game_list (game, "contract-row"),
               "well-blessing brightshine lost-goat scarlet-pact");
}

/* "Reserving": "each unfulfilled Contract takes away 3 points from you at the
 * end of the game". "Scoring", 5. CONTRACTS: "Reserved but unfulfilled
 * Contracts bring -3 points." */
static void
test_bind_reserved_penalty (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenScoreBreakdown score;

  set_player_list (state, 0, "fulfilled-contracts", "lost-hut");
  set_player_list (state, 0, "reserved-contracts", "koschei-needle upyr-barrow");
  game = complete_and_load (state);
  pen_game_compute_score (game, 0, &score);
  g_assert_cmpint (score.contracts_fulfilled, ==, 2);
  g_assert_cmpint (score.contracts_reserved, ==, -6);
  g_assert_cmpint (score.contracts, ==, -4);
  pen_game_compute_score (game, 1, &score);
  g_assert_cmpint (score.contracts, ==, 0);
}

/* ==== Rewards, Light and Darkness ========================================= */

/* Takes the Trial or Contract @id out of the decks and rows, so a player can
 * hold it. */
static void
take_off_table (JsonNode   *state,
                const char *id)
{
  static const char *lists[] = { "fate-deck", "trial-row", "contract-deck", "contract-row" };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    {
      JsonArray *ids = json_object_get_array_member (state_root (state), lists[l]);

      for (guint i = json_array_get_length (ids); i > 0; i--)
        {
          JsonNode *node = json_array_get_element (ids, i - 1);

          if (!JSON_NODE_HOLDS_VALUE (node) || g_strcmp0 (json_node_get_string (node), id) != 0)
            continue;
          /* The Guild's row keeps its four places: an empty one is null. */
          if (g_str_equal (lists[l], "contract-row"))
            json_node_init_null (node);
          else
            json_array_remove_element (ids, i - 1);
        }
    }
}

/* @id used with the dice @specs paying its first cost. */
static PenAction
use_card_paying (PenGame    *game,
                 const char *id,
                 const char *specs)
{
  PenAction action = cast_card (game, id);

  action.mask = dice_mask (game, pen_game_get_current_player (game), specs);
  return action;
}

static guint
listed_uses (PenGame    *game,
             const char *id)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  int index = cast_card (game, id).index;
  guint n = 0;

  for (guint i = 0; i < actions->len; i++)
    n += g_array_index (actions, PenAction, i).type == PEN_ACTION_USE_CARD
         && g_array_index (actions, PenAction, i).index == index;
  return n;
}

/* "Trial turn", AVAILABLE EFFECTS: "Available effects can be applied before
 * the Threat roll, when fulfilling the task and even when gaining the
 * Reward." "Turn Sequence": "You can use these effects at any moment ...
 * unless some rule explicitly forbids it." While Watchtower Beacon's die "of
 * any colour" waits for its colour, Foresight ("Set 1 die") is used on the
 * Purple 3, and the colour is chosen after it; Abyss Gaze's own Threat waits
 * for the reward to end. An Event's die, named after the turn, takes no card. */
static void
test_reward_colour_with_card (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) plain = NULL;
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-row", "well-blessing brightshine watchtower-beacon scarlet-pact");
  set_dice (state, 0, "bone:1 ruby:6 amber:4 sapphire:5 amethyst:3");
  give_card (state, 0, "foresight", "grimoire", FALSE);
  give_card (state, 0, "abyss-gaze", "grimoire", FALSE);
  start = complete_and_load (state);
  use_guild (start, "bone:1", 0);
  apply_ok (start, indexed (PEN_ACTION_CHOOSE_CONTRACT, 2));
  ROLL_THREAT (start, 2, 2);
  apply_ok (start, task_dice (start, "ruby:6 amber:4"));
  g_assert_cmpint (pen_game_get_pending (start), ==, PEN_PENDING_COLOUR);
  ASSERT_TEXT (listed_indices (start, PEN_ACTION_CHOOSE_COLOUR), "0 1 2 3 4 5");
  g_assert_cmpuint (listed_uses (start, "foresight"), ==, 1);
  g_assert_cmpuint (listed_uses (start, "abyss-gaze"), ==, 0);
  apply_refused (start, use_card_paying (start, "abyss-gaze", "amethyst:3"),
                 "Abyss Gaze applies a Threat of its own: use it when nothing else is under way.");

  /* The colour at once. */
  plain = pen_game_copy (start);
  FORCE (plain, 3);
  apply_ok (plain, choose_colour (PEN_DISCIPLINE_RUBY));
  ASSERT_TEXT (supply (plain, 0), "amethyst:3 ruby:3 sapphire:5");
  ASSERT_TEXT (player_list (plain, 0, "fulfilled-contracts"), "watchtower-beacon");

  /* Foresight first: the reward waits, then goes on. */
  game = pen_game_copy (start);
  apply_ok (game, use_card_paying (game, "foresight", "sapphire:5"));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  {
    PenAction set;

    pen_action_init (&set, PEN_ACTION_CARD_TOKEN);
    set.value = PEN_MANIPULATE_SET;
    set.die = find_die (game, 0, "amethyst:3");
    set.colour = 6;
    apply_ok (game, set);
  }
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_COLOUR);
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");
  FORCE (game, 3);
  apply_ok (game, choose_colour (PEN_DISCIPLINE_RUBY));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  ASSERT_TEXT (supply (game, 0), "amethyst:6 ruby:3");
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "watchtower-beacon");

  /* Personal Training's die of any colour, after a Trial turn. */
  {
    g_autoptr(JsonNode) event_state = new_state ();
    g_autoptr(PenGame) event = NULL;

    set_list (event_state, "fate-deck", "personal-training wildwood");
    set_dice (event_state, 0, "bone:5 sapphire:5 amethyst:3");
    give_card (event_state, 0, "foresight", "grimoire", FALSE);
    event = complete_and_load (event_state);
    apply_ok (event, indexed (PEN_ACTION_START_TRIAL, 0));
    ROLL_THREAT (event, 6);
    apply_ok (event, simple (PEN_ACTION_GIVE_UP));
    g_assert_cmpint (pen_game_get_pending (event), ==, PEN_PENDING_COLOUR);
    g_assert_cmpuint (listed_uses (event, "foresight"), ==, 0);
    apply_refused (event, use_card_paying (event, "foresight", "sapphire:5"), "First choose the colour of your reward die.");
  }
}

/* "Trial turn", AVAILABLE EFFECTS: "... even when gaining the Reward." While
 * Healing Herbs' Potion "of your choice" waits (its Wilds symbol from the
 * Herbal), Red Thread (1 Blood) and Foresight (a manipulation, which waits)
 * are used, and the choice resumes with its one card; Blood Script ("Gain a
 * Discipline card") waits for it, as one card choice is made at a time. */
static void
test_reward_card_with_card (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) plain = NULL;
  g_autoptr(PenGame) game = NULL;

  set_list (state, "contract-row", "healing-herbs brightshine lost-goat scarlet-pact");
  give_card (state, 0, "herbal", "experience", FALSE);
  give_card (state, 0, "red-thread", "grimoire", FALSE);
  give_card (state, 0, "foresight", "grimoire", FALSE);
  give_card (state, 0, "blood-script", "grimoire", FALSE);
  set_dice (state, 0, "bone:2 ruby:4 sapphire:5 amethyst:3");
  set_ingredients (state, 0, "blood=2");
  start = complete_and_load (state);
  use_guild (start, "bone:2", 0);
  apply_ok (start, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
  apply_ok (start, simple (PEN_ACTION_TASK_DO));
  g_assert_cmpint (pen_game_get_pending (start), ==, PEN_PENDING_CARD);
  ASSERT_TEXT (listed_indices (start, PEN_ACTION_TAKE_CARD), "18 19 20");
  g_assert_cmpuint (listed_uses (start, "red-thread"), ==, 1);
  g_assert_cmpuint (listed_uses (start, "foresight"), ==, 1);
  g_assert_cmpuint (listed_uses (start, "blood-script"), ==, 0);
  apply_refused (start, cast_card (start, "blood-script"),
                 "Blood Script gains a card of its own: first choose the card being gained.");

  /* The Potion at once. */
  plain = pen_game_copy (start);
  apply_ok (plain, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_POTIONS, 2)));
  g_assert_cmpint (pen_game_get_pending (plain), ==, PEN_PENDING_NONE);
  g_assert_cmpuint (ingredient (plain, 0, PEN_INGREDIENT_BLOOD), ==, 2);

  /* Cards first. */
  game = pen_game_copy (start);
  apply_ok (game, use_card_paying (game, "red-thread", "ruby:4"));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 3);
  apply_ok (game, use_card_paying (game, "foresight", "sapphire:5"));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  apply_refused (game, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_POTIONS, 2)),
                 "First use the card's effect, or leave the rest of it.");
  apply_ok (game, simple (PEN_ACTION_FINISH_CARD));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_TAKE_CARD), "18 19 20");
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "");
  apply_ok (game, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_POTIONS, 2)));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_CARD), ==, 0);
  ASSERT_TEXT (player_list (game, 0, "fulfilled-contracts"), "healing-herbs");
  g_assert_cmpuint (pen_game_get_n_cards (game, 0), ==, pen_game_get_n_cards (plain, 0));
}

/* Rulebook, "Light and Darkness": the steps a Wizard has gained come from the
 * rewards of the Contracts fulfilled and of the path each Trial was passed
 * on; a Trial's other path gives nothing. pen_game_get_light_darkness() is
 * what the window shows. */
static void
test_light_darkness (void)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenTrial *goldeater = pen_quests_find_trial (quests, "goldeater");
  const PenTrial *scrollers = pen_quests_find_trial (quests, "scrollers");
  const PenContract *lost_hut = pen_quests_find_contract (quests, "lost-hut");
  g_autoptr(JsonNode) state = plain_state (2);
  g_autoptr(PenGame) game = NULL;
  guint light = 99, darkness = 99;

  g_assert_nonnull (goldeater);
  g_assert_nonnull (lost_hut);
  g_assert_cmpuint (goldeater->light.reward.light, >, 0);
  g_assert_cmpuint (goldeater->light.reward.darkness, ==, 0);
  g_assert_nonnull (scrollers);
  g_assert_cmpuint (scrollers->darkness.reward.darkness, >, 0);
  g_assert_cmpuint (lost_hut->reward.light, >, 0);

  game = load (state);
  pen_game_get_light_darkness (game, 0, &light, &darkness);
  g_assert_cmpuint (light, ==, 0);
  g_assert_cmpuint (darkness, ==, 0);
  g_clear_object (&game);

  take_off_table (state, "goldeater");
  take_off_table (state, "scrollers");
  take_off_table (state, "lost-hut");
  json_object_set_array_member (state_player (state, 0), "passed-trials", id_array ("light:goldeater"));
  json_object_set_array_member (state_player (state, 0), "fulfilled-contracts", id_array ("lost-hut"));
  json_object_set_array_member (state_player (state, 1), "passed-trials", id_array ("darkness:scrollers"));
  game = load (state);
  pen_game_get_light_darkness (game, 0, &light, &darkness);
  g_assert_cmpuint (light, ==, goldeater->light.reward.light + lost_hut->reward.light);
  g_assert_cmpuint (darkness, ==, lost_hut->reward.darkness);
  pen_game_get_light_darkness (game, 1, &light, &darkness);
  g_assert_cmpuint (light, ==, 0);
  g_assert_cmpuint (darkness, ==, scrollers->darkness.reward.darkness);
}

/* ==== Properties against the Wizard cards ============================== */

/* "Properties", TRAP: "On failing the Trial, gain a Mortal Wound card and
 * follow its instructions"; the Phylactery may be discarded against it
 * ("Artifacts"). The Smoky Beast's task is given up. */
static void
test_cards_phylactery_trap (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) taken = NULL;
  g_autoptr(PenGame) ignored = NULL;

  set_dice (state, 0, "bone:3 jasper:5");
  give_card (state, 0, "phylactery", "equipment", FALSE);
  start = load (state);
  start_trial (start, 1);
  game = with_threat_dice (start, 0);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_PATH);
  apply_ok (game, simple (PEN_ACTION_GIVE_UP));
  answer_mortal_wound (game, &taken, &ignored);

  g_assert_true (log_has (taken, "Trap: a Mortal Wound. All dice are discarded, and the next turn is Rest."));
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (taken)), ==, 0);
  g_assert_false (log_has (ignored, "Trap: a Mortal Wound. All dice are discarded, and the next turn is Rest."));
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (ignored)), ==, 2);
  g_assert_cmpuint (pen_game_get_current_player (taken), ==, 1);
  g_assert_cmpuint (pen_game_get_current_player (ignored), ==, 1);
}

/* "Properties", ARTIFACT SUPPRESSION: "Artifacts cannot be used for the entire
 * Trial." The Phylactery ("Ignore the effects of a Mortal Wound and discard
 * its card") is an Artifact: in Hollow King it does not save the Wizard. */
static void
test_cards_phylactery_suppressed (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;

  set_list (state, "trial-row", "hollow-king");
  set_list (state, "fate-deck", "aranea");
  set_marks (state, 0, "amethyst/w amethyst | spark");   /* the wounded Mark is on 1 */
  set_dice (state, 0, "bone:3");
  give_card (state, 0, "phylactery", "equipment", FALSE);
  start = load (state);
  start_trial (start, 0);
  game = with_threat_dice (start, 1);
  FORCE (game, 1);                                       /* no die shows 1 */
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (board (game)), ==, 1);
  g_assert_cmpint (held (game, "phylactery", NULL, NULL), >=, 0);
}

/* "Properties", ARTIFACT SUPPRESSION: "Artifacts cannot be used for the entire
 * Trial": the Guard Wand's constant +2 Jasper Marks count for nothing in
 * Hollow King, so Gilding (1 Jewel for each Jasper Mark) gives 1 Jewel. */
static void
test_cards_constant_artifact_suppressed (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  set_list (state, "trial-row", "hollow-king");
  set_list (state, "fate-deck", "aranea");
  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "jasper:4 bone:3");
  give_card (state, 0, "gilding", "grimoire", FALSE);
  give_card (state, 0, "guard-wand", "equipment", FALSE);
  game = load (state);
  start_trial (game, 0);
  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "jasper:4"), 0));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
}

/* "Properties", PET SUPPRESSION: "Pets cannot be used for the entire Trial":
 * Navka ("when you pass a Trial: 1 Arcana for each Amethyst Mark") does not
 * take effect when Wildwood is passed; Wildwood's reward alone gives 1 Arcana. */
static void
test_cards_condition_pet_suppressed (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  PenAction path, dice;

  set_list (state, "trial-row", "wildwood");
  set_list (state, "fate-deck", "aranea");
  set_marks (state, 0, "amethyst | spark");
  set_dice (state, 0, "ruby:6 ruby:4 bone:3");
  set_ingredients (state, 0, "arcana=0");
  give_card (state, 0, "navka", "inventory", FALSE);
  game = load (state);
  start_trial (game, 0);
  FORCE (game, 5, 5);                         /* no die or Mark shows 5 */
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  path = simple (PEN_ACTION_CHOOSE_PATH);
  path.index = 0;
  path.value = 0;
  apply_ok (game, path);
  dice = simple (PEN_ACTION_TASK_DICE);
  dice.mask = dice_mask (game, 0, "ruby:6 ruby:4");
  apply_ok (game, dice);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/quests-in-game/light-darkness", test_light_darkness);
  g_test_add_func ("/quests-in-game/guild/choose-contract", test_guild_choose_contract);
  g_test_add_func ("/quests-in-game/guild/threat-then-task", test_guild_threat_then_task);
  g_test_add_func ("/quests-in-game/guild/defend", test_guild_defend);
  g_test_add_func ("/quests-in-game/guild/discard-ingredients", test_guild_discard_ingredients);
  g_test_add_func ("/quests-in-game/guild/blood-from-wounded-mark",
                   test_guild_blood_from_wounded_mark);
  g_test_add_func ("/quests-in-game/guild/discard-dice-sum", test_guild_discard_dice_sum);
  g_test_add_func ("/quests-in-game/guild/discard-dice-exact", test_guild_discard_dice_exact);
  g_test_add_func ("/quests-in-game/guild/roll-dice-sum", test_guild_roll_dice_sum);
  g_test_add_func ("/quests-in-game/guild/roll-then-manipulate", test_guild_roll_then_manipulate);
  g_test_add_func ("/quests-in-game/guild/withstand-threat", test_guild_withstand_threat);
  g_test_add_func ("/quests-in-game/guild/have-experience", test_guild_have_experience);
  g_test_add_func ("/quests-in-game/guild/any-colour-reward", test_guild_any_colour_reward);
  g_test_add_func ("/quests-in-game/reward/colour-with-card", test_reward_colour_with_card);
  g_test_add_func ("/quests-in-game/reward/card-with-card", test_reward_card_with_card);
  g_test_add_func ("/quests-in-game/guild/failure-leaves-contract",
                   test_guild_failure_leaves_contract);
  g_test_add_func ("/quests-in-game/trial/declared-at-start", test_trial_declared_at_start);
  g_test_add_func ("/quests-in-game/trial/reserved-only", test_trial_reserved_only);
  g_test_add_func ("/quests-in-game/trial/threat-mortal-wound", test_trial_threat_mortal_wound);
  g_test_add_func ("/quests-in-game/trial/path-and-reward", test_trial_path_and_reward);
  g_test_add_func ("/quests-in-game/trial/withstand", test_trial_withstand);
  g_test_add_func ("/quests-in-game/trial/shield", test_trial_shield);
  g_test_add_func ("/quests-in-game/trial/rift", test_trial_rift);
  g_test_add_func ("/quests-in-game/trial/vigilance-per-roll", test_trial_vigilance_per_roll);
  g_test_add_func ("/quests-in-game/trial/cancel-property-choice", test_trial_cancel_property_choice);
  g_test_add_func ("/quests-in-game/trial/cancel-property-applied", test_trial_cancel_property_applied);
  g_test_add_func ("/quests-in-game/trial/pariah", test_trial_pariah);
  g_test_add_func ("/quests-in-game/trial/pariah-vigilance", test_trial_pariah_vigilance);
  g_test_add_func ("/quests-in-game/trial/whispering-ring", test_trial_whispering_ring);
  g_test_add_func ("/quests-in-game/trial/whispering-ring-catch-only", test_trial_whispering_ring_catch_only);
  g_test_add_func ("/quests-in-game/trial/crystal-suppression", test_trial_crystal_suppression);
  g_test_add_func ("/quests-in-game/trial/crystal-suppression-convert", test_trial_crystal_suppression_convert);
  g_test_add_func ("/quests-in-game/trial/crystal-suppression-card-cost",
                   test_trial_crystal_suppression_card_cost);
  g_test_add_func ("/quests-in-game/trial/failure-and-trap", test_trial_failure_and_trap);
  g_test_add_func ("/quests-in-game/trial/spark-mark", test_trial_spark_mark);
  g_test_add_func ("/quests-in-game/trial/retaliation", test_trial_retaliation);
  g_test_add_func ("/quests-in-game/trial/tome-reward-under-artifact-suppression",
                   test_trial_tome_reward_under_artifact_suppression);
  g_test_add_func ("/quests-in-game/refresh/rest", test_refresh_rest);
  g_test_add_func ("/quests-in-game/bind/reserve-and-fulfil", test_bind_reserve_and_fulfil);
  g_test_add_func ("/quests-in-game/bind/reserved-penalty", test_bind_reserved_penalty);

  g_test_add_func ("/cards/phylactery-trap", test_cards_phylactery_trap);
  g_test_add_func ("/cards/phylactery-suppressed", test_cards_phylactery_suppressed);
  g_test_add_func ("/cards/constant-artifact-suppressed", test_cards_constant_artifact_suppressed);
  g_test_add_func ("/cards/condition-pet-suppressed", test_cards_condition_pet_suppressed);

  return g_test_run ();
}
