/* pen-types.c: names of the Disciplines, their colours and Ingredients.
 *
 * The id is what data files and saves use; the name is what players read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-types"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-types.h"

typedef struct
{
  const char *id;
  const char *name;
} NamedId;

static const NamedId disciplines[PEN_N_DISCIPLINES] = {
  [PEN_DISCIPLINE_RUBY] = { "ruby", N_("Ruby") },
  [PEN_DISCIPLINE_AMBER] = { "amber", N_("Amber") },
  [PEN_DISCIPLINE_JASPER] = { "jasper", N_("Jasper") },
  [PEN_DISCIPLINE_EMERALD] = { "emerald", N_("Emerald") },
  [PEN_DISCIPLINE_SAPPHIRE] = { "sapphire", N_("Sapphire") },
  [PEN_DISCIPLINE_AMETHYST] = { "amethyst", N_("Amethyst") },
};

/* The colour of each Discipline's dice, Marks, cards and Ingredient, as the
 * rulebook's table of Disciplines gives it; the card texts and the log name
 * dice by it ("Discard any number of Purple dice"). */
static const char * const colour_names[PEN_N_DISCIPLINES] = {
  [PEN_DISCIPLINE_RUBY] = NC_ ("dice colour", "Red"),
  [PEN_DISCIPLINE_AMBER] = NC_ ("dice colour", "Orange"),
  [PEN_DISCIPLINE_JASPER] = NC_ ("dice colour", "Yellow"),
  [PEN_DISCIPLINE_EMERALD] = NC_ ("dice colour", "Green"),
  [PEN_DISCIPLINE_SAPPHIRE] = NC_ ("dice colour", "Blue"),
  [PEN_DISCIPLINE_AMETHYST] = NC_ ("dice colour", "Purple"),
};

static const NamedId ingredients[PEN_N_INGREDIENTS] = {
  [PEN_INGREDIENT_BLOOD] = { "blood", N_("Blood") },
  [PEN_INGREDIENT_CRYSTALS] = { "crystals", N_("Crystals") },
  [PEN_INGREDIENT_JEWELS] = { "jewels", N_("Jewels") },
  [PEN_INGREDIENT_FRUITS] = { "fruits", N_("Fruits") },
  [PEN_INGREDIENT_TRINKETS] = { "trinkets", N_("Trinkets") },
  [PEN_INGREDIENT_ARCANA] = { "arcana", N_("Arcana") },
};

static const NamedId rest_effects[PEN_N_REST_EFFECTS] = {
  [PEN_REST_UNEXHAUST_ALL] = { "unexhaust-all", N_("Unexhaust all cards") },
  [PEN_REST_COLOURED_DIE] = { "coloured-die", N_("Gain a die of the Mark’s colour") },
  [PEN_REST_RECHARGE_MARKS] = { "recharge-marks", N_("Recharge all Marks") },
  [PEN_REST_SPARK_DIE] = { "spark-die", N_("Gain a Spark die") },
  [PEN_REST_BREW_POTIONS] = { "brew-potions", N_("Brew Potions") },
  [PEN_REST_BONE_DIE] = { "bone-die", N_("Gain a Bone die") },
  [PEN_REST_EXCHANGE_INGREDIENTS] = { "exchange-ingredients", N_("Exchange Ingredients at the Bazaar rate") },
  [PEN_REST_BUY_POTION_OR_ARTIFACT] = { "buy-potion-or-artifact", N_("Buy 1 Potion or 1 Artifact") },
};

static const NamedId mark_effects[PEN_N_MARK_EFFECTS] = {
  [PEN_MARK_EFFECT_SET] = { "set", N_("Set a die") },
  [PEN_MARK_EFFECT_RECOLOUR_BONE] = { "recolour-bone", N_("Recolour a Bone die") },
  [PEN_MARK_EFFECT_CAST] = { "cast", N_("Cast a Spell") },
  [PEN_MARK_EFFECT_UNEXHAUST] = { "unexhaust", N_("Unexhaust a card") },
};

