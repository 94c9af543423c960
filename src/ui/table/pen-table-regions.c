/* pen-table-regions.c: the parts of the table filled anew only when their
 * part of the game changed: the Fate deck and the cards in play, and the
 * cards' rows and markets (pen-game-view-cards.c). What each shows is its part of
 * the game's state, kept to compare with the next.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-fate-view.h"
#include "pen-piece-id.h"
#include "pen-game-view-private.h"
#include "pen-layout-dump.h"
#include "pen-table-layout.h"

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

static const char *
or_empty (const char *id)
{
  return id != NULL ? id : "";
}

/* Appends @ids to @key. */
static void
key_append_ids (GString   *key,
                GPtrArray *ids)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    g_string_append_printf (key, "%s,", (const char *) g_ptr_array_index (ids, i));
  g_string_append_c (key, ';');
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

/* The Prophecies and Goals in play, a card each, and the last round once
 * announced: filled anew only when they changed. */
static void
refresh_in_play (PenGameView *self)
{
  GPtrArray *in_play = pen_game_get_in_play (self->game);
  GString *key = g_string_new (NULL);
  GtkWidget *label;

  key_append_ids (key, in_play);
  g_string_append_printf (key, "%d;%d;%d", pen_game_get_final_turns_left (self->game),
                          pen_game_get_end_triggered_this_turn (self->game), pen_game_is_over (self->game));
  if (!pen_table_model_region_changed (&self->model, PEN_TABLE_IN_PLAY, key))
    return;
  pen_table_remove_children (GTK_WIDGET (self->in_play_box));
  g_ptr_array_set_size (self->progress_labels, 0);
  /* Translators: the Prophecies and Goals in play */
  label = pen_table_heading_new (_("In play:"));
  gtk_box_append (self->in_play_box, label);
  for (guint i = 0; i < in_play->len; i++)
    {
      const char *id = pen_ui_without_path (g_ptr_array_index (in_play, i));
      GtkWidget *card;
      g_autofree char *widget_id = NULL;
      g_autofree char *description = NULL;

      if (id == NULL)
        continue;
      card = pen_fate_card_view_new (id);
      widget_id = pen_piece_id_fate (id);
      description = pen_fate_card_describe (id);
      gtk_widget_set_name (card, widget_id);
      pen_layout_tag (card, "fate-card", widget_id, description);
      /* How far each side is from it: filled by pen_table_refresh_standing(). */
      pen_table_progress_new (self, card, id);
      gtk_box_append (self->in_play_box, card);
    }
  label = pen_fate_last_round_new (self->game);
  if (label != NULL)
    gtk_box_prepend (self->in_play_box, label);
}

void
pen_table_refresh_common (PenGameView *self)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *fate = NULL;

  fate = g_strdup_printf (ngettext ("%u card left", "%u cards left", pen_game_get_fate_remaining (self->game)),
                          pen_game_get_fate_remaining (self->game));
  append_line (markup, _("Fate deck:"), fate);

  refresh_in_play (self);
  set_markup (self->common_label, markup->str);
}

/* The cards' rows and markets, each filled anew only when its cards
 * changed (the player's zones are on their mat: pen-wizard-view.c). */
void
pen_table_refresh_cards (PenGameView *self)
{
  GString *key = g_string_new (NULL);

  for (guint d = 0; d < PEN_N_DECKS; d++)
    g_string_append_printf (key, "%s,%s;", or_empty (pen_game_get_market_card (self->game, d, 0)),
                            or_empty (pen_game_get_market_card (self->game, d, 1)));
  if (pen_table_model_region_changed (&self->model, PEN_TABLE_MARKETS, key))
    {
      pen_table_remove_children (GTK_WIDGET (self->markets_box));
      pen_game_view_cards_fill_markets (self->markets_box, self->game, &self->cards_host);
    }
  key = g_string_new (NULL);
  key_append_ids (key, pen_game_get_trial_row (self->game));
  for (guint slot = 0; slot < PEN_N_CONTRACT_SLOTS; slot++)
    g_string_append_printf (key, "%s,", or_empty (pen_game_get_contract (self->game, slot)));
  if (pen_table_model_region_changed (&self->model, PEN_TABLE_QUESTS, key))
    {
      pen_table_remove_children (GTK_WIDGET (self->quests_grid));
      pen_game_view_cards_fill_quests (self->quests_grid, self->game, &self->cards_host);
    }
}
