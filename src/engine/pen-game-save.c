/* pen-game-save.c: a game as JSON (docs/save-format.md), and the invariants
 * every state keeps. Reading a game back is in pen-game-load.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-save"

#include "config.h"

#include "pen-game-private.h"

static gboolean check_wizard_cards (PenGame *self, GError **error);

/* ---- The game as JSON (docs/save-format.md) -------------------------------- */

void
add_die (JsonBuilder  *b,
         const PenDie *die)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "die");
  switch (die->kind)
    {
    case PEN_DIE_KIND_BONE:
      json_builder_add_string_value (b, "bone");
      break;
    case PEN_DIE_KIND_SPARK:
      json_builder_add_string_value (b, "spark");
      break;
    case PEN_DIE_KIND_COLOURED:
      json_builder_add_string_value (b, pen_discipline_get_id (die->colour));
      break;
    case PEN_DIE_KIND_THREAT:
    default:
      g_assert_not_reached ();
    }
  json_builder_set_member_name (b, "value");
  json_builder_add_int_value (b, die->value);
  if (die->temporary)
    {
      json_builder_set_member_name (b, "temporary");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (die->in_task)
    {
      json_builder_set_member_name (b, "task");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_end_object (b);
}

const char *threat_result_ids[] = { "cancelled", "knock-out", "wound", "mortal-wound", "no-effect", "miss" };

static void
add_threat_outcome (JsonBuilder            *b,
                    const PenThreatOutcome *outcome)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, threat_result_ids[outcome->result]);
  if (outcome->result != PEN_THREAT_CANCELLED)
    {
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, outcome->value);
    }
  switch (outcome->result)
    {
    case PEN_THREAT_KNOCK_OUT:
      json_builder_set_member_name (b, "from");
      json_builder_add_int_value (b, outcome->target);
      json_builder_set_member_name (b, "knocked-out");
      add_die (b, &outcome->die);
      break;
    case PEN_THREAT_WOUND:
    case PEN_THREAT_MORTAL_WOUND:
      json_builder_set_member_name (b, "mark");
      json_builder_add_int_value (b, outcome->target);
      break;
    case PEN_THREAT_CANCELLED:
    case PEN_THREAT_NO_EFFECT:
    case PEN_THREAT_MISS:
    default:
      break;
    }
  json_builder_end_object (b);
}

static void
add_strings (JsonBuilder *b,
             const char  *name,
             GPtrArray   *strings)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (strings, i));
  json_builder_end_array (b);
}

