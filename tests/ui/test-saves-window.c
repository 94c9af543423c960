/* test-saves-window.c: saves through the window, under X11 (Xvfb).
 *
 * Three starts of the application in private XDG folders:
 * 1. a seeded game is played through the action panel; after every action
 *    the autosave holds the game; Save writes a file only when asked; a
 *    damaged file is refused with a message and changes nothing; the review
 *    steps back and forth through replays; "Play On From Here" starts a new
 *    game from the reviewed point and keeps the left game, unsaved, in the
 *    kept games' folder.
 * 2. the next start offers Continue, which brings back the autosaved game;
 *    starting another game keeps that one too.
 * 3. a damaged autosave is moved aside, not overwritten, and the welcome page
 *    says so; the temporaries of a killed save are swept.
 *
 * Then the files of the issue "No save file can crash the game", each written
 * as the autosave before a start: a file nesting 100,000 lists, one larger
 * than 1 MiB, a Fate deck naming one card eight times, a supply of 257 dice.
 * The window starts, moves the file aside, says why on the welcome page, and
 * a new game can be played; Open refuses the same file for the same reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-error.h"
#include "pen-game-view.h"
#include "pen-save.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50
#define SEED 777
#define N_PLAYED 20
#define FORK_AT 10

typedef struct
{
  char *folder;        /* $XDG_DATA_HOME/penumbra */
  char *autosave;
  char *kept;          /* the kept games' folder */
  char *file;          /* a save of the player's */
  char *autosaved;     /* what the autosave held when the first start ended */
} Fixture;

/* @game as the window writes it (compact: docs/save-format.md). */
static char *
game_text (PenGame *game)
{
  return pen_save_to_text (game);
}

static char *
file_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
assert_autosave_is_game (const char *autosave,
                         PenGame    *game)
{
  g_autofree char *expected = game_text (game);
  g_autofree char *saved = file_text (autosave);

  g_assert_cmpstr (saved, ==, expected);
}

static void
assert_autosave_is (Fixture *fixture,
                    PenGame *game)
{
  assert_autosave_is_game (fixture->autosave, game);
}

static guint
count_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* The one file in @folder whose name starts with @prefix. */
static char *
find_file (const char *folder,
           const char *prefix)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix))
      return g_build_filename (folder, name, NULL);
  return NULL;
}

static void
play_first_action (PenWindow *window)
{
  pen_test_ui_take_first (window);
  pen_test_ui_iterate ();
}

static PenGame *
shown_game (PenWindow *window)
{
  return pen_game_view_get_game (pen_window_get_game_view (window));
}

