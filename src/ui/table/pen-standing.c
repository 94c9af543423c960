/* pen-standing.c: where the game stands, on the table while it is
 * played (issue 41): each side's score now, counted by the engine exactly as
 * the end screen counts it (pen_game_compute_score(), what `penumbra-sim
 * score` prints), as one line beside the turn that opens the breakdown by
 * part; and under each Prophecy and Goal in play, how far each Wizard is from
 * it (pen_game_get_fate_progress()), lit when one step is left. Both are
 * changed in place after every change of the game: labels set anew only when
 * their text changed, nothing rebuilt (the Prophecies' cards are rebuilt by
 * the Fate row only when the cards in play change: it asks for their lines
 * with pen_standing_progress_new()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-standing"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-automa.h"
#include "pen-card-text.h"
#include "pen-fate-deck.h"
#include "pen-layout-dump.h"
#include "pen-region.h"
#include "pen-standing.h"

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

struct _PenStanding
{
  GtkWidget  parent_instance;

  PenGame   *game;                  /* the game shown */
  GtkWidget *standing_button;
  GtkLabel  *score_player;
  GtkLabel  *score_automa;
  GtkGrid   *breakdown;             /* its popover's breakdown */
  GtkLabel  *score_labels[2];       /* "You 23", "Ruby 41": the player, the Automa */
  GtkLabel  *standing_heads[2];     /* the breakdown's sides' names */
  GtkLabel  *standing_cells[2][N_ROWS]; /* and their parts */
  GPtrArray *progress_labels;       /* under each Prophecy and Goal in play, weak: their cards hold them */
};

static void pen_standing_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenStanding, pen_standing, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_standing_region_init))

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

/* "Ruby" in English, "Рубиновая Автома" in Russian: the Automa as a side
 * of the game; "Automa" in a game without one. */
static char *
automa_name (PenGame *game)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  const char *id = pen_game_get_automa_id (game);
  const PenAutomaVariant *variant = automas != NULL && id != NULL ? pen_automas_find (automas, id) : NULL;

  if (variant == NULL)
    return g_strdup (_("Automa"));
  /* Translators: the Automa as a side of the score and of the Prophecies'
   * progress: "Ruby"; the name is an adjective in Russian: "%s Автома" */
  return g_strdup_printf (C_("the Automa as a side", "%s"), pen_ui_card_name (variant->name));
}

