/* pen-game-fate.c: the Fate deck in play: Prophecies, Goals and Events
 * (rulebook, "The Fate deck in play"); and the state of the deck, the Trial
 * row, the cards in play and the ending (FateState) in a save.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-fate"

#include "config.h"

#include "pen-game-private.h"

/* The first Prophecy in play whose condition is met, or NULL. */
const PenFateCard *
fate_fulfilled_prophecy (PenGame *self)
{
  PenWizardSummary wizards[PEN_MAX_PLAYERS];

  for (guint p = 0; p < self->n_players; p++)
    scoring_summarize (self, p, &wizards[p]);
  for (guint i = 0; i < self->fate.in_play->len; i++)
    {
      const PenFateCard *card = pen_fate_catalogue_lookup (self->fate_catalogue, g_ptr_array_index (self->fate.in_play, i));

      if (pen_fate_card_get_kind (card) == PEN_FATE_KIND_PROPHECY
          && pen_fate_card_prophecy_is_fulfilled (card, wizards, self->n_players, self->fate.deck->len))
        return card;
    }
  return NULL;
}

G_STATIC_ASSERT (PEN_FATE_MAX_WIZARDS == PEN_MAX_PLAYERS);

/**
 * pen_game_get_fate_progress:
 *
 * Where each Wizard stands towards each Prophecy and Goal in play, in the
 * order they lie there (pen_fate_card_get_progress(), on the same summaries
 * the end of the game and the score read: the Automa's too).
 *
 * Returns: (transfer full) (element-type PenFateProgress): one per Prophecy
 *   and Goal in play
 */
GArray *
pen_game_get_fate_progress (PenGame *self)
{
  PenWizardSummary wizards[PEN_MAX_PLAYERS];
  GArray *progress;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  progress = g_array_new (FALSE, TRUE, sizeof (PenFateProgress));
  for (guint p = 0; p < self->n_players; p++)
    scoring_summarize (self, p, &wizards[p]);
  for (guint i = 0; i < self->fate.in_play->len; i++)
    {
      const PenFateCard *card = pen_fate_catalogue_lookup (self->fate_catalogue, g_ptr_array_index (self->fate.in_play, i));
      PenFateProgress one;

      if (card != NULL && pen_fate_card_get_progress (card, wizards, self->n_players, self->fate.deck->len, &one))
        g_array_append_val (progress, one);
    }
  return progress;
}

/* Rulebook, "End of the game": when any Prophecy in play is fulfilled, the
 * current player finishes the turn, then everyone takes one more turn. */
void
fate_check_prophecies (PenGame *self)
{
  const PenFateCard *card;

  if (self->fate.final_turns_left >= 0 || self->n_locations == 0)
    return;
  card = fate_fulfilled_prophecy (self);
  if (card == NULL)
    return;
  self->fate.final_turns_left = (int) self->n_players;
  self->fate.end_triggered_this_turn = TRUE;
  self->fate.ending_prophecy = g_strdup (pen_fate_card_get_id (card));
  log_line (self, N_("The Prophecy %s is fulfilled: everyone takes one more turn."),
            LOG_FATE (pen_fate_card_get_id (card)));
}

/* For a Wizard other than the one who revealed the Event: the first @amount
 * Marks in @from state become @to (leftmost first, see
 * docs/rules-assumptions.md); healed Marks give their Rest effect. */
void
fate_change_marks (PenGame      *self,
                   guint         amount,
                   PenMarkState  from,
                   PenMarkState  to)
{
  PenWizardBoard *board = game_current_board (self);

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
          turn_apply_cell_rest_effects (self, c, FALSE);
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
      dice_roll_resource (self, effect->amount);
      break;
    case PEN_EVENT_GAIN_INGREDIENT:
      dice_gain_ingredients (self, effect->ingredient, effect->amount);
      break;
    case PEN_EVENT_GAIN_DIE:
      for (guint i = 0; i < effect->amount; i++)
        if (effect->any_colour)
          self->turn.event_colours_left++;
        else
          dice_gain_new (self, effect->die_kind, effect->die_colour);
      break;
    case PEN_EVENT_HEAL:
      if (revealer)
        self->cards.effect.heals += effect->amount;
      else
        {
          fate_change_marks (self, effect->amount, PEN_MARK_WOUNDED, PEN_MARK_CHARGED);
          /* The healed Marks' dice are taken back at once, each from the first
           * cell that holds one, as the Marks are the leftmost (assumptions). */
          dice_take_back_owed (self, FALSE);
        }
      break;
    case PEN_EVENT_RECHARGE_MARKS:
      if (revealer)
        self->cards.effect.recharges += effect->amount;
      else
        fate_change_marks (self, effect->amount, PEN_MARK_DISCHARGED, PEN_MARK_CHARGED);
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
  guint revealer = self->turn.current;

  for (guint i = 0; i < n_effects; i++)
    for (guint p = 0; p < self->n_players; p++)
      {
        guint colours_before = self->turn.event_colours_left;

        if ((effects[i].target == PEN_EVENT_TARGET_YOU && p != revealer) || (int) p == self->automa.player)
          continue;   /* the Automa ignores Events (spec §5) */
        self->turn.current = p;
        apply_event_effect (self, &effects[i], p == revealer);
        /* Other players' dice of any colour: Bone cannot stand in, so they
         * gain a Spark die, the one die that is any colour (assumptions). */
        if (p != revealer)
          for (; self->turn.event_colours_left > colours_before; self->turn.event_colours_left--)
            dice_gain_new (self, PEN_DIE_KIND_SPARK, 0);
      }
  self->turn.current = revealer;
  if (self->turn.event_colours_left > 0)
    pending_set (self, PEN_PENDING_COLOUR);
  else
    effects_open_event_picks (self);
}

