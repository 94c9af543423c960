/* pen-milestones.h: what happened between two states of a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

char *pen_milestones_describe (PenGame    *game,
                               JsonObject *before,
                               JsonObject *now);

G_END_DECLS
