/* test-game.c: the rules of a game, through PenGame's public API.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib (Marks, dice,
 * Ingredients, dice on the table, the turn) and loaded again with
 * pen_game_new_from_json(). Random results are forced with pen_rng_force_next().
 * The helpers that build states and play actions are those of pen-test-state.h,
 * shared with test-cards.c and test-quests-in-game.c.
 *
 * Rulebook sections: "Threat" (and "Threat example"), "Rest effects",
 * "Mark states", "Mark effects", "Gaining Marks", "Primagic", "Locations",
 * "Turn Sequence", "The Fate deck in play", "End of the game".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-error.h"
#include "pen-game.h"

#include "pen-test-state.h"

/* ---- Building states ------------------------------------------------------ */

static int
state_location_index (JsonNode   *state,
                      const char *id)
{
  JsonArray *locations = json_object_get_array_member (json_node_get_object (state), "locations");

  for (guint l = 0; l < json_array_get_length (locations); l++)
    {
      JsonObject *location = json_array_get_object_element (locations, l);

      if (g_str_equal (json_object_get_string_member (location, "id"), id))
        return (int) l;
    }
  g_assert_not_reached ();
  return -1;
}

/* A game of @n_players past the Talent choice, made plain: no Marks, no dice,
 * no Ingredients, an empty table with the Ruby, Amber, Jasper and Emerald
 * Classes, and player 1 at the start of a (not first) turn of two placements. */
static JsonNode *
new_state (guint n_players)
{
  JsonNode *state = plain_state (n_players);

  set_standard_classes (state);
  return state;
}

/* A Threat of @n_dice prepared, as the Ruins leave it after their effect. */
static void
set_ruins_threat (JsonNode *state,
                  guint     n_dice)
{
  JsonObject *turn = state_turn (state);

  json_object_set_string_member (turn, "type", "study");
  json_object_set_int_member (turn, "placements-left", 1);
  json_object_set_string_member (turn, "pending", "threat");
  json_object_set_int_member (turn, "placed-location", state_location_index (state, "ruins"));
  json_object_set_int_member (turn, "placed-section", 0);
  json_object_set_int_member (state_threat (state), "dice", n_dice);
  json_object_set_string_member (json_node_get_object (state), "threat-source", "ruins");
}

static void
refuse_state (JsonNode   *state,
              const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new_from_json (state, &error);

  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_cmpstr (error->message, ==, message);
}

/* ---- Reading a game ---------------------------------------------------------- */

/* The dice in a cell of the table (-1: beside the cells), as sorted specs. */
static char *
table_dice (PenGame    *game,
            const char *location_id,
            guint       section,
            int         cell)
{
  PenLocation *location = pen_game_get_location (game, pen_game_find_location (game, location_id));
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < pen_location_get_n_dice (location, section, cell); i++)
    g_ptr_array_add (specs, die_spec (pen_location_get_die (location, section, cell, i)));
  return join_sorted (specs, " ");
}

static gboolean
is_listed (PenGame         *game,
           const PenAction *action)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    if (pen_action_equal (&g_array_index (actions, PenAction, i), action))
      return TRUE;
  return FALSE;
}

/* ---- Actions ---------------------------------------------------------------- */

static PenAction
threat_target (int index)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_THREAT_TARGET);
  action.index = index;
  return action;
}

static PenAction
defend (int die)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_DEFEND);
  action.die = die;
  return action;
}

static PenAction
manipulate (int             die,
            PenManipulation manipulation,
            int             colour)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_MANIPULATE);
  action.die = die;
  action.value = manipulation;
  action.colour = colour;
  return action;
}

static PenAction
heal (int cell)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_HEAL);
  action.index = cell;
  return action;
}

/* ---- Threat ------------------------------------------------------------------ */

/* The Threat example's board: a Ruby Mark on 1, a Jasper Mark on 2, the Spark
 * Mark on 6; nothing on 4 or 5. In the supply a Spark 2, a Bone 6 and an orange
 * (Amber) 6 among other dice. */
static JsonNode *
threat_example_state (guint n_dice)
{
  JsonNode *state = new_state (2);

  set_marks (state, 0, "ruby jasper | spark");
  set_dice (state, 0, "ruby:3 spark:2 bone:6 emerald:1 amber:6");
  set_ruins_threat (state, n_dice);
  return state;
}

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
  g_autoptr(JsonNode) state = new_state (2);
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
      g_autoptr(JsonNode) state = new_state (2);
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
    g_autoptr(JsonNode) state = new_state (2);
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

/* ---- The Wilds ----------------------------------------------------------------- */

/* "Locations", Ruins: "Place any die. Apply 1 Threat die. Gain 2 Blood into
 * your personal Ingredient supply." */
static void
test_game_ruins (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *left = NULL;
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;

  set_dice (state, 0, "bone:5 ruby:3");
  set_ingredients (state, 0, "blood=11");
  game = load (state);

  apply_ok (game, place (game, 0, "ruins", 0, 0));
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 1);
  /* The Blood comes after the Threat. */
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 11);
  apply_refused (game, simple (PEN_ACTION_END_TURN), "First finish the Threat.");

  FORCE (game, 3);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  left = supply (game, 0);
  g_assert_cmpstr (left, ==, "");
  /* 11 + 2, but no more than 12 of an Ingredient. */
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 12);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
}

/* "Locations", Sanctuary: "Place any die. Discard 1 Blood. Gain 1 Spark die
 * into your dice supply." "Mark effects", USE BLOOD: "instead of discarding 1
 * Blood from your Ingredient supply you can flip any wounded Mark." */
static void
test_game_sanctuary (void)
{
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *dice = NULL;

    set_dice (state, 0, "bone:1");
    set_ingredients (state, 0, "blood=1");
    game = load (state);
    apply_ok (game, place (game, 0, "sanctuary", 0, 0));
    FORCE (game, 5);
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "spark:5");
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 0);
  }

  /* No Blood in the supply: a wounded Mark's Blood (Wounded → Discharged). */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *dice = NULL;

    set_marks (state, 0, "ruby jasper/w | spark");
    set_dice (state, 0, "bone:1");
    game = load (state);
    apply_ok (game, place (game, 0, "sanctuary", 0, 0));
    apply_refused (game, simple (PEN_ACTION_USE_LOCATION),
                   "Your supply has too little Blood: flip wounded Marks for the rest.");
    FORCE (game, 2);
    apply_ok (game, paying_blood (simple (PEN_ACTION_USE_LOCATION), 1u << 1));
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "spark:2");
    g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_DISCHARGED);
  }

  /* No Blood at all. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "ruby | spark");
    set_dice (state, 0, "bone:1");
    game = load (state);
    apply_ok (game, place (game, 0, "sanctuary", 0, 0));
    apply_refused (game, simple (PEN_ACTION_USE_LOCATION),
                   "The Sanctuary asks for 1 Blood, and you have none.");
    apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  }
}

/* "Locations", Forest: "Place any die. Roll a Resource die (gain the
 * Ingredients rolled on it into your personal Ingredient supply)." */
static void
test_game_forest (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;

  set_dice (state, 0, "bone:1");
  game = load (state);
  apply_ok (game, place (game, 0, "forest", 0, 0));
  /* Face 4 of the Resource die: 1 Crystal and 1 Fruit. */
  FORCE (game, 3);
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 0);
  g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 0);
}

/* "Primagic", HARVEST: "Place a Green die in any location of the Wilds (Forest,
 * Sanctuary and Ruins) to roll a Resource die and gain the Ingredients from it
 * (in addition to the location's main effect). ... If you place a Green die in
 * the Forest, you will roll two Resource dice at once." */
