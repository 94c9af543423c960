/* pen-game-threat.c: the Threat: preparing, rolling and distributing its dice,
 * Mortal Wounds (rulebook, "Threat"); and the Threat's state (ThreatState) in
 * a save.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-threat"

#include "config.h"

#include "pen-game-private.h"

/* ---- Threat (rulebook, "Threat") ---------------------------------------- */

void
threat_start (PenGame      *self,
              guint         n_dice,
              gboolean      uncancellable,
              ThreatSource  source)
{
  /* A card's own Threat interrupts what was under way, a Threat being
   * prepared too, which it keeps in its frame; the others are the next step
   * of the choice under way (a placement, a Contract, a Trial). */
  if (source == THREAT_FOR_CARD)
    pending_push (self, PEN_PENDING_THREAT, PENDING_RESUME_CARD_THREAT, threat_pack (&self->threat.current));
  else
    pending_set (self, PEN_PENDING_THREAT);
  memset (&self->threat.current, 0, sizeof self->threat.current);
  self->threat.n_outcomes = 0;
  self->threat.current.n_dice = MIN (n_dice, PEN_MAX_THREAT_DICE);
  self->threat.current.uncancellable = uncancellable;
  self->threat.current.source = source;
  /* Vigilance limits the cards before each of a Trial's Threat rolls; a
   * card's own Threat, prepared meanwhile, is within the roll's window. */
  if (source != THREAT_FOR_CARD)
    self->quests.attempt.vigilance_used = 0;
  log_count (self, "Threat: %u die to roll.", "Threat: %u dice to roll.", n_dice, LOG_NUMBER (n_dice));
}

/* Is a Threat being prepared, rolled or distributed? Its dice's outcomes
 * accumulate meanwhile. A card's effect that waits within it (Nightshade
 * Drops adjusting the dice rolled) is part of it: the Threat goes on once
 * the card is done. */
gboolean
threat_in_progress (PenGame *self)
{
  guint depth = self->pending.depth;
  const PendingFrame *frame = pending_top (self);

  if (frame->kind == PEN_PENDING_CARD_EFFECT && depth >= 2)
    frame = &self->pending.frames[depth - 2];
  return frame->kind == PEN_PENDING_THREAT
         || (frame->kind == PEN_PENDING_MORTAL_WOUND && frame->resume == PENDING_RESUME_WOUND_THREAT);
}

/* A Threat being prepared, as a card's own Threat keeps it meanwhile (its
 * frame's argument): prepared, nothing of it is rolled yet. */
int
threat_pack (const Threat *threat)
{
  return (int) (MIN (threat->n_dice, PEN_MAX_THREAT_DICE) | (threat->uncancellable ? 1u << 8 : 0)
                | ((guint) threat->source << 9));
}

void
threat_unpack (int     packed,
               Threat *threat)
{
  memset (threat, 0, sizeof *threat);
  threat->n_dice = packed & 0xff;
  threat->uncancellable = (packed >> 8) & 1;
  threat->source = MIN ((guint) packed >> 9, THREAT_FOR_CARD);
}

static void
record_outcome (PenGame         *self,
                PenThreatResult  result,
                guint            value,
                int              target,
                const PenDie    *die)
{
  PenThreatOutcome *outcome;

  /* A card's own Threat within another's can fill the record. */
  if (self->threat.n_outcomes == PEN_MAX_THREAT_DICE)
    return;
  outcome = &self->threat.outcomes[self->threat.n_outcomes++];
  *outcome = (PenThreatOutcome) { .result = result, .value = value, .target = target };
  if (die != NULL)
    outcome->die = *die;
}

/* Step 1: @n prepared Threat dice are discarded (Defend, a card). */
void
threat_discard_dice (PenGame *self,
                     guint    n)
{
  g_assert (n <= self->threat.current.n_dice);
  self->threat.current.n_dice -= n;
  for (guint i = 0; i < n; i++)
    record_outcome (self, PEN_THREAT_CANCELLED, 0, -1, NULL);
}

/* The distinct targets a Threat die of @value may hit: dice of the supply first,
 * then non-wounded Marks. Identical dice count once; the caller takes the first
 * of them. Returns the number of choices written to @targets. */
