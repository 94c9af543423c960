/* pen-game-cards.c: Wizard cards: the play area, the decks and markets,
 * gaining and buying cards, Artifacts and their Equipment cells, summoning
 * from the market, and listing the card actions (rulebook, "Wizard Cards",
 * "Artifacts", "Summons and Pets"). Using a card and its effects are in
 * pen-game-effects.c; the state of both (CardsState) is saved, read back,
 * copied and checked here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-cards"

#include "config.h"

#include "pen-game-private.h"

GArray *
cards_owned (PenGame *self)
{
  return self->cards.owned[self->turn.current];
}

OwnedCard *
cards_owned_card (PenGame *self,
                  guint    index)
{
  return &g_array_index (cards_owned (self), OwnedCard, index);
}

/* "Two cards with the same name cannot be in your play area." */
gboolean
cards_owns_name (PenGame    *self,
                 const char *name)
{
  GArray *owned = cards_owned (self);

  for (guint i = 0; i < owned->len; i++)
    if (g_str_equal (g_array_index (owned, OwnedCard, i).card->name, name))
      return TRUE;
  return FALSE;
}

const PenCard *
cards_find (PenGame    *self,
            const char *id)
{
  const PenCard *card = pen_cards_find (self->card_catalogue, id);

  g_assert (card != NULL);
  return card;
}

static int
deck_of (const PenCard *card)
{
  if (card->type == PEN_CARD_POTION)
    return PEN_DECK_POTIONS;
  if (card->type == PEN_CARD_ARTIFACT)
    return PEN_DECK_ARTIFACTS;
  return card->colour;
}

/* Markets: the Classes in play, the Brewery, the Shop. */
gboolean
cards_deck_has_market (PenGame *self,
                       int      deck)
{
  if (deck >= PEN_DECK_POTIONS)
    return TRUE;
  for (guint i = 0; i < PEN_N_CLASSES && i < self->n_locations; i++)
    if (location_discipline (self->locations[i]) == (PenDiscipline) deck)
      return TRUE;
  return FALSE;
}

void
cards_refill_market (PenGame *self,
                     int      deck)
{
  /* Spec §3: the Shop, too, is refilled from the Automa's Equipment. */
  if (deck == PEN_DECK_ARTIFACTS && (self->cards.market[deck][0] == NULL || self->cards.market[deck][1] == NULL))
    automa_restock (self);
  for (guint slot = 0; slot < 2; slot++)
    if (self->cards.market[deck][slot] == NULL && self->cards.decks[deck]->len > 0)
      self->cards.market[deck][slot] = g_ptr_array_steal_index (self->cards.decks[deck], 0);
}

/* Rulebook, "Cards": a random card the Wizard already has by name is
 * discarded and another drawn, until one can be gained; none: nothing. */
static char *
draw_gainable (PenGame *self,
               int      deck)
{
  for (guint tries = self->cards.decks[deck]->len; tries > 0; tries--)
    {
      char *id = g_ptr_array_steal_index (self->cards.decks[deck], 0);

      if (!cards_owns_name (self, cards_find (self, id)->name))
        return id;
      g_ptr_array_add (self->cards.decks[deck], id);   /* discarded to the bottom */
    }
  return NULL;
}

/* What the card choice under way resumes once over (the reward it is part
 * of, or only what it interrupted): its frame's, or, while its card is
 * given, the frame lifted off meanwhile (cards_take_card_apply()). */
static PendingResume
gain_resume (PenGame *self)
{
  if (self->turn.pending == PEN_PENDING_CARD)
    return pending_top (self)->resume;
  return self->pending.lifted != PENDING_RESUME_NONE ? self->pending.lifted : PENDING_RESUME_CARD;
}

/* Puts a gained card where it belongs. */
static void
give_card (PenGame       *self,
           const PenCard *card)
{
  OwnedCard owned = { .card = card };

  log_line (self, N_("Gained the card %s."), LOG_CARD (card->id));
  switch (card->type)
    {
    case PEN_CARD_SPELL:
    case PEN_CARD_RECIPE:
    case PEN_CARD_SUMMON:
      owned.zone = ZONE_GRIMOIRE;
      break;
    case PEN_CARD_POTION:
      owned.zone = ZONE_INVENTORY;
      break;
    case PEN_CARD_ARTIFACT:
    default:
      if (card->equipment == PEN_EQUIPMENT_NONE)
        {
          /* A Tome: its effect once, then the Experience zone. */
          owned.zone = ZONE_EXPERIENCE;
          g_array_append_val (cards_owned (self), owned);
          effects_apply_card (self, card, 0);
          return;
        }
      for (guint i = 0; i < cards_owned (self)->len; i++)
        if (cards_owned_card (self, i)->zone == ZONE_EQUIPMENT
            && cards_owned_card (self, i)->card->equipment == card->equipment)
          {
            self->cards.equip_new = card;
            pending_push (self, PEN_PENDING_EQUIPMENT, gain_resume (self), 0);
            return;
          }
      owned.zone = ZONE_EQUIPMENT;
      break;
    }
  g_array_append_val (cards_owned (self), owned);
  /* A card that works by itself gives the rest of its text once, when gained:
   * Unity with Nature's "Roll 2 Resource dice" (docs/rules-assumptions.md). */
  if (card->requirement == PEN_REQUIRE_CONSTANT)
    effects_apply_card (self, card, 0);
}

/* Whether the card at @place (0, 1: market; 2: top of the deck) of @deck can
 * be gained now, by name. */
gboolean
cards_can_take_from (PenGame *self,
                     int      deck,
                     int      place)
{
  if (place == 2)
    {
      for (guint i = 0; i < self->cards.decks[deck]->len; i++)
        if (!cards_owns_name (self, cards_find (self, g_ptr_array_index (self->cards.decks[deck], i))->name))
          return TRUE;
      return FALSE;
    }
  return self->cards.market[deck][place] != NULL
         && !cards_owns_name (self, cards_find (self, self->cards.market[deck][place])->name);
}

/* The decks the card being gained may come from. */
gboolean
cards_gain_deck_allows (PenGame *self,
                        int      deck)
{
  return self->cards.gain_deck >= 0 ? deck == self->cards.gain_deck : deck < PEN_DECK_POTIONS;
}

static gboolean
any_card_to_take (PenGame *self)
{
  for (int deck = 0; deck < PEN_N_DECKS; deck++)
    for (int place = 0; place < 3 && cards_gain_deck_allows (self, deck); place++)
      if (cards_can_take_from (self, deck, place))
        return TRUE;
  return FALSE;
}

/* The gain is over: back to what it interrupted (its frame is popped
 * already, unless a Tome's gain still waits), then on with what @resume
 * says (the rest of a reward). */
static void
after_card_gain (PenGame       *self,
                 PendingResume  resume)
{
  self->cards.to_gain = 0;
  if (self->turn.pending == PEN_PENDING_EQUIPMENT)
    return;
  if (self->turn.pending == PEN_PENDING_CARD)
    pending_pop (self);
  /* The gain's card, still being given, has nothing more to resume. */
  if (self->pending.lifted != PENDING_RESUME_NONE)
    self->pending.lifted = PENDING_RESUME_CARD;
  pending_continue (self, resume, 0, 0);
}

