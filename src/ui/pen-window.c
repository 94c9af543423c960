/* pen-window.c: the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-window"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "pen-automa.h"
#include "pen-error.h"
#include "pen-game-view.h"
#include "pen-guide.h"
#include "pen-layout-dump.h"
#include "pen-action-label.h"
#include "pen-save.h"
#include "pen-new-game-dialog.h"
#include "pen-rules-window.h"
#include "pen-window.h"

struct _PenWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  gulong                first_frame_handler;

  PenGame              *game;
  gulong                changed_handler;
  GFile                *file;         /* where the game was last saved or opened from */
  gboolean              dirty;        /* changed since then (or never saved) */
  gboolean              autosave_failed;
  char                 *save_folder;  /* XDG data folder/penumbra */
  char                 *autosave_path;
  PenGame              *autosaved;    /* a game in progress found at start, until continued */

  PenGame              *review;       /* the game replayed to the point reviewed, or NULL */

  AdwWindowTitle       *window_title;
  GtkStack             *main_stack;
  PenGameView          *game_view;   /* made with the first game: startup stays quick */
  GtkWidget            *undo_button;
  GtkWidget            *log_button;
  GtkWidget            *redo_button;
  GtkWidget            *hint_button;
  GtkWidget            *continue_button;
  GtkLabel             *continue_label;
  GtkLabel             *autosave_problem_label;
  GtkActionBar         *review_bar;
  GtkAdjustment        *review_adjustment;
  GtkLabel             *review_label;
};

G_DEFINE_FINAL_TYPE (PenWindow, pen_window, ADW_TYPE_APPLICATION_WINDOW)

static const char *
turn_type_name (PenTurnType type)
{
  switch (type)
    {
    case PEN_TURN_STUDY: return _("Study");
    case PEN_TURN_TRIAL: return _("Trial");
    case PEN_TURN_REST: return _("Rest");
    case PEN_TURN_UNDECLARED:
    default: return _("Your turn");
    }
}

static void
set_action_enabled (PenWindow  *self,
                    const char *name,
                    gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
show_notice (PenWindow  *self,
            const char *message)
{
  pen_game_view_show_notice (pen_window_get_game_view (self), message);
}

/* The help overlay (Keyboard Shortcuts) is built when first asked for. */
static void
show_help_overlay_action (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  PenWindow *self = user_data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/trials_of_arcana/Penumbra/ui/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self), overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

/* Help in the main menu, and F1: the rules reference. */
static void
rules_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  pen_rules_window_present (GTK_WINDOW (user_data), NULL);
}

/* How many actions of the game the review has replayed. */
static guint
review_position (PenWindow *self)
{
  return pen_game_get_n_history (self->review);
}

/* Undo and redo stay active while a game is played, so that pressing them
 * where they stop (Ctrl+Z too) says why in a notice; the buttons are dimmed
 * there and their tooltips say it beforehand. */
static void
update_undo_button (GtkWidget  *button,
                    gboolean    can,
                    const char *label,
                    const char *why_not)
{
  gtk_widget_set_tooltip_text (button, can ? label : why_not);
  if (can)
    gtk_widget_remove_css_class (button, "dim-label");
  else
    gtk_widget_add_css_class (button, "dim-label");
}

static void
update_undo_buttons (PenWindow *self,
                     gboolean   playing)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo", playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.redo", playing);
  if (!playing)
    return;
  update_undo_button (self->undo_button, pen_game_can_undo (self->game), _("Undo"),
                      pen_game_describe_undo_stop (self->game));
  update_undo_button (self->redo_button, pen_game_can_redo (self->game), _("Redo"),
                      pen_game_describe_redo_stop (self->game));
}

/* The header's subtitle says whose turn it is and what it waits for, and the
 * actions follow the engine and the review; the one place both are updated. */
