/* pen-window.c: the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-window"

#include "config.h"

#include <errno.h>
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
  gboolean              dirty;        /* changed since @file was written (meaningless without one) */
  gboolean              autosave_failed;
  gboolean              close_after_save; /* Save As… was chosen in the dialog of closing */
  gboolean              closing;      /* the player chose to close without saving */
  char                 *save_folder;  /* XDG data folder/penumbra */
  char                 *autosave_path;
  char                 *autosave_file_path; /* the record of the file the autosaved game belongs to */
  PenGame              *autosaved;    /* a game in progress found at start, until continued */
  GFile                *autosaved_file; /* the file it belongs to, as recorded */

  PenGame              *review;       /* the game replayed to the point reviewed, or NULL */
  guint                 review_replayable;   /* the actions today's rules replay */

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
  GtkRevealer          *autosave_banner;
  GtkLabel             *autosave_banner_reason;
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

/* A file's name as the player reads it, whatever the bytes of its name (a
 * file name need not be UTF-8). */
static char *
file_display_name (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *base = NULL;

  if (path != NULL)
    return g_filename_display_basename (path);
  base = g_file_get_basename (file);
  return base != NULL ? g_filename_display_name (base) : g_file_get_parse_name (file);
}

/* The header's title names the file the game belongs to, the one Save
 * writes, with "•" before it while the game has changes that file does not
 * hold, as GNOME's editors mark them. */
