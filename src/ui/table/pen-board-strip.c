/* pen-board-strip.c: a Wizard board in pictures: the Mark cells with their
 * state and Rest effects, the Ingredients, the experience symbols, Light and
 * Darkness. The player's board and the Automa's are drawn alike. Built once
 * per printed board (another game on the same board keeps it); each
 * later change of the board changes only the pieces that show it (a count's
 * number, a Mark cell's Mark), so the pieces stay the same widgets, their
 * gestures with them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-board-strip"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-piece-id.h"
#include "pen-board-strip.h"
#include "pen-layout-dump.h"
#include "pen-table-layout.h"

#define SYMBOL_SIZE 22
#define REST_SYMBOL_SIZE 12
#define N_COUNTS (PEN_N_INGREDIENTS + PEN_N_EXPERIENCES + 2)

/* A symbol and its number. */
typedef struct
{
  GtkWidget  *box;
  GtkLabel   *label;
  const char *name;
  const char *kind;   /* its layout tag's kind, or NULL */
  char       *id;
  int         shown;  /* the count shown, or -1 */
} Count;

/* A Mark cell: its frame (the piece) and the parts a Mark changes. */
typedef struct
{
  GtkWidget *column;
  GtkWidget *frame;
  GtkWidget *slot;    /* the Mark's symbol, or its empty place */
  GtkWidget *thread;  /* the Rest effects over the cell, in the Mark's colour */
  PenMark    shown;
  guint      shown_player;   /* its layout id names the player's seat */
  gboolean   has_shown;
} MarkCell;

/* What the strip is built for: another game on the same printed board, a
 * player's or the Automa's, keeps it (in whichever seat). */
typedef struct
{
  const PenBoardDef *def;
  gboolean           human;
  MarkCell           cells[PEN_N_MARK_CELLS];
  Count              counts[N_COUNTS];
  GtkWidget         *start;        /* the Rest thread's start */
  GtkWidget         *rows[2];      /* the Ingredients; experience, Light and Darkness */
  GtkLabel          *fate_points;  /* what Light and Darkness score now */
  int                fate_shown;   /* the points it shows, or G_MININT */
  guint              fate_light;   /* and the counts its tooltip says */
  guint              fate_darkness;
} Strip;

static void
strip_free (Strip *strip)
{
  for (guint i = 0; i < N_COUNTS; i++)
    g_free (strip->counts[i].id);
  g_free (strip);
}

static void
count_init (Count      *count,
            const char *symbol,
            const char *colour,
            const char *name)
{
  count->box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  count->label = GTK_LABEL (gtk_label_new (NULL));
  count->name = name;
  count->shown = -1;
  gtk_box_append (GTK_BOX (count->box), pen_art_symbol_picture (symbol, colour, SYMBOL_SIZE));
  gtk_widget_add_css_class (GTK_WIDGET (count->label), "numeric");
  gtk_box_append (GTK_BOX (count->box), GTK_WIDGET (count->label));
}

static void
count_show (Count *count,
            guint  value)
{
  g_autofree char *number = NULL;
  g_autofree char *tooltip = NULL;

  if (count->shown == (int) value)
    return;
  count->shown = value;
  number = g_strdup_printf ("%u", value);
  /* Translators: a count in a tooltip: "Blood: 3" */
  tooltip = g_strdup_printf (_("%s: %u"), count->name, value);
  gtk_label_set_text (count->label, number);
  gtk_widget_set_tooltip_text (count->box, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (count->box), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  if (value == 0)
    gtk_widget_add_css_class (count->box, "dim-label");
  else
    gtk_widget_remove_css_class (count->box, "dim-label");
  if (count->kind != NULL)
    pen_layout_tag (count->box, count->kind, count->id, tooltip);
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
  GtkWidget *row = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);

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
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);
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
 * none. What a Mark changes is shown by mark_cell_show(). */
