/* test-rules-text.c: the rules reference's text (resources/rules/) against
 * the game's data: every Property, location, Mark, Primagic effect and Automa
 * section the table can point at has its topic, in English and in Russian,
 * and both languages have the same sections and topics.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

/* The rulebook's "Primagic" names twelve effects (Dice effects, Ingredient
 * effects); the data has no list of them, the engine plays them as rules. */
static const char *primagic[] = {
  "knock-out", "harvest", "empower", "persuade", "defend", "grab",
  "bind", "manipulate", "bribe", "heal", "hurry", "appear",
};

static const char *mark_states[] = { "charged", "discharged", "wounded" };

static JsonNode *
read_json (const char *first,
           ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  g_autofree char *path = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  va_list args;

  g_ptr_array_add (parts, (gpointer) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, "..");
  va_start (args, first);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **) parts->pdata);
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_ref (json_parser_get_root (parser));
}

/* The names of the .json files of the folder @folder of the source tree,
 * without ".json". */
static GPtrArray *
json_files (const char *folder)
{
  g_autofree char *path = g_build_filename (g_test_get_dir (G_TEST_DIST), "..", folder, NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strndup (name, strlen (name) - strlen (".json")));
  return names;
}

/* Every topic of a language's text (sections' ids and anchors), each with its
 * section's id; each topic once. */
static GHashTable *
topics_of (const char *language,
           GPtrArray  *section_ids)
{
  g_autofree char *file = g_strdup_printf ("rules-%s.json", language);
  g_autoptr(JsonNode) root = read_json ("resources", "rules", file, NULL);
  JsonArray *sections = json_object_get_array_member (json_node_get_object (root), "sections");
  GHashTable *topics = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "language"), ==, language);
  g_assert_cmpuint (json_array_get_length (sections), >, 0);
  for (guint i = 0; i < json_array_get_length (sections); i++)
    {
      JsonObject *section = json_array_get_object_element (sections, i);
      const char *id = json_object_get_string_member (section, "id");
      JsonArray *blocks = json_object_get_array_member (section, "blocks");

      g_assert_cmpstr (json_object_get_string_member (section, "title"), !=, "");
      g_assert_false (g_hash_table_contains (topics, id));
      g_hash_table_insert (topics, g_strdup (id), g_strdup (id));
      g_ptr_array_add (section_ids, g_strdup (id));
      g_assert_cmpuint (json_array_get_length (blocks), >, 0);
      for (guint j = 0; j < json_array_get_length (blocks); j++)
        {
          JsonObject *block = json_array_get_object_element (blocks, j);
          JsonArray *anchors;

          g_assert_cmpstr (json_object_get_string_member (block, "text"), !=, "");
          if (!json_object_has_member (block, "anchors"))
            continue;
          /* An anchor lands on a heading: the window lights it. */
          g_assert_true (json_object_has_member (block, "heading"));
          anchors = json_object_get_array_member (block, "anchors");
          for (guint k = 0; k < json_array_get_length (anchors); k++)
            {
              const char *anchor = json_array_get_string_element (anchors, k);

              if (g_hash_table_contains (topics, anchor))
                g_error ("rules-%s.json: the topic %s is there twice", language, anchor);
              g_hash_table_insert (topics, g_strdup (anchor), g_strdup (id));
            }
        }
    }
  return topics;
}

/* Adds the id of every Property of @node (a card file or part of one) to
 * @ids: a Property is a string, or an object of one member named by it. */
static void
collect_properties (JsonNode   *node,
                    GHashTable *ids)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        collect_properties (json_array_get_element (array, i), ids);
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (object);

      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *member = json_object_get_member (object, l->data);

          if (g_str_equal (l->data, "properties") && JSON_NODE_HOLDS_ARRAY (member))
            {
              JsonArray *properties = json_node_get_array (member);

              for (guint i = 0; i < json_array_get_length (properties); i++)
                {
                  JsonNode *property = json_array_get_element (properties, i);

                  if (JSON_NODE_HOLDS_VALUE (property))
                    g_hash_table_add (ids, g_strdup (json_node_get_string (property)));
                  else
                    {
                      g_autoptr(GList) names = json_object_get_members (json_node_get_object (property));

                      g_assert_cmpuint (g_list_length (names), ==, 1);
                      g_hash_table_add (ids, g_strdup (names->data));
                    }
                }
            }
          else
            collect_properties (member, ids);
        }
    }
}

