/* test-scoring.c: end-of-game scoring, part by part, and the scoring file;
 * and whole games scored through PenGame's public API (the rulebook's
 * Experience and Light and Darkness examples, every part at once), from
 * states built with the helpers of pen-test-state.h and pen-test-quests.h.
 *
 * Rulebook sections: "Scoring" (1. ARCANA to 7. GOALS), "Mortal Wounds",
 * "Reserved Contracts" and "Light and Darkness".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-cards.h"
#include "pen-data.h"
#include "pen-error.h"
#include "pen-game.h"
#include "pen-quest.h"
#include "pen-scoring.h"

#include "pen-test-state.h"
#include "pen-test-quests.h"

static PenScoringTable *
load_shipped (void)
{
  g_autoptr(GError) error = NULL;
  PenScoringTable *table = pen_scoring_table_load (&error);

  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

static PenScoringTable *
load_from_string (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = pen_data_parse ("test.json", json, -1, &error);
  PenScoringTable *table;

  g_assert_no_error (error);
  table = pen_scoring_table_new_from_json (root, "test.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

/* "Scoring", 4. EXPERIENCE: "1 symbol = 1 point; 2 identical = 2 points;
 * 3 identical = 4 points; 4 identical = 6 points; 5 identical = 9 points." */
static void
test_scoring_identical_rulebook_values (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  const gint expected[] = { 0, 1, 2, 4, 6, 9 };

  for (guint count = 0; count < G_N_ELEMENTS (expected); count++)
    g_assert_cmpint (pen_scoring_table_get_identical_points (table, count), ==, expected[count]);
}

/* "Scoring", 4. EXPERIENCE, past 5 identical symbols, where the rulebook stops:
 * the shipped table continues its steps (+1, +1, +2, +2, +3, +3, ...), that is
 * ⌊(n + 1)² / 4⌋, and never goes down (docs/rules-assumptions.md). */
static void
test_scoring_identical_extended (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  gint previous = 0;

  for (guint count = 1; count <= 14; count++)
    {
      gint points = pen_scoring_table_get_identical_points (table, count);

      g_assert_cmpint (points, ==, (gint) ((count + 1) * (count + 1) / 4));
      g_assert_cmpint (points, >, previous);
      previous = points;
    }
}

/* "Scoring", 4. EXPERIENCE: the rulebook's worked example. 1 Monsters (1), 4
 * Magical Beasts (6), 1 Wilds (1), 1 Mystic (1), 3 Wizards (4), 1 Society (1),
 * one set of six different = 7: "7 + 1 + 6 + 1 + 1 + 4 + 1 = 21 points". */
static void
test_scoring_experience_worked_example (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = { 0 };
  PenScoreBreakdown score;
  const gint per_symbol[PEN_N_EXPERIENCES] = { 1, 6, 1, 1, 4, 1 };

  input.experience[PEN_EXPERIENCE_MONSTERS] = 1;
  input.experience[PEN_EXPERIENCE_MAGICAL_BEASTS] = 4;
  input.experience[PEN_EXPERIENCE_WILDS] = 1;
  input.experience[PEN_EXPERIENCE_MYSTIC] = 1;
  input.experience[PEN_EXPERIENCE_WIZARDS] = 3;
  input.experience[PEN_EXPERIENCE_SOCIETY] = 1;

  pen_scoring_compute (table, &input, &score);

  g_assert_cmpuint (score.experience_n_sets_of_six, ==, 1);
  g_assert_cmpint (score.experience_sets_of_six, ==, 7);
  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    g_assert_cmpint (score.experience_identical_by_symbol[i], ==, per_symbol[i]);
  g_assert_cmpint (score.experience_identical, ==, 1 + 6 + 1 + 1 + 4 + 1);
  g_assert_cmpint (score.experience, ==, 21);
  g_assert_cmpint (score.total, ==, 21);
}

/* "Scoring", 4. EXPERIENCE: "Each set of six different experience symbols
 * brings you 7 victory points", and "The same symbol can take part both in a
 * set of six different ones and in a set of identical ones." */