static char *
side_name (PenGame *game,
           guint    player)
{
  return player == pen_region_human_player (game) ? g_strdup (_("You")) : automa_name (game);
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

/* The line "You 23 · Ruby 41" beside the turn (its template), and its
 * popover: the rulebook's count part by part, as the end screen shows it. */
static void
standing_init (PenStanding *self)
{
  static const char *parts[N_ROWS] = {
    N_("Arcana"), N_("Trials"), N_("Mortal Wounds"), N_("Experience"), N_("Contracts"),
    N_("Wizard board"), N_("Goals"),
    /* Translators: the row of the live score's breakdown that counts the symbols */
    N_("Light · Darkness"),
    N_("Light and Darkness"), N_("Total"),
  };
  GtkGrid *grid = self->breakdown;

  self->score_labels[0] = self->score_player;
  self->score_labels[1] = self->score_automa;
  self->standing_heads[0] = grid_label (grid, 1, 0, NULL, TRUE);
  self->standing_heads[1] = grid_label (grid, 2, 0, NULL, TRUE);
  for (guint r = 0; r < N_ROWS; r++)
    {
      grid_label (grid, 0, (int) r + 1, _(parts[r]), r == ROW_TOTAL);
      for (guint side = 0; side < 2; side++)
        self->standing_cells[side][r] = grid_label (grid, (int) side + 1, (int) r + 1, NULL, r == ROW_TOTAL);
    }
}

/* A side's column of the breakdown. */
static void
show_breakdown (PenStanding             *self,
                guint                    side,
                guint                    player,
                const PenScoreBreakdown *score)
{
  const int values[N_ROWS] = {
    score->arcana, score->trials, score->mortal_wounds, score->experience, score->contracts,
    score->board, score->goals, 0, score->light_darkness, score->total,
  };
  guint light, darkness;

  g_autofree char *name = side_name (self->game, player);

  set_text (self->standing_heads[side], name);
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
refresh_scores (PenStanding *self)
{
  const guint players[2] = { pen_region_human_player (self->game), pen_game_get_automa_player (self->game) };
  g_autoptr(GString) said = g_string_new (NULL);

  for (guint side = 0; side < 2; side++)
    {
      PenScoreBreakdown score;
      g_autofree char *name = side_name (self->game, players[side]);
      g_autofree char *text = NULL;

      pen_game_compute_score (self->game, players[side], &score);
      /* Translators: one side's score now on the table: "You 23", "Ruby 41" */
      text = g_strdup_printf (_("%s %d"), name, score.total);
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

/* Each Prophecy's and Goal's progress is two lines, the same for every card
 * and kept long enough for the longest (an Automa's name in Russian), so
 * that the cards keep their size all game. */
#define PROGRESS_LINES 2
#define PROGRESS_CHARS 26

/* One side's count, "Ruby 3/4" or, for a Goal, "Ruby +6". */
static char *
side_count (PenStanding           *self,
            const PenFateProgress *progress,
            guint                  player)
{
  g_autofree char *name = side_name (self->game, player);

  if (progress->kind == PEN_FATE_KIND_GOAL)
    /* Translators: what a Goal gives one side now, on its card: "Ruby +6" */
    return g_strdup_printf (_("%s +%u"), name, progress->points[player]);
  if (progress->scope == PEN_PROPHECY_TOTAL)
    /* Translators: one side's count towards a Prophecy that adds them up: "Ruby 2" */
    return g_strdup_printf (_("%s %u"), name, progress->counts[player]);
  /* Translators: one side's count towards a Prophecy and what fulfils it: "Ruby 3/4" */
  return g_strdup_printf (_("%s %u/%u"), name, progress->counts[player], progress->threshold);
}

/* The lines on the card (@lines, and which are lit in @lit: the sign of one
 * step away goes before them) and all they mean in words (@said): the
 * player first, then the Automa. */
static void
describe_progress (PenStanding           *self,
                   const PenFateProgress *progress,
                   char                 **lines,
                   gboolean              *lit,
                   GString               *said)
{
  const guint players[2] = { pen_region_human_player (self->game), pen_game_get_automa_player (self->game) };
  g_autoptr(GString) sides = g_string_new (NULL);
  g_autoptr(GString) next = g_string_new (NULL);

  for (guint s = 0; s < 2 && players[s] < progress->n_wizards; s++)
    {
      g_autofree char *count = side_count (self, progress, players[s]);

      if (sides->len > 0)
        g_string_append (sides, " · ");
      g_string_append (sides, count);
      if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->one_step[players[s]])
        {
          g_autofree char *name = side_name (self->game, players[s]);

          if (next->len > 0)
            g_string_append (next, ", ");
          g_string_append (next, name);
        }
      if (progress->kind == PEN_FATE_KIND_GOAL || progress->scope != PEN_PROPHECY_TOTAL)
        {
          lines[s] = g_steal_pointer (&count);
          lit[s] = progress->kind == PEN_FATE_KIND_PROPHECY && progress->one_step[players[s]];
        }
    }

  if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->scope == PEN_PROPHECY_FATE_DECK_EMPTY)
    {
      lines[0] = g_strdup_printf (ngettext ("%u card left", "%u cards left", progress->total), progress->total);
      lines[1] = g_strdup ("");
      lit[0] = progress->one_step_away;
      lit[1] = FALSE;
      /* Translators: under End of Time: "Fate deck: 9 cards left" */
      g_string_append_printf (said, _("Fate deck: %s"), lines[0]);
      if (progress->one_step_away)
        g_string_append_printf (said, ". %s", _("The next card revealed fulfils it."));
      return;
    }
  if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->scope == PEN_PROPHECY_TOTAL)
    {
      /* Translators: the Wizards' counts added up towards a Prophecy: "In all 2/3" */
      lines[0] = g_strdup_printf (_("In all %u/%u"), progress->total, progress->threshold);
      lines[1] = g_strdup (sides->str);
      lit[0] = progress->one_step_away;
      lit[1] = FALSE;
      g_string_append_printf (said, "%s: %s · %s", pen_fate_text_counter (progress->counter), lines[0], lines[1]);
      if (progress->one_step_away)
        g_string_append_printf (said, ". %s", _("One more fulfils it."));
      return;
    }
  g_string_append_printf (said, "%s: %s", pen_fate_text_counter (progress->counter), sides->str);
  if (progress->kind == PEN_FATE_KIND_GOAL)
    /* Translators: after what a Goal gives each side now */
    g_string_append_printf (said, " %s", _("(points now)"));
  if (next->len > 0)
    {
      g_string_append (said, ". ");
      /* Translators: who would fulfil the Prophecy with one more: "One step away: Ruby." */
      g_string_append_printf (said, _("One step away: %s."), next->str);
    }
}

static void show_progress (PenStanding           *self,
                           GtkWidget             *box,
                           const PenFateProgress *progress);

static void
progress_gone_cb (gpointer  user_data,
                  GObject  *box)
{
  PenStanding *self = user_data;

  g_ptr_array_remove_fast (self->progress_labels, box);
}

static void
show_progress (PenStanding           *self,
               GtkWidget             *box,
               const PenFateProgress *progress)
{
  g_autoptr(GString) said = g_string_new (NULL);
  char *lines[PROGRESS_LINES] = { NULL, NULL };
  gboolean lit[PROGRESS_LINES] = { FALSE, FALSE };
  GtkWidget *label = gtk_widget_get_first_child (box);
  g_autofree char *tag_id = NULL;

  describe_progress (self, progress, lines, lit, said);
  for (guint l = 0; l < PROGRESS_LINES && label != NULL; l++, label = gtk_widget_get_next_sibling (label))
    {
      g_autofree char *shown = lit[l] ? g_strdup_printf ("⚠ %s", lines[l]) : g_strdup (lines[l] != NULL ? lines[l] : "");

      set_text (GTK_LABEL (label), shown);
      /* Lit: bold behind a sign, not a colour only. */
      if (lit[l])
        gtk_widget_add_css_class (label, "pen-progress-next");
      else
        gtk_widget_remove_css_class (label, "pen-progress-next");
      g_free (lines[l]);
    }
  if (progress->kind == PEN_FATE_KIND_PROPHECY && progress->one_step_away)
    gtk_widget_add_css_class (box, "pen-progress-lit");
  else
    gtk_widget_remove_css_class (box, "pen-progress-lit");
  if (g_strcmp0 (gtk_widget_get_tooltip_text (box), said->str) == 0)
    return;
  set_tooltip (box, said->str);
  tag_id = g_strdup_printf ("progress-%s", progress->card);
  pen_layout_tag (box, "progress", tag_id, said->str);
}

static void
refresh_progress (PenStanding *self)
{
  g_autoptr(GArray) progress = pen_game_get_fate_progress (self->game);

  for (guint i = 0; i < self->progress_labels->len; i++)
    {
      GtkWidget *box = g_ptr_array_index (self->progress_labels, i);
      const char *id = g_object_get_data (G_OBJECT (box), "pen-fate-id");

      for (guint k = 0; k < progress->len; k++)
        if (g_strcmp0 (g_array_index (progress, PenFateProgress, k).card, id) == 0)
          {
            show_progress (self, box, &g_array_index (progress, PenFateProgress, k));
            break;
          }
    }
}

/* The scores and the progress, as the game stands now. */
static void
pen_standing_update (PenRegion     *region,
                     PenGame       *game,
                     PenTableModel *model)
{
  PenStanding *self = PEN_STANDING (region);

  g_set_object (&self->game, game);
  if (game == NULL)
    return;
  refresh_scores (self);
  refresh_progress (self);
}

static void
pen_standing_region_init (PenRegionInterface *iface)
{
  iface->update = pen_standing_update;
}

static void
pen_standing_dispose (GObject *object)
{
  PenStanding *self = PEN_STANDING (object);
  GtkWidget *child;

  for (guint i = 0; self->progress_labels != NULL && i < self->progress_labels->len; i++)
    g_object_weak_unref (g_ptr_array_index (self->progress_labels, i), progress_gone_cb, self);
  g_clear_pointer (&self->progress_labels, g_ptr_array_unref);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_STANDING);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_standing_parent_class)->dispose (object);
}

