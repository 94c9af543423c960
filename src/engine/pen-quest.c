/* pen-quest.c: Contracts and Trials (rulebook, "Contracts and Trials": "Tasks",
 * "Rewards", "Contracts", "Trials", "Light and Darkness", "Properties"), read
 * from data/cards/contracts.json and data/cards/trials.json.
 *
 * The loader refuses a file that is malformed or breaks a rule of the rulebook
 * (a light Contract giving Darkness, a Shield that is not a dice task, a Trial
 * missing from the Fate cards...), with a message naming the file, the card and
 * the field, so that whoever edits the data finds the mistake, not a player in
 * the middle of a game. Fields inside a card are named by their path, as in
 * “light.tasks[2].roll-dice-sum.sum”; positions in a list count from 1, like
 * the cards. The text players read on a task and a reward is written from the
 * same data by pen-quest-text.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-quest"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-data.h"
#include "pen-error.h"
#include "pen-fate-deck.h"
#include "pen-quest-private.h"

/* Rulebook, "Components": 36 Contract cards. */
#define N_CONTRACTS 36

/* Rulebook, "Setup": the Guild's four cells are filled with Difficulty 1
 * Contracts only, so the deck must hold at least that many. */
#define N_GUILD_CELLS 4

#define MAX_CONTRACT_DIFFICULTY 2
#define MAX_CONTRACT_THREAT     4
#define MAX_CONTRACT_POINTS     9
#define MAX_TRIAL_THREAT        9
#define MAX_TRIAL_POINTS        20
#define MAX_RETALIATION         6
#define MAX_PROPERTY_VALUE      6
#define MAX_SYMBOLS_ON_CARD     3
#define MAX_INGREDIENTS         12   /* the supply holds at most 12 of each */
#define MAX_DICE_SUM            36
#define MAX_WITHSTAND_THREAT    9
#define MAX_EXPERIENCE_NEEDED   9
#define MAX_LIGHT_DARKNESS      2
#define MAX_REWARD_CARDS        3

#define N_REWARD_CARDS 3

/* Where a value sits: the file and the card it is read from. */
typedef struct
{
  const char *file;
  const char *item;
} Where;

struct _PenQuests
{
  PenContract *contracts;
  guint        n_contracts;
  PenTrial    *trials;
  guint        n_trials;
  /* id → the first Contract or Trial of that id, into the arrays above:
   * the rules look the Trial under way up by its id at most checks of a
   * Trial, thousands of times a game. */
  GHashTable  *contracts_by_id;
  GHashTable  *trials_by_id;
};

static const char * const task_ids[] = {
  [PEN_TASK_DISCARD_INGREDIENTS] = "discard-ingredients",
  [PEN_TASK_DISCARD_DICE_SUM] = "discard-dice-sum",
  [PEN_TASK_DISCARD_DICE_EXACT] = "discard-dice-exact",
  [PEN_TASK_ROLL_DICE_SUM] = "roll-dice-sum",
  [PEN_TASK_WITHSTAND_THREAT] = "withstand-threat",
  [PEN_TASK_HAVE_EXPERIENCE] = "have-experience",
};

static const char * const approach_ids[] = {
  [PEN_APPROACH_DESTROY] = "destroy",
  [PEN_APPROACH_CATCH] = "catch",
  [PEN_APPROACH_RECONCILE] = "reconcile",
  [PEN_APPROACH_DISPEL] = "dispel",
  [PEN_APPROACH_WITHSTAND] = "withstand",
  [PEN_APPROACH_BRIBE] = "bribe",
};

static const char * const property_ids[] = {
  [PEN_PROPERTY_RIFT] = "rift",
  [PEN_PROPERTY_VIGILANCE] = "vigilance",
  [PEN_PROPERTY_SHIELD] = "shield",
  [PEN_PROPERTY_TRAP] = "trap",
  [PEN_PROPERTY_CRYSTAL_SUPPRESSION] = "crystal-suppression",
  [PEN_PROPERTY_POTION_SUPPRESSION] = "potion-suppression",
  [PEN_PROPERTY_ARTIFACT_SUPPRESSION] = "artifact-suppression",
  [PEN_PROPERTY_PET_SUPPRESSION] = "pet-suppression",
};

static const char * const reward_card_ids[N_REWARD_CARDS] = {
  [PEN_REWARD_CARD_DISCIPLINE] = "discipline",
  [PEN_REWARD_CARD_POTION] = "potion",
  [PEN_REWARD_CARD_ARTIFACT] = "artifact",
};

static const char * const top_contracts_fields[] = { "comment", "contracts", NULL };
static const char * const top_trials_fields[] = { "comment", "trials", NULL };
static const char * const contract_fields[] = {
  "id", "name", "name_ru", "difficulty", "tone", "threat", "points", "experience", "task",
  "reward", "comment", NULL
};
static const char * const trial_fields[] = {
  "id", "threat", "points", "experience", "darkness", "light", "properties", "retaliation",
  "comment", NULL
};
static const char * const path_fields[] = { "approach", "tasks", "reward", NULL };
static const char * const reward_fields[] = {
  "dice", "ingredients", "cards", "light", "darkness", NULL
};
static const char * const sum_fields[] = { "dice", "sum", NULL };
static const char * const exact_fields[] = { "dice", "values", NULL };
static const char * const roll_fields[] = { "dice", "count", "sum", NULL };

