/* test-standing.c: where the game stands, on the table while it is played
 * (issue 41, "Live standing"), under X11 (Xvfb), in English and
 * (standing-ru) in Russian.
 *
 * A mid-game save against Ruby (tests/common/saves/standing-one-step.json:
 * Triumph of Light in play with Ruby at 2 of 3 Trials on the path of Light,
 * End of Time, the Goal Mastery) is opened at 1280×800 with the layout dump
 * (PENUMBRA_LAYOUT_DUMP, HACKING.md). The table must show:
 * 1. each side's score now, one object of kind `score` per side whose label
 *    ends with the total that `penumbra-sim score` prints for the same save
 *    (rulebook, "Scoring": the count the end screen shows);
 * 2. one `progress` object per Prophecy and Goal in play, with the counts the
 *    engine computes (pen_game_get_fate_progress(): rulebook, "End of the
 *    game" and "Scoring", 7. GOALS), the Prophecy one step away lit
 *    (CSS class and a sign), the others not; no label of the standing cut
 *    short in either language;
 * 3. a Contract's popover (the large card a click on it opens) shows all it
 *    scores at the end: its points and each of its experience symbols
 *    ("Scoring", 4. EXPERIENCE, 5. CONTRACTS), a Trial's likewise;
 * 4. after actions taken from the table until a score changes, the same
 *    label widget showing the new total of `penumbra-sim score` on the game
 *    saved then: changed in place, the Prophecies' cards not rebuilt.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-card-view.h"
#include "pen-fate-deck.h"
#include "pen-quest.h"
#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-save.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 120
#define SAVE "standing-one-step.json"

static char *
dump_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "standing-layout.json", NULL);
}

/* The totals `penumbra-sim score FILE` prints, by player. */
static void
sim_totals (const char *file,
            int        *totals,
            guint       n_players)
{
  const char *sim = g_getenv ("PENUMBRA_SIM");
  const char *argv[] = { sim, "score", file, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *scores;
  int status = 0;

  g_assert_nonnull (sim);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  root = json_from_string (out, &error);
  g_assert_no_error (error);
  scores = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (scores), ==, n_players);
  for (guint p = 0; p < n_players; p++)
    totals[p] = (int) json_object_get_int_member (json_array_get_object_element (scores, p), "total");
}

/* The game as it stands, written where the sim can read it. */
static void
sim_totals_now (PenGame *game,
                int     *totals)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "standing-now.penumbra", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_save_write (game, path, &error));
  g_assert_no_error (error);
  sim_totals (path, totals, pen_game_get_n_players (game));
}

static JsonObject *
find_object (JsonNode   *dump,
             const char *kind,
             const char *id)
{
  JsonArray *objects = json_object_get_array_member (json_node_get_object (dump), "objects");

  for (guint i = 0; i < json_array_get_length (objects); i++)
    {
      JsonObject *object = json_array_get_object_element (objects, i);

      if (g_str_equal (json_object_get_string_member (object, "kind"), kind)
          && g_str_equal (json_object_get_string_member (object, "id"), id))
        return object;
    }
  return NULL;
}

static guint
count_kind (JsonNode   *dump,
            const char *kind)
{
  JsonArray *objects = json_object_get_array_member (json_node_get_object (dump), "objects");
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (objects); i++)
    n += g_str_equal (json_object_get_string_member (json_array_get_object_element (objects, i), "kind"), kind);
  return n;
}

/* The label "You 23" / "Ruby 41": it ends with the total. */
static int
label_total (JsonObject *object)
{
  const char *label = json_object_get_string_member (object, "label");
  const char *last = strrchr (label, ' ');

  g_assert_nonnull (last);
  return atoi (last + 1);
}

static guint
human (PenGame *game)
{
  return pen_game_get_automa_player (game) == 0 ? 1 : 0;
}

/* 1. Each side's score now, one object per side, the sim's total. */
static void
check_scores (JsonNode *dump,
              PenGame  *game,
              const int *totals)
{
  JsonObject *mine = find_object (dump, "score", "score-player");
  JsonObject *automa = find_object (dump, "score", "score-automa");
  const char *you = g_dgettext (GETTEXT_PACKAGE, "You");

  g_assert_cmpuint (count_kind (dump, "score"), ==, 2);
  g_assert_nonnull (mine);
  g_assert_nonnull (automa);
  g_assert_true (json_object_get_boolean_member (mine, "showing"));
  g_assert_true (json_object_get_boolean_member (automa, "showing"));
  g_test_message ("score: “%s”, “%s”; the sim: %d, %d", json_object_get_string_member (mine, "label"),
                  json_object_get_string_member (automa, "label"), totals[human (game)],
                  totals[pen_game_get_automa_player (game)]);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (mine, "label"), you));
  g_assert_cmpint (label_total (mine), ==, totals[human (game)]);
  g_assert_cmpint (label_total (automa), ==, totals[pen_game_get_automa_player (game)]);
}

