/* pen-game-actions.c: what the action kinds share to write themselves as
 * JSON and to read themselves back (penumbra-sim, the saves' history); each
 * kind's own members are written and read in its area's file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-actions"

#include "config.h"

#include "pen-game-private.h"

/* Members read with a default: the wrong kind of member counts as missing
 * (json-glib's own getters warn about it; a damaged file must not). */
const char *
safe_string (JsonObject *object,
             const char *name,
             const char *fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : fallback;
}

gboolean
safe_boolean (JsonObject *object,
              const char *name,
              gboolean    fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && json_node_get_value_type (node) == G_TYPE_BOOLEAN ? json_node_get_boolean (node) : fallback;
}

const char *pen_deck_ids[PEN_N_DECKS] = {
  "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "potions", "artifacts",
};

void
put_int (JsonBuilder *b,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

void
put_string (JsonBuilder *b,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

void
put_boolean (JsonBuilder *b,
             const char  *name,
             gboolean     value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

/* The dice of @mask as a list of their places in the supply. */
void
put_dice (JsonBuilder *b,
          const char  *name,
          guint64      mask)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < 64; i++)
    if (mask & (G_GUINT64_CONSTANT (1) << i))
      json_builder_add_int_value (b, i);
  json_builder_end_array (b);
}

gboolean
member_int (JsonObject  *object,
            const char  *name,
            int          min,
            int          max,
            int         *out,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);
  gint64 value;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return refuse (error, _("The action needs a whole number “%s”."), name);
  value = json_node_get_int (node);
  if (value < min || value > max)
    return refuse (error, _("The action's “%s” is out of range."), name);
  *out = (int) value;
  return TRUE;
}

gboolean
member_id (JsonObject  *object,
           const char  *name,
           const char **ids,
           guint        n_ids,
           int         *out,
           GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *value;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return refuse (error, _("The action needs a text “%s”."), name);
  value = json_node_get_string (node);
  for (guint i = 0; i < n_ids; i++)
    if (ids[i] != NULL && g_str_equal (ids[i], value))
      {
        *out = (int) i;
        return TRUE;
      }
  return refuse (error, _("The action's “%s” has an unknown value “%s”."), name, value);
}

gboolean
member_discipline (JsonObject  *object,
                   const char  *name,
                   int         *out,
                   GError     **error)
{
  const char *ids[PEN_N_DISCIPLINES];

  for (guint i = 0; i < PEN_N_DISCIPLINES; i++)
    ids[i] = pen_discipline_get_id (i);
  return member_id (object, name, ids, PEN_N_DISCIPLINES, out, error);
}

gboolean
member_ingredient (JsonObject  *object,
                   const char  *name,
                   int         *out,
                   GError     **error)
{
  const char *ids[PEN_N_INGREDIENTS];

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    ids[i] = pen_ingredient_get_id (i);
  return member_id (object, name, ids, PEN_N_INGREDIENTS, out, error);
}

/* Adds the dice listed in @node, places in the supply, to @mask. */
gboolean
member_dice (JsonNode  *node,
             guint64   *mask,
             GError   **error)
{
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  if (array == NULL)
    return refuse (error, _("The action's “dice” must list dice of the supply."));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *die = json_array_get_element (array, i);

      if (json_node_get_value_type (die) != G_TYPE_INT64
          || json_node_get_int (die) < 0 || json_node_get_int (die) > 63)
        return refuse (error, _("The action's “dice” must list dice of the supply."));
      *mask |= G_GUINT64_CONSTANT (1) << json_node_get_int (die);
    }
  return TRUE;
}
