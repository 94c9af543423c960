/* test-dead-ends.c: the table's dead ends of issue 39, each met again with the
 * real window and the real pointer under X11 (Xvfb, xdotool), as a player met
 * them:
 * - /dead-ends/new-game-after-review: a game (common/saves/last-round.json)
 *   played to its end from the table; on the end screen Review Game, a step back and forth, the side pane hidden, Leave
 *   Review, New Game… and Start; once the Talent is chosen every cell takes
 *   clicks, and a die clicked, then clicked onto a lit cell of a location
 *   the ended game dealt too, is placed (those locations' kept pieces came
 *   back insensitive);
 * - /dead-ends/drag-after-click: a die clicked, clicked again (put down),
 *   then dragged onto a lit cell is placed (GTK 4.8 never started a drag of
 *   a button once it had been clicked);
 * - /dead-ends/threat-adjusted-on-table: Nightshade Drops used after a
 *   Threat roll: the Threat dice stay on the table with their values, each
 *   that can be adjusted is lit, and a click on one offers its adjustments
 *   by value ("+1 → 5"); one taken, the die shows its new value;
 * - /dead-ends/appear-open: a die placed beside the Guild's cells (Appear):
 *   the place still shows its cost and is open (the layout dump and the
 *   cell's state), and a second die is placed there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "pen-action-label.h"
#include "pen-die-view.h"
#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-new-game-dialog.h"
#include "pen-reference.h"
#include "pen-test-state.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 100
#define SEED 4242

/* Plays the game of @window to its end from the table, with the pointer:
 * the reference player's choices. */
static void
play_to_the_end (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  PenReference memory = { 0 };

  for (guint n = 0; !pen_game_is_over (game); n++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      PenAction chosen;

      g_assert_cmpuint (n, <, 100);
      pen_reference_choose (&memory, game, actions, &chosen);
      if (!pen_test_ui_take_action (window, &chosen, TRUE))
        g_error ("the table offers no %s", pen_action_type_get_id (chosen.type));
    }
}

/* The button labelled @label of the table (its end screen), else of the
 * window (the review bar). */
static GtkWidget *
window_button (PenWindow  *window,
               const char *label)
{
  GtkWidget *button = pen_test_ui_find_button (GTK_WIDGET (pen_window_get_game_view (window)), label);

  if (button == NULL)
    button = pen_test_ui_find_button (GTK_WIDGET (window), label);

  if (button == NULL)
    g_error ("no button “%s” in the window", label);
  return button;
}

/* The button of the review bar that takes @action_name (icons only). */
static GtkWidget *
review_button (PenWindow  *window,
               const char *action_name)
{
  GtkWidget *bar = pen_test_ui_child (window, PEN_TYPE_WINDOW, "review_bar");
  GtkWidget *stack[64];
  guint n = 0;

  stack[n++] = bar;
  while (n > 0)
    {
      GtkWidget *widget = stack[--n];

      if (GTK_IS_ACTIONABLE (widget)
          && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
        return widget;
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL && n < G_N_ELEMENTS (stack);
           child = gtk_widget_get_next_sibling (child))
        stack[n++] = child;
    }
  g_error ("no button for %s in the review bar", action_name);
}

/* Plays the engine's first action from the table until a die may be placed. */
static void
play_to_first_placement (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);

  for (guint n = 0; n < 100; n++)
    {
      g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);

      for (guint i = 0; i < actions->len; i++)
        if (g_array_index (actions, PenAction, i).type == PEN_ACTION_PLACE)
          return;
      g_assert_true (pen_test_ui_take_action (window, &g_array_index (actions, PenAction, 0), TRUE));
    }
  g_error ("no placement within 100 actions");
}

/* A placement the engine lists for the current player's die on an empty
 * cell (not beside the cells), with no choice of its own; with @also, on a
 * location @also deals too. */
