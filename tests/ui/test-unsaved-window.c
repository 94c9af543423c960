/* test-unsaved-window.c: the window never loses a game (issue 40), under
 * X11 (Xvfb), each start in private XDG folders:
 * 1. /unsaved-window/refused-when-not-kept: with "games" a regular file, so
 *    that the game on the table cannot be kept, opening a save, a new game
 *    and "Play On From Here" are refused with a dialog that says why; the
 *    table and autosave.json still hold the old game. At start, opening a
 *    file instead of Continue is refused alike while the autosaved game
 *    cannot be kept, and Continue is still offered.
 * 2. /unsaved-window/banner: while the autosave fails (a folder where
 *    autosave.json goes), a banner under the header says the game is not
 *    being saved and why; once an autosave works again it is gone.
 * 3. /unsaved-window/close-asks: closing with a failing autosave asks first
 *    and the window stays; Cancel keeps it; Save As… in the dialog writes
 *    the chosen file and closes. A game of a file with changes asks too, and
 *    Save writes that file.
 * 4. /unsaved-window/own-file: a game saved to a file, played on: the title
 *    names the file and marks the unsaved changes ("•"); Save writes it.
 *    The next start opens that file: the autosaved game, which the file
 *    holds, is not filed again in games/. Left with changes, Continue brings
 *    the game back with its file (the title says so, Save writes it), and a
 *    game its file holds is not kept when another starts.
 * 5. /unsaved-window/non-utf8-name: a file whose name is not UTF-8 is named
 *    in the title and the notice of Save in UTF-8 (the byte replaced).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-game-view.h"
#include "pen-save.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 60
#define SEED 4040

/* The game as pen_save_write() writes it. */
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

static char *
data_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
}

static char *
autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra", "autosave.json", NULL);
}

static char *
kept_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "penumbra", "games", NULL);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

/* Each test starts with no autosave and no kept game. */
static void
clear_data_folder (void)
{
  g_autofree char *folder = data_folder ();

  remove_tree (folder);
  g_mkdir_with_parents (folder, 0755);
}

static guint
count_kept (void)
{
  g_autofree char *folder = kept_folder ();
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* A save of the player's, NAME in the data home, a copy of the mid-game fixture. */
static char *
copy_of_fixture (const char *name)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autofree char *text = file_text (fixture);
  char *path = g_build_filename (g_get_user_data_dir (), name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
assert_autosave_is (PenGame *game)
{
  g_autofree char *path = autosave_path ();
  g_autofree char *saved = file_text (path);
  g_autofree char *expected = game_text (game);

  g_assert_cmpstr (saved, ==, expected);
}

static PenGame *
shown_game (PenWindow *window)
{
  return pen_game_view_get_game (pen_window_get_game_view (window));
}

static void
play (PenWindow *window,
      guint      n)
{
  for (guint i = 0; i < n; i++)
    {
      pen_test_ui_take_first (window);
      pen_test_ui_iterate ();
    }
}

/* The message dialog shown now, or NULL (one answered may linger unshown). */
static AdwMessageDialog *
message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  pen_test_ui_iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (window))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* Answers @dialog as a click on its button @response does. */
static void
answer (AdwMessageDialog *dialog,
        const char       *response)
{
  GtkWidget *button = pen_test_ui_find_button (GTK_WIDGET (dialog),
                                               adw_message_dialog_get_response_label (dialog, response));

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  pen_test_ui_iterate ();
}

static void
dismiss (AdwMessageDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  pen_test_ui_iterate ();
}

static const char *
title_of (PenWindow *window)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (pen_test_ui_child (window, PEN_TYPE_WINDOW, "window_title"));

  return adw_window_title_get_title (title);
}

static PenGame *
new_game (guint seed)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new_solo (seed, "jasper", 1, FALSE, &error);

  g_assert_no_error (error);
  return game;
}

/* ---- 1. Refused when the game cannot be kept ---------------------------------- */

