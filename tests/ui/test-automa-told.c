/* test-automa-told.c: the Automa's turn told in step with the table, and the
 * end of the game beside its final board, in the window under X11 (Xvfb),
 * read through the layout dump (PENUMBRA_LAYOUT_DUMP). Issue 41:
 *
 * 1. /automa-told/in-step: "each step's pieces change on the table when the
 *    narration reaches them, not before". A solo game against Jasper, played
 *    by the reference player up to an Automa turn that places a die; that
 *    turn taken from the table and its narration paused: at each line, no
 *    piece of the board (a location's cell and its dice, a market, the
 *    Contracts, the Trials, a Mark cell, the Automa's mat) differs from the
 *    table before the turn unless a line told so far is about it; a die
 *    placed appears in its cell at the step its line is told; nothing
 *    can be played meanwhile; once told, the table is the game's final
 *    state (as a window opening it shows it).
 * 2. /automa-told/last-turn: "its last turn is played on the table like any
 *    other before the end screen" and "the final board stays in view ... and
 *    the log pane works there": from a save one action before the end (the
 *    Automa's turn, tests/common/saves/automa-last-turn.json), the turn is
 *    told on the table first, no result shown; then the result and its
 *    breakdown beside the board, all of the board's pieces in the window at
 *    1280×800, and the log toggle hides and shows the log.
 * 3. /automa-told/speed: "the playback speed is remembered": the speed chosen
 *    is in GSettings, and a new table starts at it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-action-label.h"
#include "pen-game-view.h"
#include "pen-reference.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 120
#define SEED 11

static char *
dump_path (void)
{
  return g_build_filename (g_get_user_runtime_dir (), "automa-told-layout.json", NULL);
}

static void
set_window_size (int width,
                 int height)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");

  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
}

/* The pieces of the dump written once the table has settled after what was
 * done since the last one (which is deleted first), by "kind/id". */
static GHashTable *
settled_objects (PenWindow *window)
{
  g_autofree char *path = dump_path ();
  g_autoptr(JsonNode) root = NULL;
  JsonArray *objects;
  GHashTable *found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) json_object_unref);

  pen_test_ui_settle (window);
  root = pen_test_ui_settled_dump (path, NULL);
  g_unlink (path);
  objects = json_object_get_array_member (json_node_get_object (root), "objects");
  for (guint i = 0; i < json_array_get_length (objects); i++)
    {
      JsonObject *object = json_array_get_object_element (objects, i);

      g_hash_table_insert (found,
                           g_strdup_printf ("%s/%s", json_object_get_string_member (object, "kind"),
                                            json_object_get_string_member (object, "id")),
                           json_object_ref (object));
    }
  return found;
}

/* The part of the board a piece of the dump belongs to, as a line of the
 * narration names it (pen_game_get_log_target()): a location's cell (its
 * dice with it), a market, the Contract row, a Mark cell, or the Automa's
 * mat (its Trials passed come from the Trial row); NULL for what is not the
 * board (the turn bar, the log, the player's supply). */
static char *
board_part (const char *key)
{
  const char *id = strchr (key, '/') + 1;

  if (g_str_has_prefix (key, "location-cell/"))
    return g_strdup (id);
  if (g_str_has_prefix (key, "die/cell-"))
    return g_strndup (id, strstr (id, "-die-") - id);
  if (g_str_has_prefix (key, "card/market-"))
    return g_strndup (id, strrchr (id, '-') - id);
  if (g_str_has_prefix (key, "contract/"))
    return g_strdup ("contracts");
  if (g_str_has_prefix (key, "mark-cell/"))
    return g_strdup (id);
  if (g_str_has_prefix (key, "trial/") || g_str_has_prefix (key, "automa/"))
    return g_strdup ("automa");
  return NULL;
}

/* The same for what a line of the log is about. */
static char *
target_part (PenGame            *game,
             const PenLogTarget *target)
{
  if (target == NULL)
    return NULL;
  switch (target->kind)
    {
    case PEN_LOG_TARGET_CELL:
      return g_strdup_printf ("cell-%s-%d-%d", pen_location_get_id (pen_game_get_location (game, target->location)),
                              target->section, target->index);
    case PEN_LOG_TARGET_MARK:
      return g_strdup_printf ("mark-%d-%d", target->owner, target->index);
    case PEN_LOG_TARGET_MARKET:
      return g_strdup_printf ("market-%s", target->owner < PEN_N_DISCIPLINES ? pen_discipline_get_id (target->owner)
                                           : target->owner == PEN_MARKET_BREWERY ? "brewery" : "shop");
    case PEN_LOG_TARGET_CONTRACT:
      return g_strdup ("contracts");
    case PEN_LOG_TARGET_AUTOMA_CELL:
    case PEN_LOG_TARGET_AUTOMA:
      return g_strdup ("automa");
    case PEN_LOG_TARGET_NONE:
    default:
      return NULL;
    }
}

