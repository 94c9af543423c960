/* test-table-shown.c: what happened is shown where it happened, in the
 * window, under X11 (Xvfb) with xdotool.
 *
 * Rulebook, "Threat" (and its "Threat example": "the roll was 2, 2, 4, 5, 6
 * ... one black 2 knocks out the Spark 2 ... the 4 and 5 are misses ... on 2
 * we have a Jasper Mark, so the black 2 inflicts a wound"): after a Trial's
 * Threat roll, opened from a save, the Threat dice stay on the table, each
 * with what it did, as the engine recorded it.
 *
 * The Automa's turn, stepped with the step button: each narrated line lights
 * the piece of the table it touches (the engine's pen_game_get_log_target()),
 * and only that one.
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
#include "pen-test-state.h"
#include "pen-test-ui.h"
#include "pen-threat-view.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50

/* ---- The Threat's dice ---------------------------------------------------- */

static char *threat_save;

/* The Threat example in a Trial: the Wizard's Marks and dice as in the
 * example, Goldeater started, its Threat made 5 dice, rolled 2, 2, 4, 5, 6.
 * The 6 waits for the choice of die (the Bone 6 or the orange 6). Saved. */
static void
write_threat_save (void)
{
  g_autoptr(PenGame) solo = new_solo_game ();
  g_autoptr(JsonNode) state = editable_state (solo);
  guint human = 1 - pen_game_get_automa_player (solo);
  g_autoptr(PenGame) started = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(JsonNode) prepared = NULL;
  g_autoptr(JsonNode) saved = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GError) error = NULL;
  int fd;

  json_object_set_int_member (state_turn (state), "player", human);
  json_object_set_string_member (state_turn (state), "type", "undeclared");
  set_marks (state, human, "ruby jasper | spark");
  set_dice (state, human, "ruby:3 spark:2 bone:6 emerald:1 amber:6");
  set_list (state, "trial-row", "goldeater scrollers");
  started = load (state);
  apply_ok (started, indexed (PEN_ACTION_START_TRIAL, 0));
  g_assert_cmpint (pen_game_get_pending (started), ==, PEN_PENDING_THREAT);
  prepared = editable_state (started);
  json_object_set_int_member (state_threat (prepared), "dice", 5);
  game = load (prepared);
  FORCE (game, 2, 2, 4, 5, 6);
  apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));

  saved = pen_game_to_json (game);
  json_generator_set_root (generator, saved);
  fd = g_file_open_tmp ("threat-XXXXXX.penumbra", &threat_save, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (json_generator_to_file (generator, threat_save, &error));
  g_assert_no_error (error);
}

