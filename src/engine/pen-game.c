/* pen-game.c: a game of Penumbra: Trials of Arcana: its state, the turn
 * machine, and the dispatcher through which every action passes.
 *
 * Every change to a game is an action: pen_game_check_action() says whether it
 * is legal now (and why not, in the player's words), pen_game_apply() carries
 * it out, and pen_game_list_actions() lists what is legal, by generating the
 * candidates and keeping those the one checker accepts, so the list and the
 * checks can never disagree. The rules themselves live in the area files
 * pen-game-*.c (HACKING.md has the map).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game"

#include "config.h"

#include <string.h>

#include "pen-game-private.h"

G_DEFINE_FINAL_TYPE (PenGame, pen_game, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
game_refuse_with (GError **error,
                  char    *message)
{
  g_set_error_literal (error, PEN_ERROR, PEN_ERROR_ILLEGAL, message);
  g_free (message);
  return FALSE;
}

/* With one Wizard (alone or against the Automa) the log speaks to them
 * ("Your turn."); with several it numbers them. */
gboolean
game_is_solo_wizard (PenGame *self,
                     guint    player)
{
  return self->n_players == (self->automa.player >= 0 ? 2u : 1u) && (int) player != self->automa.player;
}

/* ---- The action kinds -------------------------------------------------------- */

/* What the dispatcher needs of an action kind. */
typedef struct
{
  /* Its rule, once the gates of pen_game_check_action() let it through. */
  gboolean (*check)     (PenGame *self, const PenAction *action, GError **error);
  void     (*apply)     (PenGame *self, const PenAction *action);
  /* Its members in JSON beyond "type"; NULL when it has none. */
  void     (*to_json)   (PenGame *self, const PenAction *action, JsonBuilder *b);
  gboolean (*from_json) (PenGame *self, JsonObject *object, PenAction *action, GError **error);
} ActionKind;

#define KIND(name) { name##_check, name##_apply, name##_to_json, name##_from_json }
#define KIND_WITHOUT_MEMBERS(name) { name##_check, name##_apply, NULL, NULL }

/* One row per PenActionType. A new kind: its PenActionType and id
 * (pen-action.c), a row here, and its functions in its rule area's file,
 * declared in pen-game-private.h (HACKING.md). */
static const ActionKind kinds[PEN_N_ACTION_TYPES] = {
  [PEN_ACTION_CHOOSE_TALENT] = KIND (setup_choose_talent),
  [PEN_ACTION_PLACE] = KIND (locations_place),
  [PEN_ACTION_KNOCK_OUT] = { locations_knock_out_check, dice_knock_out_apply, dice_knock_out_to_json, dice_knock_out_from_json },
  [PEN_ACTION_USE_LOCATION] = KIND_WITHOUT_MEMBERS (locations_use_location),
  [PEN_ACTION_SKIP_LOCATION] = KIND_WITHOUT_MEMBERS (locations_skip_location),
  [PEN_ACTION_HURRY] = KIND_WITHOUT_MEMBERS (dice_hurry),
  [PEN_ACTION_MANIPULATE] = KIND (dice_manipulate),
  [PEN_ACTION_HEAL] = KIND (marks_heal),
  [PEN_ACTION_USE_MARK] = KIND (marks_use_mark),
  [PEN_ACTION_EXCHANGE] = KIND (dice_exchange),
  [PEN_ACTION_FINISH_EXCHANGE] = KIND_WITHOUT_MEMBERS (dice_finish_exchange),
  [PEN_ACTION_REST] = KIND_WITHOUT_MEMBERS (turn_rest),
  [PEN_ACTION_DEFEND] = KIND (threat_defend),
  [PEN_ACTION_ROLL_THREAT] = KIND_WITHOUT_MEMBERS (threat_roll),
  [PEN_ACTION_THREAT_TARGET] = KIND (threat_target),
  [PEN_ACTION_END_TURN] = KIND_WITHOUT_MEMBERS (turn_end),
  [PEN_ACTION_CHOOSE_CONTRACT] = KIND (quests_choose_contract),
  [PEN_ACTION_START_TRIAL] = KIND (quests_start_trial),
  [PEN_ACTION_CHOOSE_PATH] = KIND (quests_choose_path),
  [PEN_ACTION_TASK_DICE] = KIND (quests_task_dice),
  [PEN_ACTION_TASK_DO] = KIND_WITHOUT_MEMBERS (quests_task_do),
  [PEN_ACTION_GIVE_UP] = KIND_WITHOUT_MEMBERS (quests_give_up),
  [PEN_ACTION_RIFT_DISCARD] = KIND (quests_rift_discard),
  [PEN_ACTION_BIND] = KIND_WITHOUT_MEMBERS (dice_bind),
  [PEN_ACTION_RESERVE] = KIND (quests_reserve),
  [PEN_ACTION_CHOOSE_COLOUR] = KIND (quests_choose_colour),
  [PEN_ACTION_TAKE_CARD] = KIND (cards_take_card),
  [PEN_ACTION_BUY_CARD] = KIND (cards_buy_card),
  [PEN_ACTION_FINISH_BUYING] = KIND_WITHOUT_MEMBERS (cards_finish_buying),
  [PEN_ACTION_KEEP_EQUIPMENT] = KIND (cards_keep_equipment),
  [PEN_ACTION_BRIBE] = KIND (dice_bribe),
  [PEN_ACTION_USE_CARD] = KIND (effects_use_card),
  [PEN_ACTION_CARD_TOKEN] = KIND (effects_card_token),
  [PEN_ACTION_FINISH_CARD] = KIND_WITHOUT_MEMBERS (effects_finish_card),
  /* Its members: the cell the die is taken back from. */
  [PEN_ACTION_TAKE_BACK] = { dice_take_back_check, dice_take_back_apply, locations_cell_to_json, locations_cell_from_json },
  [PEN_ACTION_MORTAL_WOUND] = KIND (threat_mortal_wound),
  [PEN_ACTION_DISCARD_ARTIFACT] = KIND (cards_discard_artifact),
  [PEN_ACTION_USE_TALENT] = KIND (quests_use_talent),
  [PEN_ACTION_SUMMON_FROM_MARKET] = KIND (cards_summon_from_market),
  [PEN_ACTION_AUTOMA_TURN] = { NULL, automa_turn_apply, NULL, NULL },
};

