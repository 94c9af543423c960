/* test-coach-review.c: the coach's review on the end screen, in the window
 * under X11 (Xvfb). Issue 41, "an end screen that teaches":
 *
 * 1. /coach-review/done: "the three to five decisions of the player that
 *    cost the most, each with the position, what was played, what the coach
 *    would have played and the points it expected of each, and a click that
 *    opens Review Game at that action". From a save one action before the
 *    end (tests/common/saves/automa-last-turn.json), the last action played
 *    on the table; the review asked for with the pointer runs to its end; it
 *    shows 3 to 5 rows, the decisions pen_review_game() finds on the same
 *    game (the same seed: the same review), each row saying the save's
 *    action at its index as played, the engine's suggestion and its points,
 *    its "Show" aimed at that index; "Show" opens Review Game on the game
 *    before that action (as many actions as its index); closing Review Game
 *    brings the end back with the review still there.
 * 2. /coach-review/cancel: "it runs off the main thread with progress and
 *    can be cancelled": started then cancelled, the section says so, the
 *    thread's late answer is ignored, "Run It Again" runs it to its end;
 *    started then another game set (New Game, Open), it is dropped with
 *    nothing shown for the new game; started and the window closed, nothing
 *    touches the widgets gone (G_DEBUG=fatal-criticals).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-game-view.h"
#include "pen-review.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 180
#define REVIEW_SECONDS 60

static void
set_window_size (int width,
                 int height)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");

  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
}

static GtkWidget *
view_widget (PenWindow *window)
{
  return GTK_WIDGET (pen_window_get_game_view (window));
}

static GtkWidget *
named (PenWindow  *window,
       const char *name)
{
  return pen_test_ui_find_named (view_widget (window), name);
}

static GtkWidget *
row (PenWindow *window,
     guint      n)
{
  g_autofree char *name = g_strdup_printf ("coach-review-row-%u", n);

  return named (window, name);
}

static guint
n_rows (PenWindow *window)
{
  guint n = 0;

  while (row (window, n) != NULL)
    n++;
  return n;
}

/* The last action of the save (the Automa's turn) taken on the table, its
 * telling skipped: the end screen. */
static void
play_to_end (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  PenAction automa_turn;

  g_assert_nonnull (game);
  g_assert_false (pen_game_is_over (game));
  pen_test_ui_settle (window);
  pen_action_init (&automa_turn, PEN_ACTION_AUTOMA_TURN);
  g_assert_true (pen_test_ui_take_action (window, &automa_turn, TRUE));
  pen_test_ui_skip_narration (window, TRUE);
  pen_test_ui_settle (window);
  g_assert_true (pen_game_is_over (game));
}

static void
wait_for_rows (PenWindow *window)
{
  gint64 until = g_get_monotonic_time () + REVIEW_SECONDS * G_USEC_PER_SEC;

  while (row (window, 0) == NULL)
    {
      if (g_get_monotonic_time () > until)
        {
          pen_test_ui_screenshot ("coach-review-failed");
          g_error ("the coach's review showed nothing within %d seconds", REVIEW_SECONDS);
        }
      pen_test_ui_iterate ();
      g_usleep (1000);
    }
  pen_test_ui_settle (window);
}

static const char *
label_text (GtkWidget  *row_widget,
            const char *name)
{
  GtkWidget *label = pen_test_ui_find_named (row_widget, name);

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* The side pane's width, by its score's: the review's pages must not widen
 * it (a wrapped text measured on one line did: the table shrank). */
static int
pane_width (PenWindow *window)
{
  GtkWidget *total = pen_test_ui_find_named (view_widget (window), "score-total-player");

  g_assert_nonnull (total);
  pen_test_ui_settle (window);
  return gtk_widget_get_width (gtk_widget_get_ancestor (total, GTK_TYPE_GRID));
}

static guint
show_target (GtkWidget *row_widget)
{
  GtkWidget *show = pen_test_ui_find_named (row_widget, "coach-review-show");
  GVariant *target;

  g_assert_nonnull (show);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (show)), ==, "win.review-at");
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (show));
  g_assert_true (g_variant_is_of_type (target, G_VARIANT_TYPE_UINT32));
  return g_variant_get_uint32 (target);
}

/* ---- The review run to its end, and a decision shown ---------------------- */

