/* pen-game-quests.c: Contracts and Trials: choosing one, its path and tasks, its
 * Properties, rewards, reserving and Bind (rulebook, "Contracts and Trials");
 * and their state (QuestsState) in a save.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-quests"

#include "config.h"

#include "pen-game-private.h"

/* ---- Contracts and Trials (rulebook, "Contracts and Trials") ---------------- */

const PenContract *
quests_find_contract (PenGame    *self,
                      const char *id)
{
  const PenContract *contract = pen_quests_find_contract (self->quest_catalogue, id);

  g_assert (contract != NULL);
  return contract;
}

const PenTrial *
quests_find_trial (PenGame    *self,
                   const char *id)
{
  const PenTrial *trial = pen_quests_find_trial (self->quest_catalogue, id);

  g_assert (trial != NULL);
  return trial;
}

/* Rulebook, "Setup", Common play area, step 4: Difficulty 1 Contracts fill the
 * Guild from the right; Difficulty 2 ones go to the bottom of the deck. */
void
quests_deal_contracts (PenGame *self)
{
  guint tries = self->quests.contract_deck->len;

  for (int slot = N_CONTRACT_SLOTS - 1; slot >= 0 && tries > 0; tries--)
    {
      char *id = g_ptr_array_steal_index (self->quests.contract_deck, 0);

      if (quests_find_contract (self, id)->difficulty == 1)
        self->quests.contract_row[slot--] = id;
      else
        g_ptr_array_add (self->quests.contract_deck, id);
    }
}

/* "After a Contract leaves the Guild, shift the remaining Contracts to the
 * right. Reveal a new Contract card and add it in the vacated leftmost place." */
void
quests_refill_contract_row (PenGame *self)
{
  for (int slot = N_CONTRACT_SLOTS - 1; slot > 0; slot--)
    if (self->quests.contract_row[slot] == NULL)
      for (int from = slot - 1; from >= 0; from--)
        if (self->quests.contract_row[from] != NULL)
          {
            self->quests.contract_row[slot] = self->quests.contract_row[from];
            self->quests.contract_row[from] = NULL;
            break;
          }
  for (int slot = 0; slot < N_CONTRACT_SLOTS && self->quests.contract_deck->len > 0; slot++)
    if (self->quests.contract_row[slot] == NULL)
      self->quests.contract_row[slot] = g_ptr_array_steal_index (self->quests.contract_deck, 0);
}

/* After a Trial or Rest turn: the rightmost Contract goes to the bottom of the
 * deck, the others shift right, and a new one is revealed on the left. */
void
quests_refresh_contract_row (PenGame *self)
{
  char *rightmost = self->quests.contract_row[N_CONTRACT_SLOTS - 1];

  if (rightmost != NULL)
    {
      g_ptr_array_add (self->quests.contract_deck, rightmost);
      self->quests.contract_row[N_CONTRACT_SLOTS - 1] = NULL;
    }
  quests_refill_contract_row (self);
}

static void
gain_reward (PenGame         *self,
             const PenReward *reward)
{
  for (guint i = 0; i < reward->bone_dice; i++)
    dice_gain_new (self, PEN_DIE_KIND_BONE, 0);
  for (guint i = 0; i < reward->spark_dice; i++)
    dice_gain_new (self, PEN_DIE_KIND_SPARK, 0);
  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    for (guint i = 0; i < reward->coloured_dice[c]; i++)
      dice_gain_new (self, PEN_DIE_KIND_COLOURED, c);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (reward->ingredients[i] > 0)
      dice_gain_ingredients (self, i, reward->ingredients[i]);
  memcpy (self->quests.attempt.reward_cards, reward->cards, sizeof reward->cards);
  if (reward->light > 0)
    log_count (self, "%u step toward Light.", "%u steps toward Light.", reward->light, LOG_NUMBER (reward->light));
  if (reward->darkness > 0)
    log_count (self, "%u step toward Darkness.", "%u steps toward Darkness.", reward->darkness,
               LOG_NUMBER (reward->darkness));
  self->quests.attempt.colours_left = reward->any_colour_dice;
}

static const PenTask dead_water_task = {
  .kind = PEN_TASK_DISCARD_DICE_SUM,
  .dice = { .spark_only = TRUE },
  .sum = 1,
};

/* The task under way, as the log names it (quests_find_task() finds it again; the
 * log interns its id). */
LogArg
quests_current_task_arg (PenGame *self)
{
  LogArg task = { .kind = LOG_ARG_TASK, .s = self->quests.attempt.id, .a = LOG_TASK_OF_TRIAL };
  const PenTrial *trial;

  if (self->quests.attempt.kind == QUEST_CONTRACT)
    {
      task.a = LOG_TASK_OF_CONTRACT;
      return task;
    }
  trial = quests_find_trial (self, self->quests.attempt.id);
  task.n = (self->quests.attempt.path == 0 ? 0 : LOG_TASK_PATH) + self->quests.attempt.task;
  if (!self->quests.attempt.shield_done)
    for (guint i = 0; i < trial->n_properties; i++)
      if (trial->properties[i].kind == PEN_PROPERTY_SHIELD && !(self->quests.attempt.cancelled & (1u << i)))
        {
          task.n = LOG_TASK_SHIELD + i;
          return task;
        }
  /* Dead Water: "Replace the task of any path in the Trial with 'Spark 1+'". */
  if (self->quests.attempt.dead_water)
    task.n = LOG_TASK_DEAD_WATER;
  return task;
}

/* The task @task names (of LOG_ARG_TASK), or NULL if there is none such. */
const PenTask *
quests_find_task (PenGame      *self,
                  const LogArg *task)
{
  const PenContract *contract;
  const PenTrial *trial;
  const PenTrialPath *path;
  guint n = (guint) task->n;

  if (task->a == LOG_TASK_OF_CONTRACT)
    {
      contract = pen_quests_find_contract (self->quest_catalogue, task->s);
      return contract != NULL && n == 0 ? &contract->task : NULL;
    }
  trial = pen_quests_find_trial (self->quest_catalogue, task->s);
  if (trial == NULL)
    return NULL;
  if (n == LOG_TASK_DEAD_WATER)
    return &dead_water_task;
  if (n >= LOG_TASK_SHIELD)
    return n - LOG_TASK_SHIELD < trial->n_properties
                   && trial->properties[n - LOG_TASK_SHIELD].kind == PEN_PROPERTY_SHIELD
               ? &trial->properties[n - LOG_TASK_SHIELD].shield
               : NULL;
  path = n / LOG_TASK_PATH == 0 ? &trial->darkness : &trial->light;
  return n % LOG_TASK_PATH < path->n_tasks ? &path->tasks[n % LOG_TASK_PATH] : NULL;
}

const PenTask *
quests_current_task (PenGame *self)
{
  LogArg task = quests_current_task_arg (self);

  return quests_find_task (self, &task);
}

gboolean
quests_trial_has_property (PenGame         *self,
                           PenPropertyKind  kind,
                           guint           *x)
{
  const PenTrial *trial;

  if (self->quests.attempt.kind != QUEST_TRIAL)
    return FALSE;
  trial = quests_find_trial (self, self->quests.attempt.id);
  for (guint i = 0; i < trial->n_properties; i++)
    if (trial->properties[i].kind == kind && !(self->quests.attempt.cancelled & (1u << i)))
      {
        if (x != NULL)
          *x = trial->properties[i].x;
        return TRUE;
      }
  return FALSE;
}

/* Rulebook, "Properties", CANCELLING PROPERTIES: a Property still acts until
 * it is cancelled or its effect has been applied ("Cancelling a Property
 * whose effect has already been applied (for example Rift) gives no effect"):
 * Rift once the Rift took its dice, Shield once it is broken. */
gboolean
quests_property_acting (PenGame *self,
                        int      index)
{
  const PenTrial *trial;
  const PenProperty *property;

  if (self->quests.attempt.kind != QUEST_TRIAL || index < 0)
    return FALSE;
  trial = quests_find_trial (self, self->quests.attempt.id);
  if ((guint) index >= trial->n_properties || (self->quests.attempt.cancelled & (1u << index)))
    return FALSE;
  property = &trial->properties[index];
  if (property->kind == PEN_PROPERTY_RIFT)
    return !self->quests.attempt.rift_done;
  if (property->kind == PEN_PROPERTY_SHIELD)
    return !self->quests.attempt.shield_done;
  return TRUE;
}