#undef KIND
#undef KIND_WITHOUT_MEMBERS

/* pen_game_check_action() without its argument checks, for lister_offer(): listing
 * checks thousands of candidates of a game it has already checked. */
gboolean
game_check_candidate (PenGame         *self,
                      const PenAction *action,
                      GError         **error)
{
  const PendingGate *gate;

  if (self->fate.over)
    return game_refuse (error, _("The game is over."));

  if ((int) self->turn.current == self->automa.player && self->turn.pending != PEN_PENDING_TALENT)
    return action->type == PEN_ACTION_AUTOMA_TURN ? TRUE : game_refuse (error, _("It is the Automa's turn."));
  if (action->type == PEN_ACTION_AUTOMA_TURN)
    return game_refuse (error, _("It is not the Automa's turn."));

  /* What the pending choice lets through (pen-game-pending.c): an Artifact
   * discarded "at any time" (rulebook, "Artifacts"), unless it says not,
   * and the kinds it names. */
  gate = pending_gate (self);
  if (action->type == PEN_ACTION_DISCARD_ARTIFACT && gate->artifacts)
    return cards_discard_artifact_check (self, action, error);
  if (gate->allows != 0
      && ((guint) action->type >= PEN_N_ACTION_TYPES || !(gate->allows & (G_GUINT64_CONSTANT (1) << action->type))))
    return game_refuse (error, "%s", _(gate->refusal));
  /* The Talent's choice has its whole rule here. */
  if (self->turn.pending == PEN_PENDING_TALENT)
    return action->index == 0 || action->index == 1
           ? TRUE
           : game_refuse (error, _("Choose one of the two Talents dealt to you."));

  if ((guint) action->type >= PEN_N_ACTION_TYPES)
    return game_refuse (error, _("Unknown action."));
  /* A kind without a check of its own (the Automa's turn) has its whole rule
   * in the gates above. */
  return (kinds[action->type].check == NULL || kinds[action->type].check (self, action, error))
         && marks_check_blood (self, action, error);
}

gboolean
pen_game_check_action (PenGame         *self,
                       const PenAction *action,
                       GError         **error)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return game_check_candidate (self, action, error);
}

static void
emit_changed (PenGame *self)
{
  /* Self-play and the coach's rollouts change games nobody watches: an
   * emission without handlers showed in profiles. */
  if (g_signal_has_handler_pending (self, signals[CHANGED], 0, TRUE))
    g_signal_emit (self, signals[CHANGED], 0);
}

/* The face-down decks, whose top card a draw reveals: the Wizard card decks,
 * the Contract deck and the Fate deck. */
#define N_FACE_DOWN_DECKS (PEN_N_DECKS + 2)

static GPtrArray *
face_down_deck (PenGame *self,
                guint    i)
{
  return i < PEN_N_DECKS ? self->cards.decks[i] : i == PEN_N_DECKS ? self->quests.contract_deck : self->fate.deck;
}

static gboolean
deck_top_changed (GPtrArray  *deck,
                  guint       len_before,
                  const char *top_before)
{
  return deck->len < len_before || (len_before > 0 && g_ptr_array_index (deck, 0) != top_before);
}

/* Applies a checked action and keeps what undo needs. */
static void
apply_and_record (PenGame         *self,
                  const PenAction *action)
{
  guint64 rng_state = pen_rng_get_state (self->rng);
  gsize n_forced = pen_rng_get_n_forced (self->rng);
  guint turn = self->turns_taken[self->turn.current];
  guint player = self->turn.current;
  guint deck_len[N_FACE_DOWN_DECKS];
  const char *deck_top[N_FACE_DOWN_DECKS];
  gboolean revealed = FALSE;

  for (guint i = 0; i < N_FACE_DOWN_DECKS; i++)
    {
      deck_len[i] = face_down_deck (self, i)->len;
      deck_top[i] = deck_len[i] > 0 ? g_ptr_array_index (face_down_deck (self, i), 0) : NULL;
    }

  if (self->undo_enabled)
    g_ptr_array_add (self->undo, pen_game_to_json (self));

  g_array_append_vals (self->history, action, 1);
  if (!effects_continues_chain (self, action))
    self->cards.last_card = NULL;
  self->turn.blood_marks = action->blood_marks;
  /* The last Threat's dice stay on the table until the next action that is
   * not part of it. */
  if (!threat_in_progress (self))
    self->threat.n_outcomes = 0;
  /* The states an Automa turn goes through, for a window that asked; any
   * other action makes those of the last turn stale. */
  g_clear_pointer (&self->automa_steps, g_ptr_array_unref);
  if (G_UNLIKELY (self->record_automa_turns) && action->type == PEN_ACTION_AUTOMA_TURN)
    {
      self->automa_steps = g_ptr_array_new_with_free_func (g_object_unref);
      self->automa_steps_from = self->log->len;
      self->recording_steps = TRUE;
      self->step_taken = FALSE;
    }
  kinds[action->type].apply (self, action);
  self->recording_steps = FALSE;
  self->turn.blood_marks = 0;
  dice_wait_for_take_back (self);

  /* Nothing before a random reveal (a roll, a new card from a deck) or
   * before this turn can be taken back. */
  for (guint i = 0; i < N_FACE_DOWN_DECKS; i++)
    revealed |= deck_top_changed (face_down_deck (self, i), deck_len[i], deck_top[i]);
  if (self->turn.current != player || self->turns_taken[player] != turn)
    self->undo_stop = PEN_UNDO_STOP_TURN;
  else if (revealed)
    self->undo_stop = PEN_UNDO_STOP_CARD;
  else if (pen_rng_get_state (self->rng) != rng_state || pen_rng_get_n_forced (self->rng) != n_forced)
    self->undo_stop = PEN_UNDO_STOP_DICE;
  else
    return;
  g_ptr_array_set_size (self->undo, 0);
}

