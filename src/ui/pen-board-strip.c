/* pen-board-strip.c: a Wizard board in pictures: the Mark cells with their
 * state and Rest effects, the Ingredients, the experience symbols, Light and
 * Darkness. The player's board and the Automa's are drawn alike.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-board-strip"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-board-strip.h"
#include "pen-layout-dump.h"

#define SYMBOL_SIZE 22
#define REST_SYMBOL_SIZE 12

static GtkWidget *
counted_symbol (const char *symbol,
                const char *colour,
                guint       count,
                const char *name)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  g_autofree char *number = g_strdup_printf ("%u", count);
  /* Translators: a count in a tooltip: "Blood: 3" */
  g_autofree char *tooltip = g_strdup_printf (_("%s: %u"), name, count);
  GtkWidget *label = gtk_label_new (number);

  gtk_box_append (GTK_BOX (box), pen_art_symbol_picture (symbol, colour, SYMBOL_SIZE));
  gtk_widget_add_css_class (label, "numeric");
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_tooltip_text (box, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  if (count == 0)
    gtk_widget_add_css_class (box, "dim-label");
  return box;
}

/* "Recharge your Marks, take back a Spark die" */
static char *
rest_effects_text (const PenRestEffect *effects,
                   guint                n)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, pen_rest_effect_get_name (effects[i]));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The one word printed in a Mark cell for its effect; the tooltip and the
 * actions give the whole name. */
static const char *
effect_word (PenMarkEffect effect)
{
  switch (effect)
    {
    case PEN_MARK_EFFECT_SET:
      return C_("Mark cell", "Set");
    case PEN_MARK_EFFECT_RECOLOUR_BONE:
      return C_("Mark cell", "Recolour");
    case PEN_MARK_EFFECT_CAST:
      return C_("Mark cell", "Cast");
    case PEN_MARK_EFFECT_UNEXHAUST:
      return C_("Mark cell", "Unexhaust");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The symbol of a Rest effect, in @colour where it gains a die of a colour. */
static GtkWidget *
rest_symbol (PenRestEffect effect,
             const char   *colour)
{
  static const char *symbols[PEN_N_REST_EFFECTS] = {
    [PEN_REST_UNEXHAUST_ALL] = "unexhaust",
    [PEN_REST_COLOURED_DIE] = "die",
    [PEN_REST_RECHARGE_MARKS] = "recharge",
    [PEN_REST_SPARK_DIE] = "spark",
    [PEN_REST_BREW_POTIONS] = "potion",
    [PEN_REST_BONE_DIE] = "bone",
    [PEN_REST_EXCHANGE_INGREDIENTS] = "exchange",
    [PEN_REST_BUY_POTION_OR_ARTIFACT] = "buy",
  };
  const char *symbol_colour = "#77767b";
  GtkWidget *picture;

  if (effect == PEN_REST_COLOURED_DIE && colour != NULL)
    symbol_colour = colour;
  else if (effect == PEN_REST_SPARK_DIE)
    symbol_colour = "#c88800";
  picture = pen_art_symbol_picture (symbols[effect], symbol_colour, REST_SYMBOL_SIZE);
  gtk_widget_set_tooltip_text (picture, pen_rest_effect_get_name (effect));
  return picture;
}

/* The Rest thread's part over a cell (or its start): a row of symbols. */
static GtkWidget *
rest_row (const PenRestEffect *effects,
          guint                n,
          const char          *colour)
{
  GtkWidget *thread = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 1);

  gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (row, TRUE);
  for (guint i = 0; i < n; i++)
    gtk_box_append (GTK_BOX (row), rest_symbol (effects[i], colour));
  gtk_box_append (GTK_BOX (thread), row);
  gtk_widget_add_css_class (thread, "pen-rest-thread");
  return thread;
}

/* "2" beside a symbol: an Arcana cost, points. */
static GtkWidget *
number_with_symbol (guint       number,
                    const char *symbol,
                    const char *colour)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 1);
  g_autofree char *text = g_strdup_printf ("%u", number);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "numeric");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), pen_art_symbol_picture (symbol, colour, REST_SYMBOL_SIZE));
  return box;
}

