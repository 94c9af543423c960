/* pen-game-json.c: the JSON helpers of the engine. What the rule areas
 * share to write their state into a save and to read it back
 * (docs/save-format.md): each area's AREA_state_to_json() and
 * AREA_state_from_json() are in its own file, called in the save's order by
 * pen-game-save.c and pen-game-load.c. And what the action kinds share to
 * write themselves as JSON and to read themselves back (penumbra-sim, the
 * saves' history): each kind's own members are written and read in its
 * area's file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-json"

#include "config.h"

#include "pen-game-private.h"

/* ---- Writing ------------------------------------------------------------------ */

void
json_add_die (JsonBuilder  *b,
              const PenDie *die)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "die");
  switch (die->kind)
    {
    case PEN_DIE_KIND_BONE:
      json_builder_add_string_value (b, "bone");
      break;
    case PEN_DIE_KIND_SPARK:
      json_builder_add_string_value (b, "spark");
      break;
    case PEN_DIE_KIND_COLOURED:
      json_builder_add_string_value (b, pen_discipline_get_id (die->colour));
      break;
    case PEN_DIE_KIND_THREAT:
    default:
      g_assert_not_reached ();
    }
  json_builder_set_member_name (b, "value");
  json_builder_add_int_value (b, die->value);
  if (die->temporary)
    {
      json_builder_set_member_name (b, "temporary");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (die->in_task)
    {
      json_builder_set_member_name (b, "task");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_end_object (b);
}

void
json_add_strings (JsonBuilder *b,
                  const char  *name,
                  GPtrArray   *strings)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (strings, i));
  json_builder_end_array (b);
}

void
json_add_uints (JsonBuilder *b,
                const char  *name,
                const guint *values,
                guint        n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, values[i]);
  json_builder_end_array (b);
}

void
json_add_nullable (JsonBuilder *b,
                   const char  *name,
                   const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

/* The version of the save @root, which the loader has checked already. */
gint64
json_save_version (JsonObject *root)
{
  return json_object_get_int_member_with_default (root, "version", PEN_SAVE_VERSION);
}

const char *json_pending_ids[] = {
  "none", "talent", "location", "exchange", "threat", "contract", "path", "task", "rift", "reserve", "colour",
  "card", "buy", "equipment", "card-effect", "take-back", "mortal-wound",
};

/* ---- Reading, each part refused with a message when damaged ------------------ */

gboolean
json_bad_save (GError     **error,
               const char  *format,
               ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE, _("The saved game is damaged: %s"), detail);
  return FALSE;
}

JsonNode *
json_get_member (JsonObject  *object,
                 const char  *name,
                 JsonNodeType type,
                 GError     **error)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || json_node_get_node_type (node) != type)
    {
      json_bad_save (error, _("“%s” is missing or of the wrong kind."), name);
      return NULL;
    }
  return node;
}

gboolean
json_get_int (JsonObject  *object,
              const char  *name,
              gint64       min,
              gint64       max,
              gint64      *out,
              GError     **error)
{
  JsonNode *node = json_get_member (object, name, JSON_NODE_VALUE, error);

  if (node == NULL)
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_INT64)
    return json_bad_save (error, _("“%s” must be a whole number."), name);
  *out = json_node_get_int (node);
  if (*out < min || *out > max)
    return json_bad_save (error, _("“%s” is out of range."), name);
  return TRUE;
}

