/* pen-game-dice.c: dice and Primagic: gaining dice, Manipulate and Exchange
 * (rulebook, "Dice", "Dice manipulation", "Primagic")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-dice"

#include "config.h"

#include "pen-game-private.h"

const guint dice_manipulation_cost[] = {
  [PEN_MANIPULATE_REROLL] = 1,
  [PEN_MANIPULATE_INCREASE] = 2,
  [PEN_MANIPULATE_DECREASE] = 2,
  [PEN_MANIPULATE_FLIP] = 2,
  [PEN_MANIPULATE_RECOLOUR] = 3,
};

/* A Spark die counts as the one colour its owner names for it; any other die
 * as its own colour, or none. */
gboolean
dice_counts_as (const PenDie  *die,
                int            spark_colour,
                PenDiscipline  colour)
{
  if (die->kind == PEN_DIE_KIND_SPARK)
    return spark_colour == (int) colour;
  return pen_die_counts_as (die, colour);
}

/* A Spark die meets a colour cell when it is named that colour, or named
 * none (then it takes the colour the cell asks for). */
gboolean
dice_counts_for_cell (const PenDie  *die,
                      int            spark_colour,
                      PenDiscipline  colour)
{
  if (die->kind == PEN_DIE_KIND_SPARK)
    return spark_colour < 0 || spark_colour == (int) colour;
  return pen_die_counts_as (die, colour);
}

PenDie
dice_make (PenDieKind    kind,
           PenDiscipline colour)
{
  PenDie die = { .kind = kind, .colour = kind == PEN_DIE_KIND_COLOURED ? colour : 0, .value = 1 };

  return die;
}

/* Rulebook, "Dice": gaining a die takes it from the common supply and rolls it. */
void
dice_gain_new (PenGame       *self,
               PenDieKind     kind,
               PenDiscipline  colour)
{
  PenDie die = dice_make (kind, colour);

  pen_die_roll (&die, self->rng);
  pen_wizard_board_add_die (game_current_board (self), &die);
  log_line (self, N_("Gained a die: %s."), LOG_DIE (&die));
}

/* ---- Dice taken back from the locations (rulebook, "Rest effects") ------ */

/* A placed die that the die owed to a Rest effect may be: the same kind, and
 * for a coloured die the same colour. */
static gboolean
takes_back (const PenDie *owed,
            const PenDie *placed)
{
  return placed->kind == owed->kind && (owed->kind != PEN_DIE_KIND_COLOURED || placed->colour == owed->colour);
}

/* The first die in a cell that the first owed die may be, or -1. */
int
dice_to_take_back (PenGame *self,
                   int      location,
                   int      section,
                   int      cell)
{
  for (guint i = 0; i < location_n_dice (self->locations[location], section, cell); i++)
    if (takes_back (&self->turn.take_back[0], location_die (self->locations[location], section, cell, i)))
      return (int) i;
  return -1;
}

/* The cells holding a die the first owed die may be, as take-back actions.
 * Dice in one cell are alike to the player: the die taken is rolled. */
GArray *
dice_take_back_cells (PenGame *self)
{
  /* Room for a few at once: grown from nothing, one action at a time, it
   * was reallocated for each of the first ones. */
  GArray *cells = g_array_sized_new (FALSE, FALSE, sizeof (PenAction), 8);
  PenAction action;

  for (guint l = 0; l < self->n_locations; l++)
    for (guint s = 0; s < self->loc_defs[l]->n_sections && location_count_dice (self->locations[l]) > 0; s++)
      for (int c = -1; c < (int) self->loc_defs[l]->sections[s].n_cells; c++)
        if (dice_to_take_back (self, (int) l, (int) s, c) >= 0)
          {
            pen_action_init (&action, PEN_ACTION_TAKE_BACK);
            action.location = (int) l;
            action.section = (int) s;
            action.cell = c;
            g_array_append_val (cells, action);
          }
  return cells;
}

/* "GAINING A DIE. ... take that die ..., roll it": the die taken back from
 * @cell (NULL: from the common supply) is gained as any die is, and no longer
 * owed. */