guint
threat_targets (PenGame *self,
                guint    value,
                int     *targets)
{
  PenWizardBoard *board = game_current_board (self);
  guint n = 0;

  for (guint i = 0; i < board_n_dice (board) && !self->cards.ignore_dice_in_threat; i++)
    {
      const PenDie *die = board_die (board, i);
      gboolean seen = FALSE;

      if (die->value != value)
        continue;
      for (guint t = 0; t < n; t++)
        {
          const PenDie *other = board_die (board, targets[t]);

          seen |= other->kind == die->kind && other->colour == die->colour
                  && other->temporary == die->temporary;
        }
      if (!seen)
        targets[n++] = (int) i;
    }
  if (n > 0)
    return n;

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = board_mark (board, c);

      if (mark->occupied && mark->state != PEN_MARK_WOUNDED
          && self->def->mark_cells[c].die_value == value)
        targets[n++] = PEN_THREAT_TARGET_MARK + (int) c;
    }
  return n;
}

/* The first wounded Mark's cell of @value, or -1. */
static int
wounded_mark_of_value (PenGame *self,
                       guint    value)
{
  PenWizardBoard *board = game_current_board (self);

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = board_mark (board, c);

      if (mark->occupied && mark->state == PEN_MARK_WOUNDED
          && self->def->mark_cells[c].die_value == value)
        return (int) c;
    }
  return -1;
}

/* Resolves the first remaining Threat die against @target (a supply die index,
 * or PEN_THREAT_TARGET_MARK + cell), or, with @target < 0, as a miss or a
 * Mortal Wound when nothing matches. */
void
threat_resolve_die (PenGame *self,
                    int      target)
{
  PenWizardBoard *board = game_current_board (self);
  guint value = self->threat.current.values[0];
  int wounded;

  memmove (self->threat.current.values, self->threat.current.values + 1,
           (self->threat.current.n_values - 1) * sizeof (guint));
  self->threat.current.n_values--;

  if (target >= PEN_THREAT_TARGET_MARK)
    {
      guint cell = target - PEN_THREAT_TARGET_MARK;
      PenMark mark = *board_mark (board, cell);

      mark.state = PEN_MARK_WOUNDED;
      pen_wizard_board_set_mark (board, cell, &mark);
      record_outcome (self, PEN_THREAT_WOUND, value, (int) cell, NULL);
      log_line (self, N_("Threat %u wounds %s."), LOG_NUMBER (value),
                LOG_MARK (pen_wizard_board_is_spark_cell (cell) ? PEN_N_DISCIPLINES : mark.discipline, LOG_OBJECT));
    }
  else if (target >= 0)
    {
      PenDie die = pen_wizard_board_take_die (board, target);

      record_outcome (self, PEN_THREAT_KNOCK_OUT, value, target, &die);
      log_line (self, N_("Threat %u knocks out a die: %s."), LOG_NUMBER (value), LOG_DIE (&die));
    }
  else if ((wounded = wounded_mark_of_value (self, value)) >= 0)
    {
      if (self->turn.mortal_wound)
        {
          record_outcome (self, PEN_THREAT_NO_EFFECT, value, -1, NULL);
          log_line (self, N_("Threat %u would be a second Mortal Wound this turn: it has no effect."),
                    LOG_NUMBER (value));
        }
      else
        {
          record_outcome (self, PEN_THREAT_MORTAL_WOUND, value, wounded, NULL);
          log_line (self, N_("Threat %u falls on a wounded Mark: a Mortal Wound."), LOG_NUMBER (value));
          self->threat.current.mortal = threat_gain_mortal_wound (self, WOUND_FROM_THREAT);
        }
    }
  else
    {
      record_outcome (self, PEN_THREAT_MISS, value, -1, NULL);
      log_line (self, N_("Threat %u misses."), LOG_NUMBER (value));
    }
}

/* After the roll: resolves Threat dice for as long as no choice is needed.
 * Then finishes the Threat and what it was for. */