static gboolean
contains_printf (const char *text,
                 const char *format,
                 ...) G_GNUC_PRINTF (2, 3);

static gboolean
contains_printf (const char *text,
                 const char *format,
                 ...)
{
  g_autofree char *part = NULL;
  va_list args;

  va_start (args, format);
  part = g_strdup_vprintf (format, args);
  va_end (args);
  return strstr (text, part) != NULL;
}

/* A label of the standing is shown whole (not ellipsized). */
static void
assert_whole (GtkWidget *label)
{
  g_assert_true (GTK_IS_LABEL (label));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
}

/* 2. One progress object per Prophecy and Goal in play, with the engine's
 * counts; the one a step away lit. */
static void
check_progress (JsonNode    *dump,
                PenGameView *view,
                PenGame     *game)
{
  g_autoptr(GArray) progress = pen_game_get_fate_progress (game);
  guint n_lit = 0;

  g_assert_cmpuint (progress->len, ==, 3);
  g_assert_cmpuint (count_kind (dump, "progress"), ==, progress->len);
  for (guint i = 0; i < progress->len; i++)
    {
      const PenFateProgress *one = &g_array_index (progress, PenFateProgress, i);
      g_autofree char *id = g_strdup_printf ("progress-%s", one->card);
      JsonObject *object = find_object (dump, "progress", id);
      GtkWidget *label = pen_layout_find (GTK_WIDGET (view), "progress", id);
      const char *said;
      gboolean lit = one->kind == PEN_FATE_KIND_PROPHECY && one->one_step_away;

      g_autoptr(GString) shown = g_string_new (NULL);
      gboolean signed_lit = FALSE;

      g_assert_nonnull (object);
      g_assert_nonnull (label);
      said = json_object_get_string_member (object, "label");
      /* Its lines, each whole, the sign of one step away on those lit. */
      for (GtkWidget *line = gtk_widget_get_first_child (label); line != NULL; line = gtk_widget_get_next_sibling (line))
        {
          const char *text = gtk_label_get_text (GTK_LABEL (line));

          assert_whole (line);
          g_string_append_printf (shown, "%s|", text);
          g_assert_true ((strstr (text, "⚠") != NULL) == gtk_widget_has_css_class (line, "pen-progress-next"));
          signed_lit |= strstr (text, "⚠") != NULL;
        }
      g_test_message ("%s: “%s” (shown “%s”)", id, said, shown->str);
      g_assert_true (json_object_get_boolean_member (object, "showing"));
      if (one->kind == PEN_FATE_KIND_GOAL)
        for (guint p = 0; p < one->n_wizards; p++)
          g_assert_true (contains_printf (said, "+%u", one->points[p]));
      else if (one->scope == PEN_PROPHECY_FATE_DECK_EMPTY)
        g_assert_true (contains_printf (said, "%u", pen_game_get_fate_remaining (game)));
      else
        for (guint p = 0; p < one->n_wizards; p++)
          g_assert_true (contains_printf (said, "%u/%u", one->counts[p], one->threshold));
      /* Lit: a class, and a sign with the bold on the line of who is one step away. */
      g_assert_true (gtk_widget_has_css_class (label, "pen-progress-lit") == lit);
      g_assert_true (signed_lit == lit);
      n_lit += lit;
    }
  /* Triumph of Light: Ruby at 2 of 3. */
  g_assert_cmpuint (n_lit, ==, 1);
  g_assert_true (gtk_widget_has_css_class (pen_layout_find (GTK_WIDGET (view), "progress", "progress-triumph-of-light"),
                                           "pen-progress-lit"));
}

/* 3. What a Contract's and a Trial's large card says scores. */
static void
assert_scoring_shown (GtkWidget   *view,
                      guint        points,
                      const guint *experience)
{
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autofree char *points_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u point", "%u points", points), points);

  g_object_ref_sink (view);
  pen_test_ui_collect_texts (view, texts);
  g_object_unref (view);
  g_assert_nonnull (strstr (texts->str, points_text));
  for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
    if (experience[e] > 0)
      g_assert_nonnull (strstr (texts->str, pen_experience_get_name (e)));
}

