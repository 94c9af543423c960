/* pen-game-pending.c: what the game waits for.
 *
 * The pending stack: each choice the game waits for is a frame (its kind,
 * what popping it resumes, an argument); the bottom frame is the turn's own
 * choice (none, the section placed in, the Contract, the task...), and a
 * choice that interrupts another (a card to gain, a card's waiting effect,
 * a card's own Threat, Bind's Contract, a die owed by Rest, the Phylactery's
 * choice) is pushed over it and popped back. turn.pending is the top frame's
 * kind, written here only. The areas push, set and pop frames; what a frame
 * resumes once popped is in pending_resumes[], so that an area does not call
 * back into the one that started the choice.
 *
 * The pendings[] table says, for each pending choice, which action kinds it
 * lets through (the gates of game_check_candidate()), which listers offer
 * its actions (pen_game_list_actions()), and the sentence that says what the
 * game waits for (pen_game_get_prompt()), in the player's words, with the
 * specifics (the die owed, the market, the task, the Threat die). The
 * sentences name dice, tasks and cards through the log's typed arguments
 * (pen-game-log.c), so that they read as the log reads in either language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game"

#include "config.h"

#include <string.h>

#include "pen-game-private.h"

/* ---- The stack ------------------------------------------------------------ */

void
pending_state_init (PendingState *state)
{
  memset (state, 0, sizeof *state);
  state->depth = 1;
}

PendingFrame *
pending_top (PenGame *self)
{
  g_assert (self->pending.depth >= 1 && self->pending.depth <= PENDING_MAX_FRAMES);
  return &self->pending.frames[self->pending.depth - 1];
}

/* The kind of the frame under the top one (what popping it returns to), or
 * none. */
PenPending
pending_beneath (PenGame *self)
{
  return self->pending.depth >= 2 ? self->pending.frames[self->pending.depth - 2].kind : PEN_PENDING_NONE;
}

static void
sync_top (PenGame *self)
{
  self->turn.pending = pending_top (self)->kind;
}

/* A new turn, the game's setup, or the end of a turn: nothing to return to. */
void
pending_reset (PenGame    *self,
               PenPending  kind)
{
  self->pending.depth = 1;
  self->pending.frames[0] = (PendingFrame) { .kind = kind, .resume = PENDING_RESUME_NONE };
  sync_top (self);
}

/* The next step of the choice under way: the top frame, what it returns to
 * unchanged. */
void
pending_set (PenGame    *self,
             PenPending  kind)
{
  pending_top (self)->kind = kind;
  sync_top (self);
}

/* A choice that interrupts the one under way, which @resume returns to. */
void
pending_push (PenGame       *self,
              PenPending     kind,
              PendingResume  resume,
              int            arg)
{
  g_assert (self->pending.depth < PENDING_MAX_FRAMES);
  self->pending.frames[self->pending.depth++] = (PendingFrame) { .kind = kind, .resume = resume, .arg = arg };
  sync_top (self);
}

/* Back to what the top frame interrupted; returns the frame. */
PendingFrame
pending_pop (PenGame *self)
{
  PendingFrame frame = *pending_top (self);

  g_assert (self->pending.depth >= 2);
  self->pending.depth--;
  sync_top (self);
  return frame;
}

static void
resume_reward (PenGame            *self,
               const PendingFrame *frame,
               int                 value)
{
  quests_continue_reward (self);
}

static void
resume_event (PenGame            *self,
              const PendingFrame *frame,
              int                 value)
{
  turn_finish_end (self);
}

static void
resume_card_threat (PenGame            *self,
                    const PendingFrame *frame,
                    int                 value)
{
  effects_card_threat_done (self, frame->arg);
}

static void
resume_wound_threat (PenGame            *self,
                     const PendingFrame *frame,
                     int                 value)
{
  pending_set (self, PEN_PENDING_THREAT);
  self->threat.current.mortal = value;
  threat_distribute (self);
}

static void
resume_wound_trap (PenGame            *self,
                   const PendingFrame *frame,
                   int                 value)
{
  quests_end_failed_trial (self, value);
}

static void
resume_wound_dead_water (PenGame            *self,
                         const PendingFrame *frame,
                         int                 value)
{
  turn_end_after_dead_water (self, value);
}

/* What each kind of frame goes on with once popped (NULL: only back to the
 * frame beneath). */
static void (*const pending_resumes[PENDING_N_RESUMES]) (PenGame *, const PendingFrame *, int) = {
  [PENDING_RESUME_REWARD] = resume_reward,
  [PENDING_RESUME_EVENT] = resume_event,
  [PENDING_RESUME_CARD_THREAT] = resume_card_threat,
  [PENDING_RESUME_WOUND_THREAT] = resume_wound_threat,
  [PENDING_RESUME_WOUND_TRAP] = resume_wound_trap,
  [PENDING_RESUME_WOUND_DEAD_WATER] = resume_wound_dead_water,
};

