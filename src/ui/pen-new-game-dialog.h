/* pen-new-game-dialog.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_NEW_GAME_DIALOG (pen_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PenNewGameDialog, pen_new_game_dialog, PEN, NEW_GAME_DIALOG, AdwWindow)

PenNewGameDialog *pen_new_game_dialog_new            (GtkWindow        *parent);
guint64           pen_new_game_dialog_get_seed       (PenNewGameDialog *self);
void              pen_new_game_dialog_set_seed       (PenNewGameDialog *self,
                                                      guint64           seed);
const char       *pen_new_game_dialog_get_automa     (PenNewGameDialog *self);
gboolean          pen_new_game_dialog_set_automa     (PenNewGameDialog *self,
                                                      const char       *id);
int               pen_new_game_dialog_get_worldview  (PenNewGameDialog *self);
gboolean          pen_new_game_dialog_get_first_game (PenNewGameDialog *self);

G_END_DECLS