static void
test_game_harvest (void)
{
  /* The Sanctuary: a Resource die besides the Spark die. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *dice = NULL;

    set_dice (state, 0, "emerald:4");
    set_ingredients (state, 0, "blood=1");
    game = load (state);
    FORCE (game, 1, 6);
    apply_ok (game, place (game, 0, "sanctuary", 0, 0));
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 2);
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "spark:6");
  }

  /* The Forest: two Resource dice. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "emerald:4");
    game = load (state);
    FORCE (game, 1, 4);
    apply_ok (game, place (game, 0, "forest", 0, 0));
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 2);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
    g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 0);
  }

  /* Not in the City, and not with another colour. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "emerald:4 ruby:2");
    game = load (state);
    FORCE (game, 1);
    apply_ok (game, place (game, 0, "bazaar", 0, 0));
    apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
    apply_ok (game, place (game, 0, "sanctuary", 0, 0));
    apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
    g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 1);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 0);
  }
}

/* "Primagic", HARVEST: "If you place a Green die in the Forest, you will roll
 * two Resource dice at once." "Ingredients", RESOURCE DIE: "If an effect tells
 * you to roll several Resource dice at once, then all the Ingredients appear in
 * your personal supply at the same time. This effect cannot be interrupted by
 * other effects (you cannot gain part of the Ingredients, spend them on
 * something, and then gain the remaining Ingredients into the freed personal
 * supply)." */
static void
test_game_harvest_forest_at_once (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;

  set_dice (state, 0, "emerald:4 bone:2");
  set_ingredients (state, 0, "crystals=11");
  game = load (state);
  /* Both dice show face 3: 1 Crystal each. */
  FORCE (game, 2, 2);
  apply_ok (game, place (game, 0, "forest", 0, 0));

  /* While the Forest's own die is still to come, none of the two may have
   * arrived: otherwise the Crystal could be spent (a Reroll) before the
   * second die fills the supply again. */
  if (pen_game_get_pending (game) == PEN_PENDING_LOCATION
      && ingredient (game, 0, PEN_INGREDIENT_CRYSTALS) != 11)
    {
      g_test_incomplete ("Engine bug: a Green die in the Forest rolls its Harvest Resource die "
                         "when placed and the Forest's die only with the location's effect, so "
                         "the Ingredients of the first can be spent before the second arrives.");
      return;
    }

  if (pen_game_get_pending (game) == PEN_PENDING_LOCATION)
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  /* 11 + 1 + 1, at once: 12, and the last Crystal goes back. */
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 12);
  g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 0);
}

/* ---- Classes ------------------------------------------------------------------ */

/* "Locations", Class, GAIN A DISCIPLINE MARK AND A CARD: "Place a six of the
 * corresponding colour (first two cells) or a Spark die (third cell)." */
static void
test_game_class_mark_needs_six (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  const char *needs_six = "This cell of the Ruby Class needs a die of the colour Ruby showing 6.";

  set_marks (state, 0, "ruby | spark");
  set_dice (state, 0, "ruby:5 amber:6 bone:6 spark:3 ruby:6");
  set_ingredients (state, 0, "arcana=3");
  game = load (state);

  apply_refused (game, place (game, find_die (game, 0, "ruby:5"), "ruby-class", 0, 0), needs_six);
  apply_refused (game, place (game, find_die (game, 0, "amber:6"), "ruby-class", 0, 0), needs_six);
  apply_refused (game, place (game, find_die (game, 0, "bone:6"), "ruby-class", 0, 0), needs_six);
  apply_refused (game, place (game, find_die (game, 0, "spark:3"), "ruby-class", 0, 0), needs_six);
  apply_refused (game, place (game, find_die (game, 0, "ruby:6"), "ruby-class", 0, 2),
                 "This cell of the Ruby Class needs a Spark die.");
  {
    g_autoptr(GError) error = NULL;
    PenAction action = place (game, find_die (game, 0, "ruby:6"), "amber-class", 0, 0);

    g_assert_false (pen_game_check_action (game, &action, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
    g_assert_true (g_str_has_prefix (error->message, "This cell of the Amber Class needs "));
  }

  apply_ok (game, place (game, find_die (game, 0, "ruby:6"), "ruby-class", 0, 0));
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  g_assert_true (mark_at (game, 0, 1)->occupied);
  g_assert_cmpint (mark_at (game, 0, 1)->discipline, ==, PEN_DISCIPLINE_RUBY);
}

/* "Locations", Class: "Place ... a Spark die (third cell). Spend Arcana, as
 * much as is shown in the nearest (left to right) unoccupied cell of the
 * Mastery area ... Gain a Discipline Mark ... and put it in the nearest (left to
 * right) unoccupied cell of the Mastery area, charged. Apply the Rest Effect
 * shown above the gained Mark." "Rest effects", GAIN A COLOURED DIE: "Take a
 * coloured die of the same colour as the Mark from those placed in locations
 * (if possible), or from the supply (if not)." */
static void
test_game_class_mark_spark_cell (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *dice = NULL;
  g_autofree char *placed = NULL;

  /* The next free cell is the third: 1 Arcana; Rest effects "coloured die"
   * and "recharge all Marks". */
  set_marks (state, 0, "ruby amber/d | spark");
  set_dice (state, 0, "spark:3");
  set_ingredients (state, 0, "arcana=1");
  game = load (state);

  apply_ok (game, place (game, 0, "ruby-class", 0, 2));
  FORCE (game, 4);
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));

  g_assert_true (mark_at (game, 0, 2)->occupied);
  g_assert_cmpint (mark_at (game, 0, 2)->discipline, ==, PEN_DISCIPLINE_RUBY);
  g_assert_cmpint (mark_at (game, 0, 2)->state, ==, PEN_MARK_CHARGED);
  g_assert_false (mark_at (game, 0, 3)->occupied);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 0);
  /* No Ruby die on the table: a new one, rolled. */
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "ruby:4");
  g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_CHARGED);
  placed = table_dice (game, "ruby-class", 0, 2);
  g_assert_cmpstr (placed, ==, "spark:3");
}

/* "Locations", Class: "Spend Arcana, as much as is shown in the nearest (left
 * to right) unoccupied cell of the Mastery area on your Wizard board." */
static void
test_game_class_mark_cost (void)
{
  for (guint arcana = 2; arcana <= 3; arcana++)
    {
      g_autoptr(JsonNode) state = new_state (2);
      g_autoptr(PenGame) game = NULL;
      g_autofree char *spec = g_strdup_printf ("arcana=%u", arcana);

      /* Five Marks: the sixth cell costs 3 Arcana. */
      set_marks (state, 0, "ruby ruby ruby amber amber | spark");
      set_dice (state, 0, "ruby:6");
      set_ingredients (state, 0, spec);
      game = load (state);
      apply_ok (game, place (game, 0, "ruby-class", 0, 0));

      if (arcana == 2)
        {
          apply_refused (game, simple (PEN_ACTION_USE_LOCATION), "Your next Mark costs 3 Arcana.");
          apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
          g_assert_false (mark_at (game, 0, 5)->occupied);
        }
      else
        {
          g_autofree char *dice = NULL;
          g_autofree char *placed = NULL;

          FORCE (game, 5);
          apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
          g_assert_cmpint (mark_at (game, 0, 5)->discipline, ==, PEN_DISCIPLINE_RUBY);
          g_assert_cmpint (mark_at (game, 0, 5)->state, ==, PEN_MARK_CHARGED);
          g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 0);
          /* The Ruby 6 just placed is the one Ruby die placed in a location:
           * it comes back without a question, rolled as a gained die is
           * ("Dice", GAINING A DIE: "take that die ..., roll it"). */
          dice = supply (game, 0);
          g_assert_cmpstr (dice, ==, "ruby:5");
          placed = table_dice (game, "ruby-class", 0, 0);
          g_assert_cmpstr (placed, ==, "");
          g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 0);
        }
    }
}

