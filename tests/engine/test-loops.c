/* test-loops.c: no sequence of effects within a turn repeats for free.
 *
 * From rich states (many cards, charged and discharged Marks, dice, Ingredients)
 * a depth-limited depth-first search plays the actions of one turn a free loop
 * could be made of (see searched()). A free loop is a sequence that comes back to
 * the same Marks (or more of them charged), the same dice (or more), the same
 * cards in the same rotation (or more cards, unrotated) and the same Ingredients
 * and points (or more), with something more: repeated, it would give that
 * something forever. The test fails naming the sequence. On the data before
 * issue #13 it finds Recollection's loop (a Spark Mark unexhausts Recollection,
 * a Mark casts Devourer of Minds, another Spark Mark unexhausts it, a Mark casts
 * Recollection, which recharges them all).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <json-glib/json-glib.h>

#include "pen-game.h"
#include "pen-test-state.h"

#define MAX_DEPTH 6
#define MAX_NODES 20000

/* What a loop must come back to, and what it may gain. */
typedef struct
{
  gboolean    settled;                   /* no choice pending: comparable */
  char       *marks[PEN_N_MARK_CELLS];   /* "ruby:charged", or NULL for an empty cell */
  GPtrArray  *dice;                      /* die specs, sorted */
  gint64      ingredients[6];
  GHashTable *cards;                     /* id → "zone:rotated" */
  char       *last_card;                 /* what a chain may launch from */
  int         score;
  char       *action;                    /* the action that left this position */
} Position;

typedef struct
{
  GHashTable *seen;
  GPtrArray  *path;                      /* Position * */
  guint       depth;                     /* settled positions on the path */
  guint       nodes;
  GString    *loop;
} Search;

static void
position_free (Position *position)
{
  if (position == NULL)
    return;
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    g_free (position->marks[c]);
  g_clear_pointer (&position->dice, g_ptr_array_unref);
  g_clear_pointer (&position->cards, g_hash_table_unref);
  g_free (position->last_card);
  g_free (position->action);
  g_free (position);
}

static Position *
position_new (PenGame    *game,
              JsonObject *root)
{
  guint player = pen_game_get_current_player (game);
  JsonObject *board = json_array_get_object_element (json_object_get_array_member (root, "players"), player);
  JsonObject *cards = json_object_get_object_member (root, "cards");
  JsonArray *marks = json_object_get_array_member (board, "marks");
  JsonArray *dice = json_object_get_array_member (board, "dice");
  JsonObject *ingredients = json_object_get_object_member (board, "ingredients");
  JsonArray *held = json_array_get_array_element (json_object_get_array_member (cards, "players"), player);
  static const char *ingredient_ids[] = { "blood", "crystals", "jewels", "fruits", "trinkets", "arcana" };
  Position *position = g_new0 (Position, 1);
  PenScoreBreakdown score;

  position->settled = TRUE;
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      JsonObject *mark = json_array_get_element (marks, c) != NULL
                             && JSON_NODE_HOLDS_OBJECT (json_array_get_element (marks, c))
                           ? json_array_get_object_element (marks, c)
                           : NULL;

      if (mark != NULL)
        position->marks[c] = g_strdup_printf ("%s:%s", json_object_get_string_member (mark, "mark"),
                                              json_object_get_string_member (mark, "state"));
    }
  position->dice = g_ptr_array_new_with_free_func (g_free);
  for (guint d = 0; d < json_array_get_length (dice); d++)
    g_ptr_array_add (position->dice, json_to_string (json_array_get_element (dice, d), FALSE));
  g_ptr_array_sort (position->dice, compare_strings);
  for (guint i = 0; i < G_N_ELEMENTS (ingredient_ids); i++)
    position->ingredients[i] = json_object_get_int_member (ingredients, ingredient_ids[i]);
  position->cards = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < json_array_get_length (held); i++)
    {
      JsonObject *card = json_array_get_object_element (held, i);

      g_hash_table_insert (position->cards, g_strdup (json_object_get_string_member (card, "card")),
                           g_strdup_printf ("%s:%d", json_object_get_string_member (card, "zone"),
                                            json_object_get_boolean_member (card, "rotated")));
    }
  position->last_card = g_strdup (json_object_get_string_member_with_default (cards, "last-card", ""));
  pen_game_compute_score (game, player, &score);
  position->score = score.total;
  return position;
}