static gboolean
find_placement (PenGame   *game,
                PenGame   *also,
                PenAction *out)
{
  g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);
      PenLocation *location;
      guint on_cell = 0;

      if (a->type != PEN_ACTION_PLACE || a->cell < 0 || a->colour >= 0)
        continue;
      location = pen_game_get_location (game, a->location);
      if (pen_location_get_n_dice (location, a->section, a->cell) > 0
          || (also != NULL && pen_game_find_location (also, pen_location_get_id (location)) < 0))
        continue;
      for (guint j = 0; j < actions->len; j++)
        {
          const PenAction *b = &g_array_index (actions, PenAction, j);

          on_cell += (b->type == PEN_ACTION_PLACE || b->type == PEN_ACTION_KNOCK_OUT) && b->die == a->die
                     && b->location == a->location && b->section == a->section && b->cell == a->cell;
        }
      if (on_cell == 1)
        {
          *out = *a;
          return TRUE;
        }
    }
  return FALSE;
}

static GtkWidget *
cell_of (PenWindow       *window,
         const PenAction *placement)
{
  PenLocation *location = pen_game_get_location (pen_window_get_game (window), placement->location);

  return pen_test_ui_named (window, "cell-%s-%d-%d", pen_location_get_id (location), placement->section,
                            placement->cell);
}

/* ---- New Game from the end screen, through the review -------------------- */

static void
new_game_after_review (PenWindow *window,
                       gpointer   data)
{
  PenGame *ended = pen_window_get_game (window);
  GtkWidget *log_button = pen_test_ui_child (window, PEN_TYPE_WINDOW, "log_button");
  GtkWidget *banner = pen_test_ui_named (window, "fate-banner");
  GtkWidget *dialog;
  PenGame *game;
  PenAction placement;
  PenLocation *location;
  guint n_history, before;

  /* The game's last actions from the table: its last turn, the Automa's,
   * reveals a Fate card, shown over the end screen. */
  g_object_ref (ended);
  pen_test_ui_settle (window);
  play_to_the_end (window);
  pen_test_ui_settle (window);
  pen_test_ui_wait (500);
  g_assert_true (pen_game_is_over (ended));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)));

  /* The end screen: Review Game; a step back and forth. */
  pen_test_ui_click (window_button (window, "_Review Game"));
  pen_test_ui_settle (window);
  g_assert_true (gtk_action_bar_get_revealed (GTK_ACTION_BAR (pen_test_ui_child (window, PEN_TYPE_WINDOW, "review_bar"))));
  pen_test_ui_wait (300);
  pen_test_ui_click (review_button (window, "review.previous"));
  pen_test_ui_settle (window);
  pen_test_ui_click (review_button (window, "review.previous"));
  pen_test_ui_settle (window);
  pen_test_ui_click (review_button (window, "review.next"));
  pen_test_ui_settle (window);
  /* The side pane hidden, and the review left: the end screen again. */
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (log_button)));
  pen_test_ui_click (log_button);
  pen_test_ui_settle (window);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (log_button)));
  pen_test_ui_click (window_button (window, "_Leave Review"));
  pen_test_ui_settle (window);
  pen_test_ui_wait (300);

  /* New Game… on the end screen, and Start. */
  pen_test_ui_click (window_button (window, "_New Game…"));
  pen_test_ui_wait (300);
  dialog = pen_test_ui_find_toplevel (PEN_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  pen_new_game_dialog_set_seed (PEN_NEW_GAME_DIALOG (dialog), SEED + 1);
  pen_test_ui_click (pen_test_ui_find_button (dialog, "_Start"));
  pen_test_ui_settle (window);
  pen_test_ui_wait (300);
  game = pen_window_get_game (window);
  g_assert_true (game != ended);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 0);
  /* What the ended game revealed is no news of this one. */
  if (gtk_revealer_get_reveal_child (GTK_REVEALER (banner)))
    g_error ("the Fate cards the ended game revealed are still shown over the new game");

  /* The new game is played from the table: its Talent (the locations are
   * dealt with it), then a die clicked and clicked onto a lit cell of a
   * location the ended game dealt too (its pieces were kept). Every cell
   * takes clicks and drops again. */
  play_to_first_placement (window);
  for (guint l = 0; l < pen_game_get_n_locations (game); l++)
    {
      g_autofree char *name = g_strdup_printf ("cell-%s-0-0", pen_location_get_id (pen_game_get_location (game, l)));

      if (!gtk_widget_is_sensitive (pen_test_ui_named (window, "%s", name)))
        g_error ("%s does not take clicks and drops", name);
    }
  g_assert_true (find_placement (game, ended, &placement));
  location = pen_game_get_location (game, placement.location);
  before = pen_location_get_n_dice (location, placement.section, placement.cell);
  n_history = pen_game_get_n_history (game);
  pen_test_ui_click (pen_test_ui_named (window, "die-%d", placement.die));
  g_assert_true (gtk_widget_has_css_class (cell_of (window, &placement), "pen-legal"));
  pen_test_ui_screenshot ("new-game-after-review");
  pen_test_ui_click (cell_of (window, &placement));
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpuint (pen_location_get_n_dice (location, placement.section, placement.cell), ==, before + 1);
  /* The pane comes back for the next tests. */
  pen_test_ui_click (log_button);
  g_object_unref (ended);
}