/* "Finite and infinite components": "Magic Marks are limited. If a type of
 * Mark runs out, no player can gain it." (8 of each Discipline,
 * docs/rules-assumptions.md.) */
static void
test_game_class_marks_run_out (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "ruby ruby ruby ruby ruby ruby ruby | spark");
  set_marks (state, 1, "ruby | spark");
  set_dice (state, 0, "ruby:6 amber:6");
  set_ingredients (state, 0, "arcana=12");
  game = load (state);

  apply_ok (game, place (game, find_die (game, 0, "ruby:6"), "ruby-class", 0, 0));
  apply_refused (game, simple (PEN_ACTION_USE_LOCATION), "No Ruby Marks are left.");
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
  apply_ok (game, place (game, find_die (game, 0, "amber:6"), "amber-class", 0, 0));
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  g_assert_cmpint (mark_at (game, 0, 7)->discipline, ==, PEN_DISCIPLINE_AMBER);
}

/* "Dice types", SPARK DICE: "Wild dice. When you use such a die, you can choose
 * which one colour it counts as." Placed as Red (to knock out, say), it is not
 * also the Amber six an Amber Class's Mark cell asks for. */
static void
test_game_spark_die_one_colour (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  PenAction as_ruby, as_amber;

  set_marks (state, 0, "ruby | spark");
  set_dice (state, 0, "spark:6");
  set_ingredients (state, 0, "arcana=3");
  game = load (state);

  as_amber = place_as (game, 0, "amber-class", 0, 0, PEN_DISCIPLINE_AMBER);
  g_assert_true (pen_game_check_action (game, &as_amber, &error));
  g_assert_no_error (error);

  as_ruby = place_as (game, 0, "amber-class", 0, 0, PEN_DISCIPLINE_RUBY);
  if (pen_game_check_action (game, &as_ruby, NULL))
    {
      g_test_incomplete ("Engine bug: a Spark die placed as Ruby still meets an Amber Class cell's "
                         "colour condition (cell conditions ignore the colour named with 'as'), "
                         "so one Spark die counts as two colours in one use.");
      return;
    }
  g_assert_false (pen_game_check_action (game, &as_ruby, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_true (g_str_has_prefix (error->message, "This cell of the Amber Class needs "));
}

/* "Locations", Class, GAIN A COLOURED DIE: "Place any die. Gain a die of the
 * Class colour into your dice supply." */
static void
test_game_class_die (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *dice = NULL;

  set_dice (state, 0, "bone:2");
  game = load (state);
  apply_ok (game, place (game, 0, "jasper-class", 2, 0));
  FORCE (game, 5);
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "jasper:5");
}

/* "Locations", CELL CONDITIONS: "The cell is available only in a game of three
 * or four players. The cell is available only in a game of four players." */
static void
test_game_class_closed_cells (void)
{
  for (guint n_players = 2; n_players <= 4; n_players++)
    {
      g_autoptr(JsonNode) state = new_state (n_players);
      g_autoptr(PenGame) game = NULL;
      g_autoptr(GArray) actions = NULL;
      g_autoptr(GError) error = NULL;
      PenAction action;
      gboolean ok;

      set_dice (state, 0, "ruby:6 ruby:3 bone:1");
      game = load (state);

      action = place (game, find_die (game, 0, "ruby:6"), "ruby-class", 0, 1);
      ok = pen_game_check_action (game, &action, &error);
      g_assert_true (ok == (n_players >= 3));
      if (!ok)
        g_assert_cmpstr (error->message, ==,
                         "This cell is open only in a game of 3 or more players.");
      g_clear_error (&error);

      action = place (game, find_die (game, 0, "ruby:3"), "ruby-class", 1, 1);
      ok = pen_game_check_action (game, &action, &error);
      g_assert_true (ok == (n_players >= 4));
      if (!ok)
        g_assert_cmpstr (error->message, ==,
                         "This cell is open only in a game of 4 or more players.");
      g_clear_error (&error);

      action = place (game, find_die (game, 0, "bone:1"), "ruby-class", 2, 1);
      ok = pen_game_check_action (game, &action, &error);
      g_assert_true (ok == (n_players >= 3));
      g_clear_error (&error);

      /* No listed placement goes to a closed cell, anywhere on the table. */
      actions = pen_game_list_actions (game);
      for (guint i = 0; i < actions->len; i++)
        {
          const PenAction *listed = &g_array_index (actions, PenAction, i);
          const PenLocationDef *def;

          if (listed->type != PEN_ACTION_PLACE || listed->cell < 0)
            continue;
          def = pen_location_get_def (pen_game_get_location (game, listed->location));
          g_assert_cmpuint (def->sections[listed->section].cells[listed->cell].min_players, <=,
                            n_players);
        }

      /* The window asks the engine which cells to draw closed. */
      {
        int ruby = pen_game_find_location (game, "ruby-class");

        g_assert_false (pen_game_is_cell_closed (game, ruby, 0, 0));
        g_assert_true (pen_game_is_cell_closed (game, ruby, 0, 1) == (n_players < 3));
        g_assert_true (pen_game_is_cell_closed (game, ruby, 1, 1) == (n_players < 4));
        g_assert_true (pen_game_is_cell_closed (game, ruby, 2, 1) == (n_players < 3));
      }
    }
}

/* ---- The Bazaar ------------------------------------------------------------------ */

static PenGame *
bazaar_game (const char *ingredients)
{
  g_autoptr(JsonNode) state = new_state (2);
  PenGame *game;

  set_dice (state, 0, "bone:1");
  set_ingredients (state, 0, ingredients);
  game = load (state);
  apply_ok (game, place (game, 0, "bazaar", 0, 0));
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  return game;
}

/* "Locations", Bazaar: "4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket. With one
 * placement you can exchange any Ingredients, any number of times, in any
 * combination. For example, 8 Fruits into 4 Jewels, 1 Trinket into 2 more
 * Jewels, and 1 more Trinket into 3 Crystals." */
static void
test_game_bazaar_example (void)
{
  g_autoptr(PenGame) game = bazaar_game ("fruits=8 trinkets=2");
  PenAction two_lots = exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 2);
  PenAction three_lots = exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 3);

  g_assert_true (is_listed (game, &two_lots));
  g_assert_false (is_listed (game, &three_lots));
  apply_ok (game, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 2));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 0);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 4);
  apply_ok (game, exchange (PEN_INGREDIENT_TRINKETS, PEN_INGREDIENT_JEWELS, 1));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 6);
  apply_ok (game, exchange (PEN_INGREDIENT_TRINKETS, PEN_INGREDIENT_CRYSTALS, 1));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 3);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 0);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 6);

  apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  apply_refused (game, exchange (PEN_INGREDIENT_JEWELS, PEN_INGREDIENT_CRYSTALS, 1),
                 "Ingredients are exchanged at the Bazaar, or on Rest with the right Mark.");
}

/* "Locations", Bazaar: "Ingredients can be exchanged only in amounts that are
 * multiples of those indicated. You cannot exchange 2 Fruits for 1 Jewel."
 * Exchanges are counted in whole lots (4 Fruits, 3 Crystals, 2 Jewels or 1
 * Trinket), so 2 Fruits are too few for any. */
static void
test_game_bazaar_multiples (void)
{
  g_autoptr(PenGame) game = bazaar_game ("fruits=2 blood=4 arcana=4");
  g_autoptr(GArray) actions = NULL;

  apply_refused (game, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 1),
                 "You have too few Fruits for that exchange.");
  actions = pen_game_list_actions (game);
  for (guint i = 0; i < actions->len; i++)
    g_assert_cmpint (g_array_index (actions, PenAction, i).type, !=, PEN_ACTION_EXCHANGE);

  apply_refused (game, exchange (PEN_INGREDIENT_BLOOD, PEN_INGREDIENT_JEWELS, 1),
                 "Only Fruits, Crystals, Jewels and Trinkets can be exchanged.");
  apply_refused (game, exchange (PEN_INGREDIENT_ARCANA, PEN_INGREDIENT_FRUITS, 1),
                 "Only Fruits, Crystals, Jewels and Trinkets can be exchanged.");
  apply_refused (game, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_FRUITS, 1), NULL);
}