static void
take_back_from (PenGame         *self,
                const PenAction *cell)
{
  PenDie die = self->turn.take_back[0];
  int index = cell != NULL ? dice_to_take_back (self, cell->location, cell->section, cell->cell) : -1;

  self->turn.n_take_back--;
  memmove (self->turn.take_back, self->turn.take_back + 1, self->turn.n_take_back * sizeof (PenDie));
  if (cell == NULL)
    {
      dice_gain_new (self, die.kind, die.colour);
      return;
    }
  die = pen_location_take_die (self->locations[cell->location], cell->section, cell->cell, index);
  die.temporary = FALSE;
  pen_die_roll (&die, self->rng);
  pen_wizard_board_add_die (game_current_board (self), &die);
  log_line (self, N_("Took a die back from the table and rolled it: %s."), LOG_DIE (&die));
}

/* Takes the owed dice, oldest first: from the one cell that holds a fitting
 * die, or from the common supply when none does. With @ask, a die that could
 * come from several cells waits for the player's choice (and the ones owed
 * after it with it, since the choice changes what is left for them). */
void
dice_take_back_owed (PenGame  *self,
                     gboolean  ask)
{
  while (self->turn.n_take_back > 0)
    {
      g_autoptr(GArray) cells = dice_take_back_cells (self);

      if (ask && cells->len >= 2)
        return;
      take_back_from (self, cells->len > 0 ? &g_array_index (cells, PenAction, 0) : NULL);
    }
}

/* Rulebook, "Rest effects": "Take a coloured die of the same colour as the
 * Mark from those placed in locations (if possible), or from the supply (if
 * not). You can take any die of the corresponding colour of your choice from
 * those placed in locations." The same for Spark and Bone dice. */
void
dice_gain_from_locations (PenGame       *self,
                          PenDieKind     kind,
                          PenDiscipline  colour)
{
  g_assert (self->turn.n_take_back < G_N_ELEMENTS (self->turn.take_back));
  self->turn.take_back[self->turn.n_take_back++] = dice_make (kind, colour);
  dice_take_back_owed (self, TRUE);
}

/* After an action: a die still owed waits for the player's choice, and then
 * the game goes on with what the action left pending. */
void
dice_wait_for_take_back (PenGame *self)
{
  if (self->turn.n_take_back == 0 || self->turn.pending == PEN_PENDING_TAKE_BACK)
    return;
  pending_push (self, PEN_PENDING_TAKE_BACK, PENDING_RESUME_TAKE_BACK, 0);
}

void
dice_offer_take_backs (Lister *lister)
{
  g_autoptr(GArray) cells = dice_take_back_cells (lister->game);

  for (guint i = 0; i < cells->len; i++)
    lister_offer (lister, &g_array_index (cells, PenAction, i));
}

gboolean
dice_take_back_check (PenGame         *self,
                      const PenAction *action,
                      GError         **error)
{
  const PenDie *owed = &self->turn.take_back[0];

  if (self->turn.pending != PEN_PENDING_TAKE_BACK)
    return game_refuse (error, _("No Rest effect is waiting to take a die back."));
  if (!locations_check_cell (self, action->location, action->section, action->cell, error))
    return FALSE;
  if (dice_to_take_back (self, action->location, action->section, action->cell) >= 0)
    return TRUE;
  switch (owed->kind)
    {
    case PEN_DIE_KIND_BONE:
      return game_refuse (error, _("That cell holds no Bone die for the Rest effect to take back."));
    case PEN_DIE_KIND_SPARK:
      return game_refuse (error, _("That cell holds no Spark die for the Rest effect to take back."));
    case PEN_DIE_KIND_COLOURED:
    case PEN_DIE_KIND_THREAT:
    default:
      /* Translators: %s is a Discipline colour: "That cell holds no Ruby die ..." */
      return game_refuse (error, _("That cell holds no %s die for the Rest effect to take back."),
                          pen_discipline_get_name (owed->colour));
    }
}

void
dice_take_back_apply (PenGame         *self,
                      const PenAction *action)
{
  take_back_from (self, action);
  dice_take_back_owed (self, TRUE);
  if (self->turn.n_take_back == 0)
    {
      pending_pop (self);
    }
}

void
dice_gain_ingredients (PenGame       *self,
                       PenIngredient  ingredient,
                       guint          amount)
{
  guint gained = pen_wizard_board_gain_ingredient (game_current_board (self), ingredient, amount);

  if (gained < amount)
    log_line (self, N_("Gained %s (%u more would pass the limit of %d and went back)."),
              LOG_INGREDIENTS (ingredient, gained), LOG_NUMBER (amount - gained), LOG_NUMBER (PEN_INGREDIENT_CAP));
  else
    log_line (self, N_("Gained %s."), LOG_INGREDIENTS (ingredient, gained));
}

