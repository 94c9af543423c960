/* pen-cards.h: the Wizard cards — Discipline cards (Spells, Recipes, Summons),
 * Artifacts and ready-made Potions — read from data, with their effects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-scoring.h"
#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_DISCIPLINE_CARDS_DIR "cards/disciplines/"
#define PEN_ARTIFACTS_FILE "cards/artifacts.json"
#define PEN_POTIONS_FILE "cards/potions.json"

#define PEN_CARD_MAX_COSTS 3
#define PEN_CARD_MAX_COMPONENTS 4
#define PEN_CARD_MAX_EFFECTS 4

typedef enum
{
  PEN_CARD_SPELL,
  PEN_CARD_RECIPE,      /* brewed into a Potion */
  PEN_CARD_SUMMON,      /* summoned into a Pet */
  PEN_CARD_ARTIFACT,
  PEN_CARD_POTION,      /* ready-made, from the Brewery: single use */
} PenCardType;

/* What a cost component asks for (rulebook, "Cost"). */
typedef enum
{
  PEN_COST_DIE,         /* a die of a colour (or Bone / Spark / any), maybe a six */
  PEN_COST_INGREDIENT,
  PEN_COST_LAUNCHED,    /* this option is free right after a card of a type and colour */
} PenCostKind;

/* Which cards a Launch names: a type (or any) and maybe a colour. */
typedef struct
{
  gboolean      any_type;
  PenCardType   type;           /* PEN_CARD_SPELL, or Potion (Recipe), Pet (Summon) */
  gboolean      any_colour;
  PenDiscipline colour;
} PenLaunch;

typedef struct
{
  PenCostKind   kind;
  /* PEN_COST_DIE */
  PenDieKind    die_kind;       /* Bone, Spark or Coloured */
  gboolean      any_die;        /* any die at all */
  PenDiscipline colour;
  guint         value;          /* 0: any value */
  /* PEN_COST_INGREDIENT */
  PenIngredient ingredient;
  guint         amount;
  /* PEN_COST_LAUNCHED */
  PenLaunch     launched_by;
} PenCostComponent;

typedef struct
{
  guint            n_components;
  PenCostComponent components[PEN_CARD_MAX_COMPONENTS];
} PenCost;

/* Rulebook, "Activation": what activating the card requires. */
typedef enum
{
  PEN_REQUIRE_ROTATE,
  PEN_REQUIRE_DISCARD,
  PEN_REQUIRE_THREAT,     /* apply Threat first (threat, uncancellable) */
  PEN_REQUIRE_CONDITION,  /* triggers by itself when its condition occurs */
  PEN_REQUIRE_CONSTANT,   /* always on while not rotated */
  PEN_REQUIRE_INSTANT,    /* a Tome: its effect once, when gained */
} PenRequirement;

/* Rulebook, "Cost" and "Activation": Study / Trial / Rest symbols. */
typedef enum
{
  PEN_TIMING_ANY,         /* Study or Trial (not Rest) */
  PEN_TIMING_STUDY,
  PEN_TIMING_TRIAL,
  PEN_TIMING_REST,
  PEN_TIMING_BEFORE_THREAT_ROLL,   /* Trial or any Threat, step 1 */
  PEN_TIMING_AFTER_THREAT_ROLL,    /* step 2 */
} PenTiming;

typedef enum
{
  PEN_CONDITION_PLACED_IN_CLASS,
  PEN_CONDITION_PLACED_IN_CITY,
  PEN_CONDITION_PLACED_IN_WILDS,
  PEN_CONDITION_ON_REST,
  PEN_CONDITION_CONTRACT_FULFILLED,
  PEN_CONDITION_TRIAL_PASSED,
} PenCondition;

/* The effect vocabulary: one interpreter runs them all. */
typedef enum
{
  PEN_EFFECT_GAIN_INGREDIENT,   /* ingredient, amount */
  PEN_EFFECT_GAIN_DIE,          /* die, amount, temporary */
  PEN_EFFECT_ROLL_RESOURCE,     /* amount */
  PEN_EFFECT_MANIPULATE,        /* manipulation, amount: that many uses on your dice */
  PEN_EFFECT_EXCHANGE,          /* give → take, once or any number of times */
  PEN_EFFECT_CONVERT,           /* exchange at the Bazaar rate, any number of times */
  PEN_EFFECT_HEAL,              /* amount; 0: all wounds */
  PEN_EFFECT_RECHARGE,          /* amount Marks */
  PEN_EFFECT_UNEXHAUST,         /* amount cards */
  PEN_EFFECT_DISCARD_THREAT,    /* amount Threat dice (before the roll) */
  PEN_EFFECT_ADJUST_THREAT,     /* amount Threat dice adjusted by 1 (after the roll) */
  PEN_EFFECT_GAIN_CARD,         /* card kind, amount */
  PEN_EFFECT_EXTRA_PLACEMENT,   /* amount */
  PEN_EFFECT_BOOST_MARKS,       /* constant: effects of a colour count amount more Marks */
  PEN_EFFECT_CANCEL_PROPERTY,
  PEN_EFFECT_SUMMON_FROM_MARKET,  /* constant: Pets may be summoned from a Class market */
  PEN_EFFECT_SPECIAL,           /* a named special effect (PenCardSpecial) */
} PenEffectOp;