static gboolean
find_id (const NamedId *table,
         guint          n,
         const char    *id,
         guint         *out)
{
  for (guint i = 0; i < n; i++)
    if (g_str_equal (id, table[i].id))
      {
        if (out != NULL)
          *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
pen_discipline_get_id (PenDiscipline discipline)
{
  g_return_val_if_fail (discipline < PEN_N_DISCIPLINES, NULL);
  return disciplines[discipline].id;
}

const char *
pen_discipline_get_name (PenDiscipline discipline)
{
  g_return_val_if_fail (discipline < PEN_N_DISCIPLINES, NULL);
  return _(disciplines[discipline].name);
}

/* "Red", "Orange", …: the colour of @discipline's dice. */
const char *
pen_discipline_get_colour_name (PenDiscipline discipline)
{
  g_return_val_if_fail (discipline < PEN_N_DISCIPLINES, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "dice colour", colour_names[discipline]);
}

gboolean
pen_discipline_from_id (const char    *id,
                        PenDiscipline *out)
{
  g_return_val_if_fail (id != NULL, FALSE);
  return find_id (disciplines, PEN_N_DISCIPLINES, id, (guint *) out);
}

const char *
pen_ingredient_get_id (PenIngredient ingredient)
{
  g_return_val_if_fail (ingredient < PEN_N_INGREDIENTS, NULL);
  return ingredients[ingredient].id;
}

const char *
pen_ingredient_get_name (PenIngredient ingredient)
{
  g_return_val_if_fail (ingredient < PEN_N_INGREDIENTS, NULL);
  return _(ingredients[ingredient].name);
}

gboolean
pen_ingredient_from_id (const char    *id,
                        PenIngredient *out)
{
  g_return_val_if_fail (id != NULL, FALSE);
  return find_id (ingredients, PEN_N_INGREDIENTS, id, (guint *) out);
}

const char *
pen_rest_effect_get_id (PenRestEffect effect)
{
  g_return_val_if_fail (effect < PEN_N_REST_EFFECTS, NULL);
  return rest_effects[effect].id;
}

gboolean
pen_rest_effect_from_id (const char    *id,
                         PenRestEffect *out)
{
  g_return_val_if_fail (id != NULL, FALSE);
  return find_id (rest_effects, PEN_N_REST_EFFECTS, id, (guint *) out);
}

const char *
pen_rest_effect_get_name (PenRestEffect effect)
{
  g_return_val_if_fail (effect < PEN_N_REST_EFFECTS, NULL);
  return _(rest_effects[effect].name);
}

const char *
pen_mark_effect_get_id (PenMarkEffect effect)
{
  g_return_val_if_fail (effect < PEN_N_MARK_EFFECTS, NULL);
  return mark_effects[effect].id;
}

gboolean
pen_mark_effect_from_id (const char    *id,
                         PenMarkEffect *out)
{
  g_return_val_if_fail (id != NULL, FALSE);
  return find_id (mark_effects, PEN_N_MARK_EFFECTS, id, (guint *) out);
}

const char *
pen_mark_effect_get_name (PenMarkEffect effect)
{
  g_return_val_if_fail (effect < PEN_N_MARK_EFFECTS, NULL);
  return _(mark_effects[effect].name);
}

/* "1 Crystal", "3 Crystals": a number of an Ingredient, as players read it. */
char *
pen_ingredient_describe_count (PenIngredient ingredient,
                               guint         n)
{
  switch (ingredient)
    {
    case PEN_INGREDIENT_BLOOD:
      return g_strdup_printf (ngettext ("%u Blood", "%u Blood", n), n);
    case PEN_INGREDIENT_CRYSTALS:
      return g_strdup_printf (ngettext ("%u Crystal", "%u Crystals", n), n);
    case PEN_INGREDIENT_JEWELS:
      return g_strdup_printf (ngettext ("%u Jewel", "%u Jewels", n), n);
    case PEN_INGREDIENT_FRUITS:
      return g_strdup_printf (ngettext ("%u Fruit", "%u Fruits", n), n);
    case PEN_INGREDIENT_TRINKETS:
      return g_strdup_printf (ngettext ("%u Trinket", "%u Trinkets", n), n);
    case PEN_INGREDIENT_ARCANA:
      return g_strdup_printf (ngettext ("%u Arcana", "%u Arcana", n), n);
    default:
      g_assert_not_reached ();
    }
}
