/* pen-art.c: the table's art, drawn from SVG with librsvg: dice of every
 * kind and colour with their symbol and value, and the symbols alone (for
 * cells). The symbols come from resources/art/symbols.svg; each picture is
 * rendered once per size in device pixels and kept, and drawn 1:1: a piece
 * takes its size at the table's scale (pen_art_scaled()) and asks for its
 * art at the size it takes on the screen (pen_art_zoom()), so that no
 * texture is scaled when the table is drawn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-art"

#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <librsvg/rsvg.h>

#include "pen-art.h"
#include "pen-art-view.h"

#define SYMBOLS_RESOURCE "/io/github/trials_of_arcana/Penumbra/art/symbols.svg"

/* Body, edge and ink of each kind of die; the ink has a contrast of at least
 * 4.5:1 with the body, so values read in the light and the dark style alike.
 * The bodies are the rulebook's colours of the Disciplines (Ruby Red, Amber
 * Orange, Jasper Yellow, Emerald Green, Sapphire Blue, Amethyst Purple), which
 * Marks and Ingredients are drawn in too; tests/data/test-colours.c checks them. */
typedef struct
{
  const char *symbol;
  const char *body;
  const char *edge;
  const char *ink;
} DieLook;

static const DieLook discipline_looks[] = {
  [PEN_DISCIPLINE_RUBY]     = { "ruby",     "#c01c28", "#7a0f17", "#ffffff" },
  [PEN_DISCIPLINE_AMBER]    = { "amber",    "#ff7800", "#a33a00", "#241f31" },
  [PEN_DISCIPLINE_JASPER]   = { "jasper",   "#f6d32d", "#9c6e03", "#241f31" },
  [PEN_DISCIPLINE_EMERALD]  = { "emerald",  "#26a269", "#125a3a", "#ffffff" },
  [PEN_DISCIPLINE_SAPPHIRE] = { "sapphire", "#1a5fb4", "#0b3570", "#ffffff" },
  [PEN_DISCIPLINE_AMETHYST] = { "amethyst", "#813d9c", "#4a1e5c", "#ffffff" },
};
static const DieLook bone_look = { "bone", "#f6f5f4", "#77767b", "#241f31" };
static const DieLook spark_look = { "spark", "#fff8d0", "#c88800", "#5e3b00" };
static const DieLook threat_look = { "threat", "#241f31", "#000000", "#ff7b63" };

static const DieLook *
die_look (const PenDie *die)
{
  switch (die->kind)
    {
    case PEN_DIE_KIND_COLOURED: return &discipline_looks[die->colour];
    case PEN_DIE_KIND_SPARK: return &spark_look;
    case PEN_DIE_KIND_THREAT: return &threat_look;
    case PEN_DIE_KIND_BONE:
    default: return &bone_look;
    }
}

/* The colour of a Discipline as its dice show it ("#c01c28"). */
const char *
pen_art_discipline_colour (PenDiscipline discipline)
{
  g_return_val_if_fail (discipline < PEN_N_DISCIPLINES, "#77767b");
  return discipline_looks[discipline].body;
}

/* The <defs> of symbols.svg, to put before a picture that uses them. */
static const char *
symbol_defs (void)
{
  static char *defs;

  if (defs == NULL)
    {
      g_autoptr(GBytes) bytes = g_resources_lookup_data (SYMBOLS_RESOURCE, 0, NULL);
      const char *text = bytes != NULL ? g_bytes_get_data (bytes, NULL) : NULL;
      const char *start = text != NULL ? strstr (text, "<defs>") : NULL;
      const char *end = start != NULL ? strstr (start, "</defs>") : NULL;

      /* Compiled into the program: missing only if the build is broken. */
      g_return_val_if_fail (end != NULL, "<defs/>");
      defs = g_strndup (start, end + strlen ("</defs>") - start);
    }
  return defs;
}

static GHashTable *
texture_cache (void)
{
  static GHashTable *cache;

  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  return cache;
}

