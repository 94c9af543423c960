/* pen-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "pen-application.h"
#include "pen-game.h"
#include "pen-game-view.h"

G_BEGIN_DECLS

#define PEN_TYPE_WINDOW (pen_window_get_type ())

G_DECLARE_FINAL_TYPE (PenWindow, pen_window, PEN, WINDOW, AdwApplicationWindow)

PenWindow *pen_window_new      (PenApplication *application);
PenGame   *pen_window_get_game (PenWindow      *self);
PenGameView *pen_window_get_game_view (PenWindow *self);
void       pen_window_set_game (PenWindow      *self,
                                PenGame        *game);
gboolean   pen_window_open_file    (PenWindow  *self,
                                    GFile      *file,
                                    GError    **error);
gboolean   pen_window_save_to_file (PenWindow  *self,
                                    GFile      *file,
                                    GError    **error);

G_END_DECLS
