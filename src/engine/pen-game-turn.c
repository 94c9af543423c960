/* pen-game-turn.c: turns: declaring Study or Rest, the Rest effects and the
 * White Thread of Rest, the end of a turn (rulebook, "Turn Sequence",
 * "Rest effects"); and the turn's state (TurnState) in a save.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-turn"

#include "config.h"

#include "pen-game-private.h"

static void
recharge_marks (PenGame *self)
{
  PenWizardBoard *board = game_current_board (self);

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
      for (guint i = 0; i < self->cards.owned[self->turn.current]->len; i++)
        if (g_array_index (self->cards.owned[self->turn.current], OwnedCard, i).rotated)
          cards_unrotate (self, i);
      break;
    case PEN_REST_COLOURED_DIE:
      dice_gain_from_locations (self, PEN_DIE_KIND_COLOURED, colour);
      break;
    case PEN_REST_RECHARGE_MARKS:
      recharge_marks (self);
      log_line (self, N_("Recharged all Marks."));
      break;
    case PEN_REST_SPARK_DIE:
      dice_gain_from_locations (self, PEN_DIE_KIND_SPARK, 0);
      break;
    case PEN_REST_BONE_DIE:
      dice_gain_from_locations (self, PEN_DIE_KIND_BONE, 0);
      break;
    case PEN_REST_EXCHANGE_INGREDIENTS:
      if (resting)
        self->turn.rest_exchange = TRUE;
      break;
    case PEN_REST_BREW_POTIONS:
      if (resting)
        self->cards.rest_brew = TRUE;
      break;
    case PEN_REST_BUY_POTION_OR_ARTIFACT:
      if (resting)
        self->cards.rest_buy = TRUE;
      break;
    default:
      g_assert_not_reached ();
    }
}

void
turn_apply_cell_rest_effects (PenGame  *self,
                              guint     cell,
                              gboolean  resting)
{
  const PenMarkCellDef *def = &self->def->mark_cells[cell];
  const PenMark *mark = board_mark (game_current_board (self), cell);

  for (guint i = 0; i < def->n_rest; i++)
    apply_rest_effect (self, def->rest[i], mark->discipline, resting);
}

/* ---- Turns (rulebook, "Turn Sequence") ---------------------------------- */

void
turn_begin (PenGame *self)
{
  self->turn.type = PEN_TURN_UNDECLARED;
  /* "First turn: one placement." */
  self->turn.placements_left = self->turns_taken[self->turn.current] == 0 ? 1 : 2;
  self->turn.hurried = FALSE;
  self->turn.mortal_wound = FALSE;
  self->turn.rest_exchange = FALSE;
  pending_reset (self, PEN_PENDING_NONE);
  self->turn.placed_location = -1;
  self->turn.placed_section = -1;
  self->turn.placed_defend = FALSE;
  self->turn.placed_resource_dice = 0;
  self->cards.rest_brew = FALSE;
  self->cards.rest_buy = FALSE;
  self->cards.exchange_from_card = FALSE;
  self->cards.ignore_dice_in_threat = FALSE;
  self->cards.last_card = NULL;
  self->cards.chain_length = 0;
  self->cards.discount = 0;
  if ((int) self->turn.current == self->automa.player)
    log_line (self, N_("The Automa's turn."));
  else if (game_is_solo_wizard (self, self->turn.current))
    log_line (self, N_("Your turn."));
  else
    log_line (self, N_("Turn of player %u."), LOG_NUMBER (self->turn.current + 1));
}

void
turn_end (PenGame *self)
{
  gboolean wounded = FALSE;

  /* Dead Water: "At the end of the turn gain and apply a Mortal Wound card." */
  if (self->cards.dead_water_wound)
    {
      self->cards.dead_water_wound = FALSE;
      if (!self->turn.mortal_wound)
        {
          if (!threat_gain_mortal_wound (self, WOUND_FROM_DEAD_WATER))
            return;   /* the Phylactery's choice first */
          wounded = TRUE;
        }
    }
  turn_end_after_dead_water (self, wounded);
}

/* The rest of the end of the turn, after Dead Water's Mortal Wound if
 * @wounded. */
