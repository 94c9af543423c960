/* test-effects.c: the Wizard cards used, through PenGame's public API: cost,
 * timing, activation, Empower, Launch and chains, Spells, Recipes and Potions,
 * Summons and Pets, and every card's effects.
 *
 * Each test starts from exactly the state it needs: a game past the Talent
 * choice, saved with pen_game_to_json(), edited with json-glib and loaded
 * again with pen_game_new_from_json(), with the helpers of pen-test-state.h
 * and pen-test-cards.h (the cards: decks, markets and each Wizard's cards
 * with their zone and rotation).
 * Random results are forced with pen_rng_force_next().
 *
 * Rulebook sections: "Wizard Cards" (Cost, Transformation,
 * Activation, Launch, Chains), "Summons and Pets", "Spells", "Recipes and
 * Potions", "Primagic" (EMPOWER), "Rest effects", "Dice types", "Turn
 * Sequence".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "pen-cards.h"
#include "pen-error.h"
#include "pen-game.h"
#include "pen-quest.h"

#include "pen-test-state.h"
#include "pen-test-cards.h"

/* ---- The base state ----------------------------------------------------------- */

/* The same game at the start of a later turn of the same player (nothing
 * pending, two placements, no chain): how a test reaches "later" without
 * playing the other Wizard's turn. */
static PenGame *
later_turn (PenGame *game)
{
  g_autoptr(JsonNode) state = editable_state (game);
  JsonObject *turn = state_turn (state);

  json_object_set_string_member (turn, "type", "undeclared");
  json_object_set_int_member (turn, "placements-left", 2);
  set_pending (state, "none");
  json_object_set_int_member (turn, "placed-location", -1);
  json_object_set_int_member (turn, "placed-section", -1);
  json_object_set_boolean_member (turn, "rest-exchange", FALSE);
  json_object_set_boolean_member (turn, "bind-open", FALSE);
  json_object_set_null_member (state_cards (state), "last-card");
  json_object_set_int_member (state_cards (state), "chain-length", 0);
  json_object_set_array_member (state_cards (state), "flags", json_array_new ());
  return load (state);
}

/* ---- Reading a game ------------------------------------------------------------ */

/* The rotated cards of player 1 other than @except. */
static guint
n_rotated_except (PenGame    *game,
                  const char *except)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *list = json_array_get_array_element (
      json_object_get_array_member (state_cards (node), "players"), 0);
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *entry = json_array_get_object_element (list, i);

      n += json_object_get_boolean_member (entry, "rotated")
           && !g_str_equal (json_object_get_string_member (entry, "card"), except);
    }
  return n;
}

static gint64
cards_int (PenGame    *game,
           const char *member)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_object_get_int_member (state_cards (node), member);
}

static char *
last_card (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return g_strdup (node_id (json_object_get_member (state_cards (node), "last-card")));
}

static gboolean
has_flag (PenGame    *game,
          const char *flag)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *flags = json_object_get_array_member (state_cards (node), "flags");

  for (guint i = 0; i < json_array_get_length (flags); i++)
    if (g_str_equal (json_array_get_string_element (flags, i), flag))
      return TRUE;
  return FALSE;
}

static gint64
quest_int (PenGame    *game,
           const char *member)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonNode *value = json_object_get_member (state_quest (node), member);

  if (json_node_get_value_type (value) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (value);
  return json_node_get_int (value);
}

static char *
threat_source (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return g_strdup (
      json_object_get_string_member_with_default (state_root (node), "threat-source", ""));
}

/* The first rolled Threat die, read from the save (a card effect may be
 * waiting on it). */
static guint
first_threat_value (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *rolled = json_object_get_array_member (state_threat (node), "rolled");

  return json_array_get_length (rolled) > 0 ? json_array_get_int_element (rolled, 0) : 0;
}

static guint
count_marks_in (PenGame      *game,
                PenMarkState  state)
{
  guint n = 0;

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = pen_wizard_board_get_mark (board (game), c);

      n += mark->occupied && mark->state == state;
    }
  return n;
}

/* ==== Every card ============================================================ */

/* Every card is played in a state made for it: player 1 holds it in its zone
 * (after paying to transform a Recipe or a Summon), with two Marks of the
 * card's colour, three discharged and two wounded Marks of another colour, a
 * Spark Mark, two sixes and a four of every colour, Bone 6 and 3, Spark 6 and
 * 5, 6 of every Ingredient, and two rotated Spells for effects that unexhaust.
 * Every effect of the card is then checked against what it says. */

#define SUPPLY_SPEC \
  "ruby:6 ruby:6 ruby:4 amber:6 amber:6 amber:4 jasper:6 jasper:6 jasper:4 " \
  "emerald:6 emerald:6 emerald:4 sapphire:6 sapphire:6 sapphire:4 " \
  "amethyst:6 amethyst:6 amethyst:4 bone:6 bone:3 spark:6 spark:5"

#define THREAT_FACE 3      /* only the Bone 3 shows it: a Threat die knocks it out */

#define TRIAL_THREAT 5     /* Threat dice prepared for effects that discard them */

#define N_KEYS 16          /* dice by kind and colour (8), temporary or not */

typedef enum
{
  SIT_STUDY,
  SIT_TRIAL,              /* a Trial turn, its Threat prepared (Goldeater) */
  SIT_TRIAL_PROPERTY,     /* the same with a Property (the Smoky Beast's Trap) */
  SIT_AFTER_ROLL,         /* a Trial's Threat rolled, at step 2 */
  SIT_REST,
  SIT_CATCH,              /* the Smoky Beast's path of Light (Catch), its task waiting */
} Situation;

static const char *situation_names[]
    = { "Study", "Trial", "Trial with a Property", "Threat step 2", "Rest", "Catch task" };

typedef struct
{
  const PenCard *card;
  GString       *problems;
  PenDiscipline  other;        /* the colour of the discharged and wounded Marks */
  /* Expected changes, from the snapshot before the card was used. */
  int            ingredients[PEN_N_INGREDIENTS];
  int            dice[N_KEYS];
  gboolean       skip_dice[N_KEYS];
  gboolean       skip_all_dice;
  gboolean       skip_discharged;
  guint          cards_taken;
  gboolean       converted;
  guint          joined;       /* cards that joined the play area besides those gained by effects */
  int            placements;   /* placements made besides the card's */
  gboolean       skip_rotated;
} Run;

static void
problem (Run        *run,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_string_append_printf (run->problems, "%s: %s\n", run->card->id, text);
}

static gboolean
try_apply (Run        *run,
           PenGame    *game,
           PenAction   action,
           const char *what)
{
  g_autoptr(GError) error = NULL;

  if (pen_game_apply (game, &action, &error))
    return TRUE;
  problem (run, "%s was refused: %s", what, error->message);
  return FALSE;
}

static guint
die_key (PenDieKind    kind,
         PenDiscipline colour,
         gboolean      temporary)
{
  guint key = kind == PEN_DIE_KIND_BONE ? 6 : kind == PEN_DIE_KIND_SPARK ? 7 : colour;

  return key + (temporary ? 8 : 0);
}

static const char *
key_name (guint key)
{
  static const char *names[N_KEYS] = {
    "Red", "Orange", "Yellow", "Green", "Blue", "Purple", "Bone", "Spark",
    "temporary Red", "temporary Orange", "temporary Yellow", "temporary Green", "temporary Blue",
    "temporary Purple", "temporary Bone", "temporary Spark",
  };

  return names[key];
}

typedef struct
{
  guint    ingredients[PEN_N_INGREDIENTS];
  int      dice[N_KEYS];
  guint    wounded, discharged;
  guint    threat;
  guint    placements;
  guint    held;
  guint    rotated_others;
} Snapshot;

static void
snapshot (PenGame    *game,
          const char *card_id,
          Snapshot   *out)
{
  memset (out, 0, sizeof *out);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    out->ingredients[i] = ingredient (game, 0, i);
  for (guint i = 0; i < pen_wizard_board_get_n_dice (board (game)); i++)
    {
      const PenDie *die = pen_wizard_board_get_die (board (game), i);

      out->dice[die_key (die->kind, die->colour, die->temporary)]++;
    }
  out->wounded = count_marks_in (game, PEN_MARK_WOUNDED);
  out->discharged = count_marks_in (game, PEN_MARK_DISCHARGED);
  out->threat = threat_dice (game, NULL, NULL);
  out->placements = pen_game_get_placements_left (game);
  out->held = n_held (game);
  out->rotated_others = n_rotated_except (game, card_id);
}

/* The state for @card: player 1 holds it in @zone (NULL: not at all). */
static JsonNode *
card_state (Run        *run,
            const char *zone,
            gboolean    helpers)
{
  const PenCard *card = run->card;
  JsonNode *state = base_state ();
  const char *colour = pen_discipline_get_id (card->colour);
  const char *other = pen_discipline_get_id (run->other);
  g_autofree char *marks = g_strdup_printf ("%s %s %s/d %s/d %s/d %s/w %s/w | spark",
                                            colour, colour, other, other, other, other, other);
  static const char *helper_ids[] = { "gift-of-the-grove", "healing", "gilding", "rewind" };
  guint n_helpers = 0;

  set_marks (state, 0, marks);
  set_dice (state, 0, SUPPLY_SPEC);
  set_ingredients (state, 0, "blood=6 crystals=6 jewels=6 fruits=6 trinkets=6 arcana=6");
  if (zone != NULL)
    give_card (state, 0, card->id, zone, FALSE);
  for (guint i = 0; helpers && i < G_N_ELEMENTS (helper_ids) && n_helpers < 2; i++)
    if (!g_str_equal (helper_ids[i], card->id))
      {
        give_card (state, 0, helper_ids[i], "grimoire", TRUE);
        n_helpers++;
      }
  return state;
}

/* Chooses dice of player 1 paying @cost (its own colour before a Spark die)
 * and notes what the cost takes. FALSE if the supply cannot pay. */
static gboolean
pay_mask (Run           *run,
          PenGame       *game,
          const PenCost *cost,
          guint64       *mask)
{
  *mask = 0;
  for (guint c = 0; c < cost->n_components; c++)
    {
      const PenCostComponent *component = &cost->components[c];
      int found = -1;

      if (component->kind == PEN_COST_INGREDIENT)
        {
          run->ingredients[component->ingredient] -= component->amount;
          continue;
        }
      if (component->kind != PEN_COST_DIE)
        return FALSE;
      for (int pass = 0; pass < 2 && found < 0; pass++)
        for (guint i = 0; i < pen_wizard_board_get_n_dice (board (game)) && found < 0; i++)
          {
            const PenDie *die = pen_wizard_board_get_die (board (game), i);
            gboolean ok;

            if (*mask & (G_GUINT64_CONSTANT (1) << i))
              continue;
            if (component->any_die)
              ok = TRUE;
            else if (component->die_kind != PEN_DIE_KIND_COLOURED)
              ok = die->kind == component->die_kind;
            else
              ok = pass == 0
                       ? die->kind == PEN_DIE_KIND_COLOURED && die->colour == component->colour
                       : pen_die_counts_as (die, component->colour);
            if (ok && (component->value == 0 || die->value == component->value))
              found = (int) i;
          }
      if (found < 0)
        return FALSE;
      *mask |= G_GUINT64_CONSTANT (1) << found;
      {
        const PenDie *die = pen_wizard_board_get_die (board (game), found);

        run->dice[die_key (die->kind, die->colour, die->temporary)]--;
      }
    }
  return TRUE;
}

