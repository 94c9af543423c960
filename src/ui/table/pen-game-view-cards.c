/* pen-game-view-cards.c: the cards of the table as buttons — in the markets
 * (pen-markets-view.c) and the player's zones — each zoomed on hover and
 * opened by a click with what can be done with it now, or the engine's
 * reason why not. Each button's name is its layout id (pen-piece-id.h);
 * what the table keeps (its legal actions, its popover, the applying of a
 * choice) is asked of its PenTableHost (pen-region.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-card-view.h"
#include "pen-cards.h"
#include "pen-piece-id.h"
#include "pen-game-view-cards.h"
#include "pen-layout-dump.h"
#include "pen-region.h"
#include "pen-table-layout.h"

typedef struct
{
  const PenCard *card;
  int            owned;   /* index among the player's cards, or -1: a market card */
  int            deck;    /* a market's deck: the six Disciplines, Potions, Artifacts */
  int            place;   /* 0 left, 1 right */
} CardRef;

/* The action that would use, take or buy the card, for the engine to say why
 * it cannot be done now. */
static void
card_action (const CardRef *ref,
             PenAction     *action)
{
  if (ref->owned >= 0)
    {
      pen_action_init (action, PEN_ACTION_USE_CARD);
      action->index = ref->owned;
      action->value = 0;
    }
  else if (ref->deck < PEN_DECK_POTIONS)
    {
      pen_action_init (action, PEN_ACTION_TAKE_CARD);
      action->index = PEN_CARD_SOURCE (ref->deck, ref->place);
    }
  else
    {
      pen_action_init (action, PEN_ACTION_BUY_CARD);
      action->index = ref->place;
      action->value = ref->deck == PEN_DECK_ARTIFACTS;
    }
}

static void
card_clicked_cb (GtkButton *button,
                 gpointer   user_data)
{
  const CardRef *ref = g_object_get_data (G_OBJECT (button), "pen-card");
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (button));
  GtkWidget *box;
  PenAction action;

  if (host == NULL)
    return;
  box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (box), pen_card_view_new_large (ref->card));
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  card_action (ref, &action);
  host->open_piece (host->table, GTK_WIDGET (button), GTK_BOX (box), gtk_widget_get_name (GTK_WIDGET (button)),
                    &action);
}

/**
 * pen_card_button_new:
 * @card: the card
 * @owned: its index among the player's cards, or -1 for a market's card
 * @deck: a market's deck (the six Disciplines, Potions, Artifacts), or -1
 * @place: its place in the market (0 left, 1 right), or -1
 * @name: its layout id (pen-piece-id.h), also the button's name
 * @rotated: whether it is rotated (used)
 *
 * A card of the table as a button: zoomed on hover, opened by a click with
 * what can be done with it now (asked of the table's PenTableHost) or the
 * engine's reason why not.
 */
GtkWidget *
pen_card_button_new (const PenCard *card,
                     int            owned,
                     int            deck,
                     int            place,
                     const char    *name,
                     gboolean       rotated)
{
  GtkWidget *button = gtk_button_new ();
  CardRef *ref = g_new0 (CardRef, 1);

  ref->card = card;
  ref->owned = owned;
  ref->deck = deck;
  ref->place = place;
  gtk_button_set_child (GTK_BUTTON (button), pen_card_view_new_small (card));
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "pen-card-button");
  if (rotated)
    gtk_widget_add_css_class (button, "pen-rotated");
  gtk_widget_set_name (button, name);
  pen_card_view_add_zoom (button, card);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  pen_ui_card_name (card->name), -1);
  pen_layout_tag (button, "card", name, pen_ui_card_name (card->name));
  g_object_set_data_full (G_OBJECT (button), "pen-card", ref, g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (card_clicked_cb), NULL);
  return button;
}

/* A zone's row: its name, then its cards in a flow box, returned. */
static GtkWidget *
append_zone_row (GtkBox     *box,
                 const char *zone_name)
{
  GtkWidget *row = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (zone_name);
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 4);
  gtk_widget_set_hexpand (flow, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_width_chars (GTK_LABEL (label), 11);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), flow);
  gtk_box_append (box, row);
  return flow;
}

