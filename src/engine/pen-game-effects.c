/* pen-game-effects.c: using a Wizard card and its effect: costs, timing,
 * Empower, Launches and chains, the one interpreter of card effects, the
 * waiting parts of an effect (card-token, finish-card) and the cards that
 * trigger by themselves (rulebook, "Wizard Cards", "Spells", "Recipes and
 * Potions", "Summons and Pets", "Chains"). Gaining and buying cards are in
 * pen-game-cards.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-effects"

#include "config.h"

#include "pen-game-private.h"

static void apply_special (PenGame *self, PenCardSpecial special);

/* Marks counted by a "for each ... Mark" effect: the Marks of the Discipline,
 * plus what a constant effect adds ("Emerald effects trigger with +2 Marks"). */
static guint
effect_marks (PenGame       *self,
              PenDiscipline  discipline)
{
  guint n = pen_wizard_board_count_marks (game_current_board (self), discipline);

  for (guint i = 0; i < cards_owned (self)->len; i++)
    {
      const OwnedCard *owned = cards_owned_card (self, i);

      if (owned->rotated || owned->card->requirement != PEN_REQUIRE_CONSTANT
          || (owned->zone != ZONE_EQUIPMENT && owned->zone != ZONE_INVENTORY)
          || effects_card_suppressed (self, owned, NULL))
        continue;
      for (guint e = 0; e < owned->card->n_effects; e++)
        if (owned->card->effects[e].op == PEN_EFFECT_BOOST_MARKS
            && owned->card->effects[e].boost_discipline == discipline)
          n += owned->card->effects[e].amount;
    }
  return n;
}

gboolean
effects_card_is_enhanced (const PenCard *card)
{
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].per_mark)
      return TRUE;
  return FALSE;
}

static gboolean
has_pending_effect (PenGame *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->cards.effect.tokens); i++)
    if (self->cards.effect.tokens[i] > 0)
      return TRUE;
  return self->cards.effect.exchange_open || self->cards.effect.heals > 0 || self->cards.effect.recharges > 0
         || self->cards.effect.unexhausts > 0;
}

/* Rulebook, "Marks": HEAL "you can choose any wounded Mark on your board";
 * RECHARGE "any discharged non-wounded Mark"; unexhaust: any rotated card
 * but the one unexhausting. */
static gboolean
pick_target_ok (PenGame *self,
                int      token,
                int      index)
{
  const PenMark *mark;

  if (token == PEN_TOKEN_UNEXHAUST)
    return index >= 0 && (guint) index < cards_owned (self)->len && cards_owned_card (self, index)->rotated
           && cards_owned_card (self, index)->card != self->cards.effect.unexhauster;
  if (index < 0 || index >= PEN_N_MARK_CELLS)
    return FALSE;
  if (token == PEN_TOKEN_RECHARGE && self->cards.effect.discipline_marks_only && index >= PEN_N_DISCIPLINE_CELLS)
    return FALSE;
  mark = board_mark (game_current_board (self), index);
  return mark->occupied && mark->state == (token == PEN_TOKEN_HEAL ? PEN_MARK_WOUNDED : PEN_MARK_DISCHARGED);
}

static guint *
picks_left (PenGame *self,
            int      token)
{
  return token == PEN_TOKEN_HEAL ? &self->cards.effect.heals
         : token == PEN_TOKEN_RECHARGE ? &self->cards.effect.recharges : &self->cards.effect.unexhausts;
}

/* "Flip the Mark …, move it to the upper (charged) position and gain the
 * Rest effect shown above the cell"; a recharged Mark gives none. */
static void
apply_pick (PenGame *self,
            int      token,
            int      index)
{
  PenMark mark;

  (*picks_left (self, token))--;
  if (token == PEN_TOKEN_UNEXHAUST)
    {
      log_line (self, N_("%s is unexhausted."), LOG_CARD (cards_owned_card (self, index)->card->id));
      cards_unrotate (self, index);
      return;
    }
  mark = *board_mark (game_current_board (self), index);
  mark.state = PEN_MARK_CHARGED;
  pen_wizard_board_set_mark (game_current_board (self), index, &mark);
  if (token == PEN_TOKEN_RECHARGE)
    {
      log_line (self, N_("A Mark is recharged."));
      return;
    }
  log_line (self, N_("A Mark is healed."));
  turn_apply_cell_rest_effects (self, index, self->turn.type == PEN_TURN_REST);
  /* An Event's heal comes once the turn is over: its dice are taken back at
   * once, as for the other Wizards (assumptions). */
  if (self->cards.effect.after_event)
    dice_take_back_owed (self, FALSE);
}

/* A pick with no more targets than picks left asks nothing: it takes them
 * all (none left: the rest of it is lost). Heals first: a healed Mark's Rest
 * effect may recharge Marks. */
static void
settle_picks (PenGame *self)
{
  static const int tokens[] = { PEN_TOKEN_HEAL, PEN_TOKEN_RECHARGE, PEN_TOKEN_UNEXHAUST };

  for (guint t = 0; t < G_N_ELEMENTS (tokens); t++)
    {
      guint n_targets = 0, n_indices = tokens[t] == PEN_TOKEN_UNEXHAUST ? cards_owned (self)->len : PEN_N_MARK_CELLS;

      for (guint i = 0; i < n_indices; i++)
        n_targets += pick_target_ok (self, tokens[t], i);
      if (*picks_left (self, tokens[t]) == 0 || n_targets > *picks_left (self, tokens[t]))
        continue;
      for (guint i = 0; i < n_indices; i++)
        if (pick_target_ok (self, tokens[t], i))
          apply_pick (self, tokens[t], i);
      *picks_left (self, tokens[t]) = 0;
    }
  if (self->cards.effect.unexhausts == 0)
    self->cards.effect.unexhauster = NULL;
}

/* The Marks an Event heals or recharges for the Wizard who revealed it wait
 * in self->cards.effect like a card's (pen-game-fate.c). Returns whether any waits
 * for the player. */
gboolean
effects_open_event_picks (PenGame *self)
{
  self->cards.effect.after_event = TRUE;
  settle_picks (self);
  if (!has_pending_effect (self))
    {
      memset (&self->cards.effect, 0, sizeof self->cards.effect);
      return FALSE;
    }
  /* Over the turn's end, which they go on with once used. */
  pending_set (self, PEN_PENDING_NONE);
  pending_push (self, PEN_PENDING_CARD_EFFECT, PENDING_RESUME_EVENT, 0);
  return TRUE;
}

/* The card's effect is used up or left: back to what it interrupted, or, for
 * an Event's picks, on to the next turn. */
static void
close_card_effect (PenGame *self)
{
  memset (&self->cards.effect, 0, sizeof self->cards.effect);
  pending_resume (self);
}

/* One interpreter for every card (docs/design-cards.md). @strength_bonus is
 * Empower's +2 per Orange die, for effects "for each Mark". */
