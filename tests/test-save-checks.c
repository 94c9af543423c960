/* test-save-checks.c: the checks a save passes before it is loaded, and the
 * save of today's format that every later version must still load.
 *
 * The issue "No save file can crash the game": a 200 KB file nesting 100,000
 * lists crashed the JSON parser. Here it is refused, with a message that says
 * what is wrong, through pen_save_read() as the window and penumbra-sim read
 * files, and nothing crashes (the tests run with G_DEBUG=fatal-criticals); so
 * is a file larger than 1 MiB.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-save-checks"

#include <string.h>

#include <glib/gstdio.h>

#include "pen-error.h"
#include "pen-game.h"
#include "pen-save.h"
#include "pen-wizard-board.h"

/* The fixture: a solo game against the Ruby Automa (seed 42), 41 actions of
 * penumbra-sim's reference player in (tests/saves/README.md). */
#define FIXTURE "mid-game-v1.json"

/* g_format_size() puts a no-break space between a size and its unit. */
#define NBSP "\xc2\xa0"

/* ---- Helpers ---------------------------------------------------------------- */

static char *
saves_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "saves", name, NULL);
}

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The fixture as a tree that can be edited. */
static JsonNode *
fixture_state (void)
{
  g_autofree char *path = saves_file (FIXTURE);
  g_autofree char *text = read_text (path);
  g_autoptr(GError) error = NULL;
  JsonNode *state = json_from_string (text, &error);

  g_assert_no_error (error);
  return state;
}

static JsonArray *
list_of (JsonObject *object,
         const char *name)
{
  return json_object_get_array_member (object, name);
}

/* Writes @text to a file of its own; the caller deletes it. */
static char *
write_file (const char *folder,
            const char *name,
            const char *text,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (folder, name, NULL);

  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);
  return path;
}

/* @text is refused as a file, through pen_save_read(), with a message
 * holding @expected. */
static void
assert_file_refused (const char *text,
                     gssize      length,
                     const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-save-checks-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(PenGame) game = NULL;

  g_assert_no_error (error);
  path = write_file (folder, "save.json", text, length);
  game = pen_save_read (path, &error);
  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  if (strstr (error->message, expected) == NULL)
    g_error ("refused with “%s”, which does not say “%s”", error->message, expected);
  g_remove (path);
  g_rmdir (folder);
}

/* {"x": [[[…]]]}: @depth lists in an object. */
static char *
nested_text (guint depth)
{
  GString *text = g_string_new ("{\"x\": ");

  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

/* ---- The text: nesting and size ------------------------------------------------ */

static void
test_depth_count (void)
{
  static const struct
  {
    const char *text;
    guint       depth;
  } cases[] = {
    { "", 0 },
    { "42", 0 },
    { "{}", 1 },
    { "[[], [[]], {}]", 3 },
    { "{\"a\": [{\"b\": [1]}]}", 4 },
    /* Brackets inside strings are text. */
    { "[\"[[[{{{\"]", 1 },
    { "{\"[\": \"]]]]\", \"x\": [[]]}", 3 },
    /* An escaped quote does not end a string; an escaped backslash does not
     * escape the quote after it. */
    { "[\"\\\"[[[\"]", 1 },
    { "[\"\\\\\", [[]]]", 3 },
    { "[\"\\\\\\\"[\"]", 1 },
    /* Not well-formed: some answer, and the parser refuses it. */
    { "]]]]]][", 1 },
    { "[\"[[[", 1 },
    { "[\"\\", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].text);
      g_assert_cmpuint (pen_save_text_depth (cases[i].text, strlen (cases[i].text), 100), ==, cases[i].depth);
    }
  /* The count stops past the limit. */
  g_assert_cmpuint (pen_save_text_depth ("[[[[[[[[]]]]]]]]", 16, 3), ==, 4);
  g_assert_cmpuint (pen_save_text_depth ("[[[]]]", 6, 3), ==, 3);
  /* Only @length bytes are read. */
  g_assert_cmpuint (pen_save_text_depth ("[[[]]]", 2, 10), ==, 2);
}

