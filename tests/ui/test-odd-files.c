/* test-odd-files.c: files that are not saves and damaged data, through the
 * window (issue 40), under X11 (Xvfb).
 *
 * - /odd-files/fifo-autosave: the autosave is a named pipe with no writer.
 *   The window once never showed (open() waited on the pipe for ever); now it
 *   starts on the welcome page, says the autosave is not a file, moves it
 *   aside as it does a damaged autosave, and a new game starts and is
 *   autosaved as a file.
 * - /odd-files/fifo-open: "penumbra pipe.penumbra" on a named pipe shows the
 *   Open error, "is not a file: it is a named pipe", at once.
 * - /odd-files/damaged-data: with PENUMBRA_DATA_DIR naming a copy of the
 *   game's data in which cards/potions.json is cut short, New Game → Start
 *   says in the dialog why no game can start, naming the file (it once did
 *   nothing at all), and opening a good save says that the game's data is
 *   damaged, naming the file, not that the save cannot be opened.
 * - /odd-files/damaged-automa: automa/jasper.json cut short: the New Game
 *   dialog says why as it opens (it logged a warning and showed nothing), and
 *   its Start is off.
 *
 * A hang in open() would stop the main loop, and with it the run's own
 * timeout: alarm() guards each start.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pen-new-game-dialog.h"
#include "pen-save.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50
#define GUARD_SECONDS 90

static char *
save_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
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

static gboolean
is_fifo (const char *path)
{
  GStatBuf info;

  return g_lstat (path, &info) == 0 && S_ISFIFO (info.st_mode);
}

static void
fifo_autosave_start (PenWindow *window,
                     gpointer   data)
{
  g_autofree char *folder = save_folder ();
  g_autofree char *autosave = g_build_filename (folder, "autosave.json", NULL);
  GtkWidget *problem = pen_test_ui_child (window, PEN_TYPE_WINDOW, "autosave_problem_label");
  GtkStack *stack = GTK_STACK (pen_test_ui_child (window, PEN_TYPE_WINDOW, "main_stack"));
  const char *shown = gtk_label_get_text (GTK_LABEL (problem));
  g_autofree char *moved = NULL, *saved = NULL, *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  g_test_message ("the welcome page says: %s", shown);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_null (pen_window_get_game (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "welcome");
  g_assert_false (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));
  g_assert_true (gtk_widget_get_visible (problem));
  g_assert_nonnull (strstr (shown, "could not be read"));
  g_assert_nonnull (strstr (shown, "“autosave.json” is not a file: it is a named pipe."));

  /* Moved aside as a damaged autosave is, still the pipe it was. */
  g_assert_false (g_file_test (autosave, G_FILE_TEST_EXISTS));
  moved = find_file (folder, "Damaged autosave ");
  g_assert_nonnull (moved);
  g_assert_true (is_fifo (moved));
  g_assert_nonnull (strstr (shown, strrchr (moved, '/') + 1));
  g_remove (moved);

  /* A game starts and is autosaved, as a file. */
  game = pen_game_new_solo (7, "jasper", 1, TRUE, &error);
  g_assert_no_error (error);
  pen_window_set_game (window, game);
  pen_test_ui_take_first (window);
  pen_test_ui_iterate ();
  g_assert_true (g_file_test (autosave, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_get_contents (autosave, &saved, NULL, NULL));
  expected = pen_save_to_text (game);
  g_assert_cmpstr (saved, ==, expected);
  g_remove (autosave);
}

static void
test_fifo_autosave (void)
{
  g_autofree char *folder = save_folder ();
  g_autofree char *autosave = g_build_filename (folder, "autosave.json", NULL);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  g_remove (autosave);
  g_assert_cmpint (mkfifo (autosave, 0600), ==, 0);
  alarm (GUARD_SECONDS);
  pen_test_ui_run (fifo_autosave_start, NULL, TIMEOUT_SECONDS);
  alarm (0);
}

static void
fifo_open_start (PenWindow *window,
                 gpointer   data)
{
  GtkWidget *dialog = pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  g_assert_null (pen_window_get_game (window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "“pipe.penumbra” Cannot Be Opened");
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "“pipe.penumbra” is not a file: it is a named pipe.");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_fifo_open (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "pipe" PEN_SAVE_EXTENSION, NULL);
  const char *files[] = { path, NULL };

  g_remove (path);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  alarm (GUARD_SECONDS);
  pen_test_ui_run_with_files (fifo_open_start, NULL, TIMEOUT_SECONDS, files);
  alarm (0);
  g_assert_true (is_fifo (path));
  g_remove (path);
}

/* ---- Damaged data ------------------------------------------------------------ */

#define DAMAGED_FILE "cards/potions.json"
#define DAMAGED_AUTOMA "automa/jasper.json"

/* The JSON files under @from (the source tree's data/), copied to @to. */
static void
copy_data (const char *from,
           const char *to)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir_with_parents (to, 0755), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *source = g_build_filename (from, name, NULL);
      g_autofree char *target = g_build_filename (to, name, NULL);

      if (g_file_test (source, G_FILE_TEST_IS_DIR))
        copy_data (source, target);
      else if (g_str_has_suffix (name, ".json"))
        {
          g_autofree char *text = NULL;
          gsize length;

          g_assert_true (g_file_get_contents (source, &text, &length, NULL));
          g_assert_true (g_file_set_contents (target, text, (gssize) length, NULL));
        }
    }
}

