/* pen-game-actions.c: TITLE_actjson
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-actions"

#include "config.h"

#include "pen-game-private.h"

/* ---- Actions as JSON (penumbra-sim, saves) --------------------------------- */

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

static const char *manipulation_ids[] = {
  [PEN_MANIPULATE_REROLL] = "reroll",
  [PEN_MANIPULATE_INCREASE] = "increase",
  [PEN_MANIPULATE_DECREASE] = "decrease",
  [PEN_MANIPULATE_FLIP] = "flip",
  [PEN_MANIPULATE_RECOLOUR] = "recolour",
};

static const char *mark_effect_ids[] = {
  [PEN_MARK_EFFECT_SET] = "set",
  [PEN_MARK_EFFECT_RECOLOUR_BONE] = "recolour-bone",
  [PEN_MARK_EFFECT_CAST] = "cast",
  [PEN_MARK_EFFECT_UNEXHAUST] = "unexhaust",
};

static const char *deck_ids[PEN_N_DECKS] = {
  "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "potions", "artifacts",
};
static const char *token_ids[] = {
  "reroll", "increase", "decrease", "flip", "recolour", "set", "colour", "exchange", "threat-up", "threat-down",
};
static const char *place_ids[] = { "left", "right", "top" };

JsonNode *
pen_game_action_to_json (PenGame         *self,
                         const PenAction *action)
{
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, pen_action_type_get_id (action->type));

#define ADD_INT(name, value) G_STMT_START { \
    json_builder_set_member_name (b, name); \
    json_builder_add_int_value (b, value); \
  } G_STMT_END