/* Rulebook, "The Fate deck in play": one card after each Trial or Rest turn. */
void
fate_reveal_card (PenGame *self)
{
  const PenFateCard *info;
  char *card;

  if (self->fate.deck->len == 0)
    return;
  card = g_ptr_array_steal_index (self->fate.deck, 0);
  info = pen_fate_catalogue_lookup (self->fate_catalogue, card);
  g_ptr_array_add (self->fate.reveals, g_strdup (card));
  g_array_append_val (self->fate.reveal_lines, self->log->len);
  log_line (self, N_("Fate card revealed: %s."), LOG_FATE (pen_fate_card_get_id (info)));
  switch (pen_fate_card_get_kind (info))
    {
    case PEN_FATE_KIND_TRIAL:
      g_ptr_array_add (self->fate.trial_row, card);
      break;
    case PEN_FATE_KIND_PROPHECY:
    case PEN_FATE_KIND_GOAL:
      g_ptr_array_add (self->fate.in_play, card);
      break;
    case PEN_FATE_KIND_EVENT:
    default:
      apply_event (self, info);
      g_free (card);
      break;
    }
  fate_check_prophecies (self);
}

const char *
fate_name (PenGame    *self,
           const char *id)
{
  const PenFateCard *card = pen_fate_catalogue_lookup (self->fate_catalogue, id);

  return card != NULL ? CARD_NAME (pen_fate_card_get_name (card)) : id;
}

/* ---- The Fate deck in a save ------------------------------------------------------- */

void
fate_state_init (FateState *state)
{
  state->deck = g_ptr_array_new_with_free_func (g_free);
  state->trial_row = g_ptr_array_new_with_free_func (g_free);
  state->in_play = g_ptr_array_new_with_free_func (g_free);
  state->final_turns_left = -1;
  state->reveals = g_ptr_array_new_with_free_func (g_free);
  state->reveal_lines = g_array_new (FALSE, FALSE, sizeof (guint));
}

void
fate_state_clear (FateState *state)
{
  g_clear_pointer (&state->deck, g_ptr_array_unref);
  g_clear_pointer (&state->trial_row, g_ptr_array_unref);
  g_clear_pointer (&state->in_play, g_ptr_array_unref);
  g_clear_pointer (&state->ending_prophecy, g_free);
  g_clear_pointer (&state->reveals, g_ptr_array_unref);
  g_clear_pointer (&state->reveal_lines, g_array_unref);
}

/* After the bytes of @state were copied into @copy: what it owns. */
void
fate_state_copy (FateState       *copy,
                 const FateState *state)
{
  copy->deck = game_copy_strings (state->deck);
  copy->trial_row = game_copy_strings (state->trial_row);
  copy->in_play = game_copy_strings (state->in_play);
  copy->ending_prophecy = g_strdup (state->ending_prophecy);
  copy->reveals = game_copy_strings (state->reveals);
  copy->reveal_lines = game_copy_array (state->reveal_lines);
}

void
fate_state_to_json (PenGame     *self,
                    JsonBuilder *b)
{
  json_add_strings (b, "fate-deck", self->fate.deck);
  json_add_strings (b, "trial-row", self->fate.trial_row);
  json_add_strings (b, "in-play", self->fate.in_play);
}