static void
pen_standing_class_init (PenStandingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_standing_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-standing.ui");
  gtk_widget_class_bind_template_child (widget_class, PenStanding, standing_button);
  gtk_widget_class_bind_template_child (widget_class, PenStanding, score_player);
  gtk_widget_class_bind_template_child (widget_class, PenStanding, score_automa);
  gtk_widget_class_bind_template_child (widget_class, PenStanding, breakdown);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pen_standing_init (PenStanding *self)
{
  self->progress_labels = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  standing_init (self);
}


/**
 * pen_standing_progress_new:
 * @self: the standing
 * @card: the piece of a Prophecy or Goal in play (a vertical box)
 * @id: its Fate card's id
 *
 * Puts under @card the lines that say how far each side is from it, filled
 * now and at each update of the standing, as long as @card holds them.
 */
void
pen_standing_progress_new (PenStanding *self,
                           GtkWidget   *card,
                           const char  *id)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autofree char *name = g_strdup_printf ("progress-%s", id);

  gtk_widget_set_name (box, name);
  gtk_widget_add_css_class (box, "pen-fate-progress");
  /* At the foot of the card: the lines of all the cards in play side by
   * side. The card itself does not expand (set, so that its box's
   * expansion goes no further up and the table gives it no more room). */
  gtk_widget_set_vexpand (box, TRUE);
  gtk_widget_set_valign (box, GTK_ALIGN_END);
  gtk_widget_set_vexpand (card, FALSE);
  for (guint l = 0; l < PROGRESS_LINES; l++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      /* Its length is kept whatever it says, so that the card never grows
       * or shrinks during the game (the longest fits: test-standing). */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), PROGRESS_CHARS);
      gtk_label_set_max_width_chars (GTK_LABEL (label), PROGRESS_CHARS);
      gtk_widget_add_css_class (label, "numeric");
      gtk_box_append (GTK_BOX (box), label);
    }
  g_object_set_data_full (G_OBJECT (box), "pen-fate-id", g_strdup (id), g_free);
  gtk_box_append (GTK_BOX (card), box);
  g_ptr_array_add (self->progress_labels, box);
  g_object_weak_ref (G_OBJECT (box), progress_gone_cb, self);
  if (self->game != NULL)
    {
      g_autoptr(GArray) progress = pen_game_get_fate_progress (self->game);

      for (guint k = 0; k < progress->len; k++)
        if (g_strcmp0 (g_array_index (progress, PenFateProgress, k).card, id) == 0)
          show_progress (self, box, &g_array_index (progress, PenFateProgress, k));
    }
}