static void
update_state (PenWindow *self)
{
  g_autoptr(GString) subtitle = g_string_new (NULL);
  gboolean playing = self->game != NULL && self->review == NULL;
  guint placements;

  gtk_widget_set_visible (self->undo_button, playing);
  gtk_widget_set_visible (self->redo_button, playing);
  gtk_widget_set_visible (self->hint_button, playing && !pen_game_is_over (self->game));
  gtk_widget_set_visible (self->log_button, self->game_view != NULL && self->game != NULL);
  update_undo_buttons (self, playing);
  set_action_enabled (self, "save", self->game != NULL);
  set_action_enabled (self, "save-as", self->game != NULL);
  set_action_enabled (self, "review", playing && pen_game_get_n_history (self->game) > 0);
  set_action_enabled (self, "continue", self->autosaved != NULL);

  if (self->review != NULL)
    {
      guint n = pen_game_get_n_history (self->game);
      g_autofree char *position = NULL;

      /* Translators: where the review is: "Action 12 of 240" */
      position = g_strdup_printf (_("Action %u of %u"), review_position (self), n);
      gtk_label_set_text (self->review_label, position);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.first", review_position (self) > 0);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.previous", review_position (self) > 0);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.next", review_position (self) < n);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.last", review_position (self) < n);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.fork", !pen_game_is_over (self->review));
      /* Translators: the header's subtitle while a game is reviewed */
      adw_window_title_set_subtitle (self->window_title, _("Reviewing the game"));
      return;
    }

  if (self->game == NULL)
    {
      adw_window_title_set_subtitle (self->window_title, _("Trials of Arcana"));
      return;
    }
  if (pen_game_is_over (self->game))
    {
      adw_window_title_set_subtitle (self->window_title, _("The game is over"));
      return;
    }

  /* Translators: the turn counter in the header, "Turn 7" */
  g_string_append_printf (subtitle, _("Turn %u"), pen_game_get_turn_number (self->game) + 1);
  g_string_append (subtitle, " · ");
  if (pen_game_get_current_player (self->game) == (guint) pen_game_get_automa_player (self->game))
    g_string_append (subtitle, _("The Automa’s turn"));
  else
    g_string_append (subtitle, turn_type_name (pen_game_get_turn_type (self->game)));

  placements = pen_game_get_placements_left (self->game);
  if (pen_game_get_turn_type (self->game) == PEN_TURN_STUDY && placements > 0)
    {
      g_string_append (subtitle, " · ");
      g_string_append_printf (subtitle, ngettext ("%u placement left", "%u placements left", placements),
                              placements);
    }
  adw_window_title_set_subtitle (self->window_title, subtitle->str);
}

/* ---- Autosave and games kept ---------------------------------------------- */

/* After every action, undo and redo: the game as it is now, in the data
 * folder, written whole or not at all (pen_save_write()). */
static void
autosave (PenWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (pen_save_write (self->game, self->autosave_path, &error))
    {
      self->autosave_failed = FALSE;
      return;
    }
  /* Said once, not after every action; said again once it works again. */
  if (!self->autosave_failed)
    show_notice (self, error->message);
  self->autosave_failed = TRUE;
}

/* A path in the data folder named after the time, not yet taken:
 * "PREFIX 2026-11-30 06.12.51.penumbra". */