/* "Ingredients": "The Ingredient supply can hold up to 12 Fruits, 12 Crystals,
 * 12 Jewels, 12 Trinkets, 12 Blood and 12 Arcana ... If some of the
 * Ingredients do not fit in the supply ... immediately discard the excess." */
static void
test_game_bazaar_cap (void)
{
  g_autoptr(PenGame) game = bazaar_game ("jewels=11 trinkets=1");

  apply_ok (game, exchange (PEN_INGREDIENT_TRINKETS, PEN_INGREDIENT_JEWELS, 1));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 12);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 0);
}

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
  g_autoptr(JsonNode) state = new_state (2);
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
  g_autoptr(JsonNode) state = new_state (2);
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
    g_autoptr(JsonNode) other = new_state (2);
    g_autoptr(PenGame) study = NULL;

    set_dice (other, 0, "bone:1");
    study = load (other);
    apply_ok (study, place (study, 0, "forest", 0, 0));
    apply_ok (study, simple (PEN_ACTION_SKIP_LOCATION));
    apply_refused (study, simple (PEN_ACTION_REST),
                   "Rest must be declared at the start of the turn, before anything else.");
  }
}

/* "Rest effects", GAIN A COLOURED DIE: "Take a coloured die of the same colour
 * as the Mark from those placed in locations (if possible) ... You can take any
 * die of the corresponding colour of your choice from those placed in
 * locations." "Dice", GAINING A DIE: "take that die ..., roll it". Ruby dice
 * in two cells: both are offered, each pick takes that one, and it is
 * rolled. */
static void
test_game_rest_take_back_choice (void)
{
  const char *picks[] = { "ruins", "forest" };

  for (guint p = 0; p < G_N_ELEMENTS (picks); p++)
    {
      g_autoptr(JsonNode) state = new_state (2);
      g_autoptr(PenGame) game = NULL;
      g_autofree char *dice = NULL;
      g_autofree char *picked = NULL;
      g_autofree char *other = NULL;
      PenAction ruins, forest;

      set_marks (state, 0, "ruby | spark");
      put_table_dice (state, "ruins", 0, 0, "ruby:3");
      put_table_dice (state, "forest", 0, 0, "ruby:5");
      game = load (state);
      ruins = take_back (game, "ruins", 0, 0);
      forest = take_back (game, "forest", 0, 0);
      apply_refused (game, ruins, "No Rest effect is waiting to take a die back.");

      /* The two Bone dice come from the supply; the Ruby die waits, and the
       * Spark die after it. */
      FORCE (game, 1, 2);
      apply_ok (game, simple (PEN_ACTION_REST));
      g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
      g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_BACK), ==, 2);
      {
        g_autoptr(GArray) actions = pen_game_list_actions (game);

        g_assert_cmpuint (actions->len, ==, 2);
      }
      g_assert_true (is_listed (game, &ruins));
      g_assert_true (is_listed (game, &forest));
      dice = supply (game, 0);
      g_assert_cmpstr (dice, ==, "bone:1 bone:2");
      g_clear_pointer (&dice, g_free);
      apply_refused (game, simple (PEN_ACTION_END_TURN),
                     "First choose the die the Rest effect takes back from the locations.");
      apply_refused (game, take_back (game, "sanctuary", 0, 0),
                     "That cell holds no Ruby die for the Rest effect to take back.");

      /* The Ruby die rolls a 6, whichever it was; then the Spark die. */
      FORCE (game, 6, 4);
      apply_ok (game, p == 0 ? ruins : forest);
      g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
      dice = supply (game, 0);
      g_assert_cmpstr (dice, ==, "bone:1 bone:2 ruby:6 spark:4");
      picked = table_dice (game, picks[p], 0, 0);
      g_assert_cmpstr (picked, ==, "");
      other = table_dice (game, picks[1 - p], 0, 0);
      g_assert_cmpstr (other, ==, p == 0 ? "ruby:5" : "ruby:3");
      g_assert_cmpuint (pen_rng_get_n_forced (pen_game_get_rng (game)), ==, 0);
      g_assert_true (log_has (game, "Took a die back from the table and rolled it: a Red die showing 6."));
    }
}

/* "Rest effects": "You can take any die ... of your choice from those placed
 * in locations": dice in one cell are one choice (the die is rolled anyway),
 * so two Ruby dice beside the Bazaar's cells ask nothing; with one owed die
 * left and nothing placed for it, "from the supply (if not)". */
static void
test_game_rest_take_back_one_cell (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *dice = NULL;
  g_autofree char *beside = NULL;

  set_marks (state, 0, "ruby | spark");
  put_table_dice (state, "bazaar", 0, -1, "ruby:2 ruby:5");
  put_table_dice (state, "forest", 0, 0, "bone:6");
  game = load (state);
  /* The Forest's Bone 6, a Bone from the supply, one Ruby of the Bazaar's,
   * a Spark from the supply. */
  FORCE (game, 3, 1, 4, 2);
  apply_ok (game, simple (PEN_ACTION_REST));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_BACK), ==, 0);
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "bone:1 bone:3 ruby:4 spark:2");
  beside = table_dice (game, "bazaar", 0, -1);
  g_assert_cmpint (strlen (beside), ==, strlen ("ruby:2"));
}

/* "Rest effects", GAIN A BONE DIE: "The board has two such effects, i.e. on
 * every Rest any Wizard always gains 2 Bone dice." Each is the player's
 * choice among what the first left: two Bone dice in the Forest and one in
 * the Sanctuary ask twice; a single placed Bone die cannot be given twice. */
static void
test_game_rest_take_back_two_bone_dice (void)
{
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *forest = NULL;
    g_autofree char *sanctuary = NULL;

    put_table_dice (state, "forest", 0, 0, "bone:1 bone:2");
    put_table_dice (state, "sanctuary", 0, 0, "bone:3");
    game = load (state);
    apply_ok (game, simple (PEN_ACTION_REST));
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_BACK), ==, 2);
    apply_ok (game, take_back (game, "forest", 0, 0));
    /* The second: still the Forest's other die or the Sanctuary's. */
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_BACK), ==, 2);
    apply_ok (game, take_back (game, "forest", 0, 0));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    forest = table_dice (game, "forest", 0, 0);
    g_assert_cmpstr (forest, ==, "");
    sanctuary = table_dice (game, "sanctuary", 0, 0);
    g_assert_cmpstr (sanctuary, ==, "bone:3");
    g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (game, 0)), ==, 2);
  }

  /* One placed Bone die: it, then one from the supply, without a question. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *dice = NULL;
    g_autofree char *sanctuary = NULL;

    put_table_dice (state, "sanctuary", 0, 0, "bone:3");
    game = load (state);
    FORCE (game, 5, 6);
    apply_ok (game, simple (PEN_ACTION_REST));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "bone:5 bone:6");
    sanctuary = table_dice (game, "sanctuary", 0, 0);
    g_assert_cmpstr (sanctuary, ==, "");
  }
}

/* "Rest effects": the thread goes on past a die that waits for the choice:
 * the seventh cell's Mark still opens the exchange ("EXCHANGE INGREDIENTS ...
 * (Only during Rest.)"), after the die is taken; and a game saved while the
 * choice waits goes on the same once loaded. */