/* Renders @svg (its whole view box) at @width × @height pixels. */
static GdkTexture *
render_sized (const char *svg,
              int         width,
              int         height)
{
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  g_autoptr(GBytes) bytes = NULL;
  RsvgRectangle viewport = { 0, 0, width, height };
  cairo_surface_t *surface;
  cairo_t *cr;
  GdkTexture *texture;

  g_return_val_if_fail (handle != NULL, NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
    g_critical ("Cannot draw a picture: %s", error->message);
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * height);
  texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}

/* Renders @svg (a picture of 64×64 units) at @size pixels. */
static GdkTexture *
render (const char *svg,
        int         size)
{
  return render_sized (svg, size, size);
}

/* Beyond this many pictures (a window resized through many sizes) the
 * cache starts again: those on the screen are held by what draws them. */
#define MAX_CACHED 2048

static GdkTexture *
lookup (const char *key)
{
  return g_hash_table_lookup (texture_cache (), key);
}

static GdkTexture *
store (char       *key,
       GdkTexture *texture)
{
  GHashTable *cache = texture_cache ();

  if (g_hash_table_size (cache) >= MAX_CACHED)
    g_hash_table_remove_all (cache);
  g_hash_table_insert (cache, key, texture);
  return texture;
}

static GdkTexture *
keep (char       *key,
      const char *svg,
      int         size)
{
  return store (key, render (svg, size));
}

/**
 * pen_art_die:
 * @die: a die
 * @size: in pixels (already multiplied by the scale factor)
 *
 * A die: its body in its colour, its kind's symbol in a corner and its value
 * ("?" for value 0, not yet rolled); a temporary die has a dashed edge.
 *
 * Returns: (transfer none): the picture
 */
GdkTexture *
pen_art_die (const PenDie *die,
             int           size)
{
  const DieLook *look = die_look (die);
  char *key = g_strdup_printf ("die/%s/%u/%d/%d", look->symbol, die->value, die->temporary, size);
  GdkTexture *texture = lookup (key);
  g_autofree char *svg = NULL;
  g_autofree char *value = NULL;

  if (texture != NULL)
    {
      g_free (key);
      return texture;
    }
  /* A die not yet rolled (a prepared Threat die) shows "?". */
  value = die->value > 0 ? g_strdup_printf ("%u", die->value) : g_strdup ("?");
  svg = g_strdup_printf ("<svg xmlns='http://www.w3.org/2000/svg' width='64' height='64' viewBox='0 0 64 64'>%s"
                         "<rect x='3' y='3' width='58' height='58' rx='11' fill='%s' stroke='%s' stroke-width='3'%s/>"
                         "<use href='#%s' x='7' y='7' width='19' height='19' fill='%s'/>"
                         "<text x='37' y='50' font-family='sans-serif' font-weight='bold' font-size='34' "
                         "text-anchor='middle' fill='%s'>%s</text></svg>",
                         symbol_defs (), look->body, look->edge,
                         die->temporary ? " stroke-dasharray='7 4'" : "",
                         look->symbol, look->ink, look->ink, value);
  return keep (key, svg, size);
}

/**
 * pen_art_symbol:
 * @symbol: "ruby" … "amethyst", "spark", "bone", "threat" or "any"
 * @colour: a CSS colour
 * @size: in pixels
 *
 * Returns: (transfer none): the symbol alone
 */
GdkTexture *
pen_art_symbol (const char *symbol,
                const char *colour,
                int         size)
{
  char *key = g_strdup_printf ("symbol/%s/%s/%d", symbol, colour, size);
  GdkTexture *texture = lookup (key);
  g_autofree char *svg = NULL;

  if (texture != NULL)
    {
      g_free (key);
      return texture;
    }
  svg = g_strdup_printf ("<svg xmlns='http://www.w3.org/2000/svg' width='64' height='64' viewBox='0 0 64 64'>%s"
                         "<use href='#%s' x='0' y='0' width='64' height='64' fill='%s'/></svg>",
                         symbol_defs (), symbol, colour);
  return keep (key, svg, size);
}

#define SCALE_KEY "pen-art-scale"