void
threat_distribute (PenGame *self)
{
  while (self->threat.current.n_values > 0)
    {
      int targets[PEN_N_MARK_CELLS + 64];
      guint n = threat_targets (self, self->threat.current.values[0], targets);

      if (n > 1)
        return;   /* the player chooses: PEN_ACTION_THREAT_TARGET */
      threat_resolve_die (self, n == 1 ? targets[0] : -1);
      /* The Phylactery's choice first; "even if you gain a Mortal Wound
       * card, you must resolve all the remaining Threat dice". */
      if (self->turn.pending == PEN_PENDING_MORTAL_WOUND)
        return;
    }

  /* A card's own Threat pops back to what it interrupted; the others'
   * choice is over. */
  if (self->threat.current.source != THREAT_FOR_CARD || self->threat.current.mortal)
    pending_set (self, PEN_PENDING_NONE);

  /* The Mortal Wound card: "After the current Threat roll: Your turn is over.
   * Discard all dice. Your next turn is Rest." */
  if (self->threat.current.mortal)
    {
      /* A Trial met with a Mortal Wound leaves the game; a Contract stays.
       * One already passed (a card's Threat at its reward) has left the row. */
      if (self->quests.attempt.kind == QUEST_TRIAL && self->threat.current.source != THREAT_FOR_RETALIATION
          && quests_card_in_place (self))
        {
          g_free (quests_take_card (self));
          log_line (self, N_("The Trial leaves the game."));
        }
      quests_clear (self);
      pen_wizard_board_clear_dice (game_current_board (self));
      self->must_rest[self->turn.current] = TRUE;
      log_line (self, N_("The Mortal Wound ends the turn: all dice are discarded, and the next turn is Rest."));
      turn_end (self);
      return;
    }

  switch (self->threat.current.source)
    {
    case THREAT_FOR_RUINS:
      dice_gain_ingredients (self, PEN_INGREDIENT_BLOOD, RUINS_BLOOD);
      break;
    case THREAT_FOR_QUEST:
      quests_threat_done (self);
      break;
    case THREAT_FOR_WITHSTAND:
      quests_succeeded (self);
      break;
    case THREAT_FOR_RETALIATION:
      quests_clear (self);
      break;
    case THREAT_FOR_CARD:
      /* Back to what the card interrupted, and on with the card. */
      pending_resume (self);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The Phylactery the Wizard may discard now, or -1 (none, or suppressed:
 * rules-assumptions, "Suppression and what works by itself"). */
static int
working_phylactery (PenGame *self)
{
  for (guint i = 0; i < cards_owned (self)->len; i++)
    {
      const OwnedCard *owned = cards_owned_card (self, i);

      for (guint e = 0; e < owned->card->n_effects; e++)
        if (!owned->rotated && owned->card->effects[e].op == PEN_EFFECT_SPECIAL
            && owned->card->effects[e].special == PEN_CARD_SPECIAL_PHYLACTERY
            && !effects_card_suppressed (self, owned, NULL))
          return (int) i;
    }
  return -1;
}

static void
take_mortal_wound (PenGame *self)
{
  PenWizardBoard *board = game_current_board (self);

  self->turn.mortal_wound = TRUE;
  pen_wizard_board_set_mortal_wounds (board, pen_wizard_board_get_mortal_wounds (board) + 1);
}

/* A Mortal Wound is gained from @from. With a Phylactery to discard, the
 * player chooses first (rulebook, "Artifacts": "To apply the effect of this
 * card (ignore the effects of a Mortal Wound), it must be discarded"): the
 * game waits, and threat_mortal_wound_apply() goes on with what @from was doing.
 * Returns whether the Mortal Wound was taken at once. */
gboolean
threat_gain_mortal_wound (PenGame     *self,
                          WoundSource  from)
{
  if (working_phylactery (self) >= 0)
    {
      static const PendingResume resumes[] = {
        [WOUND_FROM_THREAT] = PENDING_RESUME_WOUND_THREAT,
        [WOUND_FROM_TRAP] = PENDING_RESUME_WOUND_TRAP,
        [WOUND_FROM_DEAD_WATER] = PENDING_RESUME_WOUND_DEAD_WATER,
      };

      pending_push (self, PEN_PENDING_MORTAL_WOUND, resumes[from], 0);
      return FALSE;
    }
  take_mortal_wound (self);
  return TRUE;
}

/* Take the Mortal Wound, or discard the Phylactery. */
void
threat_offer_mortal_wound (Lister *lister)
{
  for (int phylactery = 0; phylactery < 2; phylactery++)
    {
      PenAction action;

      pen_action_init (&action, PEN_ACTION_MORTAL_WOUND);
      action.index = phylactery;
      lister_offer (lister, &action);
    }
}

void
threat_roll (PenGame *self)
{
  self->threat.current.rolled = TRUE;
  self->threat.current.n_values = self->threat.current.n_dice;
  for (guint i = 0; i < self->threat.current.n_dice; i++)
    self->threat.current.values[i] = pen_rng_range (self->rng, 1, 7);
  log_count (self, "Rolled %u Threat die.", "Rolled %u Threat dice.", self->threat.current.n_dice,
             LOG_NUMBER (self->threat.current.n_dice));
  /* Step 2: a card that changes Threat dice may still be used. */
  if (self->threat.current.n_values > 0 && effects_has_after_roll_card (self))
    {
      self->threat.current.step2 = TRUE;
      return;
    }
  threat_distribute (self);
}

/* Where the first rolled Threat die can go. */
void
threat_offer_targets (Lister *lister)
{
  PenGame *self = lister->game;
  int targets[PEN_N_MARK_CELLS + 64];
  guint n = threat_targets (self, self->threat.current.values[0], targets);
  PenAction action;

  for (guint i = 0; i < n; i++)
    {
      pen_action_init (&action, PEN_ACTION_THREAT_TARGET);
      action.index = targets[i];
      lister_offer (lister, &action);
    }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

gboolean
threat_defend_check (PenGame         *self,
                     const PenAction *action,
                     GError         **error)
{
  if (self->turn.pending != PEN_PENDING_THREAT)
    return game_refuse (error, _("Defend is used while preparing a Threat."));
  if (self->threat.current.uncancellable)
    return game_refuse (error, _("This Threat is uncancellable."));
  if (self->threat.current.n_dice == 0)
    return game_refuse (error, _("No Threat dice are left to discard."));
  if (!dice_check_supply_die (self, action->die, error))
    return FALSE;
  if (!pen_die_counts_as (board_die (game_current_board (self), action->die),
                          PEN_DISCIPLINE_JASPER))
    return game_refuse (error, _("Defend needs a Yellow die."));
  return TRUE;
}

void
threat_defend_apply (PenGame         *self,
                     const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);

  pen_wizard_board_take_die (board, action->die);
  threat_discard_dice (self, 1);
  log_line (self, N_("Defend: discarded a Yellow die to discard 1 Threat die."));
}

void
threat_defend_to_json (PenGame         *self,
                       const PenAction *action,
                       JsonBuilder     *b)
{
  json_put_int (b, "die", action->die);
}

gboolean
threat_defend_from_json (PenGame    *self,
                         JsonObject *object,
                         PenAction  *action,
                         GError    **error)
{
  return json_member_int (object, "die", 0, G_MAXINT, &action->die, error);
}

gboolean
threat_roll_check (PenGame         *self,
                   const PenAction *action,
                   GError         **error)
{
  if (self->turn.pending != PEN_PENDING_THREAT || self->threat.current.rolled)
    return game_refuse (error, _("There are no Threat dice to roll."));
  return TRUE;
}

void
threat_roll_apply (PenGame         *self,
                   const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);
  guint x;

  /* Rift: at the end of step 1, on the Trial's main Threat only. */
  if (self->threat.current.source == THREAT_FOR_QUEST && !self->quests.attempt.rift_done
      && quests_trial_has_property (self, PEN_PROPERTY_RIFT, &x))
    {
      self->quests.attempt.rift_done = TRUE;
      self->quests.attempt.rift_left = MIN (x, board_n_dice (board));
      if (self->quests.attempt.rift_left > 0)
        {
          pending_set (self, PEN_PENDING_RIFT);
          log_count (self, "Rift: discard %u die.", "Rift: discard %u dice.", self->quests.attempt.rift_left,
                     LOG_NUMBER (self->quests.attempt.rift_left));
          return;
        }
    }
  threat_roll (self);
}

gboolean
threat_target_check (PenGame         *self,
                     const PenAction *action,
                     GError         **error)
{
  int targets[PEN_N_MARK_CELLS + 64];
  guint n;

  if (self->turn.pending != PEN_PENDING_THREAT || !self->threat.current.rolled)
    return game_refuse (error, _("No Threat die is waiting for a target."));
  n = threat_targets (self, self->threat.current.values[0], targets);
  for (guint i = 0; i < n; i++)
    if (targets[i] == action->index)
      return TRUE;
  return game_refuse (error, _("The Threat die %u cannot go there."), self->threat.current.values[0]);
}

void
threat_target_apply (PenGame         *self,
                     const PenAction *action)
{
  threat_resolve_die (self, action->index);
  threat_distribute (self);
}

void
threat_target_to_json (PenGame         *self,
                       const PenAction *action,
                       JsonBuilder     *b)
{
  if (action->index >= PEN_THREAT_TARGET_MARK)
    json_put_int (b, "mark", action->index - PEN_THREAT_TARGET_MARK);
  else
    json_put_int (b, "die", action->index);
}

gboolean
threat_target_from_json (PenGame    *self,
                         JsonObject *object,
                         PenAction  *action,
                         GError    **error)
{
  if (json_object_has_member (object, "mark"))
    {
      if (!json_member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error))
        return FALSE;
      action->index += PEN_THREAT_TARGET_MARK;
      return TRUE;
    }
  return json_member_int (object, "die", 0, G_MAXINT, &action->index, error);
}

