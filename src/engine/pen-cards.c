/* pen-cards.c: the Wizard cards, read from data (docs/design-cards.md).
 *
 * A card file that breaks the format is refused with a message naming the
 * file, the card and the field. Every card's text is generated here from its
 * effects, so what a player reads is what the engine does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-cards"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-action.h"
#include "pen-card-text.h"
#include "pen-cards.h"
#include "pen-data.h"
#include "pen-error.h"

#define CARDS_PER_DISCIPLINE 16
#define N_ARTIFACTS 36
#define N_POTIONS 14

struct _PenCards
{
  GPtrArray  *cards;   /* of PenCard* */
  GHashTable *by_id;   /* id → PenCard*, owned by cards: the listing looks cards up often */
};

typedef struct
{
  const char *file;
  const char *card;
  GError    **error;
} Ctx;

static gboolean fail (Ctx *ctx, const char *field, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (Ctx        *ctx,
      const char *field,
      const char *format,
      ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: file: card: field “name”: what is wrong */
  g_set_error (ctx->error, PEN_ERROR, PEN_ERROR_DATA, _("%s: %s: field “%s”: %s"),
               ctx->file, ctx->card, field, detail);
  return FALSE;
}

/* A text member, or @otherwise when it is missing or of another type:
 * json-glib's own getter gives NULL for a number (a crash once a name was
 * read from it) and fails a precondition, a critical, on a list. The caller
 * refuses what it gets with a message naming the file. */
static const char *
member_string (JsonObject *object,
               const char *field,
               const char *otherwise)
{
  JsonNode *node = json_object_get_member (object, field);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return otherwise;
  return json_node_get_string (node);
}

/* A true-or-false member, FALSE when missing. */
static gboolean
get_flag (Ctx        *ctx,
          JsonObject *object,
          const char *field,
          gboolean   *out)
{
  JsonNode *node = json_object_get_member (object, field);

  *out = FALSE;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fail (ctx, field, _("must be true or false"));
  *out = json_node_get_boolean (node);
  return TRUE;
}

static const char *type_ids[] = { "spell", "recipe", "summon", "artifact", "potion" };
static const char *timing_ids[] = { "any", "study", "trial", "rest", "before-threat-roll", "after-threat-roll" };
static const char *condition_ids[] = {
  "placed-in-class", "placed-in-city", "placed-in-wilds", "on-rest", "contract-fulfilled", "trial-passed",
};
static const char *op_ids[] = {
  "gain-ingredient", "gain-die", "roll-resource", "manipulate", "exchange", "convert", "heal",
  "recharge", "unexhaust", "discard-threat", "adjust-threat", "gain-card", "extra-placement",
  "boost-marks", "cancel-property", "summon-from-market", "special",
};
static const char *manipulation_ids[] = { "reroll", "adjust", "", "flip", "recolour", "set" };
static const char *card_kind_ids[] = { "discipline", "potion", "artifact" };
static const char *equipment_ids[] = { "none", "conductor", "pendant", "mantle", "ring" };
static const char *special_ids[] = {
  [PEN_CARD_SPECIAL_DEAD_WATER] = "dead-water",
  [PEN_CARD_SPECIAL_PHYLACTERY] = "phylactery",
  [PEN_CARD_SPECIAL_IGNORE_DICE_IN_THREAT] = "ignore-dice-in-threat",
  [PEN_CARD_SPECIAL_WHISPERING_RING] = "whispering-ring",
};

static gboolean
get_choice (Ctx         *ctx,
            JsonObject  *object,
            const char  *field,
            const char **ids,
            guint        n_ids,
            guint       *out)
{
  const char *value = member_string (object, field, NULL);

  /* Set on failure too: an optimised build could not tell that its callers
   * read it only on success (-Wmaybe-uninitialized). */
  *out = 0;
  for (guint i = 0; value != NULL && i < n_ids; i++)
    if (ids[i][0] != '\0' && g_str_equal (ids[i], value))
      {
        *out = i;
        return TRUE;
      }
  return fail (ctx, field, _("“%s” is not one of the known values"), value ? value : "");
}

static gboolean
get_amount (Ctx        *ctx,
            JsonObject *object,
            const char *field,
            guint       min,
            guint       max,
            guint      *out)
{
  JsonNode *node = json_object_get_member (object, field);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64
      || json_node_get_int (node) < min || json_node_get_int (node) > max)
    return fail (ctx, field, _("must be a whole number from %u to %u"), min, max);
  *out = json_node_get_int (node);
  return TRUE;
}