static void
test_new_game_after_review (void)
{
  pen_test_ui_run_with_save (new_game_after_review, NULL, TIMEOUT_SECONDS, "last-round.json");
}

/* ---- A die clicked twice, then dragged ------------------------------------ */

static void
drag_after_click (PenWindow *window,
                  gpointer   data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) fresh = pen_game_new_solo (SEED, "jasper", 1, FALSE, &error);
  PenGame *game;
  PenAction placement;
  PenLocation *location;
  GtkWidget *die;
  guint n_history, before;

  g_assert_no_error (error);
  pen_test_ui_play_to_first_placement (fresh);
  pen_window_set_game (window, fresh);
  pen_test_ui_settle (window);
  pen_test_ui_wait (300);
  game = pen_window_get_game (window);
  g_assert_true (find_placement (game, NULL, &placement));
  location = pen_game_get_location (game, placement.location);
  before = pen_location_get_n_dice (location, placement.section, placement.cell);
  n_history = pen_game_get_n_history (game);

  /* Chosen by a click, put down by a second. */
  die = pen_test_ui_named (window, "die-%d", placement.die);
  pen_test_ui_click (die);
  g_assert_true (gtk_widget_has_css_class (die, "pen-selected"));
  g_assert_true (gtk_widget_has_css_class (cell_of (window, &placement), "pen-legal"));
  pen_test_ui_wait (400);
  pen_test_ui_click (die);
  g_assert_false (gtk_widget_has_css_class (die, "pen-selected"));
  g_assert_false (gtk_widget_has_css_class (cell_of (window, &placement), "pen-legal"));
  pen_test_ui_wait (400);

  /* Then dragged: held over its cell, the cell is lit; dropped, placed. */
  pen_test_ui_drag (die, cell_of (window, &placement), FALSE);
  g_assert_true (gtk_widget_has_css_class (cell_of (window, &placement), "pen-legal"));
  pen_test_ui_screenshot ("drag-after-click");
  pen_test_ui_xdotool ("mouseup 1");
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpuint (pen_location_get_n_dice (location, placement.section, placement.cell), ==, before + 1);
}

static void
test_drag_after_click (void)
{
  pen_test_ui_run (drag_after_click, NULL, TIMEOUT_SECONDS);
}

/* ---- The Threat's dice adjusted by a card --------------------------------- */

/* Rulebook, "Threat": a Trial started (Goldeater), its Threat of four dice,
 * one discarded by Defend (a Yellow die), the three left rolled 4, 2, 5; the
 * Wizard holds Nightshade Drops ("adjust 3 Threat dice, after the roll") in
 * the Inventory, and its step 2 is open. The cancelled die stays on the
 * table first, before the three rolled. */
static PenGame *
threat_rolled_with_nightshade (void)
{
  g_autoptr(PenGame) solo = new_solo_game ();
  g_autoptr(JsonNode) state = editable_state (solo);
  guint human = 1 - pen_game_get_automa_player (solo);
  g_autoptr(PenGame) started = NULL;
  g_autoptr(JsonNode) prepared = NULL;
  PenAction defend;
  PenGame *game;

  json_object_set_int_member (state_turn (state), "player", human);
  json_object_set_string_member (state_turn (state), "type", "undeclared");
  set_marks (state, human, "ruby jasper | spark");
  set_dice (state, human, "ruby:3 spark:6 bone:6 emerald:1 amber:6 jasper:2");
  set_list (state, "trial-row", "goldeater scrollers");
  give_card (state, human, "nightshade-drops", "inventory", FALSE);
  started = load (state);
  apply_ok (started, indexed (PEN_ACTION_START_TRIAL, 0));
  g_assert_cmpint (pen_game_get_pending (started), ==, PEN_PENDING_THREAT);
  prepared = editable_state (started);
  json_object_set_int_member (state_threat (prepared), "dice", 4);
  game = load (prepared);
  pen_action_init (&defend, PEN_ACTION_DEFEND);
  defend.die = find_die (game, human, "jasper:2");
  apply_ok (game, defend);
  FORCE (game, 4, 2, 5);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
  return game;
}

