/* pen-fuzz-mutator.c: a structure-aware mutator for pen-fuzz-load.c.
 *
 * Byte flips seldom get past the JSON parser, and when they do they mostly
 * make a value the loader refuses at once for its type. The damaged saves
 * that get far into pen_game_new_from_json() are the ones that are still
 * JSON and still mostly a save: a number at a boundary, an id that is real
 * but in the wrong place, a card in two lists, an array far too long or
 * empty, a member missing or moved, a value nested where a scalar belongs.
 * This mutator parses the input with json-glib, makes such a change to the
 * tree and writes it back with json-glib's generator. Input that is not JSON
 * goes to libFuzzer's byte mutator.
 *
 * libFuzzer calls LLVMFuzzerCustomMutator() and LLVMFuzzerCustomCrossOver()
 * whenever they are linked in, so linking this file beside pen-fuzz-load.c
 * is what makes the structure mode (build-aux/fuzz.sh, FUZZ_MODE=structure):
 * the target and its checks stay one file for both modes, and the byte mode
 * is the same target without this file. Every choice comes from the seed
 * libFuzzer passes, so a run with -seed=N is repeatable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-fuzz-mutator"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <json-glib/json-glib.h>

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver (const uint8_t *data1,
                                  size_t         size1,
                                  const uint8_t *data2,
                                  size_t         size2,
                                  uint8_t       *out,
                                  size_t         max_out_size,
                                  unsigned int   seed);

/* json-glib parses, frees and writes JSON recursively, and so does
 * deep_copy() here. Its parser overflows this target's 8 MB stack at some
 * 75,000 levels (tests/fuzz/regressions/deep-nesting-100000-arrays.json keeps
 * that crash). Trees stay well under it: thousands of levels are enough to
 * show how the loader takes deep nesting, without finding that crash again
 * on every run. */
#define MAX_DEPTH 10000

/* A mutation can fail (nothing to mutate of that kind, no room left under
 * max_size): another is tried, then bytes. */
#define MAX_TRIES    8
#define MAX_ATTEMPTS 4

/* Small numbers the rules count with (players, faces, Marks, cards), 63 and
 * 64 at the ends of the engine's 64-bit masks (a shift by 64 is undefined),
 * and the ends of 32- and 64-bit integers. */
static const gint64 boundary_ints[] = {
  -1,
  0,
  1,
  2,
  3,
  4,
  5,
  6,
  7,
  8,
  10,
  11,
  12,
  63,
  64,
  65,
  99,
  100,
  127,
  128,
  255,
  256,
  1000,
  65535,
  65536,
  G_MAXINT32,
  (gint64) G_MAXINT32 + 1,
  G_MININT32,
  G_MAXUINT32,
  (gint64) G_MAXUINT32 + 1,
  G_MAXINT64 - 1,
  G_MAXINT64,
  G_MININT64,
};

/* Whole numbers written as doubles, fractions, and doubles no 64-bit
 * integer holds: json-glib converts a double to an integer when asked. */
static const double boundary_doubles[] = { 0.0, 1.0, 0.5, -0.5, -1.0, 64.0, 1e19, -1e19, 1e300 };

/* The seed and the random state are 64-bit numbers written as strings. */
static const char *const number_strings[] = {
  "",
  "0",
  "-1",
  "1",
  "00",
  "+1",
  " 1",
  "1 ",
  "0x10",
  "1e3",
  "9223372036854775807",
  "9223372036854775808",
  "18446744073709551615",
  "18446744073709551616",
  "-9223372036854775808",
  "99999999999999999999999",
};

/* Which nodes a mutation may pick. */
enum
{
  KIND_OBJECT = 1 << 0,
  KIND_ARRAY = 1 << 1,
  KIND_STRING = 1 << 2,
  KIND_NUMBER = 1 << 3,
  KIND_BOOL = 1 << 4,
  KIND_NULL = 1 << 5,
  KIND_FULL = 1 << 6,   /* only arrays and objects that hold something */
  KIND_MEMBER = 1 << 7, /* only members of an object */
  KIND_ROOT = 1 << 8,   /* the root too (it is left alone otherwise) */
};

#define KIND_ANY (KIND_OBJECT | KIND_ARRAY | KIND_STRING | KIND_NUMBER | KIND_BOOL | KIND_NULL)
#define KIND_SCALAR (KIND_STRING | KIND_NUMBER | KIND_BOOL | KIND_NULL)