gboolean
quests_any_property_acting (PenGame  *self,
                            GError  **error)
{
  for (int i = 0; i < PEN_QUEST_MAX_PROPERTIES; i++)
    if (quests_property_acting (self, i))
      return TRUE;
  return game_refuse (error, _("No Property of the Trial is acting now: there is none to cancel."));
}

/* "From the moment the effect is applied until the end of the Trial the
 * Property ceases to act." */
void
quests_cancel_property (PenGame *self,
                        int      index)
{
  const PenTrial *trial = quests_find_trial (self, self->quests.attempt.id);

  self->quests.attempt.cancelled |= 1u << index;
  log_line (self, N_("The Property %s is cancelled until the end of the Trial."),
            LOG_MSG (pen_property_get_msgid (trial->properties[index].kind)));
}

void
quests_clear (PenGame *self)
{
  g_clear_pointer (&self->quests.attempt.id, g_free);
  memset (&self->quests.attempt, 0, sizeof self->quests.attempt);
  self->quests.attempt.path = -1;
}

/* Whether the attempted card still lies where it came from (not yet taken
 * as passed or fulfilled). */
gboolean
quests_card_in_place (PenGame *self)
{
  const char *there;

  if (self->quests.attempt.kind == QUEST_CONTRACT)
    there = self->quests.attempt.source >= PEN_RESERVED
            ? ((guint) (self->quests.attempt.source - PEN_RESERVED) < self->quests.reserved_contracts[self->turn.current]->len
               ? g_ptr_array_index (self->quests.reserved_contracts[self->turn.current], self->quests.attempt.source - PEN_RESERVED) : NULL)
            : self->quests.contract_row[self->quests.attempt.source];
  else
    there = self->quests.attempt.source >= PEN_RESERVED
            ? self->quests.reserved_trial[self->turn.current]
            : (guint) self->quests.attempt.source < self->fate.trial_row->len
            ? g_ptr_array_index (self->fate.trial_row, self->quests.attempt.source) : NULL;
  return g_strcmp0 (there, self->quests.attempt.id) == 0;
}

/* Takes the attempted card out of the row or the reserve it came from. */
char *
quests_take_card (PenGame *self)
{
  char *id = NULL;

  if (self->quests.attempt.kind == QUEST_CONTRACT)
    {
      if (self->quests.attempt.source >= PEN_RESERVED)
        id = g_ptr_array_steal_index (self->quests.reserved_contracts[self->turn.current],
                                      self->quests.attempt.source - PEN_RESERVED);
      else
        {
          id = self->quests.contract_row[self->quests.attempt.source];
          self->quests.contract_row[self->quests.attempt.source] = NULL;
          quests_refill_contract_row (self);
        }
    }
  else if (self->quests.attempt.source >= PEN_RESERVED)
    id = g_steal_pointer (&self->quests.reserved_trial[self->turn.current]);
  else
    id = g_ptr_array_steal_index (self->fate.trial_row, self->quests.attempt.source);
  return id;
}

void
quests_succeeded (PenGame *self)
{
  log_line (self, N_("The task is fulfilled."));
  if (self->quests.attempt.kind == QUEST_CONTRACT)
    gain_reward (self, &quests_find_contract (self, self->quests.attempt.id)->reward);
  else
    {
      const PenTrial *trial = quests_find_trial (self, self->quests.attempt.id);
      guint difficulty = pen_fate_card_get_difficulty (pen_fate_catalogue_lookup (self->fate_catalogue, trial->id));

      gain_reward (self, self->quests.attempt.path == 0 ? &trial->darkness.reward : &trial->light.reward);
      /* Trials of Arcana: a Trial harder than the Wizard's Spark Marks gives one. */
      if (difficulty > pen_wizard_board_count_spark_marks (game_current_board (self))
          && pen_wizard_board_next_free_cell (game_current_board (self), TRUE) >= 0
          && marks_left (self, TRUE, 0) > 0)
        marks_gain (self, TRUE, 0);
    }
  quests_continue_reward (self);
}

/* The rest of a reward: cards to choose, then dice colours, then the card
 * goes to the Experience zone. */
void
quests_continue_reward (PenGame *self)
{
  static const int decks[] = { -1, PEN_DECK_POTIONS, PEN_DECK_ARTIFACTS };

  for (guint kind = 0; kind < G_N_ELEMENTS (decks); kind++)
    if (self->quests.attempt.reward_cards[kind] > 0)
      {
        guint n = self->quests.attempt.reward_cards[kind];

        self->quests.attempt.reward_cards[kind] = 0;
        pending_set (self, PEN_PENDING_NONE);
        cards_start_gain (self, n, decks[kind], AFTER_CARD_REWARD);
        return;
      }
  if (self->quests.attempt.colours_left > 0)
    {
      pending_set (self, PEN_PENDING_COLOUR);
      return;
    }
  quests_finish (self);
}

/* After the reward: the card goes to the Experience zone; a Trial's
 * Retaliation follows. */
void
quests_finish (PenGame *self)
{
  g_autofree char *id = quests_take_card (self);

  pending_set (self, PEN_PENDING_NONE);
  if (self->quests.attempt.kind == QUEST_CONTRACT)
    {
      log_line (self, N_("Contract fulfilled: %s."), LOG_CONTRACT (id));
      g_ptr_array_add (self->quests.fulfilled_contracts[self->turn.current], g_steal_pointer (&id));
      quests_clear (self);
      effects_trigger_condition (self, PEN_CONDITION_CONTRACT_FULFILLED);
      return;
    }

  g_ptr_array_add (self->quests.passed_trials[self->turn.current],
                   g_strconcat (self->quests.attempt.path == 0 ? "darkness:" : "light:", id, NULL));
  log_line (self, N_("Trial passed: %s."), LOG_FATE (id));
  effects_trigger_condition (self, PEN_CONDITION_TRIAL_PASSED);
  if (quests_find_trial (self, id)->retaliation > 0)
    {
      /* Retaliation is not a Property, and the Trial is already passed. */
      threat_start (self, quests_find_trial (self, id)->retaliation, FALSE, THREAT_FOR_RETALIATION);
      log_line (self, N_("Retaliation."));
      return;
    }
  quests_clear (self);
}

/* A failed task: a Contract stays where it was; a Trial leaves the game and
 * the turn ends (with a Mortal Wound if the Trial has a Trap). */
void
quests_failed (PenGame *self)
{
  pending_set (self, PEN_PENDING_NONE);
  if (self->quests.attempt.kind == QUEST_CONTRACT)
    {
      log_line (self, N_("The task is not fulfilled: the Contract stays."));
      quests_clear (self);
      return;
    }

  log_line (self, N_("The Trial is failed and leaves the game."));
  g_free (quests_take_card (self));
  if (quests_trial_has_property (self, PEN_PROPERTY_TRAP, NULL) && !self->turn.mortal_wound)
    {
      if (threat_gain_mortal_wound (self, WOUND_FROM_TRAP))
        quests_end_failed_trial (self, TRUE);
      return;   /* else the Phylactery's choice first */
    }
  quests_end_failed_trial (self, FALSE);
}

/* The turn of a failed Trial ends, after the Trap's Mortal Wound if
 * @wounded. */
void
quests_end_failed_trial (PenGame  *self,
                         gboolean  wounded)
{
  if (wounded)
    {
      pen_wizard_board_clear_dice (game_current_board (self));
      self->must_rest[self->turn.current] = TRUE;
      log_line (self, N_("Trap: a Mortal Wound. All dice are discarded, and the next turn is Rest."));
    }
  quests_clear (self);
  turn_end (self);
}

void
quests_begin_task (PenGame *self)
{
  LogArg task = quests_current_task_arg (self);

  task.s = g_intern_string (task.s);
  pending_set (self, PEN_PENDING_TASK);
  /* Translators: the task is a sentence of its own, in quotes */
  log_line (self, N_("Task: “%s”"), task);
}

