/* pen-game-turn.c: turns: declaring Study or Rest, the Rest effects and the
 * White Thread of Rest, the end of a turn (rulebook, "Turn Sequence",
 * "Rest effects")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-turn"

#include "config.h"

#include "pen-game-private.h"

static void
recharge_marks (PenGame *self)
{
  PenWizardBoard *board = current_board (self);

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      PenMark mark = *board_mark (board, c);

      if (mark.occupied && mark.state == PEN_MARK_DISCHARGED)
        {
          mark.state = PEN_MARK_CHARGED;
          pen_wizard_board_set_mark (board, c, &mark);
        }
    }
}

/* Applies one Rest effect. @colour is the Mark's, for a coloured die. Brewing,
 * exchanging and buying are "only during Rest". */
static void
apply_rest_effect (PenGame       *self,
                   PenRestEffect  effect,
                   PenDiscipline  colour,
                   gboolean       resting)
{
  switch (effect)
    {
    case PEN_REST_UNEXHAUST_ALL:
      for (guint i = 0; i < self->owned[self->current]->len; i++)
        if (g_array_index (self->owned[self->current], OwnedCard, i).rotated)
          unrotate (self, i);
      break;
    case PEN_REST_COLOURED_DIE:
      gain_die_from_locations (self, PEN_DIE_KIND_COLOURED, colour);
      break;
    case PEN_REST_RECHARGE_MARKS:
      recharge_marks (self);
      log_line (self, N_("Recharged all Marks."));
      break;
    case PEN_REST_SPARK_DIE:
      gain_die_from_locations (self, PEN_DIE_KIND_SPARK, 0);
      break;
    case PEN_REST_BONE_DIE:
      gain_die_from_locations (self, PEN_DIE_KIND_BONE, 0);
      break;
    case PEN_REST_EXCHANGE_INGREDIENTS:
      if (resting)
        self->rest_exchange = TRUE;
      break;
    case PEN_REST_BREW_POTIONS:
      if (resting)
        self->rest_brew = TRUE;
      break;
    case PEN_REST_BUY_POTION_OR_ARTIFACT:
      if (resting)
        self->rest_buy = TRUE;
      break;
    default:
      g_assert_not_reached ();
    }
}

void
apply_cell_rest_effects (PenGame  *self,
                         guint     cell,
                         gboolean  resting)
{
  const PenMarkCellDef *def = &self->def->mark_cells[cell];
  const PenMark *mark = board_mark (current_board (self), cell);

  for (guint i = 0; i < def->n_rest; i++)
    apply_rest_effect (self, def->rest[i], mark->discipline, resting);
}

/* ---- Turns (rulebook, "Turn Sequence") ---------------------------------- */

void
begin_turn (PenGame *self)
{
  self->turn_type = PEN_TURN_UNDECLARED;
  /* "First turn: one placement." */
  self->placements_left = self->turns_taken[self->current] == 0 ? 1 : 2;
  self->hurried = FALSE;
  self->mortal_wound_this_turn = FALSE;
  self->rest_exchange = FALSE;
  self->pending = PEN_PENDING_NONE;
  self->placed_location = -1;
  self->placed_section = -1;
  self->placed_defend = FALSE;
  self->placed_resource_dice = 0;
  self->rest_brew = FALSE;
  self->rest_buy = FALSE;
  self->exchange_from_card = FALSE;
  self->ignore_dice_in_threat = FALSE;
  self->last_card = NULL;
  self->chain_length = 0;
  self->discount = 0;
  if ((int) self->current == self->automa_player)
    log_line (self, N_("The Automa's turn."));
  else if (is_solo_wizard (self, self->current))
    log_line (self, N_("Your turn."));
  else
    log_line (self, N_("Turn of player %u."), LOG_NUMBER (self->current + 1));
}

void
end_turn (PenGame *self)
{
  gboolean wounded = FALSE;

  /* Dead Water: "At the end of the turn gain and apply a Mortal Wound card." */
  if (self->dead_water_wound)
    {
      self->dead_water_wound = FALSE;
      if (!self->mortal_wound_this_turn)
        {
          if (!gain_mortal_wound (self, WOUND_FROM_DEAD_WATER))
            return;   /* the Phylactery's choice first */
          wounded = TRUE;
        }
    }
  end_turn_after_dead_water (self, wounded);
}

/* The rest of the end of the turn, after Dead Water's Mortal Wound if
 * @wounded. */