/* A node and where it is, so that it can be replaced or removed: JsonArray
 * can only add at the end or remove, and JsonNode cannot safely be set to a
 * value of another kind once it holds one. */
typedef struct
{
  JsonNode   *node;
  JsonNode   *parent; /* the array or object holding node; NULL for the root */
  const char *name;   /* its member name, when parent is an object */
  guint       index;  /* its position, when parent is an array */
  guint       depth;
} Slot;

/* A parsed input. slots, strings, ids and names point into the tree: after
 * any change, doc_collect() again before using them. */
typedef struct
{
  GRand     *rand;    /* not owned */
  JsonNode  *root;
  GArray    *slots;   /* of Slot: every node of the tree */
  GPtrArray *strings; /* every string value, once */
  GPtrArray *ids;     /* those of them that look like ids */
  GPtrArray *names;   /* every member name, once */
  guint      depth;   /* of the deepest node */
  gsize      budget;  /* about how many bytes the text may still grow */
} Doc;

static void
doc_free (Doc *doc)
{
  g_clear_pointer (&doc->root, json_node_unref);
  g_array_unref (doc->slots);
  g_ptr_array_unref (doc->strings);
  g_ptr_array_unref (doc->ids);
  g_ptr_array_unref (doc->names);
  g_free (doc);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Doc, doc_free)

static guint
rand_below (Doc  *doc,
            guint n)
{
  g_assert (n > 0);
  return (guint) g_rand_int_range (doc->rand, 0, (gint32) MIN (n, (guint) G_MAXINT32));
}

static gboolean
one_in (Doc  *doc,
        guint n)
{
  return rand_below (doc, n) == 0;
}

/* The save's ids are kebab-case (pen-data checks them so) and its numbers
 * written as strings are digits; the rest, such as the log's sentences, is
 * free text that the loader takes as it is. */
static gboolean
looks_like_id (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-' && *c != ':')
      return FALSE;
  return TRUE;
}

static gboolean
add_once (GPtrArray  *list,
          GHashTable *seen,
          const char *text)
{
  if (!g_hash_table_add (seen, (gpointer) text))
    return FALSE;
  g_ptr_array_add (list, (gpointer) text);
  return TRUE;
}

/* Without recursion, so that a tree of any depth json-glib parsed can be
 * measured before anything here recurses into it. Slots come in document
 * order. */
static void
doc_collect (Doc *doc)
{
  g_autoptr(GHashTable) seen_strings = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) seen_names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Slot));
  Slot root = { doc->root, NULL, NULL, 0, 0 };

  g_array_set_size (doc->slots, 0);
  g_ptr_array_set_size (doc->strings, 0);
  g_ptr_array_set_size (doc->ids, 0);
  g_ptr_array_set_size (doc->names, 0);
  doc->depth = 0;
  g_array_append_val (stack, root);
  while (stack->len > 0)
    {
      Slot slot = g_array_index (stack, Slot, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);
      g_array_append_val (doc->slots, slot);
      doc->depth = MAX (doc->depth, slot.depth);
      if (JSON_NODE_HOLDS_OBJECT (slot.node))
        {
          JsonObject *object = json_node_get_object (slot.node);
          g_autoptr(GList) members = json_object_get_members (object);

          /* Pushed last first, so that the first is taken first. */
          for (GList *l = g_list_last (members); l != NULL; l = l->prev)
            {
              Slot child = { json_object_get_member (object, l->data), slot.node, l->data, 0,
                             slot.depth + 1 };

              add_once (doc->names, seen_names, l->data);
              g_array_append_val (stack, child);
            }
        }
      else if (JSON_NODE_HOLDS_ARRAY (slot.node))
        {
          JsonArray *array = json_node_get_array (slot.node);

          for (guint i = json_array_get_length (array); i-- > 0;)
            {
              Slot child = { json_array_get_element (array, i), slot.node, NULL, i,
                             slot.depth + 1 };

              g_array_append_val (stack, child);
            }
        }
      else if (json_node_get_value_type (slot.node) == G_TYPE_STRING)
        {
          const char *text = json_node_get_string (slot.node);

          if (add_once (doc->strings, seen_strings, text) && looks_like_id (text))
            g_ptr_array_add (doc->ids, (gpointer) text);
        }
    }
}

/* Returns: the document, or NULL if data is not JSON or too deep to take
 * apart here. */
