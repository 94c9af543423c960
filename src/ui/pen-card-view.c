/* pen-card-view.c: a card on the table: small (its colour, symbol and name,
 * for markets and the player's zones) or large (the zoom: type, cost, text,
 * price), drawn with the art of pen-art.c and styled by style.css.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-card-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-card-view.h"

static const char *
type_name (const PenCard *card)
{
  switch (card->type)
    {
    case PEN_CARD_SPELL: return _("Spell");
    case PEN_CARD_RECIPE: return _("Recipe");
    case PEN_CARD_SUMMON: return _("Summon");
    case PEN_CARD_ARTIFACT: return card->equipment == PEN_EQUIPMENT_NONE ? _("Artifact · Tome") : _("Artifact");
    case PEN_CARD_POTION:
    default: return _("Potion");
    }
}

static gboolean
has_colour (const PenCard *card)
{
  return card->type != PEN_CARD_POTION;
}

/* The colour's style class, "pen-card-ruby", or "pen-card-potion". */
static void
add_colour_class (GtkWidget     *widget,
                  const PenCard *card)
{
  g_autofree char *name = g_strdup_printf ("pen-card-%s", has_colour (card) ? pen_discipline_get_id (card->colour)
                                                                              : "potion");

  gtk_widget_add_css_class (widget, "pen-card");
  gtk_widget_add_css_class (widget, name);
}

static GtkWidget *
symbol_picture (const PenCard *card,
                int            size)
{
  GtkWidget *picture = gtk_picture_new_for_paintable (
    GDK_PAINTABLE (pen_art_symbol (has_colour (card) ? pen_discipline_get_id (card->colour) : "any",
                                   "#77767b", 64)));

  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_widget_set_size_request (picture, size, size);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  return picture;
}

static void
append_die_cost (GString                *text,
                 const PenCostComponent *component)
{
  const char *die;

  if (component->any_die)
    die = _("any die");
  else if (component->die_kind == PEN_DIE_KIND_BONE)
    die = _("a Bone die");
  else if (component->die_kind == PEN_DIE_KIND_SPARK)
    die = _("a Spark die");
  else
    die = pen_discipline_get_name (component->colour);
  if (component->value > 0)
    /* Translators: a die of a cost showing a value: "Ruby showing 6" */
    g_string_append_printf (text, _("%s showing %u"), die, component->value);
  else
    g_string_append (text, die);
}

/* "Ruby + 2 Blood, or free after a Ruby Spell" */
char *
pen_card_describe_costs (const PenCard *card)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint c = 0; c < card->n_costs; c++)
    {
      const PenCost *cost = &card->costs[c];

      if (c > 0)
        g_string_append (text, _(", or "));
      for (guint i = 0; i < cost->n_components; i++)
        {
          const PenCostComponent *component = &cost->components[i];

          if (i > 0)
            g_string_append (text, " + ");
          switch (component->kind)
            {
            case PEN_COST_DIE:
              append_die_cost (text, component);
              break;
            case PEN_COST_INGREDIENT:
              /* Translators: an Ingredient cost: "2 Blood" */
              g_string_append_printf (text, _("%u %s"), component->amount, pen_ingredient_get_name (component->ingredient));
              break;
            case PEN_COST_LAUNCHED:
            default:
              g_string_append (text, _("free when launched"));
              break;
            }
        }
    }
  if (text->len == 0)
    return g_strdup (_("free"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_price (const PenCard *card)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (card->price[i] > 0)
      {
        if (text->len > 0)
          g_string_append (text, " + ");
        g_string_append_printf (text, _("%u %s"), card->price[i], pen_ingredient_get_name (i));
      }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* The small card: a frame in the card's colour with its symbol and name. */
GtkWidget *
pen_card_view_new_small (const PenCard *card)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (pen_ui_card_name (card->name));

  add_colour_class (box, card);
  gtk_widget_add_css_class (box, "pen-card-small");
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), symbol_picture (card, 16));
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static void
append_line (GtkBox     *box,
             const char *text,
             const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
}

/* The zoomed card: name, type and colour, cost, text, price. */
GtkWidget *
pen_card_view_new_large (const PenCard *card)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *title = gtk_label_new (pen_ui_card_name (card->name));
  g_autofree char *kind = NULL;
  g_autofree char *costs = pen_card_describe_costs (card);
  g_autofree char *cost_line = NULL;
  g_autofree char *price = describe_price (card);

  add_colour_class (box, card);
  gtk_widget_add_css_class (box, "pen-card-large");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_box_append (GTK_BOX (header), symbol_picture (card, 28));
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (box), header);

  if (has_colour (card))
    /* Translators: a card's colour and type: "Ruby · Spell" */
    kind = g_strdup_printf (_("%s · %s"), pen_discipline_get_name (card->colour), type_name (card));
  else
    kind = g_strdup (type_name (card));
  append_line (GTK_BOX (box), kind, "dim-label");
  if (card->type != PEN_CARD_ARTIFACT && card->type != PEN_CARD_POTION)
    {
      /* Translators: what casting a card costs */
      cost_line = g_strdup_printf (_("Cost: %s"), costs);
      append_line (GTK_BOX (box), cost_line, NULL);
    }
  if (card->text != NULL && card->text[0] != '\0')
    append_line (GTK_BOX (box), card->text, NULL);
  if (price != NULL)
    {
      /* Translators: what buying a card costs */
      g_autofree char *price_line = g_strdup_printf (_("Price: %s"), price);

      append_line (GTK_BOX (box), price_line, "dim-label");
    }
  return box;
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  gtk_tooltip_set_custom (tooltip, pen_card_view_new_large (user_data));
  return TRUE;
}

/* Card zoom on hover: the large card as @widget's tooltip. */
void
pen_card_view_add_zoom (GtkWidget     *widget,
                        const PenCard *card)
{
  gtk_widget_set_has_tooltip (widget, TRUE);
  g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), (gpointer) card);
}