static void
damaged_data_start (PenWindow *window,
                    gpointer   data)
{
  const char *save = data;
  GtkWidget *dialog, *problem, *message;
  g_autoptr(GFile) file = g_file_new_for_path (save);
  g_autofree char *autosave = g_build_filename (g_get_user_data_dir (), "penumbra", "autosave.json", NULL);
  GtkLabel *autosave_problem = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (window), PEN_TYPE_WINDOW,
                                                                         "autosave_problem_label"));
  const char *body;

  /* The autosave found at start is not blamed for the game's data: it stays
   * where it is, and the welcome page says which file is damaged. */
  g_test_message ("The welcome page says: %s", gtk_label_get_text (autosave_problem));
  g_assert_true (g_file_test (autosave, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (strstr (gtk_label_get_text (autosave_problem), "own data files is damaged, not your game"));
  g_assert_nonnull (strstr (gtk_label_get_text (autosave_problem), DAMAGED_FILE ": not valid JSON"));

  /* New Game → Start: the dialog says why no game starts, and names the file. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = pen_test_ui_find_toplevel (PEN_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  pen_test_ui_iterate ();
  problem = GTK_WIDGET (gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "problem_label"));
  g_assert_false (gtk_widget_get_visible (problem));
  pen_test_ui_click (pen_test_ui_find_button (dialog, "_Start"));
  pen_test_ui_iterate ();
  g_test_message ("New Game says: %s", gtk_label_get_text (GTK_LABEL (problem)));
  g_assert_true (gtk_widget_get_mapped (problem));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (problem)), "No game can start"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (problem)), DAMAGED_FILE ": not valid JSON"));
  g_assert_null (pen_window_get_game (window));
  pen_test_ui_screenshot ("new-game-damaged-data");
  gtk_window_destroy (GTK_WINDOW (dialog));
  pen_test_ui_iterate ();

  /* A good save: the game's data is to blame, not the save. */
  pen_window_open (window, file);
  pen_test_ui_iterate ();
  message = pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (message);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (message));
  g_test_message ("Open says: %s / %s", adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (message)), body);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (message)), ==, "The Game’s Data Is Damaged");
  g_assert_nonnull (strstr (body, "not your saved game"));
  g_assert_nonnull (strstr (body, DAMAGED_FILE ": not valid JSON"));
  g_assert_null (pen_window_get_game (window));
  pen_test_ui_screenshot ("open-damaged-data");
  gtk_window_destroy (GTK_WINDOW (message));
}

/* An Automa's file damaged: the dialog says so as it opens, and offers no
 * Start (there is no Automa to play against). */
static void
damaged_automa_start (PenWindow *window,
                      gpointer   data)
{
  GtkWidget *dialog, *problem;
  const char *text;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  dialog = pen_test_ui_find_toplevel (PEN_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  pen_test_ui_iterate ();
  problem = GTK_WIDGET (gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "problem_label"));
  text = gtk_label_get_text (GTK_LABEL (problem));
  g_assert_true (gtk_widget_get_mapped (problem));
  g_assert_nonnull (strstr (text, "No game can start"));
  g_assert_nonnull (strstr (text, DAMAGED_AUTOMA ": not valid JSON"));
  g_assert_false (gtk_widget_get_sensitive (pen_test_ui_find_button (dialog, "_Start")));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A copy of the data in the private data folder with @damaged cut in half,
 * and the application run on it in a subprocess (the data is read once per
 * process). */
static void
run_on_damaged_copy (const char *damaged_file)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "..", "data", NULL);
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "modded-data", NULL);
  g_autofree char *damaged = g_build_filename (folder, damaged_file, NULL);
  g_autofree char *text = NULL;
  gsize length;

  copy_data (source, folder);
  g_assert_true (g_file_get_contents (damaged, &text, &length, NULL));
  g_assert_true (g_file_set_contents (damaged, text, (gssize) length / 2, NULL));
  g_setenv ("PENUMBRA_DATA_DIR", folder, TRUE);
  g_test_trap_subprocess (NULL, (GUARD_SECONDS + 10) * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("PENUMBRA_DATA_DIR");
  g_test_trap_assert_passed ();
  /* Mended for the next test. */
  g_assert_true (g_file_set_contents (damaged, text, (gssize) length, NULL));
}

static void
test_damaged_automa (void)
{
  if (g_test_subprocess ())
    {
      alarm (GUARD_SECONDS);
      pen_test_ui_run (damaged_automa_start, NULL, TIMEOUT_SECONDS);
      alarm (0);
      return;
    }
  run_on_damaged_copy (DAMAGED_AUTOMA);
}

static void
test_damaged_data (void)
{
  g_autofree char *save = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    {
      g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
      g_autofree char *autosave = g_build_filename (folder, "autosave.json", NULL);
      g_autofree char *text = NULL;

      /* A game in progress, autosaved when the data was whole. */
      g_assert_true (g_file_get_contents (save, &text, NULL, NULL));
      g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
      g_assert_true (g_file_set_contents (autosave, text, -1, NULL));
      alarm (GUARD_SECONDS);
      pen_test_ui_run (damaged_data_start, save, TIMEOUT_SECONDS);
      alarm (0);
      return;
    }

  /* The save opens with the shipped data. */
  {
    g_autoptr(PenGame) game = pen_save_read (save, &error);

    g_assert_no_error (error);
  }
  run_on_damaged_copy (DAMAGED_FILE);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/odd-files/fifo-autosave", test_fifo_autosave);
  g_test_add_func ("/odd-files/fifo-open", test_fifo_open);
  g_test_add_func ("/odd-files/damaged-data", test_damaged_data);
  g_test_add_func ("/odd-files/damaged-automa", test_damaged_automa);

  return g_test_run ();
}
