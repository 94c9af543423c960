/* test-threat.c: the Threat, through PenGame's public API: its three steps,
 * Defend, Mortal Wounds, and the cards played against it.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib and loaded
 * again with pen_game_new_from_json(), with the helpers of pen-test-state.h
 * and pen-test-cards.h.
 * Random results are forced with pen_rng_force_next().
 *
 * Rulebook sections: "Threat" (and "Threat example"), "Primagic"
 * (DEFEND), "Artifacts" (the Phylactery).
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

/* ---- Actions ---------------------------------------------------------------- */

static PenAction
defend (int die)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_DEFEND);
  action.die = die;
  return action;
}

/* ---- Threat ------------------------------------------------------------------ */

/* "Threat example": "5 black dice remained. Another player rolled them (the
 * roll was 2, 2, 4, 5, 6) ... one black 2 knocks out the Spark 2 (the only 2 in
 * the supply). The black 6 knocks out either the Bone 6 or the orange 6, our
 * choice (let us choose the Bone one). ... We have no Marks with values 4 and 5,
 * so the 4 and 5 are misses ... But on 2 we have a Jasper Mark, so the black 2
 * inflicts a wound." */
/* "Threat example": "we faced 'Threat 7' in a Trial. We prepared 7 black dice.
 * But before rolling them, we first used Silverling to cancel two Threat dice
 * ('Before the Threat roll: Discard 2 Threat dice'). 5 black dice remained." */
static void
test_game_threat_example_silverling (void)
{
  g_autoptr(JsonNode) state = threat_example_state (7);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *after_roll = NULL;
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;
  PenAction use;

  give_card (state, 0, "silverling", "equipment", FALSE);
  game = load (state);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 7);

  pen_action_init (&use, PEN_ACTION_USE_CARD);
  use.index = pen_game_get_n_cards (game, 0) - 1;
  g_assert_cmpstr (pen_game_get_card_name (game, 0, use.index), ==, "Silverling");
  apply_ok (game, use);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 5);
  /* Rotated: it cannot cancel two more. */
  apply_refused (game, use, "Silverling is rotated; it can be used again once unrotated.");

  FORCE (game, 2, 2, 4, 5, 6);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  after_roll = supply (game, 0);
  g_assert_cmpstr (after_roll, ==, "amber:6 bone:6 emerald:1 ruby:3");
  g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_WOUNDED);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 1);
  g_assert_cmpuint (values[0], ==, 6);
}

static void
test_game_threat_example (void)
{
  g_autoptr(JsonNode) state = threat_example_state (5);
  g_autoptr(PenGame) game = load (state);
  g_autoptr(GArray) actions = NULL;
  g_autofree char *after_roll = NULL;
  g_autofree char *after_choice = NULL;
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;
  int bone, amber, ruby;
  gboolean offered_bone = FALSE, offered_amber = FALSE;

  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 5);
  g_assert_false (rolled);

  FORCE (game, 2, 2, 4, 5, 6);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));

  /* The 2s, the 4 and the 5 needed no choice; the 6 waits for one. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 1);
  g_assert_true (rolled);
  g_assert_cmpuint (values[0], ==, 6);
  after_roll = supply (game, 0);
  g_assert_cmpstr (after_roll, ==, "amber:6 bone:6 emerald:1 ruby:3");
  g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_WOUNDED);
  g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_CHARGED);
  g_assert_cmpint (mark_at (game, 0, PEN_N_DISCIPLINE_CELLS)->state, ==, PEN_MARK_CHARGED);
  g_assert_true (log_has (game, "Threat 4 misses."));
  g_assert_true (log_has (game, "Threat 5 misses."));
  g_assert_true (log_has (game, "Threat 2 wounds a Jasper Mark."));

  /* Exactly two choices: the Bone 6 or the orange 6. */
  bone = find_die (game, 0, "bone:6");
  amber = find_die (game, 0, "amber:6");
  ruby = find_die (game, 0, "ruby:3");
  actions = pen_game_list_actions (game);
  g_assert_cmpuint (actions->len, ==, 2);
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      g_assert_cmpint (action->type, ==, PEN_ACTION_THREAT_TARGET);
      offered_bone |= action->index == bone;
      offered_amber |= action->index == amber;
    }
  g_assert_true (offered_bone);
  g_assert_true (offered_amber);

  apply_refused (game, threat_target (ruby), "The Threat die 6 cannot go there.");
  /* The Spark Mark's value is 6, but dice in the supply come first. */
  apply_refused (game, threat_target (PEN_THREAT_TARGET_MARK + PEN_N_DISCIPLINE_CELLS),
                 "The Threat die 6 cannot go there.");
  apply_refused (game, simple (PEN_ACTION_END_TURN), "First decide where the Threat die goes.");

  apply_ok (game, threat_target (bone));
  after_choice = supply (game, 0);
  g_assert_cmpstr (after_choice, ==, "amber:6 emerald:1 ruby:3");
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (pen_game_get_player (game, 0)), ==, 0);
  /* This Threat was the Ruins': "Apply 1 Threat die. Gain 2 Blood." */
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 2);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
}

