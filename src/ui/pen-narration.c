/* pen-narration.c: the piece of the table a line of the log is about (the
 * engine's pen_game_get_log_target()), found among the pieces named for the
 * layout dump: a location's cell, a Mark cell, a market's card, a Contract,
 * or the Automa's mat. The view lights it while the Automa's turn is
 * narrated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-narration"

#include "config.h"

#include "pen-layout-dump.h"
#include "pen-piece-id.h"
#include "pen-narration.h"

/**
 * pen_narration_find_piece:
 * @table: the widgets of the table
 * @target: (nullable): what a line of the log is about
 *
 * Returns: (transfer none) (nullable): its piece, or %NULL when it has none
 *   on the table now (an emptied market place, say)
 */
GtkWidget *
pen_narration_find_piece (GtkWidget          *table,
                          PenGame            *game,
                          const PenLogTarget *target)
{
  g_autofree char *id = NULL;
  const char *kind;

  g_return_val_if_fail (GTK_IS_WIDGET (table), NULL);
  g_return_val_if_fail (PEN_IS_GAME (game), NULL);

  if (target == NULL)
    return NULL;
  switch (target->kind)
    {
    case PEN_LOG_TARGET_CELL:
      kind = "location-cell";
      id = pen_piece_id_cell (game, target->location, target->section, target->index);
      break;
    case PEN_LOG_TARGET_MARK:
      kind = "mark-cell";
      id = pen_piece_id_mark ((guint) target->owner, target->index);
      break;
    case PEN_LOG_TARGET_MARKET:
      kind = "card";
      id = pen_piece_id_market (target->owner < PEN_N_DISCIPLINES ? target->owner
                                   : target->owner == PEN_MARKET_BREWERY ? PEN_DECK_POTIONS : PEN_DECK_ARTIFACTS,
                                   target->index);
      break;
    case PEN_LOG_TARGET_CONTRACT:
      kind = "contract";
      id = pen_piece_id_contract (target->index);
      break;
    case PEN_LOG_TARGET_AUTOMA_CELL:
    case PEN_LOG_TARGET_AUTOMA:
      /* The Automa's Equipment is shown on its mat. */
      kind = "automa";
      id = g_strdup ("automa");
      break;
    case PEN_LOG_TARGET_NONE:
    default:
      return NULL;
    }
  return pen_layout_find (table, kind, id);
}
