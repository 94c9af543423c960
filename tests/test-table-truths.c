/* test-table-truths.c: what the table says of its pieces, under X11 (Xvfb).
 *
 * A saved game (tests/saves/mid-game-v2.json) with three Trials moved from
 * the Fate deck to the Trial row is opened; the table must show:
 * 1. on each Trial piece, the approach of each path (rulebook, "Trials",
 *    APPROACH: "Each of the two paths in a Trial contains an "approach" to
 *    solving the problem").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-quest.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50

static const char * const trials[] = { "drowned-bell", "miroslava-thorn", "hollow-king" };

/* The save, with the Trials moved from the Fate deck to the Trial row. */
static char *
write_save (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "saves", "mid-game-v2.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (g_get_user_data_dir (), "truths.penumbra", NULL);
  JsonObject *root;
  JsonArray *deck, *row;
  g_autofree char *text = NULL;

  g_assert_true (json_parser_load_from_file (parser, fixture, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  deck = json_object_get_array_member (root, "fate-deck");
  row = json_object_get_array_member (root, "trial-row");
  for (guint t = 0; t < G_N_ELEMENTS (trials); t++)
    {
      for (guint i = 0; i < json_array_get_length (deck); i++)
        if (g_str_equal (json_array_get_string_element (deck, i), trials[t]))
          {
            json_array_remove_element (deck, i);
            break;
          }
      json_array_add_string_element (row, trials[t]);
    }
  text = json_to_string (json_parser_get_root (parser), FALSE);
  g_mkdir_with_parents (g_get_user_data_dir (), 0755);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static GtkWidget *
named (PenWindow  *window,
       const char *format,
       ...) G_GNUC_PRINTF (2, 3);

static GtkWidget *
named (PenWindow  *window,
       const char *format,
       ...)
{
  g_autofree char *name = NULL;
  GtkWidget *widget;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  widget = pen_test_ui_find_named (GTK_WIDGET (window), name);
  g_assert_nonnull (widget);
  return widget;
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

  for (guint t = 0; t < G_N_ELEMENTS (trials); t++)
    {
      const PenTrial *trial = pen_quests_find_trial (quests, trials[t]);
      GtkWidget *piece = named (window, "trial-%u", t);

      g_assert_nonnull (trial);
      g_assert_true (shows (piece, pen_approach_get_name (trial->darkness.approach)));
      g_assert_true (shows (piece, pen_approach_get_name (trial->light.approach)));
    }
}

static void
check_table (PenWindow *window,
             gpointer   data)
{
  g_assert_nonnull (pen_window_get_game (window));
  check_approaches (window);
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
