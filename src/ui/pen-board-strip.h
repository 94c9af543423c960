/* pen-board-strip.h: a Wizard board in pictures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

void pen_board_strip_fill (GtkBox  *strip,
                           PenGame *game,
                           guint    player);

G_END_DECLS
