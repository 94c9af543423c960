/* pen-wizard-view.c: the player's side of the table, on their mat: the
 * Wizard board in pictures (pen-board-strip.c: the Rest thread, the Mark
 * cells, the Ingredients, experience, Light and Darkness), whose Mark cells
 * and Ingredients open their actions on a click; the dice supply, a button
 * per die reused by index (clicked to choose a die for a cell, dragged to
 * one, or opened by a secondary click or the menu key for what else it can
 * do); the Equipment and Grimoire (pen-game-view-cards.c); and the
 * Contracts, Trials and Mortal Wounds. What a die or a piece asks of the
 * table goes through its host (pen-region.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-wizard-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-board-strip.h"
#include "pen-die-view.h"
#include "pen-game-view-cards.h"
#include "pen-layout-dump.h"
#include "pen-mat.h"
#include "pen-piece-id.h"
#include "pen-region.h"
#include "pen-wizard-view.h"

/* A die of the supply. */
#define DIE_SIZE 44

struct _PenWizardView
{
  GtkWidget             parent_instance;

  GtkWidget            *heading;
  GtkBox               *board;
  GtkFlowBox           *supply;
  GtkLabel             *place_hint;
  GtkBox               *zones;
  GtkLabel             *label;

  PenGame              *game;         /* weak: the game shown (the view holds it) */
  PenTableModel        *model;        /* the table's, from the last update: read only */
  char                 *zones_shown;  /* the cards the zones show */
  PenGame              *drag_game;    /* the game watched while a die is dragged, or NULL */
  gulong                drag_changed; /* its "changed" */
  gboolean              changed_in_drag;
};

static void pen_wizard_view_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenWizardView, pen_wizard_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_wizard_view_region_init))

static int
die_index (GtkWidget *button)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pen-die-index"));
}

/* A click on a die chooses it for a cell (the table decides: the cells it
 * can go to are lit, what else it can do is listed beside the turn bar); a
 * second click puts it down. */
static void
die_clicked_cb (GtkButton     *button,
                PenWizardView *self)
{
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));

  if (host != NULL)
    host->die_clicked (host->table, button);
}

static void
drag_game_changed_cb (PenGame       *game,
                      PenWizardView *self)
{
  self->changed_in_drag = TRUE;
}

static void
stop_watching_drag (PenWizardView *self)
{
  if (self->drag_game != NULL)
    g_clear_signal_handler (&self->drag_changed, self->drag_game);
  g_clear_object (&self->drag_game);
}

static GdkContentProvider *
die_drag_prepare_cb (GtkDragSource *source,
                     double         x,
                     double         y,
                     PenWizardView *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));

  /* Nothing offered: not the player's turn, the game over or being told. */
  if (self->game == NULL || self->model == NULL || self->model->actions == NULL || pen_game_is_over (self->game))
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_UINT, (guint) die_index (button));
}

static void
die_drag_begin_cb (GtkDragSource *source,
                   GdkDrag       *drag,
                   PenWizardView *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  PenDieView *die_view = PEN_DIE_VIEW (gtk_button_get_child (GTK_BUTTON (button)));
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));
  int scale = gtk_widget_get_scale_factor (button);
  int size = gtk_widget_get_width (GTK_WIDGET (die_view));

  /* The die's picture, not the widget: the icon may outlive the button. At
   * the die's size on the table, drawn 1:1. */
  gtk_drag_source_set_icon (source, GDK_PAINTABLE (pen_art_die (pen_die_view_get_die (die_view), size * scale)),
                            size / 2, size / 2);
  /* A drop applies its placement before the drag is over: the table is
   * refreshed once it has ended (the button may go with the die). */
  stop_watching_drag (self);
  self->changed_in_drag = FALSE;
  if (self->game != NULL)
    {
      self->drag_game = g_object_ref (self->game);
      self->drag_changed = g_signal_connect (self->drag_game, "changed", G_CALLBACK (drag_game_changed_cb), self);
    }
  if (host != NULL)
    {
      host->die_dragged (host->table, die_index (button));
      host->die_chosen (host->table);
    }
}