gboolean
json_get_bool (JsonObject  *object,
               const char  *name,
               gboolean    *out,
               GError     **error)
{
  JsonNode *node = json_get_member (object, name, JSON_NODE_VALUE, error);

  if (node == NULL)
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return json_bad_save (error, _("“%s” must be true or false."), name);
  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
json_get_choice (JsonObject  *object,
                 const char  *name,
                 const char **ids,
                 guint        n_ids,
                 guint       *out,
                 GError     **error)
{
  JsonNode *node = json_get_member (object, name, JSON_NODE_VALUE, error);
  const char *value;

  if (node == NULL)
    return FALSE;
  value = json_node_get_string (node);
  for (guint i = 0; value != NULL && i < n_ids; i++)
    if (g_str_equal (ids[i], value))
      {
        *out = i;
        return TRUE;
      }
  return json_bad_save (error, _("“%s” has an unknown value."), name);
}

gboolean
json_read_die (JsonNode  *node,
               PenDie    *die,
               GError   **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *kind = json_get_member (object, "die", JSON_NODE_VALUE, error);
  const char *id;
  gint64 value;
  PenDiscipline colour;

  if (kind == NULL || !json_get_int (object, "value", 1, 6, &value, error))
    return FALSE;
  id = json_node_get_string (kind);
  memset (die, 0, sizeof *die);
  if (g_strcmp0 (id, "bone") == 0)
    die->kind = PEN_DIE_KIND_BONE;
  else if (g_strcmp0 (id, "spark") == 0)
    die->kind = PEN_DIE_KIND_SPARK;
  else if (id != NULL && pen_discipline_from_id (id, &colour))
    {
      die->kind = PEN_DIE_KIND_COLOURED;
      die->colour = colour;
    }
  else
    return json_bad_save (error, _("a die has an unknown colour."));
  die->value = (guint8) value;
  /* Optional flags: absent is false, anything but true or false is damage. */
  for (guint i = 0; i < 2; i++)
    {
      const char *flag = i == 0 ? "temporary" : "task";
      JsonNode *member = json_object_get_member (object, flag);

      if (member != NULL && json_node_get_value_type (member) != G_TYPE_BOOLEAN)
        return json_bad_save (error, _("a die's “%s” must be true or false."), flag);
    }
  die->temporary = json_safe_boolean (object, "temporary", FALSE);
  die->in_task = json_safe_boolean (object, "task", FALSE);
  return TRUE;
}

gboolean
json_id_is_valid (PenGame    *self,
                  IdKind      kind,
                  const char *id)
{
  switch (kind)
    {
    case IDS_FATE:
      return pen_fate_catalogue_lookup (self->fate_catalogue, id) != NULL;
    case IDS_CONTRACT:
      return pen_quests_find_contract (self->quest_catalogue, id) != NULL;
    case IDS_CARD:
      return pen_cards_find (self->card_catalogue, id) != NULL;
    case IDS_PASSED:
      return (g_str_has_prefix (id, "light:") || g_str_has_prefix (id, "darkness:"))
             && pen_quests_find_trial (self->quest_catalogue, strchr (id, ':') + 1) != NULL;
    case IDS_EXAM:
    case IDS_DUNGEON:
    case IDS_RITUAL:
    default:
      return pen_automas_find_content (pen_automas_get_default (NULL), kind - IDS_EXAM, id) != NULL;
    }
}

gboolean
json_read_strings (JsonObject  *object,
                   const char  *name,
                   GPtrArray   *out,
                   PenGame     *self,
                   IdKind       kind,
                   GError     **error)
{
  JsonNode *node = json_get_member (object, name, JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (node == NULL)
    return FALSE;
  array = json_node_get_array (node);
  g_ptr_array_set_size (out, 0);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *id = json_node_get_string (json_array_get_element (array, i));

      if (id == NULL)
        return json_bad_save (error, _("“%s” must list texts."), name);
      if (!json_id_is_valid (self, kind, id))
        {
          g_autofree char *excerpt = pen_save_excerpt (id);

          return json_bad_save (error, _("“%s” names an unknown card “%s”."), name, excerpt);
        }
      g_ptr_array_add (out, g_strdup (id));
    }
  return TRUE;
}

gboolean
json_read_uints (JsonObject  *object,
                 const char  *name,
                 guint       *out,
                 guint        n,
                 guint        max,
                 GError     **error)
{
  JsonNode *member = json_get_member (object, name, JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != n)
    return json_bad_save (error, _("“%s” must list %u numbers."), name, n);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (json_node_get_value_type (node) != G_TYPE_INT64
          || json_node_get_int (node) < 0 || json_node_get_int (node) > max)
        return json_bad_save (error, _("“%s” is out of range."), name);
      out[i] = json_node_get_int (node);
    }
  return TRUE;
}