static Doc *
doc_parse (const uint8_t *data,
           size_t         size,
           GRand         *rand)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(Doc) doc = NULL;

  if (size == 0 || size > G_MAXSSIZE
      || !json_parser_load_from_data (parser, (const char *) data, (gssize) size, NULL)
      || json_parser_get_root (parser) == NULL)
    return NULL;
  doc = g_new0 (Doc, 1);
  doc->rand = rand;
  doc->root = json_parser_steal_root (parser);
  doc->slots = g_array_new (FALSE, FALSE, sizeof (Slot));
  doc->strings = g_ptr_array_new ();
  doc->ids = g_ptr_array_new ();
  doc->names = g_ptr_array_new ();
  doc_collect (doc);
  if (doc->depth > MAX_DEPTH)
    return NULL;
  return g_steal_pointer (&doc);
}

/* Returns: the length written to out, or 0 if the text would not fit, would
 * be too deep or is the same as before. */
static size_t
doc_write (Doc           *doc,
           uint8_t       *out,
           size_t         max_size,
           const uint8_t *before,
           size_t         before_size)
{
  g_autofree char *text = NULL;
  size_t length;

  doc_collect (doc);
  if (doc->depth > MAX_DEPTH)
    return 0;
  text = json_to_string (doc->root, FALSE);
  length = strlen (text);
  if (length == 0 || length > max_size
      || (length == before_size && memcmp (text, before, length) == 0))
    return 0;
  memcpy (out, text, length);
  return length;
}

static guint
kind_of (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return KIND_OBJECT;
    case JSON_NODE_ARRAY:
      return KIND_ARRAY;
    case JSON_NODE_NULL:
      return KIND_NULL;
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          return KIND_STRING;
        case G_TYPE_BOOLEAN:
          return KIND_BOOL;
        default:
          return KIND_NUMBER;
        }
    }
  g_assert_not_reached ();
}

static gboolean
slot_is (const Slot *slot,
         guint       kinds)
{
  if ((kind_of (slot->node) & kinds) == 0)
    return FALSE;
  if (slot->parent == NULL && (kinds & KIND_ROOT) == 0)
    return FALSE;
  if ((kinds & KIND_MEMBER) && (slot->parent == NULL || !JSON_NODE_HOLDS_OBJECT (slot->parent)))
    return FALSE;
  if (kinds & KIND_FULL)
    {
      if (JSON_NODE_HOLDS_OBJECT (slot->node))
        return json_object_get_size (json_node_get_object (slot->node)) > 0;
      if (JSON_NODE_HOLDS_ARRAY (slot->node))
        return json_array_get_length (json_node_get_array (slot->node)) > 0;
    }
  return TRUE;
}

/* Returns: (nullable): a node of kinds, each as likely; valid until the tree
 * changes. */
static Slot *
pick (Doc  *doc,
      guint kinds)
{
  guint n = 0, k;

  for (guint i = 0; i < doc->slots->len; i++)
    n += slot_is (&g_array_index (doc->slots, Slot, i), kinds);
  if (n == 0)
    return NULL;
  k = rand_below (doc, n);
  for (guint i = 0;; i++)
    if (slot_is (&g_array_index (doc->slots, Slot, i), kinds) && k-- == 0)
      return &g_array_index (doc->slots, Slot, i);
}

/* Returns: (nullable): a member called name. */
static Slot *
pick_named (Doc        *doc,
            const char *name)
{
  guint n = 0, k;

  for (guint i = 0; i < doc->slots->len; i++)
    n += g_strcmp0 (g_array_index (doc->slots, Slot, i).name, name) == 0;
  if (n == 0)
    return NULL;
  k = rand_below (doc, n);
  for (guint i = 0;; i++)
    if (g_strcmp0 (g_array_index (doc->slots, Slot, i).name, name) == 0 && k-- == 0)
      return &g_array_index (doc->slots, Slot, i);
}

/* Mostly an id: free text where an id belongs is refused at once. */
static const char *
pick_string (Doc *doc)
{
  if (doc->ids->len > 0 && !one_in (doc, 8))
    return g_ptr_array_index (doc->ids, rand_below (doc, doc->ids->len));
  if (doc->strings->len == 0)
    return "";
  return g_ptr_array_index (doc->strings, rand_below (doc, doc->strings->len));
}

/* Of kinds, and mostly not free text: a late game's log holds hundreds of
 * sentences, and a change to one of them changes nothing the loader checks. */
