/* pen-game-view-cards.h: the cards of the table as buttons, and the
 * player's zones, for the regions and the game view to show (the markets:
 * pen-markets-view.c; the Trial and Contract rows: pen-fate-row.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-cards.h"
#include "pen-game.h"

G_BEGIN_DECLS

/* A card of the table as a button (pen-game-view-cards.c); what a click
 * needs it asks of the table's PenTableHost (pen-region.h). */
GtkWidget *pen_card_button_new (const PenCard *card,
                                int            owned,
                                int            deck,
                                int            place,
                                const char    *name,
                                gboolean       rotated);

/* Fills an empty box with the player's cards by zone. */
void pen_game_view_cards_fill_zones (GtkBox  *box,
                                     PenGame *game,
                                     guint    player);

G_END_DECLS
