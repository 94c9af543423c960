/* test-stay-put.c: the table stays put while a game is played (issue 39),
 * under X11 (Xvfb), read through the layout dump (PENUMBRA_LAYOUT_DUMP) on
 * the mid-game save at 1280×800:
 * 1. /stay-put/cells: a placement that uses the turn's last one shuts every
 *    location's Appear place ("+1★", rulebook "Primagic", APPEAR), and its
 *    undo opens them again; no location cell, Mark cell, Equipment cell or
 *    card moves, and the table keeps its scale;
 * 2. /stay-put/threat: early in a game (no Prophecy nor Goal in play, the
 *    table's top row as low as it gets), the same game with a Threat just
 *    rolled (its seven dice and what each did, rulebook "Threat") and the
 *    Automa holding more Equipment, opened over it, keeps the scale and
 *    every cell's place;
 *    /stay-put/contracts: a Contract taken from the row (its slot empty
 *    until the row is dealt again) moves none of the others;
 * 3. /stay-put/grows-back: a table made too big for the window shrinks,
 *    and once it is its size again grows back by itself to the scale it
 *    had, without a change of the window's size, and then stays still; at
 *    1280×800 and at 1600×1000, where the table's width follows its scale;
 * 4. /stay-put/tooltips: a die dropped on a cell with the real pointer, and
 *    a die placed with two clicks, leave no tooltip up.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-table-layout.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 90

static char *
dump_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "layout.json", NULL);
}

/* The mid-game save, changed by @edit (or not), written into the data
 * folder as @name: the file to open. */
static char *
write_save (const char *name,
            void      (*edit) (JsonObject *root))
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v1.json", NULL);
  char *path = g_build_filename (g_get_user_data_dir (), name, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  g_assert_true (json_parser_load_from_file (parser, fixture, NULL));
  if (edit != NULL)
    edit (json_node_get_object (json_parser_get_root (parser)));
  json_generator_set_root (generator, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (generator, path, NULL));
  return path;
}

static void
one_placement_left (JsonObject *root)
{
  json_object_set_int_member (json_object_get_object_member (root, "turn"), "placements-left", 1);
}

/* No Prophecy nor Goal in play yet (as early in a game): they go back into
 * the Fate deck, and the top row of the table is as low as it gets. */
static void
none_in_play (JsonObject *root)
{
  JsonArray *in_play = json_object_get_array_member (root, "in-play");
  JsonArray *deck = json_object_get_array_member (root, "fate-deck");

  while (json_array_get_length (in_play) > 0)
    {
      json_array_add_string_element (deck, json_array_get_string_element (in_play, 0));
      json_array_remove_element (in_play, 0);
    }
}

/* Moves the card @id from its deck to the Automa's Equipment cell @cell. */
static void
move_to_automa (JsonObject *root,
                JsonArray  *cells,
                guint       cell,
                const char *id)
{
  JsonArray *decks = json_object_get_array_member (json_object_get_object_member (root, "cards"), "decks");
  gboolean found = FALSE;

  for (guint d = 0; d < json_array_get_length (decks) && !found; d++)
    {
      JsonArray *deck = json_object_get_array_member (json_array_get_object_element (decks, d), "deck");

      for (guint i = 0; i < json_array_get_length (deck) && !found; i++)
        if (g_strcmp0 (json_array_get_string_element (deck, i), id) == 0)
          {
            json_array_remove_element (deck, i);
            found = TRUE;
          }
    }
  g_assert_true (found);
  json_array_add_string_element (json_array_get_array_element (cells, cell), id);
}

/* The last Threat rolled seven dice (what each did stays on the table), and
 * the Automa holds more Equipment, which lengthens its mat's line. */