/* The Threat of the card is over without a Mortal Wound. */
void
quests_threat_done (PenGame *self)
{
  if (self->quests.attempt.kind == QUEST_CONTRACT)
    quests_begin_task (self);
  else
    pending_set (self, PEN_PENDING_PATH);
}

void
quests_begin (PenGame    *self,
              QuestKind   kind,
              const char *id,
              int         source)
{
  guint threat;

  quests_clear (self);
  self->quests.attempt.kind = kind;
  self->quests.attempt.id = g_strdup (id);
  self->quests.attempt.source = source;
  if (kind == QUEST_CONTRACT)
    {
      threat = quests_find_contract (self, id)->threat;
      log_line (self, N_("Attempting the Contract %s."), LOG_CONTRACT (id));
    }
  else
    {
      threat = quests_find_trial (self, id)->threat;
      log_line (self, N_("Attempting the Trial %s."), LOG_FATE (id));
    }

  if (threat == 0)
    {
      quests_threat_done (self);
      return;
    }
  threat_start (self, threat, FALSE, THREAT_FOR_QUEST);
  if (kind == QUEST_CONTRACT && self->turn.placed_defend)
    {
      threat_discard_dice (self, 1);
      log_line (self, N_("Defend: the Yellow die placed here discards 1 Threat die."));
    }
}

/* The dice of @mask, in the current supply; FALSE if one is not there. */
gboolean
quests_mask_dice (PenGame  *self,
                  guint64   mask,
                  MaskDice *out)
{
  PenWizardBoard *board = game_current_board (self);
  guint n = board_n_dice (board);

  out->len = 0;
  if (mask == 0 || (n < 64 && (mask >> n) != 0))
    return FALSE;
  for (guint i = 0; i < n && i < 64; i++)
    if (mask & (G_GUINT64_CONSTANT (1) << i))
      {
        if (board_die (board, i)->in_task)
          return FALSE;   /* rolled for the task: not to be spent */
        out->dice[out->len++] = *board_die (board, i);
      }
  return TRUE;
}

/* The task of a Trial's Catch path being attempted, or NULL: a Shield before
 * it is not the Catch task (rulebook, "Trials", APPROACH). */
static const PenTask *
catch_task (PenGame *self)
{
  const PenTrial *trial;
  const PenTask *task;

  if (self->quests.attempt.kind != QUEST_TRIAL || self->quests.attempt.path < 0)
    return NULL;
  trial = quests_find_trial (self, self->quests.attempt.id);
  if ((self->quests.attempt.path == 0 ? trial->darkness.approach : trial->light.approach) != PEN_APPROACH_CATCH)
    return NULL;
  task = quests_current_task (self);
  for (guint i = 0; i < trial->n_properties; i++)
    if (task == &trial->properties[i].shield)
      return NULL;
  return task;
}

/* How many dice @task names (exact values, dice to roll, Threat dice to
 * withstand), for ignoring one; 0 for the others. */
static guint
task_n_dice (const PenTask *task)
{
  switch (task->kind)
    {
    case PEN_TASK_DISCARD_DICE_EXACT:
      return task->n_values;
    case PEN_TASK_ROLL_DICE_SUM:
    case PEN_TASK_WITHSTAND_THREAT:
      return task->count;
    case PEN_TASK_DISCARD_DICE_SUM:
    case PEN_TASK_DISCARD_INGREDIENTS:
    case PEN_TASK_HAVE_EXPERIENCE:
    default:
      return 0;
    }
}

/* The Whispering Ring: "When attempting to Catch: −6 to the task or ignore 1
 * die in the task". Whether @help does something for the Catch task waiting
 * now (docs/rules-assumptions.md). */
gboolean
quests_ring_can_help (PenGame   *self,
                      RingHelp   help,
                      GError   **error)
{
  /* While the Ring's own choice waits, the task waits behind it. */
  PenPending now = self->turn.pending == PEN_PENDING_CARD_EFFECT ? pending_beneath (self) : self->turn.pending;
  const PenTask *task = now == PEN_PENDING_TASK ? catch_task (self) : NULL;
  guint sum;

  if (task == NULL)
    return game_refuse (error, _("The Whispering Ring helps only at the task of a Catch path (not at a Shield)."));
  if (self->quests.attempt.ring & help)
    return game_refuse (error, _("The Whispering Ring already helps this task so."));
  if (help == RING_MINUS_SIX)
    return task->kind == PEN_TASK_DISCARD_DICE_SUM || task->kind == PEN_TASK_ROLL_DICE_SUM
           ? TRUE : game_refuse (error, _("This task asks for no sum: −6 does nothing for it."));
  if (task_n_dice (task) < 2)
    return game_refuse (error, _("This task does not name two dice or more: there is no die to ignore."));
  if (quests_task_roll (self, &sum))
    return game_refuse (error, _("The task's dice are rolled: it is too late to ignore one."));
  return TRUE;
}

/* The sum a task asks for: the Whispering Ring takes 6 off the Catch task. */
static guint
task_sum (PenGame       *self,
          const PenTask *task)
{
  if (!(self->quests.attempt.ring & RING_MINUS_SIX) || catch_task (self) != task)
    return task->sum;
  return task->sum > 6 ? task->sum - 6 : 0;
}

/* The dice a task names, one fewer where the Whispering Ring ignores one. */
static guint
task_dice_needed (PenGame       *self,
                  const PenTask *task)
{
  guint n = task_n_dice (task);

  if (!(self->quests.attempt.ring & RING_IGNORE_DIE) || catch_task (self) != task)
    return n;
  return n - 1;
}

/* Rulebook, "Tasks": whether @dice may be given to @task (roll tasks: before
 * the roll). */
gboolean
quests_check_task_dice (PenGame        *self,
                        const PenTask  *task,
                        const MaskDice *dice,
                        GError        **error)
{
  guint sum = 0;

  for (guint i = 0; i < dice->len; i++)
    {
      const PenDie *die = &dice->dice[i];

      if (!pen_dice_filter_accepts (&task->dice, die->kind, die->colour))
        {
          g_autofree char *text = error != NULL ? pen_die_describe (die) : NULL;

          return game_refuse (error, _("The task does not take this die: %s."), text);
        }
      sum += die->value;
    }

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_DICE_SUM:
      if (sum < task_sum (self, task))
        return game_refuse (error, _("These dice add up to %u; the task needs %u or more."), sum, task_sum (self, task));
      return TRUE;
    case PEN_TASK_DISCARD_DICE_EXACT:
      {
        guint wanted[7] = { 0 };
        guint needed = task_dice_needed (self, task);

        /* With a die ignored, the dice given match all the values but one. */
        if (dice->len != needed)
          return game_refuse (error, ngettext ("The task needs exactly %u die.", "The task needs exactly %u dice.",
                                               needed), needed);
        for (guint i = 0; i < task->n_values; i++)
          wanted[task->values[i]]++;
        for (guint i = 0; i < dice->len; i++)
          if (wanted[dice->dice[i].value]-- == 0)
            return game_refuse (error, _("These dice do not show the values the task asks for."));
        return TRUE;
      }
    case PEN_TASK_ROLL_DICE_SUM:
      if (dice->len != task_dice_needed (self, task))
        return game_refuse (error, ngettext ("The task rolls exactly %u die.", "The task rolls exactly %u dice.",
                                             task_dice_needed (self, task)), task_dice_needed (self, task));
      return TRUE;
    case PEN_TASK_DISCARD_INGREDIENTS:
    case PEN_TASK_WITHSTAND_THREAT:
    case PEN_TASK_HAVE_EXPERIENCE:
    default:
      return game_refuse (error, _("This task takes no dice."));
    }
}

