/* test-cards.c: the Wizard cards, through PenGame's public API: the play
 * area, gaining cards, Artifacts and their Equipment cells, Tomes, Pets
 * summoned from the market.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib and loaded
 * again with pen_game_new_from_json(), with the helpers of pen-test-state.h
 * and pen-test-cards.h (the cards: decks, markets and each Wizard's cards
 * with their zone and rotation).
 * Random results are forced with pen_rng_force_next().
 *
 * Rulebook sections: "Wizards", "Wizard Cards" (Purchase), "Artifacts"
 * (Equipment, Tomes), "Summons and Pets", "Turn Sequence".
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

/* ==== Gaining cards ================================================================ */

/* "Wizards": "your play area cannot contain two cards with the same name"
 * ("Brewery": "However, remember that your play area cannot contain two cards
 * with the same name"). The Liquid Luck Recipe and the ready-made Liquid Luck
 * Potion share their name. */
static void
test_cards_same_name (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(JsonNode) gaining = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) taking = NULL;
  JsonObject *cards;

  set_dice (state, 0, "bone:6 bone:5");
  set_ingredients (state, 0, "jewels=6");
  give_card (state, 0, "liquid-luck", "grimoire", FALSE);
  set_market (state, PEN_DECK_POTIONS, 0, "liquid-luck-potion");
  set_market (state, PEN_DECK_POTIONS, 1, "firewater");
  game = load (state);
  /* The window names the cards of a market (pen_game_get_market_card()). */
  g_assert_cmpstr (pen_game_get_market_card (game, PEN_DECK_POTIONS, 0), ==, "liquid-luck-potion");
  g_assert_cmpstr (pen_game_get_market_card (game, PEN_DECK_POTIONS, 1), ==, "firewater");
  place_and_use (game, "bone:6", "brewery");
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_BUY);
  apply_refused (game, buy (0, 0), "You already have a card named Liquid Luck.");
  apply_ok (game, buy (0, 1));

  /* Gaining a Potion "of your choice" (Brewer's Secret): not the second Liquid Luck. */
  gaining = base_state ();
  give_card (gaining, 0, "liquid-luck", "grimoire", FALSE);
  set_market (gaining, PEN_DECK_POTIONS, 0, "liquid-luck-potion");
  set_market (gaining, PEN_DECK_POTIONS, 1, "firewater");
  json_object_set_string_member (state_turn (gaining), "type", "study");
  set_pending (gaining, "none card:card");
  cards = state_cards (gaining);
  json_object_set_int_member (cards, "to-gain", 1);
  json_object_set_int_member (cards, "gain-deck", PEN_DECK_POTIONS);
  taking = load (gaining);
  apply_refused (
      taking, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_POTIONS, 0)),
      "You cannot gain that card: it is not there, or you already have a card of that name.");
  apply_ok (taking, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_POTIONS, 1)));
  assert_zone (taking, "firewater", "inventory", FALSE);
  g_assert_cmpint (pen_game_get_pending (taking), ==, PEN_PENDING_NONE);
}

/* "Artifacts", Equipment: "If you gain an Artifact card and the Equipment cell
 * with that icon is already occupied, you can either discard the gained
 * Artifact or discard the equipped one and replace it with the new card." */
static void
test_cards_equipment_cell (void)
{
  for (int replace = 0; replace < 2; replace++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;
      g_autofree char *bottom = NULL;

      set_dice (state, 0, "bone:6");
      set_ingredients (state, 0, "jewels=3 trinkets=1");
      give_card (state, 0, "radiant-staff", "equipment", TRUE);
      set_market (state, PEN_DECK_ARTIFACTS, 0, "ringing-staff");
      game = load (state);
      place_and_use (game, "bone:6", "shop");
      apply_ok (game, buy (1, 0));
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
      g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EQUIPMENT);
      apply_refused (game, use_card (0, -1, 0, 0),
                     "First decide which Artifact keeps the Equipment cell.");
      apply_ok (game, indexed (PEN_ACTION_KEEP_EQUIPMENT, replace));
      g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
      bottom = deck_bottom (game, PEN_DECK_ARTIFACTS);
      if (replace)
        {
          assert_zone (game, "ringing-staff", "equipment", FALSE);
          g_assert_cmpint (held (game, "radiant-staff", NULL, NULL), ==, -1);
          g_assert_cmpstr (bottom, ==, "radiant-staff");
        }
      else
        {
          assert_zone (game, "radiant-staff", "equipment", TRUE);
          g_assert_cmpint (held (game, "ringing-staff", NULL, NULL), ==, -1);
          g_assert_cmpstr (bottom, ==, "ringing-staff");
        }
      g_assert_cmpuint (n_held (game), ==, 1);
    }
}