static gboolean
get_ingredients (Ctx        *ctx,
                 JsonObject *object,
                 const char *field,
                 guint       out[PEN_N_INGREDIENTS])
{
  JsonNode *node = json_object_get_member (object, field);
  JsonObject *map;
  g_autoptr(GList) members = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fail (ctx, field, _("must be an object of Ingredient counts"));
  map = json_node_get_object (node);
  members = json_object_get_members (map);
  for (GList *l = members; l != NULL; l = l->next)
    {
      PenIngredient ingredient;

      if (!pen_ingredient_from_id (l->data, &ingredient))
        return fail (ctx, field, _("“%s” is not an Ingredient"), (const char *) l->data);
      if (!get_amount (ctx, map, l->data, 1, 12, &out[ingredient]))
        return FALSE;
    }
  return TRUE;
}

/* "ruby" … "amethyst", "bone", "spark", "any" (cost) or "any-colour" (gain). */
static gboolean
parse_die (Ctx           *ctx,
           const char    *field,
           const char    *value,
           PenDieKind    *kind,
           PenDiscipline *colour,
           gboolean      *any)
{
  *any = FALSE;
  if (value == NULL)
    return fail (ctx, field, _("must name a die"));
  if (g_str_equal (value, "bone"))
    *kind = PEN_DIE_KIND_BONE;
  else if (g_str_equal (value, "spark"))
    *kind = PEN_DIE_KIND_SPARK;
  else if (g_str_equal (value, "any") || g_str_equal (value, "any-colour"))
    {
      *kind = PEN_DIE_KIND_COLOURED;
      *any = TRUE;
    }
  else if (pen_discipline_from_id (value, colour))
    *kind = PEN_DIE_KIND_COLOURED;
  else
    return fail (ctx, field, _("“%s” is not a die"), value);
  return TRUE;
}

static gboolean
parse_launch (Ctx        *ctx,
              JsonNode   *node,
              const char *field,
              PenLaunch  *launch)
{
  static const char *launch_types[] = { "spell", "potion", "pet", "any" };
  JsonObject *object;
  guint type;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fail (ctx, field, _("must be an object with a “type”"));
  object = json_node_get_object (node);
  if (!get_choice (ctx, object, "type", launch_types, G_N_ELEMENTS (launch_types), &type))
    return FALSE;
  launch->any_type = type == 3;
  launch->type = type == 0 ? PEN_CARD_SPELL : type == 1 ? PEN_CARD_RECIPE : PEN_CARD_SUMMON;
  launch->any_colour = !json_object_has_member (object, "colour");
  if (!launch->any_colour
      && !pen_discipline_from_id (member_string (object, "colour", ""),
                                  &launch->colour))
    return fail (ctx, field, _("its “colour” is not a Discipline"));
  return TRUE;
}

