/* pen-wizard-view.h: the player's Wizard board, dice supply, Equipment and
 * Grimoire, a region of the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_WIZARD_VIEW (pen_wizard_view_get_type ())
G_DECLARE_FINAL_TYPE (PenWizardView, pen_wizard_view, PEN, WIZARD_VIEW, GtkWidget)

void     pen_wizard_view_show_chosen (PenWizardView *self,
                                      int            die);
gboolean pen_wizard_view_pick_die    (PenWizardView *self,
                                      guint          index);

G_END_DECLS
