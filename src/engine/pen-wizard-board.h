/* pen-wizard-board.h: one Wizard's board: Marks, dice, Ingredients.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "pen-board-def.h"
#include "pen-dice.h"

G_BEGIN_DECLS

#define PEN_INGREDIENT_CAP 12

typedef struct
{
  gboolean      occupied;
  /* For Discipline cells; Spark cells hold Spark Marks. */
  PenDiscipline discipline;
  PenMarkState  state;
} PenMark;

#define PEN_TYPE_WIZARD_BOARD (pen_wizard_board_get_type ())

G_DECLARE_FINAL_TYPE (PenWizardBoard, pen_wizard_board, PEN, WIZARD_BOARD, GObject)

PenWizardBoard *pen_wizard_board_new                (const PenBoardDef    *def);
PenWizardBoard *pen_wizard_board_copy               (PenWizardBoard       *self);
const PenBoardDef *pen_wizard_board_get_def         (PenWizardBoard       *self);

/* Marks: cells 0–7 are the Discipline cells, 8–10 the Spark cells. */
const PenMark  *pen_wizard_board_get_mark           (PenWizardBoard       *self,
                                                     guint                 cell);
void            pen_wizard_board_set_mark           (PenWizardBoard       *self,
                                                     guint                 cell,
                                                     const PenMark        *mark);
gboolean        pen_wizard_board_is_spark_cell      (guint                 cell);
int             pen_wizard_board_next_free_cell     (PenWizardBoard       *self,
                                                     gboolean              spark);
guint           pen_wizard_board_count_marks        (PenWizardBoard       *self,
                                                     PenDiscipline         discipline);
guint           pen_wizard_board_count_spark_marks  (PenWizardBoard       *self);
guint           pen_wizard_board_count_wounded      (PenWizardBoard       *self);
guint           pen_wizard_board_get_mark_points    (PenWizardBoard       *self);

/* The dice supply. */
guint           pen_wizard_board_get_n_dice         (PenWizardBoard       *self);
const PenDie   *pen_wizard_board_get_die            (PenWizardBoard       *self,
                                                     guint                 index);
PenDie         *pen_wizard_board_peek_die           (PenWizardBoard       *self,
                                                     guint                 index);
void            pen_wizard_board_add_die            (PenWizardBoard       *self,
                                                     const PenDie         *die);
PenDie          pen_wizard_board_take_die           (PenWizardBoard       *self,
                                                     guint                 index);
void            pen_wizard_board_clear_dice         (PenWizardBoard       *self);
guint           pen_wizard_board_discard_temporary_dice (PenWizardBoard   *self);

/* Ingredients, capped at PEN_INGREDIENT_CAP each. */
guint           pen_wizard_board_get_ingredient     (PenWizardBoard       *self,
                                                     PenIngredient         ingredient);
guint           pen_wizard_board_gain_ingredient    (PenWizardBoard       *self,
                                                     PenIngredient         ingredient,
                                                     guint                 amount);
gboolean        pen_wizard_board_spend_ingredient   (PenWizardBoard       *self,
                                                     PenIngredient         ingredient,
                                                     guint                 amount);
void            pen_wizard_board_set_ingredient     (PenWizardBoard       *self,
                                                     PenIngredient         ingredient,
                                                     guint                 amount);
guint           pen_wizard_board_get_available_blood (PenWizardBoard      *self);
guint           pen_wizard_board_get_mortal_wounds  (PenWizardBoard       *self);
void            pen_wizard_board_set_mortal_wounds  (PenWizardBoard       *self,
                                                     guint                 count);


G_END_DECLS