/* The four Equipment cells of the Wizard board (Conductor, Pendant, Mantle,
 * Ring), each with its name and the card equipped there, if any; returns
 * them by PenEquipment (the first, PEN_EQUIPMENT_NONE, unused). */
static void
append_equipment_cells (GtkBox    *box,
                        GtkWidget *cells[PEN_EQUIPMENT_RING + 1])
{
  static const char *ids[] = { NULL, "conductor", "pendant", "mantle", "ring" };
  const char *names[] = { NULL, _("Conductor"), _("Pendant"), _("Mantle"), _("Ring") };
  GtkWidget *flow = append_zone_row (box, _("Equipment"));

  cells[PEN_EQUIPMENT_NONE] = NULL;
  for (guint e = PEN_EQUIPMENT_CONDUCTOR; e <= PEN_EQUIPMENT_RING; e++)
    {
      GtkWidget *label = gtk_label_new (names[e]);

      cells[e] = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_set_name (cells[e], ids[e]);
      gtk_widget_add_css_class (cells[e], "pen-equipment-cell");
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (GTK_BOX (cells[e]), label);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), cells[e]);
    }
}

/* Names each Equipment cell for the layout dump: "Ring: Acorn Ring", or
 * "Ring: none". */
static void
tag_equipment_cells (GtkWidget  *cells[PEN_EQUIPMENT_RING + 1],
                     const char *equipped[PEN_EQUIPMENT_RING + 1])
{
  for (guint e = PEN_EQUIPMENT_CONDUCTOR; e <= PEN_EQUIPMENT_RING; e++)
    {
      GtkWidget *name = gtk_widget_get_first_child (cells[e]);
      g_autofree char *id = pen_piece_id_equipment (gtk_widget_get_name (cells[e]));
      /* Translators: an Automa's Equipment cell and its cards: "Ring: Acorn Ring" */
      g_autofree char *label = g_strdup_printf (_("%s: %s"), gtk_label_get_text (GTK_LABEL (name)),
                                                equipped[e] != NULL ? equipped[e] : _("none"));

      pen_layout_tag (cells[e], "equipment-cell", id, label);
    }
}

/* The player's cards by zone: Equipment (in its four cells), Grimoire,
 * Inventory, Experience. */
void
pen_game_view_cards_fill_zones (GtkBox  *box,
                                PenGame *game,
                                guint    player)
{
  static const PenZone zones[] = { PEN_ZONE_EQUIPMENT, PEN_ZONE_GRIMOIRE, PEN_ZONE_INVENTORY, PEN_ZONE_EXPERIENCE };
  const char *zone_names[] = { _("Equipment"), _("Grimoire"), _("Inventory"), _("Experience") };
  GtkWidget *equipment[PEN_EQUIPMENT_RING + 1];
  const char *equipped[PEN_EQUIPMENT_RING + 1] = { NULL };

  g_return_if_fail (GTK_IS_BOX (box));
  g_return_if_fail (PEN_IS_GAME (game));
  g_return_if_fail (player < pen_game_get_n_players (game));

  append_equipment_cells (box, equipment);
  for (guint z = 0; z < G_N_ELEMENTS (zones); z++)
    {
      GtkWidget *flow = NULL;

      for (guint i = 0; i < pen_game_get_n_cards (game, player); i++)
        {
          PenZone zone;
          gboolean rotated;
          const PenCard *card = pen_game_get_owned_card (game, player, i, &zone, &rotated);
          CardRef ref = { card, (int) i, -1, -1 };
          g_autofree char *name = NULL;
          GtkWidget *button;

          if (zone != zones[z])
            continue;
          name = pen_piece_id_card ((int) i);
          button = pen_card_button_new (card, ref.owned, ref.deck, ref.place, name, rotated);
          if (z == 0 && card->equipment != PEN_EQUIPMENT_NONE)
            {
              equipped[card->equipment] = pen_ui_card_name (card->name);
              gtk_box_append (GTK_BOX (equipment[card->equipment]), button);
              continue;
            }
          if (flow == NULL)
            flow = append_zone_row (box, zone_names[z]);
          gtk_flow_box_append (GTK_FLOW_BOX (flow), button);
        }
    }
  tag_equipment_cells (equipment, equipped);
}
