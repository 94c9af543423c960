/* pen-action.c: the closed set of actions that change a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-action"

#include "config.h"

#include <string.h>

#include "pen-action.h"

static const char *type_ids[PEN_N_ACTION_TYPES] = {
  [PEN_ACTION_CHOOSE_TALENT] = "choose-talent",
  [PEN_ACTION_PLACE] = "place",
  [PEN_ACTION_KNOCK_OUT] = "knock-out",
  [PEN_ACTION_USE_LOCATION] = "use-location",
  [PEN_ACTION_SKIP_LOCATION] = "skip-location",
  [PEN_ACTION_HURRY] = "hurry",
  [PEN_ACTION_MANIPULATE] = "manipulate",
  [PEN_ACTION_HEAL] = "heal",
  [PEN_ACTION_USE_MARK] = "use-mark",
  [PEN_ACTION_EXCHANGE] = "exchange",
  [PEN_ACTION_FINISH_EXCHANGE] = "finish-exchange",
  [PEN_ACTION_REST] = "rest",
  [PEN_ACTION_DEFEND] = "defend",
  [PEN_ACTION_ROLL_THREAT] = "roll-threat",
  [PEN_ACTION_THREAT_TARGET] = "threat-target",
  [PEN_ACTION_END_TURN] = "end-turn",
  [PEN_ACTION_CHOOSE_CONTRACT] = "choose-contract",
  [PEN_ACTION_START_TRIAL] = "start-trial",
  [PEN_ACTION_CHOOSE_PATH] = "choose-path",
  [PEN_ACTION_TASK_DICE] = "task-dice",
  [PEN_ACTION_TASK_DO] = "task-do",
  [PEN_ACTION_GIVE_UP] = "give-up",
  [PEN_ACTION_RIFT_DISCARD] = "rift-discard",
  [PEN_ACTION_BIND] = "bind",
  [PEN_ACTION_RESERVE] = "reserve",
  [PEN_ACTION_CHOOSE_COLOUR] = "choose-colour",
  [PEN_ACTION_TAKE_CARD] = "take-card",
  [PEN_ACTION_BUY_CARD] = "buy-card",
  [PEN_ACTION_FINISH_BUYING] = "finish-buying",
  [PEN_ACTION_KEEP_EQUIPMENT] = "keep-equipment",
  [PEN_ACTION_BRIBE] = "bribe",
  [PEN_ACTION_USE_CARD] = "use-card",
  [PEN_ACTION_CARD_TOKEN] = "card-token",
  [PEN_ACTION_FINISH_CARD] = "finish-card",
  [PEN_ACTION_TAKE_BACK] = "take-back",
  [PEN_ACTION_MORTAL_WOUND] = "mortal-wound",
  [PEN_ACTION_DISCARD_ARTIFACT] = "discard-artifact",
  [PEN_ACTION_USE_TALENT] = "use-talent",
  [PEN_ACTION_SUMMON_FROM_MARKET] = "summon-from-market",
  [PEN_ACTION_AUTOMA_TURN] = "automa-turn",
};

/* Unused fields are -1, so two equal actions compare equal field by field. */
void
pen_action_init (PenAction     *action,
                 PenActionType  type)
{
  g_return_if_fail (action != NULL);

  memset (action, 0, sizeof *action);   /* padding too, for pen_action_equal() */
  action->type = type;
  action->die = -1;
  action->location = -1;
  action->section = -1;
  action->cell = -1;
  action->index = -1;
  action->value = -1;
  action->colour = -1;
  action->to = -1;
  action->mask = 0;
}

gboolean
pen_action_equal (const PenAction *a,
                  const PenAction *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

const char *
pen_action_type_get_id (PenActionType type)
{
  g_return_val_if_fail (type < PEN_N_ACTION_TYPES, NULL);
  return type_ids[type];
}

gboolean
pen_action_type_from_id (const char    *id,
                         PenActionType *out)
{
  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < PEN_N_ACTION_TYPES; i++)
    if (g_str_equal (id, type_ids[i]))
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}