static void
test_scoring_experience_two_sets (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = { .experience = { 2, 2, 3, 2, 2, 5 } };
  PenScoreBreakdown score;

  pen_scoring_compute (table, &input, &score);

  g_assert_cmpuint (score.experience_n_sets_of_six, ==, 2);
  g_assert_cmpint (score.experience_sets_of_six, ==, 14);
  g_assert_cmpint (score.experience_identical, ==, 2 + 2 + 4 + 2 + 2 + 9);
  g_assert_cmpint (score.experience, ==, 14 + 21);
}

/* "Scoring", 4. EXPERIENCE: without one kind of symbol there is no set of six,
 * however many of the others. */
static void
test_scoring_experience_no_set (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = { .experience = { 5, 5, 5, 5, 5, 0 } };
  PenScoreBreakdown score;

  pen_scoring_compute (table, &input, &score);

  g_assert_cmpuint (score.experience_n_sets_of_six, ==, 0);
  g_assert_cmpint (score.experience_sets_of_six, ==, 0);
  g_assert_cmpint (score.experience_identical_by_symbol[PEN_EXPERIENCE_SOCIETY], ==, 0);
  g_assert_cmpint (score.experience, ==, 5 * 9);
}

/* "Scoring", 1. ARCANA ("Each Arcana in your supply brings you 1 victory
 * point"), 2. TRIALS, 6. BOARD and 7. GOALS (the Heroism example: 3 passed
 * Trials "bring an additional 2 points" each): each part counts on its own
 * line and adds to the total. */
static void
test_scoring_parts (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = {
    .arcana = 5,
    .trial_points = 17,
    .board_points = 4,
    .goal_points = 3 * 2,
  };
  PenScoreBreakdown score;

  pen_scoring_compute (table, &input, &score);

  g_assert_cmpint (score.arcana, ==, 5);
  g_assert_cmpint (score.trials, ==, 17);
  g_assert_cmpint (score.mortal_wounds, ==, 0);
  g_assert_cmpint (score.experience, ==, 0);
  g_assert_cmpint (score.contracts, ==, 0);
  g_assert_cmpint (score.board, ==, 4);
  g_assert_cmpint (score.goals, ==, 6);
  g_assert_cmpint (score.light_darkness, ==, 0);
  g_assert_cmpint (score.total, ==, 5 + 17 + 4 + 6);
}

/* "Scoring", 3. MORTAL WOUNDS: "each such card brings -3 points" ("Mortal
 * Wounds": "A Mortal Wound card costs 3 points at the end of the game"). */
static void
test_scoring_mortal_wounds (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = { .arcana = 2, .mortal_wounds = 2 };
  PenScoreBreakdown score;

  pen_scoring_compute (table, &input, &score);

  g_assert_cmpint (score.mortal_wounds, ==, -6);
  g_assert_cmpint (score.total, ==, 2 - 6);
}

/* "Scoring", 5. CONTRACTS: the points of fulfilled Contracts, and "Reserved but
 * unfulfilled Contracts bring -3 points" ("Reserved Contracts": "each
 * unfulfilled Contract takes away 3 points"). */
static void
test_scoring_contracts (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = { .contract_points = 11, .reserved_contracts = 2 };
  PenScoreBreakdown score;

  pen_scoring_compute (table, &input, &score);

  g_assert_cmpint (score.contracts_fulfilled, ==, 11);
  g_assert_cmpint (score.contracts_reserved, ==, -6);
  g_assert_cmpint (score.contracts, ==, 5);
  g_assert_cmpint (score.total, ==, 5);
}

/* "Light and Darkness": "it is more advantageous to move in one direction...
 * At the end of the game Fate brings victory points." The shipped table scores
 * |Light − Darkness| (docs/rules-assumptions.md); the rulebook's example Wizard
 * with 4 Light and 2 Darkness is 2 towards Light. */
