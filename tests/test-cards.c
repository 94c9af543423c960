/* test-cards.c: the Wizard cards in play, through PenGame's public API.
 *
 * Like test-game.c, each test starts from exactly the state it needs: a game
 * past the Talent choice, saved with pen_game_to_json(), edited with json-glib
 * (Marks, dice, Ingredients, the turn, and the "cards" member: decks, markets
 * and each Wizard's cards with their zone and rotation) and loaded again.
 * Dice, Threat dice and Resource dice are forced with pen_rng_force_next().
 *
 * Rulebook sections: "Wizard Cards" (Cost, Purchase, Transformation,
 * Activation, Launch, Chains), "Artifacts" (Equipment, Tomes), "Summons and
 * Pets", "Spells", "Recipes and Potions", "Primagic" (EMPOWER, PERSUADE,
 * BRIBE), "Mark effects", "Rest effects", "Threat", "Dice types".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "pen-cards.h"
#include "pen-error.h"
#include "pen-game.h"
#include "pen-quest.h"

/* ---- Building states ------------------------------------------------------ */

static const char *class_ids[PEN_N_CLASSES] = {
  "ruby-class", "amber-class", "jasper-class", "emerald-class",
};

static const PenCards *
all_cards (void)
{
  g_autoptr(GError) error = NULL;
  const PenCards *cards = pen_cards_get_default (&error);

  g_assert_no_error (error);
  g_assert_nonnull (cards);
  return cards;
}

static const PenCard *
card_by_id (const char *id)
{
  const PenCard *card = pen_cards_find (all_cards (), id);

  if (card == NULL)
    g_error ("no card %s", id);
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

static PenGame *
new_game (void)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new (1, 2, TRUE, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  for (guint p = 0; p < 2; p++)
    {
      PenAction action;

      pen_action_init (&action, PEN_ACTION_CHOOSE_TALENT);
      action.index = 0;
      g_assert_true (pen_game_apply (game, &action, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  return game;
}

/* The save of @game as a tree that can be edited. */
static JsonNode *
editable_state (PenGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) saved = pen_game_to_json (game);
  g_autofree char *text = json_to_string (saved, FALSE);
  JsonNode *state = json_from_string (text, &error);

  g_assert_no_error (error);
  return state;
}

static JsonObject *
state_root (JsonNode *state)
{
  return json_node_get_object (state);
}

static JsonObject *
state_player (JsonNode *state,
              guint     player)
{
  return json_array_get_object_element (json_object_get_array_member (state_root (state), "players"), player);
}

static JsonObject *
state_turn (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "turn");
}

static JsonObject *
state_threat (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "threat");
}

static JsonObject *
state_cards (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "cards");
}

static JsonObject *
state_quest (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "quest");
}

static void
clear_array (JsonArray *array)
{
  while (json_array_get_length (array) > 0)
    json_array_remove_element (array, json_array_get_length (array) - 1);
}

/* A die as the save writes it, from "ruby:6", "bone:2", "spark:4"; a trailing
 * "t" makes it temporary ("amber:3t"). */
static JsonObject *
die_object (const char *spec)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", 2);
  JsonObject *die = json_object_new ();

  g_assert_nonnull (parts[1]);
  json_object_set_string_member (die, "die", parts[0]);
  json_object_set_int_member (die, "value", g_ascii_strtoll (parts[1], NULL, 10));
  if (g_str_has_suffix (parts[1], "t"))
    json_object_set_boolean_member (die, "temporary", TRUE);
  return die;
}

/* The player's dice supply, e.g. "spark:2 bone:6 amber:6", in that order. */
static void
set_dice (JsonNode   *state,
          guint       player,
          const char *specs)
{
  JsonArray *dice = json_object_get_array_member (state_player (state, player), "dice");
  g_auto(GStrv) tokens = g_strsplit (specs, " ", -1);

  clear_array (dice);
  for (guint i = 0; tokens[i] != NULL; i++)
    if (*tokens[i] != '\0')
      json_array_add_object_element (dice, die_object (tokens[i]));
}

/* The player's Marks: Discipline cells from the left, then "|", then Spark
 * cells, e.g. "ruby jasper/w | spark". "/d" is discharged, "/w" wounded. */
