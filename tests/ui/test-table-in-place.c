/* test-table-in-place.c: the table changes in place, under X11 (Xvfb) with
 * xdotool.
 *
 * Rulebook, "Locations" (placing a die: "place one of your dice on a free
 * cell of a location"): a die of the supply dragged with the real pointer
 * onto a legal cell of a mid-game save. Afterwards the cell shows the die
 * and the supply is one die shorter, and every other piece of the table (the
 * other cells, the cards of the markets and zones, the Trial and Contract
 * rows, the Fate cards in play, the Mark cells, the other dice of the
 * supply) is the very widget it was before: nothing was built again. The
 * target cell and the dice buttons left are the same widgets too, changed.
 * (A place beside a section's cells, Appear, shows only while a placement
 * there is legal: it may go, as the placements left go to none.)
 *
 * Rulebook, "Mark effects" (a charged Mark's effect is used and the Mark is
 * discharged): a Mark's effect used on the same save. Its Mark cell is the
 * same widget and says the Mark's new state; every other Mark cell and
 * Ingredient of the Wizard board is the very widget it was.
 *
 * Another saved game opened (mid-game-v2, where the player sits in the
 * other seat and one Class differs): the Wizard board's Mark cells and
 * Ingredients and the cells of the locations both games deal are the very
 * widgets they were, each showing the other game (its seat in its layout
 * id, its Marks, its dice); the Class it does not deal leaves the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-action-label.h"
#include "pen-die-view.h"
#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 60

/* Every tagged piece under @widget, by its layout id (a strong reference,
 * so that a piece destroyed since cannot be mistaken for a new one). */