/* Rulebook, "Ingredients", RESOURCE DIE: all the Ingredients of one or more
 * Resource dice arrive at once. */
void
dice_roll_resource (PenGame *self,
                    guint    n_dice)
{
  guint total[PEN_N_INGREDIENTS] = { 0 };

  for (guint d = 0; d < n_dice; d++)
    {
      guint gains[PEN_N_INGREDIENTS];

      pen_resource_die_roll (self->resource_die, self->rng, gains);
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        total[i] += gains[i];
    }
  log_count (self, "Rolled %u Resource die.", "Rolled %u Resource dice.", n_dice, LOG_NUMBER (n_dice));
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (total[i] > 0)
      dice_gain_ingredients (self, i, total[i]);
}

gboolean
dice_check_supply_die (PenGame  *self,
                       int       die,
                       GError  **error)
{
  if (die < 0 || (guint) die >= board_n_dice (game_current_board (self)))
    return game_refuse (error, _("There is no such die in your supply."));
  return TRUE;
}

gboolean
dice_manipulate_check (PenGame         *self,
                       const PenAction *action,
                       GError         **error)
{
  PenWizardBoard *board = game_current_board (self);
  const PenDie *die;
  guint cost;

  if (!turn_check_study_or_trial (self, error) || !dice_check_supply_die (self, action->die, error))
    return FALSE;
  if (quests_trial_has_property (self, PEN_PROPERTY_CRYSTAL_SUPPRESSION, NULL))
    return game_refuse (error, _("Crystal Suppression: Crystals cannot be used in this Trial."));
  if (action->value < 0 || action->value > PEN_MANIPULATE_RECOLOUR)
    return game_refuse (error, _("There is no such manipulation."));
  cost = dice_manipulation_cost[action->value];
  if (board_ingredient (board, PEN_INGREDIENT_CRYSTALS) < cost)
    return game_refuse (error, ngettext ("This manipulation costs %u Crystal.",
                                         "This manipulation costs %u Crystals.", cost), cost);
  die = board_die (board, action->die);
  switch ((PenManipulation) action->value)
    {
    case PEN_MANIPULATE_INCREASE:
      return pen_die_adjust ((PenDie[]) { *die }, +1, error);
    case PEN_MANIPULATE_DECREASE:
      return pen_die_adjust ((PenDie[]) { *die }, -1, error);
    case PEN_MANIPULATE_RECOLOUR:
      if (action->colour < 0 || action->colour >= PEN_N_DISCIPLINES)
        return game_refuse (error, _("Name the colour to recolour the die to."));
      return pen_die_recolour ((PenDie[]) { *die }, action->colour, error);
    case PEN_MANIPULATE_REROLL:
    case PEN_MANIPULATE_FLIP:
    default:
      return TRUE;
    }
}

/* Rulebook, "Bazaar": 4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket, in
 * multiples only. */
gboolean
dice_exchange_check (PenGame         *self,
                     const PenAction *action,
                     GError         **error)
{
  const guint *rate = self->def->bazaar_rate;

  if (self->turn.pending != PEN_PENDING_EXCHANGE)
    return game_refuse (error, _("Ingredients are exchanged at the Bazaar, or on Rest with the right Mark."));
  if (action->colour < 0 || action->colour >= PEN_N_INGREDIENTS
      || action->to < 0 || action->to >= PEN_N_INGREDIENTS
      || rate[action->colour] == 0 || rate[action->to] == 0)
    return game_refuse (error, _("Only Fruits, Crystals, Jewels and Trinkets can be exchanged."));
  if (action->colour == action->to)
    return game_refuse (error, _("Exchange one Ingredient for another."));
  /* Rulebook, "Properties", CRYSTAL SUPPRESSION: a conversion is a use too. */
  if (action->colour == PEN_INGREDIENT_CRYSTALS
      && quests_trial_has_property (self, PEN_PROPERTY_CRYSTAL_SUPPRESSION, NULL))
    return game_refuse (error, _("Crystal Suppression: Crystals cannot be used in this Trial."));
  if (action->value < 1)
    return game_refuse (error, _("Exchange at least one lot."));
  if (board_ingredient (game_current_board (self), action->colour)
      < rate[action->colour] * (guint) action->value)
    return game_refuse (error, _("You have too few %s for that exchange."),
                        pen_ingredient_get_name (action->colour));
  return TRUE;
}