static void
add_player (JsonBuilder    *b,
            PenGame        *self,
            guint           p)
{
  PenWizardBoard *board = self->players[p];
  static const char *states[] = { "charged", "discharged", "wounded" };

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "talent");
  if (self->talent[p] != NULL)
    json_builder_add_string_value (b, self->talent[p]);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "dealt");
  json_builder_begin_array (b);
  json_builder_add_string_value (b, self->dealt[p][0]);
  json_builder_add_string_value (b, self->dealt[p][1]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "turns-taken");
  json_builder_add_int_value (b, self->turns_taken[p]);
  json_builder_set_member_name (b, "must-rest");
  json_builder_add_boolean_value (b, self->must_rest[p]);

  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = board_mark (board, c);

      if (!mark->occupied)
        {
          json_builder_add_null_value (b);
          continue;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "mark");
      json_builder_add_string_value (b, pen_wizard_board_is_spark_cell (c)
                                          ? "spark" : pen_discipline_get_id (mark->discipline));
      json_builder_set_member_name (b, "state");
      json_builder_add_string_value (b, states[mark->state]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "dice");
  json_builder_begin_array (b);
  for (guint i = 0; i < board_n_dice (board); i++)
    add_die (b, board_die (board, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ingredients");
  json_builder_begin_object (b);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      json_builder_set_member_name (b, pen_ingredient_get_id (i));
      json_builder_add_int_value (b, board_ingredient (board, i));
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "mortal-wounds");
  json_builder_add_int_value (b, pen_wizard_board_get_mortal_wounds (board));
  add_strings (b, "reserved-contracts", self->reserved_contracts[p]);
  add_strings (b, "fulfilled-contracts", self->fulfilled_contracts[p]);
  add_strings (b, "passed-trials", self->passed_trials[p]);
  json_builder_set_member_name (b, "reserved-trial");
  if (self->reserved_trial[p] != NULL)
    json_builder_add_string_value (b, self->reserved_trial[p]);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

static void
add_location (JsonBuilder *b,
              PenLocation *location)
{
  const PenLocationDef *def = pen_location_get_def (location);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, pen_location_get_id (location));
  json_builder_set_member_name (b, "sections");
  json_builder_begin_array (b);
  for (guint s = 0; s < def->n_sections; s++)
    {
      /* One list of dice per cell, and a last one for the dice beside the cells. */
      json_builder_begin_array (b);
      for (int c = 0; c <= (int) def->sections[s].n_cells; c++)
        {
          int cell = c == (int) def->sections[s].n_cells ? -1 : c;

          json_builder_begin_array (b);
          for (guint i = 0; i < location_n_dice (location, s, cell); i++)
            add_die (b, location_die (location, s, cell, i));
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

const char *turn_type_ids[] = { "undeclared", "study", "trial", "rest" };
const char *zone_ids[] = { "grimoire", "inventory", "equipment", "experience" };
const char *pending_ids[] = {
  "none", "talent", "location", "exchange", "threat", "contract", "path", "task", "rift", "reserve", "colour",
  "card", "buy", "equipment", "card-effect", "take-back", "mortal-wound",
};
const char *wound_source_ids[] = { "threat", "trap", "dead-water" };
const char *quest_kind_ids[] = { "none", "contract", "trial" };
const char *threat_source_ids[] = { "ruins", "quest", "withstand", "retaliation", "card" };

static void
add_uints (JsonBuilder *b,
           const char  *name,
           const guint *values,
           guint        n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, values[i]);
  json_builder_end_array (b);
}

static void
add_nullable (JsonBuilder *b,
              const char  *name,
              const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

/* The cards: decks, markets, each player's cards, and the card effect under way. */
static void
add_cards_state (JsonBuilder *b,
                 PenGame     *self)
{
  json_builder_set_member_name (b, "cards");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "decks");
  json_builder_begin_array (b);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      json_builder_begin_object (b);
      add_strings (b, "deck", self->decks[d]);
      json_builder_set_member_name (b, "market");
      json_builder_begin_array (b);
      for (guint slot = 0; slot < 2; slot++)
        if (self->market[d][slot] != NULL)
          json_builder_add_string_value (b, self->market[d][slot]);
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
      for (guint i = 0; i < self->owned[p]->len; i++)
        {
          const OwnedCard *owned = &g_array_index (self->owned[p], OwnedCard, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "card");
          json_builder_add_string_value (b, owned->card->id);
          json_builder_set_member_name (b, "zone");
          json_builder_add_string_value (b, zone_ids[owned->zone]);
          json_builder_set_member_name (b, "rotated");
          json_builder_add_boolean_value (b, owned->rotated);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "to-gain");
  json_builder_add_int_value (b, self->cards_to_gain);
  json_builder_set_member_name (b, "gain-deck");
  json_builder_add_int_value (b, self->gain_deck);
  json_builder_set_member_name (b, "after-reward");
  json_builder_add_boolean_value (b, self->after_card == AFTER_CARD_REWARD);
  json_builder_set_member_name (b, "card-resume");
  json_builder_add_string_value (b, pending_ids[self->card_resume]);
  json_builder_set_member_name (b, "buy-market");
  json_builder_add_int_value (b, self->buy_market);
  json_builder_set_member_name (b, "buys-left");
  json_builder_add_int_value (b, MIN (self->buys_left, 99));
  json_builder_set_member_name (b, "discount");
  json_builder_add_int_value (b, self->discount);
  add_nullable (b, "equip-new", self->equip_new ? self->equip_new->id : NULL);
  add_nullable (b, "last-card", self->last_card ? self->last_card->id : NULL);
  json_builder_set_member_name (b, "chain-length");
  json_builder_add_int_value (b, self->chain_length);
  add_nullable (b, "threat-card", self->threat_card ? self->threat_card->id : NULL);
  json_builder_set_member_name (b, "threat-card-bonus");
  json_builder_add_int_value (b, self->threat_card_bonus);
  json_builder_set_member_name (b, "threat-card-resume");
  json_builder_add_string_value (b, pending_ids[self->threat_card_resume]);
  json_builder_set_member_name (b, "outer-threat");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, self->outer_threat.n_dice);
  json_builder_add_int_value (b, self->outer_threat.uncancellable);
  json_builder_add_int_value (b, self->outer_threat.source);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "flags");
  json_builder_begin_array (b);
  if (self->exchange_from_card)
    json_builder_add_string_value (b, "exchange-from-card");
  if (self->ignore_dice_in_threat)
    json_builder_add_string_value (b, "ignore-dice-in-threat");
  if (self->dead_water_wound)
    json_builder_add_string_value (b, "dead-water-wound");
  if (self->rest_brew)
    json_builder_add_string_value (b, "rest-brew");
  if (self->rest_buy)
    json_builder_add_string_value (b, "rest-buy");
  json_builder_end_array (b);

  json_builder_set_member_name (b, "effect");
  json_builder_begin_object (b);
  add_uints (b, "tokens", self->effect.tokens, G_N_ELEMENTS (self->effect.tokens));
  json_builder_set_member_name (b, "colours");
  json_builder_add_int_value (b, self->effect.colours);
  json_builder_set_member_name (b, "temporary-colours");
  json_builder_add_int_value (b, self->effect.temporary_colours);
  json_builder_set_member_name (b, "threat-adjust");
  json_builder_add_int_value (b, self->effect.threat_adjust);
  add_uints (b, "give", self->effect.exchange_give, PEN_N_INGREDIENTS);
  add_uints (b, "take", self->effect.exchange_take, PEN_N_INGREDIENTS);
  json_builder_set_member_name (b, "exchange-open");
  json_builder_add_boolean_value (b, self->effect.exchange_open);
  json_builder_set_member_name (b, "cancel-property");
  json_builder_add_boolean_value (b, self->effect.cancel_property);
  json_builder_set_member_name (b, "ring");
  json_builder_add_boolean_value (b, self->effect.ring);
  add_uints (b, "picks", (guint[]) { self->effect.heals, self->effect.recharges, self->effect.unexhausts }, 3);
  add_nullable (b, "unexhauster", self->effect.unexhauster ? self->effect.unexhauster->id : NULL);
  json_builder_set_member_name (b, "after-event");
  json_builder_add_boolean_value (b, self->effect.after_event);
  json_builder_set_member_name (b, "discipline-marks-only");
  json_builder_add_boolean_value (b, self->effect.discipline_marks_only);
  json_builder_set_member_name (b, "resume");
  json_builder_add_string_value (b, pending_ids[self->effect_resume]);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

JsonNode *
pen_game_to_json (PenGame *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();
  g_autofree char *seed = NULL;
  g_autofree char *state = NULL;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);
  state = g_strdup_printf ("%" G_GUINT64_FORMAT, pen_rng_get_state (self->rng));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, PEN_SAVE_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, PEN_SAVE_VERSION);
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  json_builder_set_member_name (b, "rng-state");
  json_builder_add_string_value (b, state);
  json_builder_set_member_name (b, "setup");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, self->n_players);
  json_builder_set_member_name (b, "first-game");
  json_builder_add_boolean_value (b, self->first_game);
  add_nullable (b, "automa", self->automa ? self->automa->id : NULL);
  json_builder_set_member_name (b, "worldview");
  json_builder_add_int_value (b, self->worldview_asked);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint p = 0; p < self->n_players; p++)
    add_player (b, self, p);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "locations");
  json_builder_begin_array (b);
  for (guint l = 0; l < self->n_locations; l++)
    add_location (b, self->locations[l]);
  json_builder_end_array (b);

  add_strings (b, "fate-deck", self->fate_deck);
  add_strings (b, "trial-row", self->trial_row);
  add_strings (b, "in-play", self->in_play);
  add_strings (b, "contract-deck", self->contract_deck);
  json_builder_set_member_name (b, "contract-row");
  json_builder_begin_array (b);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    if (self->contract_row[i] != NULL)
      json_builder_add_string_value (b, self->contract_row[i]);
    else
      json_builder_add_null_value (b);
  json_builder_end_array (b);
  add_strings (b, "bind-offer", self->bind_offer);

  add_cards_state (b, self);

  json_builder_set_member_name (b, "automa");
  if (self->automa == NULL)
    json_builder_add_null_value (b);
  else
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, self->automa->id);
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, self->automa_player);
      json_builder_set_member_name (b, "worldview");
      json_builder_add_string_value (b, self->automa_light ? "light" : "darkness");
      json_builder_set_member_name (b, "cells");
      json_builder_begin_array (b);
      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        {
          json_builder_begin_array (b);
          for (guint i = 0; i < self->automa_cells[c]->len; i++)
            json_builder_add_string_value (b, g_ptr_array_index (self->automa_cells[c], i));
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
      add_strings (b, "cards", self->automa_cards);
      json_builder_set_member_name (b, "content");
      json_builder_begin_object (b);
      for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
        {
          json_builder_set_member_name (b, pen_automa_content_get_id (k));
          json_builder_begin_object (b);
          add_strings (b, "deck", self->content_deck[k]);
          add_strings (b, "open", self->content_open[k]);
          add_strings (b, "taken", self->content_taken[k]);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }

  json_builder_set_member_name (b, "quest");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, quest_kind_ids[self->quest.kind]);
  json_builder_set_member_name (b, "id");
  if (self->quest.id != NULL)
    json_builder_add_string_value (b, self->quest.id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "source");
  json_builder_add_int_value (b, self->quest.source);
  json_builder_set_member_name (b, "path");
  json_builder_add_int_value (b, self->quest.path);
  json_builder_set_member_name (b, "task");
  json_builder_add_int_value (b, self->quest.task);
  json_builder_set_member_name (b, "shield-done");
  json_builder_add_boolean_value (b, self->quest.shield_done);
  json_builder_set_member_name (b, "rift-done");
  json_builder_add_boolean_value (b, self->quest.rift_done);
  json_builder_set_member_name (b, "rift-left");
  json_builder_add_int_value (b, self->quest.rift_left);
  json_builder_set_member_name (b, "colours-left");
  json_builder_add_int_value (b, self->quest.colours_left);
  add_uints (b, "reward-cards", self->quest.reward_cards, 3);
  json_builder_set_member_name (b, "cancelled");
  json_builder_add_int_value (b, self->quest.cancelled);
  json_builder_set_member_name (b, "vigilance-used");
  json_builder_add_int_value (b, self->quest.vigilance_used);
  json_builder_set_member_name (b, "dead-water");
  json_builder_add_boolean_value (b, self->quest.dead_water);
  json_builder_set_member_name (b, "ring");
  json_builder_add_boolean_value (b, (self->quest.ring & RING_MINUS_SIX) != 0);
  json_builder_set_member_name (b, "ring-ignore-die");
  json_builder_add_boolean_value (b, (self->quest.ring & RING_IGNORE_DIE) != 0);
  json_builder_set_member_name (b, "talent-used");
  json_builder_add_boolean_value (b, self->quest.talent_used);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "turn");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "player");
  json_builder_add_int_value (b, self->current);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, turn_type_ids[self->turn_type]);
  json_builder_set_member_name (b, "placements-left");
  json_builder_add_int_value (b, self->placements_left);
  json_builder_set_member_name (b, "hurried");
  json_builder_add_boolean_value (b, self->hurried);
  json_builder_set_member_name (b, "mortal-wound");
  json_builder_add_boolean_value (b, self->mortal_wound_this_turn);
  json_builder_set_member_name (b, "rest-exchange");
  json_builder_add_boolean_value (b, self->rest_exchange);
  json_builder_set_member_name (b, "pending");
  json_builder_add_string_value (b, pending_ids[self->pending]);
  json_builder_set_member_name (b, "wound-from");
  json_builder_add_string_value (b, wound_source_ids[self->wound_from]);
  json_builder_set_member_name (b, "placed-location");
  json_builder_add_int_value (b, self->placed_location);
  json_builder_set_member_name (b, "placed-section");
  json_builder_add_int_value (b, self->placed_section);
  json_builder_set_member_name (b, "placed-defend");
  json_builder_add_boolean_value (b, self->placed_defend);
  json_builder_set_member_name (b, "event-colours-left");
  json_builder_add_int_value (b, self->event_colours_left);
  json_builder_set_member_name (b, "placed-resource-dice");
  json_builder_add_int_value (b, self->placed_resource_dice);
  json_builder_set_member_name (b, "bind-open");
  json_builder_add_boolean_value (b, self->bind_open);
  json_builder_set_member_name (b, "resume");
  json_builder_add_string_value (b, pending_ids[self->resume]);
  if (self->n_take_back > 0)
    {
      json_builder_set_member_name (b, "take-back");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "dice");
      json_builder_begin_array (b);
      for (guint i = 0; i < self->n_take_back; i++)
        add_die (b, &self->take_back[i]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "resume");
      json_builder_add_string_value (b, pending_ids[self->take_back_resume]);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "threat-source");
  json_builder_add_string_value (b, threat_source_ids[self->threat.source]);

  json_builder_set_member_name (b, "threat");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "dice");
  json_builder_add_int_value (b, self->threat.n_dice);
  json_builder_set_member_name (b, "uncancellable");
  json_builder_add_boolean_value (b, self->threat.uncancellable);
  json_builder_set_member_name (b, "rolled");
  json_builder_begin_array (b);
  for (guint i = 0; self->threat.rolled && i < self->threat.n_values; i++)
    json_builder_add_int_value (b, self->threat.values[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "is-rolled");
  json_builder_add_boolean_value (b, self->threat.rolled);
  json_builder_set_member_name (b, "step2");
  json_builder_add_boolean_value (b, self->threat.step2);
  json_builder_set_member_name (b, "mortal");
  json_builder_add_boolean_value (b, self->threat.mortal);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "threat-outcomes");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->n_threat_outcomes; i++)
    add_threat_outcome (b, &self->threat_outcomes[i]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "final-turns-left");
  json_builder_add_int_value (b, self->final_turns_left);
  json_builder_set_member_name (b, "end-triggered-this-turn");
  json_builder_add_boolean_value (b, self->end_triggered_this_turn);
  json_builder_set_member_name (b, "over");
  json_builder_add_boolean_value (b, self->over);
  add_nullable (b, "ending-prophecy", self->ending_prophecy);
  add_strings (b, "fate-reveals", self->fate_reveals);
  add_uints (b, "fate-reveal-lines", (const guint *) self->fate_reveal_lines->data, self->fate_reveal_lines->len);

  log_to_json (self, b);
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->history->len; i++)
    json_builder_add_value (b, pen_game_action_to_json (self, &g_array_index (self->history, PenAction, i)));
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- Invariants -------------------------------------------------------------- */

