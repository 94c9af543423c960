/* bench-table.c: how long the window takes to show a changed table — from
 * the change to the first frame painted with it (rebuilt, laid out at the
 * window's scale, drawn) — at the window's size: a die placed and the
 * placement undone, over and over, on a mid-game save (what a player's
 * click costs), and a whole game opened; and the frame times while a die of
 * the supply is dragged over the whole table with the real pointer (each
 * frame from its "before-paint" to its "after-paint"). build-aux/bench-table.sh
 * runs it under Xvfb at 1280x800 and 1920x1080. Prints the mean, median, 95th
 * percentile and worst, in ms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>

#include "pen-test-ui.h"
#include "pen-window.h"

#define DEFAULT_ROUNDS 60

typedef struct
{
  guint   rounds;
  int     width, height;
  GArray *ms;   /* double */
} Bench;

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

static PenGame *
load_save (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", name, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  PenGame *game;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  game = pen_game_new_from_json (json_parser_get_root (parser), &error);
  g_assert_no_error (error);
  return game;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char *what,
        GtkWidget  *window,
        GArray     *ms)
{
  double sum = 0;
  guint n = ms->len;

  g_array_sort (ms, compare_doubles);
  for (guint i = 0; i < n; i++)
    sum += g_array_index (ms, double, i);
  g_print ("%s at %dx%d, %u times: mean %.1f ms, median %.1f ms, p95 %.1f ms, worst %.1f ms\n",
           what, gtk_widget_get_width (window), gtk_widget_get_height (window), n,
           sum / n, g_array_index (ms, double, n / 2),
           g_array_index (ms, double, (n * 95) / 100), g_array_index (ms, double, n - 1));
  g_array_set_size (ms, 0);
}

/* Runs @change, then the main loop until a frame is painted: its time in
 * ms is added to @ms unless @warm_up. */
static void
time_change (PenWindow *window,
             void     (*change) (PenWindow *window, gpointer data),
             gpointer   data,
             GArray    *ms,
             gboolean   warm_up)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gboolean painted = FALSE;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
  gint64 start = g_get_monotonic_time ();
  double elapsed;

  change (window, data);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
  elapsed = (g_get_monotonic_time () - start) / 1000.0;
  if (!warm_up)
    g_array_append_val (ms, elapsed);
}

static void
open_game (PenWindow *window,
           gpointer   data)
{
  pen_window_set_game (window, data);
}

static void
place_or_undo (PenWindow *window,
               gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  g_autoptr(GError) error = NULL;

  gboolean done;

  if (pen_game_can_undo (game))
    done = pen_game_undo (game, &error);
  else
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      guint i = 0;

      while (i < actions->len && g_array_index (actions, PenAction, i).type != PEN_ACTION_PLACE)
        i++;
      g_assert_cmpuint (i, <, actions->len);
      done = pen_game_apply (game, &g_array_index (actions, PenAction, i), &error);
    }
  g_assert_no_error (error);
  g_assert_true (done);
}

typedef struct
{
  gint64  start;
  GArray *ms;
} Frames;

static void
frame_start_cb (GdkFrameClock *clock,
                Frames        *frames)
{
  frames->start = g_get_monotonic_time ();
}

static void
frame_end_cb (GdkFrameClock *clock,
              Frames        *frames)
{
  double ms;

  if (frames->start == 0)
    return;
  ms = (g_get_monotonic_time () - frames->start) / 1000.0;
  g_array_append_val (frames->ms, ms);
  frames->start = 0;
}

/* Die 0 of the supply dragged with the real pointer in a zigzag over the
 * whole table and dropped back where it started (nothing changes). */
static void
drag_over_the_table (PenWindow *window,
                     GArray    *ms)
{
  GtkWidget *die = pen_test_ui_find_named (GTK_WIDGET (window), "die-0");
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  Frames frames = { 0, ms };
  gulong started, ended;
  int x0, y0, x, y, width = gtk_widget_get_width (GTK_WIDGET (window)), height = gtk_widget_get_height (GTK_WIDGET (window));

  g_assert_nonnull (die);
  pen_test_ui_screen_point (die, gtk_widget_get_width (die) / 2.0, gtk_widget_get_height (die) / 2.0, &x0, &y0);
  pen_test_ui_screen_point (GTK_WIDGET (window), 0, 0, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x0, y0);
  pen_test_ui_wait (100);
  pen_test_ui_xdotool ("mousedown 1");
  pen_test_ui_wait (50);
  pen_test_ui_xdotool ("mousemove %d %d", x0 + 10, y0 - 10);
  pen_test_ui_wait (200);
  started = g_signal_connect (clock, "before-paint", G_CALLBACK (frame_start_cb), &frames);
  ended = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_end_cb), &frames);
  for (int step = 0; step < 120; step++)
    {
      int row = step / 20, column = row % 2 == 0 ? step % 20 : 19 - step % 20;

      pen_test_ui_xdotool ("mousemove %d %d", x + width * (column + 1) / 22, y + height * (row + 1) / 7);
      pen_test_ui_wait (16);
    }
  g_signal_handler_disconnect (clock, started);
  g_signal_handler_disconnect (clock, ended);
  pen_test_ui_xdotool ("mousemove %d %d", x0, y0);
  pen_test_ui_wait (100);
  pen_test_ui_xdotool ("mouseup 1");
  pen_test_ui_wait (300);
}

static void
bench_window (PenWindow *window,
              gpointer   data)
{
  Bench *bench = data;
  g_autoptr(PenGame) first = load_save ("mid-game-v1.json");
  g_autoptr(PenGame) second = load_save ("mid-game-v2.json");

  /* PENUMBRA_BENCH_SIZE=WIDTHxHEIGHT (build-aux/bench-table.sh sets it). */
  if (bench->width > 0)
    gtk_window_set_default_size (GTK_WINDOW (window), bench->width, bench->height);
  pen_test_ui_wait (1000);

  /* The first rounds build the caches (textures, fonts): not counted. */
  for (guint i = 0; i < bench->rounds + 2; i++)
    time_change (window, open_game, i % 2 == 0 ? second : first, bench->ms, i < 2);
  report ("a game opened", GTK_WIDGET (window), bench->ms);
  /* Dice are placed in the first save whatever the number of rounds: the
   * second waits for the die a Rest effect takes back. */
  if (pen_window_get_game (window) != first)
    time_change (window, open_game, first, bench->ms, TRUE);
  pen_game_set_undo_enabled (pen_window_get_game (window), TRUE);
  for (guint i = 0; i < bench->rounds + 2; i++)
    time_change (window, place_or_undo, NULL, bench->ms, i < 2);
  report ("a die placed or its placement undone", GTK_WIDGET (window), bench->ms);
  drag_over_the_table (window, bench->ms);
  report ("a frame while a die is dragged over the table", GTK_WIDGET (window), bench->ms);
}
int
main (int   argc,
      char *argv[])
{
  const char *rounds = g_getenv ("PENUMBRA_BENCH_ROUNDS");
  const char *size = g_getenv ("PENUMBRA_BENCH_SIZE");
  Bench bench = { DEFAULT_ROUNDS, 0, 0, NULL };

  if (!pen_test_ui_init (&argc, &argv))
    return 77;
  if (rounds != NULL)
    bench.rounds = MAX (1, (guint) atoi (rounds));
  if (size != NULL && sscanf (size, "%dx%d", &bench.width, &bench.height) != 2)
    bench.width = bench.height = 0;
  bench.ms = g_array_new (FALSE, FALSE, sizeof (double));
  pen_test_ui_run (bench_window, &bench, 600);
  g_array_unref (bench.ms);
  return 0;
}
