/* pen-action-list.h: every legal action in a list to search, grouped by the
 * piece it starts on: the keyboard's path and the fallback of the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

typedef void (*PenActionChosen) (const PenAction *action,
                                 gpointer         user_data);

GtkWidget *pen_action_list_present (GtkWidget       *table,
                                    PenGame         *game,
                                    GArray          *actions,
                                    PenActionChosen  chosen,
                                    gpointer         user_data);

G_END_DECLS
