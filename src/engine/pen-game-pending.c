/* pen-game-pending.c: what the game waits for, in the player's words.
 *
 * pen_game_get_prompt() says in one sentence what the player to act is asked
 * now: the pending choice with its specifics (the die owed, the market, the
 * task, the Threat die), or what the turn allows when nothing is pending.
 * The window shows it, and penumbra-sim prints it; the sentences name dice,
 * tasks and cards through the log's typed arguments (pen-game-log.c), so that
 * they read as the log reads in either language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game"

#include "config.h"

#include "pen-game-private.h"

/* A sentence of the log's typed arguments, rendered now: the first argument
 * is its message (LOG_MSG (N_("…")) or LOG_PLURAL (…)). */
#define prompt_of(self, ...) log_render_args ((self), (const LogArg[]) { __VA_ARGS__, LOG_END })

/* The die a Rest effect takes back, by PenDiscipline for a coloured die,
 * then Bone and Spark: a colour is joined to its noun in a message of its
 * own (po/GLOSSARY.md, "Forms"). */
static const char *const take_back_prompts[PEN_N_DISCIPLINES + 2] = {
  N_("Take back one of your placed Red dice"),
  N_("Take back one of your placed Orange dice"),
  N_("Take back one of your placed Yellow dice"),
  N_("Take back one of your placed Green dice"),
  N_("Take back one of your placed Blue dice"),
  N_("Take back one of your placed Purple dice"),
  N_("Take back one of your placed Bone dice"),
  N_("Take back one of your placed Spark dice"),
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
  if (threat->step2)
    return prompt_of (self, LOG_MSG (N_("The Threat dice are rolled: use a card on them, or go on")));
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
    return prompt_of (self, LOG_MSG (N_("Take back one of your placed dice")));
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
      return prompt_of (self, LOG_MSG (N_("Your turn: place a die to Study, start a Trial, or Rest")));
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
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  if (self->fate.over)
    return prompt_of (self, LOG_MSG (N_("The game is over")));
  /* The same order as the gates of game_check_candidate(). */
  if ((int) self->turn.current == self->automa.player && self->turn.pending != PEN_PENDING_TALENT)
    return prompt_of (self, LOG_MSG (N_("The Automa’s turn: play it")));

  switch (self->turn.pending)
    {
    case PEN_PENDING_TALENT:
      return talent_prompt (self);
    case PEN_PENDING_LOCATION:
      return prompt_of (self, LOG_MSG (N_("Use the effect of the section you placed in, or skip it")));
    case PEN_PENDING_EXCHANGE:
      return prompt_of (self, LOG_MSG (N_("Exchange Ingredients, or finish exchanging")));
    case PEN_PENDING_THREAT:
      return threat_prompt (self);
    case PEN_PENDING_CONTRACT:
      return prompt_of (self, LOG_MSG (N_("Choose the Contract to attempt")));
    case PEN_PENDING_PATH:
      if (self->quests.attempt.id == NULL)
        return prompt_of (self, LOG_MSG (N_("Choose your Trial’s path: Light or Darkness")));
      return prompt_of (self, LOG_MSG (N_("Choose the path of the Trial %s: Light or Darkness")),
                        LOG_FATE (self->quests.attempt.id));
    case PEN_PENDING_TASK:
      if (self->quests.attempt.id == NULL)
        return prompt_of (self, LOG_MSG (N_("Pay the task")));
      return prompt_of (self, LOG_MSG (N_("Pay the task: %s")), quests_current_task_arg (self));
    case PEN_PENDING_RIFT:
      return prompt_of (self,
                        LOG_PLURAL ("Discard %u die to the Rift", "Discard %u dice to the Rift",
                                    self->quests.attempt.rift_left),
                        LOG_NUMBER (self->quests.attempt.rift_left));
    case PEN_PENDING_RESERVE:
      return prompt_of (self, LOG_MSG (N_("Choose the Contract to reserve, or none")));
    case PEN_PENDING_COLOUR:
      if (self->quests.attempt.colours_left == 0)
        return prompt_of (self, LOG_MSG (N_("Choose the colour of the Event’s die")));
      return prompt_of (self, LOG_MSG (N_("Choose the colour of your reward die")));
    case PEN_PENDING_CARD:
      return prompt_of (self, LOG_MSG (gain_prompts[self->cards.gain_deck >= 0 && self->cards.gain_deck < PEN_N_DECKS
                                                      ? self->cards.gain_deck
                                                      : PEN_N_DECKS]));
    case PEN_PENDING_BUY:
      return buy_prompt (self);
    case PEN_PENDING_EQUIPMENT:
      return prompt_of (self, LOG_MSG (N_("Decide which Artifact keeps the Equipment cell")));
    case PEN_PENDING_CARD_EFFECT:
      return card_effect_prompt (self);
    case PEN_PENDING_TAKE_BACK:
      return take_back_prompt (self);
    case PEN_PENDING_MORTAL_WOUND:
      return prompt_of (self, LOG_MSG (N_("Take the Mortal Wound, or discard the Phylactery")));
    case PEN_PENDING_NONE:
    default:
      return turn_prompt (self);
    }
}