static void
first_start (PenWindow *window,
             gpointer   data)
{
  Fixture *fixture = data;
  GtkWidget *widget = GTK_WIDGET (window);
  GtkWidget *actions_box = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "actions_box");
  GtkAdjustment *adjustment = GTK_ADJUSTMENT (gtk_widget_get_template_child (widget, PEN_TYPE_WINDOW,
                                                                             "review_adjustment"));
  g_autoptr(PenGame) new_game = NULL;
  g_autoptr(PenGame) replayed = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (fixture->file);
  g_autoptr(GFile) damaged_file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *damaged = NULL, *damaged_path = NULL, *saved = NULL, *original = NULL;
  g_autofree char *kept = NULL, *kept_text = NULL, *expected = NULL, *shown = NULL;
  PenGame *game;

  /* Nothing autosaved yet: no Continue. */
  g_assert_false (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "continue"));

  new_game = pen_game_new_solo (SEED, "jasper", 1, FALSE, &error);
  g_assert_no_error (error);
  pen_window_set_game (window, new_game);
  game = pen_window_get_game (window);
  /* The new game is autosaved at once, and after every action. */
  assert_autosave_is (fixture, game);
  for (guint i = 0; i < N_PLAYED && !pen_game_is_over (game); i++)
    {
      play_first_action (window);
      assert_autosave_is (fixture, game);
    }
  g_assert_cmpuint (pen_game_get_n_history (game), ==, N_PLAYED);

  /* Save writes the file when asked, and only then. */
  g_assert_true (pen_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  saved = file_text (fixture->file);
  original = game_text (game);
  g_assert_cmpstr (saved, ==, original);
  play_first_action (window);
  g_clear_pointer (&saved, g_free);
  saved = file_text (fixture->file);
  g_assert_cmpstr (saved, ==, original);
  g_assert_true (gtk_widget_activate_action (widget, "win.save", NULL));
  g_clear_pointer (&saved, g_free);
  g_clear_pointer (&original, g_free);
  saved = file_text (fixture->file);
  original = game_text (game);
  g_assert_cmpstr (saved, ==, original);

  /* A file cut short is refused with the reason; the game on the table and
   * the damaged file stay as they were. */
  damaged_path = g_build_filename (fixture->folder, "..", "cut.json", NULL);
  g_assert_true (g_file_set_contents (damaged_path, saved, strlen (saved) * 2 / 3, NULL));
  damaged_file = g_file_new_for_path (damaged_path);
  g_assert_false (pen_window_open_file (window, damaged_file, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "damaged or cut short"));
  g_clear_error (&error);
  g_assert_true (pen_window_get_game (window) == game);
  g_assert_true (shown_game (window) == game);
  damaged = file_text (damaged_path);
  g_assert_cmpuint (strlen (damaged), ==, strlen (saved) * 2 / 3);
  g_remove (damaged_path);

  /* One more action: now the game has actions no file holds. */
  play_first_action (window);
  g_clear_pointer (&original, g_free);
  original = game_text (game);

  /* The review: the table shows replays, the panel offers nothing to play. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "review"));
  g_assert_true (gtk_widget_activate_action (widget, "win.review", NULL));
  pen_test_ui_iterate ();
  g_assert_true (gtk_action_bar_get_revealed (GTK_ACTION_BAR (pen_test_ui_child (window, PEN_TYPE_WINDOW, "review_bar"))));
  g_assert_true (shown_game (window) != game);
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, N_PLAYED + 2);
  g_assert_false (GTK_IS_BUTTON (gtk_widget_get_first_child (actions_box)));
  g_assert_false (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "undo_button")));
  g_assert_true (gtk_widget_activate_action (widget, "review.previous", NULL));
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, N_PLAYED + 1);
  g_assert_true (gtk_widget_activate_action (widget, "review.first", NULL));
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, 0);
  g_assert_true (gtk_widget_activate_action (widget, "review.next", NULL));
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, 1);
  gtk_adjustment_set_value (adjustment, FORK_AT);
  pen_test_ui_iterate ();
  replayed = pen_game_replay (game, FORK_AT, &error);
  g_assert_no_error (error);
  expected = game_text (replayed);
  shown = game_text (shown_game (window));
  g_assert_cmpstr (shown, ==, expected);
  pen_test_ui_screenshot ("review");
  /* The review changed nothing of the game itself. */
  g_clear_pointer (&shown, g_free);
  shown = game_text (game);
  g_assert_cmpstr (shown, ==, original);

  /* Play on from action FORK_AT: a new game, and the left one is kept. */
  g_assert_cmpuint (count_files (fixture->kept), ==, 0);
  g_assert_true (gtk_widget_activate_action (widget, "review.fork", NULL));
  pen_test_ui_iterate ();
  g_assert_false (gtk_action_bar_get_revealed (GTK_ACTION_BAR (pen_test_ui_child (window, PEN_TYPE_WINDOW, "review_bar"))));
  game = pen_window_get_game (window);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, FORK_AT);
  g_clear_pointer (&shown, g_free);
  shown = game_text (game);
  g_assert_cmpstr (shown, ==, expected);
  /* The table plays again: its first action has its control. */
  {
    g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);

    g_assert_nonnull (pen_test_ui_find_control (window, &g_array_index (actions, PenAction, 0), FALSE));
  }
  assert_autosave_is (fixture, game);
  g_assert_cmpuint (count_files (fixture->kept), ==, 1);
  kept = find_file (fixture->kept, "Penumbra ");
  g_assert_nonnull (kept);
  kept_text = file_text (kept);
  g_assert_cmpstr (kept_text, ==, original);

  /* The fork plays on. */
  play_first_action (window);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, FORK_AT + 1);
  assert_autosave_is (fixture, game);
  fixture->autosaved = game_text (game);
}

static void
second_start (PenWindow *window,
              gpointer   data)
{
  Fixture *fixture = data;
  g_autoptr(PenGame) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *continued = NULL;
  GtkWidget *label = pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_label");

  g_assert_null (pen_window_get_game (window));
  g_assert_true (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "Jasper"));
  pen_test_ui_screenshot ("continue");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.continue", NULL));
  g_assert_nonnull (pen_window_get_game (window));
  continued = game_text (pen_window_get_game (window));
  g_assert_cmpstr (continued, ==, fixture->autosaved);
  g_assert_false (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));

  /* Another game: the continued one, which no file of the player's holds, is kept. */
  other = pen_game_new_solo (SEED + 1, "emerald", 0, TRUE, &error);
  g_assert_no_error (error);
  pen_window_set_game (window, other);
  g_assert_cmpuint (count_files (fixture->kept), ==, 2);
  assert_autosave_is (fixture, other);
}