/* ---- Reading ---------------------------------------------------------- */

static char *
path_index (const char *prefix,
            guint       index)
{
  return g_strdup_printf ("%s[%u]", prefix, index + 1);
}

static guint
find_id (const char * const *ids,
         guint               n,
         const char         *id)
{
  for (guint i = 0; i < n; i++)
    if (g_str_equal (ids[i], id))
      return i;
  return n;
}

static gboolean
node_get_uint (JsonNode    *node,
               const Where *where,
               const char  *path,
               guint        min,
               guint        max,
               guint       *out,
               GError     **error)
{
  gint64 value;

  if (node == NULL
      || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a whole number"), where->file, where->item, path);
      return FALSE;
    }
  value = json_node_get_int (node);
  if (value < (gint64) min || value > (gint64) max)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” is %s, outside %u–%u"),
                   where->file, where->item, path, text, min, max);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

static gboolean
get_uint (JsonObject  *object,
          const char  *member,
          const Where *where,
          const char  *prefix,
          guint        min,
          guint        max,
          guint       *out,
          GError     **error)
{
  g_autofree char *path = pen_data_path (prefix, member);

  return node_get_uint (json_object_get_member (object, member), where, path, min, max, out,
                        error);
}

static JsonObject *
node_get_object (JsonNode    *node,
                 const Where *where,
                 const char  *path,
                 GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be an object"), where->file, where->item, path);
      return NULL;
    }
  return json_node_get_object (node);
}

/* A list of min to max entries. */
static JsonArray *
get_list (JsonObject  *object,
          const char  *member,
          const Where *where,
          const char  *prefix,
          guint        min,
          guint        max,
          GError     **error)
{
  g_autofree char *path = pen_data_path (prefix, member);
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;
  guint length;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a list"), where->file, where->item, path);
      return NULL;
    }
  array = json_node_get_array (node);
  length = json_array_get_length (array);
  if (length < min || length > max)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must list %u to %u entries, not %u"),
                   where->file, where->item, path, min, max, length);
      return NULL;
    }
  return array;
}

/* An object of id → count, as in {"crystals": 3} or {"monsters": 2}: @index
 * turns an id into its slot of @out, or -1 when it is not one of @what. */
static gboolean
parse_counts (JsonNode    *node,
              const Where *where,
              const char  *path,
              int        (*index) (const char *id),
              const char  *what,
              guint        max,
              guint       *out,
              GError     **error)
{
  JsonObject *object = node_get_object (node, where, path, error);
  g_autoptr(GList) members = NULL;

  if (object == NULL)
    return FALSE;
  members = json_object_get_members (object);
  if (members == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must not be empty"), where->file, where->item, path);
      return FALSE;
    }
  for (const GList *l = members; l != NULL; l = l->next)
    {
      int i = index (l->data);

      if (i < 0)
        {
          /* Translators: the last %s is "an Ingredient" or "an experience symbol". */
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s”: “%s” is not %s"),
                       where->file, where->item, path, (const char *) l->data, what);
          return FALSE;
        }
      if (!get_uint (object, l->data, where, path, 1, max, &out[i], error))
        return FALSE;
    }
  return TRUE;
}

static int
ingredient_index (const char *id)
{
  PenIngredient ingredient;

  return pen_ingredient_from_id (id, &ingredient) ? (int) ingredient : -1;
}

static int
experience_index (const char *id)
{
  PenExperience experience;

  return pen_experience_from_id (id, &experience) ? (int) experience : -1;
}

/* The experience symbols printed on a card: a list of symbol ids; a symbol may
 * be printed twice. */
static gboolean
parse_card_experience (JsonObject  *object,
                       const Where *where,
                       guint        out[PEN_N_EXPERIENCES],
                       GError     **error)
{
  JsonArray *list = get_list (object, "experience", where, NULL, 1, MAX_SYMBOLS_ON_CARD, error);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *path = path_index ("experience", i);
      const char *id;
      PenExperience experience;

      if (!pen_data_node_get_string (json_array_get_element (list, i), where->file, where->item,
                                     path, &id, error))
        return FALSE;
      if (!pen_experience_from_id (id, &experience))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s”: “%s” is not an experience symbol"),
                       where->file, where->item, path, id);
          return FALSE;
        }
      out[experience]++;
    }
  return TRUE;
}

/* The "dice" list of a dice task: Discipline ids, "bone", "any" (every colour
 * and Bone), or "spark" alone (Spark dice only). */