static void
test_game_rest_take_back_resumes_and_saves (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(JsonNode) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *ruins = NULL;
  g_autofree char *forest = NULL;

  set_marks (state, 0, "ruby ruby ruby ruby ruby ruby ruby | spark");
  set_ingredients (state, 0, "fruits=4");
  put_table_dice (state, "ruins", 0, 0, "ruby:3");
  put_table_dice (state, "forest", 0, 0, "ruby:5");
  game = load (state);
  apply_ok (game, simple (PEN_ACTION_REST));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);

  saved = pen_game_to_json (game);
  loaded = pen_game_new_from_json (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pen_game_get_pending (loaded), ==, PEN_PENDING_TAKE_BACK);
  g_assert_cmpuint (count_listed (loaded, PEN_ACTION_TAKE_BACK), ==, 2);
  apply_refused (loaded, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 1),
                 "First choose the die the Rest effect takes back from the locations.");

  /* The Ruins' die; the next Ruby die has only the Forest's left; the other
   * five come from the supply. Then the exchange the Rest opened. */
  apply_ok (loaded, take_back (loaded, "ruins", 0, 0));
  g_assert_cmpint (pen_game_get_pending (loaded), ==, PEN_PENDING_EXCHANGE);
  ruins = table_dice (loaded, "ruins", 0, 0);
  g_assert_cmpstr (ruins, ==, "");
  forest = table_dice (loaded, "forest", 0, 0);
  g_assert_cmpstr (forest, ==, "");
  /* Two Bone, seven Ruby, one Spark. */
  g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (loaded, 0)), ==, 10);
  apply_ok (loaded, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 1));
  g_assert_cmpuint (ingredient (loaded, 0, PEN_INGREDIENT_JEWELS), ==, 2);
}

/* "Rest effects", NEW MARK OR HEALING: "When you place a new Mark on the board
 * or Heal a wounded Mark, apply the Rest effect above that Mark." The Ruby
 * die it takes back is the player's choice there too, and then the Class's
 * card ("Gain a Discipline Mark and a card") or the Study turn goes on. */
static void
test_game_take_back_new_mark_and_heal (void)
{
  /* A new Mark from the Ruby Class: the Ruby 6 just placed, or the Ruins'. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *class_cell = NULL;
    g_autofree char *dice = NULL;

    set_marks (state, 0, "ruby | spark");
    set_dice (state, 0, "ruby:6");
    set_ingredients (state, 0, "arcana=1");
    put_table_dice (state, "ruins", 0, 0, "ruby:2");
    game = load (state);
    apply_ok (game, place (game, 0, "ruby-class", 0, 0));
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    g_assert_true (mark_at (game, 0, 1)->occupied);
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_BACK), ==, 2);
    FORCE (game, 1);
    apply_ok (game, take_back (game, "ruby-class", 0, 0));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
    class_cell = table_dice (game, "ruby-class", 0, 0);
    g_assert_cmpstr (class_cell, ==, "");
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "ruby:1");
  }

  /* A Heal during Study: the Ruins' Ruby die or the Forest's. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *forest = NULL;
    g_autofree char *ruins = NULL;

    set_marks (state, 0, "ruby/w | spark");
    set_dice (state, 0, "bone:4");
    set_ingredients (state, 0, "fruits=2");
    put_table_dice (state, "ruins", 0, 0, "ruby:3");
    put_table_dice (state, "forest", 0, 0, "ruby:5");
    game = load (state);
    apply_ok (game, heal (0));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
    g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_BACK), ==, 2);
    apply_ok (game, take_back (game, "forest", 0, 0));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_STUDY);
    forest = table_dice (game, "forest", 0, 0);
    g_assert_cmpstr (forest, ==, "");
    ruins = table_dice (game, "ruins", 0, 0);
    g_assert_cmpstr (ruins, ==, "ruby:3");
    /* The Study goes on: the Bone die may be placed. */
    apply_ok (game, place (game, find_die (game, 0, "bone:4"), "sanctuary", 0, 0));
  }
}

/* "Recipes and Potions": a brewed Potion is activated by its effect; Plantain
 * Balsam heals 2 Marks, and "Rest effects", NEW MARK OR HEALING: each healed
 * Mark's die is taken back, by the player's choice, one after the other. */
static void
test_game_take_back_card_heal (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *ruins = NULL;
  g_autofree char *amber = NULL;
  PenAction balsam;

  set_marks (state, 0, "ruby/w amber/w | spark");
  give_card (state, 0, "plantain-balsam", "inventory", FALSE);
  put_table_dice (state, "ruins", 0, 0, "ruby:3");
  put_table_dice (state, "forest", 0, 0, "ruby:5");
  put_table_dice (state, "amber-class", 2, 0, "amber:2");
  game = load (state);
  pen_action_init (&balsam, PEN_ACTION_USE_CARD);
  for (guint i = 0; i < pen_game_get_n_cards (game, 0); i++)
    if (g_str_equal (pen_game_get_card_name (game, 0, i), "Plantain Balsam"))
      balsam.index = (int) i;
  apply_ok (game, balsam);
  g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_CHARGED);
  g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_CHARGED);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_TAKE_BACK), ==, 2);
  /* The Ruby die first (the first healed Mark), then the one Amber die. */
  apply_ok (game, take_back (game, "forest", 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  ruins = table_dice (game, "ruins", 0, 0);
  g_assert_cmpstr (ruins, ==, "ruby:3");
  amber = table_dice (game, "amber-class", 2, 0);
  g_assert_cmpstr (amber, ==, "");
  g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (game, 0)), ==, 2);
}

/* A save whose take-back waits with no die owed, or owes more dice than a
 * Rest gives, is refused with the reason. */
static void
test_game_take_back_damaged_saves (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(JsonNode) saved = NULL;
  g_autoptr(PenGame) broken = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *turn;
  JsonArray *dice;

  set_marks (state, 0, "ruby | spark");
  put_table_dice (state, "ruins", 0, 0, "ruby:3");
  put_table_dice (state, "forest", 0, 0, "ruby:5");
  game = load (state);
  apply_ok (game, simple (PEN_ACTION_REST));
  saved = pen_game_to_json (game);
  turn = state_turn (saved);

  dice = json_object_get_array_member (json_object_get_object_member (turn, "take-back"), "dice");
  while (json_array_get_length (dice) <= 48)
    add_dice (dice, "ruby:1");
  broken = pen_game_new_from_json (saved, &error);
  g_assert_null (broken);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "owes too many dice to Rest effects (49; a Rest gives at most 48)"));
  g_clear_error (&error);

  json_object_remove_member (turn, "take-back");
  broken = pen_game_new_from_json (saved, &error);
  g_assert_null (broken);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "no die is owed for the take-back that waits"));
}

/* ---- Primagic ------------------------------------------------------------------ */

/* "Primagic", KNOCK OUT: "Place a Red die in place of any placed die with a
 * lower value". */
static void
test_game_knock_out_place (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *dice = NULL;
  int spark;

  put_table_dice (state, "bazaar", 0, 0, "bone:3");
  put_table_dice (state, "sanctuary", 0, 0, "bone:2");
  set_dice (state, 0, "ruby:5 ruby:3 amber:6 spark:4");
  game = load (state);

  apply_refused (game, place (game, find_die (game, 0, "amber:6"), "bazaar", 0, 0),
                 "This cell is taken. Only a Red die can knock out a placed die.");
  apply_refused (game, place (game, find_die (game, 0, "spark:4"), "bazaar", 0, 0),
                 "This cell is taken. Only a Red die can knock out a placed die.");
  apply_refused (game, place (game, find_die (game, 0, "ruby:3"), "bazaar", 0, 0),
                 "A Red die knocks out only a placed die with a lower value.");

  apply_ok (game, place (game, find_die (game, 0, "ruby:5"), "bazaar", 0, 0));
  cell = table_dice (game, "bazaar", 0, 0);
  g_assert_cmpstr (cell, ==, "ruby:5");
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "amber:6 ruby:3 spark:4");
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));

  /* A Spark die named Red knocks out too, a lower die only. */
  spark = find_die (game, 0, "spark:4");
  apply_refused (game, place_as (game, spark, "bazaar", 0, 0, PEN_DISCIPLINE_RUBY),
                 "A Red die knocks out only a placed die with a lower value.");
  apply_ok (game, place_as (game, spark, "sanctuary", 0, 0, PEN_DISCIPLINE_RUBY));
  g_clear_pointer (&cell, g_free);
  cell = table_dice (game, "sanctuary", 0, 0);
  g_assert_cmpstr (cell, ==, "spark:4");
}

