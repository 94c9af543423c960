/* pen-scoring.c: end-of-game scoring (rulebook, "Scoring": "1. ARCANA" to
 * "7. GOALS", and "Light and Darkness": "At the end of the game Fate brings
 * victory points").
 *
 * Every number comes from data/scoring.json; this file only adds up. It knows
 * nothing of cards or boards: the caller counts what the Wizard has (a
 * PenScoreInput) and gets back the score split by the rulebook's parts, so the
 * UI can show each line and the simulator can print it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-scoring"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-data.h"
#include "pen-error.h"
#include "pen-scoring.h"

/* The item named in the messages about the scoring file. */
#define ITEM "scoring"

/* Bounds on the values of the scoring file: generous, but small enough that no
 * sum of PEN_SCORE_INPUT_MAX-sized counts can overflow a gint. */
#define MAX_PER_ARCANA  99
#define MAX_POINTS      999
#define MAX_PENALTY     99

#define EXPERIENCE_CONTEXT "experience symbol"

/* Points for 1, 2, 3... of something; 0 scores 0, and past the end of the
 * list each further one adds each_beyond. */
typedef struct
{
  guint points[PEN_SCORING_MAX_STEPS];
  guint n_points;
  guint each_beyond;
} StepTable;

struct _PenScoringTable
{
  guint     per_arcana;
  gint      per_mortal_wound;
  guint     per_set_of_six;
  StepTable identical_symbols;
  gint      per_reserved_contract;
  StepTable light_darkness_difference;
};

typedef struct
{
  const char *id;
  const char *name;
} NamedId;

/* A context, because "Wilds" and "Wizards" also name a location group and the
 * players' characters. */
static const NamedId experiences[PEN_N_EXPERIENCES] = {
  [PEN_EXPERIENCE_MONSTERS] = { "monsters", NC_ ("experience symbol", "Monsters") },
  [PEN_EXPERIENCE_MAGICAL_BEASTS] = { "magical-beasts",
                                      NC_ ("experience symbol", "Magical Beasts") },
  [PEN_EXPERIENCE_WILDS] = { "wilds", NC_ ("experience symbol", "Wilds") },
  [PEN_EXPERIENCE_MYSTIC] = { "mystic", NC_ ("experience symbol", "Mystic") },
  [PEN_EXPERIENCE_WIZARDS] = { "wizards", NC_ ("experience symbol", "Wizards") },
  [PEN_EXPERIENCE_SOCIETY] = { "society", NC_ ("experience symbol", "Society") },
};

/* A penalty is written in the file as the (negative) points it brings, as the
 * rulebook writes it: "each such card brings -3 points". */
static gboolean
get_penalty (JsonObject  *object,
             const char  *file,
             const char  *field,
             gint        *out,
             GError     **error)
{
  JsonNode *node;
  gint64 value;

  g_assert (object != NULL);
  g_assert (out != NULL);

  node = json_object_get_member (object, field);
  if (node == NULL
      || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a whole number"), file, ITEM, field);
      return FALSE;
    }
  value = json_node_get_int (node);
  if (value < -MAX_PENALTY || value > 0)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” is %s, but a penalty must be from −%d to 0"),
                   file, ITEM, field, text, MAX_PENALTY);
      return FALSE;
    }
  *out = (gint) value;
  return TRUE;
}

/* Reads a list of points for 1, 2, 3... and the field saying what each one past
 * its end adds. Having more never scores fewer points, so the list may not go
 * down. */
static gboolean
get_steps (JsonObject  *object,
           const char  *file,
           const char  *field,
           const char  *each_beyond_field,
           StepTable   *out,
           GError     **error)
{
  JsonArray *list;
  guint length;

  g_assert (object != NULL);
  g_assert (out != NULL);

  list = pen_data_get_array (object, file, ITEM, field, error);
  if (list == NULL)
    return FALSE;
  length = json_array_get_length (list);
  if (length == 0 || length > PEN_SCORING_MAX_STEPS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must list from 1 to %d values, not %u"),
                   file, ITEM, field, PEN_SCORING_MAX_STEPS, length);
      return FALSE;
    }

  for (guint i = 0; i < length; i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      gint64 value = -1;

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
        value = json_node_get_int (node);
      if (value < 0 || value > MAX_POINTS)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s”, entry %u, must be a whole number from 0 to %d"),
                       file, ITEM, field, i + 1, MAX_POINTS);
          return FALSE;
        }
      if (i > 0 && (guint) value < out->points[i - 1])
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s”, entry %u, is %u, less than the entry before it"),
                       file, ITEM, field, i + 1, (guint) value);
          return FALSE;
        }
      out->points[i] = (guint) value;
    }
  out->n_points = length;

  return pen_data_get_uint (object, file, ITEM, each_beyond_field, 0, MAX_POINTS,
                            &out->each_beyond, error);
}

