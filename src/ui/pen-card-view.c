/* pen-card-view.c: a card on the table: small (its colour, symbol and name,
 * for markets and the player's zones) or large (the zoom: type, cost, text,
 * price), drawn with the art of pen-art.c and styled by style.css.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-card-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pen-art.h"
#include "pen-card-text.h"
#include "pen-card-view.h"
#include "pen-quest.h"
#include "pen-table-layout.h"

/* ---- A card's face: its frame and band, drawn from SVG ---- */

/* A widget holding a card's contents, drawn under them as a card: a
 * rounded frame in @frame's colour on the card's paper, and a band of
 * @band's colour behind the first row (its heading), drawn by librsvg at the
 * size it takes on the screen (pen_art_svg()). */
struct _PenCardFace
{
  GtkBox     parent_instance;

  char      *band;     /* CSS colours */
  char      *band_end; /* the band's right half, or NULL: one colour */
  char      *frame;
  GtkWidget *heading;  /* weak: the row the band lies under */
};

G_DEFINE_FINAL_TYPE (PenCardFace, pen_card_face, GTK_TYPE_BOX)

static void
pen_card_face_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  PenCardFace *self = PEN_CARD_FACE (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double zoom = pen_art_zoom (widget);
  gboolean dark = pen_art_is_dark (widget);
  graphene_rect_t bounds;
  int band = 0;
  g_autofree char *key = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *band_svg = NULL;
  GdkTexture *texture;

  if (width <= 0 || height <= 0)
    return;
  if (self->heading != NULL && gtk_widget_compute_bounds (self->heading, widget, &bounds))
    band = MIN (height, (int) ceil (bounds.origin.y + bounds.size.height));
  key = g_strdup_printf ("card/%s/%s/%s/%d/%d/%dx%d", self->band, self->band_end != NULL ? self->band_end : "",
                         self->frame, dark, band, width, height);
  texture = pen_art_svg (key, NULL, (int) ceil (width * zoom - 0.01), (int) ceil (height * zoom - 0.01));
  if (texture == NULL)
    {
      /* The band: the top of the frame's rounded rectangle down to under
       * the heading; a Trial's is split, Darkness then Light. */
      if (self->band_end == NULL)
        band_svg = g_strdup_printf ("<path d='M1 %d L1 4.5 A3.5 3.5 0 0 1 4.5 1 L%d.5 1 A3.5 3.5 0 0 1 %d 4.5 L%d %d Z' fill='%s'/>",
                                    band, width - 5, width - 1, width - 1, band, self->band);
      else
        band_svg = g_strdup_printf ("<path d='M1 %d L1 4.5 A3.5 3.5 0 0 1 4.5 1 L%d 1 L%d %d Z' fill='%s'/>"
                                    "<path d='M%d %d L%d 1 L%d.5 1 A3.5 3.5 0 0 1 %d 4.5 L%d %d Z' fill='%s'/>",
                                    band, width / 2 + 3, width / 2 - 3, band, self->band,
                                    width / 2 - 3, band, width / 2 + 3, width - 5, width - 1, width - 1, band,
                                    self->band_end);
      svg = g_strdup_printf ("<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
                             "<rect x='0.75' y='0.75' width='%g' height='%g' rx='4' fill='%s'/>"
                             "%s"
                             "<rect x='0.75' y='0.75' width='%g' height='%g' rx='4' fill='none' stroke='%s' stroke-width='1.5'/>"
                             "</svg>",
                             width, height, width, height, width - 1.5, height - 1.5, dark ? "#2f2d35" : "#fcfaf5",
                             band > 0 ? band_svg : "", width - 1.5, height - 1.5, self->frame);
      texture = pen_art_svg (key, svg, (int) ceil (width * zoom - 0.01), (int) ceil (height * zoom - 0.01));
    }
  if (texture != NULL)
    pen_art_append (snapshot, texture, 0, 0, zoom);
  GTK_WIDGET_CLASS (pen_card_face_parent_class)->snapshot (widget, snapshot);
}

static void
pen_card_face_finalize (GObject *object)
{
  PenCardFace *self = PEN_CARD_FACE (object);

  g_free (self->band);
  g_free (self->band_end);
  g_free (self->frame);
  G_OBJECT_CLASS (pen_card_face_parent_class)->finalize (object);
}