static void
set_marks (JsonNode   *state,
           guint       player,
           const char *spec)
{
  JsonArray *marks = json_object_get_array_member (state_player (state, player), "marks");
  g_auto(GStrv) halves = g_strsplit (spec, "|", 2);
  JsonNode *cells[PEN_N_MARK_CELLS] = { NULL };

  for (guint h = 0; h < 2 && halves[h] != NULL; h++)
    {
      g_auto(GStrv) tokens = g_strsplit (g_strstrip (halves[h]), " ", -1);
      guint cell = h == 0 ? 0 : PEN_N_DISCIPLINE_CELLS;

      for (guint i = 0; tokens[i] != NULL; i++)
        {
          g_auto(GStrv) parts = NULL;
          JsonObject *object;
          const char *state_id = "charged";

          if (*tokens[i] == '\0')
            continue;
          g_assert_cmpuint (cell, <, h == 0 ? PEN_N_DISCIPLINE_CELLS : PEN_N_MARK_CELLS);
          parts = g_strsplit (tokens[i], "/", 2);
          if (parts[1] != NULL)
            state_id = g_str_equal (parts[1], "w") ? "wounded" : "discharged";
          object = json_object_new ();
          json_object_set_string_member (object, "mark", parts[0]);
          json_object_set_string_member (object, "state", state_id);
          cells[cell] = json_node_init_object (json_node_alloc (), object);
          json_object_unref (object);
          cell++;
        }
    }

  clear_array (marks);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      if (cells[c] != NULL)
        json_array_add_element (marks, cells[c]);
      else
        json_array_add_null_element (marks);
    }
}

/* Ingredients, e.g. "fruits=8 trinkets=2"; the others keep their amount. */
static void
set_ingredients (JsonNode   *state,
                 guint       player,
                 const char *spec)
{
  JsonObject *ingredients = json_object_get_object_member (state_player (state, player), "ingredients");
  g_auto(GStrv) tokens = g_strsplit (spec, " ", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (tokens[i], "=", 2);

      g_assert_nonnull (parts[1]);
      json_object_set_int_member (ingredients, parts[0], g_ascii_strtoll (parts[1], NULL, 10));
    }
}

static JsonArray *
id_array (const char *spec)
{
  JsonArray *array = json_array_new ();
  g_auto(GStrv) tokens = g_strsplit (spec, " ", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      if (*tokens[i] == '\0')
        continue;
      if (g_str_equal (tokens[i], "-"))
        json_array_add_null_element (array);
      else
        json_array_add_string_element (array, tokens[i]);
    }
  return array;
}

static void
set_list (JsonNode   *state,
          const char *member,
          const char *spec)
{
  json_object_set_array_member (state_root (state), member, id_array (spec));
}

/* Every Contract is in exactly one place: the deck keeps its named top and
 * takes every Contract placed nowhere else under it. */
static void
complete_contract_deck (JsonNode *state)
{
  g_autoptr(GError) error = NULL;
  const PenQuests *quests = pen_quests_get_default (&error);
  JsonObject *root = state_root (state);
  g_autoptr(GHashTable) placed = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *row = json_object_get_array_member (root, "contract-row");
  JsonArray *old_deck = json_object_get_array_member (root, "contract-deck");
  JsonArray *new_deck = json_array_new ();

  g_assert_no_error (error);
  for (guint i = 0; i < json_array_get_length (row); i++)
    {
      JsonNode *node = json_array_get_element (row, i);

      if (!JSON_NODE_HOLDS_NULL (node))
        g_hash_table_add (placed, (gpointer) json_node_get_string (node));
    }
  for (guint i = 0; i < json_array_get_length (old_deck); i++)
    {
      const char *id = json_array_get_string_element (old_deck, i);

      if (g_hash_table_add (placed, (gpointer) id))
        json_array_add_string_element (new_deck, id);
    }
  for (guint i = 0; i < pen_quests_get_n_contracts (quests); i++)
    {
      const char *id = pen_quests_get_contract (quests, i)->id;

      if (!g_hash_table_contains (placed, id))
        json_array_add_string_element (new_deck, id);
    }
  json_object_set_array_member (root, "contract-deck", new_deck);
}

/* ---- The cards in a state ----------------------------------------------------- */