/* What the effect waiting for the player offers, right after the activation. */
typedef struct
{
  guint    tokens[6];
  guint    colours;
  guint    threat_adjust;
  gboolean exchange_open;
  gboolean cancel_property;
  gboolean ring;
  guint    give[PEN_N_INGREDIENTS];
  guint    take[PEN_N_INGREDIENTS];
  guint    picks;        /* Marks to heal or recharge, cards to unexhaust */
  PenPending pending;
} Waiting;

static void
read_waiting (PenGame *game,
              Waiting *out)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonObject *effect = json_object_get_object_member (state_cards (node), "effect");
  JsonArray *tokens = json_object_get_array_member (effect, "tokens");

  memset (out, 0, sizeof *out);
  for (guint k = 0; k < 6; k++)
    out->tokens[k] = json_array_get_int_element (tokens, k);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    {
      out->give[k] = json_array_get_int_element (json_object_get_array_member (effect, "give"), k);
      out->take[k] = json_array_get_int_element (json_object_get_array_member (effect, "take"), k);
    }
  out->colours = json_object_get_int_member (effect, "colours");
  out->threat_adjust = json_object_get_int_member (effect, "threat-adjust");
  out->exchange_open = json_object_get_boolean_member (effect, "exchange-open");
  out->cancel_property = json_object_get_boolean_member (effect, "cancel-property");
  out->ring = json_object_get_boolean_member (effect, "ring");
  for (guint k = 0; k < 3; k++)
    out->picks += json_array_get_int_element (json_object_get_array_member (effect, "picks"), k);
  out->pending = pen_game_get_pending (game);
}

/* The first Mark or card listed for a waiting heal, recharge or unexhaust. */
static PenAction
first_pick (PenGame *game)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    {
      PenAction action = g_array_index (actions, PenAction, i);

      if (action.type == PEN_ACTION_CARD_TOKEN && action.value >= TOKEN_HEAL)
        return action;
    }
  g_error ("no Mark or card to pick is listed");
  return simple (PEN_ACTION_CARD_TOKEN);
}

/* One use of a manipulation the card gives, on the Four of the card's colour
 * (or the first coloured die), checked on the die. */
static void
use_manipulation (Run     *run,
                  PenGame *game,
                  guint    kind)
{
  g_autofree char *spec = g_strdup_printf ("%s:4", pen_discipline_get_id (run->card->colour));
  int die = find_die_except (game, 0, spec, 0);
  PenDie before, after;
  PenDiscipline target = (run->card->colour + 1) % PEN_N_DISCIPLINES;
  PenAction action;

  for (guint i = 0; die < 0 && i < pen_wizard_board_get_n_dice (board (game)); i++)
    if (pen_wizard_board_get_die (board (game), i)->kind == PEN_DIE_KIND_COLOURED)
      die = (int) i;
  if (die < 0)
    {
      problem (run, "no coloured die to manipulate");
      return;
    }
  before = *pen_wizard_board_get_die (board (game), die);
  switch (kind)
    {
    case PEN_MANIPULATE_REROLL:
      action = card_token (PEN_MANIPULATE_REROLL, die, -1, -1);
      FORCE (game, 2);
      break;
    case PEN_MANIPULATE_INCREASE:
      action = card_token (before.value < 6 ? PEN_MANIPULATE_INCREASE : PEN_MANIPULATE_DECREASE,
                           die, -1, -1);
      break;
    case PEN_MANIPULATE_FLIP:
      action = card_token (PEN_MANIPULATE_FLIP, die, -1, -1);
      break;
    case PEN_MANIPULATE_RECOLOUR:
      action = card_token (PEN_MANIPULATE_RECOLOUR, die, target, -1);
      break;
    case PEN_MANIPULATE_SET:
    default:
      action = card_token (PEN_MANIPULATE_SET, die, 2, -1);
      break;
    }
  if (!try_apply (run, game, action, "a manipulation the card gives"))
    return;
  after = *pen_wizard_board_get_die (board (game), die);
  switch (kind)
    {
    case PEN_MANIPULATE_REROLL:
    case PEN_MANIPULATE_SET:
      if (after.value != 2)
        problem (run, "the die shows %u, not 2", after.value);
      break;
    case PEN_MANIPULATE_INCREASE:
      if (after.value != (before.value < 6 ? before.value + 1 : before.value - 1))
        problem (run, "adjusting a %u gave %u", before.value, after.value);
      break;
    case PEN_MANIPULATE_FLIP:
      if (after.value != 7 - before.value)
        problem (run, "flipping a %u gave %u", before.value, after.value);
      break;
    case PEN_MANIPULATE_RECOLOUR:
    default:
      if (after.kind != PEN_DIE_KIND_COLOURED || after.colour != target)
        problem (run, "the die was not recoloured");
      run->dice[die_key (before.kind, before.colour, before.temporary)]--;
      run->dice[die_key (after.kind, after.colour, after.temporary)]++;
      break;
    }
}

/* Resolves what the card leaves waiting: colours of dice, one use of each
 * manipulation, of a repeatable exchange and of a Threat adjustment, cards to
 * gain, a conversion, its own Threat. Stops at a Threat that is not the card's. */
static void
resolve (Run     *run,
         PenGame *game)
{
  gboolean used[6] = { FALSE };
  gboolean exchanged = FALSE, adjusted = FALSE;

  for (guint step = 0; step < 60; step++)
    {
      PenPending pending = pen_game_get_pending (game);

      if (pending == PEN_PENDING_CARD_EFFECT)
        {
          Waiting waiting;
          guint kind;

          read_waiting (game, &waiting);
          if (waiting.colours > 0)
            {
              if (!try_apply (run, game, card_token (6, -1, run->card->colour, -1),
                              "the colour of a die"))
                return;
              continue;
            }
          for (kind = 0; kind < 6; kind++)
            if (waiting.tokens[kind] > 0 && !used[kind] && kind != PEN_MANIPULATE_DECREASE)
              break;
          if (kind < 6)
            {
              used[kind] = TRUE;
              use_manipulation (run, game, kind);
              continue;
            }
          if (waiting.ring)
            {
              if (!try_apply (run, game, card_token (11, -1, -1, -1), "the Whispering Ring's help"))
                return;
              continue;
            }
          if (waiting.cancel_property)
            {
              if (!try_apply (run, game, card_token (10, -1, -1, 0), "the Property to cancel"))
                return;
              continue;
            }
          if (waiting.exchange_open && !exchanged)
            {
              gboolean affordable = TRUE;

              exchanged = TRUE;
              for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
                affordable &= ingredient (game, 0, k) >= waiting.give[k];
              if (affordable
                  && try_apply (run, game, card_token (7, -1, -1, -1), "the card's exchange"))
                for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
                  run->ingredients[k] += (int) waiting.take[k] - (int) waiting.give[k];
              continue;
            }
          if (waiting.picks > 0)
            {
              if (!try_apply (run, game, first_pick (game), "picking a Mark or a card"))
                return;
              continue;
            }
          if (waiting.threat_adjust > 0 && !adjusted)
            {
              guint first = first_threat_value (game), now;

              adjusted = TRUE;
              if (try_apply (run, game, card_token (first < 6 ? 8 : 9, -1, -1, 0),
                             "adjusting a Threat die"))
                {
                  now = first_threat_value (game);
                  if (now != (first < 6 ? first + 1 : first - 1))
                    problem (run, "the Threat die shows %u after adjusting a %u", now, first);
                }
              continue;
            }
          if (!try_apply (run, game, simple (PEN_ACTION_FINISH_CARD),
                          "leaving the rest of the effect"))
            return;
          continue;
        }
      if (pending == PEN_PENDING_CARD)
        {
          if (!try_apply (run, game, first_listed (game, PEN_ACTION_TAKE_CARD), "gaining a card"))
            return;
          run->cards_taken++;
          continue;
        }
      if (pending == PEN_PENDING_EQUIPMENT)
        {
          if (!try_apply (run, game, indexed (PEN_ACTION_KEEP_EQUIPMENT, 1),
                          "keeping the new Artifact"))
            return;
          continue;
        }
      if (pending == PEN_PENDING_EXCHANGE)
        {
          if (!run->converted)
            {
              run->converted = TRUE;
              if (try_apply (run, game,
                             exchange (PEN_INGREDIENT_TRINKETS, PEN_INGREDIENT_JEWELS, 1),
                             "converting a Trinket"))
                {
                  run->ingredients[PEN_INGREDIENT_TRINKETS] -= 1;
                  run->ingredients[PEN_INGREDIENT_JEWELS] += 2;
                }
              continue;
            }
          if (!try_apply (run, game, simple (PEN_ACTION_FINISH_EXCHANGE),
                          "finishing the conversion"))
            return;
          continue;
        }
      if (pending == PEN_PENDING_COLOUR)
        {
          PenAction action = simple (PEN_ACTION_CHOOSE_COLOUR);

          action.colour = run->card->colour;
          if (!try_apply (run, game, action, "the colour of a reward die"))
            return;
          continue;
        }
      if (pending == PEN_PENDING_THREAT)
        {
          g_autofree char *source = threat_source (game);
          gboolean rolled;

          threat_dice (game, &rolled, NULL);
          if (!g_str_equal (source, "card"))
            return;
          if (!rolled)
            {
              FORCE (game, THREAT_FACE);
              if (!try_apply (run, game, simple (PEN_ACTION_ROLL_THREAT),
                              "rolling the card's Threat"))
                return;
              run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;   /* the Bone 3 */
              continue;
            }
          if (!try_apply (run, game, first_listed (game, PEN_ACTION_THREAT_TARGET),
                          "a Threat target"))
            return;
          continue;
        }
      return;
    }
  problem (run, "the effect never finished");
}

static Situation
activation_situation (const PenCard *card,
                      gboolean       paying)
{
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_CANCEL_PROPERTY)
      return SIT_TRIAL_PROPERTY;
    else if (card->effects[e].op == PEN_EFFECT_SPECIAL && card->effects[e].special == PEN_CARD_SPECIAL_WHISPERING_RING)
      return SIT_CATCH;
  switch (card->timing)
    {
    case PEN_TIMING_BEFORE_THREAT_ROLL:
    case PEN_TIMING_TRIAL:
      return SIT_TRIAL;
    case PEN_TIMING_AFTER_THREAT_ROLL:
      return SIT_AFTER_ROLL;
    case PEN_TIMING_REST:
      return SIT_REST;
    case PEN_TIMING_STUDY:
      return SIT_STUDY;
    case PEN_TIMING_ANY:
    default:
      return paying && card->cost_timing == PEN_TIMING_TRIAL ? SIT_TRIAL : SIT_STUDY;
    }
}

