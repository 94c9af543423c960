/* pen-automa.c: the six Automas, read from data (docs/design-automa.md).
 *
 * A variant file that breaks the format is refused with a message naming the
 * file, the place (section and instruction) and the field.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-automa"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-automa.h"
#include "pen-data.h"
#include "pen-error.h"

static const char *variant_ids[] = { "emerald", "jasper", "ruby", "amethyst", "sapphire", "amber" };
static const char *cell_ids[] = { "conductor", "pendant", "mantle", "ring", "leftmost" };
static const char *section_ids[] = { "contract-trial", "school", "city", "wilds" };
static const char *content_ids[] = { "exam", "dungeon", "ritual" };

struct _PenAutomas
{
  GPtrArray *variants;
  GPtrArray *content[PEN_AUTOMA_N_CONTENT];   /* PenAutomaContentCard */
  guint      open[PEN_AUTOMA_N_CONTENT];      /* face-up cards: the Dungeon row, the Ritual market */
};

const char *
pen_automa_cell_get_id (PenAutomaCell cell)
{
  g_return_val_if_fail (cell <= PEN_AUTOMA_LEFTMOST, NULL);
  return cell_ids[cell];
}

const char *
pen_automa_content_get_id (PenAutomaContent content)
{
  g_return_val_if_fail (content < PEN_AUTOMA_N_CONTENT, NULL);
  return content_ids[content];
}

static gboolean fail (GError **error, const char *file, const char *where, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail (GError     **error,
      const char  *file,
      const char  *where,
      const char  *format,
      ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, PEN_ERROR, PEN_ERROR_DATA, "%s: %s: %s", file, where, detail);
  return FALSE;
}

/* The members of an object read as their type, or NULL when missing or of
 * another type (json-glib's own getters fail a precondition, a critical, on
 * a member of the wrong type): the caller refuses a NULL with a message that
 * names the file. */
static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
member_array (JsonObject *object,
              const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static const char *
member_string (JsonObject *object,
               const char *name,
               const char *otherwise)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return otherwise;
  return json_node_get_string (node);
}

