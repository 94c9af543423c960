/* pen-data.c: reading the game's JSON data files.
 *
 * A data file that is missing, malformed or inconsistent is refused at load with
 * a message naming the file, the item (card, board, face...) and the field, so a
 * broken file is found by whoever edits it, not by a player mid-game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-data"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "pen-data.h"
#include "pen-data-resources.h"
#include "pen-error.h"
#include "pen-file.h"

JsonNode *
pen_data_parse (const char  *file,
                const char  *contents,
                gssize       length,
                GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (file != NULL, NULL);
  g_return_val_if_fail (contents != NULL || length == 0, NULL);

  /* json-glib takes no empty text: it fails a precondition (a critical)
   * rather than saying the file holds nothing. */
  if (length == 0 || (length < 0 && *contents == '\0'))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA, _("%s: the data file is empty"), file);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, contents, length, &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: not valid JSON: %s"), file, local_error->message);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: the top level must be a JSON object"), file);
      return NULL;
    }
  return json_parser_steal_root (parser);
}

/* A data file read from the folder of PENUMBRA_DATA_DIR, through the one
 * reader of files someone names (a regular file, never waited on). */
static JsonNode *
load_from_folder (const char  *folder,
                  const char  *file,
                  GError     **error)
{
  g_autofree char *path = g_build_filename (folder, file, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  if (!pen_file_read_regular (path, PEN_DATA_MAX_SIZE, &contents, &length, NULL, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
        /* Translators: %s is a data file ("cards/potions.json"); %d the largest size in MiB */
        g_set_error (error, PEN_ERROR, PEN_ERROR_DATA, _("%s: the data file is larger than %d MiB"),
                     file, PEN_DATA_MAX_SIZE / (1024 * 1024));
      else
        /* The reader's message names the file too, as the player would see it. */
        g_set_error (error, PEN_ERROR, PEN_ERROR_DATA, "%s: %s", file, local_error->message);
      return NULL;
    }
  return pen_data_parse (file, contents, (gssize) length, error);
}

/**
 * pen_data_load_resource:
 * @file: a data file, as "cards/potions.json"
 *
 * Reads @file from the engine's GResource, or, when the environment variable
 * PENUMBRA_DATA_DIR names a folder, from that folder instead (HACKING.md: a
 * modder's data, or a test's damaged copy). Every message names @file.
 *
 * Returns: (transfer full): the file's top-level object, or %NULL with @error
 *   set (%PEN_ERROR_DATA)
 */
JsonNode *
pen_data_load_resource (const char  *file,
                        GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *folder = g_getenv ("PENUMBRA_DATA_DIR");
  gsize size;
  const char *contents;

  g_return_val_if_fail (file != NULL, NULL);

  if (folder != NULL && *folder != '\0')
    return load_from_folder (folder, file, error);

  path = g_strconcat (PEN_DATA_RESOURCE_PATH, file, NULL);
  /* Looked up in the engine's own resource, which also keeps the static
   * library from dropping it at link time. */
  bytes = g_resource_lookup_data (pen_data_get_resource (), path,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &local_error);
  if (bytes == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: the data file is missing: %s"), file, local_error->message);
      return NULL;
    }
  contents = g_bytes_get_data (bytes, &size);
  return pen_data_parse (file, contents, (gssize) size, error);
}

gboolean
pen_data_get_uint (JsonObject  *object,
                   const char  *file,
                   const char  *item,
                   const char  *field,
                   guint        min,
                   guint        max,
                   guint       *out,
                   GError     **error)
{
  JsonNode *node;
  gint64 value;

  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  node = json_object_get_member (object, field);
  if (node == NULL
      || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a whole number"), file, item, field);
      return FALSE;
    }
  value = json_node_get_int (node);
  if (value < (gint64) min || value > (gint64) max)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” is %s, outside %u–%u"),
                   file, item, field, text, min, max);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

JsonArray *
pen_data_get_array (JsonObject  *object,
                    const char  *file,
                    const char  *item,
                    const char  *field,
                    GError     **error)
{
  JsonNode *node;

  g_return_val_if_fail (object != NULL, NULL);

  node = json_object_get_member (object, field);
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a list"), file, item, field);
      return NULL;
    }
  return json_node_get_array (node);
}

/**
 * pen_data_path:
 * @prefix: (nullable): the path of an object inside its item, or %NULL for the
 *   item itself
 * @member: a member of that object
 *
 * A field inside an item is named by its path from the item, as in
 * “light.tasks[2].sum” (positions in a list count from 1, like the items), so
 * that a message points at the one place of the file to mend.
 *
 * Returns: (transfer full): the path of @member
 */
char *
pen_data_path (const char *prefix,
               const char *member)
{
  g_return_val_if_fail (member != NULL, NULL);

  if (prefix == NULL)
    return g_strdup (member);
  return g_strconcat (prefix, ".", member, NULL);
}

/**
 * pen_data_check_fields:
 * @object: an item, or an object inside one
 * @file: the data file, for the message
 * @item: the item (card, board, entry) being read, for the message
 * @prefix: (nullable): the path of @object inside @item (pen_data_path())
 * @known: (array zero-terminated=1): the fields @object may have
 * @error: a place for the error
 *
 * A misspelt optional field would otherwise be silently ignored.
 *
 * Returns: %FALSE with @error set if @object has a field not in @known
 */
gboolean
pen_data_check_fields (JsonObject         *object,
                       const char         *file,
                       const char         *item,
                       const char         *prefix,
                       const char * const *known,
                       GError            **error)
{
  g_autoptr(GList) members = NULL;

  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (known != NULL, FALSE);

  members = json_object_get_members (object);
  for (const GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (known, l->data))
      {
        g_autofree char *path = pen_data_path (prefix, l->data);

        g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                     _("%s: %s: unknown field “%s”"), file, item, path);
        return FALSE;
      }
  return TRUE;
}

