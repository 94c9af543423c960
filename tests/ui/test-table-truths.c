/* test-table-truths.c: what the table says of its pieces, under X11 (Xvfb).
 *
 * A solo game against Jasper at the player's first turn is opened; the
 * table must show:
 * 1. on each Trial piece, the approach of each path (rulebook, "Trials",
 *    APPROACH: "Each of the two paths in a Trial contains an "approach" to
 *    solving the problem");
 * 2. where Appear is offered, its cost (rulebook, "Primagic", APPEAR:
 *    "Discard 1 Arcana to place a die outside a cell");
 * 3. the cells printed "3+" or "4" closed in this game of two ("Locations",
 *    CELL CONDITIONS: "The cell is available only in a game of three or
 *    four players");
 * 4. the card "Take the left card" would take, by name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-action-label.h"
#include "pen-cards.h"
#include "pen-quest.h"
#include "pen-save.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50

/* A solo game against Jasper at its first turn, saved where the test's
 * private data folder is. */
static char *
write_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new_solo (4, "jasper", 0, TRUE, &error);
  char *path = g_build_filename (g_get_user_data_dir (), "truths.penumbra", NULL);
  PenAction choose;

  g_assert_no_error (error);
  pen_action_init (&choose, PEN_ACTION_CHOOSE_TALENT);
  choose.index = 0;
  g_assert_true (pen_game_apply (game, &choose, &error));
  g_mkdir_with_parents (g_get_user_data_dir (), 0755);
  g_assert_true (pen_save_write (game, path, &error));
  g_assert_no_error (error);
  return path;
}

static gboolean
shows (GtkWidget  *widget,
       const char *text)
{
  g_autoptr(GString) texts = g_string_new (NULL);

  pen_test_ui_collect_texts (widget, texts);
  return strstr (texts->str, text) != NULL;
}

/* 1. Each Trial piece shows both approaches, in the data's words. */
static void
check_approaches (PenWindow *window)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  GPtrArray *row = pen_game_get_trial_row (pen_window_get_game (window));

  g_assert_cmpuint (row->len, >, 0);
  for (guint t = 0; t < row->len; t++)
    {
      const PenTrial *trial = pen_quests_find_trial (quests, g_ptr_array_index (row, t));
      GtkWidget *piece = pen_test_ui_named (window, "trial-%u", t);

      g_assert_nonnull (trial);
      g_assert_true (shows (piece, pen_approach_get_name (trial->darkness.approach)));
      g_assert_true (shows (piece, pen_approach_get_name (trial->light.approach)));
    }
}

/* 2. Where Appear is offered (a placement beside the cells), its place shows
 * its cost of 1 Arcana, and its tooltip says it. */
static void
check_appear (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  guint n_offered = 0;

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      GtkWidget *cell, *cost;

      if (action->type != PEN_ACTION_PLACE || action->cell >= 0)
        continue;
      cell = pen_test_ui_named (window, "cell-%s-%d--1", pen_location_get_id (pen_game_get_location (game, action->location)),
                    action->section);
      cost = pen_test_ui_find_named (cell, "appear-cost");
      g_assert_nonnull (cost);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cost)), ==, "1");
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (cell), "(Appear: 1 Arcana)"));
      n_offered++;
    }
  g_assert_cmpuint (n_offered, >, 0);
}

/* 3. A cell printed "3+" or "4" is drawn closed in a game of two (a solo
 * game counts two), with its printed mark, and says so; the others not. */
static void
check_closed_cells (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  guint n_closed = 0;

  for (guint l = 0; l < pen_game_get_n_locations (game); l++)
    {
      PenLocation *location = pen_game_get_location (game, l);
      const PenLocationDef *def = pen_location_get_def (location);

      for (guint s = 0; s < def->n_sections; s++)
        for (guint c = 0; c < def->sections[s].n_cells; c++)
          {
            GtkWidget *cell = pen_test_ui_named (window, "cell-%s-%u-%u", pen_location_get_id (location), s, c);
            gboolean closed = pen_game_is_cell_closed (game, l, s, c);
            g_autofree char *printed = g_strdup_printf (def->sections[s].cells[c].min_players < 4 ? "%u+" : "%u",
                                                        def->sections[s].cells[c].min_players);

            g_assert_true (closed == (def->sections[s].cells[c].min_players > 2));
            g_assert_true (gtk_widget_has_css_class (cell, "pen-cell-closed") == closed);
            g_assert_true ((strstr (gtk_widget_get_tooltip_text (cell), "closed in a game of 2") != NULL) == closed);
            if (closed)
              g_assert_true (shows (cell, printed));
            n_closed += closed;
          }
    }
  g_assert_cmpuint (n_closed, >, 0);
}

/* 4. "Take the left card" names the card it would take; the top card of
 * the deck stays unnamed. */
static void
check_take_labels (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  const PenCards *cards = pen_cards_get_default (NULL);
  guint n_named = 0;

  for (guint deck = 0; deck < PEN_N_DECKS; deck++)
    for (guint place = 0; place < 2; place++)
      {
        const char *id = pen_game_get_market_card (game, deck, place);
        PenAction take;
        g_autofree char *label = NULL;
        g_autofree char *ending = NULL;

        if (id == NULL)
          continue;
        pen_action_init (&take, PEN_ACTION_TAKE_CARD);
        take.index = PEN_CARD_SOURCE (deck, place);
        label = pen_action_label (game, &take);
        ending = g_strdup_printf (": %s", pen_ui_card_name (pen_cards_find (cards, id)->name));
        g_assert_true (g_str_has_prefix (label, place == 0 ? "Take the left card" : "Take the right card"));
        g_assert_true (g_str_has_suffix (label, ending));
        n_named++;
      }
  g_assert_cmpuint (n_named, >, 0);
}

static void
check_table (PenWindow *window,
             gpointer   data)
{
  g_assert_nonnull (pen_window_get_game (window));
  check_approaches (window);
  check_appear (window);
  check_closed_cells (window);
  check_take_labels (window);
}

static void
test_table_truths (void)
{
  g_autofree char *save = write_save ();
  const char *files[] = { save, NULL };

  pen_test_ui_run_with_files (check_table, NULL, TIMEOUT_SECONDS, files);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/table-truths/pieces", test_table_truths);

  return g_test_run ();
}