/* The named special effects (docs/design-cards.md): a card's "special" effect
 * names one in the data, read once when the cards are loaded, so that the
 * rules switch on it rather than compare its name at every use. */
typedef enum
{
  PEN_CARD_SPECIAL_DEAD_WATER,
  PEN_CARD_SPECIAL_PHYLACTERY,
  PEN_CARD_SPECIAL_IGNORE_DICE_IN_THREAT,
  PEN_CARD_SPECIAL_WHISPERING_RING,
} PenCardSpecial;

typedef enum
{
  PEN_CARD_KIND_DISCIPLINE,
  PEN_CARD_KIND_POTION,
  PEN_CARD_KIND_ARTIFACT,
} PenCardKind;

typedef struct
{
  PenEffectOp     op;
  guint           amount;
  /* Enhancement: × the Marks of this Discipline ("for each Ruby Mark"). */
  gboolean        per_mark;
  PenDiscipline   per_mark_discipline;
  PenIngredient   ingredient;
  /* GAIN_DIE */
  PenDieKind      die_kind;
  PenDiscipline   die_colour;
  gboolean        any_colour;
  gboolean        temporary;
  /* MANIPULATE: a PenManipulation of pen-action.h, or set (PEN_MANIPULATE_SET) */
  guint           manipulation;
  /* EXCHANGE */
  guint           give[PEN_N_INGREDIENTS];
  guint           take[PEN_N_INGREDIENTS];
  gboolean        repeat;
  /* RECHARGE: Discipline Marks only, not Spark Marks */
  gboolean        discipline_marks;
  /* GAIN_CARD */
  PenCardKind     card_kind;
  /* BOOST_MARKS */
  PenDiscipline   boost_discipline;
  /* SPECIAL */
  PenCardSpecial  special;
} PenEffect;

#define PEN_MANIPULATE_SET 5

typedef enum
{
  PEN_EQUIPMENT_NONE,           /* a Tome: kept in the Experience zone */
  PEN_EQUIPMENT_CONDUCTOR,
  PEN_EQUIPMENT_PENDANT,
  PEN_EQUIPMENT_MANTLE,
  PEN_EQUIPMENT_RING,
} PenEquipment;

typedef struct
{
  char           *id;
  char           *name;
  char           *name_ru;
  char           *text;            /* generated from the data */
  PenCardType     type;
  PenDiscipline   colour;          /* Discipline cards and Artifacts (the solo mode reads it) */
  guint           n_costs;         /* alternatives; 0 for a free card */
  PenCost         costs[PEN_CARD_MAX_COSTS];
  PenTiming       cost_timing;
  guint           price[PEN_N_INGREDIENTS];   /* Artifacts and ready-made Potions */
  PenRequirement  requirement;
  guint           threat;          /* PEN_REQUIRE_THREAT */
  gboolean        uncancellable;
  PenCondition    condition;       /* PEN_REQUIRE_CONDITION */
  PenTiming       timing;
  guint           n_effects;
  PenEffect       effects[PEN_CARD_MAX_EFFECTS];
  gboolean        launches_something;
  PenLaunch       launches;
  PenEquipment    equipment;
  guint           experience[PEN_N_EXPERIENCES];   /* Tomes */
  gboolean        talent_card;     /* only a Talent's starting card, never in a deck */
} PenCard;

typedef struct _PenCards PenCards;

PenCards      *pen_cards_load            (GError         **error);
const PenCards *pen_cards_get_default    (GError         **error);
void           pen_cards_free            (PenCards        *self);
guint          pen_cards_get_n_cards     (const PenCards  *self);
const PenCard *pen_cards_get_card        (const PenCards  *self,
                                          guint            index);
const PenCard *pen_cards_find            (const PenCards  *self,
                                          const char      *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenCards, pen_cards_free)

G_END_DECLS