/* The discard-artifact actions listed now, as the indices of their cards. */
static char *
listed_discards (PenGame *game)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, PenAction, i).type == PEN_ACTION_DISCARD_ARTIFACT)
      g_string_append_printf (text, "%s%d", text->len > 0 ? " " : "",
                              g_array_index (actions, PenAction, i).index);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "Artifacts", Equipment: "Artifacts can be discarded at any time to free a
 * cell": an equipped Artifact, rotated or not, on any turn and in the middle
 * of a choice (here the Shop's purchase and a new Artifact for another cell);
 * not a Tome, which has no cell, nor the Artifact a new one waits to replace
 * (keep-equipment answers that), nor while the Threat dice are distributed
 * (rules-assumptions). */
static void
test_cards_discard_artifact (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) threat = NULL;
  g_autoptr(PenGame) rolled = NULL;
  g_autofree char *at_start = NULL;
  g_autofree char *buying = NULL;
  g_autofree char *waiting = NULL;
  g_autofree char *bottom = NULL;

  set_dice (state, 0, "bone:6 bone:3 jasper:3");
  set_ingredients (state, 0, "jewels=3 trinkets=1");
  give_card (state, 0, "radiant-staff", "equipment", TRUE);          /* 0: Conductor */
  give_card (state, 0, "phylactery", "equipment", FALSE);            /* 1: Pendant */
  give_card (state, 0, "manual-of-good-manners", "experience", FALSE); /* 2: a Tome */
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);        /* 3: a Spell */
  set_market (state, PEN_DECK_ARTIFACTS, 0, "ringing-staff");
  start = load (state);

  /* At the start of the turn: the two equipped Artifacts, and Rest stays open. */
  game = pen_game_copy (start);
  at_start = listed_discards (game);
  g_assert_cmpstr (at_start, ==, "0 1");
  apply_refused (game, indexed (PEN_ACTION_DISCARD_ARTIFACT, 2),
                 "Only an Artifact in an Equipment cell can be discarded.");
  apply_refused (game, indexed (PEN_ACTION_DISCARD_ARTIFACT, 3),
                 "Only an Artifact in an Equipment cell can be discarded.");
  apply_ok (game, indexed (PEN_ACTION_DISCARD_ARTIFACT, 1));
  g_assert_cmpint (held (game, "phylactery", NULL, NULL), ==, -1);
  bottom = deck_bottom (game, PEN_DECK_ARTIFACTS);
  g_assert_cmpstr (bottom, ==, "phylactery");
  g_assert_true (log_has (game, "Phylactery is discarded."));
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_UNDECLARED);
  apply_ok (game, simple (PEN_ACTION_REST));
  g_clear_object (&game);

  /* Buying in the Shop, then the Ringing Staff waiting for the Conductor. */
  game = pen_game_copy (start);
  place_and_use (game, "bone:6", "shop");
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_BUY);
  buying = listed_discards (game);
  g_assert_cmpstr (buying, ==, "0 1");
  apply_ok (game, buy (1, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EQUIPMENT);
  waiting = listed_discards (game);
  g_assert_cmpstr (waiting, ==, "1");
  apply_refused (game, indexed (PEN_ACTION_DISCARD_ARTIFACT, 0),
                 "Ringing Staff waits for this cell: keep the equipped Artifact or replace it.");
  apply_ok (game, indexed (PEN_ACTION_DISCARD_ARTIFACT, 1));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EQUIPMENT);
  g_assert_cmpint (held (game, "phylactery", NULL, NULL), ==, -1);
  apply_ok (game, indexed (PEN_ACTION_KEEP_EQUIPMENT, 1));
  assert_zone (game, "ringing-staff", "equipment", FALSE);

  /* A Threat die of 3 waits for its target (Bone 3 or Yellow 3). */
  threat = pen_game_copy (start);
  start_trial (threat, 0);
  rolled = with_threat_dice (threat, 1);
  FORCE (rolled, 3);
  apply_ok (rolled, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpuint (count_listed (rolled, PEN_ACTION_THREAT_TARGET), ==, 2);
  g_assert_cmpuint (count_listed (rolled, PEN_ACTION_DISCARD_ARTIFACT), ==, 0);
  apply_refused (rolled, indexed (PEN_ACTION_DISCARD_ARTIFACT, 0), "First decide where the Threat die goes.");
}

