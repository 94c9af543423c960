/* pen-mat.h: what the Wizard's and the Automa's mats share: their lines of
 * text (Contracts, Trials…) and the mat drawn under a board strip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

char *pen_mat_join_names         (GPtrArray   *ids,
                                  const char  *(*name_of) (const char *id));
const char *pen_mat_card_name    (const char  *id);
void  pen_mat_append_line        (GString     *markup,
                                  const char  *title,
                                  const char  *value);
void  pen_mat_append_quests      (GString     *markup,
                                  PenGame     *game,
                                  guint        player);
void  pen_mat_set_markup         (GtkLabel    *label,
                                  const char  *markup);
void  pen_mat_snapshot           (GtkWidget   *mat,
                                  GtkSnapshot *snapshot,
                                  GtkBox      *strip,
                                  GtkWidget   *heading,
                                  GtkWidget   *tray,
                                  GtkWidget   *zones,
                                  const char  *accent,
                                  const char  *symbol);

G_END_DECLS
