/* pen-game-locations.c: locations and placement: where a die may go, and the effect
 * of its section (rulebook, "Locations", "Class", "Bazaar", "Brewery", "Shop",
 * "Guild", "The Wilds")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-locations"

#include "config.h"

#include "pen-game-private.h"

gboolean
locations_check_cell (PenGame  *self,
                      int       location,
                      int       section,
                      int       cell,
                      GError  **error)
{
  const PenSectionDef *def;

  if (location < 0 || (guint) location >= self->n_locations)
    return game_refuse (error, _("There is no such location."));
  if (section < 0 || (guint) section >= self->loc_defs[location]->n_sections)
    return game_refuse (error, _("The location has no such section."));
  def = game_section_def (self, location, section);
  if (cell < -1 || cell >= (int) def->n_cells)
    return game_refuse (error, _("The section has no such cell."));
  return TRUE;
}

/* Cells printed "3+" or "4" open only with that many players
 * (docs/rules-assumptions.md, the Class, City and Wilds cells). */
static gboolean
cell_is_closed (PenGame          *self,
                const PenCellDef *cell)
{
  return cell->min_players > self->n_players;
}

/**
 * pen_game_is_cell_closed:
 *
 * Whether a cell of a location is closed in a game of this many players
 * (pen_game_get_n_players(): a solo game counts two).
 */
gboolean
pen_game_is_cell_closed (PenGame *self,
                         guint    location,
                         guint    section,
                         guint    cell)
{
  const PenLocationDef *def;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (location < self->n_locations, FALSE);
  def = pen_location_get_def (self->locations[location]);
  g_return_val_if_fail (section < def->n_sections, FALSE);
  g_return_val_if_fail (cell < def->sections[section].n_cells, FALSE);
  return cell_is_closed (self, &def->sections[section].cells[cell]);
}

/* The location's name for a refusal, or NULL when no message is wanted:
 * listing asks about a million cells a thousand games, without messages. */
static char *
name_for_message (PenLocation  *loc,
                  GError      **error)
{
  return error != NULL ? pen_location_dup_name (loc) : NULL;
}