static PenAction
knock_out (PenGame    *game,
           int         die,
           const char *location,
           int         section,
           int         cell,
           int         index)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_KNOCK_OUT);
  action.die = die;
  action.location = pen_game_find_location (game, location);
  action.section = section;
  action.cell = cell;
  action.index = index;
  return action;
}

/* "Primagic", KNOCK OUT: "... or discard a Red die to also discard any other
 * placed die." */
static void
test_game_knock_out_discard (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *dice = NULL;

  put_table_dice (state, "sanctuary", 0, 0, "amber:6");
  set_dice (state, 0, "ruby:1 bone:2");
  game = load (state);

  apply_refused (game, knock_out (game, find_die (game, 0, "bone:2"), "sanctuary", 0, 0, 0),
                 "Knocking out a placed die needs a Red die from your supply.");
  apply_refused (game, knock_out (game, find_die (game, 0, "ruby:1"), "sanctuary", 0, 0, 1),
                 "There is no die to knock out there.");
  apply_ok (game, knock_out (game, find_die (game, 0, "ruby:1"), "sanctuary", 0, 0, 0));
  cell = table_dice (game, "sanctuary", 0, 0);
  g_assert_cmpstr (cell, ==, "");
  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "bone:2");
  /* Not a placement. */
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, 2);
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_STUDY);
  apply_ok (game, place (game, 0, "sanctuary", 0, 0));
}

/* "Primagic", HURRY: "(during Study). ONCE PER TURN: Discard a Trinket to make
 * an additional placement." */
static void
test_game_hurry (void)
{
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:1 bone:2 bone:3");
    set_ingredients (state, 0, "trinkets=2");
    json_object_set_int_member (state_turn (state), "placements-left", 1);
    game = load (state);

    apply_ok (game, simple (PEN_ACTION_HURRY));
    g_assert_cmpuint (pen_game_get_placements_left (game), ==, 2);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 1);
    apply_refused (game, simple (PEN_ACTION_HURRY), "Hurry can be used only once per turn.");
    g_assert_cmpuint (count_listed (game, PEN_ACTION_HURRY), ==, 0);

    for (guint i = 0; i < 2; i++)
      {
        apply_ok (game, place (game, 0, "forest", 0, 0));
        apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
      }
    apply_refused (game, place (game, 0, "forest", 0, 0), "You have no placement left this turn.");
  }

  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:1");
    game = load (state);
    apply_refused (game, simple (PEN_ACTION_HURRY), "Hurry costs a Trinket, and you have none.");
  }
}

/* "Primagic", APPEAR: "Discard 1 Arcana to place a die outside a cell. This
 * effect lets you place in any location, even if all the cells in it are
 * occupied. ... The requirements of the cell whose effect you want to use must
 * still be met with such a placement. If you are trying to place in a Class to
 * gain a Discipline Mark, you must still place either a Spark die or a six of
 * the needed colour." */
static void
test_game_appear (void)
{
  /* The Bazaar's only open cell (2 players) is taken. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *beside = NULL;

    put_table_dice (state, "bazaar", 0, 0, "bone:6");
    set_dice (state, 0, "bone:2");
    set_ingredients (state, 0, "arcana=1");
    game = load (state);

    apply_refused (game, place (game, 0, "bazaar", 0, 0),
                   "This cell is taken. Only a Red die can knock out a placed die.");
    apply_refused (game, place (game, 0, "bazaar", 0, 1),
                   "This cell is open only in a game of 3 or more players.");
    apply_ok (game, place (game, 0, "bazaar", 0, -1));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 0);
    g_assert_cmpuint (pen_game_get_placements_left (game), ==, 1);
    beside = table_dice (game, "bazaar", 0, -1);
    g_assert_cmpstr (beside, ==, "bone:2");
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  }

  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:2");
    game = load (state);
    apply_refused (game, place (game, 0, "forest", 0, -1),
                   "Placing beside the cells (Appear) costs 1 Arcana, and you have none.");
  }

  /* A Class's Mark section: a six of its colour, or a Spark die. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *dice = NULL;

    set_marks (state, 0, "ruby | spark");
    set_dice (state, 0, "ruby:5 ruby:6 spark:1");
    set_ingredients (state, 0, "arcana=3");
    game = load (state);

    apply_refused (game, place (game, find_die (game, 0, "ruby:5"), "ruby-class", 0, -1),
                   "This cell of the Ruby Class needs a die of the colour Ruby showing 6.");
    apply_ok (game, place (game, find_die (game, 0, "ruby:6"), "ruby-class", 0, -1));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 2);
    /* The second cell costs 1 Arcana; its Rest effect takes the Ruby 6 back
     * and rolls it. */
    FORCE (game, 3);
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    g_assert_cmpint (mark_at (game, 0, 1)->discipline, ==, PEN_DISCIPLINE_RUBY);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "ruby:3 ruby:5 spark:1");
    /* "Gain a Discipline Mark and a card": the card from the Class market. */
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD);
    {
      PenAction take;

      pen_action_init (&take, PEN_ACTION_TAKE_CARD);
      take.index = PEN_CARD_SOURCE (PEN_DISCIPLINE_RUBY, 2);   /* top of the deck */
      apply_ok (game, take);
    }

    apply_ok (game, place (game, find_die (game, 0, "spark:1"), "ruby-class", 0, -1));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 0);
  }
}

/* "Primagic", MANIPULATE: "Discard 1 Crystal to Reroll one die once. Discard 2
 * Crystals to Adjust one die by 1. Discard 2 Crystals to Flip one die. Discard 3
 * Crystals to Recolour one die." */
static void
test_game_manipulate_costs (void)
{
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    struct {
      PenManipulation manipulation;
      int             colour;
      guint           crystals_left;
      const char     *die;
    } steps[] = {
      { PEN_MANIPULATE_REROLL, -1, 9, "bone:5" },
      { PEN_MANIPULATE_INCREASE, -1, 7, "bone:6" },
      { PEN_MANIPULATE_DECREASE, -1, 5, "bone:5" },
      { PEN_MANIPULATE_FLIP, -1, 3, "bone:2" },
      { PEN_MANIPULATE_RECOLOUR, PEN_DISCIPLINE_RUBY, 0, "ruby:2" },
    };

    set_dice (state, 0, "bone:3");
    set_ingredients (state, 0, "crystals=10");
    game = load (state);
    FORCE (game, 5);
    for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
      {
        g_autofree char *dice = NULL;

        apply_ok (game, manipulate (0, steps[i].manipulation, steps[i].colour));
        g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==,
                          steps[i].crystals_left);
        dice = supply (game, 0);
        g_assert_cmpstr (dice, ==, steps[i].die);
      }
    apply_refused (game, manipulate (0, PEN_MANIPULATE_REROLL, -1),
                   "This manipulation costs 1 Crystal.");
  }

  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:6");
    set_ingredients (state, 0, "crystals=2");
    game = load (state);
    apply_refused (game, manipulate (0, PEN_MANIPULATE_RECOLOUR, PEN_DISCIPLINE_AMBER),
                   "This manipulation costs 3 Crystals.");
    /* "a 6 cannot be increased" */
    apply_refused (game, manipulate (0, PEN_MANIPULATE_INCREASE, -1), NULL);
    apply_ok (game, manipulate (0, PEN_MANIPULATE_FLIP, -1));
    apply_refused (game, manipulate (0, PEN_MANIPULATE_DECREASE, -1),
                   "This manipulation costs 2 Crystals.");
  }
}

