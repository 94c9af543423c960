/* pen-threat-view.c: the Threat's dice on the table: those prepared, those
 * rolled and still to distribute, and, until the next action, each die of
 * the last roll with what it did (the engine's record,
 * pen_game_get_threat_outcomes()): the die it knocked out, the Mark it
 * wounded, a miss, or that it was cancelled before the roll.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-threat-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-card-text.h"
#include "pen-die-view.h"
#include "pen-layout-dump.h"
#include "pen-piece-id.h"
#include "pen-threat-view.h"

/**
 * pen_threat_view_caption:
 * @player: the player who faced the Threat
 * @outcome: one of pen_game_get_threat_outcomes()
 *
 * Returns: (transfer full): what the die did, in a few words
 */
char *
pen_threat_view_caption (PenGame                *game,
                         guint                   player,
                         const PenThreatOutcome *outcome)
{
  PenWizardBoard *board;
  g_autofree char *die = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);
  g_return_val_if_fail (outcome != NULL, NULL);

  board = pen_game_get_player (game, player);
  switch (outcome->result)
    {
    case PEN_THREAT_CANCELLED:
      /* Translators: a Threat die discarded before the roll */
      return g_strdup (_("cancelled"));
    case PEN_THREAT_KNOCK_OUT:
      die = pen_ui_describe_die (&outcome->die);
      /* Translators: a Threat die's result: "knocks out Amber 4" */
      return g_strdup_printf (_("knocks out %s"), die);
    case PEN_THREAT_WOUND:
      if (pen_wizard_board_is_spark_cell (outcome->target))
        return g_strdup (_("wounds a Spark Mark"));
      /* Translators: a Threat die's result: "wounds the Ruby Mark" */
      return g_strdup_printf (_("wounds %s"),
                              pen_text_the_mark (pen_wizard_board_get_mark (board, outcome->target)->discipline));
    case PEN_THREAT_MORTAL_WOUND:
      /* Translators: a Threat die's result: it fell on a wounded Mark */
      return g_strdup (_("a Mortal Wound"));
    case PEN_THREAT_NO_EFFECT:
      /* Translators: a Threat die's result: a second Mortal Wound in a turn */
      return g_strdup (_("no effect"));
    case PEN_THREAT_MISS:
    default:
      /* Translators: a Threat die's result: it matched no die and no Mark */
      return g_strdup (_("misses"));
    }
}

/* A Threat die (@value 0: not rolled) and, under it, @caption. */
static void
append_die (GtkBox     *box,
            guint       index,
            guint       value,
            const char *caption,
            int         die_size)
{
  PenDie die = { .kind = PEN_DIE_KIND_THREAT, .value = value };
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *view = pen_die_view_new (&die, die_size);
  g_autofree char *id = pen_piece_id_threat (index);
  g_autofree char *die_name = pen_ui_describe_die (&die);
  /* Translators: a Threat die and what it did: "Threat 2: misses" */
  g_autofree char *label = caption != NULL ? g_strdup_printf (_("%s: %s"), die_name, caption) : g_strdup (die_name);

  gtk_widget_set_name (column, id);
  /* On the die, which a click opens: its tooltip is then held back while
   * its popover is open, rather than lie over the popover's first line. */
  gtk_widget_set_tooltip_text (view, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (column), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  pen_layout_tag (view, "die", id, label);
  gtk_widget_set_halign (view, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (column), view);
  if (caption != NULL)
    {
      GtkWidget *text = gtk_label_new (caption);
      g_autofree char *name = g_strdup_printf ("threat-caption-%u", index);

      gtk_widget_set_name (text, name);
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (text), 8);
      /* Two lines at most, the room its row keeps (the tooltip says it all). */
      gtk_label_set_lines (GTK_LABEL (text), 2);
      gtk_label_set_ellipsize (GTK_LABEL (text), PANGO_ELLIPSIZE_END);
      gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (text, "caption");
      gtk_widget_add_css_class (text, "pen-threat-caption");
      if (value == 0)
        gtk_widget_add_css_class (text, "dim-label");
      gtk_box_append (GTK_BOX (column), text);
    }
  gtk_widget_add_css_class (column, "pen-threat-die");
  gtk_widget_set_margin_start (column, 2);
  gtk_widget_set_margin_end (column, 2);
  gtk_box_append (box, column);
}

/**
 * pen_threat_view_fill:
 * @box: an empty horizontal box
 * @player: the player who faces the Threat
 *
 * Fills @box with the Threat's dice: what the last roll's did, then those
 * still to distribute (or, before the roll, those prepared).
 *
 * Returns: whether there is any die to show
 */
gboolean
pen_threat_view_fill (GtkBox  *box,
                      PenGame *game,
                      guint    player,
                      int      die_size)
{
  guint values[PEN_MAX_THREAT_DICE];
  gboolean rolled;
  guint n_waiting, n_outcomes;
  const PenThreatOutcome *outcomes;
  GtkWidget *heading;
  guint index = 0;

  g_return_val_if_fail (GTK_IS_BOX (box), FALSE);
  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);

  n_waiting = pen_game_get_threat_dice (game, values, &rolled);
  outcomes = pen_game_get_threat_outcomes (game, &n_outcomes);
  if (n_waiting == 0 && n_outcomes == 0)
    return FALSE;

  heading = gtk_label_new (rolled || n_waiting == 0 ? _("Threat dice rolled:") : _("Threat dice prepared:"));
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_valign (heading, GTK_ALIGN_START);
  gtk_box_append (box, heading);
  for (guint i = 0; i < n_outcomes; i++)
    {
      g_autofree char *caption = pen_threat_view_caption (game, player, &outcomes[i]);

      append_die (box, index++, outcomes[i].value, caption, die_size);
    }
  for (guint i = 0; i < n_waiting; i++)
    /* Translators: a rolled Threat die not yet distributed */
    append_die (box, index++, rolled ? values[i] : 0, rolled ? _("to distribute") : NULL, die_size);
  return TRUE;
}