static JsonObject *
state_deck (JsonNode *state,
            guint     deck)
{
  return json_array_get_object_element (json_object_get_array_member (state_cards (state), "decks"), deck);
}

static const char *
node_id (JsonNode *node)
{
  return JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);
}

/* Takes the card @id out of wherever it is: a deck, a market (whose place is
 * filled from the top of its deck, as after a purchase) or a play area. */
static void
lift_card (JsonNode   *state,
           const char *id)
{
  JsonArray *players = json_object_get_array_member (state_cards (state), "players");

  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      JsonObject *deck = state_deck (state, d);
      JsonArray *ids = json_object_get_array_member (deck, "deck");
      JsonArray *market = json_object_get_array_member (deck, "market");

      for (guint i = 0; i < json_array_get_length (ids); i++)
        if (g_str_equal (json_array_get_string_element (ids, i), id))
          {
            json_array_remove_element (ids, i);
            return;
          }
      for (guint slot = 0; slot < 2; slot++)
        if (g_strcmp0 (node_id (json_array_get_element (market, slot)), id) == 0)
          {
            JsonArray *refilled = json_array_new ();

            for (guint s = 0; s < 2; s++)
              {
                if (s == slot && json_array_get_length (ids) > 0)
                  {
                    json_array_add_string_element (refilled, json_array_get_string_element (ids, 0));
                    json_array_remove_element (ids, 0);
                  }
                else if (s == slot || node_id (json_array_get_element (market, s)) == NULL)
                  json_array_add_null_element (refilled);
                else
                  json_array_add_string_element (refilled, node_id (json_array_get_element (market, s)));
              }
            json_object_set_array_member (deck, "market", refilled);
            return;
          }
    }
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonArray *list = json_array_get_array_element (players, p);

      for (guint i = 0; i < json_array_get_length (list); i++)
        if (g_str_equal (json_object_get_string_member (json_array_get_object_element (list, i), "card"), id))
          {
            json_array_remove_element (list, i);
            return;
          }
    }
  g_error ("card %s is nowhere", id);
}

/* Gives @id to @player's play area, in @zone ("grimoire", "inventory",
 * "equipment", "experience"); it becomes the last card of the area. */
static void
give_card (JsonNode   *state,
           guint       player,
           const char *id,
           const char *zone,
           gboolean    rotated)
{
  JsonArray *players = json_object_get_array_member (state_cards (state), "players");
  JsonObject *entry = json_object_new ();

  lift_card (state, id);
  json_object_set_string_member (entry, "card", id);
  json_object_set_string_member (entry, "zone", zone);
  json_object_set_boolean_member (entry, "rotated", rotated);
  json_array_add_object_element (json_array_get_array_element (players, player), entry);
}

/* Lays @id out in place @slot of the market of @deck; the card that was there
 * goes to the bottom of the deck. */
static void
set_market (JsonNode   *state,
            guint       deck,
            guint       slot,
            const char *id)
{
  JsonObject *object;
  JsonArray *market, *fresh = json_array_new ();
  g_autofree char *old = NULL;

  lift_card (state, id);
  object = state_deck (state, deck);
  market = json_object_get_array_member (object, "market");
  old = g_strdup (node_id (json_array_get_element (market, slot)));
  for (guint s = 0; s < 2; s++)
    {
      if (s == slot)
        json_array_add_string_element (fresh, id);
      else if (node_id (json_array_get_element (market, s)) == NULL)
        json_array_add_null_element (fresh);
      else
        json_array_add_string_element (fresh, node_id (json_array_get_element (market, s)));
    }
  json_object_set_array_member (object, "market", fresh);
  if (old != NULL)
    json_array_add_string_element (json_object_get_array_member (object, "deck"), old);
}

