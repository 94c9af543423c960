/* pen-test-state.c: building exact game states and playing actions on them,
 * for the engine tests of the rule areas and the window tests that start from
 * such a state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-test-state"

#include <string.h>

#include "pen-error.h"
#include "pen-game.h"
#include "pen-quest.h"

#include "pen-test-state.h"

/* ---- Building states ----------------------------------------------------- */

/* A game of @n_players (seed 1, the first-game deck) past the Talent choice:
 * each player took the first Talent dealt. */
PenGame *
new_game (guint n_players)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new (1, n_players, TRUE, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  for (guint p = 0; p < n_players; p++)
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

/* A solo game against the Jasper Automa (seed 4242, the window tests'),
 * past the Wizard's Talent choice (the first Talent dealt). */
PenGame *
new_solo_game (void)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new_solo (4242, "jasper", 1, FALSE, &error);
  PenAction talent;

  g_assert_no_error (error);
  pen_action_init (&talent, PEN_ACTION_CHOOSE_TALENT);
  talent.index = 0;
  g_assert_true (pen_game_apply (game, &talent, &error));
  g_assert_no_error (error);
  return game;
}

/* The save of @game as a tree that can be edited (the engine builds immutable
 * nodes, so the text is parsed again). */
JsonNode *
editable_state (PenGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) saved = pen_game_to_json (game);
  g_autofree char *text = json_to_string (saved, FALSE);
  JsonNode *state = json_from_string (text, &error);

  g_assert_no_error (error);
  return state;
}

/* The state of a game of @n_players past the Talent choice, made plain: no
 * Marks, no dice, no Ingredients, nothing on the table, no Threat, and player 1
 * at the start of a (not first) turn of two placements. The Classes, the cards
 * and the Contracts are those seed 1 dealt. */
JsonNode *
plain_state (guint n_players)
{
  g_autoptr(PenGame) game = new_game (n_players);
  JsonNode *state = editable_state (game);
  JsonObject *root = state_root (state);
  JsonArray *locations = json_object_get_array_member (root, "locations");
  JsonObject *turn = state_turn (state);
  JsonObject *threat = state_threat (state);

  for (guint p = 0; p < n_players; p++)
    {
      JsonObject *player = state_player (state, p);

      set_marks (state, p, "");
      set_dice (state, p, "");
      set_ingredients (state, p, "blood=0 crystals=0 jewels=0 fruits=0 trinkets=0 arcana=0");
      json_object_set_int_member (player, "turns-taken", 1);
      json_object_set_boolean_member (player, "must-rest", FALSE);
      json_object_set_int_member (player, "mortal-wounds", 0);
    }

  for (guint l = 0; l < json_array_get_length (locations); l++)
    {
      JsonObject *location = json_array_get_object_element (locations, l);
      JsonArray *sections = json_object_get_array_member (location, "sections");

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
  set_pending (state, "none");
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
  return state;
}

/* The Classes on the table become the Ruby, Amber, Jasper and Emerald
 * Classes, in that order, whichever seed dealt them. */
void
set_standard_classes (JsonNode *state)
{
  static const char *class_ids[PEN_N_CLASSES] = {
    "ruby-class", "amber-class", "jasper-class", "emerald-class",
  };
  JsonArray *locations = json_object_get_array_member (state_root (state), "locations");

  g_assert_cmpuint (json_array_get_length (locations), >, PEN_N_CLASSES);
  for (guint l = 0; l < PEN_N_CLASSES; l++)
    json_object_set_string_member (json_array_get_object_element (locations, l), "id",
                                   class_ids[l]);
}

PenGame *
load (JsonNode *state)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new_from_json (state, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

JsonObject *
state_root (JsonNode *state)
{
  return json_node_get_object (state);
}

JsonObject *
state_player (JsonNode *state,
              guint     player)
{
  JsonArray *players = json_object_get_array_member (state_root (state), "players");

  return json_array_get_object_element (players, player);
}

JsonObject *
state_turn (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "turn");
}

JsonObject *
state_threat (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "threat");
}

