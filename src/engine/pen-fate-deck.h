/* pen-fate-deck.h: the Fate cards (Trials, Prophecies, Goals, Events), read from
 * data, and the Fate deck built from them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "pen-rng.h"
#include "pen-scoring.h"
#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_FATE_FILE "cards/fate.json"

/* Rulebook, "Components": 24 Trials (6 of each difficulty 1–4), 9 Prophecies,
 * 4 Goals, 8 Events. */
#define PEN_FATE_N_DIFFICULTIES          4
#define PEN_FATE_N_TRIALS_PER_DIFFICULTY 6
#define PEN_FATE_N_PROPHECIES            9
#define PEN_FATE_N_GOALS                 4
#define PEN_FATE_N_EVENTS                8

#define PEN_FATE_MIN_PLAYERS 1
#define PEN_FATE_MAX_PLAYERS 4

/* Rulebook, "The Fate deck": the deck is made of three stacks, of the
 * Difficulty 2, 3 and 4 Trials. */
#define PEN_FATE_N_STACKS 3

typedef enum
{
  PEN_FATE_KIND_TRIAL,
  PEN_FATE_KIND_PROPHECY,
  PEN_FATE_KIND_GOAL,
  PEN_FATE_KIND_EVENT,
} PenFateKind;

#define PEN_N_FATE_KINDS 4

typedef struct _PenFateCard      PenFateCard;
typedef struct _PenFateCatalogue PenFateCatalogue;

/* What the effects of Prophecies and Goals read of one Wizard. The game fills
 * one per Wizard; the cards need nothing else from it. */
typedef struct
{
  guint passed_trials;                  /* Trials passed, by either path */
  guint passed_light_trials;            /* of those, passed on the path of Light */
  guint passed_dark_trials;             /* of those, passed on the path of Darkness */
  guint fulfilled_contracts;
  guint reserved_contracts;             /* reserved and not yet fulfilled */
  guint discipline_marks;               /* Marks in the 8 Discipline cells, in any state */
  guint spark_marks;                    /* Marks in the 3 Spark cells, in any state */
  guint wounded_marks;                  /* Discipline and Spark Marks now wounded */
  guint mortal_wounds;                  /* Mortal Wound cards held */
  guint light;                          /* Light symbols on Contracts and passed paths */
  guint darkness;                       /* Darkness symbols, likewise */
  guint ingredients[PEN_N_INGREDIENTS]; /* in the supply, by PenIngredient */
  guint experience[PEN_N_EXPERIENCES];  /* symbols in the Experience zone, by PenExperience */
} PenWizardSummary;

/* What a Prophecy or a Goal counts: one field of PenWizardSummary. Ids in the
 * data: the field's name in kebab-case ("passed-trials"), "ingredient-" and
 * an Ingredient's id ("ingredient-arcana"), "experience-" and an experience
 * symbol's id ("experience-monsters"). */
typedef enum
{
  PEN_FATE_COUNTER_PASSED_TRIALS,
  PEN_FATE_COUNTER_PASSED_LIGHT_TRIALS,
  PEN_FATE_COUNTER_PASSED_DARK_TRIALS,
  PEN_FATE_COUNTER_FULFILLED_CONTRACTS,
  PEN_FATE_COUNTER_RESERVED_CONTRACTS,
  PEN_FATE_COUNTER_DISCIPLINE_MARKS,
  PEN_FATE_COUNTER_SPARK_MARKS,
  PEN_FATE_COUNTER_WOUNDED_MARKS,
  PEN_FATE_COUNTER_MORTAL_WOUNDS,
  PEN_FATE_COUNTER_LIGHT,
  PEN_FATE_COUNTER_DARKNESS,
  /* PEN_FATE_COUNTER_INGREDIENT + a PenIngredient counts that Ingredient. */
  PEN_FATE_COUNTER_INGREDIENT,
  /* PEN_FATE_COUNTER_EXPERIENCE + a PenExperience counts that symbol. */
  PEN_FATE_COUNTER_EXPERIENCE = PEN_FATE_COUNTER_INGREDIENT + PEN_N_INGREDIENTS,
} PenFateCounter;

#define PEN_N_FATE_COUNTERS (PEN_FATE_COUNTER_EXPERIENCE + PEN_N_EXPERIENCES)

/* Rulebook, "End of the game": the game ends when a Prophecy's condition is
 * met. Data: "condition": { SCOPE: { COUNTER: THRESHOLD } }, or
 * "condition": { "fate-deck-empty": true }. */
