/* pen-resource-die.c: the Resource die (rulebook, "Ingredients": "a special die
 * whose faces show Fruits, Crystals and Jewels").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-resource-die"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-data.h"
#include "pen-error.h"
#include "pen-resource-die.h"

/* The most of one Ingredient a single face can show. */
#define MAX_PER_FACE 3

struct _PenResourceDie
{
  guint faces[PEN_RESOURCE_DIE_N_FACES][PEN_N_INGREDIENTS];
};

/* Only the Ingredients the rulebook prints on the die may appear on a face. */
static gboolean
ingredient_is_on_die (PenIngredient ingredient)
{
  return ingredient == PEN_INGREDIENT_FRUITS
         || ingredient == PEN_INGREDIENT_CRYSTALS
         || ingredient == PEN_INGREDIENT_JEWELS;
}

PenResourceDie *
pen_resource_die_new_from_json (JsonNode    *root,
                                const char  *file,
                                GError     **error)
{
  g_autoptr(PenResourceDie) self = g_new0 (PenResourceDie, 1);
  JsonArray *faces;

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (file != NULL, NULL);

  faces = pen_data_get_array (json_node_get_object (root), file, "resource-die", "faces", error);
  if (faces == NULL)
    return NULL;
  if (json_array_get_length (faces) != PEN_RESOURCE_DIE_N_FACES)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: resource-die: field “faces” must list exactly %d faces, not %u"),
                   file, PEN_RESOURCE_DIE_N_FACES, json_array_get_length (faces));
      return NULL;
    }

  for (guint i = 0; i < PEN_RESOURCE_DIE_N_FACES; i++)
    {
      JsonNode *node = json_array_get_element (faces, i);
      g_autofree char *item = g_strdup_printf ("face %u", i + 1);
      g_autoptr(GList) members = NULL;
      JsonObject *face;
      guint total = 0;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: a face must be an object of Ingredient counts"), file, item);
          return NULL;
        }
      face = json_node_get_object (node);
      members = json_object_get_members (face);
      for (const GList *l = members; l != NULL; l = l->next)
        {
          const char *name = l->data;
          PenIngredient ingredient;

          if (!pen_ingredient_from_id (name, &ingredient) || !ingredient_is_on_die (ingredient))
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                           _("%s: %s: field “%s” is not an Ingredient of the Resource die "
                             "(fruits, crystals, jewels)"),
                           file, item, name);
              return NULL;
            }
          if (!pen_data_get_uint (face, file, item, name, 1, MAX_PER_FACE,
                                  &self->faces[i][ingredient], error))
            return NULL;
          total += self->faces[i][ingredient];
        }
      if (total == 0)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: a face must show at least one Ingredient"), file, item);
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

PenResourceDie *
pen_resource_die_load (GError **error)
{
  g_autoptr(JsonNode) root = pen_data_load_resource (PEN_RESOURCE_DIE_FILE, error);

  if (root == NULL)
    return NULL;
  return pen_resource_die_new_from_json (root, PEN_RESOURCE_DIE_FILE, error);
}

void
pen_resource_die_free (PenResourceDie *self)
{
  g_free (self);
}

guint
pen_resource_die_get_face (const PenResourceDie *self,
                           guint                 face,
                           PenIngredient         ingredient)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (face < PEN_RESOURCE_DIE_N_FACES, 0);
  g_return_val_if_fail (ingredient < PEN_N_INGREDIENTS, 0);

  return self->faces[face][ingredient];
}

/**
 * pen_resource_die_roll:
 * @gains: (out caller-allocates): the Ingredients shown on the rolled face
 *
 * Returns: the index of the rolled face, 0-based
 */
guint
pen_resource_die_roll (const PenResourceDie *self,
                       PenRng               *rng,
                       guint                 gains[PEN_N_INGREDIENTS])
{
  guint face;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (rng != NULL, 0);

  face = pen_rng_range (rng, 0, PEN_RESOURCE_DIE_N_FACES);
  memcpy (gains, self->faces[face], sizeof self->faces[face]);
  return face;
}
