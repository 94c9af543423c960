/* pen-end-pane.h: the end of the game in the side pane, with the coach's review
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_END_PANE (pen_end_pane_get_type ())
G_DECLARE_FINAL_TYPE (PenEndPane, pen_end_pane, PEN, END_PANE, GtkWidget)

void pen_end_pane_set_state (PenEndPane *self,
                             gboolean    interactive,
                             gboolean    telling);
void pen_end_pane_game_set  (PenEndPane *self,
                             PenGame    *game);

G_END_DECLS