JsonObject *
state_cards (JsonNode *state)
{
  return json_object_get_object_member (state_root (state), "cards");
}

/* The Wizard card deck @deck of the save (a Discipline, the Potions or the
 * Artifacts): its "deck" (top first) and its "market". */
JsonObject *
state_deck (JsonNode *state,
            guint     deck)
{
  JsonArray *decks = json_object_get_array_member (state_cards (state), "decks");

  return json_array_get_object_element (decks, deck);
}

/* The id a node of a list of ids holds, NULL for an empty place. */
const char *
node_id (JsonNode *node)
{
  return JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);
}

void
clear_array (JsonArray *array)
{
  while (json_array_get_length (array) > 0)
    json_array_remove_element (array, json_array_get_length (array) - 1);
}

/* A die as the save writes it, from "ruby:6", "bone:2", "spark:4"; a trailing
 * "t" makes it temporary ("amber:3t"). */
JsonObject *
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

/* Adds the dice @specs ("ruby:3 bone:6") to @array, in that order. */
void
add_dice (JsonArray  *array,
          const char *specs)
{
  g_auto(GStrv) tokens = g_strsplit (specs, " ", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    if (*tokens[i] != '\0')
      json_array_add_object_element (array, die_object (tokens[i]));
}

/* The player's dice supply, e.g. "spark:2 bone:6 amber:6", in that order. */
void
set_dice (JsonNode   *state,
          guint       player,
          const char *specs)
{
  JsonArray *dice = json_object_get_array_member (state_player (state, player), "dice");

  clear_array (dice);
  add_dice (dice, specs);
}

/* The player's Marks: Discipline cells from the left, then "|", then Spark
 * cells, e.g. "ruby jasper/w | spark". "/d" is discharged, "/w" wounded,
 * "-" an empty cell. */
void
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
          JsonObject *mark;
          const char *state_id = "charged";

          if (*tokens[i] == '\0')
            continue;
          g_assert_cmpuint (cell, <, h == 0 ? PEN_N_DISCIPLINE_CELLS : PEN_N_MARK_CELLS);
          if (g_str_equal (tokens[i], "-"))
            {
              cell++;
              continue;
            }
          parts = g_strsplit (tokens[i], "/", 2);
          if (parts[1] != NULL)
            state_id = g_str_equal (parts[1], "w") ? "wounded" : "discharged";
          mark = json_object_new ();
          json_object_set_string_member (mark, "mark", parts[0]);
          json_object_set_string_member (mark, "state", state_id);
          cells[cell] = json_node_init_object (json_node_alloc (), mark);
          json_object_unref (mark);
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
void
set_ingredients (JsonNode   *state,
                 guint       player,
                 const char *spec)
{
  JsonObject *ingredients = json_object_get_object_member (state_player (state, player),
                                                           "ingredients");
  g_auto(GStrv) tokens = g_strsplit (spec, " ", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (tokens[i], "=", 2);

      g_assert_nonnull (parts[1]);
      json_object_set_int_member (ingredients, parts[0], g_ascii_strtoll (parts[1], NULL, 10));
    }
}

/* A list of card ids from "a b c"; "-" is a null (an empty place). */
/* A location of the table, by id. */
JsonObject *
state_location (JsonNode   *state,
                const char *id)
{
  JsonArray *locations = json_object_get_array_member (json_node_get_object (state), "locations");

  for (guint l = 0; l < json_array_get_length (locations); l++)
    {
      JsonObject *location = json_array_get_object_element (locations, l);

      if (g_str_equal (json_object_get_string_member (location, "id"), id))
        return location;
    }
  g_assert_not_reached ();
  return NULL;
}

/* Puts dice on the table: in a cell of a section, or beside its cells (-1). */
void
put_table_dice (JsonNode   *state,
                const char *location,
                guint       section,
                int         cell,
                const char *specs)
{
  JsonArray *sections = json_object_get_array_member (state_location (state, location), "sections");
  JsonArray *cells = json_array_get_array_element (sections, section);
  guint slot = cell < 0 ? json_array_get_length (cells) - 1 : (guint) cell;

  add_dice (json_array_get_array_element (cells, slot), specs);
}

JsonArray *
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

/* What the game waits for, "pending" (docs/save-format.md): the choices,
 * bottom first, each "KIND" (the turn's own) or "KIND:RESUME" (one that
 * returns to the choice under it): "none", "location card:card". */
void
set_pending (JsonNode   *state,
             const char *spec)
{
  g_auto(GStrv) frames = g_strsplit (spec, " ", -1);
  JsonArray *array = json_array_new ();

  for (guint i = 0; frames[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (frames[i], ":", 2);
      JsonObject *frame = json_object_new ();

      json_object_set_string_member (frame, "kind", parts[0]);
      json_object_set_string_member (frame, "resume", parts[1] != NULL ? parts[1] : "none");
      json_object_set_int_member (frame, "arg", 0);
      json_array_add_object_element (array, frame);
    }
  json_object_set_array_member (state_root (state), "pending", array);
}

/* A list of the state: "fate-deck", "trial-row", "in-play", "contract-row",
 * "contract-deck" (its top; complete_contract_deck() adds the rest). */
void
set_list (JsonNode   *state,
          const char *member,
          const char *spec)
{
  json_object_set_array_member (state_root (state), member, id_array (spec));
}

static void
add_ids (GHashTable *set,
         JsonArray  *array)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *id = json_node_get_string (json_array_get_element (array, i));

      if (id != NULL)
        g_hash_table_add (set, (gpointer) id);
    }
}