static void
pen_card_face_class_init (PenCardFaceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_card_face_finalize;
  widget_class->snapshot = pen_card_face_snapshot;
  gtk_widget_class_set_css_name (widget_class, "pen-card-face");
}

static void
pen_card_face_init (PenCardFace *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
}

/**
 * pen_card_face_new:
 * @band: the band's colour
 * @band_end: (nullable): its right half's, or %NULL
 * @frame: the frame's colour
 * @heading: the first row, which the band lies under; appended
 *
 * A card's face: a vertical box drawn as a card under its rows.
 */
GtkWidget *
pen_card_face_new (const char *band,
                   const char *band_end,
                   const char *frame,
                   GtkWidget  *heading)
{
  PenCardFace *self = g_object_new (PEN_TYPE_CARD_FACE, NULL);

  self->band = g_strdup (band);
  self->band_end = g_strdup (band_end);
  self->frame = g_strdup (frame);
  self->heading = heading;
  gtk_box_append (GTK_BOX (self), heading);
  return GTK_WIDGET (self);
}

/* The colours of the cards' bands, and whether their ink is dark: the
 * Disciplines' (pen_art_discipline_colour()), the Potions' and the
 * Artifacts' own. */
#define POTION_COLOUR "#5e5c64"
#define ARTIFACT_COLOUR "#865e3c"
#define LIGHT_COLOUR "#e5a50a"
#define DARKNESS_COLOUR (pen_art_is_dark (NULL) ? "#77767b" : "#3d3846")

static gboolean
dark_ink_on (const char *colour)
{
  return g_str_equal (colour, pen_art_discipline_colour (PEN_DISCIPLINE_AMBER))
         || g_str_equal (colour, pen_art_discipline_colour (PEN_DISCIPLINE_JASPER))
         || g_str_equal (colour, LIGHT_COLOUR);
}

/* The style class of a label on a band of @band: "pen-ink-dark" or
 * "pen-ink-light". */
const char *
pen_card_ink_class (const char *band)
{
  return dark_ink_on (band) ? "pen-ink-dark" : "pen-ink-light";
}

static const char *
ink_on (const char *colour)
{
  return dark_ink_on (colour) ? "#241f31" : "#ffffff";
}