/* Puts @id on top of its deck. */
static void
put_on_top (JsonNode   *state,
            const char *id)
{
  JsonObject *object;
  JsonArray *ids, *fresh = json_array_new ();

  lift_card (state, id);
  object = state_deck (state, deck_of (card_by_id (id)));
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
static JsonNode *
base_state (void)
{
  if (base_text == NULL)
    {
      g_autoptr(PenGame) game = new_game ();
      g_autoptr(JsonNode) state = editable_state (game);
      JsonObject *root = state_root (state);
      JsonArray *locations = json_object_get_array_member (root, "locations");
      JsonObject *turn = state_turn (state);
      JsonObject *threat = state_threat (state);
      JsonArray *held = json_object_get_array_member (state_cards (state), "players");

      for (guint p = 0; p < 2; p++)
        {
          JsonObject *player = state_player (state, p);
          JsonArray *list = json_array_get_array_element (held, p);

          set_marks (state, p, "");
          set_dice (state, p, "");
          set_ingredients (state, p, "blood=0 crystals=0 jewels=0 fruits=0 trinkets=0 arcana=0");
          json_object_set_int_member (player, "turns-taken", 1);
          json_object_set_boolean_member (player, "must-rest", FALSE);
          json_object_set_int_member (player, "mortal-wounds", 0);
          while (json_array_get_length (list) > 0)
            {
              g_autofree char *id = g_strdup (json_object_get_string_member (json_array_get_object_element (list, 0),
                                                                              "card"));

              json_array_remove_element (list, 0);
              json_array_add_string_element (json_object_get_array_member (state_deck (state, deck_of (card_by_id (id))),
                                                                           "deck"), id);
            }
        }

      for (guint l = 0; l < json_array_get_length (locations); l++)
        {
          JsonObject *location = json_array_get_object_element (locations, l);
          JsonArray *sections = json_object_get_array_member (location, "sections");

          if (l < PEN_N_CLASSES)
            json_object_set_string_member (location, "id", class_ids[l]);
          for (guint s = 0; s < json_array_get_length (sections); s++)
            {
              JsonArray *cells = json_array_get_array_element (sections, s);

              for (guint c = 0; c < json_array_get_length (cells); c++)
                clear_array (json_array_get_array_element (cells, c));
            }
        }

      json_object_set_int_member (turn, "player", 0);
      json_object_set_string_member (turn, "type", "undeclared");
      json_object_set_int_member (turn, "placements-left", 2);
      json_object_set_boolean_member (turn, "hurried", FALSE);
      json_object_set_boolean_member (turn, "mortal-wound", FALSE);
      json_object_set_boolean_member (turn, "rest-exchange", FALSE);
      json_object_set_string_member (turn, "pending", "none");
      json_object_set_int_member (turn, "placed-location", -1);
      json_object_set_int_member (turn, "placed-section", -1);
      json_object_set_boolean_member (turn, "placed-defend", FALSE);
      json_object_set_boolean_member (turn, "bind-open", FALSE);

      json_object_set_int_member (threat, "dice", 0);
      json_object_set_boolean_member (threat, "uncancellable", FALSE);
      json_object_set_array_member (threat, "rolled", json_array_new ());
      json_object_set_boolean_member (threat, "is-rolled", FALSE);
      json_object_set_boolean_member (threat, "mortal", FALSE);

      json_object_set_int_member (root, "final-turns-left", -1);
      json_object_set_boolean_member (root, "end-triggered-this-turn", FALSE);
      json_object_set_boolean_member (root, "over", FALSE);

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

static PenGame *
load (JsonNode *state)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new_from_json (state, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

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
  json_object_set_string_member (turn, "pending", "none");
  json_object_set_int_member (turn, "placed-location", -1);
  json_object_set_int_member (turn, "placed-section", -1);
  json_object_set_boolean_member (turn, "rest-exchange", FALSE);
  json_object_set_boolean_member (turn, "bind-open", FALSE);
  json_object_set_null_member (state_cards (state), "last-card");
  json_object_set_int_member (state_cards (state), "chain-length", 0);
  json_object_set_array_member (state_cards (state), "flags", json_array_new ());
  return load (state);
}

/* @game with its prepared (not yet rolled) Threat made @n_dice dice. */
static PenGame *
with_threat_dice (PenGame *game,
                  guint    n_dice)
{
  g_autoptr(JsonNode) state = editable_state (game);

  json_object_set_int_member (state_threat (state), "dice", n_dice);
  return load (state);
}

static void
force (PenGame     *game,
       const guint *values,
       gsize        n_values)
{
  pen_rng_force_next (pen_game_get_rng (game), values, n_values);
}

#define FORCE(game, ...) \
  force (game, (const guint[]) { __VA_ARGS__ }, \
         sizeof ((const guint[]) { __VA_ARGS__ }) / sizeof (guint))

/* ---- Reading a game ------------------------------------------------------------ */

static char *
game_text (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_to_string (node, FALSE);
}

static PenWizardBoard *
board (PenGame *game)
{
  return pen_game_get_player (game, 0);
}

static guint
ingredient (PenGame       *game,
            PenIngredient  which)
{
  return pen_wizard_board_get_ingredient (board (game), which);
}

static char *
die_spec (const PenDie *die)
{
  const char *kind = die->kind == PEN_DIE_KIND_BONE    ? "bone"
                     : die->kind == PEN_DIE_KIND_SPARK ? "spark"
                                                       : pen_discipline_get_id (die->colour);

  return g_strdup_printf ("%s:%u%s", kind, die->value, die->temporary ? "t" : "");
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* Player 1's dice supply as sorted specs, e.g. "amber:6 bone:6 ruby:3". */
static char *
supply (PenGame *game)
{
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < pen_wizard_board_get_n_dice (board (game)); i++)
    g_ptr_array_add (specs, die_spec (pen_wizard_board_get_die (board (game), i)));
  g_ptr_array_sort (specs, compare_strings);
  g_ptr_array_add (specs, NULL);
  return g_strjoinv (" ", (char **) specs->pdata);
}

/* The index of the first die of player 1 matching @spec not in @used, or -1. */
static int
find_die_except (PenGame    *game,
                 const char *spec,
                 guint64     used)
{
  for (guint i = 0; i < pen_wizard_board_get_n_dice (board (game)); i++)
    {
      g_autofree char *text = die_spec (pen_wizard_board_get_die (board (game), i));

      if (g_str_equal (text, spec) && !(used & (G_GUINT64_CONSTANT (1) << i)))
        return (int) i;
    }
  return -1;
}

static int
find_die (PenGame    *game,
          const char *spec)
{
  int die = find_die_except (game, spec, 0);

  if (die < 0)
    g_error ("no die %s in the supply", spec);
  return die;
}

static guint64
dice_mask (PenGame    *game,
           const char *specs)
{
  g_auto(GStrv) tokens = g_strsplit (specs, " ", -1);
  guint64 mask = 0;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      int die = find_die_except (game, tokens[i], mask);

      if (die < 0)
        g_error ("no die %s in the supply", tokens[i]);
      mask |= G_GUINT64_CONSTANT (1) << die;
    }
  return mask;
}

static gboolean
log_has (PenGame    *game,
         const char *line)
{
  GPtrArray *log = pen_game_get_log (game);

  for (guint i = 0; i < log->len; i++)
    if (g_str_equal (g_ptr_array_index (log, i), line))
      return TRUE;
  return FALSE;
}

/* Where player 1 holds @id: its index in the play area (or -1), its zone and
 * whether it is rotated. */
static int
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

static guint
n_held (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_array_get_length (json_array_get_array_element (json_object_get_array_member (state_cards (node),
                                                                                              "players"), 0));
}

/* The rotated cards of player 1 other than @except. */
static guint
n_rotated_except (PenGame    *game,
                  const char *except)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *list = json_array_get_array_element (json_object_get_array_member (state_cards (node), "players"), 0);
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *entry = json_array_get_object_element (list, i);

      n += json_object_get_boolean_member (entry, "rotated")
           && !g_str_equal (json_object_get_string_member (entry, "card"), except);
    }
  return n;
}