static gboolean
count_ids (GHashTable *seen,
           GPtrArray  *ids,
           gboolean    strip_path)
{
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);

      if (strip_path && strchr (id, ':') != NULL)
        id = strchr (id, ':') + 1;
      if (!g_hash_table_add (seen, (gpointer) id))
        return FALSE;
    }
  return TRUE;
}

/* Every Contract is in exactly one place (deck, Guild, Bind's hand, reserved,
 * fulfilled); no Trial is in two places. */
static gboolean
check_cards_in_one_place (PenGame  *self,
                          GError  **error)
{
  g_autoptr(GHashTable) contracts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) trials = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean ok = count_ids (contracts, self->contract_deck, FALSE)
                && count_ids (contracts, self->bind_offer, FALSE)
                && count_ids (trials, self->trial_row, FALSE);

  for (guint i = 0; ok && i < N_CONTRACT_SLOTS; i++)
    ok = self->contract_row[i] == NULL || g_hash_table_add (contracts, self->contract_row[i]);
  for (guint p = 0; ok && p < self->n_players; p++)
    ok = count_ids (contracts, self->reserved_contracts[p], FALSE)
         && count_ids (contracts, self->fulfilled_contracts[p], FALSE)
         && count_ids (trials, self->passed_trials[p], TRUE)
         && (self->reserved_trial[p] == NULL || g_hash_table_add (trials, self->reserved_trial[p]));
  if (!ok)
    return bad_save (error, _("a card is in two places at once."));
  if (g_hash_table_size (contracts) != pen_quests_get_n_contracts (self->quests))
    return bad_save (error, _("a Contract is missing from the game."));
  return check_wizard_cards (self, error);
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
      ok = count_ids (seen, self->decks[d], FALSE);
      for (guint slot = 0; ok && slot < 2; slot++)
        ok = self->market[d][slot] == NULL || g_hash_table_add (seen, self->market[d][slot]);
    }
  for (guint p = 0; ok && p < self->n_players; p++)
    {
      g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
      guint equipment[5] = { 0 };

      for (guint i = 0; ok && i < self->owned[p]->len; i++)
        {
          const OwnedCard *owned = &g_array_index (self->owned[p], OwnedCard, i);

          ok = g_hash_table_add (seen, owned->card->id) && g_hash_table_add (names, owned->card->name);
          if (owned->zone == ZONE_EQUIPMENT && ++equipment[owned->card->equipment] > 1)
            return bad_save (error, _("a Wizard has two Artifacts in one Equipment cell."));
        }
    }
  if (ok && self->equip_new != NULL)
    ok = g_hash_table_add (seen, self->equip_new->id);
  for (guint c = 0; ok && c < PEN_AUTOMA_N_CELLS; c++)
    ok = count_ids (seen, self->automa_cells[c], FALSE);
  if (ok)
    ok = count_ids (seen, self->automa_cards, FALSE);
  if (!ok)
    return bad_save (error, _("a card is in two places at once, or a Wizard holds two cards of one name."));
  /* A Talent's own card is in play only with its Talent; else it stays in the box. */
  for (guint i = 0; i < pen_cards_get_n_cards (self->cards); i++)
    if (pen_cards_get_card (self->cards, i)->talent_card)
      g_hash_table_add (seen, pen_cards_get_card (self->cards, i)->id);
  if (g_hash_table_size (seen) != pen_cards_get_n_cards (self->cards))
    return bad_save (error, _("a Wizard card is missing from the game."));
  return TRUE;
}

