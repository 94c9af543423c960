/* pen-action-label.c: an English (translatable) label for every action the
 * engine lists, built from the action and the game's getters, so the action
 * panel can show "Place Ruby 6 in the Ruby Class (Mark section)" rather than
 * the action's JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-action-label"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-card-text.h"
#include "pen-cards.h"
#include "pen-fate-deck.h"
#include "pen-quest.h"
#include "pen-talents.h"

/* The card-token kinds of PEN_ACTION_CARD_TOKEN past the manipulations and
 * PEN_MANIPULATE_SET, in the engine's order (its "token" ids). */
static const PenFateCatalogue *
fate_catalogue (void)
{
  static PenFateCatalogue *catalogue;

  if (g_once_init_enter (&catalogue))
    {
      g_autoptr(GError) error = NULL;
      PenFateCatalogue *loaded = pen_fate_catalogue_load (&error);

      if (loaded == NULL)
        g_warning ("Could not read the Fate cards: %s", error->message);
      g_once_init_leave (&catalogue, loaded);
    }
  return catalogue;
}

static const char *
manipulation_name (int manipulation)
{
  switch (manipulation)
    {
    case PEN_MANIPULATE_REROLL: return _("Reroll");
    case PEN_MANIPULATE_INCREASE: return _("Increase");
    case PEN_MANIPULATE_DECREASE: return _("Decrease");
    case PEN_MANIPULATE_FLIP: return _("Flip");
    case PEN_MANIPULATE_RECOLOUR: return _("Recolour");
    case PEN_MANIPULATE_SET: return _("Set");
    default: return "?";
    }
}

const char *
pen_ui_section_name (const char *id)
{
  static const struct { const char *id; const char *name; } names[] = {
    { "mark", N_("Mark section") },
    { "card", N_("Card section") },
    { "die", N_("Die section") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].id, id))
      return _(names[i].name);
  return NULL;
}

static const char *
deck_name (int deck)
{
  if (deck >= 0 && deck < PEN_N_DISCIPLINES)
    return pen_discipline_get_name (deck);
  if (deck == PEN_DECK_POTIONS)
    return _("Potions");
  if (deck == PEN_DECK_ARTIFACTS)
    return _("Artifacts");
  return "?";
}

static const char *
market_place_name (int place)
{
  switch (place)
    {
    case 0: return _("left");
    case 1: return _("right");
    default: return _("top of the deck");
    }
}

static char *
supply_die (PenGame *game,
            int      index)
{
  PenWizardBoard *board = pen_game_get_player (game, pen_game_get_current_player (game));

  if (index < 0 || (guint) index >= pen_wizard_board_get_n_dice (board))
    return g_strdup (_("a die"));
  return pen_ui_describe_die_object (pen_wizard_board_get_die (board, index));
}