static void
review_done (PenWindow *window,
             gpointer   data)
{
  PenGame *game;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) expected = NULL;
  GtkWidget *start;
  guint n, shown_index;
  int width;

  play_to_end (window);
  width = pane_width (window);
  game = pen_window_get_game (window);
  start = named (window, "coach-review-start");
  g_assert_nonnull (start);
  g_assert_true (gtk_widget_is_drawable (start));
  g_assert_true (gtk_widget_is_drawable (pen_test_ui_find_named (view_widget (window), "score-total-player")));

  /* The engine's review of the same game, here: the same seed, the same review. */
  expected = pen_review_game (game, pen_review_default_player (game), &pen_coach_review, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (expected);

  pen_test_ui_click (start);
  wait_for_rows (window);
  n = n_rows (window);
  g_test_message ("%u decisions in the coach's review", n);
  g_assert_cmpuint (n, >=, PEN_REVIEW_MIN_DECISIONS);
  g_assert_cmpuint (n, <=, PEN_REVIEW_MAX_DECISIONS);
  g_assert_cmpuint (n, ==, expected->len);

  for (guint i = 0; i < n; i++)
    {
      const PenReviewDecision *decision = &g_array_index (expected, PenReviewDecision, i);
      GtkWidget *row_widget = row (window, i);
      g_autoptr(PenGame) position = pen_game_replay (game, decision->index, &error);
      g_autofree char *saved_label = NULL;
      g_autofree char *suggested_label = NULL;
      g_autofree char *played_points = g_strdup_printf ("%.1f", ABS (decision->played_points));
      g_autofree char *suggested_points = g_strdup_printf ("%.1f", ABS (decision->suggested_points));
      const char *played_text = label_text (row_widget, "coach-review-played");
      const char *suggested_text = label_text (row_widget, "coach-review-suggested");

      g_assert_no_error (error);
      g_assert_true (gtk_widget_is_drawable (row_widget) || i > 0);
      /* Aimed at the decision's action, the engine's index. */
      g_assert_cmpuint (show_target (row_widget), ==, decision->index);
      g_assert_cmpuint (decision->index, <, pen_game_get_n_history (game));
      /* What was played is the save's action at that index... */
      g_assert_true (pen_action_equal (&decision->played, pen_game_get_action (game, decision->index)));
      saved_label = pen_action_label (position, pen_game_get_action (game, decision->index));
      g_test_message ("%s | %s", played_text, suggested_text);
      g_assert_nonnull (strstr (played_text, saved_label));
      g_assert_nonnull (strstr (played_text, played_points));
      /* ...and the suggestion the engine's, with its points. */
      suggested_label = pen_action_label (position, &decision->suggested);
      g_assert_nonnull (strstr (suggested_text, suggested_label));
      g_assert_nonnull (strstr (suggested_text, suggested_points));
    }
  g_assert_cmpint (pane_width (window), ==, width);
  pen_test_ui_screenshot ("coach-review");

  /* "Show" opens Review Game at the decision: the game before its action. */
  shown_index = show_target (row (window, 1));
  pen_test_ui_click (pen_test_ui_find_named (row (window, 1), "coach-review-show"));
  pen_test_ui_settle (window);
  g_assert_true (gtk_action_bar_get_revealed (GTK_ACTION_BAR (pen_test_ui_child (window, PEN_TYPE_WINDOW, "review_bar"))));
  g_assert_true (pen_game_view_get_game (pen_window_get_game_view (window)) != game);
  g_assert_cmpuint (pen_game_get_n_history (pen_game_view_get_game (pen_window_get_game_view (window))), ==, shown_index);
  g_assert_false (gtk_widget_is_drawable (row (window, 0)));

  /* Back from Review Game: the end, its review kept. */
  g_assert_true (gtk_widget_activate_action (view_widget (window), "review.close", NULL));
  pen_test_ui_settle (window);
  g_assert_false (gtk_action_bar_get_revealed (GTK_ACTION_BAR (pen_test_ui_child (window, PEN_TYPE_WINDOW, "review_bar"))));
  g_assert_true (pen_game_view_get_game (pen_window_get_game_view (window)) == game);
  g_assert_cmpuint (n_rows (window), ==, n);
  g_assert_true (gtk_widget_is_drawable (row (window, 0)));
}

