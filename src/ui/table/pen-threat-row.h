/* pen-threat-row.h: the Threat's dice on the table, a region.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_THREAT_ROW (pen_threat_row_get_type ())
G_DECLARE_FINAL_TYPE (PenThreatRow, pen_threat_row, PEN, THREAT_ROW, GtkWidget)

G_END_DECLS
