/* test-dice.c: dice and their manipulation: the dice themselves
 * (pen-dice.h), and in a game, through PenGame's public API, the Primagic of
 * the dice (Knock Out, Manipulate, Hurry, Bind, Bribe) and the dice a Rest
 * effect takes back. The games start from states built with the helpers of
 * pen-test-state.h, pen-test-cards.h and pen-test-quests.h.
 *
 * Rulebook sections: "Dice types", "Dice manipulation", "Primagic" (KNOCK OUT,
 * MANIPULATE, HURRY, BIND, BRIBE), "Rest effects".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-dice.h"
#include "pen-error.h"

#include <string.h>
#include "pen-cards.h"
#include "pen-game.h"
#include "pen-quest.h"
#include "pen-test-state.h"
#include "pen-test-cards.h"
#include "pen-test-quests.h"

static PenDie
make_die (PenDieKind    kind,
          PenDiscipline colour,
          guint         value)
{
  PenDie die = { .kind = kind, .colour = colour, .value = (guint8) value };

  return die;
}

/* "Dice manipulation", FLIP: "1" to "6", "2" to "5", "3" to "4" — and back. */
static void
test_dice_flip (void)
{
  const guint expected[7] = { 0, 6, 5, 4, 3, 2, 1 };

  for (guint value = 1; value <= 6; value++)
    {
      PenDie die = make_die (PEN_DIE_KIND_BONE, 0, value);

      pen_die_flip (&die);
      g_assert_cmpuint (die.value, ==, expected[value]);
      pen_die_flip (&die);
      g_assert_cmpuint (die.value, ==, value);
    }
}

/* "Dice manipulation", ADJUST: "from 3 to 4, from 2 to 1. A 1 cannot be
 * decreased, and a 6 cannot be increased." */
