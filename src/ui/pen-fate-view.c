/* pen-fate-view.c: the Fate cards as a player reads them: the Prophecies and
 * Goals in play as small cards with their whole text, the banner that shows
 * each Prophecy, Goal or Event as it is revealed, and the last round's notice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-fate-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-card-text.h"
#include "pen-fate-deck.h"
#include "pen-card-view.h"
#include "pen-fate-view.h"
#include "pen-layout-dump.h"
#include "pen-table-layout.h"

/* The cards' text is broken into lines of about this many characters. */
#define TEXT_CHARS 24
/* The banner keeps the last few cards revealed while it is not dismissed. */
#define BANNER_CARDS 4

static const PenFateCard *
lookup (const char *id)
{
  const PenFateCatalogue *catalogue = pen_fate_catalogue_get_default (NULL);

  return catalogue != NULL && id != NULL ? pen_fate_catalogue_lookup (catalogue, id) : NULL;
}

/* "Heroism, Goal: Each passed Trial will bring an additional 2 points": its
 * accessible name, and its label in the layout dump. */
char *
pen_fate_card_describe (const char *id)
{
  const PenFateCard *card = lookup (id);

  g_return_val_if_fail (id != NULL, NULL);

  if (card == NULL)
    return g_strdup (id);
  /* Translators: a Fate card: its name, its type (Prophecy, Goal, Event),
   * its text: "Heroism, Goal: Each passed Trial will bring…" */
  return g_strdup_printf (_("%s, %s: %s"), pen_ui_card_name (pen_fate_card_get_name (card)),
                          pen_fate_text_type_line (card), pen_fate_text (card));
}

/* @text broken into lines of at most about @chars characters, between words.
 * The cards' labels are broken here rather than wrapped by GTK: a wrapping
 * label in a row of the table is as wide as the row's height lets it be,
 * often one long line. */
static char *
break_lines (const char *text,
             guint       chars)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  GString *broken = g_string_new (NULL);
  glong line = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      glong length = g_utf8_strlen (words[i], -1);

      if (line > 0 && line + 1 + length > (glong) chars)
        {
          g_string_append_c (broken, '\n');
          line = 0;
        }
      else if (line > 0)
        {
          g_string_append_c (broken, ' ');
          line++;
        }
      g_string_append (broken, words[i]);
      line += length;
    }
  return g_string_free (broken, FALSE);
}

static GtkWidget *
card_label (const char *text,
            const char *css_class)
{
  g_autofree char *broken = break_lines (text, TEXT_CHARS);
  GtkWidget *label = gtk_label_new (broken);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The band of a Prophecy, a Goal, an Event. */
#define PROPHECY_COLOUR "#613583"
#define GOAL_COLOUR "#986a44"
#define EVENT_COLOUR "#5e5c64"

/* A Fate card as a small card (pen_card_face_new()): its name on its band
 * in its kind's colour, its type and whole text under it. It is a vertical
 * box: what follows the text (its progress) is appended to it. */
GtkWidget *
pen_fate_card_view_new (const char *id)
{
  const PenFateCard *card = lookup (id);
  g_autofree char *description = pen_fate_card_describe (id);
  const char *band = card == NULL ? EVENT_COLOUR
                     : pen_fate_card_get_kind (card) == PEN_FATE_KIND_PROPHECY ? PROPHECY_COLOUR
                     : pen_fate_card_get_kind (card) == PEN_FATE_KIND_GOAL ? GOAL_COLOUR : EVENT_COLOUR;
  GtkWidget *name;
  GtkWidget *box;

  g_return_val_if_fail (id != NULL, NULL);

  name = card_label (card != NULL ? pen_ui_card_name (pen_fate_card_get_name (card)) : id, "pen-fate-card-name");
  gtk_widget_add_css_class (name, pen_card_ink_class (band));
  gtk_widget_add_css_class (name, "pen-card-band");
  box = pen_card_face_new (band, NULL, band, name);
  gtk_widget_add_css_class (box, "pen-fate-card");
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  if (card == NULL)
    return box;
  gtk_widget_add_css_class (box, pen_fate_card_get_kind (card) == PEN_FATE_KIND_PROPHECY ? "pen-fate-prophecy"
                                                                                         : "pen-fate-other");
  gtk_box_append (GTK_BOX (box), card_label (pen_fate_text_type_line (card), "pen-fate-card-kind"));
  gtk_box_append (GTK_BOX (box), card_label (pen_fate_text (card), "pen-fate-card-text"));
  return box;
}

/* ---- The banner of the cards just revealed ---------------------------------- */

static void
remove_cards (GtkWidget *cards)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (cards)) != NULL)
    gtk_box_remove (GTK_BOX (cards), child);
}

/* The cards go with the banner: no hidden piece is left in the layout dump. */
static void
banner_dismiss_cb (GtkButton   *button,
                   GtkRevealer *banner)
{
  gtk_revealer_set_reveal_child (banner, FALSE);
  remove_cards (g_object_get_data (G_OBJECT (banner), "pen-cards"));
}

