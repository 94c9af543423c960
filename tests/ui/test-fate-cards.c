/* test-fate-cards.c: the Fate deck's cards on the table, in the window, under
 * X11 (Xvfb) with xdotool; in English, and in Russian as fate-cards-ru.
 *
 * Rulebook, "The Fate deck in play": "GOAL. If a Goal card is revealed from
 * the Fate deck, put it in the common play area so that all players can see
 * it." "PROPHECY. If a Prophecy card is revealed from the Fate deck, put it in
 * the common play area". "EVENT. If an Event card is revealed from the Fate
 * deck, immediately apply its instructions." "End of the game": "When any of
 * the active Prophecies is fulfilled (the condition stated on it is met): the
 * current player finishes their turn as usual, after which all players take
 * one more turn each".
 *
 * - in-play: a save with a Prophecy and a Goal in play (tests/common/saves/
 *   mid-game-v2.json): each card in play shows its name, its type and its
 *   whole rules text, in the window at 1280×800.
 * - reveal: the Wizard rests and ends the turn with the pointer; the last card
 *   of the Fate deck, the Event Practice, is revealed: a banner shows its
 *   text until its OK is clicked; the log line of the reveal, clicked, shows
 *   the card; the empty deck fulfils End of Time, and the table announces the
 *   last round, which stays through the Automa's turn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-action-label.h"
#include "pen-fate-deck.h"
#include "pen-game-view.h"
#include "pen-save.h"
#include "pen-test-state.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 40

static const PenFateCard *
fate_card (const char *id)
{
  const PenFateCard *card = pen_fate_catalogue_lookup (pen_fate_catalogue_get_default (NULL), id);

  g_assert_nonnull (card);
  return card;
}

/* The card's rules text in the language of the window. */
static const char *
rules_text (const char *id)
{
  return pen_test_ui_russian () ? pen_fate_card_get_text_ru (fate_card (id)) : pen_fate_card_get_text (fate_card (id));
}

/* The labels under @widget, joined by spaces (a card's lines are broken). */
static char *
texts_of (GtkWidget *widget)
{
  g_autoptr(GString) texts = g_string_new (NULL);

  pen_test_ui_collect_texts (widget, texts);
  g_strdelimit (texts->str, "\n", ' ');
  return g_string_free (g_steal_pointer (&texts), FALSE);
}

/* @card shows the Fate card @id: its name, its type and its whole text. */
static void
assert_shows_card (GtkWidget  *card,
                   const char *id,
                   const char *kind)
{
  g_autofree char *texts = texts_of (card);

  g_assert_nonnull (card);
  g_assert_true (gtk_widget_get_mapped (card));
  g_assert_nonnull (strstr (texts, pen_ui_fate_card_name (id)));
  g_assert_nonnull (strstr (texts, kind));
  g_assert_nonnull (strstr (texts, rules_text (id)));
}

/* The piece lies whole inside the window. */
static void
assert_in_window (PenWindow *window,
                  GtkWidget *piece)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (piece, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
}

static void
in_play_texts (PenWindow *window,
               gpointer   data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", "mid-game-v2.json", NULL);
  g_autoptr(PenGame) saved = pen_save_read (path, &error);
  static const char *const in_play[][2] = {
    { "end-of-time", "prophecy" }, { "triumph-of-darkness", "prophecy" }, { "heroism", "goal" },
  };

  g_assert_no_error (error);
  pen_window_set_game (window, saved);
  pen_test_ui_wait (500);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1280);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 800);

  for (guint i = 0; i < G_N_ELEMENTS (in_play); i++)
    {
      g_autofree char *name = g_strdup_printf ("fate-%s", in_play[i][0]);
      GtkWidget *card = pen_test_ui_find_named (GTK_WIDGET (window), name);
      const char *kind = g_str_equal (in_play[i][1], "goal") ? (pen_test_ui_russian () ? "Цель" : "Goal")
                                                               : (pen_test_ui_russian () ? "Пророчество" : "Prophecy");

      assert_shows_card (card, in_play[i][0], kind);
      assert_in_window (window, card);
    }
  /* Not the last round yet. */
  g_assert_null (pen_test_ui_find_named (GTK_WIDGET (window), "last-round"));
  pen_test_ui_screenshot ("fate-in-play");
}

static void
test_in_play (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");

  g_settings_set_int (settings, "window-width", 1280);
  g_settings_set_int (settings, "window-height", 800);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  pen_test_ui_run (in_play_texts, NULL, TIMEOUT_SECONDS);
}