static void
update_title (PenWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;

  if (self->game == NULL || self->file == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Penumbra"));
      gtk_window_set_title (GTK_WINDOW (self), _("Penumbra"));
      return;
    }
  name = file_display_name (self->file);
  title = self->dirty ? g_strconcat ("• ", name, NULL) : g_strdup (name);
  adw_window_title_set_title (self->window_title, title);
  /* Translators: the window's title in the task list: a file name, then the game's */
  window_title = g_strdup_printf (_("%s — Penumbra"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* The header's subtitle says whose turn it is and what it waits for, and the
 * actions follow the engine and the review; the one place both are updated. */
static void
update_state (PenWindow *self)
{
  g_autoptr(GString) subtitle = g_string_new (NULL);
  gboolean playing = self->game != NULL && self->review == NULL;
  /* While the Automa's turn is told, the header says what the table shows. */
  PenGame *shown = self->game_view != NULL && pen_game_view_get_game (self->game_view) == self->game
                   ? pen_game_view_get_shown_game (self->game_view) : self->game;
  guint placements;

  update_title (self);
  gtk_widget_set_visible (self->undo_button, playing);
  gtk_widget_set_visible (self->redo_button, playing);
  gtk_widget_set_visible (self->hint_button, playing && !pen_game_is_over (shown));
  gtk_widget_set_visible (self->log_button, self->game_view != NULL && self->game != NULL);
  update_undo_buttons (self, playing);
  set_action_enabled (self, "save", self->game != NULL);
  set_action_enabled (self, "save-as", self->game != NULL);
  set_action_enabled (self, "review", playing && pen_game_get_n_history (self->game) > 0);
  set_action_enabled (self, "review-at", self->game != NULL && pen_game_get_n_history (self->game) > 0);
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
  if (pen_game_is_over (shown))
    {
      adw_window_title_set_subtitle (self->window_title, _("The game is over"));
      return;
    }

  /* Translators: the turn counter in the header, "Turn 7" */
  g_string_append_printf (subtitle, _("Turn %u"), pen_game_get_turn_number (shown) + 1);
  g_string_append (subtitle, " · ");
  if (pen_game_get_current_player (shown) == (guint) pen_game_get_automa_player (shown))
    g_string_append (subtitle, _("The Automa’s turn"));
  else
    g_string_append (subtitle, turn_type_name (pen_game_get_turn_type (shown)));

  placements = pen_game_get_placements_left (shown);
  if (pen_game_get_turn_type (shown) == PEN_TURN_STUDY && placements > 0)
    {
      g_string_append (subtitle, " · ");
      g_string_append_printf (subtitle, ngettext ("%u placement left", "%u placements left", placements),
                              placements);
    }
  adw_window_title_set_subtitle (self->window_title, subtitle->str);
}

/* ---- Autosave and games kept ---------------------------------------------- */

/* While the autosave fails, the banner under the header says so and why,
 * with Save As… at hand: a notice that goes was not enough, for every action
 * from then on is lost when the window closes. */
static void
show_autosave_failure (PenWindow  *self,
                       const char *reason)
{
  if (reason != NULL)
    gtk_label_set_text (self->autosave_banner_reason, reason);
  gtk_revealer_set_reveal_child (self->autosave_banner, reason != NULL);
}

/* After every action, undo and redo: the game as it is now, in the data
 * folder, written whole or not at all (pen_save_write()). */
static void
autosave (PenWindow *self)
{
  g_autoptr(GError) error = NULL;

  self->autosave_failed = !pen_save_write (self->game, self->autosave_path, &error);
  show_autosave_failure (self, self->autosave_failed ? error->message : NULL);
}

/* The autosave's record of the file its game belongs to (the file's URI,
 * beside autosave.json): the next start's Continue brings the file back with
 * the game, and a game its file holds is not kept again. It is removed before
 * the autosave gets another game and written after, so that it never names a
 * file for a game the file is not of. A record that cannot be written loses
 * nothing: the game is then treated as a game of no file. */
static void
forget_autosave_file (PenWindow *self)
{
  if (g_unlink (self->autosave_file_path) != 0 && errno != ENOENT)
    g_debug ("Cannot remove %s: %s", self->autosave_file_path, g_strerror (errno));
}

static void
record_autosave_file (PenWindow *self)
{
  g_autofree char *uri = NULL;
  g_autoptr(GError) error = NULL;

  if (self->file == NULL || self->autosave_failed)
    {
      forget_autosave_file (self);
      return;
    }
  uri = g_file_get_uri (self->file);
  if (!g_file_set_contents (self->autosave_file_path, uri, -1, &error))
    g_debug ("Cannot record the autosave's file: %s", error->message);
}

/* Whether @file holds @game as it is now: read back, the same state. */
static gboolean
game_is_in_file (PenGame *game,
                 GFile   *file)
{
  g_autofree char *path = NULL;
  g_autoptr(PenGame) saved = NULL;
  g_autoptr(JsonNode) state = NULL;
  g_autoptr(JsonNode) saved_state = NULL;

  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    return FALSE;
  saved = pen_save_read (path, NULL);
  if (saved == NULL)
    return FALSE;
  state = pen_game_to_json (game);
  saved_state = pen_game_to_json (saved);
  return json_node_equal (state, saved_state);
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

/* Before a game with actions that no file holds leaves the table (a new
 * game, an opened one, a fork, the autosaved game when another starts in its
 * place), it is written to the kept games' folder: nothing the player did is
 * lost. A game that @file holds as it is (opened or saved there, unchanged
 * since) is not filed again. FALSE, with the reason, if it could not be
 * kept: then the caller must not let another game overwrite the autosave. */
static gboolean
keep_game (PenWindow  *self,
           PenGame    *game,
           GFile      *file,
           GError    **error)
{
  g_autofree char *folder = kept_games_folder (self);
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GError) local_error = NULL;

  if (pen_game_get_n_history (game) == 0 || game_is_in_file (game, file))
    return TRUE;
  g_mkdir_with_parents (folder, 0755);
  /* Translators: the start of the file name of a game kept when the player left it */
  path = new_path_in (folder, _("Penumbra"));
  if (!pen_save_write (game, path, &local_error))
    {
      g_autofree char *folder_name = g_filename_display_name (folder);

      /* Translators: the first %s is a folder, the second why the game could not be written there */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("The game you are playing has actions that no file holds, and it could not be "
                     "kept in %s, so it stays on the table. Save it with Save As…, then try again.\n\n%s"),
                   folder_name, local_error->message);
      return FALSE;
    }
  name = g_filename_display_basename (path);
  /* Translators: %s is a file name in the kept games' folder */
  message = g_strdup_printf (_("The game you left is kept as “%s”"), name);
  show_notice (self, message);
  return TRUE;
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
  g_autofree char *folder_name = g_filename_display_name (self->save_folder);
  g_autofree char *autosave_name = g_filename_display_name (self->autosave_path);

  g_mkdir_with_parents (self->save_folder, 0755);
  pen_save_sweep_temporaries (self->autosave_path);
  pen_save_sweep_temporaries (self->autosave_file_path);
  if (!g_file_test (self->autosave_path, G_FILE_TEST_EXISTS))
    return;

  game = pen_save_read (self->autosave_path, &error);
  if (game != NULL)
    {
      g_autofree char *uri = NULL;

      if (!pen_game_is_over (game))
        self->autosaved = g_steal_pointer (&game);
      if (self->autosaved != NULL && g_file_get_contents (self->autosave_file_path, &uri, NULL, NULL)
          && g_utf8_validate (uri, -1, NULL))
        self->autosaved_file = g_file_new_for_uri (g_strstrip (uri));
      show_autosaved (self);
      return;
    }

  /* The game's own data failed, not the autosave: it stays where it is,
   * for the game to read once the data is mended. */
  if (g_error_matches (error, PEN_ERROR, PEN_ERROR_DATA))
    {
      /* Translators: %s is the data file's problem ("cards/potions.json: not valid JSON: …") */
      message = g_strdup_printf (_("The game saved when you last played was not read: one of Penumbra’s own data "
                                   "files is damaged, not your game, which is kept as it is. Reinstalling "
                                   "Penumbra should mend it. %s"),
                                 error->message);
      gtk_label_set_text (self->autosave_problem_label, message);
      gtk_widget_set_visible (GTK_WIDGET (self->autosave_problem_label), TRUE);
      return;
    }
  /* Translators: the start of the file name a damaged autosave is moved to */
  kept = new_path_in (self->save_folder, _("Damaged autosave"));
  name = g_filename_display_basename (kept);
  if (g_rename (self->autosave_path, kept) == 0)
    /* Translators: the first %s is a file name, the second says what is wrong with it */
    message = g_strdup_printf (_("The game saved when you last played could not be read. "
                                 "The file is kept as “%s” in %s. %s"),
                               name, folder_name, error->message);
  else
    message = g_strdup_printf (_("The game saved when you last played could not be read (%s): %s"),
                               autosave_name, error->message);
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
  /* The end is the game as saved; a position before it is replayed, as far
   * as today's rules replay an older save. */
  if (position == pen_game_get_n_history (self->game))
    review = pen_game_copy (self->game);
  else if (position > self->review_replayable)
    {
      /* Translators: Review Game on a save of an earlier version whose rules changed since */
      g_autofree char *text = g_strdup_printf (_("This game was saved by an earlier version of Penumbra whose rules "
                                                 "differ from action %u on: it can be reviewed up to action %u, "
                                                 "and at its end."),
                                               self->review_replayable + 1, self->review_replayable);

      show_notice (self, text);
      if (self->review != NULL)
        gtk_adjustment_set_value (self->review_adjustment, review_position (self));
      return FALSE;
    }
  else
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
  gboolean same;
  guint n;

  if (self->game == NULL || self->review != NULL)
    return;
  n = pen_game_get_n_history (self->game);
  self->review_replayable = pen_game_count_replayable (self->game, &same);
  gtk_adjustment_configure (self->review_adjustment, n, 0, n, 1, 10, 0);
  pen_game_view_set_interactive (pen_window_get_game_view (self), FALSE);
  if (review_to (self, n))
    {
      gtk_action_bar_set_revealed (self->review_bar, TRUE);
      if (self->review_replayable == n && !same)
        show_notice (self, _("This game was saved by an earlier version of Penumbra whose rules differ: the "
                             "positions before its end may not be the ones it was played through."));
    }
  else
    pen_game_view_set_interactive (pen_window_get_game_view (self), TRUE);
}

/* Review Game opened at a position (the coach's review on the end screen
 * shows a decision there: the game before its action); moves to it when
 * already reviewing. */
static void
review_at_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  PenWindow *self = user_data;

  if (self->game == NULL)
    return;
  if (self->review == NULL)
    review_action (NULL, NULL, self);
  if (self->review != NULL)
    review_to (self, g_variant_get_uint32 (parameter));
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
  /* The review is left only once the reviewed game is kept: refused, the
   * player stays where they were. */
  fork = g_object_ref (self->review);
  if (!pen_window_set_game (self, fork))
    return;
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

static void save_as_action (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data);

static void
refusal_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     PenWindow        *self)
{
  if (g_str_equal (response, "save-as"))
    save_as_action (NULL, NULL, self);
}

/* Another game was refused because the one on the table could not be kept:
 * Save As… is offered at once, the way to put it somewhere. */
static void
show_refusal_dialog (PenWindow  *self,
                     const char *heading,
                     const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "close", _("_Close"),
                                    "save-as", _("Save _As…"),
                                    NULL);
  g_signal_connect_object (dialog, "response", G_CALLBACK (refusal_response_cb), self, 0);
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

static gboolean
close_cb (gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

/* Closes the window without asking, once the dialog that chose it has gone:
 * closed inside the dialog's answer, the window went before its dialog,
 * which still named it as its parent. */
static void
close_soon (PenWindow *self)
{
  self->closing = TRUE;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_cb, g_object_ref (self), g_object_unref);
}

/* Saves to @file; once saved, closes the window if the player chose to save
 * on closing it. */
static gboolean
save_file (PenWindow *self,
           GFile     *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = file_display_name (file);
  g_autofree char *message = NULL;
  gboolean close_after_save = self->close_after_save;

  self->close_after_save = FALSE;
  if (!pen_window_save_to_file (self, file, &error))
    {
      /* Translators: %s is a file name */
      g_autofree char *heading = g_strdup_printf (_("The Game Was Not Saved to “%s”"), name);

      show_error_dialog (self, heading, error->message);
      return FALSE;
    }
  if (close_after_save)
    {
      close_soon (self);
      return TRUE;
    }
  /* Translators: %s is a file name */
  message = g_strdup_printf (_("Saved as “%s”"), name);
  show_notice (self, message);
  return TRUE;
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
  self->close_after_save = FALSE;
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
  gboolean failed = self->autosave_failed;

  self->dirty = TRUE;
  autosave (self);
  /* Working again: the autosave holds the game once more, and its file. */
  if (failed && !self->autosave_failed)
    record_autosave_file (self);
  update_state (self);
}

/* Shows @game, of @file (or of none), in place of what was there; the game
 * that leaves is kept first (keep_game()), and if it cannot be, nothing
 * changes: neither the table nor the autosave, which then still holds it. */
static gboolean
replace_game (PenWindow  *self,
              PenGame    *game,
              GFile      *file,
              GError    **error)
{
  if (game == self->game && game != NULL)
    return TRUE;
  if (self->game != NULL)
    {
      if (!keep_game (self, self->game, self->file, error))
        return FALSE;
    }
  else if (self->autosaved != NULL && game != NULL && game != self->autosaved)
    {
      /* A game instead of Continue: the autosaved one is not lost either. */
      if (!keep_game (self, self->autosaved, self->autosaved_file, error))
        return FALSE;
    }

  if (self->review != NULL)
    leave_review (self);
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_handler, self->game);
  if (game != NULL && self->autosaved != NULL)
    {
      g_clear_object (&self->autosaved);
      g_clear_object (&self->autosaved_file);
      show_autosaved (self);
    }
  g_set_object (&self->game, game);
  g_set_object (&self->file, file);
  self->dirty = FALSE;
  if (game != NULL)
    {
      pen_game_set_undo_enabled (game, TRUE);
      self->changed_handler = g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
      forget_autosave_file (self);
      autosave (self);
      record_autosave_file (self);
    }
  else
    {
      self->autosave_failed = FALSE;
      show_autosave_failure (self, NULL);
    }
  pen_game_view_set_game (pen_window_get_game_view (self), game);
  gtk_stack_set_visible_child_name (self->main_stack, game != NULL ? "game" : "welcome");
  update_state (self);
  return TRUE;
}