/* Icons drawn on the card's paper, not in a colour of their own. */
static const char *
neutral_colour (void)
{
  return pen_art_is_dark (NULL) ? "#c0bfbc" : "#5e5c64";
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

#define ICON_SIZE 14

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

/* ---- The small card ---- */

/* The symbol of a card's type: Spell, Recipe, Summon, Artifact, Tome (an
 * Artifact kept in the Experience zone), Potion. */
static const char *
type_symbol (const PenCard *card)
{
  switch (card->type)
    {
    case PEN_CARD_SPELL: return "type-spell";
    case PEN_CARD_RECIPE: return "type-recipe";
    case PEN_CARD_SUMMON: return "type-summon";
    case PEN_CARD_ARTIFACT: return card->equipment == PEN_EQUIPMENT_NONE ? "type-tome" : "type-artifact";
    case PEN_CARD_POTION:
    default: return "type-potion";
    }
}

static const char *
band_colour (const PenCard *card)
{
  if (card->type == PEN_CARD_POTION)
    return POTION_COLOUR;
  if (card->type == PEN_CARD_ARTIFACT)
    return ARTIFACT_COLOUR;
  return pen_art_discipline_colour (card->colour);
}

#define EFFECT_ICON_SIZE 15

/* An effect's icon and its number ("×" and a Discipline's symbol after
 * it when it counts that Discipline's Marks). */
static void
append_effect_icon (GtkBox          *box,
                    const PenEffect *effect,
                    const char      *symbol,
                    const char      *colour,
                    int              number)
{
  GtkWidget *icon = pen_art_symbol_picture (symbol, colour, EFFECT_ICON_SIZE);

  /* Effects apart a little more than an icon and its number. */
  if (gtk_widget_get_first_child (GTK_WIDGET (box)) != NULL)
    gtk_widget_add_css_class (icon, "pen-effect-next");
  gtk_box_append (box, icon);
  if (number >= 0)
    {
      g_autofree char *text = g_strdup_printf ("%d", number);
      GtkWidget *label = gtk_label_new (text);

      gtk_widget_add_css_class (label, "caption-heading");
      gtk_widget_add_css_class (label, "numeric");
      gtk_box_append (box, label);
    }
  if (effect->per_mark)
    {
      GtkWidget *times = gtk_label_new ("×");

      gtk_widget_add_css_class (times, "caption");
      gtk_box_append (box, times);
      gtk_box_append (box, pen_art_symbol_picture (pen_discipline_get_id (effect->per_mark_discipline),
                                                   pen_art_discipline_colour (effect->per_mark_discipline),
                                                   EFFECT_ICON_SIZE));
    }
}

/* Each of a card's effects as an icon with its number: what the zoom says
 * in words, readable at a glance. */
static GtkWidget *
effect_icons (const PenCard *card)
{
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);
  const char *grey = neutral_colour ();

  gtk_widget_add_css_class (box, "pen-card-effects");
  for (guint i = 0; i < card->n_effects; i++)
    {
      const PenEffect *effect = &card->effects[i];
      int amount = (int) effect->amount;

      switch (effect->op)
        {
        case PEN_EFFECT_GAIN_INGREDIENT:
          append_effect_icon (GTK_BOX (box), effect, pen_discipline_get_id ((PenDiscipline) effect->ingredient),
                              pen_art_discipline_colour ((PenDiscipline) effect->ingredient), amount);
          break;
        case PEN_EFFECT_GAIN_DIE:
          if (effect->die_kind == PEN_DIE_KIND_BONE)
            append_effect_icon (GTK_BOX (box), effect, "bone", grey, amount);
          else if (effect->die_kind == PEN_DIE_KIND_SPARK)
            append_effect_icon (GTK_BOX (box), effect, "spark", "#c88800", amount);
          else if (effect->any_colour)
            append_effect_icon (GTK_BOX (box), effect, "any", grey, amount);
          else
            append_effect_icon (GTK_BOX (box), effect, "die", pen_art_discipline_colour (effect->die_colour), amount);
          break;
        case PEN_EFFECT_ROLL_RESOURCE:
          append_effect_icon (GTK_BOX (box), effect, "roll", grey, amount);
          break;
        case PEN_EFFECT_MANIPULATE:
          append_effect_icon (GTK_BOX (box), effect, "manipulate", grey, amount);
          break;
        case PEN_EFFECT_EXCHANGE:
        case PEN_EFFECT_CONVERT:
          append_effect_icon (GTK_BOX (box), effect, "exchange", grey, -1);
          break;
        case PEN_EFFECT_HEAL:
          append_effect_icon (GTK_BOX (box), effect, "heal", "#e01b24", amount > 0 ? amount : -1);
          break;
        case PEN_EFFECT_RECHARGE:
          append_effect_icon (GTK_BOX (box), effect, "recharge", grey, amount);
          break;
        case PEN_EFFECT_UNEXHAUST:
          append_effect_icon (GTK_BOX (box), effect, "unexhaust", grey, amount);
          break;
        case PEN_EFFECT_DISCARD_THREAT:
          append_effect_icon (GTK_BOX (box), effect, "shield", grey, amount);
          break;
        case PEN_EFFECT_ADJUST_THREAT:
          append_effect_icon (GTK_BOX (box), effect, "adjust", grey, amount);
          break;
        case PEN_EFFECT_GAIN_CARD:
          append_effect_icon (GTK_BOX (box), effect, "card", grey, amount);
          break;
        case PEN_EFFECT_EXTRA_PLACEMENT:
          append_effect_icon (GTK_BOX (box), effect, "placement", grey, amount);
          break;
        case PEN_EFFECT_BOOST_MARKS:
          append_effect_icon (GTK_BOX (box), effect, pen_discipline_get_id (effect->boost_discipline),
                              pen_art_discipline_colour (effect->boost_discipline), amount);
          break;
        case PEN_EFFECT_CANCEL_PROPERTY:
        case PEN_EFFECT_SUMMON_FROM_MARKET:
        case PEN_EFFECT_SPECIAL:
        default:
          append_effect_icon (GTK_BOX (box), effect, "special", grey, -1);
          break;
        }
    }
  return box;
}

/* A card's band: its type's symbol, its Discipline's (a Potion has none),
 * its name, in the ink that reads on the band's colour. */
static GtkWidget *
card_heading (const PenCard *card,
              const char    *band)
{
  GtkWidget *row = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *label = gtk_label_new (pen_text_card_name (card->name));
  const char *ink = ink_on (band);

  gtk_widget_add_css_class (row, "pen-card-band");
  gtk_box_append (GTK_BOX (row), pen_art_symbol_picture (type_symbol (card), ink, 15));
  if (has_colour (card))
    gtk_box_append (GTK_BOX (row), pen_art_symbol_picture (pen_discipline_get_id (card->colour), ink, 12));
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, pen_card_ink_class (band));
  gtk_box_append (GTK_BOX (row), label);
  return row;
}