void
quests_count_experience (PenGame *self,
                         guint    player,
                         guint    experience[PEN_N_EXPERIENCES])
{
  memset (experience, 0, PEN_N_EXPERIENCES * sizeof (guint));
  for (guint i = 0; i < self->quests.fulfilled_contracts[player]->len; i++)
    {
      const PenContract *c = quests_find_contract (self, g_ptr_array_index (self->quests.fulfilled_contracts[player], i));

      for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
        experience[e] += c->experience[e];
    }
  for (guint i = 0; i < self->quests.passed_trials[player]->len; i++)
    {
      const char *entry = g_ptr_array_index (self->quests.passed_trials[player], i);
      const PenTrial *t = quests_find_trial (self, strchr (entry, ':') + 1);

      for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
        experience[e] += t->experience[e];
    }
  /* Tomes in the Experience zone. */
  for (guint i = 0; i < self->cards.owned[player]->len; i++)
    {
      const OwnedCard *owned = &g_array_index (self->cards.owned[player], OwnedCard, i);

      if (owned->zone == ZONE_EXPERIENCE)
        for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
          experience[e] += owned->card->experience[e];
    }
}

gboolean
quests_task_do_check (PenGame         *self,
                      const PenAction *action,
                      GError         **error)
{
  const PenTask *task;
  PenWizardBoard *board = game_current_board (self);
  guint sum;

  if (self->turn.pending != PEN_PENDING_TASK)
    return game_refuse (error, _("No task is waiting."));
  task = quests_current_task (self);
  /* After the roll: the player is done manipulating, judge it. */
  if (quests_task_roll (self, &sum))
    return TRUE;

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          guint have = i == PEN_INGREDIENT_BLOOD ? pen_wizard_board_get_available_blood (board)
                                                 : board_ingredient (board, i);

          if (have < task->ingredients[i])
            {
              g_autofree char *amount = error != NULL ? pen_ingredient_describe_count (i, task->ingredients[i]) : NULL;

              return game_refuse (error, _("The task needs %s."), amount);
            }
        }
      return TRUE;
    case PEN_TASK_HAVE_EXPERIENCE:
      {
        guint experience[PEN_N_EXPERIENCES];

        quests_count_experience (self, self->turn.current, experience);
        for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
          if (experience[e] < task->experience[e])
            return game_refuse (error, ngettext ("You need %u %s symbol in your Experience zone.",
                                                 "You need %u %s symbols in your Experience zone.", task->experience[e]),
                                task->experience[e], pen_experience_get_name (e));
        return TRUE;
      }
    case PEN_TASK_WITHSTAND_THREAT:
      return TRUE;
    case PEN_TASK_DISCARD_DICE_SUM:
    case PEN_TASK_DISCARD_DICE_EXACT:
    case PEN_TASK_ROLL_DICE_SUM:
    default:
      return game_refuse (error, _("Choose the dice for this task."));
    }
}

/* The Blood performing the task waiting now discards ("Discard 2 Blood"). */
guint
quests_task_blood (PenGame *self)
{
  guint sum;

  if (self->turn.pending != PEN_PENDING_TASK || quests_task_roll (self, &sum)
      || quests_current_task (self)->kind != PEN_TASK_DISCARD_INGREDIENTS)
    return 0;
  return quests_current_task (self)->ingredients[PEN_INGREDIENT_BLOOD];
}

/* The dice rolled for the task: their sum, and whether there are any. */
gboolean
quests_task_roll (PenGame *self,
                  guint   *sum)
{
  PenWizardBoard *board = game_current_board (self);
  gboolean any = FALSE;

  *sum = 0;
  for (guint i = 0; i < board_n_dice (board); i++)
    if (board_die (board, i)->in_task)
      {
        *sum += board_die (board, i)->value;
        any = TRUE;
      }
  return any;
}

/* "Then discard these dice. If the required sum was not reached, the dice are
 * still discarded." */
void
quests_discard_task_dice (PenGame *self)
{
  PenWizardBoard *board = game_current_board (self);

  for (guint i = board_n_dice (board); i > 0; i--)
    if (board_die (board, i - 1)->in_task)
      pen_wizard_board_take_die (board, i - 1);
}

void
quests_task_do_apply (PenGame         *self,
                      const PenAction *action)
{
  const PenTask *task = quests_current_task (self);
  PenWizardBoard *board = game_current_board (self);
  guint sum;

  if (quests_task_roll (self, &sum))
    {
      guint needed = task_sum (self, task);

      quests_discard_task_dice (self);
      log_line (self, N_("The task's dice show %u; it needs %u."), LOG_NUMBER (sum), LOG_NUMBER (needed));
      if (sum >= needed)
        quests_succeeded (self);
      else
        quests_failed (self);
      return;
    }

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        if (i == PEN_INGREDIENT_BLOOD)
          marks_spend_blood (self, task->ingredients[i]);
        else
          pen_wizard_board_spend_ingredient (board, i, task->ingredients[i]);
      break;
    case PEN_TASK_WITHSTAND_THREAT:
      threat_start (self, task_dice_needed (self, task), FALSE, THREAT_FOR_WITHSTAND);
      return;
    case PEN_TASK_HAVE_EXPERIENCE:
      break;
    default:
      g_assert_not_reached ();
    }
  quests_succeeded (self);
}

/* Discards the dice of @mask, highest index first so the others keep theirs. */
void
quests_discard_mask (PenGame *self,
                     guint64  mask)
{
  PenWizardBoard *board = game_current_board (self);

  for (guint i = MIN (board_n_dice (board), 64); i > 0; i--)
    if (mask & (G_GUINT64_CONSTANT (1) << (i - 1)))
      pen_wizard_board_take_die (board, i - 1);
}

void
quests_task_dice_apply (PenGame         *self,
                        const PenAction *action)
{
  guint64 mask = action->mask;
  const PenTask *task = quests_current_task (self);
  gboolean shield = self->quests.attempt.kind == QUEST_TRIAL && !self->quests.attempt.shield_done
                    && quests_trial_has_property (self, PEN_PROPERTY_SHIELD, NULL);
  guint needed = task_sum (self, task);

  /* Rolled dice are judged when the player says so: "you can use dice
   * manipulation effects ... after rolling the dice in the task". */
  if (task->kind == PEN_TASK_ROLL_DICE_SUM)
    {
      guint sum = 0, n = 0;

      for (guint i = 0; i < 64; i++)
        if (mask & (G_GUINT64_CONSTANT (1) << i))
          {
            PenDie *die = pen_wizard_board_peek_die (game_current_board (self), i);

            pen_die_roll (die, self->rng);
            die->in_task = TRUE;
            sum += die->value;
            n++;
          }
      (void) needed;
      log_count (self, "Rolled %u die for the task: %u in all.", "Rolled %u dice for the task: %u in all.", n,
                 LOG_NUMBER (n), LOG_NUMBER (sum));
      return;
    }

  quests_discard_mask (self, mask);
  if (shield)
    {
      self->quests.attempt.shield_done = TRUE;
      log_line (self, N_("The Shield is broken."));
      quests_begin_task (self);
      return;
    }
  quests_succeeded (self);
}

/* Rulebook, "Primagic", BIND: one of the open Contracts or of the top three
 * of the deck (the others go to the bottom), or none. */
void
quests_reserve_apply (PenGame         *self,
                      const PenAction *action)
{
  int index = action->index;
  char *id = NULL;

  if (index == PEN_BIND_NONE)
    log_line (self, N_("No Contract reserved."));
  else if (index >= PEN_BIND_DECK)
    id = g_ptr_array_steal_index (self->quests.bind_offer, index - PEN_BIND_DECK);
  else
    {
      id = self->quests.contract_row[index];
      self->quests.contract_row[index] = NULL;
    }
  /* Taken from the top three: "put the remaining two on the bottom". Otherwise
   * the three looked at go back on top, in their order (docs/rules-assumptions.md). */
  if (index >= PEN_BIND_DECK && index != PEN_BIND_NONE)
    while (self->quests.bind_offer->len > 0)
      g_ptr_array_add (self->quests.contract_deck, g_ptr_array_steal_index (self->quests.bind_offer, 0));
  else
    while (self->quests.bind_offer->len > 0)
      g_ptr_array_insert (self->quests.contract_deck, 0, g_ptr_array_steal_index (self->quests.bind_offer, self->quests.bind_offer->len - 1));
  if (id != NULL)
    {
      log_line (self, N_("Reserved the Contract %s."), LOG_CONTRACT (id));
      g_ptr_array_add (self->quests.reserved_contracts[self->turn.current], id);
    }
  quests_refill_contract_row (self);
  pending_pop (self);
}