/* Pops the top frame and goes on with what it resumes; @value is what the
 * choice decided (the Mortal Wound taken). */
void
pending_resume_with (PenGame *self,
                     int      value)
{
  PendingFrame frame = pending_pop (self);

  if (pending_resumes[frame.resume] != NULL)
    pending_resumes[frame.resume] (self, &frame, value);
}

/* Goes on with what a frame already popped resumes. */
void
pending_continue (PenGame       *self,
                  PendingResume  resume,
                  int            arg,
                  int            value)
{
  PendingFrame frame = { .kind = PEN_PENDING_NONE, .resume = resume, .arg = arg };

  if (pending_resumes[resume] != NULL)
    pending_resumes[resume] (self, &frame, value);
}

void
pending_resume (PenGame *self)
{
  pending_resume_with (self, 0);
}

#define KIND(kind) (1u << PEN_PENDING_##kind)

/* The kinds of choice each resume is pushed with (a card's own Threat ends
 * as none when it gives a Mortal Wound; the turn ends after it). */
static const guint pending_kinds[PENDING_N_RESUMES] = {
  [PENDING_RESUME_NONE] = 0,
  [PENDING_RESUME_CARD] = KIND (CARD) | KIND (EQUIPMENT),
  [PENDING_RESUME_REWARD] = KIND (CARD) | KIND (EQUIPMENT),
  [PENDING_RESUME_EFFECT] = KIND (CARD_EFFECT) | KIND (EXCHANGE),
  [PENDING_RESUME_EVENT] = KIND (CARD_EFFECT),
  [PENDING_RESUME_CARD_THREAT] = KIND (THREAT) | KIND (NONE),
  [PENDING_RESUME_BIND] = KIND (RESERVE),
  [PENDING_RESUME_TAKE_BACK] = KIND (TAKE_BACK),
  [PENDING_RESUME_WOUND_THREAT] = KIND (MORTAL_WOUND),
  [PENDING_RESUME_WOUND_TRAP] = KIND (MORTAL_WOUND),
  [PENDING_RESUME_WOUND_DEAD_WATER] = KIND (MORTAL_WOUND),
};

/* The kinds of choice that only interrupt another. */
static const guint pushed_only = KIND (CARD) | KIND (EQUIPMENT) | KIND (CARD_EFFECT) | KIND (RESERVE)
                                 | KIND (TAKE_BACK) | KIND (MORTAL_WOUND);

#undef KIND

gboolean
pending_state_check (PenGame  *self,
                     GError  **error)
{
  const PendingState *state = &self->pending;

  if (state->depth < 1 || state->depth > PENDING_MAX_FRAMES || state->frames[0].resume != PENDING_RESUME_NONE
      || self->turn.pending != state->frames[state->depth - 1].kind)
    return json_bad_save (error, _("the pending choices do not hold together."));
  for (guint i = 1; i < state->depth; i++)
    if (!(pending_kinds[state->frames[i].resume] & (1u << state->frames[i].kind)))
      return json_bad_save (error, _("the pending choices do not hold together."));
  /* What only interrupts another choice is never the turn's own; what pops
   * back does not find the bottom. */
  if ((pushed_only & (1u << state->frames[0].kind))
      || (self->turn.pending == PEN_PENDING_EXCHANGE && self->cards.exchange_from_card
          && pending_top (self)->resume != PENDING_RESUME_EFFECT)
      || (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.source == THREAT_FOR_CARD
          && pending_top (self)->resume != PENDING_RESUME_CARD_THREAT))
    return json_bad_save (error, _("the pending choices do not hold together."));
  for (guint i = 1; i < state->depth; i++)
    if (state->frames[i].resume == PENDING_RESUME_CARD_THREAT && self->cards.threat_card == NULL)
      return json_bad_save (error, _("the pending choices do not hold together."));
  return TRUE;
}

/* What a frame of @kind returns to, as a save of version 5 kept it in
 * separate slots (PendingSlots): its resume, and the kind beneath it; FALSE
 * for a frame that returns to nothing (the turn's own choice). */
