/* test-soak.c: 1,000 random clicks and drags with the real pointer (xdotool)
 * on the window, under Xvfb: no critical, no warning, no crash. Every
 * warning and critical fails the test, except two messages GTK 4.8 logs
 * from inside its own event handling and drawing ("Broken accounting of
 * active state", "Trying to snapshot GtkGizmo … without a current
 * allocation": known GTK bugs, see HACKING.md), which are counted and
 * reported.
 *
 * A seeded solo game is on the table. Each step is, at random: a click on a
 * button or anywhere in the window below the header bar (the header's menu
 * would open file choosers and quit), a drag of a die of the supply onto a
 * random cell, or a drag between two random points. Dialogs the clicks open (New Game at
 * the end of a game, popovers) get clicks too; one still open after 25 steps
 * is closed. The game is checked against its invariants every 50 steps.
 * PENUMBRA_SOAK_STEPS and PENUMBRA_SOAK_SEED change the size and the seed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-game-view.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 1400
/* Messages GTK 4.8 logs from inside its own event handling and drawing
 * (known GTK bugs, fixed in later GTK; see HACKING.md). */
static const char *gtk_known_warnings[] = {
  "Broken accounting of active state for widget",
  "Trying to snapshot GtkGizmo",
};

static guint n_known_warnings;

/* Warnings and criticals are fatal, with the known messages of GTK's let
 * through (counted). */
static GLogWriterOutput
log_writer_cb (GLogLevelFlags   level,
               const GLogField *fields,
               gsize            n_fields,
               gpointer         user_data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    {
      if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
        domain = fields[i].value;
      else if (g_str_equal (fields[i].key, "MESSAGE"))
        message = fields[i].value;
    }
  if ((level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) == 0)
    return g_log_writer_default (level, fields, n_fields, user_data);
  for (guint i = 0; i < G_N_ELEMENTS (gtk_known_warnings); i++)
    if (g_strcmp0 (domain, "Gtk") == 0 && message != NULL && g_str_has_prefix (message, gtk_known_warnings[i]))
      {
        n_known_warnings++;
        return G_LOG_WRITER_HANDLED;
      }
  g_log_writer_default (level, fields, n_fields, user_data);
  g_error ("a warning or critical during the soak (above)");
  return G_LOG_WRITER_HANDLED;
}
#define DEFAULT_STEPS 1000

typedef struct
{
  guint    steps;
  guint32  seed;
  guint    clicks;
  guint    die_drags;
  guint    free_drags;
  guint    actions;
} Soak;

/* The widgets named "PREFIX…" under @widget. */
static void
collect_named (GtkWidget  *widget,
               const char *prefix,
               GPtrArray  *found)
{
  const char *name = gtk_widget_get_name (widget);

  if (name != NULL && g_str_has_prefix (name, prefix) && gtk_widget_is_drawable (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_named (child, prefix, found);
}

static void
random_point (GRand     *rand,
              GtkWidget *area,
              int       *x,
              int       *y)
{
  pen_test_ui_screen_point (area, g_rand_double_range (rand, 0, gtk_widget_get_width (area)),
                            g_rand_double_range (rand, 0, gtk_widget_get_height (area)), x, y);
}

/* A drag with the pointer between two screen points: one xdotool run, with
 * pauses between the motions (the main loop runs meanwhile). */
static void
drag_points (int x0,
             int y0,
             int x1,
             int y1)
{
  pen_test_ui_xdotool ("mousemove %d %d sleep 0.02 mousedown 1 sleep 0.02 "
                       "mousemove %d %d sleep 0.02 mousemove %d %d sleep 0.02 mousemove %d %d sleep 0.02 "
                       "mousemove %d %d sleep 0.03 mouseup 1",
                       x0, y0, x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4, x0 + (x1 - x0) / 2, y0 + (y1 - y0) / 2,
                       x1, y1, x1 + 1, y1 + 1);
  pen_test_ui_wait (20);
}

/* The buttons that can be clicked now. */
static void
collect_buttons (GtkWidget *widget,
                 GPtrArray *found)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_is_drawable (widget) && gtk_widget_is_sensitive (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_buttons (child, found);
}

/* Closes every window but the main one (dialogs a click opened). */
static guint
close_other_windows (PenWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint closed = 0;

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i - 1);

      if (other != GTK_WINDOW (window) && gtk_widget_get_visible (GTK_WIDGET (other)))
        {
          gtk_window_close (other);
          closed++;
        }
    }
  return closed;
}

static guint
n_other_windows (PenWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

      if (other != GTK_WINDOW (window) && gtk_widget_get_visible (GTK_WIDGET (other)))
        n++;
    }
  return n;
}

