/* pen-automa-mat.h: the Automa's mat, a region of the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_AUTOMA_MAT (pen_automa_mat_get_type ())
G_DECLARE_FINAL_TYPE (PenAutomaMat, pen_automa_mat, PEN, AUTOMA_MAT, GtkWidget)

G_END_DECLS
