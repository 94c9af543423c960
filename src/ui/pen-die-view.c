/* pen-die-view.c: a die on the table, drawn from SVG (pen-art.c), named for
 * screen readers as the table names it ("Ruby 4"); the button or cell holding
 * it gives the tooltip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-die-view"

#include "config.h"

#include <math.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-die-view.h"

struct _PenDieView
{
  GtkWidget parent_instance;

  PenDie    die;
  int       size;    /* at the table's scale 1 */
  double    scale;   /* the table's, when it was last measured */
  double    turn;   /* radians, while it tumbles (pen-motion.c) */
};

G_DEFINE_FINAL_TYPE (PenDieView, pen_die_view, GTK_TYPE_WIDGET)

static void
pen_die_view_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  PenDieView *self = PEN_DIE_VIEW (widget);

  self->scale = pen_art_get_scale (widget);
  *minimum = *natural = pen_art_scaled (widget, self->size);
}

/* The table was styled at another scale: the piece takes another size. */
static void
pen_die_view_css_changed (GtkWidget         *widget,
                          GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (pen_die_view_parent_class)->css_changed (widget, change);
  if (pen_art_get_scale (widget) != PEN_DIE_VIEW (widget)->scale)
    gtk_widget_queue_resize (widget);
}

static void
pen_die_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  PenDieView *self = PEN_DIE_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int side = MIN (width, height);
  /* Drawn 1:1 at the size it takes on the screen (pen_art_zoom()). */
  double zoom = pen_art_zoom (widget);
  GdkTexture *texture = side > 0 ? pen_art_die (&self->die, (int) ceil (side * zoom - 0.01)) : NULL;

  if (texture == NULL)
    return;
  gtk_snapshot_save (snapshot);
  if (self->turn != 0)
    {
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (width / 2.f, height / 2.f));
      gtk_snapshot_rotate (snapshot, (float) (self->turn * 180 / G_PI));
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-width / 2.f, -height / 2.f));
    }
  pen_art_append (snapshot, texture, (width - side) / 2.f, (height - side) / 2.f, zoom);
  gtk_snapshot_restore (snapshot);
}

static void
pen_die_view_class_init (PenDieViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = pen_die_view_measure;
  widget_class->snapshot = pen_die_view_snapshot;
  widget_class->css_changed = pen_die_view_css_changed;
  gtk_widget_class_set_css_name (widget_class, "pen-die");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pen_die_view_init (PenDieView *self)
{
}

GtkWidget *
pen_die_view_new (const PenDie *die,
                  int           size)
{
  PenDieView *self = g_object_new (PEN_TYPE_DIE_VIEW, NULL);
  g_autofree char *name = pen_ui_describe_die (die);

  self->die = *die;
  self->size = size;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return GTK_WIDGET (self);
}

const PenDie *
pen_die_view_get_die (PenDieView *self)
{
  g_return_val_if_fail (PEN_IS_DIE_VIEW (self), NULL);
  return &self->die;
}

/* Shows @die instead, redrawn in place; FALSE when it was already shown. */
gboolean
pen_die_view_set_die (PenDieView   *self,
                      const PenDie *die)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (PEN_IS_DIE_VIEW (self), FALSE);
  g_return_val_if_fail (die != NULL, FALSE);

  if (self->die.kind == die->kind && self->die.colour == die->colour && self->die.value == die->value
      && self->die.temporary == die->temporary && self->die.in_task == die->in_task)
    return FALSE;
  self->die = *die;
  name = pen_ui_describe_die (die);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* Turns the die by @turn radians about its centre (0: upright). */
void
pen_die_view_set_turn (PenDieView *self,
                       double      turn)
{
  g_return_if_fail (PEN_IS_DIE_VIEW (self));

  self->turn = turn;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