static void
collect_pieces (GtkWidget  *widget,
                GHashTable *pieces)
{
  const char *kind, *id, *label;

  if (pen_layout_get_tag (widget, &kind, &id, &label) && !g_str_equal (kind, "button"))
    g_hash_table_insert (pieces, g_strdup (id), g_object_ref (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_pieces (child, pieces);
}

static GHashTable *
pieces_of (PenWindow *window)
{
  GHashTable *pieces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);

  collect_pieces (GTK_WIDGET (pen_window_get_game_view (window)), pieces);
  return pieces;
}

static guint
count_kind (GHashTable *pieces,
            const char *kind)
{
  GHashTableIter iter;
  gpointer widget;
  guint n = 0;

  g_hash_table_iter_init (&iter, pieces);
  while (g_hash_table_iter_next (&iter, NULL, &widget))
    {
      const char *k, *id, *label;

      if (pen_layout_get_tag (widget, &k, &id, &label) && g_str_equal (k, kind))
        n++;
    }
  return n;
}

static void
test_die_placed_in_place (PenWindow *window,
                          gpointer   data)
{
  PenGame *game;
  g_autoptr(GArray) actions = NULL;
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  PenAction place = { 0 };
  PenLocation *location;
  PenWizardBoard *board;
  GtkWidget *die, *cell;
  g_autofree char *die_name = NULL, *cell_name = NULL, *die_said = NULL;
  g_autofree char *last_die = NULL;
  guint n_dice, n_on_cell, kept = 0;
  GHashTableIter iter;
  gpointer id, widget;
  const char *kind, *tag_id, *label;

  pen_test_ui_settle (window);
  game = pen_window_get_game (window);
  board = pen_game_get_player (game, pen_game_get_current_player (game));
  n_dice = pen_wizard_board_get_n_dice (board);
  actions = pen_game_list_actions (game);
  for (guint i = 0; i < actions->len && place.type != PEN_ACTION_PLACE; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      if (action->type == PEN_ACTION_PLACE && action->cell >= 0)
        place = *action;
    }
  g_assert_cmpint (place.type, ==, PEN_ACTION_PLACE);
  location = pen_game_get_location (game, (guint) place.location);
  n_on_cell = pen_location_get_n_dice (location, (guint) place.section, place.cell);
  die_said = pen_ui_describe_die (pen_wizard_board_get_die (board, (guint) place.die));
  die_name = g_strdup_printf ("die-%d", place.die);
  cell_name = g_strdup_printf ("cell-%s-%d-%d", pen_location_get_id (location), place.section, place.cell);
  last_die = g_strdup_printf ("die-%u", n_dice - 1);
  die = pen_test_ui_named (window, "%s", die_name);
  cell = pen_test_ui_named (window, "%s", cell_name);
  g_assert_nonnull (die);
  g_assert_nonnull (cell);

  before = pieces_of (window);
  g_assert_cmpuint (count_kind (before, "location-cell"), >, 20);
  g_assert_cmpuint (count_kind (before, "card"), >, 4);
  g_assert_cmpuint (count_kind (before, "trial"), >, 0);
  g_assert_cmpuint (count_kind (before, "contract"), >, 0);
  g_assert_cmpuint (count_kind (before, "mark-cell"), >, 0);

  pen_test_ui_drag (die, cell, TRUE);
  pen_test_ui_settle (window);

  /* The engine placed it: the cell holds one die more, the supply one less. */
  g_assert_cmpuint (pen_location_get_n_dice (location, (guint) place.section, place.cell), ==, n_on_cell + 1);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board), ==, n_dice - 1);

  after = pieces_of (window);
  /* The cell is the same button, and it shows the die: on it, and in its name. */
  g_assert_true (g_hash_table_lookup (after, cell_name) == (gpointer) cell);
  g_assert_true (pen_layout_get_tag (cell, &kind, &tag_id, &label));
  g_assert_nonnull (strstr (label, die_said));
  {
    GtkWidget *face = gtk_button_get_child (GTK_BUTTON (cell));
    guint n_views = 0;

    for (GtkWidget *child = gtk_widget_get_first_child (face); child != NULL; child = gtk_widget_get_next_sibling (child))
      n_views += PEN_IS_DIE_VIEW (child);
    g_assert_cmpuint (n_views, ==, n_on_cell + 1);
  }
  /* The supply: its last button went, the others are the same buttons. */
  g_assert_null (g_hash_table_lookup (after, last_die));
  g_assert_cmpuint (count_kind (after, "die") , >=, n_dice - 1);

  /* Every other piece is the very widget it was. */
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &id, &widget))
    {
      if (!pen_layout_get_tag (widget, &kind, &tag_id, &label) || g_str_equal (id, last_die)
          || g_str_has_prefix (id, cell_name))
        continue;
      /* A die shown on a cell belongs to its cell's face; the place beside
       * a section's cells (Appear) is there only while it may be taken. */
      if ((g_str_has_prefix (id, "cell-") && g_str_equal (kind, "die")) || g_str_has_suffix (id, "--1"))
        continue;
      if (g_hash_table_lookup (after, id) != widget)
        g_error ("the %s %s was built again", kind, (const char *) id);
      kept++;
    }
  g_assert_cmpuint (kept, >, 50);
}