/* "Threat", step 3: "Resolve each Threat die one at a time ... Discard the
 * resolved Threat die and move on to the next", with the "Threat example"
 * ("we first used Silverling to cancel two Threat dice ... the roll was 2, 2,
 * 4, 5, 6 ... one black 2 knocks out the Spark 2 ... The black 6 knocks out
 * either the Bone 6 or the orange 6 ... the 4 and 5 are misses ... on 2 we
 * have a Jasper Mark, so the black 2 inflicts a wound"): the game keeps what
 * each die did, through a save, until the next action. */
static void
test_game_threat_outcomes (void)
{
  g_autoptr(JsonNode) state = threat_example_state (7);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(PenGame) older = NULL;
  g_autoptr(JsonNode) saved = NULL;
  const PenThreatOutcome *outcomes;
  guint n;
  int spark, bone;
  PenAction use;

  give_card (state, 0, "silverling", "equipment", FALSE);
  game = load (state);
  spark = find_die (game, 0, "spark:2");
  pen_game_get_threat_outcomes (game, &n);
  g_assert_cmpuint (n, ==, 0);

  pen_action_init (&use, PEN_ACTION_USE_CARD);
  use.index = pen_game_get_n_cards (game, 0) - 1;
  apply_ok (game, use);
  outcomes = pen_game_get_threat_outcomes (game, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (outcomes[0].result, ==, PEN_THREAT_CANCELLED);
  g_assert_cmpint (outcomes[1].result, ==, PEN_THREAT_CANCELLED);

  FORCE (game, 2, 2, 4, 5, 6);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  outcomes = pen_game_get_threat_outcomes (game, &n);
  g_assert_cmpuint (n, ==, 6);
  g_assert_cmpint (outcomes[2].result, ==, PEN_THREAT_KNOCK_OUT);
  g_assert_cmpuint (outcomes[2].value, ==, 2);
  g_assert_cmpint (outcomes[2].target, ==, spark);
  g_assert_cmpint (outcomes[2].die.kind, ==, PEN_DIE_KIND_SPARK);
  g_assert_cmpuint (outcomes[2].die.value, ==, 2);
  g_assert_cmpint (outcomes[3].result, ==, PEN_THREAT_WOUND);
  g_assert_cmpuint (outcomes[3].value, ==, 2);
  g_assert_cmpint (outcomes[3].target, ==, 1);   /* the Jasper Mark's cell */
  g_assert_cmpint (outcomes[4].result, ==, PEN_THREAT_MISS);
  g_assert_cmpuint (outcomes[4].value, ==, 4);
  g_assert_cmpint (outcomes[5].result, ==, PEN_THREAT_MISS);
  g_assert_cmpuint (outcomes[5].value, ==, 5);

  /* The 6 waits for the choice; what the others did stays meanwhile. */
  bone = find_die (game, 0, "bone:6");
  apply_ok (game, threat_target (bone));
  outcomes = pen_game_get_threat_outcomes (game, &n);
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpint (outcomes[6].result, ==, PEN_THREAT_KNOCK_OUT);
  g_assert_cmpint (outcomes[6].target, ==, bone);
  g_assert_cmpint (outcomes[6].die.kind, ==, PEN_DIE_KIND_BONE);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);

  /* A save keeps them; a save from before they were kept has none. */
  saved = pen_game_to_json (game);
  loaded = load (saved);
  outcomes = pen_game_get_threat_outcomes (loaded, &n);
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpint (outcomes[3].result, ==, PEN_THREAT_WOUND);
  g_assert_cmpint (outcomes[3].target, ==, 1);
  g_assert_cmpint (outcomes[6].die.kind, ==, PEN_DIE_KIND_BONE);
  json_object_remove_member (json_node_get_object (saved), "threat-outcomes");
  older = load (saved);
  pen_game_get_threat_outcomes (older, &n);
  g_assert_cmpuint (n, ==, 0);

  /* The next action clears them. */
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  pen_game_get_threat_outcomes (game, &n);
  g_assert_cmpuint (n, ==, 0);
}