static gboolean
parse_costs (Ctx        *ctx,
             JsonObject *object,
             PenCard    *card)
{
  JsonNode *node = json_object_get_member (object, "cost");
  JsonArray *options;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return fail (ctx, "cost", _("must be a list of alternatives"));
  options = json_node_get_array (node);
  if (json_array_get_length (options) > PEN_CARD_MAX_COSTS)
    return fail (ctx, "cost", _("has more than %d alternatives"), PEN_CARD_MAX_COSTS);
  card->n_costs = json_array_get_length (options);
  for (guint o = 0; o < card->n_costs; o++)
    {
      JsonNode *option_node = json_array_get_element (options, o);
      JsonArray *components;
      PenCost *cost = &card->costs[o];

      if (!JSON_NODE_HOLDS_ARRAY (option_node)
          || json_array_get_length (components = json_node_get_array (option_node)) == 0
          || json_array_get_length (components) > PEN_CARD_MAX_COMPONENTS)
        return fail (ctx, "cost", _("each alternative must list 1 to %d components"), PEN_CARD_MAX_COMPONENTS);
      cost->n_components = json_array_get_length (components);
      for (guint c = 0; c < cost->n_components; c++)
        {
          JsonNode *component_node = json_array_get_element (components, c);
          PenCostComponent *component = &cost->components[c];
          JsonObject *component_object;

          if (!JSON_NODE_HOLDS_OBJECT (component_node))
            return fail (ctx, "cost", _("a component must be an object"));
          component_object = json_node_get_object (component_node);
          if (json_object_has_member (component_object, "die"))
            {
              component->kind = PEN_COST_DIE;
              if (!parse_die (ctx, "cost.die", member_string (component_object, "die", NULL),
                              &component->die_kind, &component->colour, &component->any_die))
                return FALSE;
              if (json_object_has_member (component_object, "value")
                  && !get_amount (ctx, component_object, "value", 1, 6, &component->value))
                return FALSE;
            }
          else if (json_object_has_member (component_object, "ingredient"))
            {
              component->kind = PEN_COST_INGREDIENT;
              if (!pen_ingredient_from_id (member_string (component_object, "ingredient", ""),
                                           &component->ingredient))
                return fail (ctx, "cost.ingredient", _("is not an Ingredient"));
              if (!get_amount (ctx, component_object, "amount", 1, 12, &component->amount))
                return FALSE;
            }
          else if (json_object_has_member (component_object, "launched-by"))
            {
              component->kind = PEN_COST_LAUNCHED;
              if (cost->n_components != 1)
                return fail (ctx, "cost", _("“launched-by” must be an alternative of its own"));
              if (!parse_launch (ctx, json_object_get_member (component_object, "launched-by"),
                                 "cost.launched-by", &component->launched_by))
                return FALSE;
            }
          else
            return fail (ctx, "cost", _("a component needs “die”, “ingredient” or “launched-by”"));
        }
    }
  return TRUE;
}

static gboolean
parse_effect (Ctx       *ctx,
              JsonNode  *node,
              PenEffect *effect)
{
  JsonObject *object;
  guint op;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (ctx, "effects", _("an effect must be an object"));
  object = json_node_get_object (node);
  if (!get_choice (ctx, object, "op", op_ids, G_N_ELEMENTS (op_ids), &op))
    return FALSE;
  effect->op = op;
  if (json_object_has_member (object, "per-mark"))
    {
      effect->per_mark = TRUE;
      if (!pen_discipline_from_id (member_string (object, "per-mark", ""),
                                   &effect->per_mark_discipline))
        return fail (ctx, "per-mark", _("is not a Discipline"));
    }

  switch (effect->op)
    {
    case PEN_EFFECT_GAIN_INGREDIENT:
      if (!pen_ingredient_from_id (member_string (object, "ingredient", ""),
                                   &effect->ingredient))
        return fail (ctx, "ingredient", _("is not an Ingredient"));
      return get_amount (ctx, object, "amount", 1, 12, &effect->amount);
    case PEN_EFFECT_GAIN_DIE:
      if (!get_flag (ctx, object, "temporary", &effect->temporary))
        return FALSE;
      return parse_die (ctx, "die", member_string (object, "die", NULL),
                        &effect->die_kind, &effect->die_colour, &effect->any_colour)
             && get_amount (ctx, object, "amount", 1, 6, &effect->amount);
    case PEN_EFFECT_RECHARGE:
      if (!get_flag (ctx, object, "discipline-marks", &effect->discipline_marks))
        return FALSE;
      return get_amount (ctx, object, "amount", 1, 6, &effect->amount);
    case PEN_EFFECT_ROLL_RESOURCE:
    case PEN_EFFECT_UNEXHAUST:
    case PEN_EFFECT_ADJUST_THREAT:
    case PEN_EFFECT_EXTRA_PLACEMENT:
      return get_amount (ctx, object, "amount", 1, 6, &effect->amount);
    case PEN_EFFECT_HEAL:
    case PEN_EFFECT_DISCARD_THREAT:
      return get_amount (ctx, object, "amount", 0, 6, &effect->amount);
    case PEN_EFFECT_MANIPULATE:
      return get_choice (ctx, object, "manipulation", manipulation_ids, G_N_ELEMENTS (manipulation_ids),
                         &effect->manipulation)
             && get_amount (ctx, object, "amount", 1, 6, &effect->amount);
    case PEN_EFFECT_EXCHANGE:
      if (!get_flag (ctx, object, "repeat", &effect->repeat))
        return FALSE;
      if (!get_ingredients (ctx, object, "give", effect->give))
        return FALSE;
      /* "take" may be empty (the Ingredients are given for nothing); of
       * another type, get_ingredients() says what it must be. */
      if (json_object_has_member (object, "take")
          && (!JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "take"))
              || json_object_get_size (json_object_get_object_member (object, "take")) > 0)
          && !get_ingredients (ctx, object, "take", effect->take))
        return FALSE;
      return TRUE;
    case PEN_EFFECT_GAIN_CARD:
      return get_choice (ctx, object, "card", card_kind_ids, G_N_ELEMENTS (card_kind_ids), &effect->card_kind)
             && get_amount (ctx, object, "amount", 1, 3, &effect->amount);
    case PEN_EFFECT_BOOST_MARKS:
      if (!pen_discipline_from_id (member_string (object, "discipline", ""),
                                   &effect->boost_discipline))
        return fail (ctx, "discipline", _("is not a Discipline"));
      return get_amount (ctx, object, "amount", 1, 6, &effect->amount);
    case PEN_EFFECT_SPECIAL:
      {
        guint special;

        if (!get_choice (ctx, object, "name", special_ids, G_N_ELEMENTS (special_ids), &special))
          return FALSE;
        effect->special = special;
        return TRUE;
      }
    case PEN_EFFECT_CONVERT:
    case PEN_EFFECT_CANCEL_PROPERTY:
    case PEN_EFFECT_SUMMON_FROM_MARKET:
    default:
      return TRUE;
    }
}