/* Dice subsets for a task, each set of identical dice taken from its first
 * members only; for "sum or more" tasks only the minimal subsets (none of
 * whose dice could be left out). At most 12 dice are considered. */
static void
offer_task_dice (Lister *lister)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = game_current_board (self);
  const PenTask *task = quests_current_task (self);
  guint idx[12], n = 0;
  guint same_before[G_N_ELEMENTS (idx)];   /* by die: the identical dice listed before it, as bits */

  if (task->kind != PEN_TASK_DISCARD_DICE_SUM && task->kind != PEN_TASK_DISCARD_DICE_EXACT
      && task->kind != PEN_TASK_ROLL_DICE_SUM)
    return;
  for (guint i = 0; i < board_n_dice (board) && i < 64 && n < G_N_ELEMENTS (idx); i++)
    {
      const PenDie *die = board_die (board, i);

      if (pen_dice_filter_accepts (&task->dice, die->kind, die->colour))
        idx[n++] = i;
    }
  for (guint b = 0; b < n; b++)
    {
      const PenDie *db = board_die (board, idx[b]);

      same_before[b] = 0;
      for (guint a = 0; a < b; a++)
        {
          const PenDie *da = board_die (board, idx[a]);

          if (da->kind == db->kind && da->colour == db->colour && da->value == db->value
              && da->temporary == db->temporary)
            same_before[b] |= 1u << a;
        }
    }

  for (guint subset = 1; subset < (1u << n); subset++)
    {
      gboolean canonical = TRUE, minimal = TRUE;
      PenAction action;

      /* Of identical dice, a subset takes the first ones listed: the others
       * would give the same outcome. */
      for (guint b = 0; b < n && canonical; b++)
        if ((subset & (1u << b)) && (same_before[b] & ~subset) != 0)
          canonical = FALSE;
      if (!canonical)
        continue;

      pen_action_init (&action, PEN_ACTION_TASK_DICE);
      for (guint a = 0; a < n; a++)
        if (subset & (1u << a))
          action.mask |= G_GUINT64_CONSTANT (1) << idx[a];
      if (!game_check_candidate (self, &action, NULL))
        continue;
      if (task->kind == PEN_TASK_DISCARD_DICE_SUM)
        for (guint a = 0; a < n && minimal; a++)
          if (subset & (1u << a))
            {
              PenAction smaller = action;

              smaller.mask &= ~(G_GUINT64_CONSTANT (1) << idx[a]);
              minimal = smaller.mask == 0 || !game_check_candidate (self, &smaller, NULL);
            }
      if (minimal)
        lister_keep (lister, &action);
    }
}

void
quests_offer_actions (Lister *lister)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = game_current_board (self);
  PenAction action;

  /* The quick tests on the pending choice skip families whose check would
   * refuse every candidate: listing is the hot path of self-play. */
  for (int i = 0; i < N_CONTRACT_SLOTS; i++)
    {
      if (self->turn.pending == PEN_PENDING_CONTRACT)
        {
          pen_action_init (&action, PEN_ACTION_CHOOSE_CONTRACT);
          action.index = i;
          lister_offer (lister, &action);
        }
      if (self->turn.pending == PEN_PENDING_RESERVE)
        {
          pen_action_init (&action, PEN_ACTION_RESERVE);
          action.index = i;
          lister_offer (lister, &action);
        }
    }
  for (guint i = 0; self->turn.pending == PEN_PENDING_CONTRACT && i < self->quests.reserved_contracts[self->turn.current]->len; i++)
    {
      pen_action_init (&action, PEN_ACTION_CHOOSE_CONTRACT);
      action.index = PEN_RESERVED + i;
      lister_offer (lister, &action);
    }
  if (self->turn.pending == PEN_PENDING_RESERVE)
    {
      for (guint i = 0; i < self->quests.bind_offer->len; i++)
        {
          pen_action_init (&action, PEN_ACTION_RESERVE);
          action.index = PEN_BIND_DECK + i;
          lister_offer (lister, &action);
        }
      pen_action_init (&action, PEN_ACTION_RESERVE);
      action.index = PEN_BIND_NONE;
      lister_offer (lister, &action);
    }

  for (guint i = 0; i <= self->fate.trial_row->len; i++)
    {
      pen_action_init (&action, PEN_ACTION_START_TRIAL);
      action.index = i == self->fate.trial_row->len ? PEN_RESERVED : (int) i;
      lister_offer (lister, &action);
    }
  for (int path = 0; self->turn.pending == PEN_PENDING_PATH && path < 2; path++)
    for (int task = 0; task < PEN_QUEST_MAX_TASKS; task++)
      {
        pen_action_init (&action, PEN_ACTION_CHOOSE_PATH);
        action.index = path;
        action.value = task;
        lister_offer (lister, &action);
      }
  for (int colour = 0; self->turn.pending == PEN_PENDING_COLOUR && colour < PEN_N_DISCIPLINES; colour++)
    {
      pen_action_init (&action, PEN_ACTION_CHOOSE_COLOUR);
      action.colour = colour;
      lister_offer (lister, &action);
    }
  for (guint d = 0; self->turn.pending == PEN_PENDING_RIFT && d < board_n_dice (board); d++)
    if (game_is_first_of_its_kind (board, d))
      {
        pen_action_init (&action, PEN_ACTION_RIFT_DISCARD);
        action.die = d;
        lister_offer (lister, &action);
      }
  if (self->turn.pending == PEN_PENDING_TASK)
    offer_task_dice (lister);
  for (int property = 0; self->quests.attempt.kind == QUEST_TRIAL && property < PEN_QUEST_MAX_PROPERTIES; property++)
    {
      pen_action_init (&action, PEN_ACTION_USE_TALENT);
      action.index = property;
      lister_offer (lister, &action);
    }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

gboolean
quests_choose_contract_check (PenGame         *self,
                              const PenAction *action,
                              GError         **error)
{
  if (self->turn.pending != PEN_PENDING_CONTRACT)
    return game_refuse (error, _("No Contract is being chosen."));
  if (action->index >= PEN_RESERVED)
    {
      if ((guint) (action->index - PEN_RESERVED) >= self->quests.reserved_contracts[self->turn.current]->len)
        return game_refuse (error, _("You have no such reserved Contract."));
      return TRUE;
    }
  if (action->index < 0 || action->index >= N_CONTRACT_SLOTS || self->quests.contract_row[action->index] == NULL)
    return game_refuse (error, _("There is no Contract in that place of the Guild."));
  return TRUE;
}

void
quests_choose_contract_apply (PenGame         *self,
                              const PenAction *action)
{
  const char *id = action->index >= PEN_RESERVED
                     ? g_ptr_array_index (self->quests.reserved_contracts[self->turn.current], action->index - PEN_RESERVED)
                     : self->quests.contract_row[action->index];

  quests_begin (self, QUEST_CONTRACT, id, action->index);
}

void
quests_choose_contract_to_json (PenGame         *self,
                                const PenAction *action,
                                JsonBuilder     *b)
{
  if (action->index >= PEN_RESERVED)
    json_put_int (b, "reserved", action->index - PEN_RESERVED);
  else
    json_put_int (b, "contract", action->index);
}

gboolean
quests_choose_contract_from_json (PenGame    *self,
                                  JsonObject *object,
                                  PenAction  *action,
                                  GError    **error)
{
  if (json_object_has_member (object, "reserved"))
    {
      if (!json_member_int (object, "reserved", 0, 999, &action->index, error))
        return FALSE;
      action->index += PEN_RESERVED;
      return TRUE;
    }
  return json_member_int (object, "contract", 0, N_CONTRACT_SLOTS - 1, &action->index, error);
}

