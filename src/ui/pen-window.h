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

/* A saved game's file: its extension and type (data/io.github.trials_of_arcana.Penumbra.xml).
 * Saves from before are .json files; they open too. */
#define PEN_SAVE_EXTENSION ".penumbra"
#define PEN_SAVE_MIME_TYPE "application/x-penumbra-game"

G_DECLARE_FINAL_TYPE (PenWindow, pen_window, PEN, WINDOW, AdwApplicationWindow)

PenWindow *pen_window_new      (PenApplication *application);
PenGame   *pen_window_get_game (PenWindow      *self);
PenGameView *pen_window_get_game_view (PenWindow *self);
gboolean   pen_window_set_game (PenWindow      *self,
                                PenGame        *game);
void       pen_window_open         (PenWindow  *self,
                                    GFile      *file);
gboolean   pen_window_open_file    (PenWindow  *self,
                                    GFile      *file,
                                    GError    **error);
gboolean   pen_window_save_to_file (PenWindow  *self,
                                    GFile      *file,
                                    GError    **error);

G_END_DECLS
