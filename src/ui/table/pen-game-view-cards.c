/* pen-game-view-cards.c: the cards of the table — the Trial and Contract rows,
 * the markets and the player's zones — each zoomed on hover and opened by a
 * click with what can be done with it now, or the engine's reason why not.
 * Each button's name is its layout id (pen-pieces.c); what the game view
 * keeps (its legal actions, its popover, the applying of a choice) is asked
 * of it through its PenGameViewCardsHost, so that this file does not depend
 * on the view's insides.
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
#include "pen-quest.h"
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
card_clicked_cb (GtkButton                  *button,
                 const PenGameViewCardsHost *host)
{
  const CardRef *ref = g_object_get_data (G_OBJECT (button), "pen-card");
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 8);
  PenAction action;

  gtk_box_append (GTK_BOX (box), pen_card_view_new_large (ref->card));
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  card_action (ref, &action);
  host->open (host->user_data, GTK_WIDGET (button), GTK_BOX (box), &action);
}

static GtkWidget *
new_card_button (const PenGameViewCardsHost *host,
                 const CardRef              *ref,
                 const char                 *name,
                 gboolean                    rotated)
{
  GtkWidget *button = gtk_button_new ();
  CardRef *copy = g_memdup2 (ref, sizeof (CardRef));

  gtk_button_set_child (GTK_BUTTON (button), pen_card_view_new_small (ref->card));
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "pen-card-button");
  if (rotated)
    gtk_widget_add_css_class (button, "pen-rotated");
  gtk_widget_set_name (button, name);
  pen_card_view_add_zoom (button, ref->card);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  pen_ui_card_name (ref->card->name), -1);
  pen_layout_tag (button, "card", name, pen_ui_card_name (ref->card->name));
  g_object_set_data_full (G_OBJECT (button), "pen-card", copy, g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (card_clicked_cb), (gpointer) host);
  return button;
}

static const PenCard *
find_card (const char *id)
{
  const PenCards *cards = pen_cards_get_default (NULL);

  return cards != NULL && id != NULL ? pen_cards_find (cards, id) : NULL;
}

static const char *
deck_name (guint deck)
{
  if (deck == PEN_DECK_POTIONS)
    return _("Brewery");
  if (deck == PEN_DECK_ARTIFACTS)
    return _("Shop");
  return pen_discipline_get_name (deck);
}

/* The Trial row and the Guild's Contract row: a button per card, zoomed on
 * hover, opened by a click with what can be done with it (start the Trial,
 * attempt or reserve the Contract) or the engine's reason why not. */

typedef struct
{
  gboolean trial;
  int      index;   /* in the Trial row, or the Contract row's place */
  char    *id;
  char    *name;
} QuestRef;

static void
quest_ref_free (QuestRef *ref)
{
  g_free (ref->id);
  g_free (ref->name);
  g_free (ref);
}

static GtkWidget *
quest_view (const QuestRef *ref)
{
  return ref->trial ? pen_card_view_new_trial (ref->id, ref->name) : pen_card_view_new_contract (ref->id);
}

static gboolean
quest_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  gtk_tooltip_set_custom (tooltip, quest_view (g_object_get_data (G_OBJECT (widget), "pen-quest")));
  return TRUE;
}

static void
quest_clicked_cb (GtkButton                  *button,
                  const PenGameViewCardsHost *host)
{
  const QuestRef *ref = g_object_get_data (G_OBJECT (button), "pen-quest");
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 8);
  PenAction action;

  gtk_box_append (GTK_BOX (box), quest_view (ref));
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  pen_action_init (&action, ref->trial ? PEN_ACTION_START_TRIAL : PEN_ACTION_CHOOSE_CONTRACT);
  action.index = ref->index;
  host->open (host->user_data, GTK_WIDGET (button), GTK_BOX (box), &action);
}

/* A Trial's piece says its paths' approaches in words to screen readers
 * ("Drowned Bell: Darkness, Dispel; Light, Catch"); it shows them as
 * pen_card_view_new_quest_small() draws them. */
static void
trial_accessible_name (GtkWidget  *button,
                       const char *id,
                       const char *name)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenTrial *trial = quests != NULL ? pen_quests_find_trial (quests, id) : NULL;
  g_autofree char *said = NULL;

  if (trial == NULL)
    return;
  /* Translators: a Trial's accessible name: "Drowned Bell: Darkness, Dispel; Light, Catch" */
  said = g_strdup_printf (_("%s: Darkness, %s; Light, %s"), name, pen_approach_get_name (trial->darkness.approach),
                          pen_approach_get_name (trial->light.approach));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
}

