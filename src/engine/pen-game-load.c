/* pen-game-load.c: a game read back from JSON (docs/save-format.md):
 * pen_game_new_from_json() and its readers, each part checked and refused
 * with a message when damaged. Writing a game and the invariants are in
 * pen-game-save.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-load"

#include "config.h"

#include "pen-game-private.h"
#include "pen-save-shape.h"

gboolean
bad_save (GError     **error,
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

static JsonNode *
get_member (JsonObject  *object,
            const char  *name,
            JsonNodeType type,
            GError     **error)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || json_node_get_node_type (node) != type)
    {
      bad_save (error, _("“%s” is missing or of the wrong kind."), name);
      return NULL;
    }
  return node;
}

static gboolean
get_int (JsonObject  *object,
         const char  *name,
         gint64       min,
         gint64       max,
         gint64      *out,
         GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);

  if (node == NULL)
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_INT64)
    return bad_save (error, _("“%s” must be a whole number."), name);
  *out = json_node_get_int (node);
  if (*out < min || *out > max)
    return bad_save (error, _("“%s” is out of range."), name);
  return TRUE;
}

static gboolean
get_bool (JsonObject  *object,
          const char  *name,
          gboolean    *out,
          GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);

  if (node == NULL)
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return bad_save (error, _("“%s” must be true or false."), name);
  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
get_choice (JsonObject  *object,
            const char  *name,
            const char **ids,
            guint        n_ids,
            guint       *out,
            GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);
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
  return bad_save (error, _("“%s” has an unknown value."), name);
}

static gboolean
get_u64_string (JsonObject  *object,
                const char  *name,
                guint64     *out,
                GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);
  const char *text;

  if (node == NULL)
    return FALSE;
  text = json_node_get_string (node);
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    return bad_save (error, _("“%s” must be a number written as text."), name);
  return TRUE;
}

gboolean
read_die (JsonNode  *node,
          PenDie    *die,
          GError   **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *kind = get_member (object, "die", JSON_NODE_VALUE, error);
  const char *id;
  gint64 value;
  PenDiscipline colour;

  if (kind == NULL || !get_int (object, "value", 1, 6, &value, error))
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
    return bad_save (error, _("a die has an unknown colour."));
  die->value = (guint8) value;
  /* Optional flags: absent is false, anything but true or false is damage. */
  for (guint i = 0; i < 2; i++)
    {
      const char *flag = i == 0 ? "temporary" : "task";
      JsonNode *member = json_object_get_member (object, flag);

      if (member != NULL && json_node_get_value_type (member) != G_TYPE_BOOLEAN)
        return bad_save (error, _("a die's “%s” must be true or false."), flag);
    }
  die->temporary = safe_boolean (object, "temporary", FALSE);
  die->in_task = safe_boolean (object, "task", FALSE);
  return TRUE;
}

typedef enum
{
  IDS_FATE,        /* Fate card ids */
  IDS_CONTRACT,    /* Contract ids */
  IDS_PASSED,      /* "light:" or "darkness:" and a Trial id */
  IDS_CARD,        /* Wizard card ids */
  IDS_EXAM,        /* the Automa's content, in the order of PenAutomaContent */
  IDS_DUNGEON,
  IDS_RITUAL,
} IdKind;

static gboolean
id_is_valid (PenGame    *self,
             IdKind      kind,
             const char *id)
{
  switch (kind)
    {
    case IDS_FATE:
      return pen_fate_catalogue_lookup (self->fate, id) != NULL;
    case IDS_CONTRACT:
      return pen_quests_find_contract (self->quests, id) != NULL;
    case IDS_CARD:
      return pen_cards_find (self->cards, id) != NULL;
    case IDS_PASSED:
      return (g_str_has_prefix (id, "light:") || g_str_has_prefix (id, "darkness:"))
             && pen_quests_find_trial (self->quests, strchr (id, ':') + 1) != NULL;
    case IDS_EXAM:
    case IDS_DUNGEON:
    case IDS_RITUAL:
    default:
      return pen_automas_find_content (pen_automas_get_default (NULL), kind - IDS_EXAM, id) != NULL;
    }
}

static gboolean
read_strings (JsonObject  *object,
              const char  *name,
              GPtrArray   *out,
              PenGame     *self,
              IdKind       kind,
              GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (node == NULL)
    return FALSE;
  array = json_node_get_array (node);
  g_ptr_array_set_size (out, 0);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *id = json_node_get_string (json_array_get_element (array, i));

      if (id == NULL)
        return bad_save (error, _("“%s” must list texts."), name);
      if (!id_is_valid (self, kind, id))
        return bad_save (error, _("“%s” names an unknown card “%s”."), name, id);
      g_ptr_array_add (out, g_strdup (id));
    }
  return TRUE;
}