/* Pieces inside @table are drawn at @scale (pen-table-layout.c). */
void
pen_art_set_scale (GtkWidget *table,
                   double     scale)
{
  double *data = g_new (double, 1);

  g_return_if_fail (GTK_IS_WIDGET (table));

  *data = scale;
  g_object_set_data_full (G_OBJECT (table), SCALE_KEY, data, g_free);
}

/* The scale of the table @widget is drawn in: 1 outside it, and in a
 * popover (a surface of its own, at the window's font size). */
double
pen_art_get_scale (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      double *scale = g_object_get_data (G_OBJECT (widget), SCALE_KEY);

      if (scale != NULL)
        return *scale;
      if (GTK_IS_NATIVE (widget))
        break;
    }
  return 1;
}

/* @size logical pixels of the table at its scale, where @widget is. */
int
pen_art_scaled (GtkWidget *widget,
                int        size)
{
  return MAX (1, (int) round (size * pen_art_get_scale (widget)));
}

/**
 * pen_art_zoom:
 * @widget: a widget drawing art
 *
 * Returns: how many device pixels a unit of @widget's own coordinates takes
 * on the screen: the scale factor (times any scale a piece is drawn through;
 * the table has none)
 */
double
pen_art_zoom (GtkWidget *widget)
{
  graphene_rect_t bounds;
  int width = gtk_widget_get_width (widget);
  double zoom = 1;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), 1);

  if (width > 0 && gtk_widget_compute_bounds (widget, GTK_WIDGET (gtk_widget_get_root (widget)), &bounds))
    zoom = bounds.size.width / width;
  return zoom * gtk_widget_get_scale_factor (widget);
}

/**
 * pen_art_append:
 * @snapshot: where a piece draws itself
 * @texture: its art, made at the size it takes on the screen
 * @x: where, in the piece's coordinates
 * @y: where
 * @zoom: the piece's pen_art_zoom()
 *
 * Draws @texture pixel for pixel on the screen.
 */
void
pen_art_append (GtkSnapshot *snapshot,
                GdkTexture  *texture,
                float        x,
                float        y,
                double       zoom)
{
  g_return_if_fail (GDK_IS_TEXTURE (texture));

  gtk_snapshot_append_texture (snapshot, texture,
                               &GRAPHENE_RECT_INIT (x, y, (float) (gdk_texture_get_width (texture) / zoom),
                                                    (float) (gdk_texture_get_height (texture) / zoom)));
}

/* A picture of @symbol at @size logical pixels (pen-art-view.c). */
GtkWidget *
pen_art_symbol_picture (const char *symbol,
                        const char *colour,
                        int         size)
{
  GtkWidget *view = pen_art_view_new (symbol, colour, size);

  gtk_widget_set_valign (view, GTK_ALIGN_CENTER);
  return view;
}

/* The <defs> of resources/art/symbols.svg ("<defs>…</defs>"), for a picture
 * that draws the symbols with <use href='#ruby'/>. */
const char *
pen_art_symbol_defs (void)
{
  return symbol_defs ();
}

/* Whether @widget is drawn in the dark style: art made for it takes its
 * colours from the style, and is cached under a key naming it. */
gboolean
pen_art_is_dark (GtkWidget *widget)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/**
 * pen_art_svg:
 * @key: what the picture shows, all that makes it differ from others (its
 *   colours, its style), without its size
 * @svg: (nullable): the picture, or %NULL to find it by @key only
 * @width: in device pixels
 * @height: in device pixels
 *
 * The picture @svg drawn at @width × @height (its view box stretched to
 * them), rendered once per size and kept, as dice and symbols are.
 *
 * Returns: (transfer none) (nullable): the picture; %NULL when @svg is %NULL
 *   and it was not drawn yet at this size
 */
GdkTexture *
pen_art_svg (const char *key,
             const char *svg,
             int         width,
             int         height)
{
  char *sized = g_strdup_printf ("%s/%dx%d", key, width, height);
  GdkTexture *texture = lookup (sized);

  if (texture != NULL || svg == NULL)
    {
      g_free (sized);
      return texture;
    }
  return store (sized, render_sized (svg, MAX (1, width), MAX (1, height)));
}
