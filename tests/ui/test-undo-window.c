/* test-undo-window.c: undo and redo say why they stop, under X11 (Xvfb).
 *
 * A saved game is opened; Ctrl+Z there says in a notice that undo goes back
 * no further than the opening, and the Undo button's tooltip says so
 * beforehand. Then an action that rolls a die: Ctrl+Z says the dice were
 * rolled; Ctrl+Shift+Z, that nothing was undone to redo. Nothing is undone.
 * The notice is read from its label (the tooltip of a button under the
 * pointer says the same, in a window of its own).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "pen-game-view.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50

/* Whether the window's notice (pen_game_view_show_notice()) says @text now,
 * last (a message joins those still shown, below them). */
static gboolean
window_shows (PenWindow  *window,
              const char *text)
{
  GtkWidget *view = GTK_WIDGET (pen_window_get_game_view (window));
  GtkRevealer *revealer = GTK_REVEALER (pen_test_ui_view_child (view, "notice_revealer"));
  GtkLabel *label = GTK_LABEL (pen_test_ui_view_child (view, "notice_label"));

  return gtk_revealer_get_reveal_child (revealer) && g_str_has_suffix (gtk_label_get_text (label), text);
}

/* Presses @keys with the pointer over the window (keys go to the window under
 * the pointer: no window manager here) and checks that the notice says
 * @said and that nothing was undone or redone. */
static void
press_and_read (PenWindow  *window,
                const char *keys,
                const char *said)
{
  PenGame *game = pen_window_get_game (window);
  guint n_history = pen_game_get_n_history (game);
  int x, y;

  g_assert_false (window_shows (window, said));
  pen_test_ui_screen_point (GTK_WIDGET (window), 10, 10, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_xdotool ("key %s", keys);
  pen_test_ui_wait (200);
  g_assert_true (window_shows (window, said));
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history);
}

/* The first listed action after which undo stops at a roll. */
static gboolean
apply_a_roll (PenGame *game)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      g_autoptr(PenGame) copy = pen_game_copy (game);

      pen_game_set_undo_enabled (copy, TRUE);
      if (pen_game_apply (copy, action, NULL) && pen_game_get_undo_stop (copy) == PEN_UNDO_STOP_DICE
          && !pen_game_can_undo (copy))
        return pen_game_apply (game, action, NULL);
    }
  return FALSE;
}

static void
undo_stops (PenWindow *window,
            gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  GtkWidget *undo_button = pen_test_ui_child (window, PEN_TYPE_WINDOW, "undo_button");
  GtkWidget *redo_button = pen_test_ui_child (window, PEN_TYPE_WINDOW, "redo_button");
  const char *opened = g_dgettext (GETTEXT_PACKAGE, "The game was opened: undo goes back to here.");
  const char *rolled = g_dgettext (GETTEXT_PACKAGE, "The dice were rolled: undo goes back to here.");
  const char *no_redo = g_dgettext (GETTEXT_PACKAGE, "Nothing was undone since the last action: there is nothing to redo.");

  g_assert_nonnull (game);
  g_assert_false (pen_game_can_undo (game));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, opened);
  g_assert_true (gtk_widget_has_css_class (undo_button, "dim-label"));
  press_and_read (window, "ctrl+z", opened);

  g_assert_true (apply_a_roll (game));
  pen_test_ui_wait (200);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, rolled);
  press_and_read (window, "ctrl+z", rolled);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (redo_button), ==, no_redo);
  press_and_read (window, "ctrl+shift+z", no_redo);
}

static void
test_undo_window (void)
{
  g_autofree char *save = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v2.json", NULL);
  const char *files[] = { save, NULL };

  pen_test_ui_run_with_files (undo_stops, NULL, TIMEOUT_SECONDS, files);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/undo-window/says-why", test_undo_window);

  return g_test_run ();
}