/* Rulebook, "Locations", CELL CONDITIONS. */
static gboolean
die_meets_cell (PenGame          *self,
                const PenDie     *die,
                int               spark_colour,
                int               location,
                const PenCellDef *cell,
                GError          **error)
{
  PenLocation *loc = self->locations[location];

  if (cell_is_closed (self, cell))
    return game_refuse (error, ngettext ("This cell is open only in a game of %u or more player.",
                                         "This cell is open only in a game of %u or more players.",
                                         cell->min_players),
                        cell->min_players);

  switch (cell->condition)
    {
    case PEN_CELL_ANY:
      return TRUE;
    case PEN_CELL_SPARK:
      if (die->kind != PEN_DIE_KIND_SPARK)
        {
          g_autofree char *name = name_for_message (loc, error);

          return game_refuse (error, _("This cell of the %s needs a Spark die."), name);
        }
      return TRUE;
    case PEN_CELL_CLASS_COLOUR:
      if (!dice_counts_for_cell (die, spark_colour, location_discipline (loc)))
        {
          g_autofree char *name = name_for_message (loc, error);

          return game_refuse (error, _("This cell of the %s needs a die of the colour %s."), name,
                              pen_discipline_get_name (location_discipline (loc)));
        }
      return TRUE;
    case PEN_CELL_CLASS_SIX:
      if (!dice_counts_for_cell (die, spark_colour, location_discipline (loc)) || die->value != 6)
        {
          g_autofree char *name = name_for_message (loc, error);

          return game_refuse (error, _("This cell of the %s needs a die of the colour %s showing 6."), name,
                              pen_discipline_get_name (location_discipline (loc)));
        }
      return TRUE;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

/* What locations_place_check() asks of the cell once the placement is open, the die
 * in the supply and the cell on the table: what listing asks of each cell. */
static gboolean
place_cell_check (PenGame         *self,
                  const PenAction *action,
                  const PenDie    *die,
                  GError         **error)
{
  PenWizardBoard *board = game_current_board (self);
  const PenSectionDef *section = game_section_def (self, action->location, action->section);
  guint occupants;

  if (action->colour >= PEN_N_DISCIPLINES)
    return game_refuse (error, _("There is no such colour."));
  if (action->colour >= 0 && die->kind != PEN_DIE_KIND_SPARK)
    return game_refuse (error, _("Only a Spark die may count as a colour other than its own."));

  if (action->cell < 0)
    {
      gboolean fits = FALSE;

      /* Rulebook, "Primagic", APPEAR: 1 Arcana to place beside the cells; the
       * die still meets the condition of a cell of the section. */
      if (board_ingredient (board, PEN_INGREDIENT_ARCANA) < PEN_APPEAR_ARCANA)
        return game_refuse (error, _("Placing beside the cells (Appear) costs 1 Arcana, and you have none."));
      for (guint c = 0; c < section->n_cells && !fits; c++)
        fits = die_meets_cell (self, die, action->colour, action->location, &section->cells[c], NULL);
      if (!fits)
        return die_meets_cell (self, die, action->colour, action->location, &section->cells[0], error)
               && game_refuse (error, _("The die meets the condition of no cell of this section."));
      return TRUE;
    }

  if (!die_meets_cell (self, die, action->colour, action->location, &section->cells[action->cell], error))
    return FALSE;

  occupants = location_n_dice (self->locations[action->location], action->section, action->cell);
  if (occupants > 0 && !section->cells[action->cell].unlimited)
    {
      const PenDie *placed = location_die (self->locations[action->location], action->section, action->cell, 0);

      /* Rulebook, "Primagic", KNOCK OUT: a Red die may take the place of a
       * placed die with a lower value. */
      if (!dice_counts_as (die, action->colour, PEN_DISCIPLINE_RUBY))
        return game_refuse (error, _("This cell is taken. Only a Red die can knock out a placed die."));
      if (placed->value >= die->value)
        return game_refuse (error, _("A Red die knocks out only a placed die with a lower value."));
    }
  return TRUE;
}

gboolean
locations_place_check (PenGame         *self,
                       const PenAction *action,
                       GError         **error)
{
  if (self->turn.pending != PEN_PENDING_NONE)
    return game_refuse (error, _("Finish the current placement first."));
  if (!game_check_study (self, error)
      || !dice_check_supply_die (self, action->die, error)
      || !locations_check_cell (self, action->location, action->section, action->cell, error))
    return FALSE;
  if (self->turn.placements_left == 0)
    return game_refuse (error, _("You have no placement left this turn."));
  return place_cell_check (self, action, board_die (game_current_board (self), action->die), error);
}

gboolean
locations_knock_out_check (PenGame         *self,
                           const PenAction *action,
                           GError         **error)
{
  const PenDie *die;

  if (self->turn.pending != PEN_PENDING_NONE && self->turn.pending != PEN_PENDING_LOCATION)
    return game_refuse (error, _("That cannot be done now."));
  if (!game_check_study (self, error)
      || !dice_check_supply_die (self, action->die, error)
      || !locations_check_cell (self, action->location, action->section, action->cell, error))
    return FALSE;
  die = board_die (game_current_board (self), action->die);
  if (!pen_die_counts_as (die, PEN_DISCIPLINE_RUBY))
    return game_refuse (error, _("Knocking out a placed die needs a Red die from your supply."));
  if (action->index < 0
      || (guint) action->index >= location_n_dice (self->locations[action->location],
                                                           action->section, action->cell))
    return game_refuse (error, _("There is no die to knock out there."));
  return TRUE;
}

/* Rulebook, "Gaining Marks": the Discipline's Marks have run out. */
static const char *
no_marks_left (PenDiscipline discipline)
{
  switch (discipline)
    {
    case PEN_DISCIPLINE_RUBY: return _("No Ruby Marks are left.");
    case PEN_DISCIPLINE_AMBER: return _("No Amber Marks are left.");
    case PEN_DISCIPLINE_JASPER: return _("No Jasper Marks are left.");
    case PEN_DISCIPLINE_EMERALD: return _("No Emerald Marks are left.");
    case PEN_DISCIPLINE_SAPPHIRE: return _("No Sapphire Marks are left.");
    case PEN_DISCIPLINE_AMETHYST:
    default: return _("No Amethyst Marks are left.");
    }
}

gboolean
locations_use_location_check (PenGame         *self,
                              const PenAction *action,
                              GError         **error)
{
  PenWizardBoard *board = game_current_board (self);
  PenLocation *location;
  const PenSectionDef *section;

  if (self->turn.pending != PEN_PENDING_LOCATION)
    return game_refuse (error, _("There is no placement whose effect is waiting."));

  location = self->locations[self->turn.placed_location];
  section = game_section_def (self, self->turn.placed_location, self->turn.placed_section);
  switch (section->effect)
    {
    case PEN_SECTION_GAIN_MARK_AND_CARD:
      {
        int cell = pen_wizard_board_next_free_cell (board, FALSE);
        PenDiscipline discipline = location_discipline (location);

        if (cell < 0)
          return game_refuse (error, _("All your Discipline cells are full."));
        if (marks_left (self, FALSE, discipline) == 0)
          return game_refuse (error, "%s", no_marks_left (discipline));
        if (board_ingredient (board, PEN_INGREDIENT_ARCANA) < self->def->mark_cells[cell].arcana)
          return game_refuse (error, ngettext ("Your next Mark costs %u Arcana.",
                                               "Your next Mark costs %u Arcana.",
                                               self->def->mark_cells[cell].arcana),
                              self->def->mark_cells[cell].arcana);
        return TRUE;
      }
    case PEN_SECTION_GAIN_CLASS_CARD:
      for (int place = 0; place < 3; place++)
        if (cards_can_take_from (self, location_discipline (location), place))
          return TRUE;
      return game_refuse (error, _("There is no card of this Class you can gain."));
    case PEN_SECTION_BUY_POTIONS:
      if (self->cards.market[PEN_MARKET_BREWERY][0] == NULL && self->cards.market[PEN_MARKET_BREWERY][1] == NULL)
        return game_refuse (error, _("The Brewery market is empty."));
      return TRUE;
    case PEN_SECTION_BUY_ARTIFACT:
      if (self->cards.market[PEN_MARKET_SHOP][0] == NULL && self->cards.market[PEN_MARKET_SHOP][1] == NULL)
        return game_refuse (error, _("The Shop market is empty."));
      return TRUE;
    case PEN_SECTION_FULFIL_CONTRACT:
      for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
        if (self->quests.contract_row[i] != NULL)
          return TRUE;
      if (self->quests.reserved_contracts[self->turn.current]->len > 0)
        return TRUE;
      return game_refuse (error, _("There is no Contract in the Guild, and you have none reserved."));
    case PEN_SECTION_GAIN_SPARK_DIE:
      if (pen_wizard_board_get_available_blood (board) < SANCTUARY_BLOOD)
        return game_refuse (error, _("The Sanctuary asks for 1 Blood, and you have none."));
      return TRUE;
    case PEN_SECTION_GAIN_CLASS_DIE:
    case PEN_SECTION_EXCHANGE_INGREDIENTS:
    case PEN_SECTION_GAIN_RESOURCE:
    case PEN_SECTION_GAIN_BLOOD:
      return TRUE;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

/* Rulebook, "Primagic": the effects a die's colour gives when it is placed. */
static void
apply_placement_primagic (PenGame      *self,
                          const PenDie *die,
                          int           spark_colour,
                          int           location)
{
  PenArea area = game_location_area (self, location);
  const char *id = pen_location_get_id (self->locations[location]);

  /* HARVEST: a Green die in the Wilds rolls a Resource die; GRAB: a Purple die
   * in the City. It is rolled with the location's effect (or when the effect
   * is skipped): in the Forest, "you will roll two Resource dice at once". */
  self->turn.placed_resource_dice = 0;
  if (area == PEN_AREA_WILDS && dice_counts_as (die, spark_colour, PEN_DISCIPLINE_EMERALD))
    {
      log_line (self, N_("Harvest: the Green die brings a Resource die."));
      self->turn.placed_resource_dice = 1;
    }
  if (area == PEN_AREA_CITY && dice_counts_as (die, spark_colour, PEN_DISCIPLINE_AMETHYST))
    {
      log_line (self, N_("Grab: the Purple die brings a Resource die."));
      self->turn.placed_resource_dice = 1;
    }
  /* DEFEND: a Yellow die placed where a Threat will be applied cancels one of
   * its dice (the Ruins; the Guild's Contracts when they arrive). */
  self->turn.placed_defend = (g_str_equal (id, "ruins") || g_str_equal (id, "guild"))
                        && dice_counts_as (die, spark_colour, PEN_DISCIPLINE_JASPER);
  /* PERSUADE: a Blue die in the Brewery or the Shop: 1 Ingredient off. */
  self->cards.discount = (g_str_equal (id, "brewery") || g_str_equal (id, "shop"))
                   && dice_counts_as (die, spark_colour, PEN_DISCIPLINE_SAPPHIRE) ? 1 : 0;

  effects_trigger_condition (self, area == PEN_AREA_SCHOOL ? PEN_CONDITION_PLACED_IN_CLASS
                                   : area == PEN_AREA_CITY ? PEN_CONDITION_PLACED_IN_CITY
                                   : PEN_CONDITION_PLACED_IN_WILDS);
}

void
locations_place_apply (PenGame         *self,
                       const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);
  PenLocation *location = self->locations[action->location];
  PenDie die;

  turn_declare_study (self);
  die = pen_wizard_board_take_die (board, action->die);

  if (action->cell < 0)
    {
      pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_ARCANA, PEN_APPEAR_ARCANA);
      log_line (self, N_("Appear: placed %s beside the cells of the %s for 1 Arcana."), LOG_DIE (&die),
                LOG_LOCATION (action->location));
    }
  else
    {
      const PenSectionDef *section = game_section_def (self, action->location, action->section);

      if (location_n_dice (location, action->section, action->cell) > 0
          && !section->cells[action->cell].unlimited)
        {
          PenDie out = pen_location_take_die (location, action->section, action->cell, 0);

          log_line (self, N_("Knock out: the Red die takes the place of %s."), LOG_DIE (&out));
        }
      log_line (self, N_("Placed %s in the %s."), LOG_DIE (&die), LOG_LOCATION (action->location));
    }
  pen_location_add_die (location, action->section, action->cell, &die);
  self->turn.placements_left--;
  self->turn.bind_open = game_location_area (self, action->location) == PEN_AREA_CITY;
  self->turn.placed_location = action->location;
  self->turn.placed_section = action->section;
  pending_set (self, PEN_PENDING_LOCATION);
  apply_placement_primagic (self, &die, action->colour, action->location);
}

void
locations_roll_placed_resource_dice (PenGame *self)
{
  if (self->turn.placed_resource_dice > 0)
    dice_roll_resource (self, self->turn.placed_resource_dice);
  self->turn.placed_resource_dice = 0;
}

void
locations_use_location_apply (PenGame         *self,
                              const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);
  PenLocation *location = self->locations[self->turn.placed_location];
  const PenSectionDef *section = game_section_def (self, self->turn.placed_location, self->turn.placed_section);
  PenDiscipline discipline = location_discipline (location);

  pending_set (self, PEN_PENDING_NONE);
  /* The Forest's Resource die and Harvest's are rolled together. */
  if (section->effect == PEN_SECTION_GAIN_RESOURCE)
    {
      dice_roll_resource (self, 1 + self->turn.placed_resource_dice);
      self->turn.placed_resource_dice = 0;
      return;
    }
  locations_roll_placed_resource_dice (self);
  switch (section->effect)
    {
    case PEN_SECTION_GAIN_MARK_AND_CARD:
      {
        int cell = pen_wizard_board_next_free_cell (board, FALSE);

        pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_ARCANA,
                                           self->def->mark_cells[cell].arcana);
        marks_gain (self, FALSE, discipline);
        cards_start_gain (self, 1, discipline, AFTER_CARD_RESUME);
      }
      break;
    case PEN_SECTION_GAIN_CLASS_CARD:
      cards_start_gain (self, 1, discipline, AFTER_CARD_RESUME);
      break;
    case PEN_SECTION_BUY_POTIONS:
    case PEN_SECTION_BUY_ARTIFACT:
      self->cards.buy_market = section->effect == PEN_SECTION_BUY_POTIONS ? PEN_MARKET_BREWERY : PEN_MARKET_SHOP;
      self->cards.buys_left = section->effect == PEN_SECTION_BUY_POTIONS ? G_MAXUINT : 1;
      pending_set (self, PEN_PENDING_BUY);
      break;
    case PEN_SECTION_GAIN_CLASS_DIE:
      dice_gain_new (self, PEN_DIE_KIND_COLOURED, discipline);
      break;
    case PEN_SECTION_EXCHANGE_INGREDIENTS:
      pending_set (self, PEN_PENDING_EXCHANGE);
      self->cards.exchange_from_card = FALSE;
      break;
    case PEN_SECTION_GAIN_SPARK_DIE:
      marks_spend_blood (self, SANCTUARY_BLOOD);
      dice_gain_new (self, PEN_DIE_KIND_SPARK, 0);
      break;
    case PEN_SECTION_GAIN_BLOOD:
      threat_start (self, RUINS_THREAT, FALSE, THREAT_FOR_RUINS);
      if (self->turn.placed_defend)
        {
          threat_discard_dice (self, 1);
          log_line (self, N_("Defend: the Yellow die placed here discards 1 Threat die."));
        }
      break;
    case PEN_SECTION_FULFIL_CONTRACT:
      pending_set (self, PEN_PENDING_CONTRACT);
      break;
    default:
      g_assert_not_reached ();
    }
}

