/* pen-markets-view.c: the markets of the Classes in play, the Brewery and
 * the Shop: a tile each, its two cards (pen_card_button_new()) one over the
 * other.
 * Each update replaces only the cards that changed; a market with no card
 * is not shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-markets-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-cards.h"
#include "pen-game-view-cards.h"
#include "pen-markets-view.h"
#include "pen-piece-id.h"
#include "pen-region.h"

#define N_PLACES 2

struct _PenMarketsView
{
  GtkWidget   parent_instance;

  GtkFlowBox *flow;
  GtkWidget  *tiles[PEN_N_DECKS];           /* a vertical box: the name, then the cards */
  GtkWidget  *slots[PEN_N_DECKS][N_PLACES]; /* a box holding the card's button, or empty */
  char       *shown[PEN_N_DECKS][N_PLACES]; /* the card ids they show */
};

static void pen_markets_view_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenMarketsView, pen_markets_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_markets_view_region_init))

static const char *
deck_name (guint deck)
{
  if (deck == PEN_DECK_POTIONS)
    return _("Brewery");
  if (deck == PEN_DECK_ARTIFACTS)
    return _("Shop");
  return pen_discipline_get_name (deck);
}

static const PenCard *
find_card (const char *id)
{
  const PenCards *cards = pen_cards_get_default (NULL);

  return cards != NULL && id != NULL ? pen_cards_find (cards, id) : NULL;
}

static void
empty_slot (GtkWidget *slot)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (slot)) != NULL)
    gtk_box_remove (GTK_BOX (slot), child);
}

/* The tile's flow box child shows it or not. */
static void
show_tile (GtkWidget *tile,
           gboolean   shown)
{
  GtkWidget *child = gtk_widget_get_parent (tile);

  if (child != NULL && gtk_widget_get_visible (child) != shown)
    gtk_widget_set_visible (child, shown);
}

static void
pen_markets_view_update (PenRegion     *region,
                         PenGame       *game,
                         PenTableModel *model)
{
  PenMarketsView *self = PEN_MARKETS_VIEW (region);
  guint n_tiles = 0;

  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      gboolean any = FALSE;

      for (guint place = 0; place < N_PLACES; place++)
        {
          const char *id = game != NULL ? pen_game_get_market_card (game, d, place) : NULL;
          const PenCard *card = find_card (id);

          if (card == NULL)
            id = NULL;
          any |= id != NULL;
          if (g_strcmp0 (id, self->shown[d][place]) == 0)
            continue;
          g_free (self->shown[d][place]);
          self->shown[d][place] = g_strdup (id);
          empty_slot (self->slots[d][place]);
          if (card != NULL)
            {
              g_autofree char *name = pen_piece_id_market ((int) d, (int) place);

              gtk_box_append (GTK_BOX (self->slots[d][place]),
                              pen_card_button_new (card, -1, (int) d, (int) place, name, FALSE));
            }
        }
      show_tile (self->tiles[d], any);
      n_tiles += any;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->flow), n_tiles > 0);
}

static void
pen_markets_view_forget (PenRegion *region)
{
  PenMarketsView *self = PEN_MARKETS_VIEW (region);

  for (guint d = 0; d < PEN_N_DECKS; d++)
    for (guint place = 0; place < N_PLACES; place++)
      {
        g_clear_pointer (&self->shown[d][place], g_free);
        empty_slot (self->slots[d][place]);
      }
}

static void
pen_markets_view_region_init (PenRegionInterface *iface)
{
  iface->update = pen_markets_view_update;
  iface->forget = pen_markets_view_forget;
}

static void
pen_markets_view_dispose (GObject *object)
{
  PenMarketsView *self = PEN_MARKETS_VIEW (object);

  for (guint d = 0; d < PEN_N_DECKS; d++)
    for (guint place = 0; place < N_PLACES; place++)
      g_clear_pointer (&self->shown[d][place], g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_MARKETS_VIEW);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_markets_view_parent_class)->dispose (object);
}

static void
pen_markets_view_class_init (PenMarketsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_markets_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-markets-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenMarketsView, flow);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pen-markets-view");
}

/* A tile per deck, in the decks' order, each shown once it holds a card. */
static void
pen_markets_view_init (PenMarketsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      /* Its name is said, not shown: its cards' bands show their
       * Discipline's colour and symbol, a Potion's bottle, an Artifact's
       * pendant, and the table's height goes to the cards. */
      self->tiles[d] = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_add_css_class (self->tiles[d], "pen-market");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->tiles[d]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      deck_name (d), -1);
      for (guint place = 0; place < N_PLACES; place++)
        {
          self->slots[d][place] = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
          gtk_box_append (GTK_BOX (self->tiles[d]), self->slots[d][place]);
        }
      gtk_flow_box_append (self->flow, self->tiles[d]);
      show_tile (self->tiles[d], FALSE);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->flow), FALSE);
}