/* "Turn Sequence": "You can use these effects at any moment, in any number
 * and in any order, unless some rule explicitly forbids it. ... In the cost
 * and effect of many cards there are restrictions on the moment". In the
 * middle of the Shop's purchase: Foresight (a manipulation, which waits) and
 * Persuasion (2 Jewels, which pay for the Ringing Staff: 2 Jewels, 1
 * Trinket); the purchase resumes after each, its one buy neither lost nor
 * doubled. Crimson Rage is for a Trial only; Abyss Gaze's own Threat waits
 * for the purchase to end. */
static void
test_cards_use_during_purchase (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;
  PenAction foresight, persuasion;

  set_dice (state, 0, "bone:6 sapphire:4 sapphire:5 amethyst:3");
  set_ingredients (state, 0, "trinkets=1 blood=2");
  give_card (state, 0, "foresight", "grimoire", FALSE);      /* 0 */
  give_card (state, 0, "persuasion", "grimoire", FALSE);     /* 1 */
  give_card (state, 0, "crimson-rage", "grimoire", FALSE);   /* 2 */
  give_card (state, 0, "abyss-gaze", "grimoire", FALSE);     /* 3 */
  set_market (state, PEN_DECK_ARTIFACTS, 0, "ringing-staff");
  start = load (state);
  place_and_use (start, "bone:6", "shop");
  g_assert_cmpint (pen_game_get_pending (start), ==, PEN_PENDING_BUY);
  foresight = use_card (0, 0, dice_mask (start, 0, "sapphire:4"), 0);
  persuasion = use_card (1, 0, dice_mask (start, 0, "sapphire:4"), 0);
  g_assert_true (listed_alike (start, &foresight));
  g_assert_true (listed_alike (start, &persuasion));
  apply_refused (start, use_card (2, 0, 0, 0), "This can be done only during a Trial.");
  apply_refused (start, use_card (3, 0, dice_mask (start, 0, "amethyst:3"), 0),
                 "Abyss Gaze applies a Threat of its own: use it when nothing else is under way.");

  /* Without a card the Staff costs too much. */
  game = pen_game_copy (start);
  apply_refused (game, buy (1, 0), "Ringing Staff costs more than you have.");
  apply_ok (game, simple (PEN_ACTION_FINISH_BUYING));
  g_assert_cmpint (held (game, "ringing-staff", NULL, NULL), ==, -1);
  g_clear_object (&game);

  /* With them: the manipulation, then the Jewels, then the buy. */
  game = pen_game_copy (start);
  apply_ok (game, foresight);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  apply_ok (game, card_token (PEN_MANIPULATE_SET, find_die (game, 0, "amethyst:3"), 6, -1));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_BUY);
  g_assert_cmpint (find_die (game, 0, "amethyst:6"), >=, 0);
  apply_ok (game, use_card (1, 0, dice_mask (game, 0, "sapphire:5"), 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_BUY);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 2);
  apply_ok (game, buy (1, 0));
  assert_zone (game, "ringing-staff", "equipment", FALSE);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);   /* the Shop's one buy */
}

