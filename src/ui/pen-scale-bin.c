/* pen-scale-bin.c: the table's frame: it lays its child out at the largest
 * scale at which the whole child fits, so the table is in view without
 * scrolling at any window size, and a larger window makes every piece larger
 * (each piece stays a widget of its own: focus, drops and popovers work
 * through the scale as through any transform).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-scale-bin"

#include "config.h"

#include "pen-scale-bin.h"

/* Beyond these the pieces are too small to read, or absurdly large. */
#define MIN_SCALE 0.3
#define MAX_SCALE 3.0
#define STEPS 12

struct _PenScaleBin
{
  GtkWidget parent_instance;
};

static void pen_scale_bin_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenScaleBin, pen_scale_bin, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, pen_scale_bin_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

static void
pen_scale_bin_add_child (GtkBuildable *buildable,
                         GtkBuilder   *builder,
                         GObject      *child,
                         const char   *type)
{
  if (GTK_IS_WIDGET (child))
    gtk_widget_set_parent (GTK_WIDGET (child), GTK_WIDGET (buildable));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
pen_scale_bin_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = pen_scale_bin_add_child;
}

/* Any size will do: the child is scaled to it. */
static void
pen_scale_bin_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = 0;
  *natural = 0;
  if (child != NULL)
    gtk_widget_measure (child, orientation, -1, NULL, natural, NULL, NULL);
}

/* Does the child, given the width @width / @scale (at least its minimum),
 * fit the height @height once scaled? */
static int
child_width (int    width,
             int    min_width,
             double scale)
{
  return MAX (min_width, (int) (width / scale));
}

static gboolean
fits (GtkWidget *child,
      int        width,
      int        min_width,
      int        height,
      double     scale)
{
  int needed;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, child_width (width, min_width, scale),
                      NULL, &needed, NULL, NULL);
  return needed * scale <= height;
}

static void
pen_scale_bin_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int min_width, natural_width;
  double low = MIN_SCALE, high;

  if (child == NULL || !gtk_widget_should_layout (child) || width <= 0 || height <= 0)
    return;

  /* The largest scale that leaves the child at least its natural width (no
   * label cut short) and fits its height: a narrower child is taller, so the
   * search is a bisection. */
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &natural_width, NULL, NULL);
  high = CLAMP (natural_width > 0 ? (double) width / natural_width : MAX_SCALE, MIN_SCALE, MAX_SCALE);
  if (fits (child, width, min_width, height, high))
    low = high;
  else
    for (guint i = 0; i < STEPS; i++)
      {
        double middle = (low + high) / 2;

        if (fits (child, width, min_width, height, middle))
          low = middle;
        else
          high = middle;
      }

  gtk_widget_allocate (child, child_width (width, min_width, low), (int) (height / low), -1,
                       gsk_transform_scale (NULL, (float) low, (float) low));
}

static void
pen_scale_bin_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_scale_bin_parent_class)->dispose (object);
}

static void
pen_scale_bin_class_init (PenScaleBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_scale_bin_dispose;
  widget_class->measure = pen_scale_bin_measure;
  widget_class->size_allocate = pen_scale_bin_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "pen-scale-bin");
}

static void
pen_scale_bin_init (PenScaleBin *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}