static char *
dice_of_mask (PenGame *game,
              guint64  mask)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < 64; i++)
    if (mask & (G_GUINT64_CONSTANT (1) << i))
      {
        g_autofree char *die = supply_die (game, i);

        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, die);
      }
  if (text->len == 0)
    return g_strdup (_("no dice"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* An Ingredient as what a lot is made of: "1 lot of Blood". */
static const char *
lot_of (int ingredient)
{
  switch (ingredient)
    {
    case PEN_INGREDIENT_BLOOD: return C_ ("lot of", "Blood");
    case PEN_INGREDIENT_CRYSTALS: return C_ ("lot of", "Crystals");
    case PEN_INGREDIENT_JEWELS: return C_ ("lot of", "Jewels");
    case PEN_INGREDIENT_FRUITS: return C_ ("lot of", "Fruits");
    case PEN_INGREDIENT_TRINKETS: return C_ ("lot of", "Trinkets");
    case PEN_INGREDIENT_ARCANA: return C_ ("lot of", "Arcana");
    default: return "?";
    }
}

static char *
mark_name (PenGame *game,
           int      cell)
{
  PenWizardBoard *board = pen_game_get_player (game, pen_game_get_current_player (game));
  const PenMark *mark;

  if (cell < 0 || cell >= PEN_N_MARK_CELLS)
    return g_strdup (_("a Mark"));
  mark = pen_wizard_board_get_mark (board, cell);
  if (pen_wizard_board_is_spark_cell (cell))
    return g_strdup (_("the Spark Mark"));
  if (!mark->occupied)
    return g_strdup (_("a Mark"));
  return g_strdup (pen_text_the_mark (mark->discipline));
}

static char *
owned_card_name (PenGame *game,
                 int      index)
{
  guint player = pen_game_get_current_player (game);

  if (index < 0 || (guint) index >= pen_game_get_n_cards (game, player))
    return g_strdup (_("a card"));
  return g_strdup (pen_ui_card_name (pen_game_get_card_name (game, player, index)));
}

/* "Duelist (turn order 7): a Ruby Mark, Crimson Rage, 2 Blood" */
static char *
describe_talent (const PenTalent *talent)
{
  g_autofree char *gifts = pen_talent_text (talent);

  /* Translators: a Talent, its turn order and what it gives */
  return g_strdup_printf (_("%s (turn order %u): %s"), pen_text_card_name (talent->name), talent->turn_order, gifts);
}

static char *
talent_label (PenGame *game,
              int      index)
{
  const PenTalents *talents = pen_talents_get_default (NULL);
  const PenTalent *talent;
  const char *id;

  if (index < 0 || index > 1)
    return g_strdup ("?");
  id = pen_game_get_dealt_talent (game, pen_game_get_current_player (game), (guint) index);
  if (id == NULL)
    return g_strdup ("?");
  talent = talents != NULL ? pen_talents_find (talents, id) : NULL;
  if (talent == NULL)
    return g_strdup (id);
  return describe_talent (talent);
}

static char *
place_label (PenGame         *game,
             const PenAction *action)
{
  PenLocation *location = pen_game_get_location (game, action->location);
  const PenLocationDef *def = pen_location_get_def (location);
  g_autofree char *die = supply_die (game, action->die);
  g_autofree char *where = pen_location_dup_name (location);
  g_autofree char *text = NULL;
  const char *section = NULL;

  if (action->section >= 0 && (guint) action->section < def->n_sections && def->n_sections > 1)
    section = pen_ui_section_name (def->sections[action->section].id);

  if (action->type == PEN_ACTION_TAKE_BACK)
    {
      const PenDie *placed = pen_game_get_die_taken_back (game, action);
      g_autofree char *taken = placed != NULL ? pen_ui_describe_die_object (placed) : g_strdup (_("a die"));

      if (section != NULL)
        /* Translators: a Rest effect's die: "Take back Ruby 4 from the Ruby Class (Die section) and roll it" */
        text = g_strdup_printf (_("Take back %s from the %s (%s) and roll it"), taken, where, section);
      else
        /* Translators: a Rest effect's die: "Take back Bone 3 from the Forest and roll it" */
        text = g_strdup_printf (_("Take back %s from the %s and roll it"), taken, where);
      if (action->cell < 0)
        {
          char *beside = g_strdup_printf (_("%s (the die beside the cells)"), text);

          g_free (text);
          text = beside;
        }
      return g_steal_pointer (&text);
    }

  if (action->type == PEN_ACTION_KNOCK_OUT)
    {
      const PenDie *placed = pen_location_get_die (location, action->section, action->cell, action->index);
      g_autofree char *victim = placed != NULL ? pen_ui_describe_die_object (placed) : g_strdup (_("a die"));

      if (section != NULL)
        /* Translators: "Discard Ruby 2 to knock Bone 3 out of the Ruby Class (Die section)" */
        return g_strdup_printf (_("Discard %s to knock %s out of the %s (%s)"), die, victim, where, section);
      return g_strdup_printf (_("Discard %s to knock %s out of the %s"), die, victim, where);
    }

  if (section != NULL)
    /* Translators: "Place Ruby 6 in the Ruby Class (Mark section)" */
    text = g_strdup_printf (_("Place %s in the %s (%s)"), die, where, section);
  else
    /* Translators: "Place Bone 3 in the Forest" */
    text = g_strdup_printf (_("Place %s in the %s"), die, where);

  if (action->cell < 0)
    {
      g_autofree char *beside = pen_ui_describe_appear ();
      char *appear = g_strdup_printf ("%s, %s", text, beside);

      g_free (text);
      text = appear;
    }
  if (action->colour >= 0)
    /* Translators: a Spark die placed as a colour: "Place Spark 4 in the Forest, as Ruby" */
    return g_strdup_printf (_("%s, as %s"), text, pen_discipline_get_name (action->colour));
  return g_steal_pointer (&text);
}

/**
 * pen_ui_describe_appear:
 *
 * Where Appear places a die, and what it costs: "beside the cells (Appear:
 * 1 Arcana)".
 */
char *
pen_ui_describe_appear (void)
{
  return g_strdup_printf (ngettext ("beside the cells (Appear: %u Arcana)", "beside the cells (Appear: %u Arcana)",
                                    PEN_APPEAR_ARCANA),
                          PEN_APPEAR_ARCANA);
}

/* The name of the card at @place of the market of @deck. */
static char *
market_card_name (PenGame *game,
                  int      deck,
                  int      place)
{
  const PenCards *all = pen_cards_get_default (NULL);
  const char *id = deck >= 0 && deck < PEN_N_DECKS && place >= 0 && place < 2
                   ? pen_game_get_market_card (game, deck, place) : NULL;
  const PenCard *card = all != NULL && id != NULL ? pen_cards_find (all, id) : NULL;

  return g_strdup (card != NULL ? pen_ui_card_name (card->name) : _("a card"));
}

static char *
take_card_label (PenGame *game,
                 int      index)
{
  int deck = index / 3;
  int place = index % 3;
  g_autofree char *card = NULL;

  if (place == 2)
    /* Translators: %s is a deck: "Take the top card of the Ruby deck" */
    return g_strdup_printf (_("Take the top card of the %s deck"), deck_name (deck));
  card = market_card_name (game, deck, place);
  /* Translators: "Take the left card of the Potions market: Scarlet Mead" */
  return place == 0
    ? g_strdup_printf (_("Take the left card of the %s market: %s"), deck_name (deck), card)
    : g_strdup_printf (_("Take the right card of the %s market: %s"), deck_name (deck), card);
}

/* The name of Property @index of the Trial being attempted. */
static const char *
trial_property_name (PenGame *game,
                     int      index)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const char *id = pen_game_get_quest (game);
  const PenTrial *trial = quests != NULL && id != NULL ? pen_quests_find_trial (quests, id) : NULL;

  if (trial == NULL || index < 0 || (guint) index >= trial->n_properties)
    return "?";
  return pen_property_get_name (trial->properties[index].kind);
}

/* The value the rolled Threat die @index (of those still waiting) shows,
 * or 0. */
static guint
threat_value (PenGame *game,
              int      index)
{
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;
  guint n = pen_game_get_threat_dice (game, values, &rolled);

  return rolled && index >= 0 && (guint) index < n ? values[index] : 0;
}

/* Takes @sentence and returns it with its first letter in lower case, to
 * follow a colon. */
static char *
lower_first (char *sentence)
{
  g_autofree char *first = NULL;
  const char *rest;

  if (sentence == NULL || *sentence == '\0')
    return sentence;
  rest = g_utf8_next_char (sentence);
  first = g_utf8_strdown (sentence, rest - sentence);
  {
    char *lowered = g_strconcat (first, rest, NULL);

    g_free (sentence);
    return lowered;
  }
}

/* A Trial's path and task as the player weighs them: the task said whole
 * ("Take the path of Light: discard a Red die showing 5 or more."). */
static char *
path_label (PenGame         *game,
            const PenAction *action)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenTrial *trial = quests != NULL && pen_game_get_quest (game) != NULL
                          ? pen_quests_find_trial (quests, pen_game_get_quest (game)) : NULL;
  const PenTrialPath *path = trial == NULL ? NULL : action->index == 0 ? &trial->darkness : &trial->light;
  g_autofree char *task = NULL;

  if (path == NULL || action->value < 0 || (guint) action->value >= path->n_tasks)
    return action->index == 0
      ? g_strdup_printf (_("Take the path of Darkness, task %d"), action->value + 1)
      : g_strdup_printf (_("Take the path of Light, task %d"), action->value + 1);
  task = lower_first (pen_task_describe (&path->tasks[action->value]));
  /* Translators: a Trial's path chosen, with its task: "Take the path of
   * Darkness: discard any number of Red dice with a sum of 8 or more." */
  return action->index == 0 ? g_strdup_printf (_("Take the path of Darkness: %s"), task)
                            : g_strdup_printf (_("Take the path of Light: %s"), task);
}