static void
threat_rolled (JsonObject *root)
{
  const char *results[] = { "knock-out", "wound", "mortal-wound", "knock-out", "miss", "no-effect", "cancelled" };
  JsonArray *outcomes = json_array_new ();
  JsonArray *cells = json_object_get_array_member (json_object_get_object_member (root, "automa"), "cells");

  none_in_play (root);
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      JsonObject *outcome = json_object_new ();

      json_object_set_string_member (outcome, "result", results[i]);
      if (!g_str_equal (results[i], "cancelled"))
        json_object_set_int_member (outcome, "value", (gint64) i % 6 + 1);
      if (g_str_equal (results[i], "wound") || g_str_equal (results[i], "mortal-wound"))
        json_object_set_int_member (outcome, "mark", (gint64) i - 1);
      if (g_str_equal (results[i], "knock-out"))
        {
          /* "knocks out Amethyst 4": the longest of captions. */
          JsonObject *die = json_object_new ();

          json_object_set_string_member (die, "die", "amethyst");
          json_object_set_int_member (die, "value", (gint64) i % 6 + 1);
          json_object_set_int_member (outcome, "from", 0);
          json_object_set_object_member (outcome, "knocked-out", die);
        }
      json_array_add_object_element (outcomes, outcome);
    }
  json_object_set_array_member (root, "threat-outcomes", outcomes);
  move_to_automa (root, cells, 2, "owl-feather-mantle");
  move_to_automa (root, cells, 3, "whispering-ring");
  move_to_automa (root, cells, 3, "acorn-ring");
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

static void
run_on (const char   *save,
        PenTestUiBody body)
{
  g_autofree char *dump = dump_path ();
  const char *files[] = { save, NULL };

  set_window_size (1280, 800);
  g_unlink (dump);
  g_setenv ("PENUMBRA_LAYOUT_DUMP", dump, TRUE);
  pen_test_ui_run_with_files (body, NULL, TIMEOUT_SECONDS, files);
  g_unsetenv ("PENUMBRA_LAYOUT_DUMP");
}

static double
table_scale (PenWindow *window)
{
  GtkWidget *holder = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "table_holder");

  return pen_table_layout_get_scale (PEN_TABLE_LAYOUT (gtk_widget_get_layout_manager (holder)));
}

/* The dump written once the table has settled after what was done since
 * the last one (the last is deleted first). */
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

static guint
count_appear (GHashTable *objects)
{
  GHashTableIter iter;
  const char *key;
  guint n = 0;

  g_hash_table_iter_init (&iter, objects);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    if (g_str_has_prefix (key, "location-cell/") && g_str_has_suffix (key, "--1"))
      n++;
  return n;
}

/* Every location cell (but @except and the Appear places), Mark cell,
 * Equipment cell, card, Trial and Contract of @before is where it was, and
 * as large; returns how many were compared. */
static guint
assert_in_place (GHashTable *before,
                 GHashTable *after,
                 const char *except)
{
  static const char *kinds[] = { "location-cell/", "mark-cell/", "equipment-cell/", "card/", "trial/", "contract/" };
  static const char *members[] = { "x", "y", "width", "height" };
  GHashTableIter iter;
  const char *key;
  JsonObject *object;
  guint compared = 0;

  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &object))
    {
      JsonObject *now;
      gboolean checked = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        checked |= g_str_has_prefix (key, kinds[k]);
      if (!checked || g_str_has_suffix (key, "--1") || (except != NULL && g_str_has_suffix (key, except)))
        continue;
      now = g_hash_table_lookup (after, key);
      if (now == NULL)
        g_error ("%s went from the table", key);
      for (guint m = 0; m < G_N_ELEMENTS (members); m++)
        if (ABS (json_object_get_double_member (object, members[m]) - json_object_get_double_member (now, members[m]))
            > 0.01)
          g_error ("%s moved: %s %g, then %g", key, members[m], json_object_get_double_member (object, members[m]),
                   json_object_get_double_member (now, members[m]));
      compared++;
    }
  return compared;
}

/* 1. */
static void
cells_stay (PenWindow *window,
            gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  g_autoptr(GArray) actions = pen_game_list_actions (game);
  g_autoptr(GHashTable) before = NULL, placed = NULL, undone = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *cell = NULL;
  PenAction place = { 0 };
  double scale;

  for (guint i = 0; i < actions->len && place.type != PEN_ACTION_PLACE; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      if (action->type == PEN_ACTION_PLACE && action->cell >= 0)
        place = *action;
    }
  g_assert_cmpint (place.type, ==, PEN_ACTION_PLACE);
  cell = g_strdup_printf ("/cell-%s-%d-%d", pen_location_get_id (pen_game_get_location (game, (guint) place.location)),
                          place.section, place.cell);

  before = settled_objects (window);
  scale = table_scale (window);
  g_assert_cmpuint (count_appear (before), >, 4);

  g_assert_true (pen_game_apply (game, &place, &error));
  g_assert_no_error (error);
  placed = settled_objects (window);
  /* The turn's last placement: no Appear place is open. */
  g_assert_cmpuint (count_appear (placed), <, count_appear (before));
  g_assert_cmpuint (assert_in_place (before, placed, cell), >=, 60);
  g_assert_cmpfloat (table_scale (window), ==, scale);

  g_assert_true (pen_game_undo (game, &error));
  g_assert_no_error (error);
  undone = settled_objects (window);
  g_assert_cmpuint (count_appear (undone), ==, count_appear (before));
  g_assert_cmpuint (assert_in_place (before, undone, NULL), >=, 60);
  g_assert_cmpfloat (table_scale (window), ==, scale);
}

