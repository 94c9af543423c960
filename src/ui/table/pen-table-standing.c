/* pen-table-standing.c: where the game stands, on the table while it is
 * played (issue 41): each side's score now, counted by the engine exactly as
 * the end screen counts it (pen_game_compute_score(), what `penumbra-sim
 * score` prints), as one line beside the turn that opens the breakdown by
 * part; and under each Prophecy and Goal in play, how far each Wizard is from
 * it (pen_game_get_fate_progress()), lit when one step is left. Both are
 * changed in place after every change of the game: labels set anew only when
 * their text changed, nothing rebuilt (the Prophecies' cards are rebuilt by
 * pen-table-regions.c only when the cards in play change).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-automa.h"
#include "pen-card-text.h"
#include "pen-fate-deck.h"
#include "pen-game-view-private.h"
#include "pen-layout-dump.h"

/* The rows of the breakdown, in the end screen's order. */
enum
{
  ROW_ARCANA,
  ROW_TRIALS,
  ROW_MORTAL_WOUNDS,
  ROW_EXPERIENCE,
  ROW_CONTRACTS,
  ROW_BOARD,
  ROW_GOALS,
  ROW_LIGHT_DARKNESS_COUNT,
  ROW_LIGHT_DARKNESS,
  ROW_TOTAL,
  N_ROWS
};

static void
set_text (GtkLabel   *label,
          const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
    gtk_label_set_text (label, text);
}

static void
set_tooltip (GtkWidget  *widget,
             const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) != 0)
    {
      gtk_widget_set_tooltip_text (widget, text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
}

/* "Ruby", the Automa's name; "Automa" in a game without one. */
static const char *
automa_name (PenGame *game)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  const char *id = pen_game_get_automa_id (game);
  const PenAutomaVariant *variant = automas != NULL && id != NULL ? pen_automas_find (automas, id) : NULL;

  return variant != NULL ? pen_ui_card_name (variant->name) : _("Automa");
}

static const char *
side_name (PenGame *game,
           guint    player)
{
  return player == pen_table_human_player (game) ? _("You") : automa_name (game);
}

static GtkLabel *
grid_label (GtkGrid    *grid,
            int         column,
            int         row,
            const char *text,
            gboolean    heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 1);
  if (column > 0)
    gtk_widget_add_css_class (label, "numeric");
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return GTK_LABEL (label);
}

/* The line "You 23 · Ruby 41" beside the turn, and its popover: the
 * rulebook's count part by part, as the end screen shows it. */
void
pen_table_standing_init (PenGameView *self)
{
  static const char *parts[N_ROWS] = {
    N_("Arcana"), N_("Trials"), N_("Mortal Wounds"), N_("Experience"), N_("Contracts"),
    N_("Wizard board"), N_("Goals"),
    /* Translators: the row of the live score's breakdown that counts the symbols */
    N_("Light · Darkness"),
    N_("Light and Darkness"), N_("Total"),
  };
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (_("Score now"));
  GtkWidget *note;
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  self->standing_button = gtk_menu_button_new ();
  gtk_widget_set_name (self->standing_button, "standing");
  gtk_widget_add_css_class (self->standing_button, "flat");
  gtk_widget_add_css_class (self->standing_button, "pen-standing");
  gtk_widget_set_halign (self->standing_button, GTK_ALIGN_START);
  for (guint side = 0; side < 2; side++)
    {
      self->score_labels[side] = GTK_LABEL (gtk_label_new (NULL));
      gtk_widget_add_css_class (GTK_WIDGET (self->score_labels[side]), "heading");
      gtk_widget_add_css_class (GTK_WIDGET (self->score_labels[side]), "numeric");
      if (side == 1)
        gtk_box_append (GTK_BOX (line), gtk_label_new ("·"));
      gtk_box_append (GTK_BOX (line), GTK_WIDGET (self->score_labels[side]));
    }
  gtk_widget_set_name (GTK_WIDGET (self->score_labels[0]), "score-now-player");
  gtk_widget_set_name (GTK_WIDGET (self->score_labels[1]), "score-now-automa");
  gtk_menu_button_set_child (GTK_MENU_BUTTON (self->standing_button), line);

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);
  gtk_grid_set_column_spacing (grid, 18);
  gtk_grid_set_row_spacing (grid, 3);
  self->standing_heads[0] = grid_label (grid, 1, 0, NULL, TRUE);
  self->standing_heads[1] = grid_label (grid, 2, 0, NULL, TRUE);
  for (guint r = 0; r < N_ROWS; r++)
    {
      grid_label (grid, 0, (int) r + 1, _(parts[r]), r == ROW_TOTAL);
      for (guint side = 0; side < 2; side++)
        self->standing_cells[side][r] = grid_label (grid, (int) side + 1, (int) r + 1, NULL, r == ROW_TOTAL);
    }
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));
  note = gtk_label_new (_("Counted as at the end of the game, if it ended now."));
  gtk_widget_add_css_class (note, "dim-label");
  gtk_widget_add_css_class (note, "caption");
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (note), 36);
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_box_append (GTK_BOX (box), note);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->standing_button), popover);
  gtk_box_append (self->standing_box, self->standing_button);
}