static void
test_mark_used_in_place (PenWindow *window,
                         gpointer   data)
{
  PenGame *game;
  g_autoptr(GArray) actions = NULL;
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *mark_name = NULL;
  g_autofree char *label_before = NULL;
  PenAction use = { 0 };
  PenWizardBoard *board;
  GtkWidget *mark;
  GHashTableIter iter;
  gpointer id, widget;
  const char *kind, *tag_id, *label;
  guint player, kept = 0;

  pen_test_ui_settle (window);
  game = pen_window_get_game (window);
  player = pen_game_get_current_player (game);
  board = pen_game_get_player (game, player);
  actions = pen_game_list_actions (game);
  for (guint i = 0; i < actions->len && use.type != PEN_ACTION_USE_MARK; i++)
    if (g_array_index (actions, PenAction, i).type == PEN_ACTION_USE_MARK)
      use = g_array_index (actions, PenAction, i);
  g_assert_cmpint (use.type, ==, PEN_ACTION_USE_MARK);
  g_assert_cmpint (pen_wizard_board_get_mark (board, (guint) use.index)->state, ==, PEN_MARK_CHARGED);

  mark_name = g_strdup_printf ("mark-%u-%d", player, use.index);
  before = pieces_of (window);
  mark = g_hash_table_lookup (before, mark_name);
  g_assert_nonnull (mark);
  g_assert_true (pen_layout_get_tag (mark, &kind, &tag_id, &label));
  label_before = g_strdup (label);
  g_assert_nonnull (strstr (label_before, pen_ui_mark_state_name (PEN_MARK_CHARGED)));
  g_assert_true (gtk_widget_has_css_class (mark, "pen-mark-charged"));

  g_assert_true (pen_game_apply (game, &use, &error));
  g_assert_no_error (error);
  pen_test_ui_settle (window);
  g_assert_cmpint (pen_wizard_board_get_mark (board, (guint) use.index)->state, ==, PEN_MARK_DISCHARGED);

  /* The Mark cell is the same widget and shows the discharged Mark. */
  after = pieces_of (window);
  g_assert_true (g_hash_table_lookup (after, mark_name) == (gpointer) mark);
  g_assert_true (pen_layout_get_tag (mark, &kind, &tag_id, &label));
  g_assert_cmpstr (label, !=, label_before);
  g_assert_nonnull (strstr (label, pen_ui_mark_state_name (PEN_MARK_DISCHARGED)));
  g_assert_true (gtk_widget_has_css_class (mark, "pen-mark-discharged"));
  g_assert_false (gtk_widget_has_css_class (mark, "pen-mark-charged"));

  /* The Wizard board's other pieces were not built again. */
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &id, &widget))
    {
      if (!pen_layout_get_tag (widget, &kind, &tag_id, &label)
          || !(g_str_equal (kind, "mark-cell") || g_str_equal (kind, "ingredient")))
        continue;
      if (g_hash_table_lookup (after, id) != widget)
        g_error ("the %s %s was built again", kind, (const char *) id);
      kept++;
    }
  g_assert_cmpuint (kept, >=, 22);
}