void
effects_apply_card (PenGame       *self,
                    const PenCard *card,
                    guint          strength_bonus)
{
  PenWizardBoard *board = game_current_board (self);

  for (guint i = 0; i < card->n_effects; i++)
    {
      const PenEffect *e = &card->effects[i];
      guint n = e->per_mark ? e->amount * effect_marks (self, e->per_mark_discipline) + strength_bonus : e->amount;

      switch (e->op)
        {
        case PEN_EFFECT_GAIN_INGREDIENT:
          dice_gain_ingredients (self, e->ingredient, n);
          break;
        case PEN_EFFECT_GAIN_DIE:
          for (guint d = 0; d < n; d++)
            if (e->any_colour)
              {
                self->cards.effect.colours++;
                self->cards.effect.temporary_colours += e->temporary;
              }
            else
              {
                PenDie die = dice_make (e->die_kind, e->die_colour);

                pen_die_roll (&die, self->rng);
                die.temporary = e->temporary;
                pen_wizard_board_add_die (board, &die);
              }
          break;
        case PEN_EFFECT_ROLL_RESOURCE:
          if (n > 0)
            dice_roll_resource (self, n);
          break;
        case PEN_EFFECT_MANIPULATE:
          self->cards.effect.tokens[e->manipulation] += n;
          break;
        case PEN_EFFECT_EXCHANGE:
          if (e->repeat)
            {
              memcpy (self->cards.effect.exchange_give, e->give, sizeof e->give);
              memcpy (self->cards.effect.exchange_take, e->take, sizeof e->take);
              self->cards.effect.exchange_open = TRUE;
            }
          else
            for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
              {
                if (k == PEN_INGREDIENT_BLOOD)
                  marks_spend_blood (self, e->give[k]);
                else
                  pen_wizard_board_spend_ingredient (board, k, e->give[k]);
                if (e->take[k] > 0)
                  dice_gain_ingredients (self, k, e->take[k]);
              }
          break;
        case PEN_EFFECT_CONVERT:
          self->cards.effect.convert = TRUE;
          break;
        case PEN_EFFECT_HEAL:
          /* "Heal all Wounds": as many picks as there are cells. */
          self->cards.effect.heals += e->amount == 0 ? PEN_N_MARK_CELLS : n;
          break;
        case PEN_EFFECT_RECHARGE:
          self->cards.effect.recharges += n;
          self->cards.effect.discipline_marks_only = e->discipline_marks;
          break;
        case PEN_EFFECT_UNEXHAUST:
          self->cards.effect.unexhausts += n;
          self->cards.effect.unexhauster = card;
          break;
        case PEN_EFFECT_DISCARD_THREAT:
          if (self->turn.pending == PEN_PENDING_THREAT && !self->threat.current.rolled && !self->threat.current.uncancellable)
            {
              guint gone = n == 0 ? self->threat.current.n_dice : MIN (n, self->threat.current.n_dice);

              threat_discard_dice (self, gone);
              log_count (self, "Discarded %u Threat die.", "Discarded %u Threat dice.", gone, LOG_NUMBER (gone));
            }
          break;
        case PEN_EFFECT_ADJUST_THREAT:
          self->cards.effect.threat_adjust += n;
          break;
        case PEN_EFFECT_GAIN_CARD:
          if (n > 0)
            cards_start_gain (self, n, e->card_kind == PEN_CARD_KIND_DISCIPLINE ? -1
                                       : e->card_kind == PEN_CARD_KIND_POTION ? PEN_DECK_POTIONS
                                       : PEN_DECK_ARTIFACTS, AFTER_CARD_RESUME);
          break;
        case PEN_EFFECT_EXTRA_PLACEMENT:
          self->turn.placements_left += n;
          log_count (self, "%u more placement this turn.", "%u more placements this turn.", n, LOG_NUMBER (n));
          break;
        case PEN_EFFECT_CANCEL_PROPERTY:
          /* The player chooses which (card-token "property"). */
          self->cards.effect.cancel_property = quests_any_property_acting (self, NULL);
          break;
        case PEN_EFFECT_SPECIAL:
          apply_special (self, e->special);
          break;
        case PEN_EFFECT_BOOST_MARKS:
        default:
          break;
        }
    }
  settle_picks (self);
}

/* The named special effects (docs/design-cards.md), each in this one place. */
static void
apply_special (PenGame        *self,
               PenCardSpecial  special)
{
  switch (special)
    {
    case PEN_CARD_SPECIAL_DEAD_WATER:
      if (self->quests.attempt.kind == QUEST_TRIAL)
        {
          self->quests.attempt.dead_water = TRUE;
          self->cards.dead_water_wound = TRUE;
          log_line (self, N_("Dead Water: any path's task is now “Spark 1+”; a Mortal Wound follows at the end of the turn."));
        }
      break;
    case PEN_CARD_SPECIAL_IGNORE_DICE_IN_THREAT:
      self->cards.ignore_dice_in_threat = TRUE;
      log_line (self, N_("Until the end of the turn, Threat ignores the dice in your supply."));
      break;
    case PEN_CARD_SPECIAL_WHISPERING_RING:
      /* The player chooses −6 or a die ignored (card-token "ring-…"). */
      self->cards.effect.ring = TRUE;
      break;
    case PEN_CARD_SPECIAL_PHYLACTERY:
      /* It works when a Mortal Wound is gained (take_mortal_wound). */
      break;
    }
}

/* A named special effect that can do nothing now is refused: the Whispering
 * Ring needs a Catch task it can help. */
static gboolean
special_allows (PenGame        *self,
                const PenCard  *card,
                GError        **error)
{
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_SPECIAL && card->effects[e].special == PEN_CARD_SPECIAL_WHISPERING_RING)
      return quests_ring_can_help (self, RING_MINUS_SIX, NULL) || quests_ring_can_help (self, RING_IGNORE_DIE, error);
  return TRUE;
}

typedef enum
{
  USE_CAST,       /* a Spell: pay and apply */
  USE_BREW,       /* a Recipe in the Grimoire */
  USE_SUMMON,     /* a Summon in the Grimoire */
  USE_ACTIVATE,   /* a Potion, Pet or Artifact already in play */
} UseMode;

static UseMode
use_mode (const OwnedCard *owned)
{
  if (owned->zone == ZONE_GRIMOIRE)
    switch (owned->card->type)
      {
      case PEN_CARD_RECIPE: return USE_BREW;
      case PEN_CARD_SUMMON: return USE_SUMMON;
      case PEN_CARD_SPELL:
      case PEN_CARD_ARTIFACT:
      case PEN_CARD_POTION:
      default: return USE_CAST;
      }
  return USE_ACTIVATE;
}

/* Whether @launch names @card ("launches any Spell", "a Red Spell"...). */
static gboolean
launch_names (const PenLaunch *launch,
              const PenCard   *card)
{
  gboolean type_ok = launch->any_type || launch->type == card->type;

  return type_ok && (launch->any_colour || launch->colour == card->colour);
}

/* Free by Launch: right after a card that launches this one, or this card's
 * "launched by" alternative names the card just applied. */