/* "Primagic", HEAL: "Discard 2 Fruits to Heal one wounded Mark." "Mark
 * effects", HEAL: "Flip the Mark to its normal (non-wounded) side, move it to
 * the upper (charged) position and gain the Rest effect shown above the cell.
 * Only wounded Marks can be Healed." */
static void
test_game_heal (void)
{
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *dice = NULL;

    set_marks (state, 0, "ruby jasper/w emerald/w | spark");
    set_ingredients (state, 0, "fruits=3");
    game = load (state);

    apply_refused (game, heal (0), "Only a wounded Mark can be Healed.");
    FORCE (game, 4);
    apply_ok (game, heal (1));
    g_assert_cmpint (mark_at (game, 0, 1)->state, ==, PEN_MARK_CHARGED);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 1);
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "jasper:4");
    apply_refused (game, heal (2), "Healing costs 2 Fruits.");
  }

  /* The third cell's Rest effects: a coloured die and "recharge all Marks". */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *dice = NULL;

    set_marks (state, 0, "ruby/d jasper emerald/w | spark/d");
    set_ingredients (state, 0, "fruits=2");
    game = load (state);
    FORCE (game, 6);
    apply_ok (game, heal (2));
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "emerald:6");
    g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_CHARGED);
    g_assert_cmpint (mark_at (game, 0, 2)->state, ==, PEN_MARK_CHARGED);
    g_assert_cmpint (mark_at (game, 0, PEN_N_DISCIPLINE_CELLS)->state, ==, PEN_MARK_CHARGED);
  }
}

/* "Primagic", HEAL: "(during Study or Rest) ... this Primagic effect can be used
 * during Rest." "Rest effects": "NEW MARK OR HEALING. When you place a new Mark
 * on the board or Heal a wounded Mark, apply the Rest effect above that Mark."
 * EXCHANGE INGREDIENTS: "Exchange the Ingredients in your supply any number of
 * times, at the usual Bazaar rate. (Only during Rest.)" */
static void
test_game_heal_during_rest (void)
{
  /* The seventh cell's Mark lets its Wizard exchange on Rest. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "ruby ruby ruby ruby ruby ruby amber | spark");
    set_ingredients (state, 0, "fruits=4");
    game = load (state);
    apply_ok (game, simple (PEN_ACTION_REST));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
    apply_ok (game, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 1));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 2);
  }

  /* Wounded, it gives nothing on Rest; Healed during the Rest, it does. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    guint n_dice;

    set_marks (state, 0, "ruby ruby ruby ruby ruby ruby amber/w | spark");
    set_ingredients (state, 0, "fruits=6");
    game = load (state);
    apply_ok (game, simple (PEN_ACTION_REST));
    g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
    n_dice = pen_wizard_board_get_n_dice (pen_game_get_player (game, 0));

    FORCE (game, 3);
    apply_ok (game, heal (6));
    g_assert_cmpint (mark_at (game, 0, 6)->state, ==, PEN_MARK_CHARGED);
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 4);
    g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (game, 0)), ==, n_dice + 1);
    g_assert_cmpint (find_die (game, 0, "amber:3"), >=, 0);

    if (pen_game_get_pending (game) != PEN_PENDING_EXCHANGE)
      {
        g_test_incomplete ("Engine bug: Healing during Rest the Mark whose Rest effect is "
                           "'exchange Ingredients' does not open the exchange.");
        return;
      }
    apply_ok (game, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_JEWELS, 1));
    g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 2);
  }
}

/* "Mark effects": "USE A MARK (Charged → Discharged + Mark Effect) ... A Mark
 * effect affects only dice and spells of the same colour as the Mark." SET:
 * "Set a die in your supply (of the same colour as the Mark) to any face. This
 * effect cannot affect Bone dice or Spark dice". RECOLOUR A BONE DIE: "Replace a
 * Bone die in your supply with a coloured die (of the same colour as the Mark)
 * with the same value." Spark Marks: "SET. Set any die in your supply to any
 * face." "Mark states": "DISCHARGED MARK ... Its Mark effect cannot be used.
 * WOUNDED MARK ... Its Mark effect cannot be used." The board shows Set in cells
 * 1, 4, 7 and the first Spark cell, Recolour in cells 3 and 6
 * (docs/rules-assumptions.md). */
static void
test_game_mark_effects (void)
{
  g_autoptr(JsonNode) state = new_state (2);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *dice = NULL;
  const char *only_ruby = "A Mark of Ruby sets only dice of its own colour.";

  set_marks (state, 0, "ruby jasper/w ruby ruby/d | spark");
  set_dice (state, 0, "ruby:2 amber:3 bone:4 spark:1");
  game = load (state);

  apply_refused (game, use_mark (0, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "amber:3"), 6),
                 only_ruby);
  apply_refused (game, use_mark (0, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "spark:1"), 6),
                 only_ruby);
  apply_refused (game, use_mark (0, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "bone:4"), 6),
                 only_ruby);
  apply_ok (game, use_mark (0, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "ruby:2"), 6));
  g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_DISCHARGED);
  apply_refused (game, use_mark (0, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "ruby:6"), 1),
                 "Only a charged Mark can be used.");
  apply_refused (game, use_mark (1, PEN_MARK_EFFECT_CAST, 0, -1, -1),
                 "Only a charged Mark can be used.");
  apply_refused (game, use_mark (3, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "ruby:6"), 1),
                 "Only a charged Mark can be used.");
  apply_refused (game, use_mark (4, PEN_MARK_EFFECT_CAST, 0, -1, -1),
                 "There is no Mark in that cell.");

  apply_refused (game,
                 use_mark (2, PEN_MARK_EFFECT_RECOLOUR_BONE, -1, find_die (game, 0, "amber:3"), -1),
                 "A Mark recolours only a Bone die.");
  apply_ok (game,
            use_mark (2, PEN_MARK_EFFECT_RECOLOUR_BONE, -1, find_die (game, 0, "bone:4"), -1));
  g_assert_cmpint (mark_at (game, 0, 2)->state, ==, PEN_MARK_DISCHARGED);

  /* The Spark Mark sets a die of another colour, then is spent. */
  apply_ok (game, use_mark (8, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "amber:3"), 1));
  g_assert_cmpint (mark_at (game, 0, 8)->state, ==, PEN_MARK_DISCHARGED);

  dice = supply (game, 0);
  g_assert_cmpstr (dice, ==, "amber:1 ruby:4 ruby:6 spark:1");
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
  g_autoptr(JsonNode) state = new_state (2);
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
  g_autoptr(JsonNode) state = new_state (2);
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

/* "The Fate deck in play": "the Prophecy End of Time is always in effect: the
 * game ends if the Fate deck has run out of cards". "End of the game": "the
 * current player finishes their turn as usual, after which all players take
 * one more turn each, including the player on whose turn the Prophecy was
 * fulfilled." */
static void
test_game_end_of_game (void)
{
  g_autoptr(JsonNode) state = new_state (2);
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

/* ---- Saves ---------------------------------------------------------------------- */

static void
assert_round_trip (PenGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) saved = pen_game_to_json (game);
  g_autoptr(PenGame) loaded = pen_game_new_from_json (saved, &error);
  g_autoptr(PenGame) copy = pen_game_copy (game);
  g_autofree char *before = game_text (game);
  g_autofree char *after = NULL;
  g_autofree char *copied = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  after = game_text (loaded);
  g_assert_cmpstr (after, ==, before);
  copied = game_text (copy);
  g_assert_cmpstr (copied, ==, before);
}