/* The file: 200 KB nesting 100,000 lists, refused before the JSON
 * parser sees it. */
static void
test_too_deep (void)
{
  g_autofree char *deep = nested_text (100000);
  g_autofree char *limit = nested_text (PEN_SAVE_MAX_DEPTH - 1);
  g_autofree char *over = nested_text (PEN_SAVE_MAX_DEPTH);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (strlen (deep), >, 200000);
  g_assert_false (pen_save_check_text (deep, strlen (deep), &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "nested more than 16 levels deep"));
  g_clear_error (&error);
  assert_file_refused (deep, -1, "nested more than 16 levels deep");

  /* The object and 15 lists are 16 levels; one more is too many. */
  g_assert_true (pen_save_check_text (limit, strlen (limit), &error));
  g_assert_no_error (error);
  g_assert_false (pen_save_check_text (over, strlen (over), NULL));
  assert_file_refused (limit, -1, "not a saved game of Penumbra");
  assert_file_refused (over, -1, "nested more than 16 levels deep");
}

/* Brackets inside the texts of a real save do not count: a log line of
 * 100,000 brackets, quotes and backslashes loads. */
static void
test_brackets_in_strings (void)
{
  g_autoptr(JsonNode) state = fixture_state ();
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-save-checks-XXXXXX", &error);
  g_autofree char *text = NULL, *path = NULL;
  g_autoptr(PenGame) game = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 25000; i++)
    g_string_append (line, "[{\"\\");
  json_array_add_string_element (list_of (json_node_get_object (state), "log"), line->str);
  text = json_to_string (state, TRUE);
  g_assert_true (pen_save_check_text (text, strlen (text), &error));
  g_assert_no_error (error);
  path = write_file (folder, "save.json", text, -1);
  game = pen_save_read (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpstr (g_ptr_array_index (pen_game_get_log (game), pen_game_get_log (game)->len - 1), ==,
                   line->str);
  g_remove (path);
  g_rmdir (folder);
}

/* A file larger than 1 MiB is refused, even when it would load: here the
 * fixture followed by spaces. One of exactly 1 MiB loads. */
static void
test_too_large (void)
{
  g_autofree char *path = saves_file (FIXTURE);
  g_autofree char *fixture = read_text (path);
  gsize length = strlen (fixture);
  g_autofree char *text = g_malloc (PEN_SAVE_MAX_SIZE + 2);
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-save-checks-XXXXXX", &error);
  g_autofree char *exact = NULL;
  g_autoptr(PenGame) game = NULL;

  g_assert_no_error (error);
  memcpy (text, fixture, length);
  memset (text + length, ' ', PEN_SAVE_MAX_SIZE + 1 - length);
  text[PEN_SAVE_MAX_SIZE + 1] = '\0';

  g_assert_false (pen_save_check_text (text, PEN_SAVE_MAX_SIZE + 1, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "too large to be a Penumbra save"));
  g_clear_error (&error);
  assert_file_refused (text, PEN_SAVE_MAX_SIZE + 1,
                       "too large to be a Penumbra save (1.0" NBSP "MB; a save is at most 1.0" NBSP "MB)");

  /* Twice the size: the file is refused by its size, before it is read. */
  {
    g_autofree char *twice = g_malloc (2 * PEN_SAVE_MAX_SIZE);

    memcpy (twice, fixture, length);
    memset (twice + length, ' ', 2 * PEN_SAVE_MAX_SIZE - length);
    assert_file_refused (twice, 2 * PEN_SAVE_MAX_SIZE, "(2.1" NBSP "MB; a save is at most 1.0" NBSP "MB)");
  }

  /* Exactly the largest size: it is read as a save. */
  g_assert_true (pen_save_check_text (text, PEN_SAVE_MAX_SIZE, &error));
  g_assert_no_error (error);
  exact = write_file (folder, "exact.json", text, PEN_SAVE_MAX_SIZE);
  game = pen_save_read (exact, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_remove (exact);
  g_rmdir (folder);
}

/* What is not a regular file is read only up to the limit. */
static void
test_endless_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  game = pen_save_read ("/dev/zero", &error);
  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "too large"));
}