/* Takes @game (at the start of a turn) into @situation. */
static PenGame *
enter (Run       *run,
       PenGame   *game,
       Situation  situation)
{
  guint first;
  gboolean rolled;

  switch (situation)
    {
    case SIT_TRIAL:
      start_trial (game, 0);
      return with_threat_dice (game, TRIAL_THREAT);
    case SIT_TRIAL_PROPERTY:
      start_trial (game, 1);
      return g_object_ref (game);
    case SIT_CATCH:
      {
        PenGame *catching;
        PenAction path = simple (PEN_ACTION_CHOOSE_PATH);

        start_trial (game, 1);
        catching = with_threat_dice (game, 0);
        apply_ok (catching, simple (PEN_ACTION_ROLL_THREAT));
        path.index = 1;   /* Light: Catch, "roll two Green dice, 8 or more" */
        path.value = 0;
        apply_ok (catching, path);
        return catching;
      }
    case SIT_AFTER_ROLL:
      start_trial (game, 0);
      FORCE (game, THREAT_FACE);
      apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
      if (pen_game_get_pending (game) != PEN_PENDING_THREAT
          || threat_dice (game, &rolled, &first) != 1 || !rolled)
        problem (run, "the Threat went on without a step 2 for the card");
      return g_object_ref (game);
    case SIT_REST:
      apply_ok (game, simple (PEN_ACTION_REST));
      if (pen_game_get_pending (game) == PEN_PENDING_EXCHANGE)
        apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
      return g_object_ref (game);
    case SIT_STUDY:
    default:
      return g_object_ref (game);
    }
}

/* The strength of an effect: its amount, times the Marks of its Discipline. */
static guint
strength (PenGame         *game,
          const PenEffect *e)
{
  return e->per_mark
             ? e->amount * pen_wizard_board_count_marks (board (game), e->per_mark_discipline)
             : e->amount;
}

/* Checks the state after the card against the snapshot before it. */
static void
check_effects (Run            *run,
               PenGame        *game,
               const Snapshot *before,
               const Waiting  *waiting,
               gboolean        check_waiting)
{
  const PenCard *card = run->card;
  Snapshot after;
  guint expect_wounded = before->wounded, expect_discharged = before->discharged;
  guint expect_threat = before->threat, expect_placements = before->placements + run->placements;
  guint expect_rotated = before->rotated_others, expect_cards = 0, any_colour = 0;

  for (guint i = 0; i < card->n_effects; i++)
    {
      const PenEffect *e = &card->effects[i];
      guint n = strength (game, e);

      switch (e->op)
        {
        case PEN_EFFECT_GAIN_INGREDIENT:
          run->ingredients[e->ingredient] += n;
          break;
        case PEN_EFFECT_GAIN_DIE:
          if (e->any_colour)
            {
              any_colour += n;
              run->dice[die_key (PEN_DIE_KIND_COLOURED, card->colour, e->temporary)] += n;
            }
          else
            run->dice[die_key (e->die_kind, e->die_colour, e->temporary)] += n;
          break;
        case PEN_EFFECT_ROLL_RESOURCE:
          run->ingredients[PEN_INGREDIENT_FRUITS] += n;   /* forced to the face of 1 Fruit */
          break;
        case PEN_EFFECT_MANIPULATE:
          {
            guint kind = e->manipulation == PEN_MANIPULATE_DECREASE ? PEN_MANIPULATE_INCREASE
                                                                    : e->manipulation;

            if (check_waiting && waiting->tokens[kind] != n)
              problem (run, "it gives %u manipulations of kind %u, not %u", waiting->tokens[kind],
                       kind, n);
          }
          break;
        case PEN_EFFECT_EXCHANGE:
          if (e->repeat)
            {
              if (check_waiting && !waiting->exchange_open)
                problem (run, "its repeatable exchange is not offered");
            }
          else
            for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
              run->ingredients[k] += (int) e->take[k] - (int) e->give[k];
          break;
        case PEN_EFFECT_CONVERT:
          if (!run->converted)
            problem (run, "it did not open the conversion of Ingredients");
          break;
        case PEN_EFFECT_HEAL:
          expect_wounded = n == 0 ? 0 : expect_wounded - MIN (n, expect_wounded);
          /* The healed Marks' Rest effect gives dice of their colour. */
          run->skip_dice[die_key (PEN_DIE_KIND_COLOURED, run->other, FALSE)] = TRUE;
          break;
        case PEN_EFFECT_RECHARGE:
          expect_discharged -= MIN (n, expect_discharged);
          break;
        case PEN_EFFECT_UNEXHAUST:
          expect_rotated -= MIN (n, expect_rotated);
          break;
        case PEN_EFFECT_DISCARD_THREAT:
          expect_threat = n == 0 ? 0 : expect_threat - MIN (n, expect_threat);
          break;
        case PEN_EFFECT_ADJUST_THREAT:
          if (check_waiting && waiting->threat_adjust != n)
            problem (run, "it adjusts %u Threat dice, not %u", waiting->threat_adjust, n);
          break;
        case PEN_EFFECT_GAIN_CARD:
          expect_cards += n;
          break;
        case PEN_EFFECT_EXTRA_PLACEMENT:
          expect_placements += n;
          break;
        case PEN_EFFECT_CANCEL_PROPERTY:
          if (quest_int (game, "cancelled") == 0)
            problem (run, "no Property of the Trial is cancelled");
          break;
        case PEN_EFFECT_SPECIAL:
          if (e->special == PEN_CARD_SPECIAL_DEAD_WATER
              && (!quest_int (game, "dead-water") || !has_flag (game, "dead-water-wound")))
            problem (run, "Dead Water did not replace the task or promise the Mortal Wound");
          if (e->special == PEN_CARD_SPECIAL_WHISPERING_RING && !quest_int (game, "ring"))
            problem (run, "the Whispering Ring does not help this Trial");
          if (e->special == PEN_CARD_SPECIAL_IGNORE_DICE_IN_THREAT
              && !has_flag (game, "ignore-dice-in-threat"))
            problem (run, "the dice are not ignored by Threat");
          break;
        case PEN_EFFECT_BOOST_MARKS:
        default:
          break;
        }
    }
  if (check_waiting && waiting->colours != any_colour)
    problem (run, "it gives %u dice of any colour, not %u", waiting->colours, any_colour);

  snapshot (game, card->id, &after);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    if ((int) after.ingredients[k] != (int) before->ingredients[k] + run->ingredients[k])
      problem (run, "%s: %u, expected %d", pen_ingredient_get_name (k), after.ingredients[k],
               (int) before->ingredients[k] + run->ingredients[k]);
  for (guint key = 0; key < N_KEYS && !run->skip_all_dice; key++)
    if (!run->skip_dice[key] && after.dice[key] != before->dice[key] + run->dice[key])
      problem (run, "%s dice: %d, expected %d", key_name (key), after.dice[key],
               before->dice[key] + run->dice[key]);
  if (after.wounded != expect_wounded)
    problem (run, "%u wounded Marks, expected %u", after.wounded, expect_wounded);
  if (!run->skip_discharged && after.discharged != expect_discharged)
    problem (run, "%u discharged Marks, expected %u", after.discharged, expect_discharged);
  if (after.threat != expect_threat)
    problem (run, "%u Threat dice, expected %u", after.threat, expect_threat);
  if (after.placements != expect_placements)
    problem (run, "%u placements left, expected %u", after.placements, expect_placements);
  if (!run->skip_rotated && after.rotated_others != expect_rotated)
    problem (run, "%u other cards rotated, expected %u", after.rotated_others, expect_rotated);
  if (run->cards_taken != expect_cards)
    problem (run, "%u cards gained, expected %u", run->cards_taken, expect_cards);
  if (after.held
      != before->held + run->joined + expect_cards
             - (card->requirement == PEN_REQUIRE_DISCARD ? 1 : 0))
    problem (run, "%u cards in the play area, expected %u", after.held,
             before->held + run->joined + expect_cards
                 - (card->requirement == PEN_REQUIRE_DISCARD ? 1 : 0));
}

/* Checks the card's requirement: rotated in its zone, or discarded to the
 * bottom of its deck. */
static void
check_requirement (Run        *run,
                   PenGame    *game,
                   const char *zone)
{
  g_autofree char *where = NULL;
  gboolean rotated = FALSE;
  int index = held (game, run->card->id, &where, &rotated);

  if (run->card->requirement == PEN_REQUIRE_DISCARD)
    {
      g_autofree char *bottom = deck_bottom (game, deck_of (run->card));

      if (index >= 0)
        problem (run, "it was not discarded");
      else if (!g_str_equal (bottom, run->card->id))
        problem (run, "it is not at the bottom of its deck");
      return;
    }
  if (run->card->requirement != PEN_REQUIRE_ROTATE && run->card->requirement != PEN_REQUIRE_THREAT)
    return;
  if (index < 0)
    problem (run, "it left the play area");
  else if (!rotated)
    problem (run, "it was not rotated");
  else if (!g_str_equal (where, zone))
    problem (run, "it is in the %s, not the %s", where, zone);
}

/* A condition card's condition, made to occur. */
static void
trigger (Run     *run,
         PenGame *game)
{
  const PenCard *card = run->card;
  g_autofree char *line = g_strdup_printf ("%s takes effect.", card->name);

  switch (card->condition)
    {
    case PEN_CONDITION_PLACED_IN_CLASS:
      try_apply (run, game, place (game, find_die (game, 0, "bone:6"), "ruby-class", 2, 0),
                 "placing in a Class");
      run->placements--;
      run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;
      break;
    case PEN_CONDITION_PLACED_IN_CITY:
      try_apply (run, game, place (game, find_die (game, 0, "bone:6"), "brewery", 0, 0),
                 "placing in the City");
      run->placements--;
      run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;
      break;
    case PEN_CONDITION_PLACED_IN_WILDS:
      try_apply (run, game, place (game, find_die (game, 0, "bone:6"), "forest", 0, 0),
                 "placing in the Wilds");
      run->placements--;
      run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;
      break;
    case PEN_CONDITION_ON_REST:
      try_apply (run, game, simple (PEN_ACTION_REST), "Rest");
      run->skip_all_dice = TRUE;        /* the Rest thread gives dice */
      run->skip_discharged = TRUE;      /* and recharges the Marks */
      run->skip_rotated = TRUE;         /* and unexhausts the cards */
      break;
    case PEN_CONDITION_CONTRACT_FULFILLED:
      /* Well Blessing: discard 3 Fruits; reward 1 Jewel and 1 Arcana. */
      try_apply (run, game, place (game, find_die (game, 0, "bone:6"), "guild", 0, 0),
                 "placing in the Guild");
      run->placements--;
      try_apply (run, game, simple (PEN_ACTION_USE_LOCATION), "the Guild");
      try_apply (run, game, indexed (PEN_ACTION_CHOOSE_CONTRACT, 0), "choosing Well Blessing");
      try_apply (run, game, simple (PEN_ACTION_TASK_DO), "Well Blessing's task");
      run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;
      run->ingredients[PEN_INGREDIENT_FRUITS] -= 3;
      run->ingredients[PEN_INGREDIENT_JEWELS] += 1;
      run->ingredients[PEN_INGREDIENT_ARCANA] += 1;
      break;
    case PEN_CONDITION_TRIAL_PASSED:
      {
        PenAction task = simple (PEN_ACTION_TASK_DICE);
        PenAction path = simple (PEN_ACTION_CHOOSE_PATH);

        /* Goldeater's path of Light: Green and Bone dice, 7 or more; reward
         * a die of any colour and 2 Arcana. */
        start_trial (game, 0);
        FORCE (game, THREAT_FACE);
        try_apply (run, game, simple (PEN_ACTION_ROLL_THREAT), "rolling the Trial's Threat");
        path.index = 1;
        path.value = 0;
        try_apply (run, game, path, "the path of Light");
        task.mask = dice_mask (game, 0, "emerald:6 emerald:4");
        try_apply (run, game, task, "Goldeater's task");
        resolve (run, game);
        run->skip_all_dice = TRUE;
        run->ingredients[PEN_INGREDIENT_ARCANA] += 2;
      }
      break;
    default:
      g_assert_not_reached ();
    }
  if (!log_has (game, line))
    problem (run, "its condition occurred and it did not take effect");
}

