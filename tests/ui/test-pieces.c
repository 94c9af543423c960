/* test-pieces.c: the game is played from its pieces, under X11 (Xvfb) with
 * the real pointer and keyboard (xdotool).
 *
 * 1. At a glance: on a mid-game save at 1280×800 the table shows at most 15
 *    buttons of its own (outside the pieces), no two with the same label,
 *    and GTK logs no negative size.
 * 2. Every action the table offers has its place: over seeded games, each
 *    legal action (as pen_game_list_distinct_actions() gives them) is taken
 *    from a piece (a die then its cell, a popover on a die, Mark, card,
 *    cell, Ingredient or Threat die), a step of the turn bar or one of its
 *    questions; none only in the All Actions list.
 * 3. A whole seeded game against Emerald is played with the pointer from the
 *    pieces and the turn bar only, to its end screen.
 * 4. The keyboard alone: a named die onto a named cell in at most 6 key
 *    presses (its number, arrows between the lit cells, Enter), and the rest
 *    of the turn through All Actions (Ctrl+K) and End the Turn (Ctrl+E).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-action-label.h"
#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-pieces.h"
#include "pen-rng.h"
#include "pen-save.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 600
#define MAX_BUTTONS 15

static guint n_negative_sizes;

/* GTK's complaints of negative sizes are counted (and the rest logged as
 * usual). */
static GLogWriterOutput
log_writer_cb (GLogLevelFlags   level,
               const GLogField *fields,
               gsize            n_fields,
               gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0
        && strstr (fields[i].value, "egative") != NULL)
      n_negative_sizes++;
  return g_log_writer_default (level, fields, n_fields, user_data);
}

static char *
dump_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "pieces-layout.json", NULL);
}

/* 1. At most 15 buttons of the table's own, each label once. */
static void
at_a_glance (PenWindow *window,
             gpointer   data)
{
  g_autoptr(JsonNode) dump = NULL;
  g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *objects;
  guint n_buttons = 0;

  g_assert_nonnull (pen_window_get_game (window));
  {
    g_autofree char *path = dump_path ();

    dump = pen_test_ui_settled_dump (path, NULL);
  }
  objects = json_object_get_array_member (json_node_get_object (dump), "objects");
  for (guint i = 0; i < json_array_get_length (objects); i++)
    {
      JsonObject *object = json_array_get_object_element (objects, i);
      const char *label = json_object_get_string_member (object, "label");

      if (!json_object_get_boolean_member (object, "showing")
          || !g_str_equal (json_object_get_string_member (object, "kind"), "button"))
        continue;
      n_buttons++;
      if (g_hash_table_contains (labels, label))
        g_error ("two buttons showing “%s”", label);
      g_hash_table_add (labels, (gpointer) label);
    }
  g_test_message ("%u buttons of the table's own", n_buttons);
  g_assert_cmpuint (n_buttons, >, 0);
  g_assert_cmpuint (n_buttons, <=, MAX_BUTTONS);
  pen_test_ui_screenshot ("pieces-at-a-glance");
  g_assert_cmpuint (n_negative_sizes, ==, 0);
}

static void
test_at_a_glance (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "study-turn.json", NULL);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "study-turn.penumbra", NULL);
  g_autofree char *dump = dump_path ();
  g_autofree char *text = NULL;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");
  const char *files[] = { path, NULL };

  g_assert_true (g_file_get_contents (fixture, &text, NULL, NULL));
  g_mkdir_with_parents (g_get_user_data_dir (), 0755);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_settings_set_int (settings, "window-width", 1280);
  g_settings_set_int (settings, "window-height", 800);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  g_unlink (dump);
  g_setenv ("PENUMBRA_LAYOUT_DUMP", dump, TRUE);
  pen_test_ui_run_with_files (at_a_glance, NULL, TIMEOUT_SECONDS, files);
  g_unsetenv ("PENUMBRA_LAYOUT_DUMP");
}

/* A solo game at its first turn, the Talent chosen. */
static PenGame *
new_game (guint64     seed,
          const char *automa)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = pen_game_new_solo (seed, automa, 0, FALSE, &error);
  PenAction talent;

  g_assert_no_error (error);
  pen_action_init (&talent, PEN_ACTION_CHOOSE_TALENT);
  talent.index = 0;
  g_assert_true (pen_game_apply (game, &talent, &error));
  return game;
}