/* ---- Today's format, kept ---------------------------------------------------- */

/* docs/save-format.md: a change of the format raises "version" and reads
 * the older saves. This save of version 1 must load, as it is, with what it
 * holds. */
static void
test_fixture_loads (void)
{
  g_autofree char *path = saves_file (FIXTURE);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  PenWizardBoard *board;
  PenScoreBreakdown score;

  g_assert_no_error (error);
  g_assert_nonnull (game);

  g_assert_cmpuint (pen_game_get_n_players (game), ==, 2);
  g_assert_cmpstr (pen_game_get_automa_id (game), ==, "ruby");
  g_assert_cmpint (pen_game_get_automa_player (game), ==, 1);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 41);
  g_assert_cmpuint (pen_game_get_turn_number (game), ==, 12);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_false (pen_game_is_over (game));
  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, 8);

  /* The player: the Blood Mage with three cards, two Ruby Marks (one
   * wounded) and a Spark Mark, 7 Blood, and the Lost Hut fulfilled. */
  g_assert_cmpstr (pen_game_get_talent (game, 0), ==, "blood-mage");
  g_assert_cmpuint (pen_game_get_n_cards (game, 0), ==, 3);
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 0), ==, "Scarlet Downpour");
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 1), ==, "Gnat Swarm");
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 2), ==, "Cranberry Kissel");
  board = pen_game_get_player (game, 0);
  g_assert_cmpuint (pen_wizard_board_count_marks (board, PEN_DISCIPLINE_RUBY), ==, 2);
  g_assert_cmpuint (pen_wizard_board_count_spark_marks (board), ==, 1);
  g_assert_cmpuint (pen_wizard_board_count_wounded (board), ==, 1);
  g_assert_cmpuint (pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_BLOOD), ==, 7);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board), ==, 2);
  {
    guint light, darkness;

    pen_game_get_light_darkness (game, 0, &light, &darkness);
    g_assert_cmpuint (light, ==, 1);
    g_assert_cmpuint (darkness, ==, 0);
  }

  /* The table: two Trials in the row, the Guild's four Contracts. */
  g_assert_cmpuint (pen_game_get_trial_row (game)->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (pen_game_get_trial_row (game), 0), ==, "wildwood");
  g_assert_cmpstr (pen_game_get_contract (game, 0), ==, "apprentice-errand");
  g_assert_cmpstr (pen_game_get_contract (game, 3), ==, "harvest-charm");

  /* The scores, part by part as today's rules count them. */
  pen_game_compute_score (game, 0, &score);
  g_assert_cmpint (score.arcana, ==, 1);
  g_assert_cmpint (score.contracts, ==, 2);
  g_assert_cmpint (score.total, ==, 5);
  pen_game_compute_score (game, 1, &score);
  g_assert_cmpint (score.arcana, ==, 10);

  /* It plays on. */
  {
    g_autoptr(GArray) actions = pen_game_list_actions (game);

    g_assert_cmpuint (actions->len, >, 0);
    g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), &error));
    g_assert_no_error (error);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save-checks/depth-count", test_depth_count);
  g_test_add_func ("/save-checks/too-deep", test_too_deep);
  g_test_add_func ("/save-checks/brackets-in-strings", test_brackets_in_strings);
  g_test_add_func ("/save-checks/too-large", test_too_large);
  g_test_add_func ("/save-checks/endless-file", test_endless_file);
  g_test_add_func ("/save-checks/fixture-loads", test_fixture_loads);

  return g_test_run ();
}