gboolean
quests_start_trial_check (PenGame         *self,
                          const PenAction *action,
                          GError         **error)
{
  if (self->turn.type != PEN_TURN_UNDECLARED || self->turn.pending != PEN_PENDING_NONE)
    return game_refuse (error, _("A Trial turn must be declared at the start of the turn."));
  if (self->must_rest[self->turn.current])
    return game_refuse (error, _("After a Mortal Wound your next turn must be Rest."));
  if (action->index == PEN_RESERVED)
    {
      if (self->quests.reserved_trial[self->turn.current] == NULL)
        return game_refuse (error, _("You have no reserved Trial."));
      return TRUE;
    }
  /* The publisher's errata: a Wizard holding a reserved Trial may attempt only it. */
  if (self->quests.reserved_trial[self->turn.current] != NULL)
    return game_refuse (error, _("While you hold a reserved Trial, it is the only Trial you may attempt."));
  if (action->index < 0 || (guint) action->index >= self->fate.trial_row->len)
    return game_refuse (error, _("There is no such Trial in the row."));
  return TRUE;
}

void
quests_start_trial_apply (PenGame         *self,
                          const PenAction *action)
{
  const char *id = action->index == PEN_RESERVED ? self->quests.reserved_trial[self->turn.current]
                                                 : g_ptr_array_index (self->fate.trial_row, action->index);

  self->turn.type = PEN_TURN_TRIAL;
  quests_begin (self, QUEST_TRIAL, id, action->index);
}

void
quests_start_trial_to_json (PenGame         *self,
                            const PenAction *action,
                            JsonBuilder     *b)
{
  if (action->index == PEN_RESERVED)
    json_put_boolean (b, "reserved", TRUE);
  else
    json_put_int (b, "trial", action->index);
}

gboolean
quests_start_trial_from_json (PenGame    *self,
                              JsonObject *object,
                              PenAction  *action,
                              GError    **error)
{
  if (json_safe_boolean (object, "reserved", FALSE))
    {
      action->index = PEN_RESERVED;
      return TRUE;
    }
  return json_member_int (object, "trial", 0, PEN_RESERVED - 1, &action->index, error);
}

gboolean
quests_choose_path_check (PenGame         *self,
                          const PenAction *action,
                          GError         **error)
{
  const PenTrial *trial;
  const PenTrialPath *path;

  if (self->turn.pending != PEN_PENDING_PATH)
    return game_refuse (error, _("No Trial path is being chosen."));
  if (action->index != 0 && action->index != 1)
    return game_refuse (error, _("A Trial has the path of Darkness and the path of Light."));
  trial = quests_find_trial (self, self->quests.attempt.id);
  path = action->index == 0 ? &trial->darkness : &trial->light;
  if (action->value < 0 || (guint) action->value >= path->n_tasks)
    return game_refuse (error, _("That path has no such task."));
  return TRUE;
}

void
quests_choose_path_apply (PenGame         *self,
                          const PenAction *action)
{
  self->quests.attempt.path = action->index;
  self->quests.attempt.task = action->value;
  log_line (self, action->index == 0 ? N_("The path of Darkness.") : N_("The path of Light."));
  quests_begin_task (self);
}

void
quests_choose_path_to_json (PenGame         *self,
                            const PenAction *action,
                            JsonBuilder     *b)
{
  json_put_string (b, "path", action->index == 0 ? "darkness" : "light");
  json_put_int (b, "task", action->value);
}

gboolean
quests_choose_path_from_json (PenGame    *self,
                              JsonObject *object,
                              PenAction  *action,
                              GError    **error)
{
  static const char *paths[] = { "darkness", "light" };

  return json_member_id (object, "path", paths, 2, &action->index, error)
         && json_member_int (object, "task", 0, PEN_QUEST_MAX_TASKS - 1, &action->value, error);
}

gboolean
quests_task_dice_check (PenGame         *self,
                        const PenAction *action,
                        GError         **error)
{
  MaskDice dice;
  guint sum;

  if (self->turn.pending != PEN_PENDING_TASK)
    return game_refuse (error, _("No task is waiting for dice."));
  if (quests_task_roll (self, &sum))
    return game_refuse (error, _("The task's dice are rolled: manipulate them, then finish the task."));
  if (!quests_mask_dice (self, action->mask, &dice))
    return game_refuse (error, _("Choose dice from your supply."));
  return quests_check_task_dice (self, quests_current_task (self), &dice, error);
}

void
quests_task_dice_to_json (PenGame         *self,
                          const PenAction *action,
                          JsonBuilder     *b)
{
  json_put_dice (b, "dice", action->mask);
}

gboolean
quests_task_dice_from_json (PenGame    *self,
                            JsonObject *object,
                            PenAction  *action,
                            GError    **error)
{
  JsonNode *dice = json_object_get_member (object, "dice");

  if (dice == NULL || !JSON_NODE_HOLDS_ARRAY (dice))
    return game_refuse (error, _("The action needs a list of dice “dice”."));
  return json_member_dice (dice, &action->mask, error);
}

gboolean
quests_give_up_check (PenGame         *self,
                      const PenAction *action,
                      GError         **error)
{
  if (self->turn.pending != PEN_PENDING_TASK && self->turn.pending != PEN_PENDING_PATH
      && self->turn.pending != PEN_PENDING_CONTRACT)
    return game_refuse (error, _("There is nothing to give up."));
  return TRUE;
}

void
quests_give_up_apply (PenGame         *self,
                      const PenAction *action)
{
  quests_discard_task_dice (self);
  if (self->turn.pending == PEN_PENDING_CONTRACT)
    pending_set (self, PEN_PENDING_NONE);
  else
    quests_failed (self);
}

gboolean
quests_rift_discard_check (PenGame         *self,
                           const PenAction *action,
                           GError         **error)
{
  if (self->turn.pending != PEN_PENDING_RIFT)
    return game_refuse (error, _("The Rift takes no dice now."));
  return dice_check_supply_die (self, action->die, error);
}

void
quests_rift_discard_apply (PenGame         *self,
                           const PenAction *action)
{
  pen_wizard_board_take_die (game_current_board (self), action->die);
  if (--self->quests.attempt.rift_left == 0)
    {
      pending_set (self, PEN_PENDING_THREAT);
      threat_roll (self);
    }
}

void
quests_rift_discard_to_json (PenGame         *self,
                             const PenAction *action,
                             JsonBuilder     *b)
{
  json_put_int (b, "die", action->die);
}

gboolean
quests_rift_discard_from_json (PenGame    *self,
                               JsonObject *object,
                               PenAction  *action,
                               GError    **error)
{
  return json_member_int (object, "die", 0, G_MAXINT, &action->die, error);
}

gboolean
quests_reserve_check (PenGame         *self,
                      const PenAction *action,
                      GError         **error)
{
  if (self->turn.pending != PEN_PENDING_RESERVE)
    return game_refuse (error, _("No Contract is being reserved."));
  if (action->index == PEN_BIND_NONE)
    return TRUE;
  if (action->index >= PEN_BIND_DECK)
    {
      if ((guint) (action->index - PEN_BIND_DECK) >= self->quests.bind_offer->len)
        return game_refuse (error, _("There is no such Contract among those you looked at."));
      return TRUE;
    }
  if (action->index < 0 || action->index >= N_CONTRACT_SLOTS || self->quests.contract_row[action->index] == NULL)
    return game_refuse (error, _("There is no Contract in that place of the Guild."));
  return TRUE;
}

void
quests_reserve_to_json (PenGame         *self,
                        const PenAction *action,
                        JsonBuilder     *b)
{
  if (action->index == PEN_BIND_NONE)
    json_put_boolean (b, "none", TRUE);
  else if (action->index >= PEN_BIND_DECK)
    json_put_int (b, "deck", action->index - PEN_BIND_DECK);
  else
    json_put_int (b, "contract", action->index);
}

gboolean
quests_reserve_from_json (PenGame    *self,
                          JsonObject *object,
                          PenAction  *action,
                          GError    **error)
{
  if (json_safe_boolean (object, "none", FALSE))
    {
      action->index = PEN_BIND_NONE;
      return TRUE;
    }
  if (json_object_has_member (object, "deck"))
    {
      if (!json_member_int (object, "deck", 0, N_BIND_CARDS - 1, &action->index, error))
        return FALSE;
      action->index += PEN_BIND_DECK;
      return TRUE;
    }
  return json_member_int (object, "contract", 0, N_CONTRACT_SLOTS - 1, &action->index, error);
}