/* Every topic the table can point at, from the data. */
static GPtrArray *
needed_topics (void)
{
  GPtrArray *needed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) properties = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) card_files = json_files ("data/cards");
  g_autoptr(GPtrArray) disciplines = json_files ("data/cards/disciplines");
  g_autoptr(GPtrArray) automas = json_files ("data/automa");
  g_autoptr(JsonNode) locations = read_json ("data", "boards", "locations.json", NULL);
  JsonArray *list = json_object_get_array_member (json_node_get_object (locations), "locations");
  GHashTableIter iter;
  gpointer id;

  for (guint i = 0; i < card_files->len; i++)
    {
      g_autofree char *file = g_strdup_printf ("%s.json", (char *) g_ptr_array_index (card_files, i));
      g_autoptr(JsonNode) cards = read_json ("data", "cards", file, NULL);

      collect_properties (cards, properties);
    }
  g_assert_cmpuint (g_hash_table_size (properties), >=, 8);
  g_hash_table_iter_init (&iter, properties);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    g_ptr_array_add (needed, g_strdup_printf ("property-%s", (char *) id));

  for (guint i = 0; i < json_array_get_length (list); i++)
    g_ptr_array_add (needed, g_strdup_printf ("location-%s",
                                              json_object_get_string_member (json_array_get_object_element (list, i), "id")));
  g_ptr_array_add (needed, g_strdup ("location-class"));
  g_assert_cmpuint (disciplines->len, ==, 6);
  for (guint i = 0; i < disciplines->len; i++)
    {
      g_ptr_array_add (needed, g_strdup_printf ("location-%s-class", (char *) g_ptr_array_index (disciplines, i)));
      g_ptr_array_add (needed, g_strdup_printf ("mark-%s", (char *) g_ptr_array_index (disciplines, i)));
    }
  g_ptr_array_add (needed, g_strdup ("mark-spark"));
  for (guint i = 0; i < G_N_ELEMENTS (mark_states); i++)
    g_ptr_array_add (needed, g_strdup_printf ("mark-%s", mark_states[i]));
  for (guint i = 0; i < G_N_ELEMENTS (primagic); i++)
    g_ptr_array_add (needed, g_strdup_printf ("primagic-%s", primagic[i]));

  g_ptr_array_add (needed, g_strdup ("automa-instruction"));
  for (guint i = 0; i < automas->len; i++)
    {
      const char *name = g_ptr_array_index (automas, i);
      g_autofree char *file = g_strdup_printf ("%s.json", name);
      g_autoptr(JsonNode) automa = read_json ("data", "automa", file, NULL);
      JsonObject *object = json_node_get_object (automa);
      g_autoptr(GList) sections = NULL;

      if (!json_object_has_member (object, "sections"))
        continue;   /* content.json: the Automa's Exams, Dungeons, Rituals */
      g_ptr_array_add (needed, g_strdup_printf ("automa-%s", name));
      g_ptr_array_add (needed, g_strdup_printf ("automa-%s-tome", name));
      sections = json_object_get_members (json_object_get_object_member (object, "sections"));
      for (GList *l = sections; l != NULL; l = l->next)
        g_ptr_array_add (needed, g_strdup_printf ("automa-%s-%s", name, (char *) l->data));
    }
  return needed;
}

static void
test_topics_from_data (void)
{
  static const char *languages[] = { "en", "ru" };
  g_autoptr(GPtrArray) needed = needed_topics ();

  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    {
      g_autoptr(GPtrArray) sections = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GHashTable) topics = topics_of (languages[l], sections);

      for (guint i = 0; i < needed->len; i++)
        if (!g_hash_table_contains (topics, g_ptr_array_index (needed, i)))
          g_error ("rules-%s.json has no topic %s", languages[l], (char *) g_ptr_array_index (needed, i));
      /* The table's Properties open the Properties section. */
      g_assert_cmpstr (g_hash_table_lookup (topics, "property-vigilance"), ==, "properties");
    }
}

static void
test_same_topics (void)
{
  g_autoptr(GPtrArray) en_sections = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ru_sections = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) en = topics_of ("en", en_sections);
  g_autoptr(GHashTable) ru = topics_of ("ru", ru_sections);
  GHashTableIter iter;
  gpointer topic, section;

  g_assert_cmpuint (en_sections->len, ==, ru_sections->len);
  for (guint i = 0; i < en_sections->len; i++)
    g_assert_cmpstr (g_ptr_array_index (en_sections, i), ==, g_ptr_array_index (ru_sections, i));
  g_assert_cmpuint (g_hash_table_size (en), ==, g_hash_table_size (ru));
  g_hash_table_iter_init (&iter, en);
  while (g_hash_table_iter_next (&iter, &topic, &section))
    {
      if (!g_hash_table_contains (ru, topic))
        g_error ("rules-ru.json has no topic %s", (char *) topic);
      g_assert_cmpstr (g_hash_table_lookup (ru, topic), ==, section);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules-text/topics-from-data", test_topics_from_data);
  g_test_add_func ("/rules-text/same-topics", test_same_topics);

  return g_test_run ();
}