/* The board's parts whose pieces differ between @before and @now (a piece
 * come or gone, or its label changed). */
static GHashTable *
changed_parts (GHashTable *before,
               GHashTable *now)
{
  GHashTable *parts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTable *sides[] = { before, now };

  for (guint s = 0; s < 2; s++)
    {
      GHashTableIter iter;
      const char *key;
      JsonObject *object;

      g_hash_table_iter_init (&iter, sides[s]);
      while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &object))
        {
          JsonObject *other = g_hash_table_lookup (sides[1 - s], key);
          char *part = board_part (key);

          if (part == NULL)
            continue;
          if (other == NULL
              || g_strcmp0 (json_object_get_string_member (object, "label"), json_object_get_string_member (other, "label")) != 0)
            g_hash_table_add (parts, part);
          else
            g_free (part);
        }
    }
  return parts;
}

static gboolean
places_a_die (PenGame *game,
              guint    from)
{
  for (guint i = from; i < pen_game_get_log_length (game); i++)
    if (g_strcmp0 (pen_game_get_log_message (game, i), "The Automa rolls %s and places it in the %s.") == 0)
      return TRUE;
  return FALSE;
}

/* A solo game against Jasper, the Wizard played by the reference player, at
 * the first Automa turn after the first round that places a die. */
static PenGame *
game_before_automa_placement (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new_solo (SEED, "jasper", 1, FALSE, &error);
  PenReference memory = { 0 };

  g_assert_no_error (error);
  for (guint n = 0; n < 2000; n++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      PenAction chosen;

      g_assert_false (pen_game_is_over (game));
      if (g_array_index (actions, PenAction, 0).type == PEN_ACTION_AUTOMA_TURN && n > 20)
        {
          g_autoptr(PenGame) trial = pen_game_copy (game);
          guint from = pen_game_get_log_length (trial);

          g_assert_true (pen_game_apply (trial, &g_array_index (actions, PenAction, 0), NULL));
          if (places_a_die (trial, from) && pen_game_get_log_length (trial) - from >= 4)
            return g_steal_pointer (&game);
        }
      g_assert_true (pen_reference_choose (&memory, game, actions, &chosen));
      g_assert_true (pen_game_apply (game, &chosen, &error));
    }
  g_assert_not_reached ();
}

static GtkWidget *
automa_button (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  PenAction automa_turn;
  g_autofree char *label = NULL;

  pen_action_init (&automa_turn, PEN_ACTION_AUTOMA_TURN);
  label = pen_action_label (game, &automa_turn);
  return pen_test_ui_action_button (window, label);
}

/* Clicks the Automa's turn on the table and pauses its narration at once. */
static void
play_automa_paused (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  GtkWidget *controls = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_controls");
  GtkWidget *pause = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_pause_button");
  guint n_history = pen_game_get_n_history (game);
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pause)));
  pen_test_ui_click (automa_button (window));
  while ((pen_game_get_n_history (game) == n_history || !gtk_widget_get_visible (controls))
         && g_get_monotonic_time () < until)
    pen_test_ui_iterate ();
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_true (gtk_widget_get_visible (controls));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pause), TRUE);
}

/* Nothing can be played while the turn is told: no step of the turn bar, no
 * piece lit as an answer. */
static void
assert_nothing_offered (GHashTable *objects)
{
  GHashTableIter iter;
  const char *key;
  JsonObject *object;

  g_hash_table_iter_init (&iter, objects);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &object))
    {
      g_assert_false (json_object_get_boolean_member_with_default (object, "lit", FALSE));
      g_assert_false (g_str_has_prefix (key, "button/") && !g_str_equal (key, "button/all-actions")
                      && !g_str_has_prefix (key, "button/fate-banner"));
    }
}

