/* pen-narration.h: the piece of the table a line of the log is about.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

GtkWidget *pen_narration_find_piece (GtkWidget          *table,
                                     PenGame            *game,
                                     const PenLogTarget *target);

G_END_DECLS