static const char *
caption_of (PenWindow *window,
            guint      index)
{
  g_autofree char *name = g_strdup_printf ("threat-caption-%u", index);
  GtkWidget *label = pen_test_ui_find_named (GTK_WIDGET (window), name);

  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

static guint
value_of (PenWindow *window,
          guint      index)
{
  g_autofree char *name = g_strdup_printf ("threat-%u", index);
  GtkWidget *column = pen_test_ui_find_named (GTK_WIDGET (window), name);

  g_assert_nonnull (column);
  return pen_die_view_get_die (PEN_DIE_VIEW (gtk_widget_get_first_child (column)))->value;
}

static void
threat_dice_shown (PenWindow *window,
                   gpointer   data)
{
  PenGame *game = pen_window_get_game (window);
  guint human = 1 - pen_game_get_automa_player (game);
  const PenThreatOutcome *outcomes;
  guint n, values[PEN_MAX_THREAT_DICE];
  gboolean rolled;
  g_autofree char *name = NULL;

  pen_test_ui_wait (300);
  outcomes = pen_game_get_threat_outcomes (game, &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (pen_game_get_threat_dice (game, values, &rolled), ==, 1);

  /* Each die of the roll and what it did, as the engine has it. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *caption = pen_threat_view_caption (game, human, &outcomes[i]);

      g_assert_cmpstr (caption_of (window, i), ==, caption);
      g_assert_cmpuint (value_of (window, i), ==, outcomes[i].value);
    }
  if (!pen_test_ui_russian ())
    {
      g_assert_cmpstr (caption_of (window, 0), ==, "knocks out Spark 2");
      g_assert_cmpstr (caption_of (window, 1), ==, "wounds the Jasper Mark");
      g_assert_cmpstr (caption_of (window, 2), ==, "misses");
      g_assert_cmpstr (caption_of (window, 3), ==, "misses");
      g_assert_cmpstr (caption_of (window, 4), ==, "to distribute");
    }
  /* The 6, still to distribute, last. */
  g_assert_cmpuint (value_of (window, 4), ==, 6);
  name = g_strdup_printf ("threat-%u", n + 1);
  g_assert_null (pen_test_ui_find_named (GTK_WIDGET (window), name));
  pen_test_ui_screenshot ("threat-outcomes");
}

static void
test_threat_dice (void)
{
  const char *files[] = { NULL, NULL };

  write_threat_save ();
  files[0] = threat_save;
  pen_test_ui_run_with_files (threat_dice_shown, NULL, TIMEOUT_SECONDS, files);
  g_unlink (threat_save);
  g_clear_pointer (&threat_save, g_free);
}

/* ---- The Automa's turn, step by step ------------------------------------- */

/* Every widget under @widget with the CSS class pen-lit. */
static void
collect_lit (GtkWidget *widget,
             GPtrArray *lit)
{
  if (gtk_widget_has_css_class (widget, "pen-lit"))
    g_ptr_array_add (lit, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_lit (child, lit);
}

/* The piece @target names, by its name in the layout dump (HACKING.md). */
static GtkWidget *
expected_piece (PenWindow          *window,
                PenGame            *game,
                const PenLogTarget *target)
{
  g_autofree char *id = NULL;
  static const char *decks[] = { "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "brewery", "shop" };

  if (target == NULL)
    return NULL;
  switch (target->kind)
    {
    case PEN_LOG_TARGET_CELL:
      id = g_strdup_printf ("cell-%s-%d-%d", pen_location_get_id (pen_game_get_location (game, target->location)),
                            target->section, target->index);
      return pen_layout_find (GTK_WIDGET (window), "location-cell", id);
    case PEN_LOG_TARGET_MARK:
      id = g_strdup_printf ("mark-%d-%d", target->owner, target->index);
      return pen_layout_find (GTK_WIDGET (window), "mark-cell", id);
    case PEN_LOG_TARGET_MARKET:
      id = g_strdup_printf ("market-%s-%d", decks[target->owner], target->index);
      return pen_layout_find (GTK_WIDGET (window), "card", id);
    case PEN_LOG_TARGET_CONTRACT:
      id = g_strdup_printf ("contract-%d", target->index);
      return pen_layout_find (GTK_WIDGET (window), "contract", id);
    case PEN_LOG_TARGET_AUTOMA_CELL:
    case PEN_LOG_TARGET_AUTOMA:
      return pen_layout_find (GTK_WIDGET (window), "automa", "automa");
    case PEN_LOG_TARGET_NONE:
    default:
      g_assert_not_reached ();
    }
}

static guint
lines_shown (PenWindow *window)
{
  return pen_test_ui_log_n_lines (window);
}

static void
automa_lights (PenWindow *window,
               gpointer   data)
{
  g_autoptr(PenGame) solo = new_solo_game ();
  g_autoptr(JsonNode) state = NULL;
  g_autoptr(PenGame) new_game = NULL;
  g_autofree char *label = NULL;
  GtkWidget *controls, *pause, *step, *status;
  PenGame *game;
  PenAction automa_turn;
  guint n_history, lit_steps = 0, steps = 0;
  gint64 until;

  /* The Automa's turn is next (the Wizard rests if it is theirs). */
  if (pen_game_get_current_player (solo) != (guint) pen_game_get_automa_player (solo))
    apply_ok (solo, simple (PEN_ACTION_REST));
  while (pen_game_get_current_player (solo) != (guint) pen_game_get_automa_player (solo))
    apply_ok (solo, simple (PEN_ACTION_END_TURN));
  state = editable_state (solo);
  new_game = load (state);
  pen_window_set_game (window, new_game);
  game = pen_window_get_game (window);
  pen_test_ui_wait (300);

  pen_action_init (&automa_turn, PEN_ACTION_AUTOMA_TURN);
  label = pen_action_label (game, &automa_turn);
  n_history = pen_game_get_n_history (game);
  pen_test_ui_click (pen_test_ui_action_button (window, label));
  until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (pen_game_get_n_history (game) == n_history && g_get_monotonic_time () < until)
    pen_test_ui_iterate ();
  g_assert_cmpuint (pen_game_get_n_history (game), ==, n_history + 1);
  controls = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_controls");
  pause = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_pause_button");
  step = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_step_button");
  while (!gtk_widget_get_visible (controls) && g_get_monotonic_time () < until)
    pen_test_ui_iterate ();
  g_assert_true (gtk_widget_get_visible (controls));
  /* The status line says the turn is being told, not yet what comes next. */
  status = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "status_label");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (status)), ==,
                   g_dgettext (GETTEXT_PACKAGE, "The Automa’s turn is being told in the log: follow it, or show it whole"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pause), TRUE);
  pen_test_ui_wait (100);

  /* Step by step: the newest line's piece is lit, and no other. */
  while (TRUE)
    {
      guint shown = lines_shown (window);
      const PenLogTarget *target = pen_game_get_log_target (game, shown - 1);
      GtkWidget *expected = expected_piece (window, game, target);
      g_autoptr(GPtrArray) lit = g_ptr_array_new ();

      collect_lit (GTK_WIDGET (window), lit);
      if (expected != NULL)
        {
          g_assert_cmpuint (lit->len, ==, 1);
          g_assert_true (g_ptr_array_index (lit, 0) == expected);
          lit_steps++;
          if (lit_steps == 2)
            pen_test_ui_screenshot ("automa-lit");
        }
      else
        g_assert_cmpuint (lit->len, ==, 0);
      steps++;
      if (!gtk_widget_get_visible (controls))
        break;
      pen_test_ui_click (step);
      until = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
      while (lines_shown (window) == shown && g_get_monotonic_time () < until)
        pen_test_ui_iterate ();
      g_assert_cmpuint (lines_shown (window), ==, shown + 1);
    }
  g_assert_cmpuint (lines_shown (window), ==, pen_game_get_log_length (game));
  /* Told whole: the status line says what the game waits for now. */
  {
    g_autofree char *prompt = pen_game_get_prompt (game);

    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (status)), ==, prompt);
  }
  g_test_message ("%u lines narrated, %u with a piece lit", steps, lit_steps);
  g_assert_cmpuint (steps, >=, 3);
  g_assert_cmpuint (lit_steps, >=, 2);
}

static void
test_automa_lights (void)
{
  pen_test_ui_run (automa_lights, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/table-shown/threat-dice-and-captions", test_threat_dice);
  g_test_add_func ("/table-shown/automa-step-lights-its-piece", test_automa_lights);

  return g_test_run ();
}
