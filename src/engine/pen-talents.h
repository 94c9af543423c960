/* pen-talents.h: the Talent cards, read from data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_TALENTS_FILE "cards/talents.json"

/* A Talent's own ability, beside what it gives at the start. */
typedef enum
{
  PEN_TALENT_ABILITY_NONE,
  PEN_TALENT_ABILITY_CANCEL_PROPERTY,   /* the Pariah: once per Trial */
} PenTalentAbility;

typedef struct
{
  char          *id;
  char          *name;
  char          *name_ru;
  guint          turn_order;
  PenDiscipline  mark;
  char          *card;          /* the starting Discipline card's id */
  guint          ingredients[PEN_N_INGREDIENTS];
  PenTalentAbility ability;
} PenTalent;

typedef struct
{
  guint      n_talents;
  PenTalent *talents;
} PenTalents;

PenTalents      *pen_talents_load            (GError          **error);
PenTalents      *pen_talents_new_from_json   (JsonNode         *root,
                                              const char       *file,
                                              GError          **error);
const PenTalents *pen_talents_get_default    (GError          **error);
const PenTalent *pen_talents_find            (const PenTalents *self,
                                              const char       *id);
void             pen_talents_free            (PenTalents       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenTalents, pen_talents_free)

G_END_DECLS