/* ==== Engine bugs ============================================================================ */

/* "Artifacts", Tomes: "The Manual of Good Manners ... instantly gives, when
 * gained, the effect \"gain a Discipline card from any deck\"." Gained as the
 * Artifact of a Contract's reward (Smuggler's Cellar), it gives one card, and
 * the Contract is then fulfilled ("Contracts and Trials"). */
static void
test_cards_tome_from_reward (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *fulfilled = NULL;
  guint takes = 0;

  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "bone:6 bone:3 bone:4");
  set_ingredients (state, 0, "fruits=2 trinkets=1");
  set_list (state, "contract-row", "smugglers-cellar brightshine lost-goat scarlet-pact");
  set_list (state, "contract-deck", "lost-hut black-mill living-water bog-whisper");
  complete_contract_deck (state);
  set_market (state, PEN_DECK_ARTIFACTS, 0, "manual-of-good-manners");
  game = load (state);

  apply_ok (game, place (game, find_die (game, 0, "bone:6"), "guild", 0, 0));
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
  FORCE (game, 3, 4);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TASK);
  apply_ok (game, simple (PEN_ACTION_TASK_DO));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
  apply_ok (game, indexed (PEN_ACTION_TAKE_CARD, PEN_CARD_SOURCE (PEN_DECK_ARTIFACTS, 0)));
  assert_zone (game, "manual-of-good-manners", "experience", FALSE);
  /* The Manual's Discipline card. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
  apply_ok (game, first_listed (game, PEN_ACTION_TAKE_CARD));
  g_assert_cmpuint (n_held (game), ==, 2);

  /* A few more takes show whether the game keeps offering free cards. */
  while (pen_game_get_pending (game) == PEN_PENDING_CARD && takes < 3)
    {
      apply_ok (game, first_listed (game, PEN_ACTION_TAKE_CARD));
      takes++;
    }
  fulfilled = player_list (game, 0, "fulfilled-contracts");
  if (takes > 0 || pen_game_get_pending (game) != PEN_PENDING_NONE
      || !g_str_equal (fulfilled, "smugglers-cellar"))
    {
      g_test_incomplete ("a Tome that gains a card, gained as a reward, leaves the game offering "
                         "free cards or the reward unfinished");
      g_autoptr(JsonNode) node = pen_game_to_json (game);

      g_test_message ("%u more free cards were taken; the game waits for %d; fulfilled: [%s]; "
                      "the quest under way: %s",
                      takes, pen_game_get_pending (game), fulfilled,
                      json_object_get_string_member (state_quest (node), "kind"));
      return;
    }
  g_assert_cmpuint (n_held (game), ==, 2);
}

/* Puts @left and @right in the Emerald Class market (the cards there go to
 * the bottom of the deck). */
static void
set_emerald_market (JsonNode   *state,
                    const char *left,
                    const char *right)
{
  JsonObject *deck;
  JsonArray *ids, *market;

  lift_card (state, left);
  lift_card (state, right);
  deck = state_deck (state, PEN_DISCIPLINE_EMERALD);
  ids = json_object_get_array_member (deck, "deck");
  market = json_object_get_array_member (deck, "market");
  for (guint slot = 0; slot < json_array_get_length (market); slot++)
    if (node_id (json_array_get_element (market, slot)) != NULL)
      json_array_add_string_element (ids, node_id (json_array_get_element (market, slot)));
  market = json_array_new ();
  json_array_add_string_element (market, left);
  json_array_add_string_element (market, right);
  json_object_set_array_member (deck, "market", market);
}

static PenAction
summon_from_market (int      place,
                    guint64  mask)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_SUMMON_FROM_MARKET);
  action.colour = PEN_DISCIPLINE_EMERALD;
  action.index = place;
  action.value = 0;
  action.mask = mask;
  return action;
}