static char *
token_label (PenGame         *game,
             const PenAction *action)
{
  g_autofree char *die = NULL;
  g_autofree char *name = NULL;

  switch (action->value)
    {
    case PEN_MANIPULATE_RECOLOUR:
      die = supply_die (game, action->die);
      /* Translators: a card's effect: "Recolour Bone 3 to Ruby" */
      return g_strdup_printf (_("Card: recolour %s to %s"), die, pen_discipline_get_name (action->colour));
    case PEN_MANIPULATE_SET:
      die = supply_die (game, action->die);
      return g_strdup_printf (_("Card: set %s to %d"), die, action->colour);
    case PEN_MANIPULATE_REROLL:
      die = supply_die (game, action->die);
      /* Translators: a card's effect: "Card: reroll Ruby 2" */
      return g_strdup_printf (_("Card: reroll %s"), die);
    case PEN_MANIPULATE_INCREASE:
      die = supply_die (game, action->die);
      return g_strdup_printf (_("Card: increase %s"), die);
    case PEN_MANIPULATE_DECREASE:
      die = supply_die (game, action->die);
      return g_strdup_printf (_("Card: decrease %s"), die);
    case PEN_MANIPULATE_FLIP:
      die = supply_die (game, action->die);
      return g_strdup_printf (_("Card: flip %s"), die);
    case PEN_TOKEN_COLOUR:
      return g_strdup_printf (_("Card: choose %s"), pen_discipline_get_name (action->colour));
    case PEN_TOKEN_EXCHANGE:
      return g_strdup (_("Card: exchange"));
    case PEN_TOKEN_THREAT_UP:
      /* Translators: a card's effect on a rolled Threat die, named by its
       * value: "Card: raise the Threat die showing 4 to 5" */
      return g_strdup_printf (_("Card: raise the Threat die showing %u to %u"), threat_value (game, action->index),
                              threat_value (game, action->index) + 1);
    case PEN_TOKEN_THREAT_DOWN:
      /* Translators: "Card: lower the Threat die showing 4 to 3" */
      return g_strdup_printf (_("Card: lower the Threat die showing %u to %u"), threat_value (game, action->index),
                              threat_value (game, action->index) - 1);
    case PEN_TOKEN_PROPERTY:
      /* Translators: %s is a Property of the Trial: "Card: cancel the Property Rift" */
      return g_strdup_printf (_("Card: cancel the Property %s"), trial_property_name (game, action->index));
    case PEN_TOKEN_RING_MINUS_SIX:
      return g_strdup (_("Card: −6 to the Catch task"));
    case PEN_TOKEN_RING_IGNORE_DIE:
      return g_strdup (_("Card: ignore 1 die in the Catch task"));
    case PEN_TOKEN_HEAL:
      name = mark_name (game, action->index);
      /* Translators: a card's or an Event's effect: "Card: heal the Ruby Mark (cell 2)" */
      return g_strdup_printf (_("Card: heal %s (cell %d)"), name, action->index + 1);
    case PEN_TOKEN_RECHARGE:
      name = mark_name (game, action->index);
      /* Translators: "Card: recharge the Ruby Mark (cell 2)" */
      return g_strdup_printf (_("Card: recharge %s (cell %d)"), name, action->index + 1);
    case PEN_TOKEN_UNEXHAUST:
      name = owned_card_name (game, action->index);
      /* Translators: "Card: unexhaust Fireball" */
      return g_strdup_printf (_("Card: unexhaust %s"), name);
    default:
      return g_strdup (_("Card: use the effect"));
    }
}