static Slot *
pick_not_text (Doc  *doc,
               guint kinds)
{
  Slot *slot = NULL;

  for (guint i = 0; i < 4; i++)
    {
      slot = pick (doc, kinds);
      if (slot == NULL || kind_of (slot->node) != KIND_STRING
          || looks_like_id (json_node_get_string (slot->node)))
        break;
    }
  return slot;
}

static const char *
pick_name (Doc *doc)
{
  if (doc->names->len == 0)
    return "x";
  return g_ptr_array_index (doc->names, rand_below (doc, doc->names->len));
}

/* A copy that shares nothing with node: json_node_copy() shares arrays and
 * objects, and a change to one place would show in the other. Recursion is
 * bounded by MAX_DEPTH, which doc_parse() checked. */
static JsonNode *
deep_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(JsonObject) members_copy = json_object_new ();
      g_autoptr(GList) members = json_object_get_members (object);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (members_copy, l->data,
                                deep_copy (json_object_get_member (object, l->data)));
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_set_object (copy, members_copy);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      guint length = json_array_get_length (array);
      g_autoptr(JsonArray) elements_copy = json_array_sized_new (length);

      for (guint i = 0; i < length; i++)
        json_array_add_element (elements_copy, deep_copy (json_array_get_element (array, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_set_array (copy, elements_copy);
      return copy;
    }
  /* A value node is never changed here, only replaced: sharing it is safe. */
  return json_node_copy (node);
}

static JsonNode *
new_int (gint64 value)
{
  return json_node_init_int (json_node_alloc (), value);
}

static JsonNode *
new_double (double value)
{
  return json_node_init_double (json_node_alloc (), value);
}

static JsonNode *
new_boolean (gboolean value)
{
  return json_node_init_boolean (json_node_alloc (), value);
}

static JsonNode *
new_string (const char *value)
{
  return json_node_init_string (json_node_alloc (), value);
}

/* Takes child. */
static JsonNode *
new_array_of (JsonNode *child)
{
  g_autoptr(JsonArray) array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  if (child != NULL)
    json_array_add_element (array, child);
  json_node_set_array (node, array);
  return node;
}

/* Takes child. */
static JsonNode *
new_object_of (const char *name,
               JsonNode   *child)
{
  g_autoptr(JsonObject) object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  if (child != NULL)
    json_object_set_member (object, name, child);
  json_node_set_object (node, object);
  return node;
}

/* Removes n_remove elements of array from index and puts the n_insert nodes
 * of insert (taken) there. */
static void
array_splice (JsonArray *array,
              guint      index,
              guint      n_remove,
              JsonNode **insert,
              guint      n_insert)
{
  guint length = json_array_get_length (array);
  g_autoptr(GPtrArray) tail = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);

  g_assert (index + n_remove <= length);
  for (guint i = index + n_remove; i < length; i++)
    g_ptr_array_add (tail, json_node_ref (json_array_get_element (array, i)));
  while (json_array_get_length (array) > index)
    json_array_remove_element (array, json_array_get_length (array) - 1);
  for (guint i = 0; i < n_insert; i++)
    json_array_add_element (array, insert[i]);
  for (guint i = 0; i < tail->len; i++)
    json_array_add_element (array, json_node_ref (g_ptr_array_index (tail, i)));
}

/* Puts node (taken) where slot's node is. */
static void
slot_replace (Doc        *doc,
              const Slot *slot,
              JsonNode   *node)
{
  if (slot->parent == NULL)
    {
      json_node_unref (doc->root);
      doc->root = node;
    }
  else if (JSON_NODE_HOLDS_OBJECT (slot->parent))
    {
      /* The name is the object's key, which replacing the member frees. */
      g_autofree char *name = g_strdup (slot->name);

      json_object_set_member (json_node_get_object (slot->parent), name, node);
    }
  else
    array_splice (json_node_get_array (slot->parent), slot->index, 1, &node, 1);
}

static gint64
other_int (Doc   *doc,
           gint64 value)
{
  /* Unsigned arithmetic: G_MAXINT64 + 1 must wrap, not be undefined. */
  switch (rand_below (doc, 10))
    {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      return boundary_ints[rand_below (doc, G_N_ELEMENTS (boundary_ints))];
    case 6:
      return (gint64) ((guint64) value + 1 + rand_below (doc, 3));
    case 7:
      return (gint64) ((guint64) value - 1 - rand_below (doc, 3));
    case 8:
      return (gint64) (0 - (guint64) value);
    default:
      return (gint64) g_rand_int (doc->rand) - G_MAXINT32;
    }
}

