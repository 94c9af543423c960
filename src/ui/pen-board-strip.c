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

static GtkWidget *
mark_cell (PenWizardBoard *board,
           guint           player,
           guint           c)
{
  const PenMark *mark = pen_wizard_board_get_mark (board, c);
  const PenMarkCellDef *def = &pen_wizard_board_get_def (board)->mark_cells[c];
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *effect = gtk_label_new (pen_mark_effect_get_name (def->effect));
  g_autofree char *tooltip = NULL;
  g_autofree char *with_effect = NULL;
  static const char *state_classes[] = { "pen-mark-charged", "pen-mark-discharged", "pen-mark-wounded" };

  gtk_widget_add_css_class (frame, "pen-mark-cell");
  if (mark->occupied)
    {
      gboolean spark = pen_wizard_board_is_spark_cell (c);
      const char *name = spark ? _("Spark") : pen_discipline_get_name (mark->discipline);

      gtk_box_append (GTK_BOX (frame),
                      pen_art_symbol_picture (spark ? "spark" : pen_discipline_get_id (mark->discipline),
                                              spark ? "#c88800" : pen_art_discipline_colour (mark->discipline),
                                              SYMBOL_SIZE));
      gtk_widget_add_css_class (frame, state_classes[mark->state]);
      /* Translators: a Mark's tooltip: "Ruby Mark: charged" */
      tooltip = g_strdup_printf (_("%s Mark: %s"), name, pen_ui_mark_state_name (mark->state));
    }
  else
    {
      GtkWidget *space = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

      /* Where the Mark would be, so that every cell's effect sits as low. */
      gtk_widget_set_size_request (space, SYMBOL_SIZE, SYMBOL_SIZE);
      gtk_box_append (GTK_BOX (frame), space);
      gtk_widget_add_css_class (frame, "pen-mark-empty");
      /* Translators: an empty Mark cell: its Arcana and points at the end */
      tooltip = g_strdup_printf (_("An empty Mark cell (%u Arcana, %u points)"), def->arcana, def->points);
    }
  /* The lower part of the cell: what a Mark in it does when used. */
  gtk_label_set_wrap (GTK_LABEL (effect), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (effect), 8);
  gtk_label_set_justify (GTK_LABEL (effect), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (effect, "caption");
  gtk_box_append (GTK_BOX (frame), effect);
  /* Translators: a Mark cell's effect, after its tooltip: "Ruby Mark: charged\nMark effect: Cast a Spell" */
  with_effect = g_strdup_printf (_("%s\nMark effect: %s"), tooltip, pen_mark_effect_get_name (def->effect));
  g_free (tooltip);
  tooltip = g_steal_pointer (&with_effect);
  if (def->n_rest > 0)
    {
      g_autofree char *rest = rest_effects_text (def->rest, def->n_rest);
      /* Translators: a Mark cell's Rest effects, after its tooltip */
      g_autofree char *with_rest = g_strdup_printf (_("%s\nOn Rest: %s"), tooltip, rest);

      g_free (tooltip);
      tooltip = g_steal_pointer (&with_rest);
    }
  gtk_widget_set_tooltip_text (frame, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (frame), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  {
    g_autofree char *id = g_strdup_printf ("mark-%u-%u", player, c);

    pen_layout_tag (frame, "mark-cell", id, tooltip);
  }
  return frame;
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
  GtkWidget *marks = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 3);
  GtkWidget *counts = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  guint experience[PEN_N_EXPERIENCES];
  guint light, darkness;

  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (strip))) != NULL;)
    gtk_box_remove (strip, child);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    gtk_box_append (GTK_BOX (marks), mark_cell (board, player, c));
  {
    const PenBoardDef *def = pen_wizard_board_get_def (board);
    g_autofree char *rest = rest_effects_text (def->thread_start, def->n_thread_start);
    /* Translators: the tooltip of the row of Mark cells: the Rest thread's start */
    g_autofree char *tooltip = g_strdup_printf (_("Marks. Every Rest: %s; each Mark that is not wounded adds the effects of its cell."), rest);

    gtk_widget_set_tooltip_text (marks, tooltip);
    gtk_accessible_update_property (GTK_ACCESSIBLE (marks), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Marks"), -1);
  }
  gtk_box_append (strip, marks);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    gtk_box_append (GTK_BOX (counts),
                    counted_symbol (pen_discipline_get_id (i), pen_art_discipline_colour (i),
                                    pen_wizard_board_get_ingredient (board, i), pen_ingredient_get_name (i)));
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