static void
check_quest_cards (PenGame *game)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  GPtrArray *trials = pen_game_get_trial_row (game);
  guint n = 0;

  for (guint slot = 0; slot < PEN_N_CONTRACT_SLOTS; slot++)
    {
      const char *id = pen_game_get_contract (game, slot);
      const PenContract *contract = id != NULL ? pen_quests_find_contract (quests, id) : NULL;

      if (contract == NULL)
        continue;
      assert_scoring_shown (pen_card_view_new_contract (id), contract->points, contract->experience);
      n++;
    }
  for (guint i = 0; i < trials->len; i++)
    {
      const PenTrial *trial = pen_quests_find_trial (quests, g_ptr_array_index (trials, i));

      assert_scoring_shown (pen_card_view_new_trial (trial->id, trial->id), trial->points, trial->experience);
    }
  g_assert_cmpuint (n, >, 0);
}

static void
standing (PenWindow *window,
          gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  PenGameView *view = pen_window_get_game_view (window);
  g_autofree char *path = dump_path ();
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", SAVE, NULL);
  g_autoptr(JsonNode) dump = NULL;
  int totals[4], now[4];
  GtkWidget *mine, *automa, *card, *points;
  gboolean changed = FALSE;

  g_assert_nonnull (game);
  dump = pen_test_ui_settled_dump (path, "\"progress\"");
  /* 1. and 2., against the sim on the save itself. */
  sim_totals (fixture, totals, pen_game_get_n_players (game));
  check_scores (dump, game, totals);
  check_progress (dump, view, game);
  points = pen_test_ui_find_named (GTK_WIDGET (view), "light-darkness-points");
  g_assert_nonnull (points);
  assert_whole (points);
  assert_whole (pen_test_ui_find_named (GTK_WIDGET (view), "score-now-player"));
  assert_whole (pen_test_ui_find_named (GTK_WIDGET (view), "score-now-automa"));
  pen_test_ui_screenshot ("standing");
  check_quest_cards (game);

  /* 4. Actions from the table until a score changes. */
  mine = pen_layout_find (GTK_WIDGET (view), "score", "score-player");
  automa = pen_layout_find (GTK_WIDGET (view), "score", "score-automa");
  card = pen_layout_find (GTK_WIDGET (view), "fate-card", "fate-mastery");
  g_assert_nonnull (card);
  for (guint step = 0; step < 30 && !changed && !pen_game_is_over (game); step++)
    {
      PenScoreBreakdown score;

      pen_test_ui_take_first (window);
      pen_test_ui_settle (window);
      for (guint p = 0; p < pen_game_get_n_players (game) && !changed; p++)
        {
          pen_game_compute_score (game, p, &score);
          changed = score.total != totals[p];
        }
    }
  g_assert_true (changed);
  /* An Automa's turn among them is told first: the score shown is the told
   * state's until the whole turn is shown. */
  pen_test_ui_skip_narration (window, FALSE);
  sim_totals_now (game, now);
  /* The dump written after the last change. */
  for (guint tries = 0; tries < 20; tries++)
    {
      g_clear_pointer (&dump, json_node_unref);
      dump = pen_test_ui_settled_dump (path, NULL);
      if (label_total (find_object (dump, "score", "score-player")) == now[human (game)]
          && label_total (find_object (dump, "score", "score-automa")) == now[pen_game_get_automa_player (game)])
        break;
    }
  g_test_message ("after the actions: the sim %d, %d", now[0], now[1]);
  check_scores (dump, game, now);
  /* In place: the same widgets, the Prophecies' cards not rebuilt. */
  g_assert_true (pen_layout_find (GTK_WIDGET (view), "score", "score-player") == mine);
  g_assert_true (pen_layout_find (GTK_WIDGET (view), "score", "score-automa") == automa);
  g_assert_true (pen_layout_find (GTK_WIDGET (view), "fate-card", "fate-mastery") == card);
}

static void
test_standing (void)
{
  g_autofree char *dump = dump_path ();
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");

  g_settings_set_int (settings, "window-width", 1280);
  g_settings_set_int (settings, "window-height", 800);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  g_unlink (dump);
  g_setenv ("PENUMBRA_LAYOUT_DUMP", dump, TRUE);
  pen_test_ui_run_with_save (standing, NULL, TIMEOUT_SECONDS, SAVE);
  g_unsetenv ("PENUMBRA_LAYOUT_DUMP");
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/standing/score-and-progress", test_standing);
  return g_test_run ();
}