/* Every Contract is in exactly one place: the deck keeps its named top (less
 * what is now elsewhere: the Contract row, the Bind offer, a player's reserved
 * or fulfilled Contracts) and takes every Contract placed nowhere under it, in
 * the order of data/cards/contracts.json. */
void
complete_contract_deck (JsonNode *state)
{
  g_autoptr(GError) error = NULL;
  const PenQuests *quests = pen_quests_get_default (&error);
  JsonObject *root = state_root (state);
  g_autoptr(GHashTable) elsewhere = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) in_deck = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) deck = g_ptr_array_new_with_free_func (g_free);
  JsonArray *old_deck = json_object_get_array_member (root, "contract-deck");
  JsonArray *players = json_object_get_array_member (root, "players");
  JsonArray *new_deck = json_array_new ();

  g_assert_no_error (error);
  add_ids (elsewhere, json_object_get_array_member (root, "contract-row"));
  add_ids (elsewhere, json_object_get_array_member (root, "bind-offer"));
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      add_ids (elsewhere, json_object_get_array_member (player, "reserved-contracts"));
      add_ids (elsewhere, json_object_get_array_member (player, "fulfilled-contracts"));
    }

  for (guint i = 0; i < json_array_get_length (old_deck); i++)
    {
      const char *id = json_node_get_string (json_array_get_element (old_deck, i));

      if (!g_hash_table_contains (elsewhere, id) && !g_hash_table_contains (in_deck, id))
        {
          g_hash_table_add (in_deck, g_strdup (id));
          g_ptr_array_add (deck, g_strdup (id));
        }
    }
  for (guint i = 0; i < pen_quests_get_n_contracts (quests); i++)
    {
      const char *id = pen_quests_get_contract (quests, i)->id;

      if (!g_hash_table_contains (elsewhere, id) && !g_hash_table_contains (in_deck, id))
        {
          g_hash_table_add (in_deck, g_strdup (id));
          g_ptr_array_add (deck, g_strdup (id));
        }
    }
  for (guint i = 0; i < deck->len; i++)
    json_array_add_string_element (new_deck, g_ptr_array_index (deck, i));
  json_object_set_array_member (root, "contract-deck", new_deck);
}