/* A Mark's effect, on the die or card it works on. */
static char *
use_mark_label (PenGame         *game,
                const PenAction *action)
{
  g_autofree char *name = mark_name (game, action->index);
  g_autofree char *die = NULL;

  switch (action->value)
    {
    case PEN_MARK_EFFECT_SET:
      die = supply_die (game, action->die);
      /* Translators: "Use the Ruby Mark: set Bone 2 to 6" */
      return g_strdup_printf (_("Use %s: set %s to %d"), name, die, action->colour);
    case PEN_MARK_EFFECT_RECOLOUR_BONE:
      die = supply_die (game, action->die);
      return g_strdup_printf (_("Use %s: recolour %s"), name, die);
    case PEN_MARK_EFFECT_CAST:
      {
        g_autofree char *card = owned_card_name (game, action->to);

        return g_strdup_printf (_("Use %s: cast %s for free"), name, card);
      }
    case PEN_MARK_EFFECT_UNEXHAUST:
    default:
      {
        g_autofree char *card = owned_card_name (game, action->to);

        return g_strdup_printf (_("Use %s: unexhaust %s"), name, card);
      }
    }
}

/* A manipulation, with the die it leaves and its price in Crystals. */
static char *
manipulate_label (PenGame         *game,
                  const PenAction *action)
{
  guint cost = pen_game_get_manipulation_cost (action->value);
  PenWizardBoard *board = pen_game_get_player (game, pen_game_get_current_player (game));
  const PenDie *d = action->die >= 0 && (guint) action->die < pen_wizard_board_get_n_dice (board)
                      ? pen_wizard_board_get_die (board, action->die) : NULL;
  /* Translators: what a manipulation costs: "2 Crystals" */
  g_autofree char *price = g_strdup_printf (ngettext ("%u Crystal", "%u Crystals", cost), cost);
  g_autofree char *die = supply_die (game, action->die);
  int after = -1;

  if (action->value == PEN_MANIPULATE_RECOLOUR)
    /* Translators: "Recolour Bone 3 → Ruby · 1 Crystal" */
    return g_strdup_printf (_("Recolour %s → %s · %s"), die, pen_discipline_get_name (action->colour), price);
  if (d != NULL && action->value == PEN_MANIPULATE_INCREASE)
    after = d->value + 1;
  else if (d != NULL && action->value == PEN_MANIPULATE_DECREASE)
    after = d->value - 1;
  else if (d != NULL && action->value == PEN_MANIPULATE_FLIP)
    after = 7 - d->value;
  if (after < 0)
    /* Translators: "Reroll Ruby 2 · 1 Crystal" */
    return g_strdup_printf (_("%s %s · %s"), manipulation_name (action->value), die, price);
  /* Translators: "Increase Ruby 2 → 3 · 2 Crystals" */
  return g_strdup_printf (_("%s %s → %d · %s"), manipulation_name (action->value), die, after, price);
}

