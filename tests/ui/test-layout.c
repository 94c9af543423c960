/* test-layout.c: the table at a glance, read through the layout dump
 * (PENUMBRA_LAYOUT_DUMP, HACKING.md), under X11 (Xvfb). A mid-game save is
 * opened as `penumbra FILE` does:
 * 1. at 1280×800 every die, Mark cell, Equipment cell, location cell, Trial,
 *    Contract, card (the markets' and the player's), Prophecy or Goal in play
 *    and the Automa's mat is showing: in the window, none scrolled away;
 * 2. at 1920×1080 the same pieces are all showing and at least 1.2× larger
 *    (their area 1.2² times): a larger window makes the pieces larger. Areas,
 *    not widths: a Mark cell's effect wraps less in a wider cell, so a piece
 *    may grow more in one direction than in the other;
 * 3. at both sizes the pieces take their size from the layout, not from a
 *    scale: no widget of the table is drawn through a transform other than a
 *    move, and every die and symbol is drawn 1:1 (its art's zoom is the
 *    scale factor); the table's scale is larger at 1920×1080;
 * 4. at 1280×800 market cards are at least 40 px tall, location and Mark
 *    cells at least 32 px; at 1280×800, 1600×1000 and 1920×1080 no empty
 *    band wider than a market card and taller than 8 % of the window is left
 *    on the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "pen-art.h"
#include "pen-art-view.h"
#include "pen-die-view.h"
#include "pen-table-layout.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50

/* The window's widget is its surface less the shadow around it. */
#define SHADOW 10

/* The pieces checked, and how few of each the mid-game save has at least. */
static const struct
{
  const char *kind;
  guint       at_least;
} pieces[] = {
  { "die", 2 },              /* the two supply dice, and those on the cells */
  { "mark-cell", 22 },       /* yours and the Automa's */
  { "equipment-cell", 4 },
  { "location-cell", 40 },
  { "trial", 2 },
  { "contract", 4 },
  { "card", 12 },            /* the six markets' and yours */
  { "fate-card", 3 },
  { "automa", 1 },
};

typedef struct
{
  int         width, height;  /* of the window's surface, asked for */
  double      scale;          /* the table's (pen-table-layout.c) */
  graphene_rect_t table;      /* the table's place in the window */
  GHashTable *objects;        /* "kind/id" → JsonObject of the dump */
  JsonNode   *root;
} Layout;

static char *
dump_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "layout.json", NULL);
}

/* No widget under @widget is drawn through a scale or a turn, and its art
 * is drawn at its size on the screen; returns how many art widgets. */
static guint
assert_drawn_1_to_1 (GtkWidget *widget,
                     GtkWidget *root)
{
  graphene_matrix_t matrix;
  guint n_art = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  g_assert_true (gtk_widget_compute_transform (widget, root, &matrix));
  if (!graphene_matrix_is_2d (&matrix) || graphene_matrix_get_x_scale (&matrix) != 1
      || graphene_matrix_get_y_scale (&matrix) != 1)
    g_error ("%s (%s) is drawn through a scale", G_OBJECT_TYPE_NAME (widget), gtk_widget_get_name (widget));
  if (PEN_IS_DIE_VIEW (widget) || PEN_IS_ART_VIEW (widget))
    {
      g_assert_cmpfloat (pen_art_zoom (widget), ==, gtk_widget_get_scale_factor (widget));
      n_art++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_NATIVE (child))
      n_art += assert_drawn_1_to_1 (child, root);
  return n_art;
}