static void
test_scoring_light_darkness (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = { .light = 4, .darkness = 2 };
  PenScoreBreakdown score;
  const gint by_difference[] = { 0, 1, 2, 4, 6, 8, 10, 12, 14, 16 };

  pen_scoring_compute (table, &input, &score);
  g_assert_cmpint (score.light_darkness, ==, 2);
  g_assert_cmpint (score.total, ==, 2);

  for (guint d = 0; d < G_N_ELEMENTS (by_difference); d++)
    {
      /* Either way, and only the difference counts. */
      g_assert_cmpint (pen_scoring_table_get_light_darkness_points (table, d, 0), ==,
                       by_difference[d]);
      g_assert_cmpint (pen_scoring_table_get_light_darkness_points (table, 0, d), ==,
                       by_difference[d]);
      g_assert_cmpint (pen_scoring_table_get_light_darkness_points (table, d + 3, 3), ==,
                       by_difference[d]);
    }

  /* Going one way pays more than the same number of symbols split both ways. */
  for (guint n = 1; n <= 12; n++)
    for (guint light = 1; light < n; light++)
      g_assert_cmpint (pen_scoring_table_get_light_darkness_points (table, light, n - light), <,
                       pen_scoring_table_get_light_darkness_points (table, n, 0));
}

/* "Scoring" as a whole: every part at once adds up to the total. */
static void
test_scoring_total (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = {
    .arcana = 3,
    .trial_points = 14,
    .mortal_wounds = 1,
    .experience = { 1, 4, 1, 1, 3, 1 },
    .contract_points = 9,
    .reserved_contracts = 1,
    .board_points = 5,
    .goal_points = 4,
    .light = 1,
    .darkness = 6,
  };
  PenScoreBreakdown score;

  pen_scoring_compute (table, &input, &score);

  g_assert_cmpint (score.contracts, ==, 9 - 3);
  g_assert_cmpint (score.light_darkness, ==, 8);
  g_assert_cmpint (score.total, ==, 3 + 14 - 3 + 21 + 6 + 5 + 4 + 8);
}

/* A scoring file's lists are points for 1, 2, 3...; past their end each more
 * adds the "-each-beyond" value. */
static void
test_scoring_beyond_the_table (void)
{
  g_autoptr(PenScoringTable) table = load_from_string (
    "{ \"per-arcana\": 2, \"per-mortal-wound\": -1, \"per-set-of-six\": 10,"
    "  \"identical-symbols\": [1, 3], \"identical-symbols-each-beyond\": 4,"
    "  \"per-reserved-contract\": 0,"
    "  \"light-darkness-difference\": [5], \"light-darkness-difference-each-beyond\": 0 }");
  PenScoreInput input = {
    .arcana = 3,
    .mortal_wounds = 1,
    .experience = { 1, 1, 1, 1, 2, 5 },
    .reserved_contracts = 4,
    .light = 9,
  };
  PenScoreBreakdown score;

  g_assert_cmpint (pen_scoring_table_get_identical_points (table, 0), ==, 0);
  g_assert_cmpint (pen_scoring_table_get_identical_points (table, 2), ==, 3);
  g_assert_cmpint (pen_scoring_table_get_identical_points (table, 3), ==, 7);
  g_assert_cmpint (pen_scoring_table_get_identical_points (table, 5), ==, 15);
  g_assert_cmpint (pen_scoring_table_get_light_darkness_points (table, 2, 2), ==, 0);
  g_assert_cmpint (pen_scoring_table_get_light_darkness_points (table, 0, 40), ==, 5);

  pen_scoring_compute (table, &input, &score);
  g_assert_cmpint (score.arcana, ==, 6);
  g_assert_cmpint (score.mortal_wounds, ==, -1);
  g_assert_cmpint (score.experience, ==, 10 + 1 + 1 + 1 + 1 + 3 + 15);
  g_assert_cmpint (score.contracts_reserved, ==, 0);
  g_assert_cmpint (score.light_darkness, ==, 5);
  g_assert_cmpint (score.total, ==, 6 - 1 + 32 + 5);
}

