/* test-action-labels.c: the actions and headings named in the player's words, in both
 * languages: a die that is the object of an action is in the accusative in
 * Russian ("Разместить Искру 1", issue 41: "Разместить Искра 1" was seen on
 * the table), a Mark used names the verb ("Использовать …: установить …").
 * Runs in the language of the environment (the -ru test sets Russian).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "pen-action-label.h"
#include "pen-save.h"
#include "pen-table-layout.h"

static gboolean
russian (void)
{
  const char *language = g_getenv ("LANGUAGE");

  return language != NULL && g_str_has_prefix (language, "ru");
}

/* The words for a die, as the subject and as the object of an action. */
static void
test_die_object (void)
{
  static const struct
  {
    PenDie      die;
    const char *en;
    const char *ru_subject;
    const char *ru_object;
  } dice[] = {
    { { .kind = PEN_DIE_KIND_SPARK, .value = 1 }, "Spark 1", "Искра 1", "Искру 1" },
    { { .kind = PEN_DIE_KIND_COLOURED, .colour = PEN_DISCIPLINE_JASPER, .value = 4 }, "Jasper 4", "Яшма 4", "Яшму 4" },
    { { .kind = PEN_DIE_KIND_COLOURED, .colour = PEN_DISCIPLINE_RUBY, .value = 2 }, "Ruby 2", "Рубин 2", "Рубин 2" },
    { { .kind = PEN_DIE_KIND_THREAT, .value = 3 }, "Threat 3", "Угроза 3", "Угрозу 3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (dice); i++)
    {
      g_autofree char *subject = pen_ui_describe_die (&dice[i].die);
      g_autofree char *object = pen_ui_describe_die_object (&dice[i].die);

      g_assert_cmpstr (subject, ==, russian () ? dice[i].ru_subject : dice[i].en);
      g_assert_cmpstr (object, ==, russian () ? dice[i].ru_object : dice[i].en);
    }
}

/* Every placement the game lists names its die as an object: the label
 * begins with the verb and the die in the accusative. */
static void
test_place_labels (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "common", "saves", "study-turn.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  g_autoptr(GArray) actions = NULL;
  PenWizardBoard *board;
  guint places = 0;

  g_assert_no_error (error);
  board = pen_game_get_player (game, pen_game_get_current_player (game));
  actions = pen_game_list_actions (game);
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);
      g_autofree char *label = NULL;
      g_autofree char *die = NULL;
      g_autofree char *start = NULL;

      if (action->type != PEN_ACTION_PLACE || action->die < 0)
        continue;
      label = pen_action_label (game, action);
      die = pen_ui_describe_die_object (pen_wizard_board_get_die (board, action->die));
      start = g_strdup_printf (russian () ? "Разместить %s " : "Place %s ", die);
      g_assert_true (g_str_has_prefix (label, start));
      places++;
    }
  g_assert_cmpuint (places, >, 0);
}

/* "Use %s: set %s to…" keeps its verb in Russian. */
static void
test_use_mark_verb (void)
{
  const char *text = _("Use %s: set %s to…");

  g_assert_true (g_str_has_prefix (text, russian () ? "Использовать %s" : "Use %s"));
}

/* The table's bold headings keep their colons in the regular weight: at
 * the table's smallest scales a bold colon drew as one stroke ("Колода
 * Судьбыı", issue 41), the text itself escaped as markup. */
static void
test_heading_colons (void)
{
  g_autofree char *markup = pen_table_heading_markup ("Класс: Изумруд <&>");
  g_autofree char *plain = NULL;
  PangoAttrList *attrs = NULL;

  g_assert_cmpstr (markup, ==, "<b>Класс</b><span weight=\"normal\">:</span><b> Изумруд &lt;&amp;&gt;</b>");
  g_assert_true (pango_parse_markup (markup, -1, 0, &attrs, &plain, NULL, NULL));
  g_assert_cmpstr (plain, ==, "Класс: Изумруд <&>");
  pango_attr_list_unref (attrs);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  if (g_getenv ("PENUMBRA_LOCALEDIR") != NULL)
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/action-labels/die-object", test_die_object);
  g_test_add_func ("/action-labels/place", test_place_labels);
  g_test_add_func ("/action-labels/use-mark-verb", test_use_mark_verb);
  g_test_add_func ("/action-labels/heading-colons", test_heading_colons);

  return g_test_run ();
}