/* Takes the Wizard card @id out of wherever it is: a deck, a market (whose
 * place is filled from the top of its deck, as after a purchase) or a play
 * area. */
void
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
                const char *other = node_id (json_array_get_element (market, s));

                if (s == slot && json_array_get_length (ids) > 0)
                  {
                    json_array_add_string_element (refilled,
                                                   json_array_get_string_element (ids, 0));
                    json_array_remove_element (ids, 0);
                  }
                else if (s == slot || other == NULL)
                  json_array_add_null_element (refilled);
                else
                  json_array_add_string_element (refilled, other);
              }
            json_object_set_array_member (deck, "market", refilled);
            return;
          }
    }
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonArray *list = json_array_get_array_element (players, p);

      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonObject *entry = json_array_get_object_element (list, i);

          if (g_str_equal (json_object_get_string_member (entry, "card"), id))
            {
              json_array_remove_element (list, i);
              return;
            }
        }
    }
  g_error ("card %s is nowhere", id);
}

/* Gives the Wizard card @id (taken from wherever it is) to @player's play
 * area, in @zone ("grimoire", "inventory", "equipment", "experience"); it
 * becomes the last card of the area. */
void
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
void
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

/* The next random results of @game's generator (use FORCE). */
void
force (PenGame     *game,
       const guint *values,
       gsize        n_values)
{
  pen_rng_force_next (pen_game_get_rng (game), values, n_values);
}

static int
state_location_index (JsonNode   *state,
                      const char *id)
{
  JsonArray *locations = json_object_get_array_member (json_node_get_object (state), "locations");

  for (guint l = 0; l < json_array_get_length (locations); l++)
    {
      JsonObject *location = json_array_get_object_element (locations, l);

      if (g_str_equal (json_object_get_string_member (location, "id"), id))
        return (int) l;
    }
  g_assert_not_reached ();
  return -1;
}

/* A game of @n_players past the Talent choice, made plain: no Marks, no dice,
 * no Ingredients, an empty table with the Ruby, Amber, Jasper and Emerald
 * Classes, and player 1 at the start of a (not first) turn of two placements. */
JsonNode *
standard_state (guint n_players)
{
  JsonNode *state = plain_state (n_players);

  set_standard_classes (state);
  return state;
}

/* A Threat of @n_dice prepared, as the Ruins leave it after their effect. */
static void
set_ruins_threat (JsonNode *state,
                  guint     n_dice)
{
  JsonObject *turn = state_turn (state);

  json_object_set_string_member (turn, "type", "study");
  json_object_set_int_member (turn, "placements-left", 1);
  set_pending (state, "threat");
  json_object_set_int_member (turn, "placed-location", state_location_index (state, "ruins"));
  json_object_set_int_member (turn, "placed-section", 0);
  json_object_set_int_member (state_threat (state), "dice", n_dice);
  json_object_set_string_member (json_node_get_object (state), "threat-source", "ruins");
}

/* The Threat example's board: a Ruby Mark on 1, a Jasper Mark on 2, the Spark
 * Mark on 6; nothing on 4 or 5. In the supply a Spark 2, a Bone 6 and an orange
 * (Amber) 6 among other dice. */
JsonNode *
threat_example_state (guint n_dice)
{
  JsonNode *state = standard_state (2);

  set_marks (state, 0, "ruby jasper | spark");
  set_dice (state, 0, "ruby:3 spark:2 bone:6 emerald:1 amber:6");
  set_ruins_threat (state, n_dice);
  return state;
}

/* ---- Reading a game ------------------------------------------------------ */

char *
game_text (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_to_string (node, FALSE);
}

/* A die as "ruby:6", "bone:2", "spark:4", with a "t" if temporary ("amber:3t"). */
char *
die_spec (const PenDie *die)
{
  const char *kind = die->kind == PEN_DIE_KIND_BONE    ? "bone"
                     : die->kind == PEN_DIE_KIND_SPARK ? "spark"
                                                       : pen_discipline_get_id (die->colour);

  return g_strdup_printf ("%s:%u%s", kind, die->value, die->temporary ? "t" : "");
}