static gboolean
is_launched (PenGame       *self,
             const PenCard *card)
{
  if (self->cards.last_card == NULL)
    return FALSE;
  if (self->cards.last_card->launches_something && launch_names (&self->cards.last_card->launches, card))
    return TRUE;
  for (guint c = 0; c < card->n_costs; c++)
    if (card->costs[c].components[0].kind == PEN_COST_LAUNCHED
        && launch_names (&card->costs[c].components[0].launched_by, self->cards.last_card))
      return TRUE;
  return FALSE;
}

gboolean
effects_check_timing (PenGame    *self,
                      PenTiming   timing,
                      gboolean    resting_allowed,
                      GError    **error)
{
  gboolean threat_open = self->turn.pending == PEN_PENDING_THREAT;

  switch (timing)
    {
    case PEN_TIMING_STUDY:
      if (self->turn.type != PEN_TURN_STUDY && self->turn.type != PEN_TURN_UNDECLARED)
        return game_refuse (error, _("This can be done only on a Study turn."));
      return game_check_study (self, error);
    case PEN_TIMING_TRIAL:
      if (self->turn.type != PEN_TURN_TRIAL)
        return game_refuse (error, _("This can be done only during a Trial."));
      return TRUE;
    case PEN_TIMING_REST:
      if (self->turn.type != PEN_TURN_REST)
        return game_refuse (error, _("This can be done only on Rest."));
      return TRUE;
    case PEN_TIMING_BEFORE_THREAT_ROLL:
      if (!threat_open || self->threat.current.rolled)
        return game_refuse (error, _("This is used before a Threat roll."));
      return TRUE;
    case PEN_TIMING_AFTER_THREAT_ROLL:
      if (!threat_open || !self->threat.current.rolled || !self->threat.current.step2)
        return game_refuse (error, _("This is used after a Threat roll, before its dice are distributed."));
      return TRUE;
    case PEN_TIMING_ANY:
    default:
      if (self->turn.type == PEN_TURN_REST && !resting_allowed)
        return game_refuse (error, _("This cannot be done on Rest."));
      if (self->turn.type == PEN_TURN_TRIAL)
        return TRUE;
      return self->turn.type == PEN_TURN_REST || game_check_study (self, error);
    }
}

/* Pays @cost with the dice of @mask (exactly the dice components) and the
 * Ingredients; only checks when @pay is FALSE. */
gboolean
effects_cost_payable (PenGame        *self,
                      const PenCost  *cost,
                      guint64         mask,
                      gboolean        pay,
                      GError        **error)
{
  PenWizardBoard *board = game_current_board (self);
  MaskDice dice;
  gboolean used[64] = { FALSE };
  guint n_dice_components = 0;

  dice.len = 0;
  if (mask != 0 && !quests_mask_dice (self, mask, &dice))
    return game_refuse (error, _("Choose dice from your supply."));
  for (guint c = 0; c < cost->n_components; c++)
    {
      const PenCostComponent *component = &cost->components[c];
      gboolean found = FALSE;

      if (component->kind == PEN_COST_INGREDIENT)
        {
          guint have = component->ingredient == PEN_INGREDIENT_BLOOD
                         ? pen_wizard_board_get_available_blood (board)
                         : board_ingredient (board, component->ingredient);

          if (component->ingredient == PEN_INGREDIENT_CRYSTALS
              && quests_trial_has_property (self, PEN_PROPERTY_CRYSTAL_SUPPRESSION, NULL))
            return game_refuse (error, _("Crystal Suppression: Crystals cannot be used in this Trial."));
          if (have < component->amount)
            {
              /* Listing asks without a message: no words to make for it. */
              g_autofree char *amount = error != NULL ? pen_ingredient_describe_count (component->ingredient,
                                                                                       component->amount)
                                                      : NULL;

              return game_refuse (error, _("The cost asks for %s."), amount);
            }
          continue;
        }
      if (component->kind != PEN_COST_DIE)
        return game_refuse (error, _("This alternative is free only when the card is launched."));
      n_dice_components++;
      for (guint d = 0; d < dice.len && !found; d++)
        {
          const PenDie *die = &dice.dice[d];
          gboolean kind_ok = component->any_die
                             || (component->die_kind == PEN_DIE_KIND_COLOURED
                                   ? pen_die_counts_as (die, component->colour)
                                   : die->kind == component->die_kind);

          if (!used[d] && kind_ok && (component->value == 0 || die->value == component->value))
            found = used[d] = TRUE;
        }
      if (!found)
        return game_refuse (error, _("The chosen dice do not pay this cost."));
    }
  if (dice.len != n_dice_components)
    return game_refuse (error, _("Choose exactly the dice the cost asks for."));

  if (pay)
    {
      quests_discard_mask (self, mask);
      for (guint c = 0; c < cost->n_components; c++)
        if (cost->components[c].kind == PEN_COST_INGREDIENT)
          {
            if (cost->components[c].ingredient == PEN_INGREDIENT_BLOOD)
              marks_spend_blood (self, cost->components[c].amount);
            else
              pen_wizard_board_spend_ingredient (board, cost->components[c].ingredient, cost->components[c].amount);
          }
    }
  return TRUE;
}

/* A constant, conditional or instant card applies by itself: it is never
 * cast or used, only brewed or summoned like any other. */
gboolean
effects_works_by_itself (const PenCard *card)
{
  return card->requirement == PEN_REQUIRE_CONSTANT || card->requirement == PEN_REQUIRE_CONDITION
         || card->requirement == PEN_REQUIRE_INSTANT;
}

gboolean
effects_card_suppressed (PenGame       *self,
                         const OwnedCard *owned,
                         GError        **error)
{
  if (owned->zone == ZONE_INVENTORY && (owned->card->type == PEN_CARD_RECIPE || owned->card->type == PEN_CARD_POTION)
      && quests_trial_has_property (self, PEN_PROPERTY_POTION_SUPPRESSION, NULL))
    return !game_refuse (error, _("Potion Suppression: Potions cannot be used in this Trial."));
  if (owned->zone == ZONE_INVENTORY && owned->card->type == PEN_CARD_SUMMON
      && quests_trial_has_property (self, PEN_PROPERTY_PET_SUPPRESSION, NULL))
    return !game_refuse (error, _("Pet Suppression: Pets cannot be used in this Trial."));
  if (owned->card->type == PEN_CARD_ARTIFACT && quests_trial_has_property (self, PEN_PROPERTY_ARTIFACT_SUPPRESSION, NULL))
    return !game_refuse (error, _("Artifact Suppression: Artifacts cannot be used in this Trial."));
  return FALSE;
}

/* Rulebook, "Properties", VIGILANCE: before the Threat roll, at most X cards
 * or chains. */
gboolean
effects_vigilance_allows (PenGame  *self,
                          gboolean  in_chain,
                          GError  **error)
{
  guint x;

  if (self->turn.pending != PEN_PENDING_THREAT || self->threat.current.rolled || in_chain
      || !quests_trial_has_property (self, PEN_PROPERTY_VIGILANCE, &x))
    return TRUE;
  if (self->quests.attempt.vigilance_used >= x)
    return game_refuse (error, ngettext ("Vigilance: only %u card or chain before the Threat roll.",
                                         "Vigilance: only %u cards or chains before the Threat roll.", x), x);
  return TRUE;
}