/* Sapphire's and Amber's content (spec §9): every card of each kind in one
 * place (deck, face up, the Automa's), as many face up as the data says
 * until the deck runs out; none in the other Automas' games. */
static gboolean
check_automa_content (PenGame  *self,
                      GError  **error)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  gboolean uses = self->automa != NULL && pen_automa_variant_uses_content (self->automa);

  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      if (!count_ids (seen, self->content_deck[k], FALSE) || !count_ids (seen, self->content_open[k], FALSE)
          || !count_ids (seen, self->content_taken[k], FALSE))
        return bad_save (error, _("a card is in two places at once."));
      if (g_hash_table_size (seen) != (uses ? pen_automas_get_n_content (automas, k) : 0))
        return bad_save (error, _("the Automa's Exams, Dungeons or Rituals are not all in the game."));
      if (self->content_open[k]->len > pen_automas_get_n_open (automas, k)
          || (self->content_open[k]->len < pen_automas_get_n_open (automas, k) && self->content_deck[k]->len > 0))
        return bad_save (error, _("the Dungeon row or the Ritual market holds the wrong number of cards."));
    }
  return TRUE;
}

/**
 * pen_game_check_invariants:
 *
 * Checks what must hold in every state: counts within their limits, Marks in
 * the cells they belong to and within the supply, one die per ordinary cell,
 * a turn that makes sense. Used by self-play after every action and by loading.
 */
