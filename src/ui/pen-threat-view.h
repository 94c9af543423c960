/* pen-threat-view.h: the Threat's dice on the table, with what each did.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

gboolean  pen_threat_view_fill    (GtkBox                 *box,
                                   PenGame                *game,
                                   guint                   player,
                                   int                     die_size);
char     *pen_threat_view_caption (PenGame                *game,
                                   guint                   player,
                                   const PenThreatOutcome *outcome);

G_END_DECLS
