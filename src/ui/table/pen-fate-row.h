/* pen-fate-row.h: the Fate row of the table — the Fate deck, the Prophecies
 * and Goals in play, the Trial row and the Guild's Contract row — a region
 * of the table (pen-region.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_FATE_ROW (pen_fate_row_get_type ())
G_DECLARE_FINAL_TYPE (PenFateRow, pen_fate_row, PEN, FATE_ROW, GtkWidget)

GPtrArray *pen_fate_row_take_new_cards (PenFateRow *self);

G_END_DECLS
