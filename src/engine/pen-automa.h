/* pen-automa.h: the six Automas of the solo mode, read from data
 * (docs/design-automa.md). The game runs them (pen-game.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define PEN_AUTOMA_DIR "automa/"
#define PEN_AUTOMA_MAX_STEPS 8
#define PEN_AUTOMA_N_INSTRUCTIONS 3

/* The Automa's four Equipment cells, left to right, and the sections they run. */
typedef enum
{
  PEN_AUTOMA_CONDUCTOR,   /* Contract / Trial */
  PEN_AUTOMA_PENDANT,     /* School */
  PEN_AUTOMA_MANTLE,      /* City */
  PEN_AUTOMA_RING,        /* Wilds */
  PEN_AUTOMA_N_CELLS,
  PEN_AUTOMA_LEFTMOST = PEN_AUTOMA_N_CELLS,   /* "the leftmost empty cell" */
} PenAutomaCell;

/* Sapphire's and Amber's content, outside the base rulebook (spec §9): a
 * face-down deck of Exams, a row of Dungeons, a market of Rituals. */
typedef enum
{
  PEN_AUTOMA_EXAM,
  PEN_AUTOMA_DUNGEON,
  PEN_AUTOMA_RITUAL,
  PEN_AUTOMA_N_CONTENT,
} PenAutomaContent;

typedef struct
{
  char  *id;
  char  *name;
  char  *name_ru;
  guint  points;    /* a Dungeon's printed victory points; 0 for the others */
} PenAutomaContentCard;

typedef enum
{
  PEN_AUTOMA_STEP_TRIAL,
  PEN_AUTOMA_STEP_FILL,
  PEN_AUTOMA_STEP_GUILD,
  PEN_AUTOMA_STEP_PLACE_CLASS_MARK,
  PEN_AUTOMA_STEP_PLACE_CLASS_CARD,
  PEN_AUTOMA_STEP_PLACE_BREWERY,
  PEN_AUTOMA_STEP_PLACE_SHOP,
  PEN_AUTOMA_STEP_PLACE_SANCTUARY,
  PEN_AUTOMA_STEP_PLACE_RUINS,
  PEN_AUTOMA_STEP_GAIN_MARK,
  PEN_AUTOMA_STEP_GAIN_CLASS_CARD,
  PEN_AUTOMA_STEP_GAIN_ARTIFACT,
  PEN_AUTOMA_STEP_ADDITIONAL,
  PEN_AUTOMA_STEP_REFRESH_BREWERY,
  PEN_AUTOMA_STEP_ARCANA,
  PEN_AUTOMA_STEP_REPLACE,
  PEN_AUTOMA_STEP_CONTENT,
} PenAutomaStepKind;

typedef struct
{
  PenAutomaStepKind kind;
  guint             amount;       /* fill, arcana */
  gboolean          or_equal;     /* trial, guild: ≤ Level (else <) */
  PenAutomaCell     target;       /* replace */
  PenAutomaContent  content;      /* content */
} PenAutomaStep;

typedef struct
{
  gboolean      any_count;        /* no condition on the cell's cards */
  guint         count_min;
  guint         count_max;        /* G_MAXUINT: no upper bound */
  guint         count_set;        /* bit n: exactly n cards accepted (with a list) */
  int           first;            /* -1: no condition; 1: first instruction; 0: second or later */
  guint         number;           /* as the seed prints it (Amethyst's City: 1 and 3) */
  guint         n_steps;
  PenAutomaStep steps[PEN_AUTOMA_MAX_STEPS];
} PenAutomaInstruction;

typedef struct
{
  char                 *id;
  char                 *name;
  char                 *name_ru;
  char                 *speciality;
  char                 *speciality_ru;
  guint                 difficulty;
  guint                 per_discipline_card;
  guint                 per_contract;
  guint                 per_trial;
  guint                 per_elder_card;       /* no card brings one: scores 0 (spec §9) */
  guint                 per_ritual;
  guint                 per_exam_or_dungeon;
  PenAutomaCell         tome;
  PenAutomaInstruction  sections[PEN_AUTOMA_N_CELLS][PEN_AUTOMA_N_INSTRUCTIONS];
} PenAutomaVariant;

typedef struct _PenAutomas PenAutomas;

PenAutomas             *pen_automas_load          (GError           **error);
const PenAutomas       *pen_automas_get_default   (GError           **error);
PenAutomaVariant       *pen_automa_variant_new_from_json (JsonNode   *root,
                                                   const char        *file,
                                                   GError           **error);
void                    pen_automa_variant_free   (PenAutomaVariant  *variant);
void                    pen_automas_free          (PenAutomas        *self);
guint                   pen_automas_get_n_variants (const PenAutomas *self);
const PenAutomaVariant *pen_automas_get_variant   (const PenAutomas  *self,
                                                   guint              index);
const PenAutomaVariant *pen_automas_find          (const PenAutomas  *self,
                                                   const char        *id);
gboolean                pen_automa_variant_uses_content (const PenAutomaVariant *variant);
const char             *pen_automa_cell_get_id    (PenAutomaCell      cell);
const char             *pen_automa_content_get_id (PenAutomaContent   content);
guint                   pen_automas_get_n_content (const PenAutomas  *self,
                                                   PenAutomaContent   content);
const PenAutomaContentCard *pen_automas_get_content (const PenAutomas *self,
                                                   PenAutomaContent   content,
                                                   guint              index);
const PenAutomaContentCard *pen_automas_find_content (const PenAutomas *self,
                                                   PenAutomaContent   content,
                                                   const char        *id);
guint                   pen_automas_get_n_open    (const PenAutomas  *self,
                                                   PenAutomaContent   content);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenAutomas, pen_automas_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenAutomaVariant, pen_automa_variant_free)

G_END_DECLS