/* A Spell, a Recipe, a Summon, a ready-made Potion or an Artifact that is
 * activated (or triggers) in play. */
static void
play_card (Run *run)
{
  const PenCard *card = run->card;
  gboolean transforms = card->type == PEN_CARD_RECIPE || card->type == PEN_CARD_SUMMON;
  const char *zone = card->type == PEN_CARD_POTION     ? "inventory"
                     : card->type == PEN_CARD_ARTIFACT ? "equipment"
                                                       : "grimoire";
  const char *zone_after = transforms ? "inventory" : zone;
  g_autoptr(JsonNode) state = card_state (run, zone, TRUE);
  g_autoptr(PenGame) start = load (state);
  g_autoptr(PenGame) game = NULL;
  Snapshot before;
  Waiting waiting = { 0 };
  int index = held (start, card->id, NULL, NULL);
  guint64 mask = 0;

  if (transforms)
    {
      g_autoptr(PenGame) later = NULL;
      g_autofree char *where = NULL;
      gboolean rotated = TRUE;
      Snapshot after_transform;

      /* "When their cost is paid, such cards transform": to the Inventory,
       * unrotated, with no effect yet. */
      snapshot (start, card->id, &before);
      if (!pay_mask (run, start, &card->costs[0], &mask))
        {
          problem (run, "the supply cannot pay its first cost");
          return;
        }
      if (!try_apply (run, start, use_card (index, 0, mask, 0),
                      card->type == PEN_CARD_RECIPE ? "brewing" : "summoning"))
        {
          g_autoptr(JsonNode) pet = NULL;

          if (card->requirement != PEN_REQUIRE_CONDITION)
            return;
          /* Its effect is still checked, with the card put among the Pets by hand. */
          pet = card_state (run, "inventory", TRUE);
          g_clear_object (&start);
          start = load (pet);
          memset (run->dice, 0, sizeof run->dice);
          memset (run->ingredients, 0, sizeof run->ingredients);
          goto activate;
        }
      snapshot (start, card->id, &after_transform);
      held (start, card->id, &where, &rotated);
      if (g_strcmp0 (where, "inventory") != 0 || rotated)
        problem (run, "after its cost it is in the %s, %s", where,
                 rotated ? "rotated" : "unrotated");
      if (pen_game_get_pending (start) != PEN_PENDING_NONE)
        problem (run, "transforming it left something waiting");
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if ((int) ingredient (start, 0, k) != (int) before.ingredients[k] + run->ingredients[k])
          problem (run, "transforming it: %s %u, expected %d", pen_ingredient_get_name (k),
                   ingredient (start, 0, k), (int) before.ingredients[k] + run->ingredients[k]);
      for (guint key = 0; key < N_KEYS; key++)
        if (before.dice[key] + run->dice[key] != after_transform.dice[key])
          problem (run, "transforming it: %d %s dice, expected %d", after_transform.dice[key],
                   key_name (key), before.dice[key] + run->dice[key]);
      memset (run->ingredients, 0, sizeof run->ingredients);
      memset (run->dice, 0, sizeof run->dice);
      later = later_turn (start);
      g_clear_object (&start);
      start = g_steal_pointer (&later);
      mask = 0;
    }

activate:
  if (card->requirement == PEN_REQUIRE_CONDITION)
    {
      game = g_object_ref (start);
      if (card->condition == PEN_CONDITION_PLACED_IN_CITY)
        for (guint e = 0; e < card->n_effects; e++)
          if (card->effects[e].op == PEN_EFFECT_ROLL_RESOURCE)
            FORCE (game, 0);
      snapshot (game, card->id, &before);
      trigger (run, game);
      check_effects (run, game, &before, &waiting, FALSE);
      return;
    }

  game = enter (run, start, activation_situation (card, !transforms));
  snapshot (game, card->id, &before);
  if (card->type == PEN_CARD_SPELL)
    {
      if (!pay_mask (run, game, &card->costs[0], &mask))
        {
          problem (run, "the supply cannot pay its first cost");
          return;
        }
    }
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_ROLL_RESOURCE)
      for (guint d = 0; d < strength (game, &card->effects[e]); d++)
        FORCE (game, 0);
  if (!try_apply (run, game, use_card (index, card->type == PEN_CARD_SPELL ? 0 : -1, mask, 0),
                  "using it"))
    {
      g_autofree char *text = NULL;

      text = g_strdup_printf ("(in a %s)",
                              situation_names[activation_situation (card, !transforms)]);
      problem (run, "%s", text);
      return;
    }
  read_waiting (game, &waiting);
  resolve (run, game);
  check_effects (run, game, &before, &waiting, TRUE);
  check_requirement (run, game, zone_after);
}

/* A Tome: gained by buying it in the Shop, its effect at once, then the
 * Experience zone. */
static void
play_tome (Run *run)
{
  const PenCard *card = run->card;
  g_autoptr(JsonNode) state = card_state (run, NULL, FALSE);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *where = NULL;
  Snapshot before;
  Waiting waiting = { 0 };

  set_market (state, PEN_DECK_ARTIFACTS, 0, card->id);
  game = load (state);
  place_and_use (game, "bone:6", "shop");
  snapshot (game, card->id, &before);
  for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
    run->ingredients[k] -= card->price[k];
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_ROLL_RESOURCE)
      for (guint d = 0; d < card->effects[e].amount; d++)
        FORCE (game, 0);
  if (!try_apply (run, game, buy (1, 0), "buying it in the Shop"))
    return;
  run->joined = 1;
  resolve (run, game);
  check_effects (run, game, &before, &waiting, FALSE);
  if (held (game, card->id, &where, NULL) < 0 || !g_str_equal (where, "experience"))
    problem (run, "it is not in the Experience zone");
  if (pen_game_get_pending (game) != PEN_PENDING_NONE)
    problem (run, "after the purchase something is still waiting");
}

/* A Spell of @discipline, usable in Study, gaining an Ingredient for each Mark. */
static const PenCard *
per_mark_spell (PenDiscipline discipline)
{
  for (guint i = 0; i < pen_cards_get_n_cards (all_cards ()); i++)
    {
      const PenCard *card = pen_cards_get_card (all_cards (), i);

      if (card->type == PEN_CARD_SPELL && card->n_effects == 1
          && card->effects[0].op == PEN_EFFECT_GAIN_INGREDIENT && card->effects[0].per_mark
          && card->effects[0].per_mark_discipline == discipline
          && card->timing != PEN_TIMING_TRIAL && card->cost_timing != PEN_TIMING_TRIAL)
        return card;
    }
  return NULL;
}

/* A constant Artifact: "Emerald effects trigger with +2 Marks" makes a Spell
 * "for each Emerald Mark" count 2 Marks more; rotated, it does not work. */
static void
play_constant (Run *run)
{
  const PenCard *card = run->card;
  const PenEffect *boost = &card->effects[0];
  const PenCard *spell = per_mark_spell (boost->boost_discipline);

  if (boost->op != PEN_EFFECT_BOOST_MARKS)
    {
      problem (run, "a constant card without a boost of Marks cannot be checked");
      return;
    }
  if (spell == NULL)
    {
      problem (run, "no Spell counts %s Marks", pen_discipline_get_name (boost->boost_discipline));
      return;
    }
  for (int rotated = 0; rotated < 2; rotated++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;
      g_autofree char *marks
          = g_strdup_printf ("%s | spark", pen_discipline_get_id (boost->boost_discipline));
      guint64 mask = 0;
      PenIngredient gained = spell->effects[0].ingredient;
      guint before, want;
      int index;

      set_marks (state, 0, marks);
      set_dice (state, 0, SUPPLY_SPEC);
      set_ingredients (state, 0, "blood=2 crystals=2 jewels=2 fruits=2 trinkets=2 arcana=2");
      give_card (state, 0, card->id, "equipment", rotated);
      give_card (state, 0, spell->id, "grimoire", FALSE);
      game = load (state);
      index = held (game, spell->id, NULL, NULL);
      memset (run->ingredients, 0, sizeof run->ingredients);
      if (!pay_mask (run, game, &spell->costs[0], &mask))
        {
          problem (run, "cannot pay for %s", spell->name);
          return;
        }
      before = ingredient (game, 0, gained);
      if (!try_apply (run, game, use_card (index, 0, mask, 0), spell->name))
        return;
      want = before + run->ingredients[gained]
             + spell->effects[0].amount * (1 + (rotated ? 0 : boost->amount));
      if (ingredient (game, 0, gained) != want)
        problem (run, "%s with 1 Mark and this card %s gave %u %s, expected %u", spell->name,
                 rotated ? "rotated" : "unrotated", ingredient (game, 0, gained) - before,
                 pen_ingredient_get_name (gained), want - before);
    }
}

/* Puts a Summon of its deck in the left place of the first Class market, by
 * swapping it with the card there. */
static void
summon_in_a_market (JsonNode *state)
{
  const PenCards *cards = all_cards ();

  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    {
      JsonArray *ids = json_object_get_array_member (state_deck (state, d), "deck");
      JsonArray *market = json_object_get_array_member (state_deck (state, d), "market");
      const char *left = json_array_get_length (market) > 0 ? node_id (json_array_get_element (market, 0)) : NULL;

      for (guint i = 0; left != NULL && i < json_array_get_length (ids); i++)
        {
          const char *id = json_array_get_string_element (ids, i);

          if (pen_cards_find (cards, id)->type == PEN_CARD_SUMMON)
            {
              g_autofree char *summon = g_strdup (id);
              g_autofree char *was = g_strdup (left);

              json_array_remove_element (ids, i);
              json_array_add_string_element (ids, was);
              json_array_remove_element (market, 0);
              json_array_add_string_element (market, summon);
              return;
            }
        }
    }
  g_assert_not_reached ();
}

/* Unity with Nature: "You may summon Pets from the market", constantly, while
 * unrotated ("a rotated card with a constant effect stops working"). */
static void
play_market_summons (Run *run)
{
  for (int rotated = 0; rotated < 2; rotated++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;

      set_dice (state, 0, SUPPLY_SPEC);
      set_ingredients (state, 0, "blood=6 crystals=6 jewels=6 fruits=6 trinkets=6 arcana=6");
      give_card (state, 0, run->card->id, "grimoire", rotated);
      summon_in_a_market (state);
      game = load (state);
      if ((count_listed (game, PEN_ACTION_SUMMON_FROM_MARKET) > 0) == rotated)
        problem (run, "%s, it %s summoning from the market", rotated ? "rotated" : "unrotated",
                 rotated ? "still allows" : "does not allow");
    }
}

/* The Phylactery: "Ignore the effects of a Mortal Wound and discard its card":
 * a Threat die on a wounded Mark, with no die to take it; the player discards
 * it. */
