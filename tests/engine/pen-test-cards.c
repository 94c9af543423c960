/* pen-test-cards.c: the cards in a state, as the tests of the cards'
 * rule areas (cards, effects, Marks, Threat, dice, locations, Contracts and
 * Trials) build and read them: a base state with nothing in any play area,
 * cards put where a test needs them, the cards each Wizard holds with their
 * zone and rotation, and the card actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-test-cards"

#include <string.h>

#include "pen-cards.h"
#include "pen-error.h"
#include "pen-game.h"
#include "pen-quest.h"

#include "pen-test-state.h"
#include "pen-test-cards.h"

/* ---- Building states ------------------------------------------------------ */

const PenCards *
all_cards (void)
{
  g_autoptr(GError) error = NULL;
  const PenCards *cards = pen_cards_get_default (&error);

  g_assert_no_error (error);
  g_assert_nonnull (cards);
  return cards;
}

const PenCard *
card_def (const char *id)
{
  const PenCard *card = pen_cards_find (all_cards (), id);

  if (card == NULL)
    g_error ("no card %s", id);
  return card;
}

int
deck_of (const PenCard *card)
{
  if (card->type == PEN_CARD_POTION)
    return PEN_DECK_POTIONS;
  if (card->type == PEN_CARD_ARTIFACT)
    return PEN_DECK_ARTIFACTS;
  return card->colour;
}

JsonObject *
state_quest (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "quest");
}

/* ---- The cards in a state ----------------------------------------------------- */

/* Puts @id on top of its deck. */
void
put_on_top (JsonNode   *state,
            const char *id)
{
  JsonObject *object;
  JsonArray *ids, *fresh = json_array_new ();

  lift_card (state, id);
  object = state_deck (state, deck_of (card_def (id)));
  ids = json_object_get_array_member (object, "deck");
  json_array_add_string_element (fresh, id);
  for (guint i = 0; i < json_array_get_length (ids); i++)
    json_array_add_string_element (fresh, json_array_get_string_element (ids, i));
  json_object_set_array_member (object, "deck", fresh);
}

/* ---- The base state ----------------------------------------------------------- */

static char *base_text;

/* A game of 2 players past the Talent choice, made plain: no Marks, no dice,
 * no Ingredients, no cards in any play area, nothing on the table, player 1
 * at the start of a (not first) turn of two placements. The Guild shows Well
 * Blessing, Brightshine, Lost Goat and Scarlet Pact; Goldeater (Threat 1) and
 * the Smoky Beast (Threat 3, Trap) are the Trial row. */
JsonNode *
base_state (void)
{
  if (base_text == NULL)
    {
      g_autoptr(JsonNode) state = plain_state (2);
      JsonArray *held = json_object_get_array_member (state_cards (state), "players");

      set_standard_classes (state);
      for (guint p = 0; p < 2; p++)
        {
          JsonArray *list = json_array_get_array_element (held, p);

          while (json_array_get_length (list) > 0)
            {
              g_autofree char *id = g_strdup (
                  json_object_get_string_member (json_array_get_object_element (list, 0), "card"));

              json_array_remove_element (list, 0);
              json_array_add_string_element (
                  json_object_get_array_member (state_deck (state, deck_of (card_def (id))),
                                                "deck"),
                  id);
            }
        }

      /* The markets of the Classes in play are laid out; the others are not. */
      for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
        {
          JsonObject *deck = state_deck (state, d);
          JsonArray *ids = json_object_get_array_member (deck, "deck");
          JsonArray *market = json_object_get_array_member (deck, "market");
          JsonArray *fresh = json_array_new ();
          gboolean in_play = d <= PEN_DISCIPLINE_EMERALD;

          for (guint slot = 0; slot < 2; slot++)
            {
              g_autofree char *id = g_strdup (node_id (json_array_get_element (market, slot)));

              if (!in_play && id != NULL)
                json_array_add_string_element (ids, id);
              if (in_play && id == NULL && json_array_get_length (ids) > 0)
                {
                  id = g_strdup (json_array_get_string_element (ids, 0));
                  json_array_remove_element (ids, 0);
                }
              if (in_play && id != NULL)
                json_array_add_string_element (fresh, id);
              else
                json_array_add_null_element (fresh);
            }
          json_object_set_array_member (deck, "market", fresh);
        }

      set_list (state, "contract-row", "well-blessing brightshine lost-goat scarlet-pact");
      set_list (state, "contract-deck", "lost-hut black-mill living-water bog-whisper");
      set_list (state, "trial-row", "goldeater smoky-beast");
      set_list (state, "fate-deck", "wildwood aranea plains-of-agony basilisk");
      set_list (state, "in-play", "end-of-time");
      complete_contract_deck (state);
      base_text = json_to_string (state, FALSE);
    }
  return json_from_string (base_text, NULL);
}