/* @action taken from the table with the pointer; the game has applied it. */
static void
click_action (PenWindow *window,
              PenAction  action)
{
  PenGame *game = pen_window_get_game (window);
  guint n_history = pen_game_get_n_history (game);

  g_assert_true (pen_test_ui_take_action (window, &action, TRUE));
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  pen_test_ui_wait (300);
}

/* Clicks the log's line @line with the pointer. */
static void
click_log_line (PenWindow *window,
                guint      line)
{
  int x, y;

  g_assert_true (pen_test_ui_log_point (window, line, 0, TRUE, &x, &y));
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_wait (40);
  pen_test_ui_xdotool ("click 1");
  pen_test_ui_wait (300);
}

static void
reveal_with_the_pointer (PenWindow *window,
                         gpointer   data)
{
  g_autoptr(PenGame) solo = new_solo_game ();
  g_autoptr(JsonNode) state = editable_state (solo);
  guint human = 1 - pen_game_get_automa_player (solo);
  g_autoptr(PenGame) new_game = NULL;
  PenGame *game;
  GtkWidget *banner, *ok, *last_round, *popover;
  g_autofree char *texts = NULL;
  g_autofree char *popover_texts = NULL;
  guint line;

  /* The Wizard's turn, not yet declared, no Marks; Practice is the last card
   * of the Fate deck. */
  json_object_set_int_member (state_turn (state), "player", human);
  json_object_set_string_member (state_turn (state), "type", "undeclared");
  set_marks (state, human, "");
  set_list (state, "fate-deck", "practice");
  new_game = load (state);
  pen_window_set_game (window, new_game);
  game = pen_window_get_game (window);
  pen_test_ui_wait (300);
  banner = pen_test_ui_find_named (GTK_WIDGET (window), "fate-banner");
  g_assert_nonnull (banner);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));

  click_action (window, simple (PEN_ACTION_REST));
  click_action (window, simple (PEN_ACTION_END_TURN));

  /* The banner shows the Event revealed, and stays. */
  g_assert_cmpuint (pen_game_get_n_fate_reveals (game), ==, 1);
  g_assert_cmpstr (pen_game_get_fate_reveal (game, 0, &line), ==, "practice");
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));
  assert_shows_card (pen_test_ui_find_named (banner, "revealed-practice"), "practice",
                     pen_test_ui_russian () ? "Событие" : "Event");
  pen_test_ui_wait (1000);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));

  /* The last round, and why. */
  last_round = pen_test_ui_find_named (GTK_WIDGET (window), "last-round");
  g_assert_nonnull (last_round);
  g_assert_cmpstr (pen_game_get_ending_prophecy (game), ==, "end-of-time");
  texts = texts_of (last_round);
  g_assert_nonnull (strstr (texts, pen_test_ui_russian () ? "Последний круг" : "Last round"));
  g_assert_nonnull (strstr (texts, pen_ui_fate_card_name ("end-of-time")));
  g_assert_nonnull (strstr (texts, rules_text ("end-of-time")));
  assert_in_window (window, last_round);
  pen_test_ui_screenshot ("fate-revealed");

  /* OK, clicked: the banner goes. */
  ok = pen_test_ui_find_named (banner, "fate-banner-ok");
  g_assert_nonnull (ok);
  pen_test_ui_click (ok);
  pen_test_ui_wait (300);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));

  /* The log line of the reveal, clicked, shows the card. */
  click_log_line (window, line);
  popover = pen_test_ui_wait_for_popover (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_scroll"));
  g_assert_nonnull (popover);
  popover_texts = texts_of (popover);
  g_assert_nonnull (strstr (popover_texts, rules_text ("practice")));
  gtk_popover_popdown (GTK_POPOVER (popover));
  pen_test_ui_wait (200);

  /* The Automa's turn: the last round is still announced. */
  click_action (window, simple (PEN_ACTION_AUTOMA_TURN));
  g_assert_false (pen_game_is_over (game));
  g_assert_nonnull (pen_test_ui_find_named (GTK_WIDGET (window), "last-round"));
}

static void
test_reveal (void)
{
  pen_test_ui_run (reveal_with_the_pointer, NULL, TIMEOUT_SECONDS);
}

int
main (int    argc,
      char **argv)
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;
  g_test_add_func ("/fate-cards/in-play", test_in_play);
  g_test_add_func ("/fate-cards/reveal", test_reveal);
  return g_test_run ();
}