static gboolean
charged (const char *mark)
{
  return g_str_has_suffix (mark, ":charged");
}

/* Whether @later holds all that @earlier held, and something more. */
static gboolean
gains_on (const Position *earlier,
          const Position *later)
{
  gboolean more = FALSE;
  guint j = 0;
  GHashTableIter iter;
  gpointer id, where;

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const char *a = earlier->marks[c], *b = later->marks[c];

      if ((a == NULL) != (b == NULL))
        return FALSE;
      if (a == NULL || g_str_equal (a, b))
        continue;
      if (!charged (b) || g_str_has_suffix (a, ":wounded"))
        return FALSE;
      more = TRUE;   /* a Mark charged again: one more free effect each time round */
    }
  /* The earlier dice are a part of the later ones (both sorted). */
  for (guint i = 0; i < earlier->dice->len; i++)
    {
      while (j < later->dice->len && g_strcmp0 (later->dice->pdata[j], earlier->dice->pdata[i]) < 0)
        j++;
      if (j == later->dice->len || !g_str_equal (later->dice->pdata[j], earlier->dice->pdata[i]))
        return FALSE;
      j++;
    }
  more |= later->dice->len > earlier->dice->len;
  for (guint i = 0; i < G_N_ELEMENTS (earlier->ingredients); i++)
    {
      if (later->ingredients[i] < earlier->ingredients[i])
        return FALSE;
      more |= later->ingredients[i] > earlier->ingredients[i];
    }
  g_hash_table_iter_init (&iter, earlier->cards);
  while (g_hash_table_iter_next (&iter, &id, &where))
    if (g_strcmp0 (g_hash_table_lookup (later->cards, id), where) != 0)
      return FALSE;
  /* A card gained and used up on the way is no part of a loop that repeats. */
  g_hash_table_iter_init (&iter, later->cards);
  while (g_hash_table_iter_next (&iter, &id, &where))
    if (!g_hash_table_contains (earlier->cards, id) && g_str_has_suffix (where, ":1"))
      return FALSE;
  more |= g_hash_table_size (later->cards) > g_hash_table_size (earlier->cards);
  if (!g_str_equal (earlier->last_card, later->last_card) || later->score < earlier->score)
    return FALSE;
  return more || later->score > earlier->score;
}

/* The actions a free loop could be made of: the Marks that cast and unexhaust,
 * the cards and the choices their effects ask for. Left out: what ends the
 * turn; placing a die and its location's effect, and Hurry (a few a turn, each
 * leaving a die on the board); Contracts and Trials; the Threat roll (chance);
 * spending Ingredients through the board (Crystals' manipulations, Healing,
 * Bribe, Bind, buying, the Bazaar's exchange), a price paid, never free; and
 * changing a die's face or colour (a Mark's Set or Recolour, a card's
 * manipulation tokens), which makes it another die and gains nothing: a card
 * that offers them is left with finish-card. Of the cards to take (Devourer of
 * Minds, Blood Script), the first offered: a card more is the gain, whichever it
 * is. */
static gboolean
searched (const PenAction *action,
          gboolean        *took)
{
  switch (action->type)
    {
    case PEN_ACTION_USE_MARK:
      return action->value == PEN_MARK_EFFECT_CAST || action->value == PEN_MARK_EFFECT_UNEXHAUST;
    case PEN_ACTION_TAKE_CARD:
      if (*took)
        return FALSE;
      *took = TRUE;
      return TRUE;
    case PEN_ACTION_USE_CARD:
    case PEN_ACTION_FINISH_CARD:
    case PEN_ACTION_KEEP_EQUIPMENT:
    case PEN_ACTION_CHOOSE_COLOUR:
      return TRUE;
    default:
      return FALSE;
    }
}

