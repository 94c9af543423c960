/* pen-fate-catalogue.c: the Fate cards, read from data/cards/fate.json
 * (rulebook, "Components"; "Setup": "Ready-made deck for the first game").
 *
 * The catalogue reads every Fate card (Trials, Prophecies, Goals, Events),
 * each with its effect in the small closed vocabulary of pen-fate-deck.h, and
 * the ready-made first-game deck, and refuses a file that is malformed or does
 * not match the rulebook's component list, with a message naming the file,
 * the card (or entry) and the field. Fields inside a card's "effect" are named
 * by their path from the card, such as “effect.effects[2].op”.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-fate-catalogue"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-data.h"
#include "pen-error.h"
#include "pen-fate-deck-private.h"

static const char * const kind_ids[PEN_N_FATE_KINDS] = {
  [PEN_FATE_KIND_TRIAL] = "trial",
  [PEN_FATE_KIND_PROPHECY] = "prophecy",
  [PEN_FATE_KIND_GOAL] = "goal",
  [PEN_FATE_KIND_EVENT] = "event",
};

static const char * const players_ids[] = {
  [PEN_FATE_PLAYERS_ALL] = "all",
  [PEN_FATE_PLAYERS_3_PLUS] = "3+",
  [PEN_FATE_PLAYERS_4] = "4",
};

static const char * const top_fields[] = { "id", "comment", "cards", "first_game", NULL };
static const char * const card_fields[] = {
  "id", "kind", "name", "name_ru", "difficulty", "text", "text_ru", "always_in_play", "effect",
  "comment", NULL
};
static const char * const first_game_fields[] = {
  "comment", "starting_prophecy", "starting_trials", "deck", NULL
};
static const char * const entry_fields[] = { "card", "players", NULL };

/* The effect vocabulary (pen-fate-deck.h). Each kind of card has one member in
 * its "effect"; Trials have none (their tasks and rewards are Trial data). */
static const char * const effect_fields[PEN_N_FATE_KINDS][2] = {
  [PEN_FATE_KIND_TRIAL] = { NULL },
  [PEN_FATE_KIND_PROPHECY] = { "condition", NULL },
  [PEN_FATE_KIND_GOAL] = { "points", NULL },
  [PEN_FATE_KIND_EVENT] = { "effects", NULL },
};

static const char * const scope_ids[] = {
  [PEN_PROPHECY_FATE_DECK_EMPTY] = "fate-deck-empty",
  [PEN_PROPHECY_ALL_WIZARDS] = "all-wizards",
  [PEN_PROPHECY_ANY_WIZARD] = "any-wizard",
  [PEN_PROPHECY_TOTAL] = "total",
  NULL
};

/* The counters before the Ingredients; the others are built from the
 * Ingredients' and the experience symbols' own ids. */
static const char * const summary_counter_ids[PEN_FATE_COUNTER_INGREDIENT] = {
  [PEN_FATE_COUNTER_PASSED_TRIALS] = "passed-trials",
  [PEN_FATE_COUNTER_PASSED_LIGHT_TRIALS] = "passed-light-trials",
  [PEN_FATE_COUNTER_PASSED_DARK_TRIALS] = "passed-dark-trials",
  [PEN_FATE_COUNTER_FULFILLED_CONTRACTS] = "fulfilled-contracts",
  [PEN_FATE_COUNTER_RESERVED_CONTRACTS] = "reserved-contracts",
  [PEN_FATE_COUNTER_DISCIPLINE_MARKS] = "discipline-marks",
  [PEN_FATE_COUNTER_SPARK_MARKS] = "spark-marks",
  [PEN_FATE_COUNTER_WOUNDED_MARKS] = "wounded-marks",
  [PEN_FATE_COUNTER_MORTAL_WOUNDS] = "mortal-wounds",
  [PEN_FATE_COUNTER_LIGHT] = "light",
  [PEN_FATE_COUNTER_DARKNESS] = "darkness",
};

static const char * const op_ids[PEN_N_EVENT_OPS + 1] = {
  [PEN_EVENT_ROLL_RESOURCE_DICE] = "roll-resource-dice",
  [PEN_EVENT_GAIN_INGREDIENT] = "gain-ingredient",
  [PEN_EVENT_GAIN_DIE] = "gain-die",
  [PEN_EVENT_HEAL] = "heal",
  [PEN_EVENT_RECHARGE_MARKS] = "recharge-marks",
  [PEN_EVENT_GAIN_CARD] = "gain-card",
  NULL
};

