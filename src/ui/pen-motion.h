/* pen-motion.h: the table's short animations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _PenMotion PenMotion;

PenMotion *pen_motion_capture (GtkWidget *root);
void       pen_motion_play    (PenMotion *before,
                               GtkWidget *root,
                               GtkFixed  *layer);
void       pen_motion_free    (PenMotion *self);
void       pen_motion_land    (GtkFixed  *layer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenMotion, pen_motion_free)

G_END_DECLS