void
fate_ending_to_json (PenGame     *self,
                     JsonBuilder *b)
{
  json_builder_set_member_name (b, "final-turns-left");
  json_builder_add_int_value (b, self->fate.final_turns_left);
  json_builder_set_member_name (b, "end-triggered-this-turn");
  json_builder_add_boolean_value (b, self->fate.end_triggered_this_turn);
  json_builder_set_member_name (b, "over");
  json_builder_add_boolean_value (b, self->fate.over);
  json_add_nullable (b, "ending-prophecy", self->fate.ending_prophecy);
  json_add_strings (b, "fate-reveals", self->fate.reveals);
  json_add_uints (b, "fate-reveal-lines", (const guint *) self->fate.reveal_lines->data, self->fate.reveal_lines->len);
}

gboolean
fate_state_from_json (PenGame     *self,
                      JsonObject  *root,
                      GError     **error)
{
  return json_read_strings (root, "fate-deck", self->fate.deck, self, IDS_FATE, error)
         && json_read_strings (root, "trial-row", self->fate.trial_row, self, IDS_FATE, error)
         && json_read_strings (root, "in-play", self->fate.in_play, self, IDS_FATE, error);
}

/* The Prophecy that triggered the end; older saves have none: the first
 * Prophecy in play now fulfilled is taken, as fate_check_prophecies() would. */
static gboolean
read_ending (PenGame     *self,
             JsonObject  *object,
             GError     **error)
{
  JsonNode *node = json_object_get_member (object, "ending-prophecy");
  const PenFateCard *card;

  if (node == NULL)
    {
      card = self->fate.final_turns_left >= 0 ? fate_fulfilled_prophecy (self) : NULL;
      self->fate.ending_prophecy = card != NULL ? g_strdup (pen_fate_card_get_id (card)) : NULL;
      return TRUE;
    }
  if (JSON_NODE_HOLDS_NULL (node))
    {
      if (self->fate.final_turns_left >= 0)
        return json_bad_save (error, _("the end of the game was triggered, yet by no Prophecy."));
      return TRUE;
    }
  self->fate.ending_prophecy = g_strdup (json_node_get_string (node));
  card = self->fate.ending_prophecy != NULL ? pen_fate_catalogue_lookup (self->fate_catalogue, self->fate.ending_prophecy) : NULL;
  if (card == NULL || pen_fate_card_get_kind (card) != PEN_FATE_KIND_PROPHECY
      || !g_ptr_array_find_with_equal_func (self->fate.in_play, self->fate.ending_prophecy, g_str_equal, NULL))
    return json_bad_save (error, _("“%s” names no Prophecy in play."), "ending-prophecy");
  if (self->fate.final_turns_left < 0)
    return json_bad_save (error, _("a Prophecy ended the game, yet its last turns have not begun."));
  return TRUE;
}

/* The Fate cards revealed and their log lines; older saves have none. */
static gboolean
read_fate_reveals (PenGame     *self,
                   JsonObject  *object,
                   GError     **error)
{
  JsonNode *lines;
  JsonArray *array;

  if (!json_object_has_member (object, "fate-reveals"))
    return TRUE;
  if (!json_read_strings (object, "fate-reveals", self->fate.reveals, self, IDS_FATE, error))
    return FALSE;
  lines = json_get_member (object, "fate-reveal-lines", JSON_NODE_ARRAY, error);
  if (lines == NULL)
    return FALSE;
  array = json_node_get_array (lines);
  if (json_array_get_length (array) != self->fate.reveals->len)
    return json_bad_save (error, _("“%s” must list %u numbers."), "fate-reveal-lines", self->fate.reveals->len);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      gint64 line = json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node) : -1;
      guint previous = i > 0 ? g_array_index (self->fate.reveal_lines, guint, i - 1) : 0;

      if (line < 0 || line >= self->log->len || (i > 0 && line <= previous))
        return json_bad_save (error, _("“%s” is out of range."), "fate-reveal-lines");
      g_array_append_val (self->fate.reveal_lines, (guint) { line });
    }
  return TRUE;
}

gboolean
fate_ending_from_json (PenGame     *self,
                       JsonObject  *root,
                       GError     **error)
{
  gint64 value;

  if (!json_get_int (root, "final-turns-left", -1, PEN_MAX_PLAYERS, &value, error))
    return FALSE;
  self->fate.final_turns_left = value;
  return json_get_bool (root, "end-triggered-this-turn", &self->fate.end_triggered_this_turn, error)
         && json_get_bool (root, "over", &self->fate.over, error)
         && read_ending (self, root, error)
         && read_fate_reveals (self, root, error);
}

gboolean
fate_state_check (PenGame  *self,
                  GError  **error)
{
  if (self->fate.over && self->fate.final_turns_left != 0)
    return json_bad_save (error, _("the game is over before its last turns."));
  return TRUE;
}