/* The fields each op of an Event effect takes. */
static const char * const op_fields[PEN_N_EVENT_OPS][5] = {
  [PEN_EVENT_ROLL_RESOURCE_DICE] = { "op", "target", "amount", NULL },
  [PEN_EVENT_GAIN_INGREDIENT] = { "op", "target", "amount", "ingredient" },
  [PEN_EVENT_GAIN_DIE] = { "op", "target", "amount", "die" },
  [PEN_EVENT_HEAL] = { "op", "target", "amount", NULL },
  [PEN_EVENT_RECHARGE_MARKS] = { "op", "target", "amount", NULL },
  [PEN_EVENT_GAIN_CARD] = { "op", "target", "amount", "card" },
};

static const char * const target_ids[] = {
  [PEN_EVENT_TARGET_ALL] = "all",
  [PEN_EVENT_TARGET_YOU] = "you",
  NULL
};

static const char * const event_card_ids[] = {
  [PEN_EVENT_CARD_DISCIPLINE] = "discipline",
  [PEN_EVENT_CARD_POTION] = "potion",
  [PEN_EVENT_CARD_ARTIFACT] = "artifact",
  NULL
};

/* Bounds that keep a misprint (a threshold of 300, 40 dice) out of the data. */
#define MAX_THRESHOLD   100
#define MAX_GOAL_POINTS 10
#define MAX_AMOUNT      10

static void
pen_fate_card_free (PenFateCard *card)
{
  if (card == NULL)
    return;
  g_free (card->name);
  g_free (card->name_ru);
  g_free (card->text);
  g_free (card->text_ru);
  g_clear_pointer (&card->effects, g_array_unref);
  g_free (card);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenFateCard, pen_fate_card_free)

static JsonObject *
get_object_at (JsonNode    *node,
               const char  *file,
               const char  *id,
               const char  *path,
               GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be an object"), file, id, path);
      return NULL;
    }
  return json_node_get_object (node);
}

/* Conditions and scopes name what they count by their one field. */
static gboolean
check_one_field (JsonObject  *object,
                 const char  *file,
                 const char  *id,
                 const char  *path,
                 GError     **error)
{
  if (json_object_get_size (object) != 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must have exactly one field"), file, id, path);
      return FALSE;
    }
  return TRUE;
}

/* Like pen_data_get_uint(), for a value found by its path. */
static gboolean
get_uint_at (JsonNode    *node,
             const char  *file,
             const char  *id,
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
                   _("%s: %s: field “%s” must be a whole number"), file, id, path);
      return FALSE;
    }
  value = json_node_get_int (node);
  if (value < (gint64) min || value > (gint64) max)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” is %s, outside %u–%u"), file, id, path, text, min, max);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

/* A string field whose value must be one of @ids (NULL-terminated); *@out is its
 * index there. */
static gboolean
get_choice_at (JsonObject         *object,
               const char         *member,
               const char         *file,
               const char         *id,
               const char         *path,
               const char * const *ids,
               guint              *out,
               GError            **error)
{
  g_autofree char *field = pen_data_path (path, member);
  const char *value;

  if (!pen_data_get_string (object, file, id, path, member, &value, error))
    return FALSE;
  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_equal (value, ids[i]))
      {
        *out = i;
        return TRUE;
      }
  {
    g_autofree char *list = g_strjoinv (", ", (char **) ids);

    g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                 _("%s: %s: field “%s” is “%s”, not one of %s"), file, id, field, value, list);
  }
  return FALSE;
}

/* Every counter's id, in PenFateCounter order, NULL-terminated. */
static const char * const *
counter_ids (void)
{
  static gsize ids;

  if (g_once_init_enter (&ids))
    {
      const char **table = g_new0 (const char *, PEN_N_FATE_COUNTERS + 1);

      for (guint i = 0; i < PEN_FATE_COUNTER_INGREDIENT; i++)
        table[i] = summary_counter_ids[i];
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          g_autofree char *id = g_strconcat ("ingredient-",
                                             pen_ingredient_get_id ((PenIngredient) i), NULL);

          table[PEN_FATE_COUNTER_INGREDIENT + i] = g_intern_string (id);
        }
      for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
        {
          g_autofree char *id = g_strconcat ("experience-",
                                             pen_experience_get_id ((PenExperience) i), NULL);

          table[PEN_FATE_COUNTER_EXPERIENCE + i] = g_intern_string (id);
        }
      g_once_init_leave (&ids, (gsize) table);
    }
  return (const char * const *) ids;
}