/**
 * pen_data_node_get_string:
 * @node: (nullable): a field's value, or %NULL when the field is missing
 * @path: the field's path inside @item (pen_data_path())
 * @out: (out) (transfer none): the text, valid as long as @node
 *
 * Every text of the data names something or is read by the player, so an
 * empty one is a mistake as much as a number or a missing field is.
 *
 * Returns: %FALSE with @error set if @node is missing or is not a non-empty
 *   string
 */
gboolean
pen_data_node_get_string (JsonNode    *node,
                          const char  *file,
                          const char  *item,
                          const char  *path,
                          const char **out,
                          GError     **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (node == NULL
      || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING
      || *json_node_get_string (node) == '\0')
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a non-empty text"), file, item, path);
      return FALSE;
    }
  *out = json_node_get_string (node);
  return TRUE;
}

/**
 * pen_data_get_string:
 * @object: an item, or an object inside one
 * @prefix: (nullable): the path of @object inside @item (pen_data_path())
 * @field: the member of @object to read; it must be there
 * @out: (out) (transfer none): the text, valid as long as @object
 *
 * pen_data_node_get_string() for the member @field of @object.
 *
 * Returns: %FALSE with @error set if the field is missing or not a non-empty
 *   string
 */
gboolean
pen_data_get_string (JsonObject  *object,
                     const char  *file,
                     const char  *item,
                     const char  *prefix,
                     const char  *field,
                     const char **out,
                     GError     **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (object != NULL, FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  path = pen_data_path (prefix, field);
  return pen_data_node_get_string (json_object_get_member (object, field), file, item, path, out,
                                   error);
}

/**
 * pen_data_cache:
 * @slot: where the loaded data is kept for the life of the process
 * @load: loads it, or fails with @error
 *
 * The shipped data files are read once; every game shares them.
 *
 * Returns: (transfer none): the data, or %NULL with @error set
 */
gconstpointer
pen_data_cache (gpointer        *slot,
                PenDataLoadFunc  load,
                GError         **error)
{
  static GMutex mutex;
  gconstpointer result;

  g_return_val_if_fail (slot != NULL && load != NULL, NULL);

  g_mutex_lock (&mutex);
  if (*slot == NULL)
    *slot = load (error);
  result = *slot;
  g_mutex_unlock (&mutex);
  return result;
}

/**
 * pen_data_check_name_unique:
 * @names: case-folded name (owned) → id of the card that has it
 * @id: the card being read
 * @field: "name" or "name_ru"
 * @name: its name in that field
 * @file: the data file, for the message
 * @error: a place for the error
 *
 * Two cards with one name could not be told apart at the table, so a name may
 * stand on one card only (compared case-folded). Records @name for @id.
 *
 * Returns: %FALSE with @error set if another card already has @name
 */
gboolean
pen_data_check_name_unique (GHashTable  *names,
                            const char  *id,
                            const char  *field,
                            const char  *name,
                            const char  *file,
                            GError     **error)
{
  char *key = g_utf8_casefold (name, -1);
  const char *other = g_hash_table_lookup (names, key);

  if (other != NULL)
    {
      g_free (key);
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s”: “%s” is already the name of card “%s”"),
                   file, id, field, name, other);
      return FALSE;
    }
  g_hash_table_insert (names, key, (gpointer) id);
  return TRUE;
}

/**
 * pen_data_is_kebab_case:
 *
 * Ids are what saves and other data files refer to, so they are kept to one
 * spelling: lower-case letters and digits joined by single hyphens.
 */
gboolean
pen_data_is_kebab_case (const char *id)
{
  gboolean after_hyphen = TRUE;

  for (const char *p = id; *p != '\0'; p++)
    {
      if (g_ascii_islower (*p) || g_ascii_isdigit (*p))
        after_hyphen = FALSE;
      else if (*p == '-' && !after_hyphen)
        after_hyphen = TRUE;
      else
        return FALSE;
    }
  return !after_hyphen;
}