/* A Trial of the row by its name, or the reserved one. */
static char *
start_trial_label (PenGame         *game,
                   const PenAction *action)
{
  GPtrArray *row = pen_game_get_trial_row (game);

  if (action->index == PEN_RESERVED)
    return g_strdup (_("Start the reserved Trial"));
  if (action->index >= 0 && (guint) action->index < row->len)
    return g_strdup_printf (_("Start the Trial %s"), pen_ui_fate_card_name (g_ptr_array_index (row, action->index)));
  return g_strdup (_("Start a Trial"));
}

/* A card used, with the dice it is paid and Empowered with. */
static char *
use_card_label (PenGame         *game,
                const PenAction *action)
{
  g_autofree char *name = owned_card_name (game, action->index);
  g_autofree char *use = NULL;

  if (action->mask != 0)
    {
      g_autofree char *dice = dice_of_mask (game, action->mask);

      /* Translators: "Use Fireball, paying Ruby 4, Bone 2" */
      use = g_strdup_printf (_("Use %s, paying %s"), name, dice);
    }
  else
    use = g_strdup_printf (_("Use %s"), name);
  if (action->empower != 0)
    {
      g_autofree char *dice = dice_of_mask (game, action->empower);

      /* Translators: a card used, and the dice discarded for Empower
       * (+2 each): "Use Fireball, paying Ruby 4; Empower: Amber 2" */
      return g_strdup_printf (_("%s; Empower: %s"), use, dice);
    }
  return g_steal_pointer (&use);
}

/* A Pet summoned from a market, with the dice it is paid with. */
static char *
summon_label (PenGame         *game,
              const PenAction *action)
{
  g_autofree char *pet = market_card_name (game, action->colour, action->index);
  g_autofree char *dice = dice_of_mask (game, action->mask);

  /* Translators: "Summon All-Colour Wolf from the Emerald market, paying Emerald 6" */
  return g_strdup_printf (_("Summon %s from the %s market, paying %s"), pet, deck_name (action->colour), dice);
}

/* The current player's Talent cancelling a Property of the Trial. */
static char *
use_talent_label (PenGame         *game,
                  const PenAction *action)
{
  const PenTalents *talents = pen_talents_get_default (NULL);
  const char *id = pen_game_get_talent (game, pen_game_get_current_player (game));
  const PenTalent *talent = talents != NULL && id != NULL ? pen_talents_find (talents, id) : NULL;

  /* Translators: a Talent's ability: "Pariah: cancel the Property Rift" */
  return g_strdup_printf (_("%s: cancel the Property %s"), talent != NULL ? pen_ui_card_name (talent->name) : "?",
                          trial_property_name (game, action->index));
}