/* An action as JSON, with the name of the card it uses. */
static char *
describe (PenGame         *game,
          const PenAction *action)
{
  g_autofree char *text = pen_game_describe_action (game, action);
  int card = action->type == PEN_ACTION_USE_CARD                                   ? action->index
             : action->type == PEN_ACTION_USE_MARK && action->value >= PEN_MARK_EFFECT_CAST ? action->to
                                                                                    : -1;

  if (card < 0)
    return g_steal_pointer (&text);
  return g_strdup_printf ("%s (%s)", text,
                          pen_game_get_card_name (game, pen_game_get_current_player (game), card));
}

static void
search (Search    *s,
        PenGame   *game,
        char      *action)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);
  JsonObject *root = json_node_get_object (node);
  g_autofree char *key = NULL;
  g_autoptr(JsonNode) log = NULL;
  g_autoptr(JsonNode) history = NULL;
  Position *here = NULL;
  g_autoptr(GArray) actions = NULL;

  if (s->loop->len > 0 || s->nodes >= MAX_NODES)
    {
      g_free (action);
      return;
    }
  /* The same position reached by another road is searched once. */
  log = json_object_dup_member (root, "log");
  history = json_object_dup_member (root, "actions");
  json_object_remove_member (root, "log");
  json_object_remove_member (root, "actions");
  key = json_to_string (node, FALSE);
  json_object_set_member (root, "log", g_steal_pointer (&log));
  json_object_set_member (root, "actions", g_steal_pointer (&history));
  if (g_hash_table_contains (s->seen, key))
    {
      g_free (action);
      return;
    }
  g_hash_table_add (s->seen, g_steal_pointer (&key));
  s->nodes++;

  if (pen_game_get_pending (game) == PEN_PENDING_NONE)
    {
      here = position_new (game, root);
      here->action = action;
      for (guint i = 0; i < s->path->len; i++)
        {
          const Position *earlier = s->path->pdata[i];

          if (!earlier->settled || !gains_on (earlier, here))
            continue;
          for (guint k = i + 1; k < s->path->len; k++)
            g_string_append_printf (s->loop, "%s; ", ((Position *) s->path->pdata[k])->action);
          g_string_append (s->loop, action);
          position_free (here);
          return;
        }
    }
  else
    {
      here = g_new0 (Position, 1);
      here->action = action;
    }
  /* The choices an effect asks for (the cards Devourer of Minds gives) do not
   * count towards the depth. */
  g_ptr_array_add (s->path, here);
  s->depth += here->settled;
  if (s->depth <= MAX_DEPTH)
    {
      gboolean took = FALSE;

      actions = pen_game_list_actions (game);
      for (guint i = 0; i < actions->len && s->loop->len == 0; i++)
        {
          const PenAction *next = &g_array_index (actions, PenAction, i);
          g_autoptr(PenGame) child = NULL;

          if (!searched (next, &took))
            continue;
          child = pen_game_new_from_json (node, NULL);
          g_assert_nonnull (child);
          g_assert_true (pen_game_apply (child, next, NULL));
          search (s, child, describe (game, next));
        }
    }
  s->depth -= here->settled;
  g_ptr_array_remove_index (s->path, s->path->len - 1);
}

/* The loop found from @state, or NULL. */
static char *
find_loop (JsonNode *state,
           guint    *nodes)
{
  g_autoptr(PenGame) game = NULL;
  Search s = {
    .seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
    .path = g_ptr_array_new_with_free_func ((GDestroyNotify) position_free),
    .loop = g_string_new (NULL),
  };

  /* What happened before does not matter here, and would slow every copy. */
  json_object_set_array_member (state_root (state), "log", json_array_new ());
  json_object_set_array_member (state_root (state), "actions", json_array_new ());
  game = load (state);
  search (&s, game, g_strdup ("(start)"));
  *nodes = s.nodes;
  g_hash_table_unref (s.seen);
  g_ptr_array_unref (s.path);
  if (s.loop->len == 0)
    {
      g_string_free (s.loop, TRUE);
      return NULL;
    }
  return g_string_free (s.loop, FALSE);
}