static void
test_cells (void)
{
  g_autofree char *save = write_save ("one-placement.penumbra", one_placement_left);

  run_on (save, cells_stay);
}

/* 2. */
static void
threat_stays (PenWindow *window,
              gpointer   data)
{
  g_autofree char *threat = write_save ("threat.penumbra", threat_rolled);
  g_autoptr(GFile) file = g_file_new_for_path (threat);
  g_autoptr(GHashTable) before = NULL, after = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *threat_row = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "threat_row");
  double scale;

  before = settled_objects (window);
  scale = table_scale (window);
  g_assert_null (pen_layout_find (threat_row, "die", "threat-0"));

  pen_window_open_file (window, file, &error);
  g_assert_no_error (error);
  after = settled_objects (window);
  g_assert_nonnull (g_hash_table_lookup (after, "die/threat-6"));
  g_test_message ("the table's scale: %g without the Threat, %g with it", scale, table_scale (window));
  g_assert_cmpfloat (table_scale (window), ==, scale);
  g_assert_cmpuint (assert_in_place (before, after, NULL), >=, 60);
}

static void
test_threat (void)
{
  g_autofree char *save = write_save ("none-in-play.penumbra", none_in_play);

  run_on (save, threat_stays);
}

/* 2b. The second Contract taken from the row (back into the deck here):
 * its slot stays empty until the row is dealt again. */
static void
contract_taken (JsonObject *root)
{
  JsonArray *row = json_object_get_array_member (root, "contract-row");
  JsonArray *emptied = json_array_new ();

  json_array_add_string_element (json_object_get_array_member (root, "contract-deck"),
                                 json_array_get_string_element (row, 1));
  for (guint i = 0; i < json_array_get_length (row); i++)
    if (i == 1)
      json_array_add_null_element (emptied);
    else
      json_array_add_string_element (emptied, json_array_get_string_element (row, i));
  json_object_set_array_member (root, "contract-row", emptied);
}

static void
contracts_stay (PenWindow *window,
                gpointer   data)
{
  g_autofree char *taken = write_save ("contract-taken.penumbra", contract_taken);
  g_autoptr(GFile) file = g_file_new_for_path (taken);
  g_autoptr(GHashTable) before = NULL, after = NULL;
  g_autoptr(GError) error = NULL;

  before = settled_objects (window);
  g_assert_nonnull (g_hash_table_lookup (before, "contract/contract-1"));
  pen_window_open_file (window, file, &error);
  g_assert_no_error (error);
  after = settled_objects (window);
  g_assert_null (g_hash_table_lookup (after, "contract/contract-1"));
  g_assert_nonnull (g_hash_table_lookup (after, "contract/contract-3"));
  g_assert_cmpuint (assert_in_place (before, after, "/contract-1"), >=, 60);
}

static void
test_contracts (void)
{
  g_autofree char *save = write_save ("mid-game.penumbra", NULL);

  run_on (save, contracts_stay);
}

/* 3. */
static void
count_layout_cb (GdkFrameClock *clock,
                 guint         *n)
{
  (*n)++;
}

/* At the window's size now. */
static void
shrink_and_grow_back (PenWindow *window)
{
  GtkWidget *label = pen_test_ui_find_named (GTK_WIDGET (window), "fate-deck");
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  double scale, shrunk;
  guint layouts = 0;
  gulong handler;

  pen_test_ui_settle (window);
  scale = table_scale (window);
  /* Something of the table grows: it no longer fits at its scale. */
  gtk_widget_set_size_request (label, -1, 250);
  pen_test_ui_wait (300);
  pen_test_ui_settle (window);
  shrunk = table_scale (window);
  g_test_message ("the table's scale: %g, %g while too big", scale, shrunk);
  g_assert_cmpfloat (shrunk, <, scale);

  /* It is its size again: its scale comes back, the window's size the same. */
  gtk_widget_set_size_request (label, -1, -1);
  pen_test_ui_wait (300);
  pen_test_ui_settle (window);
  g_test_message ("and %g once its size again", table_scale (window));
  g_assert_cmpfloat (ABS (table_scale (window) - scale), <, 0.015);

  /* And it stays still: no frame lays the window out again. */
  handler = g_signal_connect (clock, "layout", G_CALLBACK (count_layout_cb), &layouts);
  pen_test_ui_wait (1000);
  g_signal_handler_disconnect (clock, handler);
  g_assert_cmpuint (layouts, <=, 1);
}