static char *
kind_label (PenGame         *game,
            const PenAction *action)
{
  g_autofree char *die = NULL;
  g_autofree char *name = NULL;

  switch (action->type)
    {
    case PEN_ACTION_CHOOSE_TALENT:
      name = talent_label (game, action->index);
      /* Translators: %s is a Talent's name */
      return g_strdup_printf (_("Choose the Talent %s"), name);
    case PEN_ACTION_PLACE:
    case PEN_ACTION_KNOCK_OUT:
    case PEN_ACTION_TAKE_BACK:
      return place_label (game, action);
    case PEN_ACTION_USE_LOCATION:
      return g_strdup (_("Use the effect"));
    case PEN_ACTION_SKIP_LOCATION:
      return g_strdup (_("Skip the effect"));
    case PEN_ACTION_HURRY:
      return g_strdup (_("Hurry: discard a Trinket for one more placement"));
    case PEN_ACTION_MANIPULATE:
      return manipulate_label (game, action);
    case PEN_ACTION_HEAL:
      name = mark_name (game, action->index);
      return g_strdup_printf (_("Heal %s"), name);
    case PEN_ACTION_USE_MARK:
      return use_mark_label (game, action);
    case PEN_ACTION_EXCHANGE:
      /* Translators: "Exchange 1 lot of Blood for Crystals" */
      return g_strdup_printf (ngettext ("Exchange %d lot of %s for %s", "Exchange %d lots of %s for %s", action->value),
                              action->value, lot_of (action->colour), pen_ingredient_get_name (action->to));
    case PEN_ACTION_FINISH_EXCHANGE:
      return g_strdup (_("Finish exchanging"));
    case PEN_ACTION_REST:
      return g_strdup (C_ ("action", "Rest"));
    case PEN_ACTION_DEFEND:
      die = supply_die (game, action->die);
      return g_strdup_printf (_("Defend: discard %s to cancel a Threat die"), die);
    case PEN_ACTION_ROLL_THREAT:
      return g_strdup (_("Roll the Threat dice"));
    case PEN_ACTION_THREAT_TARGET:
      if (action->index >= PEN_THREAT_TARGET_MARK)
        {
          name = mark_name (game, action->index - PEN_THREAT_TARGET_MARK);
          /* Translators: a Threat die's target: "Let the Threat wound the Ruby Mark" */
          return g_strdup_printf (_("Let the Threat wound %s"), name);
        }
      die = supply_die (game, action->index);
      return g_strdup_printf (_("Let the Threat take %s"), die);
    case PEN_ACTION_END_TURN:
      return g_strdup (_("End turn"));
    case PEN_ACTION_CHOOSE_CONTRACT:
      if (action->index >= PEN_RESERVED)
        return g_strdup_printf (_("Attempt reserved Contract %d"), action->index - PEN_RESERVED + 1);
      return g_strdup_printf (_("Attempt the Contract %s"),
                              pen_ui_contract_name (pen_game_get_contract (game, action->index)));
    case PEN_ACTION_START_TRIAL:
      return start_trial_label (game, action);
    case PEN_ACTION_CHOOSE_PATH:
      return path_label (game, action);
    case PEN_ACTION_TASK_DICE:
      name = dice_of_mask (game, action->mask);
      return g_strdup_printf (_("Give the task %s"), name);
    case PEN_ACTION_TASK_DO:
      return g_strdup (_("Perform the task"));
    case PEN_ACTION_GIVE_UP:
      return g_strdup (_("Give up the task"));
    case PEN_ACTION_RIFT_DISCARD:
      die = supply_die (game, action->die);
      return g_strdup_printf (_("Discard %s to the Rift"), die);
    case PEN_ACTION_BIND:
      return g_strdup (_("Bind: discard 1 Blood to reserve a Contract"));
    case PEN_ACTION_RESERVE:
      if (action->index == PEN_BIND_NONE)
        return g_strdup (_("Reserve no Contract"));
      if (action->index >= PEN_BIND_DECK)
        return g_strdup_printf (_("Reserve Contract %d from the top of the deck"), action->index - PEN_BIND_DECK + 1);
      return g_strdup_printf (_("Reserve the Contract %s"),
                              pen_ui_contract_name (pen_game_get_contract (game, action->index)));
    case PEN_ACTION_CHOOSE_COLOUR:
      return g_strdup_printf (_("Choose %s"), pen_discipline_get_name (action->colour));
    case PEN_ACTION_TAKE_CARD:
      return take_card_label (game, action->index);
    case PEN_ACTION_BUY_CARD:
      name = market_card_name (game, action->value == 0 ? PEN_DECK_POTIONS : PEN_DECK_ARTIFACTS, action->index);
      /* Translators: "Buy the left Potion in the Brewery: Firewater" */
      return action->value == 0
        ? g_strdup_printf (_("Buy the %s Potion in the Brewery: %s"), market_place_name (action->index), name)
        : g_strdup_printf (_("Buy the %s Artifact in the Shop: %s"), market_place_name (action->index), name);
    case PEN_ACTION_FINISH_BUYING:
      return g_strdup (_("Finish buying"));
    case PEN_ACTION_KEEP_EQUIPMENT:
      return action->index == 1 ? g_strdup (_("Replace the equipped Artifact"))
                                : g_strdup (_("Discard the new Artifact"));
    case PEN_ACTION_BRIBE:
      return g_strdup_printf (_("Bribe: refresh the %s market"), deck_name (action->index));
    case PEN_ACTION_USE_CARD:
      return use_card_label (game, action);
    case PEN_ACTION_CARD_TOKEN:
      return token_label (game, action);
    case PEN_ACTION_FINISH_CARD:
      /* After a Threat roll, the step that lets the dice strike as they fell. */
      if (pen_game_get_pending (game) == PEN_PENDING_THREAT)
        return g_strdup (_("Keep the Threat dice as rolled"));
      return g_strdup (_("Leave the rest of the card unused"));
    case PEN_ACTION_DISCARD_ARTIFACT:
      name = owned_card_name (game, action->index);
      return g_strdup_printf (_("Discard %s from its Equipment cell"), name);
    case PEN_ACTION_MORTAL_WOUND:
      return action->index == 1 ? g_strdup (_("Discard the Phylactery: ignore the Mortal Wound"))
                                : g_strdup (_("Take the Mortal Wound"));
    case PEN_ACTION_SUMMON_FROM_MARKET:
      return summon_label (game, action);
    case PEN_ACTION_USE_TALENT:
      return use_talent_label (game, action);
    case PEN_ACTION_AUTOMA_TURN:
      return g_strdup (_("Automa: play its turn"));
    default:
      return g_strdup (pen_action_type_get_id (action->type));
    }
}