gboolean
threat_mortal_wound_check (PenGame         *self,
                           const PenAction *action,
                           GError         **error)
{
  if (self->turn.pending != PEN_PENDING_MORTAL_WOUND)
    return game_refuse (error, _("No Mortal Wound is waiting."));
  if (action->index != 0 && action->index != 1)
    return game_refuse (error, _("Take the Mortal Wound, or discard the Phylactery to ignore it."));
  if (action->index == 1 && working_phylactery (self) < 0)
    return game_refuse (error, _("You have no Phylactery to discard."));
  return TRUE;
}

void
threat_mortal_wound_apply (PenGame         *self,
                           const PenAction *action)
{
  gboolean taken = action->index == 0;

  if (taken)
    take_mortal_wound (self);
  else
    {
      log_line (self, N_("The Phylactery is discarded: the Mortal Wound has no effect."));
      cards_discard_owned (self, working_phylactery (self));
    }
  /* On with what gave it: the Threat's other dice, the failed Trial's or
   * the turn's end (pen-game-pending.c). */
  pending_resume_with (self, taken);
}

void
threat_mortal_wound_to_json (PenGame         *self,
                             const PenAction *action,
                             JsonBuilder     *b)
{
  json_put_boolean (b, "phylactery", action->index == 1);
}

gboolean
threat_mortal_wound_from_json (PenGame    *self,
                               JsonObject *object,
                               PenAction  *action,
                               GError    **error)
{
  action->index = json_safe_boolean (object, "phylactery", FALSE) ? 1 : 0;
  return TRUE;
}