static void
start_game_cb (PenNewGameDialog *dialog,
               PenGame          *game,
               PenWindow        *self)
{
  /* Refused, the dialog says why (pen_window_set_game()). */
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
  if (pen_window_set_game (self, game))
    pen_game_view_set_guided (pen_window_get_game_view (self), TRUE);
}

static void
continue_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  PenWindow *self = user_data;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (self->autosaved == NULL)
    return;
  game = g_object_ref (self->autosaved);
  file = self->autosaved_file != NULL ? g_object_ref (self->autosaved_file) : NULL;
  if (!replace_game (self, game, file, &error))
    {
      show_error_dialog (self, _("The Game Cannot Be Continued"), error->message);
      return;
    }
  /* The file it belongs to comes back with it, and whether it holds it. */
  self->dirty = file != NULL && !game_is_in_file (game, file);
  update_state (self);
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

/* ---- Closing ------------------------------------------------------------------ */

/* Whether closing the window would lose something: a game of a file with
 * changes that file does not hold (the autosave has them, but the file the
 * player chose is not what they left), or a game of no file while the
 * autosave fails (nothing has its last actions). */
static gboolean
has_unsaved_changes (PenWindow *self)
{
  if (self->game == NULL)
    return FALSE;
  if (self->file != NULL)
    return self->dirty;
  return self->autosave_failed && pen_game_get_n_history (self->game) > 0;
}