/* A Mark cell as printed: over it the Rest thread with the cell's Rest
 * effects; in it the die value that wounds its Mark, the Mark (or its empty
 * place), the cell's effect, and below the Arcana a Mark there costs and
 * the points it scores. The Automa uses no Mark effects: its cells show
 * none. */
static GtkWidget *
mark_cell (PenWizardBoard *board,
           guint           player,
           guint           c,
           gboolean        with_effect)
{
  const PenMark *mark = pen_wizard_board_get_mark (board, c);
  const PenMarkCellDef *def = &pen_wizard_board_get_def (board)->mark_cells[c];
  gboolean spark = pen_wizard_board_is_spark_cell (c);
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 1);
  GtkWidget *thread;
  GtkWidget *costs = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  g_autofree char *value = g_strdup_printf ("%u", def->die_value);
  GtkWidget *die = gtk_label_new (value);
  g_autoptr(GString) tooltip = g_string_new (NULL);
  const char *colour = NULL;
  static const char *state_classes[] = { "pen-mark-charged", "pen-mark-discharged", "pen-mark-wounded" };

  gtk_widget_add_css_class (frame, "pen-mark-cell");
  /* The Threat die value that wounds the Mark, as a little Threat die. */
  gtk_widget_add_css_class (die, "pen-wound-value");
  gtk_widget_set_halign (die, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (frame), die);
  if (mark->occupied)
    {
      const char *name = spark ? _("Spark") : pen_discipline_get_name (mark->discipline);

      colour = spark ? "#c88800" : pen_art_discipline_colour (mark->discipline);
      gtk_box_append (GTK_BOX (frame),
                      pen_art_symbol_picture (spark ? "spark" : pen_discipline_get_id (mark->discipline),
                                              colour, SYMBOL_SIZE));
      gtk_widget_add_css_class (frame, state_classes[mark->state]);
      /* Translators: a Mark's tooltip: "Ruby Mark: charged" */
      g_string_append_printf (tooltip, _("%s Mark: %s"), name, pen_ui_mark_state_name (mark->state));
    }
  else
    {
      GtkWidget *space = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

      /* Where the Mark would be, so that every cell's effect sits as low. */
      gtk_widget_set_size_request (space, SYMBOL_SIZE, SYMBOL_SIZE);
      gtk_box_append (GTK_BOX (frame), space);
      gtk_widget_add_css_class (frame, "pen-mark-empty");
      g_string_append (tooltip, _("An empty Mark cell"));
    }
  /* Translators: a Mark cell's tooltip: the Threat die value that wounds its Mark */
  g_string_append_printf (tooltip, _("\nWounded by a Threat die of %u"), def->die_value);
  if (with_effect)
    {
      GtkWidget *effect = gtk_label_new (effect_word (def->effect));

      gtk_widget_add_css_class (effect, "caption");
      gtk_box_append (GTK_BOX (frame), effect);
      /* Translators: a Mark cell's effect, in its tooltip */
      g_string_append_printf (tooltip, _("\nMark effect: %s"), pen_mark_effect_get_name (def->effect));
    }
  gtk_widget_set_halign (costs, GTK_ALIGN_CENTER);
  if (!spark)
    {
      gtk_box_append (GTK_BOX (costs), number_with_symbol (def->arcana, "amethyst",
                                                           pen_art_discipline_colour (PEN_DISCIPLINE_AMETHYST)));
      /* Translators: a Mark cell's Arcana cost, in its tooltip */
      g_string_append_printf (tooltip, _("\nArcana a Mark here costs: %u"), def->arcana);
    }
  gtk_box_append (GTK_BOX (costs), number_with_symbol (def->points, "points", "#c88800"));
  /* Translators: a Mark cell's points, in its tooltip */
  g_string_append_printf (tooltip, _("\nVictory points: %u"), def->points);
  gtk_box_append (GTK_BOX (frame), costs);

  if (def->n_rest > 0)
    {
      g_autofree char *rest = rest_effects_text (def->rest, def->n_rest);

      thread = rest_row (def->rest, def->n_rest, colour);
      /* Translators: a Mark cell's Rest effects, in its tooltip */
      g_string_append_printf (tooltip, _("\nOn Rest: %s"), rest);
    }
  else
    thread = rest_row (NULL, 0, NULL);
  gtk_box_append (GTK_BOX (column), thread);
  gtk_box_append (GTK_BOX (column), frame);

  gtk_widget_set_tooltip_text (frame, tooltip->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (frame), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip->str, -1);
  {
    g_autofree char *id = g_strdup_printf ("mark-%u-%u", player, c);

    pen_layout_tag (frame, "mark-cell", id, tooltip->str);
  }
  return column;
}

