/* pen-location.h: a location on the table (a Class, a City or Wilds location)
 * and the dice placed in its cells.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "pen-board-def.h"
#include "pen-dice.h"

G_BEGIN_DECLS

#define PEN_TYPE_LOCATION (pen_location_get_type ())

G_DECLARE_FINAL_TYPE (PenLocation, pen_location, PEN, LOCATION, GObject)

PenLocation          *pen_location_new_class        (const PenLocationDef *layout,
                                                     PenDiscipline         discipline);
PenLocation          *pen_location_new              (const PenLocationDef *def);
PenLocation          *pen_location_copy             (PenLocation          *self);
const PenLocationDef *pen_location_get_def          (PenLocation          *self);
const char           *pen_location_get_id           (PenLocation          *self);
char                 *pen_location_dup_name         (PenLocation          *self);
gboolean              pen_location_is_class         (PenLocation          *self);
PenDiscipline         pen_location_get_discipline   (PenLocation          *self);
int                   pen_location_find_section     (PenLocation          *self,
                                                     const char           *section_id);

/* Dice in a cell; @cell == -1 means placed beside the section's cells (Appear). */
guint                 pen_location_get_n_dice       (PenLocation          *self,
                                                     guint                 section,
                                                     int                   cell);
guint                 pen_location_count_dice       (PenLocation          *self);
const PenDie         *pen_location_get_die          (PenLocation          *self,
                                                     guint                 section,
                                                     int                   cell,
                                                     guint                 index);
void                  pen_location_add_die          (PenLocation          *self,
                                                     guint                 section,
                                                     int                   cell,
                                                     const PenDie         *die);
PenDie                pen_location_take_die         (PenLocation          *self,
                                                     guint                 section,
                                                     int                   cell,
                                                     guint                 index);
void                  pen_location_clear            (PenLocation          *self);

G_END_DECLS