static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   PenWindow        *self)
{
  if (g_str_equal (response, "discard"))
    close_soon (self);
  else if (g_str_equal (response, "save"))
    {
      self->close_after_save = TRUE;
      if (self->file != NULL)
        save_file (self, self->file);
      else
        save_as_action (NULL, NULL, self);
    }
}

/* Asks before a game with unsaved changes is closed: Save (Save As… for a
 * game of no file), Close Without Saving (saying what becomes of the game),
 * Cancel. */
static void
ask_before_closing (PenWindow *self)
{
  g_autofree char *name = self->file != NULL ? file_display_name (self->file) : NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (name != NULL && !self->autosave_failed)
    /* Translators: %s is a file name */
    body = g_strdup_printf (_("The actions since “%s” was last saved are not in that file. "
                              "Closed without saving, the game stays in the autosave: "
                              "Continue brings it back."), name);
  else if (name != NULL)
    /* Translators: %s is a file name; the banner under the header says why the autosave fails */
    body = g_strdup_printf (_("The actions since “%s” was last saved are not in that file, "
                              "and the game is not being autosaved (the banner says why). "
                              "Closed without saving, they are lost."), name);
  else
    body = g_strdup (_("The game is not being autosaved (the banner says why). Closed without "
                       "saving, the actions since the autosave last worked are lost."));

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Save the Game Before Closing?"), body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("Close _Without Saving"),
                                    "save", self->file != NULL ? _("_Save") : _("_Save As…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
pen_window_close_request (GtkWindow *window)
{
  PenWindow *self = PEN_WINDOW (window);

  if (!self->closing && has_unsaved_changes (self))
    {
      ask_before_closing (self);
      return TRUE;
    }
  return GTK_WINDOW_CLASS (pen_window_parent_class)->close_request (window);
}

static const GActionEntry win_actions[] = {
  { "new-game", new_game_action },
  { "continue", continue_action },
  { "learn", learn_action },
  { "open", open_action },
  { "save", save_action },
  { "save-as", save_as_action },
  { "review", review_action },
  { "review-at", review_at_action, "u" },
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
  g_clear_object (&self->autosaved_file);
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
  g_free (self->autosave_file_path);

  G_OBJECT_CLASS (pen_window_parent_class)->finalize (object);
}

static void
pen_window_class_init (PenWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = pen_window_dispose;
  object_class->finalize = pen_window_finalize;
  window_class->close_request = pen_window_close_request;
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
  gtk_widget_class_bind_template_child (widget_class, PenWindow, autosave_banner);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, autosave_banner_reason);
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
  self->autosave_file_path = g_build_filename (self->save_folder, "autosave-file", NULL);
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
      /* The header follows the table while the Automa's turn is told. */
      g_signal_connect_object (self->game_view, "notify::shown-game", G_CALLBACK (update_state), self,
                               G_CONNECT_SWAPPED);
    }
  return self->game_view;
}