/* What applying @card's effect asks for besides its cost, however it is
 * used (paid, launched, cast by a Mark): the Ingredients of a one-time
 * exchange ("Discard 1 Arcana to discard all Threat dice"). */
gboolean
effects_ingredients_available (PenGame        *self,
                               const PenCard  *card,
                               GError        **error)
{
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_EXCHANGE && card->effects[e].give[PEN_INGREDIENT_CRYSTALS] > 0
        && quests_trial_has_property (self, PEN_PROPERTY_CRYSTAL_SUPPRESSION, NULL))
      return game_refuse (error, _("Crystal Suppression: Crystals cannot be used in this Trial."));
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_EXCHANGE && !card->effects[e].repeat)
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if ((k == PEN_INGREDIENT_BLOOD ? pen_wizard_board_get_available_blood (game_current_board (self))
                                       : board_ingredient (game_current_board (self), k))
            < card->effects[e].give[k])
          {
            g_autofree char *amount = error != NULL ? pen_ingredient_describe_count (k, card->effects[e].give[k]) : NULL;

            /* Translators: a card and what it asks for: "Invisibility needs 1 Arcana." */
            return game_refuse (error, _("%s needs %s."), CARD_NAME (card->name), amount);
          }
  return TRUE;
}

/* A card that cancels a Property needs one still acting (rulebook,
 * CANCELLING PROPERTIES: "you must be able to apply this effect"), so that it
 * is not spent for nothing. */
gboolean
effects_property_to_cancel (PenGame        *self,
                            const PenCard  *card,
                            GError        **error)
{
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_CANCEL_PROPERTY)
      return quests_any_property_acting (self, error);
  return TRUE;
}

/* Whether @card's effect can be applied during the Threat under way
 * (rulebook, "Threat"): after the roll (step 2) "effects that manipulate the
 * values of Threat dice ... No other effects can be applied at this step";
 * "Effects that discard Threat dice cannot be applied to an uncancellable
 * Threat", so a card whose whole effect is that is refused, not spent for
 * nothing. */
gboolean
effects_threat_allows (PenGame        *self,
                       const PenCard  *card,
                       GError        **error)
{
  gboolean adjusts = FALSE, discards = FALSE, only_discards = TRUE;

  if (self->turn.pending != PEN_PENDING_THREAT)
    return TRUE;
  for (guint e = 0; e < card->n_effects; e++)
    {
      const PenEffect *effect = &card->effects[e];
      gboolean payment = effect->op == PEN_EFFECT_EXCHANGE && !effect->repeat;

      /* "Discard 1 Arcana to …" is what the effect asks, not an effect of its own. */
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        payment &= effect->take[k] == 0;
      adjusts |= effect->op == PEN_EFFECT_ADJUST_THREAT;
      discards |= effect->op == PEN_EFFECT_DISCARD_THREAT;
      only_discards &= effect->op == PEN_EFFECT_DISCARD_THREAT || payment;
    }
  if (self->threat.current.rolled && !adjusts)
    return game_refuse (error, _("After the Threat roll only effects that adjust Threat dice can be used."));
  if (!self->threat.current.rolled && self->threat.current.uncancellable && discards && only_discards)
    return game_refuse (error, _("This Threat is uncancellable: effects that discard Threat dice cannot be applied to it."));
  return TRUE;
}

/* Rulebook, "Turn Sequence": "You can use these effects at any moment, in any
 * number and in any order, unless some rule explicitly forbids it";
 * "Available effects can be applied before the Threat roll, when fulfilling
 * the task and even when gaining the Reward". So in the middle of a
 * placement's effect, a Contract or Trial, a Threat being prepared, a
 * reward's die colour, a purchase, an exchange, a card to gain; the choice
 * resumes after the card. Not in the middle of another card's waiting effect
 * (its manipulations, its conversion), which is finished first. */
static gboolean
card_use_open (PenGame  *self,
               GError  **error)
{
  PenPending under = self->turn.pending == PEN_PENDING_CARD ? pending_beneath (self) : self->turn.pending;

  switch (self->turn.pending)
    {
    case PEN_PENDING_NONE:
    case PEN_PENDING_LOCATION:
    case PEN_PENDING_TASK:
    case PEN_PENDING_PATH:
    case PEN_PENDING_THREAT:
    case PEN_PENDING_BUY:
    case PEN_PENDING_CARD:
    case PEN_PENDING_EXCHANGE:
    case PEN_PENDING_COLOUR:   /* a reward's (the gates keep an Event's) */
      break;
    default:
      return game_refuse (error, _("Finish what is under way first."));
    }
  if (under == PEN_PENDING_CARD_EFFECT || (under == PEN_PENDING_EXCHANGE && self->cards.exchange_from_card))
    return game_refuse (error, _("First finish the effect of the card under way."));
  return TRUE;
}

static gboolean
gains_a_card (const PenCard *card)
{
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_GAIN_CARD)
      return TRUE;
  return FALSE;
}

/* Rulebook, "Primagic", EMPOWER: "Discard an Orange die to add +2": the dice
 * the player names. A save from before they were named holds only how many,
 * which were then the lowest Orange (or Spark) dice outside the cost. */
static guint64
empower_dice (PenGame         *self,
              const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);
  guint64 taken = 0;

  if (action->to <= 0)
    return action->empower;
  for (int k = 0; k < action->to; k++)
    {
      int lowest = -1;

      for (guint i = 0; i < board_n_dice (board) && i < 64; i++)
        if (!((action->mask | taken) & (G_GUINT64_CONSTANT (1) << i))
            && pen_die_counts_as (board_die (board, i), PEN_DISCIPLINE_AMBER)
            && !board_die (board, i)->in_task
            && (lowest < 0 || board_die (board, i)->value < board_die (board, lowest)->value))
          lowest = i;
      if (lowest < 0)
        return 0;
      taken |= G_GUINT64_CONSTANT (1) << lowest;
    }
  return taken;
}