static gboolean
parse_dice_filter (JsonObject    *object,
                   const Where   *where,
                   const char    *prefix,
                   PenDiceFilter *out,
                   GError       **error)
{
  g_autofree char *path = pen_data_path (prefix, "dice");
  JsonArray *list = get_list (object, "dice", where, prefix, 1, PEN_N_DISCIPLINES + 1, error);
  guint length;

  if (list == NULL)
    return FALSE;
  length = json_array_get_length (list);
  for (guint i = 0; i < length; i++)
    {
      g_autofree char *entry_path = path_index (path, i);
      const char *id;
      PenDiscipline colour;
      gboolean seen;

      if (!pen_data_node_get_string (json_array_get_element (list, i), where->file, where->item,
                                     entry_path, &id, error))
        return FALSE;
      if (g_str_equal (id, "any") || g_str_equal (id, "spark"))
        {
          if (length != 1)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                           _("%s: %s: field “%s”: “%s” must be alone in the list"),
                           where->file, where->item, path, id);
              return FALSE;
            }
          if (g_str_equal (id, "any"))
            {
              out->colours = PEN_QUEST_ALL_COLOURS;
              out->bone = TRUE;
            }
          else
            out->spark_only = TRUE;
          continue;
        }
      if (g_str_equal (id, "bone"))
        {
          seen = out->bone;
          out->bone = TRUE;
        }
      else if (pen_discipline_from_id (id, &colour))
        {
          seen = (out->colours & (1u << colour)) != 0;
          out->colours |= 1u << colour;
        }
      else
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s”: “%s” is not a Discipline, “bone”, “any” or “spark”"),
                       where->file, where->item, path, id);
          return FALSE;
        }
      if (seen)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s” lists “%s” twice"), where->file, where->item, path, id);
          return FALSE;
        }
    }
  return TRUE;
}

/* Rulebook, "Tasks": an object with exactly one member, the task's kind. */
static gboolean
parse_task (JsonNode    *node,
            const Where *where,
            const char  *path,
            PenTask     *out,
            GError     **error)
{
  JsonObject *object = node_get_object (node, where, path, error);
  g_autoptr(GList) members = NULL;
  g_autofree char *body_path = NULL;
  const char *kind_id;
  JsonNode *body;
  JsonObject *body_object = NULL;
  guint kind;

  memset (out, 0, sizeof *out);
  if (object == NULL)
    return FALSE;
  members = json_object_get_members (object);
  if (g_list_length (members) != 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must hold exactly one task: discard-ingredients, "
                     "discard-dice-sum, discard-dice-exact, roll-dice-sum, withstand-threat or "
                     "have-experience"),
                   where->file, where->item, path);
      return FALSE;
    }
  kind_id = members->data;
  kind = find_id (task_ids, G_N_ELEMENTS (task_ids), kind_id);
  if (kind == G_N_ELEMENTS (task_ids))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s”: “%s” is not a task (discard-ingredients, "
                     "discard-dice-sum, discard-dice-exact, roll-dice-sum, withstand-threat, "
                     "have-experience)"),
                   where->file, where->item, path, kind_id);
      return FALSE;
    }
  out->kind = (PenTaskKind) kind;
  body_path = pen_data_path (path, kind_id);
  body = json_object_get_member (object, kind_id);

  switch (out->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      return parse_counts (body, where, body_path, ingredient_index, _("an Ingredient"),
                           MAX_INGREDIENTS, out->ingredients, error);

    case PEN_TASK_WITHSTAND_THREAT:
      return node_get_uint (body, where, body_path, 1, MAX_WITHSTAND_THREAT, &out->count, error);

    case PEN_TASK_HAVE_EXPERIENCE:
      return parse_counts (body, where, body_path, experience_index, _("an experience symbol"),
                           MAX_EXPERIENCE_NEEDED, out->experience, error);

    case PEN_TASK_DISCARD_DICE_SUM:
    case PEN_TASK_DISCARD_DICE_EXACT:
    case PEN_TASK_ROLL_DICE_SUM:
      body_object = node_get_object (body, where, body_path, error);
      if (body_object == NULL)
        return FALSE;
      break;

    default:
      g_assert_not_reached ();
    }

  if (out->kind == PEN_TASK_DISCARD_DICE_SUM)
    return pen_data_check_fields (body_object, where->file, where->item, body_path, sum_fields,
                                  error)
           && parse_dice_filter (body_object, where, body_path, &out->dice, error)
           && get_uint (body_object, "sum", where, body_path, 1, MAX_DICE_SUM, &out->sum, error);

  if (out->kind == PEN_TASK_DISCARD_DICE_EXACT)
    {
      g_autofree char *values_path = pen_data_path (body_path, "values");
      JsonArray *values;

      if (!pen_data_check_fields (body_object, where->file, where->item, body_path, exact_fields,
                                  error)
          || !parse_dice_filter (body_object, where, body_path, &out->dice, error))
        return FALSE;
      values = get_list (body_object, "values", where, body_path, 1, PEN_QUEST_MAX_DICE, error);
      if (values == NULL)
        return FALSE;
      out->n_values = json_array_get_length (values);
      for (guint i = 0; i < out->n_values; i++)
        {
          g_autofree char *value_path = path_index (values_path, i);

          if (!node_get_uint (json_array_get_element (values, i), where, value_path,
                              1, 6, &out->values[i], error))
            return FALSE;
        }
      return TRUE;
    }

  /* PEN_TASK_ROLL_DICE_SUM */
  if (!pen_data_check_fields (body_object, where->file, where->item, body_path, roll_fields, error)
      || !parse_dice_filter (body_object, where, body_path, &out->dice, error)
      || !get_uint (body_object, "count", where, body_path, 1, PEN_QUEST_MAX_DICE, &out->count,
                    error)
      || !get_uint (body_object, "sum", where, body_path, 1, MAX_DICE_SUM, &out->sum, error))
    return FALSE;
  if (out->sum > 6 * out->count)
    {
      g_autofree char *sum_path = pen_data_path (body_path, "sum");

      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   ngettext ("%s: %s: field “%s” is %u, more than %u die can show",
                             "%s: %s: field “%s” is %u, more than %u dice can show", out->count),
                   where->file, where->item, sum_path, out->sum, out->count);
      return FALSE;
    }
  return TRUE;
}