/* Rulebook, "End of the game". "condition": { "fate-deck-empty": true } or
 * { SCOPE: { COUNTER: THRESHOLD } }. */
static gboolean
parse_condition (JsonNode              *node,
                 const char            *file,
                 const char            *id,
                 PenProphecyCondition  *out,
                 GError               **error)
{
  const char *path = "effect.condition";
  JsonObject *object = get_object_at (node, file, id, path, error);
  g_autoptr(GList) members = NULL;
  g_autofree char *scope_path = NULL;
  g_autofree char *counter_path = NULL;
  JsonNode *value;
  JsonObject *counts;
  const char *scope, *counter;

  if (object == NULL
      || !pen_data_check_fields (object, file, id, path, scope_ids, error)
      || !check_one_field (object, file, id, path, error))
    return FALSE;

  members = json_object_get_members (object);
  scope = members->data;
  value = json_object_get_member (object, scope);
  scope_path = pen_data_path (path, scope);
  for (guint i = 0; scope_ids[i] != NULL; i++)
    if (g_str_equal (scope, scope_ids[i]))
      out->scope = (PenProphecyScope) i;

  if (out->scope == PEN_PROPHECY_FATE_DECK_EMPTY)
    {
      if (!JSON_NODE_HOLDS_VALUE (value)
          || json_node_get_value_type (value) != G_TYPE_BOOLEAN
          || !json_node_get_boolean (value))
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s” must be true"), file, id, scope_path);
          return FALSE;
        }
      out->counter = PEN_FATE_COUNTER_PASSED_TRIALS;
      out->threshold = 0;
      return TRUE;
    }

  counts = get_object_at (value, file, id, scope_path, error);
  if (counts == NULL
      || !pen_data_check_fields (counts, file, id, scope_path, counter_ids (), error)
      || !check_one_field (counts, file, id, scope_path, error))
    return FALSE;
  g_clear_pointer (&members, g_list_free);
  members = json_object_get_members (counts);
  counter = members->data;
  counter_path = pen_data_path (scope_path, counter);
  /* pen_data_check_fields() let only counters through. */
  pen_fate_counter_from_id (counter, &out->counter);
  return get_uint_at (json_object_get_member (counts, counter), file, id, counter_path, 1,
                      MAX_THRESHOLD, &out->threshold, error);
}

/* Rulebook, "Scoring", 7. GOALS. "points": { "per": COUNTER, "points": N }. */
static gboolean
parse_goal_rule (JsonNode     *node,
                 const char   *file,
                 const char   *id,
                 PenGoalRule  *out,
                 GError      **error)
{
  static const char * const fields[] = { "per", "points", NULL };
  const char *path = "effect.points";
  JsonObject *object = get_object_at (node, file, id, path, error);
  guint per;

  if (object == NULL
      || !pen_data_check_fields (object, file, id, path, fields, error)
      || !get_choice_at (object, "per", file, id, path, counter_ids (), &per, error)
      || !get_uint_at (json_object_get_member (object, "points"), file, id,
                       "effect.points.points", 1, MAX_GOAL_POINTS, &out->points, error))
    return FALSE;
  out->per = (PenFateCounter) per;
  return TRUE;
}

/* "die": "bone", "spark", a Discipline's id, or "any-colour". */
static gboolean
parse_die (JsonObject      *object,
           const char      *file,
           const char      *id,
           const char      *path,
           PenEventEffect  *out,
           GError         **error)
{
  const char *ids[2 + PEN_N_DISCIPLINES + 2];
  guint choice;

  ids[0] = "bone";
  ids[1] = "spark";
  for (guint i = 0; i < PEN_N_DISCIPLINES; i++)
    ids[2 + i] = pen_discipline_get_id ((PenDiscipline) i);
  ids[2 + PEN_N_DISCIPLINES] = "any-colour";
  ids[2 + PEN_N_DISCIPLINES + 1] = NULL;

  if (!get_choice_at (object, "die", file, id, path, ids, &choice, error))
    return FALSE;
  if (choice == 0)
    out->die_kind = PEN_DIE_KIND_BONE;
  else if (choice == 1)
    out->die_kind = PEN_DIE_KIND_SPARK;
  else
    {
      out->die_kind = PEN_DIE_KIND_COLOURED;
      out->any_colour = choice == 2 + PEN_N_DISCIPLINES;
      if (!out->any_colour)
        out->die_colour = (PenDiscipline) (choice - 2);
    }
  return TRUE;
}

