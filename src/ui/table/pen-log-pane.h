/* pen-log-pane.h: the log beside the table, and the Automa's turn told in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_LOG_PANE (pen_log_pane_get_type ())
G_DECLARE_FINAL_TYPE (PenLogPane, pen_log_pane, PEN, LOG_PANE, GtkWidget)

void     pen_log_pane_set_table       (PenLogPane *self,
                                       GtkWidget  *table);
void     pen_log_pane_begin_narration (PenLogPane *self,
                                       PenGame    *game,
                                       gboolean    interactive);
void     pen_log_pane_stop_narration  (PenLogPane *self);
gboolean pen_log_pane_is_telling      (PenLogPane *self);
PenGame *pen_log_pane_get_told_game   (PenLogPane *self,
                                       PenGame    *game);
void     pen_log_pane_set_show_log    (PenLogPane *self,
                                       gboolean    show_log);
gboolean pen_log_pane_get_show_log    (PenLogPane *self);
gboolean pen_log_pane_is_settled      (PenLogPane *self);

G_END_DECLS