/* "Threat example": "if we had got one more 2: we would have had to assign it
 * to the already wounded Mark, which means a Mortal Wound. ... all dice from
 * the supply are discarded, and the next turn is automatically Rest."
 * "Threat": "even if you gain a Mortal Wound card, you must resolve all the
 * remaining Threat dice." Mortal Wound card: "After the current Threat roll:
 * Your turn is over. Discard all dice. Your next turn is Rest." */
static void
test_game_threat_mortal_wound (void)
{
  g_autoptr(JsonNode) state = threat_example_state (6);
  g_autoptr(PenGame) game = load (state);
  g_autofree char *during = NULL;
  g_autofree char *after = NULL;
  g_autofree char *rested = NULL;

  FORCE (game, 2, 2, 2, 4, 5, 6);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));

  /* The Mortal Wound is gained, and the 6 after it is still resolved. */
  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (pen_game_get_player (game, 0)), ==, 1);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_THREAT_TARGET), ==, 2);
  apply_ok (game, threat_target (find_die (game, 0, "bone:6")));

  /* Then the turn is over and every die is discarded. The turn ends before
   * the Ruins' 2 Blood (docs/rules-assumptions.md, "Ruins and a Mortal Wound"). */
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (game, 0)), ==, 0);
  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (pen_game_get_player (game, 0)), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 0);

  apply_ok (game, simple (PEN_ACTION_END_TURN));
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);

  /* The next turn is Rest: nothing else is open, not even ending the turn. */
  g_assert_cmpuint (count_listed (game, PEN_ACTION_REST), ==, 1);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_END_TURN), ==, 0);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_HURRY), ==, 0);
  apply_refused (game, simple (PEN_ACTION_END_TURN),
                 "After a Mortal Wound your next turn must be Rest.");
  during = supply (game, 0);
  g_assert_cmpstr (during, ==, "");

  FORCE (game, 3, 4, 1, 2);
  apply_ok (game, simple (PEN_ACTION_REST));
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_REST);
  /* Two Bone dice, a Ruby die (the Ruby Mark), a Spark die (the Spark Mark);
   * the wounded Jasper Mark gives nothing. */
  rested = supply (game, 0);
  g_assert_cmpstr (rested, ==, "bone:3 bone:4 ruby:1 spark:2");
  g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_WOUNDED);
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  after = supply (game, 0);
  g_assert_cmpstr (after, ==, rested);
}

/* "Threat", MORTAL WOUNDS: "A Wizard cannot gain more than one Mortal Wound card
 * per turn. If you should gain more than one Mortal Wound card, gain one." */
static void
test_game_threat_one_mortal_wound_per_turn (void)
{
  g_autoptr(JsonNode) state = threat_example_state (4);
  g_autoptr(PenGame) game = load (state);

  /* The first 2 knocks out the Spark 2, the second wounds the Jasper Mark, the
   * third and the fourth both fall on the wounded Mark. */
  FORCE (game, 2, 2, 2, 2);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (pen_game_get_player (game, 0)), ==, 1);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);

  /* Nor from a second Threat of the same turn. */
  {
    g_autoptr(JsonNode) again = threat_example_state (1);
    g_autoptr(PenGame) second = NULL;

    set_marks (again, 0, "ruby jasper/w | spark");
    json_object_set_boolean_member (state_turn (again), "mortal-wound", TRUE);
    json_object_set_int_member (state_player (again, 0), "mortal-wounds", 1);
    set_dice (again, 0, "ruby:3 bone:6");
    second = load (again);
    FORCE (second, 2);
    apply_ok (second, simple (PEN_ACTION_ROLL_THREAT));
    g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (pen_game_get_player (second, 0)), ==, 1);
    g_assert_true (log_has (second, "Threat 2 would be a second Mortal Wound this turn: "
                                    "it has no effect."));
    g_assert_cmpuint (pen_game_get_current_player (second), ==, 0);
    g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (second, 0)), ==, 2);
  }
}

/* "Primagic", DEFEND: "discard any number of Yellow dice from your supply to
 * discard the same number of Threat dice" — "before the Threat roll". */