static gboolean
parse_event_effect (JsonNode        *node,
                    const char      *file,
                    const char      *id,
                    guint            index,
                    PenEventEffect  *out,
                    GError         **error)
{
  g_autofree char *path = g_strdup_printf ("effect.effects[%u]", index + 1);
  g_autofree char *amount_path = g_strdup_printf ("%s.amount", path);
  JsonObject *object = get_object_at (node, file, id, path, error);
  guint op, target, choice;

  if (object == NULL
      || !get_choice_at (object, "op", file, id, path, op_ids, &op, error))
    return FALSE;
  /* Each op takes only its own fields: an Ingredient on a Heal is a mistake. */
  if (!pen_data_check_fields (object, file, id, path, op_fields[op], error)
      || !get_choice_at (object, "target", file, id, path, target_ids, &target, error)
      || !get_uint_at (json_object_get_member (object, "amount"), file, id, amount_path, 1,
                       MAX_AMOUNT, &out->amount, error))
    return FALSE;
  out->op = (PenEventOp) op;
  out->target = (PenEventTarget) target;

  switch (out->op)
    {
    case PEN_EVENT_GAIN_INGREDIENT:
      {
        const char *ids[PEN_N_INGREDIENTS + 1];

        for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
          ids[i] = pen_ingredient_get_id ((PenIngredient) i);
        ids[PEN_N_INGREDIENTS] = NULL;
        if (!get_choice_at (object, "ingredient", file, id, path, ids, &choice, error))
          return FALSE;
        out->ingredient = (PenIngredient) choice;
      }
      break;
    case PEN_EVENT_GAIN_DIE:
      if (!parse_die (object, file, id, path, out, error))
        return FALSE;
      break;
    case PEN_EVENT_GAIN_CARD:
      if (!get_choice_at (object, "card", file, id, path, event_card_ids, &choice, error))
        return FALSE;
      out->card = (PenEventCard) choice;
      break;
    case PEN_EVENT_ROLL_RESOURCE_DICE:
    case PEN_EVENT_HEAL:
    case PEN_EVENT_RECHARGE_MARKS:
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* "effects": a non-empty list, applied in its order. */
static GArray *
parse_event_effects (JsonNode    *node,
                     const char  *file,
                     const char  *id,
                     GError     **error)
{
  g_autoptr(GArray) effects = NULL;
  JsonArray *list;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be a list"), file, id, "effect.effects");
      return NULL;
    }
  list = json_node_get_array (node);
  if (json_array_get_length (list) == 0)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must not be empty"), file, id, "effect.effects");
      return NULL;
    }
  effects = g_array_sized_new (FALSE, TRUE, sizeof (PenEventEffect), json_array_get_length (list));
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      PenEventEffect effect = { 0 };

      if (!parse_event_effect (json_array_get_element (list, i), file, id, i, &effect, error))
        return NULL;
      g_array_append_val (effects, effect);
    }
  return g_steal_pointer (&effects);
}

/* The card's "effect": required for Prophecies, Goals and Events, refused for
 * Trials. */
static gboolean
parse_effect (PenFateCard  *card,
              JsonObject   *object,
              const char   *file,
              GError      **error)
{
  JsonNode *node = json_object_get_member (object, "effect");
  JsonObject *effect;

  if (card->kind == PEN_FATE_KIND_TRIAL)
    {
      if (node != NULL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “effect” is not for Trials"), file, card->id);
          return FALSE;
        }
      return TRUE;
    }

  effect = get_object_at (node, file, card->id, "effect", error);
  if (effect == NULL
      || !pen_data_check_fields (effect, file, card->id, "effect", effect_fields[card->kind], error))
    return FALSE;

  switch (card->kind)
    {
    case PEN_FATE_KIND_PROPHECY:
      return parse_condition (json_object_get_member (effect, "condition"), file, card->id,
                              &card->condition, error);
    case PEN_FATE_KIND_GOAL:
      return parse_goal_rule (json_object_get_member (effect, "points"), file, card->id,
                              &card->goal, error);
    case PEN_FATE_KIND_EVENT:
      card->effects = parse_event_effects (json_object_get_member (effect, "effects"), file,
                                           card->id, error);
      return card->effects != NULL;
    case PEN_FATE_KIND_TRIAL:
    default:
      g_assert_not_reached ();
    }
}

