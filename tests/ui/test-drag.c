/* test-drag.c: dice placed with a real pointer, under X11 (Xvfb) with xdotool.
 *
 * A seeded solo game is brought to the player's first placement. Then, with
 * real pointer events (testing-notes.md: steps with pauses):
 * - a named die is dragged onto a named cell the engine allows: while it is
 *   held over the cell, that cell is marked legal and a refused one dimmed;
 *   dropped, the game state has the die in that cell and not in the supply;
 * - another die is dragged onto a cell the engine refuses: nothing changes,
 *   and the engine's reason is on screen;
 * - on the next turn with a placement, a die is clicked, then a legal cell:
 *   the same placement by two clicks.
 * - "End turn" with placements unused asks first, and keeping on changes
 *   nothing;
 * - a right-click on a die lists its other actions (Primagic, Marks), as the
 *   table offers them;
 * - a market card clicked opens large, with its actions or the reason why
 *   there are none;
 * - the first Trial of the row, clicked, shows its paths and "Start the
 *   Trial" or why not;
 * - the Automa's turn, played with a click, is explained step by step, with
 *   "Next Step" and "Show the Whole Turn";
 * - a click on a log entry that names a card shows the card;
 * - a die placed with the keyboard alone: Space on a die, Space on a cell.
 * Screenshots: the refused drop, the drag in progress and a card opened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-action-label.h"
#include "pen-cards.h"
#include "pen-game-view.h"
#include "pen-pieces.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50
#define SEED 4242

typedef struct
{
  int die;
  int location;
  int section;
  int cell;
} Placement;

static GtkWidget *
cell_widget (PenWindow       *window,
             const Placement *p)
{
  PenLocation *location = pen_game_get_location (pen_window_get_game (window), p->location);

  return pen_test_ui_named (window, "cell-%s-%d-%d", pen_location_get_id (location), p->section, p->cell);
}

static guint
count_on (GArray          *actions,
          const Placement *p)
{
  guint n = 0;

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);

      if ((a->type == PEN_ACTION_PLACE || a->type == PEN_ACTION_KNOCK_OUT) && a->die == p->die
          && a->location == p->location && a->section == p->section && a->cell == p->cell)
        n++;
    }
  return n;
}

/* A placement of @die the engine allows with no further choice, on an empty
 * cell (not beside the cells). */
static gboolean
find_legal (PenGame   *game,
            int        die,
            Placement *out)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);
      Placement p = { a->die, a->location, a->section, a->cell };

      if (a->type == PEN_ACTION_PLACE && a->die == die && a->cell >= 0 && count_on (actions, &p) == 1
          && pen_location_get_n_dice (pen_game_get_location (game, p.location), p.section, p.cell) == 0)
        {
          *out = p;
          return TRUE;
        }
    }
  return FALSE;
}

/* A cell (shown on the board) where the engine refuses @die. */
static gboolean
find_refused (PenGame   *game,
              int        die,
              Placement *out)
{
  g_autoptr(GArray) actions = pen_game_list_actions (game);

  for (guint l = 0; l < pen_game_get_n_locations (game); l++)
    {
      const PenLocationDef *def = pen_location_get_def (pen_game_get_location (game, l));

      for (guint s = 0; s < def->n_sections; s++)
        for (guint c = 0; c < def->sections[s].n_cells; c++)
          {
            Placement p = { die, (int) l, (int) s, (int) c };

            if (count_on (actions, &p) == 0)
              {
                *out = p;
                return TRUE;
              }
          }
    }
  return FALSE;
}

/* Drags the die of @refused onto its cell: nothing changes, and the
 * engine's reason is on screen. */
static void
drag_refused (PenWindow       *window,
              const Placement *refused)
{
  PenGame *game = pen_window_get_game (window);
  PenWizardBoard *board = pen_game_get_player (game, pen_game_get_current_player (game));
  PenAction action;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) texts = g_string_new (NULL);
  guint n_history = pen_game_get_n_history (game);
  guint n_dice = pen_wizard_board_get_n_dice (board);

  /* As the window asks the engine why. */
  pen_action_init (&action, PEN_ACTION_PLACE);
  action.die = refused->die;
  action.location = refused->location;
  action.section = refused->section;
  action.cell = refused->cell;
  g_assert_false (pen_game_check_action (game, &action, &error));
  g_assert_nonnull (error);
  pen_test_ui_drag (pen_test_ui_named (window, "die-%d", refused->die), cell_widget (window, refused), TRUE);
  pen_test_ui_wait (300);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board), ==, n_dice);
  pen_test_ui_collect_texts (GTK_WIDGET (window), texts);
  if (strstr (texts->str, error->message) == NULL)
    g_error ("the refusal “%s” is not on screen:\n%s", error->message, texts->str);
}

