/* pen-scale-bin.c: the table's frame: it lays its child out at the largest
 * scale at which the whole child fits, so the table is in view without
 * scrolling at any window size, and a larger window makes every piece larger
 * (each piece stays a widget of its own: focus, drops and popovers work
 * through the scale as through any transform).
 *
 * A scaled subtree is one render node to GTK 4.8's damage tracking: any
 * change inside it (a cell lit while a die is dragged over it) redraws the
 * whole table. So the bin hands on its child's nodes with the scale pushed
 * down to their leaves: each leaf is scaled on its own, a widget's node that
 * did not change is handed on as the node it made the frame before, and only
 * what changed is drawn again.
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

  /* The nodes handed on in the last frame: a GskRenderNode of the child's
   * (held) → its Placed. */
  GHashTable *placed;
};

/* Where a node's coordinates go on the bin: p ↦ (x, y) + scale · p. */
typedef struct
{
  float scale, x, y;
} Place;

typedef struct
{
  Place          place;
  GskRenderNode *node;
} Placed;

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
placed_free (gpointer data)
{
  Placed *placed = data;

  gsk_render_node_unref (placed->node);
  g_free (placed);
}

static GHashTable *
placed_table_new (void)
{
  return g_hash_table_new_full (g_direct_hash, g_direct_equal, (GDestroyNotify) gsk_render_node_unref, placed_free);
}

static graphene_rect_t
place_rect (Place                  place,
            const graphene_rect_t *rect)
{
  return GRAPHENE_RECT_INIT (place.x + place.scale * rect->origin.x, place.y + place.scale * rect->origin.y,
                             place.scale * rect->size.width, place.scale * rect->size.height);
}

static GskRoundedRect
place_rounded_rect (Place                 place,
                    const GskRoundedRect *rect)
{
  GskRoundedRect placed = *rect;

  placed.bounds = place_rect (place, &rect->bounds);
  for (guint i = 0; i < G_N_ELEMENTS (placed.corner); i++)
    graphene_size_scale (&rect->corner[i], place.scale, &placed.corner[i]);
  return placed;
}

/* A child node at a translation from @place. */
static Place
place_moved (Place                place,
             const GskTransform  *transform)
{
  float dx, dy;

  gsk_transform_to_translate ((GskTransform *) transform, &dx, &dy);
  return (Place) { place.scale, place.x + place.scale * dx, place.y + place.scale * dy };
}

static gboolean
is_translation (GskTransform *transform)
{
  return gsk_transform_get_category (transform) >= GSK_TRANSFORM_CATEGORY_2D_TRANSLATE;
}

static GskRenderNode *place_node (PenScaleBin   *self,
                                  GskRenderNode *node,
                                  Place          place);

/* @node placed at @place: the node made for it before if it is the same
 * node at the same place (nothing to draw again). */
static GskRenderNode *
place_kept_node (PenScaleBin   *self,
                 GskRenderNode *node,
                 Place          place)
{
  Placed *placed = g_hash_table_lookup (self->placed, node);

  if (placed == NULL || placed->place.scale != place.scale || placed->place.x != place.x || placed->place.y != place.y)
    {
      placed = g_new (Placed, 1);
      placed->place = place;
      placed->node = place_node (self, node, place);
      g_hash_table_replace (self->placed, gsk_render_node_ref (node), placed);
    }
  return gsk_render_node_ref (placed->node);
}

/* @node drawn at @place. Translations and clips are folded into the place;
 * the boxes a widget draws (backgrounds, borders, shadows) are drawn at the
 * place's size, so that a widget drawn again shows as changed only where it
 * did change; the rest (text, pictures) is scaled leaf by leaf. */
