/* pen-board-def.h: the printed boards, read from data: the Wizard board's
 * cells and Rest thread, the Class layout, the City and the Wilds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_WIZARD_BOARD_FILE "boards/wizard-board.json"
#define PEN_LOCATIONS_FILE "boards/locations.json"

#define PEN_N_DISCIPLINE_CELLS 8
#define PEN_N_SPARK_CELLS 3
#define PEN_N_MARK_CELLS (PEN_N_DISCIPLINE_CELLS + PEN_N_SPARK_CELLS)
#define PEN_MAX_REST_EFFECTS 4
#define PEN_MAX_SECTIONS 3
#define PEN_MAX_CELLS 4
#define PEN_MAX_LOCATIONS 8

typedef enum
{
  PEN_AREA_SCHOOL,
  PEN_AREA_CITY,
  PEN_AREA_WILDS,
} PenArea;

/* Rulebook, "Locations", CELL CONDITIONS. */
typedef enum
{
  PEN_CELL_ANY,
  PEN_CELL_CLASS_COLOUR,
  PEN_CELL_CLASS_SIX,
  PEN_CELL_SPARK,
} PenCellCondition;

/* The effect of a location's section, run by the engine's one interpreter. */
typedef enum
{
  PEN_SECTION_GAIN_MARK_AND_CARD,
  PEN_SECTION_GAIN_CLASS_CARD,
  PEN_SECTION_GAIN_CLASS_DIE,
  PEN_SECTION_BUY_POTIONS,
  PEN_SECTION_FULFIL_CONTRACT,
  PEN_SECTION_EXCHANGE_INGREDIENTS,
  PEN_SECTION_BUY_ARTIFACT,
  PEN_SECTION_GAIN_RESOURCE,
  PEN_SECTION_GAIN_SPARK_DIE,
  PEN_SECTION_GAIN_BLOOD,
} PenSectionEffect;

typedef struct
{
  PenCellCondition condition;
  guint            min_players;
  gboolean         unlimited;
} PenCellDef;

typedef struct
{
  char             *id;
  PenSectionEffect  effect;
  guint             n_cells;
  PenCellDef        cells[PEN_MAX_CELLS];
} PenSectionDef;

typedef struct
{
  char          *id;
  PenArea        area;
  guint          n_sections;
  PenSectionDef  sections[PEN_MAX_SECTIONS];
} PenLocationDef;

typedef struct
{
  guint         arcana;
  guint         die_value;
  guint         points;
  guint         n_rest;
  PenRestEffect rest[PEN_MAX_REST_EFFECTS];
  /* "The effect shown in the lower part of the cell": the one a Mark in it gives. */
  PenMarkEffect effect;
} PenMarkCellDef;

typedef struct
{
  /* Rulebook, "Finite and infinite components": Marks are limited. */
  guint          mark_supply_discipline;
  guint          mark_supply_spark;
  guint          n_thread_start;
  PenRestEffect  thread_start[PEN_MAX_REST_EFFECTS];
  /* Discipline cells first, then the Spark cells. */
  PenMarkCellDef mark_cells[PEN_N_MARK_CELLS];

  /* The layout shared by the six Class boards. */
  PenLocationDef class_layout;
  /* The City and the Wilds. */
  guint          n_locations;
  PenLocationDef locations[PEN_MAX_LOCATIONS];

  /* Bazaar: how many of an Ingredient make one unit of exchange; 0 where the
   * Ingredient cannot be exchanged. */
  guint          bazaar_rate[PEN_N_INGREDIENTS];
} PenBoardDef;

PenBoardDef       *pen_board_def_load                 (GError            **error);
PenBoardDef       *pen_board_def_new_from_json        (JsonNode           *wizard_board,
                                                       const char         *wizard_board_file,
                                                       JsonNode           *locations,
                                                       const char         *locations_file,
                                                       GError            **error);
const PenBoardDef *pen_board_def_get_default          (GError            **error);
void               pen_board_def_free                 (PenBoardDef        *self);
const char        *pen_section_effect_get_id          (PenSectionEffect    effect);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenBoardDef, pen_board_def_free)

G_END_DECLS