PenGame *
pen_window_get_game (PenWindow *self)
{
  g_return_val_if_fail (PEN_IS_WINDOW (self), NULL);
  return self->game;
}

/**
 * pen_window_set_game:
 * @self: a window
 * @game: (nullable): the game to show
 *
 * Shows @game on the table in place of what was there (the welcome page, or
 * the previous game, which is kept first if it has actions that no file
 * holds). Undo is enabled: the table offers it. The new game is autosaved
 * from now on. If the previous game cannot be kept, nothing changes and a
 * dialog says why.
 *
 * Returns: whether @game is on the table
 */
gboolean
pen_window_set_game (PenWindow *self,
                     PenGame   *game)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PEN_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (game == NULL || PEN_IS_GAME (game), FALSE);

  if (replace_game (self, game, NULL, &error))
    return TRUE;
  show_refusal_dialog (self, _("The Game You Are Playing Cannot Be Put Aside"), error->message);
  return FALSE;
}

/**
 * pen_window_open_file:
 * @self: a window
 * @file: a saved game
 *
 * Shows the game saved in @file in place of the current one; Save writes
 * @file from now on. A file that cannot be loaded, or a current game that
 * cannot be kept (pen_window_set_game()), changes nothing: the error says
 * why.
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
  return replace_game (self, game, file, error);
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
      g_autofree char *name = file_display_name (file);
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
  record_autosave_file (self);
  update_state (self);
  return TRUE;
}