static void
test_dice_adjust (void)
{
  g_autoptr(GError) error = NULL;
  PenDie die = make_die (PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_RUBY, 3);

  g_assert_true (pen_die_adjust (&die, +1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (die.value, ==, 4);

  die.value = 2;
  g_assert_true (pen_die_adjust (&die, -1, &error));
  g_assert_cmpuint (die.value, ==, 1);

  g_assert_false (pen_die_adjust (&die, -1, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "1"));
  g_assert_cmpuint (die.value, ==, 1);
  g_clear_error (&error);

  die.value = 6;
  g_assert_false (pen_die_adjust (&die, +1, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_cmpuint (die.value, ==, 6);
}

/* "Dice manipulation", SET: any face, and only a face. */
static void
test_dice_set (void)
{
  g_autoptr(GError) error = NULL;
  PenDie die = make_die (PEN_DIE_KIND_SPARK, 0, 2);

  g_assert_true (pen_die_set (&die, 5, &error));
  g_assert_cmpuint (die.value, ==, 5);
  g_assert_false (pen_die_set (&die, 0, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (pen_die_set (&die, 7, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_cmpuint (die.value, ==, 5);
}

/* "Dice manipulation", RECOLOUR: "replace a yellow 3 with a red 3. Bone dice can
 * be recoloured into coloured dice." */
static void
test_dice_recolour (void)
{
  g_autoptr(GError) error = NULL;
  PenDie yellow = make_die (PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_JASPER, 3);
  PenDie bone = make_die (PEN_DIE_KIND_BONE, 0, 5);
  PenDie threat = make_die (PEN_DIE_KIND_THREAT, 0, 4);

  g_assert_true (pen_die_recolour (&yellow, PEN_DISCIPLINE_RUBY, &error));
  g_assert_cmpint (yellow.kind, ==, PEN_DIE_KIND_COLOURED);
  g_assert_cmpint (yellow.colour, ==, PEN_DISCIPLINE_RUBY);
  g_assert_cmpuint (yellow.value, ==, 3);

  g_assert_false (pen_die_recolour (&yellow, PEN_DISCIPLINE_RUBY, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_clear_error (&error);

  g_assert_true (pen_die_recolour (&bone, PEN_DISCIPLINE_EMERALD, &error));
  g_assert_cmpint (bone.kind, ==, PEN_DIE_KIND_COLOURED);
  g_assert_cmpint (bone.colour, ==, PEN_DISCIPLINE_EMERALD);
  g_assert_cmpuint (bone.value, ==, 5);

  g_assert_false (pen_die_recolour (&threat, PEN_DISCIPLINE_AMBER, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_cmpint (threat.kind, ==, PEN_DIE_KIND_THREAT);
}

/* "Dice types": Bone dice are no colour, Spark dice any one colour. */
static void
test_dice_colours (void)
{
  PenDie bone = make_die (PEN_DIE_KIND_BONE, 0, 1);
  PenDie spark = make_die (PEN_DIE_KIND_SPARK, 0, 1);
  PenDie ruby = make_die (PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_RUBY, 1);
  PenDie threat = make_die (PEN_DIE_KIND_THREAT, 0, 1);

  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    {
      g_assert_false (pen_die_counts_as (&bone, c));
      g_assert_true (pen_die_counts_as (&spark, c));
      g_assert_false (pen_die_counts_as (&threat, c));
      g_assert_cmpint (pen_die_counts_as (&ruby, c), ==, c == PEN_DISCIPLINE_RUBY);
    }
}

/* "Dice supply": gaining a die rolls it; forced results make it exact. */
static void
test_dice_roll (void)
{
  g_autoptr(PenRng) rng = pen_rng_new (5);
  const guint forced[] = { 4 };
  PenDie die = make_die (PEN_DIE_KIND_BONE, 0, 1);
  g_autofree char *text = NULL;

  pen_rng_force_next (rng, forced, 1);
  pen_die_roll (&die, rng);
  g_assert_cmpuint (die.value, ==, 4);
  for (guint i = 0; i < 100; i++)
    {
      pen_die_roll (&die, rng);
      g_assert_cmpuint (die.value, >=, 1);
      g_assert_cmpuint (die.value, <=, 6);
    }
  die.value = 2;
  text = pen_die_describe (&die);
  g_assert_cmpstr (text, ==, "Bone die showing 2");
}

/* ---- Actions ---------------------------------------------------------------- */

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

/* ---- Dice taken back by a Rest ------------------------------------------- */

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
      g_autoptr(JsonNode) state = standard_state (2);
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
  g_autoptr(JsonNode) state = standard_state (2);
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
    g_autoptr(JsonNode) state = standard_state (2);
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
    g_autoptr(JsonNode) state = standard_state (2);
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
  g_autoptr(JsonNode) state = standard_state (2);
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
    g_autoptr(JsonNode) state = standard_state (2);
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
    g_autoptr(JsonNode) state = standard_state (2);
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
  g_autoptr(JsonNode) state = standard_state (2);
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
  g_autoptr(JsonNode) state = standard_state (2);
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
  g_autoptr(JsonNode) state = standard_state (2);
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
  g_autoptr(JsonNode) state = standard_state (2);
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
    g_autoptr(JsonNode) state = standard_state (2);
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
    g_autoptr(JsonNode) state = standard_state (2);
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:1");
    game = load (state);
    apply_refused (game, simple (PEN_ACTION_HURRY), "Hurry costs a Trinket, and you have none.");
  }
}

/* "Primagic", MANIPULATE: "Discard 1 Crystal to Reroll one die once. Discard 2
 * Crystals to Adjust one die by 1. Discard 2 Crystals to Flip one die. Discard 3
 * Crystals to Recolour one die." */
static void
test_game_manipulate_costs (void)
{
  {
    g_autoptr(JsonNode) state = standard_state (2);
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
    g_autoptr(JsonNode) state = standard_state (2);
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

/* ==== Bribe =============================================================== */

/* "Primagic", BRIBE (during Study): "Discard 1 Jewel to refresh any one market
 * (Brewery, Shop or one of the Classes). Discard all cards of the chosen
 * market and lay out new cards from the top of the deck." */
static void
test_cards_bribe (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) trial = NULL;
  g_autofree char *market = NULL;
  g_autofree char *deck = NULL;
  g_autofree char *ruby = NULL;
  g_autofree char *ruby_deck = NULL;

  set_ingredients (state, 0, "jewels=2");
  set_market (state, PEN_DECK_POTIONS, 0, "firewater");
  set_market (state, PEN_DECK_POTIONS, 1, "mint-drops");
  put_on_top (state, "crystal-dew");
  put_on_top (state, "hop-brew");
  game = load (state);

  apply_ok (game, indexed (PEN_ACTION_BRIBE, PEN_MARKET_BREWERY));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
  market = deck_list (game, PEN_DECK_POTIONS, "market");
  g_assert_cmpstr (market, ==, "hop-brew crystal-dew");
  deck = deck_list (game, PEN_DECK_POTIONS, "deck");
  g_assert_true (g_str_has_suffix (deck, " firewater mint-drops"));
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_STUDY);

  /* A Class market too: the two cards go under the deck, the top two come out. */
  ruby = deck_list (game, PEN_DISCIPLINE_RUBY, "market");
  ruby_deck = deck_list (game, PEN_DISCIPLINE_RUBY, "deck");
  apply_ok (game, indexed (PEN_ACTION_BRIBE, PEN_DISCIPLINE_RUBY));
  {
    g_auto(GStrv) old_market = g_strsplit (ruby, " ", -1);
    g_auto(GStrv) old_deck = g_strsplit (ruby_deck, " ", -1);
    g_autofree char *new_market = deck_list (game, PEN_DISCIPLINE_RUBY, "market");
    g_autofree char *new_deck = deck_list (game, PEN_DISCIPLINE_RUBY, "deck");
    g_autofree char *want_market = g_strdup_printf ("%s %s", old_deck[0], old_deck[1]);
    g_autofree char *want_tail = g_strdup_printf (" %s %s", old_market[0], old_market[1]);

    g_assert_cmpstr (new_market, ==, want_market);
    g_assert_true (g_str_has_suffix (new_deck, want_tail));
  }
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 0);
  apply_refused (game, indexed (PEN_ACTION_BRIBE, PEN_MARKET_SHOP),
                 "Bribe costs a Jewel, and you have none.");

  /* Not during a Trial. */
  trial = load (state);
  start_trial (trial, 0);
  apply_refused (trial, indexed (PEN_ACTION_BRIBE, PEN_MARKET_BREWERY),
                 "This can be done only on a Study turn.");
}

/* ==== Bind ================================================================ */

/* "Primagic", BIND (during Study): "Once per placement in the City: Discard 1
 * Blood to Reserve one Contract. Choose a Contract either from the four open
 * Contracts (lying in the Contract row), or from the top three Contracts of
 * the deck (put the remaining two on the bottom of the Contract deck). ...
 * This effect can be applied when placing in any location of the City
 * (Brewery, Guild, Bazaar, Shop). It can be done either before or after
 * applying the effect of the location itself." */
static void
test_bind_once_per_city_placement (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;

  set_dice (state, 0, "bone:1 bone:2 bone:3");
  set_ingredients (state, 0, "blood=2 trinkets=1 fruits=3");
  game = complete_and_load (state);

  apply_refused (game, simple (PEN_ACTION_BIND), "Bind is used once per placement in the City.");
  /* Not in the Wilds. */
  apply_ok (game, place (game, find_die (game, 0, "bone:1"), "forest", 0, 0));
  g_assert_cmpuint (count_listed (game, PEN_ACTION_BIND), ==, 0);
  apply_refused (game, simple (PEN_ACTION_BIND), "Bind is used once per placement in the City.");
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));

  /* In the Bazaar, before its effect. */
  apply_ok (game, place (game, find_die (game, 0, "bone:2"), "bazaar", 0, 0));
  g_assert_cmpuint (count_listed (game, PEN_ACTION_BIND), ==, 1);
  apply_ok (game, simple (PEN_ACTION_BIND));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 1);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_RESERVE);
  ASSERT_TEXT (game_list (game, "bind-offer"), "lost-hut black-mill living-water");
  ASSERT_TEXT (listed_indices (game, PEN_ACTION_RESERVE), "0 1 2 3 10 11 12 99");
  apply_refused (game, simple (PEN_ACTION_USE_LOCATION),
                 "First choose the Contract to reserve, or none.");
  apply_refused (game, indexed (PEN_ACTION_RESERVE, 13),
                 "There is no such Contract among those you looked at.");

  apply_ok (game, indexed (PEN_ACTION_RESERVE, PEN_BIND_DECK + 1));
  ASSERT_TEXT (player_list (game, 0, "reserved-contracts"), "black-mill");
  ASSERT_TEXT (game_list (game, "bind-offer"), "");
  ASSERT_TEXT (contract_deck_top (game, 1), "bog-whisper");
  ASSERT_TEXT (contract_deck_bottom (game, 2), "lost-hut living-water");
  ASSERT_TEXT (game_list (game, "contract-row"),
               "well-blessing brightshine lost-goat scarlet-pact");
  /* Back to the placement, whose effect still waits; Bind is spent for it. */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_LOCATION);
  apply_refused (game, simple (PEN_ACTION_BIND), "Bind is used once per placement in the City.");
  apply_ok (game, simple (PEN_ACTION_SKIP_LOCATION));
  apply_refused (game, simple (PEN_ACTION_BIND), "Bind is used once per placement in the City.");

  /* A new placement in the City opens it again, after the effect too (Well
   * Blessing fulfilled; Bog Whisper fills the Guild). */
  apply_ok (game, simple (PEN_ACTION_HURRY));
  use_guild (game, "bone:3", 0);
  g_assert_cmpuint (count_listed (game, PEN_ACTION_BIND), ==, 0);
  apply_ok (game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0));
  apply_ok (game, simple (PEN_ACTION_TASK_DO));
  ASSERT_TEXT (game_list (game, "contract-row"), "bog-whisper brightshine lost-goat scarlet-pact");
  g_assert_cmpuint (count_listed (game, PEN_ACTION_BIND), ==, 1);
  apply_ok (game, simple (PEN_ACTION_BIND));
  /* "You are also entitled, after looking at the cards, to take no Contract
   * (the Blood is still discarded)." */
  apply_ok (game, indexed (PEN_ACTION_RESERVE, PEN_BIND_NONE));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 0);
  ASSERT_TEXT (player_list (game, 0, "reserved-contracts"), "black-mill");
  ASSERT_TEXT (game_list (game, "contract-row"), "bog-whisper brightshine lost-goat scarlet-pact");
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);

  /* Bind is a Study effect only. */
  apply_ok (game, simple (PEN_ACTION_END_TURN));
  apply_ok (game, simple (PEN_ACTION_REST));
  /* Its two Bone dice, from the Bone dice placed in the Guild, the Bazaar and
   * the Forest: the Guild's and the Bazaar's. */
  apply_ok (game, take_back (game, "guild", 0, 0));
  apply_ok (game, take_back (game, "bazaar", 0, 0));
  apply_refused (game, simple (PEN_ACTION_BIND), "This can be done only on a Study turn.");
}

/* BIND: "Discard 1 Blood"; "Mark effects", USE BLOOD: "instead of discarding 1
 * Blood from your Ingredient supply you can flip any wounded Mark." */
static void
test_bind_blood (void)
{
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_marks (state, 0, "ruby/w");
    set_dice (state, 0, "bone:2");
    game = complete_and_load (state);
    apply_ok (game, place (game, 0, "guild", 0, 0));
    apply_ok (game, paying_blood (simple (PEN_ACTION_BIND), 1u << 0));
    g_assert_cmpint (mark_at (game, 0, 0)->state, ==, PEN_MARK_DISCHARGED);
  }
  /* With Blood in the supply and two wounded Marks: the supply's Blood, or
   * either Mark, each its own outcome; never both for 1 Blood. */
  for (guint choice = 0; choice < 3; choice++)
    {
      static const guint cells[] = { 0, 1u << 0, 1u << 2 };
      g_autoptr(JsonNode) state = new_state ();
      g_autoptr(PenGame) game = NULL;

      set_marks (state, 0, "ruby/w jasper ruby/w");
      set_dice (state, 0, "bone:2");
      set_ingredients (state, 0, "blood=1");
      game = complete_and_load (state);
      apply_ok (game, place (game, 0, "guild", 0, 0));
      ASSERT_TEXT (listed_blood (game, PEN_ACTION_BIND), "- 2 0");
      apply_refused (game, paying_blood (simple (PEN_ACTION_BIND), (1u << 0) | (1u << 2)),
                     "Only 1 Blood is discarded: flip no more wounded Marks than that.");
      apply_refused (game, paying_blood (simple (PEN_ACTION_BIND), 1u << 1),
                     "Only a wounded Mark can be flipped for Blood.");
      apply_ok (game, paying_blood (simple (PEN_ACTION_BIND), cells[choice]));
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, choice == 0 ? 0 : 1);
      g_assert_cmpint (mark_at (game, 0, 0)->state, ==, choice == 1 ? PEN_MARK_DISCHARGED : PEN_MARK_WOUNDED);
      g_assert_cmpint (mark_at (game, 0, 2)->state, ==, choice == 2 ? PEN_MARK_DISCHARGED : PEN_MARK_WOUNDED);
    }
  {
    g_autoptr(JsonNode) state = new_state ();
    g_autoptr(PenGame) game = NULL;

    set_dice (state, 0, "bone:2");
    game = complete_and_load (state);
    apply_ok (game, place (game, 0, "guild", 0, 0));
    g_assert_cmpuint (count_listed (game, PEN_ACTION_BIND), ==, 0);
    apply_refused (game, simple (PEN_ACTION_BIND), "Bind costs 1 Blood, and you have none.");
  }
}