/* @game with its prepared (not yet rolled) Threat made @n_dice dice. */
PenGame *
with_threat_dice (PenGame *game,
                  guint    n_dice)
{
  g_autoptr(JsonNode) state = editable_state (game);

  json_object_set_int_member (state_threat (state), "dice", n_dice);
  return load (state);
}

/* ---- Reading a game ------------------------------------------------------------ */

PenWizardBoard *
board (PenGame *game)
{
  return pen_game_get_player (game, 0);
}

/* Where player 1 holds @id: its index in the play area (or -1), its zone and
 * whether it is rotated. */
int
held (PenGame     *game,
      const char  *id,
      char       **zone,
      gboolean    *rotated)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *players = json_object_get_array_member (state_cards (node), "players");
  JsonArray *list = json_array_get_array_element (players, 0);

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *entry = json_array_get_object_element (list, i);

      if (g_str_equal (json_object_get_string_member (entry, "card"), id))
        {
          if (zone != NULL)
            *zone = g_strdup (json_object_get_string_member (entry, "zone"));
          if (rotated != NULL)
            *rotated = json_object_get_boolean_member (entry, "rotated");
          return (int) i;
        }
    }
  return -1;
}

guint
n_held (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_array_get_length (json_array_get_array_element (
      json_object_get_array_member (state_cards (node), "players"), 0));
}

/* The ids of a deck (top first) or a market, joined by spaces ("-": empty). */
char *
deck_list (PenGame    *game,
           guint       deck,
           const char *member)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return join_ids (json_object_get_array_member (state_deck (node, deck), member));
}

char *
deck_bottom (PenGame *game,
             guint    deck)
{
  g_autofree char *ids = deck_list (game, deck, "deck");
  const char *last = strrchr (ids, ' ');

  return g_strdup (last != NULL ? last + 1 : ids);
}

guint
threat_dice (PenGame  *game,
             gboolean *rolled,
             guint    *first)
{
  guint values[PEN_MAX_THREAT_DICE];
  gboolean is_rolled;
  guint n = pen_game_get_threat_dice (game, values, &is_rolled);

  if (rolled != NULL)
    *rolled = is_rolled;
  if (first != NULL)
    *first = is_rolled && n > 0 ? values[0] : 0;
  return n;
}

void
assert_zone (PenGame    *game,
             const char *id,
             const char *zone,
             gboolean    rotated)
{
  g_autofree char *where = NULL;
  gboolean is_rotated = !rotated;

  g_assert_cmpint (held (game, id, &where, &is_rotated), >=, 0);
  g_assert_cmpstr (where, ==, zone);
  g_assert_cmpint (is_rotated, ==, rotated);
}

/* Actions are compared by their JSON: a PenAction returned by value need
 * not keep the zeroed padding pen_action_equal() compares. */
static gboolean
same_action (PenGame         *game,
             const PenAction *a,
             const PenAction *b)
{
  g_autofree char *text_a = pen_game_describe_action (game, a);
  g_autofree char *text_b = pen_game_describe_action (game, b);

  return g_str_equal (text_a, text_b);
}

