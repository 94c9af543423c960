/* bench-table.c: how long the window takes to show a changed table — from
 * the change to the first frame painted with it (rebuilt, laid out at the
 * window's scale, drawn) — at the window's size: a die placed and the
 * placement undone, over and over, on a mid-game save (what a player's
 * click costs), and a whole game opened; and the frame times while a die of
 * the supply is dragged over the whole table with the real pointer (each
 * frame from its "before-paint" to its "after-paint"). build-aux/bench-table.sh
 * runs it under Xvfb at 1280x800 and 1920x1080. Prints the mean, median, 95th
 * percentile and worst, in ms, and for a change also the median of the CPU
 * time the process used meanwhile: on a loaded machine, the figure that
 * other programs sharing the cores inflate least.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pen-test-ui.h"
#include "pen-game-view.h"
#include "pen-window.h"

#define DEFAULT_ROUNDS 60

typedef struct
{
  guint   rounds;
  int     width, height;
  GArray *ms;   /* double */
  GArray *cpu;  /* double: the CPU ms of each change timed */
  GArray *settled;  /* double: the ms until the view was settled, for openings */
} Bench;

static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1.0e6;
}

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

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

/* Prints the figures of @ms, and the median of @cpu if it has any; empties
 * both. */
static void
report (const char *what,
        GtkWidget  *window,
        GArray     *ms,
        GArray     *cpu)
{
  double sum = 0;
  guint n = ms->len;

  g_array_sort (ms, compare_doubles);
  for (guint i = 0; i < n; i++)
    sum += g_array_index (ms, double, i);
  g_print ("%s at %dx%d, %u times: mean %.1f ms, median %.1f ms, p95 %.1f ms, worst %.1f ms",
           what, gtk_widget_get_width (window), gtk_widget_get_height (window), n,
           sum / n, g_array_index (ms, double, n / 2),
           g_array_index (ms, double, (n * 95) / 100), g_array_index (ms, double, n - 1));
  if (cpu->len > 0)
    g_print (", CPU median %.1f ms", median (cpu));
  g_print ("\n");
  g_array_set_size (ms, 0);
  g_array_set_size (cpu, 0);
}

/* Runs @change, then the main loop until a frame is painted: its time and
 * the CPU time used, in ms, are added to @bench unless @warm_up. Then, if
 * the view is not settled yet (the earlier lines of a log laid out in the
 * next frame, pen-table-log.c), until it is and a frame is painted: that
 * time goes to @bench->settled. */
static void
time_change (PenWindow *window,
             void     (*change) (PenWindow *window, gpointer data),
             gpointer   data,
             Bench     *bench,
             gboolean   warm_up)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gboolean painted = FALSE;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_ms (), elapsed, cpu;

  PenGameView *view = pen_window_get_game_view (window);

  change (window, data);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  elapsed = (g_get_monotonic_time () - start) / 1000.0;
  cpu = cpu_ms () - cpu_start;
  if (!warm_up)
    {
      g_array_append_val (bench->ms, elapsed);
      g_array_append_val (bench->cpu, cpu);
    }
  if (!pen_game_view_is_settled (view))
    {
      while (!pen_game_view_is_settled (view))
        g_main_context_iteration (NULL, TRUE);
      painted = FALSE;
      while (!painted)
        g_main_context_iteration (NULL, TRUE);
      elapsed = (g_get_monotonic_time () - start) / 1000.0;
      if (!warm_up)
        g_array_append_val (bench->settled, elapsed);
    }
  g_signal_handler_disconnect (clock, handler);
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
    time_change (window, open_game, i % 2 == 0 ? second : first, bench, i < 2);
  report ("a game opened", GTK_WIDGET (window), bench->ms, bench->cpu);
  if (bench->settled->len > 0)
    g_print ("a game opened, until its whole log is laid out: median %.1f ms (%u times)\n",
             median (bench->settled), bench->settled->len);
  g_array_set_size (bench->settled, 0);
  /* Dice are placed in the first save whatever the number of rounds: the
   * second waits for the die a Rest effect takes back. */
  if (pen_window_get_game (window) != first)
    time_change (window, open_game, first, bench, TRUE);
  pen_game_set_undo_enabled (pen_window_get_game (window), TRUE);
  for (guint i = 0; i < bench->rounds + 2; i++)
    time_change (window, place_or_undo, NULL, bench, i < 2);
  report ("a die placed or its placement undone", GTK_WIDGET (window), bench->ms, bench->cpu);
  drag_over_the_table (window, bench->ms);
  report ("a frame while a die is dragged over the table", GTK_WIDGET (window), bench->ms, bench->cpu);
}
int
main (int   argc,
      char *argv[])
{
  const char *rounds = g_getenv ("PENUMBRA_BENCH_ROUNDS");
  const char *size = g_getenv ("PENUMBRA_BENCH_SIZE");
  Bench bench = { DEFAULT_ROUNDS, 0, 0, NULL, NULL, NULL };

  if (!pen_test_ui_init (&argc, &argv))
    return 77;
  if (rounds != NULL)
    bench.rounds = MAX (1, (guint) atoi (rounds));
  if (size != NULL && sscanf (size, "%dx%d", &bench.width, &bench.height) != 2)
    bench.width = bench.height = 0;
  bench.ms = g_array_new (FALSE, FALSE, sizeof (double));
  bench.cpu = g_array_new (FALSE, FALSE, sizeof (double));
  bench.settled = g_array_new (FALSE, FALSE, sizeof (double));
  pen_test_ui_run (bench_window, &bench, 600);
  g_array_unref (bench.ms);
  g_array_unref (bench.cpu);
  g_array_unref (bench.settled);
  return 0;
}
