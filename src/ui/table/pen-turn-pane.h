/* pen-turn-pane.h: the side pane's turn: the guide, the steps, the questions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"
#include "pen-table-model.h"

G_BEGIN_DECLS

#define PEN_TYPE_TURN_PANE (pen_turn_pane_get_type ())
G_DECLARE_FINAL_TYPE (PenTurnPane, pen_turn_pane, PEN, TURN_PANE, GtkWidget)

void       pen_turn_pane_set_state      (PenTurnPane     *self,
                                         gboolean         interactive,
                                         gboolean         telling);
void       pen_turn_pane_set_over       (PenTurnPane     *self,
                                         gboolean         over);
void       pen_turn_pane_show_die       (PenTurnPane     *self,
                                         PenGame         *game,
                                         PenTableModel   *model);
GtkWidget *pen_turn_pane_find_action    (PenTurnPane     *self,
                                         const PenAction *action);
void       pen_turn_pane_set_guided     (PenTurnPane     *self,
                                         gboolean         guided);
gboolean   pen_turn_pane_get_guided     (PenTurnPane     *self);
gboolean   pen_turn_pane_refresh_guide  (PenTurnPane     *self,
                                         PenGame         *game);

G_END_DECLS