/* The ids of a deck (top first) or a market, joined by spaces ("-": empty). */
static char *
deck_list (PenGame    *game,
           guint       deck,
           const char *member)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonArray *ids = json_object_get_array_member (state_deck (node, deck), member);
  g_autoptr(GPtrArray) items = g_ptr_array_new ();

  for (guint i = 0; i < json_array_get_length (ids); i++)
    {
      const char *id = node_id (json_array_get_element (ids, i));

      g_ptr_array_add (items, (gpointer) (id != NULL ? id : "-"));
    }
  g_ptr_array_add (items, NULL);
  return g_strjoinv (" ", (char **) items->pdata);
}

static char *
deck_bottom (PenGame *game,
             guint    deck)
{
  g_autofree char *ids = deck_list (game, deck, "deck");
  const char *last = strrchr (ids, ' ');

  return g_strdup (last != NULL ? last + 1 : ids);
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

  return g_strdup (json_object_get_string_member_with_default (state_root (node), "threat-source", ""));
}

static guint
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

/* ---- Actions ------------------------------------------------------------------ */

static PenAction
simple (PenActionType type)
{
  PenAction action;

  pen_action_init (&action, type);
  return action;
}

static PenAction
indexed (PenActionType type,
         int           index)
{
  PenAction action;

  pen_action_init (&action, type);
  action.index = index;
  return action;
}