/* The cells of location @id shown now, by layout id. */
static guint
count_cells_of (GHashTable *pieces,
                const char *id)
{
  g_autofree char *prefix = g_strdup_printf ("cell-%s-", id);
  GHashTableIter iter;
  gpointer key;
  guint n = 0;

  g_hash_table_iter_init (&iter, pieces);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    n += g_str_has_prefix (key, prefix) && strstr ((const char *) key + strlen (prefix), "-die-") == NULL;
  return n;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

/* The lines of the log that are shown (not held for a frame). */
static guint
count_log_lines_shown (PenWindow *window)
{
  GtkWidget *box = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_view");
  guint n = 0;

  for (GtkWidget *line = gtk_widget_get_first_child (box); line != NULL; line = gtk_widget_get_next_sibling (line))
    n += gtk_widget_get_visible (line);
  return n;
}

static void
test_other_game_in_place (PenWindow *window,
                          gpointer   data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v2.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autoptr(GError) error = NULL;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gboolean painted = FALSE;
  gulong painted_handler;
  g_autofree char *last_line = NULL;
  PenGame *game;
  PenWizardBoard *board;
  guint me_before, me_after, kept = 0, n_log;
  int brewery;
  const char *kind, *tag_id, *label;

  pen_test_ui_settle (window);
  game = pen_window_get_game (window);
  me_before = pen_game_get_automa_player (game) == 0 ? 1 : 0;
  g_assert_cmpint (pen_game_find_location (game, "emerald-class"), >=, 0);
  before = pieces_of (window);
  g_assert_cmpuint (count_cells_of (before, "emerald-class"), >, 0);

  painted_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
  g_assert_true (pen_window_open_file (window, file, &error));
  g_assert_no_error (error);
  game = pen_window_get_game (window);
  n_log = pen_game_get_log_length (game);
  g_assert_cmpuint (n_log, >, 100);
  /* The first frame of the other game lays out the end of its log, which
   * is in view, and holds the rest for the next frame. */
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_clear_signal_handler (&painted_handler, clock);
  g_assert_cmpuint (pen_test_ui_log_n_lines (window), ==, n_log);
  g_assert_cmpuint (count_log_lines_shown (window), <, n_log);
  g_assert_cmpuint (count_log_lines_shown (window), >=, 40);
  last_line = pen_game_render_log_entry (game, n_log - 1, NULL);
  g_assert_true (g_str_has_prefix (pen_test_ui_log_line (window, n_log - 1), last_line));
  pen_test_ui_settle (window);
  g_assert_cmpuint (count_log_lines_shown (window), ==, n_log);
  after = pieces_of (window);
  me_after = pen_game_get_automa_player (game) == 0 ? 1 : 0;
  g_assert_cmpuint (me_after, !=, me_before);
  board = pen_game_get_player (game, me_after);

  /* The Wizard board: the same Mark cells, in the other seat, showing this
   * game's Marks; the same Ingredients. */
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      g_autofree char *old_id = g_strdup_printf ("mark-%u-%u", me_before, c);
      g_autofree char *new_id = g_strdup_printf ("mark-%u-%u", me_after, c);
      GtkWidget *cell = g_hash_table_lookup (after, new_id);
      const PenMark *mark = pen_wizard_board_get_mark (board, c);

      g_assert_nonnull (cell);
      g_assert_true (cell == g_hash_table_lookup (before, old_id));
      g_assert_true (pen_layout_get_tag (cell, &kind, &tag_id, &label));
      g_assert_cmpstr (tag_id, ==, new_id);
      g_assert_true (gtk_widget_has_css_class (cell, "pen-mark-empty") == !mark->occupied);
      if (mark->occupied)
        g_assert_nonnull (strstr (label, pen_ui_mark_state_name (mark->state)));
    }
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      g_autofree char *id = g_strdup_printf ("ingredient-%s", pen_ingredient_get_id (i));

      g_assert_nonnull (g_hash_table_lookup (after, id));
      g_assert_true (g_hash_table_lookup (after, id) == g_hash_table_lookup (before, id));
    }

  /* A location both games deal: the same cells, showing this game's dice. */
  brewery = pen_game_find_location (game, "brewery");
  g_assert_cmpint (brewery, >=, 0);
  for (guint c = 0; c < pen_location_get_def (pen_game_get_location (game, (guint) brewery))->sections[0].n_cells; c++)
    {
      g_autofree char *id = g_strdup_printf ("cell-brewery-0-%u", c);
      GtkWidget *cell = g_hash_table_lookup (after, id);
      PenLocation *location = pen_game_get_location (game, (guint) brewery);
      guint n_dice = pen_location_get_n_dice (location, 0, (int) c);

      g_assert_nonnull (cell);
      g_assert_true (cell == g_hash_table_lookup (before, id));
      for (guint i = 0; i < n_dice; i++)
        {
          g_autofree char *die_name = pen_ui_describe_die (pen_location_get_die (location, 0, (int) c, i));

          g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (cell), die_name));
        }
      kept++;
    }
  g_assert_cmpuint (kept, >, 0);

  /* The Class this game does not deal is gone; the one it deals is there. */
  g_assert_cmpint (pen_game_find_location (game, "emerald-class"), <, 0);
  g_assert_cmpuint (count_cells_of (after, "emerald-class"), ==, 0);
  g_assert_cmpuint (count_cells_of (after, "amethyst-class"), >, 0);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;
  pen_test_ui_run_with_save (test_die_placed_in_place, NULL, TIMEOUT_SECONDS, "mid-game-v1.json");
  pen_test_ui_run_with_save (test_mark_used_in_place, NULL, TIMEOUT_SECONDS, "mid-game-v1.json");
  pen_test_ui_run_with_save (test_other_game_in_place, NULL, TIMEOUT_SECONDS, "mid-game-v1.json");
  return 0;
}
