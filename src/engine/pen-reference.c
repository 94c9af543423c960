/* pen-reference.c: the reference player.
 *
 * It plays the real game by simple priorities, asking the engine what is
 * legal: a Trial when one of its tasks can be met now, Rest when dice run low,
 * otherwise Study — a Mark when it can pay for one, a Contract it can fulfil,
 * Discipline cards, dice, Ingredients — and it always uses the effect of the
 * cell it placed in. Its choices depend only on the state, so a seed gives
 * the same game every time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-reference"

#include "config.h"

#include "pen-quest.h"
#include "pen-reference.h"

/* The card-token kinds from the engine's "heal" on: the Marks and cards a card
 * or an Event heals, recharges or unexhausts. */
#define TOKEN_FIRST_PICK 10

static guint
count_dice (PenWizardBoard *board)
{
  return pen_wizard_board_get_n_dice (board);
}

/* Whether @task can be met with what the Wizard has now. */
static gboolean
task_feasible (PenGame       *game,
               guint          player,
               const PenTask *task)
{
  PenWizardBoard *board = pen_game_get_player (game, player);
  guint sum = 0, n = 0;

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        if (pen_wizard_board_get_ingredient (board, i) < task->ingredients[i])
          return FALSE;
      return TRUE;
    case PEN_TASK_HAVE_EXPERIENCE:
      {
        guint experience[PEN_N_EXPERIENCES];

        pen_game_get_experience (game, player, experience);
        for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
          if (experience[e] < task->experience[e])
            return FALSE;
        return TRUE;
      }
    case PEN_TASK_WITHSTAND_THREAT:
      return task->count <= 2;
    case PEN_TASK_DISCARD_DICE_SUM:
    case PEN_TASK_DISCARD_DICE_EXACT:
    case PEN_TASK_ROLL_DICE_SUM:
    default:
      for (guint i = 0; i < count_dice (board); i++)
        {
          const PenDie *die = pen_wizard_board_get_die (board, i);

          if (pen_dice_filter_accepts (&task->dice, die->kind, die->colour))
            {
              sum += die->value;
              n++;
            }
        }
      if (task->kind == PEN_TASK_DISCARD_DICE_SUM)
        return sum >= task->sum;
      if (task->kind == PEN_TASK_ROLL_DICE_SUM)
        return n >= task->count && task->count * 4 >= task->sum;
      return n >= task->n_values;   /* exact values: the listing checks the faces */
    }
}

static gboolean
path_feasible (PenGame            *game,
               guint               player,
               const PenTrialPath *path)
{
  for (guint t = 0; t < path->n_tasks; t++)
    if (task_feasible (game, player, &path->tasks[t]))
      return TRUE;
  return FALSE;
}

/* Whether the task a "choose-path" action picks can be met now. The Trial is
 * the one being attempted: the only one whose paths are offered. */
static gboolean
path_task_feasible (PenGame         *game,
                    guint            player,
                    const PenAction *action)
{
  const char *id = pen_game_get_quest (game);
  const PenTrial *trial = id != NULL ? pen_quests_find_trial (pen_quests_get_default (NULL), id) : NULL;
  const PenTrialPath *path;

  if (trial == NULL)
    return FALSE;
  path = action->index == 0 ? &trial->darkness : &trial->light;
  return (guint) action->value < path->n_tasks && task_feasible (game, player, &path->tasks[action->value]);
}

static gboolean
trial_feasible (PenGame    *game,
                guint       player,
                const char *id)
{
  const PenTrial *trial = pen_quests_find_trial (pen_quests_get_default (NULL), id);

  return trial != NULL && trial->threat <= 3
         && (path_feasible (game, player, &trial->light) || path_feasible (game, player, &trial->darkness));
}