/* Buttons under @widget that take an action. */
static guint
count_action_buttons (GtkWidget *widget)
{
  guint n = GTK_IS_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "pen-action") != NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_action_buttons (child);
  return n;
}

/* A right-click on a die opens what else can be done with it: the actions
 * the table offers on this die, each a button (a Mark's faces one each). */
static void
check_die_menu (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);
  g_autoptr(GString) texts = g_string_new (NULL);
  GtkWidget *die, *popover;
  guint n_expected = 0;
  int x, y;

  die = pen_test_ui_named (window, "die-%d", 0);
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);

      if (pen_piece_concerns (game, a, "die-0") && a->type != PEN_ACTION_PLACE && a->type != PEN_ACTION_KNOCK_OUT)
        n_expected++;
    }
  g_assert_cmpuint (n_expected, >, 0);
  pen_test_ui_screen_point (die, gtk_widget_get_width (die) / 2.0, gtk_widget_get_height (die) / 2.0, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_wait (40);
  pen_test_ui_xdotool ("click 3");
  popover = pen_test_ui_wait_for_popover (die);
  g_assert_nonnull (popover);
  g_assert_cmpuint (count_action_buttons (popover), ==, n_expected);
  pen_test_ui_screenshot ("die-menu");
  /* Closed as a player does: a click beside it (the header bar's middle). */
  pen_test_ui_screen_point (GTK_WIDGET (window), gtk_widget_get_width (GTK_WIDGET (window)) / 2.0, 12, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_wait (40);
  pen_test_ui_xdotool ("click 1");
  pen_test_ui_wait (300);
  g_assert_false (gtk_widget_get_visible (popover));
}

/* A market card clicked with the pointer opens large, with what can be done
 * with it now or the engine's reason why not. */
static void
check_market_card (PenWindow *window)
{
  g_autoptr(GString) texts = g_string_new (NULL);
  GtkWidget *button = NULL, *popover;
  g_autofree char *card_name = NULL;
  const char *ids[] = { "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "brewery", "shop" };

  for (guint i = 0; i < G_N_ELEMENTS (ids) && button == NULL; i++)
    {
      g_autofree char *market = g_strdup_printf ("market-%s-0", ids[i]);

      button = pen_test_ui_find_named (GTK_WIDGET (window), market);
    }
  g_assert_nonnull (button);
  pen_test_ui_click (button);
  popover = pen_test_ui_wait_for_popover (button);
  g_assert_nonnull (popover);
  pen_test_ui_collect_texts (popover, texts);
  /* The card's name, large, and a choice or the reason why none. */
  card_name = pen_test_ui_first_text (button);
  g_assert_cmpstr (card_name, !=, "");
  g_assert_nonnull (strstr (texts->str, card_name));
  g_assert_true (strstr (texts->str, "Not now:") != NULL || strstr (texts->str, "Take") != NULL
                 || strstr (texts->str, "Buy") != NULL);
  pen_test_ui_screenshot ("card");
  gtk_popover_popdown (GTK_POPOVER (popover));
}

/* "End turn" with placements unused asks first; keeping on changes nothing. */
static void
check_end_turn_asks (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  GtkWidget *end_turn, *dialog;
  guint n_history = pen_game_get_n_history (game);

  g_assert_cmpuint (pen_game_get_placements_left (game), >, 0);
  end_turn = pen_test_ui_action_button (window, "End turn");
  g_assert_nonnull (end_turn);
  pen_test_ui_click (end_turn);
  pen_test_ui_wait (200);
  dialog = pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (dialog));
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history);
  pen_test_ui_screenshot ("end-turn");
  /* Its "Keep Playing" button, clicked. */
  pen_test_ui_click (pen_test_ui_find_button (dialog, "_Keep Playing"));
  pen_test_ui_wait (200);
  g_assert_null (pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history);
}

static guint
log_lines_shown (PenWindow *window)
{
  return pen_test_ui_log_n_lines (window);
}

/* The next time the player may place: focus a die, Space; focus a legal
 * cell, Space. */