static void
refused_on_the_table (PenWindow *window,
                      gpointer   data)
{
  g_autoptr(PenGame) first = new_game (SEED);
  g_autoptr(PenGame) second = new_game (SEED + 1);
  g_autofree char *kept = kept_folder ();
  g_autofree char *other_path = copy_of_fixture ("other game" PEN_SAVE_EXTENSION);
  g_autoptr(GFile) other = g_file_new_for_path (other_path);
  g_autofree char *before = NULL;
  AdwMessageDialog *dialog;
  PenGame *game;

  pen_window_set_game (window, first);
  play (window, 3);
  game = pen_window_get_game (window);
  before = game_text (game);
  assert_autosave_is (game);

  /* "games" is a file: the game cannot be kept there. */
  g_assert_true (g_file_set_contents (kept, "not a folder", -1, NULL));

  /* Open: refused with the reason, the old game stays on the table and in the autosave. */
  pen_window_open (window, other);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_test_message ("open refused: %s", adw_message_dialog_get_body (dialog));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "could not be kept"));
  dismiss (dialog);
  g_assert_true (pen_window_get_game (window) == game);
  g_assert_true (shown_game (window) == game);
  assert_autosave_is (game);

  /* A new game (the New Game dialog's, the guided game's way in): the same. */
  pen_window_set_game (window, second);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "could not be kept"));
  dismiss (dialog);
  g_assert_true (pen_window_get_game (window) == game);
  assert_autosave_is (game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.learn", NULL));
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  dismiss (dialog);
  g_assert_true (pen_window_get_game (window) == game);
  assert_autosave_is (game);

  /* Play On From Here: refused, and the review is still open. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "review.first", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "review.next", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "review.fork", NULL));
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  dismiss (dialog);
  g_assert_true (pen_window_get_game (window) == game);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 3);
  assert_autosave_is (game);
  {
    g_autofree char *after = game_text (game);

    g_assert_cmpstr (after, ==, before);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "review.close", NULL));

  /* With "games" a folder again, the same open goes through and keeps the game. */
  g_assert_cmpint (g_remove (kept), ==, 0);
  pen_window_open (window, other);
  g_assert_null (message_dialog ());
  g_assert_true (pen_window_get_game (window) != game);
  g_assert_cmpuint (count_kept (), ==, 1);
}

static void
refused_at_start (PenWindow *window,
                  gpointer   data)
{
  const char *autosaved = data;
  g_autofree char *kept = kept_folder ();
  g_autofree char *other_path = copy_of_fixture ("other game" PEN_SAVE_EXTENSION);
  g_autoptr(GFile) other = g_file_new_for_path (other_path);
  g_autofree char *autosave = autosave_path ();
  g_autofree char *after = NULL;
  AdwMessageDialog *dialog;

  /* The autosaved game of the last start is offered, not on the table. */
  g_assert_null (pen_window_get_game (window));
  g_assert_true (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));

  g_assert_true (g_file_set_contents (kept, "not a folder", -1, NULL));
  pen_window_open (window, other);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "could not be kept"));
  dismiss (dialog);
  g_assert_null (pen_window_get_game (window));
  g_assert_true (gtk_widget_get_visible (pen_test_ui_child (window, PEN_TYPE_WINDOW, "continue_button")));
  after = file_text (autosave);
  g_assert_cmpstr (after, ==, autosaved);
  g_remove (kept);
}

static void
test_refused_when_not_kept (void)
{
  g_autofree char *autosave = autosave_path ();
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autofree char *autosaved = file_text (fixture);

  clear_data_folder ();
  pen_test_ui_run (refused_on_the_table, NULL, TIMEOUT_SECONDS);

  /* An autosaved game with actions that no file holds, then a start. */
  clear_data_folder ();
  g_assert_true (g_file_set_contents (autosave, autosaved, -1, NULL));
  pen_test_ui_run (refused_at_start, autosaved, TIMEOUT_SECONDS);
}

/* ---- 2. The banner of a failing autosave --------------------------------------- */