/* The value the Threat die @name (threat-N) shows on the table. */
static guint
threat_die_value (PenWindow  *window,
                  const char *name)
{
  GtkWidget *column = pen_test_ui_named (window, "%s", name);

  return pen_die_view_get_die (PEN_DIE_VIEW (gtk_widget_get_first_child (column)))->value;
}

/* The engine's rolled Threat dice are on the table, in order after those
 * that did something already, each showing its value; returns the place
 * on the table (threat-N) of the first still waiting. */
static guint
check_threat_dice_shown (PenWindow *window)
{
  PenGame *game = pen_window_get_game (window);
  guint values[PEN_MAX_THREAT_DICE], n, n_outcomes;
  gboolean rolled;

  n = pen_game_get_threat_dice (game, values, &rolled);
  pen_game_get_threat_outcomes (game, &n_outcomes);
  g_assert_true (rolled);
  g_assert_cmpuint (n, ==, 3);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("threat-%u", n_outcomes + i);

      if (pen_test_ui_find_named (GTK_WIDGET (window), name) == NULL)
        g_error ("the Threat die %u (%s, showing %u) is not on the table", i, name, values[i]);
      g_assert_true (gtk_widget_is_drawable (pen_test_ui_named (window, "%s", name)));
      g_assert_cmpuint (threat_die_value (window, name), ==, values[i]);
    }
  return n_outcomes;
}

