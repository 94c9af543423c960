/* pen-quest.h: Contracts and Trials (rulebook, "Contracts and Trials"), read
 * from data: their Threat, tasks, rewards, Properties and points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-scoring.h"
#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_CONTRACTS_FILE "cards/contracts.json"
#define PEN_TRIALS_FILE "cards/trials.json"

#define PEN_QUEST_MAX_DICE 6
#define PEN_QUEST_MAX_TASKS 3
#define PEN_QUEST_MAX_PROPERTIES 3

/* Rulebook, "Tasks". */
typedef enum
{
  PEN_TASK_DISCARD_INGREDIENTS,  /* ingredients[] */
  PEN_TASK_DISCARD_DICE_SUM,     /* colours, sum: any number of dice, total ≥ sum */
  PEN_TASK_DISCARD_DICE_EXACT,   /* colours, values[n_values]: exactly these values */
  PEN_TASK_ROLL_DICE_SUM,        /* colours, count, sum: roll exactly count dice, total ≥ sum */
  PEN_TASK_WITHSTAND_THREAT,     /* count: Threat dice; fulfilled without a Mortal Wound */
  PEN_TASK_HAVE_EXPERIENCE,      /* experience[]: symbols needed in the Experience zone */
} PenTaskKind;

/* Which dice a task accepts: a set of Discipline colours, Bone dice, or any die. */
typedef struct
{
  guint    colours;       /* bit (1 << PenDiscipline) per colour accepted */
  gboolean bone;          /* Bone dice accepted */
  gboolean spark_only;    /* only Spark dice ("Spark 1+") */
} PenDiceFilter;

typedef struct
{
  PenTaskKind   kind;
  PenDiceFilter dice;
  guint         ingredients[PEN_N_INGREDIENTS];
  guint         experience[PEN_N_EXPERIENCES];
  guint         sum;
  guint         count;
  guint         n_values;
  guint         values[PEN_QUEST_MAX_DICE];
} PenTask;

/* Rulebook, "Rewards". */
typedef enum
{
  PEN_REWARD_CARD_DISCIPLINE,
  PEN_REWARD_CARD_POTION,
  PEN_REWARD_CARD_ARTIFACT,
} PenRewardCard;

typedef struct
{
  guint ingredients[PEN_N_INGREDIENTS];
  guint bone_dice;
  guint spark_dice;
  guint coloured_dice[PEN_N_DISCIPLINES];
  guint any_colour_dice;      /* dice of a colour the Wizard chooses */
  guint cards[3];             /* by PenRewardCard */
  guint light;
  guint darkness;
} PenReward;

/* Rulebook, "Properties". */
typedef enum
{
  PEN_PROPERTY_RIFT,
  PEN_PROPERTY_VIGILANCE,
  PEN_PROPERTY_SHIELD,
  PEN_PROPERTY_TRAP,
  PEN_PROPERTY_CRYSTAL_SUPPRESSION,
  PEN_PROPERTY_POTION_SUPPRESSION,
  PEN_PROPERTY_ARTIFACT_SUPPRESSION,
  PEN_PROPERTY_PET_SUPPRESSION,
} PenPropertyKind;

typedef struct
{
  PenPropertyKind kind;
  guint           x;           /* Rift, Vigilance */
  PenTask         shield;      /* Shield: the dice to discard before any task */
} PenProperty;

/* Rulebook, "Trials", APPROACH. */
typedef enum
{
  PEN_APPROACH_DESTROY,
  PEN_APPROACH_CATCH,
  PEN_APPROACH_RECONCILE,
  PEN_APPROACH_DISPEL,
  PEN_APPROACH_WITHSTAND,
  PEN_APPROACH_BRIBE,
} PenApproach;

typedef struct
{
  PenApproach approach;
  guint       n_tasks;         /* fulfilling any one of them is enough */
  PenTask     tasks[PEN_QUEST_MAX_TASKS];
  PenReward   reward;
} PenTrialPath;

typedef struct
{
  char      *id;
  char      *name;
  char      *name_ru;
  char      *text;             /* generated from the data, English */
  guint      difficulty;       /* 1 or 2 */
  gboolean   gloomy;           /* dark heading (else light) */
  guint      threat;
  guint      points;
  guint      experience[PEN_N_EXPERIENCES];
  PenTask    task;
  PenReward  reward;
} PenContract;

typedef struct
{
  char         *id;            /* the id of the Trial in cards/fate.json */
  guint         threat;
  guint         points;
  guint         experience[PEN_N_EXPERIENCES];
  PenTrialPath  darkness;
  PenTrialPath  light;
  guint         n_properties;
  PenProperty   properties[PEN_QUEST_MAX_PROPERTIES];
  guint         retaliation;
} PenTrial;

typedef struct _PenQuests PenQuests;

PenQuests         *pen_quests_load             (GError          **error);
PenQuests         *pen_quests_new_from_json    (JsonNode         *contracts,
                                                const char       *contracts_file,
                                                JsonNode         *trials,
                                                const char       *trials_file,
                                                GError          **error);
const PenQuests   *pen_quests_get_default      (GError          **error);
void               pen_quests_free             (PenQuests        *self);
guint              pen_quests_get_n_contracts  (const PenQuests  *self);
const PenContract *pen_quests_get_contract     (const PenQuests  *self,
                                                guint             index);
const PenContract *pen_quests_find_contract    (const PenQuests  *self,
                                                const char       *id);
guint              pen_quests_get_n_trials     (const PenQuests  *self);
const PenTrial    *pen_quests_get_trial        (const PenQuests  *self,
                                                guint             index);
const PenTrial    *pen_quests_find_trial       (const PenQuests  *self,
                                                const char       *id);
char              *pen_task_describe           (const PenTask    *task);
char              *pen_reward_describe         (const PenReward  *reward);
const char        *pen_property_get_id         (PenPropertyKind   kind);
const char        *pen_property_get_msgid      (PenPropertyKind   kind);
const char        *pen_property_get_name       (PenPropertyKind   kind);
const char        *pen_approach_get_name       (PenApproach       approach);
gboolean           pen_dice_filter_accepts     (const PenDiceFilter *filter,
                                                PenDieKind        kind,
                                                PenDiscipline     colour);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenQuests, pen_quests_free)

G_END_DECLS