gboolean
pen_game_apply (PenGame         *self,
                const PenAction *action,
                GError         **error)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!pen_game_check_action (self, action, error))
    return FALSE;

  g_array_set_size (self->redo, 0);
  apply_and_record (self, action);
  emit_changed (self);
  return TRUE;
}

JsonNode *
pen_game_action_to_json (PenGame         *self,
                         const PenAction *action)
{
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (action != NULL && (guint) action->type < PEN_N_ACTION_TYPES, NULL);

  json_builder_begin_object (b);
  json_put_string (b, "type", pen_action_type_get_id (action->type));
  if (kinds[action->type].to_json != NULL)
    kinds[action->type].to_json (self, action, b);
  if (action->blood_marks != 0)
    json_put_dice (b, "blood-marks", action->blood_marks);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

gboolean
pen_game_action_from_json (PenGame    *self,
                           JsonNode   *node,
                           PenAction  *action,
                           GError    **error)
{
  const char *type_ids[PEN_N_ACTION_TYPES];
  JsonObject *object;
  int type;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  for (guint i = 0; i < PEN_N_ACTION_TYPES; i++)
    type_ids[i] = pen_action_type_get_id (i);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return game_refuse (error, _("An action must be a JSON object."));
  object = json_node_get_object (node);
  if (!json_member_id (object, "type", type_ids, PEN_N_ACTION_TYPES, &type, error))
    return FALSE;
  pen_action_init (action, type);
  if (json_object_has_member (object, "blood-marks"))
    {
      guint64 cells = 0;

      if (!json_member_dice (json_object_get_member (object, "blood-marks"), &cells, error))
        return FALSE;
      if (cells >> PEN_N_MARK_CELLS != 0)
        return game_refuse (error, _("There is no such Mark cell."));
      action->blood_marks = cells;
    }
  return kinds[type].from_json == NULL || kinds[type].from_json (self, object, action, error);
}

char *
pen_game_describe_action (PenGame         *self,
                          const PenAction *action)
{
  g_autoptr(JsonNode) node = pen_game_action_to_json (self, action);

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return json_to_string (node, FALSE);
}

/* Frees what the state owns, as finalize does and as a copy does before it
 * takes the state of its original. */
static void
clear_state (PenGame *self)
{
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      g_clear_object (&self->players[p]);
      g_free (self->talent[p]);
      g_free (self->dealt[p][0]);
      g_free (self->dealt[p][1]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->locations); i++)
    g_clear_object (&self->locations[i]);
  g_clear_pointer (&self->rng, pen_rng_free);
  quests_state_clear (&self->quests);
  cards_state_clear (&self->cards);
  automa_state_clear (&self->automa);
  fate_state_clear (&self->fate);
  g_clear_pointer (&self->log, g_array_unref);
  g_clear_pointer (&self->log_targets, g_array_unref);
  g_clear_pointer (&self->history, g_array_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  g_clear_pointer (&self->listing, g_free);
  self->listing_room = 0;
  g_clear_pointer (&self->automa_steps, g_ptr_array_unref);
  g_clear_pointer (&self->cost_masks, g_array_unref);
}

static void
pen_game_finalize (GObject *object)
{
  clear_state (PEN_GAME (object));

  G_OBJECT_CLASS (pen_game_parent_class)->finalize (object);
}

static void
pen_game_class_init (PenGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_game_finalize;

  /**
   * PenGame::changed:
   *
   * Emitted after every action that was applied.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pen_game_init (PenGame *self)
{
  turn_state_init (&self->turn);
  pending_state_init (&self->pending);
  quests_state_init (&self->quests);
  cards_state_init (&self->cards);
  automa_state_init (&self->automa);
  fate_state_init (&self->fate);
  /* Room for the log of a usual game at once (random self-play of two
   * players: 235 lines): grown from nothing, it was copied at each doubling. */
  self->log = g_array_sized_new (FALSE, FALSE, sizeof (LogEntry), 256);
  self->log_targets = g_array_new (FALSE, TRUE, sizeof (PenLogTarget));
  /* The same for the actions of a usual game (random self-play: 161). */
  self->history = g_array_sized_new (FALSE, FALSE, sizeof (PenAction), 256);
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  self->redo = g_array_new (FALSE, FALSE, sizeof (PenAction));
}

int
pen_game_get_automa_player (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), -1);
  return self->automa.player;
}

/* ---- Listing actions -------------------------------------------------------- */

/* Identical dice in the supply give identical choices: offer the first only. */
gboolean
game_is_first_of_its_kind (PenWizardBoard *board,
                           guint           index)
{
  const PenDie *die = board_die (board, index);

  for (guint i = 0; i < index; i++)
    {
      const PenDie *other = board_die (board, i);

      if (other->kind == die->kind && other->colour == die->colour
          && other->value == die->value && other->temporary == die->temporary)
        return FALSE;
    }
  return TRUE;
}

/* The actions @lister kept, in a list of their own, as long as they are. */
static GArray *
listed (Lister *lister)
{
  GArray *actions = g_array_sized_new (FALSE, FALSE, sizeof (PenAction), lister->n_kept);

  g_array_append_vals (actions, lister->game->listing, lister->n_kept);
  return actions;
}

static GArray *
list_actions (PenGame  *self,
              gboolean  no_empower)
{
  Lister lister = { self, 0, no_empower };
  PenAction action;

  if (self->fate.over)
    return listed (&lister);

  if ((int) self->turn.current == self->automa.player && self->turn.pending != PEN_PENDING_TALENT)
    {
      pen_action_init (&action, PEN_ACTION_AUTOMA_TURN);
      lister_keep (&lister, &action);
      return listed (&lister);
    }
  /* Each pending choice's listers (pen-game-pending.c). */
  pending_list (&lister);
  return listed (&lister);
}

/**
 * pen_game_list_actions:
 *
 * Returns: (transfer full): every action legal now, as a #GArray of #PenAction
 */
GArray *
pen_game_list_actions (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return list_actions (self, FALSE);
}

