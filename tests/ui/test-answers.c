/* test-answers.c: whatever the game waits for, the table says it in its
 * status line and lights the pieces that answer it; a click on a lit piece
 * answers, and the engine moves on. Under X11 (Xvfb), with the real pointer,
 * in English and (test-answers-ru) in Russian.
 *
 * A save for every kind of waiting point the engine has (tests/common/saves/
 * pending-KIND.json, played there by penumbra-sim with random legal actions:
 * README.md there) is opened; the layout dump (PENUMBRA_LAYOUT_DUMP,
 * HACKING.md) must hold the status line the moment asks for, in the player's
 * words, and at least one lit piece showing; the first lit piece is clicked
 * (and, where the click opens the piece's choices, the first that answers),
 * and the game must have taken an action.
 *
 * Rulebook sections the moments come from: "Threat" (the roll, where each
 * die goes, the cards used after the roll), "Rest effects" (the die taken
 * back), "Contracts and Trials" (the Contract, the path, the task, the Rift,
 * the colour of a reward die), "Wizard Cards" (the card gained, buying, an
 * Equipment cell, a card's effect), "Locations" (use or skip, exchanging),
 * "Primagic" (Bind's reserved Contract), "Setup" (the Talent).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <adwaita.h>

#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 60

typedef struct
{
  const char *save;       /* under tests/common/saves/ */
  PenPending  pending;
  const char *english;    /* what the status line must hold */
  const char *russian;
} Moment;

static const Moment moments[] = {
  { "pending-talent.json", PEN_PENDING_TALENT, "Choose your Talent",
    "Выберите Талант: Следопыт или Дуэлянт" },
  { "pending-location.json", PEN_PENDING_LOCATION, "Use the effect of the section",
    "Примените эффект секции, в которую вы разместили кубик" },
  { "pending-exchange.json", PEN_PENDING_EXCHANGE, "Exchange Ingredients",
    "Обменяйте Ингредиенты или завершите обмен" },
  { "pending-threat.json", PEN_PENDING_THREAT, "Roll the Threat of 2 dice",
    "Бросьте Угрозу из 2 кубиков" },
  { "pending-threat-target.json", PEN_PENDING_THREAT, "the Threat 1 knocks out",
    "какой из ваших кубиков выбивает Угроза 1" },
  { "pending-contract.json", PEN_PENDING_CONTRACT, "Choose the Contract to attempt",
    "Выберите Контракт для выполнения" },
  { "pending-path.json", PEN_PENDING_PATH, "Choose the path of the Trial Restless Inkwell: Light or Darkness",
    "Выберите путь Испытания «Беспокойная Чернильница»: Свет или Тьма" },
  { "pending-task.json", PEN_PENDING_TASK, "or give it up: Discard any number of Purple dice",
    "или откажитесь от него: Сбросьте любое число фиолетовых кубиков" },
  { "pending-rift.json", PEN_PENDING_RIFT, "Discard 1 die to the Rift",
    "Сбросьте 1 кубик Разлому" },
  { "pending-reserve.json", PEN_PENDING_RESERVE, "Choose the Contract to reserve",
    "Выберите Контракт для резерва" },
  { "pending-colour.json", PEN_PENDING_COLOUR, "Choose the colour of the Event’s die",
    "Выберите цвет кубика События" },
  { "pending-card.json", PEN_PENDING_CARD, "Choose the card to gain from the Emerald market",
    "Выберите карту с рынка «Изумруд»" },
  { "pending-buy.json", PEN_PENDING_BUY, "Buy an Artifact in the Shop, or finish buying",
    "Купите Артефакт в Лавке или завершите покупку" },
  { "pending-card-effect.json", PEN_PENDING_CARD_EFFECT, "Use the card’s",
    "Примените к своим кубикам манипуляцию карты" },
  { "pending-take-back.json", PEN_PENDING_TAKE_BACK, "Take back a Bone die of your choice from the locations",
    "Заберите из локаций костяной кубик на выбор" },
  { "pending-mortal-wound.json", PEN_PENDING_MORTAL_WOUND, "Take the Mortal Wound, or discard the Phylactery",
    "Примите Смертельную Рану или сбросьте Филактерий" },
  { "pending-equipment.json", PEN_PENDING_EQUIPMENT, "Decide which Artifact keeps the Equipment cell",
    "Решите, какой Артефакт останется в ячейке Экипировки" },
  { "pending-threat-step2.json", PEN_PENDING_THREAT, "The Threat dice are rolled",
    "Кубики Угрозы брошены" },
};

static char *
dump_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "answers-layout.json", NULL);
}

