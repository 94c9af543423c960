/* test-guided.c: the guided first game, under X11 (Xvfb) with the real
 * pointer (xdotool).
 *
 * 1. "Learn to Play" on the welcome page starts the guided game: the
 *    rulebook's first-game Fate deck against Emerald, on its fixed seed.
 *    Through its guided turns every moment has the guide's words and the
 *    coach's hint lit, and the hinted action is taken from the table with
 *    the pointer; then the guide says its last words and hints no more, and
 *    the game is played on to its end screen.
 * 2. "Skip the Guide" leaves the player alone at once; the main menu's
 *    "Learn to Play" starts the guided game again from its beginning.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-action-label.h"
#include "pen-game-view.h"
#include "pen-guide.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 480

static const char *
guide_text (PenWindow *window)
{
  return gtk_label_get_text (GTK_LABEL (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "guide_label")));
}

static gboolean
guide_shown (PenWindow *window)
{
  return gtk_widget_is_drawable (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "guide_box"));
}

/* No hint comes (one would within a second or so). */
static void
assert_no_hint (PenWindow *window)
{
  pen_test_ui_wait (2500);
  g_assert_false (pen_game_view_get_hint (pen_window_get_game_view (window), NULL));
}

static PenGame *
start_from_welcome (PenWindow *window)
{
  GtkWidget *learn = pen_test_ui_find_button (GTK_WIDGET (window), "_Learn to Play");
  PenGame *game;

  g_assert_nonnull (learn);
  g_assert_true (gtk_widget_is_drawable (learn));
  pen_test_ui_click (learn);
  pen_test_ui_settle (window);
  game = pen_window_get_game (window);
  g_assert_nonnull (game);
  return game;
}

/* 1. */
static void
guided_game (PenWindow *window,
             gpointer   data)
{
  PenGame *game = start_from_welcome (window);
  PenGameView *view = pen_window_get_game_view (window);
  guint n_hints = 0, n_actions = 0;

  g_assert_cmpstr (pen_game_get_automa_id (game), ==, "emerald");
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 0);
  g_assert_true (pen_game_view_get_guided (view));
  while (!pen_guide_is_over (game))
    {
      PenCoachAdvice advice;

      /* The Automa's turn just taken is told first (the guide says to
       * follow it); the player then shows it whole and plays on. */
      pen_test_ui_skip_narration (window, TRUE);
      g_assert_true (guide_shown (window));
      g_assert_cmpstr (guide_text (window), ==, pen_guide_describe (game));
      g_assert_true (pen_test_ui_wait_for_hint (window, &advice));
      g_assert_true (pen_game_check_action (game, &advice.action, NULL));
      if (n_hints == 2)
        pen_test_ui_screenshot ("guided");
      g_assert_true (pen_test_ui_take_action (window, &advice.action, TRUE));
      n_hints++;
      g_assert_cmpuint (n_hints, <, 200);
    }
  g_test_message ("%u guided steps", n_hints);
  pen_test_ui_skip_narration (window, TRUE);
  /* Its last words, and the player alone. */
  g_assert_false (pen_game_view_get_guided (view));
  g_assert_true (guide_shown (window));
  g_assert_cmpstr (guide_text (window), ==, pen_guide_describe (game));
  assert_no_hint (window);

  while (!pen_game_is_over (game))
    {
      pen_test_ui_take_first (window);
      n_actions++;
      g_assert_cmpuint (n_actions, <, 2000);
    }
  g_test_message ("then %u actions to the end", n_actions);
  pen_test_ui_wait (300);
  g_assert_true (gtk_widget_is_drawable (pen_test_ui_find_named (GTK_WIDGET (view), "score-total-player")));
}

/* 2. */
static void
skip_and_restart (PenWindow *window,
                  gpointer   data)
{
  PenGame *game = start_from_welcome (window);
  PenGameView *view = pen_window_get_game_view (window);
  GtkWidget *skip = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "guide_button");
  g_autoptr(GArray) actions = NULL;

  g_assert_true (pen_game_view_get_guided (view));
  pen_test_ui_click (skip);
  pen_test_ui_iterate ();
  g_assert_false (pen_game_view_get_guided (view));
  g_assert_false (guide_shown (window));
  /* Played on a step: still alone. */
  actions = pen_game_list_distinct_actions (game);
  g_assert_true (pen_test_ui_take_action (window, &g_array_index (actions, PenAction, 0), TRUE));
  assert_no_hint (window);

  /* From the start again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn", NULL);
  pen_test_ui_settle (window);
  game = pen_window_get_game (window);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 0);
  g_assert_true (pen_game_view_get_guided (view));
  g_assert_true (guide_shown (window));
  g_assert_true (pen_test_ui_wait_for_hint (window, NULL));
}

static void
test_guided_game (void)
{
  pen_test_ui_run (guided_game, NULL, TIMEOUT_SECONDS);
}

static void
test_skip_and_restart (void)
{
  pen_test_ui_run (skip_and_restart, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/guided/first-game-to-end", test_guided_game);
  g_test_add_func ("/guided/skip-and-restart", test_skip_and_restart);

  return g_test_run ();
}