void
turn_end_after_dead_water (PenGame  *self,
                           gboolean  wounded)
{
  guint n;

  if (wounded)
    {
      pen_wizard_board_clear_dice (game_current_board (self));
      self->must_rest[self->turn.current] = TRUE;
      log_line (self, N_("Dead Water's Mortal Wound: all dice are discarded, and the next turn is Rest."));
    }
  n = pen_wizard_board_discard_temporary_dice (game_current_board (self));

  if (n > 0)
    log_count (self, "Discarded %u temporary die.", "Discarded %u temporary dice.", n, LOG_NUMBER (n));

  pending_reset (self, PEN_PENDING_NONE);
  if (self->turn.type == PEN_TURN_REST || self->turn.type == PEN_TURN_TRIAL)
    {
      quests_refresh_contract_row (self);
      fate_reveal_card (self);
      if (self->turn.pending != PEN_PENDING_NONE)
        return;   /* turn_finish_end() follows the Event's choices */
    }
  turn_finish_end (self);
}

/* A Prophecy's condition is checked when a turn ends: a condition met during
 * the turn lets the turn finish as usual either way. */
void
turn_finish_end (PenGame *self)
{
  fate_check_prophecies (self);
  self->turn.bind_open = FALSE;

  self->turns_taken[self->turn.current]++;
  pending_reset (self, PEN_PENDING_NONE);

  /* The turn in which the end was triggered is finished as usual and does not
   * count as one of the last turns. */
  if (self->fate.end_triggered_this_turn)
    self->fate.end_triggered_this_turn = FALSE;
  else if (self->fate.final_turns_left > 0)
    self->fate.final_turns_left--;
  if (self->fate.final_turns_left == 0)
    {
      self->fate.over = TRUE;
      log_line (self, N_("The game is over."));
      return;
    }

  self->turn.current = (self->turn.current + 1) % self->n_players;
  turn_begin (self);
}

/* Effects usable "during Study or Trial" (Manipulate, Marks) may also be used
 * while a Threat is prepared; never while it is being distributed. */
gboolean
turn_check_study_or_trial (PenGame  *self,
                           GError  **error)
{
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled)
    return game_refuse (error, _("No effect can be used while the Threat dice are distributed."));
  if (self->turn.type == PEN_TURN_TRIAL)
    return TRUE;
  return game_check_study (self, error);
}

void
turn_declare_study (PenGame *self)
{
  if (self->turn.type == PEN_TURN_UNDECLARED)
    self->turn.type = PEN_TURN_STUDY;
}

/* Rulebook, "Rest turn": the thread from left to right; discharged Marks that
 * are not wounded are recharged; wounded Marks give nothing. */
void
turn_rest_apply (PenGame         *self,
                 const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);

  self->turn.type = PEN_TURN_REST;
  self->must_rest[self->turn.current] = FALSE;
  log_line (self, N_("Rest."));
  for (guint i = 0; i < self->def->n_thread_start; i++)
    apply_rest_effect (self, self->def->thread_start[i], 0, TRUE);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = board_mark (board, c);

      if (mark->occupied && mark->state != PEN_MARK_WOUNDED)
        turn_apply_cell_rest_effects (self, c, TRUE);
    }
  recharge_marks (self);
  effects_trigger_condition (self, PEN_CONDITION_ON_REST);
  if (self->turn.rest_exchange && self->turn.pending == PEN_PENDING_NONE)
    pending_set (self, PEN_PENDING_EXCHANGE);
  /* A Pet's heal on Rest (Hearth Snake) waits for its Mark, then the exchange. */
  effects_open_card (self, self->turn.pending);
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

gboolean
turn_rest_check (PenGame         *self,
                 const PenAction *action,
                 GError         **error)
{
  if (self->turn.type != PEN_TURN_UNDECLARED || self->turn.pending != PEN_PENDING_NONE)
    return game_refuse (error, _("Rest must be declared at the start of the turn, before anything else."));
  return TRUE;
}

