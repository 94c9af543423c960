/* test-data.c: loading data files, and refusing broken ones with a message
 * naming the file, the item and the field (architecture, "Data, not code").
 *
 * Rulebook section: "Ingredients", RESOURCE DIE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-board-def.h"
#include "pen-data.h"
#include "pen-error.h"
#include "pen-resource-die.h"

/* The shipped Resource die: six faces, each showing only Fruits, Crystals and
 * Jewels, and each of the three on some face. */
static void
test_data_resource_die_shipped (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenResourceDie) die = pen_resource_die_load (&error);
  guint seen[PEN_N_INGREDIENTS] = { 0 };

  g_assert_no_error (error);
  g_assert_nonnull (die);

  for (guint face = 0; face < PEN_RESOURCE_DIE_N_FACES; face++)
    for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
      seen[i] += pen_resource_die_get_face (die, face, i);

  g_assert_cmpuint (seen[PEN_INGREDIENT_FRUITS], >, 0);
  g_assert_cmpuint (seen[PEN_INGREDIENT_CRYSTALS], >, 0);
  g_assert_cmpuint (seen[PEN_INGREDIENT_JEWELS], >, 0);
  g_assert_cmpuint (seen[PEN_INGREDIENT_BLOOD], ==, 0);
  g_assert_cmpuint (seen[PEN_INGREDIENT_TRINKETS], ==, 0);
  g_assert_cmpuint (seen[PEN_INGREDIENT_ARCANA], ==, 0);
}

/* "When you roll such a die, gain all the Ingredients rolled on the die." */
static void
test_data_resource_die_roll (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenResourceDie) die = pen_resource_die_load (&error);
  g_autoptr(PenRng) rng = pen_rng_new (3);
  guint gains[PEN_N_INGREDIENTS];

  g_assert_no_error (error);
  for (guint face = 0; face < PEN_RESOURCE_DIE_N_FACES; face++)
    {
      pen_rng_force_next (rng, &face, 1);
      g_assert_cmpuint (pen_resource_die_roll (die, rng, gains), ==, face);
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        g_assert_cmpuint (gains[i], ==, pen_resource_die_get_face (die, face, i));
    }
}

static void
assert_refused (const char *json,
                const char *expected_message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = pen_data_parse ("broken.json", json, -1, &error);
  g_autoptr(PenResourceDie) die = NULL;

  if (root != NULL)
    die = pen_resource_die_new_from_json (root, "broken.json", &error);
  g_assert_null (die);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_DATA);
  if (!g_pattern_match_simple (expected_message, error->message))
    g_error ("message “%s” does not match “%s”", error->message, expected_message);
}

static void
test_data_broken_files_are_refused (void)
{
  assert_refused ("{ \"faces\": [", "broken.json: not valid JSON*");
  assert_refused ("[1, 2]", "broken.json: the top level must be a JSON object");
  assert_refused ("{ \"sides\": [] }", "broken.json: resource-die: field “faces” must be a list");
  assert_refused ("{ \"faces\": [ {\"fruits\": 1} ] }",
                  "broken.json: resource-die: field “faces” must list exactly 6 faces, not 1");
  assert_refused ("{ \"faces\": [ {\"fruits\": 1}, {\"fruits\": 1}, {\"blood\": 1},"
                  " {\"fruits\": 1}, {\"fruits\": 1}, {\"fruits\": 1} ] }",
                  "broken.json: face 3: field “blood” is not an Ingredient of the Resource die*");
  assert_refused ("{ \"faces\": [ {\"fruits\": 1}, {\"fruits\": \"two\"}, {\"fruits\": 1},"
                  " {\"fruits\": 1}, {\"fruits\": 1}, {\"fruits\": 1} ] }",
                  "broken.json: face 2: field “fruits” must be a whole number");
  assert_refused ("{ \"faces\": [ {\"fruits\": 1}, {\"fruits\": 1}, {\"fruits\": 1},"
                  " {\"fruits\": 1}, {\"fruits\": 1}, {\"jewels\": 9} ] }",
                  "broken.json: face 6: field “jewels” is 9, outside 1–3");
  assert_refused ("{ \"faces\": [ {\"fruits\": 1}, {}, {\"fruits\": 1},"
                  " {\"fruits\": 1}, {\"fruits\": 1}, {\"fruits\": 1} ] }",
                  "broken.json: face 2: a face must show at least one Ingredient");
}

static void
test_data_missing_file_is_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = pen_data_load_resource ("boards/no-such-board.json", &error);

  g_assert_null (root);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_DATA);
  g_assert_true (g_str_has_prefix (error->message, "boards/no-such-board.json: the data file is missing"));
}

/* "Mark effects": a Discipline Mark sets, casts or recolours a Bone die; a Spark
 * Mark sets, casts or unexhausts. A board whose cell shows another effect is
 * refused, naming the cell. */
static void
test_data_mark_cell_effects (void)
{
  struct { const char *field; guint cell; const char *effect; const char *message; } cases[] = {
    { "discipline_cells", 2, "unexhaust",
      "boards/wizard-board.json: discipline_cells 3: field “effect”: “unexhaust” is not a Mark effect of this kind of cell" },
    { "spark_cells", 0, "recolour-bone",
      "boards/wizard-board.json: spark_cells 1: field “effect”: “recolour-bone” is not a Mark effect of this kind of cell" },
    { "spark_cells", 1, "heal",
      "boards/wizard-board.json: spark_cells 2: field “effect”: “heal” is not a Mark effect of this kind of cell" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) locations = pen_data_load_resource (PEN_LOCATIONS_FILE, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonNode) board = pen_data_load_resource (PEN_WIZARD_BOARD_FILE, &error);
      JsonArray *cells = json_object_get_array_member (json_node_get_object (board), cases[i].field);
      g_autoptr(PenBoardDef) def = NULL;

      g_assert_no_error (error);
      json_object_set_string_member (json_array_get_object_element (cells, cases[i].cell), "effect",
                                     cases[i].effect);
      def = pen_board_def_new_from_json (board, PEN_WIZARD_BOARD_FILE, locations, PEN_LOCATIONS_FILE, &error);
      g_assert_null (def);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_DATA);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_clear_error (&error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/resource-die/shipped", test_data_resource_die_shipped);
  g_test_add_func ("/data/resource-die/roll", test_data_resource_die_roll);
  g_test_add_func ("/data/broken-files-are-refused", test_data_broken_files_are_refused);
  g_test_add_func ("/data/missing-file-is-refused", test_data_missing_file_is_refused);
  g_test_add_func ("/data/mark-cell-effects", test_data_mark_cell_effects);

  return g_test_run ();
}