/**
 * pen_action_label:
 *
 * Returns: (transfer full): what @action does, in the player's words
 */
char *
pen_action_label (PenGame         *game,
                  const PenAction *action)
{
  g_autofree char *label = NULL;
  g_autoptr(GString) marks = g_string_new (NULL);

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  label = kind_label (game, action);
  if (action->blood_marks == 0)
    return g_steal_pointer (&label);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    if (action->blood_marks & (1u << c))
      {
        g_autofree char *name = mark_name (game, c);

        if (marks->len > 0)
          g_string_append (marks, ", ");
        /* Translators: one wounded Mark flipped for Blood: "the Ruby Mark (cell 2)" */
        g_string_append_printf (marks, _("%s (cell %u)"), name, c + 1);
      }
  /* Translators: an action, and the wounded Marks flipped instead of
   * discarding Blood: "Use Firesteel, flipping the Ruby Mark (cell 1) for Blood" */
  return g_strdup_printf (_("%s, flipping %s for Blood"), label, marks->str);
}

/**
 * pen_action_label_without_face:
 *
 * Returns: (transfer full): a Mark's setting of a die, the face left out, to
 *   head the row of faces it can set: "Use the Ruby Mark: set Ruby 4 to…"
 */
char *
pen_action_label_without_face (PenGame         *game,
                               const PenAction *action)
{
  g_autofree char *name = NULL, *die = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (action != NULL && action->type == PEN_ACTION_USE_MARK, NULL);

  name = mark_name (game, action->index);
  die = supply_die (game, action->die);
  /* Translators: the heading of a row of faces: "Use the Ruby Mark: set Ruby 4 to…" */
  return g_strdup_printf (_("Use %s: set %s to…"), name, die);
}

/**
 * pen_action_label_on_threat_die:
 *
 * Returns: (transfer full) (nullable): a card's adjustment of a rolled
 *   Threat die said in short on the die itself, its step and the value it
 *   leads to: "+1 → 5", "−1 → 3"; %NULL for any other action
 */
char *
pen_action_label_on_threat_die (PenGame         *game,
                                const PenAction *action)
{
  guint value;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  if (action->type != PEN_ACTION_CARD_TOKEN
      || (action->value != PEN_TOKEN_THREAT_UP && action->value != PEN_TOKEN_THREAT_DOWN))
    return NULL;
  value = threat_value (game, action->index);
  if (action->value == PEN_TOKEN_THREAT_UP)
    /* Translators: a Threat die raised by a card, and the value it will show: "+1 → 5" */
    return g_strdup_printf (_("+1 → %u"), value + 1);
  /* Translators: a Threat die lowered by a card, and the value it will show: "−1 → 3" */
  return g_strdup_printf (_("−1 → %u"), value - 1);
}

