/* pen-window.c: the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-window"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "pen-window.h"

struct _PenWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  gulong                first_frame_handler;
};

G_DEFINE_FINAL_TYPE (PenWindow, pen_window, ADW_TYPE_APPLICATION_WINDOW)

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

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-window.ui");
}

static void
pen_window_init (PenWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

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