gboolean
turn_end_check (PenGame         *self,
                const PenAction *action,
                GError         **error)
{
  if (self->turn.pending == PEN_PENDING_LOCATION)
    return game_refuse (error, _("First use or skip the effect of your placement."));
  if (self->turn.pending == PEN_PENDING_THREAT)
    return game_refuse (error, _("First finish the Threat."));
  if (self->turn.pending == PEN_PENDING_CONTRACT || self->turn.pending == PEN_PENDING_PATH
      || self->turn.pending == PEN_PENDING_TASK
      || (self->turn.pending == PEN_PENDING_EXCHANGE && self->cards.exchange_from_card
          && pending_beneath (self) != PEN_PENDING_NONE))
    return game_refuse (error, _("First finish the Contract or Trial, or give up its task."));
  if (self->turn.type == PEN_TURN_UNDECLARED && self->must_rest[self->turn.current])
    return game_refuse (error, _("After a Mortal Wound your next turn must be Rest."));
  if (self->must_rest[self->turn.current] && self->turn.type != PEN_TURN_REST)
    return game_refuse (error, _("After a Mortal Wound your next turn must be Rest."));
  return TRUE;
}

void
turn_end_apply (PenGame         *self,
                const PenAction *action)
{
  turn_declare_study (self);
  turn_end (self);
}

/* ---- The turn in a save ----------------------------------------------------------- */

static const char *save_turn_type_ids[] = { "undeclared", "study", "trial", "rest" };
static const char *save_wound_source_ids[] = { "threat", "trap", "dead-water" };

void
turn_state_init (TurnState *state)
{
  state->placed_location = -1;
  state->placed_section = -1;
}