/* A side's column of the breakdown. */
static void
show_breakdown (PenGameView             *self,
                guint                    side,
                guint                    player,
                const PenScoreBreakdown *score)
{
  const int values[N_ROWS] = {
    score->arcana, score->trials, score->mortal_wounds, score->experience, score->contracts,
    score->board, score->goals, 0, score->light_darkness, score->total,
  };
  guint light, darkness;

  set_text (self->standing_heads[side], side_name (self->game, player));
  for (guint r = 0; r < N_ROWS; r++)
    {
      g_autofree char *text = NULL;

      if (r == ROW_LIGHT_DARKNESS_COUNT)
        {
          pen_game_get_light_darkness (self->game, player, &light, &darkness);
          text = g_strdup_printf ("%u · %u", light, darkness);
        }
      else
        text = g_strdup_printf ("%d", values[r]);
      set_text (self->standing_cells[side][r], text);
    }
}

static void
refresh_scores (PenGameView *self)
{
  const guint players[2] = { pen_table_human_player (self->game), pen_game_get_automa_player (self->game) };
  g_autoptr(GString) said = g_string_new (NULL);

  for (guint side = 0; side < 2; side++)
    {
      PenScoreBreakdown score;
      g_autofree char *text = NULL;

      pen_game_compute_score (self->game, players[side], &score);
      /* Translators: one side's score now on the table: "You 23", "Ruby 41" */
      text = g_strdup_printf (_("%s %d"), side_name (self->game, players[side]), score.total);
      if (g_strcmp0 (gtk_label_get_text (self->score_labels[side]), text) != 0)
        {
          gtk_label_set_text (self->score_labels[side], text);
          pen_layout_tag (GTK_WIDGET (self->score_labels[side]), "score", side == 0 ? "score-player" : "score-automa",
                          text);
        }
      if (said->len > 0)
        g_string_append (said, ", ");
      g_string_append (said, text);
      show_breakdown (self, side, players[side], &score);
    }
  {
    /* Translators: the tooltip of the live score: "Score now: You 23, Ruby 41. Click for the breakdown." */
    g_autofree char *tooltip = g_strdup_printf (_("Score now: %s. Click for the count by part."), said->str);

    set_tooltip (self->standing_button, tooltip);
  }
}

/* ---- Prophecies and Goals ---------------------------------------------- */

/* One Wizard's part of the line, "Ruby 3/4" or, for a Goal, "Ruby +6". */
static void
append_side (GString               *line,
             PenGameView           *self,
             const PenFateProgress *progress,
             guint                  player,
             const char            *separator)
{
  const char *name = side_name (self->game, player);

  if (line->len > 0)
    g_string_append (line, separator);
  if (progress->kind == PEN_FATE_KIND_GOAL)
    /* Translators: what a Goal gives one side now, on its card: "Ruby +6" */
    g_string_append_printf (line, _("%s +%u"), name, progress->points[player]);
  else if (progress->scope == PEN_PROPHECY_TOTAL)
    /* Translators: one side's count towards a Prophecy that adds them up: "Ruby 2" */
    g_string_append_printf (line, _("%s %u"), name, progress->counts[player]);
  else
    /* Translators: one side's count towards a Prophecy and what fulfils it: "Ruby 3/4" */
    g_string_append_printf (line, _("%s %u/%u"), name, progress->counts[player], progress->threshold);
}

/* The line on the card (@shown) and all it means in words (@said): the
 * player first, then the Automa. */
