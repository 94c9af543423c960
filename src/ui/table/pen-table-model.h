/* pen-table-model.h: what the table shows of a game, apart from the
 * widgets: the actions offered now, each found from its piece at once,
 * what each region showed last, the die chosen or dragged and the pieces
 * the hint lights.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

/* The parts of the table refilled only when their part of the game changed. */
typedef enum
{
  PEN_TABLE_BOARD,
  PEN_TABLE_IN_PLAY,
  PEN_TABLE_MARKETS,
  PEN_TABLE_QUESTS,
  PEN_TABLE_ZONES,
  PEN_TABLE_N_REGIONS
} PenTableRegion;

typedef struct
{
  GArray     *actions;        /* the actions offered (pen_game_list_distinct_actions()), or NULL */
  GHashTable *by_piece;       /* piece's layout id → GArray of guint: its actions, in order */
  GHashTable *placements;     /* "die:location:section:cell" → GArray of guint: PLACE and KNOCK_OUT */
  GHashTable *placeable;      /* the dice (as pointers) with a placement */
  gboolean    can_place;      /* a PLACE among the actions */
  char       *shown[PEN_TABLE_N_REGIONS];  /* what each region shows, to compare with the next */
  int         selected_die;   /* the supply's die chosen by a click, or -1 */
  int         dragged_die;    /* the supply's die being dragged, or -1 */
  GPtrArray  *hinted;         /* the widgets the hint lights */
} PenTableModel;

void       pen_table_model_init            (PenTableModel  *self);
void       pen_table_model_clear           (PenTableModel  *self);
void       pen_table_model_set_actions     (PenTableModel  *self,
                                            PenGame        *game,
                                            GArray         *actions);
GArray    *pen_table_model_piece_actions   (PenTableModel  *self,
                                            const char     *piece);
GArray    *pen_table_model_placements      (PenTableModel  *self,
                                            int             die,
                                            int             location,
                                            int             section,
                                            int             cell);
gboolean   pen_table_model_can_place_die   (PenTableModel  *self,
                                            int             die);
const PenAction *pen_table_model_action    (PenTableModel  *self,
                                            guint           index);
const PenAction *pen_table_model_find      (PenTableModel  *self,
                                            PenActionType   type);
gboolean   pen_table_model_region_changed  (PenTableModel  *self,
                                            PenTableRegion  region,
                                            GString        *key);
void       pen_table_model_forget_regions  (PenTableModel  *self);

G_END_DECLS