/* The simulator's "score" command prints the breakdown with these names. */
static void
test_scoring_breakdown_json (void)
{
  g_autoptr(PenScoringTable) table = load_shipped ();
  PenScoreInput input = {
    .arcana = 3,
    .trial_points = 14,
    .mortal_wounds = 1,
    .experience = { 1, 4, 1, 1, 3, 1 },
    .contract_points = 9,
    .reserved_contracts = 1,
    .board_points = 5,
    .goal_points = 4,
    .light = 1,
    .darkness = 6,
  };
  PenScoreBreakdown score;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(GError) error = NULL;

  pen_scoring_compute (table, &input, &score);
  node = pen_score_breakdown_to_json (&score);
  expected = json_from_string (
    "{ \"arcana\": 3, \"trials\": 14, \"mortal-wounds\": -3,"
    "  \"experience-n-sets-of-six\": 1, \"experience-sets-of-six\": 7,"
    "  \"experience-identical-by-symbol\": { \"monsters\": 1, \"magical-beasts\": 6,"
    "    \"wilds\": 1, \"mystic\": 1, \"wizards\": 4, \"society\": 1 },"
    "  \"experience-identical\": 14, \"experience\": 21,"
    "  \"contracts-fulfilled\": 9, \"contracts-reserved\": -3, \"contracts\": 6,"
    "  \"board\": 5, \"goals\": 4, \"light-darkness\": 8, \"total\": 58 }", &error);
  g_assert_no_error (error);

  if (!json_node_equal (node, expected))
    {
      g_autofree char *got = json_to_string (node, FALSE);

      g_error ("unexpected breakdown %s", got);
    }
}

/* "Scoring", 4. EXPERIENCE: the six symbols, by the ids the data files use. */
static void
test_scoring_experience_ids (void)
{
  const char *ids[PEN_N_EXPERIENCES] = {
    "monsters", "magical-beasts", "wilds", "mystic", "wizards", "society",
  };

  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    {
      PenExperience experience;

      g_assert_cmpstr (pen_experience_get_id (i), ==, ids[i]);
      g_assert_true (pen_experience_from_id (ids[i], &experience));
      g_assert_cmpint (experience, ==, i);
      g_assert_nonnull (pen_experience_get_name (i));
    }
  g_assert_false (pen_experience_from_id ("dragons", NULL));
}

static void
assert_refused (const char *json,
                const char *expected_message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = pen_data_parse ("broken.json", json, -1, &error);
  g_autoptr(PenScoringTable) table = NULL;

  if (root != NULL)
    table = pen_scoring_table_new_from_json (root, "broken.json", &error);
  g_assert_null (table);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_DATA);
  if (!g_pattern_match_simple (expected_message, error->message))
    g_error ("message “%s” does not match “%s”", error->message, expected_message);
}

/* A valid scoring file with @field set to @value, or left out when @value is
 * NULL. */
static char *
with_field (const char *field,
            const char *value)
{
  const char *fields[][2] = {
    { "per-arcana", "1" },
    { "per-mortal-wound", "-3" },
    { "per-set-of-six", "7" },
    { "identical-symbols", "[1, 2, 4, 6, 9]" },
    { "identical-symbols-each-beyond", "3" },
    { "per-reserved-contract", "-3" },
    { "light-darkness-difference", "[1, 2]" },
    { "light-darkness-difference-each-beyond", "2" },
  };
  g_autoptr(GString) json = g_string_new ("{ \"id\": \"scoring\"");

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      if (g_str_equal (fields[i][0], field) && value == NULL)
        continue;
      g_string_append_printf (json, ", \"%s\": %s", fields[i][0],
                              g_str_equal (fields[i][0], field) ? value : fields[i][1]);
    }
  g_string_append (json, " }");
  return g_string_free (g_steal_pointer (&json), FALSE);
}

