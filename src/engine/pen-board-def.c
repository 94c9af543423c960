/* pen-board-def.c: the printed boards, read from data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-board-def"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-board-def.h"
#include "pen-data.h"
#include "pen-error.h"

static const char *section_effect_ids[] = {
  [PEN_SECTION_GAIN_MARK_AND_CARD] = "gain-mark-and-card",
  [PEN_SECTION_GAIN_CLASS_CARD] = "gain-class-card",
  [PEN_SECTION_GAIN_CLASS_DIE] = "gain-class-die",
  [PEN_SECTION_BUY_POTIONS] = "buy-potions",
  [PEN_SECTION_FULFIL_CONTRACT] = "fulfil-contract",
  [PEN_SECTION_EXCHANGE_INGREDIENTS] = "exchange-ingredients",
  [PEN_SECTION_BUY_ARTIFACT] = "buy-artifact",
  [PEN_SECTION_GAIN_RESOURCE] = "gain-resource",
  [PEN_SECTION_GAIN_SPARK_DIE] = "gain-spark-die",
  [PEN_SECTION_GAIN_BLOOD] = "gain-blood",
};

static const char *cell_condition_ids[] = {
  [PEN_CELL_ANY] = "any",
  [PEN_CELL_CLASS_COLOUR] = "class-colour",
  [PEN_CELL_CLASS_SIX] = "class-six",
  [PEN_CELL_SPARK] = "spark",
};

static const char *area_ids[] = {
  [PEN_AREA_SCHOOL] = "school",
  [PEN_AREA_CITY] = "city",
  [PEN_AREA_WILDS] = "wilds",
};

const char *
pen_section_effect_get_id (PenSectionEffect effect)
{
  g_return_val_if_fail (effect < G_N_ELEMENTS (section_effect_ids), NULL);
  return section_effect_ids[effect];
}

static gboolean
get_enum (JsonObject  *object,
          const char  *file,
          const char  *item,
          const char  *field,
          const char **ids,
          guint        n_ids,
          guint       *out,
          GError     **error)
{
  const char *value;

  if (!pen_data_get_string (object, file, item, NULL, field, &value, error))
    return FALSE;
  for (guint i = 0; i < n_ids; i++)
    if (g_str_equal (ids[i], value))
      {
        *out = i;
        return TRUE;
      }
  g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
               _("%s: %s: field “%s” has an unknown value “%s”"), file, item, field, value);
  return FALSE;
}

static JsonObject *
get_object (JsonNode    *node,
            const char  *file,
            const char  *item,
            GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: must be an object"), file, item);
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
load_rest_list (JsonObject    *object,
                const char    *file,
                const char    *item,
                const char    *field,
                PenRestEffect *effects,
                guint         *n_effects,
                GError       **error)
{
  JsonArray *array = pen_data_get_array (object, file, item, field, error);

  if (array == NULL)
    return FALSE;
  if (json_array_get_length (array) > PEN_MAX_REST_EFFECTS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” lists more than %d effects"),
                   file, item, field, PEN_MAX_REST_EFFECTS);
      return FALSE;
    }
  *n_effects = json_array_get_length (array);
  for (guint i = 0; i < *n_effects; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      const char *id = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_string (node) : NULL;

      if (id == NULL || !pen_rest_effect_from_id (id, &effects[i]))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s” has an unknown Rest effect “%s”"),
                       file, item, field, id ? id : "?");
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_mark_cells (JsonObject     *root,
                 const char     *file,
                 const char     *field,
                 gboolean        spark,
                 PenMarkCellDef *cells,
                 guint           n_cells,
                 GError        **error)
{
  JsonArray *array = pen_data_get_array (root, file, "wizard-board", field, error);

  if (array == NULL)
    return FALSE;
  if (json_array_get_length (array) != n_cells)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: wizard-board: field “%s” must list exactly %u cells"),
                   file, field, n_cells);
      return FALSE;
    }
  for (guint i = 0; i < n_cells; i++)
    {
      g_autofree char *item = g_strdup_printf ("%s %u", field, i + 1);
      JsonObject *cell = get_object (json_array_get_element (array, i), file, item, error);
      const char *effect;

      if (cell == NULL)
        return FALSE;
      if (!spark && !pen_data_get_uint (cell, file, item, "arcana", 0, 20, &cells[i].arcana, error))
        return FALSE;
      if (!pen_data_get_uint (cell, file, item, "die_value", 1, 6, &cells[i].die_value, error)
          || !pen_data_get_uint (cell, file, item, "points", 0, 20, &cells[i].points, error)
          || !load_rest_list (cell, file, item, "rest", cells[i].rest, &cells[i].n_rest, error)
          || !pen_data_get_string (cell, file, item, NULL, "effect", &effect, error))
        return FALSE;
      /* Rulebook, "Mark effects": Discipline Marks set, cast or recolour a Bone
       * die; Spark Marks set, cast or unexhaust. */
      if (!pen_mark_effect_from_id (effect, &cells[i].effect)
          || cells[i].effect == (spark ? PEN_MARK_EFFECT_RECOLOUR_BONE : PEN_MARK_EFFECT_UNEXHAUST))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “effect”: “%s” is not a Mark effect of this kind of cell"),
                       file, item, effect);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_sections (JsonObject     *object,
               const char     *file,
               const char     *item,
               PenLocationDef *location,
               GError        **error)
{
  JsonArray *sections = pen_data_get_array (object, file, item, "sections", error);

  if (sections == NULL)
    return FALSE;
  if (json_array_get_length (sections) == 0 || json_array_get_length (sections) > PEN_MAX_SECTIONS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “sections” must list 1 to %d sections"),
                   file, item, PEN_MAX_SECTIONS);
      return FALSE;
    }
  location->n_sections = json_array_get_length (sections);
  for (guint s = 0; s < location->n_sections; s++)
    {
      PenSectionDef *section = &location->sections[s];
      g_autofree char *section_item = g_strdup_printf ("%s section %u", item, s + 1);
      JsonObject *object_s = get_object (json_array_get_element (sections, s), file, section_item, error);
      const char *id;
      JsonArray *cells;
      guint effect;

      if (object_s == NULL
          || !pen_data_get_string (object_s, file, section_item, NULL, "id", &id, error)
          || !get_enum (object_s, file, section_item, "effect", section_effect_ids,
                        G_N_ELEMENTS (section_effect_ids), &effect, error))
        return FALSE;
      section->id = g_strdup (id);
      section->effect = effect;

      cells = pen_data_get_array (object_s, file, section_item, "cells", error);
      if (cells == NULL)
        return FALSE;
      if (json_array_get_length (cells) == 0 || json_array_get_length (cells) > PEN_MAX_CELLS)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “cells” must list 1 to %d cells"),
                       file, section_item, PEN_MAX_CELLS);
          return FALSE;
        }
      section->n_cells = json_array_get_length (cells);
      for (guint c = 0; c < section->n_cells; c++)
        {
          g_autofree char *cell_item = g_strdup_printf ("%s cell %u", section_item, c + 1);
          JsonObject *cell = get_object (json_array_get_element (cells, c), file, cell_item, error);
          PenCellDef *def = &section->cells[c];
          guint condition;

          if (cell == NULL
              || !get_enum (cell, file, cell_item, "die", cell_condition_ids,
                            G_N_ELEMENTS (cell_condition_ids), &condition, error))
            return FALSE;
          def->condition = condition;
          def->min_players = 1;
          if (json_object_has_member (cell, "players")
              && !pen_data_get_uint (cell, file, cell_item, "players", 1, 4, &def->min_players, error))
            return FALSE;
          def->unlimited = json_object_get_boolean_member_with_default (cell, "unlimited", FALSE);
          if (location->area != PEN_AREA_SCHOOL && def->condition != PEN_CELL_ANY
              && def->condition != PEN_CELL_SPARK)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                           _("%s: %s: field “die”: only a Class has a colour"), file, cell_item);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static void