static void
banner (PenWindow *window,
        gpointer   data)
{
  g_autoptr(PenGame) first = new_game (SEED);
  g_autofree char *autosave = autosave_path ();
  GtkRevealer *revealer = GTK_REVEALER (pen_test_ui_child (window, PEN_TYPE_WINDOW, "autosave_banner"));
  GtkLabel *reason = GTK_LABEL (pen_test_ui_child (window, PEN_TYPE_WINDOW, "autosave_banner_reason"));
  PenGame *game;

  pen_window_set_game (window, first);
  game = pen_window_get_game (window);
  play (window, 2);
  g_assert_false (gtk_revealer_get_reveal_child (revealer));

  /* A folder where the autosave goes: writing it fails, also as root. */
  g_assert_cmpint (g_remove (autosave), ==, 0);
  g_assert_cmpint (g_mkdir (autosave, 0755), ==, 0);
  play (window, 1);
  g_assert_true (gtk_revealer_get_reveal_child (revealer));
  g_test_message ("banner: %s", gtk_label_get_text (reason));
  g_assert_nonnull (strstr (gtk_label_get_text (reason), "could not be saved"));
  pen_test_ui_wait (400);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (reason)));
  pen_test_ui_screenshot ("autosave-banner");
  /* It stays while the autosave fails. */
  play (window, 1);
  pen_test_ui_wait (300);
  g_assert_true (gtk_revealer_get_reveal_child (revealer));

  /* The cause gone, the next action is autosaved and the banner goes. */
  g_assert_cmpint (g_rmdir (autosave), ==, 0);
  play (window, 1);
  g_assert_false (gtk_revealer_get_reveal_child (revealer));
  assert_autosave_is (game);
}

static void
test_banner (void)
{
  clear_data_folder ();
  pen_test_ui_run (banner, NULL, TIMEOUT_SECONDS);
}

/* ---- 3. Closing asks first ------------------------------------------------------ */

typedef struct
{
  char    *file;       /* the file the dialog saves to */
  char    *expected;   /* what it must hold after */
} CloseFixture;

/* Closing the window as the title bar's button does: the dialog, or the window closed. */
static AdwMessageDialog *
close_window (PenWindow *window)
{
  gtk_window_close (GTK_WINDOW (window));
  return message_dialog ();
}

/* Watches @window: gone() says whether it was closed and freed. */
static PenWindow **
watch (PenWindow *window)
{
  PenWindow **weak = g_new (PenWindow *, 1);

  *weak = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) weak);
  return weak;
}

static gboolean
gone (PenWindow **weak)
{
  gboolean closed;

  for (guint tries = 0; tries < 40 && *weak != NULL; tries++)
    pen_test_ui_wait (50);
  closed = *weak == NULL;
  if (!closed)
    g_object_remove_weak_pointer (G_OBJECT (*weak), (gpointer *) weak);
  g_free (weak);
  return closed;
}

static GtkWidget *
wait_for_chooser (void)
{
  for (guint tries = 0; tries < 100; tries++)
    {
      GtkWidget *chooser = pen_test_ui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);

      if (chooser != NULL)
        return chooser;
      pen_test_ui_wait (50);
    }
  g_error ("no file chooser came");
}

static void
close_with_failing_autosave (PenWindow *window,
                             gpointer   data)
{
  CloseFixture *fixture = data;
  g_autoptr(PenGame) first = new_game (SEED);
  g_autofree char *autosave = autosave_path ();
  g_autoptr(GFile) file = g_file_new_for_path (fixture->file);
  AdwMessageDialog *dialog;
  GtkWidget *chooser;
  PenWindow **closed;
  PenGame *game;

  pen_window_set_game (window, first);
  game = pen_window_get_game (window);
  play (window, 1);
  g_assert_cmpint (g_remove (autosave), ==, 0);
  g_assert_cmpint (g_mkdir (autosave, 0755), ==, 0);
  play (window, 1);

  /* Closing asks; the window stays. */
  dialog = close_window (window);
  g_assert_nonnull (dialog);
  g_test_message ("close: %s", adw_message_dialog_get_body (dialog));
  g_assert_true (adw_message_dialog_has_response (dialog, "cancel"));
  g_assert_true (adw_message_dialog_has_response (dialog, "discard"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "save"), ==, "_Save As…");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "lost"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  pen_test_ui_screenshot ("close-dialog");

  /* Cancel: the game goes on. */
  answer (dialog, "cancel");
  g_assert_null (message_dialog ());
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (pen_window_get_game (window) == game);
  play (window, 1);

  /* Save As…: the chooser, and the chosen file written; then the window closes. */
  closed = watch (window);
  dialog = close_window (window);
  g_assert_nonnull (dialog);
  answer (dialog, "save");
  chooser = wait_for_chooser ();
  fixture->expected = game_text (game);
  {
    g_autoptr(GFile) folder = g_file_get_parent (file);
    g_autofree char *name = g_file_get_basename (file);
    g_autoptr(GFile) chosen = NULL;

    /* The chooser goes to a folder in the background. */
    g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
    for (guint tries = 0; tries < 100; tries++)
      {
        g_clear_object (&chosen);
        gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
        chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
        if (chosen != NULL && g_file_equal (chosen, file))
          break;
        pen_test_ui_wait (50);
      }
    g_assert_true (g_file_equal (chosen, file));
  }
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  g_assert_true (gone (closed));
}