/* libFuzzer's byte mutations on the text of a string: an id one letter off,
 * cut short or run on. json-glib writes only UTF-8, so it is made valid. */
static char *
mangle (const char *text)
{
  size_t length = strlen (text);
  size_t capacity = length * 2 + 16;
  g_autofree uint8_t *buffer = g_malloc (capacity);

  memcpy (buffer, text, length);
  if (length == 0)
    buffer[length++] = 'x';
  length = LLVMFuzzerMutate (buffer, length, capacity);
  return g_utf8_make_valid ((const char *) buffer, (gssize) length);
}

static char *
other_string (Doc        *doc,
              const char *value)
{
  switch (rand_below (doc, 10))
    {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      /* Real ids in wrong places: a colour where a card belongs, the id
       * of one card where another was. */
      return g_strdup (pick_string (doc));
    case 6:
      return g_strdup (pick_name (doc));
    case 7:
      return g_strdup (number_strings[rand_below (doc, G_N_ELEMENTS (number_strings))]);
    case 8:
      return mangle (value);
    default:
      switch (rand_below (doc, 3))
        {
        case 0:
          return g_strdup ("");
        case 1:
          return g_strconcat (value, value, NULL);
        default:
          return g_strnfill (1 + rand_below (doc, 4096), 'x');
        }
    }
}

/* A scalar of any kind, or a copy of any part of the document. */
static JsonNode *
any_value (Doc *doc)
{
  switch (rand_below (doc, 6))
    {
    case 0:
      return json_node_new (JSON_NODE_NULL);
    case 1:
      return new_boolean (one_in (doc, 2));
    case 2:
      return new_int (boundary_ints[rand_below (doc, G_N_ELEMENTS (boundary_ints))]);
    case 3:
      return new_string (pick_string (doc));
    default:
      return deep_copy (pick (doc, KIND_ANY | KIND_ROOT)->node);
    }
}

/* A number to a boundary or next to itself, a string to another string of
 * the document, a boolean to the other one. */
static gboolean
mutate_scalar (Doc *doc)
{
  Slot *slot = pick_not_text (doc, KIND_SCALAR);
  JsonNode *node;

  if (slot == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_NULL (slot->node))
    node = any_value (doc);
  else
    switch (json_node_get_value_type (slot->node))
      {
      case G_TYPE_INT64:
        node = new_int (other_int (doc, json_node_get_int (slot->node)));
        break;
      case G_TYPE_DOUBLE:
        node = new_double (boundary_doubles[rand_below (doc, G_N_ELEMENTS (boundary_doubles))]);
        break;
      case G_TYPE_BOOLEAN:
        node = new_boolean (!json_node_get_boolean (slot->node));
        break;
      case G_TYPE_STRING:
        {
          g_autofree char *text = other_string (doc, json_node_get_string (slot->node));

          node = new_string (text);
        }
        break;
      default:
        return FALSE;
      }
  slot_replace (doc, slot, node);
  return TRUE;
}

/* A node becomes one of another kind: the loader must check the kind of
 * everything it reads. */
static gboolean
mutate_kind (Doc *doc)
{
  Slot *slot = pick (doc, KIND_ANY);
  JsonNode *node;

  if (slot == NULL)
    return FALSE;
  switch (rand_below (doc, 10))
    {
    case 0:
      node = json_node_new (JSON_NODE_NULL);
      break;
    case 1:
      node = new_boolean (one_in (doc, 2));
      break;
    case 2:
      node = new_int (boundary_ints[rand_below (doc, G_N_ELEMENTS (boundary_ints))]);
      break;
    case 3:
      node = new_double (boundary_doubles[rand_below (doc, G_N_ELEMENTS (boundary_doubles))]);
      break;
    case 4:
      node = new_string (pick_string (doc));
      break;
    case 5:
      node = new_array_of (NULL);
      break;
    case 6:
      node = new_object_of (NULL, NULL);
      break;
    case 7:
      node = new_array_of (deep_copy (slot->node));
      break;
    case 8:
      node = new_object_of (pick_name (doc), deep_copy (slot->node));
      break;
    default:
      {
        /* The same value as text: 3 as "3", true as "true". */
        g_autofree char *text = json_to_string (slot->node, FALSE);

        node = new_string (text);
      }
      break;
    }
  slot_replace (doc, slot, node);
  return TRUE;
}