static void
die_drag_end_cb (GtkDragSource *source,
                 GdkDrag       *drag,
                 gboolean       delete_data,
                 PenWizardView *self)
{
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));

  stop_watching_drag (self);
  if (host == NULL)
    return;
  host->die_dragged (host->table, -1);
  /* The tooltip of the cell it was dropped on would cover the next row. */
  host->quiet_tooltip (host->table);
  if (self->changed_in_drag)
    host->schedule_refresh (host->table);
  else
    host->die_chosen (host->table);
  self->changed_in_drag = FALSE;
}

/* What can be done with the die of @button besides placing it (Primagic,
 * Marks, cards, Threat), or the reason there is nothing: its menu. */
static void
die_menu (PenWizardView *self,
          GtkWidget     *button)
{
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));

  if (host != NULL)
    host->die_menu (host->table, button);
}

static void
die_pressed_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                PenWizardView   *self)
{
  /* As GTK's own context menus: claimed, and opened on the press. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  die_menu (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));
}

static gboolean
die_menu_key_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  die_menu (user_data, widget);
  return TRUE;
}

/* A die button of the supply, for die @index: to drag or to click, with a
 * menu of its other actions; its die is shown by update_die_button(). */
static GtkWidget *
new_die_button (PenWizardView *self,
                guint          index,
                const PenDie  *die)
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
  g_signal_connect (button, "clicked", G_CALLBACK (die_clicked_cb), self);
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
static void
update_supply (PenWizardView  *self,
               PenWizardBoard *board)
{
  guint n = pen_wizard_board_get_n_dice (board);
  GtkFlowBoxChild *item;

  while ((item = gtk_flow_box_get_child_at_index (self->supply, (int) n)) != NULL)
    gtk_flow_box_remove (self->supply, GTK_WIDGET (item));
  for (guint i = 0; i < n; i++)
    {
      const PenDie *die = pen_wizard_board_get_die (board, i);
      GtkWidget *button;

      item = gtk_flow_box_get_child_at_index (self->supply, (int) i);
      if (item != NULL)
        {
          update_die_button (gtk_flow_box_child_get_child (item), i, die, FALSE);
          continue;
        }
      button = new_die_button (self, i, die);
      update_die_button (button, i, die, TRUE);
      gtk_flow_box_append (self->supply, button);
    }
}

/* The Equipment and Grimoire, filled anew only when their cards changed. */
static void
update_zones (PenWizardView *self,
              PenGame       *game,
              guint          me)
{
  g_autoptr(GString) key = g_string_new (NULL);

  for (guint i = 0; i < pen_game_get_n_cards (game, me); i++)
    {
      PenZone zone;
      gboolean rotated;
      const PenCard *card = pen_game_get_owned_card (game, me, i, &zone, &rotated);

      g_string_append_printf (key, "%s:%d:%d;", card->id, zone, rotated);
    }
  if (g_strcmp0 (self->zones_shown, key->str) == 0)
    return;
  g_free (self->zones_shown);
  self->zones_shown = g_strdup (key->str);
  pen_region_remove_children (GTK_WIDGET (self->zones));
  pen_game_view_cards_fill_zones (self->zones, game, me);
}

static void
pen_wizard_view_update (PenRegion     *region,
                        PenGame       *game,
                        PenTableModel *model)
{
  PenWizardView *self = PEN_WIZARD_VIEW (region);
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *wounds = NULL;
  PenWizardBoard *board;
  guint me;

  self->game = game;
  self->model = model;
  if (game == NULL)
    return;
  me = pen_region_human_player (game);
  board = pen_game_get_player (game, me);

  if (pen_board_strip_show (self->board, game, me) && host != NULL)
    {
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        {
          g_autofree char *id = pen_piece_id_mark (me, (int) c);

          host->make_piece_active (host->table, GTK_WIDGET (self->board), "mark-cell", id);
        }
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          g_autofree char *id = pen_piece_id_ingredient (i);

          host->make_piece_active (host->table, GTK_WIDGET (self->board), "ingredient", id);
        }
    }

  update_supply (self, board);
  pen_wizard_view_show_chosen (self, model != NULL ? model->selected_die : -1);
  /* The cells are made sensitive or not each (pen-locations-view.c), the
   * dice here as a whole. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->supply), model != NULL && model->actions != NULL);
  /* Its room kept when it goes: the cards under it stay where they are. */
  gtk_widget_set_child_visible (GTK_WIDGET (self->place_hint), model != NULL && model->can_place);

  update_zones (self, game, me);

  pen_mat_append_quests (markup, game, me);
  wounds = g_strdup_printf ("%u", pen_wizard_board_get_mortal_wounds (board));
  pen_mat_append_line (markup, _("Mortal Wounds:"), wounds);
  /* A line too long is cut short, not wrapped (the tooltip says all). */
  pen_mat_set_markup (self->label, markup->str);
}