static gboolean
read_player (PenGame     *self,
             guint        p,
             JsonNode    *node,
             GError     **error)
{
  static const char *states[] = { "charged", "discharged", "wounded" };
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  PenWizardBoard *board = self->players[p] = pen_wizard_board_new (self->def);
  JsonNode *talent, *member;
  JsonArray *array;
  JsonObject *ingredients;
  gint64 value;

  if (object == NULL)
    return bad_save (error, _("a player must be an object."));
  talent = json_object_get_member (object, "talent");
  if (talent != NULL && !JSON_NODE_HOLDS_NULL (talent))
    {
      const char *id = json_node_get_string (talent);

      if (id == NULL || pen_talents_find (self->talents, id) == NULL)
        return bad_save (error, _("a player has an unknown Talent."));
      self->talent[p] = g_strdup (id);
    }
  member = get_member (object, "dealt", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != 2)
    return bad_save (error, _("a player must have been dealt two Talents."));
  for (guint i = 0; i < 2; i++)
    {
      const char *id = json_node_get_string (json_array_get_element (array, i));

      if (id == NULL || pen_talents_find (self->talents, id) == NULL)
        return bad_save (error, _("a player was dealt an unknown Talent."));
      self->dealt[p][i] = g_strdup (id);
    }
  if (!get_int (object, "turns-taken", 0, G_MAXINT, &value, error))
    return FALSE;
  self->turns_taken[p] = value;
  if (!get_bool (object, "must-rest", &self->must_rest[p], error))
    return FALSE;

  member = get_member (object, "marks", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != PEN_N_MARK_CELLS)
    return bad_save (error, _("a Wizard board must have %d Mark cells."), PEN_N_MARK_CELLS);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      JsonNode *cell = json_array_get_element (array, c);
      JsonObject *mark_object;
      PenMark mark = { .occupied = TRUE };
      const char *id;
      guint state;

      if (JSON_NODE_HOLDS_NULL (cell))
        continue;
      mark_object = JSON_NODE_HOLDS_OBJECT (cell) ? json_node_get_object (cell) : NULL;
      if (mark_object == NULL)
        return bad_save (error, _("a Mark cell must hold a Mark or null."));
      if (!get_choice (mark_object, "state", states, 3, &state, error))
        return FALSE;
      mark.state = state;
      id = safe_string (mark_object, "mark", "");
      if (pen_wizard_board_is_spark_cell (c) ? !g_str_equal (id, "spark")
                                             : !pen_discipline_from_id (id, &mark.discipline))
        return bad_save (error, _("a Mark does not belong in its cell."));
      pen_wizard_board_set_mark (board, c, &mark);
    }

  member = get_member (object, "dice", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      PenDie die;

      if (!read_die (json_array_get_element (array, i), &die, error))
        return FALSE;
      pen_wizard_board_add_die (board, &die);
    }

  member = get_member (object, "ingredients", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  ingredients = json_node_get_object (member);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      if (!get_int (ingredients, pen_ingredient_get_id (i), 0, PEN_INGREDIENT_CAP, &value, error))
        return FALSE;
      pen_wizard_board_set_ingredient (board, i, value);
    }
  if (!get_int (object, "mortal-wounds", 0, 99, &value, error))
    return FALSE;
  pen_wizard_board_set_mortal_wounds (board, value);

  if (!read_strings (object, "reserved-contracts", self->reserved_contracts[p], self, IDS_CONTRACT, error)
      || !read_strings (object, "fulfilled-contracts", self->fulfilled_contracts[p], self, IDS_CONTRACT, error)
      || !read_strings (object, "passed-trials", self->passed_trials[p], self, IDS_PASSED, error))
    return FALSE;
  member = json_object_get_member (object, "reserved-trial");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      const char *id = json_node_get_string (member);

      if (id == NULL || pen_quests_find_trial (self->quests, id) == NULL)
        return bad_save (error, _("a player has reserved an unknown Trial."));
      self->reserved_trial[p] = g_strdup (id);
    }
  return TRUE;
}

static gboolean
read_uints (JsonObject  *object,
            const char  *name,
            guint       *out,
            guint        n,
            guint        max,
            GError     **error)
{
  JsonNode *member = get_member (object, name, JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != n)
    return bad_save (error, _("“%s” must list %u numbers."), name, n);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (json_node_get_value_type (node) != G_TYPE_INT64
          || json_node_get_int (node) < 0 || json_node_get_int (node) > max)
        return bad_save (error, _("“%s” is out of range."), name);
      out[i] = json_node_get_int (node);
    }
  return TRUE;
}

static gboolean
read_card_ref (PenGame        *self,
               JsonObject     *object,
               const char     *name,
               const PenCard **out,
               GError        **error)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *id;

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  id = json_node_get_string (node);
  if (id == NULL || (*out = pen_cards_find (self->cards, id)) == NULL)
    return bad_save (error, _("“%s” names an unknown card."), name);
  return TRUE;
}