gboolean
quests_choose_colour_check (PenGame         *self,
                            const PenAction *action,
                            GError         **error)
{
  if (self->turn.pending != PEN_PENDING_COLOUR)
    return game_refuse (error, _("No reward die is waiting for its colour."));
  if (action->colour < 0 || action->colour >= PEN_N_DISCIPLINES)
    return game_refuse (error, _("There is no such colour."));
  return TRUE;
}

void
quests_choose_colour_apply (PenGame         *self,
                            const PenAction *action)
{
  dice_gain_new (self, PEN_DIE_KIND_COLOURED, action->colour);
  if (self->quests.attempt.colours_left > 0)
    {
      if (--self->quests.attempt.colours_left == 0)
        quests_finish (self);
    }
  else if (--self->turn.event_colours_left == 0 && !effects_open_event_picks (self))
    turn_finish_end (self);
}

void
quests_choose_colour_to_json (PenGame         *self,
                              const PenAction *action,
                              JsonBuilder     *b)
{
  json_put_string (b, "colour", pen_discipline_get_id (action->colour));
}

gboolean
quests_choose_colour_from_json (PenGame    *self,
                                JsonObject *object,
                                PenAction  *action,
                                GError    **error)
{
  return json_member_discipline (object, "colour", &action->colour, error);
}

/* The Talent Pariah cancels a Property (rulebook, CANCELLING PROPERTIES),
 * once per Trial (docs/rules-assumptions.md), whenever a Wizard card could be
 * used; a Talent is a Wizard card, so Vigilance counts it. */
gboolean
quests_use_talent_check (PenGame         *self,
                         const PenAction *action,
                         GError         **error)
{
  const PenTalent *talent = pen_talents_find (self->talents, self->talent[self->turn.current]);

  if (talent == NULL || talent->ability != PEN_TALENT_ABILITY_CANCEL_PROPERTY)
    return game_refuse (error, _("Your Talent has no ability to use."));
  if (self->quests.attempt.kind != QUEST_TRIAL)
    return game_refuse (error, _("The %s cancels a Property of a Trial: use it during a Trial."), CARD_NAME (talent->name));
  if (self->quests.attempt.talent_used)
    return game_refuse (error, _("The %s cancels one Property per Trial, and has done so in this one."),
                        CARD_NAME (talent->name));
  if (self->turn.pending != PEN_PENDING_NONE && self->turn.pending != PEN_PENDING_TASK && self->turn.pending != PEN_PENDING_PATH
      && self->turn.pending != PEN_PENDING_THREAT)
    return game_refuse (error, _("Finish what is under way first."));
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled)
    return game_refuse (error, _("After the Threat roll only effects that adjust Threat dice can be used."));
  if (!effects_vigilance_allows (self, FALSE, error))
    return FALSE;
  if (!quests_property_acting (self, action->index))
    return game_refuse (error, _("That Property is not acting now: it is cancelled, its effect is applied, or the Trial has no such Property."));
  return TRUE;
}

void
quests_use_talent_apply (PenGame         *self,
                         const PenAction *action)
{
  log_line (self, N_("The %s cancels a Property."),
            LOG_NAME (pen_talents_find (self->talents, self->talent[self->turn.current])->name));
  if (self->turn.pending == PEN_PENDING_THREAT && !self->threat.current.rolled)
    self->quests.attempt.vigilance_used++;
  self->quests.attempt.talent_used = TRUE;
  quests_cancel_property (self, action->index);
}

void
quests_use_talent_to_json (PenGame         *self,
                           const PenAction *action,
                           JsonBuilder     *b)
{
  json_put_int (b, "property", action->index);
}

gboolean
quests_use_talent_from_json (PenGame    *self,
                             JsonObject *object,
                             PenAction  *action,
                             GError    **error)
{
  return json_member_int (object, "property", 0, PEN_QUEST_MAX_PROPERTIES - 1, &action->index, error);
}

/* ---- Contracts and Trials in a save ------------------------------------------------ */

static const char *save_quest_kind_ids[] = { "none", "contract", "trial" };

void
quests_state_init (QuestsState *state)
{
  state->contract_deck = g_ptr_array_new_with_free_func (g_free);
  state->bind_offer = g_ptr_array_new_with_free_func (g_free);
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      state->reserved_contracts[p] = g_ptr_array_new_with_free_func (g_free);
      state->fulfilled_contracts[p] = g_ptr_array_new_with_free_func (g_free);
      state->passed_trials[p] = g_ptr_array_new_with_free_func (g_free);
    }
  state->attempt.path = -1;
}

void
quests_state_clear (QuestsState *state)
{
  g_clear_pointer (&state->contract_deck, g_ptr_array_unref);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    g_clear_pointer (&state->contract_row[i], g_free);
  g_clear_pointer (&state->bind_offer, g_ptr_array_unref);
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      g_clear_pointer (&state->reserved_contracts[p], g_ptr_array_unref);
      g_clear_pointer (&state->fulfilled_contracts[p], g_ptr_array_unref);
      g_clear_pointer (&state->passed_trials[p], g_ptr_array_unref);
      g_clear_pointer (&state->reserved_trial[p], g_free);
    }
  g_clear_pointer (&state->attempt.id, g_free);
}

/* After the bytes of @state were copied into @copy: what it owns. */
void
quests_state_copy (QuestsState       *copy,
                   const QuestsState *state)
{
  copy->contract_deck = game_copy_strings (state->contract_deck);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    copy->contract_row[i] = g_strdup (state->contract_row[i]);
  copy->bind_offer = game_copy_strings (state->bind_offer);
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      copy->reserved_contracts[p] = game_copy_strings (state->reserved_contracts[p]);
      copy->fulfilled_contracts[p] = game_copy_strings (state->fulfilled_contracts[p]);
      copy->passed_trials[p] = game_copy_strings (state->passed_trials[p]);
      copy->reserved_trial[p] = g_strdup (state->reserved_trial[p]);
    }
  copy->attempt.id = g_strdup (state->attempt.id);
}

void
quests_state_to_json (PenGame     *self,
                      JsonBuilder *b)
{
  json_add_strings (b, "contract-deck", self->quests.contract_deck);
  json_builder_set_member_name (b, "contract-row");
  json_builder_begin_array (b);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    if (self->quests.contract_row[i] != NULL)
      json_builder_add_string_value (b, self->quests.contract_row[i]);
    else
      json_builder_add_null_value (b);
  json_builder_end_array (b);
  json_add_strings (b, "bind-offer", self->quests.bind_offer);
}

/* The members of @player's object in "players". */
void
quests_player_to_json (PenGame     *self,
                       guint        player,
                       JsonBuilder *b)
{
  json_add_strings (b, "reserved-contracts", self->quests.reserved_contracts[player]);
  json_add_strings (b, "fulfilled-contracts", self->quests.fulfilled_contracts[player]);
  json_add_strings (b, "passed-trials", self->quests.passed_trials[player]);
  json_add_nullable (b, "reserved-trial", self->quests.reserved_trial[player]);
}