/* Rulebook, "Rewards". */
static gboolean
parse_reward (JsonNode    *node,
              const Where *where,
              const char  *path,
              PenReward   *out,
              GError     **error)
{
  JsonObject *object = node_get_object (node, where, path, error);
  JsonArray *list;

  memset (out, 0, sizeof *out);
  if (object == NULL
      || !pen_data_check_fields (object, where->file, where->item, path, reward_fields, error))
    return FALSE;

  if (json_object_has_member (object, "dice"))
    {
      g_autofree char *dice_path = pen_data_path (path, "dice");

      list = get_list (object, "dice", where, path, 1, PEN_QUEST_MAX_DICE, error);
      if (list == NULL)
        return FALSE;
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          g_autofree char *entry_path = path_index (dice_path, i);
          const char *id;
          PenDiscipline colour;

          if (!pen_data_node_get_string (json_array_get_element (list, i), where->file, where->item,
                                         entry_path, &id, error))
            return FALSE;
          if (pen_discipline_from_id (id, &colour))
            out->coloured_dice[colour]++;
          else if (g_str_equal (id, "bone"))
            out->bone_dice++;
          else if (g_str_equal (id, "spark"))
            out->spark_dice++;
          else if (g_str_equal (id, "any-colour"))
            out->any_colour_dice++;
          else
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                           _("%s: %s: field “%s”: “%s” is not a Discipline, “bone”, “spark” or "
                             "“any-colour”"),
                           where->file, where->item, entry_path, id);
              return FALSE;
            }
        }
    }

  if (json_object_has_member (object, "ingredients"))
    {
      g_autofree char *ingredients_path = pen_data_path (path, "ingredients");

      if (!parse_counts (json_object_get_member (object, "ingredients"), where, ingredients_path,
                         ingredient_index, _("an Ingredient"), MAX_INGREDIENTS, out->ingredients, error))
        return FALSE;
    }

  if (json_object_has_member (object, "cards"))
    {
      g_autofree char *cards_path = pen_data_path (path, "cards");

      list = get_list (object, "cards", where, path, 1, MAX_REWARD_CARDS, error);
      if (list == NULL)
        return FALSE;
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          g_autofree char *entry_path = path_index (cards_path, i);
          const char *id;
          guint card;

          if (!pen_data_node_get_string (json_array_get_element (list, i), where->file, where->item,
                                         entry_path, &id, error))
            return FALSE;
          card = find_id (reward_card_ids, N_REWARD_CARDS, id);
          if (card == N_REWARD_CARDS)
            {
              g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                           _("%s: %s: field “%s” is “%s”, not one of discipline, potion, artifact"),
                           where->file, where->item, entry_path, id);
              return FALSE;
            }
          out->cards[card]++;
        }
    }

  if ((json_object_has_member (object, "light")
       && !get_uint (object, "light", where, path, 0, MAX_LIGHT_DARKNESS, &out->light, error))
      || (json_object_has_member (object, "darkness")
          && !get_uint (object, "darkness", where, path, 0, MAX_LIGHT_DARKNESS, &out->darkness,
                        error)))
    return FALSE;
  return TRUE;
}

/* Rulebook, "Light and Darkness": a step toward Light gives Light and no
 * Darkness, and the other way round. */
static gboolean
check_reward_side (const PenReward *reward,
                   gboolean         dark,
                   const Where     *where,
                   const char      *path,
                   GError         **error)
{
  if (!dark && (reward->light == 0 || reward->darkness != 0))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must give Light and no Darkness"),
                   where->file, where->item, path);
      return FALSE;
    }
  if (dark && (reward->darkness == 0 || reward->light != 0))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must give Darkness and no Light"),
                   where->file, where->item, path);
      return FALSE;
    }
  return TRUE;
}

/* Rulebook, "Properties": a bare name ("trap"), or an object with one member
 * for those that take a value ({"rift": 2}, {"shield": TASK}). */
