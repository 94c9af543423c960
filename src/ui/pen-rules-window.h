/* pen-rules-window.h: the rules reference, a window of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_RULES_WINDOW (pen_rules_window_get_type ())

G_DECLARE_FINAL_TYPE (PenRulesWindow, pen_rules_window, PEN, RULES_WINDOW, AdwWindow)

void        pen_rules_window_present    (GtkWindow      *parent,
                                         const char     *topic);
gboolean    pen_rules_has_topic         (const char     *topic);
const char *pen_rules_get_topic_title   (const char     *topic);
const char *pen_rules_window_get_topic  (PenRulesWindow *self);
void        pen_rules_window_search     (PenRulesWindow *self,
                                         const char     *text);

G_END_DECLS
