/* pen-art-view.h: a symbol of the table's art, drawn 1:1 at any scale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_ART_VIEW (pen_art_view_get_type ())

G_DECLARE_FINAL_TYPE (PenArtView, pen_art_view, PEN, ART_VIEW, GtkWidget)

GtkWidget *pen_art_view_new (const char *symbol,
                             const char *colour,
                             int         size);

G_END_DECLS