static GtkWidget *
new_quest_button (const PenGameViewCardsHost *host,
                  gboolean                    trial,
                  int                         index,
                  const char                 *id,
                  const char                 *name)
{
  GtkWidget *button = gtk_button_new ();
  QuestRef *ref = g_new0 (QuestRef, 1);
  g_autofree char *widget_name = trial ? pen_piece_id_trial (index) : pen_piece_id_contract (index);

  gtk_button_set_child (GTK_BUTTON (button), pen_card_view_new_quest_small (id, trial, name));
  gtk_widget_add_css_class (button, "flat");
  if (trial)
    trial_accessible_name (button, id, name);
  ref->trial = trial;
  ref->index = index;
  ref->id = g_strdup (id);
  ref->name = g_strdup (name);
  gtk_widget_set_name (button, widget_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  pen_layout_tag (button, trial ? "trial" : "contract", widget_name, name);
  gtk_widget_add_css_class (button, "pen-card-button");
  gtk_widget_add_css_class (button, trial ? "pen-trial" : "pen-contract");
  g_object_set_data_full (G_OBJECT (button), "pen-quest", ref, (GDestroyNotify) quest_ref_free);
  gtk_widget_set_has_tooltip (button, TRUE);
  g_signal_connect (button, "query-tooltip", G_CALLBACK (quest_tooltip_cb), NULL);
  g_signal_connect (button, "clicked", G_CALLBACK (quest_clicked_cb), (gpointer) host);
  return button;
}

void
pen_game_view_cards_fill_quests (GtkGrid                    *grid,
                                 PenGame                    *game,
                                 const PenGameViewCardsHost *host)
{
  GPtrArray *trials;
  GtkWidget *label;

  g_return_if_fail (GTK_IS_GRID (grid));
  g_return_if_fail (PEN_IS_GAME (game));
  g_return_if_fail (host != NULL);

  trials = pen_game_get_trial_row (game);
  label = pen_table_heading_new (_("Trial row:"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (grid, label, 0, 0, 1, 1);
  for (guint i = 0; i < trials->len; i++)
    {
      const char *id = g_ptr_array_index (trials, i);

      gtk_grid_attach (grid, new_quest_button (host, TRUE, (int) i, id, pen_ui_fate_card_name (id)),
                       1 + i, 0, 1, 1);
    }
  label = pen_table_heading_new (_("Contract row:"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (grid, label, 0, 1, 1, 1);
  for (guint slot = 0; slot < PEN_N_CONTRACT_SLOTS; slot++)
    {
      const char *id = pen_game_get_contract (game, slot);
      g_autofree char *key = g_strdup_printf ("pen-contract-%u", slot);
      const char *was = g_object_get_data (G_OBJECT (grid), key);
      GtkWidget *button;

      /* A slot emptied keeps the room of the Contract it held, unmapped
       * and out of the layout dump, so that the Contracts after it stay
       * where they are until it is dealt again. */
      if (id == NULL && was != NULL)
        {
          button = new_quest_button (host, FALSE, (int) slot, was, pen_ui_contract_name (was));
          gtk_widget_set_child_visible (button, FALSE);
          pen_layout_untag (button);
          gtk_grid_attach (grid, button, 1 + slot, 1, 1, 1);
          continue;
        }
      g_object_set_data_full (G_OBJECT (grid), key, g_strdup (id), g_free);
      if (id != NULL)
        gtk_grid_attach (grid,
                         new_quest_button (host, FALSE, (int) slot, id, pen_ui_contract_name (id)),
                         1 + slot, 1, 1, 1);
    }
}

/* The markets of the Classes in play, the Brewery and the Shop: a tile each,
 * its name over its two cards. */
void
pen_game_view_cards_fill_markets (GtkFlowBox                 *box,
                                  PenGame                    *game,
                                  const PenGameViewCardsHost *host)
{
  guint n_tiles = 0;

  g_return_if_fail (GTK_IS_FLOW_BOX (box));
  g_return_if_fail (PEN_IS_GAME (game));
  g_return_if_fail (host != NULL);

  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      GtkWidget *tile = NULL;

      for (guint place = 0; place < 2; place++)
        {
          const char *id = pen_game_get_market_card (game, d, place);
          const PenCard *card = id != NULL ? find_card (id) : NULL;
          CardRef ref = { card, -1, (int) d, (int) place };
          g_autofree char *name = pen_piece_id_market ((int) d, (int) place);

          if (card == NULL)
            continue;
          if (tile == NULL)
            {
              GtkWidget *label = gtk_label_new (deck_name (d));

              tile = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
              gtk_label_set_xalign (GTK_LABEL (label), 0);
              gtk_widget_add_css_class (label, "caption-heading");
              gtk_widget_add_css_class (label, "dim-label");
              gtk_box_append (GTK_BOX (tile), label);
              gtk_flow_box_append (box, tile);
              n_tiles++;
            }
          gtk_box_append (GTK_BOX (tile), new_card_button (host, &ref, name, FALSE));
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (box), n_tiles > 0);
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
pen_game_view_cards_fill_zones (GtkBox                     *box,
                                PenGame                    *game,
                                guint                       player,
                                const PenGameViewCardsHost *host)
{
  static const PenZone zones[] = { PEN_ZONE_EQUIPMENT, PEN_ZONE_GRIMOIRE, PEN_ZONE_INVENTORY, PEN_ZONE_EXPERIENCE };
  const char *zone_names[] = { _("Equipment"), _("Grimoire"), _("Inventory"), _("Experience") };
  GtkWidget *equipment[PEN_EQUIPMENT_RING + 1];
  const char *equipped[PEN_EQUIPMENT_RING + 1] = { NULL };

  g_return_if_fail (GTK_IS_BOX (box));
  g_return_if_fail (PEN_IS_GAME (game));
  g_return_if_fail (player < pen_game_get_n_players (game));
  g_return_if_fail (host != NULL);

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
          button = new_card_button (host, &ref, name, rotated);
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
