/* pen-art.h: the table's art, drawn from SVG with librsvg.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-dice.h"
#include "pen-types.h"

G_BEGIN_DECLS

GdkTexture *pen_art_die     (const PenDie *die,
                             int           size);
GdkTexture *pen_art_symbol  (const char   *symbol,
                             const char   *colour,
                             int           size);
const char *pen_art_discipline_colour (PenDiscipline discipline);
GtkWidget  *pen_art_symbol_picture (const char *symbol,
                                    const char *colour,
                                    int         size);
void        pen_art_set_scale (GtkWidget  *table,
                               double      scale);
double      pen_art_get_scale (GtkWidget  *widget);
int         pen_art_scaled  (GtkWidget    *widget,
                             int           size);
double      pen_art_zoom    (GtkWidget    *widget);
void        pen_art_append  (GtkSnapshot  *snapshot,
                             GdkTexture   *texture,
                             float         x,
                             float         y,
                             double        zoom);

const char *pen_art_symbol_defs (void);
gboolean    pen_art_is_dark (GtkWidget    *widget);
GdkTexture *pen_art_svg     (const char   *key,
                             const char   *svg,
                             int           width,
                             int           height);

G_END_DECLS