static void
play_phylactery (Run *run)
{
  g_autoptr(JsonNode) state = card_state (run, "equipment", FALSE);
  g_autoptr(PenGame) game = NULL;
  g_autofree char *bottom = NULL;

  set_marks (state, 0, "amethyst/w amethyst | spark");    /* the wounded Mark is on 1 */
  game = load (state);
  start_trial (game, 0);
  FORCE (game, 1);                                        /* no die shows 1 */
  if (!try_apply (run, game, simple (PEN_ACTION_ROLL_THREAT), "the Threat roll")
      || !try_apply (run, game, indexed (PEN_ACTION_MORTAL_WOUND, 1), "discarding it"))
    return;
  bottom = deck_bottom (game, PEN_DECK_ARTIFACTS);
  if (pen_wizard_board_get_mortal_wounds (board (game)) != 0)
    problem (run, "the Mortal Wound was taken");
  if (held (game, run->card->id, NULL, NULL) >= 0 || !g_str_equal (bottom, run->card->id))
    problem (run, "it was not discarded");
  if (pen_game_get_pending (game) != PEN_PENDING_PATH)
    problem (run, "the turn did not go on to the Trial's path");
}

/* Cards whose check is expected to fail because of a known engine bug (see
 * the test named for each); the rest must pass. */
static const char *
known_bug (const PenCard *card)
{
  if (card->type == PEN_CARD_SUMMON && card->requirement == PEN_REQUIRE_CONDITION)
    return "a Summon whose Pet works on a condition cannot be summoned "
           "(test_cards_condition_summon)";
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_GAIN_DIE && card->effects[e].any_colour
        && card->effects[e].temporary)
      return "temporary dice of any colour arrive as permanent dice "
             "(test_cards_any_colour_temporary)";
  return NULL;
}

static PenDiscipline
other_colour (const PenCard *card)
{
  for (PenDiscipline d = 0; d < PEN_N_DISCIPLINES; d++)
    {
      gboolean used = d == card->colour;

      for (guint e = 0; e < card->n_effects; e++)
        used |= (card->effects[e].per_mark && card->effects[e].per_mark_discipline == d)
                || (card->effects[e].op == PEN_EFFECT_GAIN_DIE && !card->effects[e].any_colour
                    && card->effects[e].die_colour == d);
      if (!used)
        return d;
    }
  return PEN_DISCIPLINE_JASPER;
}

/* "Wizard Cards", "Cost", "Transformation", "Activation"; "Artifacts";
 * "Summons and Pets"; "Spells"; "Recipes and Potions". */
static void
test_cards_every_card (void)
{
  const PenCards *cards = all_cards ();
  g_autoptr(GString) unexpected = g_string_new (NULL);
  g_autoptr(GString) known = g_string_new (NULL);
  g_autoptr(GHashTable) reasons = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_spells = 0, n_recipes = 0, n_summons = 0, n_artifacts = 0, n_potions = 0;

  g_assert_cmpuint (pen_cards_get_n_cards (cards), ==, 147);   /* 146 and Unity with Nature, the Druid's own */
  for (guint i = 0; i < pen_cards_get_n_cards (cards); i++)
    {
      const PenCard *card = pen_cards_get_card (cards, i);
      Run run = { .card = card, .problems = g_string_new (NULL), .other = other_colour (card) };

      if (card->type == PEN_CARD_ARTIFACT && card->equipment == PEN_EQUIPMENT_NONE)
        play_tome (&run);
      else if (card->requirement == PEN_REQUIRE_CONSTANT && card->effects[0].op == PEN_EFFECT_SUMMON_FROM_MARKET)
        play_market_summons (&run);
      else if (card->requirement == PEN_REQUIRE_CONSTANT)
        play_constant (&run);
      else if (card->n_effects == 1 && card->effects[0].op == PEN_EFFECT_SPECIAL
               && card->effects[0].special == PEN_CARD_SPECIAL_PHYLACTERY)
        play_phylactery (&run);
      else
        play_card (&run);

      n_spells += card->type == PEN_CARD_SPELL;
      n_recipes += card->type == PEN_CARD_RECIPE;
      n_summons += card->type == PEN_CARD_SUMMON;
      n_artifacts += card->type == PEN_CARD_ARTIFACT;
      n_potions += card->type == PEN_CARD_POTION;
      if (known_bug (card) != NULL && run.problems->len > 0)
        g_hash_table_add (reasons, (gpointer) known_bug (card));
      g_string_append (known_bug (card) != NULL ? known : unexpected, run.problems->str);
      g_string_free (run.problems, TRUE);
    }
  g_assert_cmpuint (n_spells + n_recipes + n_summons, ==, 97);
  g_assert_cmpuint (n_artifacts, ==, 36);
  g_assert_cmpuint (n_potions, ==, 14);

  if (unexpected->len > 0)
    {
      g_test_message ("Cards that did not work as they say:\n%s", unexpected->str);
      g_test_fail ();
    }
  if (known->len > 0)
    {
      g_test_message ("Known engine bugs:\n%s", known->str);
      if (unexpected->len == 0)
        {
          g_autofree const char **list
              = (const char **) g_hash_table_get_keys_as_array (reasons, NULL);
          g_autofree char *text = g_strjoinv ("; ", (char **) list);

          g_test_incomplete (text);
        }
    }
}

/* ==== Empower ================================================================ */

/* Casts Scarlet Downpour with @marks, a Red die and @orange Orange dice of
 * Empower; returns the Blood gained. */
static guint
downpour_blood (const char *marks,
                int         orange)
{
  static const char *empower[] = { NULL, "amber:2", "amber:2 amber:5", "amber:2 amber:5 amber:3" };
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *left = NULL;

  set_marks (state, 0, marks);
  set_dice (state, 0, "ruby:4 amber:2 amber:5 amber:3 bone:1");
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
  game = load (state);
  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "ruby:4"),
                            orange > 0 ? dice_mask (game, 0, empower[orange]) : 0));
  left = supply (game, 0);
  /* The Red die paid the cost; one Orange die went for each +2. */
  g_assert_null (strstr (left, "ruby"));
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (game)), ==, 4 - orange);
  return ingredient (game, 0, PEN_INGREDIENT_BLOOD);
}

/* "Primagic", EMPOWER: "Discard an Orange die to add +2 to the strength of the
 * effect of any Spell (you may discard several to add +2 for each). This
 * effect applies only to Spells with enhancement by Discipline Marks."
 * "Example: Scarlet Downpour gives 1 Blood for each Ruby Mark on your board.
 * If you have 1 Ruby Mark, you can activate Scarlet Downpour and discard an
 * Orange die to gain 3 Blood. If in this situation you discard not one Orange
 * die but two, you gain 5 Blood. If you have no Ruby Marks at all (0 Marks),
 * you can still activate Scarlet Downpour and discard, for example, 3 Orange
 * dice to gain 6 Blood." */
static void
test_cards_empower_example (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  g_assert_cmpuint (downpour_blood ("ruby | spark", 0), ==, 1);
  g_assert_cmpuint (downpour_blood ("ruby | spark", 1), ==, 3);
  g_assert_cmpuint (downpour_blood ("ruby | spark", 2), ==, 5);
  g_assert_cmpuint (downpour_blood ("| spark", 3), ==, 6);

  /* Only Spells "for each ... Mark", and one Orange die for each +2. */
  set_marks (state, 0, "ruby | spark");
  set_dice (state, 0, "ruby:4 ruby:5 amber:2");
  give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
  give_card (state, 0, "red-thread", "grimoire", FALSE);
  give_card (state, 0, "cranberry-kissel", "inventory", FALSE);
  game = load (state);
  apply_refused (game, use_card (1, 0, dice_mask (game, 0, "ruby:4"), dice_mask (game, 0, "amber:2")),
                 "Empower strengthens only Spells whose effect counts Marks.");
  apply_refused (game, use_card (2, -1, 0, dice_mask (game, 0, "amber:2")),
                 "Empower strengthens only Spells whose effect counts Marks.");
  apply_refused (game, use_card (0, 0, dice_mask (game, 0, "ruby:4"), dice_mask (game, 0, "ruby:5")),
                 "Empower discards only Orange dice (or Spark dice).");
  apply_refused (game, use_card (0, 0, dice_mask (game, 0, "ruby:4"), dice_mask (game, 0, "ruby:4")),
                 "A die that pays the cost cannot also Empower.");
}

/* "Primagic", EMPOWER: "Discard an Orange die to add +2 to the strength of the
 * effect of any Spell". The player names the die: each Orange die, or a Spark
 * die (which counts as any colour, "Dice types"), is offered and is the one
 * discarded; the same +2 either way. */
static void
test_cards_empower_names_dice (void)
{
  static const char *named[] = { "amber:2", "amber:6", "spark:1" };
  static const char *left[] = { "amber:6 bone:3 spark:1", "amber:2 bone:3 spark:1", "amber:2 amber:6 bone:3" };

  for (guint choice = 0; choice < G_N_ELEMENTS (named); choice++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;
      g_autoptr(GArray) actions = NULL;
      g_autofree char *dice = NULL;
      guint64 offered = 0;

      set_marks (state, 0, "ruby | spark");
      set_dice (state, 0, "ruby:4 amber:2 amber:6 spark:1 bone:3");
      give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
      game = load (state);
      actions = pen_game_list_actions (game);
      for (guint i = 0; i < actions->len; i++)
        if (g_array_index (actions, PenAction, i).type == PEN_ACTION_USE_CARD)
          offered |= g_array_index (actions, PenAction, i).empower;
      g_assert_cmphex (offered, ==, dice_mask (game, 0, "amber:2 amber:6 spark:1"));
      apply_refused (game, use_card (0, 0, dice_mask (game, 0, "ruby:4"), dice_mask (game, 0, "bone:3")),
                     "Empower discards only Orange dice (or Spark dice).");
      apply_ok (game, use_card (0, 0, dice_mask (game, 0, "ruby:4"), dice_mask (game, 0, named[choice])));
      dice = supply (game, 0);
      g_assert_cmpstr (dice, ==, left[choice]);
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_BLOOD), ==, 3);
    }

  /* An action saved before the dice were named holds only their count: the
   * lowest Orange (or Spark) dice, as the game was played then. */
  {
    g_autoptr(JsonNode) state = base_state ();
    g_autoptr(PenGame) game = NULL;
    g_autoptr(JsonNode) node = NULL;
    g_autofree char *text = NULL;
    g_autofree char *dice = NULL;
    PenAction action;

    set_marks (state, 0, "ruby | spark");
    set_dice (state, 0, "ruby:4 amber:2 amber:6 spark:1 bone:3");
    give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
    game = load (state);
    text = g_strdup_printf ("{\"type\": \"use-card\", \"card\": 0, \"cost\": 0, \"dice\": [%d], \"empower\": 1}",
                            find_die (game, 0, "ruby:4"));
    node = json_from_string (text, NULL);
    g_assert_true (pen_game_action_from_json (game, node, &action, NULL));
    apply_ok (game, action);
    dice = supply (game, 0);
    g_assert_cmpstr (dice, ==, "amber:2 amber:6 bone:3");
  }
}

/* ==== Launch and chains ======================================================== */

/* "Launch": "Chant has on the right a Launch effect 'any Spell' ... When you
 * activate Chant, then right after that you may activate any other Spell
 * without paying its cost." "Chains": "You spend 2 Crystals to apply Chant.
 * Chant launches any Spell for free." */