void
dice_manipulate_apply (PenGame         *self,
                       const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);
  PenDie *die = pen_wizard_board_peek_die (board, action->die);
  PenDie before = *die;

  if (self->turn.type == PEN_TURN_UNDECLARED)
    turn_declare_study (self);
  pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_CRYSTALS, dice_manipulation_cost[action->value]);
  switch ((PenManipulation) action->value)
    {
    case PEN_MANIPULATE_REROLL:
      pen_die_roll (die, self->rng);
      break;
    case PEN_MANIPULATE_INCREASE:
      pen_die_adjust (die, +1, NULL);
      break;
    case PEN_MANIPULATE_DECREASE:
      pen_die_adjust (die, -1, NULL);
      break;
    case PEN_MANIPULATE_FLIP:
      pen_die_flip (die);
      break;
    case PEN_MANIPULATE_RECOLOUR:
      pen_die_recolour (die, action->colour, NULL);
      break;
    default:
      g_assert_not_reached ();
    }
  log_line (self, N_("Manipulate: %s became %s."), LOG_DIE (&before), LOG_DIE (die));
}

void
dice_exchange_apply (PenGame         *self,
                     const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);
  const guint *rate = self->def->bazaar_rate;
  guint give = rate[action->colour] * action->value;
  guint take = rate[action->to] * action->value;

  pen_wizard_board_spend_ingredient (board, action->colour, give);
  log_line (self, N_("Exchanged %s."), LOG_INGREDIENTS (action->colour, give));
  dice_gain_ingredients (self, action->to, take);
}

void
dice_exchange_to_json (PenGame         *self,
                       const PenAction *action,
                       JsonBuilder     *b)
{
  json_put_string (b, "give", pen_ingredient_get_id (action->colour));
  json_put_string (b, "take", pen_ingredient_get_id (action->to));
  json_put_int (b, "lots", action->value);
}

gboolean
dice_exchange_from_json (PenGame    *self,
                         JsonObject *object,
                         PenAction  *action,
                         GError    **error)
{
  return json_member_ingredient (object, "give", &action->colour, error)
         && json_member_ingredient (object, "take", &action->to, error)
         && json_member_int (object, "lots", 1, PEN_INGREDIENT_CAP, &action->value, error);
}

gboolean
dice_finish_exchange_check (PenGame         *self,
                            const PenAction *action,
                            GError         **error)
{
  if (self->turn.pending != PEN_PENDING_EXCHANGE)
    return game_refuse (error, _("No exchange is open."));
  return TRUE;
}

void
dice_finish_exchange_apply (PenGame         *self,
                            const PenAction *action)
{
  /* A card's conversion returns to what it interrupted. */
  if (self->cards.exchange_from_card)
    pending_pop (self);
  else
    pending_set (self, PEN_PENDING_NONE);
  self->cards.exchange_from_card = FALSE;
}

/* The candidates are filtered by pen_game_check_action() alone; the quick
 * tests here only skip whole families that cannot be legal now. */