static char *
new_path_in (const char *folder,
             const char *prefix)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d %H.%M.%S");

  for (guint i = 1; ; i++)
    {
      g_autofree char *name = i == 1 ? g_strdup_printf ("%s %s" PEN_SAVE_EXTENSION, prefix, stamp)
                                     : g_strdup_printf ("%s %s (%u)" PEN_SAVE_EXTENSION, prefix, stamp, i);
      char *path = g_build_filename (folder, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
}

/* The folder where games the player left without saving are kept. */
static char *
kept_games_folder (PenWindow *self)
{
  return g_build_filename (self->save_folder, "games", NULL);
}

/* Before a game with unsaved actions leaves the table (a new game, an opened
 * one, a fork), it is written to the kept games' folder: nothing the player
 * did is lost. */
static void
keep_game (PenWindow *self,
           PenGame   *game)
{
  g_autofree char *folder = kept_games_folder (self);
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  if (pen_game_get_n_history (game) == 0)
    return;
  g_mkdir_with_parents (folder, 0755);
  /* Translators: the start of the file name of a game kept when the player left it */
  path = new_path_in (folder, _("Penumbra"));
  if (!pen_save_write (game, path, &error))
    {
      show_notice (self, error->message);
      return;
    }
  name = g_path_get_basename (path);
  /* Translators: %s is a file name in the kept games' folder */
  message = g_strdup_printf (_("The game you left is kept as “%s”"), name);
  show_notice (self, message);
}

/* What the Continue button continues: "Turn 7 against Jasper". */
static void
show_autosaved (PenWindow *self)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  const PenAutomaVariant *variant = NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->continue_button, self->autosaved != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->continue_label), self->autosaved != NULL);
  if (self->autosaved == NULL)
    return;
  if (automas != NULL && pen_game_get_automa_id (self->autosaved) != NULL)
    variant = pen_automas_find (automas, pen_game_get_automa_id (self->autosaved));
  if (variant != NULL)
    /* Translators: the game the Continue button goes back to: "Turn 7 against Jasper" */
    text = g_strdup_printf (_("Turn %u against %s"), pen_game_get_turn_number (self->autosaved) + 1,
                            pen_ui_card_name (variant->name));
  else
    text = g_strdup_printf (_("Turn %u"), pen_game_get_turn_number (self->autosaved) + 1);
  gtk_label_set_text (self->continue_label, text);
}

/* At start: the game autosaved last time, if it is still being played. A
 * file that cannot be read is moved aside, never overwritten, and the
 * player is told where it is and what is wrong. */
static void
load_autosave (PenWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  g_mkdir_with_parents (self->save_folder, 0755);
  pen_save_sweep_temporaries (self->autosave_path);
  if (!g_file_test (self->autosave_path, G_FILE_TEST_EXISTS))
    return;

  game = pen_save_read (self->autosave_path, &error);
  if (game != NULL)
    {
      if (!pen_game_is_over (game))
        self->autosaved = g_steal_pointer (&game);
      show_autosaved (self);
      return;
    }

  /* Translators: the start of the file name a damaged autosave is moved to */
  kept = new_path_in (self->save_folder, _("Damaged autosave"));
  name = g_path_get_basename (kept);
  if (g_rename (self->autosave_path, kept) == 0)
    /* Translators: the first %s is a file name, the second says what is wrong with it */
    message = g_strdup_printf (_("The game saved when you last played could not be read. "
                                 "The file is kept as “%s” in %s. %s"),
                               name, self->save_folder, error->message);
  else
    message = g_strdup_printf (_("The game saved when you last played could not be read (%s): %s"),
                               self->autosave_path, error->message);
  gtk_label_set_text (self->autosave_problem_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->autosave_problem_label), TRUE);
}

/* ---- Review ------------------------------------------------------------------ */

/* Shows the game as it was after @position of its actions (replayed from its
 * seed); FALSE, with the reason shown, if they do not replay. */
static gboolean
review_to (PenWindow *self,
           guint      position)
{
  g_autoptr(GError) error = NULL;
  PenGame *review;

  position = MIN (position, pen_game_get_n_history (self->game));
  review = pen_game_replay (self->game, position, &error);
  if (review == NULL)
    {
      show_notice (self, error->message);
      return FALSE;
    }
  g_clear_object (&self->review);
  self->review = review;
  if ((guint) gtk_adjustment_get_value (self->review_adjustment) != position)
    gtk_adjustment_set_value (self->review_adjustment, position);
  pen_game_view_set_game (pen_window_get_game_view (self), review);
  update_state (self);
  return TRUE;
}

static void
review_value_changed_cb (GtkAdjustment *adjustment,
                         PenWindow     *self)
{
  guint position = (guint) (gtk_adjustment_get_value (adjustment) + 0.5);

  if (self->review != NULL && position != review_position (self))
    review_to (self, position);
}

