/* pen-card-view.c: a card on the table: small (its colour, symbol and name,
 * for markets and the player's zones) or large (the zoom: type, cost, text,
 * price), drawn with the art of pen-art.c and styled by style.css.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-card-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-art.h"
#include "pen-card-text.h"
#include "pen-card-view.h"
#include "pen-quest.h"
#include "pen-table-layout.h"

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
  return pen_art_symbol_picture (has_colour (card) ? pen_discipline_get_id (card->colour) : "any",
                                 "#77767b", size);
}

#define ICON_SIZE 12

/* An icon of a cost, with its number after it unless @number is negative. */
static void
append_icon (GtkBox     *box,
             const char *symbol,
             const char *colour,
             int         number)
{
  gtk_box_append (box, pen_art_symbol_picture (symbol, colour, ICON_SIZE));
  if (number >= 0)
    {
      g_autofree char *text = g_strdup_printf ("%d", number);
      GtkWidget *label = gtk_label_new (text);

      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "numeric");
      gtk_box_append (box, label);
    }
}

static void
append_ingredient_icon (GtkBox        *box,
                        PenIngredient  ingredient,
                        int            amount)
{
  /* Each Ingredient is drawn with its Discipline's symbol and colour. */
  append_icon (box, pen_discipline_get_id ((PenDiscipline) ingredient),
               pen_art_discipline_colour ((PenDiscipline) ingredient), amount);
}

/* A card's costs as printed: a die of its colour (Bone, Spark, any), the
 * value it must show, Ingredients with their amounts, "↪" for a Launch;
 * alternatives apart by "/". A card for sale shows its price after a coin. */
static GtkWidget *
cost_icons (const PenCard *card)
{
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);

  if (card->type != PEN_CARD_ARTIFACT && card->type != PEN_CARD_POTION)
    for (guint c = 0; c < card->n_costs; c++)
      {
        const PenCost *cost = &card->costs[c];

        if (c > 0)
          gtk_box_append (GTK_BOX (box), gtk_label_new ("/"));
        for (guint i = 0; i < cost->n_components; i++)
          {
            const PenCostComponent *component = &cost->components[i];
            int die_value = component->value > 0 ? (int) component->value : -1;

            if (component->kind == PEN_COST_INGREDIENT)
              append_ingredient_icon (GTK_BOX (box), component->ingredient, (int) component->amount);
            else if (component->kind == PEN_COST_LAUNCHED)
              gtk_box_append (GTK_BOX (box), gtk_label_new ("↪"));
            else if (component->any_die)
              append_icon (GTK_BOX (box), "any", "#77767b", die_value);
            else if (component->die_kind == PEN_DIE_KIND_BONE)
              append_icon (GTK_BOX (box), "bone", "#77767b", die_value);
            else if (component->die_kind == PEN_DIE_KIND_SPARK)
              append_icon (GTK_BOX (box), "spark", "#c88800", die_value);
            else
              append_icon (GTK_BOX (box), "die", pen_art_discipline_colour (component->colour), die_value);
          }
      }
  else
    for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
      if (card->price[i] > 0)
        {
          if (gtk_widget_get_first_child (box) == NULL)
            append_icon (GTK_BOX (box), "buy", "#c88800", -1);
          append_ingredient_icon (GTK_BOX (box), i, (int) card->price[i]);
        }
  return box;
}

/* The small card: a frame in the card's colour, its symbol in that colour,
 * its name and its costs (or price) as icons. */
GtkWidget *
pen_card_view_new_small (const PenCard *card)
{
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (pen_text_card_name (card->name));
  GtkWidget *costs = cost_icons (card);

  add_colour_class (box, card);
  gtk_widget_add_css_class (box, "pen-card-small");
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box),
                  pen_art_symbol_picture (has_colour (card) ? pen_discipline_get_id (card->colour) : "potion",
                                          has_colour (card) ? pen_art_discipline_colour (card->colour) : "#77767b",
                                          16));
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), costs);
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
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *title = gtk_label_new (pen_text_card_name (card->name));
  g_autofree char *kind = pen_card_text_type_line (card);
  g_autofree char *cost_line = pen_card_text_cost_line (card);
  g_autofree char *text = pen_card_text_effects (card);
  g_autofree char *price_line = pen_card_text_price_line (card);

  add_colour_class (box, card);
  gtk_widget_add_css_class (box, "pen-card-large");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_box_append (GTK_BOX (header), symbol_picture (card, 28));
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (box), header);

  append_line (GTK_BOX (box), kind, "dim-label");
  if (cost_line != NULL)
    append_line (GTK_BOX (box), cost_line, NULL);
  if (text[0] != '\0')
    append_line (GTK_BOX (box), text, NULL);
  if (price_line != NULL)
    append_line (GTK_BOX (box), price_line, "dim-label");
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

/* ---- Contracts and Trials ---- */

