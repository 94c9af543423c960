/* pen-scoring.h: end-of-game scoring (rulebook, "Scoring"), its tables read from
 * data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define PEN_SCORING_FILE "scoring.json"

/* The most entries a points-by-count list of the scoring file may hold. */
#define PEN_SCORING_MAX_STEPS 64

/* The largest count or point sum pen_scoring_compute() accepts in one field of
 * its input; far above any real game, it keeps the arithmetic from overflowing. */
#define PEN_SCORE_INPUT_MAX 10000

/* The six experience symbols on Contracts, Trials and Tomes (rulebook,
 * "Scoring", 4. EXPERIENCE), in the order of the experience counter. */
typedef enum
{
  PEN_EXPERIENCE_MONSTERS,
  PEN_EXPERIENCE_MAGICAL_BEASTS,
  PEN_EXPERIENCE_WILDS,
  PEN_EXPERIENCE_MYSTIC,
  PEN_EXPERIENCE_WIZARDS,
  PEN_EXPERIENCE_SOCIETY,
} PenExperience;

#define PEN_N_EXPERIENCES 6

/* What a Wizard has at the end of the game; each field is one line of the
 * rulebook's count. Point sums are the sums of the points printed on the cards
 * or the board. */
typedef struct
{
  guint arcana;                        /* Arcana in the Wizard's supply */
  guint trial_points;                  /* points on all passed Trials */
  guint mortal_wounds;                 /* Mortal Wound cards held */
  guint experience[PEN_N_EXPERIENCES]; /* symbols of each kind, by PenExperience */
  guint contract_points;               /* points on all fulfilled Contracts */
  guint reserved_contracts;            /* reserved Contracts still unfulfilled */
  guint board_points;                  /* points under the Marks on the Wizard board */
  guint goal_points;                   /* points from the Goal cards in effect */
  guint light;                         /* Light symbols on Contracts and passed paths */
  guint darkness;                      /* Darkness symbols, likewise */
} PenScoreInput;

/* The score, one field per part of the rulebook's count (numbered as there),
 * plus Light and Darkness and the total. Penalties are negative. */
typedef struct
{
  gint  arcana;                                             /* 1 */
  gint  trials;                                             /* 2 */
  gint  mortal_wounds;                                      /* 3 */
  guint experience_n_sets_of_six;                           /* 4: how many sets of six different */
  gint  experience_sets_of_six;                             /* 4: their points */
  gint  experience_identical_by_symbol[PEN_N_EXPERIENCES];  /* 4: each kind's identical set */
  gint  experience_identical;                               /* 4: sum of the identical sets */
  gint  experience;                                         /* 4: sets of six + identical */
  gint  contracts_fulfilled;                                /* 5 */
  gint  contracts_reserved;                                 /* 5: reserved, unfulfilled */
  gint  contracts;                                          /* 5: fulfilled + reserved penalty */
  gint  board;                                              /* 6 */
  gint  goals;                                              /* 7 */
  gint  light_darkness;                                     /* Fate: by |Light − Darkness| */
  gint  total;
} PenScoreBreakdown;

typedef struct _PenScoringTable PenScoringTable;

const char      *pen_experience_get_id    (PenExperience  experience);
const char      *pen_experience_get_name  (PenExperience  experience);
gboolean         pen_experience_from_id   (const char    *id,
                                           PenExperience *out);

PenScoringTable *pen_scoring_table_load           (GError                **error);
PenScoringTable *pen_scoring_table_new_from_json  (JsonNode               *root,
                                                   const char             *file,
                                                   GError                **error);
void             pen_scoring_table_free           (PenScoringTable        *self);
gint             pen_scoring_table_get_identical_points (const PenScoringTable *self,
                                                         guint                  count);
gint             pen_scoring_table_get_light_darkness_points (const PenScoringTable *self,
                                                              guint                  light,
                                                              guint                  darkness);

void             pen_scoring_compute              (const PenScoringTable  *self,
                                                   const PenScoreInput    *input,
                                                   PenScoreBreakdown      *out);
JsonNode        *pen_score_breakdown_to_json      (const PenScoreBreakdown *breakdown);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenScoringTable, pen_scoring_table_free)

G_END_DECLS