/* Free text of a save (the log's), interned: UTF-8 as every text the game
 * shows and writes must be, repaired with U+FFFD where the file's escapes
 * decoded to bytes that are not (a lone surrogate, "\ud800";
 * pen_save_check_shape() refuses such bytes anywhere else). */
const char *
json_valid_text (const char *text)
{
  g_autofree char *valid = NULL;

  if (g_utf8_validate (text, -1, NULL))
    return g_intern_string (text);
  valid = g_utf8_make_valid (text, -1);
  return g_intern_string (valid);
}

/* ---- Actions' members ------------------------------------------------------- */

/* Members read with a default: the wrong kind of member counts as missing
 * (json-glib's own getters warn about it; a damaged file must not). */
const char *
json_safe_string (JsonObject *object,
                  const char *name,
                  const char *fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : fallback;
}

gboolean
json_safe_boolean (JsonObject *object,
                   const char *name,
                   gboolean    fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && json_node_get_value_type (node) == G_TYPE_BOOLEAN ? json_node_get_boolean (node) : fallback;
}

const char *json_deck_ids[PEN_N_DECKS] = {
  "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "potions", "artifacts",
};

void
json_put_int (JsonBuilder *b,
              const char  *name,
              gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

void
json_put_string (JsonBuilder *b,
                 const char  *name,
                 const char  *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

void
json_put_boolean (JsonBuilder *b,
                  const char  *name,
                  gboolean     value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

/* The dice of @mask as a list of their places in the supply. */
void
json_put_dice (JsonBuilder *b,
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
json_member_int (JsonObject  *object,
                 const char  *name,
                 int          min,
                 int          max,
                 int         *out,
                 GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);
  gint64 value;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return game_refuse (error, _("The action needs a whole number “%s”."), name);
  value = json_node_get_int (node);
  if (value < min || value > max)
    return game_refuse (error, _("The action's “%s” is out of range."), name);
  *out = (int) value;
  return TRUE;
}

gboolean
json_member_id (JsonObject  *object,
                const char  *name,
                const char **ids,
                guint        n_ids,
                int         *out,
                GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *value;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return game_refuse (error, _("The action needs a text “%s”."), name);
  value = json_node_get_string (node);
  for (guint i = 0; i < n_ids; i++)
    if (ids[i] != NULL && g_str_equal (ids[i], value))
      {
        *out = (int) i;
        return TRUE;
      }
  {
    g_autofree char *excerpt = pen_save_excerpt (value);

    return game_refuse (error, _("The action's “%s” has an unknown value “%s”."), name, excerpt);
  }
}

gboolean
json_member_discipline (JsonObject  *object,
                        const char  *name,
                        int         *out,
                        GError     **error)
{
  const char *ids[PEN_N_DISCIPLINES];

  for (guint i = 0; i < PEN_N_DISCIPLINES; i++)
    ids[i] = pen_discipline_get_id (i);
  return json_member_id (object, name, ids, PEN_N_DISCIPLINES, out, error);
}

gboolean
json_member_ingredient (JsonObject  *object,
                        const char  *name,
                        int         *out,
                        GError     **error)
{
  const char *ids[PEN_N_INGREDIENTS];

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    ids[i] = pen_ingredient_get_id (i);
  return json_member_id (object, name, ids, PEN_N_INGREDIENTS, out, error);
}

/* Adds the dice listed in @node, places in the supply, to @mask. */
gboolean
json_member_dice (JsonNode  *node,
                  guint64   *mask,
                  GError   **error)
{
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  if (array == NULL)
    return game_refuse (error, _("The action's “dice” must list dice of the supply."));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *die = json_array_get_element (array, i);

      if (json_node_get_value_type (die) != G_TYPE_INT64
          || json_node_get_int (die) < 0 || json_node_get_int (die) > 63)
        return game_refuse (error, _("The action's “dice” must list dice of the supply."));
      *mask |= G_GUINT64_CONSTANT (1) << json_node_get_int (die);
    }
  return TRUE;
}
