/* pen-save-shape.h: what a saved state may hold, checked before it is loaded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-board-def.h"

G_BEGIN_DECLS

/* The most dice a save gives a Wizard's supply. Dice are unlimited (rulebook,
 * "Finite and infinite components"), and play reached 66; actions name the
 * dice that pay by the bits of a 64-bit mask (PenAction.mask), so those are
 * among the supply's first 64 (docs/rules-assumptions.md). */
#define PEN_SAVE_MAX_SUPPLY_DICE 256

/* The longest list of actions: the point where penumbra-sim calls a game
 * stuck (a real game has some hundreds). */
#define PEN_SAVE_MAX_ACTIONS 50000

/* The longest log: no action writes more than a few lines. */
#define PEN_SAVE_MAX_LOG_LINES (8 * PEN_SAVE_MAX_ACTIONS)

/* The most parts of an entry of the log: its message and its arguments. */
#define PEN_SAVE_MAX_LOG_PARTS 8

/* The most dice owed to Rest effects at once (rulebook, "Rest effects"): every
 * effect at the start of the thread and above every Mark cell, on one Rest. */
#define PEN_SAVE_MAX_TAKE_BACKS (PEN_MAX_REST_EFFECTS * (PEN_N_MARK_CELLS + 1))

/* The most characters of a save's own text that a message quotes
 * (pen_save_excerpt()). */
#define PEN_SAVE_EXCERPT_CHARS 40

gboolean pen_save_check_shape (JsonNode  *root,
                               GError   **error);
char    *pen_save_excerpt     (const char *text);

G_END_DECLS