static void
assert_field_refused (const char *field,
                      const char *value,
                      const char *expected_message)
{
  g_autofree char *json = with_field (field, value);

  assert_refused (json, expected_message);
}

/* Architecture, "Data, not code": a broken scoring file is refused with a
 * message naming the file, the item and the field. */
static void
test_scoring_broken_files_are_refused (void)
{
  g_autoptr(PenScoringTable) valid = NULL;
  g_autofree char *valid_json = with_field ("none", NULL);

  /* The base the broken files are made from is itself accepted. */
  valid = load_from_string (valid_json);

  assert_refused ("{ \"per-arcana\": ", "broken.json: not valid JSON*");
  assert_refused ("[1, 2]", "broken.json: the top level must be a JSON object");
  assert_field_refused ("per-arcana", NULL,
                        "broken.json: scoring: field “per-arcana” must be a whole number");
  assert_field_refused ("per-arcana", "1.5",
                        "broken.json: scoring: field “per-arcana” must be a whole number");
  assert_field_refused ("per-set-of-six", "-7",
                        "broken.json: scoring: field “per-set-of-six” is -7, outside 0–999");
  assert_field_refused ("per-mortal-wound", "\"-3\"",
                        "broken.json: scoring: field “per-mortal-wound” must be a whole number");
  assert_field_refused ("per-mortal-wound", "3",
                        "broken.json: scoring: field “per-mortal-wound” is 3, "
                        "but a penalty must be from −99 to 0");
  assert_field_refused ("per-reserved-contract", "-100",
                        "broken.json: scoring: field “per-reserved-contract” is -100, "
                        "but a penalty must be from −99 to 0");
  assert_field_refused ("identical-symbols", "{ \"1\": 1 }",
                        "broken.json: scoring: field “identical-symbols” must be a list");
  assert_field_refused ("identical-symbols", "[]",
                        "broken.json: scoring: field “identical-symbols” must list from 1 "
                        "to 64 values, not 0");
  assert_field_refused ("identical-symbols", "[1, 2, \"four\"]",
                        "broken.json: scoring: field “identical-symbols”, entry 3, "
                        "must be a whole number from 0 to 999");
  assert_field_refused ("light-darkness-difference", "[1, -2]",
                        "broken.json: scoring: field “light-darkness-difference”, entry 2, "
                        "must be a whole number from 0 to 999");
  assert_field_refused ("identical-symbols", "[1, 2, 4, 3]",
                        "broken.json: scoring: field “identical-symbols”, entry 4, is 3, "
                        "less than the entry before it");
  assert_field_refused ("identical-symbols-each-beyond", NULL,
                        "broken.json: scoring: field “identical-symbols-each-beyond” "
                        "must be a whole number");
  assert_field_refused ("light-darkness-difference-each-beyond", "1000",
                        "broken.json: scoring: field “light-darkness-difference-each-beyond” "
                        "is 1000, outside 0–999");
}

/* ==== Scoring ====================================================================== */

/* "Scoring", 4. EXPERIENCE: "Example: at the end of the game a Wizard has the
 * following experience symbols (on Contract and Trial cards): 1 "Monsters"
 * symbol (1 point); 4 "Magical Beasts" symbols (6 points); 1 "Wilds" symbol
 * (1 point); 1 "Mystic" symbol (1 point); 3 "Wizards" symbols (4 points); 1
 * "Society" symbol (1 point). One set of six different symbols = 7 points.
 * Total for experience symbols the Wizard gets: 7 + 1 + 6 + 1 + 1 + 4 + 1 = 21
 * points." Monsters: Grave Dust. Magical Beasts: Beekeepers' Swarm, Raven's
 * Debt, Firebird Feather and the Trial Goldeater. Wilds: Lost Hut. Mystic:
 * Brightshine. Wizards: Sorcerous Prison, Scarlet Pact, Apprentice's Errand.
 * Society: Well Blessing. */
