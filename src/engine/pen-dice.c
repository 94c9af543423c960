/* pen-dice.c: a die and the rulebook's dice manipulations.
 *
 * Rulebook, "Dice manipulation": reroll, flip, set, adjust and recolour. Each
 * refusal says in the player's words why the die cannot be changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-dice"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-dice.h"
#include "pen-error.h"

/* Gaining a die rolls it; "Reroll" rolls it once more. */
void
pen_die_roll (PenDie *die,
              PenRng *rng)
{
  g_return_if_fail (die != NULL);
  g_return_if_fail (rng != NULL);

  die->value = (guint8) pen_rng_range (rng, PEN_DIE_MIN_VALUE, PEN_DIE_MAX_VALUE + 1);
}

/* "1" to "6", "2" to "5", "3" to "4": opposite faces add up to seven. */
void
pen_die_flip (PenDie *die)
{
  g_return_if_fail (die != NULL);

  die->value = (guint8) (PEN_DIE_MIN_VALUE + PEN_DIE_MAX_VALUE - die->value);
}

gboolean
pen_die_set (PenDie  *die,
             guint    value,
             GError **error)
{
  g_return_val_if_fail (die != NULL, FALSE);

  if (value < PEN_DIE_MIN_VALUE || value > PEN_DIE_MAX_VALUE)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL,
                   _("A die has no face showing %u."), value);
      return FALSE;
    }
  die->value = (guint8) value;
  return TRUE;
}

gboolean
pen_die_adjust (PenDie  *die,
                int      delta,
                GError **error)
{
  g_return_val_if_fail (die != NULL, FALSE);
  g_return_val_if_fail (delta == 1 || delta == -1, FALSE);

  if (delta < 0 && die->value == PEN_DIE_MIN_VALUE)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_ILLEGAL,
                           _("A die showing 1 cannot be decreased."));
      return FALSE;
    }
  if (delta > 0 && die->value == PEN_DIE_MAX_VALUE)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_ILLEGAL,
                           _("A die showing 6 cannot be increased."));
      return FALSE;
    }
  die->value = (guint8) (die->value + delta);
  return TRUE;
}

/* Recolouring discards the die and gains one of another Discipline colour with
 * the same value. Bone dice may become coloured; Threat dice are not the
 * Wizard's to recolour. */
gboolean
pen_die_recolour (PenDie         *die,
                  PenDiscipline   colour,
                  GError        **error)
{
  g_return_val_if_fail (die != NULL, FALSE);
  g_return_val_if_fail (colour < PEN_N_DISCIPLINES, FALSE);

  if (die->kind == PEN_DIE_KIND_THREAT)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_ILLEGAL,
                           _("Threat dice cannot be recoloured."));
      return FALSE;
    }
  if (die->kind == PEN_DIE_KIND_COLOURED && die->colour == colour)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL,
                   _("The die is already %s; recolouring needs a different colour."),
                   pen_discipline_get_name (colour));
      return FALSE;
    }
  die->kind = PEN_DIE_KIND_COLOURED;
  die->colour = colour;
  return TRUE;
}

/* A coloured die counts as its own colour; a Spark die as any one colour the
 * Wizard chooses; Bone and Threat dice as no colour. */
gboolean
pen_die_counts_as (const PenDie  *die,
                   PenDiscipline  colour)
{
  g_return_val_if_fail (die != NULL, FALSE);

  switch (die->kind)
    {
    case PEN_DIE_KIND_COLOURED:
      return die->colour == colour;
    case PEN_DIE_KIND_SPARK:
      return TRUE;
    case PEN_DIE_KIND_BONE:
    case PEN_DIE_KIND_THREAT:
    default:
      return FALSE;
    }
}

char *
pen_die_describe (const PenDie *die)
{
  g_return_val_if_fail (die != NULL, NULL);

  switch (die->kind)
    {
    case PEN_DIE_KIND_BONE:
      return g_strdup_printf (_("Bone die showing %u"), die->value);
    case PEN_DIE_KIND_SPARK:
      return g_strdup_printf (_("Spark die showing %u"), die->value);
    case PEN_DIE_KIND_THREAT:
      return g_strdup_printf (_("Threat die showing %u"), die->value);
    case PEN_DIE_KIND_COLOURED:
    default:
      /* Translators: the first %s is a Discipline colour, e.g. "Ruby die showing 6" */
      return g_strdup_printf (_("%s die showing %u"),
                              pen_discipline_get_name (die->colour), die->value);
    }
}
