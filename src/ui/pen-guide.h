/* pen-guide.h: the guided first game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* Turns guided (the Wizard's and the Automa's): the Wizard's first three. */
#define PEN_GUIDE_TURNS 6

PenGame    *pen_guide_new_game (GError **error);
gboolean    pen_guide_is_over  (PenGame *game);
const char *pen_guide_describe (PenGame *game);

G_END_DECLS
