/* pen-table-model.h: what the table shows of a game, apart from the
 * widgets: the actions offered now, each found from its piece at once,
 * the die chosen or dragged and the pieces the hint lights. Each region
 * keeps what it showed last itself (pen-region.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

typedef struct
{
  GArray     *actions;        /* the actions offered (pen_game_list_distinct_actions()), or NULL */
  GHashTable *by_piece;       /* piece's layout id → GArray of guint: its actions, in order */
  GHashTable *placements;     /* "die:location:section:cell" → GArray of guint: PLACE and KNOCK_OUT */
  GHashTable *placeable;      /* the dice (as pointers) with a placement */
  gboolean    can_place;      /* a PLACE among the actions */
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

G_END_DECLS
