/* pen-talents.c: the Talent cards (rulebook, "Talents"), read from data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-talents"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-data.h"
#include "pen-error.h"
#include "pen-talents.h"

void
pen_talents_free (PenTalents *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_talents; i++)
    {
      g_free (self->talents[i].id);
      g_free (self->talents[i].name);
      g_free (self->talents[i].name_ru);
      g_free (self->talents[i].card);
    }
  g_free (self->talents);
  g_free (self);
}

static gboolean
get_text (JsonObject  *object,
          const char  *file,
          const char  *item,
          const char  *field,
          char       **out,
          GError     **error)
{
  const char *text;

  if (!pen_data_get_string (object, file, item, NULL, field, &text, error))
    return FALSE;
  *out = g_strdup (text);
  return TRUE;
}

PenTalents *
pen_talents_new_from_json (JsonNode    *root,
                           const char  *file,
                           GError     **error)
{
  g_autoptr(PenTalents) self = g_new0 (PenTalents, 1);
  JsonArray *array;

  g_return_val_if_fail (root != NULL, NULL);

  array = pen_data_get_array (json_node_get_object (root), file, "talents", "talents", error);
  if (array == NULL)
    return NULL;
  /* Two Talents are dealt to each of up to four players. */
  if (json_array_get_length (array) < 8)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: talents: at least 8 Talents are needed to deal 2 to each of 4 players"),
                   file);
      return NULL;
    }
  self->talents = g_new0 (PenTalent, json_array_get_length (array));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *item = g_strdup_printf ("talent %u", i + 1);
      PenTalent *talent = &self->talents[i];
      JsonObject *object, *ingredients;
      char *mark = NULL;
      gboolean known_mark;

      self->n_talents = i + 1;
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA, _("%s: %s: must be an object"), file, item);
          return NULL;
        }
      object = json_node_get_object (node);
      if (!get_text (object, file, item, "id", &talent->id, error)
          || !get_text (object, file, talent->id, "name", &talent->name, error)
          || !get_text (object, file, talent->id, "name_ru", &talent->name_ru, error)
          || !pen_data_get_uint (object, file, talent->id, "turn_order", 1, 99, &talent->turn_order, error)
          || !get_text (object, file, talent->id, "mark", &mark, error)
          || !get_text (object, file, talent->id, "card", &talent->card, error))
        return NULL;
      known_mark = pen_discipline_from_id (mark, &talent->mark);
      g_free (mark);
      if (!known_mark)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “mark” is not a Discipline"), file, talent->id);
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (self->talents[j].id, talent->id)
            || self->talents[j].turn_order == talent->turn_order)
          {
            g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                         _("%s: %s: its id or turn order is used twice"), file, talent->id);
            return NULL;
          }
      if (json_object_has_member (object, "ability"))
        {
          const char *ability = json_object_get_string_member_with_default (object, "ability", "");

          if (g_strcmp0 (ability, "cancel-property") != 0)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                           _("%s: %s: field “ability” must be “cancel-property”"), file, talent->id);
              return NULL;
            }
          talent->ability = PEN_TALENT_ABILITY_CANCEL_PROPERTY;
        }
      node = json_object_get_member (object, "ingredients");
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “ingredients” must be an object"), file, talent->id);
          return NULL;
        }
      ingredients = json_node_get_object (node);
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if (json_object_has_member (ingredients, pen_ingredient_get_id (k))
            && !pen_data_get_uint (ingredients, file, talent->id, pen_ingredient_get_id (k),
                                   0, 12, &talent->ingredients[k], error))
          return NULL;
    }
  return g_steal_pointer (&self);
}

PenTalents *
pen_talents_load (GError **error)
{
  g_autoptr(JsonNode) root = pen_data_load_resource (PEN_TALENTS_FILE, error);

  if (root == NULL)
    return NULL;
  return pen_talents_new_from_json (root, PEN_TALENTS_FILE, error);
}

const PenTalents *
pen_talents_get_default (GError **error)
{
  static PenTalents *talents;

  return pen_data_cache ((gpointer *) &talents, (PenDataLoadFunc) pen_talents_load, error);
}

const PenTalent *
pen_talents_find (const PenTalents *self,
                  const char       *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < self->n_talents; i++)
    if (g_str_equal (self->talents[i].id, id))
      return &self->talents[i];
  return NULL;
}