/**
 * pen_game_list_actions_without_empower:
 *
 * The legal actions but a card used with Orange dice discarded for Empower:
 * a supply of many Orange dice has exponentially many sets of them (thirty
 * gave half a million actions), which a player that never Empowers (the
 * reference player) or searches (the coach) cannot afford to list. The
 * others are pen_game_list_actions()'s, in its order.
 *
 * Returns: (transfer full): a #GArray of #PenAction
 */
GArray *
pen_game_list_actions_without_empower (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return list_actions (self, TRUE);
}

/* What the game would be after @action, but for its log and undo history:
 * two actions with equal outcomes do the same thing. */
static JsonNode *
outcome_of (PenGame         *self,
            const PenAction *action)
{
  g_autoptr(PenGame) copy = pen_game_copy (self);
  JsonNode *node;

  pen_game_set_undo_enabled (copy, FALSE);
  apply_and_record (copy, action);
  node = pen_game_to_json (copy);
  json_object_remove_member (json_node_get_object (node), "log");
  json_object_remove_member (json_node_get_object (node), "actions");
  return node;
}

/* Whether @a and @b concern the same piece (die, card, cell, Mark…) and
 * differ only in how (a value, a colour, the dice paying). */
static gboolean
same_subject (const PenAction *a,
              const PenAction *b)
{
  /* A Mark sets a die to a face, or casts or unexhausts a card, that differ
   * from one of its actions to the next: never alike, and not compared. */
  return a->type == b->type && a->type != PEN_ACTION_USE_MARK && a->die == b->die && a->index == b->index
         && a->location == b->location && a->section == b->section && a->cell == b->cell;
}

/**
 * pen_game_get_manipulation_cost:
 * @manipulation: a Primagic manipulation
 *
 * Returns: the Crystals it costs
 */
guint
pen_game_get_manipulation_cost (PenManipulation manipulation)
{
  g_return_val_if_fail (manipulation <= PEN_MANIPULATE_RECOLOUR, 0);
  return dice_manipulation_cost[manipulation];
}

/**
 * pen_game_list_distinct_actions:
 * @self: a game
 *
 * The legal actions as a player is offered them: of the actions on the same
 * piece that lead to the same game (paying with either of two equal dice, a
 * free cast by any of its cost alternatives), only the first is kept.
 *
 * Returns: (transfer full) (element-type PenAction): the actions
 */
GArray *
pen_game_list_distinct_actions (PenGame *self)
{
  GArray *actions = pen_game_list_actions (self);
  g_autoptr(GPtrArray) outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr(GArray) of = g_array_new (FALSE, TRUE, sizeof (int));   /* index in outcomes, or -1 */

  g_array_set_size (of, actions->len);
  for (guint i = 0; i < actions->len; i++)
    g_array_index (of, int, i) = -1;
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      gboolean duplicate = FALSE;

      for (guint j = 0; j < i && !duplicate; j++)
        {
          const PenAction *kept = &g_array_index (actions, PenAction, j);

          if (!same_subject (action, kept))
            continue;
          for (guint k = 0; k < 2; k++)
            if (g_array_index (of, int, k == 0 ? i : j) < 0)
              {
                g_array_index (of, int, k == 0 ? i : j) = outcomes->len;
                g_ptr_array_add (outcomes, outcome_of (self, k == 0 ? action : kept));
              }
          duplicate = json_node_equal (g_ptr_array_index (outcomes, g_array_index (of, int, i)),
                                       g_ptr_array_index (outcomes, g_array_index (of, int, j)));
        }
      if (duplicate)
        {
          g_array_remove_index (actions, i);
          g_array_remove_index (of, i);
          i--;
        }
    }
  return actions;
}

static gpointer
copy_string (gconstpointer string,
             gpointer      data)
{
  return g_strdup (string);
}

/* The copy frees its strings as the original does. */
GPtrArray *
game_copy_strings (GPtrArray *strings)
{
  return g_ptr_array_copy (strings, copy_string, NULL);
}

/* Wraps g_array_copy(), which refuses NULL, for the arrays a game may lack. */
GArray *
game_copy_array (GArray *array)
{
  return array != NULL ? g_array_copy (array) : NULL;
}

/**
 * pen_game_copy:
 *
 * The same game in a new object, without undo (as a game loaded from its
 * save): its state is copied field by field, as fast as searching ahead
 * needs; /coach/copy-is-the-game checks that it saves to the same text.
 *
 * Returns: (transfer full): the copy
 */
PenGame *
pen_game_copy (PenGame *self)
{
  PenGame *copy;
  gsize start = G_STRUCT_OFFSET (PenGame, def);
  gsize end = G_STRUCT_OFFSET (PenGame, undo_enabled);

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  copy = g_object_new (PEN_TYPE_GAME, NULL);
  clear_state (copy);
  memcpy ((guint8 *) copy + start, (guint8 *) self + start, end - start);

  /* Then each thing the state owns, copied: the rest is shared data. */
  copy->rng = pen_rng_copy (self->rng);
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      copy->players[p] = self->players[p] != NULL ? pen_wizard_board_copy (self->players[p]) : NULL;
      copy->talent[p] = g_strdup (self->talent[p]);
      copy->dealt[p][0] = g_strdup (self->dealt[p][0]);
      copy->dealt[p][1] = g_strdup (self->dealt[p][1]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->locations); i++)
    copy->locations[i] = self->locations[i] != NULL ? pen_location_copy (self->locations[i]) : NULL;
  quests_state_copy (&copy->quests, &self->quests);
  cards_state_copy (&copy->cards, &self->cards);
  automa_state_copy (&copy->automa, &self->automa);
  fate_state_copy (&copy->fate, &self->fate);
  copy->log = game_copy_array (self->log);
  copy->log_targets = game_copy_array (self->log_targets);
  copy->history = game_copy_array (self->history);
  copy->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  copy->redo = g_array_new (FALSE, FALSE, sizeof (PenAction));
  return copy;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Deals @n ids of @deck from @start anew: sorted first, so that the order
 * they had counts for nothing, then shuffled by @rng. */