static void
read_layout (PenWindow *window,
             gpointer   data)
{
  Layout *layout = data;
  JsonObject *root;
  JsonArray *objects;

  g_assert_nonnull (pen_window_get_game (window));
  /* The window's own size, even beyond the screen's (GTK keeps a new
   * window within the monitor). */
  pen_test_ui_xdotool ("windowsize %lu %d %d",
                       (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                       layout->width, layout->height);
  {
    /* In a window of about its width (the surface less its shadow). */
    g_autofree char *size = g_strdup_printf ("\"width\" : %d", layout->width - SHADOW);
    g_autofree char *path = dump_path ();

    layout->root = pen_test_ui_settled_dump (path, size);
  }
  {
    GtkWidget *table = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "table_holder");

    g_assert_cmpuint (assert_drawn_1_to_1 (table, GTK_WIDGET (window)), >=, 60);
    layout->scale = pen_table_layout_get_scale (PEN_TABLE_LAYOUT (gtk_widget_get_layout_manager (table)));
    g_assert_true (gtk_widget_compute_bounds (table, GTK_WIDGET (window), &layout->table));
  }
  root = json_node_get_object (layout->root);
  layout->objects = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  objects = json_object_get_array_member (root, "objects");
  for (guint i = 0; i < json_array_get_length (objects); i++)
    {
      JsonObject *object = json_array_get_object_element (objects, i);

      g_hash_table_insert (layout->objects,
                           g_strdup_printf ("%s/%s", json_object_get_string_member (object, "kind"),
                                            json_object_get_string_member (object, "id")),
                           object);
    }

}

/* The mid-game save, copied into the data folder: the file to start on. */
static char *
copy_mid_game (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  char *path = g_build_filename (g_get_user_data_dir (), "mid-game.penumbra", NULL);
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (fixture, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* Opens the mid-game save in a window of @width × @height. */
static void
open_at (Layout *layout,
         int     width,
         int     height)
{
  g_autofree char *path = copy_mid_game ();
  g_autofree char *dump = dump_path ();
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");
  const char *files[] = { path, NULL };

  layout->width = width;
  layout->height = height;
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  g_unlink (dump);
  g_setenv ("PENUMBRA_LAYOUT_DUMP", dump, TRUE);
  pen_test_ui_run_with_files (read_layout, layout, TIMEOUT_SECONDS, files);
  g_unsetenv ("PENUMBRA_LAYOUT_DUMP");
}

static void
layout_clear (Layout *layout)
{
  g_clear_pointer (&layout->objects, g_hash_table_unref);
  g_clear_pointer (&layout->root, json_node_unref);
}

/* Every piece of the checked kinds is showing, and there are enough of each. */
static void
assert_all_showing (Layout *layout)
{
  for (guint k = 0; k < G_N_ELEMENTS (pieces); k++)
    {
      GHashTableIter iter;
      const char *key;
      JsonObject *object;
      guint n = 0;

      g_hash_table_iter_init (&iter, layout->objects);
      while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &object))
        if (g_strcmp0 (json_object_get_string_member (object, "kind"), pieces[k].kind) == 0)
          {
            if (!json_object_get_boolean_member (object, "showing"))
              g_error ("%s (%s) is not showing", key, json_object_get_string_member (object, "label"));
            n++;
          }
      if (n < pieces[k].at_least)
        g_error ("only %u pieces of kind %s, not %u", n, pieces[k].kind, pieces[k].at_least);
    }
}

static double
area (JsonObject *object)
{
  return json_object_get_double_member (object, "width") * json_object_get_double_member (object, "height");
}

static gboolean
is_checked (JsonObject *object)
{
  for (guint k = 0; k < G_N_ELEMENTS (pieces); k++)
    if (g_strcmp0 (json_object_get_string_member (object, "kind"), pieces[k].kind) == 0)
      return TRUE;
  return FALSE;
}

static void
test_layout_sizes (void)
{
  Layout small = { 0 }, large = { 0 };
  GHashTableIter iter;
  const char *key;
  JsonObject *object;
  guint compared = 0;

  open_at (&small, 1280, 800);
  assert_all_showing (&small);
  open_at (&large, 1920, 1080);
  assert_all_showing (&large);
  g_test_message ("the table's scale: %g at 1280×800, %g at 1920×1080", small.scale, large.scale);
  g_assert_cmpfloat (large.scale, >, small.scale);

  g_hash_table_iter_init (&iter, small.objects);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &object))
    {
      JsonObject *larger = g_hash_table_lookup (large.objects, key);

      if (!is_checked (object))
        continue;
      g_assert_nonnull (larger);
      if (area (larger) < 1.2 * 1.2 * area (object))
        g_error ("%s is %g×%g at 1280×800 and only %g×%g at 1920×1080", key,
                 json_object_get_double_member (object, "width"), json_object_get_double_member (object, "height"),
                 json_object_get_double_member (larger, "width"), json_object_get_double_member (larger, "height"));
      compared++;
    }
  g_assert_cmpuint (compared, >=, 90);
  layout_clear (&small);
  layout_clear (&large);
}