gboolean
effects_use_card_check (PenGame         *self,
                        const PenAction *action,
                        GError         **error)
{
  const OwnedCard *owned;
  const PenCard *card;
  UseMode mode;
  gboolean launched;

  if (action->index < 0 || (guint) action->index >= cards_owned (self)->len)
    return game_refuse (error, _("You have no such card."));
  if (!card_use_open (self, error))
    return FALSE;
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled && !self->threat.current.step2)
    return game_refuse (error, _("No effect can be used while the Threat dice are distributed."));
  owned = cards_owned_card (self, action->index);
  card = owned->card;
  mode = use_mode (owned);
  if (effects_card_suppressed (self, owned, error))
    return FALSE;
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled && (mode == USE_BREW || mode == USE_SUMMON))
    return game_refuse (error, _("After the Threat roll only effects that adjust Threat dice can be used."));
  if (mode != USE_BREW && mode != USE_SUMMON && !effects_threat_allows (self, card, error))
    return FALSE;

  /* A card that works by itself is still brewed or summoned like any other. */
  if (effects_works_by_itself (card) && mode != USE_BREW && mode != USE_SUMMON)
    return game_refuse (error, _("%s works by itself."), CARD_NAME (card->name));
  if (mode != USE_BREW && mode != USE_SUMMON && !effects_card_threat_can_start (self, card, error))
    return FALSE;
  /* One card choice at a time: the one under way says where its card comes from. */
  if (self->turn.pending == PEN_PENDING_CARD && mode != USE_BREW && mode != USE_SUMMON && gains_a_card (card))
    return game_refuse (error, _("%s gains a card of its own: first choose the card being gained."),
                        CARD_NAME (card->name));
  if (owned->rotated)
    return game_refuse (error, _("%s is rotated; it can be used again once unrotated."), CARD_NAME (card->name));

  if (mode == USE_BREW || mode == USE_SUMMON)
    {
      gboolean resting_brew = self->turn.type == PEN_TURN_REST && self->cards.rest_brew && mode == USE_BREW;

      if (!resting_brew && !effects_check_timing (self, card->cost_timing, FALSE, error))
        return FALSE;
    }
  else
    {
      if (!effects_check_timing (self, card->timing, FALSE, error))
        return FALSE;
      if (mode == USE_CAST && card->cost_timing != PEN_TIMING_ANY
          && !effects_check_timing (self, card->cost_timing, FALSE, error))
        return FALSE;
    }

  launched = (mode == USE_CAST) && is_launched (self, card);
  if (!effects_vigilance_allows (self, launched, error))
    return FALSE;

  if (action->empower != 0 || action->to > 0)
    {
      MaskDice dice;
      guint64 empower = empower_dice (self, action);

      if (mode != USE_CAST || !effects_card_is_enhanced (card))
        return game_refuse (error, _("Empower strengthens only Spells whose effect counts Marks."));
      if (empower & action->mask)
        return game_refuse (error, _("A die that pays the cost cannot also Empower."));
      if (empower == 0 || !quests_mask_dice (self, empower, &dice))
        return game_refuse (error, _("Empower needs an Orange die for each +2."));
      for (guint d = 0; d < dice.len; d++)
        if (!pen_die_counts_as (&dice.dice[d], PEN_DISCIPLINE_AMBER))
          return game_refuse (error, _("Empower discards only Orange dice (or Spark dice)."));
    }

  if (!effects_ingredients_available (self, card, error))
    return FALSE;
  if (mode != USE_BREW && mode != USE_SUMMON
      && (!effects_property_to_cancel (self, card, error) || !special_allows (self, card, error)))
    return FALSE;

  if (mode == USE_ACTIVATE)
    return action->value == -1 && action->mask == 0
           ? TRUE : game_refuse (error, _("A card in play is activated without paying a cost."));
  if (action->value == -1)
    return launched ? (action->mask == 0 || game_refuse (error, _("A launched card costs nothing.")))
                    : game_refuse (error, _("%s is not launched now: pay its cost."), CARD_NAME (card->name));
  if (action->value < 0 || (guint) action->value >= card->n_costs)
    return card->n_costs == 0 && action->value == 0 ? TRUE : game_refuse (error, _("The card has no such cost."));
  /* Rulebook, "Rest effects": brewing on Rest is "at the usual cost in Ingredients". */
  if (mode == USE_BREW && self->turn.type == PEN_TURN_REST)
    for (guint c = 0; c < card->costs[action->value].n_components; c++)
      if (card->costs[action->value].components[c].kind == PEN_COST_DIE)
        return game_refuse (error, _("On Rest a Potion is brewed at its cost in Ingredients only."));
  return effects_cost_payable (self, &card->costs[action->value], action->mask, FALSE, error);
}

/* The Blood @action discards now (rulebook, "Mark effects", USE BLOOD): its
 * cost's, when paid, and its effect's one-time exchange's, when applied now
 * (a card with a Threat of its own discards none, pen-cards.c). @action uses a
 * card, or is a Mark casting one. */
guint
effects_card_blood (PenGame         *self,
                    const PenAction *action)
{
  int index = action->type == PEN_ACTION_USE_MARK ? action->to : action->index;
  const PenCard *card;
  UseMode mode;
  guint blood = 0;

  if ((action->type == PEN_ACTION_USE_MARK && action->value != PEN_MARK_EFFECT_CAST)
      || index < 0 || (guint) index >= cards_owned (self)->len)
    return 0;
  card = cards_owned_card (self, index)->card;
  mode = use_mode (cards_owned_card (self, index));
  if (action->type == PEN_ACTION_USE_CARD && mode != USE_ACTIVATE && action->value >= 0
      && (guint) action->value < card->n_costs)
    for (guint c = 0; c < card->costs[action->value].n_components; c++)
      if (card->costs[action->value].components[c].kind == PEN_COST_INGREDIENT
          && card->costs[action->value].components[c].ingredient == PEN_INGREDIENT_BLOOD)
        blood += card->costs[action->value].components[c].amount;
  if (mode != USE_BREW && mode != USE_SUMMON)
    for (guint e = 0; e < card->n_effects; e++)
      if (card->effects[e].op == PEN_EFFECT_EXCHANGE && !card->effects[e].repeat)
        blood += card->effects[e].give[PEN_INGREDIENT_BLOOD];
  return blood;
}

/* Rulebook, "Chains": "between cards in the chain you cannot apply any other
 * effect not belonging to this chain". What belongs to it: the cards, their
 * waiting effects and the cards they gain, a card's own conversion and its
 * own Threat (the roll and where its dice go). */
gboolean
effects_continues_chain (PenGame         *self,
                         const PenAction *action)
{
  switch (action->type)
    {
    case PEN_ACTION_USE_CARD:
    case PEN_ACTION_CARD_TOKEN:
    case PEN_ACTION_FINISH_CARD:
    case PEN_ACTION_TAKE_CARD:
    case PEN_ACTION_KEEP_EQUIPMENT:
    case PEN_ACTION_DISCARD_ARTIFACT:   /* no effect applied */
      return TRUE;
    case PEN_ACTION_EXCHANGE:
    case PEN_ACTION_FINISH_EXCHANGE:
      return self->cards.exchange_from_card;
    case PEN_ACTION_ROLL_THREAT:
    case PEN_ACTION_THREAT_TARGET:
      return self->turn.pending == PEN_PENDING_THREAT && self->threat.current.source == THREAT_FOR_CARD;
    default:
      return FALSE;
    }
}

/* A card's effect was applied: the chain goes on while cards keep launching. */
static void
note_applied (PenGame       *self,
              const PenCard *card,
              gboolean       launched)
{
  if (!launched && self->turn.pending == PEN_PENDING_THREAT && !self->threat.current.rolled)
    self->quests.attempt.vigilance_used++;
  self->cards.chain_length = launched ? self->cards.chain_length + 1 : 1;
  self->cards.last_card = card;
}

/* The card's effect waits (@kind: its picks, or its conversion) over what
 * the card interrupted, @before; under the card choice it started, if
 * @gaining, which comes first. */