void
locations_offer_placements (Lister *lister,
                            guint   die)
{
  PenGame *self = lister->game;
  const PenDie *d = board_die (game_current_board (self), die);
  /* Placing beside the cells (Appear) costs Arcana. */
  int first_cell = board_ingredient (game_current_board (self), PEN_INGREDIENT_ARCANA) >= PEN_APPEAR_ARCANA ? -1 : 0;

  g_assert (self->turn.pending == PEN_PENDING_NONE && self->turn.placements_left > 0 && game_check_study (self, NULL));

  for (guint l = 0; l < self->n_locations; l++)
    {
      const PenLocationDef *def = self->loc_defs[l];
      PenAction action;
      int colours[4];
      guint n_colours = 0;

      colours[n_colours++] = -1;
      if (d->kind == PEN_DIE_KIND_SPARK)
        {
          const char *id = pen_location_get_id (self->locations[l]);

          /* The colours that make a difference for a Spark die here. */
          if (def->area == PEN_AREA_WILDS)
            colours[n_colours++] = PEN_DISCIPLINE_EMERALD;
          if (def->area == PEN_AREA_CITY)
            colours[n_colours++] = PEN_DISCIPLINE_AMETHYST;
          if (g_str_equal (id, "ruins") || g_str_equal (id, "guild"))
            colours[n_colours++] = PEN_DISCIPLINE_JASPER;
          colours[n_colours++] = PEN_DISCIPLINE_RUBY;
        }

      /* Filled once, its cell and colour changed from one candidate to
       * the next (initialised for each, it showed in profiles). */
      pen_action_init (&action, PEN_ACTION_PLACE);
      action.die = die;
      action.location = l;
      for (guint s = 0; s < def->n_sections; s++)
        for (int c = first_cell; c < (int) def->sections[s].n_cells; c++)
          for (guint k = 0; k < n_colours; k++)
            {
              action.section = s;
              action.cell = c;
              action.colour = colours[k];
              /* pen_game_check_action() of a placement without a
               * pending choice lets it through to locations_place_check(), and
               * the caller has met what that asks before the cell:
               * only the cell's part is left to ask (a placement
               * discards no Blood). */
              if (place_cell_check (self, &action, d, NULL))
                lister_keep (lister, &action);
            }
    }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

/* A die in a cell, as PEN_ACTION_PLACE and PEN_ACTION_KNOCK_OUT write it. */
/* A cell of the table: its location, section and cell. */
void
locations_cell_to_json (PenGame         *self,
                        const PenAction *action,
                        JsonBuilder     *b)
{
  json_put_string (b, "location", pen_location_get_id (self->locations[action->location]));
  json_put_string (b, "section", game_section_def (self, action->location, action->section)->id);
  json_put_int (b, "cell", action->cell);
}

gboolean
locations_cell_from_json (PenGame    *self,
                          JsonObject *object,
                          PenAction  *action,
                          GError    **error)
{
  const char *location_id = json_safe_string (object, "location", "");
  const char *section_id = json_safe_string (object, "section", "");
  g_autofree char *excerpt = NULL;

  if (!json_member_int (object, "cell", -1, PEN_MAX_CELLS, &action->cell, error))
    return FALSE;
  /* The ids come from a file or a command line: quoted short. */
  action->location = pen_game_find_location (self, location_id);
  if (action->location < 0)
    {
      excerpt = pen_save_excerpt (location_id);
      return game_refuse (error, _("There is no location “%s” in this game."), excerpt);
    }
  action->section = pen_location_find_section (self->locations[action->location], section_id);
  if (action->section < 0)
    {
      excerpt = pen_save_excerpt (section_id);
      return game_refuse (error, _("The location has no section “%s”."), excerpt);
    }
  return TRUE;
}

void
locations_die_in_cell_to_json (PenGame         *self,
                               const PenAction *action,
                               JsonBuilder     *b)
{
  json_put_int (b, "die", action->die);
  locations_cell_to_json (self, action, b);
}

gboolean
locations_die_in_cell_from_json (PenGame    *self,
                                 JsonObject *object,
                                 PenAction  *action,
                                 GError    **error)
{
  return json_member_int (object, "die", 0, G_MAXINT, &action->die, error)
         && locations_cell_from_json (self, object, action, error);
}

void
locations_place_to_json (PenGame         *self,
                         const PenAction *action,
                         JsonBuilder     *b)
{
  locations_die_in_cell_to_json (self, action, b);
  if (action->colour >= 0)
    json_put_string (b, "as", pen_discipline_get_id (action->colour));
}

gboolean
locations_place_from_json (PenGame    *self,
                           JsonObject *object,
                           PenAction  *action,
                           GError    **error)
{
  if (!locations_die_in_cell_from_json (self, object, action, error))
    return FALSE;
  if (json_object_has_member (object, "as"))
    return json_member_discipline (object, "as", &action->colour, error);
  return TRUE;
}

gboolean
locations_skip_location_check (PenGame         *self,
                               const PenAction *action,
                               GError         **error)
{
  if (self->turn.pending != PEN_PENDING_LOCATION)
    return game_refuse (error, _("There is no placement whose effect is waiting."));
  return TRUE;
}

void
locations_skip_location_apply (PenGame         *self,
                               const PenAction *action)
{
  pending_set (self, PEN_PENDING_NONE);
  locations_roll_placed_resource_dice (self);
}
