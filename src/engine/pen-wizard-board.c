/* pen-wizard-board.c: one Wizard's board: Marks, dice, Ingredients.
 *
 * The board keeps state and answers questions about it; the rules that change
 * it live in PenGame, which calls these functions while applying an action.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-wizard-board"

#include "config.h"

#include <string.h>

#include "pen-wizard-board-private.h"

G_DEFINE_FINAL_TYPE (PenWizardBoard, pen_wizard_board, G_TYPE_OBJECT)

static void
pen_wizard_board_finalize (GObject *object)
{
  PenWizardBoard *self = PEN_WIZARD_BOARD (object);

  g_clear_pointer (&self->dice, g_array_unref);

  G_OBJECT_CLASS (pen_wizard_board_parent_class)->finalize (object);
}

static void
pen_wizard_board_class_init (PenWizardBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_wizard_board_finalize;
}

static void
pen_wizard_board_init (PenWizardBoard *self)
{
  self->dice = g_array_new (FALSE, TRUE, sizeof (PenDie));
}

PenWizardBoard *
pen_wizard_board_new (const PenBoardDef *def)
{
  PenWizardBoard *self;

  g_return_val_if_fail (def != NULL, NULL);

  self = g_object_new (PEN_TYPE_WIZARD_BOARD, NULL);
  self->def = def;
  return self;
}

/* A board in the same state, for a copy of the game. */
PenWizardBoard *
pen_wizard_board_copy (PenWizardBoard *self)
{
  PenWizardBoard *copy;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), NULL);

  copy = pen_wizard_board_new (self->def);
  /* Mark by Mark: a memcpy() of the array drew a false -Wstringop-overflow
   * from GCC 12 with link-time optimisation. */
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    copy->marks[c] = self->marks[c];
  g_array_append_vals (copy->dice, self->dice->data, self->dice->len);
  memcpy (copy->ingredients, self->ingredients, sizeof self->ingredients);
  copy->mortal_wounds = self->mortal_wounds;
  return copy;
}

const PenBoardDef *
pen_wizard_board_get_def (PenWizardBoard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), NULL);
  return self->def;
}

const PenMark *
pen_wizard_board_get_mark (PenWizardBoard *self,
                           guint           cell)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), NULL);
  g_return_val_if_fail (cell < PEN_N_MARK_CELLS, NULL);
  return &self->marks[cell];
}

void
pen_wizard_board_set_mark (PenWizardBoard *self,
                           guint           cell,
                           const PenMark  *mark)
{
  g_return_if_fail (PEN_IS_WIZARD_BOARD (self));
  g_return_if_fail (cell < PEN_N_MARK_CELLS);
  g_return_if_fail (mark != NULL);
  self->marks[cell] = *mark;
}

gboolean
pen_wizard_board_is_spark_cell (guint cell)
{
  return cell >= PEN_N_DISCIPLINE_CELLS && cell < PEN_N_MARK_CELLS;
}

/* Rulebook, "Gaining Marks": a new Mark goes to the first free cell, left to right. */
int
pen_wizard_board_next_free_cell (PenWizardBoard *self,
                                 gboolean        spark)
{
  guint first = spark ? PEN_N_DISCIPLINE_CELLS : 0;
  guint last = spark ? PEN_N_MARK_CELLS : PEN_N_DISCIPLINE_CELLS;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), -1);

  for (guint i = first; i < last; i++)
    if (!self->marks[i].occupied)
      return (int) i;
  return -1;
}

/* Enhancement counts Marks in any state and any cell (rulebook, "Activation"). */
guint
pen_wizard_board_count_marks (PenWizardBoard *self,
                              PenDiscipline   discipline)
{
  guint n = 0;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);

  for (guint i = 0; i < PEN_N_DISCIPLINE_CELLS; i++)
    if (self->marks[i].occupied && self->marks[i].discipline == discipline)
      n++;
  return n;
}

guint
pen_wizard_board_count_spark_marks (PenWizardBoard *self)
{
  guint n = 0;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);

  for (guint i = PEN_N_DISCIPLINE_CELLS; i < PEN_N_MARK_CELLS; i++)
    n += self->marks[i].occupied;
  return n;
}

guint
pen_wizard_board_count_wounded (PenWizardBoard *self)
{
  guint n = 0;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);

  for (guint i = 0; i < PEN_N_MARK_CELLS; i++)
    n += self->marks[i].occupied && self->marks[i].state == PEN_MARK_WOUNDED;
  return n;
}