typedef struct
{
  const char *name;
  const char *marks;
  const char *dice;
  const char *ingredients;
  const char *grimoire;     /* Spells and Recipes, unrotated */
  const char *inventory;    /* Potions and Pets, unrotated */
  const char *equipment;    /* Artifacts */
} Rich;

static const Rich rich_states[] = {
  /* The loop of issue #13: Recollection ("Recharge 1 Mark for each Sapphire
   * Mark") strengthened by the Owl-Feather Mantle (+2 Sapphire Marks), Spark
   * Marks to unexhaust it and Devourer of Minds (1 card for each Sapphire Mark),
   * which a Blue Spell launches. Two Marks are discharged, to be recharged. */
  { "recollection", "sapphire sapphire amber/d | spark spark/d spark", "sapphire:3 bone:2",
    "blood=2 crystals=2 jewels=2 fruits=2 trinkets=2 arcana=2", "recollection devourer-of-minds", "",
    "owl-feather-mantle" },
  /* The cards that recharge Marks, unexhaust cards or launch others, with Marks
   * of their colours in the Cast cells and an Unexhaust Spark Mark. */
  { "launch", "ruby amber emerald sapphire/d amber ruby amber/d | spark spark spark", "amber:4",
    "blood=2 crystals=1 jewels=1 fruits=1 trinkets=1 arcana=1",
    "harmony echo recollection beast-whistle", "", "hourglass" },
  /* Potions that recharge and unexhaust, and the Emerald cards around them. */
  { "potions", "emerald emerald/d sapphire/d | spark spark spark", "emerald:5",
    "blood=1 crystals=1 jewels=1 fruits=4 trinkets=1 arcana=1",
    "beast-whistle gift-of-the-grove", "wild-honey dream-draught", "wand-of-everwood hourglass" },
};

/* "Wizard Cards", Launch and Chains ("A chain can be of any length"), and "Mark
 * effects": Marks are spent when used and recharge on Rest; nothing in the
 * rulebook gives effects without end. From every rich state no sequence of one
 * turn's actions comes back to where it started with something gained. */
static void
test_loops_none (void)
{
  g_autoptr(GString) found = g_string_new (NULL);

  for (guint r = 0; r < G_N_ELEMENTS (rich_states); r++)
    {
      const Rich *rich = &rich_states[r];
      g_autoptr(JsonNode) state = plain_state (2);
      const char *zones[] = { "grimoire", "inventory", "equipment" };
      const char *lists[] = { rich->grimoire, rich->inventory, rich->equipment };
      g_autofree char *loop = NULL;
      guint nodes;

      set_standard_classes (state);
      set_marks (state, 0, rich->marks);
      set_dice (state, 0, rich->dice);
      set_ingredients (state, 0, rich->ingredients);
      for (guint z = 0; z < G_N_ELEMENTS (zones); z++)
        {
          g_auto(GStrv) ids = g_strsplit (lists[z], " ", -1);

          for (guint i = 0; ids[i] != NULL; i++)
            if (*ids[i] != '\0')
              give_card (state, 0, ids[i], zones[z], FALSE);
        }
      loop = find_loop (state, &nodes);
      g_test_message ("%s: %u positions searched", rich->name, nodes);
      /* Otherwise the search was cut short and proves nothing. */
      g_assert_cmpuint (nodes, <, MAX_NODES);
      if (loop != NULL)
        g_string_append_printf (found, "\nA free loop from the state “%s”: %s", rich->name, loop);
    }
  if (found->len > 0)
    g_test_fail_printf ("%s", found->str);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/loops/none", test_loops_none);
  return g_test_run ();
}
