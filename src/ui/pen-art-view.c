/* pen-art-view.c: a symbol of the table's art (pen-art.c) that takes @size
 * logical pixels at the table's scale, as an image of that pixel size
 * would, and draws its texture at the size it takes on the screen: rendered
 * for the scale factor, and never scaled when the table is drawn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-art-view"

#include "config.h"

#include <math.h>

#include "pen-art.h"
#include "pen-art-view.h"

struct _PenArtView
{
  GtkWidget parent_instance;

  char     *symbol;
  char     *colour;
  int       size;    /* at the table's scale 1 */
  double    scale;   /* the table's, when it was last measured */
};

G_DEFINE_FINAL_TYPE (PenArtView, pen_art_view, GTK_TYPE_WIDGET)

static void
pen_art_view_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  PenArtView *self = PEN_ART_VIEW (widget);

  self->scale = pen_art_get_scale (widget);
  *minimum = *natural = pen_art_scaled (widget, self->size);
}

/* The table was styled at another scale: the piece takes another size. */
static void
pen_art_view_css_changed (GtkWidget         *widget,
                          GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (pen_art_view_parent_class)->css_changed (widget, change);
  if (pen_art_get_scale (widget) != PEN_ART_VIEW (widget)->scale)
    gtk_widget_queue_resize (widget);
}

static void
pen_art_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  PenArtView *self = PEN_ART_VIEW (widget);
  double zoom = pen_art_zoom (widget);
  int size = pen_art_scaled (widget, self->size);
  int pixels = (int) ceil (size * zoom - 0.01);
  GdkTexture *texture = pixels > 0 ? pen_art_symbol (self->symbol, self->colour, pixels) : NULL;

  if (texture == NULL)
    return;
  pen_art_append (snapshot, texture, (gtk_widget_get_width (widget) - size) / 2.f,
                  (gtk_widget_get_height (widget) - size) / 2.f, zoom);
}

static void
pen_art_view_finalize (GObject *object)
{
  PenArtView *self = PEN_ART_VIEW (object);

  g_free (self->symbol);
  g_free (self->colour);

  G_OBJECT_CLASS (pen_art_view_parent_class)->finalize (object);
}

static void
pen_art_view_class_init (PenArtViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_art_view_finalize;
  widget_class->measure = pen_art_view_measure;
  widget_class->snapshot = pen_art_view_snapshot;
  widget_class->css_changed = pen_art_view_css_changed;
  gtk_widget_class_set_css_name (widget_class, "pen-art");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pen_art_view_init (PenArtView *self)
{
}

/* A view of @symbol in @colour (see pen_art_symbol()), @size pixels square. */
GtkWidget *
pen_art_view_new (const char *symbol,
                  const char *colour,
                  int         size)
{
  PenArtView *self;

  g_return_val_if_fail (symbol != NULL && colour != NULL, NULL);
  g_return_val_if_fail (size > 0, NULL);

  self = g_object_new (PEN_TYPE_ART_VIEW, NULL);
  self->symbol = g_strdup (symbol);
  self->colour = g_strdup (colour);
  self->size = size;
  return GTK_WIDGET (self);
}