/* The button under @widget whose label is @text. */
static GtkWidget *
labelled_button (GtkWidget  *widget,
                 const char *text)
{
  if (GTK_IS_BUTTON (widget) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = labelled_button (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The die of the Threat's row named @name (the piece the table lights). */
static GtkWidget *
threat_die (PenWindow  *window,
            const char *name)
{
  GtkWidget *die = pen_layout_find (GTK_WIDGET (pen_window_get_game_view (window)), "die", name);

  g_assert_nonnull (die);
  return die;
}

static void
threat_adjusted_on_table (PenWindow *window,
                          gpointer   data)
{
  g_autoptr(PenGame) rolled = threat_rolled_with_nightshade ();
  g_autoptr(GArray) actions = NULL;
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autofree char *first_name = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *raise = NULL;
  guint values[PEN_MAX_THREAT_DICE], n_history, first;
  gboolean is_rolled;
  PenGame *game;
  PenAction use = { 0 };
  GtkWidget *die, *popover, *button, *list;
  gboolean found = FALSE;

  pen_window_set_game (window, rolled);
  pen_test_ui_settle (window);
  pen_test_ui_wait (300);
  game = pen_window_get_game (window);
  check_threat_dice_shown (window);

  /* Nightshade Drops used from its card, as a player would. */
  actions = pen_game_list_distinct_actions (game);
  for (guint i = 0; i < actions->len && !found; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);

      if (a->type == PEN_ACTION_USE_CARD
          && g_strcmp0 (pen_game_get_card_name (game, pen_game_get_current_player (game), a->index),
                        "Nightshade Drops") == 0)
        {
          use = *a;
          found = TRUE;
        }
    }
  g_assert_true (found);
  g_assert_true (pen_test_ui_take_action (window, &use, TRUE));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_CARD_EFFECT);

  /* The dice stay on the table with their values, each one the card can
   * adjust lit. */
  first = check_threat_dice_shown (window);
  g_assert_cmpuint (first, ==, 1);
  first_name = g_strdup_printf ("threat-%u", first);
  g_assert_false (gtk_widget_has_css_class (threat_die (window, "threat-0"), "pen-answer"));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("threat-%u", first + i);

      g_assert_true (gtk_widget_has_css_class (threat_die (window, name), "pen-answer"));
    }
  pen_test_ui_screenshot ("threat-adjust");

  /* All Actions names the dice by their values. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "game.all-actions", NULL));
  pen_test_ui_wait (300);
  list = pen_test_ui_find_toplevel (ADW_TYPE_WINDOW);
  g_assert_nonnull (list);
  pen_test_ui_collect_texts (list, texts);
  pen_game_get_threat_dice (game, values, &is_rolled);
  g_assert_cmpuint (values[0], ==, 4);
  {
    PenAction up;

    pen_action_init (&up, PEN_ACTION_CARD_TOKEN);
    up.value = PEN_TOKEN_THREAT_UP;
    up.index = 0;
    raise = pen_action_label (game, &up);
  }
  if (!pen_test_ui_russian ())
    g_assert_cmpstr (raise, ==, "Card: raise the Threat die showing 4 to 5");
  if (strstr (texts->str, raise) == NULL)
    g_error ("All Actions does not offer “%s”:\n%s", raise, texts->str);
  gtk_window_destroy (GTK_WINDOW (list));
  pen_test_ui_wait (200);

  /* The first die (a 4), clicked: its adjustments by value; +1 taken. */
  die = gtk_widget_get_first_child (pen_test_ui_named (window, "%s", first_name));
  pen_test_ui_click (die);
  popover = pen_test_ui_wait_for_popover (die);
  g_assert_nonnull (popover);
  pen_test_ui_wait (150);
  expected = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "+1 → %u"), 5);
  button = labelled_button (popover, expected);
  if (button == NULL)
    {
      g_string_truncate (texts, 0);
      pen_test_ui_collect_texts (popover, texts);
      g_error ("the Threat die's popover offers no “%s”:\n%s", expected, texts->str);
    }
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "−1 → %u"), 3);
  g_assert_nonnull (labelled_button (popover, expected));
  pen_test_ui_screenshot ("threat-adjust-popover");
  n_history = pen_game_get_n_history (game);
  pen_test_ui_click (button);
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  pen_test_ui_settle (window);

  /* The engine's die shows 5, and so does the table's. */
  pen_game_get_threat_dice (game, values, &is_rolled);
  g_assert_cmpuint (values[0], ==, 5);
  g_assert_cmpuint (check_threat_dice_shown (window), ==, first);
  g_assert_cmpuint (threat_die_value (window, first_name), ==, 5);
}

static void
test_threat_adjusted_on_table (void)
{
  pen_test_ui_run (threat_adjusted_on_table, NULL, TIMEOUT_SECONDS);
}

/* ---- The Guild's Appear place, open while it takes more ------------------- */

static char *layout_dump;

/* The object of @kind and @id in the layout dump @root, or NULL. */
static JsonObject *
dump_object (JsonNode   *root,
             const char *kind,
             const char *id)
{
  JsonArray *objects = json_object_get_array_member (json_node_get_object (root), "objects");

  for (guint i = 0; i < json_array_get_length (objects); i++)
    {
      JsonObject *object = json_array_get_object_element (objects, i);

      if (g_strcmp0 (json_object_get_string_member (object, "kind"), kind) == 0
          && g_strcmp0 (json_object_get_string_member (object, "id"), id) == 0)
        return object;
    }
  return NULL;
}

/* A placement of a die of the supply beside the Guild's cells (Appear). */
static gboolean
find_appear (PenGame   *game,
             PenAction *out)
{
  g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);
  int guild = pen_game_find_location (game, "guild");

  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *a = &g_array_index (actions, PenAction, i);

      if (a->type == PEN_ACTION_PLACE && a->location == guild && a->cell < 0 && a->colour < 0)
        {
          *out = *a;
          return TRUE;
        }
    }
  return FALSE;
}

/* Chooses the die of @appear by a click, then the Appear place: placed. */
static void
place_beside_the_guild (PenWindow       *window,
                        const PenAction *appear)
{
  PenGame *game = pen_window_get_game (window);
  GtkWidget *cell = pen_test_ui_named (window, "cell-guild-0--1");
  guint n_history = pen_game_get_n_history (game);
  guint before = pen_location_get_n_dice (pen_game_get_location (game, appear->location), 0, -1);

  pen_test_ui_click (pen_test_ui_named (window, "die-%d", appear->die));
  g_assert_true (gtk_widget_has_css_class (cell, "pen-legal"));
  pen_test_ui_click (cell);
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  g_assert_cmpuint (pen_location_get_n_dice (pen_game_get_location (game, appear->location), 0, -1), ==, before + 1);
  pen_test_ui_settle (window);
}