typedef enum
{
  PEN_PROPHECY_FATE_DECK_EMPTY,  /* "fate-deck-empty": the Fate deck has run out of cards */
  PEN_PROPHECY_ALL_WIZARDS,      /* "all-wizards": every Wizard's count is at least threshold */
  PEN_PROPHECY_ANY_WIZARD,       /* "any-wizard": one Wizard's count is at least threshold */
  PEN_PROPHECY_TOTAL,            /* "total": the Wizards' counts added up are at least threshold */
} PenProphecyScope;

typedef struct
{
  PenProphecyScope scope;
  PenFateCounter   counter;    /* not for PEN_PROPHECY_FATE_DECK_EMPTY */
  guint            threshold;  /* at least 1; 0 for PEN_PROPHECY_FATE_DECK_EMPTY */
} PenProphecyCondition;

/* Rulebook, "Scoring", 7. GOALS: points for each thing the Wizard counts.
 * Data: "points": { "per": COUNTER, "points": POINTS }. */
typedef struct
{
  PenFateCounter per;
  guint          points;
} PenGoalRule;

/* The most Wizards a game holds (PEN_MAX_PLAYERS of pen-game.h). */
#define PEN_FATE_MAX_WIZARDS 4

/* Where the Wizards stand towards a Prophecy or a Goal in play
 * (pen_fate_card_get_progress()): the count of each, what fulfils the
 * Prophecy and who is one step from it, what the Goal gives each now. */
typedef struct
{
  const char      *card;                               /* the Fate card's id */
  PenFateKind      kind;                               /* a Prophecy or a Goal */
  PenProphecyScope scope;                              /* Prophecies */
  PenFateCounter   counter;                            /* what is counted; not for fate-deck-empty */
  guint            threshold;                          /* Prophecies: the count that fulfils it */
  guint            points_each;                        /* Goals: the points for each one counted */
  guint            n_wizards;
  guint            counts[PEN_FATE_MAX_WIZARDS];       /* each Wizard's count now */
  guint            total;                              /* the counts added up; fate-deck-empty: the cards left */
  guint            points[PEN_FATE_MAX_WIZARDS];       /* Goals: what it gives each Wizard now */
  gboolean         one_step[PEN_FATE_MAX_WIZARDS];     /* Prophecies: one more for this Wizard fulfils it */
  gboolean         one_step_away;                      /* Prophecies: one more count, or card revealed, fulfils it */
  gboolean         fulfilled;                          /* Prophecies: its condition is met now */
} PenFateProgress;

/* The most points one Goal gives a Wizard, so that the Goals of a game added
 * up always fit PenScoreInput.goal_points. */
#define PEN_FATE_MAX_GOAL_POINTS (PEN_SCORE_INPUT_MAX / PEN_FATE_N_GOALS)

/* Rulebook, "The Fate deck in play": an Event's instructions are applied at
 * once; "you" is the player who revealed it. Data: "effects": a list of
 * { "op": OP, "target": "all" | "you", "amount": N, ... }. */
typedef enum
{
  PEN_EVENT_TARGET_ALL,  /* "all": every Wizard, "you" included */
  PEN_EVENT_TARGET_YOU,  /* "you": the player who revealed the Event */
} PenEventTarget;

typedef enum
{
  /* "roll-resource-dice": roll amount Resource dice and gain what they show. */
  PEN_EVENT_ROLL_RESOURCE_DICE,
  /* "gain-ingredient": gain amount of ingredient ("ingredient": its id). */
  PEN_EVENT_GAIN_INGREDIENT,
  /* "gain-die": gain amount dice, as the dice of a reward ("die": "bone",
   * "spark", a Discipline's id for a die of its colour, or "any-colour" for a
   * coloured die of a colour the Wizard chooses). */
  PEN_EVENT_GAIN_DIE,
  /* "heal": Heal up to amount wounded Marks, each with its Rest effect
   * (rulebook, "Mark effects": HEAL). */
  PEN_EVENT_HEAL,
  /* "recharge-marks": Recharge up to amount discharged Marks, without their
   * Rest effects (rulebook, "Mark effects": RECHARGE). */
  PEN_EVENT_RECHARGE_MARKS,
  /* "gain-card": gain amount cards of one kind ("card": "discipline",
   * "potion" or "artifact"), as the cards of a reward (rulebook, "Rewards"). */
  PEN_EVENT_GAIN_CARD,
} PenEventOp;

#define PEN_N_EVENT_OPS 6

typedef enum
{
  PEN_EVENT_CARD_DISCIPLINE,
  PEN_EVENT_CARD_POTION,
  PEN_EVENT_CARD_ARTIFACT,
} PenEventCard;