static void
leave_review (PenWindow *self)
{
  g_clear_object (&self->review);
  gtk_action_bar_set_revealed (self->review_bar, FALSE);
  pen_game_view_set_interactive (pen_window_get_game_view (self), TRUE);
  pen_game_view_set_game (pen_window_get_game_view (self), self->game);
  update_state (self);
}

static void
review_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  PenWindow *self = user_data;
  guint n;

  if (self->game == NULL || self->review != NULL)
    return;
  n = pen_game_get_n_history (self->game);
  gtk_adjustment_configure (self->review_adjustment, n, 0, n, 1, 10, 0);
  pen_game_view_set_interactive (pen_window_get_game_view (self), FALSE);
  if (review_to (self, n))
    gtk_action_bar_set_revealed (self->review_bar, TRUE);
  else
    pen_game_view_set_interactive (pen_window_get_game_view (self), TRUE);
}

static void
review_step_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);
  guint n;

  if (self->review == NULL)
    return;
  n = pen_game_get_n_history (self->game);
  if (g_str_equal (action_name, "review.first"))
    review_to (self, 0);
  else if (g_str_equal (action_name, "review.previous"))
    review_to (self, review_position (self) > 0 ? review_position (self) - 1 : 0);
  else if (g_str_equal (action_name, "review.next"))
    review_to (self, MIN (review_position (self) + 1, n));
  else
    review_to (self, n);
}

static void
review_close_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);

  if (self->review != NULL)
    leave_review (self);
}

/* Play on from the reviewed point as a new game; the reviewed game stays as
 * it was (kept if it had unsaved actions). */
static void
review_fork_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);
  g_autoptr(PenGame) fork = NULL;
  g_autofree char *message = NULL;
  guint position;

  if (self->review == NULL || pen_game_is_over (self->review))
    return;
  position = review_position (self);
  fork = g_steal_pointer (&self->review);
  leave_review (self);
  pen_window_set_game (self, fork);
  /* Translators: after "Play On From Here" in the review */
  message = g_strdup_printf (_("A new game goes on after action %u of the reviewed one"), position);
  show_notice (self, message);
}

/* ---- Files -------------------------------------------------------------------- */

static void
add_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (games, _("Saved games of Penumbra"));
  gtk_file_filter_add_pattern (games, "*" PEN_SAVE_EXTENSION);
  gtk_file_filter_add_mime_type (games, PEN_SAVE_MIME_TYPE);
  /* Saves written before the games had a type of their own. */
  gtk_file_filter_add_pattern (games, "*.json");
  gtk_file_filter_add_mime_type (games, "application/json");
  gtk_file_chooser_add_filter (chooser, games);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

static void
show_error_dialog (PenWindow  *self,
                   const char *heading,
                   const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_response_cb (GtkNativeDialog *chooser,
                  int              response,
                  PenWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      pen_window_open (self, file);
    }
  g_object_unref (chooser);
}

