/* pen-die-view.h: a die on the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-dice.h"

G_BEGIN_DECLS

#define PEN_TYPE_DIE_VIEW (pen_die_view_get_type ())

G_DECLARE_FINAL_TYPE (PenDieView, pen_die_view, PEN, DIE_VIEW, GtkWidget)

GtkWidget    *pen_die_view_new     (const PenDie *die,
                                    int           size);
const PenDie *pen_die_view_get_die (PenDieView   *self);
gboolean      pen_die_view_set_die (PenDieView   *self,
                                    const PenDie *die);
void          pen_die_view_set_turn (PenDieView  *self,
                                     double       turn);

G_END_DECLS