/* Starts gaining @n cards "of your choice" from @deck (-1: any Discipline). */
void
cards_start_gain (PenGame   *self,
                  guint      n,
                  int        deck,
                  AfterCard  after)
{
  /* A gain within a gain (a Tome's own "gain a card") keeps where the first
   * one returns to. */
  PendingResume resume = gain_resume (self);

  if (self->cards.to_gain == 0)
    resume = after == AFTER_CARD_REWARD ? PENDING_RESUME_REWARD : PENDING_RESUME_CARD;
  if (self->turn.pending == PEN_PENDING_CARD)
    pending_top (self)->resume = resume;
  self->cards.gain_deck = deck;
  self->cards.to_gain += n;
  if (!any_card_to_take (self))
    {
      log_line (self, N_("There is no card you can gain."));
      after_card_gain (self, resume);
      return;
    }
  if (self->turn.pending != PEN_PENDING_CARD)
    pending_push (self, PEN_PENDING_CARD, resume, 0);
}

void
cards_take_card_apply (PenGame         *self,
                       const PenAction *action)
{
  int source = action->index;
  int deck = source / 3, place = source % 3;
  PendingResume resume;
  char *id;

  if (place == 2)
    id = draw_gainable (self, deck);
  else
    {
      id = self->cards.market[deck][place];
      self->cards.market[deck][place] = NULL;
      cards_refill_market (self, deck);
    }
  /* The card is given in what the choice interrupted (a Tome's effect,
   * an Artifact's cell, read it). */
  self->pending.lifted = pending_pop (self).resume;
  give_card (self, cards_find (self, id));
  g_free (id);
  resume = self->pending.lifted;
  self->pending.lifted = PENDING_RESUME_NONE;
  if (self->turn.pending == PEN_PENDING_EQUIPMENT)
    {
      self->cards.to_gain--;
      return;
    }
  /* The choice goes on, back where it was (a Tome's own "gain a card" may
   * have asked for more meanwhile). */
  if (--self->cards.to_gain > 0 && any_card_to_take (self))
    {
      if (self->turn.pending != PEN_PENDING_CARD)
        pending_push (self, PEN_PENDING_CARD, resume, 0);
      return;
    }
  after_card_gain (self, resume);
}

/* The price after Persuade's discount, which applies to the whole purchase. */
void
cards_discounted_price (PenGame       *self,
                        const PenCard *card,
                        guint          price[PEN_N_INGREDIENTS])
{
  guint discount = self->cards.discount;

  memcpy (price, card->price, sizeof card->price);
  for (guint i = 0; i < PEN_N_INGREDIENTS && discount > 0; i++)
    while (price[i] > 0 && discount > 0)
      {
        price[i]--;
        discount--;
      }
}

/* Rulebook, "Setup": each Wizard's starting Discipline card from its Talent,
 * then the decks shuffled and the markets laid out. */
/* Whether @card is one of the @n @cards (the catalogue's: one card per id). */
static gboolean
is_one_of (const PenCard        *card,
           const PenCard *const *cards,
           guint                 n)
{
  for (guint i = 0; i < n; i++)
    if (cards[i] == card)
      return TRUE;
  return FALSE;
}

void
cards_setup (PenGame *self)
{
  g_autofree const char **ids = g_new0 (const char *, pen_cards_get_n_cards (self->card_catalogue));
  const PenCard *starting[PEN_MAX_PLAYERS];
  guint n_starting = 0;
  guint saved = self->turn.current;

  for (guint p = 0; p < self->n_players; p++)
    {
      const PenTalent *talent = pen_talents_find (self->talents, self->talent[p]);

      if ((int) p == self->automa.player)
        continue;
      self->turn.current = p;
      starting[n_starting] = cards_find (self, talent->card);
      give_card (self, starting[n_starting++]);
    }
  self->turn.current = saved;

  for (int deck = 0; deck < PEN_N_DECKS; deck++)
    {
      guint n = 0;

      for (guint i = 0; i < pen_cards_get_n_cards (self->card_catalogue); i++)
        {
          const PenCard *card = pen_cards_get_card (self->card_catalogue, i);

          if (deck_of (card) == deck && !card->talent_card && !is_one_of (card, starting, n_starting))
            ids[n++] = card->id;
        }
      setup_shuffle_strings (self->rng, ids, n);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (self->cards.decks[deck], g_strdup (ids[i]));
      if (cards_deck_has_market (self, deck))
        cards_refill_market (self, deck);
    }
}

/* A Potion unrotated goes back to the Grimoire as a Recipe (rulebook, "Recipes
 * and Potions", 5). */
void
cards_unrotate (PenGame *self,
                guint    index)
{
  OwnedCard *owned = cards_owned_card (self, index);

  owned->rotated = FALSE;
  if (owned->card->type == PEN_CARD_RECIPE && owned->zone == ZONE_INVENTORY)
    owned->zone = ZONE_GRIMOIRE;
}

/* A card leaves the play area for the bottom of its deck. */
void
cards_discard_owned (PenGame *self,
                     guint    index)
{
  const PenCard *card = cards_owned_card (self, index)->card;

  g_ptr_array_add (self->cards.decks[deck_of (card)], g_strdup (card->id));
  g_array_remove_index (cards_owned (self), index);
}

void
cards_buy_card_apply (PenGame         *self,
                      const PenAction *action)
{
  int market = action->value == 0 ? PEN_MARKET_BREWERY : PEN_MARKET_SHOP;
  char *id = self->cards.market[market][action->index];
  const PenCard *card = cards_find (self, id);
  guint price[PEN_N_INGREDIENTS];
  guint paid = 0, full = 0;

  cards_discounted_price (self, card, price);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      pen_wizard_board_spend_ingredient (game_current_board (self), i, price[i]);
      paid += price[i];
      full += card->price[i];
    }
  /* The discount applies to the whole purchase, once. */
  self->cards.discount -= MIN (self->cards.discount, full - paid);
  self->cards.market[market][action->index] = NULL;
  cards_refill_market (self, market);
  log_line (self, N_("Bought %s."), LOG_CARD (card->id));
  if (self->turn.pending == PEN_PENDING_BUY)
    {
      self->cards.buys_left--;
      pending_set (self, self->cards.buys_left > 0 ? PEN_PENDING_BUY : PEN_PENDING_NONE);
    }
  else
    self->cards.rest_buy = FALSE;
  give_card (self, card);
  g_free (id);
}

void
cards_keep_equipment_apply (PenGame         *self,
                            const PenAction *action)
{
  gboolean replace = action->index == 1;
  const PenCard *card = self->cards.equip_new;
  OwnedCard owned = { .card = card, .zone = ZONE_EQUIPMENT };
  PendingFrame equipment;

  self->cards.equip_new = NULL;
  if (replace)
    for (guint i = 0; i < cards_owned (self)->len; i++)
      if (cards_owned_card (self, i)->zone == ZONE_EQUIPMENT && cards_owned_card (self, i)->card->equipment == card->equipment)
        {
          cards_discard_owned (self, i);
          g_array_append_val (cards_owned (self), owned);
          log_line (self, N_("%s replaces the equipped Artifact."), LOG_CARD (card->id));
          break;
        }
  if (!replace)
    {
      g_ptr_array_add (self->cards.decks[PEN_DECK_ARTIFACTS], g_strdup (card->id));
      log_line (self, N_("%s is discarded."), LOG_CARD (card->id));
    }
  equipment = pending_pop (self);
  if (self->cards.to_gain > 0 && any_card_to_take (self))
    {
      pending_push (self, PEN_PENDING_CARD, equipment.resume, 0);
      return;
    }
  if (self->cards.to_gain > 0 || equipment.resume == PENDING_RESUME_REWARD)
    after_card_gain (self, equipment.resume);
}

