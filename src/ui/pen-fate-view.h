/* pen-fate-view.h: the Fate cards as a player reads them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "pen-game.h"

G_BEGIN_DECLS

char      *pen_fate_card_describe    (const char *id);
GtkWidget *pen_fate_card_view_new    (const char *id);
GtkWidget *pen_fate_banner_new       (void);
void       pen_fate_banner_clear     (GtkWidget  *banner);
void       pen_fate_banner_show_news (GtkWidget  *banner,
                                      PenGame    *game,
                                      guint       n_before);
GtkWidget *pen_fate_last_round_new   (PenGame    *game);
const char *pen_fate_revealed_on_line (PenGame       *game,
                                       guint          line);

G_END_DECLS
