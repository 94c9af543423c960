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

typedef struct _PenGameViewCardsHost PenGameViewCardsHost;

/* Filled by whoever shows the cards; it must outlive the buttons made with it. */
struct _PenGameViewCardsHost
{
  /* Opens a popover on @button showing @box (the card over a separator), with
   * what the button's piece (its name: a layout id) can do now appended or,
   * when nothing, the engine's reason for refusing @representative (what a
   * player would expect the card to do). */
  void    (*open)        (gpointer         user_data,
                          GtkWidget       *button,
                          GtkBox          *box,
                          const PenAction *representative);
  gpointer  user_data;
};

/* A card of the table as a button (pen-game-view-cards.c); what a click
 * needs it asks of the table's PenTableHost (pen-region.h). */
GtkWidget *pen_card_button_new (const PenCard *card,
                                int            owned,
                                int            deck,
                                int            place,
                                const char    *name,
                                gboolean       rotated);

/* Fills an empty box with the player's cards by zone. @host is no longer
 * used (the cards ask the table's PenTableHost) and may be NULL. */
void pen_game_view_cards_fill_zones   (GtkBox                     *box,
                                       PenGame                    *game,
                                       guint                       player,
                                       const PenGameViewCardsHost *host);

G_END_DECLS