/* The pieces at least @min_width × @min_height: those of @kind whose id
 * starts with @prefix; returns how many. */
static guint
assert_at_least (Layout     *layout,
                 const char *kind,
                 const char *prefix,
                 double      min_width,
                 double      min_height)
{
  GHashTableIter iter;
  JsonObject *object;
  guint n = 0;

  g_hash_table_iter_init (&iter, layout->objects);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &object))
    {
      const char *id = json_object_get_string_member (object, "id");

      if (g_strcmp0 (json_object_get_string_member (object, "kind"), kind) != 0 || !g_str_has_prefix (id, prefix))
        continue;
      if (json_object_get_double_member (object, "width") < min_width
          || json_object_get_double_member (object, "height") < min_height)
        g_error ("%s %s is %g×%g, less than %g×%g", kind, id, json_object_get_double_member (object, "width"),
                 json_object_get_double_member (object, "height"), min_width, min_height);
      n++;
    }
  return n;
}

/* The widest market card. */
static double
card_width (Layout *layout)
{
  GHashTableIter iter;
  JsonObject *object;
  double width = 0;

  g_hash_table_iter_init (&iter, layout->objects);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &object))
    if (g_strcmp0 (json_object_get_string_member (object, "kind"), "card") == 0
        && g_str_has_prefix (json_object_get_string_member (object, "id"), "market-"))
      width = MAX (width, json_object_get_double_member (object, "width"));
  return width;
}

#define CELL 4  /* the grid the table is read on, in pixels */

/* No part of the table is left empty: no rectangle without a piece (any
 * object of the dump: pieces, the score, the rules' links…) both wider than
 * a market card and taller than 8 % of the window's height, between the
 * table's top and its bottom. Returns the largest empty height found under
 * that width, in pixels. */
static int
assert_no_empty_band (Layout *layout)
{
  int columns = (int) ceil (layout->table.size.width / CELL);
  int rows = (int) ceil (layout->table.size.height / CELL);
  int band_width = (int) ceil (card_width (layout) / CELL);
  int band_height = (int) ceil (0.08 * layout->height / CELL);
  g_autofree int *sum = g_new0 (int, (gsize) (columns + 1) * (gsize) (rows + 1));
  JsonArray *objects = json_object_get_array_member (json_node_get_object (layout->root), "objects");
  int tallest = 0;

#define SUM(c, r) sum[(r) * (columns + 1) + (c)]
  g_assert_cmpint (band_width, >, 0);
  for (guint i = 0; i < json_array_get_length (objects); i++)
    {
      JsonObject *object = json_array_get_object_element (objects, i);
      double x = json_object_get_double_member (object, "x") - layout->table.origin.x;
      double y = json_object_get_double_member (object, "y") - layout->table.origin.y;
      int c0 = MAX (0, (int) floor (x / CELL));
      int r0 = MAX (0, (int) floor (y / CELL));
      int c1 = MIN (columns, (int) ceil ((x + json_object_get_double_member (object, "width")) / CELL));
      int r1 = MIN (rows, (int) ceil ((y + json_object_get_double_member (object, "height")) / CELL));

      if (!json_object_get_boolean_member (object, "showing"))
        continue;
      for (int r = r0; r < r1; r++)
        for (int c = c0; c < c1; c++)
          SUM (c + 1, r + 1) = 1;
    }
  /* Each cell: occupied or not; then the sums of the rectangles from the corner. */
  for (int r = 1; r <= rows; r++)
    for (int c = 1; c <= columns; c++)
      SUM (c, r) += SUM (c - 1, r) + SUM (c, r - 1) - SUM (c - 1, r - 1);
  for (int r = 0; r + 1 <= rows; r++)
    for (int c = 0; c + band_width <= columns; c++)
      {
        int h = 1;

        while (r + h <= rows && SUM (c + band_width, r + h) - SUM (c, r + h) - SUM (c + band_width, r) + SUM (c, r) == 0)
          h++;
        tallest = MAX (tallest, (h - 1) * CELL);
        if (h - 1 >= band_height)
          g_error ("at %d×%d an empty band of %d×%d px at (%g, %g) of the table", layout->width, layout->height,
                   band_width * CELL, (h - 1) * CELL, (double) c * CELL, (double) r * CELL);
      }
#undef SUM
  return tallest;
}

