/* pen-table-regions.c: the parts of the table filled anew only when their
 * part of the game changed: the Fate deck and the cards in play, the
 * Automa's mat, the Wizard's board, the Threat, and the cards' rows,
 * markets and zones (pen-game-view-cards.c). What each shows is its part of
 * the game's state, kept to compare with the next.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-automa.h"
#include "pen-board-strip.h"
#include "pen-cards.h"
#include "pen-fate-view.h"
#include "pen-piece-id.h"
#include "pen-game-view-private.h"
#include "pen-layout-dump.h"
#include "pen-table-layout.h"
#include "pen-threat-view.h"

/* "A, B, C" from @ids, through @name_of; "none" when empty. */
static char *
join_names (GPtrArray  *ids,
            const char *(*name_of) (const char *id))
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    {
      const char *id = pen_ui_without_path (g_ptr_array_index (ids, i));

      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, id != NULL ? name_of (id) : "?");
    }
  if (text->len == 0)
    return g_strdup (_("none"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
card_name_of_id (const char *id)
{
  const PenCards *cards = pen_cards_get_default (NULL);
  const PenCard *card = cards != NULL ? pen_cards_find (cards, id) : NULL;

  return card != NULL ? pen_ui_card_name (card->name) : id;
}

/* Appends "<b>Title:</b> value" as a line of markup. */
static void
append_line (GString    *markup,
             const char *title,
             const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);
  g_autofree char *heading = pen_table_heading_markup (title);

  if (markup->len > 0)
    g_string_append_c (markup, '\n');
  g_string_append_printf (markup, "%s %s", heading, escaped);
}

/* Sets @markup on @label unless it shows it already: a label set anew is
 * measured anew. */
static void
set_markup (GtkLabel   *label,
            const char *markup)
{
  if (g_strcmp0 (gtk_label_get_label (label), markup) != 0)
    gtk_label_set_markup (label, markup);
}

/* The same for a tooltip, which says all of a label cut short. */
static void
set_tooltip_markup (GtkWidget  *widget,
                    const char *markup)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_markup (widget), markup) != 0)
    gtk_widget_set_tooltip_markup (widget, markup);
}

/* Sapphire's and Amber's Exams, Dungeons and Rituals on their mat (spec §9):
 * how many Exams, which Dungeons (with their points) and Rituals. */
static void
append_automa_content (GString                *markup,
                       PenGame                *game,
                       const PenAutomaVariant *variant)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  static const char *titles[] = { N_("Exams:"), N_("Dungeons:"), N_("Rituals:") };

  if (automas == NULL || variant == NULL || !pen_automa_variant_uses_content (variant))
    return;
  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      GPtrArray *taken = pen_game_get_automa_taken (game, k);
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; k != PEN_AUTOMA_EXAM && i < taken->len; i++)
        {
          const PenAutomaContentCard *card = pen_automas_find_content (automas, k, g_ptr_array_index (taken, i));

          if (card == NULL)
            continue;
          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append (text, pen_ui_card_name (card->name));
          if (k == PEN_AUTOMA_DUNGEON)
            g_string_append_printf (text, " (%u)", card->points);
        }
      if (k == PEN_AUTOMA_EXAM)
        g_string_append_printf (text, "%u", taken->len);
      append_line (markup, _(titles[k]), text->len > 0 ? text->str : _("none"));
    }
}

/* A player's Contracts and Trials, on their mat. */
static void
append_quests (GString *markup,
               PenGame *game,
               guint    player)
{
  g_autofree char *fulfilled = join_names (pen_game_get_fulfilled_contracts (game, player), pen_ui_contract_name);
  g_autofree char *reserved = join_names (pen_game_get_reserved_contracts (game, player), pen_ui_contract_name);
  g_autofree char *passed = join_names (pen_game_get_passed_trials (game, player), pen_ui_fate_card_name);

  append_line (markup, _("Contracts fulfilled:"), fulfilled);
  append_line (markup, _("Contracts reserved:"), reserved);
  append_line (markup, _("Trials passed:"), passed);
}

/* The Automa's mat: its title (and a "?" to its rules), what it holds, its
 * board; each changed only where what it shows changed. */