typedef struct
{
  PenEventOp     op;
  PenEventTarget target;
  guint          amount;      /* at least 1 */
  PenIngredient  ingredient;  /* PEN_EVENT_GAIN_INGREDIENT */
  PenDieKind     die_kind;    /* PEN_EVENT_GAIN_DIE: bone, coloured or spark */
  PenDiscipline  die_colour;  /* PEN_EVENT_GAIN_DIE, coloured, unless any_colour */
  gboolean       any_colour;  /* PEN_EVENT_GAIN_DIE: coloured, the Wizard chooses the colour */
  PenEventCard   card;        /* PEN_EVENT_GAIN_CARD */
} PenEventEffect;

const char        *pen_fate_kind_get_id              (PenFateKind              kind);
gboolean           pen_fate_kind_from_id             (const char              *id,
                                                      PenFateKind             *out);

const char        *pen_fate_card_get_id              (const PenFateCard       *card);
PenFateKind        pen_fate_card_get_kind            (const PenFateCard       *card);
const char        *pen_fate_card_get_name            (const PenFateCard       *card);
const char        *pen_fate_card_get_name_ru         (const PenFateCard       *card);
guint              pen_fate_card_get_difficulty      (const PenFateCard       *card);
const char        *pen_fate_card_get_text            (const PenFateCard       *card);
const char        *pen_fate_card_get_text_ru         (const PenFateCard       *card);
gboolean           pen_fate_card_is_always_in_play   (const PenFateCard       *card);

const char                 *pen_fate_counter_get_id         (PenFateCounter          counter);
gboolean                    pen_fate_counter_from_id        (const char             *id,
                                                             PenFateCounter         *out);
guint                       pen_wizard_summary_get_count    (const PenWizardSummary *wizard,
                                                             PenFateCounter          counter);
const char                 *pen_event_op_get_id             (PenEventOp              op);

const PenProphecyCondition *pen_fate_card_get_condition     (const PenFateCard      *card);
const PenGoalRule          *pen_fate_card_get_goal_rule     (const PenFateCard      *card);
const PenEventEffect       *pen_fate_card_get_event_effects (const PenFateCard      *card,
                                                             guint                  *n_effects);

gboolean pen_fate_card_prophecy_is_fulfilled (const PenFateCard      *card,
                                              const PenWizardSummary *wizards,
                                              guint                   n_wizards,
                                              guint                   fate_remaining);
guint    pen_fate_card_goal_points           (const PenFateCard      *card,
                                              const PenWizardSummary *wizard);
gboolean pen_fate_card_get_progress          (const PenFateCard      *card,
                                              const PenWizardSummary *wizards,
                                              guint                   n_wizards,
                                              guint                   fate_remaining,
                                              PenFateProgress        *out);

PenFateCatalogue  *pen_fate_catalogue_load           (GError                 **error);
const PenFateCatalogue *pen_fate_catalogue_get_default (GError            **error);
PenFateCatalogue  *pen_fate_catalogue_new_from_json  (JsonNode                *root,
                                                      const char              *file,
                                                      GError                 **error);
void               pen_fate_catalogue_free           (PenFateCatalogue        *self);
guint              pen_fate_catalogue_get_n_cards    (const PenFateCatalogue  *self);
const PenFateCard *pen_fate_catalogue_get_card       (const PenFateCatalogue  *self,
                                                      guint                    index);
const PenFateCard *pen_fate_catalogue_lookup         (const PenFateCatalogue  *self,
                                                      const char              *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenFateCatalogue, pen_fate_catalogue_free)

#define PEN_TYPE_FATE_DECK (pen_fate_deck_get_type ())

G_DECLARE_FINAL_TYPE (PenFateDeck, pen_fate_deck, PEN, FATE_DECK, GObject)

PenFateDeck        *pen_fate_deck_build_first_game      (const PenFateCatalogue  *catalogue,
                                                         guint                    n_players,
                                                         GError                 **error);
PenFateDeck        *pen_fate_deck_build                 (const PenFateCatalogue  *catalogue,
                                                         guint                    n_players,
                                                         PenRng                  *rng,
                                                         GError                 **error);
guint               pen_fate_deck_get_n_players         (PenFateDeck             *self);
const char         *pen_fate_deck_get_starting_prophecy (PenFateDeck             *self);
const char * const *pen_fate_deck_get_starting_trials   (PenFateDeck             *self);
const char * const *pen_fate_deck_get_cards             (PenFateDeck             *self);
guint               pen_fate_deck_get_n_remaining       (PenFateDeck             *self);
const char         *pen_fate_deck_draw                  (PenFateDeck             *self);

G_END_DECLS
