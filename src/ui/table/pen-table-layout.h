/* pen-table-layout.h: the layout that sizes the table to the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_TABLE_LAYOUT (pen_table_layout_get_type ())
G_DECLARE_FINAL_TYPE (PenTableLayout, pen_table_layout, PEN, TABLE_LAYOUT, GtkLayoutManager)

gboolean pen_table_layout_is_fitting (PenTableLayout *self);
double   pen_table_layout_get_scale  (PenTableLayout *self);

char      *pen_table_heading_markup (const char   *text);
GtkWidget *pen_table_heading_new   (const char    *text);
GtkWidget *pen_table_box_new       (GtkOrientation orientation,
                                    int            gap);
void       pen_table_grid_set_gaps (GtkGrid       *grid,
                                    int            row_gap,
                                    int            column_gap);

G_END_DECLS