static gboolean
parse_property (JsonNode    *node,
                const Where *where,
                const char  *path,
                PenProperty *out,
                GError     **error)
{
  g_autoptr(GList) members = NULL;
  g_autofree char *value_path = NULL;
  const char *id;
  gboolean takes_value, has_value;
  JsonObject *object = NULL;
  guint kind;

  memset (out, 0, sizeof *out);
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      id = json_node_get_string (node);
      has_value = FALSE;
    }
  else if (node != NULL && JSON_NODE_HOLDS_OBJECT (node)
           && json_object_get_size (json_node_get_object (node)) == 1)
    {
      object = json_node_get_object (node);
      members = json_object_get_members (object);
      id = members->data;
      has_value = TRUE;
    }
  else
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a Property: its name, or an object with one "
                     "member"),
                   where->file, where->item, path);
      return FALSE;
    }

  kind = find_id (property_ids, G_N_ELEMENTS (property_ids), id);
  if (kind == G_N_ELEMENTS (property_ids))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s”: “%s” is not a Property (rift, vigilance, shield, trap, "
                     "crystal-suppression, potion-suppression, artifact-suppression, "
                     "pet-suppression)"),
                   where->file, where->item, path, id);
      return FALSE;
    }
  out->kind = (PenPropertyKind) kind;
  takes_value = out->kind == PEN_PROPERTY_RIFT || out->kind == PEN_PROPERTY_VIGILANCE
                || out->kind == PEN_PROPERTY_SHIELD;
  if (takes_value && !has_value)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s”: the Property “%s” takes a value: write it as an "
                     "object"),
                   where->file, where->item, path, id);
      return FALSE;
    }
  if (!takes_value && has_value)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s”: the Property “%s” takes no value: write its name "
                     "alone"),
                   where->file, where->item, path, id);
      return FALSE;
    }
  if (!takes_value)
    return TRUE;

  value_path = pen_data_path (path, id);
  if (out->kind != PEN_PROPERTY_SHIELD)
    return node_get_uint (json_object_get_member (object, id), where, value_path,
                          1, MAX_PROPERTY_VALUE, &out->x, error);

  /* Rulebook, SHIELD: "discard dice according to the Shield's task (exact
   * value / dice with total sum)". */
  if (!parse_task (json_object_get_member (object, id), where, value_path, &out->shield, error))
    return FALSE;
  if (out->shield.kind != PEN_TASK_DISCARD_DICE_SUM
      && out->shield.kind != PEN_TASK_DISCARD_DICE_EXACT)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s”: a Shield’s task must be discard-dice-sum or "
                     "discard-dice-exact"),
                   where->file, where->item, value_path);
      return FALSE;
    }
  return TRUE;
}

/* Rulebook, "Trials": a path has an approach, one to three tasks of which any
 * one is enough, and a reward. */
static gboolean
parse_path (JsonObject   *trial,
            const char   *member,
            gboolean      dark,
            const Where  *where,
            PenTrialPath *out,
            GError      **error)
{
  g_autofree char *tasks_path = pen_data_path (member, "tasks");
  g_autofree char *reward_path = pen_data_path (member, "reward");
  JsonObject *object = node_get_object (json_object_get_member (trial, member), where, member,
                                        error);
  JsonArray *tasks;
  const char *approach;
  guint kind;

  if (object == NULL
      || !pen_data_check_fields (object, where->file, where->item, member, path_fields, error)
      || !pen_data_get_string (object, where->file, where->item, member, "approach", &approach,
                               error))
    return FALSE;
  kind = find_id (approach_ids, G_N_ELEMENTS (approach_ids), approach);
  if (kind == G_N_ELEMENTS (approach_ids))
    {
      g_autofree char *approach_path = pen_data_path (member, "approach");

      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” is “%s”, not one of destroy, catch, reconcile, dispel, "
                     "withstand, bribe"),
                   where->file, where->item, approach_path, approach);
      return FALSE;
    }
  out->approach = (PenApproach) kind;

  tasks = get_list (object, "tasks", where, member, 1, PEN_QUEST_MAX_TASKS, error);
  if (tasks == NULL)
    return FALSE;
  out->n_tasks = json_array_get_length (tasks);
  for (guint i = 0; i < out->n_tasks; i++)
    {
      g_autofree char *task_path = path_index (tasks_path, i);

      if (!parse_task (json_array_get_element (tasks, i), where, task_path, &out->tasks[i],
                       error))
        return FALSE;
    }

  return parse_reward (json_object_get_member (object, "reward"), where, reward_path,
                       &out->reward, error)
         && check_reward_side (&out->reward, dark, where, reward_path, error);
}

static void
contract_clear (PenContract *contract)
{
  g_clear_pointer (&contract->id, g_free);
  g_clear_pointer (&contract->name, g_free);
  g_clear_pointer (&contract->name_ru, g_free);
  g_clear_pointer (&contract->text, g_free);
}