void
pen_table_refresh_automa (PenGameView *self)
{
  guint automa = pen_game_get_automa_player (self->game);
  PenWizardBoard *board = pen_game_get_player (self->game, automa);
  const PenAutomas *automas = pen_automas_get_default (NULL);
  const PenAutomaVariant *variant = automas != NULL
    ? pen_automas_find (automas, pen_game_get_automa_id (self->game)) : NULL;
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autoptr(GString) equipment = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *topic = g_strdup_printf ("automa-%s", pen_game_get_automa_id (self->game));
  GtkWidget *last = gtk_widget_get_last_child (GTK_WIDGET (self->automa_heading));
  static const char *cell_names[] = { N_("Conductor"), N_("Pendant"), N_("Mantle"), N_("Ring") };

  /* Translators: "Automa: Jasper · Level 4 · Arcana 6" */
  title = g_strdup_printf (_("Automa: %s · Level %u · Arcana %u"),
                           variant != NULL ? pen_ui_card_name (variant->name) : "?",
                           pen_game_get_automa_level (self->game),
                           pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_ARCANA));
  if (g_strcmp0 (gtk_label_get_text (self->automa_title), title) != 0)
    {
      gtk_label_set_text (self->automa_title, title);
      pen_layout_tag (self->automa_mat, "automa", "automa", title);
    }
  /* "?": how this Automa plays. */
  if (last == GTK_WIDGET (self->automa_title)
      || g_strcmp0 (g_object_get_data (G_OBJECT (last), "pen-rule-topic"), topic) != 0)
    {
      GtkWidget *link;

      if (last != GTK_WIDGET (self->automa_title))
        gtk_box_remove (self->automa_heading, last);
      link = pen_table_rule_link_new (self, topic, gtk_label_new ("?"));
      if (link != NULL)
        gtk_box_append (self->automa_heading, link);
    }

  append_line (markup, _("Worldview:"), pen_game_get_automa_light (self->game) ? _("Light") : _("Darkness"));
  append_quests (markup, self->game, automa);
  /* Its four cells on two lines, however many cards they hold: the label
   * is not wrapped but cut short (its tooltip says all), so that the mat
   * keeps its height and the table is not scaled again. */
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS && c < G_N_ELEMENTS (cell_names); c++)
    {
      g_autofree char *cards = join_names (pen_game_get_automa_cell (self->game, c), card_name_of_id);

      if (c % 2 == 1)
        g_string_append (equipment, " · ");
      else if (c > 0)
        g_string_append_c (equipment, '\n');
      /* Translators: an Automa's Equipment cell and its cards: "Ring: Acorn Ring" */
      g_string_append_printf (equipment, _("%s: %s"), _(cell_names[c]), cards);
    }
  append_line (markup, _("Equipment:"), equipment->str);
  append_automa_content (markup, self->game, variant);
  pen_board_strip_show (self->automa_board, self->game, automa);
  set_markup (self->automa_label, markup->str);
  set_tooltip_markup (GTK_WIDGET (self->automa_label), markup->str);
}

/* The player's Wizard board (its Mark cells and Ingredients open their
 * actions on a click) and what they hold. */
void
pen_table_refresh_wizard (PenGameView *self)
{
  guint me = pen_table_human_player (self->game);
  PenWizardBoard *board = pen_game_get_player (self->game, me);
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *wounds = NULL;

  if (pen_board_strip_show (self->wizard_board, self->game, me))
    {
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        {
          g_autofree char *id = pen_piece_id_mark (me, (int) c);

          pen_table_make_piece_active (self, GTK_WIDGET (self->wizard_board), "mark-cell", id);
        }
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          g_autofree char *id = pen_piece_id_ingredient (i);

          pen_table_make_piece_active (self, GTK_WIDGET (self->wizard_board), "ingredient", id);
        }
    }
  append_quests (markup, self->game, me);
  wounds = g_strdup_printf ("%u", pen_wizard_board_get_mortal_wounds (board));
  append_line (markup, _("Mortal Wounds:"), wounds);
  /* A line too long is cut short, not wrapped (the tooltip says all). */
  set_markup (self->wizard_label, markup->str);
  set_tooltip_markup (GTK_WIDGET (self->wizard_label), markup->str);
}

/* The Threat: its dice, "?" until rolled, and what each did; each opens
 * what can be done with it (one a card adjusts is lit as the answer the
 * card's effect waits for: pen_table_light_answers()). Small, and what it shows is the engine's transient
 * state: filled anew every time. */
void
pen_table_refresh_threat (PenGameView *self)
{
  pen_table_remove_children (GTK_WIDGET (self->threat_box));
  /* Shown empty as well: its room is kept (.pen-threat-row). */
  pen_threat_view_fill (self->threat_box, self->game, pen_table_human_player (self->game), PLACED_DIE_SIZE);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->threat_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pen_table_make_piece_active (self, child, "die", gtk_widget_get_name (child));
}

/* The player's zones, filled anew only when its cards changed (the
 * markets, the Trial and Contract rows: pen-markets-view.c, pen-fate-row.c). */
void
pen_table_refresh_cards (PenGameView *self)
{
  guint me = pen_table_human_player (self->game);
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < pen_game_get_n_cards (self->game, me); i++)
    {
      PenZone zone;
      gboolean rotated;
      const PenCard *card = pen_game_get_owned_card (self->game, me, i, &zone, &rotated);

      g_string_append_printf (key, "%s:%d:%d;", card->id, zone, rotated);
    }
  if (pen_table_model_region_changed (&self->model, PEN_TABLE_ZONES, key))
    {
      pen_table_remove_children (GTK_WIDGET (self->cards_box));
      pen_game_view_cards_fill_zones (self->cards_box, self->game, me, NULL);
    }
}