/**
 * pen_board_strip_fill:
 * @strip: a vertical box, emptied first
 * @game: a game
 * @player: whose board
 *
 * Fills @strip with @player's board in pictures.
 */
void
pen_board_strip_fill (GtkBox  *strip,
                      PenGame *game,
                      guint    player)
{
  static const char *experience_symbols[] = { "monsters", "magical-beasts", "wilds", "mystic", "wizards", "society" };
  PenWizardBoard *board = pen_game_get_player (game, player);
  GtkWidget *marks = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *counts = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  guint experience[PEN_N_EXPERIENCES];
  guint light, darkness;

  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (strip))) != NULL;)
    gtk_box_remove (strip, child);
  {
    const PenBoardDef *def = pen_wizard_board_get_def (board);
    g_autofree char *rest = rest_effects_text (def->thread_start, def->n_thread_start);
    /* Translators: the tooltip of the Rest thread's start, left of the Mark cells */
    g_autofree char *tooltip = g_strdup_printf (_("Every Rest: %s; each Mark that is not wounded adds the effects over its cell."), rest);
    GtkWidget *start = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *heading = gtk_label_new (_("Rest"));
    GtkWidget *thread = rest_row (def->thread_start, def->n_thread_start, NULL);

    gtk_widget_add_css_class (heading, "caption-heading");
    gtk_box_append (GTK_BOX (start), thread);
    gtk_box_append (GTK_BOX (start), heading);
    gtk_widget_set_tooltip_text (start, tooltip);
    gtk_accessible_update_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
    gtk_box_append (GTK_BOX (marks), start);
    gtk_accessible_update_property (GTK_ACCESSIBLE (marks), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Marks"), -1);
  }
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    gtk_box_append (GTK_BOX (marks), mark_cell (board, player, c, (int) player != pen_game_get_automa_player (game)));
  gtk_box_append (strip, marks);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      GtkWidget *count = counted_symbol (pen_discipline_get_id (i), pen_art_discipline_colour (i),
                                         pen_wizard_board_get_ingredient (board, i), pen_ingredient_get_name (i));

      /* The player's Ingredients are pieces: Hurry, an exchange, Bind start there. */
      if ((int) player != pen_game_get_automa_player (game))
        {
          g_autofree char *id = g_strdup_printf ("ingredient-%s", pen_ingredient_get_id (i));

          pen_layout_tag (count, "ingredient", id, gtk_widget_get_tooltip_text (count));
        }
      gtk_box_append (GTK_BOX (counts), count);
    }
  gtk_box_append (strip, counts);
  /* The experience symbols, Light and Darkness on a row of their own. */
  counts = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  pen_game_get_experience (game, player, experience);
  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    gtk_box_append (GTK_BOX (counts),
                    counted_symbol (experience_symbols[i], "#77767b", experience[i], pen_experience_get_name (i)));
  gtk_box_append (GTK_BOX (counts), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  pen_game_get_light_darkness (game, player, &light, &darkness);
  gtk_box_append (GTK_BOX (counts), counted_symbol ("light", "#c88800", light, _("Light")));
  gtk_box_append (GTK_BOX (counts), counted_symbol ("darkness", "#613583", darkness, _("Darkness")));
  gtk_box_append (strip, counts);
}