void
quests_attempt_to_json (PenGame     *self,
                        JsonBuilder *b)
{
  json_builder_set_member_name (b, "quest");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, save_quest_kind_ids[self->quests.attempt.kind]);
  json_builder_set_member_name (b, "id");
  if (self->quests.attempt.id != NULL)
    json_builder_add_string_value (b, self->quests.attempt.id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "source");
  json_builder_add_int_value (b, self->quests.attempt.source);
  json_builder_set_member_name (b, "path");
  json_builder_add_int_value (b, self->quests.attempt.path);
  json_builder_set_member_name (b, "task");
  json_builder_add_int_value (b, self->quests.attempt.task);
  json_builder_set_member_name (b, "shield-done");
  json_builder_add_boolean_value (b, self->quests.attempt.shield_done);
  json_builder_set_member_name (b, "rift-done");
  json_builder_add_boolean_value (b, self->quests.attempt.rift_done);
  json_builder_set_member_name (b, "rift-left");
  json_builder_add_int_value (b, self->quests.attempt.rift_left);
  json_builder_set_member_name (b, "colours-left");
  json_builder_add_int_value (b, self->quests.attempt.colours_left);
  json_add_uints (b, "reward-cards", self->quests.attempt.reward_cards, 3);
  json_builder_set_member_name (b, "cancelled");
  json_builder_add_int_value (b, self->quests.attempt.cancelled);
  json_builder_set_member_name (b, "vigilance-used");
  json_builder_add_int_value (b, self->quests.attempt.vigilance_used);
  json_builder_set_member_name (b, "dead-water");
  json_builder_add_boolean_value (b, self->quests.attempt.dead_water);
  json_builder_set_member_name (b, "ring");
  json_builder_add_boolean_value (b, (self->quests.attempt.ring & RING_MINUS_SIX) != 0);
  json_builder_set_member_name (b, "ring-ignore-die");
  json_builder_add_boolean_value (b, (self->quests.attempt.ring & RING_IGNORE_DIE) != 0);
  json_builder_set_member_name (b, "talent-used");
  json_builder_add_boolean_value (b, self->quests.attempt.talent_used);
  json_builder_end_object (b);
}

static gboolean
read_contract_row (PenGame     *self,
                   JsonObject  *object,
                   GError     **error)
{
  JsonNode *member = json_get_member (object, "contract-row", JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != N_CONTRACT_SLOTS)
    return json_bad_save (error, _("the Guild has %d places for Contracts."), N_CONTRACT_SLOTS);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      const char *id;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      id = json_node_get_string (node);
      if (id == NULL || !json_id_is_valid (self, IDS_CONTRACT, id))
        return json_bad_save (error, _("the Guild holds an unknown Contract."));
      self->quests.contract_row[i] = g_strdup (id);
    }
  return TRUE;
}

static gboolean
read_quest (PenGame     *self,
            JsonObject  *object,
            GError     **error)
{
  JsonNode *member = json_get_member (object, "quest", JSON_NODE_OBJECT, error);
  JsonObject *quest;
  JsonNode *id;
  gint64 value;
  guint kind;
  gboolean flag;

  if (member == NULL)
    return FALSE;
  quest = json_node_get_object (member);
  if (!json_get_choice (quest, "kind", save_quest_kind_ids, G_N_ELEMENTS (save_quest_kind_ids), &kind, error))
    return FALSE;
  self->quests.attempt.kind = kind;
  id = json_object_get_member (quest, "id");
  if (kind == QUEST_NONE && (id == NULL || !JSON_NODE_HOLDS_NULL (id)))
    return json_bad_save (error, _("no Contract or Trial is attempted, yet one is named."));
  if (kind != QUEST_NONE)
    {
      const char *text = id != NULL ? json_node_get_string (id) : NULL;

      if (text == NULL
          || (kind == QUEST_CONTRACT && pen_quests_find_contract (self->quest_catalogue, text) == NULL)
          || (kind == QUEST_TRIAL && pen_quests_find_trial (self->quest_catalogue, text) == NULL))
        return json_bad_save (error, _("the Contract or Trial being attempted is unknown."));
      self->quests.attempt.id = g_strdup (text);
    }
  if (!json_get_int (quest, "source", 0, PEN_RESERVED + 999, &value, error))
    return FALSE;
  self->quests.attempt.source = value;
  if (!json_get_int (quest, "path", -1, 1, &value, error))
    return FALSE;
  self->quests.attempt.path = value;
  if (!json_get_int (quest, "task", 0, PEN_QUEST_MAX_TASKS - 1, &value, error))
    return FALSE;
  self->quests.attempt.task = value;
  if (!json_get_bool (quest, "shield-done", &self->quests.attempt.shield_done, error)
      || !json_get_bool (quest, "rift-done", &self->quests.attempt.rift_done, error))
    return FALSE;
  if (!json_get_int (quest, "rift-left", 0, 99, &value, error))
    return FALSE;
  self->quests.attempt.rift_left = value;
  if (!json_get_int (quest, "colours-left", 0, 99, &value, error))
    return FALSE;
  self->quests.attempt.colours_left = value;
  if (!json_read_uints (quest, "reward-cards", self->quests.attempt.reward_cards, 3, 9, error)
      || !json_get_bool (quest, "dead-water", &self->quests.attempt.dead_water, error)
      || !json_get_bool (quest, "ring", &flag, error))
    return FALSE;
  self->quests.attempt.ring = flag ? RING_MINUS_SIX : 0;
  /* Saves older than the Ring's second help have not used it. */
  if (json_object_has_member (quest, "ring-ignore-die"))
    {
      if (!json_get_bool (quest, "ring-ignore-die", &flag, error))
        return FALSE;
      self->quests.attempt.ring |= flag ? RING_IGNORE_DIE : 0;
    }
  if (!json_get_int (quest, "cancelled", 0, 255, &value, error))
    return FALSE;
  self->quests.attempt.cancelled = value;
  if (!json_get_int (quest, "vigilance-used", 0, 99, &value, error))
    return FALSE;
  self->quests.attempt.vigilance_used = value;
  /* Saves older than the Pariah's ability have not used it. */
  if (json_object_has_member (quest, "talent-used")
      && !json_get_bool (quest, "talent-used", &self->quests.attempt.talent_used, error))
    return FALSE;
  return TRUE;
}

gboolean
quests_state_from_json (PenGame     *self,
                        JsonObject  *root,
                        GError     **error)
{
  return json_read_strings (root, "contract-deck", self->quests.contract_deck, self, IDS_CONTRACT, error)
         && json_read_strings (root, "bind-offer", self->quests.bind_offer, self, IDS_CONTRACT, error)
         && read_contract_row (self, root, error)
         && read_quest (self, root, error);
}

gboolean
quests_player_from_json (PenGame     *self,
                         guint        player,
                         JsonObject  *object,
                         GError     **error)
{
  QuestsState *state = &self->quests;
  JsonNode *member;

  if (!json_read_strings (object, "reserved-contracts", state->reserved_contracts[player], self, IDS_CONTRACT, error)
      || !json_read_strings (object, "fulfilled-contracts", state->fulfilled_contracts[player], self, IDS_CONTRACT,
                             error)
      || !json_read_strings (object, "passed-trials", state->passed_trials[player], self, IDS_PASSED, error))
    return FALSE;
  member = json_object_get_member (object, "reserved-trial");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      const char *id = json_node_get_string (member);

      if (id == NULL || pen_quests_find_trial (self->quest_catalogue, id) == NULL)
        return json_bad_save (error, _("a player has reserved an unknown Trial."));
      state->reserved_trial[player] = g_strdup (id);
    }
  return TRUE;
}

/* Every Contract is in exactly one place (deck, Guild, Bind's hand, reserved,
 * fulfilled); no Trial is in two places. */
gboolean
quests_state_check (PenGame  *self,
                    GError  **error)
{
  g_autoptr(GHashTable) contracts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) trials = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean ok = save_count_ids (contracts, self->quests.contract_deck, FALSE)
                && save_count_ids (contracts, self->quests.bind_offer, FALSE)
                && save_count_ids (trials, self->fate.trial_row, FALSE);

  for (guint i = 0; ok && i < N_CONTRACT_SLOTS; i++)
    ok = self->quests.contract_row[i] == NULL || g_hash_table_add (contracts, self->quests.contract_row[i]);
  for (guint p = 0; ok && p < self->n_players; p++)
    ok = save_count_ids (contracts, self->quests.reserved_contracts[p], FALSE)
         && save_count_ids (contracts, self->quests.fulfilled_contracts[p], FALSE)
         && save_count_ids (trials, self->quests.passed_trials[p], TRUE)
         && (self->quests.reserved_trial[p] == NULL || g_hash_table_add (trials, self->quests.reserved_trial[p]));
  if (!ok)
    return json_bad_save (error, _("a card is in two places at once."));
  if (g_hash_table_size (contracts) != pen_quests_get_n_contracts (self->quest_catalogue))
    return json_bad_save (error, _("a Contract is missing from the game."));
  return TRUE;
}