void
dice_offer_die_actions (Lister *lister,
                        guint   die)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = game_current_board (self);
  const PenDie *d = board_die (board, die);
  gboolean study = game_check_study (self, NULL);
  PenAction action;

  if (study && self->turn.pending == PEN_PENDING_NONE && self->turn.placements_left > 0)
    locations_offer_placements (lister, die);

  for (guint m = PEN_MANIPULATE_REROLL;
       m <= PEN_MANIPULATE_RECOLOUR && board_ingredient (board, PEN_INGREDIENT_CRYSTALS) > 0;
       m++)
    for (int colour = -1; colour < (m == PEN_MANIPULATE_RECOLOUR ? PEN_N_DISCIPLINES : 0); colour++)
      {
        pen_action_init (&action, PEN_ACTION_MANIPULATE);
        action.die = die;
        action.value = m;
        action.colour = colour;
        lister_offer (lister, &action);
      }

  for (guint cell = 0; cell < PEN_N_MARK_CELLS; cell++)
    {
      const PenMark *mark = board_mark (board, cell);
      PenMarkEffect effect = self->def->mark_cells[cell].effect;

      if (!mark->occupied || mark->state != PEN_MARK_CHARGED
          || (effect != PEN_MARK_EFFECT_SET && effect != PEN_MARK_EFFECT_RECOLOUR_BONE))
        continue;
      pen_action_init (&action, PEN_ACTION_USE_MARK);
      action.index = cell;
      action.die = die;
      action.value = effect;
      for (int face = 1; face <= (effect == PEN_MARK_EFFECT_SET ? 6 : 1); face++)
        {
          action.colour = effect == PEN_MARK_EFFECT_SET ? face : -1;
          lister_offer (lister, &action);
        }
    }

  if (self->turn.pending == PEN_PENDING_THREAT)
    {
      pen_action_init (&action, PEN_ACTION_DEFEND);
      action.die = die;
      lister_offer (lister, &action);
    }

  if (!study || !pen_die_counts_as (d, PEN_DISCIPLINE_RUBY))
    return;
  for (guint l = 0; l < self->n_locations; l++)
    {
      const PenLocationDef *def = self->loc_defs[l];

      for (guint s = 0; s < def->n_sections && location_count_dice (self->locations[l]) > 0; s++)
        for (int c = -1; c < (int) def->sections[s].n_cells; c++)
          for (guint i = 0; i < location_n_dice (self->locations[l], s, c); i++)
            {
              pen_action_init (&action, PEN_ACTION_KNOCK_OUT);
              action.die = die;
              action.location = l;
              action.section = s;
              action.cell = c;
              action.index = i;
              lister_offer (lister, &action);
            }
    }
}

/* Each pair of Ingredients, in every number of lots up to the most the
 * supply can give. */
void
dice_offer_exchanges (Lister *lister)
{
  PenAction action;

  for (guint give = 0; give < PEN_N_INGREDIENTS; give++)
    for (guint take = 0; take < PEN_N_INGREDIENTS; take++)
      for (int lots = 1; lots <= PEN_INGREDIENT_CAP; lots++)
        {
          pen_action_init (&action, PEN_ACTION_EXCHANGE);
          action.colour = give;
          action.to = take;
          action.value = lots;
          if (!pen_game_check_action (lister->game, &action, NULL))
            break;
          lister_keep (lister, &action);
        }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

static const char *manipulation_ids[] = {
  [PEN_MANIPULATE_REROLL] = "reroll",
  [PEN_MANIPULATE_INCREASE] = "increase",
  [PEN_MANIPULATE_DECREASE] = "decrease",
  [PEN_MANIPULATE_FLIP] = "flip",
  [PEN_MANIPULATE_RECOLOUR] = "recolour",
};

void
dice_knock_out_apply (PenGame         *self,
                      const PenAction *action)
{
  PenDie out;

  pen_wizard_board_take_die (game_current_board (self), action->die);
  out = pen_location_take_die (self->locations[action->location], action->section, action->cell, action->index);
  turn_declare_study (self);
  log_line (self, N_("Knock out: discarded a Red die to discard %s."), LOG_DIE (&out));
}

void
dice_knock_out_to_json (PenGame         *self,
                        const PenAction *action,
                        JsonBuilder     *b)
{
  locations_die_in_cell_to_json (self, action, b);
  json_put_int (b, "index", action->index);
}

gboolean
dice_knock_out_from_json (PenGame    *self,
                          JsonObject *object,
                          PenAction  *action,
                          GError    **error)
{
  return locations_die_in_cell_from_json (self, object, action, error)
         && json_member_int (object, "index", 0, G_MAXINT, &action->index, error);
}

gboolean
dice_hurry_check (PenGame         *self,
                  const PenAction *action,
                  GError         **error)
{
  if (!game_check_study (self, error))
    return FALSE;
  if (self->turn.pending != PEN_PENDING_NONE && self->turn.pending != PEN_PENDING_LOCATION)
    return game_refuse (error, _("That cannot be done now."));
  if (self->turn.hurried)
    return game_refuse (error, _("Hurry can be used only once per turn."));
  if (board_ingredient (game_current_board (self), PEN_INGREDIENT_TRINKETS) < 1)
    return game_refuse (error, _("Hurry costs a Trinket, and you have none."));
  return TRUE;
}

void
dice_hurry_apply (PenGame         *self,
                  const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);

  turn_declare_study (self);
  pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_TRINKETS, 1);
  self->turn.hurried = TRUE;
  self->turn.placements_left++;
  log_line (self, N_("Hurry: a Trinket buys one more placement."));
}