static void
grows_back (PenWindow *window,
            gpointer   data)
{
  gulong xid = (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));

  shrink_and_grow_back (window);
  /* Where the table's width follows its scale (test-layout's
   * /layout/shrink): it settles there too. */
  pen_test_ui_xdotool ("windowsize %lu 1600 1000", xid);
  pen_test_ui_wait (500);
  shrink_and_grow_back (window);
}

static void
test_grows_back (void)
{
  g_autofree char *save = write_save ("mid-game.penumbra", NULL);

  run_on (save, grows_back);
}

/* 4. The tooltip shown, if any: GTK's tooltip window, a child of the
 * window it shows over. */
static GtkWidget *
tooltip_shown (PenWindow *window)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (window)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (G_OBJECT_TYPE_NAME (child), "GtkTooltipWindow") && gtk_widget_get_mapped (child))
      return child;
  return NULL;
}

/* A legal placement on a cell (not beside the cells): its die and cell. */
static gboolean
find_placement (PenWindow  *window,
                GtkWidget **die,
                GtkWidget **cell)
{
  PenGame *game = pen_window_get_game (window);
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      if (action->type == PEN_ACTION_PLACE && action->cell >= 0)
        {
          *die = pen_test_ui_named (window, "die-%d", action->die);
          *cell = pen_test_ui_named (window, "cell-%s-%d-%d",
                                     pen_location_get_id (pen_game_get_location (game, (guint) action->location)),
                                     action->section, action->cell);
          return *die != NULL && *cell != NULL;
        }
    }
  return FALSE;
}

static void
hover (GtkWidget *widget)
{
  int x, y;

  pen_test_ui_screen_point (widget, gtk_widget_get_width (widget) / 2., gtk_widget_get_height (widget) / 2., &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x - 3, y - 3);
  pen_test_ui_wait (50);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
}

static void
tooltips_close (PenWindow *window,
                gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  guint placements = pen_game_get_placements_left (game);
  GtkWidget *die, *cell;

  pen_test_ui_settle (window);
  g_assert_true (find_placement (window, &die, &cell));
  /* A cell shows its tooltip when the pointer rests on it. */
  hover (cell);
  pen_test_ui_wait (1500);
  g_assert_nonnull (tooltip_shown (window));

  /* Dropped on it: the cell's tooltip does not come up over the next row. */
  pen_test_ui_drag (die, cell, TRUE);
  pen_test_ui_settle (window);
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, placements - 1);
  pen_test_ui_wait (1500);
  g_assert_null (tooltip_shown (window));

  /* Chosen, then placed with a press on its cell: the same. */
  g_assert_true (pen_game_undo (game, NULL));
  pen_test_ui_settle (window);
  g_assert_true (find_placement (window, &die, &cell));
  hover (cell);
  pen_test_ui_wait (1500);
  g_assert_nonnull (tooltip_shown (window));
  pen_test_ui_click (die);
  pen_test_ui_wait (300);
  pen_test_ui_click (cell);
  pen_test_ui_settle (window);
  g_assert_cmpuint (pen_game_get_placements_left (game), ==, placements - 1);
  pen_test_ui_wait (1500);
  g_assert_null (tooltip_shown (window));
}

static void
test_tooltips (void)
{
  g_autofree char *save = write_save ("mid-game.penumbra", NULL);

  run_on (save, tooltips_close);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/stay-put/cells", test_cells);
  g_test_add_func ("/stay-put/threat", test_threat);
  g_test_add_func ("/stay-put/contracts", test_contracts);
  g_test_add_func ("/stay-put/grows-back", test_grows_back);
  g_test_add_func ("/stay-put/tooltips", test_tooltips);

  return g_test_run ();
}