static gboolean
node_is_int (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static int
find (const char **ids,
      guint        n,
      const char  *value)
{
  for (guint i = 0; value != NULL && i < n; i++)
    if (g_str_equal (ids[i], value))
      return (int) i;
  return -1;
}

static gboolean
parse_bound (JsonNode      *node,
             PenAutomaStep *step)
{
  const char *bound = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_string (node) : NULL;

  if (g_strcmp0 (bound, "lt-level") == 0)
    step->or_equal = FALSE;
  else if (g_strcmp0 (bound, "le-level") == 0)
    step->or_equal = TRUE;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_step (JsonNode      *node,
            PenAutomaStep *step,
            const char    *file,
            const char    *where,
            GError       **error)
{
  static const struct { const char *place; PenAutomaStepKind kind; } places[] = {
    { "class-mark", PEN_AUTOMA_STEP_PLACE_CLASS_MARK },
    { "class-card", PEN_AUTOMA_STEP_PLACE_CLASS_CARD },
    { "brewery", PEN_AUTOMA_STEP_PLACE_BREWERY },
    { "shop", PEN_AUTOMA_STEP_PLACE_SHOP },
    { "sanctuary", PEN_AUTOMA_STEP_PLACE_SANCTUARY },
    { "ruins", PEN_AUTOMA_STEP_PLACE_RUINS },
  };
  JsonObject *object;
  const char *name;
  JsonNode *value;
  g_autoptr(GList) members = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node) || json_object_get_size (object = json_node_get_object (node)) != 1)
    return fail (error, file, where, _("a step must be an object with one member"));
  members = json_object_get_members (object);
  name = members->data;
  value = json_object_get_member (object, name);

  if (g_str_equal (name, "trial") || g_str_equal (name, "guild"))
    {
      step->kind = g_str_equal (name, "trial") ? PEN_AUTOMA_STEP_TRIAL : PEN_AUTOMA_STEP_GUILD;
      if (!parse_bound (value, step))
        return fail (error, file, where, _("field “%s” must be “lt-level” or “le-level”"), name);
      return TRUE;
    }
  if (g_str_equal (name, "fill") || g_str_equal (name, "arcana"))
    {
      step->kind = g_str_equal (name, "fill") ? PEN_AUTOMA_STEP_FILL : PEN_AUTOMA_STEP_ARCANA;
      if (json_node_get_value_type (value) != G_TYPE_INT64 || json_node_get_int (value) < 1
          || json_node_get_int (value) > 4)
        return fail (error, file, where, _("field “%s” must be a number from 1 to 4"), name);
      step->amount = json_node_get_int (value);
      return TRUE;
    }
  if (g_str_equal (name, "place"))
    {
      const char *place = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_string (value) : NULL;

      for (guint i = 0; i < G_N_ELEMENTS (places); i++)
        if (g_strcmp0 (place, places[i].place) == 0)
          {
            step->kind = places[i].kind;
            return TRUE;
          }
      return fail (error, file, where, _("field “place” has an unknown value"));
    }
  if (g_str_equal (name, "gain"))
    {
      const char *gain = JSON_NODE_HOLDS_VALUE (value) ? json_node_get_string (value) : NULL;

      if (g_strcmp0 (gain, "mark") == 0)
        step->kind = PEN_AUTOMA_STEP_GAIN_MARK;
      else if (g_strcmp0 (gain, "class-card") == 0)
        step->kind = PEN_AUTOMA_STEP_GAIN_CLASS_CARD;
      else if (g_strcmp0 (gain, "artifact") == 0)
        step->kind = PEN_AUTOMA_STEP_GAIN_ARTIFACT;
      else
        return fail (error, file, where, _("field “gain” has an unknown value"));
      return TRUE;
    }
  if (g_str_equal (name, "additional"))
    {
      step->kind = PEN_AUTOMA_STEP_ADDITIONAL;
      return TRUE;
    }
  if (g_str_equal (name, "refresh"))
    {
      if (g_strcmp0 (JSON_NODE_HOLDS_VALUE (value) ? json_node_get_string (value) : NULL, "brewery") != 0)
        return fail (error, file, where, _("field “refresh” must be “brewery”"));
      step->kind = PEN_AUTOMA_STEP_REFRESH_BREWERY;
      return TRUE;
    }
  if (g_str_equal (name, "replace"))
    {
      int cell = find (cell_ids, G_N_ELEMENTS (cell_ids), JSON_NODE_HOLDS_VALUE (value) ? json_node_get_string (value) : NULL);

      if (cell < 0)
        return fail (error, file, where, _("field “replace” must name a cell or “leftmost”"));
      step->kind = PEN_AUTOMA_STEP_REPLACE;
      step->target = cell;
      return TRUE;
    }
  if (g_str_equal (name, "content"))
    {
      int content = find (content_ids, G_N_ELEMENTS (content_ids), JSON_NODE_HOLDS_VALUE (value) ? json_node_get_string (value) : NULL);

      if (content < 0)
        return fail (error, file, where, _("field “content” has an unknown value"));
      step->kind = PEN_AUTOMA_STEP_CONTENT;
      step->content = content;
      return TRUE;
    }
  return fail (error, file, where, _("“%s” is not a step"), name);
}

/* @number: the instruction's number if the data gives none (its place);
 * a number given must exceed @previous, the number before it. */
