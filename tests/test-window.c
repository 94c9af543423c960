/* test-window.c: the application window, driven for real under X11 (Xvfb).
 *
 * The window appears and paints at the size saved in GSettings, its title is
 * right, its primary menu offers Keyboard Shortcuts and About and both open,
 * and closing it ends the application with the window finalized.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-application.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 20
#define SAVED_WIDTH 1100
#define SAVED_HEIGHT 700

typedef struct
{
  GtkWindow *window;      /* weak */
  gboolean   painted;
  gboolean   checked;
  guint      timeout_id;
} Fixture;

static gboolean
timeout_cb (gpointer user_data)
{
  g_error ("the window did not paint and close within %d seconds", TIMEOUT_SECONDS);
  return G_SOURCE_REMOVE;
}

static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL && menu_has_action (section, action))
        return TRUE;
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        return TRUE;
    }
  return FALSE;
}

static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        return window;
    }
  return NULL;
}

static void
after_paint_cb (GdkFrameClock *clock,
                Fixture       *fixture)
{
  GtkWidget *menu_button;
  GMenuModel *menu;
  GtkWidget *about, *overlay;
  int width, height;

  if (fixture->checked)
    return;
  fixture->checked = TRUE;
  fixture->painted = TRUE;

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (fixture->window)));
  g_assert_cmpstr (gtk_window_get_title (fixture->window), ==, "Penumbra");
  /* The size saved in GSettings came back (set before the window existed). */
  gtk_window_get_default_size (fixture->window, &width, &height);
  g_assert_cmpint (width, ==, SAVED_WIDTH);
  g_assert_cmpint (height, ==, SAVED_HEIGHT);

  menu_button = find_menu_button (GTK_WIDGET (fixture->window));
  g_assert_nonnull (menu_button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  g_assert_true (menu_has_action (menu, "win.show-help-overlay"));
  g_assert_true (menu_has_action (menu, "app.about"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (g_application_get_default ()), "about"));
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (fixture->window)));

  /* The About window opens over the main window with the app's credits. */
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "about", NULL);
  about = find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == fixture->window);
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Penumbra");
  g_assert_nonnull (adw_about_window_get_developers (ADW_ABOUT_WINDOW (about)));
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  gtk_window_destroy (GTK_WINDOW (about));

  /* So does the Keyboard Shortcuts window. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-help-overlay", NULL);
  overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (fixture->window)));
  g_assert_true (gtk_widget_get_visible (overlay));
  gtk_widget_set_visible (overlay, FALSE);

  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, fixture);
  gtk_window_close (fixture->window);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window,
                 Fixture        *fixture)
{
  g_assert_true (PEN_IS_WINDOW (window));
  fixture->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &fixture->window);
}

static void
window_realize_cb (GtkWidget *widget,
                   Fixture   *fixture)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                    G_CALLBACK (after_paint_cb), fixture);
}

static void
activate_cb (GApplication *app,
             Fixture      *fixture)
{
  /* Runs after the application's own activate, which created the window. */
  g_assert_nonnull (fixture->window);
  if (gtk_widget_get_realized (GTK_WIDGET (fixture->window)))
    window_realize_cb (GTK_WIDGET (fixture->window), fixture);
  else
    g_signal_connect (fixture->window, "realize", G_CALLBACK (window_realize_cb), fixture);
}

static void
test_window_opens_and_closes (void)
{
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  Fixture fixture = { 0 };
  int status;

  g_settings_set_int (settings, "window-width", SAVED_WIDTH);
  g_settings_set_int (settings, "window-height", SAVED_HEIGHT);

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), &fixture);
  g_signal_connect_after (app, "activate", G_CALLBACK (activate_cb), &fixture);
  fixture.timeout_id = g_timeout_add_seconds (TIMEOUT_SECONDS, timeout_cb, NULL);

  status = g_application_run (G_APPLICATION (app), 0, NULL);

  g_source_remove (fixture.timeout_id);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (fixture.painted);
  /* Closing the window destroyed it and let the application finish. */
  g_assert_null (fixture.window);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

int
main (int   argc,
      char *argv[])
{
  /* gtk_test_init() aborts without a display: skip, and let the README's test
   * command (which starts Xvfb) make sure this never happens in CI. */
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("no display; the UI tests need one (run them through build-aux/dev test)\n");
      return 77;
    }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/window/opens-and-closes", test_window_opens_and_closes);

  return g_test_run ();
}
