/* pen-dice.h: a die and the rulebook's dice manipulations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "pen-rng.h"
#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_DIE_MIN_VALUE 1
#define PEN_DIE_MAX_VALUE 6

typedef struct
{
  PenDieKind    kind;
  /* Meaningful only for PEN_DIE_KIND_COLOURED. */
  PenDiscipline colour;
  guint8        value;
  /* Temporary dice are discarded at the end of the turn (rulebook, "Dice types"). */
  gboolean      temporary;
  /* Rolled for a task and waiting to be judged (it may still be manipulated). */
  gboolean      in_task;
} PenDie;

void         pen_die_roll             (PenDie        *die,
                                       PenRng        *rng);
void         pen_die_flip             (PenDie        *die);
gboolean     pen_die_set              (PenDie        *die,
                                       guint          value,
                                       GError       **error);
gboolean     pen_die_adjust           (PenDie        *die,
                                       int            delta,
                                       GError       **error);
gboolean     pen_die_recolour         (PenDie        *die,
                                       PenDiscipline  colour,
                                       GError       **error);
gboolean     pen_die_counts_as        (const PenDie  *die,
                                       PenDiscipline  colour);
char        *pen_die_describe         (const PenDie  *die);

G_END_DECLS
