/* test-play.c: a whole solo game played through the window, under X11 (Xvfb).
 *
 * The New Game dialog is opened with win.new-game and filled in through its
 * own widgets (a seed, Jasper), confirmed with its Start button; then the
 * first action the table offers is taken from its piece, the turn bar or a
 * question, again and again until the game is over. Undo and redo are tried on the way. The end screen must show
 * both totals as the engine computes them.
 *
 * With PENUMBRA_TEST_SCREENSHOTS set to a folder, the screen is saved there
 * (ImageMagick's `import`) at the start, in the New Game dialog, mid-game (also in the dark
 * style) and at the end, the file
 * names ending in the language ("-en", "-ru").
 *
 * Run with LANGUAGE=ru (meson's "play-ru"), the same game must show Russian:
 * Cyrillic in the window mid-game and at the end, and the Russian name of at least one card as
 * the card data gives it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-application.h"
#include "pen-automa.h"
#include "pen-card-text.h"
#include "pen-cards.h"
#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-new-game-dialog.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 110
#define SEED 4242
#define MAX_ACTIONS 5000

static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x0400 && c <= 0x04FF)
        return TRUE;
    }
  return FALSE;
}

/* In Russian: the window speaks Russian, and a card goes by its printed
 * Russian name (the card data's "name_ru"). */
static void
check_russian (const char *texts)
{
  const PenCards *cards = pen_cards_get_default (NULL);
  guint n_named = 0;

  g_assert_true (has_cyrillic (texts));
  g_assert_nonnull (cards);
  for (guint i = 0; i < pen_cards_get_n_cards (cards); i++)
    {
      const PenCard *card = pen_cards_get_card (cards, i);

      if (card->name_ru != NULL && strstr (texts, card->name_ru) != NULL)
        n_named++;
    }
  g_assert_cmpuint (n_named, >, 0);
}

static void
choose_automa (PenNewGameDialog *dialog,
               const char       *name)
{
  AdwComboRow *row = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                                   PEN_TYPE_NEW_GAME_DIALOG, "automa_row"));
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), name))
        {
          adw_combo_row_set_selected (row, i);
          return;
        }
    }
  g_error ("the New Game dialog offers no Automa named %s", name);
}

static void
play (PenWindow *pen_window,
      gpointer   data)
{
  gboolean *played = data;
  GtkWidget *window = GTK_WIDGET (pen_window);
  PenGameView *view = pen_window_get_game_view (pen_window);
  GtkWidget *turn_bar = pen_test_ui_view_child (GTK_WIDGET (view), "turn_bar");
  GtkWidget *dialog, *seed_spin, *start_button, *total;
  PenGame *game;
  PenScoreBreakdown player, automa;
  guint n_actions = 0;
  gboolean mid_game_shot = FALSE;
  g_autofree char *player_total = NULL;
  g_autofree char *automa_total = NULL;
  g_autoptr(GString) texts = g_string_new (NULL);

  pen_test_ui_screenshot ("start");

  /* The New Game dialog, filled in through its own widgets. */
  g_assert_null (pen_window_get_game (pen_window));
  g_assert_true (gtk_widget_activate_action (window, "win.new-game", NULL));
  dialog = pen_test_ui_find_toplevel (PEN_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  pen_test_ui_iterate ();
  pen_test_ui_screenshot ("new-game");

  /* Sapphire with its speciality and its board's points (spec §9: "The
   * new-game dialog then presents Sapphire and Amber with their specialities"). */
  choose_automa (PEN_NEW_GAME_DIALOG (dialog), pen_ui_card_name ("Sapphire"));
  {
    AdwActionRow *row = ADW_ACTION_ROW (gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "automa_row"));
    AdwActionRow *board = ADW_ACTION_ROW (gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "board_row"));
    const PenAutomaVariant *sapphire = pen_automas_find (pen_automas_get_default (NULL), "sapphire");
    g_autofree char *rituals = g_strdup_printf (_("%u per Ritual"), 7);
    g_autofree char *difficulty = g_strdup_printf (_("Difficulty %u"), 4);

    g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, difficulty);
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (board)), ==,
                     pen_automa_text_speciality (sapphire));
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (board), rituals));
  }
  pen_test_ui_screenshot ("new-game-sapphire");

  seed_spin = (GtkWidget *) gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "seed_spin");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (seed_spin), SEED);
  choose_automa (PEN_NEW_GAME_DIALOG (dialog), pen_ui_card_name ("Jasper"));
  g_assert_cmpstr (pen_new_game_dialog_get_automa (PEN_NEW_GAME_DIALOG (dialog)), ==, "jasper");
  start_button = (GtkWidget *) gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "start_button");
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (gtk_widget_activate (start_button));
  while (dialog != NULL)
    g_main_context_iteration (NULL, TRUE);
  /* Confirming closed the dialog. */
  g_assert_null (dialog);

  game = pen_window_get_game (pen_window);
  g_assert_nonnull (game);
  g_assert_true (pen_game_view_get_game (view) == game);
  g_assert_false (pen_game_is_over (game));

  /* Undo and redo the first action: the Talent, which brings a Mark, and a
   * notice says so. */
  pen_test_ui_iterate ();
  pen_test_ui_take_first (pen_window);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 1);
  pen_test_ui_iterate ();
  {
    g_autoptr(GString) first = g_string_new (NULL);

    pen_test_ui_collect_texts (window, first);
    g_assert_nonnull (strstr (first->str, g_dgettext (GETTEXT_PACKAGE, "You gained a Mark")));
  }
  if (pen_game_can_undo (game))
    {
      g_assert_true (gtk_widget_activate_action (window, "game.undo", NULL));
      g_assert_cmpuint (pen_game_get_n_history (game), ==, 0);
      g_assert_true (gtk_widget_activate_action (window, "game.redo", NULL));
      g_assert_cmpuint (pen_game_get_n_history (game), ==, 1);
    }

  /* The whole game, always taking the first action offered. */
  while (!pen_game_is_over (game))
    {
      pen_test_ui_take_first (pen_window);
      n_actions++;
      g_assert_cmpuint (n_actions, <, MAX_ACTIONS);
      pen_test_ui_iterate ();
      /* Mid-game: a turn of the player's with a few choices. */
      if (!mid_game_shot && n_actions >= 2 && pen_game_get_placements_left (game) > 0
          && pen_game_get_current_player (game) != (guint) pen_game_get_automa_player (game))
        {
          /* The pointer off the table: no tooltip over the pieces. */
          pen_test_ui_xdotool ("mousemove 0 0");
          pen_test_ui_screenshot ("mid-game");
          /* The same table in the dark style. */
          adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
          pen_test_ui_screenshot ("mid-game-dark");
          adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
          pen_test_ui_collect_texts (window, texts);
          mid_game_shot = TRUE;
        }
    }

  g_test_message ("%u actions taken from the table", n_actions);
  /* The end screen: both totals as the engine counts them. */
  pen_test_ui_iterate ();
  /* Over: no step is left in the turn bar. */
  for (GtkWidget *slot = gtk_widget_get_first_child (turn_bar); slot != NULL; slot = gtk_widget_get_next_sibling (slot))
    g_assert_null (gtk_widget_get_first_child (slot));
  /* Seats follow the Talents' turn order: the Automa may sit first. */
  pen_game_compute_score (game, pen_game_get_automa_player (game) == 0 ? 1 : 0, &player);
  pen_game_compute_score (game, pen_game_get_automa_player (game), &automa);
  player_total = g_strdup_printf ("%d", player.total);
  automa_total = g_strdup_printf ("%d", automa.total);
  total = pen_test_ui_find_named (GTK_WIDGET (view), "score-total-player");
  g_assert_nonnull (total);
  g_assert_true (gtk_widget_is_drawable (total));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (total)), ==, player_total);
  total = pen_test_ui_find_named (GTK_WIDGET (view), "score-total-automa");
  g_assert_nonnull (total);
  g_assert_true (gtk_widget_is_drawable (total));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (total)), ==, automa_total);

  pen_test_ui_screenshot ("end");
  pen_test_ui_collect_texts (window, texts);
  if (pen_test_ui_russian ())
    check_russian (texts->str);
  *played = TRUE;
}