/* An action of @actions to play next: mostly one that moves the game on (a
 * placement, the turn bar's right step), else any, so that the game ends in
 * a few hundred actions and meets every kind of choice on the way. */
static const PenAction *
pick (GArray *actions,
      PenRng *rng)
{
  g_autoptr(GArray) onward = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      if (action->type == PEN_ACTION_PLACE || pen_piece_step (action) == PEN_STEP_RIGHT)
        g_array_append_val (onward, i);
    }
  if (onward->len > 0 && pen_rng_range (rng, 0, 3) > 0)
    return &g_array_index (actions, PenAction, g_array_index (onward, guint, pen_rng_range (rng, 0, onward->len)));
  return &g_array_index (actions, PenAction, pen_rng_range (rng, 0, actions->len));
}

static void
close_popovers (void)
{
  pen_test_ui_xdotool ("key Escape");
  pen_test_ui_wait (60);
}

/* 2. Over two seeded games (against Jasper and Ruby), every few actions,
 * each legal action has its control on the table. */
static void
every_action_placed (PenWindow *window,
                     gpointer   data)
{
  const char *automas[] = { "jasper", "ruby" };
  guint n_checked = 0, n_states = 0;

  for (guint g = 0; g < G_N_ELEMENTS (automas); g++)
    {
      g_autoptr(PenGame) game = new_game (70 + g, automas[g]);
      g_autoptr(PenRng) rng = pen_rng_new (g + 1);

      pen_window_set_game (window, game);
      pen_test_ui_settle (window);
      for (guint step = 0; !pen_game_is_over (game); step++)
        {
          g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);
          g_autoptr(GError) error = NULL;

          g_assert_cmpuint (step, <, 3000);
          if (step % 6 == 0)
            {
              for (guint i = 0; i < actions->len; i++)
                {
                  const PenAction *action = &g_array_index (actions, PenAction, i);

                  if (pen_test_ui_find_control (window, action, FALSE) == NULL)
                    {
                      g_autofree char *text = pen_game_describe_action (game, action);

                      g_error ("the table offers %s nowhere (step %u, the view's game %s, settled %d, pending %d)", text, step,
                               pen_game_view_get_game (pen_window_get_game_view (window)) == game ? "same" : "other",
                               pen_game_view_is_settled (pen_window_get_game_view (window)), pen_game_get_pending (game));
                    }
                  n_checked++;
                }
              n_states++;
            }
          g_assert_true (pen_game_apply (game, pick (actions, rng), &error));
          if (step % 6 == 5)
            pen_test_ui_settle (window);
        }
    }
  g_test_message ("%u actions found on the table in %u states", n_checked, n_states);
  g_assert_cmpuint (n_states, >, 20);
}

static void
test_every_action_placed (void)
{
  pen_test_ui_run (every_action_placed, NULL, TIMEOUT_SECONDS);
}

/* 3. A whole game with the pointer, from the pieces and the turn bar. */
static void
whole_game (PenWindow *window,
            gpointer   data)
{
  g_autoptr(PenGame) start = new_game (2026, "emerald");
  g_autoptr(PenRng) rng = pen_rng_new (12);
  PenGameView *view = pen_window_get_game_view (window);
  PenGame *game;
  guint n_actions = 0;

  pen_window_set_game (window, start);
  game = pen_window_get_game (window);
  pen_test_ui_wait (300);
  while (!pen_game_is_over (game))
    {
      g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);
      const PenAction *action = pick (actions, rng);

      if (!pen_test_ui_take_action (window, action, TRUE))
        {
          g_autofree char *text = pen_game_describe_action (game, action);

          pen_test_ui_screenshot ("pieces-not-taken");
          g_error ("%s could not be taken from the table", text);
        }
      n_actions++;
      g_assert_cmpuint (n_actions, <, 2000);
      if (n_actions == 40)
        pen_test_ui_screenshot ("pieces-mid-game");
    }
  g_test_message ("a whole game of %u actions taken with the pointer", n_actions);
  pen_test_ui_wait (300);
  g_assert_nonnull (pen_test_ui_find_named (GTK_WIDGET (view), "score-total-player"));
  g_assert_true (gtk_widget_is_drawable (pen_test_ui_find_named (GTK_WIDGET (view), "score-total-player")));
  close_popovers ();
}

static void
test_whole_game (void)
{
  pen_test_ui_run (whole_game, NULL, TIMEOUT_SECONDS);
}

