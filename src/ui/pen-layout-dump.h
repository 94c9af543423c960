/* pen-layout-dump.h: the table's pieces named for tests, and the layout dump
 * of PENUMBRA_LAYOUT_DUMP.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pen_layout_tag   (GtkWidget  *widget,
                       const char *kind,
                       const char *id,
                       const char *label);
void pen_layout_untag (GtkWidget  *widget);
gboolean pen_layout_get_tag (GtkWidget   *widget,
                             const char **kind,
                             const char **id,
                             const char **label);
void pen_layout_watch (GtkWindow  *window,
                       const char *path);
GtkWidget *pen_layout_find (GtkWidget  *root,
                            const char *kind,
                            const char *id);

G_END_DECLS