/* ---- The Threat in a save ---------------------------------------------------------- */

static const char *save_threat_source_ids[] = { "ruins", "quest", "withstand", "retaliation", "card" };
static const char *save_threat_result_ids[] = { "cancelled", "knock-out", "wound", "mortal-wound", "no-effect", "miss" };

static void
add_threat_outcome (JsonBuilder            *b,
                    const PenThreatOutcome *outcome)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, save_threat_result_ids[outcome->result]);
  if (outcome->result != PEN_THREAT_CANCELLED)
    {
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, outcome->value);
    }
  switch (outcome->result)
    {
    case PEN_THREAT_KNOCK_OUT:
      json_builder_set_member_name (b, "from");
      json_builder_add_int_value (b, outcome->target);
      json_builder_set_member_name (b, "knocked-out");
      json_add_die (b, &outcome->die);
      break;
    case PEN_THREAT_WOUND:
    case PEN_THREAT_MORTAL_WOUND:
      json_builder_set_member_name (b, "mark");
      json_builder_add_int_value (b, outcome->target);
      break;
    case PEN_THREAT_CANCELLED:
    case PEN_THREAT_NO_EFFECT:
    case PEN_THREAT_MISS:
    default:
      break;
    }
  json_builder_end_object (b);
}

void
threat_state_to_json (PenGame     *self,
                      JsonBuilder *b)
{
  json_builder_set_member_name (b, "threat-source");
  json_builder_add_string_value (b, save_threat_source_ids[self->threat.current.source]);

  json_builder_set_member_name (b, "threat");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "dice");
  json_builder_add_int_value (b, self->threat.current.n_dice);
  json_builder_set_member_name (b, "uncancellable");
  json_builder_add_boolean_value (b, self->threat.current.uncancellable);
  json_builder_set_member_name (b, "rolled");
  json_builder_begin_array (b);
  for (guint i = 0; self->threat.current.rolled && i < self->threat.current.n_values; i++)
    json_builder_add_int_value (b, self->threat.current.values[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "is-rolled");
  json_builder_add_boolean_value (b, self->threat.current.rolled);
  json_builder_set_member_name (b, "step2");
  json_builder_add_boolean_value (b, self->threat.current.step2);
  json_builder_set_member_name (b, "mortal");
  json_builder_add_boolean_value (b, self->threat.current.mortal);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "threat-outcomes");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->threat.n_outcomes; i++)
    add_threat_outcome (b, &self->threat.outcomes[i]);
  json_builder_end_array (b);
}

