/* pen-standing.h: the score now, and the progress towards each Prophecy and Goal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_STANDING (pen_standing_get_type ())
G_DECLARE_FINAL_TYPE (PenStanding, pen_standing, PEN, STANDING, GtkWidget)

void pen_standing_progress_new (PenStanding *self,
                                GtkWidget   *card,
                                const char  *id);

G_END_DECLS