/* Hidden until a card is revealed; an overlay over the top of the table. */
GtkWidget *
pen_fate_banner_new (void)
{
  GtkWidget *banner = gtk_revealer_new ();
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new (NULL);
  GtkWidget *cards = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *ok = gtk_button_new_with_label (_("OK"));

  gtk_widget_set_name (banner, "fate-banner");
  gtk_widget_set_name (ok, "fate-banner-ok");
  gtk_widget_set_halign (banner, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (banner, GTK_ALIGN_START);
  gtk_widget_set_margin_top (banner, 12);
  gtk_revealer_set_transition_type (GTK_REVEALER (banner), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_widget_add_css_class (box, "pen-fate-banner");
  gtk_widget_add_css_class (box, "osd");
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (text), heading);
  gtk_box_append (GTK_BOX (text), cards);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_valign (ok, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (ok, "pill");
  g_signal_connect_object (ok, "clicked", G_CALLBACK (banner_dismiss_cb), banner, 0);
  pen_layout_tag (ok, "button", "fate-banner-ok", _("OK"));
  gtk_box_append (GTK_BOX (box), ok);
  gtk_revealer_set_child (GTK_REVEALER (banner), box);
  g_object_set_data (G_OBJECT (banner), "pen-heading", heading);
  g_object_set_data (G_OBJECT (banner), "pen-cards", cards);
  return banner;
}

/* Hides @banner and its cards: another game is shown, and what the one
 * before revealed is no news of it. */
void
pen_fate_banner_clear (GtkWidget *banner)
{
  gtk_revealer_set_reveal_child (GTK_REVEALER (banner), FALSE);
  remove_cards (g_object_get_data (G_OBJECT (banner), "pen-cards"));
}

/* Shows on @banner the Prophecies, Goals and Events revealed in @game since
 * it had revealed @n_before Fate cards, joining those it shows. */
void
pen_fate_banner_show_news (GtkWidget *banner,
                           PenGame   *game,
                           guint      n_before)
{
  GtkWidget *heading = g_object_get_data (G_OBJECT (banner), "pen-heading");
  GtkWidget *cards = g_object_get_data (G_OBJECT (banner), "pen-cards");
  guint n_after = pen_game_get_n_fate_reveals (game);
  GtkWidget *child;
  guint shown = 0;

  if (n_after <= n_before)
    return;
  for (guint i = n_before; i < n_after; i++)
    {
      const char *id = pen_game_get_fate_reveal (game, i, NULL);
      const PenFateCard *card = lookup (id);
      g_autofree char *widget_id = g_strdup_printf ("revealed-%s", id);
      g_autofree char *description = pen_fate_card_describe (id);

      /* A Trial goes to the Trial row, where it is seen. */
      if (card == NULL || pen_fate_card_get_kind (card) == PEN_FATE_KIND_TRIAL)
        continue;
      child = pen_fate_card_view_new (id);
      gtk_widget_set_name (child, widget_id);
      pen_layout_tag (child, "fate-card", widget_id, description);
      gtk_box_append (GTK_BOX (cards), child);
    }
  for (child = gtk_widget_get_first_child (cards); child != NULL; child = gtk_widget_get_next_sibling (child))
    shown++;
  for (; shown > BANNER_CARDS; shown--)
    gtk_box_remove (GTK_BOX (cards), gtk_widget_get_first_child (cards));
  if (shown == 0)
    return;
  gtk_label_set_text (GTK_LABEL (heading), ngettext ("Fate card revealed", "Fate cards revealed", shown));
  gtk_revealer_set_reveal_child (GTK_REVEALER (banner), TRUE);
}

/* ---- The last round ---------------------------------------------------------- */

/* "Last round: Song of Overcoming is fulfilled" with the Prophecy's text in
 * its tooltip, or NULL while the end has not been triggered or is over. */
GtkWidget *
pen_fate_last_round_new (PenGame *game)
{
  const char *id = pen_game_get_ending_prophecy (game);
  const PenFateCard *card = lookup (id);
  GtkWidget *label;
  g_autofree char *text = NULL;

  if (card == NULL || pen_game_is_over (game))
    return NULL;
  /* Translators: from the moment a Prophecy is fulfilled until the game
   * ends: "Last round: the Prophecy Unity is fulfilled (All Wizards have
   * passed 3 Trials). Everyone takes one more turn." */
  text = g_strdup_printf (_("Last round: the Prophecy %s is fulfilled (%s). Everyone takes one more turn."),
                          pen_ui_card_name (pen_fate_card_get_name (card)), pen_fate_text (card));
  label = pen_table_heading_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_name (label, "last-round");
  gtk_widget_add_css_class (label, "pen-last-round");
  pen_layout_tag (label, "notice", "last-round", text);
  return label;
}

/* ---- The log ------------------------------------------------------------------ */

/* The Prophecy, Goal or Event whose reveal line @line of the log is, or NULL. */
const char *
pen_fate_revealed_on_line (PenGame *game,
                           guint    line)
{
  for (guint i = 0; i < pen_game_get_n_fate_reveals (game); i++)
    {
      guint reveal_line;
      const char *id = pen_game_get_fate_reveal (game, i, &reveal_line);
      const PenFateCard *card = lookup (id);

      if (reveal_line == line)
        return card != NULL && pen_fate_card_get_kind (card) != PEN_FATE_KIND_TRIAL ? id : NULL;
    }
  return NULL;
}