static void
in_step (PenWindow *window,
         gpointer   data)
{
  g_autoptr(PenGame) start = game_before_automa_placement ();
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) previous = NULL;
  g_autoptr(GHashTable) told = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) last = NULL;
  g_autoptr(GHashTable) fresh = NULL;
  g_autoptr(GHashTable) differ = NULL;
  g_autoptr(PenGame) copy = NULL;
  GtkWidget *controls = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_controls");
  GtkWidget *step = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_step_button");
  PenGame *game;
  guint from, steps = 0, changed_steps = 0, placed = 0;

  pen_window_set_game (window, start);
  game = pen_window_get_game (window);
  before = settled_objects (window);
  from = pen_game_get_log_length (game);
  play_automa_paused (window);

  while (TRUE)
    {
      g_autoptr(GHashTable) now = settled_objects (window);
      g_autoptr(GHashTable) changed = NULL;
      guint shown = pen_test_ui_log_n_lines (window);
      GHashTableIter iter;
      const char *part;

      g_assert_cmpuint (shown, >, from);
      if (!gtk_widget_get_visible (controls))
        {
          last = g_steal_pointer (&now);
          break;
        }
      /* The lines told so far, and what they are about. */
      for (guint i = from; i < shown; i++)
        {
          char *about = target_part (game, pen_game_get_log_target (game, i));

          if (about != NULL)
            g_hash_table_add (told, about);
        }
      changed = changed_parts (before, now);
      g_hash_table_iter_init (&iter, changed);
      while (g_hash_table_iter_next (&iter, (gpointer *) &part, NULL))
        if (!g_hash_table_contains (told, part))
          {
            pen_test_ui_screenshot ("automa-told-ahead");
            g_error ("after line %u of the Automa's turn (\"%s\"), the table already shows a change of %s",
                     shown - from, pen_test_ui_log_line (window, shown - 1), part);
          }
      assert_nothing_offered (now);
      if (g_hash_table_size (changed) > 0)
        changed_steps++;
      /* A die placed shows in its cell when its line is told. */
      if (previous != NULL
          && g_strcmp0 (pen_game_get_log_message (game, shown - 1), "The Automa rolls %s and places it in the %s.") == 0)
        {
          g_autoptr(GHashTable) now_changed = changed_parts (previous, now);
          g_autofree char *cell = target_part (game, pen_game_get_log_target (game, shown - 1));

          g_assert_true (g_hash_table_contains (now_changed, cell));
          placed++;
        }
      g_clear_pointer (&previous, g_hash_table_unref);
      previous = g_hash_table_ref (now);
      if (steps == 1)
        pen_test_ui_screenshot ("automa-told");
      steps++;
      pen_test_ui_click (step);
    }
  g_test_message ("%u lines told, the board changed at %u of them, %u dice placed as told", steps, changed_steps,
                  placed);
  g_assert_cmpuint (placed, >=, 1);
  g_assert_cmpuint (steps, >=, 3);
  /* The board changed while the turn was told, not only at its end. */
  g_assert_cmpuint (changed_steps, >=, 1);

  /* Told whole: the table is the game as it is, as a window opening it
   * shows it. */
  g_assert_cmpuint (pen_test_ui_log_n_lines (window), ==, pen_game_get_log_length (game));
  copy = pen_game_copy (game);
  pen_window_set_game (window, copy);
  fresh = settled_objects (window);
  differ = changed_parts (last, fresh);
  g_assert_cmpuint (g_hash_table_size (differ), ==, 0);
}

static void
run_in_dump (PenTestUiBody       body,
             const char * const *files)
{
  g_autofree char *dump = dump_path ();

  set_window_size (1280, 800);
  g_unlink (dump);
  g_setenv ("PENUMBRA_LAYOUT_DUMP", dump, TRUE);
  pen_test_ui_run_with_files (body, NULL, TIMEOUT_SECONDS, files);
  g_unsetenv ("PENUMBRA_LAYOUT_DUMP");
}

static void
test_in_step (void)
{
  run_in_dump (in_step, NULL);
}

/* ---- The last turn, then the end beside the final board ------------------- */

/* The header's subtitle ("Turn 12 · Study", "The game is over"). */
static const char *
header_subtitle (PenWindow *window)
{
  GtkWidget *title = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), PEN_TYPE_WINDOW, "window_title"));

  return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title));
}