static void
close_with_changes_to_file (PenWindow *window,
                            gpointer   data)
{
  CloseFixture *fixture = data;
  g_autoptr(GFile) file = g_file_new_for_path (fixture->file);
  g_autoptr(GError) error = NULL;
  PenWindow **closed = watch (window);
  AdwMessageDialog *dialog;

  g_assert_true (pen_window_open_file (window, file, &error));
  g_assert_no_error (error);
  /* One action: the file does not hold it. */
  play (window, 1);
  dialog = close_window (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "save"), ==, "_Save");
  /* The autosave works: closed without saving, Continue brings it back. */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Continue"));
  g_clear_pointer (&fixture->expected, g_free);
  fixture->expected = game_text (pen_window_get_game (window));
  answer (dialog, "save");
  g_assert_true (gone (closed));
}

static void
unchanged_closes (PenWindow *window,
                  gpointer   data)
{
  CloseFixture *fixture = data;
  g_autoptr(GFile) file = g_file_new_for_path (fixture->file);
  g_autoptr(GError) error = NULL;

  PenWindow **closed = watch (window);

  /* Opened and unchanged: closing loses nothing, and does not ask. */
  g_assert_true (pen_window_open_file (window, file, &error));
  g_assert_null (close_window (window));
  g_assert_true (gone (closed));
}

static void
test_close_asks (void)
{
  CloseFixture fixture = { 0 };
  g_autofree char *autosave = autosave_path ();
  g_autofree char *saved = NULL;

  clear_data_folder ();
  fixture.file = g_build_filename (g_get_user_data_dir (), "closing" PEN_SAVE_EXTENSION, NULL);
  g_remove (fixture.file);
  pen_test_ui_run (close_with_failing_autosave, &fixture, TIMEOUT_SECONDS);
  saved = file_text (fixture.file);
  g_assert_cmpstr (saved, ==, fixture.expected);
  g_rmdir (autosave);

  pen_test_ui_run (close_with_changes_to_file, &fixture, TIMEOUT_SECONDS);
  g_clear_pointer (&saved, g_free);
  saved = file_text (fixture.file);
  g_assert_cmpstr (saved, ==, fixture.expected);

  pen_test_ui_run (unchanged_closes, &fixture, TIMEOUT_SECONDS);

  g_remove (fixture.file);
  g_free (fixture.file);
  g_free (fixture.expected);
}

/* ---- 4. Your own saved file ----------------------------------------------------- */

typedef struct
{
  char *file;
  char *name;        /* its base name */
  char *expected;
} OwnFixture;