/* How much the reference player wants a placement. */
static int
placement_score (PenGame         *game,
                 const PenAction *action)
{
  PenWizardBoard *board = pen_game_get_player (game, pen_game_get_current_player (game));
  PenLocation *location = pen_game_get_location (game, action->location);
  const PenDie *die = pen_wizard_board_get_die (board, action->die);
  const char *id = pen_location_get_id (location);
  int value_penalty = die->value;   /* keep high dice for Marks and tasks */

  if (action->cell < 0)
    return -100;   /* Appear costs Arcana, which is points */
  if (pen_location_is_class (location))
    {
      if (action->section == 0)
        return 100;
      return action->section == 1 ? 60 - value_penalty : 40 - value_penalty;
    }
  if (g_str_equal (id, "guild"))
    {
      for (guint slot = 0; slot < 4; slot++)
        {
          const char *contract = pen_game_get_contract (game, slot);
          const PenContract *c = contract ? pen_quests_find_contract (pen_quests_get_default (NULL), contract) : NULL;

          if (c != NULL && c->threat <= 2
              && task_feasible (game, pen_game_get_current_player (game), &c->task))
            return 80 - value_penalty;
        }
      return -50;
    }
  if (g_str_equal (id, "forest"))
    return 30 - value_penalty;
  if (g_str_equal (id, "bazaar"))
    return 5 - value_penalty;
  if (g_str_equal (id, "sanctuary"))
    return pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_BLOOD) > 0 ? 25 - value_penalty : -50;
  if (g_str_equal (id, "ruins"))
    return pen_wizard_board_count_wounded (board) == 0 ? 20 - value_penalty : -50;
  if (g_str_equal (id, "brewery") || g_str_equal (id, "shop"))
    return pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_JEWELS) >= 2 ? 15 - value_penalty : -50;
  return 0;
}

static const PenAction *
find_type (GArray        *actions,
           PenActionType  type)
{
  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, PenAction, i).type == type)
      return &g_array_index (actions, PenAction, i);
  return NULL;
}

#define MAX_CARDS_PER_TURN 3

/* The answer to the pending choice, or NULL when there is none to make or
 * the turn's own priorities answer it. */
static const PenAction *
answer_pending (PenGame    *game,
                guint       player,
                PenPending  pending,
                GArray     *actions)
{
  const PenAction *pick = NULL;

  switch (pending)
    {
    case PEN_PENDING_CONTRACT:
      for (guint i = 0; i < actions->len && pick == NULL; i++)
        {
          const PenAction *a = &g_array_index (actions, PenAction, i);
          const char *id = a->type == PEN_ACTION_CHOOSE_CONTRACT && a->index < 4
                             ? pen_game_get_contract (game, a->index) : NULL;
          const PenContract *c = id ? pen_quests_find_contract (pen_quests_get_default (NULL), id) : NULL;

          if (c != NULL && task_feasible (game, player, &c->task))
            pick = a;
        }
      if (pick == NULL)
        pick = find_type (actions, PEN_ACTION_GIVE_UP);
      break;
    case PEN_PENDING_PATH:
      /* The path and task it can meet now; else the first offered. */
      for (guint i = 0; i < actions->len && pick == NULL; i++)
        {
          const PenAction *a = &g_array_index (actions, PenAction, i);

          if (a->type == PEN_ACTION_CHOOSE_PATH && path_task_feasible (game, player, a))
            pick = a;
        }
      if (pick == NULL)
        pick = find_type (actions, PEN_ACTION_CHOOSE_PATH);
      break;
    case PEN_PENDING_TASK:
      pick = find_type (actions, PEN_ACTION_GIVE_UP);
      break;
    case PEN_PENDING_EXCHANGE:
      pick = find_type (actions, PEN_ACTION_FINISH_EXCHANGE);
      break;
    case PEN_PENDING_BUY:
      if ((pick = find_type (actions, PEN_ACTION_BUY_CARD)) == NULL)
        pick = find_type (actions, PEN_ACTION_FINISH_BUYING);
      break;
    case PEN_PENDING_RESERVE:
      for (guint i = 0; i < actions->len && pick == NULL; i++)
        if (g_array_index (actions, PenAction, i).index == PEN_BIND_NONE)
          pick = &g_array_index (actions, PenAction, i);
      break;
    case PEN_PENDING_CARD_EFFECT:
      /* The first Mark or card offered to heal, recharge or unexhaust; the
       * rest of the effect is left. */
      for (guint i = 0; i < actions->len && pick == NULL; i++)
        if (g_array_index (actions, PenAction, i).type == PEN_ACTION_CARD_TOKEN
            && g_array_index (actions, PenAction, i).value >= TOKEN_FIRST_PICK)
          pick = &g_array_index (actions, PenAction, i);
      if (pick == NULL)
        pick = find_type (actions, PEN_ACTION_FINISH_CARD);
      break;
    case PEN_PENDING_LOCATION:
      pick = find_type (actions, PEN_ACTION_SKIP_LOCATION);
      break;
    case PEN_PENDING_MORTAL_WOUND:
      /* What the Phylactery is for; the wound is listed first. */
      pick = &g_array_index (actions, PenAction, actions->len - 1);
      break;
    case PEN_PENDING_NONE:
    case PEN_PENDING_TALENT:
    case PEN_PENDING_THREAT:
    case PEN_PENDING_CARD:
    case PEN_PENDING_EQUIPMENT:
    case PEN_PENDING_COLOUR:
    case PEN_PENDING_RIFT:
    case PEN_PENDING_TAKE_BACK:
    default:
      return NULL;
    }
  return pick != NULL ? pick : &g_array_index (actions, PenAction, 0);
}