static gboolean
parse_contract (PenQuests   *self,
                JsonNode    *node,
                guint        index,
                const char  *file,
                GHashTable  *names,
                GHashTable  *names_ru,
                GError     **error)
{
  PenContract *contract = &self->contracts[index];
  g_autofree char *label = g_strdup_printf ("card %u", index + 1);
  g_autofree char *task_text = NULL;
  g_autofree char *reward_text = NULL;
  Where where = { file, label };
  JsonObject *object;
  const char *id, *name, *name_ru, *tone;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: card %u: a card must be an object"), file, index + 1);
      return FALSE;
    }
  object = json_node_get_object (node);
  if (!pen_data_get_string (object, where.file, where.item, NULL, "id", &id, error))
    return FALSE;
  if (!pen_data_is_kebab_case (id))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: card %u: field “id”: “%s” is not kebab-case (lower-case letters "
                     "and digits joined by single hyphens)"),
                   file, index + 1, id);
      return FALSE;
    }
  for (guint j = 0; j < index; j++)
    if (g_str_equal (self->contracts[j].id, id))
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                     _("%s: card %u: field “id”: “%s” is already the id of card %u"),
                     file, index + 1, id, j + 1);
        return FALSE;
      }
  contract->id = g_strdup (id);

  /* From here on the card is named by its id. */
  where.item = contract->id;
  if (!pen_data_check_fields (object, where.file, where.item, NULL, contract_fields, error)
      || !pen_data_get_string (object, where.file, where.item, NULL, "name", &name, error)
      || !pen_data_get_string (object, where.file, where.item, NULL, "name_ru", &name_ru, error)
      || !pen_data_check_name_unique (names, contract->id, "name", name, file, error)
      || !pen_data_check_name_unique (names_ru, contract->id, "name_ru", name_ru, file, error))
    return FALSE;
  contract->name = g_strdup (name);
  contract->name_ru = g_strdup (name_ru);

  if (!get_uint (object, "difficulty", &where, NULL, 1, MAX_CONTRACT_DIFFICULTY,
                 &contract->difficulty, error)
      || !pen_data_get_string (object, where.file, where.item, NULL, "tone", &tone, error))
    return FALSE;
  if (g_str_equal (tone, "gloomy"))
    contract->gloomy = TRUE;
  else if (!g_str_equal (tone, "light"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “tone” is “%s”, not one of light, gloomy"),
                   file, contract->id, tone);
      return FALSE;
    }

  if (!get_uint (object, "threat", &where, NULL, 0, MAX_CONTRACT_THREAT, &contract->threat, error)
      || !get_uint (object, "points", &where, NULL, 0, MAX_CONTRACT_POINTS, &contract->points,
                    error)
      || !parse_card_experience (object, &where, contract->experience, error)
      || !parse_task (json_object_get_member (object, "task"), &where, "task", &contract->task,
                      error)
      || !parse_reward (json_object_get_member (object, "reward"), &where, "reward",
                        &contract->reward, error)
      /* Rulebook, "Light and Darkness in Contracts": the heading's tone and the
       * reward's symbols are one and the same step. */
      || !check_reward_side (&contract->reward, contract->gloomy, &where, "reward", error))
    return FALSE;

  task_text = pen_task_describe (&contract->task);
  reward_text = pen_reward_describe (&contract->reward);
  contract->text = g_strconcat (task_text, "\n", reward_text, NULL);
  return TRUE;
}