static PenFateCard *
card_new_from_json (JsonNode    *node,
                    guint        index,
                    const char  *file,
                    GError     **error)
{
  g_autoptr(PenFateCard) card = g_new0 (PenFateCard, 1);
  g_autofree char *label = g_strdup_printf ("card %u", index + 1);
  JsonObject *object;
  JsonNode *member;
  const char *id, *kind, *name, *name_ru, *text, *text_ru;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: card %u: a card must be an object"), file, index + 1);
      return NULL;
    }
  object = json_node_get_object (node);

  if (!pen_data_get_string (object, file, label, NULL, "id", &id, error))
    return NULL;
  if (!pen_data_is_kebab_case (id))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: card %u: field “id”: “%s” is not kebab-case (lower-case letters "
                     "and digits joined by single hyphens)"),
                   file, index + 1, id);
      return NULL;
    }
  card->id = g_intern_string (id);

  /* From here on the card is named by its id. */
  if (!pen_data_check_fields (object, file, id, NULL, card_fields, error))
    return NULL;

  if (!pen_data_get_string (object, file, id, NULL, "kind", &kind, error))
    return NULL;
  if (!pen_fate_kind_from_id (kind, &card->kind))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “kind” is “%s”, not one of trial, prophecy, goal, event"),
                   file, id, kind);
      return NULL;
    }

  if (!pen_data_get_string (object, file, id, NULL, "name", &name, error)
      || !pen_data_get_string (object, file, id, NULL, "name_ru", &name_ru, error))
    return NULL;
  card->name = g_strdup (name);
  card->name_ru = g_strdup (name_ru);

  if (card->kind == PEN_FATE_KIND_TRIAL)
    {
      if (!pen_data_get_uint (object, file, id, "difficulty", 1, PEN_FATE_N_DIFFICULTIES,
                              &card->difficulty, error))
        return NULL;
    }
  else if (json_object_has_member (object, "difficulty"))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “difficulty” is only for Trials"), file, id);
      return NULL;
    }

  text = text_ru = NULL;
  if ((json_object_has_member (object, "text")
       && !pen_data_get_string (object, file, id, NULL, "text", &text, error))
      || (json_object_has_member (object, "text_ru")
          && !pen_data_get_string (object, file, id, NULL, "text_ru", &text_ru, error)))
    return NULL;
  if ((text == NULL) != (text_ru == NULL))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: fields “text” and “text_ru” must be given together"), file, id);
      return NULL;
    }
  card->text = g_strdup (text);
  card->text_ru = g_strdup (text_ru);

  member = json_object_get_member (object, "always_in_play");
  if (member != NULL)
    {
      if (card->kind != PEN_FATE_KIND_PROPHECY)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “always_in_play” is only for Prophecies"), file, id);
          return NULL;
        }
      if (!JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_BOOLEAN)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “%s” must be true or false"), file, id, "always_in_play");
          return NULL;
        }
      card->always_in_play = json_node_get_boolean (member);
    }

  if (!parse_effect (card, object, file, error))
    return NULL;

  return g_steal_pointer (&card);
}