/* The last Threat's outcomes; older saves have none. */
static gboolean
read_threat_outcomes (PenGame     *self,
                      JsonObject  *object,
                      GError     **error)
{
  JsonArray *array;

  if (!json_object_has_member (object, "threat-outcomes"))
    return TRUE;
  if (json_get_member (object, "threat-outcomes", JSON_NODE_ARRAY, error) == NULL)
    return FALSE;
  array = json_object_get_array_member (object, "threat-outcomes");
  if (json_array_get_length (array) > PEN_MAX_THREAT_DICE)
    return json_bad_save (error, _("more Threat dice have outcomes than a Threat has dice."));
  self->threat.n_outcomes = json_array_get_length (array);
  for (guint i = 0; i < self->threat.n_outcomes; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *item = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      PenThreatOutcome *outcome = &self->threat.outcomes[i];
      guint result;
      gint64 value = 0, target = -1;

      if (!json_get_choice (item, "result", save_threat_result_ids, G_N_ELEMENTS (save_threat_result_ids), &result, error)
          || (result != PEN_THREAT_CANCELLED && !json_get_int (item, "value", 1, 6, &value, error)))
        return FALSE;
      memset (outcome, 0, sizeof *outcome);
      switch (result)
        {
        case PEN_THREAT_KNOCK_OUT:
          if (!json_get_int (item, "from", 0, G_MAXINT, &target, error)
              || json_get_member (item, "knocked-out", JSON_NODE_OBJECT, error) == NULL
              || !json_read_die (json_object_get_member (item, "knocked-out"), &outcome->die, error))
            return FALSE;
          break;
        case PEN_THREAT_WOUND:
        case PEN_THREAT_MORTAL_WOUND:
          if (!json_get_int (item, "mark", 0, PEN_N_MARK_CELLS - 1, &target, error))
            return FALSE;
          break;
        default:
          break;
        }
      outcome->result = result;
      outcome->value = value;
      outcome->target = target;
    }
  return TRUE;
}

gboolean
threat_state_from_json (PenGame     *self,
                        JsonObject  *root,
                        GError     **error)
{
  JsonObject *threat;
  JsonNode *member;
  JsonArray *array;
  gint64 value;
  guint choice;

  if (!json_get_choice (root, "threat-source", save_threat_source_ids, G_N_ELEMENTS (save_threat_source_ids), &choice, error))
    return FALSE;
  self->threat.current.source = choice;
  member = json_get_member (root, "threat", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  threat = json_node_get_object (member);
  if (!json_get_int (threat, "dice", 0, PEN_MAX_THREAT_DICE, &value, error))
    return FALSE;
  self->threat.current.n_dice = value;
  if (!json_get_bool (threat, "uncancellable", &self->threat.current.uncancellable, error)
      || !json_get_bool (threat, "is-rolled", &self->threat.current.rolled, error)
      || !json_get_bool (threat, "step2", &self->threat.current.step2, error)
      || !json_get_bool (threat, "mortal", &self->threat.current.mortal, error))
    return FALSE;
  member = json_get_member (threat, "rolled", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) > self->threat.current.n_dice)
    return json_bad_save (error, _("more Threat dice were rolled than prepared."));
  self->threat.current.n_values = json_array_get_length (array);
  for (guint i = 0; i < self->threat.current.n_values; i++)
    {
      JsonNode *die = json_array_get_element (array, i);

      if (json_node_get_value_type (die) != G_TYPE_INT64
          || json_node_get_int (die) < 1 || json_node_get_int (die) > 6)
        return json_bad_save (error, _("a Threat die shows no face of a die."));
      self->threat.current.values[i] = json_node_get_int (die);
    }
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled && self->threat.current.n_values == 0)
    return json_bad_save (error, _("a rolled Threat has no dice left to distribute."));
  return read_threat_outcomes (self, root, error);
}

gboolean
threat_state_check (PenGame  *self,
                    GError  **error)
{
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled
      && self->threat.current.n_values > self->threat.current.n_dice)
    return json_bad_save (error, _("more Threat dice were rolled than prepared."));
  return TRUE;
}