static gboolean
die_pays (const PenCostComponent *component,
          const PenDie           *die)
{
  gboolean kind_ok = component->any_die
                     || (component->die_kind == PEN_DIE_KIND_COLOURED
                           ? pen_die_counts_as (die, component->colour) : die->kind == component->die_kind);

  return kind_ok && (component->value == 0 || die->value == component->value);
}

/* The supply's dice as listing compares them: for each of the first 64,
 * the dice before it that are the same (kind, colour, value, temporary),
 * as bits; and the Orange ones. Two equal dice give the same game, so of
 * equal dice only the first free ones are offered. */
typedef struct
{
  guint   n;
  guint64 same_before[64];
  guint64 orange;
} SupplyDice;

static void
supply_dice_init (SupplyDice     *dice,
                  PenWizardBoard *board)
{
  dice->n = MIN (board_n_dice (board), 64);
  dice->orange = 0;
  for (guint i = 0; i < dice->n; i++)
    {
      const PenDie *die = board_die (board, i);

      dice->same_before[i] = 0;
      for (guint j = 0; j < i; j++)
        {
          const PenDie *other = board_die (board, j);

          if (other->kind == die->kind && other->colour == die->colour && other->value == die->value
              && other->temporary == die->temporary)
            dice->same_before[i] |= G_GUINT64_CONSTANT (1) << j;
        }
      if (pen_die_counts_as (die, PEN_DISCIPLINE_AMBER))
        dice->orange |= G_GUINT64_CONSTANT (1) << i;
    }
}

/* Whether die @d is not in @used and no die before it outside @used is the same. */
static gboolean
first_free_of_its_kind (const SupplyDice *dice,
                        guint             d,
                        guint64           used)
{
  return !(used & (G_GUINT64_CONSTANT (1) << d)) && (dice->same_before[d] & ~used) == 0;
}

/* Adds to @masks each set of supply dice that pays the die components of
 * @cost from component @c on, @mask the dice already taken: a die equal to
 * one tried before for the same component gives the same game and is
 * skipped, and a set is added once whatever the order its dice were taken
 * in. */
static void
add_cost_masks (PenGame          *self,
                const SupplyDice *dice,
                const PenCost    *cost,
                guint             c,
                guint64           mask,
                GArray           *masks)
{
  PenWizardBoard *board = game_current_board (self);
  const PenCostComponent *component;

  while (c < cost->n_components && cost->components[c].kind != PEN_COST_DIE)
    c++;
  if (c == cost->n_components)
    {
      for (guint m = 0; m < masks->len; m++)
        if (g_array_index (masks, guint64, m) == mask)
          return;
      g_array_append_val (masks, mask);
      return;
    }
  component = &cost->components[c];
  for (guint i = 0; i < dice->n; i++)
    if (first_free_of_its_kind (dice, i, mask) && die_pays (component, board_die (board, i)))
      add_cost_masks (self, dice, cost, c + 1, mask | (G_GUINT64_CONSTANT (1) << i), masks);
}

/* Every way to pay @cost with dice, the player's to choose ("the dice it
 * would take"), into @masks (emptied first: the game keeps one array for
 * every listing): none when the supply cannot pay it or it asks for a Launch. */
static void
cost_masks (PenGame          *self,
            const SupplyDice *dice,
            const PenCost    *cost,
            GArray           *masks)
{
  g_array_set_size (masks, 0);
  for (guint c = 0; c < cost->n_components; c++)
    if (cost->components[c].kind == PEN_COST_LAUNCHED)
      return;
  add_cost_masks (self, dice, cost, 0, 0, masks);
}

/* @action with each set of Orange dice (not paying its cost) discarded for
 * Empower — "you may discard several to add +2 for each" — from die @from
 * on, @chosen those already in the set: among equal dice, only the first
 * ones, so that each set is offered once. */
static void
offer_empower (Lister           *lister,
               const SupplyDice *dice,
               PenAction        *action,
               guint             from,
               guint64           chosen)
{
  for (guint d = from; d < dice->n; d++)
    if ((dice->orange & (G_GUINT64_CONSTANT (1) << d)) && first_free_of_its_kind (dice, d, action->mask | chosen))
      {
        action->empower = chosen | (G_GUINT64_CONSTANT (1) << d);
        marks_offer_paying_blood (lister, action);
        offer_empower (lister, dice, action, d + 1, action->empower);
      }
  action->empower = chosen;
}

/* Whether the Wizard holds an unrotated card whose constant effect lets Pets
 * be summoned from the market (rulebook, "Wizard cards", CONSTANT EFFECT). */
static gboolean
summons_from_market (PenGame *self)
{
  for (guint i = 0; i < cards_owned (self)->len; i++)
    {
      const OwnedCard *owned = cards_owned_card (self, i);

      for (guint e = 0; !owned->rotated && owned->card->requirement == PEN_REQUIRE_CONSTANT
                         && e < owned->card->n_effects; e++)
        if (owned->card->effects[e].op == PEN_EFFECT_SUMMON_FROM_MARKET)
          return TRUE;
    }
  return FALSE;
}

/* Card actions. A cost is offered with one representative choice of dice;
 * any other choice that pays it is accepted too. */
/* The parts of a card effect that wait for the player (PEN_PENDING_CARD_EFFECT). */
static void
offer_card_tokens (Lister *lister)
{
  static const int kinds[] = {
    PEN_MANIPULATE_REROLL, PEN_MANIPULATE_INCREASE, PEN_MANIPULATE_DECREASE, PEN_MANIPULATE_FLIP,
  };
  PenGame *self = lister->game;
  PenWizardBoard *board = game_current_board (self);
  PenAction action;

  for (guint d = 0; d < board_n_dice (board); d++)
    if (game_is_first_of_its_kind (board, d))
      {
        for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
          {
            pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
            action.die = d;
            action.value = kinds[k];
            lister_offer (lister, &action);
          }
        for (int v = 0; v < 6; v++)
          {
            pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
            action.die = d;
            action.value = PEN_MANIPULATE_RECOLOUR;
            action.colour = v;
            lister_offer (lister, &action);
            action.value = PEN_MANIPULATE_SET;
            action.colour = v + 1;
            lister_offer (lister, &action);
          }
      }
  for (int v = 0; v < PEN_N_DISCIPLINES; v++)
    {
      pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
      action.value = PEN_TOKEN_COLOUR;
      action.colour = v;
      lister_offer (lister, &action);
    }
  pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
  action.value = PEN_TOKEN_EXCHANGE;
  lister_offer (lister, &action);
  for (int v = PEN_TOKEN_HEAL; v <= PEN_TOKEN_UNEXHAUST; v++)
    for (guint i = 0; i < (v == PEN_TOKEN_UNEXHAUST ? cards_owned (self)->len : PEN_N_MARK_CELLS); i++)
      {
        pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
        action.value = v;
        action.index = i;
        lister_offer (lister, &action);
      }
  for (guint t = 0; t < self->threat.current.n_values; t++)
    for (int v = PEN_TOKEN_THREAT_UP; v <= PEN_TOKEN_THREAT_DOWN; v++)
      {
        pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
        action.value = v;
        action.index = t;
        lister_offer (lister, &action);
      }
  for (int p = 0; p < PEN_QUEST_MAX_PROPERTIES; p++)
    {
      pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
      action.value = PEN_TOKEN_PROPERTY;
      action.index = p;
      lister_offer (lister, &action);
    }
  for (int v = PEN_TOKEN_RING_MINUS_SIX; v <= PEN_TOKEN_RING_IGNORE_DIE; v++)
    {
      pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
      action.value = v;
      lister_offer (lister, &action);
    }
}

