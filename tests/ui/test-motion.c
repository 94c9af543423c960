/* test-motion.c: the table's animations, under X11 (Xvfb) with xdotool.
 *
 * A die of the supply is clicked, then a cell of the Forest, with the real
 * pointer: while the placement is drawn, the cell's die flies over the
 * table on the motion layer (which takes no input) at its size on the
 * table, lifted out of its cell (which keeps its size meanwhile); within a
 * few hundred milliseconds the layer is empty again and the same die widget
 * is back in its cell. With
 * the desktop's animations turned off, the same placement from the same
 * state flies nothing, and the die shows in its cell at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-art.h"
#include "pen-die-view.h"
#include "pen-game-view.h"
#include "pen-test-state.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 40

/* The name of a cell widget where die 0 of the supply can go. */
static char *
free_cell (PenGame *game)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      if (action->type != PEN_ACTION_PLACE || action->die != 0 || action->cell < 0)
        continue;
      return g_strdup_printf ("cell-%s-%d-%d", pen_location_get_id (pen_game_get_location (game, action->location)),
                              action->section, action->cell);
    }
  g_assert_not_reached ();
}

/* Clicks die 0 of the supply, then the cell @cell_name; returns when the
 * game has changed. */
static void
place_with_the_pointer (PenWindow  *window,
                        const char *cell_name)
{
  PenGame *game = pen_window_get_game (window);
  guint n_history = pen_game_get_n_history (game);
  gint64 until;

  pen_test_ui_click (pen_test_ui_find_named (GTK_WIDGET (window), "die-0"));
  pen_test_ui_wait (100);
  pen_test_ui_click (pen_test_ui_find_named (GTK_WIDGET (window), cell_name));
  until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (pen_game_get_n_history (game) == n_history && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
}

/* The die drawn in the cell @cell_name (its first). */
static GtkWidget *
die_in_cell (PenWindow  *window,
             const char *cell_name)
{
  GtkWidget *cell = pen_test_ui_find_named (GTK_WIDGET (window), cell_name);

  g_assert_nonnull (cell);
  for (GtkWidget *child = gtk_widget_get_first_child (gtk_button_get_child (GTK_BUTTON (cell))); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (PEN_IS_DIE_VIEW (child))
      return child;
  return NULL;
}

static void
motions (PenWindow *window,
         gpointer   data)
{
  g_autoptr(PenGame) solo = new_solo_game ();
  g_autoptr(JsonNode) state = editable_state (solo);
  guint human = 1 - pen_game_get_automa_player (solo);
  g_autoptr(PenGame) new_game = NULL;
  g_autofree char *first = NULL;
  GtkWidget *layer = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "motion_layer");
  gboolean flew = FALSE, lifted_while_flying = FALSE;
  GtkWidget *landed, *flyer = NULL;
  int cell_width_flying = 0;
  double scale_flying = 0;
  gint64 until;

  g_assert_nonnull (layer);
  g_assert_false (gtk_widget_get_can_target (layer));
  json_object_set_int_member (state_turn (state), "player", human);
  json_object_set_string_member (state_turn (state), "type", "undeclared");
  set_dice (state, human, "bone:4 bone:6");
  new_game = load (state);
  pen_window_set_game (window, new_game);
  pen_test_ui_wait (300);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  /* With animations: the cell's die flies, out of its cell until it lands. */
  first = free_cell (pen_window_get_game (window));
  place_with_the_pointer (window, first);
  until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (!flew && g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      if (gtk_widget_get_first_child (layer) != NULL)
        {
          flew = TRUE;
          flyer = g_object_ref (gtk_widget_get_first_child (layer));
          lifted_while_flying = die_in_cell (window, first) == NULL;
          cell_width_flying = gtk_widget_get_width (pen_test_ui_find_named (GTK_WIDGET (window), first));
          scale_flying = pen_art_get_scale (flyer);
        }
    }
  g_assert_true (flew);
  g_assert_true (PEN_IS_DIE_VIEW (flyer));
  g_assert_true (lifted_while_flying);
  pen_test_ui_screenshot ("motion-flying");
  until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (gtk_widget_get_first_child (layer) != NULL && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (gtk_widget_get_first_child (layer));
  landed = die_in_cell (window, first);
  g_assert_true (landed == flyer);
  /* At its size on the table all the way. */
  g_assert_cmpfloat (pen_art_get_scale (landed), ==, scale_flying);
  g_assert_cmpfloat (scale_flying, <, 1);
  g_assert_cmpfloat (gtk_widget_get_opacity (landed), ==, 1);
  g_assert_true (gtk_widget_get_can_target (landed));
  g_assert_cmpint (gtk_widget_get_width (pen_test_ui_find_named (GTK_WIDGET (window), first)), ==, cell_width_flying);
  g_clear_object (&flyer);

  /* Animations off, the same placement from the same state: nothing
   * flies, the die shows in its cell at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_clear_object (&new_game);
  new_game = load (state);
  pen_window_set_game (window, new_game);
  pen_test_ui_wait (300);
  place_with_the_pointer (window, first);
  until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_null (gtk_widget_get_first_child (layer));
    }
  landed = die_in_cell (window, first);
  g_assert_nonnull (landed);
  g_assert_cmpfloat (gtk_widget_get_opacity (landed), ==, 1);
}

static void
test_motion (void)
{
  pen_test_ui_run (motions, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/motion/a-die-flies-to-its-cell", test_motion);

  return g_test_run ();
}
