/* test-rule-links.c: from the table to the rule, with the real pointer
 * under X11 (Xvfb). On a mid-game save, a "?" opens the rules reference at
 * the matching rule: a Property of a Trial (in the Trial's popover), a
 * location (its name on the board), a Mark (in its cell's popover), the
 * Automa (beside its title), a Primagic effect (in a chosen die's list) and
 * an Automa's Instruction (the "?" after it in the log).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-quest.h"
#include "pen-rules-window.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 120

/* Clicks @link and checks the reference opened at @topic, then closes it. */
static void
follow (GtkWidget  *link,
        const char *topic)
{
  PenRulesWindow *rules;

  g_assert_nonnull (link);
  g_assert_null (pen_test_ui_find_toplevel (PEN_TYPE_RULES_WINDOW));
  pen_test_ui_click (link);
  pen_test_ui_wait (500);
  rules = PEN_RULES_WINDOW (pen_test_ui_find_toplevel (PEN_TYPE_RULES_WINDOW));
  g_assert_nonnull (rules);
  g_assert_cmpstr (pen_rules_window_get_topic (rules), ==, topic);
  g_test_message ("%s: %s", topic, pen_rules_get_topic_title (topic));
  gtk_window_destroy (GTK_WINDOW (rules));
  pen_test_ui_wait (300);
}

/* Opens @piece's popover with the pointer and follows its link to @topic. */
static void
follow_in_popover (PenWindow  *window,
                   const char *kind,
                   const char *piece,
                   const char *topic)
{
  GtkWidget *widget = pen_layout_find (GTK_WIDGET (window), kind, piece);
  GtkWidget *popover;

  g_assert_nonnull (widget);
  pen_test_ui_click (widget);
  popover = pen_test_ui_wait_for_popover (widget);
  g_assert_nonnull (popover);
  follow (pen_layout_find (popover, "rule-link", topic), topic);
}

static void
links (PenWindow *window,
       gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  GPtrArray *row = pen_game_get_trial_row (game);
  const PenTrial *trial = pen_quests_find_trial (pen_quests_get_default (NULL), g_ptr_array_index (row, 0));
  guint me = pen_game_get_current_player (game);
  const PenMark *mark = pen_wizard_board_get_mark (pen_game_get_player (game, me), 0);
  g_autofree char *property = NULL, *mark_piece = NULL, *mark_topic = NULL, *automa = NULL;
  GtkWidget *die;

  pen_test_ui_settle (window);

  /* A Property of the first Trial of the row. */
  g_assert_nonnull (trial);
  g_assert_cmpuint (trial->n_properties, >, 0);
  property = g_strdup_printf ("property-%s", pen_property_get_id (trial->properties[0].kind));
  follow_in_popover (window, "trial", "trial-0", property);

  /* A location: its name on the board. */
  follow (pen_layout_find (GTK_WIDGET (window), "rule-link", "location-jasper-class"), "location-jasper-class");

  /* A Mark: in its cell's popover. */
  g_assert_true (mark->occupied);
  mark_piece = g_strdup_printf ("mark-%u-0", me);
  mark_topic = g_strdup_printf ("mark-%s", pen_discipline_get_id (mark->discipline));
  follow_in_popover (window, "mark-cell", mark_piece, mark_topic);

  /* The Automa: beside its title. */
  automa = g_strdup_printf ("automa-%s", pen_game_get_automa_id (game));
  follow (pen_layout_find (GTK_WIDGET (window), "rule-link", automa), automa);

  /* A Primagic effect: the chosen die's list names the rule of Knock Out
   * (the save's Red die can knock out a placed die). */
  die = pen_layout_find (GTK_WIDGET (window), "die", "die-3");
  g_assert_nonnull (die);
  pen_test_ui_click (die);
  pen_test_ui_wait (300);
  follow (pen_layout_find (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "die_box"), "rule-link",
                           "primagic-knock-out"),
          "primagic-knock-out");
}

/* An Automa's Instruction in the log: the "?" after its last one. */
static void
instruction (PenWindow *window,
             gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  g_autofree char *topic = g_strdup_printf ("automa-%s", pen_game_get_automa_id (game));
  const char *text;
  PenRulesWindow *rules;
  int line = -1, x, y;

  pen_test_ui_settle (window);
  pen_test_ui_wait (500);
  for (guint i = 0; i < pen_game_get_log_length (game); i++)
    if (g_strcmp0 (pen_game_get_log_message (game, i), "Instruction %u.") == 0)
      line = (int) i;
  g_assert_cmpint (line, >=, 0);
  text = pen_test_ui_log_line (window, (guint) line);
  g_assert_true (g_str_has_suffix (text, "?"));
  g_assert_true (pen_test_ui_log_point (window, (guint) line, (guint) g_utf8_strlen (text, -1) - 1, TRUE, &x, &y));
  pen_test_ui_xdotool ("mousemove %d %d click 1", x, y);
  pen_test_ui_wait (800);
  rules = PEN_RULES_WINDOW (pen_test_ui_find_toplevel (PEN_TYPE_RULES_WINDOW));
  g_assert_nonnull (rules);
  g_assert_cmpstr (pen_rules_window_get_topic (rules), ==, topic);
  gtk_window_destroy (GTK_WINDOW (rules));
}

static void
test_instruction (void)
{
  pen_test_ui_run_with_save (instruction, NULL, TIMEOUT_SECONDS, "mid-game-v5.json");
}

static void
test_links (void)
{
  pen_test_ui_run_with_save (links, NULL, TIMEOUT_SECONDS, "study-turn.json");
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/rule-links/from-the-table", test_links);
  g_test_add_func ("/rule-links/automa-instruction-in-the-log", test_instruction);

  return g_test_run ();
}
