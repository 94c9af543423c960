/* test-take-back.c: the die a Rest takes back, chosen in the window with the
 * real pointer, under X11 (Xvfb) with xdotool.
 *
 * Rulebook, "Rest effects", GAIN A COLOURED DIE: "You can take any die of the
 * corresponding colour of your choice from those placed in locations." A
 * state with a Ruby Mark and Ruby dice in the Ruins and in the Forest is
 * loaded; "Rest" is clicked in the turn bar and confirmed; each die's cell
 * is then lit as an answer that a click takes, and the Forest's is
 * clicked: the engine has that die off the table, the Ruins' still there,
 * and a Ruby die in the supply.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-action-label.h"
#include "pen-game-view.h"
#include "pen-test-state.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 40

static guint
dice_in (PenGame    *game,
         const char *location)
{
  return pen_location_get_n_dice (pen_game_get_location (game, pen_game_find_location (game, location)), 0, 0);
}

static void
take_back_with_the_pointer (PenWindow *window,
                            gpointer   data)
{
  g_autoptr(PenGame) solo = new_solo_game ();
  g_autoptr(JsonNode) state = editable_state (solo);
  guint human = 1 - pen_game_get_automa_player (solo);
  g_autoptr(PenGame) new_game = NULL;
  g_autofree char *forest_label = NULL;
  g_autofree char *ruins_label = NULL;
  g_autofree char *rest_label = NULL;
  PenGame *game;
  PenWizardBoard *board;
  GtkWidget *button;
  PenAction rest, forest, ruins;
  guint n_history, n_ruby = 0;

  /* The Wizard's turn, not yet declared, with a Ruby Mark. */
  json_object_set_int_member (state_turn (state), "player", human);
  json_object_set_string_member (state_turn (state), "type", "undeclared");
  set_marks (state, human, "ruby | spark");
  set_dice (state, human, "");
  put_table_dice (state, "ruins", 0, 0, "ruby:3");
  put_table_dice (state, "forest", 0, 0, "ruby:5");
  new_game = load (state);
  pen_window_set_game (window, new_game);
  game = pen_window_get_game (window);
  pen_test_ui_wait (300);

  /* "Rest", clicked and confirmed: the game waits for the choice of die. */
  rest = simple (PEN_ACTION_REST);
  rest_label = pen_action_label (game, &rest);
  g_assert_nonnull (pen_test_ui_action_button (window, rest_label));
  n_history = pen_game_get_n_history (game);
  g_assert_true (pen_test_ui_take_action (window, &rest, TRUE));
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
  pen_test_ui_wait (300);

  /* Each die's take-back on its cell, naming the die and where it lies. */
  forest = take_back (game, "forest", 0, 0);
  ruins = take_back (game, "ruins", 0, 0);
  forest_label = pen_action_label (game, &forest);
  ruins_label = pen_action_label (game, &ruins);
  g_assert_nonnull (strstr (forest_label, "Ruby"));
  g_assert_nonnull (strstr (forest_label, "Forest"));
  g_assert_cmpstr (forest_label, !=, ruins_label);
  /* Both cells lit as the answers, each taking its own die back at a click. */
  button = pen_test_ui_find_control (window, &ruins, TRUE);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_has_css_class (button, "pen-answer"));
  button = pen_test_ui_find_control (window, &forest, TRUE);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_has_css_class (button, "pen-answer"));
  g_assert_cmpstr (gtk_widget_get_name (button), ==, "cell-forest-0-0");
  pen_test_ui_screenshot ("take-back");

  /* The Forest's cell, clicked: that die left its cell, the other stays. */
  n_history = pen_game_get_n_history (game);
  pen_test_ui_click (button);
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_cmpuint (dice_in (game, "forest"), ==, 0);
  g_assert_cmpuint (dice_in (game, "ruins"), ==, 1);
  board = pen_game_get_player (game, human);
  for (guint d = 0; d < pen_wizard_board_get_n_dice (board); d++)
    {
      const PenDie *die = pen_wizard_board_get_die (board, d);

      if (die->kind == PEN_DIE_KIND_COLOURED && die->colour == PEN_DISCIPLINE_RUBY)
        n_ruby++;
    }
  g_assert_cmpuint (n_ruby, ==, 1);
}

static void
test_take_back (void)
{
  pen_test_ui_run (take_back_with_the_pointer, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/take-back/choose-the-die-with-the-pointer", test_take_back);

  return g_test_run ();
}