static gint
step_points (const StepTable *steps,
             guint            count)
{
  g_assert (steps->n_points > 0);

  if (count == 0)
    return 0;
  if (count <= steps->n_points)
    return (gint) steps->points[count - 1];
  return (gint) (steps->points[steps->n_points - 1]
                 + (count - steps->n_points) * steps->each_beyond);
}

static gboolean
input_is_in_range (const PenScoreInput *input)
{
  if (input->arcana > PEN_SCORE_INPUT_MAX
      || input->trial_points > PEN_SCORE_INPUT_MAX
      || input->mortal_wounds > PEN_SCORE_INPUT_MAX
      || input->contract_points > PEN_SCORE_INPUT_MAX
      || input->reserved_contracts > PEN_SCORE_INPUT_MAX
      || input->board_points > PEN_SCORE_INPUT_MAX
      || input->goal_points > PEN_SCORE_INPUT_MAX
      || input->light > PEN_SCORE_INPUT_MAX
      || input->darkness > PEN_SCORE_INPUT_MAX)
    return FALSE;
  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    if (input->experience[i] > PEN_SCORE_INPUT_MAX)
      return FALSE;
  return TRUE;
}

const char *
pen_experience_get_id (PenExperience experience)
{
  g_return_val_if_fail (experience < PEN_N_EXPERIENCES, NULL);
  return experiences[experience].id;
}

const char *
pen_experience_get_name (PenExperience experience)
{
  g_return_val_if_fail (experience < PEN_N_EXPERIENCES, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, EXPERIENCE_CONTEXT, experiences[experience].name);
}

gboolean
pen_experience_from_id (const char    *id,
                        PenExperience *out)
{
  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    if (g_str_equal (id, experiences[i].id))
      {
        if (out != NULL)
          *out = (PenExperience) i;
        return TRUE;
      }
  return FALSE;
}

PenScoringTable *
pen_scoring_table_new_from_json (JsonNode    *root,
                                 const char  *file,
                                 GError     **error)
{
  g_autoptr(PenScoringTable) self = NULL;
  JsonObject *object;

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (JSON_NODE_HOLDS_OBJECT (root), NULL);
  g_return_val_if_fail (file != NULL, NULL);

  self = g_new0 (PenScoringTable, 1);
  object = json_node_get_object (root);

  if (!pen_data_get_uint (object, file, ITEM, "per-arcana", 0, MAX_PER_ARCANA,
                          &self->per_arcana, error)
      || !get_penalty (object, file, "per-mortal-wound", &self->per_mortal_wound, error)
      || !pen_data_get_uint (object, file, ITEM, "per-set-of-six", 0, MAX_POINTS,
                             &self->per_set_of_six, error)
      || !get_steps (object, file, "identical-symbols", "identical-symbols-each-beyond",
                     &self->identical_symbols, error)
      || !get_penalty (object, file, "per-reserved-contract", &self->per_reserved_contract,
                       error)
      || !get_steps (object, file, "light-darkness-difference",
                     "light-darkness-difference-each-beyond",
                     &self->light_darkness_difference, error))
    return NULL;

  return g_steal_pointer (&self);
}

PenScoringTable *
pen_scoring_table_load (GError **error)
{
  g_autoptr(JsonNode) root = pen_data_load_resource (PEN_SCORING_FILE, error);

  if (root == NULL)
    return NULL;
  return pen_scoring_table_new_from_json (root, PEN_SCORING_FILE, error);
}

void
pen_scoring_table_free (PenScoringTable *self)
{
  g_free (self);
}

/**
 * pen_scoring_table_get_identical_points:
 * @count: how many identical experience symbols of one kind
 *
 * Returns: the points that set of identical symbols brings
 */
gint
pen_scoring_table_get_identical_points (const PenScoringTable *self,
                                        guint                  count)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (count <= PEN_SCORE_INPUT_MAX, 0);

  return step_points (&self->identical_symbols, count);
}

/**
 * pen_scoring_table_get_light_darkness_points:
 *
 * Returns: the points Fate brings a Wizard with @light Light and @darkness
 *   Darkness symbols; only the difference counts, whichever way it goes
 */
gint
pen_scoring_table_get_light_darkness_points (const PenScoringTable *self,
                                             guint                  light,
                                             guint                  darkness)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (light <= PEN_SCORE_INPUT_MAX, 0);
  g_return_val_if_fail (darkness <= PEN_SCORE_INPUT_MAX, 0);

  return step_points (&self->light_darkness_difference,
                      light > darkness ? light - darkness : darkness - light);
}

/**
 * pen_scoring_compute:
 * @input: what the Wizard has at the end of the game
 * @out: (out caller-allocates): the score, part by part
 *
 * Scores one Wizard by the rulebook's seven parts, plus Light and Darkness.
 */