static void
third_start (PenWindow *window,
             gpointer   data)
{
  Fixture *fixture = data;
  GtkWidget *problem = pen_test_ui_child (window, PEN_TYPE_WINDOW, "autosave_problem_label");
  g_autofree char *moved = NULL, *moved_text = NULL;

  g_assert_null (pen_window_get_game (window));
  g_assert_false (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));
  g_assert_true (gtk_widget_get_visible (problem));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (problem)), "could not be read"));
  pen_test_ui_screenshot ("damaged-autosave");

  /* Moved aside whole, not deleted or overwritten; the temporary swept. */
  g_assert_false (g_file_test (fixture->autosave, G_FILE_TEST_EXISTS));
  moved = find_file (fixture->folder, "Damaged autosave ");
  g_assert_nonnull (moved);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (problem)), strrchr (moved, '/') + 1));
  moved_text = file_text (moved);
  g_assert_cmpstr (moved_text, ==, "{\"format\": \"penumbra-save\", \"vers");
  /* games/, the damaged file and the lock of the running instance */
  g_assert_cmpuint (count_files (fixture->folder), ==, 3);
  {
    g_autofree char *lock = g_build_filename (fixture->folder, "penumbra.lock", NULL);

    g_assert_true (g_file_test (lock, G_FILE_TEST_EXISTS));
  }
}

/* An autosave that cannot be loaded, and what the welcome page must say. */
typedef struct
{
  const char *what;
  char       *text;
  gsize       length;
  const char *reason;
} BadAutosave;

static void
bad_autosave_start (PenWindow *window,
                    gpointer   data)
{
  BadAutosave *bad = data;
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
  g_autofree char *autosave = g_build_filename (folder, "autosave.json", NULL);
  GtkWidget *problem = pen_test_ui_child (window, PEN_TYPE_WINDOW, "autosave_problem_label");
  GtkStack *stack = GTK_STACK (pen_test_ui_child (window, PEN_TYPE_WINDOW, "main_stack"));
  const char *shown = gtk_label_get_text (GTK_LABEL (problem));
  g_autofree char *moved = NULL, *moved_text = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  gsize moved_length = 0;

  g_test_message ("%s: %s", bad->what, shown);

  /* The window is up, on the welcome page, with nothing to continue. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_null (pen_window_get_game (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "welcome");
  g_assert_false (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));

  /* It says that the file could not be read, why, and where it is kept. */
  g_assert_true (gtk_widget_get_visible (problem));
  g_assert_nonnull (strstr (shown, "could not be read"));
  if (strstr (shown, bad->reason) == NULL)
    g_error ("%s: the welcome page says “%s”, not “%s”", bad->what, shown, bad->reason);
  moved = find_file (folder, "Damaged autosave ");
  g_assert_nonnull (moved);
  g_assert_nonnull (strstr (shown, strrchr (moved, '/') + 1));

  /* The file is moved aside whole. */
  g_assert_false (g_file_test (autosave, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (moved, &moved_text, &moved_length, NULL));
  g_assert_cmpuint (moved_length, ==, bad->length);
  g_assert_true (memcmp (moved_text, bad->text, bad->length) == 0);
  g_remove (moved);

  /* A new game starts and is autosaved in its place. */
  game = pen_game_new_solo (SEED, "ruby", 0, FALSE, &error);
  g_assert_no_error (error);
  pen_window_set_game (window, game);
  g_assert_true (pen_window_get_game (window) == game);
  play_first_action (window);
  assert_autosave_is_game (autosave, game);

  /* Open refuses the same file for the same reason, and changes nothing. */
  {
    g_autofree char *path = g_build_filename (g_get_user_data_dir (), "bad game.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (g_file_set_contents (path, bad->text, bad->length, NULL));
    g_assert_false (pen_window_open_file (window, file, &error));
    g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
    g_assert_nonnull (strstr (error->message, bad->reason));
    g_assert_true (pen_window_get_game (window) == game);
    assert_autosave_is_game (autosave, game);
    g_remove (path);
  }
  g_remove (autosave);
}

static void
test_bad_autosaves (void)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
  g_autofree char *autosave = g_build_filename (folder, "autosave.json", NULL);
  g_autofree char *fixture_path = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autofree char *duplicate_path = g_test_build_filename (G_TEST_DIST, "common", "saves", "duplicate-fate-card.json", NULL);
  g_autofree char *dice_path = g_test_build_filename (G_TEST_DIST, "common", "saves", "too-many-dice.json", NULL);
  g_autofree char *fixture = file_text (fixture_path);
  BadAutosave bad[] = {
    { "nesting 100,000 lists", NULL, 0, "nested more than 16 levels deep" },
    { "larger than 1 MiB", NULL, 0, "This file is too large to be a Penumbra save" },
    { "a Fate deck naming one card eight times", file_text (duplicate_path), 0,
      "The save holds “Practice” twice in the Fate deck." },
    { "a supply of 257 dice", file_text (dice_path), 0,
      "The save gives player 1 too many dice (257; a dice supply holds at most 256)." },
  };

  {
    GString *deep = g_string_new ("{\"x\": ");

    for (guint i = 0; i < 100000; i++)
      g_string_append_c (deep, '[');
    for (guint i = 0; i < 100000; i++)
      g_string_append_c (deep, ']');
    g_string_append_c (deep, '}');
    bad[0].text = g_string_free (deep, FALSE);
  }
  {
    GString *large = g_string_new (fixture);

    while (large->len <= 1100000)
      g_string_append_c (large, ' ');
    bad[1].text = g_string_free (large, FALSE);
  }

  /* Each start below moves one file aside: none is there before. */
  g_mkdir_with_parents (folder, 0755);
  for (char *left; (left = find_file (folder, "Damaged autosave ")) != NULL; g_free (left))
    g_remove (left);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      bad[i].length = strlen (bad[i].text);
      g_assert_true (g_file_set_contents (autosave, bad[i].text, bad[i].length, NULL));
      pen_test_ui_run (bad_autosave_start, &bad[i], TIMEOUT_SECONDS);
      g_free (bad[i].text);
    }
}

