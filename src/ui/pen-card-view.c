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
#include "pen-quest.h"

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
  return pen_art_symbol_picture (has_colour (card) ? pen_discipline_get_id (card->colour) : "any",
                                 "#77767b", size);
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

/* "free right after a Ruby Spell": a cost a launching card pays (Launch). */
static void
append_launched_by (GString         *text,
                    const PenLaunch *launch)
{
  static const char *types[] = { N_("Spell"), N_("Potion"), N_("Pet") };
  const char *type = launch->any_type ? _("card") : _(types[launch->type]);

  if (launch->any_colour)
    /* Translators: a Launch cost: "free right after any Spell" */
    g_string_append_printf (text, _("free right after any %s"), type);
  else
    /* Translators: a Launch cost: "free right after a Ruby Spell" */
    g_string_append_printf (text, _("free right after a %s %s"), pen_discipline_get_name (launch->colour), type);
}

/* "Ruby + 2 Blood, or free right after a Ruby Spell" */
static char *
describe_costs (const PenCard *card)
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
              append_launched_by (text, &component->launched_by);
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
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 1);

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
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (pen_ui_card_name (card->name));
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
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *title = gtk_label_new (pen_ui_card_name (card->name));
  g_autofree char *kind = NULL;
  g_autofree char *costs = describe_costs (card);
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

/* ---- Contracts and Trials ---- */

static GtkWidget *
quest_box (const char *name,
           const char *kind,
           gboolean    gloomy)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
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
  /* Translators: a Contract's or Trial's Threat and points */
  g_autofree char *line = g_strdup_printf (_("Threat %u · %u points"), threat, points);

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
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *card = box;
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *icons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 1);

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
  box = quest_box (pen_ui_card_name (contract->name), _("Contract"), contract->gloomy);
  append_threat_points (GTK_BOX (box), contract->threat, contract->points);
  append_line (GTK_BOX (box), contract->text, NULL);
  return box;
}

/* A Trial's path: its name, one task a line (any one of them is enough), and
 * the reward. */
static void
append_path (GtkBox             *box,
             const char         *name,
             const PenTrialPath *path)
{
  g_autoptr(GString) text = g_string_new (name);
  g_autofree char *reward = pen_reward_describe (&path->reward);

  /* Translators: a Trial path's approach, "Approach: Catch" */
  g_string_append_printf (text, _("\nApproach: %s"), pen_approach_get_name (path->approach));

  for (guint i = 0; i < path->n_tasks; i++)
    {
      g_autofree char *task = pen_task_describe (&path->tasks[i]);

      g_string_append_printf (text, "\n• %s", task);
    }
  /* Translators: a Trial path's reward, on its own line */
  g_string_append_printf (text, _("\n→ %s"), reward);
  append_line (box, text->str, NULL);
}

/* A Trial, large: its Threat, points, both paths and its Properties. */
GtkWidget *
pen_card_view_new_trial (const char *id,
                         const char *name)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenTrial *trial = quests != NULL && id != NULL ? pen_quests_find_trial (quests, id) : NULL;
  g_autoptr(GString) properties = g_string_new (NULL);
  GtkWidget *box;

  if (trial == NULL)
    return gtk_label_new (name);
  box = quest_box (name, _("Trial"), FALSE);
  append_threat_points (GTK_BOX (box), trial->threat, trial->points);
  /* Translators: a Trial's path, before its tasks (any one is enough) */
  append_path (GTK_BOX (box), _("Darkness (one task):"), &trial->darkness);
  append_path (GTK_BOX (box), _("Light (one task):"), &trial->light);
  for (guint i = 0; i < trial->n_properties; i++)
    {
      const PenProperty *property = &trial->properties[i];

      if (properties->len > 0)
        g_string_append (properties, ", ");
      g_string_append (properties, pen_property_get_name (property->kind));
      if (property->kind == PEN_PROPERTY_RIFT || property->kind == PEN_PROPERTY_VIGILANCE)
        g_string_append_printf (properties, " %u", property->x);
    }
  if (properties->len > 0)
    {
      /* Translators: a Trial's Properties */
      g_autofree char *line = g_strdup_printf (_("Properties: %s"), properties->str);

      append_line (GTK_BOX (box), line, "dim-label");
    }
  if (trial->retaliation > 0)
    {
      /* Translators: a Trial's Retaliation */
      g_autofree char *line = g_strdup_printf (_("Retaliation: %u Threat"), trial->retaliation);

      append_line (GTK_BOX (box), line, "dim-label");
    }
  return box;
}