/* "Wizard cards", CONSTANT EFFECT: "the Druid Talent (Друид, "Unity with
 * Nature": "You may summon Pets from the market") allows you to summon Pets
 * from the market"; "Summons and Pets", 2: "To summon a Pet, pay its cost.
 * Move the card ... to the Inventory (without rotating it)." Both Summons of
 * the Emerald market are offered, each at its own cost: the All-Colour Wolf
 * (a Green 6 and 1 Arcana) or the Hunting Falcon (a Green die and 2 Fruits);
 * the market is refilled. */
static void
test_cards_summon_from_market (void)
{
  for (int place = 0; place < 2; place++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;
      g_autofree char *where = NULL;
      g_autofree char *left = NULL;
      gboolean rotated = TRUE;
      const char *pet = place == 0 ? "all-colour-wolf" : "hunting-falcon";

      set_dice (state, 0, "emerald:6 emerald:3 bone:2");
      set_ingredients (state, 0, "arcana=1 fruits=2");
      give_card (state, 0, "unity-with-nature", "grimoire", FALSE);
      set_emerald_market (state, "all-colour-wolf", "hunting-falcon");
      game = load (state);
      /* The Wolf by the Green 6; the Falcon by either Green die, the
       * player's to choose. */
      g_assert_cmpuint (count_listed (game, PEN_ACTION_SUMMON_FROM_MARKET), ==, 3);
      apply_refused (game, summon_from_market (0, dice_mask (game, 0, "emerald:3")),
                     "The chosen dice do not pay this cost.");
      apply_ok (game, summon_from_market (place, dice_mask (game, 0, place == 0 ? "emerald:6" : "emerald:3")));
      g_assert_cmpint (held (game, pet, &where, &rotated), >=, 0);
      g_assert_cmpstr (where, ==, "inventory");
      g_assert_false (rotated);
      left = supply (game, 0);
      g_assert_cmpstr (left, ==, place == 0 ? "bone:2 emerald:3" : "bone:2 emerald:6");
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, place == 0 ? 0 : 1);
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, place == 0 ? 2 : 0);
      g_assert_true (log_has (game, place == 0 ? "Summoned All-Colour Wolf from the market."
                                               : "Summoned Hunting Falcon from the market."));
    }
}

/* "Wizard cards", CONSTANT EFFECT: "a rotated card with a constant effect
 * stops working"; without Unity with Nature Pets come only from the Grimoire;
 * only Summons are summoned ("Summons and Pets"). */
static void
test_cards_summon_from_market_refused (void)
{
  for (int unity = 0; unity < 3; unity++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;

      set_dice (state, 0, "emerald:6 emerald:3");
      set_ingredients (state, 0, "arcana=1 fruits=2");
      if (unity > 0)
        give_card (state, 0, "unity-with-nature", "grimoire", unity == 2);
      set_emerald_market (state, "all-colour-wolf", "healing");
      game = load (state);
      if (unity == 1)
        {
          g_assert_cmpuint (count_listed (game, PEN_ACTION_SUMMON_FROM_MARKET), ==, 1);
          apply_refused (game, summon_from_market (1, dice_mask (game, 0, "emerald:3")),
                         "Healing is not a Summon: only Pets are summoned from the market.");
          continue;
        }
      g_assert_cmpuint (count_listed (game, PEN_ACTION_SUMMON_FROM_MARKET), ==, 0);
      apply_refused (game, summon_from_market (0, dice_mask (game, 0, "emerald:6")),
                     "Only a card that lets you summon Pets from the market (Unity with Nature), unrotated, allows this.");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cards/same-name", test_cards_same_name);
  g_test_add_func ("/cards/summon-from-market", test_cards_summon_from_market);
  g_test_add_func ("/cards/summon-from-market-refused", test_cards_summon_from_market_refused);
  g_test_add_func ("/cards/equipment-cell", test_cards_equipment_cell);
  g_test_add_func ("/cards/discard-artifact", test_cards_discard_artifact);
  g_test_add_func ("/cards/use-during-purchase", test_cards_use_during_purchase);
  g_test_add_func ("/cards/tome-from-reward", test_cards_tome_from_reward);

  return g_test_run ();
}
