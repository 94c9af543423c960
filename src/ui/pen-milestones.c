/* pen-milestones.c: the milestones of a game between two of its moments —
 * a Mark, a Contract fulfilled, a Trial passed, a Mortal Wound — for the
 * window's notices, read through the game's getters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-milestones"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-milestones.h"

static char *
dup_last (GPtrArray *ids)
{
  return ids != NULL && ids->len > 0 ? g_strdup (g_ptr_array_index (ids, ids->len - 1)) : NULL;
}

/**
 * pen_milestones_capture:
 * @self: (out caller-allocates): what the notices compare, to be cleared
 *   with pen_milestones_clear()
 * @game: a game
 *
 * Reads @game as it is now, through its getters.
 */
void
pen_milestones_capture (PenMilestones *self,
                        PenGame       *game)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (PEN_IS_GAME (game));

  memset (self, 0, sizeof *self);
  self->n_players = pen_game_get_n_players (game);
  for (guint p = 0; p < self->n_players; p++)
    {
      PenWizardBoard *board = pen_game_get_player (game, p);
      GPtrArray *fulfilled = pen_game_get_fulfilled_contracts (game, p);
      GPtrArray *passed = pen_game_get_passed_trials (game, p);

      self->players[p].fulfilled = fulfilled->len;
      self->players[p].last_fulfilled = dup_last (fulfilled);
      self->players[p].passed = passed->len;
      self->players[p].last_passed = dup_last (passed);
      self->players[p].wounds = pen_wizard_board_get_mortal_wounds (board);
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        self->players[p].marks += pen_wizard_board_get_mark (board, c)->occupied;
    }
  self->n_fate_reveals = pen_game_get_n_fate_reveals (game);
}

void
pen_milestones_clear (PenMilestones *self)
{
  g_return_if_fail (self != NULL);

  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      g_clear_pointer (&self->players[p].last_fulfilled, g_free);
      g_clear_pointer (&self->players[p].last_passed, g_free);
    }
}

/**
 * pen_milestones_describe:
 * @game: a game
 * @before: what it was some actions ago (pen_milestones_capture())
 * @now: what it is now
 *
 * Returns: (nullable): what happened between the two, one line: "You gained
 *   a Mark · The Automa passed the Trial Wildwood", or %NULL for nothing
 */
char *
pen_milestones_describe (PenGame             *game,
                         const PenMilestones *before,
                         const PenMilestones *now)
{
  g_autoptr(GString) news = g_string_new (NULL);

  for (guint p = 0; p < MIN (before->n_players, now->n_players); p++)
    {
      const PenMilestonesPlayer *old = &before->players[p], *new = &now->players[p];
      gboolean automa = (int) p == pen_game_get_automa_player (game);
      g_autofree char *message = NULL;

      if (new->fulfilled > old->fulfilled)
        message = g_strdup_printf (automa ? _("The Automa fulfilled the Contract %s") : _("Contract fulfilled: %s"),
                                   pen_ui_contract_name (pen_ui_without_path (new->last_fulfilled)));
      else if (new->passed > old->passed)
        message = g_strdup_printf (automa ? _("The Automa passed the Trial %s") : _("Trial passed: %s"),
                                   pen_ui_fate_card_name (pen_ui_without_path (new->last_passed)));
      else if (!automa && new->wounds > old->wounds)
        message = g_strdup (_("You suffered a Mortal Wound"));
      else if (new->marks > old->marks)
        message = g_strdup (automa ? _("The Automa gained a Mark") : _("You gained a Mark"));
      if (message == NULL)
        continue;
      if (news->len > 0)
        g_string_append (news, " · ");
      g_string_append (news, message);
    }
  if (news->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&news), FALSE);
}