/* Rulebook, "Components". */
static gboolean
check_counts (PenFateCatalogue  *self,
              const char        *file,
              GError           **error)
{
  guint n_trials[PEN_FATE_N_DIFFICULTIES + 1] = { 0 };
  guint n_kind[PEN_N_FATE_KINDS] = { 0 };
  guint n_always = 0;

  for (guint i = 0; i < self->cards->len; i++)
    {
      const PenFateCard *card = g_ptr_array_index (self->cards, i);

      n_kind[card->kind]++;
      if (card->kind == PEN_FATE_KIND_TRIAL)
        n_trials[card->difficulty]++;
      if (card->always_in_play)
        {
          n_always++;
          self->always_in_play = card;
        }
    }

  for (guint d = 1; d <= PEN_FATE_N_DIFFICULTIES; d++)
    if (n_trials[d] != PEN_FATE_N_TRIALS_PER_DIFFICULTY)
      {
        g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                     _("%s: cards: the number of Trials of difficulty %u is %u; the rulebook "
                       "has %u"),
                     file, d, n_trials[d], (guint) PEN_FATE_N_TRIALS_PER_DIFFICULTY);
        return FALSE;
      }
  if (n_kind[PEN_FATE_KIND_PROPHECY] != PEN_FATE_N_PROPHECIES)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: cards: the number of Prophecies is %u; the rulebook has %u"),
                   file, n_kind[PEN_FATE_KIND_PROPHECY], (guint) PEN_FATE_N_PROPHECIES);
      return FALSE;
    }
  if (n_kind[PEN_FATE_KIND_GOAL] != PEN_FATE_N_GOALS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: cards: the number of Goals is %u; the rulebook has %u"),
                   file, n_kind[PEN_FATE_KIND_GOAL], (guint) PEN_FATE_N_GOALS);
      return FALSE;
    }
  if (n_kind[PEN_FATE_KIND_EVENT] != PEN_FATE_N_EVENTS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: cards: the number of Events is %u; the rulebook has %u"),
                   file, n_kind[PEN_FATE_KIND_EVENT], (guint) PEN_FATE_N_EVENTS);
      return FALSE;
    }
  /* Rulebook, "The Fate deck": "Find the Prophecy End of Time. This is the
   * Prophecy that is in effect in every game." */
  if (n_always != 1)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: cards: exactly one Prophecy must have field “always_in_play”, not %u"),
                   file, n_always);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_entry (PenFateCatalogue       *self,
             JsonNode               *node,
             const char             *file,
             const char             *item,
             GHashTable             *seen,
             PenFateFirstGameEntry  *out,
             GError                **error)
{
  JsonObject *object;
  const char *id, *players;
  guint i;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: an entry must be an object with fields “card” and “players”"),
                   file, item);
      return FALSE;
    }
  object = json_node_get_object (node);
  if (!pen_data_check_fields (object, file, item, NULL, entry_fields, error)
      || !pen_data_get_string (object, file, item, NULL, "card", &id, error)
      || !pen_data_get_string (object, file, item, NULL, "players", &players, error))
    return FALSE;

  out->card = pen_fate_catalogue_lookup (self, id);
  if (out->card == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “card”: “%s” is not a card of this file"), file, item, id);
      return FALSE;
    }
  for (i = 0; i < G_N_ELEMENTS (players_ids); i++)
    if (g_str_equal (players, players_ids[i]))
      break;
  if (i == G_N_ELEMENTS (players_ids))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “players” is “%s”, not one of all, 3+, 4"),
                   file, item, players);
      return FALSE;
    }
  out->players = (PenFatePlayers) i;

  if (!g_hash_table_add (seen, (gpointer) out->card->id))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “card”: “%s” is already in the first game’s setup"),
                   file, item, id);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_entry_list (PenFateCatalogue  *self,
                  JsonObject        *first_game,
                  const char        *file,
                  const char        *field,
                  gboolean           trials_only,
                  GHashTable        *seen,
                  GArray            *out,
                  GError           **error)
{
  JsonArray *list = pen_data_get_array (first_game, file, "first_game", field, error);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *item = g_strdup_printf ("first_game %s entry %u", field, i + 1);
      PenFateFirstGameEntry entry;

      if (!parse_entry (self, json_array_get_element (list, i), file, item, seen, &entry, error))
        return FALSE;
      if (trials_only && entry.card->kind != PEN_FATE_KIND_TRIAL)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “card”: “%s” is not a Trial"), file, item, entry.card->id);
          return FALSE;
        }
      g_array_append_val (out, entry);
    }
  return TRUE;
}

static guint
count_entries (GArray *entries,
               guint   n_players)
{
  guint n = 0;

  for (guint i = 0; i < entries->len; i++)
    if (pen_fate_players_include (g_array_index (entries, PenFateFirstGameEntry, i).players,
                                  n_players))
      n++;
  return n;
}

/* The ready-made deck must give, for each player count it has tags for, what the
 * rulebook's procedure would: a row of one Trial per player and three stacks of
 * twice the players. One and two players share the untagged entries. */