/* Study: the best placement, if it is worth making. */
static const PenAction *
best_placement (PenGame *game,
                GArray  *actions)
{
  const PenAction *pick = NULL;
  int best = G_MININT;

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);
      int score;

      if (a->type != PEN_ACTION_PLACE)
        continue;
      score = placement_score (game, a);
      if (score > best)
        {
          best = score;
          pick = a;
        }
    }
  return pick != NULL && best > -50 ? pick : NULL;
}

gboolean
pen_reference_choose (PenReference *self,
                      PenGame      *game,
                      GArray       *actions,
                      PenAction    *out)
{
  guint player = pen_game_get_current_player (game);
  PenWizardBoard *board = pen_game_get_player (game, player);
  const PenAction *pick = NULL;
  PenPending pending = pen_game_get_pending (game);

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);

  if (actions->len == 0)
    return FALSE;

  /* Always-right answers first. */
  if ((pick = find_type (actions, PEN_ACTION_AUTOMA_TURN)) != NULL
      || (pick = find_type (actions, PEN_ACTION_CHOOSE_TALENT)) != NULL
      || (pick = find_type (actions, PEN_ACTION_USE_LOCATION)) != NULL
      || (pending == PEN_PENDING_THREAT && (pick = find_type (actions, PEN_ACTION_DEFEND)) != NULL)
      || (pick = find_type (actions, PEN_ACTION_ROLL_THREAT)) != NULL
      || (pick = find_type (actions, PEN_ACTION_THREAT_TARGET)) != NULL
      || (pick = find_type (actions, PEN_ACTION_RIFT_DISCARD)) != NULL
      || (pick = find_type (actions, PEN_ACTION_TAKE_CARD)) != NULL
      || (pick = find_type (actions, PEN_ACTION_KEEP_EQUIPMENT)) != NULL
      || (pick = find_type (actions, PEN_ACTION_CHOOSE_COLOUR)) != NULL
      || (pick = find_type (actions, PEN_ACTION_TAKE_BACK)) != NULL
      || (pick = find_type (actions, PEN_ACTION_TASK_DO)) != NULL
      || (pick = find_type (actions, PEN_ACTION_TASK_DICE)) != NULL)
    goto done;

  if ((pick = answer_pending (game, player, pending, actions)) != NULL)
    goto done;

  /* The start of a turn: a Trial it can pass, or Rest when dice run low. */
  if (pen_game_get_turn_type (game) == PEN_TURN_UNDECLARED)
    {
      for (guint i = 0; i < actions->len && pick == NULL; i++)
        {
          const PenAction *a = &g_array_index (actions, PenAction, i);

          if (a->type == PEN_ACTION_START_TRIAL && a->index < (int) pen_game_get_trial_row (game)->len
              && trial_feasible (game, player, g_ptr_array_index (pen_game_get_trial_row (game), a->index)))
            pick = a;
        }
      if (pick == NULL && count_dice (board) <= 2)
        pick = find_type (actions, PEN_ACTION_REST);
      if (pick != NULL)
        goto done;
    }

  /* Cards: a Spell, Potion, Pet or Artifact it can use now, without Empower;
   * a few a turn, so that endless chains of free cards end. */
  if (self->turn != pen_game_get_turn_number (game))
    {
      self->turn = pen_game_get_turn_number (game);
      self->cards_used = 0;
    }
  for (guint i = 0; i < actions->len && pick == NULL && self->cards_used < MAX_CARDS_PER_TURN; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);

      if (a->type == PEN_ACTION_USE_CARD && a->empower == 0)
        pick = a;
    }
  if (pick != NULL)
    {
      self->cards_used++;
      goto done;
    }

  if ((pick = best_placement (game, actions)) != NULL)
    goto done;

  if ((pick = find_type (actions, PEN_ACTION_END_TURN)) == NULL)
    pick = &g_array_index (actions, PenAction, 0);

done:
  *out = *pick;
  return TRUE;
}