/* Uses the card at @index of the play area: @value the cost alternative (-1:
 * free), @mask the dice paying it, @orange the Orange dice for Empower. */
static PenAction
use_card (int     index,
          int     value,
          guint64 mask,
          int     orange)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_USE_CARD);
  action.index = index;
  action.value = value;
  action.mask = mask;
  action.to = orange > 0 ? orange : -1;
  return action;
}

static PenAction
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

static PenAction
place (PenGame    *game,
       int         die,
       const char *location,
       int         section,
       int         cell)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_PLACE);
  action.die = die;
  action.location = pen_game_find_location (game, location);
  g_assert_cmpint (action.location, >=, 0);
  action.section = section;
  action.cell = cell;
  return action;
}

static PenAction
use_mark (int           cell,
          PenMarkEffect effect,
          int           to,
          int           die,
          int           face)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_USE_MARK);
  action.index = cell;
  action.value = effect;
  action.to = to;
  action.die = die;
  action.colour = face;
  return action;
}

static PenAction
buy (int market,
     int place_index)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_BUY_CARD);
  action.value = market;
  action.index = place_index;
  return action;
}

static PenAction
exchange (PenIngredient give,
          PenIngredient take,
          int           lots)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_EXCHANGE);
  action.colour = give;
  action.to = take;
  action.value = lots;
  return action;
}

static void
apply_ok (PenGame   *game,
          PenAction  action)
{
  g_autoptr(GError) error = NULL;
  gboolean applied = pen_game_apply (game, &action, &error);

  g_assert_no_error (error);
  g_assert_true (applied);
}

/* The action is refused with @message (any message if NULL), and nothing changes. */
static void
apply_refused (PenGame    *game,
               PenAction   action,
               const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = game_text (game);
  g_autofree char *after = NULL;

  g_assert_false (pen_game_apply (game, &action, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
  after = game_text (game);
  g_assert_cmpstr (after, ==, before);
}

/* The first listed action of @type, which must exist. */
static PenAction
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

/* Places a Bone 6 in @location and uses the location (the Shop, the Brewery). */
static void
place_and_use (PenGame    *game,
               const char *spec,
               const char *location)
{
  apply_ok (game, place (game, find_die (game, spec), location, 0, 0));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_LOCATION);
  apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
}

/* Starts the Trial at @index of the row (0: Goldeater, 1: Smoky Beast). */
static void
start_trial (PenGame *game,
             int      index)
{
  apply_ok (game, indexed (PEN_ACTION_START_TRIAL, index));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_THREAT);
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_TRIAL);
}

/* ==== 1. Every card ============================================================ */

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
#define START_INGREDIENTS 6
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
} Situation;

static const char *situation_names[] = { "Study", "Trial", "Trial with a Property", "Threat step 2", "Rest" };

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
         ...) G_GNUC_PRINTF (2, 3);

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
    out->ingredients[i] = ingredient (game, i);
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
              ok = pass == 0 ? die->kind == PEN_DIE_KIND_COLOURED && die->colour == component->colour
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
  guint    give[PEN_N_INGREDIENTS];
  guint    take[PEN_N_INGREDIENTS];
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
  out->pending = pen_game_get_pending (game);
}

/* One use of a manipulation the card gives, on the Four of the card's colour
 * (or the first coloured die), checked on the die. */
