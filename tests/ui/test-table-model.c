/* test-table-model.c: the table's model finds the actions of a piece, and
 * the placements of a die on a cell, as a walk through the whole list of
 * the engine's actions would (no window needed).
 *
 * Rulebook, "Locations" (a die is placed on a free cell) and "Mark
 * effects" (a Mark sets or recolours a die): on mid-game saves and on
 * every move of a seeded game, each action offered is found from the piece
 * it starts on and from its other piece (pen-pieces.c), once, in the
 * engine's order; the placements of each die on each cell, and whether a
 * die can be placed at all, are those of the list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "pen-pieces.h"
#include "pen-table-model.h"

/* The model's answers for @game, checked against the list itself. */
static void
check_model (PenGame *game)
{
  PenTableModel model;
  GArray *actions = pen_game_list_distinct_actions (game);
  g_autoptr(GHashTable) pieces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer piece;

  pen_table_model_init (&model);
  pen_table_model_set_actions (&model, game, actions);
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      char *primary = pen_piece_of_action (game, action);
      char *secondary = pen_piece_also_of_action (game, action);

      if (primary != NULL)
        g_hash_table_add (pieces, primary);
      if (secondary != NULL)
        g_hash_table_add (pieces, secondary);
    }
  /* Each piece: exactly the actions that concern it, in the list's order. */
  g_hash_table_iter_init (&iter, pieces);
  while (g_hash_table_iter_next (&iter, &piece, NULL))
    {
      GArray *found = pen_table_model_piece_actions (&model, piece);
      guint k = 0;

      g_assert_nonnull (found);
      for (guint i = 0; i < actions->len; i++)
        if (pen_piece_concerns (game, &g_array_index (actions, PenAction, i), piece))
          {
            g_assert_cmpuint (k, <, found->len);
            g_assert_cmpuint (g_array_index (found, guint, k), ==, i);
            k++;
          }
      g_assert_cmpuint (k, ==, found->len);
    }
  g_assert_null (pen_table_model_piece_actions (&model, "no-such-piece"));
  /* Each placement is found from its die and cell; a die with none is not
   * placeable. */
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      GArray *found;
      gboolean listed = FALSE;

      if (action->type != PEN_ACTION_PLACE && action->type != PEN_ACTION_KNOCK_OUT)
        continue;
      g_assert_true (pen_table_model_can_place_die (&model, action->die));
      found = pen_table_model_placements (&model, action->die, action->location, action->section, action->cell);
      g_assert_nonnull (found);
      for (guint k = 0; k < found->len; k++)
        {
          const PenAction *other = pen_table_model_action (&model, g_array_index (found, guint, k));

          g_assert_true (other->die == action->die && other->location == action->location
                         && other->section == action->section && other->cell == action->cell);
          listed |= g_array_index (found, guint, k) == i;
        }
      g_assert_true (listed);
    }
  g_assert_false (pen_table_model_can_place_die (&model, 99));
  g_assert_true (model.can_place == (pen_table_model_find (&model, PEN_ACTION_PLACE) != NULL));
  pen_table_model_clear (&model);
}

static void
test_saves (void)
{
  static const char *saves[] = { "mid-game-v1.json", "mid-game-v2.json", "mid-game-v5.json", "study-turn.json" };

  for (guint s = 0; s < G_N_ELEMENTS (saves); s++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", saves[s], NULL);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = NULL;

      g_assert_true (json_parser_load_from_file (parser, path, &error));
      game = pen_game_new_from_json (json_parser_get_root (parser), &error);
      g_assert_no_error (error);
      check_model (game);
    }
}

/* Every moment of a whole solo game, its first action taken each time. */
static void
test_whole_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new_solo (3, "sapphire", 1, FALSE, &error);
  guint moves = 0;

  g_assert_no_error (error);
  while (!pen_game_is_over (game) && moves < 3000)
    {
      g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);

      check_model (game);
      g_assert_cmpuint (actions->len, >, 0);
      /* Varied: not always the first action. */
      g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, (moves * 7) % actions->len), &error));
      g_assert_no_error (error);
      moves++;
    }
  g_assert_true (pen_game_is_over (game));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table-model/saves", test_saves);
  g_test_add_func ("/table-model/whole-game", test_whole_game);

  return g_test_run ();
}