void
dice_manipulate_to_json (PenGame         *self,
                         const PenAction *action,
                         JsonBuilder     *b)
{
  json_put_int (b, "die", action->die);
  json_put_string (b, "manipulation", manipulation_ids[action->value]);
  if (action->colour >= 0)
    json_put_string (b, "colour", pen_discipline_get_id (action->colour));
}

gboolean
dice_manipulate_from_json (PenGame    *self,
                           JsonObject *object,
                           PenAction  *action,
                           GError    **error)
{
  if (!json_member_int (object, "die", 0, G_MAXINT, &action->die, error)
      || !json_member_id (object, "manipulation", manipulation_ids, G_N_ELEMENTS (manipulation_ids),
                          &action->value, error))
    return FALSE;
  if (json_object_has_member (object, "colour"))
    return json_member_discipline (object, "colour", &action->colour, error);
  return TRUE;
}

gboolean
dice_bind_check (PenGame         *self,
                 const PenAction *action,
                 GError         **error)
{
  if (!game_check_study (self, error))
    return FALSE;
  if (!self->turn.bind_open || (self->turn.pending != PEN_PENDING_NONE && self->turn.pending != PEN_PENDING_LOCATION))
    return game_refuse (error, _("Bind is used once per placement in the City."));
  if (pen_wizard_board_get_available_blood (game_current_board (self)) < BIND_BLOOD)
    return game_refuse (error, _("Bind costs 1 Blood, and you have none."));
  return TRUE;
}

void
dice_bind_apply (PenGame         *self,
                 const PenAction *action)
{
  marks_spend_blood (self, BIND_BLOOD);
  self->turn.bind_open = FALSE;
  pending_push (self, PEN_PENDING_RESERVE, PENDING_RESUME_BIND, 0);
  g_ptr_array_set_size (self->quests.bind_offer, 0);
  for (guint i = 0; i < N_BIND_CARDS && self->quests.contract_deck->len > 0; i++)
    g_ptr_array_add (self->quests.bind_offer, g_ptr_array_steal_index (self->quests.contract_deck, 0));
  log_line (self, N_("Bind: 1 Blood to reserve a Contract."));
}

gboolean
dice_bribe_check (PenGame         *self,
                  const PenAction *action,
                  GError         **error)
{
  if (!game_check_study (self, error))
    return FALSE;
  if (self->turn.pending != PEN_PENDING_NONE && self->turn.pending != PEN_PENDING_LOCATION
      && self->turn.pending != PEN_PENDING_BUY)
    return game_refuse (error, _("That cannot be done now."));
  if (board_ingredient (game_current_board (self), PEN_INGREDIENT_JEWELS) < 1)
    return game_refuse (error, _("Bribe costs a Jewel, and you have none."));
  if (action->index < 0 || action->index >= PEN_N_DECKS || !cards_deck_has_market (self, action->index))
    return game_refuse (error, _("There is no such market."));
  if (self->cards.decks[action->index]->len == 0)
    return game_refuse (error, _("That deck has no cards left to lay out."));
  return TRUE;
}

void
dice_bribe_apply (PenGame         *self,
                  const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);

  turn_declare_study (self);
  pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_JEWELS, 1);
  for (guint slot = 0; slot < 2; slot++)
    if (self->cards.market[action->index][slot] != NULL)
      g_ptr_array_add (self->cards.decks[action->index], g_steal_pointer (&self->cards.market[action->index][slot]));
  cards_refill_market (self, action->index);
  log_line (self, N_("Bribe: a Jewel refreshes a market."));
}

void
dice_bribe_to_json (PenGame         *self,
                    const PenAction *action,
                    JsonBuilder     *b)
{
  json_put_string (b, "market", json_deck_ids[action->index]);
}

gboolean
dice_bribe_from_json (PenGame    *self,
                      JsonObject *object,
                      PenAction  *action,
                      GError    **error)
{
  return json_member_id (object, "market", json_deck_ids, PEN_N_DECKS, &action->index, error);
}
