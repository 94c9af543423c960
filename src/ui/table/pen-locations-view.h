/* pen-locations-view.h: the locations of the table (the four Class boards,
 * the City and the Wilds), a region (pen-region.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-table-model.h"

G_BEGIN_DECLS

#define PEN_TYPE_LOCATIONS_VIEW (pen_locations_view_get_type ())
G_DECLARE_FINAL_TYPE (PenLocationsView, pen_locations_view, PEN, LOCATIONS_VIEW, GtkWidget)

void     pen_locations_view_highlight   (PenLocationsView *self,
                                         PenTableModel    *model);
gboolean pen_locations_view_focus_legal (PenLocationsView *self);

G_END_DECLS