void
end_turn_after_dead_water (PenGame  *self,
                           gboolean  wounded)
{
  guint n;

  if (wounded)
    {
      pen_wizard_board_clear_dice (current_board (self));
      self->must_rest[self->current] = TRUE;
      log_line (self, N_("Dead Water's Mortal Wound: all dice are discarded, and the next turn is Rest."));
    }
  n = pen_wizard_board_discard_temporary_dice (current_board (self));

  if (n > 0)
    log_count (self, "Discarded %u temporary die.", "Discarded %u temporary dice.", n, LOG_NUMBER (n));

  self->pending = PEN_PENDING_NONE;
  if (self->turn_type == PEN_TURN_REST || self->turn_type == PEN_TURN_TRIAL)
    {
      refresh_contract_row (self);
      reveal_fate_card (self);
      if (self->pending != PEN_PENDING_NONE)
        return;   /* finish_end_turn() follows the Event's choices */
    }
  finish_end_turn (self);
}

/* A Prophecy's condition is checked when a turn ends: a condition met during
 * the turn lets the turn finish as usual either way. */
void
finish_end_turn (PenGame *self)
{
  check_prophecies (self);
  self->bind_open = FALSE;

  self->turns_taken[self->current]++;
  self->pending = PEN_PENDING_NONE;

  /* The turn in which the end was triggered is finished as usual and does not
   * count as one of the last turns. */
  if (self->end_triggered_this_turn)
    self->end_triggered_this_turn = FALSE;
  else if (self->final_turns_left > 0)
    self->final_turns_left--;
  if (self->final_turns_left == 0)
    {
      self->over = TRUE;
      log_line (self, N_("The game is over."));
      return;
    }

  self->current = (self->current + 1) % self->n_players;
  begin_turn (self);
}

/* Effects usable "during Study or Trial" (Manipulate, Marks) may also be used
 * while a Threat is prepared; never while it is being distributed. */
gboolean
check_study_or_trial (PenGame  *self,
                      GError  **error)
{
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled)
    return refuse (error, _("No effect can be used while the Threat dice are distributed."));
  if (self->turn_type == PEN_TURN_TRIAL)
    return TRUE;
  return check_study (self, error);
}

void
declare_study (PenGame *self)
{
  if (self->turn_type == PEN_TURN_UNDECLARED)
    self->turn_type = PEN_TURN_STUDY;
}

/* Rulebook, "Rest turn": the thread from left to right; discharged Marks that
 * are not wounded are recharged; wounded Marks give nothing. */
void
rest_apply (PenGame         *self,
            const PenAction *action)
{
  PenWizardBoard *board = current_board (self);

  self->turn_type = PEN_TURN_REST;
  self->must_rest[self->current] = FALSE;
  log_line (self, N_("Rest."));
  for (guint i = 0; i < self->def->n_thread_start; i++)
    apply_rest_effect (self, self->def->thread_start[i], 0, TRUE);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = board_mark (board, c);

      if (mark->occupied && mark->state != PEN_MARK_WOUNDED)
        apply_cell_rest_effects (self, c, TRUE);
    }
  recharge_marks (self);
  trigger_condition (self, PEN_CONDITION_ON_REST);
  if (self->rest_exchange && self->pending == PEN_PENDING_NONE)
    self->pending = PEN_PENDING_EXCHANGE;
  /* A Pet's heal on Rest (Hearth Snake) waits for its Mark, then the exchange. */
  open_card_effect (self, self->pending);
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

gboolean
rest_check (PenGame         *self,
            const PenAction *action,
            GError         **error)
{
  if (self->turn_type != PEN_TURN_UNDECLARED || self->pending != PEN_PENDING_NONE)
    return refuse (error, _("Rest must be declared at the start of the turn, before anything else."));
  return TRUE;
}

gboolean
end_turn_check (PenGame         *self,
                const PenAction *action,
                GError         **error)
{
  if (self->pending == PEN_PENDING_LOCATION)
    return refuse (error, _("First use or skip the effect of your placement."));
  if (self->pending == PEN_PENDING_THREAT)
    return refuse (error, _("First finish the Threat."));
  if (self->pending == PEN_PENDING_CONTRACT || self->pending == PEN_PENDING_PATH
      || self->pending == PEN_PENDING_TASK
      || (self->pending == PEN_PENDING_EXCHANGE && self->exchange_from_card
          && self->effect_resume != PEN_PENDING_NONE))
    return refuse (error, _("First finish the Contract or Trial, or give up its task."));
  if (self->turn_type == PEN_TURN_UNDECLARED && self->must_rest[self->current])
    return refuse (error, _("After a Mortal Wound your next turn must be Rest."));
  if (self->must_rest[self->current] && self->turn_type != PEN_TURN_REST)
    return refuse (error, _("After a Mortal Wound your next turn must be Rest."));
  return TRUE;
}

void
end_turn_apply (PenGame         *self,
                const PenAction *action)
{
  declare_study (self);
  end_turn (self);
}
