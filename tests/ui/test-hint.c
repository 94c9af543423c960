/* test-hint.c: the coach's hint in the window, asked for with the real
 * keyboard (Ctrl+H, xdotool) under X11 (Xvfb).
 *
 * 1. Following the hints: from a mid-game save, a hint is asked for again
 *    and again and each one is taken from the table. Each time the hint
 *    lights exactly the pieces of one legal action (its piece, and the cell
 *    of a placement or the Mark of a setting, or else its button), that
 *    action is the one the coach chooses for the position with the same
 *    seed and deals, and the notice names it.
 * 2. A change of the game cancels a hint still being thought of.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "pen-action-label.h"
#include "pen-coach.h"
#include "pen-game-view.h"
#include "pen-hint.h"
#include "pen-layout-dump.h"
#include "pen-piece-id.h"
#include "pen-pieces.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 300
#define HINTS 8

static void
ask_for_hint (PenWindow *window)
{
  int x, y;

  /* Keys go to the window under the pointer (no window manager here). */
  pen_test_ui_screen_point (GTK_WIDGET (window), 10, 10, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_xdotool ("key ctrl+h");
}

static void
collect_hinted (GtkWidget *widget,
                GPtrArray *hinted)
{
  if (gtk_widget_has_css_class (widget, "pen-hinted"))
    g_ptr_array_add (hinted, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_NATIVE (child))
      collect_hinted (child, hinted);
}

/* The pieces a hint of @action lights: its piece and where it goes. */
static GPtrArray *
expected_pieces (PenGame         *game,
                 const PenAction *action)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  char *piece = pen_piece_of_action (game, action);

  if (piece != NULL)
    g_ptr_array_add (ids, piece);
  if (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
    g_ptr_array_add (ids, pen_piece_id_cell (game, action->location, action->section, action->cell));
  else if (action->type == PEN_ACTION_USE_MARK && action->value < PEN_MARK_EFFECT_CAST)
    g_ptr_array_add (ids, pen_piece_id_mark (pen_game_get_current_player (game), action->index));
  return ids;
}

/* Each lit widget is a piece of @action or a button taking it, and each
 * piece of @action is lit; returns whether a piece (not a button) was. */
static gboolean
check_lit (PenWindow       *window,
           PenGame         *game,
           const PenAction *action)
{
  g_autoptr(GPtrArray) hinted = g_ptr_array_new ();
  g_autoptr(GPtrArray) expected = expected_pieces (game, action);
  guint pieces = 0, buttons = 0;

  collect_hinted (GTK_WIDGET (window), hinted);
  g_assert_cmpuint (hinted->len, >, 0);
  for (guint i = 0; i < hinted->len; i++)
    {
      GtkWidget *lit = g_ptr_array_index (hinted, i);
      const PenAction *taken = g_object_get_data (G_OBJECT (lit), "pen-action");
      const char *kind, *id, *label;
      gboolean found = FALSE;

      if (taken != NULL)
        {
          g_assert_true (pen_action_equal (taken, action));
          buttons++;
          continue;
        }
      g_assert_true (pen_layout_get_tag (lit, &kind, &id, &label));
      for (guint j = 0; j < expected->len; j++)
        found |= g_str_equal (id, g_ptr_array_index (expected, j));
      g_assert_true (found);
      pieces++;
    }
  /* A placement lights its die and its cell. */
  g_assert_cmpuint (pieces, ==, expected->len);
  g_assert_true (pieces > 0 || buttons == 1);
  return pieces > 0;
}

/* The coach, asked again with the seed of the hint and as many deals as it
 * had time for, gives the same action. */
static void
check_coach_chose (PenGame              *game,
                   const PenCoachAdvice *advice)
{
  PenCoachSettings settings = pen_coach_window;
  PenCoachAdvice again;

  settings.deals = MAX (advice->n_deals, 1);
  settings.budget_us = 0;
  g_assert_true (pen_coach_advise (game, &settings, pen_hint_seed (game), NULL, &again));
  g_assert_true (pen_action_equal (&again.action, &advice->action));
}

static void
check_notice (PenWindow            *window,
              PenGame              *game,
              const PenCoachAdvice *advice)
{
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autofree char *label = pen_action_label (game, &advice->action);

  pen_test_ui_collect_texts (GTK_WIDGET (window), texts);
  g_assert_nonnull (strstr (texts->str, label));
}

/* 1. */
static void
follow_hints (PenWindow *window,
              gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  gboolean lit_piece = FALSE, lit_button = FALSE;

  g_assert_nonnull (game);
  pen_test_ui_settle (window);
  for (guint n = 0; n < HINTS && !pen_game_is_over (game); n++)
    {
      PenCoachAdvice advice;
      g_autofree char *label = NULL;

      ask_for_hint (window);
      g_assert_true (pen_test_ui_wait_for_hint (window, &advice));
      label = pen_action_label (game, &advice.action);
      g_test_message ("hint %u: %s (%u candidates, %u deals)", n, label, advice.n_candidates, advice.n_deals);
      g_assert_true (pen_game_check_action (game, &advice.action, NULL));
      check_coach_chose (game, &advice);
      check_notice (window, game, &advice);
      if (check_lit (window, game, &advice.action))
        lit_piece = TRUE;
      else
        lit_button = TRUE;
      if (n == 0)
        pen_test_ui_screenshot ("hint");
      /* Taken from the table, as a player following it would. */
      g_assert_true (pen_test_ui_take_action (window, &advice.action, TRUE));
      pen_test_ui_settle (window);
      /* The table rebuilt: nothing is lit for the game as it was. */
      g_assert_false (pen_game_view_get_hint (pen_window_get_game_view (window), NULL));
    }
  g_assert_true (lit_piece);
  g_assert_true (lit_button);
}

/* 2. */
static void
changed_game_cancels (PenWindow *window,
                      gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  PenGameView *view = pen_window_get_game_view (window);
  g_autoptr(GArray) actions = NULL;

  pen_test_ui_settle (window);
  pen_game_view_hint (view);
  /* Changed before the coach can have answered. */
  actions = pen_game_list_actions (game);
  g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), NULL));
  pen_test_ui_wait (3000);
  g_assert_false (pen_game_view_get_hint (view, NULL));
}

static void
test_follow_hints (void)
{
  pen_test_ui_run_with_save (follow_hints, NULL, TIMEOUT_SECONDS, "study-turn.json");
}

static void
test_changed_game_cancels (void)
{
  pen_test_ui_run_with_save (changed_game_cancels, NULL, TIMEOUT_SECONDS, "study-turn.json");
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/hint/follow-hints", test_follow_hints);
  g_test_add_func ("/hint/changed-game-cancels", test_changed_game_cancels);

  return g_test_run ();
}