static gboolean
check_first_game_counts (PenFateCatalogue  *self,
                         const char        *file,
                         GError           **error)
{
  for (guint n = 2; n <= PEN_FATE_MAX_PLAYERS; n++)
    {
      guint n_trials = count_entries (self->first_trials, n);
      guint n_deck = count_entries (self->first_deck, n);

      if (n_trials != n)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: first_game: field “%s” for %u players: the number of cards is "
                         "%u, it must be %u"),
                       file, "starting_trials", n, n_trials, n);
          return FALSE;
        }
      if (n_deck != PEN_FATE_N_STACKS * 2 * n)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: first_game: field “%s” for %u players: the number of cards is "
                         "%u, it must be %u"),
                       file, "deck", n, n_deck, PEN_FATE_N_STACKS * 2 * n);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_first_game (PenFateCatalogue  *self,
                  JsonObject        *root,
                  const char        *file,
                  GError           **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  JsonNode *node = json_object_get_member (root, "first_game");
  JsonObject *first_game;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “%s” must be an object"), file, "fate", "first_game");
      return FALSE;
    }
  first_game = json_node_get_object (node);
  if (!pen_data_check_fields (first_game, file, "first_game", NULL, first_game_fields, error))
    return FALSE;

  if (!parse_entry (self, json_object_get_member (first_game, "starting_prophecy"), file,
                    "first_game starting_prophecy", seen, &self->first_prophecy, error))
    return FALSE;
  /* Rulebook, "Ready-made deck for the first game": STARTING PROPHECY, End of Time. */
  if (self->first_prophecy.card != self->always_in_play)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “card”: “%s” is not the Prophecy that is always in play"),
                   file, "first_game starting_prophecy", self->first_prophecy.card->id);
      return FALSE;
    }
  if (self->first_prophecy.players != PEN_FATE_PLAYERS_ALL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                   _("%s: %s: field “players” must be “all”: the starting Prophecy is in "
                     "every game"),
                   file, "first_game starting_prophecy");
      return FALSE;
    }

  if (!parse_entry_list (self, first_game, file, "starting_trials", TRUE, seen,
                         self->first_trials, error)
      || !parse_entry_list (self, first_game, file, "deck", FALSE, seen, self->first_deck, error))
    return FALSE;

  return check_first_game_counts (self, file, error);
}

const char *
pen_fate_kind_get_id (PenFateKind kind)
{
  g_return_val_if_fail (kind < PEN_N_FATE_KINDS, NULL);

  return kind_ids[kind];
}

gboolean
pen_fate_kind_from_id (const char  *id,
                       PenFateKind *out)
{
  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < PEN_N_FATE_KINDS; i++)
    if (g_str_equal (id, kind_ids[i]))
      {
        if (out != NULL)
          *out = (PenFateKind) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * pen_fate_card_get_id:
 *
 * Returns: (transfer none): the card's id, an interned string
 */
const char *
pen_fate_card_get_id (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);
  return card->id;
}

PenFateKind
pen_fate_card_get_kind (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, PEN_FATE_KIND_TRIAL);
  return card->kind;
}

/* The names and texts are card data, in English and in the Russian original;
 * they do not go through gettext. */
const char *
pen_fate_card_get_name (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);
  return card->name;
}

const char *
pen_fate_card_get_name_ru (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);
  return card->name_ru;
}

/**
 * pen_fate_card_get_difficulty:
 *
 * Returns: 1 to 4 for a Trial, 0 for other cards
 */
guint
pen_fate_card_get_difficulty (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, 0);
  return card->difficulty;
}

/**
 * pen_fate_card_get_text:
 *
 * Returns: (nullable): the card's text, or %NULL where the data gives none
 */
const char *
pen_fate_card_get_text (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);
  return card->text;
}

const char *
pen_fate_card_get_text_ru (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);
  return card->text_ru;
}

gboolean
pen_fate_card_is_always_in_play (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, FALSE);
  return card->always_in_play;
}

/**
 * pen_fate_counter_get_id:
 *
 * Returns: (transfer none): the counter's id in the data, such as
 *   “passed-trials” or “ingredient-arcana”
 */
const char *
pen_fate_counter_get_id (PenFateCounter counter)
{
  g_return_val_if_fail (counter < PEN_N_FATE_COUNTERS, NULL);

  return counter_ids ()[counter];
}