#define ADD_STRING(name, value) G_STMT_START { \
    json_builder_set_member_name (b, name); \
    json_builder_add_string_value (b, value); \
  } G_STMT_END

  switch (action->type)
    {
    case PEN_ACTION_CHOOSE_TALENT:
      ADD_INT ("talent", action->index);
      break;
    case PEN_ACTION_PLACE:
    case PEN_ACTION_KNOCK_OUT:
      ADD_INT ("die", action->die);
      ADD_STRING ("location", pen_location_get_id (self->locations[action->location]));
      ADD_STRING ("section", section_def (self, action->location, action->section)->id);
      ADD_INT ("cell", action->cell);
      if (action->type == PEN_ACTION_KNOCK_OUT)
        ADD_INT ("index", action->index);
      else if (action->colour >= 0)
        ADD_STRING ("as", pen_discipline_get_id (action->colour));
      break;
    case PEN_ACTION_MANIPULATE:
      ADD_INT ("die", action->die);
      ADD_STRING ("manipulation", manipulation_ids[action->value]);
      if (action->colour >= 0)
        ADD_STRING ("colour", pen_discipline_get_id (action->colour));
      break;
    case PEN_ACTION_HEAL:
      ADD_INT ("mark", action->index);
      break;
    case PEN_ACTION_USE_MARK:
      ADD_INT ("mark", action->index);
      ADD_INT ("die", action->die);
      ADD_STRING ("effect", mark_effect_ids[action->value]);
      if (action->value == PEN_MARK_EFFECT_SET)
        ADD_INT ("face", action->colour);
      if (action->value >= PEN_MARK_EFFECT_CAST)
        ADD_INT ("card", action->to);
      break;
    case PEN_ACTION_EXCHANGE:
      ADD_STRING ("give", pen_ingredient_get_id (action->colour));
      ADD_STRING ("take", pen_ingredient_get_id (action->to));
      ADD_INT ("lots", action->value);
      break;
    case PEN_ACTION_DEFEND:
      ADD_INT ("die", action->die);
      break;
    case PEN_ACTION_THREAT_TARGET:
      if (action->index >= PEN_THREAT_TARGET_MARK)
        ADD_INT ("mark", action->index - PEN_THREAT_TARGET_MARK);
      else
        ADD_INT ("die", action->index);
      break;
    case PEN_ACTION_CHOOSE_CONTRACT:
      if (action->index >= PEN_RESERVED)
        ADD_INT ("reserved", action->index - PEN_RESERVED);
      else
        ADD_INT ("contract", action->index);
      break;
    case PEN_ACTION_START_TRIAL:
      if (action->index == PEN_RESERVED)
        {
          json_builder_set_member_name (b, "reserved");
          json_builder_add_boolean_value (b, TRUE);
        }
      else
        ADD_INT ("trial", action->index);
      break;
    case PEN_ACTION_CHOOSE_PATH:
      ADD_STRING ("path", action->index == 0 ? "darkness" : "light");
      ADD_INT ("task", action->value);
      break;
    case PEN_ACTION_TASK_DICE:
      json_builder_set_member_name (b, "dice");
      json_builder_begin_array (b);
      for (guint i = 0; i < 64; i++)
        if (action->mask & (G_GUINT64_CONSTANT (1) << i))
          json_builder_add_int_value (b, i);
      json_builder_end_array (b);
      break;
    case PEN_ACTION_RIFT_DISCARD:
      ADD_INT ("die", action->die);
      break;
    case PEN_ACTION_RESERVE:
      if (action->index == PEN_BIND_NONE)
        {
          json_builder_set_member_name (b, "none");
          json_builder_add_boolean_value (b, TRUE);
        }
      else if (action->index >= PEN_BIND_DECK)
        ADD_INT ("deck", action->index - PEN_BIND_DECK);
      else
        ADD_INT ("contract", action->index);
      break;
    case PEN_ACTION_CHOOSE_COLOUR:
      ADD_STRING ("colour", pen_discipline_get_id (action->colour));
      break;
    case PEN_ACTION_TAKE_CARD:
      ADD_STRING ("deck", deck_ids[action->index / 3]);
      ADD_STRING ("from", place_ids[action->index % 3]);
      break;
    case PEN_ACTION_BUY_CARD:
      ADD_STRING ("market", action->value == 0 ? "brewery" : "shop");
      ADD_STRING ("from", place_ids[action->index]);
      break;
    case PEN_ACTION_KEEP_EQUIPMENT:
      json_builder_set_member_name (b, "replace");
      json_builder_add_boolean_value (b, action->index == 1);
      break;
    case PEN_ACTION_BRIBE:
      ADD_STRING ("market", deck_ids[action->index]);
      break;
    case PEN_ACTION_USE_CARD:
      ADD_INT ("card", action->index);
      if (action->value >= 0)
        ADD_INT ("cost", action->value);
      json_builder_set_member_name (b, "dice");
      json_builder_begin_array (b);
      for (guint i = 0; i < 64; i++)
        if (action->mask & (G_GUINT64_CONSTANT (1) << i))
          json_builder_add_int_value (b, i);
      json_builder_end_array (b);
      if (action->to > 0)
        ADD_INT ("empower", action->to);
      break;
    case PEN_ACTION_CARD_TOKEN:
      ADD_STRING ("token", token_ids[action->value]);
      if (action->value <= PEN_MANIPULATE_SET)
        ADD_INT ("die", action->die);
      if (action->value == PEN_MANIPULATE_RECOLOUR || action->value == PEN_TOKEN_COLOUR)
        ADD_STRING ("colour", pen_discipline_get_id (action->colour));
      if (action->value == PEN_MANIPULATE_SET)
        ADD_INT ("face", action->colour);
      if (action->value >= PEN_TOKEN_THREAT_UP)
        ADD_INT ("threat-die", action->index);
      break;
    case PEN_ACTION_USE_LOCATION:
    case PEN_ACTION_SKIP_LOCATION:
    case PEN_ACTION_HURRY:
    case PEN_ACTION_FINISH_EXCHANGE:
    case PEN_ACTION_REST:
    case PEN_ACTION_ROLL_THREAT:
    case PEN_ACTION_END_TURN:
    case PEN_ACTION_TASK_DO:
    case PEN_ACTION_GIVE_UP:
    case PEN_ACTION_BIND:
    default:
      break;
    }
#undef ADD_INT
#undef ADD_STRING

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
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