static GskRenderNode *
place_node (PenScaleBin   *self,
            GskRenderNode *node,
            Place          place)
{
  g_autoptr(GskRenderNode) child = NULL;
  GskTransform *transform;
  GskRenderNode *placed;

  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      {
        guint n = gsk_container_node_get_n_children (node);
        g_autofree GskRenderNode **children = g_new (GskRenderNode *, n);

        for (guint i = 0; i < n; i++)
          children[i] = place_kept_node (self, gsk_container_node_get_child (node, i), place);
        placed = gsk_container_node_new (children, n);
        for (guint i = 0; i < n; i++)
          gsk_render_node_unref (children[i]);
        return placed;
      }

    case GSK_TRANSFORM_NODE:
      transform = gsk_transform_node_get_transform (node);
      if (is_translation (transform))
        return place_kept_node (self, gsk_transform_node_get_child (node), place_moved (place, transform));
      break;

    case GSK_CLIP_NODE:
      {
        graphene_rect_t clip = place_rect (place, gsk_clip_node_get_clip (node));

        child = place_kept_node (self, gsk_clip_node_get_child (node), place);
        return gsk_clip_node_new (child, &clip);
      }

    case GSK_ROUNDED_CLIP_NODE:
      {
        GskRoundedRect clip = place_rounded_rect (place, gsk_rounded_clip_node_get_clip (node));

        child = place_kept_node (self, gsk_rounded_clip_node_get_child (node), place);
        return gsk_rounded_clip_node_new (child, &clip);
      }

    case GSK_OPACITY_NODE:
      child = place_kept_node (self, gsk_opacity_node_get_child (node), place);
      return gsk_opacity_node_new (child, gsk_opacity_node_get_opacity (node));

    case GSK_COLOR_NODE:
      {
        graphene_rect_t bounds;

        gsk_render_node_get_bounds (node, &bounds);
        bounds = place_rect (place, &bounds);
        return gsk_color_node_new (gsk_color_node_get_color (node), &bounds);
      }

    case GSK_BORDER_NODE:
      {
        GskRoundedRect outline = place_rounded_rect (place, gsk_border_node_get_outline (node));
        const float *widths = gsk_border_node_get_widths (node);
        float placed_widths[4];

        for (guint i = 0; i < 4; i++)
          placed_widths[i] = widths[i] * place.scale;
        return gsk_border_node_new (&outline, placed_widths, gsk_border_node_get_colors (node));
      }

    case GSK_INSET_SHADOW_NODE:
      {
        GskRoundedRect outline = place_rounded_rect (place, gsk_inset_shadow_node_get_outline (node));

        return gsk_inset_shadow_node_new (&outline, gsk_inset_shadow_node_get_color (node),
                                          gsk_inset_shadow_node_get_dx (node) * place.scale,
                                          gsk_inset_shadow_node_get_dy (node) * place.scale,
                                          gsk_inset_shadow_node_get_spread (node) * place.scale,
                                          gsk_inset_shadow_node_get_blur_radius (node) * place.scale);
      }

    case GSK_OUTSET_SHADOW_NODE:
      {
        GskRoundedRect outline = place_rounded_rect (place, gsk_outset_shadow_node_get_outline (node));

        return gsk_outset_shadow_node_new (&outline, gsk_outset_shadow_node_get_color (node),
                                           gsk_outset_shadow_node_get_dx (node) * place.scale,
                                           gsk_outset_shadow_node_get_dy (node) * place.scale,
                                           gsk_outset_shadow_node_get_spread (node) * place.scale,
                                           gsk_outset_shadow_node_get_blur_radius (node) * place.scale);
      }

    default:
      break;
    }

  transform = gsk_transform_scale (gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (place.x, place.y)),
                                   place.scale, place.scale);
  placed = gsk_transform_node_new (node, transform);
  gsk_transform_unref (transform);
  return placed;
}

/* Keeps, of the nodes placed so far, those still in @node's tree. */
static void
keep_placed (PenScaleBin   *self,
             GskRenderNode *node,
             GHashTable    *kept)
{
  gpointer key, value;

  if (!g_hash_table_steal_extended (self->placed, node, &key, &value))
    return;
  g_hash_table_insert (kept, key, value);
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        keep_placed (self, gsk_container_node_get_child (node, i), kept);
      break;
    case GSK_TRANSFORM_NODE:
      if (is_translation (gsk_transform_node_get_transform (node)))
        keep_placed (self, gsk_transform_node_get_child (node), kept);
      break;
    case GSK_CLIP_NODE:
      keep_placed (self, gsk_clip_node_get_child (node), kept);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      keep_placed (self, gsk_rounded_clip_node_get_child (node), kept);
      break;
    case GSK_OPACITY_NODE:
      keep_placed (self, gsk_opacity_node_get_child (node), kept);
      break;
    default:
      break;
    }
}

static void
pen_scale_bin_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  PenScaleBin *self = PEN_SCALE_BIN (widget);
  GtkWidget *child = gtk_widget_get_first_child (widget);
  GtkSnapshot *child_snapshot;
  g_autoptr(GskRenderNode) node = NULL, placed = NULL;
  GHashTable *kept;
  GskTransform *transform;
  float scale_x, scale_y, dx, dy;

  if (child == NULL)
    return;
  child_snapshot = gtk_snapshot_new ();
  gtk_widget_snapshot_child (widget, child, child_snapshot);
  node = gtk_snapshot_free_to_node (child_snapshot);
  if (node == NULL)
    return;

  if (gsk_render_node_get_node_type (node) != GSK_TRANSFORM_NODE
      || gsk_transform_get_category (transform = gsk_transform_node_get_transform (node)) < GSK_TRANSFORM_CATEGORY_2D_AFFINE
      || (gsk_transform_to_affine (transform, &scale_x, &scale_y, &dx, &dy), scale_x != scale_y))
    {
      gtk_snapshot_append_node (snapshot, node);
      return;
    }
  placed = place_kept_node (self, gsk_transform_node_get_child (node), (Place) { scale_x, dx, dy });
  gtk_snapshot_append_node (snapshot, placed);
  /* What this frame's nodes no longer hold is let go. */
  kept = placed_table_new ();
  keep_placed (self, gsk_transform_node_get_child (node), kept);
  g_hash_table_unref (self->placed);
  self->placed = kept;
}

static void
pen_scale_bin_dispose (GObject *object)
{
  PenScaleBin *self = PEN_SCALE_BIN (object);
  GtkWidget *child;

  g_clear_pointer (&self->placed, g_hash_table_unref);

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
  widget_class->snapshot = pen_scale_bin_snapshot;
  gtk_widget_class_set_css_name (widget_class, "pen-scale-bin");
}

static void
pen_scale_bin_init (PenScaleBin *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  self->placed = placed_table_new ();
}