static void
test_cards_launch_chant (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *last = NULL;

  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "jasper:4 ruby:5");
  set_ingredients (state, 0, "crystals=2 fruits=2");
  give_card (state, 0, "chant", "grimoire", FALSE);
  give_card (state, 0, "gilding", "grimoire", FALSE);
  give_card (state, 0, "red-thread", "grimoire", FALSE);
  give_card (state, 0, "triplet", "grimoire", FALSE);
  game = load (state);

  /* Nothing launches Gilding yet. */
  apply_refused (game, use_card (1, -1, 0, 0), "Gilding is not launched now: pay its cost.");
  apply_ok (game, use_card (0, 0, 0, 0));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 0);
  last = last_card (game);
  g_assert_cmpstr (last, ==, "chant");
  /* Chant launches a Spell, not the brewing of a Recipe. */
  apply_refused (game, use_card (3, -1, 0, 0), "Triplet is not launched now: pay its cost.");

  before = supply (game, 0);
  apply_ok (game, use_card (1, -1, 0, 0));
  after = supply (game, 0);
  g_assert_cmpstr (after, ==, before);                       /* the Yellow die is kept */
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
  g_assert_true (log_has (game, "Launched Gilding."));
  g_assert_cmpint (cards_int (game, "chain-length"), ==, 2);

  /* Gilding launches nothing: the next Spell pays its cost. */
  apply_refused (game, use_card (2, -1, 0, 0), "Red Thread is not launched now: pay its cost.");
}

/* "Chains": "Transmutation (\"Convert Ingredients any number of times\") is
 * launched by any Yellow Spell. Since you have just applied the Yellow Spell
 * Alchemy, you can launch Transmutation for free." */
static void
test_cards_launch_transmutation (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "jasper:4 jasper:5");
  set_ingredients (state, 0, "fruits=4 trinkets=1");
  give_card (state, 0, "alchemy", "grimoire", FALSE);
  give_card (state, 0, "transmutation", "grimoire", FALSE);
  game = load (state);

  apply_refused (game, use_card (1, -1, 0, 0), "Transmutation is not launched now: pay its cost.");
  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "jasper:4"), 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  /* "Discard 1 Fruit to gain 1 Jewel any number of times": twice. */
  apply_ok (game, card_token (7, -1, -1, -1));
  apply_ok (game, card_token (7, -1, -1, -1));
  apply_ok (game, simple (PEN_ACTION_FINISH_CARD));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 2);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 2);

  before = supply (game, 0);
  apply_ok (game, use_card (1, -1, 0, 0));
  after = supply (game, 0);
  g_assert_cmpstr (after, ==, before);                      /* "jasper:5": nothing paid */
  g_assert_cmpstr (after, ==, "jasper:5");
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  apply_ok (game, exchange (PEN_INGREDIENT_JEWELS, PEN_INGREDIENT_TRINKETS, 1));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 2);
  apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
  g_assert_cmpint (cards_int (game, "chain-length"), ==, 2);
}

/* "Chains": "The chain must be unbroken, i.e. between cards in the chain you
 * cannot apply any other effect not belonging to this chain." A placement
 * between Chant and the next Spell breaks it; so does another card. */
static void
test_cards_chain_breaks (void)
{
  for (int between = 0; between < 2; between++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;

      set_marks (state, 0, "jasper emerald | spark");
      set_dice (state, 0, "jasper:4 bone:2 emerald:3");
      set_ingredients (state, 0, "crystals=2");
      give_card (state, 0, "chant", "grimoire", FALSE);
      give_card (state, 0, "gilding", "grimoire", FALSE);
      give_card (state, 0, "gift-of-the-grove", "grimoire", FALSE);
      game = load (state);

      apply_ok (game, use_card (0, 0, 0, 0));
      if (between == 0)
        {
          apply_ok (game, place (game, find_die (game, 0, "bone:2"), "forest", 0, 0));
          FORCE (game, 0);
          apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
        }
      else
        /* Gift of the Grove, paid. */
        apply_ok (game, use_card (2, 0, dice_mask (game, 0, "emerald:3"), 0));
      apply_refused (game, use_card (1, -1, 0, 0), "Gilding is not launched now: pay its cost.");
      /* It can still be cast by paying. */
      apply_ok (game, use_card (1, 0, dice_mask (game, 0, "jasper:4"), 0));
    }
}

/* "Launch", IGNORE ONLY THE COST: "you activated Radiant Staff (\"Discard a
 * Trinket to gain 2 Yellow dice\") and with its Launch effect applied Mystery
 * for free. This lets you not discard the Yellow die with value 6 as the cost
 * of Mystery. The effect of Mystery is to discard 1 Jewel to gain 1 Arcana.
 * For the effect to work, you will still have to discard the Jewel." */
static void
test_cards_launch_radiant_staff_mystery (void)
{
  for (int jewels = 0; jewels < 2; jewels++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;
      g_autofree char *spec = g_strdup_printf ("trinkets=1 jewels=%d", jewels);
      g_autofree char *left = NULL;

      set_marks (state, 0, "jasper | spark");
      set_dice (state, 0, "jasper:6");
      set_ingredients (state, 0, spec);
      give_card (state, 0, "radiant-staff", "equipment", FALSE);
      give_card (state, 0, "mystery", "grimoire", FALSE);
      game = load (state);

      apply_ok (game, use_card (0, -1, 0, 0));
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 0);
      /* 2 Yellow dice gained. */
      g_assert_cmpuint (pen_wizard_board_get_n_dice (board (game)), ==, 3);
      if (jewels == 0)
        {
          apply_refused (game, use_card (1, -1, 0, 0), NULL);
          continue;
        }
      apply_ok (game, use_card (1, -1, 0, 0));
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 0);
      g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
      left = supply (game, 0);
      g_assert_nonnull (strstr (left, "jasper:6"));
      g_assert_cmpuint (pen_wizard_board_get_n_dice (board (game)), ==, 3);
    }
}

/* "Chains": "1. You rotate the equipped Ringing Staff ... launch Chant for
 * free. 2. You rotate Chant and launch Alchemy for free. 3. You rotate Alchemy
 * and apply its effect ... 4. Transmutation is launched by any Yellow Spell
 * ... so you launch it for free too." */
static void
test_cards_long_chain (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "amber | spark");
  set_ingredients (state, 0, "trinkets=1 fruits=3");
  give_card (state, 0, "ringing-staff", "equipment", FALSE);
  give_card (state, 0, "chant", "grimoire", FALSE);
  give_card (state, 0, "alchemy", "grimoire", FALSE);
  give_card (state, 0, "transmutation", "grimoire", FALSE);
  game = load (state);

  apply_ok (game, use_card (0, -1, 0, 0));
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (game)), ==, 2);   /* 2 Orange dice */
  apply_ok (game, use_card (1, -1, 0, 0));
  apply_ok (game, use_card (2, -1, 0, 0));
  apply_ok (game, card_token (7, -1, -1, -1));
  apply_ok (game, card_token (7, -1, -1, -1));
  apply_ok (game, simple (PEN_ACTION_FINISH_CARD));
  apply_ok (game, use_card (3, -1, 0, 0));
  apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
  g_assert_cmpint (cards_int (game, "chain-length"), ==, 4);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (game)), ==, 2);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 2);
  g_assert_true (log_has (game, "Launched Transmutation."));
}

/* "Chains": "A chain can be of any length", and it is broken only by "any
 * other effect not belonging to this chain". The rulebook's chain, one card
 * longer: Transmutation's own conversion (an exchange made, then finished)
 * belongs to it, so Echo ("launched by any Spell") is launched for free after
 * it, the fifth card of the chain. */
static void
test_cards_chain_through_convert (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "amber | spark");
  set_ingredients (state, 0, "trinkets=2 fruits=3");
  give_card (state, 0, "ringing-staff", "equipment", FALSE);
  give_card (state, 0, "chant", "grimoire", FALSE);
  give_card (state, 0, "alchemy", "grimoire", FALSE);
  give_card (state, 0, "transmutation", "grimoire", FALSE);
  give_card (state, 0, "echo", "grimoire", FALSE);
  game = load (state);

  apply_ok (game, use_card (0, -1, 0, 0));
  apply_ok (game, use_card (1, -1, 0, 0));
  apply_ok (game, use_card (2, -1, 0, 0));
  apply_ok (game, card_token (7, -1, -1, -1));
  apply_ok (game, simple (PEN_ACTION_FINISH_CARD));
  apply_ok (game, use_card (3, -1, 0, 0));
  apply_ok (game, exchange (PEN_INGREDIENT_TRINKETS, PEN_INGREDIENT_JEWELS, 1));
  apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
  apply_ok (game, use_card (4, -1, 0, 0));
  g_assert_cmpint (cards_int (game, "chain-length"), ==, 5);
  g_assert_true (log_has (game, "Launched Echo."));
}

/* "Chains": a card's own Threat belongs to it. Chant launches Abyss Gaze
 * ("Apply 1 Threat (uncancellable): Gain 1 Arcana") for free; once its Threat
 * is rolled and its Arcana gained, Echo ("launched by any Spell") follows it
 * for free, the third card of the chain. */
static void
test_cards_chain_through_threat (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "amber | spark");
  set_dice (state, 0, "bone:3");
  set_ingredients (state, 0, "crystals=2 arcana=0");
  give_card (state, 0, "chant", "grimoire", FALSE);
  give_card (state, 0, "abyss-gaze", "grimoire", FALSE);
  give_card (state, 0, "echo", "grimoire", FALSE);
  game = load (state);

  apply_ok (game, use_card (0, 0, 0, 0));
  apply_ok (game, use_card (1, -1, 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  FORCE (game, 5);                             /* no die or Mark shows 5 */
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
  apply_ok (game, use_card (2, -1, 0, 0));
  g_assert_cmpint (cards_int (game, "chain-length"), ==, 3);
}

/* ==== Transformation ============================================================ */

/* "Recipes and Potions": "2. To brew a Potion, pay its cost. Move the card
 * from the Grimoire to the Inventory (without rotating it) ... Its effect is
 * not applied yet. 3. To activate a Potion, rotate it and apply its effect ...
 * 4. ... A rotated Potion cannot be activated or brewed again. 5. When some
 * effect unrotates a rotated Potion (most often this will be Rest), move the
 * card, unrotated, back to the Grimoire." Triplet: 1 Crystal and 1 Fruit,
 * "Adjust 3 times". */
static void
test_cards_recipe_cycle (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) later = NULL;
  g_autoptr(PenGame) third = NULL;

  set_marks (state, 0, "amber | spark");
  set_dice (state, 0, "amber:3 bone:5");
  set_ingredients (state, 0, "crystals=2 fruits=2");
  give_card (state, 0, "triplet", "grimoire", FALSE);
  game = load (state);

  apply_ok (game, use_card (0, 0, 0, 0));
  assert_zone (game, "triplet", "inventory", FALSE);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_CRYSTALS), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 1);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_true (log_has (game, "Brewed Triplet."));
  /* A brewed Potion is not paid again: it is activated for free. */
  apply_refused (game, use_card (0, 0, 0, 0), "A card in play is activated without paying a cost.");

  apply_ok (game, use_card (0, -1, 0, 0));
  assert_zone (game, "triplet", "inventory", TRUE);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  apply_ok (game, card_token (PEN_MANIPULATE_INCREASE, find_die (game, 0, "amber:3"), -1, -1));
  apply_ok (game, card_token (PEN_MANIPULATE_INCREASE, find_die (game, 0, "amber:4"), -1, -1));
  apply_ok (game, card_token (PEN_MANIPULATE_DECREASE, find_die (game, 0, "bone:5"), -1, -1));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  {
    g_autofree char *dice = supply (game, 0);

    g_assert_cmpstr (dice, ==, "amber:5 bone:4");
  }
  apply_refused (game, use_card (0, -1, 0, 0),
                 "Triplet is rotated; it can be used again once unrotated.");

  /* Rest: unexhausted, it is a Recipe in the Grimoire again. */
  later = later_turn (game);
  apply_ok (later, simple (PEN_ACTION_REST));
  assert_zone (later, "triplet", "grimoire", FALSE);

  /* ... and is brewed again on a Study turn. */
  third = later_turn (later);
  apply_ok (third, use_card (0, 0, 0, 0));
  assert_zone (third, "triplet", "inventory", FALSE);
  g_assert_cmpuint (ingredient (third, 0, PEN_INGREDIENT_CRYSTALS), ==, 0);
}

