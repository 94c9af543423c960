/* pen-log-lines.h: the log shown as one label per line, kept from one change
 * to the next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean pen_log_lines_set      (GtkBox        *box,
                                 GtkWidget    **line,
                                 const char    *text,
                                 PangoAttrList *attributes,
                                 gboolean       hold);
void     pen_log_lines_show_held (GtkBox       *box);
void     pen_log_lines_truncate (GtkBox        *box,
                                 GtkWidget     *line);
gboolean pen_log_lines_at       (GtkBox        *box,
                                 double         x,
                                 double         y,
                                 guint         *line,
                                 guint         *offset);
gboolean pen_log_lines_get_area (GtkBox        *box,
                                 guint          line,
                                 guint          offset,
                                 GdkRectangle  *area);

G_END_DECLS