/* Each card held, used with each way to pay each of its costs, and the Marks
 * that cast or unexhaust it. */
static void
offer_card_uses (Lister     *lister,
                 SupplyDice *dice,
                 GArray     *masks)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = game_current_board (self);
  PenAction action;

  for (guint i = 0; i < cards_owned (self)->len; i++)
    {
      const PenCard *card = cards_owned_card (self, i)->card;

      pen_action_init (&action, PEN_ACTION_USE_CARD);
      action.index = i;
      marks_offer_paying_blood (lister, &action);
      for (guint c = 0; c < card->n_costs; c++)
        {
          cost_masks (self, dice, &card->costs[c], masks);
          for (guint m = 0; m < masks->len; m++)
            {
              pen_action_init (&action, PEN_ACTION_USE_CARD);
              action.index = i;
              action.value = c;
              action.mask = g_array_index (masks, guint64, m);
              marks_offer_paying_blood (lister, &action);
              if (effects_card_is_enhanced (card) && !lister->no_empower)
                offer_empower (lister, dice, &action, 0, 0);
            }
        }
      if (card->n_costs == 0)
        {
          pen_action_init (&action, PEN_ACTION_USE_CARD);
          action.index = i;
          action.value = 0;
          marks_offer_paying_blood (lister, &action);
        }
      for (guint cell = 0; cell < PEN_N_MARK_CELLS; cell++)
        if ((self->def->mark_cells[cell].effect == PEN_MARK_EFFECT_CAST
             || self->def->mark_cells[cell].effect == PEN_MARK_EFFECT_UNEXHAUST)
            && board_mark (board, cell)->occupied
            && board_mark (board, cell)->state == PEN_MARK_CHARGED)
          {
            pen_action_init (&action, PEN_ACTION_USE_MARK);
            action.index = cell;
            action.value = self->def->mark_cells[cell].effect;
            action.to = i;
            marks_offer_paying_blood (lister, &action);
          }
    }
}

static void
offer_summons_from_market (Lister     *lister,
                           SupplyDice *dice,
                           GArray     *masks)
{
  PenGame *self = lister->game;
  PenAction action;

  /* Without the card that allows it no Pet is summoned from the market. */
  for (int deck = 0; deck < PEN_N_DISCIPLINES && summons_from_market (self); deck++)
    for (int place = 0; place < 2; place++)
      {
        const PenCard *card = self->cards.market[deck][place] != NULL ? cards_find (self, self->cards.market[deck][place]) : NULL;

        for (guint c = 0; card != NULL && card->type == PEN_CARD_SUMMON && c < card->n_costs; c++)
          {
            cost_masks (self, dice, &card->costs[c], masks);
            for (guint m = 0; m < masks->len; m++)
              {
                pen_action_init (&action, PEN_ACTION_SUMMON_FROM_MARKET);
                action.colour = deck;
                action.index = place;
                action.value = c;
                action.mask = g_array_index (masks, guint64, m);
                lister_offer (lister, &action);
              }
          }
      }
}

void
cards_offer_actions (Lister *lister)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = game_current_board (self);
  GArray *masks;
  SupplyDice dice;
  PenAction action;

  if (self->cost_masks == NULL)
    self->cost_masks = g_array_new (FALSE, FALSE, sizeof (guint64));
  masks = self->cost_masks;

  if (self->turn.pending == PEN_PENDING_CARD)
    for (int source = 0; source < PEN_N_DECKS * 3; source++)
      {
        pen_action_init (&action, PEN_ACTION_TAKE_CARD);
        action.index = source;
        lister_offer (lister, &action);
      }
  if (self->turn.pending == PEN_PENDING_EQUIPMENT)
    {
      for (int keep = 0; keep < 2; keep++)
        {
          pen_action_init (&action, PEN_ACTION_KEEP_EQUIPMENT);
          action.index = keep;
          lister_offer (lister, &action);
        }
      return;
    }

  pen_action_init (&action, PEN_ACTION_FINISH_CARD);
  lister_offer (lister, &action);
  pen_action_init (&action, PEN_ACTION_FINISH_BUYING);
  lister_offer (lister, &action);
  for (int market = 0; market < 2; market++)
    for (int place = 0; place < 2; place++)
      {
        pen_action_init (&action, PEN_ACTION_BUY_CARD);
        action.value = market;
        action.index = place;
        lister_offer (lister, &action);
      }
  for (int deck = 0; deck < PEN_N_DECKS && board_ingredient (board, PEN_INGREDIENT_JEWELS) > 0; deck++)
    {
      pen_action_init (&action, PEN_ACTION_BRIBE);
      action.index = deck;
      lister_offer (lister, &action);
    }

  if (self->turn.pending == PEN_PENDING_CARD_EFFECT)
    {
      offer_card_tokens (lister);
      return;
    }

  supply_dice_init (&dice, board);
  offer_card_uses (lister, &dice, masks);
  offer_summons_from_market (lister, &dice, masks);
}

