/* pen-types.h: shared enums and forward declarations of the rules engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The six magical Disciplines, in the rulebook's order. Each has a colour and an
 * Ingredient (rulebook, "Disciplines"); the indices of PenDiscipline and
 * PenIngredient match, so a Discipline's Ingredient is (PenIngredient) discipline. */
typedef enum
{
  PEN_DISCIPLINE_RUBY,
  PEN_DISCIPLINE_AMBER,
  PEN_DISCIPLINE_JASPER,
  PEN_DISCIPLINE_EMERALD,
  PEN_DISCIPLINE_SAPPHIRE,
  PEN_DISCIPLINE_AMETHYST,
} PenDiscipline;

#define PEN_N_DISCIPLINES 6

typedef enum
{
  PEN_INGREDIENT_BLOOD,
  PEN_INGREDIENT_CRYSTALS,
  PEN_INGREDIENT_JEWELS,
  PEN_INGREDIENT_FRUITS,
  PEN_INGREDIENT_TRINKETS,
  PEN_INGREDIENT_ARCANA,
} PenIngredient;

#define PEN_N_INGREDIENTS 6

/* Rulebook, "Dice types". Temporary dice are any of the first three kinds with
 * their temporary flag set. */
typedef enum
{
  PEN_DIE_KIND_BONE,
  PEN_DIE_KIND_COLOURED,
  PEN_DIE_KIND_SPARK,
  PEN_DIE_KIND_THREAT,
} PenDieKind;

G_END_DECLS

G_BEGIN_DECLS

const char *pen_discipline_get_id    (PenDiscipline  discipline);
const char *pen_discipline_get_name  (PenDiscipline  discipline);
gboolean    pen_discipline_from_id   (const char    *id,
                                      PenDiscipline *out);
const char *pen_ingredient_get_id    (PenIngredient  ingredient);
const char *pen_ingredient_get_name  (PenIngredient  ingredient);
gboolean    pen_ingredient_from_id   (const char    *id,
                                      PenIngredient *out);

G_END_DECLS