/* A save is the whole game: loading it gives back the same game. */
static void
test_game_save_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) fresh = pen_game_new (7, 3, FALSE, &error);

  g_assert_no_error (error);
  assert_round_trip (fresh);

  {
    g_autoptr(PenGame) game = new_game (4);

    assert_round_trip (game);
    apply_ok (game, place (game, 0, "forest", 0, 0));
    assert_round_trip (game);
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    assert_round_trip (game);
    apply_ok (game, simple (PEN_ACTION_END_TURN));
    assert_round_trip (game);
  }

  /* In the middle of a Threat, waiting for the 6's target; the loaded game
   * goes on exactly like the original. */
  {
    g_autoptr(JsonNode) state = threat_example_state (5);
    g_autoptr(PenGame) game = load (state);
    g_autoptr(JsonNode) saved = NULL;
    g_autoptr(PenGame) loaded = NULL;
    g_autofree char *original = NULL;
    g_autofree char *reloaded = NULL;
    int bone;

    FORCE (game, 2, 2, 4, 5, 6);
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    assert_round_trip (game);

    saved = pen_game_to_json (game);
    loaded = pen_game_new_from_json (saved, &error);
    g_assert_no_error (error);
    bone = find_die (game, 0, "bone:6");
    apply_ok (game, threat_target (bone));
    apply_ok (loaded, threat_target (bone));
    original = game_text (game);
    reloaded = game_text (loaded);
    g_assert_cmpstr (reloaded, ==, original);
  }
}

/* A damaged save is refused with a message, never half-loaded. */
static void
test_game_save_damaged (void)
{
  {
    g_autoptr(JsonNode) state = new_state (2);

    json_object_set_string_member (json_node_get_object (state), "format", "penumbra-settings");
    refuse_state (state, "This file is not a saved game of Penumbra.");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    json_object_set_int_member (json_node_get_object (state), "version", PEN_SAVE_VERSION + 1);
    refuse_state (state, "This game was saved by a newer version of Penumbra "
                         "(save format 6; this version reads 5).");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    set_marks (state, 0, "spark | spark");
    refuse_state (state, "The saved game is damaged: a Mark does not belong in its cell.");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    set_marks (state, 1, "ruby | ruby");
    refuse_state (state, "The saved game is damaged: a Mark does not belong in its cell.");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    set_marks (state, 0, "ruby - jasper | spark");
    refuse_state (state, "The saved game is damaged: a Mark stands after an empty cell.");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    set_marks (state, 0, "ruby ruby ruby ruby ruby ruby ruby ruby | spark");
    set_marks (state, 1, "ruby | spark");
    refuse_state (state,
                  "The saved game is damaged: more Ruby Marks are in play than the game has.");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    set_ingredients (state, 0, "fruits=13");
    refuse_state (state, "The saved game is damaged: “fruits” is out of range.");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    set_dice (state, 0, "bone:7");
    refuse_state (state, "The saved game is damaged: “value” is out of range.");
  }
  {
    g_autoptr(JsonNode) state = new_state (2);

    put_table_dice (state, "bazaar", 0, 0, "bone:1 bone:2");
    refuse_state (state, "The saved game is damaged: a cell of “bazaar” holds more than one die.");
  }

  /* The Forest's cell takes any number of dice. */
  {
    g_autoptr(JsonNode) state = new_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *forest = NULL;

    put_table_dice (state, "forest", 0, 0, "bone:1 bone:2 ruby:3");
    game = load (state);
    forest = table_dice (game, "forest", 0, 0);
    g_assert_cmpstr (forest, ==, "bone:1 bone:2 ruby:3");
  }
}

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
  g_test_add_func ("/game/threat/example", test_game_threat_example);
  g_test_add_func ("/game/threat/outcomes", test_game_threat_outcomes);
  g_test_add_func ("/game/threat/mortal-wound", test_game_threat_mortal_wound);
  g_test_add_func ("/game/threat/one-mortal-wound-per-turn",
                   test_game_threat_one_mortal_wound_per_turn);
  g_test_add_func ("/game/defend/discard", test_game_defend_discard);
  g_test_add_func ("/game/defend/place", test_game_defend_place);
  g_test_add_func ("/game/wilds/ruins", test_game_ruins);
  g_test_add_func ("/game/wilds/sanctuary", test_game_sanctuary);
  g_test_add_func ("/game/wilds/forest", test_game_forest);
  g_test_add_func ("/game/wilds/harvest", test_game_harvest);
  g_test_add_func ("/game/wilds/harvest-forest-at-once", test_game_harvest_forest_at_once);
  g_test_add_func ("/game/class/mark-needs-six", test_game_class_mark_needs_six);
  g_test_add_func ("/game/class/mark-spark-cell", test_game_class_mark_spark_cell);
  g_test_add_func ("/game/class/mark-cost", test_game_class_mark_cost);
  g_test_add_func ("/game/class/marks-run-out", test_game_class_marks_run_out);
  g_test_add_func ("/game/class/die", test_game_class_die);
  g_test_add_func ("/game/class/spark-die-one-colour", test_game_spark_die_one_colour);
  g_test_add_func ("/game/class/closed-cells", test_game_class_closed_cells);
  g_test_add_func ("/game/bazaar/example", test_game_bazaar_example);
  g_test_add_func ("/game/bazaar/multiples", test_game_bazaar_multiples);
  g_test_add_func ("/game/bazaar/cap", test_game_bazaar_cap);
  g_test_add_func ("/game/rest/takes-placed-dice", test_game_rest_takes_placed_dice);
  g_test_add_func ("/game/rest/rolls-new-dice", test_game_rest_rolls_new_dice);
  g_test_add_func ("/game/rest/take-back-choice", test_game_rest_take_back_choice);
  g_test_add_func ("/game/rest/take-back-one-cell", test_game_rest_take_back_one_cell);
  g_test_add_func ("/game/rest/take-back-two-bone-dice", test_game_rest_take_back_two_bone_dice);
  g_test_add_func ("/game/rest/take-back-resumes-and-saves", test_game_rest_take_back_resumes_and_saves);
  g_test_add_func ("/game/rest/take-back-new-mark-and-heal", test_game_take_back_new_mark_and_heal);
  g_test_add_func ("/game/rest/take-back-card-heal", test_game_take_back_card_heal);
  g_test_add_func ("/game/rest/take-back-damaged-saves", test_game_take_back_damaged_saves);
  g_test_add_func ("/game/primagic/knock-out-place", test_game_knock_out_place);
  g_test_add_func ("/game/primagic/knock-out-discard", test_game_knock_out_discard);
  g_test_add_func ("/game/primagic/hurry", test_game_hurry);
  g_test_add_func ("/game/primagic/appear", test_game_appear);
  g_test_add_func ("/game/threat/example-with-silverling", test_game_threat_example_silverling);
  g_test_add_func ("/game/primagic/manipulate-costs", test_game_manipulate_costs);
  g_test_add_func ("/game/primagic/heal", test_game_heal);
  g_test_add_func ("/game/primagic/heal-during-rest", test_game_heal_during_rest);
  g_test_add_func ("/game/marks/effects", test_game_mark_effects);
  g_test_add_func ("/game/turn/first-turn", test_game_first_turn);
  g_test_add_func ("/game/turn/first-turn-hurry", test_game_first_turn_hurry);
  g_test_add_func ("/game/turn/end-discards-temporary-dice", test_game_end_of_turn_temporary);
  g_test_add_func ("/game/end-of-game", test_game_end_of_game);
  g_test_add_func ("/game/save/round-trip", test_game_save_round_trip);
  g_test_add_func ("/game/save/damaged", test_game_save_damaged);

  return g_test_run ();
}
