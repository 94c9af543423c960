/* pen-location-private.h: a location as the rules engine reads it.
 *
 * Listing the legal actions asks each cell of the table what it holds, for
 * every die of the supply: the rules engine's files (pen-location.c and the
 * pen-game*.c files, through pen-game-private.h) read it here, without the
 * public getters' type checks and calls, with the same bounds asserted; they
 * change it only through the public functions. Everything else uses
 * pen-location.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-location.h"

G_BEGIN_DECLS

/* One more slot per section holds dice placed beside the cells (Appear). */
#define PEN_LOCATION_OUTSIDE PEN_MAX_CELLS

struct _PenLocation
{
  GObject               parent_instance;

  const PenLocationDef *def;
  gboolean              is_class;
  PenDiscipline         discipline;
  char                 *id;
  /* The dice of each cell, NULL until a die is placed there: most cells of
   * a game never hold one, and an array for each was a tenth of setting up
   * and freeing a game. */
  GArray               *dice[PEN_MAX_SECTIONS][PEN_MAX_CELLS + 1];
  guint                 n_dice;   /* in all its cells: listing skips a location without dice */
};

/* Where the dice of a cell (-1: beside the cells) are kept: NULL if none
 * was ever placed there. */
static inline GArray **
location_slot (PenLocation *location,
               guint        section,
               int          cell)
{
  g_assert (section < location->def->n_sections);
  g_assert (cell == -1 || (guint) cell < location->def->sections[section].n_cells);
  return &location->dice[section][cell < 0 ? PEN_LOCATION_OUTSIDE : cell];
}

/* pen_location_get_discipline() without the type check. */
static inline PenDiscipline
location_discipline (PenLocation *location)
{
  return location->discipline;
}

/* pen_location_count_dice() without the type check. */
static inline guint
location_count_dice (PenLocation *location)
{
  return location->n_dice;
}

/* pen_location_get_n_dice() without the type check. */
static inline guint
location_n_dice (PenLocation *location,
                 guint        section,
                 int          cell)
{
  GArray *dice = *location_slot (location, section, cell);

  return dice != NULL ? dice->len : 0;
}

/* pen_location_get_die() without the type check. */
static inline const PenDie *
location_die (PenLocation *location,
              guint        section,
              int          cell,
              guint        index)
{
  GArray *dice = *location_slot (location, section, cell);

  g_assert (dice != NULL && index < dice->len);
  return &g_array_index (dice, PenDie, index);
}

G_END_DECLS
