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

/* Rulebook, "Mark states". */
typedef enum
{
  PEN_MARK_CHARGED,
  PEN_MARK_DISCHARGED,
  PEN_MARK_WOUNDED,
} PenMarkState;

/* Rulebook, "Turn Sequence": a turn is undeclared until the Wizard places,
 * uses an effect (Study), or declares a Trial or Rest. */
typedef enum
{
  PEN_TURN_UNDECLARED,
  PEN_TURN_STUDY,
  PEN_TURN_TRIAL,
  PEN_TURN_REST,
} PenTurnType;

/* Rulebook, "Rest effects", and the cell effects of the boards. */
typedef enum
{
  PEN_REST_UNEXHAUST_ALL,
  PEN_REST_COLOURED_DIE,
  PEN_REST_RECHARGE_MARKS,
  PEN_REST_SPARK_DIE,
  PEN_REST_BREW_POTIONS,
  PEN_REST_BONE_DIE,
  PEN_REST_EXCHANGE_INGREDIENTS,
  PEN_REST_BUY_POTION_OR_ARTIFACT,
} PenRestEffect;

#define PEN_N_REST_EFFECTS 8

/* Rulebook, "Mark effects": what the lower part of a Mark cell shows. In an
 * action, Cast and Unexhaust name a card (to), Set and Recolour a die. */
typedef enum
{
  PEN_MARK_EFFECT_SET,
  PEN_MARK_EFFECT_RECOLOUR_BONE,   /* Discipline cells only */
  PEN_MARK_EFFECT_CAST,
  PEN_MARK_EFFECT_UNEXHAUST,       /* Spark cells only */
} PenMarkEffect;

#define PEN_N_MARK_EFFECTS 4

/* Why undo goes back no further than it does: the last thing that cannot be
 * taken back (a random reveal, the start of the turn, or the game's opening). */
typedef enum
{
  PEN_UNDO_STOP_OPENED,    /* the game was started or opened */
  PEN_UNDO_STOP_TURN,      /* the turn began */
  PEN_UNDO_STOP_DICE,      /* dice were rolled */
  PEN_UNDO_STOP_CARD,      /* a card was revealed */
} PenUndoStop;


const char *pen_discipline_get_id    (PenDiscipline  discipline);
const char *pen_discipline_get_name  (PenDiscipline  discipline);
const char *pen_discipline_get_colour_name (PenDiscipline discipline);
gboolean    pen_discipline_from_id   (const char    *id,
                                      PenDiscipline *out);
const char *pen_rest_effect_get_id   (PenRestEffect  effect);
const char *pen_rest_effect_get_name (PenRestEffect  effect);
gboolean    pen_rest_effect_from_id  (const char    *id,
                                      PenRestEffect *out);
const char *pen_mark_effect_get_id   (PenMarkEffect  effect);
const char *pen_mark_effect_get_name (PenMarkEffect  effect);
gboolean    pen_mark_effect_from_id  (const char    *id,
                                      PenMarkEffect *out);
const char *pen_ingredient_get_id    (PenIngredient  ingredient);
const char *pen_ingredient_get_name  (PenIngredient  ingredient);
char       *pen_ingredient_describe_count (PenIngredient ingredient,
                                           guint         n);
gboolean    pen_ingredient_from_id   (const char    *id,
                                      PenIngredient *out);

G_END_DECLS