static gboolean
parse_instruction (JsonNode             *node,
                   PenAutomaInstruction *instruction,
                   guint                 number,
                   guint                 previous,
                   const char           *file,
                   const char           *where,
                   GError              **error)
{
  JsonObject *object;
  JsonArray *steps;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, file, where, _("an instruction must be an object"));
  object = json_node_get_object (node);
  instruction->number = number;
  if (json_object_has_member (object, "number")
      && !pen_data_get_uint (object, file, where, "number", previous + 1, PEN_AUTOMA_N_INSTRUCTIONS,
                             &instruction->number, error))
    return FALSE;
  instruction->any_count = TRUE;
  instruction->count_max = G_MAXUINT;
  instruction->first = -1;
  if (json_object_has_member (object, "when"))
    {
      JsonObject *when = member_object (object, "when");
      JsonNode *cell;

      if (when == NULL)
        return fail (error, file, where, _("field “when” must be an object"));
      cell = json_object_get_member (when, "cell");
      if (cell != NULL)
        {
          instruction->any_count = FALSE;
          if (node_is_int (cell))
            instruction->count_min = instruction->count_max = json_node_get_int (cell);
          else if (JSON_NODE_HOLDS_OBJECT (cell) && node_is_int (json_object_get_member (json_node_get_object (cell), "min")))
            instruction->count_min = json_object_get_int_member (json_node_get_object (cell), "min");
          else if (JSON_NODE_HOLDS_ARRAY (cell))
            {
              JsonArray *counts = json_node_get_array (cell);

              instruction->count_min = G_MAXUINT;
              instruction->count_max = 0;
              for (guint i = 0; i < json_array_get_length (counts); i++)
                {
                  if (!node_is_int (json_array_get_element (counts, i)) || json_array_get_int_element (counts, i) < 0)
                    return fail (error, file, where, _("field “when.cell” must be a number, {\"min\": n} or a list"));
                  instruction->count_set |= 1u << MIN (json_array_get_int_element (counts, i), 31);
                }
            }
          else
            return fail (error, file, where, _("field “when.cell” must be a number, {\"min\": n} or a list"));
        }
      if (json_object_has_member (when, "first"))
        {
          JsonNode *first = json_object_get_member (when, "first");

          if (!JSON_NODE_HOLDS_VALUE (first) || json_node_get_value_type (first) != G_TYPE_BOOLEAN)
            return fail (error, file, where, _("field “when.first” must be true or false"));
          instruction->first = json_node_get_boolean (first) ? 1 : 0;
        }
    }
  steps = member_array (object, "steps");
  if (steps == NULL || json_array_get_length (steps) == 0 || json_array_get_length (steps) > PEN_AUTOMA_MAX_STEPS)
    return fail (error, file, where, _("field “steps” must list 1 to %d steps"), PEN_AUTOMA_MAX_STEPS);
  instruction->n_steps = json_array_get_length (steps);
  for (guint i = 0; i < instruction->n_steps; i++)
    if (!parse_step (json_array_get_element (steps, i), &instruction->steps[i], file, where, error))
      return FALSE;
  return TRUE;
}

void
pen_automa_variant_free (PenAutomaVariant *variant)
{
  if (variant == NULL)
    return;
  g_free (variant->id);
  g_free (variant->name);
  g_free (variant->name_ru);
  g_free (variant->speciality);
  g_free (variant->speciality_ru);
  g_free (variant);
}

PenAutomaVariant *
pen_automa_variant_new_from_json (JsonNode    *root,
                                  const char  *file,
                                  GError     **error)
{
  g_autoptr(PenAutomaVariant) variant = g_new0 (PenAutomaVariant, 1);
  JsonObject *object = json_node_get_object (root), *points, *sections;
  int tome;

  variant->id = g_strdup (member_string (object, "id", ""));
  variant->name = g_strdup (member_string (object, "name", ""));
  variant->name_ru = g_strdup (member_string (object, "name_ru", ""));
  variant->speciality = g_strdup (member_string (object, "speciality", ""));
  variant->speciality_ru = g_strdup (member_string (object, "speciality_ru", ""));
  if (find (variant_ids, G_N_ELEMENTS (variant_ids), variant->id) < 0)
    return fail (error, file, "id", _("is not one of the six Automas")), NULL;
  if (variant->name[0] == '\0' || variant->name_ru[0] == '\0')
    return fail (error, file, variant->id, _("fields “name” and “name_ru” must be non-empty")), NULL;
  if (variant->speciality[0] == '\0' || variant->speciality_ru[0] == '\0')
    return fail (error, file, variant->id, _("fields “speciality” and “speciality_ru” must be non-empty texts")), NULL;
  if (!pen_data_get_uint (object, file, variant->id, "difficulty", 1, 4, &variant->difficulty, error))
    return NULL;
  points = member_object (object, "board-points");
  if (points == NULL
      || !pen_data_get_uint (points, file, variant->id, "per-discipline-card", 0, 9, &variant->per_discipline_card, error)
      || !pen_data_get_uint (points, file, variant->id, "per-contract", 0, 9, &variant->per_contract, error)
      || !pen_data_get_uint (points, file, variant->id, "per-trial", 0, 9, &variant->per_trial, error)
      || !pen_data_get_uint (points, file, variant->id, "per-elder-card", 0, 9, &variant->per_elder_card, error)
      || !pen_data_get_uint (points, file, variant->id, "per-ritual", 0, 9, &variant->per_ritual, error)
      || !pen_data_get_uint (points, file, variant->id, "per-exam-or-dungeon", 0, 9,
                             &variant->per_exam_or_dungeon, error))
    return error && *error ? NULL : (fail (error, file, variant->id, _("field “board-points” must be an object")), NULL);
  tome = find (cell_ids, G_N_ELEMENTS (cell_ids), member_string (object, "tome", NULL));
  if (tome < 0)
    return fail (error, file, variant->id, _("field “tome” must name a cell or “leftmost”")), NULL;
  variant->tome = tome;

  sections = member_object (object, "sections");
  if (sections == NULL)
    return fail (error, file, variant->id, _("field “sections” must be an object")), NULL;
  for (guint s = 0; s < PEN_AUTOMA_N_CELLS; s++)
    {
      JsonArray *instructions = member_array (sections, section_ids[s]);

      if (instructions == NULL || json_array_get_length (instructions) == 0
          || json_array_get_length (instructions) > PEN_AUTOMA_N_INSTRUCTIONS)
        return fail (error, file, section_ids[s], _("must list 1 to 3 instructions")), NULL;
      for (guint i = 0; i < json_array_get_length (instructions); i++)
        {
          g_autofree char *where = g_strdup_printf ("%s, instruction %u", section_ids[s], i + 1);

          if (!parse_instruction (json_array_get_element (instructions, i), &variant->sections[s][i], i + 1,
                                  i > 0 ? variant->sections[s][i - 1].number : 0, file, where, error))
            return NULL;
        }
    }
  return g_steal_pointer (&variant);
}