/* @die named with @kind: "Ruby 6", with "(temporary)" where it applies. */
static char *
describe_die (const PenDie *die,
              const char   *kind)
{
  if (die->value == 0)
    /* Translators: a die not yet rolled: "Threat (not rolled)" */
    return g_strdup_printf (_("%s (not rolled)"), kind);
  if (die->temporary)
    /* Translators: a temporary die: "Ruby 6 (temporary)" */
    return g_strdup_printf (_("%s %u (temporary)"), kind, die->value);
  /* Translators: a die: "Ruby 6" */
  return g_strdup_printf (_("%s %u"), kind, die->value);
}

/* "Ruby 6", "Bone 3", "Spark 2", "Ruby 6 (temporary)". */
char *
pen_ui_describe_die (const PenDie *die)
{
  const char *kind;

  g_return_val_if_fail (die != NULL, NULL);

  switch (die->kind)
    {
    case PEN_DIE_KIND_BONE: kind = _("Bone"); break;
    case PEN_DIE_KIND_SPARK: kind = _("Spark"); break;
    case PEN_DIE_KIND_THREAT: kind = _("Threat"); break;
    case PEN_DIE_KIND_COLOURED:
    default: kind = pen_discipline_get_name (die->colour); break;
    }
  return describe_die (die, kind);
}

/**
 * pen_ui_describe_die_object:
 * @die: a die
 *
 * @die named as the object of an action ("Place Spark 1 in the Forest"):
 * the same words in English, the accusative in Russian ("Разместить
 * Искру 1").
 *
 * Returns: (transfer full): the die's name
 */
char *
pen_ui_describe_die_object (const PenDie *die)
{
  static const char *const colours[PEN_N_DISCIPLINES] = {
    NC_("die, object", "Ruby"),
    NC_("die, object", "Amber"),
    NC_("die, object", "Jasper"),
    NC_("die, object", "Emerald"),
    NC_("die, object", "Sapphire"),
    NC_("die, object", "Amethyst"),
  };
  const char *kind;

  g_return_val_if_fail (die != NULL, NULL);

  switch (die->kind)
    {
    /* Translators: a Bone die as the object of an action ("Place Bone 3"): in Russian the accusative */
    case PEN_DIE_KIND_BONE: kind = C_("die, object", "Bone"); break;
    /* Translators: a Spark die as the object of an action ("Place Spark 1"): in Russian the accusative */
    case PEN_DIE_KIND_SPARK: kind = C_("die, object", "Spark"); break;
    case PEN_DIE_KIND_THREAT: kind = C_("die, object", "Threat"); break;
    case PEN_DIE_KIND_COLOURED:
    default:
      kind = die->colour < PEN_N_DISCIPLINES ? g_dpgettext2 (GETTEXT_PACKAGE, "die, object", colours[die->colour]) : "?";
      break;
    }
  return describe_die (die, kind);
}


const char *
pen_ui_fate_card_name (const char *id)
{
  const PenFateCatalogue *catalogue = fate_catalogue ();
  const PenFateCard *card;

  g_return_val_if_fail (id != NULL, NULL);

  card = catalogue != NULL ? pen_fate_catalogue_lookup (catalogue, id) : NULL;
  return card != NULL ? pen_ui_card_name (pen_fate_card_get_name (card)) : id;
}

const char *
pen_ui_contract_name (const char *id)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenContract *contract;

  if (id == NULL)
    return _("(empty)");
  contract = quests != NULL ? pen_quests_find_contract (quests, id) : NULL;
  return contract != NULL ? pen_ui_card_name (contract->name) : id;
}

/* Card names are translated in the "card name" context (build-aux/card-names.py). */
const char *
pen_ui_card_name (const char *name)
{
  return pen_text_card_name (name);
}

const char *
pen_ui_mark_state_name (PenMarkState state)
{
  switch (state)
    {
    case PEN_MARK_CHARGED: return _("charged");
    case PEN_MARK_DISCHARGED: return _("discharged");
    case PEN_MARK_WOUNDED: return _("wounded");
    default: return "?";
    }
}

/* A passed Trial's id without its path ("light:goldeater" → "goldeater"). */
const char *
pen_ui_without_path (const char *id)
{
  return id != NULL && strchr (id, ':') != NULL ? strchr (id, ':') + 1 : id;
}