/* Each equipped Artifact, to free its cell. */
void
cards_offer_artifact_discards (Lister *lister)
{
  for (guint i = 0; i < cards_owned (lister->game)->len; i++)
    {
      PenAction action;

      pen_action_init (&action, PEN_ACTION_DISCARD_ARTIFACT);
      action.index = i;
      lister_offer (lister, &action);
    }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

static const char *place_ids[] = { "left", "right", "top" };

gboolean
cards_take_card_check (PenGame         *self,
                       const PenAction *action,
                       GError         **error)
{
  if (self->turn.pending != PEN_PENDING_CARD)
    return game_refuse (error, _("No card is being gained."));
  if (action->index < 0 || action->index >= PEN_N_DECKS * 3
      || !cards_gain_deck_allows (self, action->index / 3))
    return game_refuse (error, _("The card cannot come from there."));
  if (!cards_can_take_from (self, action->index / 3, action->index % 3))
    return game_refuse (error, _("You cannot gain that card: it is not there, or you already have a card of that name."));
  return TRUE;
}

void
cards_take_card_to_json (PenGame         *self,
                         const PenAction *action,
                         JsonBuilder     *b)
{
  json_put_string (b, "deck", json_deck_ids[action->index / 3]);
  json_put_string (b, "from", place_ids[action->index % 3]);
}

gboolean
cards_take_card_from_json (PenGame    *self,
                           JsonObject *object,
                           PenAction  *action,
                           GError    **error)
{
  int deck, place;

  if (!json_member_id (object, "deck", json_deck_ids, PEN_N_DECKS, &deck, error)
      || !json_member_id (object, "from", place_ids, 3, &place, error))
    return FALSE;
  action->index = PEN_CARD_SOURCE (deck, place);
  return TRUE;
}

gboolean
cards_buy_card_check (PenGame         *self,
                      const PenAction *action,
                      GError         **error)
{
  int market = action->value == 0 ? PEN_MARKET_BREWERY : PEN_MARKET_SHOP;
  const PenCard *card;
  guint price[PEN_N_INGREDIENTS];

  if (self->turn.pending == PEN_PENDING_BUY)
    {
      if (self->cards.buy_market != market || self->cards.buys_left == 0)
        return game_refuse (error, _("You cannot buy there now."));
    }
  else if (!(self->turn.type == PEN_TURN_REST && self->cards.rest_buy
             && (self->turn.pending == PEN_PENDING_NONE || self->turn.pending == PEN_PENDING_EXCHANGE)))
    return game_refuse (error, _("Buying is done in the Brewery, the Shop, or on Rest with the right Mark."));
  if (action->value < 0 || action->value > 1 || action->index < 0 || action->index > 1
      || self->cards.market[market][action->index] == NULL)
    return game_refuse (error, _("There is no card in that place of the market."));
  card = cards_find (self, self->cards.market[market][action->index]);
  if (cards_owns_name (self, card->name))
    return game_refuse (error, _("You already have a card named %s."), CARD_NAME (card->name));
  cards_discounted_price (self, card, price);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (board_ingredient (game_current_board (self), i) < price[i])
      return game_refuse (error, _("%s costs more than you have."), CARD_NAME (card->name));
  return TRUE;
}

void
cards_buy_card_to_json (PenGame         *self,
                        const PenAction *action,
                        JsonBuilder     *b)
{
  json_put_string (b, "market", action->value == 0 ? "brewery" : "shop");
  json_put_string (b, "from", place_ids[action->index]);
}

gboolean
cards_buy_card_from_json (PenGame    *self,
                          JsonObject *object,
                          PenAction  *action,
                          GError    **error)
{
  static const char *markets[] = { "brewery", "shop" };

  return json_member_id (object, "market", markets, 2, &action->value, error)
         && json_member_id (object, "from", place_ids, 2, &action->index, error);
}

gboolean
cards_finish_buying_check (PenGame         *self,
                           const PenAction *action,
                           GError         **error)
{
  if (self->turn.pending != PEN_PENDING_BUY)
    return game_refuse (error, _("You are not buying."));
  return TRUE;
}

void
cards_finish_buying_apply (PenGame         *self,
                           const PenAction *action)
{
  pending_set (self, PEN_PENDING_NONE);
}

gboolean
cards_keep_equipment_check (PenGame         *self,
                            const PenAction *action,
                            GError         **error)
{
  if (self->turn.pending != PEN_PENDING_EQUIPMENT)
    return game_refuse (error, _("No Artifact is waiting for its cell."));
  if (action->index != 0 && action->index != 1)
    return game_refuse (error, _("Keep the equipped Artifact or replace it."));
  return TRUE;
}

void
cards_keep_equipment_to_json (PenGame         *self,
                              const PenAction *action,
                              JsonBuilder     *b)
{
  json_put_boolean (b, "replace", action->index == 1);
}

gboolean
cards_keep_equipment_from_json (PenGame    *self,
                                JsonObject *object,
                                PenAction  *action,
                                GError    **error)
{
  action->index = json_safe_boolean (object, "replace", FALSE) ? 1 : 0;
  return TRUE;
}

/* Unity with Nature: "You may summon Pets from the market." A Summon of a
 * Class market is summoned as from the Grimoire ("Summons and Pets", 2: "To
 * summon a Pet, pay its cost. Move the card ... to the Inventory"), at the
 * moments a Summon may be (docs/rules-assumptions.md). */
gboolean
cards_summon_from_market_check (PenGame         *self,
                                const PenAction *action,
                                GError         **error)
{
  const PenCard *card;

  if (!summons_from_market (self))
    return game_refuse (error, _("Only a card that lets you summon Pets from the market (Unity with Nature), unrotated, allows this."));
  if (self->turn.pending != PEN_PENDING_NONE && self->turn.pending != PEN_PENDING_LOCATION
      && self->turn.pending != PEN_PENDING_TASK && self->turn.pending != PEN_PENDING_PATH
      && self->turn.pending != PEN_PENDING_THREAT)
    return game_refuse (error, _("Finish what is under way first."));
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled)
    return game_refuse (error, _("After the Threat roll only effects that adjust Threat dice can be used."));
  if (action->colour < 0 || action->colour >= PEN_N_DISCIPLINES || !cards_deck_has_market (self, action->colour)
      || action->index < 0 || action->index > 1 || self->cards.market[action->colour][action->index] == NULL)
    return game_refuse (error, _("There is no card in that place of the market."));
  card = cards_find (self, self->cards.market[action->colour][action->index]);
  if (card->type != PEN_CARD_SUMMON)
    return game_refuse (error, _("%s is not a Summon: only Pets are summoned from the market."), CARD_NAME (card->name));
  if (cards_owns_name (self, card->name))
    return game_refuse (error, _("You already have a card named %s."), CARD_NAME (card->name));
  if (!effects_check_timing (self, card->cost_timing, FALSE, error) || !effects_vigilance_allows (self, FALSE, error))
    return FALSE;
  if (action->value < 0 || (guint) action->value >= card->n_costs)
    return game_refuse (error, _("The card has no such cost."));
  return effects_cost_payable (self, &card->costs[action->value], action->mask, FALSE, error);
}

void
cards_summon_from_market_apply (PenGame         *self,
                                const PenAction *action)
{
  g_autofree char *id = g_steal_pointer (&self->cards.market[action->colour][action->index]);
  const PenCard *card = cards_find (self, id);
  OwnedCard owned = { .card = card, .zone = ZONE_INVENTORY };

  if (self->turn.type == PEN_TURN_UNDECLARED)
    turn_declare_study (self);
  effects_cost_payable (self, &card->costs[action->value], action->mask, TRUE, NULL);
  cards_refill_market (self, action->colour);
  g_array_append_val (cards_owned (self), owned);
  log_line (self, N_("Summoned %s from the market."), LOG_CARD (card->id));
  self->cards.last_card = NULL;
}

void
cards_summon_from_market_to_json (PenGame         *self,
                                  const PenAction *action,
                                  JsonBuilder     *b)
{
  json_put_string (b, "deck", pen_discipline_get_id (action->colour));
  json_put_string (b, "from", place_ids[action->index]);
  json_put_int (b, "cost", action->value);
  json_put_dice (b, "dice", action->mask);
}

