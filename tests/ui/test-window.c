/* test-window.c: the application window, driven for real under X11 (Xvfb).
 *
 * The window appears and paints at the size saved in GSettings, its title is
 * right, its primary menu offers the game's files, Keyboard Shortcuts and
 * About, and both of those open,
 * and closing it ends the application with the window finalized.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-application.h"
#include "pen-game-view.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 20
#define SAVED_WIDTH 1100
#define SAVED_HEIGHT 700

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

static void
check_window (PenWindow *pen_window,
              gpointer   data)
{
  GtkWindow *window = GTK_WINDOW (pen_window);
  GtkWidget *menu_button;
  GMenuModel *menu;
  GtkWidget *about, *overlay;
  int width, height;

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_cmpstr (gtk_window_get_title (window), ==, "Penumbra");
  /* The size saved in GSettings came back (set before the window existed). */
  gtk_window_get_default_size (window, &width, &height);
  g_assert_cmpint (width, ==, SAVED_WIDTH);
  g_assert_cmpint (height, ==, SAVED_HEIGHT);

  menu_button = find_menu_button (GTK_WIDGET (window));
  g_assert_nonnull (menu_button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  g_assert_true (menu_has_action (menu, "win.show-help-overlay"));
  g_assert_true (menu_has_action (menu, "app.about"));
  g_assert_true (menu_has_action (menu, "win.new-game"));
  g_assert_true (menu_has_action (menu, "win.open"));
  g_assert_true (menu_has_action (menu, "win.save"));
  g_assert_true (menu_has_action (menu, "win.save-as"));
  g_assert_true (menu_has_action (menu, "win.review"));
  /* With no game there is nothing to save or review. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "save"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "review"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (g_application_get_default ()), "about"));

  /* The About window opens over the main window with the app's credits. */
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "about", NULL);
  about = pen_test_ui_find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == window);
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Penumbra");
  g_assert_nonnull (adw_about_window_get_developers (ADW_ABOUT_WINDOW (about)));
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  gtk_window_destroy (GTK_WINDOW (about));

  /* So does the Keyboard Shortcuts window, built when first asked for, and
   * again the second time. */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
      overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
      g_assert_nonnull (overlay);
      g_assert_true (gtk_widget_get_visible (overlay));
      gtk_widget_set_visible (overlay, FALSE);
    }

  /* The notice over the table: messages that come together are joined, the
   * same one twice shows once, and the last three are kept. */
  {
    PenGameView *view = pen_window_get_game_view (pen_window);
    GtkWidget *label = pen_test_ui_child (pen_window, PEN_TYPE_GAME_VIEW, "notice_label");

    pen_game_view_show_notice (view, "One");
    pen_game_view_show_notice (view, "One");
    pen_game_view_show_notice (view, "Two");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "One\nTwo");
    pen_game_view_show_notice (view, "Three");
    pen_game_view_show_notice (view, "Four");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Two\nThree\nFour");
  }

  *(gboolean *) data = TRUE;
}

static void
test_window_opens_and_closes (void)
{
  g_autoptr(GSettings) settings = g_settings_new (BASE_APP_ID);
  gboolean checked = FALSE;

  g_settings_set_int (settings, "window-width", SAVED_WIDTH);
  g_settings_set_int (settings, "window-height", SAVED_HEIGHT);

  /* Closing the window destroys it and lets the application finish
   * (pen_test_ui_run() checks both). */
  pen_test_ui_run (check_window, &checked, TIMEOUT_SECONDS);
  g_assert_true (checked);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/window/opens-and-closes", test_window_opens_and_closes);

  return g_test_run ();
}
