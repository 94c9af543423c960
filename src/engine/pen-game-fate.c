/* pen-game-fate.c: the Fate deck in play: Prophecies, Goals and Events
 * (rulebook, "The Fate deck in play")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-fate"

#include "config.h"

#include "pen-game-private.h"

/* The first Prophecy in play whose condition is met, or NULL. */
const PenFateCard *
fulfilled_prophecy (PenGame *self)
{
  PenWizardSummary wizards[PEN_MAX_PLAYERS];

  for (guint p = 0; p < self->n_players; p++)
    summarize (self, p, &wizards[p]);
  for (guint i = 0; i < self->in_play->len; i++)
    {
      const PenFateCard *card = pen_fate_catalogue_lookup (self->fate, g_ptr_array_index (self->in_play, i));

      if (pen_fate_card_get_kind (card) == PEN_FATE_KIND_PROPHECY
          && pen_fate_card_prophecy_is_fulfilled (card, wizards, self->n_players, self->fate_deck->len))
        return card;
    }
  return NULL;
}

/* Rulebook, "End of the game": when any Prophecy in play is fulfilled, the
 * current player finishes the turn, then everyone takes one more turn. */
void
check_prophecies (PenGame *self)
{
  const PenFateCard *card;

  if (self->final_turns_left >= 0 || self->n_locations == 0)
    return;
  card = fulfilled_prophecy (self);
  if (card == NULL)
    return;
  self->final_turns_left = (int) self->n_players;
  self->end_triggered_this_turn = TRUE;
  self->ending_prophecy = g_strdup (pen_fate_card_get_id (card));
  log_line (self, N_("The Prophecy %s is fulfilled: everyone takes one more turn."),
            LOG_FATE (pen_fate_card_get_id (card)));
}

/* For a Wizard other than the one who revealed the Event: the first @amount
 * Marks in @from state become @to (leftmost first, see
 * docs/rules-assumptions.md); healed Marks give their Rest effect. */
void
change_marks (PenGame      *self,
              guint         amount,
              PenMarkState  from,
              PenMarkState  to)
{
  PenWizardBoard *board = current_board (self);

  for (guint c = 0; c < PEN_N_MARK_CELLS && amount > 0; c++)
    {
      PenMark mark = *board_mark (board, c);

      if (!mark.occupied || mark.state != from)
        continue;
      mark.state = to;
      pen_wizard_board_set_mark (board, c, &mark);
      amount--;
      if (from == PEN_MARK_WOUNDED)
        {
          log_line (self, N_("A Mark is healed."));
          apply_cell_rest_effects (self, c, FALSE);
        }
    }
}

/* One effect of an Event for the current player (set by the caller); the
 * Marks of the Wizard who revealed it (@revealer) are theirs to pick. */
static void
apply_event_effect (PenGame              *self,
                    const PenEventEffect *effect,
                    gboolean              revealer)
{
  switch (effect->op)
    {
    case PEN_EVENT_ROLL_RESOURCE_DICE:
      roll_resource_dice (self, effect->amount);
      break;
    case PEN_EVENT_GAIN_INGREDIENT:
      gain_ingredients (self, effect->ingredient, effect->amount);
      break;
    case PEN_EVENT_GAIN_DIE:
      for (guint i = 0; i < effect->amount; i++)
        if (effect->any_colour)
          self->event_colours_left++;
        else
          gain_new_die (self, effect->die_kind, effect->die_colour);
      break;
    case PEN_EVENT_HEAL:
      if (revealer)
        self->effect.heals += effect->amount;
      else
        {
          change_marks (self, effect->amount, PEN_MARK_WOUNDED, PEN_MARK_CHARGED);
          /* The healed Marks' dice are taken back at once, each from the first
           * cell that holds one, as the Marks are the leftmost (assumptions). */
          take_back_owed_dice (self, FALSE);
        }
      break;
    case PEN_EVENT_RECHARGE_MARKS:
      if (revealer)
        self->effect.recharges += effect->amount;
      else
        change_marks (self, effect->amount, PEN_MARK_DISCHARGED, PEN_MARK_CHARGED);
      break;
    case PEN_EVENT_GAIN_CARD:
    default:
      log_line (self, N_("No card to gain: the card set is not in the game yet."));
      break;
    }
}

/* "You" is the player who revealed the Event; "all" includes them. A die "of
 * any colour" for the revealing player waits for their choice, then the
 * Marks they heal or recharge. */
static void
apply_event (PenGame           *self,
             const PenFateCard *card)
{
  guint n_effects;
  const PenEventEffect *effects = pen_fate_card_get_event_effects (card, &n_effects);
  guint revealer = self->current;

  for (guint i = 0; i < n_effects; i++)
    for (guint p = 0; p < self->n_players; p++)
      {
        guint colours_before = self->event_colours_left;

        if ((effects[i].target == PEN_EVENT_TARGET_YOU && p != revealer) || (int) p == self->automa_player)
          continue;   /* the Automa ignores Events (spec §5) */
        self->current = p;
        apply_event_effect (self, &effects[i], p == revealer);
        /* Other players' dice of any colour: Bone cannot stand in, so they
         * gain a Spark die, the one die that is any colour (assumptions). */
        if (p != revealer)
          for (; self->event_colours_left > colours_before; self->event_colours_left--)
            gain_new_die (self, PEN_DIE_KIND_SPARK, 0);
      }
  self->current = revealer;
  if (self->event_colours_left > 0)
    self->pending = PEN_PENDING_COLOUR;
  else
    open_event_picks (self);
}

/* Rulebook, "The Fate deck in play": one card after each Trial or Rest turn. */
void
reveal_fate_card (PenGame *self)
{
  const PenFateCard *info;
  char *card;

  if (self->fate_deck->len == 0)
    return;
  card = g_ptr_array_steal_index (self->fate_deck, 0);
  info = pen_fate_catalogue_lookup (self->fate, card);
  g_ptr_array_add (self->fate_reveals, g_strdup (card));
  g_array_append_val (self->fate_reveal_lines, self->log->len);
  log_line (self, N_("Fate card revealed: %s."), LOG_FATE (pen_fate_card_get_id (info)));
  switch (pen_fate_card_get_kind (info))
    {
    case PEN_FATE_KIND_TRIAL:
      g_ptr_array_add (self->trial_row, card);
      break;
    case PEN_FATE_KIND_PROPHECY:
    case PEN_FATE_KIND_GOAL:
      g_ptr_array_add (self->in_play, card);
      break;
    case PEN_FATE_KIND_EVENT:
    default:
      apply_event (self, info);
      g_free (card);
      break;
    }
  check_prophecies (self);
}

const char *
fate_name (PenGame    *self,
           const char *id)
{
  const PenFateCard *card = pen_fate_catalogue_lookup (self->fate, id);

  return card != NULL ? CARD_NAME (pen_fate_card_get_name (card)) : id;
}
