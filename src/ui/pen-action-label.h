/* pen-action-label.h: readable names for actions and for the things they touch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

char       *pen_action_label         (PenGame         *game,
                                      const PenAction *action);
char       *pen_action_label_without_face (PenGame    *game,
                                           const PenAction *action);
char       *pen_action_label_on_threat_die (PenGame   *game,
                                            const PenAction *action);
char       *pen_ui_describe_die      (const PenDie    *die);
char       *pen_ui_describe_die_object (const PenDie  *die);
char       *pen_ui_describe_appear   (void);
const char *pen_ui_fate_card_name    (const char      *id);
const char *pen_ui_contract_name     (const char      *id);
const char *pen_ui_card_name         (const char      *name);
const char *pen_ui_section_name      (const char      *id);
const char *pen_ui_mark_state_name   (PenMarkState     state);
const char *pen_ui_without_path      (const char      *id);

G_END_DECLS