gboolean
pen_game_check_invariants (PenGame  *self,
                           GError  **error)
{
  guint spark_total = 0;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  for (guint p = 0; p < self->n_players; p++)
    {
      PenWizardBoard *board = self->players[p];
      gboolean gap = FALSE;

      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        if (board_ingredient (board, i) > PEN_INGREDIENT_CAP)
          return bad_save (error, _("a Wizard holds more than 12 of an Ingredient."));
      for (guint i = 0; i < board_n_dice (board); i++)
        {
          const PenDie *die = board_die (board, i);

          if (die->value < 1 || die->value > 6 || die->kind == PEN_DIE_KIND_THREAT)
            return bad_save (error, _("a Wizard's supply holds an impossible die."));
        }
      /* Marks fill their cells from the left, without gaps. */
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        {
          const PenMark *mark = board_mark (board, c);

          if (c == 0 || c == PEN_N_DISCIPLINE_CELLS)
            gap = FALSE;
          if (mark->occupied && gap)
            return bad_save (error, _("a Mark stands after an empty cell."));
          gap |= !mark->occupied;
        }
      spark_total += pen_wizard_board_count_spark_marks (board);
    }
  for (guint d = 0; d < PEN_N_DISCIPLINES && self->n_locations > 0; d++)
    if (marks_left (self, FALSE, d) > self->def->mark_supply_discipline)
      return bad_save (error, _("more %s Marks are in play than the game has."), pen_discipline_get_name (d));
  if (spark_total > self->def->mark_supply_spark)
    return bad_save (error, _("more Spark Marks are in play than the game has."));

  if (self->pending != PEN_PENDING_TALENT)
    {
      if (self->n_locations != PEN_N_CLASSES + self->def->n_locations)
        return bad_save (error, _("the table is not laid out."));
      for (guint p = 0; p < self->n_players; p++)
        if (self->talent[p] == NULL)
          return bad_save (error, _("a Wizard has no Talent."));
    }
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled
      && self->threat.n_values > self->threat.n_dice)
    return bad_save (error, _("more Threat dice were rolled than prepared."));
  if (self->over && self->final_turns_left != 0)
    return bad_save (error, _("the game is over before its last turns."));
  if (self->effect.cancel_property && !any_property_acting (self, NULL))
    return bad_save (error, _("a card waits to cancel a Property, yet no Property of a Trial acts."));
  if (self->effect.ring && !ring_can_help (self, RING_MINUS_SIX, NULL) && !ring_can_help (self, RING_IGNORE_DIE, NULL))
    return bad_save (error, _("the Whispering Ring waits for its choice, yet no Catch task can take its help."));
  return check_automa_content (self, error) && check_cards_in_one_place (self, error);
}