static void
redeal (GPtrArray *deck,
        guint      start,
        guint      n,
        PenRng    *rng)
{
  const char **ids;

  /* An empty deck may have no storage at all: qsort() takes no NULL. */
  if (n == 0)
    return;
  ids = (const char **) deck->pdata + start;
  qsort (ids, n, sizeof (char *), compare_ids);
  setup_shuffle_strings (rng, ids, n);
}

/* The cards of the Fate deck's first stack (rulebook, "The Fate deck": three
 * stacks of 2 × players cards; with one player the first keeps its Trial,
 * Goal and Prophecy). */
static guint
fate_stack_size (guint n_players,
                 guint stack)
{
  return n_players == 1 && stack == 0 ? 3 : 2 * n_players;
}

/**
 * pen_game_copy_unseen:
 * @seed: of the order given to what no player sees
 *
 * A copy of the game for a player who searches ahead, made without what no
 * player knows: the order of the face-down decks (each Wizard card deck, the
 * Contracts, and each stack of the Fate deck, which stay in their places)
 * is dealt anew from @seed, and so are the rolls to come. Two games that
 * differ only there give the same copy. The copy keeps no log, history or
 * undo: searching needs none of them.
 *
 * Returns: (transfer full): the copy
 */
PenGame *
pen_game_copy_unseen (PenGame *self,
                      guint64  seed)
{
  PenGame *copy;
  guint fate_total = 0, fate_start;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  copy = pen_game_copy (self);
  g_array_set_size (copy->log, 0);
  g_array_set_size (copy->log_targets, 0);
  g_array_set_size (copy->history, 0);
  g_ptr_array_set_size (copy->fate.reveals, 0);
  g_array_set_size (copy->fate.reveal_lines, 0);

  pen_rng_free (copy->rng);
  copy->rng = pen_rng_new (seed);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    redeal (copy->cards.decks[d], 0, copy->cards.decks[d]->len, copy->rng);
  redeal (copy->quests.contract_deck, 0, copy->quests.contract_deck->len, copy->rng);
  /* Sapphire's and Amber's face-down Exams, Dungeons and Rituals too. */
  for (guint k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    redeal (copy->automa.content_deck[k], 0, copy->automa.content_deck[k]->len, copy->rng);
  /* The Fate deck's stacks stay in their order: only the cards within the
   * stack still in the deck are unseen. */
  for (guint s = 0; s < 3; s++)
    fate_total += fate_stack_size (copy->n_players, s);
  fate_start = MIN (fate_total, copy->fate.deck->len);
  for (guint s = 0, end = 0; s < 3; s++)
    {
      guint first = fate_total - fate_start, from;

      end += fate_stack_size (copy->n_players, s);
      if (end <= first)
        continue;
      from = MAX (first, end - fate_stack_size (copy->n_players, s));
      redeal (copy->fate.deck, from - first, end - from, copy->rng);
    }
  return copy;
}

/* ---- Getters ------------------------------------------------------------------- */

guint
pen_game_get_n_players (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->n_players;
}

PenWizardBoard *
pen_game_get_player (PenGame *self,
                     guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->players[player];
}

const char *
pen_game_get_talent (PenGame *self,
                     guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->talent[player];
}

guint
pen_game_get_current_player (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->turn.current;
}

PenTurnType
pen_game_get_turn_type (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), PEN_TURN_UNDECLARED);
  return self->turn.type;
}

guint
pen_game_get_placements_left (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->turn.placements_left;
}

PenPending
pen_game_get_pending (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), PEN_PENDING_NONE);
  return self->turn.pending;
}

gboolean
pen_game_is_over (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), TRUE);
  return self->fate.over;
}

guint
pen_game_get_n_locations (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->n_locations;
}

PenLocation *
pen_game_get_location (PenGame *self,
                       guint    index)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->n_locations, NULL);
  return self->locations[index];
}

int
pen_game_find_location (PenGame    *self,
                        const char *id)
{
  g_return_val_if_fail (PEN_IS_GAME (self), -1);
  g_return_val_if_fail (id != NULL, -1);

  for (guint l = 0; l < self->n_locations; l++)
    if (g_str_equal (pen_location_get_id (self->locations[l]), id))
      return (int) l;
  return -1;
}

guint
pen_game_get_fate_remaining (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->fate.deck->len;
}

/**
 * pen_game_get_threat_dice:
 * @values: (out caller-allocates): room for %PEN_MAX_THREAT_DICE values
 * @rolled: (out): whether the dice are rolled
 *
 * Returns: the number of Threat dice prepared, or still to distribute once rolled
 */
guint
pen_game_get_threat_dice (PenGame  *self,
                          guint    *values,
                          gboolean *rolled)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);

  /* A Mortal Wound from a Threat die, or a card's effect on the dice,
   * waits: the dice still wait too. */
  if (!threat_in_progress (self))
    {
      *rolled = FALSE;
      return 0;
    }
  *rolled = self->threat.current.rolled;
  if (!self->threat.current.rolled)
    return self->threat.current.n_dice;
  memcpy (values, self->threat.current.values, self->threat.current.n_values * sizeof (guint));
  return self->threat.current.n_values;
}

/**
 * pen_game_get_threat_outcomes:
 * @n_outcomes: (out): the number of outcomes
 *
 * What each die of the last Threat did: those cancelled before the roll,
 * then those distributed, in order. Kept until the next action that is not
 * part of that Threat; the dice still to distribute are
 * pen_game_get_threat_dice()'s.
 *
 * Returns: (transfer none) (array length=n_outcomes): the outcomes
 */
const PenThreatOutcome *
pen_game_get_threat_outcomes (PenGame *self,
                              guint   *n_outcomes)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (n_outcomes != NULL, NULL);

  *n_outcomes = self->threat.n_outcomes;
  return self->threat.outcomes;
}

/**
 * pen_game_set_record_automa_turns:
 * @record: whether to record them
 *
 * With @record, an Automa turn applied keeps the states it went through,
 * one for each line it logs: the game just before the change that line
 * tells of (pen_game_take_automa_turn()), so that a window can show the
 * turn in step with its narration. What was recorded is kept until it is
 * taken or the next action is applied. Off by default: self-play and the
 * coach never pay for it, and nothing of it is saved or copied.
 */