clear_location (PenLocationDef *location)
{
  g_clear_pointer (&location->id, g_free);
  for (guint s = 0; s < PEN_MAX_SECTIONS; s++)
    g_clear_pointer (&location->sections[s].id, g_free);
}

void
pen_board_def_free (PenBoardDef *self)
{
  if (self == NULL)
    return;
  clear_location (&self->class_layout);
  for (guint i = 0; i < PEN_MAX_LOCATIONS; i++)
    clear_location (&self->locations[i]);
  g_free (self);
}

PenBoardDef *
pen_board_def_new_from_json (JsonNode    *wizard_board,
                             const char  *wizard_board_file,
                             JsonNode    *locations,
                             const char  *locations_file,
                             GError     **error)
{
  g_autoptr(PenBoardDef) self = g_new0 (PenBoardDef, 1);
  JsonObject *wb = json_node_get_object (wizard_board);
  JsonObject *loc = json_node_get_object (locations);
  const char *file = locations_file;
  JsonObject *class_object, *rate, *supply;
  JsonArray *array;

  g_return_val_if_fail (wizard_board != NULL && locations != NULL, NULL);

  supply = get_object (json_object_get_member (wb, "mark_supply"), wizard_board_file,
                       "mark_supply", error);
  if (supply == NULL
      || !pen_data_get_uint (supply, wizard_board_file, "mark_supply", "discipline", 1, 20,
                             &self->mark_supply_discipline, error)
      || !pen_data_get_uint (supply, wizard_board_file, "mark_supply", "spark", 1, 40,
                             &self->mark_supply_spark, error))
    return NULL;
  if (!load_rest_list (wb, wizard_board_file, "wizard-board", "thread_start",
                       self->thread_start, &self->n_thread_start, error)
      || !load_mark_cells (wb, wizard_board_file, "discipline_cells", FALSE,
                           self->mark_cells, PEN_N_DISCIPLINE_CELLS, error)
      || !load_mark_cells (wb, wizard_board_file, "spark_cells", TRUE,
                           self->mark_cells + PEN_N_DISCIPLINE_CELLS, PEN_N_SPARK_CELLS, error))
    return NULL;

  class_object = get_object (json_object_get_member (loc, "class"), file, "class", error);
  if (class_object == NULL)
    return NULL;
  self->class_layout.id = g_strdup ("class");
  self->class_layout.area = PEN_AREA_SCHOOL;
  if (!load_sections (class_object, file, "class", &self->class_layout, error))
    return NULL;

  array = pen_data_get_array (loc, file, "locations", "locations", error);
  if (array == NULL)
    return NULL;
  if (json_array_get_length (array) > PEN_MAX_LOCATIONS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: locations: more than %d locations"), file, PEN_MAX_LOCATIONS);
      return NULL;
    }
  self->n_locations = json_array_get_length (array);
  for (guint i = 0; i < self->n_locations; i++)
    {
      PenLocationDef *location = &self->locations[i];
      g_autofree char *item = g_strdup_printf ("location %u", i + 1);
      JsonObject *object = get_object (json_array_get_element (array, i), file, item, error);
      const char *id;
      guint area;

      if (object == NULL
          || !pen_data_get_string (object, file, item, NULL, "id", &id, error)
          || !get_enum (object, file, id, "area", area_ids, G_N_ELEMENTS (area_ids), &area, error))
        return NULL;
      if (area == PEN_AREA_SCHOOL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “area”: the School's locations are the Classes"), file, id);
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (self->locations[j].id, id))
          {
            g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                         _("%s: %s: field “id” is used twice"), file, id);
            return NULL;
          }
      location->id = g_strdup (id);
      location->area = area;
      if (!load_sections (object, file, id, location, error))
        return NULL;
    }

  rate = get_object (json_object_get_member (loc, "bazaar_rate"), file, "bazaar_rate", error);
  if (rate == NULL)
    return NULL;
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      const char *id = pen_ingredient_get_id (i);

      if (json_object_has_member (rate, id)
          && !pen_data_get_uint (rate, file, "bazaar_rate", id, 1, 12, &self->bazaar_rate[i], error))
        return NULL;
    }
  if (self->bazaar_rate[PEN_INGREDIENT_BLOOD] != 0 || self->bazaar_rate[PEN_INGREDIENT_ARCANA] != 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: bazaar_rate: Blood and Arcana are magical and cannot be exchanged"), file);
      return NULL;
    }

  return g_steal_pointer (&self);
}

PenBoardDef *
pen_board_def_load (GError **error)
{
  g_autoptr(JsonNode) wizard_board = pen_data_load_resource (PEN_WIZARD_BOARD_FILE, error);
  g_autoptr(JsonNode) locations = NULL;

  if (wizard_board == NULL)
    return NULL;
  locations = pen_data_load_resource (PEN_LOCATIONS_FILE, error);
  if (locations == NULL)
    return NULL;
  return pen_board_def_new_from_json (wizard_board, PEN_WIZARD_BOARD_FILE,
                                      locations, PEN_LOCATIONS_FILE, error);
}

/* The shipped boards, loaded once and kept for the life of the process. */
const PenBoardDef *
pen_board_def_get_default (GError **error)
{
  static PenBoardDef *def;

  return pen_data_cache ((gpointer *) &def, (PenDataLoadFunc) pen_board_def_load, error);
}