static void
wait_for_effect (PenGame    *self,
                 PenPending  kind,
                 PenPending  before,
                 gboolean    gaining)
{
  PendingFrame gain;

  if (!gaining)
    {
      pending_set (self, before);
      pending_push (self, kind, PENDING_RESUME_EFFECT, 0);
      return;
    }
  gain = pending_pop (self);
  pending_push (self, kind, PENDING_RESUME_EFFECT, 0);
  pending_push (self, gain.kind, gain.resume, gain.arg);
}

void
effects_open_card (PenGame    *self,
                   PenPending  before)
{
  gboolean waiting = has_pending_effect (self) || self->cards.effect.colours > 0 || self->cards.effect.threat_adjust > 0
                     || self->cards.effect.cancel_property || self->cards.effect.ring;
  /* The card's own card choice, if it started one, comes first. */
  gboolean gaining = self->turn.pending == PEN_PENDING_CARD && before != PEN_PENDING_CARD;

  if (self->cards.effect.convert)
    {
      self->cards.effect.convert = FALSE;
      /* Used in the middle of an exchange: that exchange is the conversion. */
      if (before == PEN_PENDING_EXCHANGE)
        return;
      self->cards.exchange_from_card = TRUE;
      wait_for_effect (self, PEN_PENDING_EXCHANGE, before, gaining);
      return;
    }
  if (!waiting)
    return;
  wait_for_effect (self, PEN_PENDING_CARD_EFFECT, before, gaining);
}

/* A card's own Threat is over without a Mortal Wound: back to what it
 * interrupted (a Threat being prepared, @outer_threat, a placement...), and
 * on with the card. */
void
effects_card_threat_done (PenGame *self,
                          int      outer_threat)
{
  const PenCard *card = self->cards.threat_card;

  self->cards.threat_card = NULL;
  if (self->turn.pending == PEN_PENDING_THREAT)
    threat_unpack (outer_threat, &self->threat.current);
  effects_apply_card (self, card, self->cards.threat_card_bonus);
  effects_open_card (self, self->turn.pending);
}

void
effects_use_card_apply (PenGame         *self,
                        const PenAction *action)
{
  OwnedCard *owned = cards_owned_card (self, action->index);
  const PenCard *card = owned->card;
  UseMode mode = use_mode (owned);
  PenPending before = self->turn.pending;
  gboolean launched = action->value == -1 && mode == USE_CAST && is_launched (self, card);
  guint64 empower = empower_dice (self, action), cost_mask = action->mask;
  guint strength_bonus = 2 * __builtin_popcountll (empower);

  if (self->turn.type == PEN_TURN_UNDECLARED)
    turn_declare_study (self);

  /* Empower: the dice named, +2 each; the cost's dice are then named by
   * their places in what is left. */
  quests_discard_mask (self, empower);
  for (guint i = 64; i > 0; i--)
    if (empower & (G_GUINT64_CONSTANT (1) << (i - 1)))
      cost_mask = (cost_mask & ((G_GUINT64_CONSTANT (1) << (i - 1)) - 1))
                  | ((cost_mask >> i) << (i - 1));
  if (mode != USE_ACTIVATE && action->value >= 0 && card->n_costs > 0)
    effects_cost_payable (self, &card->costs[action->value], cost_mask, TRUE, NULL);
  owned = cards_owned_card (self, action->index);

  switch (mode)
    {
    case USE_BREW:
    case USE_SUMMON:
      owned->zone = ZONE_INVENTORY;
      log_line (self, mode == USE_BREW ? N_("Brewed %s.") : N_("Summoned %s."), LOG_CARD (card->id));
      self->cards.last_card = NULL;
      return;
    case USE_CAST:
    case USE_ACTIVATE:
    default:
      break;
    }

  log_line (self, launched ? N_("Launched %s.") : N_("Used %s."), LOG_CARD (card->id));
  if (card->requirement == PEN_REQUIRE_DISCARD)
    cards_discard_owned (self, action->index);
  else
    owned->rotated = TRUE;

  if (card->requirement == PEN_REQUIRE_THREAT)
    {
      self->cards.threat_card = card;
      self->cards.threat_card_bonus = strength_bonus;
      threat_start (self, card->threat, card->uncancellable, THREAT_FOR_CARD);
      note_applied (self, card, launched);
      return;
    }
  effects_apply_card (self, card, strength_bonus);
  note_applied (self, card, launched);
  effects_open_card (self, before);
}

/* A card that applies a Threat of its own waits for no other Threat but one
 * being prepared (step 1), nor for another card's Threat still under way
 * (which it would overwrite), nor for a choice under way, which a Mortal
 * Wound would cut short. */
gboolean
effects_card_threat_can_start (PenGame        *self,
                               const PenCard  *card,
                               GError        **error)
{
  if (card->requirement == PEN_REQUIRE_THREAT
      && ((self->turn.pending == PEN_PENDING_THREAT
           && (self->threat.current.rolled || self->threat.current.source == THREAT_FOR_CARD))
          || self->cards.threat_card != NULL
          || self->turn.pending == PEN_PENDING_COLOUR || self->turn.pending == PEN_PENDING_CARD
          || self->turn.pending == PEN_PENDING_BUY || self->turn.pending == PEN_PENDING_EXCHANGE))
    return game_refuse (error, _("%s applies a Threat of its own: use it when nothing else is under way."),
                        CARD_NAME (card->name));
  return TRUE;
}

