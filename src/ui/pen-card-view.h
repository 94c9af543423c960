/* pen-card-view.h: a card on the table, small or zoomed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-cards.h"

G_BEGIN_DECLS

/* A card's face: a vertical box drawn as a card (pen-card-view.c). */
#define PEN_TYPE_CARD_FACE (pen_card_face_get_type ())
G_DECLARE_FINAL_TYPE (PenCardFace, pen_card_face, PEN, CARD_FACE, GtkBox)

GtkWidget *pen_card_face_new       (const char    *band,
                                    const char    *band_end,
                                    const char    *frame,
                                    GtkWidget     *heading);
const char *pen_card_ink_class     (const char    *band);

GtkWidget *pen_card_view_new_small (const PenCard *card);
GtkWidget *pen_card_view_new_large (const PenCard *card);
void       pen_card_view_add_zoom  (GtkWidget     *widget,
                                    const PenCard *card);
GtkWidget *pen_card_view_new_quest_small (const char *id,
                                         gboolean    trial,
                                         const char *name);
GtkWidget *pen_card_view_new_contract (const char *id);
GtkWidget *pen_card_view_new_trial    (const char *id,
                                       const char *name);

G_END_DECLS