void
pen_game_set_record_automa_turns (PenGame  *self,
                                  gboolean  record)
{
  g_return_if_fail (PEN_IS_GAME (self));

  self->record_automa_turns = !!record;
}

/**
 * pen_game_take_automa_turn:
 * @first_line: (out): the log's line where the turn began
 *
 * The states of the Automa turn applied last, while it is still the last
 * action (pen_game_set_record_automa_turns()): the array's element i is the
 * game just before the change told by the log's line @first_line + i, for
 * each line the turn logged. Taken once: a second call returns %NULL.
 *
 * Returns: (transfer full) (nullable) (element-type PenGame): the states, or
 *   %NULL when the last action was no recorded Automa turn
 */
GPtrArray *
pen_game_take_automa_turn (PenGame *self,
                           guint   *first_line)
{
  GPtrArray *steps;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (first_line != NULL, NULL);

  steps = g_steal_pointer (&self->automa_steps);
  /* Undone, or another action since: the log no longer ends with the turn. */
  if (steps != NULL && (steps->len == 0 || self->automa_steps_from + steps->len != self->log->len))
    g_clear_pointer (&steps, g_ptr_array_unref);
  *first_line = steps != NULL ? self->automa_steps_from : 0;
  return steps;
}

/**
 * pen_game_get_log_target:
 * @line: an entry of the log (pen_game_render_log_entry())
 *
 * What @line is about on the table (the Automa's narration says where each
 * of its steps happens). Lines of a game loaded from a save have none.
 *
 * Returns: (transfer none) (nullable): the piece, or %NULL
 */
const PenLogTarget *
pen_game_get_log_target (PenGame *self,
                         guint    line)
{
  const PenLogTarget *target;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  if (line >= self->log_targets->len)
    return NULL;
  target = &g_array_index (self->log_targets, PenLogTarget, line);
  return target->kind != PEN_LOG_TARGET_NONE ? target : NULL;
}

/**
 * pen_game_get_die_taken_back:
 * @action: a %PEN_ACTION_TAKE_BACK the game allows
 *
 * Returns: (transfer none) (nullable): the placed die that @action takes back
 */
const PenDie *
pen_game_get_die_taken_back (PenGame         *self,
                             const PenAction *action)
{
  int index;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (action != NULL && action->type == PEN_ACTION_TAKE_BACK, NULL);

  if (!pen_game_check_action (self, action, NULL))
    return NULL;
  index = dice_to_take_back (self, action->location, action->section, action->cell);
  return location_die (self->locations[action->location], action->section, action->cell, index);
}

PenRng *
pen_game_get_rng (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->rng;
}

/* How many Fate cards were revealed so far in the game. */
guint
pen_game_get_n_fate_reveals (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->fate.reveals->len;
}

/* The @index-th Fate card revealed (its id), and in @log_line (if not NULL)
 * the index of the log line that tells of it. */
const char *
pen_game_get_fate_reveal (PenGame *self,
                          guint    index,
                          guint   *log_line)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->fate.reveals->len, NULL);

  if (log_line != NULL)
    *log_line = g_array_index (self->fate.reveal_lines, guint, index);
  return g_ptr_array_index (self->fate.reveals, index);
}

/* The Prophecy whose fulfilment started the last round (rulebook, "End of
 * the game"), or NULL while the end has not been triggered. */
const char *
pen_game_get_ending_prophecy (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->fate.ending_prophecy;
}

/* ---- Undo and redo --------------------------------------------------------- */

/**
 * pen_game_set_undo_enabled:
 *
 * Undo keeps a snapshot before each action, which self-play does not need;
 * the window turns it on.
 */
void
pen_game_set_undo_enabled (PenGame  *self,
                           gboolean  enabled)
{
  g_return_if_fail (PEN_IS_GAME (self));

  /* Undo keeps nothing from before it was turned on. */
  if (enabled != self->undo_enabled)
    self->undo_stop = PEN_UNDO_STOP_OPENED;
  self->undo_enabled = enabled;
  if (!enabled)
    {
      g_ptr_array_set_size (self->undo, 0);
      g_array_set_size (self->redo, 0);
    }
}

gboolean
pen_game_can_undo (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  return self->undo->len > 0;
}

gboolean
pen_game_can_redo (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  return self->redo->len > 0;
}

/**
 * pen_game_get_undo_stop:
 *
 * Why undo goes back no further than it can: what came last of a random
 * reveal, the start of the turn, or the game's opening (undo keeps nothing
 * from before a game is opened).
 */
PenUndoStop
pen_game_get_undo_stop (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), PEN_UNDO_STOP_OPENED);
  return self->undo_stop;
}

/**
 * pen_game_describe_undo_stop:
 *
 * pen_game_get_undo_stop() in the player's words, as undo's refusal says it.
 */
const char *
pen_game_describe_undo_stop (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  switch (self->undo_stop)
    {
    case PEN_UNDO_STOP_TURN:
      return _("The turn began: undo goes back to here.");
    case PEN_UNDO_STOP_DICE:
      return _("The dice were rolled: undo goes back to here.");
    case PEN_UNDO_STOP_CARD:
      return _("A card was revealed: undo goes back to here.");
    case PEN_UNDO_STOP_OPENED:
    default:
      return _("The game was opened: undo goes back to here.");
    }
}

/**
 * pen_game_describe_redo_stop:
 *
 * Why there is nothing to redo, as redo's refusal says it.
 */
const char *
pen_game_describe_redo_stop (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return _("Nothing was undone since the last action: there is nothing to redo.");
}

/* Moves @other's state into @self, keeping @self's identity (its signal
 * handlers) and its undo settings; @other gets @self's old state. */
static void
swap_state (PenGame *self,
            PenGame *other)
{
  PenGame tmp;
  gsize start = G_STRUCT_OFFSET (PenGame, def);
  gsize end = G_STRUCT_OFFSET (PenGame, undo_enabled);

  memcpy ((guint8 *) &tmp + start, (guint8 *) self + start, end - start);
  memcpy ((guint8 *) self + start, (guint8 *) other + start, end - start);
  memcpy ((guint8 *) other + start, (guint8 *) &tmp + start, end - start);
}