static void
describe_progress (PenGameView           *self,
                   const PenFateProgress *progress,
                   GString               *shown,
                   GString               *said)
{
  const guint players[2] = { pen_table_human_player (self->game), pen_game_get_automa_player (self->game) };

  if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->scope == PEN_PROPHECY_FATE_DECK_EMPTY)
    {
      g_string_append_printf (shown, ngettext ("%u card left", "%u cards left", progress->total), progress->total);
      /* Translators: under End of Time: "Fate deck: 9 cards left" */
      g_string_append_printf (said, _("Fate deck: %s"), shown->str);
      if (progress->one_step_away)
        g_string_append_printf (said, " %s", _("The next card revealed fulfils it."));
    }
  else if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->scope == PEN_PROPHECY_TOTAL)
    {
      for (guint s = 0; s < 2 && players[s] < progress->n_wizards; s++)
        append_side (shown, self, progress, players[s], " + ");
      /* Translators: the total towards a Prophecy that adds the Wizards' counts up: "You 1 + Ruby 1 = 2/3" */
      g_string_append_printf (shown, _(" = %u/%u"), progress->total, progress->threshold);
      g_string_append_printf (said, "%s: %s", pen_fate_text_counter (progress->counter), shown->str);
      if (progress->one_step_away)
        g_string_append_printf (said, " %s", _("One more fulfils it."));
    }
  else
    {
      g_autoptr(GString) next = g_string_new (NULL);

      for (guint s = 0; s < 2 && players[s] < progress->n_wizards; s++)
        {
          append_side (shown, self, progress, players[s], " · ");
          if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->one_step[players[s]])
            {
              if (next->len > 0)
                g_string_append (next, ", ");
              g_string_append (next, side_name (self->game, players[s]));
            }
        }
      g_string_append_printf (said, "%s: %s", pen_fate_text_counter (progress->counter), shown->str);
      if (progress->kind == PEN_FATE_KIND_GOAL)
        /* Translators: after what a Goal gives each side now */
        g_string_append_printf (said, " %s", _("(points now)"));
      if (next->len > 0)
        {
          g_string_append_c (said, ' ');
          /* Translators: who would fulfil the Prophecy with one more: "One step away: Ruby." */
          g_string_append_printf (said, _("One step away: %s."), next->str);
        }
    }
  if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->one_step_away)
    /* Lit: a sign, not a colour only (with the bold of .pen-progress-next). */
    g_string_prepend (shown, "⚠ ");
}

/**
 * pen_table_progress_new:
 * @card: the piece of a Prophecy or Goal in play (a vertical box)
 * @id: its Fate card's id
 *
 * Puts under @card the line that says how far each side is from it, filled
 * by pen_table_refresh_standing().
 */
void
pen_table_progress_new (PenGameView *self,
                        GtkWidget   *card,
                        const char  *id)
{
  GtkWidget *label = gtk_label_new (NULL);
  g_autofree char *name = g_strdup_printf ("progress-%s", id);

  gtk_widget_set_name (label, name);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Its length is kept whatever it says (an ellipsis; the tooltip says
   * all), so that the card never grows or shrinks during the game. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 18);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
  gtk_widget_add_css_class (label, "pen-fate-progress");
  gtk_widget_add_css_class (label, "numeric");
  g_object_set_data_full (G_OBJECT (label), "pen-fate-id", g_strdup (id), g_free);
  gtk_box_append (GTK_BOX (card), label);
  g_ptr_array_add (self->progress_labels, label);
}

static void
refresh_progress (PenGameView *self)
{
  g_autoptr(GArray) progress = pen_game_get_fate_progress (self->game);

  for (guint i = 0; i < self->progress_labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (self->progress_labels, i);
      const char *id = g_object_get_data (G_OBJECT (label), "pen-fate-id");

      for (guint k = 0; k < progress->len; k++)
        {
          const PenFateProgress *one = &g_array_index (progress, PenFateProgress, k);
          g_autoptr(GString) shown = NULL, said = NULL;
          g_autofree char *tag_id = NULL;

          if (g_strcmp0 (one->card, id) != 0)
            continue;
          shown = g_string_new (NULL);
          said = g_string_new (NULL);
          describe_progress (self, one, shown, said);
          if (g_strcmp0 (gtk_label_get_text (label), shown->str) == 0
              && g_strcmp0 (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), said->str) == 0)
            break;
          set_text (label, shown->str);
          set_tooltip (GTK_WIDGET (label), said->str);
          if (one->kind == PEN_FATE_KIND_PROPHECY && one->one_step_away)
            gtk_widget_add_css_class (GTK_WIDGET (label), "pen-progress-next");
          else
            gtk_widget_remove_css_class (GTK_WIDGET (label), "pen-progress-next");
          tag_id = g_strdup_printf ("progress-%s", id);
          pen_layout_tag (GTK_WIDGET (label), "progress", tag_id, said->str);
          break;
        }
    }
}

/* The scores and the progress, as the game stands now. */
void
pen_table_refresh_standing (PenGameView *self)
{
  refresh_scores (self);
  refresh_progress (self);
}