static void
use_manipulation (Run     *run,
                  PenGame *game,
                  guint    kind)
{
  g_autofree char *spec = g_strdup_printf ("%s:4", pen_discipline_get_id (run->card->colour));
  int die = find_die_except (game, spec, 0);
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
      action = card_token (before.value < 6 ? PEN_MANIPULATE_INCREASE : PEN_MANIPULATE_DECREASE, die, -1, -1);
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
              if (!try_apply (run, game, card_token (6, -1, run->card->colour, -1), "the colour of a die"))
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
          if (waiting.exchange_open && !exchanged)
            {
              gboolean affordable = TRUE;

              exchanged = TRUE;
              for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
                affordable &= ingredient (game, k) >= waiting.give[k];
              if (affordable && try_apply (run, game, card_token (7, -1, -1, -1), "the card's exchange"))
                for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
                  run->ingredients[k] += (int) waiting.take[k] - (int) waiting.give[k];
              continue;
            }
          if (waiting.threat_adjust > 0 && !adjusted)
            {
              guint first = first_threat_value (game), now;

              adjusted = TRUE;
              if (try_apply (run, game, card_token (first < 6 ? 8 : 9, -1, -1, 0), "adjusting a Threat die"))
                {
                  now = first_threat_value (game);
                  if (now != (first < 6 ? first + 1 : first - 1))
                    problem (run, "the Threat die shows %u after adjusting a %u", now, first);
                }
              continue;
            }
          if (!try_apply (run, game, simple (PEN_ACTION_FINISH_CARD), "leaving the rest of the effect"))
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
          if (!try_apply (run, game, indexed (PEN_ACTION_KEEP_EQUIPMENT, 1), "keeping the new Artifact"))
            return;
          continue;
        }
      if (pending == PEN_PENDING_EXCHANGE)
        {
          if (!run->converted)
            {
              run->converted = TRUE;
              if (try_apply (run, game, exchange (PEN_INGREDIENT_TRINKETS, PEN_INGREDIENT_JEWELS, 1),
                             "converting a Trinket"))
                {
                  run->ingredients[PEN_INGREDIENT_TRINKETS] -= 1;
                  run->ingredients[PEN_INGREDIENT_JEWELS] += 2;
                }
              continue;
            }
          if (!try_apply (run, game, simple (PEN_ACTION_FINISH_EXCHANGE), "finishing the conversion"))
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
              if (!try_apply (run, game, simple (PEN_ACTION_ROLL_THREAT), "rolling the card's Threat"))
                return;
              run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;   /* the Bone 3 */
              continue;
            }
          if (!try_apply (run, game, first_listed (game, PEN_ACTION_THREAT_TARGET), "a Threat target"))
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
    case SIT_AFTER_ROLL:
      start_trial (game, 0);
      FORCE (game, THREAT_FACE);
      apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
      if (pen_game_get_pending (game) != PEN_PENDING_THREAT || threat_dice (game, &rolled, &first) != 1 || !rolled)
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
  return e->per_mark ? e->amount * pen_wizard_board_count_marks (board (game), e->per_mark_discipline) : e->amount;
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
            guint kind = e->manipulation == PEN_MANIPULATE_DECREASE ? PEN_MANIPULATE_INCREASE : e->manipulation;

            if (check_waiting && waiting->tokens[kind] != n)
              problem (run, "it gives %u manipulations of kind %u, not %u", waiting->tokens[kind], kind, n);
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
          run->skip_dice[die_key (PEN_DIE_KIND_COLOURED, run->other, FALSE)] = TRUE;   /* the Rest effect */
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
          if (g_str_equal (e->special, "dead-water")
              && (!quest_int (game, "dead-water") || !has_flag (game, "dead-water-wound")))
            problem (run, "Dead Water did not replace the task or promise the Mortal Wound");
          if (g_str_equal (e->special, "whispering-ring") && !quest_int (game, "ring"))
            problem (run, "the Whispering Ring does not help this Trial");
          if (g_str_equal (e->special, "ignore-dice-in-threat") && !has_flag (game, "ignore-dice-in-threat"))
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
      problem (run, "%s dice: %d, expected %d", key_name (key), after.dice[key], before->dice[key] + run->dice[key]);
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
  if (after.held != before->held + run->joined + expect_cards - (card->requirement == PEN_REQUIRE_DISCARD ? 1 : 0))
    problem (run, "%u cards in the play area, expected %u", after.held,
             before->held + run->joined + expect_cards - (card->requirement == PEN_REQUIRE_DISCARD ? 1 : 0));
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
      try_apply (run, game, place (game, find_die (game, "bone:6"), "ruby-class", 2, 0), "placing in a Class");
      run->placements--;
      run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;
      break;
    case PEN_CONDITION_PLACED_IN_CITY:
      try_apply (run, game, place (game, find_die (game, "bone:6"), "brewery", 0, 0), "placing in the City");
      run->placements--;
      run->dice[die_key (PEN_DIE_KIND_BONE, 0, FALSE)]--;
      break;
    case PEN_CONDITION_PLACED_IN_WILDS:
      try_apply (run, game, place (game, find_die (game, "bone:6"), "forest", 0, 0), "placing in the Wilds");
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
      try_apply (run, game, place (game, find_die (game, "bone:6"), "guild", 0, 0), "placing in the Guild");
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
        task.mask = dice_mask (game, "emerald:6 emerald:4");
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
      if (!try_apply (run, start, use_card (index, 0, mask, 0), card->type == PEN_CARD_RECIPE ? "brewing" : "summoning"))
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
        problem (run, "after its cost it is in the %s, %s", where, rotated ? "rotated" : "unrotated");
      if (pen_game_get_pending (start) != PEN_PENDING_NONE)
        problem (run, "transforming it left something waiting");
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if ((int) ingredient (start, k) != (int) before.ingredients[k] + run->ingredients[k])
          problem (run, "transforming it: %s %u, expected %d", pen_ingredient_get_name (k), ingredient (start, k),
                   (int) before.ingredients[k] + run->ingredients[k]);
      for (guint key = 0; key < N_KEYS; key++)
        if (before.dice[key] + run->dice[key] != after_transform.dice[key])
          problem (run, "transforming it: %d %s dice, expected %d", after_transform.dice[key], key_name (key),
                   before.dice[key] + run->dice[key]);
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
  if (!try_apply (run, game, use_card (index, card->type == PEN_CARD_SPELL ? 0 : -1, mask, 0), "using it"))
    {
      g_autofree char *text = NULL;

      text = g_strdup_printf ("(in a %s)", situation_names[activation_situation (card, !transforms)]);
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
      g_autofree char *marks = g_strdup_printf ("%s | spark", pen_discipline_get_id (boost->boost_discipline));
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
      before = ingredient (game, gained);
      if (!try_apply (run, game, use_card (index, 0, mask, 0), spell->name))
        return;
      want = before + run->ingredients[gained] + spell->effects[0].amount * (1 + (rotated ? 0 : boost->amount));
      if (ingredient (game, gained) != want)
        problem (run, "%s with 1 Mark and this card %s gave %u %s, expected %u", spell->name,
                 rotated ? "rotated" : "unrotated", ingredient (game, gained) - before,
                 pen_ingredient_get_name (gained), want - before);
    }
}