static void
card_free (PenCard *card)
{
  g_free (card->id);
  g_free (card->name);
  g_free (card->name_ru);
  g_free (card->text);
  g_free (card);
}

/* What names the card: its id (from here on the card is named by it), its
 * names, its type and its colour. */
static gboolean
parse_identity (Ctx         *ctx,
                JsonObject  *object,
                PenCard     *card,
                PenCardType  expected_first,
                PenCardType  expected_last)
{
  guint type;

  card->id = g_strdup (member_string (object, "id", NULL));
  if (card->id == NULL || card->id[0] == '\0')
    return fail (ctx, "id", _("must be a non-empty text"));
  ctx->card = card->id;
  if (!get_flag (ctx, object, "talent-card", &card->talent_card))
    return FALSE;
  card->name = g_strdup (member_string (object, "name", ""));
  card->name_ru = g_strdup (member_string (object, "name_ru", ""));
  if (card->name[0] == '\0' || card->name_ru[0] == '\0')
    return fail (ctx, "name", _("both “name” and “name_ru” must be non-empty texts"));
  if (!get_choice (ctx, object, "type", type_ids, G_N_ELEMENTS (type_ids), &type))
    return FALSE;
  card->type = type;
  if (card->type < expected_first || card->type > expected_last)
    return fail (ctx, "type", _("this file holds no cards of this type"));
  if (!pen_discipline_from_id (member_string (object, "colour", ""), &card->colour))
    return fail (ctx, "colour", _("is not a Discipline"));
  return TRUE;
}

/* A Discipline card's cost and its timing, or the price of an Artifact or a
 * ready-made Potion. */
static gboolean
parse_cost_or_price (Ctx        *ctx,
                     JsonObject *object,
                     PenCard    *card)
{
  guint cost_timing;

  if (card->type > PEN_CARD_SUMMON)
    return get_ingredients (ctx, object, "price", card->price);
  if (!parse_costs (ctx, object, card)
      || !get_choice (ctx, object, "cost-timing", timing_ids, 3, &cost_timing))
    return FALSE;
  card->cost_timing = cost_timing;
  return TRUE;
}

/* "requirement": a Threat to reach or a condition met (objects), or how the
 * card is activated (a name). */