/* The waiting parts of a card's effect, one use at a time. */
gboolean
effects_card_token_check (PenGame         *self,
                          const PenAction *action,
                          GError         **error)
{
  if (self->turn.pending != PEN_PENDING_CARD_EFFECT)
    return game_refuse (error, _("No card effect is waiting."));

  switch (action->value)
    {
    case PEN_MANIPULATE_REROLL:
    case PEN_MANIPULATE_INCREASE:
    case PEN_MANIPULATE_DECREASE:
    case PEN_MANIPULATE_FLIP:
    case PEN_MANIPULATE_RECOLOUR:
    case PEN_MANIPULATE_SET:
      {
        guint kind = action->value == PEN_MANIPULATE_DECREASE ? PEN_MANIPULATE_INCREASE : (guint) action->value;
        PenDie copy;

        if (self->cards.effect.tokens[kind] == 0)
          return game_refuse (error, _("The card gives no such manipulation, or none is left."));
        if (!dice_check_supply_die (self, action->die, error))
          return FALSE;
        copy = *board_die (game_current_board (self), action->die);
        if (action->value == PEN_MANIPULATE_INCREASE || action->value == PEN_MANIPULATE_DECREASE)
          return pen_die_adjust (&copy, action->value == PEN_MANIPULATE_INCREASE ? 1 : -1, error);
        if (action->value == PEN_MANIPULATE_RECOLOUR)
          return (action->colour >= 0 && action->colour < PEN_N_DISCIPLINES)
                 ? pen_die_recolour (&copy, action->colour, error)
                 : game_refuse (error, _("Name the colour to recolour the die to."));
        if (action->value == PEN_MANIPULATE_SET)
          return pen_die_set (&copy, action->colour, error);
        return TRUE;
      }
    case PEN_TOKEN_COLOUR:
      if (self->cards.effect.colours == 0)
        return game_refuse (error, _("No die of any colour is waiting."));
      if (action->colour < 0 || action->colour >= PEN_N_DISCIPLINES)
        return game_refuse (error, _("There is no such colour."));
      return TRUE;
    case PEN_TOKEN_EXCHANGE:
      if (!self->cards.effect.exchange_open)
        return game_refuse (error, _("The card gives no exchange."));
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if (board_ingredient (game_current_board (self), k) < self->cards.effect.exchange_give[k])
          return game_refuse (error, _("You have too few %s for that exchange."), pen_ingredient_get_name (k));
      return TRUE;
    case PEN_TOKEN_THREAT_UP:
    case PEN_TOKEN_THREAT_DOWN:
      {
        guint value;

        if (self->cards.effect.threat_adjust == 0 || self->turn.pending != PEN_PENDING_CARD_EFFECT
            || pending_beneath (self) != PEN_PENDING_THREAT)
          return game_refuse (error, _("The card adjusts no Threat dice now."));
        if (action->index < 0 || (guint) action->index >= self->threat.current.n_values)
          return game_refuse (error, _("There is no such Threat die."));
        value = self->threat.current.values[action->index];
        if ((action->value == PEN_TOKEN_THREAT_UP && value == 6) || (action->value == PEN_TOKEN_THREAT_DOWN && value == 1))
          return game_refuse (error, _("A Threat die cannot go past 1 or 6."));
        return TRUE;
      }
    case PEN_TOKEN_RING_MINUS_SIX:
    case PEN_TOKEN_RING_IGNORE_DIE:
      if (!self->cards.effect.ring)
        return game_refuse (error, _("No Whispering Ring waits for its choice."));
      return quests_ring_can_help (self, action->value == PEN_TOKEN_RING_MINUS_SIX ? RING_MINUS_SIX : RING_IGNORE_DIE, error);
    case PEN_TOKEN_PROPERTY:
      if (!self->cards.effect.cancel_property)
        return game_refuse (error, _("The card cancels no Property now."));
      if (!quests_property_acting (self, action->index))
        return game_refuse (error, _("That Property is not acting now: it is cancelled, its effect is applied, or the Trial has no such Property."));
      return TRUE;
    case PEN_TOKEN_HEAL:
      if (self->cards.effect.heals == 0)
        return game_refuse (error, _("No Mark is waiting to be healed."));
      return pick_target_ok (self, action->value, action->index)
             || game_refuse (error, _("Only a wounded Mark can be Healed."));
    case PEN_TOKEN_RECHARGE:
      if (self->cards.effect.recharges == 0)
        return game_refuse (error, _("No Mark is waiting to be recharged."));
      if (self->cards.effect.discipline_marks_only && action->index >= PEN_N_DISCIPLINE_CELLS)
        return game_refuse (error, _("This card recharges Discipline Marks only, not a Spark Mark."));
      return pick_target_ok (self, action->value, action->index)
             || game_refuse (error, _("Only a discharged Mark that is not wounded can be recharged."));
    case PEN_TOKEN_UNEXHAUST:
      if (self->cards.effect.unexhausts == 0)
        return game_refuse (error, _("No card is waiting to be unexhausted."));
      if (action->index >= 0 && (guint) action->index < cards_owned (self)->len
          && cards_owned_card (self, action->index)->card == self->cards.effect.unexhauster)
        return game_refuse (error, _("A card does not unexhaust itself."));
      return pick_target_ok (self, action->value, action->index)
             || game_refuse (error, _("Only a rotated card can be unexhausted."));
    default:
      return game_refuse (error, _("There is no such card effect."));
    }
}

void
effects_card_token_apply (PenGame         *self,
                          const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);

  switch (action->value)
    {
    case PEN_MANIPULATE_REROLL:
    case PEN_MANIPULATE_INCREASE:
    case PEN_MANIPULATE_DECREASE:
    case PEN_MANIPULATE_FLIP:
    case PEN_MANIPULATE_RECOLOUR:
    case PEN_MANIPULATE_SET:
      {
        PenDie *die = pen_wizard_board_peek_die (board, action->die);
        guint kind = action->value == PEN_MANIPULATE_DECREASE ? PEN_MANIPULATE_INCREASE : (guint) action->value;

        self->cards.effect.tokens[kind]--;
        if (action->value == PEN_MANIPULATE_REROLL)
          pen_die_roll (die, self->rng);
        else if (action->value == PEN_MANIPULATE_FLIP)
          pen_die_flip (die);
        else if (action->value == PEN_MANIPULATE_RECOLOUR)
          pen_die_recolour (die, action->colour, NULL);
        else if (action->value == PEN_MANIPULATE_SET)
          pen_die_set (die, action->colour, NULL);
        else
          pen_die_adjust (die, action->value == PEN_MANIPULATE_INCREASE ? 1 : -1, NULL);
      }
      break;
    case PEN_TOKEN_COLOUR:
      self->cards.effect.colours--;
      dice_gain_new (self, PEN_DIE_KIND_COLOURED, action->colour);
      if (self->cards.effect.temporary_colours > 0)
        {
          self->cards.effect.temporary_colours--;
          pen_wizard_board_peek_die (board, board_n_dice (board) - 1)->temporary = TRUE;
        }
      break;
    case PEN_TOKEN_EXCHANGE:
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        {
          pen_wizard_board_spend_ingredient (board, k, self->cards.effect.exchange_give[k]);
          if (self->cards.effect.exchange_take[k] > 0)
            dice_gain_ingredients (self, k, self->cards.effect.exchange_take[k]);
        }
      break;
    case PEN_TOKEN_THREAT_UP:
    case PEN_TOKEN_THREAT_DOWN:
      self->cards.effect.threat_adjust--;
      self->threat.current.values[action->index] += action->value == PEN_TOKEN_THREAT_UP ? 1 : -1;
      log_line (self, N_("A Threat die now shows %u."), LOG_NUMBER (self->threat.current.values[action->index]));
      break;
    case PEN_TOKEN_PROPERTY:
      self->cards.effect.cancel_property = FALSE;
      quests_cancel_property (self, action->index);
      break;
    case PEN_TOKEN_RING_MINUS_SIX:
      self->cards.effect.ring = FALSE;
      self->quests.attempt.ring |= RING_MINUS_SIX;
      log_line (self, N_("The Whispering Ring: −6 to the task."));
      break;
    case PEN_TOKEN_RING_IGNORE_DIE:
      self->cards.effect.ring = FALSE;
      self->quests.attempt.ring |= RING_IGNORE_DIE;
      log_line (self, N_("The Whispering Ring: the task ignores 1 die."));
      break;
    case PEN_TOKEN_HEAL:
    case PEN_TOKEN_RECHARGE:
    case PEN_TOKEN_UNEXHAUST:
      apply_pick (self, action->value, action->index);
      settle_picks (self);
      break;
    default:
      g_assert_not_reached ();
    }
  /* Dice of any colour, the Property to cancel and the Ring's help must be
   * chosen; the rest may be left unused. */
  if (!has_pending_effect (self) && self->cards.effect.colours == 0 && self->cards.effect.threat_adjust == 0
      && !self->cards.effect.cancel_property && !self->cards.effect.ring)
    close_card_effect (self);
}

