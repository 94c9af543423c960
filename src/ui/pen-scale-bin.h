/* pen-scale-bin.h: a container that scales its child to fill it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_SCALE_BIN (pen_scale_bin_get_type ())
G_DECLARE_FINAL_TYPE (PenScaleBin, pen_scale_bin, PEN, SCALE_BIN, GtkWidget)

G_END_DECLS
