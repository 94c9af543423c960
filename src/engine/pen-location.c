/* pen-location.c: a location on the table and the dice placed in it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-location"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-location-private.h"

G_DEFINE_FINAL_TYPE (PenLocation, pen_location, G_TYPE_OBJECT)

static void
pen_location_finalize (GObject *object)
{
  PenLocation *self = PEN_LOCATION (object);

  for (guint s = 0; s < PEN_MAX_SECTIONS; s++)
    for (guint c = 0; c <= PEN_MAX_CELLS; c++)
      g_clear_pointer (&self->dice[s][c], g_array_unref);
  g_free (self->id);

  G_OBJECT_CLASS (pen_location_parent_class)->finalize (object);
}

static void
pen_location_class_init (PenLocationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pen_location_finalize;
}

static void
pen_location_init (PenLocation *self)
{
}

PenLocation *
pen_location_new (const PenLocationDef *def)
{
  PenLocation *self;

  g_return_val_if_fail (def != NULL, NULL);

  self = g_object_new (PEN_TYPE_LOCATION, NULL);
  self->def = def;
  self->id = g_strdup (def->id);
  return self;
}

/* A location in the same state, for a copy of the game. */
PenLocation *
pen_location_copy (PenLocation *self)
{
  PenLocation *copy;

  g_return_val_if_fail (PEN_IS_LOCATION (self), NULL);

  copy = pen_location_new (self->def);
  copy->is_class = self->is_class;
  copy->discipline = self->discipline;
  g_free (copy->id);
  copy->id = g_strdup (self->id);
  for (guint s = 0; s < PEN_MAX_SECTIONS; s++)
    for (guint c = 0; c <= PEN_MAX_CELLS; c++)
      if (self->dice[s][c] != NULL)
        copy->dice[s][c] = g_array_copy (self->dice[s][c]);
  copy->n_dice = self->n_dice;
  return copy;
}

PenLocation *
pen_location_new_class (const PenLocationDef *layout,
                        PenDiscipline         discipline)
{
  PenLocation *self;

  g_return_val_if_fail (layout != NULL, NULL);
  g_return_val_if_fail (discipline < PEN_N_DISCIPLINES, NULL);

  self = g_object_new (PEN_TYPE_LOCATION, NULL);
  self->def = layout;
  self->is_class = TRUE;
  self->discipline = discipline;
  self->id = g_strdup_printf ("%s-class", pen_discipline_get_id (discipline));
  return self;
}

const PenLocationDef *
pen_location_get_def (PenLocation *self)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), NULL);
  return self->def;
}

const char *
pen_location_get_id (PenLocation *self)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), NULL);
  return self->id;
}

char *
pen_location_dup_name (PenLocation *self)
{
  static const struct { const char *id; const char *name; } names[] = {
    { "brewery", N_("Brewery") },
    { "guild", N_("Guild") },
    { "bazaar", N_("Bazaar") },
    { "shop", N_("Shop") },
    { "forest", N_("Forest") },
    { "sanctuary", N_("Sanctuary") },
    { "ruins", N_("Ruins") },
  };

  g_return_val_if_fail (PEN_IS_LOCATION (self), NULL);

  if (self->is_class)
    /* Translators: %s is a Discipline, e.g. "Ruby Class" */
    return g_strdup_printf (_("%s Class"), pen_discipline_get_name (self->discipline));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].id, self->id))
      return g_strdup (_(names[i].name));
  return g_strdup (self->id);
}

gboolean
pen_location_is_class (PenLocation *self)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), FALSE);
  return self->is_class;
}

PenDiscipline
pen_location_get_discipline (PenLocation *self)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), 0);
  return self->discipline;
}

int
pen_location_find_section (PenLocation *self,
                           const char  *section_id)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), -1);
  g_return_val_if_fail (section_id != NULL, -1);

  for (guint s = 0; s < self->def->n_sections; s++)
    if (g_str_equal (self->def->sections[s].id, section_id))
      return (int) s;
  return -1;
}

guint
pen_location_get_n_dice (PenLocation *self,
                         guint        section,
                         int          cell)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), 0);
  return location_n_dice (self, section, cell);
}

/* The dice placed in all its cells and beside them. */
guint
pen_location_count_dice (PenLocation *self)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), 0);
  return self->n_dice;
}

const PenDie *
pen_location_get_die (PenLocation *self,
                      guint        section,
                      int          cell,
                      guint        index)
{
  g_return_val_if_fail (PEN_IS_LOCATION (self), NULL);
  g_return_val_if_fail (index < location_n_dice (self, section, cell), NULL);
  return location_die (self, section, cell, index);
}

void
pen_location_add_die (PenLocation  *self,
                      guint         section,
                      int           cell,
                      const PenDie *die)
{
  GArray **dice;

  g_return_if_fail (PEN_IS_LOCATION (self));
  g_return_if_fail (die != NULL);
  dice = location_slot (self, section, cell);
  if (*dice == NULL)
    *dice = g_array_new (FALSE, FALSE, sizeof (PenDie));
  g_array_append_vals (*dice, die, 1);
  self->n_dice++;
}

PenDie
pen_location_take_die (PenLocation *self,
                       guint        section,
                       int          cell,
                       guint        index)
{
  PenDie die = { 0 };
  GArray *dice;

  g_return_val_if_fail (PEN_IS_LOCATION (self), die);
  dice = *location_slot (self, section, cell);
  g_return_val_if_fail (dice != NULL && index < dice->len, die);

  die = g_array_index (dice, PenDie, index);
  g_array_remove_index (dice, index);
  self->n_dice--;
  return die;
}

void
pen_location_clear (PenLocation *self)
{
  g_return_if_fail (PEN_IS_LOCATION (self));

  for (guint s = 0; s < PEN_MAX_SECTIONS; s++)
    for (guint c = 0; c <= PEN_MAX_CELLS; c++)
      if (self->dice[s][c] != NULL)
        g_array_set_size (self->dice[s][c], 0);
  self->n_dice = 0;
}