gboolean
cards_summon_from_market_from_json (PenGame    *self,
                                    JsonObject *object,
                                    PenAction  *action,
                                    GError    **error)
{
  JsonNode *dice = json_object_get_member (object, "dice");

  return json_member_discipline (object, "deck", &action->colour, error)
         && json_member_id (object, "from", place_ids, 2, &action->index, error)
         && json_member_int (object, "cost", 0, PEN_CARD_MAX_COSTS - 1, &action->value, error)
         && (dice == NULL || json_member_dice (dice, &action->mask, error));
}

/* Rulebook, "Artifacts": "Artifacts can be discarded at any time to free a
 * cell." A new Artifact waiting for the cell is answered by keep-equipment. */
gboolean
cards_discard_artifact_check (PenGame         *self,
                              const PenAction *action,
                              GError         **error)
{
  const OwnedCard *owned;

  if (action->index < 0 || (guint) action->index >= cards_owned (self)->len)
    return game_refuse (error, _("You have no such card."));
  owned = cards_owned_card (self, action->index);
  if (owned->zone != ZONE_EQUIPMENT)
    return game_refuse (error, _("Only an Artifact in an Equipment cell can be discarded."));
  if (self->turn.pending == PEN_PENDING_EQUIPMENT && self->cards.equip_new != NULL
      && self->cards.equip_new->equipment == owned->card->equipment)
    return game_refuse (error, _("%s waits for this cell: keep the equipped Artifact or replace it."),
                        CARD_NAME (self->cards.equip_new->name));
  return TRUE;
}

void
cards_discard_artifact_apply (PenGame         *self,
                              const PenAction *action)
{
  log_line (self, N_("%s is discarded."), LOG_CARD (cards_owned_card (self, action->index)->card->id));
  cards_discard_owned (self, action->index);
}

void
cards_discard_artifact_to_json (PenGame         *self,
                                const PenAction *action,
                                JsonBuilder     *b)
{
  json_put_int (b, "card", action->index);
}

gboolean
cards_discard_artifact_from_json (PenGame    *self,
                                  JsonObject *object,
                                  PenAction  *action,
                                  GError    **error)
{
  return json_member_int (object, "card", 0, G_MAXINT, &action->index, error);
}

/* ---- The cards in a save ----------------------------------------------------------- */

static const char *save_zone_ids[] = { "grimoire", "inventory", "equipment", "experience" };

void
cards_state_init (CardsState *state)
{
  for (guint d = 0; d < PEN_N_DECKS; d++)
    state->decks[d] = g_ptr_array_new_with_free_func (g_free);
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    state->owned[p] = g_array_new (FALSE, FALSE, sizeof (OwnedCard));
  state->gain_deck = -1;
  state->buy_market = -1;
}

void
cards_state_clear (CardsState *state)
{
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      g_clear_pointer (&state->decks[d], g_ptr_array_unref);
      g_clear_pointer (&state->market[d][0], g_free);
      g_clear_pointer (&state->market[d][1], g_free);
    }
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    g_clear_pointer (&state->owned[p], g_array_unref);
}

/* After the bytes of @state were copied into @copy: what it owns. */
void
cards_state_copy (CardsState       *copy,
                  const CardsState *state)
{
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      copy->decks[d] = game_copy_strings (state->decks[d]);
      copy->market[d][0] = g_strdup (state->market[d][0]);
      copy->market[d][1] = g_strdup (state->market[d][1]);
    }
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    copy->owned[p] = game_copy_array (state->owned[p]);
}

static void
add_card_effect (JsonBuilder *b,
                 PenGame     *self)
{
  json_builder_set_member_name (b, "effect");
  json_builder_begin_object (b);
  json_add_uints (b, "tokens", self->cards.effect.tokens, G_N_ELEMENTS (self->cards.effect.tokens));
  json_builder_set_member_name (b, "colours");
  json_builder_add_int_value (b, self->cards.effect.colours);
  json_builder_set_member_name (b, "temporary-colours");
  json_builder_add_int_value (b, self->cards.effect.temporary_colours);
  json_builder_set_member_name (b, "threat-adjust");
  json_builder_add_int_value (b, self->cards.effect.threat_adjust);
  json_add_uints (b, "give", self->cards.effect.exchange_give, PEN_N_INGREDIENTS);
  json_add_uints (b, "take", self->cards.effect.exchange_take, PEN_N_INGREDIENTS);
  json_builder_set_member_name (b, "exchange-open");
  json_builder_add_boolean_value (b, self->cards.effect.exchange_open);
  json_builder_set_member_name (b, "cancel-property");
  json_builder_add_boolean_value (b, self->cards.effect.cancel_property);
  json_builder_set_member_name (b, "ring");
  json_builder_add_boolean_value (b, self->cards.effect.ring);
  json_add_uints (b, "picks", (guint[]) { self->cards.effect.heals, self->cards.effect.recharges, self->cards.effect.unexhausts }, 3);
  json_add_nullable (b, "unexhauster", self->cards.effect.unexhauster ? self->cards.effect.unexhauster->id : NULL);
  json_builder_set_member_name (b, "after-event");
  json_builder_add_boolean_value (b, self->cards.effect.after_event);
  json_builder_set_member_name (b, "discipline-marks-only");
  json_builder_add_boolean_value (b, self->cards.effect.discipline_marks_only);
  json_builder_end_object (b);
}

/* The cards: decks, markets, each player's cards, and the card effect under way. */
void
cards_state_to_json (PenGame     *self,
                     JsonBuilder *b)
{
  json_builder_set_member_name (b, "cards");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "decks");
  json_builder_begin_array (b);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      json_builder_begin_object (b);
      json_add_strings (b, "deck", self->cards.decks[d]);
      json_builder_set_member_name (b, "market");
      json_builder_begin_array (b);
      for (guint slot = 0; slot < 2; slot++)
        if (self->cards.market[d][slot] != NULL)
          json_builder_add_string_value (b, self->cards.market[d][slot]);
        else
          json_builder_add_null_value (b);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint p = 0; p < self->n_players; p++)
    {
      json_builder_begin_array (b);
      for (guint i = 0; i < self->cards.owned[p]->len; i++)
        {
          const OwnedCard *owned = &g_array_index (self->cards.owned[p], OwnedCard, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "card");
          json_builder_add_string_value (b, owned->card->id);
          json_builder_set_member_name (b, "zone");
          json_builder_add_string_value (b, save_zone_ids[owned->zone]);
          json_builder_set_member_name (b, "rotated");
          json_builder_add_boolean_value (b, owned->rotated);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "to-gain");
  json_builder_add_int_value (b, self->cards.to_gain);
  json_builder_set_member_name (b, "gain-deck");
  json_builder_add_int_value (b, self->cards.gain_deck);
  json_builder_set_member_name (b, "buy-market");
  json_builder_add_int_value (b, self->cards.buy_market);
  json_builder_set_member_name (b, "buys-left");
  json_builder_add_int_value (b, MIN (self->cards.buys_left, 99));
  json_builder_set_member_name (b, "discount");
  json_builder_add_int_value (b, self->cards.discount);
  json_add_nullable (b, "equip-new", self->cards.equip_new ? self->cards.equip_new->id : NULL);
  json_add_nullable (b, "last-card", self->cards.last_card ? self->cards.last_card->id : NULL);
  json_builder_set_member_name (b, "chain-length");
  json_builder_add_int_value (b, self->cards.chain_length);
  json_add_nullable (b, "threat-card", self->cards.threat_card ? self->cards.threat_card->id : NULL);
  json_builder_set_member_name (b, "threat-card-bonus");
  json_builder_add_int_value (b, self->cards.threat_card_bonus);
  json_builder_set_member_name (b, "flags");
  json_builder_begin_array (b);
  if (self->cards.exchange_from_card)
    json_builder_add_string_value (b, "exchange-from-card");
  if (self->cards.ignore_dice_in_threat)
    json_builder_add_string_value (b, "ignore-dice-in-threat");
  if (self->cards.dead_water_wound)
    json_builder_add_string_value (b, "dead-water-wound");
  if (self->cards.rest_brew)
    json_builder_add_string_value (b, "rest-brew");
  if (self->cards.rest_buy)
    json_builder_add_string_value (b, "rest-buy");
  json_builder_end_array (b);

  add_card_effect (b, self);
  json_builder_end_object (b);
}

