/* pen-rng.c: the game's one seeded random generator.
 *
 * Every random result of a game (dice, shuffles, Resource dice) comes from here,
 * so a seed plus a list of actions replays a game exactly. The generator is
 * SplitMix64 because its whole state is one 64-bit number, which a save stores.
 *
 * Test hook: pen_rng_force_next() queues results that the next calls of
 * pen_rng_range() return, in order, before the generator is used again. A forced
 * value must lie in the range asked for; that is checked when it is consumed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-rng"

#include "config.h"

#include "pen-rng.h"

struct _PenRng
{
  guint64  seed;
  guint64  state;
  GArray  *forced;   /* of guint, consumed from index 0 */
};

static guint64
next_u64 (PenRng *self)
{
  guint64 z;

  self->state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  z = self->state;
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

PenRng *
pen_rng_new (guint64 seed)
{
  PenRng *self = g_new0 (PenRng, 1);

  self->seed = seed;
  self->state = seed;
  self->forced = g_array_new (FALSE, FALSE, sizeof (guint));
  return self;
}

PenRng *
pen_rng_copy (const PenRng *self)
{
  PenRng *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = pen_rng_new (self->seed);
  copy->state = self->state;
  g_array_append_vals (copy->forced, self->forced->data, self->forced->len);
  return copy;
}

void
pen_rng_free (PenRng *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->forced);
  g_free (self);
}

guint64
pen_rng_get_seed (const PenRng *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seed;
}

guint64
pen_rng_get_state (const PenRng *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->state;
}

void
pen_rng_set_state (PenRng  *self,
                   guint64  state)
{
  g_return_if_fail (self != NULL);
  self->state = state;
}

/**
 * pen_rng_range:
 * @begin: lowest result
 * @end: one past the highest result; greater than @begin
 *
 * Returns: a uniformly distributed number in [@begin, @end), or the next forced
 *   result if one is queued.
 */
guint
pen_rng_range (PenRng *self,
               guint   begin,
               guint   end)
{
  guint64 span, limit, x;

  g_return_val_if_fail (self != NULL, begin);
  g_return_val_if_fail (end > begin, begin);

  if (self->forced->len > 0)
    {
      guint value = g_array_index (self->forced, guint, 0);

      g_array_remove_index (self->forced, 0);
      g_return_val_if_fail (value >= begin && value < end, begin);
      return value;
    }

  /* Rejection sampling keeps every result equally likely. */
  span = (guint64) end - begin;
  limit = G_MAXUINT64 - (G_MAXUINT64 % span);
  do
    x = next_u64 (self);
  while (x >= limit);

  return begin + (guint) (x % span);
}

void
pen_rng_force_next (PenRng      *self,
                    const guint *values,
                    gsize        n_values)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (values != NULL || n_values == 0);

  g_array_append_vals (self->forced, values, n_values);
}

gsize
pen_rng_get_n_forced (const PenRng *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->forced->len;
}
