/* pen-region.c: the regions of the table, and the host they ask (see
 * pen-region.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-region"

#include "config.h"

#include "pen-region.h"

G_DEFINE_INTERFACE (PenRegion, pen_region, GTK_TYPE_WIDGET)

static void
pen_region_default_init (PenRegionInterface *iface)
{
}

void
pen_region_update (PenRegion     *self,
                   PenGame       *game,
                   PenTableModel *model)
{
  g_return_if_fail (PEN_IS_REGION (self));
  g_return_if_fail (game == NULL || PEN_IS_GAME (game));

  PEN_REGION_GET_IFACE (self)->update (self, game, model);
}

void
pen_region_forget (PenRegion *self)
{
  PenRegionInterface *iface;

  g_return_if_fail (PEN_IS_REGION (self));

  iface = PEN_REGION_GET_IFACE (self);
  if (iface->forget != NULL)
    iface->forget (self);
}

#define HOST_KEY "pen-table-host"

/* @host serves the pieces inside @root; it must outlive them. */
void
pen_table_host_set (GtkWidget          *root,
                    const PenTableHost *host)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  g_object_set_data (G_OBJECT (root), HOST_KEY, (gpointer) host);
}

/* The host of the table @widget is in (a popover's widget counts as its
 * parent), or NULL outside a table. */
const PenTableHost *
pen_table_host_find (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      const PenTableHost *host = g_object_get_data (G_OBJECT (widget), HOST_KEY);

      if (host != NULL)
        return host;
    }
  return NULL;
}

/* The player of @game who is not the Automa: the one the table is for. */
guint
pen_region_human_player (PenGame *game)
{
  return pen_game_get_automa_player (game) == 0 ? 1 : 0;
}

/* Empties @widget, a box, a flow box, a grid or any other container. */
void
pen_region_remove_children (GtkWidget *widget)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    {
      if (GTK_IS_BOX (widget))
        gtk_box_remove (GTK_BOX (widget), child);
      else if (GTK_IS_FLOW_BOX (widget))
        gtk_flow_box_remove (GTK_FLOW_BOX (widget), child);
      else if (GTK_IS_GRID (widget))
        gtk_grid_remove (GTK_GRID (widget), child);
      else
        gtk_widget_unparent (child);
    }
}