static gboolean
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
pen_game_action_from_json (PenGame    *self,
                           JsonNode   *node,
                           PenAction  *action,
                           GError    **error)
{
  const char *discipline_ids[PEN_N_DISCIPLINES], *ingredient_ids[PEN_N_INGREDIENTS];
  const char *type_ids[PEN_N_ACTION_TYPES];
  JsonObject *object;
  int type;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  for (guint i = 0; i < PEN_N_DISCIPLINES; i++)
    discipline_ids[i] = pen_discipline_get_id (i);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    ingredient_ids[i] = pen_ingredient_get_id (i);
  for (guint i = 0; i < PEN_N_ACTION_TYPES; i++)
    type_ids[i] = pen_action_type_get_id (i);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return refuse (error, _("An action must be a JSON object."));
  object = json_node_get_object (node);
  if (!member_id (object, "type", type_ids, PEN_N_ACTION_TYPES, &type, error))
    return FALSE;
  pen_action_init (action, type);

  switch (action->type)
    {
    case PEN_ACTION_CHOOSE_TALENT:
      return member_int (object, "talent", 0, 1, &action->index, error);
    case PEN_ACTION_PLACE:
    case PEN_ACTION_KNOCK_OUT:
      {
        const char *location_id = safe_string (object, "location", "");
        const char *section_id = safe_string (object, "section", "");

        if (!member_int (object, "die", 0, G_MAXINT, &action->die, error)
            || !member_int (object, "cell", -1, PEN_MAX_CELLS, &action->cell, error))
          return FALSE;
        action->location = pen_game_find_location (self, location_id);
        if (action->location < 0)
          return refuse (error, _("There is no location “%s” in this game."), location_id);
        action->section = pen_location_find_section (self->locations[action->location], section_id);
        if (action->section < 0)
          return refuse (error, _("The location has no section “%s”."), section_id);
        if (action->type == PEN_ACTION_KNOCK_OUT)
          return member_int (object, "index", 0, G_MAXINT, &action->index, error);
        if (json_object_has_member (object, "as"))
          return member_id (object, "as", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error);
        return TRUE;
      }
    case PEN_ACTION_MANIPULATE:
      if (!member_int (object, "die", 0, G_MAXINT, &action->die, error)
          || !member_id (object, "manipulation", manipulation_ids, G_N_ELEMENTS (manipulation_ids),
                         &action->value, error))
        return FALSE;
      if (json_object_has_member (object, "colour"))
        return member_id (object, "colour", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error);
      return TRUE;
    case PEN_ACTION_HEAL:
      return member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error);
    case PEN_ACTION_USE_MARK:
      if (!member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error)
          || !member_id (object, "effect", mark_effect_ids, G_N_ELEMENTS (mark_effect_ids),
                         &action->value, error))
        return FALSE;
      if (action->value >= PEN_MARK_EFFECT_CAST)
        return member_int (object, "card", 0, G_MAXINT, &action->to, error);
      if (!member_int (object, "die", 0, G_MAXINT, &action->die, error))
        return FALSE;
      if (action->value == PEN_MARK_EFFECT_SET)
        return member_int (object, "face", 1, 6, &action->colour, error);
      return TRUE;
    case PEN_ACTION_EXCHANGE:
      return member_id (object, "give", ingredient_ids, PEN_N_INGREDIENTS, &action->colour, error)
             && member_id (object, "take", ingredient_ids, PEN_N_INGREDIENTS, &action->to, error)
             && member_int (object, "lots", 1, PEN_INGREDIENT_CAP, &action->value, error);
    case PEN_ACTION_DEFEND:
      return member_int (object, "die", 0, G_MAXINT, &action->die, error);
    case PEN_ACTION_THREAT_TARGET:
      if (json_object_has_member (object, "mark"))
        {
          if (!member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error))
            return FALSE;
          action->index += PEN_THREAT_TARGET_MARK;
          return TRUE;
        }
      return member_int (object, "die", 0, G_MAXINT, &action->index, error);
    case PEN_ACTION_CHOOSE_CONTRACT:
      if (json_object_has_member (object, "reserved"))
        {
          if (!member_int (object, "reserved", 0, 999, &action->index, error))
            return FALSE;
          action->index += PEN_RESERVED;
          return TRUE;
        }
      return member_int (object, "contract", 0, N_CONTRACT_SLOTS - 1, &action->index, error);
    case PEN_ACTION_START_TRIAL:
      if (safe_boolean (object, "reserved", FALSE))
        {
          action->index = PEN_RESERVED;
          return TRUE;
        }
      return member_int (object, "trial", 0, PEN_RESERVED - 1, &action->index, error);
    case PEN_ACTION_CHOOSE_PATH:
      {
        static const char *paths[] = { "darkness", "light" };

        return member_id (object, "path", paths, 2, &action->index, error)
               && member_int (object, "task", 0, PEN_QUEST_MAX_TASKS - 1, &action->value, error);
      }
    case PEN_ACTION_TASK_DICE:
      {
        JsonNode *dice = json_object_get_member (object, "dice");
        JsonArray *array = dice != NULL && JSON_NODE_HOLDS_ARRAY (dice) ? json_node_get_array (dice) : NULL;

        if (array == NULL)
          return refuse (error, _("The action needs a list of dice “dice”."));
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            JsonNode *die = json_array_get_element (array, i);

            if (json_node_get_value_type (die) != G_TYPE_INT64
                || json_node_get_int (die) < 0 || json_node_get_int (die) > 63)
              return refuse (error, _("The action's “dice” must list dice of the supply."));
            action->mask |= G_GUINT64_CONSTANT (1) << json_node_get_int (die);
          }
        return TRUE;
      }
    case PEN_ACTION_RIFT_DISCARD:
      return member_int (object, "die", 0, G_MAXINT, &action->die, error);
    case PEN_ACTION_RESERVE:
      if (safe_boolean (object, "none", FALSE))
        {
          action->index = PEN_BIND_NONE;
          return TRUE;
        }
      if (json_object_has_member (object, "deck"))
        {
          if (!member_int (object, "deck", 0, N_BIND_CARDS - 1, &action->index, error))
            return FALSE;
          action->index += PEN_BIND_DECK;
          return TRUE;
        }
      return member_int (object, "contract", 0, N_CONTRACT_SLOTS - 1, &action->index, error);
    case PEN_ACTION_CHOOSE_COLOUR:
      return member_id (object, "colour", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error);
    case PEN_ACTION_TAKE_CARD:
      {
        int deck, place;

        if (!member_id (object, "deck", deck_ids, PEN_N_DECKS, &deck, error)
            || !member_id (object, "from", place_ids, 3, &place, error))
          return FALSE;
        action->index = PEN_CARD_SOURCE (deck, place);
        return TRUE;
      }
    case PEN_ACTION_BUY_CARD:
      {
        static const char *markets[] = { "brewery", "shop" };

        return member_id (object, "market", markets, 2, &action->value, error)
               && member_id (object, "from", place_ids, 2, &action->index, error);
      }
    case PEN_ACTION_KEEP_EQUIPMENT:
      action->index = safe_boolean (object, "replace", FALSE) ? 1 : 0;
      return TRUE;
    case PEN_ACTION_BRIBE:
      return member_id (object, "market", deck_ids, PEN_N_DECKS, &action->index, error);
    case PEN_ACTION_USE_CARD:
      {
        JsonNode *dice = json_object_get_member (object, "dice");

        if (!member_int (object, "card", 0, G_MAXINT, &action->index, error))
          return FALSE;
        if (json_object_has_member (object, "cost")
            && !member_int (object, "cost", 0, PEN_CARD_MAX_COSTS - 1, &action->value, error))
          return FALSE;
        if (json_object_has_member (object, "empower")
            && !member_int (object, "empower", 0, 63, &action->to, error))
          return FALSE;
        if (dice != NULL && !JSON_NODE_HOLDS_ARRAY (dice))
          return refuse (error, _("The action's “dice” must list dice of the supply."));
        for (guint i = 0; dice != NULL && i < json_array_get_length (json_node_get_array (dice)); i++)
          {
            JsonNode *die = json_array_get_element (json_node_get_array (dice), i);

            if (json_node_get_value_type (die) != G_TYPE_INT64 || json_node_get_int (die) < 0 || json_node_get_int (die) > 63)
              return refuse (error, _("The action's “dice” must list dice of the supply."));
            action->mask |= G_GUINT64_CONSTANT (1) << json_node_get_int (die);
          }
        return TRUE;
      }
    case PEN_ACTION_CARD_TOKEN:
      if (!member_id (object, "token", token_ids, G_N_ELEMENTS (token_ids), &action->value, error))
        return FALSE;
      if (action->value <= PEN_MANIPULATE_SET && !member_int (object, "die", 0, G_MAXINT, &action->die, error))
        return FALSE;
      if ((action->value == PEN_MANIPULATE_RECOLOUR || action->value == PEN_TOKEN_COLOUR)
          && !member_id (object, "colour", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error))
        return FALSE;
      if (action->value == PEN_MANIPULATE_SET && !member_int (object, "face", 1, 6, &action->colour, error))
        return FALSE;
      if (action->value >= PEN_TOKEN_THREAT_UP
          && !member_int (object, "threat-die", 0, PEN_MAX_THREAT_DICE - 1, &action->index, error))
        return FALSE;
      return TRUE;
    default:
      return TRUE;
    }
}

char *
pen_game_describe_action (PenGame         *self,
                          const PenAction *action)
{
  g_autoptr(JsonNode) node = pen_game_action_to_json (self, action);

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return json_to_string (node, FALSE);
}