static gboolean
parse_contracts (PenQuests   *self,
                 JsonNode    *root,
                 const char  *file,
                 GError     **error)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) names_ru = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Where where = { file, "contracts" };
  JsonObject *object;
  JsonArray *list;
  guint length, n_easy = 0;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: the top level must be a JSON object"), file);
      return FALSE;
    }
  object = json_node_get_object (root);
  if (!pen_data_check_fields (object, where.file, where.item, NULL, top_contracts_fields, error))
    return FALSE;
  list = pen_data_get_array (object, file, "contracts", "contracts", error);
  if (list == NULL)
    return FALSE;
  length = json_array_get_length (list);
  if (length != N_CONTRACTS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: contracts: field “contracts” must list exactly %u Contracts, not %u"),
                   file, (guint) N_CONTRACTS, length);
      return FALSE;
    }

  self->contracts = g_new0 (PenContract, length);
  for (guint i = 0; i < length; i++)
    {
      self->n_contracts = i + 1;
      if (!parse_contract (self, json_array_get_element (list, i), i, file, names, names_ru,
                           error))
        return FALSE;
      if (self->contracts[i].difficulty == 1)
        n_easy++;
    }

  if (n_easy < N_GUILD_CELLS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: contracts: at least %u Difficulty 1 Contracts are needed to fill the "
                     "Guild, not %u"),
                   file, (guint) N_GUILD_CELLS, n_easy);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_trial (PenQuests              *self,
             JsonNode               *node,
             guint                   index,
             const char             *file,
             const PenFateCatalogue *fate,
             GError                **error)
{
  PenTrial *trial = &self->trials[index];
  g_autofree char *label = g_strdup_printf ("card %u", index + 1);
  Where where = { file, label };
  JsonObject *object;
  const PenFateCard *card;
  const char *id;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: card %u: a card must be an object"), file, index + 1);
      return FALSE;
    }
  object = json_node_get_object (node);
  if (!pen_data_get_string (object, where.file, where.item, NULL, "id", &id, error))
    return FALSE;
  card = pen_fate_catalogue_lookup (fate, id);
  if (card == NULL || pen_fate_card_get_kind (card) != PEN_FATE_KIND_TRIAL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: card %u: field “id”: “%s” is not a Trial of %s"),
                   file, index + 1, id, PEN_FATE_FILE);
      return FALSE;
    }
  for (guint j = 0; j < index; j++)
    if (g_str_equal (self->trials[j].id, id))
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                     _("%s: card %u: field “id”: “%s” is already the id of card %u"),
                     file, index + 1, id, j + 1);
        return FALSE;
      }
  trial->id = g_strdup (id);

  where.item = trial->id;
  if (!pen_data_check_fields (object, where.file, where.item, NULL, trial_fields, error)
      || !get_uint (object, "threat", &where, NULL, 0, MAX_TRIAL_THREAT, &trial->threat, error)
      || !get_uint (object, "points", &where, NULL, 0, MAX_TRIAL_POINTS, &trial->points, error)
      || !parse_card_experience (object, &where, trial->experience, error)
      || !parse_path (object, "darkness", TRUE, &where, &trial->darkness, error)
      || !parse_path (object, "light", FALSE, &where, &trial->light, error))
    return FALSE;

  /* Rulebook, "Trials", TASK: "These paths involve different approaches". */
  if (trial->darkness.approach == trial->light.approach)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: the paths of Darkness and Light must have different approaches"),
                   file, trial->id);
      return FALSE;
    }

  if (json_object_has_member (object, "properties"))
    {
      JsonArray *properties = get_list (object, "properties", &where, NULL, 0,
                                        PEN_QUEST_MAX_PROPERTIES, error);

      if (properties == NULL)
        return FALSE;
      for (guint i = 0; i < json_array_get_length (properties); i++)
        {
          g_autofree char *path = path_index ("properties", i);
          PenProperty *property = &trial->properties[i];

          if (!parse_property (json_array_get_element (properties, i), &where, path, property,
                               error))
            return FALSE;
          trial->n_properties = i + 1;
          for (guint j = 0; j < i; j++)
            if (trial->properties[j].kind == property->kind)
              {
                g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                             _("%s: %s: field “%s” lists “%s” twice"),
                             file, trial->id, "properties", property_ids[property->kind]);
                return FALSE;
              }
        }
    }

  /* Rulebook, "Rewards", RETALIATION (X). */
  if (json_object_has_member (object, "retaliation")
      && !get_uint (object, "retaliation", &where, NULL, 0, MAX_RETALIATION, &trial->retaliation,
                    error))
    return FALSE;
  return TRUE;
}

static gboolean
parse_trials (PenQuests   *self,
              JsonNode    *root,
              const char  *file,
              GError     **error)
{
  g_autoptr(PenFateCatalogue) fate = NULL;
  Where where = { file, "trials" };
  JsonObject *object;
  JsonArray *list;
  guint length;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: the top level must be a JSON object"), file);
      return FALSE;
    }
  fate = pen_fate_catalogue_load (error);
  if (fate == NULL)
    return FALSE;

  object = json_node_get_object (root);
  if (!pen_data_check_fields (object, where.file, where.item, NULL, top_trials_fields, error))
    return FALSE;
  list = pen_data_get_array (object, file, "trials", "trials", error);
  if (list == NULL)
    return FALSE;
  length = json_array_get_length (list);

  self->trials = g_new0 (PenTrial, MAX (length, 1));
  for (guint i = 0; i < length; i++)
    {
      self->n_trials = i + 1;
      if (!parse_trial (self, json_array_get_element (list, i), i, file, fate, error))
        return FALSE;
    }
  /* parse_trial() refuses a repeated id. */
  self->trials_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->n_trials; i++)
    g_hash_table_insert (self->trials_by_id, self->trials[i].id, &self->trials[i]);

  /* Every Trial of the Fate cards can come into play, so each needs its entry;
   * with no unknown or repeated ids this also makes the count right. */
  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (fate); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (fate, i);

      if (pen_fate_card_get_kind (card) == PEN_FATE_KIND_TRIAL
          && pen_quests_find_trial (self, pen_fate_card_get_id (card)) == NULL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: trials: the Trial “%s” of %s has no entry"),
                       file, pen_fate_card_get_id (card), PEN_FATE_FILE);
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- Public API ------------------------------------------------------- */

/**
 * pen_property_get_id:
 * @kind: a Property
 *
 * Returns: its id in the data (cards/trials.json), as the rules reference
 *   names its topic ("property-ID")
 */
const char *
pen_property_get_id (PenPropertyKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (property_ids), NULL);
  return property_ids[kind];
}