static void
last_turn (PenWindow *window,
           gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  PenGameView *view = pen_window_get_game_view (window);
  GtkWidget *controls = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_controls");
  GtkWidget *all = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_all_button");
  GtkWidget *log = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_scroll");
  GtkWidget *total;
  g_autoptr(GHashTable) telling = NULL;
  g_autoptr(GHashTable) end = NULL;
  g_autoptr(GHashTable) hidden = NULL;
  g_autoptr(GHashTable) shown = NULL;
  GHashTableIter iter;
  const char *key;
  JsonObject *object;
  guint board = 0;

  g_assert_nonnull (game);
  g_assert_false (pen_game_is_over (game));
  pen_test_ui_settle (window);
  play_automa_paused (window);
  g_assert_true (pen_game_is_over (game));

  /* Told on the table first: the board in view, no result yet. */
  telling = settled_objects (window);
  g_assert_nonnull (g_hash_table_lookup (telling, "automa/automa"));
  g_assert_true (json_object_get_boolean_member (g_hash_table_lookup (telling, "automa/automa"), "showing"));
  total = pen_test_ui_find_named (GTK_WIDGET (view), "score-total-player");
  g_assert_true (total == NULL || !gtk_widget_is_drawable (total));
  /* The header does not tell the end before the table does. */
  g_assert_cmpstr (header_subtitle (window), !=, "The game is over");
  pen_test_ui_screenshot ("automa-last-turn");

  /* Shown whole (the player skips the rest): the end, beside the board. */
  pen_test_ui_click (all);
  g_assert_false (gtk_widget_get_visible (controls));
  end = settled_objects (window);
  total = pen_test_ui_find_named (GTK_WIDGET (view), "score-total-player");
  g_assert_nonnull (total);
  g_assert_true (gtk_widget_is_drawable (total));
  g_assert_true (gtk_widget_is_drawable (pen_test_ui_find_named (GTK_WIDGET (view), "score-total-automa")));
  g_assert_cmpstr (header_subtitle (window), ==, "The game is over");
  g_hash_table_iter_init (&iter, end);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &object))
    {
      g_autofree char *part = board_part (key);

      if (part == NULL)
        continue;
      /* Every piece of the board in the window at 1280×800. */
      if (!json_object_get_boolean_member (object, "showing"))
        g_error ("%s is not in view on the end screen", key);
      board++;
    }
  g_test_message ("%u pieces of the board in view beside the score", board);
  g_assert_cmpuint (board, >=, 40);
  g_assert_true (gtk_widget_is_drawable (log));
  pen_test_ui_screenshot ("end");

  /* The log's toggle works there. */
  pen_test_ui_click (pen_test_ui_child (window, PEN_TYPE_WINDOW, "log_button"));
  pen_test_ui_wait (200);
  g_assert_false (gtk_widget_is_drawable (log));
  g_assert_true (gtk_widget_is_drawable (total));
  hidden = settled_objects (window);
  g_assert_true (json_object_get_boolean_member (g_hash_table_lookup (hidden, "automa/automa"), "showing"));
  pen_test_ui_click (pen_test_ui_child (window, PEN_TYPE_WINDOW, "log_button"));
  pen_test_ui_wait (200);
  g_assert_true (gtk_widget_is_drawable (log));
  shown = settled_objects (window);
  g_assert_true (json_object_get_boolean_member (g_hash_table_lookup (shown, "automa/automa"), "showing"));
}

static void
test_last_turn (void)
{
  g_autofree char *save = g_test_build_filename (G_TEST_DIST, "common", "saves", "automa-last-turn.json", NULL);
  const char *files[] = { save, NULL };

  run_in_dump (last_turn, files);
}

/* ---- The speed, remembered ------------------------------------------------ */

static void
speed_kept (PenWindow *window,
            gpointer   data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");
  GtkWidget *speed = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_speed");
  g_autofree char *chosen = NULL;
  g_autofree char *again = NULL;
  GtkWidget *other, *other_speed;

  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (speed)), ==, 1);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (speed), 2);
  chosen = g_settings_get_string (settings, "automa-speed");
  g_assert_cmpstr (chosen, ==, "fast");
  /* A new table (the next session's) starts at the speed chosen. */
  other = g_object_ref_sink (g_object_new (PEN_TYPE_GAME_VIEW, NULL));
  other_speed = pen_test_ui_view_child (other, "automa_speed");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (other_speed)), ==, 2);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (speed), 0);
  again = g_settings_get_string (settings, "automa-speed");
  g_assert_cmpstr (again, ==, "slow");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (other_speed)), ==, 0);
  g_object_unref (other);
}

static void
test_speed (void)
{
  g_autofree char *save = g_test_build_filename (G_TEST_DIST, "common", "saves", "automa-last-turn.json", NULL);
  const char *files[] = { save, NULL };

  pen_test_ui_run_with_files (speed_kept, NULL, TIMEOUT_SECONDS, files);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/automa-told/in-step", test_in_step);
  g_test_add_func ("/automa-told/last-turn", test_last_turn);
  g_test_add_func ("/automa-told/speed", test_speed);
  return g_test_run ();
}
