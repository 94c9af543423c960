/* pen-test-quests.c: the Contracts and Trials in a state, as the tests of
 * the Contracts and Trials, the Fate deck in play, Bind and scoring build and
 * read them. Every Contract must be in exactly one place, so
 * complete_and_load() puts the Contracts a test did not place at the bottom
 * of the deck, under the ones it named, in the order of
 * data/cards/contracts.json.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-test-quests"

#include <string.h>

#include "pen-cards.h"
#include "pen-error.h"
#include "pen-game.h"
#include "pen-quest.h"

#include "pen-test-state.h"
#include "pen-test-quests.h"

/* ---- Building states ------------------------------------------------------ */

/* A list of a player: "reserved-contracts", "fulfilled-contracts",
 * "passed-trials" ("light:goldeater darkness:aranea"). */
void
set_player_list (JsonNode   *state,
                 guint       player,
                 const char *member,
                 const char *spec)
{
  json_object_set_array_member (state_player (state, player), member, id_array (spec));
}

/* A game of 2 players past the Talent choice (the Druid and the Guardian;
 * the Classes and their markets are those of seed 1), made plain: no Marks,
 * no dice, no Ingredients, nothing on the table (each Wizard keeps only the
 * starting Discipline card of their Talent), player 1 at the start of a (not
 * first) turn of two placements. The Guild shows Well Blessing, Brightshine,
 * Lost Goat and Scarlet Pact, the deck starts with Lost Hut, Black Mill,
 * Living Water and Bog Whisper; Goldeater and Scrollers are the Trial row;
 * the Fate deck is Wildwood, Aranea, Plains of Agony, Basilisk; only End of
 * Time is in play. */
JsonNode *
new_state (void)
{
  JsonNode *state = plain_state (2);

  set_list (state, "contract-row", "well-blessing brightshine lost-goat scarlet-pact");
  set_list (state, "contract-deck", "lost-hut black-mill living-water bog-whisper");
  set_list (state, "trial-row", "goldeater scrollers");
  set_list (state, "fate-deck", "wildwood aranea plains-of-agony basilisk");
  set_list (state, "in-play", "end-of-time");
  return state;
}

/* A card is in one place only (a save with a card in two is refused): the
 * Fate cards a test put in the Trial row, in play, or among a Wizard's passed
 * or reserved Trials leave the Fate deck. */
static void
complete_fate_deck (JsonNode *state)
{
  JsonObject *root = state_root (state);
  JsonArray *deck = json_object_get_array_member (root, "fate-deck");
  JsonArray *players = json_object_get_array_member (root, "players");
  g_autoptr(GHashTable) placed = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *kept = json_array_new ();

  for (const char *const *list = (const char *const[]){ "trial-row", "in-play", NULL }; *list != NULL; list++)
    for (guint k = 0; k < json_array_get_length (json_object_get_array_member (root, *list)); k++)
      g_hash_table_add (placed, (gpointer) json_array_get_string_element (json_object_get_array_member (root, *list), k));
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonArray *passed = json_object_get_array_member (player, "passed-trials");
      JsonNode *reserved = json_object_get_member (player, "reserved-trial");

      for (guint k = 0; k < json_array_get_length (passed); k++)
        {
          const char *id = strchr (json_array_get_string_element (passed, k), ':');

          if (id != NULL)
            g_hash_table_add (placed, (gpointer) (id + 1));
        }
      if (reserved != NULL && JSON_NODE_HOLDS_VALUE (reserved))
        g_hash_table_add (placed, (gpointer) json_node_get_string (reserved));
    }
  for (guint i = 0; i < json_array_get_length (deck); i++)
    if (!g_hash_table_contains (placed, json_array_get_string_element (deck, i)))
      json_array_add_string_element (kept, json_array_get_string_element (deck, i));
  json_object_set_array_member (root, "fate-deck", kept);
}

/* Loads @state once every Contract it did not place is at the bottom of the
 * Contract deck (see complete_contract_deck()), and no Fate card it placed
 * is still in the Fate deck. */
PenGame *
complete_and_load (JsonNode *state)
{
  complete_contract_deck (state);
  complete_fate_deck (state);
  return load (state);
}

/* ---- Reading a game ---------------------------------------------------------- */

/* A list of the game's state, e.g. "contract-row": "lost-hut - a b". */
char *
game_list (PenGame    *game,
           const char *member)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return join_ids (json_object_get_array_member (json_node_get_object (node), member));
}

/* The first @n ids of the Contract deck. */
char *
contract_deck_top (PenGame *game,
          guint    n)
{
  g_autofree char *deck = game_list (game, "contract-deck");
  g_auto(GStrv) ids = g_strsplit (deck, " ", -1);

  GString *top = g_string_new (NULL);

  g_assert_cmpuint (g_strv_length (ids), >=, n);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (top, "%s%s", i > 0 ? " " : "", ids[i]);
  return g_string_free (top, FALSE);
}

/* The last @n ids of the Contract deck. */
char *
contract_deck_bottom (PenGame *game,
             guint    n)
{
  g_autofree char *deck = game_list (game, "contract-deck");
  g_auto(GStrv) ids = g_strsplit (deck, " ", -1);
  guint len = g_strv_length (ids);

  g_assert_cmpuint (len, >=, n);
  return g_strjoinv (" ", ids + len - n);
}

guint
mortal_wounds (PenGame *game,
               guint    player)
{
  return pen_wizard_board_get_mortal_wounds (pen_game_get_player (game, player));
}

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;

  return (x > y) - (x < y);
}

/* The listed actions of @type by their index (or colour, for a colour
 * choice), ascending: "0 1 2 3 100". */
char *
listed_indices (PenGame       *game,
                PenActionType  type)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (int));
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      if (action->type == type)
        {
          int value = type == PEN_ACTION_CHOOSE_COLOUR ? action->colour
                      : type == PEN_ACTION_RIFT_DISCARD ? action->die
                                                        : action->index;

          g_array_append_val (values, value);
        }
    }
  g_array_sort (values, compare_ints);
  for (guint i = 0; i < values->len; i++)
    g_string_append_printf (text, "%s%d", i > 0 ? " " : "", g_array_index (values, int, i));
  return g_string_free (text, FALSE);
}

/* ---- Actions ---------------------------------------------------------------- */

PenAction
choose_path (int path,
             int task)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_CHOOSE_PATH);
  action.index = path;
  action.value = task;
  return action;
}

PenAction
task_dice (PenGame    *game,
           const char *specs)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_TASK_DICE);
  action.mask = dice_mask (game, pen_game_get_current_player (game), specs);
  return action;
}

PenAction
choose_colour (PenDiscipline colour)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_CHOOSE_COLOUR);
  action.colour = colour;
  return action;
}

/* Places the current player's die @spec in the Guild's @cell and uses the
 * Guild: the game then asks which Contract. */
void
use_guild (PenGame    *game,
           const char *spec,
           int         cell)
{
  apply_ok (game, place (game, find_die (game, pen_game_get_current_player (game), spec),
                         "guild", 0, cell));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_LOCATION);
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CONTRACT);
}

/* A card-token action by its JSON "token" id. */
PenAction
token (PenGame    *game,
       const char *id)
{
  g_autofree char *text = g_strdup_printf ("{\"type\": \"card-token\", \"token\": \"%s\"}", id);
  g_autoptr(JsonNode) node = json_from_string (text, NULL);
  PenAction action;

  g_assert_true (pen_game_action_from_json (game, node, &action, NULL));
  return action;
}