static void
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  PenWindow *self = user_data;
  GtkFileChooserNative *chooser;
  g_autofree char *kept = kept_games_folder (self);

  chooser = gtk_file_chooser_native_new (_("Open a Saved Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (chooser));
  if (self->file != NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (self->file);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }
  else if (g_file_test (kept, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) folder = g_file_new_for_path (kept);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_file (PenWindow *self,
           GFile     *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *message = NULL;

  if (!pen_window_save_to_file (self, file, &error))
    {
      /* Translators: %s is a file name */
      g_autofree char *heading = g_strdup_printf (_("The Game Was Not Saved to “%s”"), name);

      show_error_dialog (self, heading, error->message);
      return;
    }
  /* Translators: %s is a file name */
  message = g_strdup_printf (_("Saved as “%s”"), name);
  show_notice (self, message);
}

static void
save_response_cb (GtkNativeDialog *chooser,
                  int              response,
                  PenWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      save_file (self, file);
    }
  g_object_unref (chooser);
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  PenWindow *self = user_data;
  GtkFileChooserNative *chooser;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d %H.%M");
  g_autofree char *name = NULL;

  if (self->game == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save the Game"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (chooser));
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else
    {
      /* Translators: the file name offered for a new save, before its extension;
       * %s is the date and time */
      g_autofree char *base = g_strdup_printf (_("Penumbra %s"), stamp);

      name = g_strconcat (base, PEN_SAVE_EXTENSION, NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  PenWindow *self = user_data;

  if (self->game == NULL)
    return;
  if (self->file == NULL)
    save_as_action (NULL, NULL, self);
  else
    save_file (self, self->file);
}

/* ---- Playing ------------------------------------------------------------------ */

static void
game_changed_cb (PenGame   *game,
                 PenWindow *self)
{
  self->dirty = TRUE;
  autosave (self);
  update_state (self);
}

static void
start_game_cb (PenNewGameDialog *dialog,
               PenGame          *game,
               PenWindow        *self)
{
  pen_window_set_game (self, game);
}

static void
new_game_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  PenWindow *self = user_data;
  PenNewGameDialog *dialog = pen_new_game_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "start-game", G_CALLBACK (start_game_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The guided first game, from its start (the welcome page, the main menu). */
static void
learn_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  PenWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_guide_new_game (&error);

  if (game == NULL)
    {
      show_error_dialog (self, _("The guided game cannot start"), error->message);
      return;
    }
  pen_window_set_game (self, game);
  pen_game_view_set_guided (pen_window_get_game_view (self), TRUE);
}

static void
continue_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  PenWindow *self = user_data;
  g_autoptr(PenGame) game = g_steal_pointer (&self->autosaved);

  if (game == NULL)
    return;
  show_autosaved (self);
  pen_window_set_game (self, game);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->game != NULL && self->review == NULL && !pen_game_undo (self->game, &error))
    show_notice (self, error->message);
}

/* The turn bar's steps, the dice by number and the list of every action, for
 * the keyboard: handed to the table. */
static void
table_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);
  PenGameView *view = self->game_view;

  if (view == NULL || self->game == NULL || self->review != NULL)
    return;
  if (g_str_equal (action_name, "game.rest"))
    pen_game_view_take_step (view, PEN_ACTION_REST);
  else if (g_str_equal (action_name, "game.end-turn"))
    pen_game_view_take_step (view, PEN_ACTION_END_TURN);
  else if (g_str_equal (action_name, "game.automa-turn"))
    pen_game_view_take_step (view, PEN_ACTION_AUTOMA_TURN);
  else if (g_str_equal (action_name, "game.die"))
    pen_game_view_pick_die (view, g_variant_get_uint32 (parameter));
  else if (g_str_equal (action_name, "game.hint"))
    pen_game_view_hint (view);
  else
    pen_game_view_show_all_actions (view);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->game != NULL && self->review == NULL && !pen_game_redo (self->game, &error))
    show_notice (self, error->message);
}

static const GActionEntry win_actions[] = {
  { "new-game", new_game_action },
  { "continue", continue_action },
  { "learn", learn_action },
  { "open", open_action },
  { "save", save_action },
  { "save-as", save_as_action },
  { "review", review_action },
  { "show-help-overlay", show_help_overlay_action },
  { "rules", rules_action },
};

/* With PENUMBRA_REPORT_FIRST_FRAME set, print one line when the window has
 * painted for the first time: tests and the startup benchmark wait for it. */
static void
pen_window_after_paint_cb (GdkFrameClock *frame_clock,
                           PenWindow     *self)
{
  g_clear_signal_handler (&self->first_frame_handler, frame_clock);
  g_print ("penumbra: first frame\n");
  fflush (stdout);
}

