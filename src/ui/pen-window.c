/* pen-window.c: the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-window"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "pen-game-view.h"
#include "pen-new-game-dialog.h"
#include "pen-window.h"

struct _PenWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  gulong                first_frame_handler;

  PenGame              *game;
  gulong                changed_handler;

  AdwWindowTitle       *window_title;
  GtkStack             *main_stack;
  PenGameView          *game_view;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
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

static const char *
pending_name (PenPending pending)
{
  switch (pending)
    {
    case PEN_PENDING_TALENT: return _("choosing a Talent");
    case PEN_PENDING_LOCATION: return _("use or skip the effect");
    case PEN_PENDING_EXCHANGE: return _("exchanging Ingredients");
    case PEN_PENDING_THREAT: return _("Threat");
    case PEN_PENDING_CONTRACT: return _("choosing a Contract");
    case PEN_PENDING_PATH: return _("choosing a path");
    case PEN_PENDING_TASK: return _("the task");
    case PEN_PENDING_RIFT: return _("Rift");
    case PEN_PENDING_RESERVE: return _("reserving a Contract");
    case PEN_PENDING_COLOUR: return _("choosing a colour");
    case PEN_PENDING_CARD: return _("choosing a card");
    case PEN_PENDING_BUY: return _("buying");
    case PEN_PENDING_EQUIPMENT: return _("Equipment");
    case PEN_PENDING_CARD_EFFECT: return _("a card’s effect");
    case PEN_PENDING_NONE:
    default: return NULL;
    }
}

/* The header's subtitle says whose turn it is and what it waits for, and the
 * undo and redo actions follow the engine; the one place both are updated. */
static void
update_state (PenWindow *self)
{
  g_autoptr(GString) subtitle = g_string_new (NULL);
  const char *pending;
  guint placements;

  gtk_widget_set_visible (self->undo_button, self->game != NULL);
  gtk_widget_set_visible (self->redo_button, self->game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo",
                                 self->game != NULL && pen_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.redo",
                                 self->game != NULL && pen_game_can_redo (self->game));

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

  pending = pending_name (pen_game_get_pending (self->game));
  if (pending != NULL)
    g_string_append_printf (subtitle, " · %s", pending);
  placements = pen_game_get_placements_left (self->game);
  if (pen_game_get_turn_type (self->game) == PEN_TURN_STUDY && placements > 0)
    {
      g_string_append (subtitle, " · ");
      g_string_append_printf (subtitle, ngettext ("%u placement left", "%u placements left", placements),
                              placements);
    }
  adw_window_title_set_subtitle (self->window_title, subtitle->str);
}

static void
game_changed_cb (PenGame   *game,
                 PenWindow *self)
{
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

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->game != NULL && !pen_game_undo (self->game, &error))
    pen_game_view_show_toast (self->game_view, error->message);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PenWindow *self = PEN_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->game != NULL && !pen_game_redo (self->game, &error))
    pen_game_view_show_toast (self->game_view, error->message);
}

static const GActionEntry win_actions[] = {
  { "new-game", new_game_action },
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
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pen_window_parent_class)->dispose (object);
}

static void
pen_window_class_init (PenWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_window_dispose;
  widget_class->realize = pen_window_realize;
  widget_class->unrealize = pen_window_unrealize;

  g_type_ensure (PEN_TYPE_GAME_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PenWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, game_view);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, PenWindow, redo_button);

  /* Accelerators: PenApplication (so the Keyboard Shortcuts window shows them). */
  gtk_widget_class_install_action (widget_class, "game.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "game.redo", NULL, redo_action);
}

static void
pen_window_init (PenWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
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

PenGame *
pen_window_get_game (PenWindow *self)
{
  g_return_val_if_fail (PEN_IS_WINDOW (self), NULL);
  return self->game;
}

/* Shows @game on the table in place of what was there (the welcome page, or
 * the previous game). Undo is enabled: the table offers it. */
void
pen_window_set_game (PenWindow *self,
                     PenGame   *game)
{
  g_return_if_fail (PEN_IS_WINDOW (self));
  g_return_if_fail (game == NULL || PEN_IS_GAME (game));

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_handler, self->game);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      pen_game_set_undo_enabled (game, TRUE);
      self->changed_handler = g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
    }
  pen_game_view_set_game (self->game_view, game);
  gtk_stack_set_visible_child_name (self->main_stack, game != NULL ? "game" : "welcome");
  update_state (self);
}