/* "Summons and Pets": "2. To summon a Pet, pay its cost. Move the card from
 * the Grimoire to the Inventory (without rotating it) ... 4. When you have
 * activated a Pet, it stays in the Inventory, rotated ... When some effect
 * unrotates a rotated Pet (most often this will be Rest), the Pet stays in the
 * Inventory and can be activated again." Example: "to summon the All-Colour
 * Wolf, you must spend once a Green die showing 6 and 1 Arcana." */
static void
test_cards_summon_stays (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) later = NULL;

  set_marks (state, 0, "emerald | spark");
  set_dice (state, 0, "emerald:5 emerald:6");
  set_ingredients (state, 0, "arcana=1");
  give_card (state, 0, "all-colour-wolf", "grimoire", FALSE);
  game = load (state);

  apply_refused (game, use_card (0, 0, dice_mask (game, 0, "emerald:5"), 0),
                 "The chosen dice do not pay this cost.");
  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "emerald:6"), 0));
  assert_zone (game, "all-colour-wolf", "inventory", FALSE);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 0);
  g_assert_true (log_has (game, "Summoned All-Colour Wolf."));

  apply_ok (game, use_card (0, -1, 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);
  apply_refused (game, simple (PEN_ACTION_FINISH_CARD),
                 "First choose the colour of the die the card gives.");
  apply_ok (game, card_token (6, -1, PEN_DISCIPLINE_SAPPHIRE, -1));
  assert_zone (game, "all-colour-wolf", "inventory", TRUE);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (game)), ==, 2);
  g_assert_cmpint (pen_wizard_board_get_die (board (game), 1)->colour, ==, PEN_DISCIPLINE_SAPPHIRE);

  later = later_turn (game);
  apply_ok (later, simple (PEN_ACTION_REST));
  assert_zone (later, "all-colour-wolf", "inventory", FALSE);
}

/* "Recipes and Potions", READY-MADE POTIONS: "they are single-use ... When you
 * decide to activate a ready-made Potion, discard it and apply its effect."
 * "Wizard Cards": "DISCARD A CARD ... move it to the bottom of the
 * corresponding deck." */
static void
test_cards_ready_made_potion (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autofree char *bottom = NULL;

  set_dice (state, 0, "bone:2 ruby:4");
  give_card (state, 0, "liquid-luck-potion", "inventory", FALSE);
  game = load (state);

  apply_ok (game, use_card (0, -1, 0, 0));
  g_assert_cmpint (held (game, "liquid-luck-potion", NULL, NULL), ==, -1);
  bottom = deck_bottom (game, PEN_DECK_POTIONS);
  g_assert_cmpstr (bottom, ==, "liquid-luck-potion");
  /* "Recolour 2 times". */
  apply_ok (game, card_token (PEN_MANIPULATE_RECOLOUR, find_die (game, 0, "ruby:4"),
                              PEN_DISCIPLINE_AMETHYST, -1));
  apply_ok (game, card_token (PEN_MANIPULATE_RECOLOUR, find_die (game, 0, "amethyst:4"),
                              PEN_DISCIPLINE_JASPER, -1));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  {
    g_autofree char *dice = supply (game, 0);

    g_assert_cmpstr (dice, ==, "bone:2 jasper:4");
  }
}

/* ==== Costs ======================================================================== */

/* "Cost", SEVERAL COST OPTIONS: "to apply Healing (\"Heal all Wounds\") you
 * need to spend either 1 Green die or 2 Fruits." DIE: "a die of that colour
 * (with any value)". */
static void
test_cards_cost_alternatives (void)
{
  for (int option = 0; option < 2; option++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;
      g_autofree char *left = NULL;

      set_marks (state, 0, "ruby/w emerald/w | spark");
      set_dice (state, 0, "emerald:2 bone:2 ruby:2");
      set_ingredients (state, 0, "fruits=2");
      give_card (state, 0, "healing", "grimoire", FALSE);
      game = load (state);

      /* Wrong dice, too many dice, no such option. */
      apply_refused (game, use_card (0, 0, dice_mask (game, 0, "bone:2"), 0),
                     "The chosen dice do not pay this cost.");
      apply_refused (game, use_card (0, 0, dice_mask (game, 0, "ruby:2"), 0),
                     "The chosen dice do not pay this cost.");
      apply_refused (game, use_card (0, 0, dice_mask (game, 0, "emerald:2 bone:2"), 0),
                     "Choose exactly the dice the cost asks for.");
      apply_refused (game, use_card (0, 1, dice_mask (game, 0, "emerald:2"), 0),
                     "Choose exactly the dice the cost asks for.");
      apply_refused (game, use_card (0, 2, 0, 0), "The card has no such cost.");

      FORCE (game, 5, 5);   /* the dice of the healed Marks' Rest effects */
      apply_ok (game, use_card (0, option, option == 0 ? dice_mask (game, 0, "emerald:2") : 0, 0));
      left = supply (game, 0);
      g_assert_cmpuint (count_marks_in (game, PEN_MARK_WOUNDED), ==, 0);
      if (option == 0)
        {
          g_assert_null (strstr (left, "emerald:2"));
          g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 2);
        }
      else
        {
          g_assert_nonnull (strstr (left, "emerald:2"));
          g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 0);
        }
    }
}

/* "Cost", DIE WITH VALUE "6": "Discard a die of that colour with value 6."
 * Mystery: a Yellow 6. A Spark die counts as one colour of the player's choice;
 * a Bone die is no colour. */
static void
test_cards_cost_six (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "jasper:5 bone:6 jasper:6 spark:6");
  set_ingredients (state, 0, "jewels=2");
  give_card (state, 0, "mystery", "grimoire", FALSE);
  game = load (state);

  apply_refused (game, use_card (0, 0, dice_mask (game, 0, "jasper:5"), 0),
                 "The chosen dice do not pay this cost.");
  apply_refused (game, use_card (0, 0, dice_mask (game, 0, "bone:6"), 0),
                 "The chosen dice do not pay this cost.");
  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "jasper:6"), 0));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_JEWELS), ==, 1);
  {
    g_autofree char *left = supply (game, 0);

    g_assert_cmpstr (left, ==, "bone:6 jasper:5 spark:6");
  }
}

/* "Cost", RESTRICTION ON WHEN THE COST CAN BE PAID: "If the cost contains the
 * Study symbol, the cost can be paid only on a Study turn. Example: Alchemy
 * ... If the cost contains the Trial symbol ... only on a Trial turn.
 * Example: Invisibility". "Activation": "Dead Water ... can be activated only
 * during a Trial ... This Potion can, on the contrary, be brewed only on a
 * Study turn." */
static void
test_cards_cost_timing (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) study = NULL;
  g_autoptr(PenGame) trial = NULL;
  g_autoptr(PenGame) later = NULL;

  set_marks (state, 0, "jasper amethyst | spark");
  set_dice (state, 0, "jasper:4 amethyst:4 amethyst:5 bone:6 bone:3");
  set_ingredients (state, 0, "arcana=3 fruits=2 blood=2");
  give_card (state, 0, "alchemy", "grimoire", FALSE);
  give_card (state, 0, "invisibility", "grimoire", FALSE);
  give_card (state, 0, "dead-water", "grimoire", FALSE);
  give_card (state, 0, "crimson-rage", "grimoire", FALSE);   /* 2 Blood, only in a Trial */

  /* On a Trial turn, before the Threat roll. */
  trial = load (state);
  start_trial (trial, 0);
  apply_refused (trial, use_card (0, 0, dice_mask (trial, 0, "jasper:4"), 0),
                 "This can be done only on a Study turn.");
  apply_refused (trial, use_card (2, 0, dice_mask (trial, 0, "amethyst:4"), 0),
                 "This can be done only on a Study turn.");
  apply_ok (trial, use_card (1, 0, 0, 0));                  /* Invisibility: all Threat dice */
  g_assert_cmpuint (threat_dice (trial, NULL, NULL), ==, 0);
  g_assert_cmpuint (ingredient (trial, 0, PEN_INGREDIENT_ARCANA), ==, 2);
  apply_ok (trial, use_card (3, 0, 0, 0));                  /* Crimson Rage */
  g_assert_cmpuint (ingredient (trial, 0, PEN_INGREDIENT_BLOOD), ==, 0);

  /* On a Study turn. */
  study = load (state);
  apply_refused (study, use_card (1, 0, 0, 0), "This is used before a Threat roll.");
  apply_refused (study, use_card (3, 0, 0, 0), "This can be done only during a Trial.");
  apply_ok (study, use_card (2, 0, dice_mask (study, 0, "amethyst:4"), 0)); /* Dead Water brewed */
  assert_zone (study, "dead-water", "inventory", FALSE);
  apply_refused (study, use_card (2, -1, 0, 0), "This can be done only during a Trial.");
  apply_ok (study, use_card (0, 0, dice_mask (study, 0, "jasper:4"), 0));

  /* Dead Water is drunk in a later Trial. */
  later = later_turn (study);
  start_trial (later, 0);
  apply_ok (later, use_card (2, -1, 0, 0));
  g_assert_true (quest_int (later, "dead-water"));
}

/* "Cost": "If no restriction is shown, the cost can be paid on either a Study
 * turn or a Trial turn (but not on a Rest turn)." "Rest effects": "BREW
 * POTIONS from your Grimoire (any number), at the usual cost in Ingredients.
 * (Only during Rest.)" — the effect over the fifth Mark cell. */
