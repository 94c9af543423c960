/* pen-quest-private.h: what the Contracts and Trials' loader (pen-quest.c) and
 * the words of their tasks and rewards (pen-quest-text.c) share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-quest.h"

G_BEGIN_DECLS

/* PenDiceFilter.colours when a task takes a die of any Discipline colour. */
#define PEN_QUEST_ALL_COLOURS ((1u << PEN_N_DISCIPLINES) - 1)

G_END_DECLS