static void
test_game_defend_discard (void)
{
  g_autoptr(JsonNode) state = standard_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *left = NULL;
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;

  set_dice (state, 0, "jasper:3 bone:4 ruby:1");
  game = load (state);

  apply_refused (game, defend (0), "Defend is used while preparing a Threat.");
  apply_ok (game, place (game, find_die (game, 0, "bone:4"), "ruins", 0, 0));
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 1);

  apply_refused (game, defend (find_die (game, 0, "ruby:1")), "Defend needs a Yellow die.");
  apply_ok (game, defend (find_die (game, 0, "jasper:3")));
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 0);
  g_assert_false (rolled);
  apply_refused (game, defend (0), "No Threat dice are left to discard.");

  /* Nothing is left to roll; the Ruins still give their Blood. */
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  left = supply (game, 0);
  g_assert_cmpstr (left, ==, "ruby:1");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 2);
}

/* "Primagic", DEFEND: "placing a Yellow die discards one Threat die. This
 * applies, for example, ... in the Ruins (the effect "apply 1 Threat die, gain
 * 2 Blood")." A Spark die counts as the one colour its owner names. */
static void
test_game_defend_place (void)
{
  for (guint spark = 0; spark < 2; spark++)
    {
      g_autoptr(JsonNode) state = standard_state (2);
      g_autoptr(PenGame) game = NULL;
      g_autofree char *left = NULL;
      guint values[PEN_MAX_THREAT_DICE];
      gboolean rolled;

      set_dice (state, 0, spark ? "spark:4 bone:2" : "jasper:4 bone:2");
      game = load (state);
      apply_ok (game, place_as (game, 0, "ruins", 0, 0, spark ? PEN_DISCIPLINE_JASPER : -1));
      apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
      g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
      g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 0);
      g_assert_false (rolled);

      /* Had a die been rolled, the 2 would have knocked out the Bone 2. */
      FORCE (game, 2);
      apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
      g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 1);
      left = supply (game, 0);
      g_assert_cmpstr (left, ==, "bone:2");
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 2);
    }

  /* A Spark die placed as another colour does not defend. */
  {
    g_autoptr(JsonNode) state = standard_state (2);
    g_autoptr(PenGame) game = NULL;
    guint values[PEN_MAX_THREAT_DICE];
    gboolean rolled;

    set_dice (state, 0, "spark:4 bone:2");
    game = load (state);
    apply_ok (game, place_as (game, 0, "ruins", 0, 0, PEN_DISCIPLINE_RUBY));
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 1);
  }
}

/* ==== Engine bugs ============================================================================ */

/* "Threat", UNCANCELLABLE THREAT: "Effects that discard Threat dice cannot be
 * applied to an uncancellable Threat." Abyss Gaze ("Apply 1 Threat
 * (uncancellable): Gain 1 Arcana") prepares such a Threat: Invisibility
 * ("discard all Threat dice") is refused against it, and nothing is paid. */
static void
test_cards_uncancellable_threat (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "amethyst | spark");
  set_dice (state, 0, "amethyst:4 bone:3 bone:5");
  set_ingredients (state, 0, "arcana=3");
  give_card (state, 0, "abyss-gaze", "grimoire", FALSE);
  give_card (state, 0, "invisibility", "grimoire", FALSE);
  start = load (state);
  start_trial (start, 0);
  game = with_threat_dice (start, 3);

  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "amethyst:4"), 0));
  g_assert_cmpuint (threat_dice (game, NULL, NULL), ==, 1);
  apply_refused (game, use_card (1, 0, 0, 0),
                 "This Threat is uncancellable: effects that discard Threat dice cannot be applied to it.");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 3);
  g_assert_cmpuint (threat_dice (game, NULL, NULL), ==, 1);
}

/* "Threat", step 2: "Effects that manipulate the values of Threat dice
 * ("adjust X Threat dice") can be applied only at this step ... No other
 * effects can be applied at this step." After the roll, Scarlet Downpour
 * (gain Blood, usable at any time) is refused; Deflection (adjust Threat
 * dice) is not. */
static void
test_cards_threat_step2_only_adjust (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "jasper ruby | spark");
  set_dice (state, 0, "ruby:4 bone:3 bone:5");
  set_ingredients (state, 0, "jewels=2");
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
  give_card (state, 0, "deflection", "grimoire", FALSE);
  start = load (state);
  start_trial (start, 0);
  game = with_threat_dice (start, 1);
  FORCE (game, 3);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);

  apply_refused (game, use_card (0, 0, dice_mask (game, 0, "ruby:4"), 0),
                 "After the Threat roll only effects that adjust Threat dice can be used.");
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 0);
  apply_ok (game, use_card (1, 0, 0, 0));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 0);
}