void
pen_quests_free (PenQuests *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_contracts; i++)
    contract_clear (&self->contracts[i]);
  for (guint i = 0; i < self->n_trials; i++)
    g_free (self->trials[i].id);
  g_clear_pointer (&self->contracts_by_id, g_hash_table_unref);
  g_clear_pointer (&self->trials_by_id, g_hash_table_unref);
  g_free (self->contracts);
  g_free (self->trials);
  g_free (self);
}

/**
 * pen_quests_new_from_json:
 * @contracts: the root of a Contracts file
 * @contracts_file: its name, for messages
 * @trials: the root of a Trials file
 * @trials_file: its name, for messages
 *
 * Reads both files. The Trials are checked against the Fate cards of the
 * engine's data (%PEN_FATE_FILE): one entry for each Trial there.
 *
 * Returns: (transfer full) (nullable): the Contracts and Trials, or %NULL with
 *   @error set in %PEN_ERROR_DATA naming the file, the card and the field
 */
PenQuests *
pen_quests_new_from_json (JsonNode    *contracts,
                          const char  *contracts_file,
                          JsonNode    *trials,
                          const char  *trials_file,
                          GError     **error)
{
  g_autoptr(PenQuests) self = NULL;

  g_return_val_if_fail (contracts != NULL, NULL);
  g_return_val_if_fail (contracts_file != NULL, NULL);
  g_return_val_if_fail (trials != NULL, NULL);
  g_return_val_if_fail (trials_file != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (PenQuests, 1);
  if (!parse_contracts (self, contracts, contracts_file, error)
      || !parse_trials (self, trials, trials_file, error))
    return NULL;
  self->contracts_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < self->n_contracts; i++)
    if (!g_hash_table_contains (self->contracts_by_id, self->contracts[i].id))
      g_hash_table_insert (self->contracts_by_id, self->contracts[i].id, &self->contracts[i]);
  return g_steal_pointer (&self);
}

PenQuests *
pen_quests_load (GError **error)
{
  g_autoptr(JsonNode) contracts = pen_data_load_resource (PEN_CONTRACTS_FILE, error);
  g_autoptr(JsonNode) trials = NULL;

  if (contracts == NULL)
    return NULL;
  trials = pen_data_load_resource (PEN_TRIALS_FILE, error);
  if (trials == NULL)
    return NULL;
  return pen_quests_new_from_json (contracts, PEN_CONTRACTS_FILE, trials, PEN_TRIALS_FILE, error);
}

/**
 * pen_quests_get_default:
 *
 * The shipped Contracts and Trials, loaded once. The Contracts' texts are in
 * the language of the first call.
 *
 * Returns: (transfer none) (nullable): the Contracts and Trials, or %NULL with
 *   @error set when the data is broken
 */
const PenQuests *
pen_quests_get_default (GError **error)
{
  static PenQuests *quests;

  return pen_data_cache ((gpointer *) &quests, (PenDataLoadFunc) pen_quests_load, error);
}

guint
pen_quests_get_n_contracts (const PenQuests *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_contracts;
}

const PenContract *
pen_quests_get_contract (const PenQuests *self,
                         guint            index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n_contracts, NULL);
  return &self->contracts[index];
}

const PenContract *
pen_quests_find_contract (const PenQuests *self,
                          const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return g_hash_table_lookup (self->contracts_by_id, id);
}

guint
pen_quests_get_n_trials (const PenQuests *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_trials;
}

const PenTrial *
pen_quests_get_trial (const PenQuests *self,
                      guint            index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n_trials, NULL);
  return &self->trials[index];
}

const PenTrial *
pen_quests_find_trial (const PenQuests *self,
                       const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return g_hash_table_lookup (self->trials_by_id, id);
}

/**
 * pen_dice_filter_accepts:
 * @filter: the dice a task takes
 * @kind: the kind of a die
 * @colour: its colour, for a %PEN_DIE_KIND_COLOURED die
 *
 * Rulebook, "Dice types": a Spark die "counts as" any one colour, so every
 * filter naming a colour takes it, and a Spark-only filter takes nothing else;
 * a Bone die is "not considered a die of any colour", so only a filter that
 * lists Bone dice (or any die) takes it. Threat dice are never the Wizard's.
 *
 * Returns: whether @filter takes the die
 */
gboolean
pen_dice_filter_accepts (const PenDiceFilter *filter,
                         PenDieKind           kind,
                         PenDiscipline        colour)
{
  g_return_val_if_fail (filter != NULL, FALSE);

  switch (kind)
    {
    case PEN_DIE_KIND_SPARK:
      return filter->spark_only || filter->colours != 0;
    case PEN_DIE_KIND_BONE:
      return !filter->spark_only && filter->bone;
    case PEN_DIE_KIND_COLOURED:
      g_return_val_if_fail (colour < PEN_N_DISCIPLINES, FALSE);
      return !filter->spark_only && (filter->colours & (1u << colour)) != 0;
    case PEN_DIE_KIND_THREAT:
    default:
      return FALSE;
    }
}