static gboolean
read_card_ref (PenGame        *self,
               JsonObject     *object,
               const char     *name,
               const PenCard **out,
               GError        **error)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *id;

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  id = json_node_get_string (node);
  if (id == NULL || (*out = pen_cards_find (self->card_catalogue, id)) == NULL)
    return json_bad_save (error, _("“%s” names an unknown card."), name);
  return TRUE;
}

/* The decks and their markets. */
static gboolean
read_decks (PenGame     *self,
            JsonObject  *object,
            GError     **error)
{
  JsonNode *member = json_get_member (object, "decks", JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != PEN_N_DECKS)
    return json_bad_save (error, _("there must be %d decks of cards."), PEN_N_DECKS);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      JsonNode *deck_node = json_array_get_element (array, d);
      JsonObject *deck = JSON_NODE_HOLDS_OBJECT (deck_node) ? json_node_get_object (deck_node) : NULL;
      JsonNode *market;

      if (deck == NULL)
        return json_bad_save (error, _("a deck of cards is damaged."));
      if (!json_read_strings (deck, "deck", self->cards.decks[d], self, IDS_CARD, error))
        return FALSE;
      market = json_get_member (deck, "market", JSON_NODE_ARRAY, error);
      if (market == NULL)
        return FALSE;
      if (json_array_get_length (json_node_get_array (market)) != 2)
        return json_bad_save (error, _("a market must have two places."));
      for (guint slot = 0; slot < 2; slot++)
        {
          JsonNode *node = json_array_get_element (json_node_get_array (market), slot);
          const char *id = JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);

          if (!JSON_NODE_HOLDS_NULL (node) && (id == NULL || pen_cards_find (self->card_catalogue, id) == NULL))
            return json_bad_save (error, _("a market holds an unknown card."));
          self->cards.market[d][slot] = g_strdup (id);
        }
    }
  return TRUE;
}

/* The cards each player holds. */
static gboolean
read_owned_cards (PenGame     *self,
                  JsonObject  *object,
                  GError     **error)
{
  JsonNode *member = json_get_member (object, "players", JSON_NODE_ARRAY, error);
  JsonArray *array;
  guint choice;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != self->n_players)
    return json_bad_save (error, _("every player must have a list of cards."));
  for (guint p = 0; p < self->n_players; p++)
    {
      JsonNode *list = json_array_get_element (array, p);

      if (!JSON_NODE_HOLDS_ARRAY (list))
        return json_bad_save (error, _("a player's cards must be a list."));
      for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
        {
          JsonNode *node = json_array_get_element (json_node_get_array (list), i);
          JsonObject *entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
          OwnedCard owned = { 0 };

          if (entry == NULL)
            return json_bad_save (error, _("a player's card is damaged."));
          if (!read_card_ref (self, entry, "card", &owned.card, error)
              || !json_get_choice (entry, "zone", save_zone_ids, G_N_ELEMENTS (save_zone_ids), &choice, error)
              || !json_get_bool (entry, "rotated", &owned.rotated, error))
            return FALSE;
          if (owned.card == NULL)
            return json_bad_save (error, _("a player's card is damaged."));
          owned.zone = choice;
          g_array_append_val (self->cards.owned[p], owned);
        }
    }
  return TRUE;
}

/* The gaining and buying under way, Launch, and a card waiting for its Threat. */
static gboolean
read_gaining (PenGame     *self,
              JsonObject  *object,
              gboolean     older,
              GError     **error)
{
  gint64 value;
  guint choice = PEN_PENDING_NONE;

  if (!json_get_int (object, "to-gain", 0, 99, &value, error))
    return FALSE;
  self->cards.to_gain = value;
  if (!json_get_int (object, "gain-deck", -1, PEN_N_DECKS - 1, &value, error))
    return FALSE;
  self->cards.gain_deck = value;
  /* Version 5 and earlier: whether a reward goes on after the card choice,
   * and what it interrupted (pending_state_from_slots()). */
  if (older
      && (!json_get_bool (object, "after-reward", &self->pending.v5.after_reward, error)
          || !json_get_choice (object, "card-resume", json_pending_ids, G_N_ELEMENTS (json_pending_ids), &choice, error)))
    return FALSE;
  self->pending.v5.card = choice;
  if (!json_get_int (object, "buy-market", -1, PEN_N_DECKS - 1, &value, error))
    return FALSE;
  self->cards.buy_market = value;
  if (!json_get_int (object, "buys-left", 0, 99, &value, error))
    return FALSE;
  self->cards.buys_left = value == 99 ? G_MAXUINT : (guint) value;
  if (!json_get_int (object, "discount", 0, 9, &value, error))
    return FALSE;
  self->cards.discount = value;
  if (!read_card_ref (self, object, "equip-new", &self->cards.equip_new, error)
      || !read_card_ref (self, object, "last-card", &self->cards.last_card, error)
      || !read_card_ref (self, object, "threat-card", &self->cards.threat_card, error))
    return FALSE;
  if (!json_get_int (object, "chain-length", 0, 9999, &value, error))
    return FALSE;
  self->cards.chain_length = value;
  if (!json_get_int (object, "threat-card-bonus", 0, 99, &value, error))
    return FALSE;
  self->cards.threat_card_bonus = value;
  if (older && json_object_has_member (object, "threat-card-resume"))
    {
      guint outer[3];

      if (!json_get_choice (object, "threat-card-resume", json_pending_ids, G_N_ELEMENTS (json_pending_ids), &choice, error)
          || !json_read_uints (object, "outer-threat", outer, 3, PEN_MAX_THREAT_DICE, error))
        return FALSE;
      Threat threat = { .n_dice = outer[0], .uncancellable = outer[1] != 0, .source = MIN (outer[2], THREAT_FOR_CARD) };

      self->pending.v5.threat_card = choice;
      self->pending.v5.outer_threat = threat_pack (&threat);
    }
  return TRUE;
}