/* For g_ptr_array_sort() of strings. */
int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* Sorts @specs and joins them with @separator. */
char *
join_sorted (GPtrArray  *specs,
             const char *separator)
{
  g_ptr_array_sort (specs, compare_strings);
  g_ptr_array_add (specs, NULL);
  return g_strjoinv (separator, (char **) specs->pdata);
}

/* The ids of @array in order, joined by spaces ("-": an empty place). */
char *
join_ids (JsonArray *array)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *id = node_id (json_array_get_element (array, i));

      g_ptr_array_add (ids, (gpointer) (id != NULL ? id : "-"));
    }
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (" ", (char **) ids->pdata);
}

/* A player's dice supply as sorted specs, e.g. "amber:6 bone:6 ruby:3". */
char *
supply (PenGame *game,
        guint    player)
{
  PenWizardBoard *board = pen_game_get_player (game, player);
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < pen_wizard_board_get_n_dice (board); i++)
    g_ptr_array_add (specs, die_spec (pen_wizard_board_get_die (board, i)));
  return join_sorted (specs, " ");
}

/* The index in @player's supply of the first die matching @spec (e.g.
 * "bone:6") that is not in the mask @used, or -1. */
int
find_die_except (PenGame    *game,
                 guint       player,
                 const char *spec,
                 guint64     used)
{
  PenWizardBoard *board = pen_game_get_player (game, player);

  for (guint i = 0; i < pen_wizard_board_get_n_dice (board); i++)
    {
      g_autofree char *text = die_spec (pen_wizard_board_get_die (board, i));

      if (g_str_equal (text, spec) && !(used & (G_GUINT64_CONSTANT (1) << i)))
        return (int) i;
    }
  return -1;
}

/* The index in @player's supply of the first die matching @spec, which must
 * be there. */
int
find_die (PenGame    *game,
          guint       player,
          const char *spec)
{
  int die = find_die_except (game, player, spec, 0);

  if (die < 0)
    g_error ("no die %s in the supply of player %u", spec, player + 1);
  return die;
}

/* The supply mask of the dice @specs ("bone:3 bone:3 jasper:4") of @player,
 * each of which must be there. */
guint64
dice_mask (PenGame    *game,
           guint       player,
           const char *specs)
{
  g_auto(GStrv) tokens = g_strsplit (specs, " ", -1);
  guint64 mask = 0;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      int die = find_die_except (game, player, tokens[i], mask);

      if (die < 0)
        g_error ("no die %s in the supply of player %u", tokens[i], player + 1);
      mask |= G_GUINT64_CONSTANT (1) << die;
    }
  return mask;
}

guint
ingredient (PenGame       *game,
            guint          player,
            PenIngredient  which)
{
  return pen_wizard_board_get_ingredient (pen_game_get_player (game, player), which);
}

const PenMark *
mark_at (PenGame *game,
         guint    player,
         guint    cell)
{
  return pen_wizard_board_get_mark (pen_game_get_player (game, player), cell);
}

/* A list of @player in the save ("fulfilled-contracts", "passed-trials"),
 * joined by spaces. */
char *
player_list (PenGame    *game,
             guint       player,
             const char *member)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return join_ids (json_object_get_array_member (state_player (node, player), member));
}

/* The log's entry @index as rendered now; the text lives until the next
 * call, or as long as @game. */
const char *
log_text (PenGame *game,
          guint    index)
{
  char *text = pen_game_render_log_entry (game, index, NULL);

  g_object_set_data_full (G_OBJECT (game), "pen-test-log-text", text, g_free);
  return text;
}

gboolean
log_has (PenGame    *game,
         const char *line)
{
  g_autoptr (GPtrArray) log = pen_game_render_log (game);

  for (guint i = 0; i < log->len; i++)
    if (g_str_equal (g_ptr_array_index (log, i), line))
      return TRUE;
  return FALSE;
}