/* At 1280×800 the pieces are large enough to read and touch: market cards
 * 40 px tall, location and Mark cells 32 px; at every size the table is
 * used, not left as bands of empty cloth. */
static void
test_layout_space (void)
{
  static const int sizes[][2] = { { 1280, 800 }, { 1600, 1000 }, { 1920, 1080 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Layout layout = { 0 };
      int tallest;

      open_at (&layout, sizes[i][0], sizes[i][1]);
      assert_all_showing (&layout);
      if (i == 0)
        {
          g_assert_cmpuint (assert_at_least (&layout, "card", "market-", 0, 40), >=, 10);
          g_assert_cmpuint (assert_at_least (&layout, "location-cell", "", 32, 32), >=, 40);
          g_assert_cmpuint (assert_at_least (&layout, "mark-cell", "", 32, 32), >=, 22);
        }
      tallest = assert_no_empty_band (&layout);
      g_test_message ("at %d×%d: the tallest empty band a card wide is %d px", sizes[i][0], sizes[i][1], tallest);
      layout_clear (&layout);
    }
}

typedef struct
{
  GtkWidget *holder;
  guint      frames;     /* painted while the table was being fitted */
  guint      overflows;  /* of which drawn beyond the holder */
} Shrinking;

static void
check_fits_cb (GdkFrameClock *clock,
               Shrinking     *shrinking)
{
  GtkWidget *table = gtk_widget_get_first_child (shrinking->holder);
  graphene_rect_t bounds;

  if (!pen_table_layout_is_fitting (PEN_TABLE_LAYOUT (gtk_widget_get_layout_manager (shrinking->holder))))
    return;
  shrinking->frames++;
  g_assert_true (gtk_widget_compute_bounds (table, shrinking->holder, &bounds));
  if (bounds.size.width > gtk_widget_get_width (shrinking->holder) + 1
      || bounds.size.height > gtk_widget_get_height (shrinking->holder) + 1)
    shrinking->overflows++;
}

/* A window made larger settles at one scale; made smaller, in the frames
 * before the table is styled at a scale that fits, it is drawn within its
 * place, not cut off. */
static void
shrink_window (PenWindow *window,
               gpointer   data)
{
  gulong xid = (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  Shrinking shrinking = { pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "table_holder"), 0, 0 };
  gulong handler;

  /* A size at which the table's width swung with its scale, and the scale
   * with it, for ever. */
  pen_test_ui_xdotool ("windowsize %lu 1600 1000", xid);
  pen_test_ui_wait (500);
  pen_test_ui_settle (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (check_fits_cb), &shrinking);
  pen_test_ui_xdotool ("windowsize %lu 1100 700", xid);
  pen_test_ui_wait (500);
  pen_test_ui_settle (window);
  g_signal_handler_disconnect (clock, handler);
  g_test_message ("%u frames painted while the table was fitted", shrinking.frames);
  g_assert_cmpuint (shrinking.frames, >, 0);
  g_assert_cmpuint (shrinking.overflows, ==, 0);
  g_assert_cmpuint (assert_drawn_1_to_1 (shrinking.holder, GTK_WIDGET (window)), >=, 60);
}

static void
test_layout_shrink (void)
{
  g_autofree char *path = copy_mid_game ();
  const char *files[] = { path, NULL };

  pen_test_ui_run_with_files (shrink_window, NULL, TIMEOUT_SECONDS, files);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/layout/sizes", test_layout_sizes);
  g_test_add_func ("/layout/shrink", test_layout_shrink);
  g_test_add_func ("/layout/space", test_layout_space);

  return g_test_run ();
}