static void
test_done (void)
{
  g_autofree char *save = g_test_build_filename (G_TEST_DIST, "common", "saves", "automa-last-turn.json", NULL);
  const char *files[] = { save, NULL };

  set_window_size (1280, 800);
  pen_test_ui_run_with_files (review_done, NULL, TIMEOUT_SECONDS, files);
}

/* ---- Cancelled, dropped with its game, left running at the close ---------- */

static const char *
visible_page (PenWindow *window)
{
  GtkWidget *stack = gtk_widget_get_ancestor (named (window, "coach-review-progress"), GTK_TYPE_STACK);

  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

/* A click at once, with no turn of the main loop in which the review's
 * thread could answer (a button's activation waits). */
static void
click_now (GtkWidget *button)
{
  g_assert_true (GTK_IS_BUTTON (button));
  g_signal_emit_by_name (button, "clicked");
}

static void
review_cancelled (PenWindow *window,
                  gpointer   data)
{
  g_autoptr(PenGame) ended = NULL;
  g_autoptr(PenGame) fresh = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *again;
  int width;

  play_to_end (window);
  width = pane_width (window);
  ended = pen_game_copy (pen_window_get_game (window));
  g_assert_cmpstr (visible_page (window), ==, "start");

  /* Started, then cancelled before its thread can answer. */
  click_now (named (window, "coach-review-start"));
  g_assert_cmpstr (visible_page (window), ==, "running");
  g_assert_true (gtk_widget_get_visible (named (window, "coach-review-progress")));
  click_now (named (window, "coach-review-cancel"));
  g_assert_cmpstr (visible_page (window), ==, "stopped");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (named (window, "coach-review-message"))), ==,
                   _("The review was cancelled."));
  again = named (window, "coach-review-again");
  g_assert_true (gtk_widget_get_visible (again));
  /* Whatever the thread answers is not shown. */
  pen_test_ui_wait (2000);
  g_assert_cmpstr (visible_page (window), ==, "stopped");
  g_assert_cmpuint (n_rows (window), ==, 0);
  pen_test_ui_settle (window);
  g_assert_true (gtk_widget_is_drawable (again));
  g_assert_cmpint (pane_width (window), ==, width);
  pen_test_ui_screenshot ("coach-review-cancelled");

  /* Run again, to its end. */
  pen_test_ui_click (again);
  wait_for_rows (window);
  g_assert_cmpstr (visible_page (window), ==, "done");
  g_assert_cmpuint (n_rows (window), >=, PEN_REVIEW_MIN_DECISIONS);

  /* Another game on the table while it runs (New Game, Open): dropped. The
   * ended game opened again offers the review anew. */
  g_assert_true (pen_window_set_game (window, ended));
  pen_test_ui_settle (window);
  g_assert_cmpstr (visible_page (window), ==, "start");
  g_assert_cmpuint (n_rows (window), ==, 0);
  click_now (named (window, "coach-review-start"));
  g_assert_cmpstr (visible_page (window), ==, "running");
  fresh = pen_game_new_solo (7, "jasper", 1, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (pen_window_set_game (window, fresh));
  pen_test_ui_wait (2000);
  pen_test_ui_settle (window);
  g_assert_false (gtk_widget_is_drawable (named (window, "coach-review-progress")));
  g_assert_cmpstr (visible_page (window), ==, "start");
  g_assert_cmpuint (n_rows (window), ==, 0);

  /* Started and left running as the window closes (the end of the body). */
  g_assert_true (pen_window_set_game (window, ended));
  pen_test_ui_settle (window);
  click_now (named (window, "coach-review-start"));
  g_assert_cmpstr (visible_page (window), ==, "running");
}

static void
test_cancel (void)
{
  g_autofree char *save = g_test_build_filename (G_TEST_DIST, "common", "saves", "automa-last-turn.json", NULL);
  const char *files[] = { save, NULL };

  set_window_size (1280, 800);
  pen_test_ui_run_with_files (review_cancelled, NULL, TIMEOUT_SECONDS, files);
  /* The thread's answer, if it comes after the window, touches nothing. */
  for (guint i = 0; i < 200; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/coach-review/done", test_done);
  g_test_add_func ("/coach-review/cancel", test_cancel);
  return g_test_run ();
}