/* "Threat", step 2: "Effects that manipulate the values of Threat dice
 * ("adjust X Threat dice") can be applied only at this step". While
 * Nightshade Drops ("adjust 3 Threat dice") waits for its adjustments, the
 * Threat's rolled dice still wait too, with their values, and each
 * adjustment changes the value the game gives for its die. */
static void
test_cards_threat_dice_wait_while_adjusted (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;

  set_marks (state, 0, "jasper ruby | spark");
  set_dice (state, 0, "ruby:4 bone:3 bone:5");
  give_card (state, 0, "nightshade-drops", "inventory", FALSE);
  start = load (state);
  start_trial (start, 0);
  game = with_threat_dice (start, 3);
  FORCE (game, 4, 2, 5);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  apply_ok (game, use_card (0, -1, 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 3);
  g_assert_true (rolled);
  g_assert_cmpuint (values[0], ==, 4);
  g_assert_cmpuint (values[1], ==, 2);
  g_assert_cmpuint (values[2], ==, 5);

  apply_ok (game, card_token (PEN_TOKEN_THREAT_DOWN, -1, -1, 1));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 3);
  g_assert_cmpuint (values[0], ==, 4);
  g_assert_cmpuint (values[1], ==, 1);
  g_assert_cmpuint (values[2], ==, 5);
}

/* The rulebook gives Invisibility as "Before the Threat roll: Discard 1 Arcana
 * to discard all Threat dice", its cost only the Trial symbol ("Cost",
 * RESTRICTION ON WHEN THE COST CAN BE PAID): the Arcana is part of the effect,
 * so a Mark that casts it for free ("Mark effects", CAST A SPELL) still takes
 * the Arcana, and without an Arcana it cannot be cast. */
static void
test_cards_invisibility_by_mark (void)
{
  for (int arcana = 0; arcana <= 1; arcana++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) start = NULL;
      g_autoptr(PenGame) game = NULL;
      g_autofree char *spec = g_strdup_printf ("arcana=%d", arcana);

      /* The second cell shows Cast. */
      set_marks (state, 0, "amethyst amethyst | spark");
      set_dice (state, 0, "bone:3 bone:5");
      set_ingredients (state, 0, spec);
      give_card (state, 0, "invisibility", "grimoire", FALSE);
      start = load (state);
      start_trial (start, 0);
      game = with_threat_dice (start, 3);

      if (arcana == 0)
        {
          apply_refused (game, use_mark (1, PEN_MARK_EFFECT_CAST, 0, -1, -1), "Invisibility needs 1 Arcana.");
          g_assert_cmpuint (threat_dice (game, NULL, NULL), ==, 3);
        }
      else
        {
          apply_ok (game, use_mark (1, PEN_MARK_EFFECT_CAST, 0, -1, -1));
          g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 0);
          g_assert_cmpuint (threat_dice (game, NULL, NULL), ==, 0);
        }
    }
}

/* "Artifacts": "The Phylactery (“Ignore the effects of a Mortal Wound and
 * discard its card”) is a single-use Artifact. To apply the effect of this
 * card (ignore the effects of a Mortal Wound), it must be discarded": the
 * player decides. "Threat": "even if you gain a Mortal Wound card, you must
 * resolve all the remaining Threat dice." The Threat rolls 1 (the wounded
 * Mark) and 3 (the Bone 3). */
static void
test_cards_phylactery_threat (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) taken = NULL;
  g_autoptr(PenGame) ignored = NULL;
  g_autofree char *left = NULL;
  g_autofree char *wounded_supply = NULL;
  guint first = 0;
  gboolean rolled = FALSE;

  set_marks (state, 0, "amethyst/w amethyst | spark");   /* the wounded Mark is on 1 */
  set_dice (state, 0, "bone:3 jasper:5");
  give_card (state, 0, "phylactery", "equipment", FALSE);
  start = load (state);
  start_trial (start, 0);
  game = with_threat_dice (start, 2);
  FORCE (game, 1, 3);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  left = supply (game, 0);
  g_assert_cmpstr (left, ==, "bone:3 jasper:5");          /* the 3 waits */
  g_assert_cmpuint (threat_dice (game, &rolled, &first), ==, 1);  /* shown as waiting */
  g_assert_true (rolled);
  g_assert_cmpuint (first, ==, 3);
  answer_mortal_wound (game, &taken, &ignored);

  /* Taken: the 3 is resolved, then the turn is over. */
  g_assert_true (log_has (taken, "Threat 3 knocks out a die: a Bone die showing 3."));
  wounded_supply = supply (taken, 0);
  g_assert_cmpstr (wounded_supply, ==, "");
  g_assert_cmpuint (pen_game_get_current_player (taken), ==, 1);

  /* Ignored: the 3 is resolved, and the Trial goes on. */
  g_clear_pointer (&left, g_free);
  left = supply (ignored, 0);
  g_assert_cmpstr (left, ==, "jasper:5");
  g_assert_cmpint (pen_game_get_pending (ignored), ==, PEN_PENDING_PATH);
  g_assert_cmpuint (pen_game_get_current_player (ignored), ==, 0);
}