/* Scoring part 6, "Board": the points printed under each occupied cell. */
guint
pen_wizard_board_get_mark_points (PenWizardBoard *self)
{
  guint points = 0;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);

  for (guint i = 0; i < PEN_N_MARK_CELLS; i++)
    if (self->marks[i].occupied)
      points += self->def->mark_cells[i].points;
  return points;
}

guint
pen_wizard_board_get_n_dice (PenWizardBoard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);
  return self->dice->len;
}

const PenDie *
pen_wizard_board_get_die (PenWizardBoard *self,
                          guint           index)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), NULL);
  g_return_val_if_fail (index < self->dice->len, NULL);
  return &g_array_index (self->dice, PenDie, index);
}

PenDie *
pen_wizard_board_peek_die (PenWizardBoard *self,
                           guint           index)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), NULL);
  g_return_val_if_fail (index < self->dice->len, NULL);
  return &g_array_index (self->dice, PenDie, index);
}

void
pen_wizard_board_add_die (PenWizardBoard *self,
                          const PenDie   *die)
{
  g_return_if_fail (PEN_IS_WIZARD_BOARD (self));
  g_return_if_fail (die != NULL && die->kind != PEN_DIE_KIND_THREAT);
  g_array_append_vals (self->dice, die, 1);
}

/* Removes the die at @index; the order of the others is kept, so the indices
 * the player sees stay meaningful. */
PenDie
pen_wizard_board_take_die (PenWizardBoard *self,
                           guint           index)
{
  PenDie die = { 0 };

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), die);
  g_return_val_if_fail (index < self->dice->len, die);

  die = g_array_index (self->dice, PenDie, index);
  g_array_remove_index (self->dice, index);
  return die;
}

void
pen_wizard_board_clear_dice (PenWizardBoard *self)
{
  g_return_if_fail (PEN_IS_WIZARD_BOARD (self));
  g_array_set_size (self->dice, 0);
}

/* Rulebook, "Dice types": at the end of the turn all temporary dice are discarded. */
guint
pen_wizard_board_discard_temporary_dice (PenWizardBoard *self)
{
  guint n = 0;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);

  for (guint i = self->dice->len; i > 0; i--)
    if (g_array_index (self->dice, PenDie, i - 1).temporary)
      {
        g_array_remove_index (self->dice, i - 1);
        n++;
      }
  return n;
}

guint
pen_wizard_board_get_ingredient (PenWizardBoard *self,
                                 PenIngredient   ingredient)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);
  g_return_val_if_fail (ingredient < PEN_N_INGREDIENTS, 0);
  return self->ingredients[ingredient];
}

/* Rulebook, "Ingredients": what does not fit under the cap of 12 goes straight
 * back to the common supply. Returns how many were actually gained. */
guint
pen_wizard_board_gain_ingredient (PenWizardBoard *self,
                                  PenIngredient   ingredient,
                                  guint           amount)
{
  guint before;

  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);
  g_return_val_if_fail (ingredient < PEN_N_INGREDIENTS, 0);

  before = self->ingredients[ingredient];
  self->ingredients[ingredient] = MIN (PEN_INGREDIENT_CAP, before + amount);
  return self->ingredients[ingredient] - before;
}

gboolean
pen_wizard_board_spend_ingredient (PenWizardBoard *self,
                                   PenIngredient   ingredient,
                                   guint           amount)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), FALSE);
  g_return_val_if_fail (ingredient < PEN_N_INGREDIENTS, FALSE);

  if (self->ingredients[ingredient] < amount)
    return FALSE;
  self->ingredients[ingredient] -= amount;
  return TRUE;
}

void
pen_wizard_board_set_ingredient (PenWizardBoard *self,
                                 PenIngredient   ingredient,
                                 guint           amount)
{
  g_return_if_fail (PEN_IS_WIZARD_BOARD (self));
  g_return_if_fail (ingredient < PEN_N_INGREDIENTS);
  self->ingredients[ingredient] = MIN (amount, PEN_INGREDIENT_CAP);
}

/* Rulebook, "Mark effects", USE BLOOD: a wounded Mark can stand in for one Blood. */
guint
pen_wizard_board_get_available_blood (PenWizardBoard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);
  return self->ingredients[PEN_INGREDIENT_BLOOD] + pen_wizard_board_count_wounded (self);
}

guint
pen_wizard_board_get_mortal_wounds (PenWizardBoard *self)
{
  g_return_val_if_fail (PEN_IS_WIZARD_BOARD (self), 0);
  return self->mortal_wounds;
}

void
pen_wizard_board_set_mortal_wounds (PenWizardBoard *self,
                                    guint           count)
{
  g_return_if_fail (PEN_IS_WIZARD_BOARD (self));
  self->mortal_wounds = count;
}