static gboolean
slot_beneath (PenGame       *self,
              PenPending     kind,
              gboolean      *card_threat,
              PendingResume *resume,
              int           *arg,
              PenPending    *beneath)
{
  const PendingSlots *slots = &self->pending.v5;

  *arg = 0;
  switch (kind)
    {
    case PEN_PENDING_MORTAL_WOUND:
      *resume = slots->wound_from == WOUND_FROM_THREAT ? PENDING_RESUME_WOUND_THREAT
                : slots->wound_from == WOUND_FROM_TRAP ? PENDING_RESUME_WOUND_TRAP
                                                       : PENDING_RESUME_WOUND_DEAD_WATER;
      *beneath = slots->wound_from == WOUND_FROM_THREAT ? PEN_PENDING_THREAT : PEN_PENDING_NONE;
      return TRUE;
    case PEN_PENDING_THREAT:
      /* A card's own Threat, over what it interrupted: a Threat being
       * prepared, no card's (effects_card_threat_can_start()). */
      if (self->threat.current.source != THREAT_FOR_CARD || *card_threat)
        return FALSE;
      *card_threat = TRUE;
      *resume = PENDING_RESUME_CARD_THREAT;
      *arg = slots->outer_threat;
      *beneath = slots->threat_card;
      return TRUE;
    case PEN_PENDING_CARD:
    case PEN_PENDING_EQUIPMENT:
      *resume = slots->after_reward ? PENDING_RESUME_REWARD : PENDING_RESUME_CARD;
      *beneath = slots->card;
      return TRUE;
    case PEN_PENDING_CARD_EFFECT:
      *resume = self->cards.effect.after_event ? PENDING_RESUME_EVENT : PENDING_RESUME_EFFECT;
      *beneath = self->cards.effect.after_event ? PEN_PENDING_NONE : slots->effect;
      return TRUE;
    case PEN_PENDING_EXCHANGE:
      if (!self->cards.exchange_from_card)
        return FALSE;
      *resume = PENDING_RESUME_EFFECT;
      *beneath = slots->effect;
      return TRUE;
    case PEN_PENDING_RESERVE:
      *resume = PENDING_RESUME_BIND;
      *beneath = slots->bind;
      return TRUE;
    case PEN_PENDING_TAKE_BACK:
      *resume = PENDING_RESUME_TAKE_BACK;
      *beneath = slots->take_back;
      return TRUE;
    case PEN_PENDING_NONE:
    case PEN_PENDING_TALENT:
    case PEN_PENDING_LOCATION:
    case PEN_PENDING_CONTRACT:
    case PEN_PENDING_PATH:
    case PEN_PENDING_TASK:
    case PEN_PENDING_RIFT:
    case PEN_PENDING_COLOUR:
    case PEN_PENDING_BUY:
    default:
      return FALSE;
    }
}

/* ---- The stack in a save (docs/save-format.md, "pending") ----------------- */

/* The save's ids of PendingResume, in its order. */
static const char *const resume_ids[PENDING_N_RESUMES] = {
  "none", "card", "reward", "effect", "event", "card-threat", "bind", "take-back",
  "wound-threat", "wound-trap", "wound-dead-water",
};