/* Dead Water: "At the end of the turn gain and apply a Mortal Wound card";
 * the Phylactery may be discarded against it ("Artifacts"). */
static void
test_cards_phylactery_dead_water (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) taken = NULL;
  g_autoptr(PenGame) ignored = NULL;

  set_dice (state, 0, "bone:3 jasper:5");
  give_card (state, 0, "phylactery", "equipment", FALSE);
  give_card (state, 0, "dead-water", "inventory", FALSE);
  start = load (state);
  start_trial (start, 0);
  game = with_threat_dice (start, 0);
  apply_ok (game, use_card (held (game, "dead-water", NULL, NULL), -1, 0, 0));
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  apply_ok (game, simple (PEN_ACTION_GIVE_UP));
  answer_mortal_wound (game, &taken, &ignored);

  g_assert_true (log_has (taken, "Dead Water's Mortal Wound: all dice are discarded, and the next turn is Rest."));
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (taken)), ==, 0);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (ignored)), ==, 2);
  g_assert_cmpuint (pen_game_get_current_player (taken), ==, 1);
  g_assert_cmpuint (pen_game_get_current_player (ignored), ==, 1);
}

/* "Threat", step 1: "Any other effects (Spells, Potions, Pets, Primagic,
 * Marks) can also be applied at this step." Transmutation ("Convert
 * Ingredients any number of times") used before a Trial's Threat roll must
 * leave the Threat to be rolled. */
static void
test_cards_convert_during_threat (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "jasper:4 bone:3");
  set_ingredients (state, 0, "trinkets=1");
  give_card (state, 0, "transmutation", "grimoire", FALSE);
  game = load (state);
  start_trial (game, 0);

  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "jasper:4"), 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  apply_ok (game, exchange (PEN_INGREDIENT_TRINKETS, PEN_INGREDIENT_JEWELS, 1));
  apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
  if (pen_game_get_pending (game) != PEN_PENDING_THREAT)
    {
      g_test_incomplete (
          "finishing a card's conversion drops what was under way (here the Trial's Threat)");
      g_test_message ("after the conversion the game waits for %d, not the Threat",
                      pen_game_get_pending (game));
      return;
    }
  g_assert_cmpuint (threat_dice (game, NULL, NULL), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/threat/example", test_game_threat_example);
  g_test_add_func ("/game/threat/outcomes", test_game_threat_outcomes);
  g_test_add_func ("/game/threat/mortal-wound", test_game_threat_mortal_wound);
  g_test_add_func ("/game/threat/one-mortal-wound-per-turn",
                   test_game_threat_one_mortal_wound_per_turn);
  g_test_add_func ("/game/defend/discard", test_game_defend_discard);
  g_test_add_func ("/game/defend/place", test_game_defend_place);
  g_test_add_func ("/game/threat/example-with-silverling", test_game_threat_example_silverling);

  g_test_add_func ("/cards/uncancellable-threat", test_cards_uncancellable_threat);
  g_test_add_func ("/cards/threat-step2-only-adjust", test_cards_threat_step2_only_adjust);
  g_test_add_func ("/cards/threat-dice-wait-while-adjusted", test_cards_threat_dice_wait_while_adjusted);
  g_test_add_func ("/cards/invisibility-by-mark", test_cards_invisibility_by_mark);
  g_test_add_func ("/cards/phylactery-threat", test_cards_phylactery_threat);
  g_test_add_func ("/cards/phylactery-dead-water", test_cards_phylactery_dead_water);
  g_test_add_func ("/cards/convert-during-threat", test_cards_convert_during_threat);

  return g_test_run ();
}