/* How many of the listed actions are of @type. */
guint
count_listed (PenGame       *game,
              PenActionType  type)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  guint n = 0;

  for (guint i = 0; i < actions->len; i++)
    n += g_array_index (actions, PenAction, i).type == type;
  return n;
}

/* The wounded Marks flipped for Blood by each listed action of @type, in the
 * order listed: "-" for none, else the cells joined by "+" ("- 0 2 0+2"). */
char *
listed_blood (PenGame       *game,
              PenActionType  type)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      gboolean first = TRUE;

      if (action->type != type)
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      if (action->blood_marks == 0)
        g_string_append_c (text, '-');
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        if (action->blood_marks & (1u << c))
          {
            g_string_append_printf (text, "%s%u", first ? "" : "+", c);
            first = FALSE;
          }
    }
  return g_string_free (text, FALSE);
}

/* The dice in a cell of the table (-1: beside the cells), as sorted specs. */
char *
table_dice (PenGame    *game,
            const char *location_id,
            guint       section,
            int         cell)
{
  PenLocation *location = pen_game_get_location (game, pen_game_find_location (game, location_id));
  g_autoptr(GPtrArray) specs = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < pen_location_get_n_dice (location, section, cell); i++)
    g_ptr_array_add (specs, die_spec (pen_location_get_die (location, section, cell, i)));
  return join_sorted (specs, " ");
}

gboolean
is_listed (PenGame         *game,
           const PenAction *action)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    if (pen_action_equal (&g_array_index (actions, PenAction, i), action))
      return TRUE;
  return FALSE;
}

/* ---- Actions ------------------------------------------------------------- */

PenAction
simple (PenActionType type)
{
  PenAction action;

  pen_action_init (&action, type);
  return action;
}

PenAction
indexed (PenActionType type,
         int           index)
{
  PenAction action;

  pen_action_init (&action, type);
  action.index = index;
  return action;
}

/* @action with the wounded Marks of @cells (bits) flipped for its Blood
 * (rulebook, "Mark effects", USE BLOOD). */
PenAction
paying_blood (PenAction action,
              guint     cells)
{
  action.blood_marks = cells;
  return action;
}

/* Places @die in @cell of @section of @location (-1: beside the cells), as
 * @colour (-1: its own). */
PenAction
place_as (PenGame    *game,
          int         die,
          const char *location,
          int         section,
          int         cell,
          int         colour)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_PLACE);
  action.die = die;
  action.location = pen_game_find_location (game, location);
  g_assert_cmpint (action.location, >=, 0);
  action.section = section;
  action.cell = cell;
  action.colour = colour;
  return action;
}

PenAction
place (PenGame    *game,
       int         die,
       const char *location,
       int         section,
       int         cell)
{
  return place_as (game, die, location, section, cell, -1);
}

/* The die a Rest effect owes, taken back from a cell of the table. */
PenAction
take_back (PenGame    *game,
           const char *location,
           int         section,
           int         cell)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_TAKE_BACK);
  action.location = pen_game_find_location (game, location);
  action.section = section;
  action.cell = cell;
  return action;
}

PenAction
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

/* Uses the Mark in @cell for @effect: on the card @to of the play area (a
 * Spell it casts or a card it unexhausts; -1: none), or on @die (-1: none)
 * turned to @face (-1: none). */
PenAction
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

void
apply_ok (PenGame   *game,
          PenAction  action)
{
  g_autoptr(GError) error = NULL;
  gboolean applied = pen_game_apply (game, &action, &error);

  g_assert_no_error (error);
  g_assert_true (applied);
}

/* The action is refused with @message (any message if NULL), and nothing changes. */
void
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

PenAction
threat_target (int index)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_THREAT_TARGET);
  action.index = index;
  return action;
}

PenAction
heal (int cell)
{
  PenAction action;

  pen_action_init (&action, PEN_ACTION_HEAL);
  action.index = cell;
  return action;
}