/**
 * pen_game_undo:
 *
 * Takes back the last action of the turn, back to the last random reveal.
 */
gboolean
pen_game_undo (PenGame  *self,
               GError  **error)
{
  g_autoptr(PenGame) previous = NULL;
  JsonNode *snapshot;
  PenAction action;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  if (self->undo->len == 0)
    return game_refuse (error, "%s", pen_game_describe_undo_stop (self));

  snapshot = g_ptr_array_index (self->undo, self->undo->len - 1);
  previous = pen_game_new_from_json (snapshot, error);
  if (previous == NULL)
    return FALSE;

  action = g_array_index (self->history, PenAction, self->history->len - 1);
  swap_state (self, previous);
  g_ptr_array_set_size (self->undo, self->undo->len - 1);
  g_array_append_val (self->redo, action);
  emit_changed (self);
  return TRUE;
}

gboolean
pen_game_redo (PenGame  *self,
               GError  **error)
{
  PenAction action;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  if (self->redo->len == 0)
    return game_refuse (error, "%s", pen_game_describe_redo_stop (self));
  action = g_array_index (self->redo, PenAction, self->redo->len - 1);
  if (!pen_game_check_action (self, &action, error))
    return FALSE;
  g_array_set_size (self->redo, self->redo->len - 1);
  apply_and_record (self, &action);
  emit_changed (self);
  return TRUE;
}

guint
pen_game_get_n_cards (PenGame *self,
                      guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);
  return self->cards.owned[player]->len;
}

const char *
pen_game_get_card_name (PenGame *self,
                        guint    player,
                        guint    index)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  g_return_val_if_fail (index < self->cards.owned[player]->len, NULL);
  return g_array_index (self->cards.owned[player], OwnedCard, index).card->name;
}

/**
 * pen_game_get_market_card:
 * @deck: a #PenDeck (a Class's, the Brewery's, the Shop's)
 * @place: 0 the left card, 1 the right one
 *
 * Returns: (nullable): the id of the card face up at @place of the market
 * of @deck, or %NULL where there is none
 */
const char *
pen_game_get_market_card (PenGame *self,
                          guint    deck,
                          guint    place)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (deck < PEN_N_DECKS && place < 2, NULL);
  return self->cards.market[deck][place];
}

/**
 * pen_game_get_trial_row:
 *
 * Returns: (transfer none): the ids of the Trials in the row
 */
GPtrArray *
pen_game_get_trial_row (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->fate.trial_row;
}

/**
 * pen_game_get_in_play:
 *
 * Returns: (transfer none): the ids of the Prophecies and Goals in play
 */
GPtrArray *
pen_game_get_in_play (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->fate.in_play;
}

/* The turns left once a Prophecy triggered the end, or -1 before. */
int
pen_game_get_final_turns_left (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), -1);
  return self->fate.final_turns_left;
}

/* Whether the end was triggered during the turn being played. */
gboolean
pen_game_get_end_triggered_this_turn (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  return self->fate.end_triggered_this_turn;
}

/**
 * pen_game_get_fulfilled_contracts:
 *
 * Returns: (transfer none): the ids of the Contracts @player fulfilled, in
 *   the order fulfilled
 */
GPtrArray *
pen_game_get_fulfilled_contracts (PenGame *self,
                                  guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->quests.fulfilled_contracts[player];
}

/**
 * pen_game_get_reserved_contracts:
 *
 * Returns: (transfer none): the ids of the Contracts @player holds in reserve
 */
GPtrArray *
pen_game_get_reserved_contracts (PenGame *self,
                                 guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->quests.reserved_contracts[player];
}

/**
 * pen_game_get_passed_trials:
 *
 * Returns: (transfer none): the Trials @player passed, in order, each
 *   "light:ID" or "darkness:ID" by the path taken
 */
GPtrArray *
pen_game_get_passed_trials (PenGame *self,
                            guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->quests.passed_trials[player];
}

/* The Talent @index (0 or 1) dealt to @player to choose from, or NULL. */
const char *
pen_game_get_dealt_talent (PenGame *self,
                           guint    player,
                           guint    index)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players && index < 2, NULL);
  return self->dealt[player][index];
}

G_STATIC_ASSERT (PEN_N_CONTRACT_SLOTS == N_CONTRACT_SLOTS);
G_STATIC_ASSERT ((int) PEN_ZONE_GRIMOIRE == (int) ZONE_GRIMOIRE && (int) PEN_ZONE_INVENTORY == (int) ZONE_INVENTORY
                 && (int) PEN_ZONE_EQUIPMENT == (int) ZONE_EQUIPMENT
                 && (int) PEN_ZONE_EXPERIENCE == (int) ZONE_EXPERIENCE);

/**
 * pen_game_get_owned_card:
 * @index: below pen_game_get_n_cards()
 * @zone: (out) (optional): where @player keeps it
 * @rotated: (out) (optional): whether it is turned (used this round)
 *
 * Returns: the card @index of @player's, in the order gained
 */
const PenCard *
pen_game_get_owned_card (PenGame  *self,
                         guint     player,
                         guint     index,
                         PenZone  *zone,
                         gboolean *rotated)
{
  const OwnedCard *owned;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  g_return_val_if_fail (index < self->cards.owned[player]->len, NULL);
  owned = &g_array_index (self->cards.owned[player], OwnedCard, index);
  if (zone != NULL)
    *zone = (PenZone) owned->zone;
  if (rotated != NULL)
    *rotated = owned->rotated;
  return owned->card;
}

/* The Automa's worldview: TRUE for Light, FALSE for Darkness. */
gboolean
pen_game_get_automa_light (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  return self->automa.light;
}

/**
 * pen_game_get_automa_cell:
 * @cell: a #PenAutomaCell
 *
 * Returns: (transfer none): the ids of the Artifacts in the Automa's
 *   Equipment cell @cell, bottom first (empty without an Automa)
 */
