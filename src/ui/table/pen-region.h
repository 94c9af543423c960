/* pen-region.h: a region of the table (the Fate row, the Classes, the City
 * and Wilds, the markets, the Wizard board, the supply, the Automa's mat,
 * the Threat, the side pane's parts) is a widget of its own implementing
 * PenRegion. PenGameView holds the regions and calls down only: on every
 * change of the game it calls pen_region_update() on each, which changes
 * only what changed.
 *
 * What a region asks of the table (open a piece's actions, take one, a link
 * to the rules…) it asks of the PenTableHost set on the table's root
 * (pen_table_host_find()), never of the game view itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"
#include "pen-table-model.h"

G_BEGIN_DECLS

#define PEN_TYPE_REGION (pen_region_get_type ())
G_DECLARE_INTERFACE (PenRegion, pen_region, PEN, REGION, GtkWidget)

struct _PenRegionInterface
{
  GTypeInterface parent_iface;

  /* Shows @game (NULL: no game) with what @model says is offered now. */
  void (*update) (PenRegion     *self,
                  PenGame       *game,
                  PenTableModel *model);
  /* Forgets what was built for the game shown before (another game is
   * opened); optional. */
  void (*forget) (PenRegion     *self);
};

void pen_region_update (PenRegion     *self,
                        PenGame       *game,
                        PenTableModel *model);
void pen_region_forget (PenRegion     *self);

typedef struct _PenTableHost PenTableHost;

/* What the pieces of the table ask of it; filled by the game view
 * (pen-table-actions.c), whose pointer is @table. */
struct _PenTableHost
{
  gpointer table;

  /* Opens a popover on @widget showing @box (what the piece shows, or NULL)
   * over what @piece (a layout id) can do now or, when nothing, the
   * engine's reason for refusing @representative. */
  void       (*open_piece)     (gpointer         table,
                                GtkWidget       *widget,
                                GtkBox          *box,
                                const char      *piece,
                                const PenAction *representative);
  /* Opens a popover of @child on @widget; it closes with the next change. */
  GtkPopover *(*show_popover)  (gpointer         table,
                                GtkWidget       *widget,
                                GtkWidget       *child);
  /* Appends to @box a button per action of @piece; returns how many. */
  guint      (*append_piece_actions) (gpointer    table,
                                GtkBox          *box,
                                const char      *piece);
  gboolean   (*has_piece_actions) (gpointer      table,
                                const char      *piece);
  /* Whether @piece answers what the game waits for (lit). */
  gboolean   (*answer_on_piece) (gpointer        table,
                                const char      *piece);
  /* A button taking @action, labelled @text (NULL: the action's label). */
  GtkWidget *(*action_button)  (gpointer         table,
                                const PenAction *action,
                                const char      *text);
  /* Takes @action at once (a drop, a click that is the only answer). */
  void       (*apply_action)   (gpointer         table,
                                const PenAction *action);
  /* Takes @action, or first asks what the rules need asked. */
  void       (*take_action)    (gpointer         table,
                                const PenAction *action);
  /* @child as a link opening the rules at @topic. */
  GtkWidget *(*rule_link)      (gpointer         table,
                                const char      *topic,
                                GtkWidget       *child);
  /* Makes the piece @id of @kind in @root open its actions on a click. */
  void       (*make_piece_active) (gpointer      table,
                                GtkWidget       *root,
                                const char      *kind,
                                const char      *id);
  /* A die of the supply was clicked / asked for its menu. */
  void       (*die_clicked)    (gpointer         table,
                                GtkButton       *button);
  void       (*die_menu)       (gpointer         table,
                                GtkWidget       *button);
  /* The die chosen changed: the cells and the die's own actions follow. */
  void       (*die_chosen)     (gpointer         table);
  /* Closes the tooltip shown (a press, a drop). */
  void       (*quiet_tooltip)  (gpointer         table);
  /* The game changed outside an action (a drag ended): refresh soon. */
  void       (*schedule_refresh) (gpointer       table);
  /* Says @message in the notice at the foot of the table (a refusal). */
  void       (*show_notice)    (gpointer         table,
                                const char      *message);
  /* The supply's die @die is being dragged (-1: the drag is over); the
   * table's model says so (PenTableModel.dragged_die). */
  void       (*die_dragged)    (gpointer         table,
                                int              die);
};

guint               pen_region_human_player    (PenGame   *game);
void                pen_region_remove_children (GtkWidget *widget);

void                pen_table_host_set  (GtkWidget          *root,
                                         const PenTableHost *host);
const PenTableHost *pen_table_host_find (GtkWidget          *widget);

G_END_DECLS