/* The Phylactery: "Ignore the effects of a Mortal Wound and discard its card":
 * a Threat die on a wounded Mark, with no die to take it. */
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
  if (!try_apply (run, game, simple (PEN_ACTION_ROLL_THREAT), "the Threat roll"))
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
    return "a Summon whose Pet works on a condition cannot be summoned (test_cards_condition_summon)";
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_GAIN_DIE && card->effects[e].any_colour && card->effects[e].temporary)
      return "temporary dice of any colour arrive as permanent dice (test_cards_any_colour_temporary)";
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

  g_assert_cmpuint (pen_cards_get_n_cards (cards), ==, 146);
  for (guint i = 0; i < pen_cards_get_n_cards (cards); i++)
    {
      const PenCard *card = pen_cards_get_card (cards, i);
      Run run = { .card = card, .problems = g_string_new (NULL), .other = other_colour (card) };

      if (card->type == PEN_CARD_ARTIFACT && card->equipment == PEN_EQUIPMENT_NONE)
        play_tome (&run);
      else if (card->requirement == PEN_REQUIRE_CONSTANT)
        play_constant (&run);
      else if (card->n_effects == 1 && card->effects[0].op == PEN_EFFECT_SPECIAL
               && g_str_equal (card->effects[0].special, "phylactery"))
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
  g_assert_cmpuint (n_spells + n_recipes + n_summons, ==, 96);
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
          g_autofree const char **list = (const char **) g_hash_table_get_keys_as_array (reasons, NULL);
          g_autofree char *text = g_strjoinv ("; ", (char **) list);

          g_test_incomplete (text);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cards/every-card", test_cards_every_card);

  return g_test_run ();
}