void
turn_state_to_json (PenGame     *self,
                    JsonBuilder *b)
{
  json_builder_set_member_name (b, "turn");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "player");
  json_builder_add_int_value (b, self->turn.current);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, save_turn_type_ids[self->turn.type]);
  json_builder_set_member_name (b, "placements-left");
  json_builder_add_int_value (b, self->turn.placements_left);
  json_builder_set_member_name (b, "hurried");
  json_builder_add_boolean_value (b, self->turn.hurried);
  json_builder_set_member_name (b, "mortal-wound");
  json_builder_add_boolean_value (b, self->turn.mortal_wound);
  json_builder_set_member_name (b, "rest-exchange");
  json_builder_add_boolean_value (b, self->turn.rest_exchange);
  json_builder_set_member_name (b, "placed-location");
  json_builder_add_int_value (b, self->turn.placed_location);
  json_builder_set_member_name (b, "placed-section");
  json_builder_add_int_value (b, self->turn.placed_section);
  json_builder_set_member_name (b, "placed-defend");
  json_builder_add_boolean_value (b, self->turn.placed_defend);
  json_builder_set_member_name (b, "event-colours-left");
  json_builder_add_int_value (b, self->turn.event_colours_left);
  json_builder_set_member_name (b, "placed-resource-dice");
  json_builder_add_int_value (b, self->turn.placed_resource_dice);
  json_builder_set_member_name (b, "bind-open");
  json_builder_add_boolean_value (b, self->turn.bind_open);
  if (self->turn.n_take_back > 0)
    {
      json_builder_set_member_name (b, "take-back");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "dice");
      json_builder_begin_array (b);
      for (guint i = 0; i < self->turn.n_take_back; i++)
        json_add_die (b, &self->turn.take_back[i]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

/* "take-back" (optional, absent in older saves): the dice Rest effects still
 * owe, while the first waits for the player's choice of cell. */
static gboolean
read_take_back (PenGame     *self,
                JsonObject  *turn,
                gboolean     older,
                GError     **error)
{
  JsonObject *object;
  JsonArray *dice;
  JsonNode *member;
  guint choice;

  if (!json_object_has_member (turn, "take-back"))
    {
      if (self->turn.pending == PEN_PENDING_TAKE_BACK)
        return json_bad_save (error, _("no die is owed for the take-back that waits."));
      return TRUE;
    }
  member = json_get_member (turn, "take-back", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  object = json_node_get_object (member);
  member = json_get_member (object, "dice", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  dice = json_node_get_array (member);
  if (json_array_get_length (dice) == 0 || json_array_get_length (dice) > G_N_ELEMENTS (self->turn.take_back))
    return json_bad_save (error, _("the dice owed by Rest effects must be 1 to %u."),
                          (guint) G_N_ELEMENTS (self->turn.take_back));
  for (guint i = 0; i < json_array_get_length (dice); i++)
    if (!json_read_die (json_array_get_element (dice, i), &self->turn.take_back[i], error))
      return FALSE;
  self->turn.n_take_back = json_array_get_length (dice);
  /* Version 5 and earlier: what the choice interrupted. */
  if (older)
    {
      if (!json_get_choice (object, "resume", json_pending_ids, G_N_ELEMENTS (json_pending_ids), &choice, error))
        return FALSE;
      self->pending.v5.take_back = choice;
      if (choice == PEN_PENDING_TAKE_BACK)
        return json_bad_save (error, _("dice owed by Rest effects wait for the player's choice and nothing else."));
    }
  if (self->turn.pending != PEN_PENDING_TAKE_BACK)
    return json_bad_save (error, _("dice owed by Rest effects wait for the player's choice and nothing else."));
  {
    g_autoptr(GArray) cells = dice_take_back_cells (self);

    if (cells->len == 0)
      return json_bad_save (error, _("no placed die is left for the Rest effect to take back."));
  }
  return TRUE;
}

gboolean
turn_state_from_json (PenGame     *self,
                      JsonObject  *root,
                      GError     **error)
{
  JsonNode *member = json_get_member (root, "turn", JSON_NODE_OBJECT, error);
  JsonObject *turn;
  gint64 value;
  guint choice;
  gboolean older = json_save_version (root) < 6;

  if (member == NULL)
    return FALSE;
  turn = json_node_get_object (member);
  if (!json_get_int (turn, "player", 0, self->n_players - 1, &value, error))
    return FALSE;
  self->turn.current = value;
  if (!json_get_choice (turn, "type", save_turn_type_ids, G_N_ELEMENTS (save_turn_type_ids), &choice, error))
    return FALSE;
  self->turn.type = choice;
  if (!json_get_int (turn, "placements-left", 0, 99, &value, error))
    return FALSE;
  self->turn.placements_left = value;
  if (!json_get_bool (turn, "hurried", &self->turn.hurried, error)
      || !json_get_bool (turn, "mortal-wound", &self->turn.mortal_wound, error)
      || !json_get_bool (turn, "rest-exchange", &self->turn.rest_exchange, error)
      || !json_get_bool (turn, "placed-defend", &self->turn.placed_defend, error)
      || !json_get_bool (turn, "bind-open", &self->turn.bind_open, error))
    return FALSE;
  /* Version 5 and earlier: what Bind interrupted, what gave a Mortal Wound
   * (the pending choice itself is read by pending_state_from_json()). */
  if (older)
    {
      if (!json_get_choice (turn, "resume", json_pending_ids, G_N_ELEMENTS (json_pending_ids), &choice, error))
        return FALSE;
      self->pending.v5.bind = choice;
      /* Older still have no Mortal Wound waiting. */
      if (json_object_has_member (turn, "wound-from"))
        {
          if (!json_get_choice (turn, "wound-from", save_wound_source_ids, G_N_ELEMENTS (save_wound_source_ids),
                                &choice, error))
            return FALSE;
          self->pending.v5.wound_from = choice;
        }
    }
  if (!json_get_int (turn, "placed-location", -1, (gint64) self->n_locations - 1, &value, error))
    return FALSE;
  self->turn.placed_location = value;
  if (!json_get_int (turn, "placed-section", -1, PEN_MAX_SECTIONS - 1, &value, error))
    return FALSE;
  self->turn.placed_section = value;
  if (!json_get_int (turn, "event-colours-left", 0, 99, &value, error))
    return FALSE;
  self->turn.event_colours_left = value;
  if (!json_get_int (turn, "placed-resource-dice", 0, 2, &value, error))
    return FALSE;
  self->turn.placed_resource_dice = value;
  if (!read_take_back (self, turn, older, error))
    return FALSE;
  if (self->turn.pending == PEN_PENDING_LOCATION
      && (self->turn.placed_location < 0 || self->turn.placed_section < 0
          || (guint) self->turn.placed_section >= self->loc_defs[self->turn.placed_location]->n_sections))
    return json_bad_save (error, _("the placement waiting for its effect is not on the table."));
  if ((self->n_locations == 0) != (self->turn.pending == PEN_PENDING_TALENT))
    return json_bad_save (error, _("the table is laid out only once the Talents are chosen."));
  return TRUE;
}
