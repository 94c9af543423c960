/* pen-notice.h: the notice above the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

#define PEN_TYPE_NOTICE (pen_notice_get_type ())
G_DECLARE_FINAL_TYPE (PenNotice, pen_notice, PEN, NOTICE, GtkWidget)

void     pen_notice_show            (PenNotice  *self,
                                     const char *message);
void     pen_notice_remove_line     (PenNotice  *self,
                                     const char *text);
void     pen_notice_set_hint        (PenNotice  *self,
                                     const char *text);
void     pen_notice_set_telling     (PenNotice  *self,
                                     gboolean    telling);
gboolean pen_notice_get_last_reveals (PenNotice *self,
                                     guint      *n_fate_reveals);

G_END_DECLS