/* A node becomes a copy of another part of the document: real structure in
 * the wrong place. Often a member of the same name (one player's dice for
 * another's), else often one of the same kind. */
static gboolean
mutate_graft (Doc *doc)
{
  Slot *to = pick (doc, KIND_ANY);
  Slot *from;

  if (to == NULL)
    return FALSE;
  if (to->name != NULL && one_in (doc, 2))
    from = pick_named (doc, to->name);
  else
    from = pick (doc, one_in (doc, 2) ? kind_of (to->node) : KIND_ANY | KIND_ROOT);
  if (from == NULL || from->node == to->node)
    return FALSE;
  slot_replace (doc, to, deep_copy (from->node));
  return TRUE;
}

/* An element of an array copied in after itself, sometimes many times. */
static gboolean
mutate_duplicate (Doc *doc)
{
  static const guint counts[] = { 1, 1, 1, 2, 3, 7, 15, 100, 1000 };
  Slot *slot = pick (doc, KIND_ARRAY | KIND_FULL);
  JsonArray *array;
  JsonNode *element;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) copies = NULL;
  guint index, n;

  if (slot == NULL)
    return FALSE;
  array = json_node_get_array (slot->node);
  index = rand_below (doc, json_array_get_length (array));
  element = json_array_get_element (array, index);
  text = json_to_string (element, FALSE);
  n = MIN (counts[rand_below (doc, G_N_ELEMENTS (counts))], doc->budget / (strlen (text) + 1));
  if (n == 0)
    return FALSE;
  copies = g_ptr_array_sized_new (n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (copies, deep_copy (element));
  array_splice (array, index + 1, 0, (JsonNode **) copies->pdata, n);
  return TRUE;
}

/* One element removed, a run of them, or all. */
static gboolean
mutate_remove (Doc *doc)
{
  Slot *slot = pick (doc, KIND_ARRAY | KIND_FULL);
  JsonArray *array;
  guint length, index;

  if (slot == NULL)
    return FALSE;
  array = json_node_get_array (slot->node);
  length = json_array_get_length (array);
  index = rand_below (doc, length);
  switch (rand_below (doc, 4))
    {
    case 0:
    case 1:
      array_splice (array, index, 1, NULL, 0);
      break;
    case 2:
      array_splice (array, index, 1 + rand_below (doc, length - index), NULL, 0);
      break;
    default:
      array_splice (array, 0, length, NULL, 0);
      break;
    }
  return TRUE;
}

/* Two elements swapped, or the array reversed: where an element is can
 * mean something (a player's turn order, a Mark's cell). */
static gboolean
mutate_reorder (Doc *doc)
{
  Slot *slot = pick (doc, KIND_ARRAY | KIND_FULL);
  JsonArray *array;
  guint length;

  if (slot == NULL)
    return FALSE;
  array = json_node_get_array (slot->node);
  length = json_array_get_length (array);
  if (length < 2)
    return FALSE;
  if (one_in (doc, 3))
    {
      g_autoptr(GPtrArray) reversed = g_ptr_array_sized_new (length);

      for (guint i = length; i-- > 0;)
        g_ptr_array_add (reversed, json_node_ref (json_array_get_element (array, i)));
      array_splice (array, 0, length, (JsonNode **) reversed->pdata, length);
    }
  else
    {
      guint i = rand_below (doc, length);
      guint j = (i + 1 + rand_below (doc, length - 1)) % length;
      JsonNode *a = json_node_ref (json_array_get_element (array, i));
      JsonNode *b = json_node_ref (json_array_get_element (array, j));

      array_splice (array, i, 1, &b, 1);
      array_splice (array, j, 1, &a, 1);
    }
  return TRUE;
}

/* Mostly a few levels; now and then thousands. */
static guint
wrap_levels (Doc *doc)
{
  switch (rand_below (doc, 16))
    {
    case 13:
    case 14:
      return 100 + rand_below (doc, 900);
    case 15:
      return 1000 + rand_below (doc, MAX_DEPTH - 1000);
    case 10:
    case 11:
    case 12:
      return 4 + rand_below (doc, 96);
    default:
      return 1 + rand_below (doc, 3);
    }
}