/* The flags of the cards' rules under way, each there when set. */
static gboolean
read_flags (PenGame     *self,
            JsonObject  *object,
            GError     **error)
{
  JsonNode *member = json_get_member (object, "flags", JSON_NODE_ARRAY, error);

  if (member == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (member)); i++)
    {
      const char *flag = json_node_get_string (json_array_get_element (json_node_get_array (member), i));

      if (g_strcmp0 (flag, "exchange-from-card") == 0)
        self->cards.exchange_from_card = TRUE;
      else if (g_strcmp0 (flag, "ignore-dice-in-threat") == 0)
        self->cards.ignore_dice_in_threat = TRUE;
      else if (g_strcmp0 (flag, "dead-water-wound") == 0)
        self->cards.dead_water_wound = TRUE;
      else if (g_strcmp0 (flag, "rest-brew") == 0)
        self->cards.rest_brew = TRUE;
      else if (g_strcmp0 (flag, "rest-buy") == 0)
        self->cards.rest_buy = TRUE;
      else
        return json_bad_save (error, _("“flags” holds an unknown flag."));
    }
  return TRUE;
}

/* The card effect under way. */
static gboolean
read_card_effect (PenGame     *self,
                  JsonObject  *object,
                  gboolean     older,
                  GError     **error)
{
  JsonNode *member = json_get_member (object, "effect", JSON_NODE_OBJECT, error);
  JsonObject *effect;
  gint64 value;
  guint choice;

  if (member == NULL)
    return FALSE;
  effect = json_node_get_object (member);
  if (!json_read_uints (effect, "tokens", self->cards.effect.tokens, G_N_ELEMENTS (self->cards.effect.tokens), 99, error)
      || !json_read_uints (effect, "give", self->cards.effect.exchange_give, PEN_N_INGREDIENTS, 12, error)
      || !json_read_uints (effect, "take", self->cards.effect.exchange_take, PEN_N_INGREDIENTS, 12, error)
      || !json_get_bool (effect, "exchange-open", &self->cards.effect.exchange_open, error))
    return FALSE;
  if (older)
    {
      if (!json_get_choice (effect, "resume", json_pending_ids, G_N_ELEMENTS (json_pending_ids), &choice, error))
        return FALSE;
      self->pending.v5.effect = choice;
    }
  if (!json_get_int (effect, "colours", 0, 99, &value, error))
    return FALSE;
  self->cards.effect.colours = value;
  if (!json_get_int (effect, "temporary-colours", 0, self->cards.effect.colours, &value, error))
    return FALSE;
  self->cards.effect.temporary_colours = value;
  if (!json_get_int (effect, "threat-adjust", 0, 99, &value, error))
    return FALSE;
  self->cards.effect.threat_adjust = value;
  /* Saves older than choosing the Property to cancel have none waiting. */
  if (json_object_has_member (effect, "cancel-property")
      && !json_get_bool (effect, "cancel-property", &self->cards.effect.cancel_property, error))
    return FALSE;
  /* ...nor the Whispering Ring's choice. */
  if (json_object_has_member (effect, "ring") && !json_get_bool (effect, "ring", &self->cards.effect.ring, error))
    return FALSE;
  /* Saves from before the picks of Heal, Recharge and Unexhaust have none. */
  if (json_object_has_member (effect, "picks"))
    {
      guint picks[3];

      if (!json_read_uints (effect, "picks", picks, 3, 99, error)
          || !read_card_ref (self, effect, "unexhauster", &self->cards.effect.unexhauster, error)
          || !json_get_bool (effect, "after-event", &self->cards.effect.after_event, error))
        return FALSE;
      self->cards.effect.heals = picks[0];
      self->cards.effect.recharges = picks[1];
      self->cards.effect.unexhausts = picks[2];
    }
  /* ...nor Recollection's Discipline Marks only. */
  if (json_object_has_member (effect, "discipline-marks-only")
      && !json_get_bool (effect, "discipline-marks-only", &self->cards.effect.discipline_marks_only, error))
    return FALSE;
  return TRUE;
}

gboolean
cards_state_from_json (PenGame     *self,
                       JsonObject  *root,
                       GError     **error)
{
  JsonNode *member;
  JsonObject *object;
  gboolean older = json_save_version (root) < 6;

  /* Before the table is laid out (Talents being chosen) no card is dealt yet. */
  if (self->n_locations == 0 && !json_object_has_member (root, "cards"))
    return TRUE;
  member = json_get_member (root, "cards", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  object = json_node_get_object (member);
  return read_decks (self, object, error)
         && read_owned_cards (self, object, error)
         && read_gaining (self, object, older, error)
         && read_flags (self, object, error)
         && read_card_effect (self, object, older, error);
}

/* Every Wizard card is in exactly one place: a deck, a market, a play area
 * (or, for a moment, waiting for its Equipment cell); nobody holds two of a name. */
static gboolean
check_wizard_cards (PenGame  *self,
                    GError  **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean ok = TRUE;

  if (self->n_locations == 0)
    return TRUE;
  for (guint d = 0; ok && d < PEN_N_DECKS; d++)
    {
      ok = save_count_ids (seen, self->cards.decks[d], FALSE);
      for (guint slot = 0; ok && slot < 2; slot++)
        ok = self->cards.market[d][slot] == NULL || g_hash_table_add (seen, self->cards.market[d][slot]);
    }
  for (guint p = 0; ok && p < self->n_players; p++)
    {
      g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
      guint equipment[5] = { 0 };

      for (guint i = 0; ok && i < self->cards.owned[p]->len; i++)
        {
          const OwnedCard *owned = &g_array_index (self->cards.owned[p], OwnedCard, i);

          ok = g_hash_table_add (seen, owned->card->id) && g_hash_table_add (names, owned->card->name);
          if (owned->zone == ZONE_EQUIPMENT && ++equipment[owned->card->equipment] > 1)
            return json_bad_save (error, _("a Wizard has two Artifacts in one Equipment cell."));
        }
    }
  if (ok && self->cards.equip_new != NULL)
    ok = g_hash_table_add (seen, self->cards.equip_new->id);
  for (guint c = 0; ok && c < PEN_AUTOMA_N_CELLS; c++)
    ok = save_count_ids (seen, self->automa.cells[c], FALSE);
  if (ok)
    ok = save_count_ids (seen, self->automa.cards, FALSE);
  if (!ok)
    return json_bad_save (error, _("a card is in two places at once, or a Wizard holds two cards of one name."));
  /* A Talent's own card is in play only with its Talent; else it stays in the box. */
  for (guint i = 0; i < pen_cards_get_n_cards (self->card_catalogue); i++)
    if (pen_cards_get_card (self->card_catalogue, i)->talent_card)
      g_hash_table_add (seen, pen_cards_get_card (self->card_catalogue, i)->id);
  if (g_hash_table_size (seen) != pen_cards_get_n_cards (self->card_catalogue))
    return json_bad_save (error, _("a Wizard card is missing from the game."));
  return TRUE;
}

gboolean
cards_state_check (PenGame  *self,
                   GError  **error)
{
  if (self->cards.effect.cancel_property && !quests_any_property_acting (self, NULL))
    return json_bad_save (error, _("a card waits to cancel a Property, yet no Property of a Trial acts."));
  if (self->cards.effect.ring && !quests_ring_can_help (self, RING_MINUS_SIX, NULL)
      && !quests_ring_can_help (self, RING_IGNORE_DIE, NULL))
    return json_bad_save (error, _("the Whispering Ring waits for its choice, yet no Catch task can take its help."));
  return check_wizard_cards (self, error);
}
