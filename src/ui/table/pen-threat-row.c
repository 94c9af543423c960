/* pen-threat-row.c: the Threat: its dice, "?" until rolled, and what each
 * did (pen-threat-view.c); each opens what can be done with it (one a card
 * adjusts is lit as the answer the card's effect waits for). Small, and what
 * it shows is the engine's transient state: filled anew every time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-threat-row"

#include "config.h"

#include "pen-mat.h"
#include "pen-region.h"
#include "pen-threat-row.h"
#include "pen-threat-view.h"

/* A die on the table (in a cell, the Threat). */
#define PLACED_DIE_SIZE 30

struct _PenThreatRow
{
  GtkWidget  parent_instance;

  GtkBox    *box;
};

static void pen_threat_row_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenThreatRow, pen_threat_row, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_threat_row_region_init))

static void
pen_threat_row_update (PenRegion     *region,
                       PenGame       *game,
                       PenTableModel *model)
{
  PenThreatRow *self = PEN_THREAT_ROW (region);
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));

  pen_region_remove_children (GTK_WIDGET (self->box));
  if (game == NULL)
    return;
  /* Shown empty as well: its room is kept (.pen-threat-row). */
  pen_threat_view_fill (self->box, game, pen_region_human_player (game), PLACED_DIE_SIZE);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (host != NULL)
      host->make_piece_active (host->table, child, "die", gtk_widget_get_name (child));
}

static void
pen_threat_row_region_init (PenRegionInterface *iface)
{
  iface->update = pen_threat_row_update;
}

static void
pen_threat_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_THREAT_ROW);

  G_OBJECT_CLASS (pen_threat_row_parent_class)->dispose (object);
}

static void
pen_threat_row_class_init (PenThreatRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_threat_row_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-threat-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenThreatRow, box);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pen_threat_row_init (PenThreatRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