static void
save_and_play_on (PenWindow *window,
                  gpointer   data)
{
  OwnFixture *fixture = data;
  g_autoptr(PenGame) first = new_game (SEED);
  g_autoptr(GFile) file = g_file_new_for_path (fixture->file);
  g_autoptr(GError) error = NULL;
  g_autofree char *dirty_title = g_strconcat ("• ", fixture->name, NULL);
  g_autofree char *saved = NULL;
  PenGame *game;

  pen_window_set_game (window, first);
  game = pen_window_get_game (window);
  g_assert_cmpstr (title_of (window), ==, "Penumbra");
  play (window, 3);
  g_assert_true (pen_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (title_of (window), ==, fixture->name);
  play (window, 1);
  g_assert_cmpstr (title_of (window), ==, dirty_title);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_cmpstr (title_of (window), ==, fixture->name);
  saved = file_text (fixture->file);
  fixture->expected = game_text (game);
  g_assert_cmpstr (saved, ==, fixture->expected);
  /* Left as saved: the autosave and the file hold the same game. */
}

static void
open_own_file (PenWindow *window,
               gpointer   data)
{
  OwnFixture *fixture = data;
  g_autofree char *dirty_title = g_strconcat ("• ", fixture->name, NULL);
  g_autofree char *shown = NULL;

  /* Started as "penumbra FILE": the file's game, and no copy of the
   * autosaved one, which is the same game. */
  g_assert_nonnull (pen_window_get_game (window));
  shown = game_text (pen_window_get_game (window));
  g_assert_cmpstr (shown, ==, fixture->expected);
  g_assert_null (message_dialog ());
  g_assert_cmpuint (count_kept (), ==, 0);
  g_assert_cmpstr (title_of (window), ==, fixture->name);

  /* Played on and left unsaved (the test's end closes without saving). */
  play (window, 1);
  g_assert_cmpstr (title_of (window), ==, dirty_title);
  g_free (fixture->expected);
  fixture->expected = game_text (pen_window_get_game (window));
}

static void
continue_with_file (PenWindow *window,
                    gpointer   data)
{
  OwnFixture *fixture = data;
  g_autofree char *dirty_title = g_strconcat ("• ", fixture->name, NULL);
  g_autoptr(PenGame) other = new_game (SEED + 2);
  g_autofree char *shown = NULL, *saved = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.continue", NULL));
  shown = game_text (pen_window_get_game (window));
  g_assert_cmpstr (shown, ==, fixture->expected);
  /* The game comes back with its file, whose changes are not saved. */
  g_assert_cmpstr (title_of (window), ==, dirty_title);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  saved = file_text (fixture->file);
  g_assert_cmpstr (saved, ==, fixture->expected);
  g_assert_cmpstr (title_of (window), ==, fixture->name);

  /* Saved there, it is not filed again when another game starts. */
  pen_window_set_game (window, other);
  g_assert_true (pen_window_get_game (window) == other);
  g_assert_cmpuint (count_kept (), ==, 0);
  g_assert_cmpstr (title_of (window), ==, "Penumbra");
}

static void
test_own_file (void)
{
  OwnFixture fixture = { 0 };
  const char *files[2] = { NULL, NULL };

  clear_data_folder ();
  fixture.name = g_strdup ("my game" PEN_SAVE_EXTENSION);
  fixture.file = g_build_filename (g_get_user_data_dir (), fixture.name, NULL);
  files[0] = fixture.file;
  pen_test_ui_run (save_and_play_on, &fixture, TIMEOUT_SECONDS);
  pen_test_ui_run_with_files (open_own_file, &fixture, TIMEOUT_SECONDS, files);
  pen_test_ui_run (continue_with_file, &fixture, TIMEOUT_SECONDS);

  g_remove (fixture.file);
  g_free (fixture.file);
  g_free (fixture.name);
  g_free (fixture.expected);
}

/* ---- 5. A file name that is not UTF-8 ------------------------------------------ */

static void
non_utf8_name (PenWindow *window,
               gpointer   data)
{
  const char *path = data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) texts = g_string_new (NULL);

  g_assert_true (pen_window_open_file (window, file, &error));
  g_assert_no_error (error);
  play (window, 1);
  /* The title and the notice of Save name the file in UTF-8, its stray byte replaced. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  pen_test_ui_iterate ();
  g_assert_true (g_utf8_validate (title_of (window), -1, NULL));
  g_assert_nonnull (strstr (title_of (window), "\xef\xbf\xbd"));
  pen_test_ui_collect_texts (GTK_WIDGET (window), texts);
  g_assert_true (g_utf8_validate (texts->str, texts->len, NULL));
  g_assert_nonnull (strstr (texts->str, "Saved as “game-\xef\xbf\xbd"));
}

static void
test_non_utf8_name (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  g_autofree char *text = file_text (fixture);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "game-\xff" PEN_SAVE_EXTENSION, NULL);

  clear_data_folder ();
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  pen_test_ui_run (non_utf8_name, path, TIMEOUT_SECONDS);
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/unsaved-window/refused-when-not-kept", test_refused_when_not_kept);
  g_test_add_func ("/unsaved-window/banner", test_banner);
  g_test_add_func ("/unsaved-window/close-asks", test_close_asks);
  g_test_add_func ("/unsaved-window/own-file", test_own_file);
  g_test_add_func ("/unsaved-window/non-utf8-name", test_non_utf8_name);

  return g_test_run ();
}