/* Leaves the rest of a card's effect unused; at a Threat's step 2, goes on to
 * distributing the dice. */
gboolean
effects_finish_card_check (PenGame         *self,
                           const PenAction *action,
                           GError         **error)
{
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled && self->threat.current.step2)
    return TRUE;
  if (self->turn.pending != PEN_PENDING_CARD_EFFECT)
    return game_refuse (error, _("No card effect is waiting."));
  if (self->cards.effect.colours > 0)
    return game_refuse (error, _("First choose the colour of the die the card gives."));
  if (self->cards.effect.cancel_property)
    return game_refuse (error, _("First choose the Property the card cancels."));
  if (self->cards.effect.ring)
    return game_refuse (error, _("First choose how the Whispering Ring helps."));
  return TRUE;
}

void
effects_finish_card_apply (PenGame         *self,
                           const PenAction *action)
{
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.step2)
    {
      self->threat.current.step2 = FALSE;
      threat_distribute (self);
      return;
    }
  close_card_effect (self);
}

/* Whether the Wizard holds a card usable at step 2 of a Threat. */
gboolean
effects_has_after_roll_card (PenGame *self)
{
  for (guint i = 0; i < cards_owned (self)->len; i++)
    {
      const OwnedCard *owned = cards_owned_card (self, i);

      if (!owned->rotated && owned->card->timing == PEN_TIMING_AFTER_THREAT_ROLL
          && (owned->zone != ZONE_GRIMOIRE || owned->card->type == PEN_CARD_SPELL))
        return TRUE;
    }
  return FALSE;
}

/* Cards that trigger by themselves when their condition occurs. */
void
effects_trigger_condition (PenGame      *self,
                           PenCondition  condition)
{
  for (guint i = 0; i < cards_owned (self)->len; i++)
    {
      const OwnedCard *owned = cards_owned_card (self, i);

      if (owned->rotated || owned->card->requirement != PEN_REQUIRE_CONDITION
          || owned->card->condition != condition || owned->zone == ZONE_GRIMOIRE
          || effects_card_suppressed (self, owned, NULL))
        continue;
      log_line (self, N_("%s takes effect."), LOG_CARD (owned->card->id));
      effects_apply_card (self, owned->card, 0);
    }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

static const char *token_ids[] = {
  "reroll", "increase", "decrease", "flip", "recolour", "set", "colour", "exchange", "threat-up", "threat-down",
  "property", "ring-minus-six", "ring-ignore-die",
  "heal", "recharge", "unexhaust",
};

void
effects_use_card_to_json (PenGame         *self,
                          const PenAction *action,
                          JsonBuilder     *b)
{
  json_put_int (b, "card", action->index);
  if (action->value >= 0)
    json_put_int (b, "cost", action->value);
  json_put_dice (b, "dice", action->mask);
  if (action->empower != 0)
    json_put_dice (b, "empower-dice", action->empower);
  if (action->to > 0)
    json_put_int (b, "empower", action->to);
}

gboolean
effects_use_card_from_json (PenGame    *self,
                            JsonObject *object,
                            PenAction  *action,
                            GError    **error)
{
  JsonNode *dice = json_object_get_member (object, "dice");

  if (!json_member_int (object, "card", 0, G_MAXINT, &action->index, error))
    return FALSE;
  if (json_object_has_member (object, "cost")
      && !json_member_int (object, "cost", 0, PEN_CARD_MAX_COSTS - 1, &action->value, error))
    return FALSE;
  /* "empower": how many, in saves from before the dice were named. */
  if (json_object_has_member (object, "empower")
      && !json_member_int (object, "empower", 0, 63, &action->to, error))
    return FALSE;
  if (json_object_has_member (object, "empower-dice")
      && !json_member_dice (json_object_get_member (object, "empower-dice"), &action->empower, error))
    return FALSE;
  return dice == NULL || json_member_dice (dice, &action->mask, error);
}


void
effects_card_token_to_json (PenGame         *self,
                            const PenAction *action,
                            JsonBuilder     *b)
{
  json_put_string (b, "token", token_ids[action->value]);
  if (action->value <= PEN_MANIPULATE_SET)
    json_put_int (b, "die", action->die);
  if (action->value == PEN_MANIPULATE_RECOLOUR || action->value == PEN_TOKEN_COLOUR)
    json_put_string (b, "colour", pen_discipline_get_id (action->colour));
  if (action->value == PEN_MANIPULATE_SET)
    json_put_int (b, "face", action->colour);
  if (action->value == PEN_TOKEN_THREAT_UP || action->value == PEN_TOKEN_THREAT_DOWN)
    json_put_int (b, "threat-die", action->index);
  if (action->value == PEN_TOKEN_PROPERTY)
    json_put_int (b, "property", action->index);
  if (action->value == PEN_TOKEN_HEAL || action->value == PEN_TOKEN_RECHARGE)
    json_put_int (b, "mark", action->index);
  if (action->value == PEN_TOKEN_UNEXHAUST)
    json_put_int (b, "card", action->index);
}

gboolean
effects_card_token_from_json (PenGame    *self,
                              JsonObject *object,
                              PenAction  *action,
                              GError    **error)
{
  if (!json_member_id (object, "token", token_ids, G_N_ELEMENTS (token_ids), &action->value, error))
    return FALSE;
  if (action->value <= PEN_MANIPULATE_SET && !json_member_int (object, "die", 0, G_MAXINT, &action->die, error))
    return FALSE;
  if ((action->value == PEN_MANIPULATE_RECOLOUR || action->value == PEN_TOKEN_COLOUR)
      && !json_member_discipline (object, "colour", &action->colour, error))
    return FALSE;
  if (action->value == PEN_MANIPULATE_SET && !json_member_int (object, "face", 1, 6, &action->colour, error))
    return FALSE;
  if ((action->value == PEN_TOKEN_THREAT_UP || action->value == PEN_TOKEN_THREAT_DOWN)
      && !json_member_int (object, "threat-die", 0, PEN_MAX_THREAT_DICE - 1, &action->index, error))
    return FALSE;
  if (action->value == PEN_TOKEN_PROPERTY
      && !json_member_int (object, "property", 0, PEN_QUEST_MAX_PROPERTIES - 1, &action->index, error))
    return FALSE;
  if ((action->value == PEN_TOKEN_HEAL || action->value == PEN_TOKEN_RECHARGE)
      && !json_member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error))
    return FALSE;
  if (action->value == PEN_TOKEN_UNEXHAUST && !json_member_int (object, "card", 0, G_MAXINT, &action->index, error))
    return FALSE;
  return TRUE;
}