static GtkWidget *
focused (PenWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

static void
key (const char *name,
     guint      *presses)
{
  pen_test_ui_xdotool ("key %s", name);
  pen_test_ui_wait (120);
  (*presses)++;
}

/* 4. The keyboard alone: die 1 onto the cell the arrows reach, its effect
 * used from All Actions, and the turn ended. */
static void
keyboard_turn (PenWindow *window,
               gpointer   data)
{
  g_autoptr(PenGame) start = new_game (31, "jasper");
  PenGame *game;
  PenWizardBoard *board;
  GtkWidget *first, *target;
  g_autofree char *die_name = NULL, *target_id = NULL;
  const char *kind, *id, *label;
  guint presses = 0, n_history, turn;
  int x, y;

  pen_window_set_game (window, start);
  game = pen_window_get_game (window);
  board = pen_game_get_player (game, pen_game_get_current_player (game));
  turn = pen_game_get_turn_number (game);
  die_name = pen_ui_describe_die (pen_wizard_board_get_die (board, 0));
  pen_test_ui_wait (300);
  /* Keys go to the window under the pointer (no window manager here). */
  pen_test_ui_screen_point (GTK_WIDGET (window), 10, 10, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);

  /* "1": the first die is chosen, the focus on the first cell lit for it. */
  key ("1", &presses);
  first = focused (window);
  g_assert_nonnull (first);
  g_assert_true (gtk_widget_has_css_class (first, "pen-legal"));
  /* An arrow moves on to another lit cell: the named one. */
  key ("Down", &presses);
  target = focused (window);
  g_assert_true (target != first);
  g_assert_true (gtk_widget_has_css_class (target, "pen-legal"));
  g_assert_true (pen_layout_get_tag (target, &kind, &id, &label));
  /* The table is rebuilt by the placement: its id kept. */
  target_id = g_strdup (id);
  g_test_message ("%s to %s", die_name, label);
  n_history = pen_game_get_n_history (game);
  key ("Return", &presses);
  pen_test_ui_wait (300);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpuint (presses, <=, 6);
  {
    /* The die lies in that cell. */
    GtkWidget *cell = pen_test_ui_find_named (GTK_WIDGET (window), target_id);
    g_autofree char *shown = g_strdup (gtk_widget_get_tooltip_text (cell));

    g_assert_nonnull (strstr (shown, die_name));
  }

  /* The rest of the turn: the effect (or whatever the game asks) through the
   * list, until the turn can end; then Ctrl+E. */
  for (guint tries = 0; tries < 10 && pen_game_get_pending (game) != PEN_PENDING_NONE; tries++)
    {
      GtkWidget *list;

      n_history = pen_game_get_n_history (game);
      pen_test_ui_xdotool ("key ctrl+k");
      pen_test_ui_wait (300);
      list = pen_test_ui_find_named (GTK_WIDGET (pen_test_ui_find_toplevel (ADW_TYPE_WINDOW)), "all-actions");
      g_assert_nonnull (list);
      /* The first action listed, with Enter in the search. */
      pen_test_ui_xdotool ("key Return");
      pen_test_ui_wait (300);
      g_assert_cmpuint (pen_game_get_n_history (game), >, n_history);
    }
  n_history = pen_game_get_n_history (game);
  pen_test_ui_xdotool ("key ctrl+e");
  pen_test_ui_wait (300);
  /* One die is left to place: the window asks first; Enter on its default
   * keeps playing, then the "End Turn" response is chosen by keyboard. */
  if (pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL)
    {
      g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history);
      pen_test_ui_xdotool ("key Right");
      pen_test_ui_xdotool ("key Return");
      pen_test_ui_wait (300);
    }
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_true ((int) pen_game_get_current_player (game) == pen_game_get_automa_player (game));
  g_assert_cmpuint (pen_game_get_turn_number (game), >=, turn);
}

static void
test_keyboard_turn (void)
{
  pen_test_ui_run (keyboard_turn, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (log_writer_cb, NULL, NULL);
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/pieces/at-a-glance", test_at_a_glance);
  g_test_add_func ("/pieces/keyboard-turn", test_keyboard_turn);
  g_test_add_func ("/pieces/whole-game-by-pointer", test_whole_game);
  /* Last: after its popovers opened without the pointer, the first click of
   * a window opened next in this process was lost (GTK's pointer grab). */
  g_test_add_func ("/pieces/every-action-has-a-place", test_every_action_placed);

  return g_test_run ();
}
