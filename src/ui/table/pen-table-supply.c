/* pen-table-supply.c: the player's dice supply, a button per die reused by
 * index: clicked to choose a die for a cell, dragged to one, or opened
 * (secondary click, menu key) for what else it can do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-die-view.h"
#include "pen-piece-id.h"
#include "pen-game-view-private.h"
#include "pen-layout-dump.h"

/* A click on a die chooses it for a cell (the cells it can go to are lit;
 * what else it can do is listed beside the turn bar); a second click puts
 * it down. */
void
pen_table_die_clicked_cb (GtkButton   *button,
                          PenGameView *self)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));

  /* The die the Threat knocks out, the die the Rift takes: one click. */
  if (pen_table_answer_on_piece (self, gtk_widget_get_name (GTK_WIDGET (button))))
    return;
  if (self->model.selected_die == index)
    self->model.selected_die = -1;
  else
    {
      self->model.selected_die = index;
      if (!pen_table_model_can_place_die (&self->model, index) && !pen_table_has_piece_actions (self, gtk_widget_get_name (GTK_WIDGET (button))))
        {
          self->model.selected_die = -1;
          pen_game_view_show_notice (self, _("This die cannot be placed or used now."));
        }
    }
  pen_table_highlight_cells (self);
}

static GdkContentProvider *
die_drag_prepare_cb (GtkDragSource *source,
                     double         x,
                     double         y,
                     PenGameView   *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));

  if (!self->interactive || pen_game_is_over (self->game))
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_UINT, (guint) index);
}

static void
die_drag_begin_cb (GtkDragSource *source,
                   GdkDrag       *drag,
                   PenGameView   *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  PenDieView *die_view = PEN_DIE_VIEW (gtk_button_get_child (GTK_BUTTON (button)));
  int scale = gtk_widget_get_scale_factor (button);
  int size = gtk_widget_get_width (GTK_WIDGET (die_view));

  /* The die's picture, not the widget: the icon may outlive the button. At
   * the die's size on the table, drawn 1:1. */
  gtk_drag_source_set_icon (source, GDK_PAINTABLE (pen_art_die (pen_die_view_get_die (die_view), size * scale)),
                            size / 2, size / 2);
  self->model.dragged_die = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));
  pen_table_highlight_cells (self);
}

static void
die_drag_end_cb (GtkDragSource *source,
                 GdkDrag       *drag,
                 gboolean       delete_data,
                 PenGameView   *self)
{
  self->model.dragged_die = -1;
  /* The tooltip of the cell it was dropped on would cover the next row. */
  pen_table_quiet_tooltip (self);
  if (self->refresh_after_drag)
    {
      self->refresh_after_drag = FALSE;
      pen_table_schedule_refresh (self);
    }
  else
    pen_table_highlight_cells (self);
}

/* What can be done with the die of @button besides placing it (Primagic,
 * Marks, cards, Threat), or the reason there is nothing. Opened by a
 * secondary click or the menu key. */
void
pen_table_die_menu (PenGameView *self,
                    GtkWidget   *button)
{
  pen_table_open_piece (self, button, GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4)),
                        gtk_widget_get_name (button), NULL);
}

static void
die_pressed_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                PenGameView     *self)
{
  /* As GTK's own context menus: claimed, and opened on the press. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  pen_table_die_menu (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));
}

static gboolean
die_menu_key_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  pen_table_die_menu (user_data, widget);
  return TRUE;
}

/* A die button of the supply, for die @index: to drag or to click, with a
 * menu of its other actions; its die is shown by update_die_button(). */
static GtkWidget *
new_die_button (PenGameView  *self,
                guint         index,
                const PenDie *die)
{
  g_autofree char *name = pen_piece_id_die ((int) index);
  GtkWidget *button = gtk_button_new ();
  GtkDragSource *source = gtk_drag_source_new ();
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_button_set_child (GTK_BUTTON (button), pen_die_view_new (die, DIE_SIZE));
  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "pen-die-button");
  g_object_set_data (G_OBJECT (button), "pen-die-index", GINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", G_CALLBACK (pen_table_die_clicked_cb), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (die_pressed_cb), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (secondary));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Menu, 0),
                                                   gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK)),
                      gtk_callback_action_new (die_menu_key_cb, self, NULL)));
  gtk_widget_add_controller (button, keys);

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  /* Before the button's own click gesture: in the bubble phase, once a real
   * click had ended with the button claiming it, GTK 4.8 never started a
   * drag of that button again (the die could only be clicked). Captured,
   * the drag still gives way to a click that does not move, and a drag that
   * starts cancels the click. */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (source), GTK_PHASE_CAPTURE);
  g_signal_connect (source, "prepare", G_CALLBACK (die_drag_prepare_cb), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (die_drag_begin_cb), self);
  g_signal_connect (source, "drag-end", G_CALLBACK (die_drag_end_cb), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
  return button;
}

/* Shows @die on the supply's button @index, changed only if it differs. */
static void
update_die_button (GtkWidget    *button,
                   guint         index,
                   const PenDie *die,
                   gboolean      is_new)
{
  g_autofree char *name = NULL, *die_name = NULL, *tooltip = NULL;

  if (!pen_die_view_set_die (PEN_DIE_VIEW (gtk_button_get_child (GTK_BUTTON (button))), die) && !is_new)
    return;
  name = pen_piece_id_die ((int) index);
  die_name = pen_ui_describe_die (die);
  /* Translators: a die's tooltip: "Ruby 4 (key 1)" */
  tooltip = index < 9 ? g_strdup_printf (_("%s (key %u)"), die_name, index + 1) : g_strdup (die_name);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, die_name, -1);
  pen_layout_tag (button, "die", name, die_name);
}

/* The player's dice supply, a button per die: the buttons are kept, die by
 * die, and only those whose die changed are drawn again; the supply grows
 * and shrinks at its end. */
void
pen_table_refresh_supply (PenGameView *self)
{
  guint me = pen_table_human_player (self->game);
  PenWizardBoard *board = pen_game_get_player (self->game, me);
  guint n = pen_wizard_board_get_n_dice (board);
  GtkFlowBoxChild *item;

  while ((item = gtk_flow_box_get_child_at_index (self->supply_box, (int) n)) != NULL)
    gtk_flow_box_remove (self->supply_box, GTK_WIDGET (item));
  for (guint i = 0; i < n; i++)
    {
      const PenDie *die = pen_wizard_board_get_die (board, i);
      GtkWidget *button;

      item = gtk_flow_box_get_child_at_index (self->supply_box, (int) i);
      if (item != NULL)
        {
          update_die_button (gtk_flow_box_child_get_child (item), i, die, FALSE);
          continue;
        }
      button = new_die_button (self, i, die);
      update_die_button (button, i, die, TRUE);
      gtk_flow_box_append (self->supply_box, button);
    }
}