gboolean
listed_alike (PenGame         *game,
           const PenAction *action)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    if (same_action (game, &g_array_index (actions, PenAction, i), action))
      return TRUE;
  return FALSE;
}

/* ---- Actions ------------------------------------------------------------------ */

/* Uses the card at @index of the play area: @value the cost alternative (-1:
 * free), @mask the dice paying it, @empower the Orange dice for Empower. */
PenAction
use_card (int     index,
          int     value,
          guint64 mask,
          guint64 empower)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_USE_CARD);
  action.index = index;
  action.value = value;
  action.mask = mask;
  action.empower = empower;
  return action;
}

PenAction
card_token (int value,
            int die,
            int colour,
            int index)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
  action.value = value;
  action.die = die;
  action.colour = colour;
  action.index = index;
  return action;
}

PenAction
buy (int market,
     int place_index)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_BUY_CARD);
  action.value = market;
  action.index = place_index;
  return action;
}

/* The first listed action of @type, which must exist. */
PenAction
first_listed (PenGame       *game,
              PenActionType  type)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, PenAction, i).type == type)
      return g_array_index (actions, PenAction, i);
  g_error ("no action of type %s is listed", pen_action_type_get_id (type));
  return simple (type);
}

/* Places the die @spec in @location and uses the location (the Shop, the Brewery). */
void
place_and_use (PenGame    *game,
               const char *spec,
               const char *location)
{
  apply_ok (game, place (game, find_die (game, 0, spec), location, 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_LOCATION);
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
}

/* Starts the Trial at @index of the row (0: Goldeater, 1: Smoky Beast). */
void
start_trial (PenGame *game,
             int      index)
{
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, index));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_TRIAL);
}

/* The two answers to a Mortal Wound that waits for the Phylactery, each on its
 * own copy of @game (saved and loaded, so the wait survives a save): the
 * wound taken (@taken) and the Phylactery discarded (@ignored). Nothing else
 * can be done meanwhile. */
void
answer_mortal_wound (PenGame  *game,
                     PenGame **taken,
                     PenGame **ignored)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  g_autofree char *bottom = NULL;

  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_MORTAL_WOUND);
  g_assert_cmpuint (actions->len, ==, 2);
  for (int i = 0; i < 2; i++)
    {
      PenAction want = indexed (PEN_ACTION_MORTAL_WOUND, i);

      g_assert_true (same_action (game, &g_array_index (actions, PenAction, i), &want));
    }
  apply_refused (game, simple (PEN_ACTION_END_TURN),
                 "First take the Mortal Wound, or discard the Phylactery to ignore it.");
  apply_refused (game, indexed (PEN_ACTION_DISCARD_ARTIFACT, held (game, "phylactery", NULL, NULL)),
                 "First take the Mortal Wound, or discard the Phylactery to ignore it.");
  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (board (game)), ==, 0);

  *taken = pen_game_copy (game);
  *ignored = pen_game_copy (game);
  apply_ok (*taken, indexed (PEN_ACTION_MORTAL_WOUND, 0));
  apply_ok (*ignored, indexed (PEN_ACTION_MORTAL_WOUND, 1));

  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (board (*taken)), ==, 1);
  g_assert_cmpint (held (*taken, "phylactery", NULL, NULL), >=, 0);
  g_assert_cmpuint (pen_wizard_board_get_mortal_wounds (board (*ignored)), ==, 0);
  g_assert_cmpint (held (*ignored, "phylactery", NULL, NULL), <, 0);
  bottom = deck_bottom (*ignored, PEN_DECK_ARTIFACTS);
  g_assert_cmpstr (bottom, ==, "phylactery");
  g_assert_true (log_has (*ignored, "The Phylactery is discarded: the Mortal Wound has no effect."));
}