static void
content_card_free (PenAutomaContentCard *card)
{
  g_free (card->id);
  g_free (card->name);
  g_free (card->name_ru);
  g_free (card);
}

void
pen_automas_free (PenAutomas *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->variants);
  for (guint k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    g_clear_pointer (&self->content[k], g_ptr_array_unref);
  g_free (self);
}

/* The Exams, Dungeons and Rituals (spec §9) from content.json: per kind, how
 * many lie face up and the cards, each with an id, names in both languages
 * and (Dungeons) victory points. Ids are unique over all three kinds. */
static gboolean
load_content (PenAutomas  *self,
              GError     **error)
{
  const char *file = PEN_AUTOMA_DIR "content.json";
  g_autoptr(JsonNode) root = pen_data_load_resource (file, error);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) names_ru = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (root == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return fail (error, file, "content", _("must be an object"));
  for (guint k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      JsonNode *member = json_object_get_member (json_node_get_object (root), content_ids[k]);
      JsonObject *kind = member != NULL && JSON_NODE_HOLDS_OBJECT (member) ? json_node_get_object (member) : NULL;
      JsonArray *cards;

      self->content[k] = g_ptr_array_new_with_free_func ((GDestroyNotify) content_card_free);
      if (kind == NULL)
        return fail (error, file, content_ids[k], _("must be an object"));
      cards = pen_data_get_array (kind, file, content_ids[k], "cards", error);
      if (cards == NULL || !pen_data_get_uint (kind, file, content_ids[k], "open", 0, 3, &self->open[k], error))
        return FALSE;
      if (json_array_get_length (cards) <= self->open[k])
        return fail (error, file, content_ids[k], _("field “cards” must list more cards than lie face up"));
      for (guint i = 0; i < json_array_get_length (cards); i++)
        {
          JsonNode *node = json_array_get_element (cards, i);
          JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
          PenAutomaContentCard *card;

          if (object == NULL)
            return fail (error, file, content_ids[k], _("a card must be an object"));
          card = g_new0 (PenAutomaContentCard, 1);
          g_ptr_array_add (self->content[k], card);
          card->id = g_strdup (member_string (object, "id", ""));
          card->name = g_strdup (member_string (object, "name", ""));
          card->name_ru = g_strdup (member_string (object, "name_ru", ""));
          if (!pen_data_is_kebab_case (card->id) || !g_hash_table_add (ids, card->id))
            return fail (error, file, content_ids[k], _("card %u: field “id” must be a new kebab-case id"), i + 1);
          if (card->name[0] == '\0' || card->name_ru[0] == '\0')
            return fail (error, file, card->id, _("fields “name” and “name_ru” must be non-empty"));
          if (!pen_data_check_name_unique (names, card->id, "name", card->name, file, error)
              || !pen_data_check_name_unique (names_ru, card->id, "name_ru", card->name_ru, file, error))
            return FALSE;
          if (k == PEN_AUTOMA_DUNGEON
              && !pen_data_get_uint (object, file, card->id, "points", 1, 9, &card->points, error))
            return FALSE;
        }
    }
  return TRUE;
}