static void
soak_window (PenWindow *window,
             gpointer   data)
{
  Soak *soak = data;
  g_autoptr(GRand) rand = g_rand_new_with_seed (soak->seed);
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *content = pen_test_ui_child (window, PEN_TYPE_WINDOW, "main_stack");
  guint dialog_steps = 0;

  game = pen_game_new_solo (soak->seed, "jasper", -1, FALSE, &error);
  g_assert_no_error (error);
  pen_window_set_game (window, game);
  pen_test_ui_wait (200);

  for (guint step = 0; step < soak->steps; step++)
    {
      PenGame *current = pen_window_get_game (window);
      guint before = current != NULL ? pen_game_get_n_history (current) : 0;
      double kind = g_rand_double (rand);
      int x0, y0, x1, y1;

      if (kind < 0.6)
        {
          g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

          /* Half on a button of the window, half anywhere. */
          collect_buttons (content, buttons);
          if (kind < 0.3 && buttons->len > 0)
            {
              GtkWidget *button = g_ptr_array_index (buttons, g_rand_int_range (rand, 0, buttons->len));

              pen_test_ui_screen_point (button, g_rand_double_range (rand, 1, MAX (gtk_widget_get_width (button) - 1, 2)),
                                        g_rand_double_range (rand, 1, MAX (gtk_widget_get_height (button) - 1, 2)),
                                        &x0, &y0);
            }
          else
            random_point (rand, content, &x0, &y0);
          pen_test_ui_xdotool ("mousemove %d %d sleep 0.02 click 1", x0, y0);
          pen_test_ui_wait (20);
          soak->clicks++;
        }
      else
        {
          g_autoptr(GPtrArray) dice = g_ptr_array_new ();
          g_autoptr(GPtrArray) cells = g_ptr_array_new ();

          collect_named (content, "die-", dice);
          collect_named (content, "cell-", cells);
          if (kind < 0.85 && dice->len > 0 && cells->len > 0)
            {
              GtkWidget *die = g_ptr_array_index (dice, g_rand_int_range (rand, 0, dice->len));
              GtkWidget *cell = g_ptr_array_index (cells, g_rand_int_range (rand, 0, cells->len));

              pen_test_ui_screen_point (die, gtk_widget_get_width (die) / 2.0, gtk_widget_get_height (die) / 2.0, &x0, &y0);
              pen_test_ui_screen_point (cell, gtk_widget_get_width (cell) / 2.0, gtk_widget_get_height (cell) / 2.0, &x1, &y1);
              soak->die_drags++;
            }
          else
            {
              random_point (rand, content, &x0, &y0);
              random_point (rand, content, &x1, &y1);
              soak->free_drags++;
            }
          drag_points (x0, y0, x1, y1);
        }

      current = pen_window_get_game (window);
      if (current != NULL && pen_game_get_n_history (current) != before)
        soak->actions++;
      if (n_other_windows (window) > 0 && ++dialog_steps >= 25)
        {
          close_other_windows (window);
          dialog_steps = 0;
          pen_test_ui_wait (50);
        }
      if (step % 50 == 49 && current != NULL && !pen_game_check_invariants (current, &error))
        g_error ("step %u: %s", step + 1, error->message);
    }
  close_other_windows (window);
  pen_test_ui_iterate ();
}

static void
test_soak (void)
{
  Soak soak = { DEFAULT_STEPS, 1 };
  const char *steps = g_getenv ("PENUMBRA_SOAK_STEPS");
  const char *seed = g_getenv ("PENUMBRA_SOAK_SEED");

  if (steps != NULL)
    soak.steps = (guint) g_ascii_strtoull (steps, NULL, 10);
  if (seed != NULL)
    soak.seed = (guint32) g_ascii_strtoull (seed, NULL, 10);
  pen_test_ui_run (soak_window, &soak, TIMEOUT_SECONDS);
  g_print ("# %u steps (seed %u): %u clicks, %u drags of a die onto a cell, %u other drags; %u changed the game; "
           "GTK's known warnings %u times\n",
           soak.steps, soak.seed, soak.clicks, soak.die_drags, soak.free_drags, soak.actions, n_known_warnings);
  g_assert_cmpuint (soak.clicks + soak.die_drags + soak.free_drags, ==, soak.steps);
  /* The clicks did play: a soak that never reached the game would prove nothing. */
  g_assert_cmpuint (soak.actions, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;
  /* gtk_test_init() made warnings fatal before any writer sees them: the
   * writer decides instead. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_writer_func (log_writer_cb, NULL, NULL);

  g_test_add_func ("/soak/random-clicks-and-drags", test_soak);

  return g_test_run ();
}