static gboolean
parse_requirement (Ctx        *ctx,
                   JsonObject *object,
                   PenCard    *card)
{
  JsonNode *member = json_object_get_member (object, "requirement");

  if (member != NULL && JSON_NODE_HOLDS_OBJECT (member))
    {
      JsonObject *requirement = json_node_get_object (member);

      if (json_object_has_member (requirement, "threat"))
        {
          card->requirement = PEN_REQUIRE_THREAT;
          if (!get_flag (ctx, requirement, "uncancellable", &card->uncancellable))
            return FALSE;
          if (!get_amount (ctx, requirement, "threat", 1, 6, &card->threat))
            return FALSE;
        }
      else
        {
          guint condition;

          card->requirement = PEN_REQUIRE_CONDITION;
          if (!get_choice (ctx, requirement, "condition", condition_ids, G_N_ELEMENTS (condition_ids), &condition))
            return FALSE;
          card->condition = condition;
        }
    }
  else
    {
      static const char *requirements[] = { "rotate", "discard", "", "", "constant", "instant" };
      guint requirement;

      if (!get_choice (ctx, object, "requirement", requirements, G_N_ELEMENTS (requirements), &requirement))
        return FALSE;
      card->requirement = requirement;
    }
  if (card->type == PEN_CARD_POTION && card->requirement != PEN_REQUIRE_DISCARD)
    return fail (ctx, "requirement", _("a ready-made Potion is discarded when used"));
  return TRUE;
}

/* "effects" and "launches": what the card does. */
static gboolean
parse_effects (Ctx        *ctx,
               JsonObject *object,
               PenCard    *card)
{
  JsonNode *member = json_object_get_member (object, "effects");

  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member)
      || json_array_get_length (json_node_get_array (member)) > PEN_CARD_MAX_EFFECTS)
    return fail (ctx, "effects", _("must list at most %d effects"), PEN_CARD_MAX_EFFECTS);
  card->n_effects = json_array_get_length (json_node_get_array (member));
  for (guint e = 0; e < card->n_effects; e++)
    if (!parse_effect (ctx, json_array_get_element (json_node_get_array (member), e), &card->effects[e]))
      return FALSE;

  /* The Blood an effect discards is paid by the action that applies it, which
   * names the wounded Marks flipped for it (rulebook, "Mark effects", USE
   * BLOOD): a card whose effect comes later or by itself has no such action. */
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_EXCHANGE && card->effects[e].give[PEN_INGREDIENT_BLOOD] > 0
        && card->requirement != PEN_REQUIRE_ROTATE && card->requirement != PEN_REQUIRE_DISCARD)
      return fail (ctx, "effects", _("only a card that is rotated or discarded to activate can discard Blood in its effect"));

  if (json_object_has_member (object, "launches"))
    {
      card->launches_something = TRUE;
      if (!parse_launch (ctx, json_object_get_member (object, "launches"), "launches", &card->launches))
        return FALSE;
    }
  if (card->n_effects == 0 && !card->launches_something)
    return fail (ctx, "effects", _("a card needs an effect or a Launch"));
  return TRUE;
}

/* An Artifact's Equipment slot, and a Tome's experience symbols. */
static gboolean
parse_equipment (Ctx        *ctx,
                 JsonObject *object,
                 PenCard    *card)
{
  JsonNode *member;
  guint equipment;

  if (!get_choice (ctx, object, "equipment", equipment_ids, G_N_ELEMENTS (equipment_ids), &equipment))
    return FALSE;
  card->equipment = equipment;
  if ((card->equipment == PEN_EQUIPMENT_NONE) != (card->requirement == PEN_REQUIRE_INSTANT))
    return fail (ctx, "equipment", _("a Tome (no Equipment) and only a Tome has the requirement “instant”"));
  if (card->equipment != PEN_EQUIPMENT_NONE)
    return TRUE;
  member = json_object_get_member (object, "experience");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member) || json_array_get_length (json_node_get_array (member)) == 0)
    return fail (ctx, "experience", _("a Tome must list its experience symbols"));
  for (guint i = 0; i < json_array_get_length (json_node_get_array (member)); i++)
    {
      PenExperience experience;
      const char *id = json_node_get_string (json_array_get_element (json_node_get_array (member), i));

      if (id == NULL || !pen_experience_from_id (id, &experience))
        return fail (ctx, "experience", _("“%s” is not an experience symbol"), id ? id : "");
      card->experience[experience]++;
    }
  return TRUE;
}

static PenCard *
parse_card (Ctx        *ctx,
            JsonNode   *node,
            guint       index,
            PenCardType expected_first,
            PenCardType expected_last)
{
  g_autofree char *item = g_strdup_printf ("card %u", index + 1);
  PenCard *card = g_new0 (PenCard, 1);
  JsonObject *object;
  guint timing;

  ctx->card = item;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      fail (ctx, "card", _("must be an object"));
      goto failed;
    }
  object = json_node_get_object (node);
  if (!parse_identity (ctx, object, card, expected_first, expected_last)
      || !parse_cost_or_price (ctx, object, card)
      || !parse_requirement (ctx, object, card)
      || !get_choice (ctx, object, "timing", timing_ids, G_N_ELEMENTS (timing_ids), &timing))
    goto failed;
  card->timing = timing;
  if (!parse_effects (ctx, object, card)
      || (card->type == PEN_CARD_ARTIFACT && !parse_equipment (ctx, object, card)))
    goto failed;

  card->text = pen_card_text_effects (card);
  return card;

