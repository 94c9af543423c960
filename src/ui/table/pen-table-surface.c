/* pen-table-surface.c: the table the game is played on: a cloth drawn from
 * resources/art/table.svg at the size of the table in device pixels, in the
 * light or the dark style, under the boards, cards and mats. The picture is
 * rendered once per size and style (pen_art_svg()), so a frame only draws
 * a texture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-table-surface"

#include "config.h"

#include <math.h>

#include "pen-art.h"
#include "pen-table-surface.h"

#define TABLE_RESOURCE "/io/github/trials_of_arcana/Penumbra/art/table.svg"

struct _PenTableSurface
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (PenTableSurface, pen_table_surface, ADW_TYPE_BIN)

/* The cloth's colours in each style: its base, where the lamp falls, its
 * threads, its edge. The pieces on it keep their own backgrounds. */
static const char *const looks[2][4] = {
  { "#d9d1bf", "#ece6d8", "#b8ab90", "#7a6a4f" },
  { "#24211e", "#34302b", "#47403a", "#000000" },
};

static char *
surface_svg (int      width,
             int      height,
             gboolean dark,
             double   zoom)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data (TABLE_RESOURCE, 0, NULL);
  g_autoptr(GString) svg = NULL;
  g_autofree char *w = g_strdup_printf ("%d", width);
  g_autofree char *h = g_strdup_printf ("%d", height);
  /* A weave of about 6 logical pixels, whatever the scale factor. */
  g_autofree char *weave = g_strdup_printf ("%d", MAX (2, (int) round (6 * zoom)));
  g_autofree char *thread = g_strdup_printf ("%.2f", MAX (0.5, 0.6 * zoom));

  /* Compiled into the program: missing only if the build is broken. */
  g_return_val_if_fail (bytes != NULL, NULL);

  svg = g_string_new_len (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
  g_string_replace (svg, "@W@", w, 0);
  g_string_replace (svg, "@H@", h, 0);
  g_string_replace (svg, "@WEAVE@", weave, 0);
  g_string_replace (svg, "@THREAD_WIDTH@", thread, 0);
  g_string_replace (svg, "@BASE@", looks[dark][0], 0);
  g_string_replace (svg, "@LIGHT@", looks[dark][1], 0);
  g_string_replace (svg, "@THREAD@", looks[dark][2], 0);
  g_string_replace (svg, "@EDGE@", looks[dark][3], 0);
  return g_string_free (g_steal_pointer (&svg), FALSE);
}

static void
pen_table_surface_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double zoom = pen_art_zoom (widget);
  int pixel_width = (int) ceil (width * zoom - 0.01);
  int pixel_height = (int) ceil (height * zoom - 0.01);
  gboolean dark = pen_art_is_dark (widget);
  const char *key = dark ? "table/dark" : "table/light";
  GdkTexture *texture;

  if (width > 0 && height > 0)
    {
      texture = pen_art_svg (key, NULL, pixel_width, pixel_height);
      if (texture == NULL)
        {
          g_autofree char *svg = surface_svg (pixel_width, pixel_height, dark, zoom);

          texture = svg != NULL ? pen_art_svg (key, svg, pixel_width, pixel_height) : NULL;
        }
      if (texture != NULL)
        pen_art_append (snapshot, texture, 0, 0, zoom);
    }
  GTK_WIDGET_CLASS (pen_table_surface_parent_class)->snapshot (widget, snapshot);
}

static void
pen_table_surface_class_init (PenTableSurfaceClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = pen_table_surface_snapshot;
}

static void
pen_table_surface_init (PenTableSurface *self)
{
}
