/* pen-application.c: the application: one main window, app-wide actions,
 * one running instance per data folder (pen-instance-lock.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-application"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-application.h"
#include "pen-instance-lock.h"
#include "pen-ui-resources.h"
#include "pen-window.h"

struct _PenApplication
{
  AdwApplication   parent_instance;

  PenInstanceLock *lock;          /* held from startup to shutdown */
  gboolean         locked_out;    /* another instance holds it: no window */
  GtkWidget       *running_dialog; /* weak: "Penumbra Is Already Running" */
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

/* A start that found another instance holding the lock (one without a
 * session bus, or that could not reach it): no window and no game, so that
 * the autosave is the other's alone; a dialog says why, and the application
 * ends when it is closed. @file is what it was asked to open, if anything:
 * it cannot be handed over without the bus. Said on stderr too, for a start
 * from a terminal (and the tests). */
static void
show_already_running (PenApplication *self,
                      GFile          *file)
{
  g_autofree char *body = NULL;
  const char *heading = _("Penumbra Is Already Running");

  if (file != NULL)
    {
      /* A file name need not be UTF-8; the dialog's label must be. */
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *display = g_filename_display_name (name);

      /* Translators: %s is a file name */
      body = g_strdup_printf (_("“%s” could not be handed over to the Penumbra that is already open. "
                                "Only one can run at a time, so that neither overwrites the game "
                                "the other autosaves: open the file from that window."),
                              display);
    }
  else
    body = g_strdup (_("Only one Penumbra can run at a time, so that neither overwrites the "
                       "game the other autosaves: switch to the window that is open."));
  g_printerr ("penumbra: %s\n%s\n", heading, body);

  if (self->running_dialog != NULL)
    {
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self->running_dialog), body);
      gtk_window_present (GTK_WINDOW (self->running_dialog));
      return;
    }
  self->running_dialog = adw_message_dialog_new (NULL, heading, body);
  g_object_add_weak_pointer (G_OBJECT (self->running_dialog), (gpointer *) &self->running_dialog);
  gtk_window_set_title (GTK_WINDOW (self->running_dialog), heading);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (self->running_dialog), "close", _("_Close"));
  /* The application runs while the dialog is open and ends with it. */
  gtk_window_set_application (GTK_WINDOW (self->running_dialog), GTK_APPLICATION (self));
  gtk_window_present (GTK_WINDOW (self->running_dialog));
}

static void
pen_application_activate (GApplication *app)
{
  PenApplication *self = PEN_APPLICATION (app);

  if (self->locked_out)
    {
      show_already_running (self, NULL);
      return;
    }
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
  PenApplication *self = PEN_APPLICATION (app);
  GtkWindow *window;

  if (self->locked_out)
    {
      show_already_running (self, n_files > 0 ? files[n_files - 1] : NULL);
      return;
    }
  window = main_window (app);

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

  PenApplication *self = PEN_APPLICATION (app);
  g_autofree char *folder = NULL;
  g_autoptr(GError) error = NULL;
  GPid holder = 0;

  G_APPLICATION_CLASS (pen_application_parent_class)->startup (app);

  /* Startup runs in the primary instance only, once: a start that hands its
   * files over the session bus to the running one never takes the lock. The
   * folder is the autosave's (pen-window.c). */
  folder = g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
  self->lock = pen_instance_lock_take (folder, &holder, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
    {
      g_debug ("Another Penumbra (process %d) holds the lock of %s", (int) holder, folder);
      self->locked_out = TRUE;
    }
  /* A lock that cannot be taken at all (a read-only folder, a file system
   * without locks) stops nothing: the autosave says itself if it fails. */
  else if (error != NULL)
    g_debug ("Running without the instance lock: %s", error->message);

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
pen_application_shutdown (GApplication *app)
{
  PenApplication *self = PEN_APPLICATION (app);

  G_APPLICATION_CLASS (pen_application_parent_class)->shutdown (app);

  /* After the windows have gone, with their last autosave. */
  g_clear_pointer (&self->lock, pen_instance_lock_free);
}

static void
pen_application_finalize (GObject *object)
{
  PenApplication *self = PEN_APPLICATION (object);

  g_clear_pointer (&self->lock, pen_instance_lock_free);

  G_OBJECT_CLASS (pen_application_parent_class)->finalize (object);
}

static void
pen_application_class_init (PenApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = pen_application_finalize;

  app_class->activate = pen_application_activate;
  app_class->open = pen_application_open;
  app_class->startup = pen_application_startup;
  app_class->shutdown = pen_application_shutdown;

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