/* BIND: "Choose a Contract either from the four open Contracts (lying in the
 * Contract row), or from the top three Contracts of the deck (put the
 * remaining two on the bottom of the Contract deck)." The open Contract leaves
 * the Guild, so the row shifts and a new Contract is revealed "from the top of
 * the Contract deck" ("Contracts", REFRESH). Taking an open Contract says
 * nothing of the deck: its top card should be the one revealed. */
static void
test_bind_open_contract (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *row = NULL;

  set_dice (state, 0, "bone:2");
  set_ingredients (state, 0, "blood=1");
  game = complete_and_load (state);
  apply_ok (game, place (game, 0, "brewery", 0, 0));
  apply_ok (game, simple (PEN_ACTION_BIND));
  apply_ok (game, indexed (PEN_ACTION_RESERVE, 1));
  ASSERT_TEXT (player_list (game, 0, "reserved-contracts"), "brightshine");

  /* Well Blessing shifts right into the vacated place. */
  row = game_list (game, "contract-row");
  g_assert_true (g_str_has_suffix (row, " well-blessing lost-goat scarlet-pact"));
  if (!g_str_equal (row, "lost-hut well-blessing lost-goat scarlet-pact"))
    {
      g_test_incomplete ("Bind: reserving an open Contract first sends the top three Contracts of "
                         "the deck to its bottom, so the Guild refills from the fourth ('Choose a "
                         "Contract either from the four open Contracts ..., or from the top three "
                         "Contracts of the deck (put the remaining two on the bottom ...)')");
      return;
    }
  ASSERT_TEXT (contract_deck_top (game, 3), "black-mill living-water bog-whisper");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice/flip", test_dice_flip);
  g_test_add_func ("/dice/adjust", test_dice_adjust);
  g_test_add_func ("/dice/set", test_dice_set);
  g_test_add_func ("/dice/recolour", test_dice_recolour);
  g_test_add_func ("/dice/colours", test_dice_colours);
  g_test_add_func ("/dice/roll", test_dice_roll);

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
  g_test_add_func ("/game/primagic/manipulate-costs", test_game_manipulate_costs);

  g_test_add_func ("/cards/bribe", test_cards_bribe);

  g_test_add_func ("/quests-in-game/bind/once-per-city-placement",
                   test_bind_once_per_city_placement);
  g_test_add_func ("/quests-in-game/bind/blood", test_bind_blood);
  g_test_add_func ("/quests-in-game/bind/open-contract", test_bind_open_contract);

  return g_test_run ();
}