static void
test_scoring_experience_example (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenScoreBreakdown score;
  static const gint identical[PEN_N_EXPERIENCES] = { 1, 6, 1, 1, 4, 1 };

  set_list (state, "contract-row", "harvest-charm lost-goat bog-whisper black-mill");
  set_list (state, "trial-row", "scrollers");
  set_player_list (state, 0, "fulfilled-contracts",
                   "grave-dust beekeepers-swarm ravens-debt firebird-feather lost-hut brightshine "
                   "sorcerous-prison scarlet-pact apprentice-errand well-blessing");
  set_player_list (state, 0, "passed-trials", "darkness:goldeater");
  game = complete_and_load (state);
  pen_game_compute_score (game, 0, &score);

  g_assert_cmpuint (score.experience_n_sets_of_six, ==, 1);
  g_assert_cmpint (score.experience_sets_of_six, ==, 7);
  for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
    g_assert_cmpint (score.experience_identical_by_symbol[e], ==, identical[e]);
  g_assert_cmpint (score.experience_identical, ==, 14);
  g_assert_cmpint (score.experience, ==, 21);
}

/* "Light and Darkness": "Example: the wizard passed Goldeater by the path of
 * Darkness, and Aranea and Fog of Oblivion by the path of Light. Now they have
 * 2 Darkness (for Goldeater and Scarlet Pact) and 4 Light (for Lost Hut,
 * Aranea, Fog of Oblivion and Brightshine)." Fate's points go by the
 * difference (docs/rules-assumptions.md: 2 → 2 points). "Scoring", 2. TRIALS
 * and 5. CONTRACTS: the points on the cards (Goldeater 3, Aranea 5, Fog of
 * Oblivion 4; Scarlet Pact, Lost Hut, Brightshine 2 each). */
static void
test_scoring_light_darkness_example (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenScoreBreakdown score;

  set_list (state, "contract-row", "well-blessing harvest-charm lost-goat black-mill");
  set_list (state, "trial-row", "scrollers");
  set_player_list (state, 0, "fulfilled-contracts", "scarlet-pact lost-hut brightshine");
  set_player_list (state, 0, "passed-trials",
                   "darkness:goldeater light:aranea light:fog-of-oblivion");
  game = complete_and_load (state);
  pen_game_compute_score (game, 0, &score);

  g_assert_cmpint (score.light_darkness, ==, 2);
  g_assert_cmpint (score.trials, ==, 12);
  g_assert_cmpint (score.contracts_fulfilled, ==, 6);
  g_assert_cmpint (score.contracts, ==, 6);

  /* The same Trials by the other paths: 5 Light, 1 Darkness → 4 → 6 points. */
  {
    g_autoptr(JsonNode) other = new_state ();
    g_autoptr(PenGame) flipped = NULL;

    set_list (other, "contract-row", "well-blessing harvest-charm lost-goat black-mill");
    set_list (other, "trial-row", "scrollers");
    set_player_list (other, 0, "fulfilled-contracts", "scarlet-pact lost-hut brightshine");
    set_player_list (other, 0, "passed-trials",
                     "light:goldeater light:aranea light:fog-of-oblivion");
    flipped = complete_and_load (other);
    pen_game_compute_score (flipped, 0, &score);
    g_assert_cmpint (score.light_darkness, ==, 6);
  }
}

/* "Scoring": "1. ARCANA. Each Arcana in your supply brings you 1 victory
 * point. 2. TRIALS. Add up the victory points on all the Trials you have
 * passed. 3. MORTAL WOUNDS. ... each such card brings -3 points. 4.
 * EXPERIENCE. Count the experience symbols on Contracts, Trials and Tomes ...
 * 5. CONTRACTS. ... Reserved but unfulfilled Contracts bring -3 points. 6.
 * BOARD. ... gain victory points for each such Mark. 7. GOALS. ...
 * Example: Heroism: Each passed Trial will bring an additional 2 points." */