void
pen_scoring_compute (const PenScoringTable *self,
                     const PenScoreInput   *input,
                     PenScoreBreakdown     *out)
{
  guint n_sets = G_MAXUINT;

  g_return_if_fail (self != NULL);
  g_return_if_fail (input != NULL);
  g_return_if_fail (out != NULL);
  g_return_if_fail (input_is_in_range (input));

  memset (out, 0, sizeof *out);

  /* 1. ARCANA: "Each Arcana in your supply brings you 1 victory point." */
  out->arcana = (gint) (self->per_arcana * input->arcana);

  /* 2. TRIALS: the points printed on the passed Trials. */
  out->trials = (gint) input->trial_points;

  /* 3. MORTAL WOUNDS: "each such card brings -3 points". */
  out->mortal_wounds = self->per_mortal_wound * (gint) input->mortal_wounds;

  /* 4. EXPERIENCE: "The same symbol can take part both in a set of six different
   * ones and in a set of identical ones", so the two are counted independently. */
  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    {
      n_sets = MIN (n_sets, input->experience[i]);
      out->experience_identical_by_symbol[i]
        = step_points (&self->identical_symbols, input->experience[i]);
      out->experience_identical += out->experience_identical_by_symbol[i];
    }
  out->experience_n_sets_of_six = n_sets;
  out->experience_sets_of_six = (gint) (self->per_set_of_six * n_sets);
  out->experience = out->experience_sets_of_six + out->experience_identical;

  /* 5. CONTRACTS: "Reserved but unfulfilled Contracts bring -3 points." */
  out->contracts_fulfilled = (gint) input->contract_points;
  out->contracts_reserved = self->per_reserved_contract * (gint) input->reserved_contracts;
  out->contracts = out->contracts_fulfilled + out->contracts_reserved;

  /* 6. BOARD and 7. GOALS are counted by whoever knows the board and the Goal
   * cards; they only add. */
  out->board = (gint) input->board_points;
  out->goals = (gint) input->goal_points;

  /* "At the end of the game Fate brings victory points." */
  out->light_darkness = pen_scoring_table_get_light_darkness_points (self, input->light,
                                                                     input->darkness);

  out->total = out->arcana + out->trials + out->mortal_wounds + out->experience
               + out->contracts + out->board + out->goals + out->light_darkness;
}

/**
 * pen_score_breakdown_to_json:
 *
 * The breakdown as a JSON object with stable kebab-case member names, for the
 * simulator's output and for tools that read it.
 *
 * Returns: (transfer full): a JSON object node
 */
JsonNode *
pen_score_breakdown_to_json (const PenScoreBreakdown *breakdown)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  g_return_val_if_fail (breakdown != NULL, NULL);

  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "arcana");
  json_builder_add_int_value (builder, breakdown->arcana);
  json_builder_set_member_name (builder, "trials");
  json_builder_add_int_value (builder, breakdown->trials);
  json_builder_set_member_name (builder, "mortal-wounds");
  json_builder_add_int_value (builder, breakdown->mortal_wounds);

  json_builder_set_member_name (builder, "experience-n-sets-of-six");
  json_builder_add_int_value (builder, breakdown->experience_n_sets_of_six);
  json_builder_set_member_name (builder, "experience-sets-of-six");
  json_builder_add_int_value (builder, breakdown->experience_sets_of_six);
  json_builder_set_member_name (builder, "experience-identical-by-symbol");
  json_builder_begin_object (builder);
  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    {
      json_builder_set_member_name (builder, experiences[i].id);
      json_builder_add_int_value (builder, breakdown->experience_identical_by_symbol[i]);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "experience-identical");
  json_builder_add_int_value (builder, breakdown->experience_identical);
  json_builder_set_member_name (builder, "experience");
  json_builder_add_int_value (builder, breakdown->experience);

  json_builder_set_member_name (builder, "contracts-fulfilled");
  json_builder_add_int_value (builder, breakdown->contracts_fulfilled);
  json_builder_set_member_name (builder, "contracts-reserved");
  json_builder_add_int_value (builder, breakdown->contracts_reserved);
  json_builder_set_member_name (builder, "contracts");
  json_builder_add_int_value (builder, breakdown->contracts);

  json_builder_set_member_name (builder, "board");
  json_builder_add_int_value (builder, breakdown->board);
  json_builder_set_member_name (builder, "goals");
  json_builder_add_int_value (builder, breakdown->goals);
  json_builder_set_member_name (builder, "light-darkness");
  json_builder_add_int_value (builder, breakdown->light_darkness);
  json_builder_set_member_name (builder, "total");
  json_builder_add_int_value (builder, breakdown->total);

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}