GPtrArray *
pen_game_get_automa_cell (PenGame *self,
                          guint    cell)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (cell < PEN_AUTOMA_N_CELLS, NULL);
  return self->automa.cells[cell];
}

/**
 * pen_game_get_automa_taken:
 * @content: a #PenAutomaContent (Sapphire's and Amber's, spec §9)
 *
 * Returns: (transfer none): the ids of the cards of @content the Automa
 *   took (empty for the other Automas)
 */
GPtrArray *
pen_game_get_automa_taken (PenGame *self,
                           guint    content)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (content < PEN_AUTOMA_N_CONTENT, NULL);
  return self->automa.content_taken[content];
}

/* The Contract in @slot of the Guild (0–3, left to right), or NULL. */
const char *
pen_game_get_contract (PenGame *self,
                       guint    slot)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (slot < N_CONTRACT_SLOTS, NULL);
  return self->quests.contract_row[slot];
}

/**
 * pen_game_get_experience:
 * @counts: (out caller-allocates): PEN_N_EXPERIENCES counts
 */
void
pen_game_get_experience (PenGame *self,
                         guint    player,
                         guint   *counts)
{
  g_return_if_fail (PEN_IS_GAME (self));
  g_return_if_fail (player < self->n_players);
  quests_count_experience (self, player, counts);
}

/* How many turns have been played, by everyone: changes with each turn. */
guint
pen_game_get_turn_number (PenGame *self)
{
  guint n = 0;

  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  for (guint p = 0; p < self->n_players; p++)
    n += self->turns_taken[p];
  return n;
}

/**
 * pen_game_replay:
 * @saved: a game
 *
 * Sets up @saved's game again from its seed and applies its actions: the same
 * seed and actions give the same game (used to check saves, and to continue
 * from an earlier point of a game).
 *
 * Returns: (transfer full): the replayed game after @n_actions actions (-1: all)
 */
PenGame *
pen_game_replay (PenGame  *saved,
                 int       n_actions,
                 GError  **error)
{
  g_autoptr(PenGame) game = NULL;
  guint n;

  g_return_val_if_fail (PEN_IS_GAME (saved), NULL);

  game = saved->automa.variant != NULL
           ? pen_game_new_solo (saved->seed, saved->automa.variant->id, saved->worldview_asked, saved->first_game, error)
           : pen_game_new (saved->seed, saved->n_players, saved->first_game, error);
  if (game == NULL)
    return NULL;
  n = n_actions < 0 ? saved->history->len : MIN ((guint) n_actions, saved->history->len);
  for (guint i = 0; i < n; i++)
    if (!pen_game_apply (game, &g_array_index (saved->history, PenAction, i), error))
      {
        g_prefix_error (error, _("Action %u of the game cannot be replayed: "), i + 1);
        return NULL;
      }
  return g_steal_pointer (&game);
}

/* Whether two states are the same game, whatever their logs say: a save
 * from before format 5 keeps its log as finished text, and its replay writes
 * it as data. */
static gboolean
same_but_log (JsonNode *a,
              JsonNode *b)
{
  JsonObject *oa = json_node_get_object (a);
  JsonObject *ob = json_node_get_object (b);
  static const char *const log_members[] = { "log", "fate-reveal-lines" };

  for (guint i = 0; i < G_N_ELEMENTS (log_members); i++)
    {
      if (json_object_has_member (oa, log_members[i]))
        json_object_remove_member (oa, log_members[i]);
      if (json_object_has_member (ob, log_members[i]))
        json_object_remove_member (ob, log_members[i]);
    }
  return json_node_equal (a, b);
}

/**
 * pen_game_count_replayable:
 * @saved: a game with its actions
 * @same: (out) (optional): whether replaying every action gives @saved
 *
 * How far @saved replays from its start under the rules of this version:
 * all its actions for a game played by it; fewer, or a replay that ends in
 * another game, for a save of an earlier version whose rules changed since
 * (Review Game says so).
 *
 * Returns: the number of its first actions that replay
 */
guint
pen_game_count_replayable (PenGame  *saved,
                           gboolean *same)
{
  g_autoptr(PenGame) game = NULL;
  guint n = 0;

  g_return_val_if_fail (PEN_IS_GAME (saved), 0);

  if (same != NULL)
    *same = FALSE;
  game = pen_game_replay (saved, 0, NULL);
  if (game == NULL)
    return 0;
  while (n < saved->history->len && pen_game_apply (game, &g_array_index (saved->history, PenAction, n), NULL))
    n++;
  if (same != NULL && n == saved->history->len)
    {
      g_autoptr(JsonNode) replayed = pen_game_to_json (game);
      g_autoptr(JsonNode) original = pen_game_to_json (saved);

      *same = same_but_log (replayed, original);
    }
  return n;
}

guint
pen_game_get_n_history (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->history->len;
}

/* A solo game's Automa's Level: the Marks on its board (spec §4). */
guint
pen_game_get_automa_level (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->automa.variant != NULL ? automa_level (self) : 0;
}

/**
 * pen_game_get_light_darkness:
 *
 * The steps toward Light and toward Darkness @player has gained, from the
 * rewards of the Contracts fulfilled and the paths of the Trials passed.
 */
void
pen_game_get_light_darkness (PenGame *self,
                             guint    player,
                             guint   *light,
                             guint   *darkness)
{
  g_return_if_fail (PEN_IS_GAME (self));
  g_return_if_fail (player < self->n_players);
  scoring_tally_light_darkness (self, player, light, darkness);
}

/* The id of a solo game's Automa ("jasper"), or NULL. */
const char *
pen_game_get_automa_id (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->automa.variant != NULL ? self->automa.variant->id : NULL;
}

/* The Contract or Trial being attempted, or NULL. */
const char *
pen_game_get_quest (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->quests.attempt.id;
}

/**
 * pen_game_get_action:
 * @index: below pen_game_get_n_history()
 *
 * Returns: the @index-th action applied since the start (the save's
 *   `actions`), which pen_game_replay() replays
 */
const PenAction *
pen_game_get_action (PenGame *self,
                     guint    index)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->history->len, NULL);
  return &g_array_index (self->history, PenAction, index);
}