static void
pen_window_realize (GtkWidget *widget)
{
  PenWindow *self = PEN_WINDOW (widget);

  GTK_WIDGET_CLASS (pen_window_parent_class)->realize (widget);

  if (g_getenv ("PENUMBRA_REPORT_FIRST_FRAME") != NULL)
    self->first_frame_handler =
      g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                        G_CALLBACK (pen_window_after_paint_cb), self);
  if (g_getenv ("PENUMBRA_LAYOUT_DUMP") != NULL)
    pen_layout_watch (GTK_WINDOW (self), g_getenv ("PENUMBRA_LAYOUT_DUMP"));
}

static void
pen_window_unrealize (GtkWidget *widget)
{
  PenWindow *self = PEN_WINDOW (widget);

  g_clear_signal_handler (&self->first_frame_handler, gtk_widget_get_frame_clock (widget));

  GTK_WIDGET_CLASS (pen_window_parent_class)->unrealize (widget);
}

static void
pen_window_dispose (GObject *object)
{
  PenWindow *self = PEN_WINDOW (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_handler, self->game);
  g_clear_object (&self->game);
  g_clear_object (&self->review);
  g_clear_object (&self->autosaved);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pen_window_parent_class)->dispose (object);
}

static void
pen_window_finalize (GObject *object)
{
  PenWindow *self = PEN_WINDOW (object);

  g_free (self->save_folder);
  g_free (self->autosave_path);

  G_OBJECT_CLASS (pen_window_parent_class)->finalize (object);
}

static void
pen_window_class_init (PenWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_window_dispose;
  object_class->finalize = pen_window_finalize;
  widget_class->realize = pen_window_realize;
  widget_class->unrealize = pen_window_unrealize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, log_button);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, continue_label);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, autosave_problem_label);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, review_bar);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, review_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, review_label);
  gtk_widget_class_bind_template_callback (widget_class, review_value_changed_cb);

  /* Accelerators: PenApplication (so the Keyboard Shortcuts window shows them). */
  gtk_widget_class_install_action (widget_class, "game.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "game.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "game.rest", NULL, table_action);
  gtk_widget_class_install_action (widget_class, "game.end-turn", NULL, table_action);
  gtk_widget_class_install_action (widget_class, "game.automa-turn", NULL, table_action);
  gtk_widget_class_install_action (widget_class, "game.all-actions", NULL, table_action);
  gtk_widget_class_install_action (widget_class, "game.die", "u", table_action);
  gtk_widget_class_install_action (widget_class, "game.hint", NULL, table_action);
  gtk_widget_class_install_action (widget_class, "review.first", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "review.previous", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "review.next", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "review.last", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "review.fork", NULL, review_fork_action);
  gtk_widget_class_install_action (widget_class, "review.close", NULL, review_close_action);
}

static void
pen_window_init (PenWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);

  self->save_folder = g_build_filename (g_get_user_data_dir (), "penumbra", NULL);
  self->autosave_path = g_build_filename (self->save_folder, "autosave.json", NULL);
  load_autosave (self);
  update_state (self);

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  /* The window's size comes back as it was left (GSettings, bound both ways). */
  self->settings = g_settings_new (BASE_APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
}