static void
test_cards_rest_costs (void)
{
  for (int marks = 4; marks <= 5; marks++)
    {
      g_autoptr(JsonNode) state = base_state ();
      g_autoptr(PenGame) game = NULL;

      set_marks (state, 0,
                 marks == 5 ? "ruby ruby ruby ruby ruby | spark" : "ruby ruby ruby ruby | spark");
      set_dice (state, 0, "ruby:4 emerald:6");
      set_ingredients (state, 0, "fruits=6 arcana=1");
      give_card (state, 0, "scarlet-downpour", "grimoire", FALSE);
      give_card (state, 0, "cranberry-kissel", "grimoire", FALSE);
      give_card (state, 0, "all-colour-wolf", "grimoire", FALSE);
      give_card (state, 0, "birch-sap", "inventory", FALSE);
      game = load (state);
      apply_ok (game, simple (PEN_ACTION_REST));

      apply_refused (game, use_card (0, 0, dice_mask (game, 0, "ruby:4"), 0),
                     "This cannot be done on Rest.");
      apply_refused (game, use_card (2, 0, dice_mask (game, 0, "emerald:6"), 0),
                     "This cannot be done on Rest.");
      apply_refused (game, use_card (3, -1, 0, 0), "This cannot be done on Rest.");
      if (marks == 4)
        apply_refused (game, use_card (1, 0, 0, 0), "This cannot be done on Rest.");
      else
        {
          apply_ok (game, use_card (1, 0, 0, 0));
          assert_zone (game, "cranberry-kissel", "inventory", FALSE);
          g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 4);
        }
    }
}

/* "Rest effects": "BREW POTIONS from your Grimoire (any number), at the usual
 * cost in Ingredients. (Only during Rest.)" Oak Brew costs 3 Fruits or a
 * Yellow die: on Rest only the Fruits pay it; Dead Water (a Purple die and 1
 * Arcana) cannot be brewed on Rest at all. */
static void
test_cards_rest_brew_ingredients_only (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "ruby ruby ruby ruby ruby | spark");
  set_dice (state, 0, "jasper:4 amethyst:3");
  set_ingredients (state, 0, "fruits=3 arcana=1");
  give_card (state, 0, "oak-brew", "grimoire", FALSE);
  give_card (state, 0, "dead-water", "grimoire", FALSE);
  game = load (state);
  apply_ok (game, simple (PEN_ACTION_REST));

  apply_refused (game, use_card (0, 1, dice_mask (game, 0, "jasper:4"), 0),
                 "On Rest a Potion is brewed at its cost in Ingredients only.");
  apply_refused (game, use_card (1, 0, dice_mask (game, 0, "amethyst:3"), 0),
                 "On Rest a Potion is brewed at its cost in Ingredients only.");
  apply_ok (game, use_card (0, 0, 0, 0));
  assert_zone (game, "oak-brew", "inventory", FALSE);
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_FRUITS), ==, 0);
}

/* ==== Gaining cards ================================================================ */

/* "Turn Sequence": "You can use these effects at any moment" — in the middle
 * of the Bazaar's exchange: Cloudberry Cordial's 3 Fruits make the 4 a
 * Trinket costs; the Alchemist's Ring's "Convert Ingredients any number of
 * times" is the exchange already open, which one "finish" closes. */
static void
test_cards_use_during_exchange (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;
  PenAction cordial, ring;

  set_dice (state, 0, "bone:6");
  set_ingredients (state, 0, "fruits=1");
  give_card (state, 0, "cloudberry-cordial", "inventory", FALSE);   /* 0 */
  give_card (state, 0, "alchemists-ring", "equipment", FALSE);      /* 1 */
  start = load (state);
  place_and_use (start, "bone:6", "bazaar");
  g_assert_cmpint (pen_game_get_pending (start), ==, PEN_PENDING_EXCHANGE);
  cordial = use_card (0, -1, 0, 0);
  ring = use_card (1, -1, 0, 0);
  g_assert_true (listed_alike (start, &cordial));
  g_assert_true (listed_alike (start, &ring));

  game = pen_game_copy (start);
  apply_refused (game, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_TRINKETS, 1),
                 "You have too few Fruits for that exchange.");
  g_clear_object (&game);

  game = pen_game_copy (start);
  apply_ok (game, cordial);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  apply_ok (game, exchange (PEN_INGREDIENT_FRUITS, PEN_INGREDIENT_TRINKETS, 1));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 1);
  apply_ok (game, use_card (held (game, "alchemists-ring", NULL, NULL), -1, 0, 0));   /* the Cordial is gone */
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_EXCHANGE);
  assert_zone (game, "alchemists-ring", "equipment", TRUE);
  apply_ok (game, simple (PEN_ACTION_FINISH_EXCHANGE));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
}

/* ==== Engine bugs ============================================================================ */

/* "Summons and Pets": "After the cost is paid, the Summon turns into a Pet,
 * and the card moves to the Inventory." "Activation", CONDITION: "Example:
 * Sniffer (\"When placed in a Class: Gain a Trinket\"). Its effect ... triggers
 * each time the condition \"you place in a Class\" is fulfilled." The Sniffer
 * must first be summoned (1 Green die or 3 Fruits). */
static void
test_cards_condition_summon (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  PenAction summon;

  set_marks (state, 0, "emerald | spark");
  set_dice (state, 0, "emerald:3 bone:2");
  give_card (state, 0, "sniffer", "grimoire", FALSE);
  game = load (state);

  summon = use_card (0, 0, dice_mask (game, 0, "emerald:3"), 0);
  if (!pen_game_apply (game, &summon, &error))
    {
      g_test_incomplete (
          "Summons whose Pet works on a condition (Sniffer, Cricket, Navka, Night Bat, "
          "One-Eyed Likho, Hearth Snake, Gnat Swarm, Silver Hoof, Magpie) cannot be summoned");
      g_test_message ("summoning the Sniffer is refused: %s", error->message);
      return;
    }
  assert_zone (game, "sniffer", "inventory", FALSE);
  apply_ok (game, place (game, find_die (game, 0, "bone:2"), "ruby-class", 2, 0));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_TRINKETS), ==, 1);
}

/* "Dice types", TEMPORARY DICE: "Some effects create temporary dice ... At the
 * end of your turn all your temporary dice are discarded." Hop Brew: "Gain 2
 * temporary dice of any colour." */
static void
test_cards_any_colour_temporary (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  guint temporary = 0;

  set_dice (state, 0, "bone:2");
  give_card (state, 0, "hop-brew", "inventory", FALSE);
  game = load (state);

  apply_ok (game, use_card (0, -1, 0, 0));
  apply_ok (game, card_token (6, -1, PEN_DISCIPLINE_RUBY, -1));
  apply_ok (game, card_token (6, -1, PEN_DISCIPLINE_AMBER, -1));
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board (game)), ==, 3);
  for (guint i = 0; i < 3; i++)
    temporary += pen_wizard_board_get_die (board (game), i)->temporary;
  if (temporary != 2)
    {
      g_autofree char *dice = supply (game, 0);

      g_test_incomplete (
          "a card's dice \"of any colour\" that are temporary arrive as permanent dice");
      g_test_message ("after Hop Brew the supply is %s", dice);
      return;
    }
}

/* "Activation", THREAT: "Activating some cards requires a Threat roll. To
 * activate such a card, apply the indicated Threat by the usual rules." Abyss
 * Gaze ("Apply 1 Threat (uncancellable): Gain 1 Arcana") used while a Trial's
 * Threat of 3 is prepared ("Any other effects (Spells, Potions, Pets,
 * Primagic, Marks) can also be applied at this step") must leave that Threat
 * to be rolled afterwards. */
static void
test_cards_card_threat_during_trial (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) start = NULL;
  g_autoptr(PenGame) game = NULL;

  set_marks (state, 0, "amethyst | spark");
  set_dice (state, 0, "amethyst:4 bone:3 bone:5");
  give_card (state, 0, "abyss-gaze", "grimoire", FALSE);
  start = load (state);
  start_trial (start, 0);
  game = with_threat_dice (start, 3);

  apply_ok (game, use_card (0, 0, dice_mask (game, 0, "amethyst:4"), 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpuint (threat_dice (game, NULL, NULL), ==, 1);
  FORCE (game, 3);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  g_assert_cmpuint (ingredient (game, 0, PEN_INGREDIENT_ARCANA), ==, 1);
  if (pen_game_get_pending (game) != PEN_PENDING_THREAT || threat_dice (game, NULL, NULL) != 3)
    {
      g_test_incomplete (
          "a card's own Threat replaces the Trial's prepared Threat, which is never rolled");
      g_test_message ("after Abyss Gaze's Threat the game waits for %d with %u Threat dice",
                      pen_game_get_pending (game), threat_dice (game, NULL, NULL));
      return;
    }
}

/* "Chains": "The chain must be unbroken, i.e. between cards in the chain you
 * cannot apply any other effect not belonging to this chain." A Mark effect
 * (set a Yellow die) between Chant and Gilding is such an effect. */
static void
test_cards_chain_broken_by_mark (void)
{
  g_autoptr(JsonNode) state = base_state ();
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GError) error = NULL;
  PenAction gilding;

  set_marks (state, 0, "jasper | spark");
  set_dice (state, 0, "jasper:4");
  set_ingredients (state, 0, "crystals=2");
  give_card (state, 0, "chant", "grimoire", FALSE);
  give_card (state, 0, "gilding", "grimoire", FALSE);
  game = load (state);

  apply_ok (game, use_card (0, 0, 0, 0));
  apply_ok (game, use_mark (0, PEN_MARK_EFFECT_SET, -1, find_die (game, 0, "jasper:4"), 6));
  gilding = use_card (1, -1, 0, 0);
  if (pen_game_apply (game, &gilding, &error))
    {
      g_test_incomplete ("a Mark effect between two cards does not break their chain");
      g_test_message ("Gilding was launched by Chant across a Mark's SET");
      return;
    }
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cards/every-card", test_cards_every_card);
  g_test_add_func ("/cards/empower-example", test_cards_empower_example);
  g_test_add_func ("/cards/empower-names-dice", test_cards_empower_names_dice);
  g_test_add_func ("/cards/launch-chant", test_cards_launch_chant);
  g_test_add_func ("/cards/launch-transmutation", test_cards_launch_transmutation);
  g_test_add_func ("/cards/chain-breaks", test_cards_chain_breaks);
  g_test_add_func ("/cards/launch-radiant-staff-mystery", test_cards_launch_radiant_staff_mystery);
  g_test_add_func ("/cards/long-chain", test_cards_long_chain);
  g_test_add_func ("/cards/chain-through-convert", test_cards_chain_through_convert);
  g_test_add_func ("/cards/chain-through-threat", test_cards_chain_through_threat);
  g_test_add_func ("/cards/recipe-cycle", test_cards_recipe_cycle);
  g_test_add_func ("/cards/summon-stays", test_cards_summon_stays);
  g_test_add_func ("/cards/ready-made-potion", test_cards_ready_made_potion);
  g_test_add_func ("/cards/cost-alternatives", test_cards_cost_alternatives);
  g_test_add_func ("/cards/cost-six", test_cards_cost_six);
  g_test_add_func ("/cards/cost-timing", test_cards_cost_timing);
  g_test_add_func ("/cards/rest-costs", test_cards_rest_costs);
  g_test_add_func ("/cards/rest-brew-ingredients-only", test_cards_rest_brew_ingredients_only);
  g_test_add_func ("/cards/use-during-exchange", test_cards_use_during_exchange);
  g_test_add_func ("/cards/condition-summon", test_cards_condition_summon);
  g_test_add_func ("/cards/any-colour-temporary", test_cards_any_colour_temporary);
  g_test_add_func ("/cards/card-threat-during-trial", test_cards_card_threat_during_trial);
  g_test_add_func ("/cards/chain-broken-by-mark", test_cards_chain_broken_by_mark);

  return g_test_run ();
}