static void
appear_open (PenWindow *window,
             gpointer   data)
{
  g_autoptr(PenGame) solo = new_solo_game ();
  g_autoptr(JsonNode) state = editable_state (solo);
  guint human = 1 - pen_game_get_automa_player (solo);
  g_autoptr(PenGame) loaded = NULL;
  g_autoptr(JsonNode) dump = NULL;
  g_autofree char *room = NULL;
  PenGame *game;
  PenAction appear;
  GtkWidget *cell, *cost;
  JsonObject *object;

  json_object_set_int_member (state_turn (state), "player", human);
  json_object_set_string_member (state_turn (state), "type", "undeclared");
  /* Not the Wizard's first turn: two placements. */
  json_object_set_int_member (state_player (state, human), "turns-taken", 3);
  json_object_set_int_member (state_turn (state), "placements-left", 2);
  set_dice (state, human, "bone:3 bone:4 bone:5");
  set_ingredients (state, human, "arcana=3");
  loaded = load (state);
  pen_window_set_game (window, loaded);
  pen_test_ui_settle (window);
  pen_test_ui_wait (300);
  game = pen_window_get_game (window);

  /* A die placed beside the Guild's cells; its effect left unused. */
  g_assert_true (find_appear (game, &appear));
  place_beside_the_guild (window, &appear);
  if (pen_game_get_pending (game) == PEN_PENDING_LOCATION)
    {
      PenAction skip = simple (PEN_ACTION_SKIP_LOCATION);

      g_assert_true (pen_test_ui_take_action (window, &skip, TRUE));
    }
  g_assert_cmpuint (pen_game_get_placements_left (game), >, 0);

  /* The place still shows its cost beside the die, and looks open. */
  cell = pen_test_ui_named (window, "cell-guild-0--1");
  cost = pen_test_ui_find_named (cell, "appear-cost");
  if (cost == NULL || !gtk_widget_is_drawable (cost))
    g_error ("the Appear place of the Guild holding a die no longer shows its cost");
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_parent (cost), "pen-cell-slot"));
  pen_test_ui_screenshot ("appear-open");
  /* The dump says it too: the place, showing, with room for another die. */
  room = g_strdup (g_dgettext (GETTEXT_PACKAGE, "room for another die"));
  dump = pen_test_ui_settled_dump (layout_dump, room);
  object = dump_object (dump, "location-cell", "cell-guild-0--1");
  g_assert_nonnull (object);
  g_assert_true (json_object_get_boolean_member (object, "showing"));
  g_assert_nonnull (strstr (json_object_get_string_member (object, "label"), room));

  /* And it takes a second die. */
  g_assert_true (find_appear (game, &appear));
  place_beside_the_guild (window, &appear);
  g_assert_cmpuint (pen_location_get_n_dice (pen_game_get_location (game, appear.location), 0, -1), ==, 2);
}

static void
test_appear_open (void)
{
  g_autofree char *folder = g_dir_make_tmp ("penumbra-dead-ends-XXXXXX", NULL);

  layout_dump = g_build_filename (folder, "layout.json", NULL);
  g_setenv ("PENUMBRA_LAYOUT_DUMP", layout_dump, TRUE);
  pen_test_ui_run (appear_open, NULL, TIMEOUT_SECONDS);
  g_unsetenv ("PENUMBRA_LAYOUT_DUMP");
  g_remove (layout_dump);
  g_rmdir (folder);
  g_clear_pointer (&layout_dump, g_free);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/dead-ends/new-game-after-review", test_new_game_after_review);
  g_test_add_func ("/dead-ends/drag-after-click", test_drag_after_click);
  g_test_add_func ("/dead-ends/threat-adjusted-on-table", test_threat_adjusted_on_table);
  g_test_add_func ("/dead-ends/appear-open", test_appear_open);

  return g_test_run ();
}