/* A node wrapped in arrays, or in objects under one name, levels deep. */
static gboolean
mutate_wrap (Doc *doc)
{
  Slot *slot = pick (doc, KIND_ANY | KIND_ROOT);
  gboolean in_objects = one_in (doc, 2);
  g_autofree char *name = g_strdup (pick_name (doc));
  /* [] or {"name":} per level, as json_to_string() writes them. */
  gsize cost = in_objects ? strlen (name) + 5 : 2;
  guint levels = wrap_levels (doc);
  JsonNode *node;

  levels = MIN (levels, MAX_DEPTH - MIN (doc->depth, MAX_DEPTH));
  levels = MIN (levels, doc->budget / cost);
  if (slot == NULL || levels == 0)
    return FALSE;
  node = deep_copy (slot->node);
  for (guint i = 0; i < levels; i++)
    node = in_objects ? new_object_of (name, node) : new_array_of (node);
  slot_replace (doc, slot, node);
  return TRUE;
}

/* An array or object replaced by one of its elements or members. */
static gboolean
mutate_unwrap (Doc *doc)
{
  Slot *slot = pick (doc, KIND_ARRAY | KIND_OBJECT | KIND_FULL);
  JsonNode *child;

  if (slot == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_ARRAY (slot->node))
    {
      JsonArray *array = json_node_get_array (slot->node);

      child = json_array_get_element (array, rand_below (doc, json_array_get_length (array)));
    }
  else
    {
      JsonObject *object = json_node_get_object (slot->node);
      g_autoptr(GList) members = json_object_get_members (object);
      const char *name = g_list_nth_data (members, rand_below (doc, g_list_length (members)));

      child = json_object_get_member (object, name);
    }
  slot_replace (doc, slot, deep_copy (child));
  return TRUE;
}

/* A string of the document (most are ids) added to an array, preferably
 * one of strings: a card in two places, a Talent in a card list. */
static gboolean
mutate_copy_id (Doc *doc)
{
  Slot *id = pick_not_text (doc, KIND_STRING);
  Slot *list = NULL;
  JsonArray *array;
  JsonNode *node;

  if (id == NULL)
    return FALSE;
  for (guint i = 0; i < 4 && list == NULL; i++)
    {
      list = pick (doc, KIND_ARRAY | KIND_FULL);
      if (list != NULL
          && kind_of (json_array_get_element (json_node_get_array (list->node), 0)) != KIND_STRING)
        list = NULL;
    }
  if (list == NULL)
    list = pick (doc, KIND_ARRAY | KIND_ROOT);
  if (list == NULL)
    return FALSE;
  array = json_node_get_array (list->node);
  node = new_string (json_node_get_string (id->node));
  array_splice (array, rand_below (doc, json_array_get_length (array) + 1), 0, &node, 1);
  return TRUE;
}

/* Two different strings of the document trade places. */
static gboolean
mutate_swap_ids (Doc *doc)
{
  Slot *a = pick_not_text (doc, KIND_STRING);
  Slot *b = NULL;
  g_autofree char *a_text = NULL;
  g_autofree char *b_text = NULL;

  if (a == NULL)
    return FALSE;
  for (guint i = 0; i < 4 && b == NULL; i++)
    {
      b = pick_not_text (doc, KIND_STRING);
      if (g_strcmp0 (json_node_get_string (a->node), json_node_get_string (b->node)) == 0)
        b = NULL;
    }
  if (b == NULL)
    return FALSE;
  a_text = g_strdup (json_node_get_string (a->node));
  b_text = g_strdup (json_node_get_string (b->node));
  /* Replacing a leaf one for one leaves the other slot where it was. */
  slot_replace (doc, a, new_string (b_text));
  slot_replace (doc, b, new_string (a_text));
  return TRUE;
}

static gboolean
mutate_delete_member (Doc *doc)
{
  Slot *slot = pick (doc, KIND_ANY | KIND_MEMBER);
  g_autofree char *name = NULL;

  if (slot == NULL)
    return FALSE;
  name = g_strdup (slot->name);
  json_object_remove_member (json_node_get_object (slot->parent), name);
  return TRUE;
}

/* A member copied into another object under its own name: the Trial one
 * player reserved, reserved by another too. */
static gboolean
mutate_copy_member (Doc *doc)
{
  Slot *member = pick (doc, KIND_ANY | KIND_MEMBER);
  Slot *to = pick (doc, KIND_OBJECT | KIND_ROOT);
  g_autofree char *name = NULL;

  if (member == NULL || to == NULL || to->node == member->parent)
    return FALSE;
  name = g_strdup (member->name);
  json_object_set_member (json_node_get_object (to->node), name, deep_copy (member->node));
  return TRUE;
}

