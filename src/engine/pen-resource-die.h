/* pen-resource-die.h: the Resource die and its six faces, read from data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-rng.h"
#include "pen-types.h"

G_BEGIN_DECLS

#define PEN_RESOURCE_DIE_FILE "boards/resource-die.json"
#define PEN_RESOURCE_DIE_N_FACES 6

typedef struct _PenResourceDie PenResourceDie;

PenResourceDie *pen_resource_die_load      (GError               **error);
PenResourceDie *pen_resource_die_new_from_json (JsonNode         *root,
                                            const char            *file,
                                            GError               **error);
void            pen_resource_die_free      (PenResourceDie        *self);
guint           pen_resource_die_get_face  (const PenResourceDie  *self,
                                            guint                  face,
                                            PenIngredient          ingredient);
guint           pen_resource_die_roll      (const PenResourceDie  *self,
                                            PenRng                *rng,
                                            guint                  gains[PEN_N_INGREDIENTS]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenResourceDie, pen_resource_die_free)

G_END_DECLS