static gboolean
read_cards_state (PenGame     *self,
                  JsonObject  *root,
                  GError     **error)
{
  JsonNode *member;
  JsonObject *object, *effect;
  JsonArray *array;
  gint64 value;
  guint choice;

  /* Before the table is laid out (Talents being chosen) no card is dealt yet. */
  if (self->n_locations == 0 && !json_object_has_member (root, "cards"))
    return TRUE;
  member = get_member (root, "cards", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  object = json_node_get_object (member);

  member = get_member (object, "decks", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != PEN_N_DECKS)
    return bad_save (error, _("there must be %d decks of cards."), PEN_N_DECKS);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      JsonNode *deck_node = json_array_get_element (array, d);
      JsonObject *deck = JSON_NODE_HOLDS_OBJECT (deck_node) ? json_node_get_object (deck_node) : NULL;
      JsonNode *market;

      if (deck == NULL)
        return bad_save (error, _("a deck of cards is damaged."));
      if (!read_strings (deck, "deck", self->decks[d], self, IDS_CARD, error))
        return FALSE;
      market = get_member (deck, "market", JSON_NODE_ARRAY, error);
      if (market == NULL)
        return FALSE;
      if (json_array_get_length (json_node_get_array (market)) != 2)
        return bad_save (error, _("a market must have two places."));
      for (guint slot = 0; slot < 2; slot++)
        {
          JsonNode *node = json_array_get_element (json_node_get_array (market), slot);
          const char *id = JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);

          if (!JSON_NODE_HOLDS_NULL (node) && (id == NULL || pen_cards_find (self->cards, id) == NULL))
            return bad_save (error, _("a market holds an unknown card."));
          self->market[d][slot] = g_strdup (id);
        }
    }

  member = get_member (object, "players", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != self->n_players)
    return bad_save (error, _("every player must have a list of cards."));
  for (guint p = 0; p < self->n_players; p++)
    {
      JsonNode *list = json_array_get_element (array, p);

      if (!JSON_NODE_HOLDS_ARRAY (list))
        return bad_save (error, _("a player's cards must be a list."));
      for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
        {
          JsonNode *node = json_array_get_element (json_node_get_array (list), i);
          JsonObject *entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
          OwnedCard owned = { 0 };

          if (entry == NULL)
            return bad_save (error, _("a player's card is damaged."));
          if (!read_card_ref (self, entry, "card", &owned.card, error)
              || !get_choice (entry, "zone", zone_ids, G_N_ELEMENTS (zone_ids), &choice, error)
              || !get_bool (entry, "rotated", &owned.rotated, error))
            return FALSE;
          if (owned.card == NULL)
            return bad_save (error, _("a player's card is damaged."));
          owned.zone = choice;
          g_array_append_val (self->owned[p], owned);
        }
    }

  if (!get_int (object, "to-gain", 0, 99, &value, error))
    return FALSE;
  self->cards_to_gain = value;
  if (!get_int (object, "gain-deck", -1, PEN_N_DECKS - 1, &value, error))
    return FALSE;
  self->gain_deck = value;
  {
    gboolean after_reward;

    if (!get_bool (object, "after-reward", &after_reward, error))
      return FALSE;
    self->after_card = after_reward ? AFTER_CARD_REWARD : AFTER_CARD_RESUME;
  }
  if (!get_choice (object, "card-resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return FALSE;
  self->card_resume = choice;
  if (!get_int (object, "buy-market", -1, PEN_N_DECKS - 1, &value, error))
    return FALSE;
  self->buy_market = value;
  if (!get_int (object, "buys-left", 0, 99, &value, error))
    return FALSE;
  self->buys_left = value == 99 ? G_MAXUINT : (guint) value;
  if (!get_int (object, "discount", 0, 9, &value, error))
    return FALSE;
  self->discount = value;
  if (!read_card_ref (self, object, "equip-new", &self->equip_new, error)
      || !read_card_ref (self, object, "last-card", &self->last_card, error)
      || !read_card_ref (self, object, "threat-card", &self->threat_card, error))
    return FALSE;
  if (!get_int (object, "chain-length", 0, 9999, &value, error))
    return FALSE;
  self->chain_length = value;
  if (!get_int (object, "threat-card-bonus", 0, 99, &value, error))
    return FALSE;
  self->threat_card_bonus = value;
  if (json_object_has_member (object, "threat-card-resume"))
    {
      guint outer[3];

      if (!get_choice (object, "threat-card-resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error)
          || !read_uints (object, "outer-threat", outer, 3, PEN_MAX_THREAT_DICE, error))
        return FALSE;
      self->threat_card_resume = choice;
      self->outer_threat.n_dice = outer[0];
      self->outer_threat.uncancellable = outer[1] != 0;
      self->outer_threat.source = MIN (outer[2], THREAT_FOR_CARD);
    }
  member = get_member (object, "flags", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (member)); i++)
    {
      const char *flag = json_node_get_string (json_array_get_element (json_node_get_array (member), i));

      if (g_strcmp0 (flag, "exchange-from-card") == 0)
        self->exchange_from_card = TRUE;
      else if (g_strcmp0 (flag, "ignore-dice-in-threat") == 0)
        self->ignore_dice_in_threat = TRUE;
      else if (g_strcmp0 (flag, "dead-water-wound") == 0)
        self->dead_water_wound = TRUE;
      else if (g_strcmp0 (flag, "rest-brew") == 0)
        self->rest_brew = TRUE;
      else if (g_strcmp0 (flag, "rest-buy") == 0)
        self->rest_buy = TRUE;
      else
        return bad_save (error, _("“flags” holds an unknown flag."));
    }

  member = get_member (object, "effect", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  effect = json_node_get_object (member);
  if (!read_uints (effect, "tokens", self->effect.tokens, G_N_ELEMENTS (self->effect.tokens), 99, error)
      || !read_uints (effect, "give", self->effect.exchange_give, PEN_N_INGREDIENTS, 12, error)
      || !read_uints (effect, "take", self->effect.exchange_take, PEN_N_INGREDIENTS, 12, error)
      || !get_bool (effect, "exchange-open", &self->effect.exchange_open, error)
      || !get_choice (effect, "resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return FALSE;
  self->effect_resume = choice;
  if (!get_int (effect, "colours", 0, 99, &value, error))
    return FALSE;
  self->effect.colours = value;
  if (!get_int (effect, "temporary-colours", 0, self->effect.colours, &value, error))
    return FALSE;
  self->effect.temporary_colours = value;
  if (!get_int (effect, "threat-adjust", 0, 99, &value, error))
    return FALSE;
  self->effect.threat_adjust = value;
  /* Saves older than choosing the Property to cancel have none waiting. */
  if (json_object_has_member (effect, "cancel-property")
      && !get_bool (effect, "cancel-property", &self->effect.cancel_property, error))
    return FALSE;
  /* ...nor the Whispering Ring's choice. */
  if (json_object_has_member (effect, "ring") && !get_bool (effect, "ring", &self->effect.ring, error))
    return FALSE;
  /* Saves from before the picks of Heal, Recharge and Unexhaust have none. */
  if (json_object_has_member (effect, "picks"))
    {
      guint picks[3];

      if (!read_uints (effect, "picks", picks, 3, 99, error)
          || !read_card_ref (self, effect, "unexhauster", &self->effect.unexhauster, error)
          || !get_bool (effect, "after-event", &self->effect.after_event, error))
        return FALSE;
      self->effect.heals = picks[0];
      self->effect.recharges = picks[1];
      self->effect.unexhausts = picks[2];
    }
  /* ...nor Recollection's Discipline Marks only. */
  if (json_object_has_member (effect, "discipline-marks-only")
      && !get_bool (effect, "discipline-marks-only", &self->effect.discipline_marks_only, error))
    return FALSE;
  return TRUE;
}

/* Sapphire's and Amber's content (spec §9). A save older than it has none:
 * the decks are then set out in the data's order. */
static gboolean
read_automa_content (PenGame     *self,
                     JsonObject  *automa,
                     GError     **error)
{
  JsonNode *member = json_object_get_member (automa, "content");

  if (member == NULL)
    {
      if (pen_automa_variant_uses_content (self->automa))
        automa_deal_content (self, FALSE);
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (member))
    return bad_save (error, _("“%s” is missing or of the wrong kind."), "content");
  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      JsonNode *node = get_member (json_node_get_object (member), pen_automa_content_get_id (k), JSON_NODE_OBJECT,
                                   error);

      if (node == NULL
          || !read_strings (json_node_get_object (node), "deck", self->content_deck[k], self, IDS_EXAM + k, error)
          || !read_strings (json_node_get_object (node), "open", self->content_open[k], self, IDS_EXAM + k, error)
          || !read_strings (json_node_get_object (node), "taken", self->content_taken[k], self, IDS_EXAM + k,
                            error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_automa (PenGame     *self,
             JsonObject  *root,
             GError     **error)
{
  JsonNode *member = json_object_get_member (root, "automa");
  JsonObject *object;
  JsonNode *cells;
  const PenAutomas *automas;
  gint64 value;

  if (member == NULL || JSON_NODE_HOLDS_NULL (member))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (member))
    return bad_save (error, _("“automa” must be an object or null."));
  object = json_node_get_object (member);
  automas = pen_automas_get_default (error);
  if (automas == NULL)
    return FALSE;
  self->automa = pen_automas_find (automas, safe_string (object, "variant", ""));
  if (self->automa == NULL)
    return bad_save (error, _("the Automa is of an unknown kind."));
  if (!get_int (object, "player", 0, self->n_players - 1, &value, error))
    return FALSE;
  self->automa_player = value;
  if (g_strcmp0 (safe_string (object, "worldview", ""), "light") != 0
      && g_strcmp0 (safe_string (object, "worldview", ""), "darkness") != 0)
    return bad_save (error, _("the Automa's worldview must be light or darkness."));
  self->automa_light = g_strcmp0 (safe_string (object, "worldview", ""), "light") == 0;
  cells = get_member (object, "cells", JSON_NODE_ARRAY, error);
  if (cells == NULL)
    return FALSE;
  if (json_array_get_length (json_node_get_array (cells)) != PEN_AUTOMA_N_CELLS)
    return bad_save (error, _("the Automa has four Equipment cells."));
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    {
      JsonNode *cell = json_array_get_element (json_node_get_array (cells), c);
      JsonArray *ids = JSON_NODE_HOLDS_ARRAY (cell) ? json_node_get_array (cell) : NULL;

      for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
        {
          JsonNode *element = json_array_get_element (ids, i);
          const char *id = json_node_get_value_type (element) == G_TYPE_STRING ? json_node_get_string (element) : NULL;
          const PenCard *card = id != NULL ? pen_cards_find (self->cards, id) : NULL;

          if (card == NULL || card->type != PEN_CARD_ARTIFACT)
            return bad_save (error, _("an Automa Equipment cell holds something that is not an Artifact."));
          g_ptr_array_add (self->automa_cells[c], g_strdup (id));
        }
      if (ids == NULL)
        return bad_save (error, _("an Automa Equipment cell must list its cards."));
    }
  return read_strings (object, "cards", self->automa_cards, self, IDS_CARD, error)
         && read_automa_content (self, object, error);
}

static gboolean
read_contract_row (PenGame     *self,
                   JsonObject  *object,
                   GError     **error)
{
  JsonNode *member = get_member (object, "contract-row", JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != N_CONTRACT_SLOTS)
    return bad_save (error, _("the Guild has %d places for Contracts."), N_CONTRACT_SLOTS);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      const char *id;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      id = json_node_get_string (node);
      if (id == NULL || !id_is_valid (self, IDS_CONTRACT, id))
        return bad_save (error, _("the Guild holds an unknown Contract."));
      self->contract_row[i] = g_strdup (id);
    }
  return TRUE;
}

static gboolean
read_quest (PenGame     *self,
            JsonObject  *object,
            GError     **error)
{
  JsonNode *member = get_member (object, "quest", JSON_NODE_OBJECT, error);
  JsonObject *quest;
  JsonNode *id;
  gint64 value;
  guint kind;
  gboolean flag;

  if (member == NULL)
    return FALSE;
  quest = json_node_get_object (member);
  if (!get_choice (quest, "kind", quest_kind_ids, G_N_ELEMENTS (quest_kind_ids), &kind, error))
    return FALSE;
  self->quest.kind = kind;
  id = json_object_get_member (quest, "id");
  if (kind == QUEST_NONE && (id == NULL || !JSON_NODE_HOLDS_NULL (id)))
    return bad_save (error, _("no Contract or Trial is attempted, yet one is named."));
  if (kind != QUEST_NONE)
    {
      const char *text = id != NULL ? json_node_get_string (id) : NULL;

      if (text == NULL
          || (kind == QUEST_CONTRACT && pen_quests_find_contract (self->quests, text) == NULL)
          || (kind == QUEST_TRIAL && pen_quests_find_trial (self->quests, text) == NULL))
        return bad_save (error, _("the Contract or Trial being attempted is unknown."));
      self->quest.id = g_strdup (text);
    }
  if (!get_int (quest, "source", 0, PEN_RESERVED + 999, &value, error))
    return FALSE;
  self->quest.source = value;
  if (!get_int (quest, "path", -1, 1, &value, error))
    return FALSE;
  self->quest.path = value;
  if (!get_int (quest, "task", 0, PEN_QUEST_MAX_TASKS - 1, &value, error))
    return FALSE;
  self->quest.task = value;
  if (!get_bool (quest, "shield-done", &self->quest.shield_done, error)
      || !get_bool (quest, "rift-done", &self->quest.rift_done, error))
    return FALSE;
  if (!get_int (quest, "rift-left", 0, 99, &value, error))
    return FALSE;
  self->quest.rift_left = value;
  if (!get_int (quest, "colours-left", 0, 99, &value, error))
    return FALSE;
  self->quest.colours_left = value;
  if (!read_uints (quest, "reward-cards", self->quest.reward_cards, 3, 9, error)
      || !get_bool (quest, "dead-water", &self->quest.dead_water, error)
      || !get_bool (quest, "ring", &flag, error))
    return FALSE;
  self->quest.ring = flag ? RING_MINUS_SIX : 0;
  /* Saves older than the Ring's second help have not used it. */
  if (json_object_has_member (quest, "ring-ignore-die"))
    {
      if (!get_bool (quest, "ring-ignore-die", &flag, error))
        return FALSE;
      self->quest.ring |= flag ? RING_IGNORE_DIE : 0;
    }
  if (!get_int (quest, "cancelled", 0, 255, &value, error))
    return FALSE;
  self->quest.cancelled = value;
  if (!get_int (quest, "vigilance-used", 0, 99, &value, error))
    return FALSE;
  self->quest.vigilance_used = value;
  /* Saves older than the Pariah's ability have not used it. */
  if (json_object_has_member (quest, "talent-used")
      && !get_bool (quest, "talent-used", &self->quest.talent_used, error))
    return FALSE;
  return TRUE;
}

/* "take-back" (optional, absent in older saves): the dice Rest effects still
 * owe, while the first waits for the player's choice of cell. */
/* The last Threat's outcomes; older saves have none. */
static gboolean
read_threat_outcomes (PenGame     *self,
                      JsonObject  *object,
                      GError     **error)
{
  JsonArray *array;

  if (!json_object_has_member (object, "threat-outcomes"))
    return TRUE;
  if (get_member (object, "threat-outcomes", JSON_NODE_ARRAY, error) == NULL)
    return FALSE;
  array = json_object_get_array_member (object, "threat-outcomes");
  if (json_array_get_length (array) > PEN_MAX_THREAT_DICE)
    return bad_save (error, _("more Threat dice have outcomes than a Threat has dice."));
  self->n_threat_outcomes = json_array_get_length (array);
  for (guint i = 0; i < self->n_threat_outcomes; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *item = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      PenThreatOutcome *outcome = &self->threat_outcomes[i];
      guint result;
      gint64 value = 0, target = -1;

      if (!get_choice (item, "result", threat_result_ids, G_N_ELEMENTS (threat_result_ids), &result, error)
          || (result != PEN_THREAT_CANCELLED && !get_int (item, "value", 1, 6, &value, error)))
        return FALSE;
      memset (outcome, 0, sizeof *outcome);
      switch (result)
        {
        case PEN_THREAT_KNOCK_OUT:
          if (!get_int (item, "from", 0, G_MAXINT, &target, error)
              || get_member (item, "knocked-out", JSON_NODE_OBJECT, error) == NULL
              || !read_die (json_object_get_member (item, "knocked-out"), &outcome->die, error))
            return FALSE;
          break;
        case PEN_THREAT_WOUND:
        case PEN_THREAT_MORTAL_WOUND:
          if (!get_int (item, "mark", 0, PEN_N_MARK_CELLS - 1, &target, error))
            return FALSE;
          break;
        default:
          break;
        }
      outcome->result = result;
      outcome->value = value;
      outcome->target = target;
    }
  return TRUE;
}

static gboolean
read_take_back (PenGame     *self,
                JsonObject  *turn,
                GError     **error)
{
  JsonObject *object;
  JsonArray *dice;
  JsonNode *member;
  guint choice;

  if (!json_object_has_member (turn, "take-back"))
    {
      if (self->pending == PEN_PENDING_TAKE_BACK)
        return bad_save (error, _("no die is owed for the take-back that waits."));
      return TRUE;
    }
  member = get_member (turn, "take-back", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  object = json_node_get_object (member);
  member = get_member (object, "dice", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  dice = json_node_get_array (member);
  if (json_array_get_length (dice) == 0 || json_array_get_length (dice) > G_N_ELEMENTS (self->take_back))
    return bad_save (error, _("the dice owed by Rest effects must be 1 to %u."),
                     (guint) G_N_ELEMENTS (self->take_back));
  for (guint i = 0; i < json_array_get_length (dice); i++)
    if (!read_die (json_array_get_element (dice, i), &self->take_back[i], error))
      return FALSE;
  self->n_take_back = json_array_get_length (dice);
  if (!get_choice (object, "resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return FALSE;
  self->take_back_resume = choice;
  if (self->pending != PEN_PENDING_TAKE_BACK || self->take_back_resume == PEN_PENDING_TAKE_BACK)
    return bad_save (error, _("dice owed by Rest effects wait for the player's choice and nothing else."));
  {
    g_autoptr(GArray) cells = take_back_cells (self);

    if (cells->len == 0)
      return bad_save (error, _("no placed die is left for the Rest effect to take back."));
  }
  return TRUE;
}

/* The Prophecy that triggered the end; older saves have none: the first
 * Prophecy in play now fulfilled is taken, as check_prophecies() would. */
static gboolean
read_ending (PenGame     *self,
             JsonObject  *object,
             GError     **error)
{
  JsonNode *node = json_object_get_member (object, "ending-prophecy");
  const PenFateCard *card;

  if (node == NULL)
    {
      card = self->final_turns_left >= 0 ? fulfilled_prophecy (self) : NULL;
      self->ending_prophecy = card != NULL ? g_strdup (pen_fate_card_get_id (card)) : NULL;
      return TRUE;
    }
  if (JSON_NODE_HOLDS_NULL (node))
    {
      if (self->final_turns_left >= 0)
        return bad_save (error, _("the end of the game was triggered, yet by no Prophecy."));
      return TRUE;
    }
  self->ending_prophecy = g_strdup (json_node_get_string (node));
  card = self->ending_prophecy != NULL ? pen_fate_catalogue_lookup (self->fate, self->ending_prophecy) : NULL;
  if (card == NULL || pen_fate_card_get_kind (card) != PEN_FATE_KIND_PROPHECY
      || !g_ptr_array_find_with_equal_func (self->in_play, self->ending_prophecy, g_str_equal, NULL))
    return bad_save (error, _("“%s” names no Prophecy in play."), "ending-prophecy");
  if (self->final_turns_left < 0)
    return bad_save (error, _("a Prophecy ended the game, yet its last turns have not begun."));
  return TRUE;
}

static gboolean
read_log (PenGame     *self,
          JsonObject  *object,
          gint64       version,
          GError     **error)
{
  JsonNode *node = get_member (object, "log", JSON_NODE_ARRAY, error);

  return node != NULL && log_from_json (self, json_node_get_array (node), version, error);
}

/* The Fate cards revealed and their log lines; older saves have none. */
static gboolean
read_fate_reveals (PenGame     *self,
                   JsonObject  *object,
                   GError     **error)
{
  JsonNode *lines;
  JsonArray *array;

  if (!json_object_has_member (object, "fate-reveals"))
    return TRUE;
  if (!read_strings (object, "fate-reveals", self->fate_reveals, self, IDS_FATE, error))
    return FALSE;
  lines = get_member (object, "fate-reveal-lines", JSON_NODE_ARRAY, error);
  if (lines == NULL)
    return FALSE;
  array = json_node_get_array (lines);
  if (json_array_get_length (array) != self->fate_reveals->len)
    return bad_save (error, _("“%s” must list %u numbers."), "fate-reveal-lines", self->fate_reveals->len);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      gint64 line = json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node) : -1;
      guint previous = i > 0 ? g_array_index (self->fate_reveal_lines, guint, i - 1) : 0;

      if (line < 0 || line >= self->log->len || (i > 0 && line <= previous))
        return bad_save (error, _("“%s” is out of range."), "fate-reveal-lines");
      g_array_append_val (self->fate_reveal_lines, (guint) { line });
    }
  return TRUE;
}

static gboolean
read_location (PenGame   *self,
               JsonNode  *node,
               GError   **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *member;
  JsonArray *sections;
  const char *id;
  PenLocation *location = NULL;
  const PenLocationDef *def;

  member = get_member (object, "id", JSON_NODE_VALUE, error);
  if (member == NULL)
    return FALSE;
  id = json_node_get_string (member);
  if (id == NULL)
    return bad_save (error, _("a location has no id."));
  if (self->n_locations < PEN_N_CLASSES)
    {
      PenDiscipline discipline;
      g_autofree char *prefix = NULL;

      if (!g_str_has_suffix (id, "-class"))
        return bad_save (error, _("the first four locations must be Classes."));
      prefix = g_strndup (id, strlen (id) - strlen ("-class"));
      if (!pen_discipline_from_id (prefix, &discipline))
        return bad_save (error, _("there is no Class “%s”."), id);
      for (guint i = 0; i < self->n_locations; i++)
        if (g_str_equal (pen_location_get_id (self->locations[i]), id))
          return bad_save (error, _("the Class “%s” is there twice."), id);
      location = pen_location_new_class (&self->def->class_layout, discipline);
    }
  else
    {
      guint i = self->n_locations - PEN_N_CLASSES;

      if (i >= self->def->n_locations || !g_str_equal (self->def->locations[i].id, id))
        return bad_save (error, _("the locations are not those of the boards."));
      location = pen_location_new (&self->def->locations[i]);
    }
  self->loc_defs[self->n_locations] = pen_location_get_def (location);
  self->locations[self->n_locations++] = location;
  def = pen_location_get_def (location);

  member = get_member (object, "sections", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  sections = json_node_get_array (member);
  if (json_array_get_length (sections) != def->n_sections)
    return bad_save (error, _("the location “%s” has the wrong number of sections."), id);
  for (guint s = 0; s < def->n_sections; s++)
    {
      JsonNode *cells_node = json_array_get_element (sections, s);
      JsonArray *cells = JSON_NODE_HOLDS_ARRAY (cells_node) ? json_node_get_array (cells_node) : NULL;

      if (cells == NULL || json_array_get_length (cells) != def->sections[s].n_cells + 1)
        return bad_save (error, _("a section of “%s” has the wrong number of cells."), id);
      for (guint c = 0; c <= def->sections[s].n_cells; c++)
        {
          JsonNode *dice_node = json_array_get_element (cells, c);
          JsonArray *dice = JSON_NODE_HOLDS_ARRAY (dice_node) ? json_node_get_array (dice_node) : NULL;
          int cell = c == def->sections[s].n_cells ? -1 : (int) c;

          if (dice == NULL)
            return bad_save (error, _("a cell of “%s” must list its dice."), id);
          if (cell >= 0 && !def->sections[s].cells[cell].unlimited && json_array_get_length (dice) > 1)
            return bad_save (error, _("a cell of “%s” holds more than one die."), id);
          for (guint i = 0; i < json_array_get_length (dice); i++)
            {
              PenDie die;

              if (!read_die (json_array_get_element (dice, i), &die, error))
                return FALSE;
              pen_location_add_die (location, s, cell, &die);
            }
        }
    }
  return TRUE;
}

/**
 * pen_game_new_from_json:
 *
 * Loads a game saved by pen_game_to_json(), or a state written by hand in the
 * same format (docs/save-format.md). Anything damaged, foreign or from a newer
 * version is refused with a message; nothing is half-loaded.
 */
PenGame *
pen_game_new_from_json (JsonNode  *root,
                        GError   **error)
{
  g_autoptr(PenGame) self = g_object_new (PEN_TYPE_GAME, NULL);
  JsonObject *object, *turn, *threat;
  JsonNode *member;
  JsonArray *array;
  const char *format;
  const char *setup_automa = NULL;
  gint64 version, value, setup_players = 0;
  gboolean has_setup = FALSE;
  guint choice;

  object = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  format = object != NULL ? safe_string (object, "format", NULL) : NULL;
  if (g_strcmp0 (format, PEN_SAVE_FORMAT) != 0)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, _("This file is not a saved game of Penumbra."));
      return NULL;
    }
  if (!get_int (object, "version", 1, G_MAXINT64, &version, error))
    return NULL;
  if (version > PEN_SAVE_VERSION)
    {
      g_autofree char *version_text = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("This game was saved by a newer version of Penumbra (save format %s; this version reads %d)."),
                   version_text, PEN_SAVE_VERSION);
      return NULL;
    }
  /* Before anything is built from it: no card in two places, no list longer
   * than the game can hold. */
  if (!pen_save_check_shape (root, error))
    return NULL;

  if (!load_data (self, error)
      || !get_u64_string (object, "seed", &self->seed, error))
    return NULL;
  self->rng = pen_rng_new (self->seed);
  {
    JsonNode *setup = json_object_get_member (object, "setup");
    JsonObject *setup_object = setup != NULL && JSON_NODE_HOLDS_OBJECT (setup) ? json_node_get_object (setup) : NULL;

    /* Optional: without it the game plays on but cannot be replayed. */
    if (setup != NULL)
      {
        JsonNode *automa;
        gint64 players;

        if (setup_object == NULL
            || !get_bool (setup_object, "first-game", &self->first_game, error)
            || !get_int (setup_object, "worldview", -1, 1, &value, error)
            || !get_int (setup_object, "players", 1, PEN_MAX_PLAYERS, &players, error))
          return setup_object == NULL ? (bad_save (error, _("“setup” must be an object.")), NULL) : NULL;
        self->worldview_asked = value;
        automa = json_object_get_member (setup_object, "automa");
        if (automa == NULL || !(JSON_NODE_HOLDS_NULL (automa) || json_node_get_value_type (automa) == G_TYPE_STRING))
          {
            bad_save (error, _("“setup” must say which Automa, or null."));
            return NULL;
          }
        setup_players = players;
        setup_automa = JSON_NODE_HOLDS_NULL (automa) ? NULL : json_node_get_string (automa);
        has_setup = TRUE;
      }
  }
  {
    guint64 state;

    if (!get_u64_string (object, "rng-state", &state, error))
      return NULL;
    pen_rng_set_state (self->rng, state);
  }

  member = get_member (object, "players", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) < 1 || json_array_get_length (array) > PEN_MAX_PLAYERS)
    {
      bad_save (error, _("a game has 1 to %d players."), PEN_MAX_PLAYERS);
      return NULL;
    }
  self->n_players = json_array_get_length (array);
  for (guint p = 0; p < self->n_players; p++)
    if (!read_player (self, p, json_array_get_element (array, p), error))
      return NULL;

  member = get_member (object, "locations", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != 0
      && json_array_get_length (array) != PEN_N_CLASSES + self->def->n_locations)
    {
      bad_save (error, _("the table must have %d Classes and the City and Wilds locations."), PEN_N_CLASSES);
      return NULL;
    }
  for (guint l = 0; l < json_array_get_length (array); l++)
    if (!read_location (self, json_array_get_element (array, l), error))
      return NULL;

  if (!read_strings (object, "fate-deck", self->fate_deck, self, IDS_FATE, error)
      || !read_strings (object, "trial-row", self->trial_row, self, IDS_FATE, error)
      || !read_strings (object, "in-play", self->in_play, self, IDS_FATE, error)
      || !read_strings (object, "contract-deck", self->contract_deck, self, IDS_CONTRACT, error)
      || !read_strings (object, "bind-offer", self->bind_offer, self, IDS_CONTRACT, error)
      || !read_log (self, object, version, error)
      || !read_contract_row (self, object, error)
      || !read_quest (self, object, error)
      || !read_cards_state (self, object, error)
      || !read_automa (self, object, error))
    return NULL;
  if (!get_choice (object, "threat-source", threat_source_ids, G_N_ELEMENTS (threat_source_ids), &choice, error))
    return NULL;
  self->threat.source = choice;

  member = get_member (object, "turn", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return NULL;
  turn = json_node_get_object (member);
  if (!get_int (turn, "player", 0, self->n_players - 1, &value, error))
    return NULL;
  self->current = value;
  if (!get_choice (turn, "type", turn_type_ids, G_N_ELEMENTS (turn_type_ids), &choice, error))
    return NULL;
  self->turn_type = choice;
  if (!get_int (turn, "placements-left", 0, 99, &value, error))
    return NULL;
  self->placements_left = value;
  if (!get_bool (turn, "hurried", &self->hurried, error)
      || !get_bool (turn, "mortal-wound", &self->mortal_wound_this_turn, error)
      || !get_bool (turn, "rest-exchange", &self->rest_exchange, error)
      || !get_bool (turn, "placed-defend", &self->placed_defend, error)
      || !get_bool (turn, "bind-open", &self->bind_open, error)
      || !get_choice (turn, "resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return NULL;
  self->resume = choice;
  if (!get_choice (turn, "pending", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return NULL;
  self->pending = choice;
  /* Older saves have no Mortal Wound waiting. */
  if (json_object_has_member (turn, "wound-from"))
    {
      if (!get_choice (turn, "wound-from", wound_source_ids, G_N_ELEMENTS (wound_source_ids), &choice, error))
        return NULL;
      self->wound_from = choice;
    }
  if (!get_int (turn, "placed-location", -1, (gint64) self->n_locations - 1, &value, error))
    return NULL;
  self->placed_location = value;
  if (!get_int (turn, "placed-section", -1, PEN_MAX_SECTIONS - 1, &value, error))
    return NULL;
  self->placed_section = value;
  if (!get_int (turn, "event-colours-left", 0, 99, &value, error))
    return NULL;
  self->event_colours_left = value;
  if (!get_int (turn, "placed-resource-dice", 0, 2, &value, error))
    return NULL;
  self->placed_resource_dice = value;
  if (!read_take_back (self, turn, error))
    return NULL;
  if (self->pending == PEN_PENDING_LOCATION
      && (self->placed_location < 0 || self->placed_section < 0
          || (guint) self->placed_section >= self->loc_defs[self->placed_location]->n_sections))
    {
      bad_save (error, _("the placement waiting for its effect is not on the table."));
      return NULL;
    }
  if ((self->n_locations == 0) != (self->pending == PEN_PENDING_TALENT))
    {
      bad_save (error, _("the table is laid out only once the Talents are chosen."));
      return NULL;
    }

  member = get_member (object, "threat", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return NULL;
  threat = json_node_get_object (member);
  if (!get_int (threat, "dice", 0, PEN_MAX_THREAT_DICE, &value, error))
    return NULL;
  self->threat.n_dice = value;
  if (!get_bool (threat, "uncancellable", &self->threat.uncancellable, error)
      || !get_bool (threat, "is-rolled", &self->threat.rolled, error)
      || !get_bool (threat, "step2", &self->threat.step2, error)
      || !get_bool (threat, "mortal", &self->threat.mortal, error))
    return NULL;
  member = get_member (threat, "rolled", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) > self->threat.n_dice)
    {
      bad_save (error, _("more Threat dice were rolled than prepared."));
      return NULL;
    }
  self->threat.n_values = json_array_get_length (array);
  for (guint i = 0; i < self->threat.n_values; i++)
    {
      JsonNode *die = json_array_get_element (array, i);

      if (json_node_get_value_type (die) != G_TYPE_INT64
          || json_node_get_int (die) < 1 || json_node_get_int (die) > 6)
        {
          bad_save (error, _("a Threat die shows no face of a die."));
          return NULL;
        }
      self->threat.values[i] = json_node_get_int (die);
    }
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled && self->threat.n_values == 0)
    {
      bad_save (error, _("a rolled Threat has no dice left to distribute."));
      return NULL;
    }
  if (!read_threat_outcomes (self, object, error))
    return NULL;

  if (!get_int (object, "final-turns-left", -1, PEN_MAX_PLAYERS, &value, error))
    return NULL;
  self->final_turns_left = value;
  if (!get_bool (object, "end-triggered-this-turn", &self->end_triggered_this_turn, error)
      || !get_bool (object, "over", &self->over, error)
      || !read_ending (self, object, error)
      || !read_fate_reveals (self, object, error))
    return NULL;

  member = get_member (object, "actions", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autoptr(GError) local_error = NULL;
      PenAction action;

      if (!pen_game_action_from_json (self, json_array_get_element (array, i), &action, &local_error))
        {
          bad_save (error, _("action %u of the list: %s"), i + 1, local_error->message);
          return NULL;
        }
      g_array_append_val (self->history, action);
    }

  if (has_setup && (setup_players != (gint64) self->n_players
                    || g_strcmp0 (setup_automa, self->automa ? self->automa->id : NULL) != 0))
    {
      bad_save (error, _("“setup” does not match the players of the game."));
      return NULL;
    }
  if (!pen_game_check_invariants (self, error))
    return NULL;
  return g_steal_pointer (&self);
}