static void
place_by_keyboard (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  PenWizardBoard *board;
  PenLocation *location;
  Placement legal;
  GtkWidget *die, *cell;
  gboolean found = FALSE;
  guint before, n_history;
  int x, y;

  pen_test_ui_play_to_first_placement (game);
  pen_test_ui_wait (300);
  board = pen_game_get_player (game, pen_game_get_current_player (game));
  for (guint d = 0; d < pen_wizard_board_get_n_dice (board) && !found; d++)
    found = find_legal (game, (int) d, &legal);
  g_assert_true (found);
  location = pen_game_get_location (game, legal.location);
  before = pen_location_get_n_dice (location, legal.section, legal.cell);
  n_history = pen_game_get_n_history (game);

  /* Keys go to the window under the pointer (no window manager here). */
  pen_test_ui_screen_point (GTK_WIDGET (window), 10, 10, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  die = pen_test_ui_named (window, "die-%d", legal.die);
  g_assert_true (gtk_widget_grab_focus (die));
  pen_test_ui_xdotool ("key space");
  pen_test_ui_wait (150);
  g_assert_true (gtk_widget_has_css_class (die, "pen-selected"));
  cell = cell_widget (window, &legal);
  g_assert_true (gtk_widget_has_css_class (cell, "pen-legal"));
  g_assert_true (gtk_widget_grab_focus (cell));
  pen_test_ui_xdotool ("key space");
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpuint (pen_location_get_n_dice (location, legal.section, legal.cell), ==, before + 1);
}

/* The first Trial of the row, clicked: large with its Threat and paths, and
 * "Start the Trial …" or the engine's reason why not. */
static void
check_trial_card (PenWindow *window)
{
  GtkWidget *button = pen_test_ui_named (window, "trial-0");
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autofree char *name = NULL;
  g_autoptr(GArray) actions = pen_game_list_actions (pen_window_get_game (window));
  gboolean startable = FALSE;
  GtkWidget *popover;

  for (guint i = 0; i < actions->len; i++)
    startable |= g_array_index (actions, PenAction, i).type == PEN_ACTION_START_TRIAL
                 && g_array_index (actions, PenAction, i).index == 0;
  pen_test_ui_click (button);
  popover = pen_test_ui_wait_for_popover (button);
  g_assert_nonnull (popover);
  pen_test_ui_collect_texts (popover, texts);
  /* The Trial's name, the first text on its piece. */
  name = pen_test_ui_first_text (button);
  g_assert_cmpstr (name, !=, "");
  g_assert_nonnull (strstr (texts->str, name));
  g_assert_nonnull (strstr (texts->str, "Darkness (one task):"));
  g_assert_nonnull (strstr (texts->str, "Approach: "));
  g_assert_nonnull (strstr (texts->str, "Light (one task):"));
  g_assert_nonnull (strstr (texts->str, startable ? "Start the Trial" : "Not now:"));
  pen_test_ui_screenshot ("trial");
  gtk_popover_popdown (GTK_POPOVER (popover));
  pen_test_ui_wait (200);
}

/* The name of the Wizard card @line names, or NULL. */
static const char *
card_in_line (const char *line)
{
  const PenCards *cards = pen_cards_get_default (NULL);
  const char *found = NULL;

  for (guint i = 0; cards != NULL && i < pen_cards_get_n_cards (cards); i++)
    {
      const char *name = pen_ui_card_name (pen_cards_get_card (cards, i)->name);

      if (strstr (line, name) != NULL && (found == NULL || strlen (name) > strlen (found)))
        found = name;
    }
  return found;
}

/* A click on a log entry naming a card (one in view) shows that card. */
static void
check_log_card (PenWindow *window)
{
  g_autoptr(GString) texts = g_string_new (NULL);
  const char *name = NULL;
  GtkWidget *popover;
  int x = 0, y = 0;

  pen_test_ui_wait (300);
  for (int l = (int) pen_test_ui_log_n_lines (window) - 1; l >= 0 && name == NULL; l--)
    {
      const char *line = pen_test_ui_log_line (window, (guint) l);

      /* A line in view; the card's name is the link: the click goes on its
       * first letter. */
      name = card_in_line (line);
      if (name != NULL
          && !pen_test_ui_log_point (window, (guint) l, (guint) g_utf8_pointer_to_offset (line, strstr (line, name)),
                                     FALSE, &x, &y))
        name = NULL;
    }
  g_assert_nonnull (name);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_wait (40);
  pen_test_ui_xdotool ("click 1");
  popover = pen_test_ui_wait_for_popover (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_scroll"));
  g_assert_nonnull (popover);
  pen_test_ui_collect_texts (popover, texts);
  g_assert_nonnull (strstr (texts->str, name));
  pen_test_ui_screenshot ("log-card");
  pen_test_ui_xdotool ("key Escape");
  pen_test_ui_wait (200);
}

/* The Automa's turn, played with the pointer: its explanation appears step
 * by step with the controls; "Next Step" shows one line more, "Show the
 * Whole Turn" the rest, and the controls go. */
static void
check_automa_steps (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  GtkWidget *controls = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_controls");
  GtkWidget *play;
  guint shown, n_history;

  for (guint n = 0; n < 200; n++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      g_autoptr(GError) error = NULL;

      if (g_array_index (actions, PenAction, 0).type == PEN_ACTION_AUTOMA_TURN)
        break;
      g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), &error));
    }
  pen_test_ui_wait (200);
  play = pen_test_ui_action_button (window, "Automa: play its turn");
  g_assert_nonnull (play);
  g_assert_false (gtk_widget_get_visible (controls));
  n_history = pen_game_get_n_history (game);
  pen_test_ui_click (play);
  pen_test_ui_wait (100);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_true (gtk_widget_get_visible (controls));
  shown = log_lines_shown (window);
  g_assert_cmpuint (shown, <, pen_game_get_log_length (game) - 1);
  pen_test_ui_screenshot ("automa-steps");
  pen_test_ui_click (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_step_button"));
  g_assert_cmpuint (log_lines_shown (window), >, shown);
  pen_test_ui_click (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_all_button"));
  g_assert_cmpuint (log_lines_shown (window), ==, pen_game_get_log_length (game));
  g_assert_false (gtk_widget_get_visible (controls));

  check_log_card (window);
  place_by_keyboard (window);
}

static void
drag_dice (PenWindow *window,
           gpointer   data)
{
  g_autoptr(PenGame) new_game = NULL;
  g_autoptr(GError) error = NULL;
  PenGame *game;
  PenWizardBoard *board;
  PenLocation *location;
  Placement legal = { 0 }, refused = { 0 };
  GtkWidget *die, *target, *other;
  guint n_dice, n_history, before;
  gboolean found = FALSE;

  new_game = pen_game_new_solo (SEED, "jasper", 1, FALSE, &error);
  g_assert_no_error (error);
  pen_test_ui_play_to_first_placement (new_game);
  pen_window_set_game (window, new_game);
  game = pen_window_get_game (window);
  board = pen_game_get_player (game, pen_game_get_current_player (game));
  pen_test_ui_wait (300);

  /* A die with a legal cell, and a cell where it is refused. */
  for (guint d = 0; d < pen_wizard_board_get_n_dice (board) && !found; d++)
    found = find_legal (game, (int) d, &legal) && find_refused (game, (int) d, &refused);
  g_assert_true (found);

  /* Refused first: nothing changes, the reason is shown. */
  drag_refused (window, &refused);
  pen_test_ui_screenshot ("refused");

  check_end_turn_asks (window);

  /* Held over the legal cell: marked; the refused cell: dimmed. */
  die = pen_test_ui_named (window, "die-%d", legal.die);
  target = cell_widget (window, &legal);
  other = cell_widget (window, &refused);
  n_dice = pen_wizard_board_get_n_dice (board);
  n_history = pen_game_get_n_history (game);
  location = pen_game_get_location (game, legal.location);
  before = pen_location_get_n_dice (location, legal.section, legal.cell);
  pen_test_ui_drag (die, target, FALSE);
  g_assert_true (gtk_widget_has_css_class (target, "pen-legal"));
  g_assert_true (gtk_widget_has_css_class (other, "pen-dimmed"));
  pen_test_ui_screenshot ("dragging");
  pen_test_ui_xdotool ("mouseup 1");
  pen_test_ui_wait_for_history (game, n_history);

  /* Dropped: the die left the supply for the cell. */
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpuint (pen_location_get_n_dice (location, legal.section, legal.cell), ==, before + 1);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board), ==, n_dice - 1);

  /* The next time the player may place: click a die, then a legal cell. */
  pen_test_ui_play_to_first_placement (game);
  pen_test_ui_wait (300);
  board = pen_game_get_player (game, pen_game_get_current_player (game));
  found = FALSE;
  for (guint d = 0; d < pen_wizard_board_get_n_dice (board) && !found; d++)
    found = find_legal (game, (int) d, &legal);
  g_assert_true (found);
  location = pen_game_get_location (game, legal.location);
  before = pen_location_get_n_dice (location, legal.section, legal.cell);
  n_history = pen_game_get_n_history (game);
  pen_test_ui_click (pen_test_ui_named (window, "die-%d", legal.die));
  g_assert_true (gtk_widget_has_css_class (cell_widget (window, &legal), "pen-legal"));
  pen_test_ui_click (cell_widget (window, &legal));
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpuint (pen_location_get_n_dice (location, legal.section, legal.cell), ==, before + 1);

  check_die_menu (window);
  check_market_card (window);
  check_trial_card (window);
  check_automa_steps (window);
}

static void
test_drag (void)
{
  pen_test_ui_run (drag_dice, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/drag/place-dice-with-the-pointer", test_drag);

  return g_test_run ();
}
