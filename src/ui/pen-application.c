/* pen-application.c: the application: one main window, app-wide actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-application"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-application.h"
#include "pen-ui-resources.h"
#include "pen-window.h"

struct _PenApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (PenApplication, pen_application, ADW_TYPE_APPLICATION)

static void
pen_application_about_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  PenApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  static const char *developers[] = { "The Penumbra developers", NULL };
  static const char *designers[] = { "The designers of the board game Penumbra: Trials of Arcana", NULL };

  adw_show_about_window (window,
                         "application-name", _("Penumbra"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "developer-name", _("The Penumbra developers"),
                         "comments", _("The board game Penumbra: Trials of Arcana, "
                                       "played solo against the Automa."),
                         "website", "https://github.com/trials-of-arcana/penumbra",
                         "issue-url", "https://github.com/trials-of-arcana/penumbra/issues",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "developers", developers,
                         "designers", designers,
                         /* Translators: put your names here, one per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
pen_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  PenApplication *self = user_data;

  /* Close the windows rather than quitting outright, so each saves its state. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }
}

static const GActionEntry app_actions[] = {
  { "about", pen_application_about_action },
  { "quit", pen_application_quit_action },
};

static GtkWindow *
main_window (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (pen_window_new (PEN_APPLICATION (app)));
  return window;
}

static void
pen_application_activate (GApplication *app)
{
  gtk_window_present (main_window (app));
}

/* "penumbra FILE", as a file manager starts it: the saved game is opened as
 * the Open dialog opens it (one window holds one game: the last file given). */
static void
pen_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  GtkWindow *window = main_window (app);

  gtk_window_present (window);
  if (n_files > 0)
    pen_window_open (PEN_WINDOW (window), files[n_files - 1]);
}

static void
pen_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *help_accels[] = { "<Control>question", NULL };
  static const char *rules_accels[] = { "F1", NULL };
  static const char *new_game_accels[] = { "<Control>n", NULL };
  static const char *open_accels[] = { "<Control>o", NULL };
  static const char *save_accels[] = { "<Control>s", NULL };
  static const char *save_as_accels[] = { "<Control><Shift>s", NULL };
  static const char *undo_accels[] = { "<Control>z", NULL };
  static const char *redo_accels[] = { "<Control><Shift>z", NULL };
  static const char *rest_accels[] = { "<Control>r", NULL };
  static const char *end_turn_accels[] = { "<Control>e", NULL };
  static const char *automa_accels[] = { "<Control>m", NULL };
  static const char *all_actions_accels[] = { "<Control>k", NULL };
  static const char *hint_accels[] = { "<Control>h", NULL };

  G_APPLICATION_CLASS (pen_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.rules", rules_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.new-game", new_game_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.save", save_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.save-as", save_as_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "game.undo", undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "game.redo", redo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "game.rest", rest_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "game.end-turn", end_turn_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "game.automa-turn", automa_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "game.all-actions", all_actions_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "game.hint", hint_accels);
  /* The number keys pick the dice of the supply, 1 the first. */
  for (guint i = 0; i < 9; i++)
    {
      g_autofree char *name = g_strdup_printf ("game.die(uint32 %u)", i);
      g_autofree char *key = g_strdup_printf ("%u", i + 1);
      const char *accels[] = { key, NULL };

      gtk_application_set_accels_for_action (GTK_APPLICATION (app), name, accels);
    }
}

static void
pen_application_class_init (PenApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = pen_application_activate;
  app_class->open = pen_application_open;
  app_class->startup = pen_application_startup;

  pen_ui_register_resource ();
}

static void
pen_application_init (PenApplication *self)
{
}

PenApplication *
pen_application_new (void)
{
  return g_object_new (PEN_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       /* Resources (help overlay, style.css) live under the base id,
                        * also in the .Devel build. */
                       "resource-base-path", "/io/github/trials_of_arcana/Penumbra",
                       NULL);
}
