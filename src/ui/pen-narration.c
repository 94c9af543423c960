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
      id = g_strdup_printf ("cell-%s-%d-%d",
                            pen_location_get_id (pen_game_get_location (game, target->location)),
                            target->section, target->index);
      break;
    case PEN_LOG_TARGET_MARK:
      kind = "mark-cell";
      id = g_strdup_printf ("mark-%d-%d", target->owner, target->index);
      break;
    case PEN_LOG_TARGET_MARKET:
      kind = "card";
      id = g_strdup_printf ("market-%s-%d",
                            target->owner < PEN_N_DISCIPLINES ? pen_discipline_get_id (target->owner)
                            : target->owner == PEN_MARKET_BREWERY ? "brewery" : "shop",
                            target->index);
      break;
    case PEN_LOG_TARGET_CONTRACT:
      kind = "contract";
      id = g_strdup_printf ("contract-%d", target->index);
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