failed:
  card_free (card);
  return NULL;
}

static gboolean
load_file (PenCards    *self,
           const char  *file,
           guint        expected,
           PenCardType  first,
           PenCardType  last,
           GError     **error)
{
  g_autoptr(JsonNode) root = pen_data_load_resource (file, error);
  Ctx ctx = { file, "cards", error };
  JsonArray *cards;
  guint deck_size = expected;

  if (root == NULL)
    return FALSE;
  cards = pen_data_get_array (json_node_get_object (root), file, "cards", "cards", error);
  if (cards == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (cards); i++)
    {
      PenCard *card = parse_card (&ctx, json_array_get_element (cards, i), i, first, last);

      if (card == NULL)
        return FALSE;
      /* A Talent's own starting card is not one of the deck's. */
      /* The error names the card one too many (ctx.card is its id): said
       * before the card is freed. */
      if (!card->talent_card && expected-- == 0)
        {
          fail (&ctx, "cards", _("must list exactly %u cards besides the Talents' own"), deck_size);
          card_free (card);
          return FALSE;
        }
      for (guint j = 0; j < self->cards->len; j++)
        {
          const PenCard *other = g_ptr_array_index (self->cards, j);

          /* The ready-made Liquid Luck shares its name with the Recipe on purpose. */
          if (g_str_equal (other->id, card->id)
              || (g_str_equal (other->name, card->name) && other->type == card->type))
            {
              ctx.card = card->id;
              fail (&ctx, "id", _("its id or name is used by another card"));
              card_free (card);
              return FALSE;
            }
        }
      g_ptr_array_add (self->cards, card);
      g_hash_table_insert (self->by_id, card->id, card);
    }
  if (expected > 0)
    return fail (&ctx, "cards", _("must list exactly %u cards besides the Talents' own"), deck_size);
  return TRUE;
}

void
pen_cards_free (PenCards *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->by_id);
  g_ptr_array_unref (self->cards);
  g_free (self);
}

PenCards *
pen_cards_load (GError **error)
{
  g_autoptr(PenCards) self = g_new0 (PenCards, 1);

  self->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) card_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    {
      g_autofree char *file = g_strdup_printf (PEN_DISCIPLINE_CARDS_DIR "%s.json", pen_discipline_get_id (d));
      guint before = self->cards->len;

      if (!load_file (self, file, CARDS_PER_DISCIPLINE, PEN_CARD_SPELL, PEN_CARD_SUMMON, error))
        return NULL;
      for (guint i = before; i < self->cards->len; i++)
        if (((PenCard *) g_ptr_array_index (self->cards, i))->colour != d)
          {
            Ctx ctx = { file, ((PenCard *) g_ptr_array_index (self->cards, i))->id, error };

            fail (&ctx, "colour", _("a card of this file must be of its Discipline"));
            return NULL;
          }
    }
  if (!load_file (self, PEN_ARTIFACTS_FILE, N_ARTIFACTS, PEN_CARD_ARTIFACT, PEN_CARD_ARTIFACT, error)
      || !load_file (self, PEN_POTIONS_FILE, N_POTIONS, PEN_CARD_POTION, PEN_CARD_POTION, error))
    return NULL;
  return g_steal_pointer (&self);
}

const PenCards *
pen_cards_get_default (GError **error)
{
  static PenCards *cards;

  return pen_data_cache ((gpointer *) &cards, (PenDataLoadFunc) pen_cards_load, error);
}

guint
pen_cards_get_n_cards (const PenCards *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->cards->len;
}

const PenCard *
pen_cards_get_card (const PenCards *self,
                    guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->cards->len, NULL);
  return g_ptr_array_index (self->cards, index);
}

const PenCard *
pen_cards_find (const PenCards *self,
                const char     *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return g_hash_table_lookup (self->by_id, id);
}
