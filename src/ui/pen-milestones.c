/* pen-milestones.c: the milestones of a game between two of its states — a
 * Mark, a Contract fulfilled, a Trial passed, a Mortal Wound — for the
 * window's notices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-milestones"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-milestones.h"

static guint
array_length (JsonObject *player,
              const char *member)
{
  JsonArray *array = json_object_get_array_member (player, member);

  return array != NULL ? json_array_get_length (array) : 0;
}

static const char *
last_string (JsonObject *player,
             const char *member)
{
  JsonArray *array = json_object_get_array_member (player, member);
  const char *id;

  if (array == NULL || json_array_get_length (array) == 0)
    return NULL;
  id = json_array_get_string_element (array, json_array_get_length (array) - 1);
  return pen_ui_without_path (id);
}

static guint
count_marks (JsonObject *player)
{
  JsonArray *marks = json_object_get_array_member (player, "marks");
  guint n = 0;

  for (guint i = 0; marks != NULL && i < json_array_get_length (marks); i++)
    n += !JSON_NODE_HOLDS_NULL (json_array_get_element (marks, i));
  return n;
}

/**
 * pen_milestones_describe:
 * @game: a game
 * @before: its state (pen_game_to_json()) some actions ago
 * @now: its state now
 *
 * Returns: (nullable): what happened between the two, one line: "You gained
 *   a Mark · The Automa passed the Trial Wildwood", or %NULL for nothing
 */
char *
pen_milestones_describe (PenGame    *game,
                         JsonObject *before,
                         JsonObject *now)
{
  g_autoptr(GString) news = g_string_new (NULL);

  for (guint p = 0; p < pen_game_get_n_players (game); p++)
    {
      JsonObject *old = pen_ui_state_player (before, p);
      JsonObject *new = pen_ui_state_player (now, p);
      gboolean automa = (int) p == pen_game_get_automa_player (game);
      g_autofree char *message = NULL;

      if (old == NULL || new == NULL)
        continue;
      if (array_length (new, "fulfilled-contracts") > array_length (old, "fulfilled-contracts"))
        message = g_strdup_printf (automa ? _("The Automa fulfilled the Contract %s") : _("Contract fulfilled: %s"),
                                   pen_ui_contract_name (last_string (new, "fulfilled-contracts")));
      else if (array_length (new, "passed-trials") > array_length (old, "passed-trials"))
        message = g_strdup_printf (automa ? _("The Automa passed the Trial %s") : _("Trial passed: %s"),
                                   pen_ui_fate_card_name (last_string (new, "passed-trials")));
      else if (!automa && json_object_get_int_member_with_default (new, "mortal-wounds", 0)
                          > json_object_get_int_member_with_default (old, "mortal-wounds", 0))
        message = g_strdup (_("You suffered a Mortal Wound"));
      else if (count_marks (new) > count_marks (old))
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