static void
test_scoring_all_parts (void)
{
  g_autoptr(JsonNode) state = new_state ();
  g_autoptr(PenGame) game = NULL;
  PenScoreBreakdown score;

  set_list (state, "in-play", "end-of-time heroism");
  set_list (state, "trial-row", "scrollers");
  set_list (state, "fate-deck", "wildwood");
  set_marks (state, 0, "ruby ruby/w jasper emerald/d amber | spark spark");
  set_ingredients (state, 0, "arcana=5");
  json_object_set_int_member (state_player (state, 0), "mortal-wounds", 2);
  set_player_list (state, 0, "passed-trials", "light:aranea darkness:basilisk");
  set_player_list (state, 0, "fulfilled-contracts", "lost-hut poisoned-chalice");
  set_player_list (state, 0, "reserved-contracts", "koschei-needle");
  set_player_list (state, 1, "passed-trials", "light:goldeater");
  give_card (state, 0, "black-book", "experience", FALSE);
  game = complete_and_load (state);
  pen_game_compute_score (game, 0, &score);

  g_assert_cmpint (score.arcana, ==, 5);
  g_assert_cmpint (score.trials, ==, 5 + 11);
  g_assert_cmpint (score.mortal_wounds, ==, -6);
  /* Monsters 2 (Aranea, Basilisk) = 2, Wilds 1, Society 1, Mystic 1 (the
   * Tome Black Book); no set of six. */
  g_assert_cmpuint (score.experience_n_sets_of_six, ==, 0);
  g_assert_cmpint (score.experience, ==, 5);
  g_assert_cmpint (score.contracts_fulfilled, ==, 2 + 5);
  g_assert_cmpint (score.contracts_reserved, ==, -3);
  g_assert_cmpint (score.contracts, ==, 4);
  /* Marks in cells 4 and 5 (1 point each) and in the second Spark cell (2). */
  g_assert_cmpint (score.board, ==, 4);
  /* Heroism: two passed Trials. */
  g_assert_cmpint (score.goals, ==, 4);
  /* Light 2 (Lost Hut, Aranea), Darkness 3 (Poisoned Chalice, Basilisk ×2). */
  g_assert_cmpint (score.light_darkness, ==, 1);
  g_assert_cmpint (score.total, ==, 5 + 16 - 6 + 5 + 4 + 4 + 4 + 1);

  pen_game_compute_score (game, 1, &score);
  g_assert_cmpint (score.goals, ==, 2);
  g_assert_cmpint (score.trials, ==, 3);
  g_assert_cmpint (score.total, ==, 3 + 1 + 2 + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scoring/identical/rulebook-values", test_scoring_identical_rulebook_values);
  g_test_add_func ("/scoring/identical/extended", test_scoring_identical_extended);
  g_test_add_func ("/scoring/experience/worked-example", test_scoring_experience_worked_example);
  g_test_add_func ("/scoring/experience/two-sets", test_scoring_experience_two_sets);
  g_test_add_func ("/scoring/experience/no-set", test_scoring_experience_no_set);
  g_test_add_func ("/scoring/experience/ids", test_scoring_experience_ids);
  g_test_add_func ("/scoring/parts", test_scoring_parts);
  g_test_add_func ("/scoring/mortal-wounds", test_scoring_mortal_wounds);
  g_test_add_func ("/scoring/contracts", test_scoring_contracts);
  g_test_add_func ("/scoring/light-darkness", test_scoring_light_darkness);
  g_test_add_func ("/scoring/total", test_scoring_total);
  g_test_add_func ("/scoring/beyond-the-table", test_scoring_beyond_the_table);
  g_test_add_func ("/scoring/breakdown-json", test_scoring_breakdown_json);
  g_test_add_func ("/scoring/broken-files-are-refused",
                   test_scoring_broken_files_are_refused);

  g_test_add_func ("/quests-in-game/scoring/experience-example", test_scoring_experience_example);
  g_test_add_func ("/quests-in-game/scoring/light-darkness-example",
                   test_scoring_light_darkness_example);
  g_test_add_func ("/quests-in-game/scoring/all-parts", test_scoring_all_parts);

  return g_test_run ();
}