static void
mark_cell_init (MarkCell       *cell,
                PenWizardBoard *board,
                guint           c,
                gboolean        with_effect)
{
  const PenMarkCellDef *def = &pen_wizard_board_get_def (board)->mark_cells[c];
  GtkWidget *costs = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  g_autofree char *value = g_strdup_printf ("%u", def->die_value);
  GtkWidget *die = gtk_label_new (value);

  cell->column = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 2);
  cell->frame = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 1);
  cell->has_shown = FALSE;
  gtk_widget_add_css_class (cell->frame, "pen-mark-cell");
  /* The Threat die value that wounds the Mark, as a little Threat die. */
  gtk_widget_add_css_class (die, "pen-wound-value");
  gtk_widget_set_halign (die, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (cell->frame), die);
  cell->slot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_halign (cell->slot, GTK_ALIGN_CENTER);
  /* Where the Mark would be, so that every cell's effect sits as low. */
  gtk_widget_add_css_class (cell->slot, "pen-mark-slot");
  gtk_box_append (GTK_BOX (cell->frame), cell->slot);
  if (with_effect)
    {
      GtkWidget *effect = gtk_label_new (effect_word (def->effect));

      gtk_widget_add_css_class (effect, "caption");
      gtk_box_append (GTK_BOX (cell->frame), effect);
    }
  gtk_widget_set_halign (costs, GTK_ALIGN_CENTER);
  if (!pen_wizard_board_is_spark_cell (c))
    gtk_box_append (GTK_BOX (costs), number_with_symbol (def->arcana, "amethyst",
                                                         pen_art_discipline_colour (PEN_DISCIPLINE_AMETHYST)));
  gtk_box_append (GTK_BOX (costs), number_with_symbol (def->points, "points", "#c88800"));
  gtk_box_append (GTK_BOX (cell->frame), costs);
  gtk_box_append (GTK_BOX (cell->column), cell->frame);
}

static void
mark_cell_show (MarkCell       *cell,
                PenWizardBoard *board,
                guint           player,
                guint           c,
                gboolean        with_effect)
{
  const PenMark *mark = pen_wizard_board_get_mark (board, c);
  const PenMarkCellDef *def = &pen_wizard_board_get_def (board)->mark_cells[c];
  gboolean spark = pen_wizard_board_is_spark_cell (c);
  g_autoptr(GString) tooltip = g_string_new (NULL);
  g_autofree char *id = pen_piece_id_mark (player, (int) c);
  const char *colour = NULL;
  GtkWidget *child;
  static const char *state_classes[] = { "pen-mark-charged", "pen-mark-discharged", "pen-mark-wounded" };

  if (cell->has_shown && cell->shown.occupied == mark->occupied
      && (!mark->occupied || (cell->shown.discipline == mark->discipline && cell->shown.state == mark->state)))
    {
      /* The same Mark in another seat: only its layout id says so. */
      if (cell->shown_player != player)
        {
          const char *kind, *shown_id, *label;

          pen_layout_get_tag (cell->frame, &kind, &shown_id, &label);
          pen_layout_tag (cell->frame, "mark-cell", id, label);
          cell->shown_player = player;
        }
      return;
    }
  cell->shown = *mark;
  cell->shown_player = player;
  cell->has_shown = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (state_classes); i++)
    gtk_widget_remove_css_class (cell->frame, state_classes[i]);
  gtk_widget_remove_css_class (cell->frame, "pen-mark-empty");
  while ((child = gtk_widget_get_first_child (cell->slot)) != NULL)
    gtk_box_remove (GTK_BOX (cell->slot), child);
  if (mark->occupied)
    {
      const char *name = spark ? _("Spark") : pen_discipline_get_name (mark->discipline);

      colour = spark ? "#c88800" : pen_art_discipline_colour (mark->discipline);
      gtk_box_append (GTK_BOX (cell->slot),
                      pen_art_symbol_picture (spark ? "spark" : pen_discipline_get_id (mark->discipline),
                                              colour, SYMBOL_SIZE));
      gtk_widget_add_css_class (cell->frame, state_classes[mark->state]);
      /* Translators: a Mark's tooltip: "Ruby Mark: charged" */
      g_string_append_printf (tooltip, _("%s Mark: %s"), name, pen_ui_mark_state_name (mark->state));
    }
  else
    {
      gtk_widget_add_css_class (cell->frame, "pen-mark-empty");
      g_string_append (tooltip, _("An empty Mark cell"));
    }
  /* Translators: a Mark cell's tooltip: the Threat die value that wounds its Mark */
  g_string_append_printf (tooltip, _("\nWounded by a Threat die of %u"), def->die_value);
  if (with_effect)
    /* Translators: a Mark cell's effect, in its tooltip */
    g_string_append_printf (tooltip, _("\nMark effect: %s"), pen_mark_effect_get_name (def->effect));
  if (!spark)
    /* Translators: a Mark cell's Arcana cost, in its tooltip */
    g_string_append_printf (tooltip, _("\nArcana a Mark here costs: %u"), def->arcana);
  /* Translators: a Mark cell's points, in its tooltip */
  g_string_append_printf (tooltip, _("\nVictory points: %u"), def->points);
  if (def->n_rest > 0)
    {
      g_autofree char *rest = rest_effects_text (def->rest, def->n_rest);

      /* Translators: a Mark cell's Rest effects, in its tooltip */
      g_string_append_printf (tooltip, _("\nOn Rest: %s"), rest);
    }

  /* The Rest effect that gains a die of the Mark's colour shows it. */
  if (cell->thread != NULL)
    gtk_box_remove (GTK_BOX (cell->column), cell->thread);
  cell->thread = rest_row (def->rest, def->n_rest, colour);
  gtk_box_prepend (GTK_BOX (cell->column), cell->thread);

  gtk_widget_set_tooltip_text (cell->frame, tooltip->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (cell->frame), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip->str, -1);
  pen_layout_tag (cell->frame, "mark-cell", id, tooltip->str);
}