/* A member the object did not have, named as some other member is. */
static gboolean
mutate_add_member (Doc *doc)
{
  Slot *to = pick (doc, KIND_OBJECT | KIND_ROOT);
  g_autofree char *name = g_strdup (pick_name (doc));

  if (to == NULL)
    return FALSE;
  json_object_set_member (json_node_get_object (to->node), name, any_value (doc));
  return TRUE;
}

static gboolean
mutate_rename_member (Doc *doc)
{
  Slot *member = pick (doc, KIND_ANY | KIND_MEMBER);
  g_autofree char *old_name = NULL;
  g_autofree char *new_name = g_strdup (pick_name (doc));
  JsonObject *object;
  JsonNode *node;

  if (member == NULL || g_strcmp0 (member->name, new_name) == 0)
    return FALSE;
  object = json_node_get_object (member->parent);
  old_name = g_strdup (member->name);
  node = json_node_ref (member->node);
  json_object_remove_member (object, old_name);
  json_object_set_member (object, new_name, node);
  return TRUE;
}

typedef gboolean (*Mutation) (Doc *doc);

static const struct
{
  Mutation mutate;
  guint    weight;
} mutations[] = {
  { mutate_scalar, 20 },
  { mutate_kind, 8 },
  { mutate_graft, 10 },
  { mutate_duplicate, 8 },
  { mutate_remove, 8 },
  { mutate_reorder, 5 },
  { mutate_wrap, 6 },
  { mutate_unwrap, 3 },
  { mutate_copy_id, 8 },
  { mutate_swap_ids, 6 },
  { mutate_delete_member, 6 },
  { mutate_copy_member, 5 },
  { mutate_add_member, 4 },
  { mutate_rename_member, 3 },
};

static gboolean
mutate_once (Doc *doc)
{
  guint total = 0;

  for (guint i = 0; i < G_N_ELEMENTS (mutations); i++)
    total += mutations[i].weight;
  for (guint tries = 0; tries < MAX_TRIES; tries++)
    {
      guint k = rand_below (doc, total);
      guint i = 0;

      while (k >= mutations[i].weight)
        k -= mutations[i++].weight;
      if (mutations[i].mutate (doc))
        {
          doc_collect (doc);
          return TRUE;
        }
    }
  return FALSE;
}

size_t
LLVMFuzzerCustomMutator (uint8_t     *data,
                         size_t       size,
                         size_t       max_size,
                         unsigned int seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  for (guint attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
    {
      g_autoptr(Doc) doc = doc_parse (data, size, rand);
      guint n;
      size_t written;

      if (doc == NULL)
        break;
      doc->budget = max_size > size ? max_size - size : 0;
      /* libFuzzer stacks mutations itself (-mutate_depth); two or three at
       * once now and then reach what one at a time would lose on the way. */
      n = one_in (doc, 4) ? 2 + rand_below (doc, 2) : 1;
      for (guint i = 0; i < n; i++)
        mutate_once (doc);
      written = doc_write (doc, data, max_size, data, size);
      if (written > 0)
        return written;
    }
  return LLVMFuzzerMutate (data, size, max_size);
}

/* Part of one save in another: preferably a member of the same name (the
 * players of a four-player game in a solo one), else any node. */
size_t
LLVMFuzzerCustomCrossOver (const uint8_t *data1,
                           size_t         size1,
                           const uint8_t *data2,
                           size_t         size2,
                           uint8_t       *out,
                           size_t         max_out_size,
                           unsigned int   seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(Doc) doc = doc_parse (data1, size1, rand);
  g_autoptr(Doc) other = doc_parse (data2, size2, rand);
  Slot *to, *from = NULL;

  if (doc == NULL || other == NULL)
    return 0;
  to = pick (doc, KIND_ANY);
  if (to == NULL)
    return 0;
  if (to->name != NULL && !one_in (doc, 4))
    from = pick_named (other, to->name);
  if (from == NULL)
    from = pick (other, KIND_ANY | KIND_ROOT);
  if (JSON_NODE_HOLDS_ARRAY (to->node) && one_in (doc, 3))
    {
      JsonArray *array = json_node_get_array (to->node);
      JsonNode *node = deep_copy (from->node);

      array_splice (array, rand_below (doc, json_array_get_length (array) + 1), 0, &node, 1);
    }
  else
    slot_replace (doc, to, deep_copy (from->node));
  return doc_write (doc, out, max_out_size, data1, size1);
}