static void
test_saves_window (void)
{
  Fixture fixture = { 0 };
  g_autofree char *temporary = NULL;

  fixture.folder = g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
  fixture.autosave = g_build_filename (fixture.folder, "autosave.json", NULL);
  fixture.kept = g_build_filename (fixture.folder, "games", NULL);
  fixture.file = g_build_filename (g_get_user_data_dir (), "my game.json", NULL);

  pen_test_ui_run (first_start, &fixture, TIMEOUT_SECONDS);
  pen_test_ui_run (second_start, &fixture, TIMEOUT_SECONDS);

  /* A damaged autosave, and what a killed save leaves. */
  g_assert_true (g_file_set_contents (fixture.autosave, "{\"format\": \"penumbra-save\", \"vers", -1, NULL));
  temporary = g_strconcat (fixture.autosave, ".Ab3dEf", NULL);
  g_assert_true (g_file_set_contents (temporary, "{", -1, NULL));
  pen_test_ui_run (third_start, &fixture, TIMEOUT_SECONDS);
  g_assert_false (g_file_test (temporary, G_FILE_TEST_EXISTS));

  g_free (fixture.folder);
  g_free (fixture.autosave);
  g_free (fixture.kept);
  g_free (fixture.file);
  g_free (fixture.autosaved);
}

/* Review Game on a save of format 1 (issue 40: "Action 20 … cannot be
 * replayed" on the project's own mid-game-v1.json, played before a rule
 * changed): it opens at the game's end, replays the positions today's rules
 * replay, and says why it stops at the one they refuse. */
static void
review_older_save (PenWindow *window,
                   gpointer   data)
{
  GtkWidget *widget = GTK_WIDGET (window);
  GtkAdjustment *adjustment = GTK_ADJUSTMENT (gtk_widget_get_template_child (widget, PEN_TYPE_WINDOW,
                                                                             "review_adjustment"));
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) texts = g_string_new (NULL);
  PenGame *game;
  guint n, replayable;

  g_assert_true (pen_window_open_file (window, file, &error));
  g_assert_no_error (error);
  game = pen_window_get_game (window);
  n = pen_game_get_n_history (game);
  replayable = pen_game_count_replayable (game, NULL);
  g_assert_cmpuint (replayable, <, n);

  g_assert_true (gtk_widget_activate_action (widget, "win.review", NULL));
  pen_test_ui_iterate ();
  g_assert_true (gtk_action_bar_get_revealed (GTK_ACTION_BAR (pen_test_ui_child (window, PEN_TYPE_WINDOW, "review_bar"))));
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, n);
  gtk_adjustment_set_value (adjustment, 5);
  pen_test_ui_iterate ();
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, 5);
  gtk_adjustment_set_value (adjustment, replayable + 1);
  pen_test_ui_iterate ();
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, 5);
  pen_test_ui_collect_texts (widget, texts);
  g_assert_nonnull (strstr (texts->str, "saved by an earlier version of Penumbra"));
  g_assert_true (gtk_widget_activate_action (widget, "review.last", NULL));
  pen_test_ui_iterate ();
  g_assert_cmpuint (pen_game_get_n_history (shown_game (window)), ==, n);
}

static void
test_review_older_save (void)
{
  pen_test_ui_run (review_older_save, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/saves-window/autosave-review-fork-continue", test_saves_window);
  g_test_add_func ("/saves-window/bad-autosaves", test_bad_autosaves);
  g_test_add_func ("/saves-window/review-older-save", test_review_older_save);

  return g_test_run ();
}