static void
answer_by_its_piece (PenWindow *window,
                     gpointer   data)
{
  const Moment *moment = data;
  PenGame *game = pen_window_get_game (window);
  PenGameView *view = pen_window_get_game_view (window);
  g_autofree char *path = dump_path ();
  g_autoptr(JsonNode) dump = NULL;
  const char *status = NULL;
  const char *lit_kind = NULL, *lit_id = NULL;
  JsonArray *objects;
  GtkWidget *piece, *answer, *dialog;
  guint n_lit = 0, n_history;

  g_assert_nonnull (game);
  g_assert_cmpint (pen_game_get_pending (game), ==, moment->pending);
  dump = pen_test_ui_settled_dump (path, "\"status\"");
  objects = json_object_get_array_member (json_node_get_object (dump), "objects");
  for (guint i = 0; i < json_array_get_length (objects); i++)
    {
      JsonObject *object = json_array_get_object_element (objects, i);
      const char *kind = json_object_get_string_member (object, "kind");

      if (g_str_equal (kind, "status"))
        status = json_object_get_string_member (object, "label");
      if (json_object_get_boolean_member (object, "lit") && json_object_get_boolean_member (object, "showing"))
        {
          if (n_lit++ == 0)
            {
              lit_kind = kind;
              lit_id = json_object_get_string_member (object, "id");
            }
        }
    }
  g_test_message ("%s: “%s”, %u lit, the first %s %s", moment->save, status, n_lit, lit_kind, lit_id);
  g_assert_nonnull (status);
  g_assert_nonnull (strstr (status, pen_test_ui_russian () ? moment->russian : moment->english));
  g_assert_cmpuint (n_lit, >, 0);

  /* The first lit piece, clicked: the game takes its answer. */
  piece = pen_layout_find (GTK_WIDGET (view), lit_kind, lit_id);
  g_assert_nonnull (piece);
  pen_test_ui_screenshot (moment->save);
  n_history = pen_game_get_n_history (game);
  pen_test_ui_click (piece);
  pen_test_ui_wait (300);
  if (pen_game_get_n_history (game) == n_history && (dialog = pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL
      && gtk_widget_get_mapped (dialog))
    {
      /* Giving up asks first: answered yes. */
      GtkWidget *yes = pen_test_ui_find_button (dialog, g_dgettext (GETTEXT_PACKAGE, "_Give Up"));

      g_assert_nonnull (yes);
      pen_test_ui_click (yes);
    }
  else if (pen_game_get_n_history (game) == n_history)
    {
      /* A piece with several answers lists them: on itself, or beside the
       * turn bar for a die of the supply. */
      GtkWidget *popover = pen_test_ui_wait_for_popover (piece);
      GtkWidget *tray = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "die_box");

      answer = popover != NULL ? pen_test_ui_find_answer_button (popover, game) : NULL;
      if (answer == NULL)
        answer = pen_test_ui_find_answer_button (tray, game);
      g_assert_nonnull (answer);
      pen_test_ui_wait (150);
      pen_test_ui_click (answer);
    }
  pen_test_ui_wait_for_history (game, n_history);
  g_assert_cmpuint (pen_game_get_n_history (game), >, n_history);
}

static void
test_moment (gconstpointer data)
{
  const Moment *moment = data;
  g_autofree char *dump = dump_path ();
  g_autoptr(GSettings) settings = g_settings_new ("io.github.trials_of_arcana.Penumbra");

  g_settings_set_int (settings, "window-width", 1280);
  g_settings_set_int (settings, "window-height", 800);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  g_unlink (dump);
  g_setenv ("PENUMBRA_LAYOUT_DUMP", dump, TRUE);
  pen_test_ui_run_with_save (answer_by_its_piece, (gpointer) moment, TIMEOUT_SECONDS, moment->save);
  g_unsetenv ("PENUMBRA_LAYOUT_DUMP");
}

/* A die chosen by a click is put down by Escape: no die chosen, no cell lit. */
static void
escape_puts_the_die_down (PenWindow *window,
                          gpointer   data)
{
  PenGameView *view = pen_window_get_game_view (window);
  GtkWidget *die = pen_layout_find (GTK_WIDGET (view), "die", "die-0");

  g_assert_nonnull (die);
  pen_test_ui_settle (window);
  pen_test_ui_click (die);
  pen_test_ui_wait (200);
  g_assert_true (gtk_widget_has_css_class (die, "pen-selected"));
  pen_test_ui_xdotool ("key Escape");
  pen_test_ui_wait (200);
  g_assert_false (gtk_widget_has_css_class (die, "pen-selected"));
}

static void
test_escape (void)
{
  pen_test_ui_run_with_save (escape_puts_the_die_down, NULL, TIMEOUT_SECONDS, "study-turn.json");
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  for (guint i = 0; i < G_N_ELEMENTS (moments); i++)
    {
      g_autofree char *name = g_strdup_printf ("/answers/%s", moments[i].save);

      g_test_add_data_func (name, &moments[i], test_moment);
    }
  g_test_add_func ("/answers/escape-puts-the-die-down", test_escape);
  return g_test_run ();
}
