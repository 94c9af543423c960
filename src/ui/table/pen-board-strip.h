/* pen-board-strip.h: a Wizard board in pictures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

gboolean pen_board_strip_show  (GtkBox  *box,
                                PenGame *game,
                                guint    player);
void     pen_board_strip_clear (GtkBox  *box);

G_END_DECLS
