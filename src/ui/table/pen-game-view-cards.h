/* pen-game-view-cards.h: the cards of the table — the Trial and Contract
 * rows, the markets and the player's zones — for the game view to show.
 *
 * They know nothing of the view: it hands them the containers to fill and,
 * in a PenGameViewCardsHost, what a click on a card needs of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

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

/* Each fills an empty container: the host owns the containers and empties
 * them before the table is rebuilt. */
void pen_game_view_cards_fill_quests  (GtkGrid                    *grid,
                                       PenGame                    *game,
                                       const PenGameViewCardsHost *host);
void pen_game_view_cards_fill_markets (GtkFlowBox                 *box,
                                       PenGame                    *game,
                                       const PenGameViewCardsHost *host);
void pen_game_view_cards_fill_zones   (GtkBox                     *box,
                                       PenGame                    *game,
                                       guint                       player,
                                       const PenGameViewCardsHost *host);

G_END_DECLS
