/* test-open-file.c: "penumbra FILE", as a file manager starts it, under X11
 * (Xvfb). The application is started on a command line naming a save:
 * 1. a save with the extension of its own (.penumbra) shows that game on the
 *    table, in place of the welcome page that offered the autosaved one, and
 *    the header's title names the file;
 * 2. a save from before the extension (.json) opens as well;
 * 3. a damaged save shows the Open dialog's error, "“NAME” Cannot Be Opened"
 *    with the reason of the checked loading; the welcome page still offers to
 *    continue the autosaved game, and neither file is changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-save.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50

typedef struct
{
  const char *path;    /* the file given on the command line */
  char       *text;    /* what it held before the start */
  const char *reason;  /* NULL if it opens; else the loader's message */
} Start;

static char *
file_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static char *
game_text (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_to_string (node, TRUE);
}

static char *
autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra", "autosave.json", NULL);
}

/* An autosaved game in progress, as a start finds it. */
static char *
write_autosave (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autofree char *path = autosave_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  char *text = file_text (fixture);

  g_mkdir_with_parents (folder, 0755);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return text;
}

static void
opened_start (PenWindow *window,
              gpointer   data)
{
  Start *start = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) saved = pen_save_read (start->path, &error);
  g_autofree char *shown = NULL, *expected = NULL;
  PenGame *game = pen_window_get_game (window);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  shown = game_text (game);
  expected = game_text (saved);
  g_assert_cmpstr (shown, ==, expected);
  /* The table shows it (not the welcome page) and the title says its turn. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pen_window_get_game_view (window))));
  {
    AdwWindowTitle *title = ADW_WINDOW_TITLE (pen_test_ui_child (window, PEN_TYPE_WINDOW, "window_title"));
    g_autofree char *turn = g_strdup_printf ("Turn %u", pen_game_get_turn_number (saved) + 1);

    g_autofree char *name = g_path_get_basename (start->path);

    g_assert_nonnull (strstr (adw_window_title_get_subtitle (title), turn));
    /* The title names the file, the one Save writes (issue 40). */
    g_assert_cmpstr (adw_window_title_get_title (title), ==, name);
  }
  g_assert_null (pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
}

static void
damaged_start (PenWindow *window,
               gpointer   data)
{
  Start *start = data;
  GtkWidget *dialog = pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_autofree char *name = g_path_get_basename (start->path);
  g_autofree char *heading = g_strdup_printf ("“%s” Cannot Be Opened", name);
  GtkWidget *continue_button = pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button");

  g_assert_null (pen_window_get_game (window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, heading);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), start->reason));
  /* Nothing is lost: the autosaved game can still be continued. */
  g_assert_true (gtk_widget_get_visible (continue_button));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
run_start (Start *start)
{
  const char *files[] = { start->path, NULL };
  g_autofree char *autosave = autosave_path ();
  g_autofree char *autosaved = write_autosave ();
  g_autofree char *after = NULL;

  start->text = file_text (start->path);
  pen_test_ui_run_with_files (start->reason == NULL ? opened_start : damaged_start, start, TIMEOUT_SECONDS, files);
  after = file_text (start->path);
  g_assert_cmpstr (after, ==, start->text);
  if (start->reason != NULL)
    {
      g_autofree char *autosave_after = file_text (autosave);

      g_assert_cmpstr (autosave_after, ==, autosaved);
    }
  g_free (start->text);
}

/* A copy of the mid-game fixture in the data folder, named NAME. */
static char *
copy_of_fixture (const char *name,
                 gssize      length)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autofree char *text = file_text (fixture);
  char *path = g_build_filename (g_get_user_data_dir (), name, NULL);

  g_assert_true (g_file_set_contents (path, text, length, NULL));
  return path;
}

static void
test_open_file_penumbra (void)
{
  g_autofree char *path = copy_of_fixture ("mid game" PEN_SAVE_EXTENSION, -1);
  Start start = { path, NULL, NULL };

  run_start (&start);
}

static void
test_open_file_json (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  Start start = { path, NULL, NULL };

  run_start (&start);
}

static void
test_open_file_damaged (void)
{
  g_autofree char *path = copy_of_fixture ("cut" PEN_SAVE_EXTENSION, 300);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) none = pen_save_read (path, &error);
  Start start = { path, NULL, NULL };

  g_assert_null (none);
  g_assert_nonnull (error);
  start.reason = error->message;
  run_start (&start);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/open-file/penumbra", test_open_file_penumbra);
  g_test_add_func ("/open-file/json", test_open_file_json);
  g_test_add_func ("/open-file/damaged", test_open_file_damaged);

  return g_test_run ();
}