gboolean
pen_fate_counter_from_id (const char     *id,
                          PenFateCounter *out)
{
  const char * const *ids = counter_ids ();

  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < PEN_N_FATE_COUNTERS; i++)
    if (g_str_equal (id, ids[i]))
      {
        if (out != NULL)
          *out = (PenFateCounter) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * pen_event_op_get_id:
 *
 * Returns: (transfer none): the op's id in the data, such as “gain-die”
 */
const char *
pen_event_op_get_id (PenEventOp op)
{
  g_return_val_if_fail (op < PEN_N_EVENT_OPS, NULL);

  return op_ids[op];
}

/**
 * pen_fate_catalogue_new_from_json:
 * @root: the parsed file; its top level is an object
 * @file: the file's name, for messages
 *
 * Reads the Fate cards and the ready-made first-game deck, and refuses a file
 * that is malformed or inconsistent with a message naming the file, the card
 * (or entry) and the field.
 *
 * Returns: (transfer full) (nullable): the catalogue
 */
PenFateCatalogue *
pen_fate_catalogue_new_from_json (JsonNode    *root,
                                  const char  *file,
                                  GError     **error)
{
  g_autoptr(PenFateCatalogue) self = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(GHashTable) names_ru = NULL;
  JsonObject *object;
  JsonArray *cards;

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (JSON_NODE_HOLDS_OBJECT (root), NULL);
  g_return_val_if_fail (file != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (PenFateCatalogue, 1);
  self->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) pen_fate_card_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->first_trials = g_array_new (FALSE, FALSE, sizeof (PenFateFirstGameEntry));
  self->first_deck = g_array_new (FALSE, FALSE, sizeof (PenFateFirstGameEntry));
  names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  names_ru = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  object = json_node_get_object (root);
  if (!pen_data_check_fields (object, file, "fate", NULL, top_fields, error))
    return NULL;
  cards = pen_data_get_array (object, file, "fate", "cards", error);
  if (cards == NULL)
    return NULL;

  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      PenFateCard *card = card_new_from_json (json_array_get_element (cards, i), i, file, error);
      const PenFateCard *other;

      if (card == NULL)
        return NULL;
      other = g_hash_table_lookup (self->by_id, card->id);
      if (other != NULL)
        {
          guint other_index = 0;

          g_ptr_array_find (self->cards, other, &other_index);
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: card %u: field “id”: “%s” is already the id of card %u"),
                       file, i + 1, card->id, other_index + 1);
          pen_fate_card_free (card);
          return NULL;
        }
      g_ptr_array_add (self->cards, card);
      g_hash_table_insert (self->by_id, (gpointer) card->id, card);

      if (!pen_data_check_name_unique (names, card->id, "name", card->name, file, error)
          || !pen_data_check_name_unique (names_ru, card->id, "name_ru", card->name_ru, file, error))
        return NULL;
    }

  if (!check_counts (self, file, error) || !parse_first_game (self, object, file, error))
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * pen_fate_catalogue_load:
 *
 * Loads the game's Fate cards from `cards/fate.json` in the engine's resource.
 *
 * Returns: (transfer full) (nullable): the catalogue
 */
PenFateCatalogue *
pen_fate_catalogue_load (GError **error)
{
  g_autoptr(JsonNode) root = pen_data_load_resource (PEN_FATE_FILE, error);

  if (root == NULL)
    return NULL;
  return pen_fate_catalogue_new_from_json (root, PEN_FATE_FILE, error);
}

/**
 * pen_fate_catalogue_get_default:
 *
 * The shipped Fate cards, loaded once.
 *
 * Returns: (transfer none) (nullable): the catalogue, or %NULL with @error
 *   set when the data is broken
 */
const PenFateCatalogue *
pen_fate_catalogue_get_default (GError **error)
{
  static PenFateCatalogue *catalogue;

  return pen_data_cache ((gpointer *) &catalogue, (PenDataLoadFunc) pen_fate_catalogue_load, error);
}

void
pen_fate_catalogue_free (PenFateCatalogue *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->cards, g_ptr_array_unref);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->first_trials, g_array_unref);
  g_clear_pointer (&self->first_deck, g_array_unref);
  g_free (self);
}

guint
pen_fate_catalogue_get_n_cards (const PenFateCatalogue *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->cards->len;
}

/**
 * pen_fate_catalogue_get_card:
 * @index: 0-based, in the order of the data file
 *
 * Returns: (transfer none): the card
 */
const PenFateCard *
pen_fate_catalogue_get_card (const PenFateCatalogue *self,
                             guint                   index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->cards->len, NULL);

  return g_ptr_array_index (self->cards, index);
}

/**
 * pen_fate_catalogue_lookup:
 *
 * Returns: (transfer none) (nullable): the card with the id @id, or %NULL
 */
const PenFateCard *
pen_fate_catalogue_lookup (const PenFateCatalogue *self,
                           const char             *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return g_hash_table_lookup (self->by_id, id);
}