static void
strip_build (GtkBox         *box,
             Strip          *strip,
             PenWizardBoard *board)
{
  static const char *experience_symbols[] = { "monsters", "magical-beasts", "wilds", "mystic", "wizards", "society" };
  gboolean human = strip->human;
  const PenBoardDef *def = strip->def;
  g_autofree char *rest = rest_effects_text (def->thread_start, def->n_thread_start);
  /* Translators: the tooltip of the Rest thread's start, left of the Mark cells */
  g_autofree char *tooltip = g_strdup_printf (_("Every Rest: %s; each Mark that is not wounded adds the effects over its cell."), rest);
  GtkWidget *marks = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *start = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *heading = gtk_label_new (_("Rest"));
  GtkWidget *counts = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  Count *count = strip->counts;

  gtk_widget_add_css_class (heading, "caption-heading");
  gtk_box_append (GTK_BOX (start), rest_row (def->thread_start, def->n_thread_start, NULL));
  gtk_box_append (GTK_BOX (start), heading);
  gtk_widget_set_tooltip_text (start, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_box_append (GTK_BOX (marks), start);
  strip->start = start;
  gtk_accessible_update_property (GTK_ACCESSIBLE (marks), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Marks"), -1);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      mark_cell_init (&strip->cells[c], board, c, human);
      /* The cells share the mat's width: the more room, the larger. */
      gtk_widget_set_hexpand (strip->cells[c].column, TRUE);
      gtk_box_append (GTK_BOX (marks), strip->cells[c].column);
    }
  gtk_box_append (box, marks);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++, count++)
    {
      count_init (count, pen_discipline_get_id (i), pen_art_discipline_colour (i), pen_ingredient_get_name (i));
      /* The player's Ingredients are pieces: Hurry, an exchange, Bind start there. */
      if (human)
        {
          count->kind = "ingredient";
          count->id = pen_piece_id_ingredient (i);
        }
      gtk_box_append (GTK_BOX (counts), count->box);
    }
  gtk_box_append (box, counts);
  strip->rows[0] = counts;
  /* The experience symbols, Light and Darkness on a row of their own. */
  counts = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  for (guint i = 0; i < PEN_N_EXPERIENCES; i++, count++)
    {
      count_init (count, experience_symbols[i], "#77767b", pen_experience_get_name (i));
      gtk_box_append (GTK_BOX (counts), count->box);
    }
  gtk_box_append (GTK_BOX (counts), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  count_init (count, "light", "#c88800", _("Light"));
  gtk_box_append (GTK_BOX (counts), (count++)->box);
  count_init (count, "darkness", "#613583", _("Darkness"));
  gtk_box_append (GTK_BOX (counts), count->box);
  /* What they score now, by the engine's count; its length kept whatever
   * it says, so that the row never moves. */
  strip->fate_points = GTK_LABEL (gtk_label_new (NULL));
  strip->fate_shown = G_MININT;
  gtk_label_set_xalign (strip->fate_points, 0);
  gtk_label_set_width_chars (strip->fate_points, 10);
  gtk_label_set_max_width_chars (strip->fate_points, 10);
  gtk_label_set_ellipsize (strip->fate_points, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (strip->fate_points), "numeric");
  gtk_widget_set_name (GTK_WIDGET (strip->fate_points), "light-darkness-points");
  gtk_box_append (GTK_BOX (counts), GTK_WIDGET (strip->fate_points));
  gtk_box_append (box, counts);
  strip->rows[1] = counts;
}

/* "→ 4 points": what Light and Darkness score now (rulebook, "Light and
 * Darkness": "At the end of the game Fate brings victory points"), as
 * pen_game_compute_score() counts it; the tooltip says by what. */
static void
fate_points_show (Strip   *strip,
                  PenGame *game,
                  guint    player,
                  guint    light,
                  guint    darkness)
{
  PenScoreBreakdown score;
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;

  pen_game_compute_score (game, player, &score);
  if (strip->fate_shown == score.light_darkness && strip->fate_light == light && strip->fate_darkness == darkness)
    return;
  strip->fate_shown = score.light_darkness;
  strip->fate_light = light;
  strip->fate_darkness = darkness;
  /* Translators: what Light and Darkness score now, after their counts on a board */
  text = g_strdup_printf (ngettext ("→ %d point", "→ %d points", ABS (score.light_darkness)), score.light_darkness);
  /* Translators: the tooltip of what Light and Darkness score now */
  tooltip = g_strdup_printf (ngettext ("Light %u, Darkness %u: %d point now. Only the difference between them scores, more the further one way.",
                                       "Light %u, Darkness %u: %d points now. Only the difference between them scores, more the further one way.",
                                       ABS (score.light_darkness)),
                             light, darkness, score.light_darkness);
  gtk_label_set_text (strip->fate_points, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (strip->fate_points), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (strip->fate_points), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

/**
 * pen_board_strip_show:
 * @box: a vertical box, holding nothing or what this function put in it
 * @game: a game
 * @player: whose board
 *
 * Shows @player's board of @game in pictures in @box: built the first time
 * (and for another printed board), and after that only the pieces
 * whose part of the board changed are changed.
 *
 * Returns: %TRUE when the pieces were built anew (for the caller to make
 *   them active)
 */
gboolean
pen_board_strip_show (GtkBox  *box,
                      PenGame *game,
                      guint    player)
{
  Strip *strip = g_object_get_data (G_OBJECT (box), "pen-board-strip");
  PenWizardBoard *board = pen_game_get_player (game, player);
  const PenBoardDef *def = pen_wizard_board_get_def (board);
  gboolean human = (int) player != pen_game_get_automa_player (game);
  gboolean built = FALSE;
  guint experience[PEN_N_EXPERIENCES];
  guint light, darkness, n = 0;

  if (strip == NULL || strip->def != def || strip->human != human)
    {
      pen_board_strip_clear (box);
      strip = g_new0 (Strip, 1);
      strip->def = def;
      strip->human = human;
      strip_build (box, strip, board);
      g_object_set_data_full (G_OBJECT (box), "pen-board-strip", strip, (GDestroyNotify) strip_free);
      built = TRUE;
    }
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    mark_cell_show (&strip->cells[c], board, player, c, human);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    count_show (&strip->counts[n++], pen_wizard_board_get_ingredient (board, i));
  pen_game_get_experience (game, player, experience);
  for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
    count_show (&strip->counts[n++], experience[i]);
  pen_game_get_light_darkness (game, player, &light, &darkness);
  count_show (&strip->counts[n++], light);
  count_show (&strip->counts[n], darkness);
  fate_points_show (strip, game, player, light, darkness);
  return built;
}

/**
 * pen_board_strip_clear:
 * @box: a box pen_board_strip_show() filled, or an empty one
 *
 * Empties @box: the next board shown in it is built anew.
 */
void
pen_board_strip_clear (GtkBox *box)
{
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL;)
    gtk_box_remove (box, child);
  g_object_set_data (G_OBJECT (box), "pen-board-strip", NULL);
}

/**
 * pen_board_strip_get_parts:
 * @box: a box pen_board_strip_show() filled, or an empty one
 * @parts: (out): its pieces a mat draws around
 *
 * Returns: whether @box shows a board
 */
gboolean
pen_board_strip_get_parts (GtkBox             *box,
                           PenBoardStripParts *parts)
{
  Strip *strip = g_object_get_data (G_OBJECT (box), "pen-board-strip");

  memset (parts, 0, sizeof *parts);
  if (strip == NULL)
    return FALSE;
  parts->start = strip->start;
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      parts->cells[c] = strip->cells[c].frame;
      parts->threads[c] = strip->cells[c].thread;
      parts->spark[c] = pen_wizard_board_is_spark_cell (c);
    }
  parts->rows[0] = strip->rows[0];
  parts->rows[1] = strip->rows[1];
  return TRUE;
}
