/* pen-piece-id.h: the layout id of every piece of the table, formatted in
 * one place. The builders name their widgets with these, the narration and
 * the hint find the pieces they light by them, the layout dump reports
 * them, and pen-pieces.c names the piece each legal action starts on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

char *pen_piece_id_die        (int            index);
char *pen_piece_id_placed_die (const char    *cell_id,
                               guint          index);
char *pen_piece_id_cell       (PenGame       *game,
                               int            location,
                               int            section,
                               int            cell);
char *pen_piece_id_mark       (guint          player,
                               int            cell);
char *pen_piece_id_market     (int            deck,
                               int            place);
char *pen_piece_id_contract   (int            slot);
char *pen_piece_id_trial      (int            index);
char *pen_piece_id_card       (int            index);
char *pen_piece_id_equipment  (const char    *cell_name);
char *pen_piece_id_ingredient (PenIngredient  ingredient);
char *pen_piece_id_threat     (guint          index);
char *pen_piece_id_fate       (const char    *card_id);

G_END_DECLS
