/* pen-game-view.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "pen-coach.h"
#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_GAME_VIEW (pen_game_view_get_type ())

G_DECLARE_FINAL_TYPE (PenGameView, pen_game_view, PEN, GAME_VIEW, GtkWidget)

PenGame *pen_game_view_get_game   (PenGameView *self);
PenGame *pen_game_view_get_shown_game (PenGameView *self);
void     pen_game_view_set_game   (PenGameView *self,
                                   PenGame     *game);
void     pen_game_view_set_interactive (PenGameView *self,
                                        gboolean     interactive);
void     pen_game_view_set_show_log (PenGameView *self,
                                     gboolean     show_log);
void     pen_game_view_show_notice (PenGameView *self,
                                    const char  *message);
void     pen_game_view_take_step  (PenGameView  *self,
                                   PenActionType type);
void     pen_game_view_pick_die   (PenGameView *self,
                                   guint        index);
void     pen_game_view_show_all_actions (PenGameView *self);
void     pen_game_view_open_piece (PenGameView *self,
                                   GtkWidget   *piece);
gboolean pen_game_view_is_settled (PenGameView *self);
void     pen_game_view_hint       (PenGameView *self);
void     pen_game_view_set_guided (PenGameView *self,
                                   gboolean     guided);
gboolean pen_game_view_get_guided (PenGameView *self);
gboolean pen_game_view_get_hint   (PenGameView    *self,
                                   PenCoachAdvice *advice);

G_END_DECLS
