/* pen-rng.h: the game's one seeded random generator.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _PenRng PenRng;

PenRng  *pen_rng_new          (guint64       seed);
PenRng  *pen_rng_copy         (const PenRng *self);
void     pen_rng_free         (PenRng       *self);
guint64  pen_rng_get_seed     (const PenRng *self);
guint64  pen_rng_get_state    (const PenRng *self);
void     pen_rng_set_state    (PenRng       *self,
                               guint64       state);
guint    pen_rng_range        (PenRng       *self,
                               guint         begin,
                               guint         end);
void     pen_rng_force_next   (PenRng       *self,
                               const guint  *values,
                               gsize         n_values);
gsize    pen_rng_get_n_forced (const PenRng *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenRng, pen_rng_free)

G_END_DECLS