/* The small card, as the markets and the player's zones show it: a frame
 * in its colour (a Potion's and an Artifact's own; an Artifact's frame in
 * its Discipline's), its band with its type, Discipline and name, then its
 * cost (or price) and each effect as icons with their numbers. */
GtkWidget *
pen_card_view_new_small (const PenCard *card)
{
  const char *band = band_colour (card);
  GtkWidget *heading = card_heading (card, band);
  GtkWidget *body = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *costs = cost_icons (card);
  GtkWidget *effects = effect_icons (card);
  GtkWidget *face;

  gtk_widget_add_css_class (costs, "pen-card-costs");
  gtk_widget_set_hexpand (costs, TRUE);
  gtk_widget_set_halign (effects, GTK_ALIGN_END);
  gtk_widget_add_css_class (body, "pen-card-body");
  gtk_box_append (GTK_BOX (body), costs);
  gtk_box_append (GTK_BOX (body), effects);
  face = pen_card_face_new (band, NULL, card->type == PEN_CARD_ARTIFACT ? pen_art_discipline_colour (card->colour) : band,
                            heading);
  gtk_box_append (GTK_BOX (face), body);
  add_colour_class (face, card);
  gtk_widget_add_css_class (face, "pen-card-small");
  return face;
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
  const char *band = band_colour (card);
  const char *ink = ink_on (band);
  GtkWidget *header = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new (pen_text_card_name (card->name));
  g_autofree char *kind = pen_card_text_type_line (card);
  g_autofree char *cost_line = pen_card_text_cost_line (card);
  g_autofree char *text = pen_card_text_effects (card);
  g_autofree char *price_line = pen_card_text_price_line (card);
  GtkWidget *box;

  gtk_widget_add_css_class (header, "pen-card-band");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_widget_add_css_class (title, pen_card_ink_class (band));
  gtk_box_append (GTK_BOX (header), pen_art_symbol_picture (type_symbol (card), ink, 24));
  if (has_colour (card))
    gtk_box_append (GTK_BOX (header), pen_art_symbol_picture (pen_discipline_get_id (card->colour), ink, 18));
  gtk_box_append (GTK_BOX (header), title);
  box = pen_card_face_new (band, NULL, card->type == PEN_CARD_ARTIFACT ? pen_art_discipline_colour (card->colour) : band,
                           header);
  add_colour_class (box, card);
  gtk_widget_add_css_class (box, "pen-card-large");
  gtk_widget_add_css_class (box, "pen-gap-6");
  /* Its costs and effects as the small card shows them. */
  {
    GtkWidget *icons = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *effects = effect_icons (card);

    gtk_widget_add_css_class (icons, "pen-card-icons");
    gtk_box_append (GTK_BOX (icons), cost_icons (card));
    gtk_box_append (GTK_BOX (icons), effects);
    gtk_box_append (GTK_BOX (box), icons);
  }

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
           const char *band)
{
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *box;

  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_widget_add_css_class (title, "pen-card-band");
  gtk_widget_add_css_class (title, pen_card_ink_class (band));
  box = pen_card_face_new (band, NULL, band, title);
  gtk_widget_add_css_class (box, "pen-card");
  gtk_widget_add_css_class (box, "pen-card-large");
  gtk_widget_add_css_class (box, "pen-gap-6");
  gtk_widget_add_css_class (box, g_str_equal (band, LIGHT_COLOUR) ? "pen-card-light" : "pen-card-darkness");
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
 * task asks, after the path's symbol (Darkness, then Light). */
static GtkWidget *
approaches_row (const PenTrial *trial)
{
  GtkWidget *row = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  const PenTrialPath *paths[] = { &trial->darkness, &trial->light };
  const char *symbols[] = { "darkness", "light" };
  const char *colours[] = { pen_art_is_dark (NULL) ? "#c0bfbc" : DARKNESS_COLOUR, "#c88800" };

  gtk_widget_set_name (row, "trial-approaches");
  for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
    {
      GtkWidget *label = gtk_label_new (pen_approach_get_name (paths[p]->approach));
      GtkWidget *icon = pen_art_symbol_picture (symbols[p], colours[p], ICON_SIZE);

      if (p > 0)
        gtk_widget_add_css_class (icon, "pen-effect-next");
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (row), icon);
      gtk_box_append (GTK_BOX (row), label);
    }
  return row;
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

/* A Contract's or Trial's Threat, points, the experience symbols it gives
 * and the Light or Darkness a Contract rewards, as icons with numbers. */
static GtkWidget *
quest_icons (guint        threat,
             guint        points,
             const guint  experience[PEN_N_EXPERIENCES],
             guint        light,
             guint        darkness)
{
  static const char *experience_symbols[] = { "monsters", "magical-beasts", "wilds", "mystic", "wizards", "society" };
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);
  const char *grey = neutral_colour ();

  append_icon (GTK_BOX (box), "threat", grey, (int) threat);
  append_icon (GTK_BOX (box), "points", "#c88800", (int) points);
  for (guint e = 0; e < PEN_N_EXPERIENCES && e < G_N_ELEMENTS (experience_symbols); e++)
    if (experience[e] > 0)
      append_icon (GTK_BOX (box), experience_symbols[e], grey, experience[e] > 1 ? (int) experience[e] : -1);
  if (light > 0)
    append_icon (GTK_BOX (box), "light", "#c88800", (int) light);
  if (darkness > 0)
    append_icon (GTK_BOX (box), "darkness", grey, (int) darkness);
  return box;
}