PenWindow *
pen_window_new (PenApplication *application)
{
  g_return_val_if_fail (PEN_IS_APPLICATION (application), NULL);

  return g_object_new (PEN_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

/**
 * pen_window_get_game_view:
 *
 * Returns: (transfer none): the table, made when first needed
 */
PenGameView *
pen_window_get_game_view (PenWindow *self)
{
  g_return_val_if_fail (PEN_IS_WINDOW (self), NULL);

  if (self->game_view == NULL)
    {
      self->game_view = g_object_new (PEN_TYPE_GAME_VIEW, NULL);
      gtk_stack_add_named (self->main_stack, GTK_WIDGET (self->game_view), "game");
      g_object_bind_property (self->log_button, "active", self->game_view, "show-log",
                              G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
    }
  return self->game_view;
}

PenGame *
pen_window_get_game (PenWindow *self)
{
  g_return_val_if_fail (PEN_IS_WINDOW (self), NULL);
  return self->game;
}

/* Shows @game on the table in place of what was there (the welcome page, or
 * the previous game, which is kept first if it has unsaved actions). Undo is
 * enabled: the table offers it. The new game is autosaved from now on. */
void
pen_window_set_game (PenWindow *self,
                     PenGame   *game)
{
  g_return_if_fail (PEN_IS_WINDOW (self));
  g_return_if_fail (game == NULL || PEN_IS_GAME (game));

  if (game == self->game)
    return;
  if (self->review != NULL)
    leave_review (self);
  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->game);
      if (self->dirty)
        keep_game (self, self->game);
    }
  else if (self->autosaved != NULL && game != NULL)
    {
      /* A new game instead of Continue: the autosaved one is not lost either. */
      keep_game (self, self->autosaved);
      g_clear_object (&self->autosaved);
      show_autosaved (self);
    }
  g_set_object (&self->game, game);
  g_clear_object (&self->file);
  self->dirty = game != NULL && pen_game_get_n_history (game) > 0;
  if (game != NULL)
    {
      pen_game_set_undo_enabled (game, TRUE);
      self->changed_handler = g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
      autosave (self);
    }
  pen_game_view_set_game (pen_window_get_game_view (self), game);
  gtk_stack_set_visible_child_name (self->main_stack, game != NULL ? "game" : "welcome");
  update_state (self);
}

/**
 * pen_window_open_file:
 * @self: a window
 * @file: a saved game
 *
 * Shows the game saved in @file in place of the current one. A file that
 * cannot be loaded changes nothing: the error says why.
 */
gboolean
pen_window_open_file (PenWindow  *self,
                      GFile      *file,
                      GError    **error)
{
  g_autofree char *path = NULL;
  g_autoptr(PenGame) game = NULL;

  g_return_val_if_fail (PEN_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only games saved in local files can be opened."));
      return FALSE;
    }
  game = pen_save_read (path, error);
  if (game == NULL)
    return FALSE;
  pen_window_set_game (self, game);
  g_set_object (&self->file, file);
  self->dirty = FALSE;
  return TRUE;
}

/**
 * pen_window_open:
 * @self: a window
 * @file: a saved game
 *
 * Opens @file as the Open dialog does: a file that cannot be loaded changes
 * nothing, and a dialog says why.
 */
void
pen_window_open (PenWindow *self,
                 GFile     *file)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (PEN_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (!pen_window_open_file (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = NULL;
      g_autofree char *body = NULL;

      /* A data file of the game's own that fails to load is no fault of the
       * player's file: say so, and name the data file (its message does). */
      if (g_error_matches (error, PEN_ERROR, PEN_ERROR_DATA))
        {
          heading = g_strdup (_("The Game’s Data Is Damaged"));
          /* Translators: the first %s is the player's file, the second the data file's problem ("cards/potions.json: not valid JSON: …") */
          body = g_strdup_printf (_("“%s” was not opened: one of Penumbra’s own data files is damaged, "
                                    "not your saved game. Reinstalling Penumbra should mend it.\n\n%s"),
                                  name, error->message);
        }
      else
        {
          /* Translators: %s is a file name */
          heading = g_strdup_printf (_("“%s” Cannot Be Opened"), name);
          body = g_strdup (error->message);
        }
      show_error_dialog (self, heading, body);
    }
}

/**
 * pen_window_save_to_file:
 * @self: a window with a game
 * @file: where to save it
 *
 * Saves the game (the whole of it, also while reviewing) to @file, which
 * becomes the file Save writes to.
 */
gboolean
pen_window_save_to_file (PenWindow  *self,
                         GFile      *file,
                         GError    **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (PEN_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (self->game != NULL, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Games can only be saved in local files."));
      return FALSE;
    }
  if (!pen_save_write (self->game, path, error))
    return FALSE;
  g_set_object (&self->file, file);
  self->dirty = FALSE;
  return TRUE;
}