static void
pen_wizard_view_forget (PenRegion *region)
{
  PenWizardView *self = PEN_WIZARD_VIEW (region);

  pen_board_strip_clear (self->board);
  g_clear_pointer (&self->zones_shown, g_free);
}

static void
pen_wizard_view_region_init (PenRegionInterface *iface)
{
  iface->update = pen_wizard_view_update;
  iface->forget = pen_wizard_view_forget;
}

/**
 * pen_wizard_view_show_chosen:
 * @self: a Wizard view
 * @die: the die of the supply chosen, or -1
 *
 * Marks the die chosen (and no other).
 */
void
pen_wizard_view_show_chosen (PenWizardView *self,
                             int            die)
{
  g_return_if_fail (PEN_IS_WIZARD_VIEW (self));

  for (GtkWidget *item = gtk_widget_get_first_child (GTK_WIDGET (self->supply)); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *child = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (item));

      if (die_index (child) == die)
        gtk_widget_add_css_class (child, "pen-selected");
      else
        gtk_widget_remove_css_class (child, "pen-selected");
    }
}

/**
 * pen_wizard_view_pick_die:
 * @self: a Wizard view
 * @index: a die of the supply
 *
 * Chooses the die as a click would.
 *
 * Returns: whether it is the die chosen now
 */
gboolean
pen_wizard_view_pick_die (PenWizardView *self,
                          guint          index)
{
  g_autofree char *id = pen_piece_id_die ((int) index);
  GtkWidget *die;

  g_return_val_if_fail (PEN_IS_WIZARD_VIEW (self), FALSE);

  if (self->model == NULL)
    return FALSE;
  die = pen_layout_find (GTK_WIDGET (self->supply), "die", id);
  if (die == NULL)
    return FALSE;
  if (self->model->selected_die != (int) index)
    die_clicked_cb (GTK_BUTTON (die), self);
  return self->model->selected_die == (int) index;
}

/* The mat under it all. */
static void
pen_wizard_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  PenWizardView *self = PEN_WIZARD_VIEW (widget);

  pen_mat_snapshot (widget, snapshot, self->board, self->heading, GTK_WIDGET (self->supply),
                    GTK_WIDGET (self->zones), NULL, NULL);
  GTK_WIDGET_CLASS (pen_wizard_view_parent_class)->snapshot (widget, snapshot);
}

static void
pen_wizard_view_dispose (GObject *object)
{
  PenWizardView *self = PEN_WIZARD_VIEW (object);

  stop_watching_drag (self);
  self->game = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_WIZARD_VIEW);

  G_OBJECT_CLASS (pen_wizard_view_parent_class)->dispose (object);
}

static void
pen_wizard_view_finalize (GObject *object)
{
  g_free (PEN_WIZARD_VIEW (object)->zones_shown);

  G_OBJECT_CLASS (pen_wizard_view_parent_class)->finalize (object);
}

static void
pen_wizard_view_class_init (PenWizardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_wizard_view_dispose;
  object_class->finalize = pen_wizard_view_finalize;
  widget_class->snapshot = pen_wizard_view_snapshot;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-wizard-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWizardView, heading);
  gtk_widget_class_bind_template_child (widget_class, PenWizardView, board);
  gtk_widget_class_bind_template_child (widget_class, PenWizardView, supply);
  gtk_widget_class_bind_template_child (widget_class, PenWizardView, place_hint);
  gtk_widget_class_bind_template_child (widget_class, PenWizardView, zones);
  gtk_widget_class_bind_template_child (widget_class, PenWizardView, label);
  gtk_widget_class_set_css_name (widget_class, "penwizardview");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
pen_wizard_view_init (PenWizardView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  /* The mat is a part of the table in its layout, as the Automa's is. */
  pen_layout_tag (GTK_WIDGET (self), "wizard", "wizard", gtk_label_get_text (GTK_LABEL (self->heading)));
}