PenAutomas *
pen_automas_load (GError **error)
{
  g_autoptr(PenAutomas) self = g_new0 (PenAutomas, 1);

  self->variants = g_ptr_array_new_with_free_func ((GDestroyNotify) pen_automa_variant_free);
  for (guint i = 0; i < G_N_ELEMENTS (variant_ids); i++)
    {
      g_autofree char *file = g_strdup_printf (PEN_AUTOMA_DIR "%s.json", variant_ids[i]);
      g_autoptr(JsonNode) root = pen_data_load_resource (file, error);
      PenAutomaVariant *variant;

      if (root == NULL)
        return NULL;
      variant = pen_automa_variant_new_from_json (root, file, error);
      if (variant == NULL)
        return NULL;
      if (!g_str_equal (variant->id, variant_ids[i]))
        {
          fail (error, file, "id", _("must be “%s”, as the file's name"), variant_ids[i]);
          pen_automa_variant_free (variant);
          return NULL;
        }
      g_ptr_array_add (self->variants, variant);
    }
  if (!load_content (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

const PenAutomas *
pen_automas_get_default (GError **error)
{
  static PenAutomas *automas;

  return pen_data_cache ((gpointer *) &automas, (PenDataLoadFunc) pen_automas_load, error);
}

guint
pen_automas_get_n_variants (const PenAutomas *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->variants->len;
}

const PenAutomaVariant *
pen_automas_get_variant (const PenAutomas *self,
                         guint             index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->variants->len, NULL);
  return g_ptr_array_index (self->variants, index);
}

const PenAutomaVariant *
pen_automas_find (const PenAutomas *self,
                  const char       *id)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; id != NULL && i < self->variants->len; i++)
    if (g_str_equal (((PenAutomaVariant *) g_ptr_array_index (self->variants, i))->id, id))
      return g_ptr_array_index (self->variants, i);
  return NULL;
}

/**
 * pen_automa_variant_uses_content:
 * @variant: an Automa
 *
 * Whether some instruction of @variant takes Exams, Dungeons or Rituals
 * (Sapphire, Amber; spec §9): its game then sets their decks out.
 */
gboolean
pen_automa_variant_uses_content (const PenAutomaVariant *variant)
{
  g_return_val_if_fail (variant != NULL, FALSE);

  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    for (guint i = 0; i < PEN_AUTOMA_N_INSTRUCTIONS; i++)
      for (guint k = 0; k < variant->sections[c][i].n_steps; k++)
        if (variant->sections[c][i].steps[k].kind == PEN_AUTOMA_STEP_CONTENT)
          return TRUE;
  return FALSE;
}

guint
pen_automas_get_n_content (const PenAutomas *self,
                           PenAutomaContent  content)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (content < PEN_AUTOMA_N_CONTENT, 0);
  return self->content[content]->len;
}

const PenAutomaContentCard *
pen_automas_get_content (const PenAutomas *self,
                         PenAutomaContent  content,
                         guint             index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (content < PEN_AUTOMA_N_CONTENT, NULL);
  g_return_val_if_fail (index < self->content[content]->len, NULL);
  return g_ptr_array_index (self->content[content], index);
}

const PenAutomaContentCard *
pen_automas_find_content (const PenAutomas *self,
                          PenAutomaContent  content,
                          const char       *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (content < PEN_AUTOMA_N_CONTENT, NULL);

  for (guint i = 0; id != NULL && i < self->content[content]->len; i++)
    if (g_str_equal (((PenAutomaContentCard *) g_ptr_array_index (self->content[content], i))->id, id))
      return g_ptr_array_index (self->content[content], i);
  return NULL;
}

guint
pen_automas_get_n_open (const PenAutomas *self,
                        PenAutomaContent  content)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (content < PEN_AUTOMA_N_CONTENT, 0);
  return self->open[content];
}