static void
test_play_whole_game (void)
{
  gboolean played = FALSE;

  pen_test_ui_run (play, &played, TIMEOUT_SECONDS);
  g_assert_true (played);
}

/* New Game offers the last game's Automa and settings again (issue 41): a
 * player who plays Sapphire of Darkness finds it chosen next time. */
static void
new_game_remembers (PenWindow *window,
                    gpointer   data)
{
  GtkWidget *dialog;

  for (guint round = 0; round < 2; round++)
    {
      AdwComboRow *worldview;
      GtkSwitch *first_game;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
      dialog = pen_test_ui_find_toplevel (PEN_TYPE_NEW_GAME_DIALOG);
      g_assert_nonnull (dialog);
      pen_test_ui_iterate ();
      worldview = ADW_COMBO_ROW (gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "worldview_row"));
      first_game = GTK_SWITCH (gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG, "first_game_switch"));
      if (round == 0)
        {
          g_assert_cmpstr (pen_new_game_dialog_get_automa (PEN_NEW_GAME_DIALOG (dialog)), ==, "jasper");
          choose_automa (PEN_NEW_GAME_DIALOG (dialog), pen_ui_card_name ("Sapphire"));
          adw_combo_row_set_selected (worldview, 1);   /* Darkness */
          gtk_switch_set_active (first_game, TRUE);
          pen_test_ui_click (GTK_WIDGET (gtk_widget_get_template_child (dialog, PEN_TYPE_NEW_GAME_DIALOG,
                                                                        "start_button")));
          pen_test_ui_iterate ();
          g_assert_nonnull (pen_window_get_game (window));
          /* The Talents come first: the empty board says why it is empty. */
          g_assert_cmpuint (pen_game_get_n_locations (pen_window_get_game (window)), ==, 0);
          g_assert_nonnull (pen_layout_find (GTK_WIDGET (pen_window_get_game_view (window)), "notice", "board-waiting"));
          continue;
        }
      g_assert_cmpstr (pen_new_game_dialog_get_automa (PEN_NEW_GAME_DIALOG (dialog)), ==, "sapphire");
      g_assert_cmpint (pen_new_game_dialog_get_worldview (PEN_NEW_GAME_DIALOG (dialog)), ==, 0);
      g_assert_true (pen_new_game_dialog_get_first_game (PEN_NEW_GAME_DIALOG (dialog)));
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
}

static void
test_new_game_remembers (void)
{
  pen_test_ui_run (new_game_remembers, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/play/whole-game", test_play_whole_game);
  g_test_add_func ("/play/new-game-remembers", test_new_game_remembers);

  return g_test_run ();
}