/* A Contract or Trial on its row, as a card: its band (a Contract's in its
 * heading's Light or Darkness, with that symbol and its difficulty; a
 * Trial's split, Darkness then Light) with its name, then its Threat,
 * points and experience symbols; under a Trial's, its paths' approaches. */
GtkWidget *
pen_card_view_new_quest_small (const char *id,
                               gboolean    trial,
                               const char *name)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenContract *contract = !trial && quests != NULL && id != NULL ? pen_quests_find_contract (quests, id) : NULL;
  const PenTrial *found = trial && quests != NULL && id != NULL ? pen_quests_find_trial (quests, id) : NULL;
  const char *band = trial ? DARKNESS_COLOUR : contract != NULL && contract->gloomy ? DARKNESS_COLOUR : LIGHT_COLOUR;
  const char *ink = ink_on (band);
  GtkWidget *heading = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *body = NULL;
  GtkWidget *face;

  gtk_widget_add_css_class (heading, "pen-card-band");
  if (contract != NULL)
    {
      gtk_box_append (GTK_BOX (heading), pen_art_symbol_picture (contract->gloomy ? "darkness" : "light", ink, 13));
      /* Its difficulty: a pip each. */
      for (guint d = 0; d < contract->difficulty; d++)
        gtk_box_append (GTK_BOX (heading), pen_art_symbol_picture ("pip", ink, 7));
    }
  else if (found != NULL)
    {
      gtk_box_append (GTK_BOX (heading), pen_art_symbol_picture ("darkness", ink, 13));
      gtk_box_append (GTK_BOX (heading), pen_art_symbol_picture ("light", "#f6d32d", 13));
    }
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, pen_card_ink_class (band));
  gtk_box_append (GTK_BOX (heading), label);
  face = pen_card_face_new (band, NULL, band, heading);
  if (contract != NULL)
    body = quest_icons (contract->threat, contract->points, contract->experience, contract->reward.light,
                        contract->reward.darkness);
  else if (found != NULL)
    {
      body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_box_append (GTK_BOX (body), quest_icons (found->threat, found->points, found->experience, 0, 0));
      gtk_box_append (GTK_BOX (body), approaches_row (found));
    }
  if (body != NULL)
    {
      gtk_widget_add_css_class (body, "pen-card-body");
      gtk_box_append (GTK_BOX (face), body);
    }
  gtk_widget_add_css_class (face, "pen-card");
  gtk_widget_add_css_class (face, "pen-card-small");
  gtk_widget_add_css_class (face, "pen-card-quest");
  gtk_widget_add_css_class (face, trial ? "pen-card-trial" : contract != NULL && contract->gloomy ? "pen-card-darkness" : "pen-card-light");
  return face;
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
  box = quest_box (pen_text_card_name (contract->name), _("Contract"), contract->gloomy ? DARKNESS_COLOUR : LIGHT_COLOUR);
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
  box = quest_box (name, _("Trial"), DARKNESS_COLOUR);
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