static GtkWidget *
quest_box (const char *name,
           const char *kind,
           gboolean    gloomy)
{
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (name);

  gtk_widget_add_css_class (box, "pen-card");
  gtk_widget_add_css_class (box, "pen-card-large");
  gtk_widget_add_css_class (box, gloomy ? "pen-card-darkness" : "pen-card-light");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_box_append (GTK_BOX (box), title);
  append_line (GTK_BOX (box), kind, "dim-label");
  return box;
}

static void
append_threat_points (GtkBox *box,
                      guint   threat,
                      guint   points)
{
  g_autofree char *line = pen_quest_text_threat_line (threat, points);

  append_line (box, line, NULL);
}

/* Under a Trial's name on its row, its paths' approaches: what each path's
 * task asks ("☾ Destroy · ☀ Reconcile"). */
static GtkWidget *
approaches_label (const PenTrial *trial)
{
  g_autofree char *shown = NULL;
  GtkWidget *label;

  /* Translators: a Trial's approaches on its piece, Darkness then Light */
  shown = g_strdup_printf (_("☾ %s · ☀ %s"), pen_approach_get_name (trial->darkness.approach),
                           pen_approach_get_name (trial->light.approach));
  label = gtk_label_new (shown);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_name (label, "trial-approaches");
  return label;
}

/* What of a Contract or Trial scores at the end, on one line. */
static void
append_scoring (GtkBox      *box,
                guint        points,
                const guint  experience[PEN_N_EXPERIENCES],
                guint        light,
                guint        darkness,
                gboolean     by_path)
{
  g_autofree char *line = pen_quest_text_scoring (points, experience, light, darkness, by_path);

  append_line (box, line, "pen-quest-scoring");
}

/* A Contract or Trial on its row: its name, and its Threat and points as
 * icons (a Contract framed light or gloomy as its heading); under a Trial's,
 * its approaches. */
GtkWidget *
pen_card_view_new_quest_small (const char *id,
                               gboolean    trial,
                               const char *name)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenContract *contract = !trial && quests != NULL && id != NULL ? pen_quests_find_contract (quests, id) : NULL;
  const PenTrial *found = trial && quests != NULL && id != NULL ? pen_quests_find_trial (quests, id) : NULL;
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *card = box;
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *icons = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);

  if (found != NULL)
    {
      card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_box_append (GTK_BOX (card), box);
      gtk_box_append (GTK_BOX (card), approaches_label (found));
    }
  gtk_widget_add_css_class (card, "pen-card");
  gtk_widget_add_css_class (card, "pen-card-small");
  gtk_widget_add_css_class (card, contract != NULL && contract->gloomy ? "pen-card-darkness" : "pen-card-light");
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
  gtk_box_append (GTK_BOX (box), label);
  if (contract != NULL || found != NULL)
    {
      append_icon (GTK_BOX (icons), "threat", "#77767b", (int) (contract != NULL ? contract->threat : found->threat));
      append_icon (GTK_BOX (icons), "points", "#c88800", (int) (contract != NULL ? contract->points : found->points));
    }
  gtk_box_append (GTK_BOX (box), icons);
  return card;
}

/* A Contract, large: its Threat, points, task and reward. */
GtkWidget *
pen_card_view_new_contract (const char *id)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenContract *contract = quests != NULL && id != NULL ? pen_quests_find_contract (quests, id) : NULL;
  GtkWidget *box;

  if (contract == NULL)
    return gtk_label_new (_("(empty)"));
  box = quest_box (pen_text_card_name (contract->name), _("Contract"), contract->gloomy);
  append_threat_points (GTK_BOX (box), contract->threat, contract->points);
  append_line (GTK_BOX (box), contract->text, NULL);
  append_scoring (GTK_BOX (box), contract->points, contract->experience, contract->reward.light,
                  contract->reward.darkness, FALSE);
  return box;
}

/* A Trial, large: its Threat, points, both paths and its Properties. */
GtkWidget *
pen_card_view_new_trial (const char *id,
                         const char *name)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenTrial *trial = quests != NULL && id != NULL ? pen_quests_find_trial (quests, id) : NULL;
  g_autofree char *darkness = NULL, *light = NULL, *properties = NULL, *retaliation = NULL;
  GtkWidget *box;

  if (trial == NULL)
    return gtk_label_new (name);
  box = quest_box (name, _("Trial"), FALSE);
  append_threat_points (GTK_BOX (box), trial->threat, trial->points);
  darkness = pen_trial_text_path (trial, FALSE);
  append_line (GTK_BOX (box), darkness, NULL);
  light = pen_trial_text_path (trial, TRUE);
  append_line (GTK_BOX (box), light, NULL);
  append_scoring (GTK_BOX (box), trial->points, trial->experience, trial->light.reward.light,
                  trial->darkness.reward.darkness, TRUE);
  properties = pen_trial_text_properties (trial);
  if (properties != NULL)
    append_line (GTK_BOX (box), properties, "dim-label");
  retaliation = pen_trial_text_retaliation (trial);
  if (retaliation != NULL)
    append_line (GTK_BOX (box), retaliation, "dim-label");
  return box;
}