/* "pending": the frames, bottom first. */
void
pending_state_to_json (PenGame     *self,
                       JsonBuilder *b)
{
  json_builder_set_member_name (b, "pending");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->pending.depth; i++)
    {
      const PendingFrame *frame = &self->pending.frames[i];

      json_builder_begin_object (b);
      json_put_string (b, "kind", json_pending_ids[frame->kind]);
      json_put_string (b, "resume", resume_ids[frame->resume]);
      json_put_int (b, "arg", frame->arg);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* The pending choice of a save of version 5 or earlier, "pending" of the
 * turn; the rest of the stack is built once every area is read
 * (pending_state_from_slots()). */
static gboolean
read_pending_v5 (PenGame     *self,
                 JsonObject  *root,
                 GError     **error)
{
  JsonNode *member = json_get_member (root, "turn", JSON_NODE_OBJECT, error);
  guint choice;

  if (member == NULL
      || !json_get_choice (json_node_get_object (member), "pending", json_pending_ids, G_N_ELEMENTS (json_pending_ids),
                           &choice, error))
    return FALSE;
  pending_reset (self, choice);
  return TRUE;
}

/* The stack, read before the turn, which checks its choice against it. */
gboolean
pending_state_from_json (PenGame     *self,
                         JsonObject  *root,
                         gint64       version,
                         GError     **error)
{
  JsonNode *member;
  JsonArray *frames;

  memset (&self->pending.v5, 0, sizeof self->pending.v5);
  self->pending.lifted = PENDING_RESUME_NONE;
  if (version < 6)
    return read_pending_v5 (self, root, error);
  member = json_get_member (root, "pending", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  frames = json_node_get_array (member);
  if (json_array_get_length (frames) < 1 || json_array_get_length (frames) > PENDING_MAX_SAVED)
    return json_bad_save (error, _("“pending” must hold 1 to %u choices."), (guint) PENDING_MAX_SAVED);
  for (guint i = 0; i < json_array_get_length (frames); i++)
    {
      JsonNode *node = json_array_get_element (frames, i);
      JsonObject *object;
      guint kind, resume;
      gint64 arg;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return json_bad_save (error, _("a choice of “pending” is not an object."));
      object = json_node_get_object (node);
      if (!json_get_choice (object, "kind", json_pending_ids, G_N_ELEMENTS (json_pending_ids), &kind, error)
          || !json_get_choice (object, "resume", (const char **) resume_ids, G_N_ELEMENTS (resume_ids), &resume, error)
          || !json_get_int (object, "arg", 0, G_MAXINT, &arg, error))
        return FALSE;
      /* The bottom choice is the turn's own; each other returns to it. */
      if ((i == 0) != (resume == PENDING_RESUME_NONE))
        return json_bad_save (error, _("the pending choices do not hold together."));
      if (i == 0)
        pending_reset (self, kind);
      else
        pending_push (self, kind, resume, (int) arg);
    }
  return TRUE;
}

/* A save of version 5 or earlier: the stack built from the pending choice
 * and the slots the areas read, once every area is read. */
gboolean
pending_state_from_slots (PenGame  *self,
                          gint64    version,
                          GError  **error)
{
  PendingFrame chain[PENDING_MAX_FRAMES];
  guint n = 0;
  PenPending kind = self->turn.pending;
  PendingResume resume;
  int arg;
  PenPending beneath;
  gboolean card_threat = FALSE;

  if (version >= 6)
    return TRUE;
  while (slot_beneath (self, kind, &card_threat, &resume, &arg, &beneath))
    {
      if (n == PENDING_MAX_SAVED - 1)
        return json_bad_save (error, _("the pending choices do not hold together."));
      chain[n++] = (PendingFrame) { .kind = kind, .resume = resume, .arg = arg };
      kind = beneath;
    }
  pending_reset (self, kind);
  while (n > 0)
    {
      n--;
      pending_push (self, chain[n].kind, chain[n].resume, chain[n].arg);
    }
  memset (&self->pending.v5, 0, sizeof self->pending.v5);
  return TRUE;
}

/* ---- The choices: their gates, listers and sentences ---------------------- */

/* The rows of pendings[]: one per PenPending, then the phases of a Threat
 * and of a colour that let other actions through. */
enum
{
  ROW_THREAT_ROLLED = PEN_PENDING_MORTAL_WOUND + 1,  /* step 2: cards on the rolled dice */
  ROW_THREAT_TARGET,   /* step 3: where a Threat die goes */
  ROW_COLOUR_EVENT,    /* an Event's die, named after the turn: no card meanwhile */
  N_ROWS,
};

#define ALLOWS(type) (G_GUINT64_CONSTANT (1) << (type))

static guint
row_of (PenGame *self)
{
  switch (self->turn.pending)
    {
    case PEN_PENDING_THREAT:
      if (self->threat.current.rolled)
        return self->threat.current.step2 ? ROW_THREAT_ROLLED : ROW_THREAT_TARGET;
      return PEN_PENDING_THREAT;
    case PEN_PENDING_COLOUR:
      return self->quests.attempt.colours_left == 0 ? ROW_COLOUR_EVENT : PEN_PENDING_COLOUR;
    case PEN_PENDING_NONE:
    case PEN_PENDING_TALENT:
    case PEN_PENDING_LOCATION:
    case PEN_PENDING_EXCHANGE:
    case PEN_PENDING_CONTRACT:
    case PEN_PENDING_PATH:
    case PEN_PENDING_TASK:
    case PEN_PENDING_RIFT:
    case PEN_PENDING_RESERVE:
    case PEN_PENDING_CARD:
    case PEN_PENDING_BUY:
    case PEN_PENDING_EQUIPMENT:
    case PEN_PENDING_CARD_EFFECT:
    case PEN_PENDING_TAKE_BACK:
    case PEN_PENDING_MORTAL_WOUND:
    default:
      return self->turn.pending;
    }
}

/* ---- Listers: the order of the list is part of the behaviour (HACKING.md,
 * "Adding an action kind", step 4) ---- */

/* The actions of a choice under way: the simple kinds, paying Blood where
 * they must, the Contracts' and Trials', the cards', the Artifacts' discards. */
static void
list_choice (Lister *lister)
{
  static const PenActionType simple[] = {
    PEN_ACTION_USE_LOCATION, PEN_ACTION_SKIP_LOCATION, PEN_ACTION_HURRY,
    PEN_ACTION_FINISH_EXCHANGE, PEN_ACTION_REST, PEN_ACTION_ROLL_THREAT, PEN_ACTION_END_TURN,
    PEN_ACTION_TASK_DO, PEN_ACTION_GIVE_UP, PEN_ACTION_BIND,
  };
  PenAction action;

  /* Filled once, its type changed from one candidate to the next (the
   * same initialised for each showed in profiles). */
  pen_action_init (&action, simple[0]);
  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    {
      action.type = simple[i];
      marks_offer_paying_blood (lister, &action);
    }
  quests_offer_actions (lister);
  cards_offer_actions (lister);
  cards_offer_artifact_discards (lister);
}

/* The turn open: the choice's actions, then each die's and the heals. */
static void
list_open (Lister *lister)
{
  PenWizardBoard *board = game_current_board (lister->game);

  list_choice (lister);
  for (guint d = 0; d < board_n_dice (board); d++)
    if (game_is_first_of_its_kind (board, d))
      dice_offer_die_actions (lister, d);
  marks_offer_heals (lister);
}

static void
list_exchange (Lister *lister)
{
  list_open (lister);
  dice_offer_exchanges (lister);
}

static void
list_threat_rolled (Lister *lister)
{
  cards_offer_actions (lister);
  cards_offer_artifact_discards (lister);
}

static void
list_take_back (Lister *lister)
{
  dice_offer_take_backs (lister);
  cards_offer_artifact_discards (lister);
}

/* A sentence of the log's typed arguments, rendered now: the first argument
 * is its message (LOG_MSG (N_("…")) or LOG_PLURAL (…)). */
#define prompt_of(self, ...) log_render_args ((self), (const LogArg[]) { __VA_ARGS__, LOG_END })

/* The die a Rest effect takes back, by PenDiscipline for a coloured die,
 * then Bone and Spark: a colour is joined to its noun in a message of its
 * own (po/GLOSSARY.md, "Forms"). */
static const char *const take_back_prompts[PEN_N_DISCIPLINES + 2] = {
  N_("Take back a Red die of your choice from the locations"),
  N_("Take back an Orange die of your choice from the locations"),
  N_("Take back a Yellow die of your choice from the locations"),
  N_("Take back a Green die of your choice from the locations"),
  N_("Take back a Blue die of your choice from the locations"),
  N_("Take back a Purple die of your choice from the locations"),
  N_("Take back a Bone die of your choice from the locations"),
  N_("Take back a Spark die of your choice from the locations"),
};

/* The market a gained card comes from, by deck (PEN_N_DECKS), then any
 * Discipline's. */
static const char *const gain_prompts[PEN_N_DECKS + 1] = {
  N_("Choose the card to gain from the Ruby market"),
  N_("Choose the card to gain from the Amber market"),
  N_("Choose the card to gain from the Jasper market"),
  N_("Choose the card to gain from the Emerald market"),
  N_("Choose the card to gain from the Sapphire market"),
  N_("Choose the card to gain from the Amethyst market"),
  N_("Choose the card to gain from the Potions market"),
  N_("Choose the card to gain from the Artifacts market"),
  N_("Choose the card to gain from a Discipline’s market"),
};

static char *
talent_prompt (PenGame *self)
{
  const PenTalent *first = pen_talents_find (self->talents, self->dealt[self->turn.current][0]);
  const PenTalent *second = pen_talents_find (self->talents, self->dealt[self->turn.current][1]);

  if (first == NULL || second == NULL)
    return prompt_of (self, LOG_MSG (N_("Choose your Talent")));
  return prompt_of (self, LOG_MSG (N_("Choose your Talent: %s or %s")), LOG_NAME (first->name),
                    LOG_NAME (second->name));
}

static char *
threat_prompt (PenGame *self)
{
  const Threat *threat = &self->threat.current;

  if (!threat->rolled)
    {
      /* Rulebook, "Threat", step 1: the dice are prepared and may be
       * cancelled (Defend, cards) before the roll, unless uncancellable. */
      if (threat->uncancellable)
        return prompt_of (self,
                          LOG_PLURAL ("Roll the Threat of %u die: it cannot be cancelled",
                                      "Roll the Threat of %u dice: it cannot be cancelled", threat->n_dice),
                          LOG_NUMBER (threat->n_dice));
      return prompt_of (self,
                        LOG_PLURAL ("Roll the Threat of %u die (cancel what you can first)",
                                    "Roll the Threat of %u dice (cancel what you can first)", threat->n_dice),
                        LOG_NUMBER (threat->n_dice));
    }
  return prompt_of (self, LOG_MSG (N_("Choose which of your dice the Threat %u knocks out, or the Mark it wounds")),
                    LOG_NUMBER (threat->n_values > 0 ? threat->values[0] : 0));
}

/* A card's effect that waits (CardEffect): the first of its parts left, in
 * the order the card's effects are usually used. */
static char *
card_effect_prompt (PenGame *self)
{
  const CardEffect *effect = &self->cards.effect;
  guint tokens = 0;

  for (guint i = 0; i < G_N_ELEMENTS (effect->tokens); i++)
    tokens += effect->tokens[i];
  if (effect->threat_adjust > 0)
    return prompt_of (self,
                      LOG_PLURAL ("Adjust the Threat dice: %u left", "Adjust the Threat dice: %u left",
                                  effect->threat_adjust),
                      LOG_NUMBER (effect->threat_adjust));
  if (effect->cancel_property)
    return prompt_of (self, LOG_MSG (N_("Choose the Property of the Trial to cancel")));
  if (effect->ring)
    return prompt_of (self, LOG_MSG (N_("Choose how the Whispering Ring helps the task")));
  if (effect->heals > 0)
    return prompt_of (self,
                      LOG_PLURAL ("Heal %u wounded Mark, or leave the rest of the card’s effect",
                                  "Heal %u wounded Marks, or leave the rest of the card’s effect", effect->heals),
                      LOG_NUMBER (effect->heals));
  if (effect->recharges > 0)
    return prompt_of (self,
                      LOG_PLURAL ("Recharge %u discharged Mark, or leave the rest of the card’s effect",
                                  "Recharge %u discharged Marks, or leave the rest of the card’s effect",
                                  effect->recharges),
                      LOG_NUMBER (effect->recharges));
  if (effect->unexhausts > 0)
    return prompt_of (self,
                      LOG_PLURAL ("Unexhaust %u card, or leave the rest of the card’s effect",
                                  "Unexhaust %u cards, or leave the rest of the card’s effect", effect->unexhausts),
                      LOG_NUMBER (effect->unexhausts));
  if (effect->colours > 0)
    return prompt_of (self,
                      LOG_PLURAL ("Choose the colour of %u die, or leave the rest of the card’s effect",
                                  "Choose the colour of %u dice, or leave the rest of the card’s effect",
                                  effect->colours),
                      LOG_NUMBER (effect->colours));
  if (tokens > 0)
    return prompt_of (self,
                      LOG_PLURAL ("Use the card’s manipulation on your dice (%u left), or leave the rest",
                                  "Use the card’s manipulations on your dice (%u left), or leave the rest", tokens),
                      LOG_NUMBER (tokens));
  return prompt_of (self, LOG_MSG (N_("Use the card’s effect, or leave the rest of it")));
}

static char *
buy_prompt (PenGame *self)
{
  if (self->cards.buy_market == PEN_MARKET_BREWERY)
    return prompt_of (self, LOG_MSG (N_("Buy a Potion in the Brewery, or finish buying")));
  if (self->cards.buy_market == PEN_MARKET_SHOP)
    return prompt_of (self, LOG_MSG (N_("Buy an Artifact in the Shop, or finish buying")));
  return prompt_of (self, LOG_MSG (N_("Buy a Potion or an Artifact, or finish buying")));
}

static char *
take_back_prompt (PenGame *self)
{
  const PenDie *die = &self->turn.take_back[0];
  guint row = die->kind == PEN_DIE_KIND_BONE    ? PEN_N_DISCIPLINES
              : die->kind == PEN_DIE_KIND_SPARK ? PEN_N_DISCIPLINES + 1
                                                : (guint) die->colour;

  if (self->turn.n_take_back == 0 || row >= G_N_ELEMENTS (take_back_prompts))
    return prompt_of (self, LOG_MSG (N_("Take back a die of your choice from the locations")));
  return prompt_of (self, LOG_MSG (take_back_prompts[row]));
}

/* Nothing is pending: what the turn allows (rulebook, "Turn Sequence"). */
static char *
turn_prompt (PenGame *self)
{
  guint left = self->turn.placements_left;

  switch (self->turn.type)
    {
    case PEN_TURN_UNDECLARED:
      if (self->must_rest[self->turn.current])
        return prompt_of (self, LOG_MSG (N_("Your turn: after a Mortal Wound it must be Rest")));
      return prompt_of (self, LOG_MSG (N_("Your turn: place a die to Study, start a Trial, Rest, or end your turn")));
    case PEN_TURN_STUDY:
      if (left > 0)
        return prompt_of (self,
                          LOG_PLURAL ("Place a die (%u placement left), use an effect, or end your turn",
                                      "Place a die (%u placements left), use an effect, or end your turn", left),
                          LOG_NUMBER (left));
      return prompt_of (self, LOG_MSG (N_("End your turn, or use an effect first")));
    case PEN_TURN_TRIAL:
    case PEN_TURN_REST:
    default:
      return prompt_of (self, LOG_MSG (N_("End your turn, or use an effect first")));
    }
}

static char *
path_prompt (PenGame *self)
{
  if (self->quests.attempt.id == NULL)
    return prompt_of (self, LOG_MSG (N_("Choose your Trial’s path: Light or Darkness")));
  return prompt_of (self, LOG_MSG (N_("Choose the path of the Trial %s: Light or Darkness")),
                    LOG_FATE (self->quests.attempt.id));
}

static char *
task_prompt (PenGame *self)
{
  if (self->quests.attempt.id == NULL)
    return prompt_of (self, LOG_MSG (N_("Pay the task")));
  return prompt_of (self, LOG_MSG (N_("Pay the task, changing your dice first if you must, or give it up: %s")), quests_current_task_arg (self));
}

static char *
rift_prompt (PenGame *self)
{
  return prompt_of (self,
                    LOG_PLURAL ("Discard %u die to the Rift", "Discard %u dice to the Rift",
                                self->quests.attempt.rift_left),
                    LOG_NUMBER (self->quests.attempt.rift_left));
}

static char *
gain_prompt (PenGame *self)
{
  int deck = self->cards.gain_deck;

  return prompt_of (self, LOG_MSG (gain_prompts[deck >= 0 && deck < PEN_N_DECKS ? deck : PEN_N_DECKS]));
}

typedef struct
{
  PendingGate  gate;
  /* The action kinds that answer the choice (bits of PenActionType), as
   * the table lights them: what the choice asks, not what it merely lets
   * through meanwhile (a card used, Defend before a roll, a Bribe). */
  guint64      answers;
  void       (*list) (Lister *lister);
  /* The sentence: @prompt's, or @sentence when it has no specifics. */
  char      *(*prompt) (PenGame *self);
  const char  *sentence;
} PendingRow;

/* For each pending choice (and each phase of a Threat and of a colour): the
 * action kinds it lets through (0: all, each by its own check), whether an
 * Artifact may be discarded meanwhile (rulebook, "Artifacts": "at any
 * time", but for the Mortal Wound's and the Threat dice's distribution:
 * docs/rules-assumptions.md), the refusal of the others, the kinds that
 * answer it, its lister and its sentence. */
static const PendingRow pendings[N_ROWS] = {
  [PEN_PENDING_NONE] = { { 0, TRUE, NULL },
                       ALLOWS (PEN_ACTION_PLACE) | ALLOWS (PEN_ACTION_END_TURN) | ALLOWS (PEN_ACTION_AUTOMA_TURN),
                       list_open, turn_prompt, NULL },
  [PEN_PENDING_TALENT] = { { ALLOWS (PEN_ACTION_CHOOSE_TALENT), FALSE, N_("First choose your Talent.") },
                         ALLOWS (PEN_ACTION_CHOOSE_TALENT),
                         setup_offer_talents, talent_prompt, NULL },
  [PEN_PENDING_LOCATION] = { { 0, TRUE, NULL },
                           ALLOWS (PEN_ACTION_USE_LOCATION) | ALLOWS (PEN_ACTION_SKIP_LOCATION),
                           list_open, NULL, N_("Use the effect of the section you placed in, or skip it") },
  [PEN_PENDING_EXCHANGE] = { { 0, TRUE, NULL },
                           ALLOWS (PEN_ACTION_EXCHANGE) | ALLOWS (PEN_ACTION_FINISH_EXCHANGE),
                           list_exchange, NULL, N_("Exchange Ingredients, or finish exchanging") },
  [PEN_PENDING_THREAT] = { { 0, TRUE, NULL },
                         ALLOWS (PEN_ACTION_ROLL_THREAT),
                         list_open, threat_prompt, NULL },
  [PEN_PENDING_CONTRACT] = { { 0, TRUE, NULL },
                           ALLOWS (PEN_ACTION_CHOOSE_CONTRACT),
                           list_open, NULL, N_("Choose the Contract to attempt") },
  [PEN_PENDING_PATH] = { { 0, TRUE, NULL },
                       ALLOWS (PEN_ACTION_CHOOSE_PATH),
                       list_open, path_prompt, NULL },
  [PEN_PENDING_TASK] = { { 0, TRUE, NULL },
                       ALLOWS (PEN_ACTION_TASK_DICE) | ALLOWS (PEN_ACTION_TASK_DO) | ALLOWS (PEN_ACTION_USE_TALENT) | ALLOWS (PEN_ACTION_GIVE_UP),
                       list_open, task_prompt, NULL },
  [PEN_PENDING_RIFT] = { { ALLOWS (PEN_ACTION_RIFT_DISCARD), TRUE, N_("First discard the dice the Rift takes.") },
                       ALLOWS (PEN_ACTION_RIFT_DISCARD),
                       list_choice, rift_prompt, NULL },
  [PEN_PENDING_RESERVE] = { { ALLOWS (PEN_ACTION_RESERVE), TRUE, N_("First choose the Contract to reserve, or none.") },
                          ALLOWS (PEN_ACTION_RESERVE),
                          list_choice, NULL, N_("Choose the Contract to reserve, or none") },
  [PEN_PENDING_COLOUR] = { { ALLOWS (PEN_ACTION_CHOOSE_COLOUR) | ALLOWS (PEN_ACTION_USE_CARD), TRUE, N_("First choose the colour of your reward die.") },
                         ALLOWS (PEN_ACTION_CHOOSE_COLOUR),
                         list_choice, NULL, N_("Choose the colour of your reward die") },
  [PEN_PENDING_CARD] = { { ALLOWS (PEN_ACTION_TAKE_CARD) | ALLOWS (PEN_ACTION_USE_CARD), TRUE, N_("First choose the card to gain.") },
                       ALLOWS (PEN_ACTION_TAKE_CARD),
                       list_choice, gain_prompt, NULL },
  [PEN_PENDING_BUY] = { { ALLOWS (PEN_ACTION_BUY_CARD) | ALLOWS (PEN_ACTION_FINISH_BUYING) | ALLOWS (PEN_ACTION_BRIBE) | ALLOWS (PEN_ACTION_USE_CARD), TRUE, N_("First finish buying.") },
                      ALLOWS (PEN_ACTION_BUY_CARD) | ALLOWS (PEN_ACTION_FINISH_BUYING),
                      list_choice, buy_prompt, NULL },
  [PEN_PENDING_EQUIPMENT] = { { ALLOWS (PEN_ACTION_KEEP_EQUIPMENT), TRUE, N_("First decide which Artifact keeps the Equipment cell.") },
                            ALLOWS (PEN_ACTION_KEEP_EQUIPMENT),
                            list_choice, NULL, N_("Decide which Artifact keeps the Equipment cell") },
  [PEN_PENDING_CARD_EFFECT] = { { ALLOWS (PEN_ACTION_CARD_TOKEN) | ALLOWS (PEN_ACTION_FINISH_CARD), TRUE, N_("First use the card's effect, or leave the rest of it.") },
                              ALLOWS (PEN_ACTION_CARD_TOKEN) | ALLOWS (PEN_ACTION_FINISH_CARD),
                              list_choice, card_effect_prompt, NULL },
  [PEN_PENDING_TAKE_BACK] = { { ALLOWS (PEN_ACTION_TAKE_BACK), TRUE, N_("First choose the die the Rest effect takes back from the locations.") },
                            ALLOWS (PEN_ACTION_TAKE_BACK),
                            list_take_back, take_back_prompt, NULL },
  [PEN_PENDING_MORTAL_WOUND] = { { ALLOWS (PEN_ACTION_MORTAL_WOUND), FALSE, N_("First take the Mortal Wound, or discard the Phylactery to ignore it.") },
                               ALLOWS (PEN_ACTION_MORTAL_WOUND),
                               threat_offer_mortal_wound, NULL, N_("Take the Mortal Wound, or discard the Phylactery") },
  [ROW_THREAT_ROLLED] = { { ALLOWS (PEN_ACTION_USE_CARD) | ALLOWS (PEN_ACTION_FINISH_CARD), TRUE, N_("The Threat dice are rolled: use a card on them, or go on.") },
                        ALLOWS (PEN_ACTION_USE_CARD) | ALLOWS (PEN_ACTION_FINISH_CARD),
                        list_threat_rolled, NULL, N_("The Threat dice are rolled: use a card on them, or go on") },
  [ROW_THREAT_TARGET] = { { ALLOWS (PEN_ACTION_THREAT_TARGET), FALSE, N_("First decide where the Threat die goes.") },
                        ALLOWS (PEN_ACTION_THREAT_TARGET),
                        threat_offer_targets, threat_prompt, NULL },
  [ROW_COLOUR_EVENT] = { { ALLOWS (PEN_ACTION_CHOOSE_COLOUR), TRUE, N_("First choose the colour of your reward die.") },
                       ALLOWS (PEN_ACTION_CHOOSE_COLOUR),
                       list_choice, NULL, N_("Choose the colour of the Event’s die") },
};

/* What the pending choice lets through, for game_check_candidate(). */
const PendingGate *
pending_gate (PenGame *self)
{
  return &pendings[row_of (self)].gate;
}

/**
 * pen_game_action_answers:
 * @self: a game
 * @action: one of its legal actions
 *
 * Whether @action answers the choice the game waits for (the die the Threat
 * takes, the card to gain, the die a Rest effect takes back…), as opposed to
 * what the moment merely allows besides. With no pending choice, the turn's
 * own steps answer: a die placed, the end of the turn, the Automa's turn
 * (not Rest nor a Trial, which the sentence offers but which no light should
 * suggest).
 *
 * Returns: whether @action answers the pending choice
 */
gboolean
pen_game_action_answers (PenGame         *self,
                         const PenAction *action)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return (guint) action->type < PEN_N_ACTION_TYPES && (pendings[row_of (self)].answers & ALLOWS (action->type)) != 0;
}

/* The legal actions of the pending choice, for pen_game_list_actions(). */
void
pending_list (Lister *lister)
{
  pendings[row_of (lister->game)].list (lister);
}

/**
 * pen_game_get_prompt:
 *
 * What the game waits for now, in one sentence in the player's words: the
 * pending choice with its specifics, what the turn allows when nothing is
 * pending, the Automa's turn, or the game's end. Never empty.
 *
 * Returns: (transfer full): the sentence, translated
 */
char *
pen_game_get_prompt (PenGame *self)
{
  const PendingRow *row;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  if (self->fate.over)
    return prompt_of (self, LOG_MSG (N_("The game is over")));
  /* The same order as the gates of game_check_candidate(). */
  if ((int) self->turn.current == self->automa.player && self->turn.pending != PEN_PENDING_TALENT)
    return prompt_of (self, LOG_MSG (N_("The Automa’s turn: play it")));
  row = &pendings[row_of (self)];
  if (row->prompt != NULL)
    return row->prompt (self);
  return prompt_of (self, LOG_MSG (row->sentence));
}
