/* test-rules.c: the rules reference, under X11 (Xvfb), in the language the
 * test runs in (rules: English, rules-ru: Russian).
 *
 * F1 over the main window opens it at its first section; typing the Threat
 * section's title in its search entry ("Threat", «Угроза») lands there, with
 * the match lit; opening it at a Property's topic, as the table's "?" does,
 * shows the Properties section with that Property's heading lit, and at an
 * Automa's section of instructions, that Automa's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "pen-rules-window.h"
#include "pen-test-ui.h"
#include "pen-window.h"

#define TIMEOUT_SECONDS 50

/* The name of the section row the list has selected (rules-section-ID). */
static const char *
selected_section (PenRulesWindow *rules)
{
  GtkListBox *list = GTK_LIST_BOX (pen_test_ui_find_named (GTK_WIDGET (rules), "rules-sections"));
  GtkListBoxRow *row = gtk_list_box_get_selected_row (list);

  g_assert_nonnull (row);
  return gtk_widget_get_name (gtk_list_box_row_get_child (row));
}

/* Whether the selected section's row is inside the list's scrolled window. */
static gboolean
row_shown (PenRulesWindow *rules)
{
  GtkListBox *list = GTK_LIST_BOX (pen_test_ui_find_named (GTK_WIDGET (rules), "rules-sections"));
  GtkWidget *row = GTK_WIDGET (gtk_list_box_get_selected_row (list));
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (row, scroller, &bounds));
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller);
}

/* Where the shown section's cursor is (the end of a lit match). */
static int
cursor_offset (PenRulesWindow *rules)
{
  GtkTextView *view = GTK_TEXT_VIEW (pen_test_ui_find_named (GTK_WIDGET (rules), "rules-text"));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter iter;

  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  return gtk_text_iter_get_offset (&iter);
}

/* The text of the shown section that carries @tag, or NULL. */
static char *
tagged_text (PenRulesWindow *rules,
             const char     *tag_name)
{
  GtkTextView *view = GTK_TEXT_VIEW (pen_test_ui_find_named (GTK_WIDGET (rules), "rules-text"));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), tag_name);
  GtkTextIter start, end;

  gtk_text_buffer_get_start_iter (buffer, &start);
  if (!gtk_text_iter_starts_tag (&start, tag) && !gtk_text_iter_forward_to_tag_toggle (&start, tag))
    return NULL;
  end = start;
  gtk_text_iter_forward_to_tag_toggle (&end, tag);
  return gtk_text_iter_get_text (&start, &end);
}

/* Whether @model, or one of its sections, has an item for @action. */
static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) && g_str_equal (name, action))
        return TRUE;
      if (section != NULL && menu_has_action (section, action))
        return TRUE;
    }
  return FALSE;
}

/* The main menu's button under @widget. */
static GtkMenuButton *
main_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget)
      && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), "open-menu-symbolic") == 0)
    return GTK_MENU_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *button = main_menu_button (child);

      if (button != NULL)
        return button;
    }
  return NULL;
}

/* Whether the Keyboard Shortcuts window lists @action. */
static gboolean
shortcuts_have_action (GtkWidget  *widget,
                       const char *action)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *name = NULL;

      g_object_get (widget, "action-name", &name, NULL);
      if (g_strcmp0 (name, action) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (shortcuts_have_action (child, action))
      return TRUE;
  return FALSE;
}

static void
opens_and_finds (PenWindow *window,
                 gpointer   data)
{
  gboolean russian = pen_test_ui_russian ();
  const char *threat = russian ? "Угроза" : "Threat";
  PenRulesWindow *rules;
  GtkEditable *search;
  g_autofree char *match = NULL;
  g_autofree char *target = NULL;
  int x, y;

  /* "Help in the main menu and F1" (issue 19), F1 in the shortcuts. */
  g_assert_true (menu_has_action (gtk_menu_button_get_menu_model (main_menu_button (GTK_WIDGET (window))), "win.rules"));
  {
    g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/trials_of_arcana/Penumbra/ui/help-overlay.ui");
    GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));

    g_assert_true (shortcuts_have_action (overlay, "win.rules"));
    gtk_window_destroy (GTK_WINDOW (overlay));
  }
  g_assert_null (pen_test_ui_find_toplevel (PEN_TYPE_RULES_WINDOW));
  pen_test_ui_screen_point (GTK_WIDGET (window), 10, 10, &x, &y);
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_xdotool ("key F1");
  pen_test_ui_wait (500);
  rules = PEN_RULES_WINDOW (pen_test_ui_find_toplevel (PEN_TYPE_RULES_WINDOW));
  g_assert_nonnull (rules);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (rules)));
  g_assert_cmpstr (pen_rules_window_get_topic (rules), ==, "setup");
  g_assert_cmpstr (selected_section (rules), ==, "rules-section-setup");

  /* Searchable: the section's title first, the match lit. */
  search = GTK_EDITABLE (pen_test_ui_find_named (GTK_WIDGET (rules), "rules-search"));
  gtk_editable_set_text (search, threat);
  pen_test_ui_wait (600);
  g_assert_cmpstr (pen_rules_window_get_topic (rules), ==, "threat");
  g_assert_cmpstr (selected_section (rules), ==, "rules-section-threat");
  match = tagged_text (rules, "match");
  g_assert_cmpstr (match, ==, threat);
  pen_test_ui_screenshot ("rules-search");

  /* Enter: the next match, further on. */
  {
    int offset = cursor_offset (rules);
    g_autofree char *next = NULL;

    g_signal_emit_by_name (search, "activate");
    g_assert_cmpint (cursor_offset (rules), >, offset);
    next = tagged_text (rules, "match");
    g_assert_cmpstr (next, ==, threat);
  }

  /* From the table to the rule: a Property's topic. */
  pen_rules_window_present (GTK_WINDOW (window), "property-vigilance");
  pen_test_ui_wait (300);
  g_assert_true (PEN_RULES_WINDOW (pen_test_ui_find_toplevel (PEN_TYPE_RULES_WINDOW)) == rules);
  g_assert_cmpstr (pen_rules_window_get_topic (rules), ==, "property-vigilance");
  g_assert_cmpstr (selected_section (rules), ==, "rules-section-properties");
  target = tagged_text (rules, "target");
  g_assert_cmpstr (target, ==, russian ? "Бдительность (X)" : "Vigilance (X)");
  pen_test_ui_screenshot ("rules-property");

  /* An Automa's instruction, as its narration in the log would point at. */
  pen_rules_window_present (GTK_WINDOW (window), "automa-amber-wilds");
  pen_test_ui_wait (300);
  g_assert_cmpstr (pen_rules_window_get_topic (rules), ==, "automa-amber-wilds");
  g_assert_cmpstr (selected_section (rules), ==, "rules-section-automa-amber");
  g_clear_pointer (&target, g_free);
  target = tagged_text (rules, "target");
  g_assert_cmpstr (target, ==, russian ? "Дикие Земли (Кольцо)" : "Wilds (Ring)");
  g_assert_true (row_shown (rules));
  pen_test_ui_screenshot ("rules-automa");

  g_assert_true (pen_rules_has_topic ("property-vigilance"));
  g_assert_false (pen_rules_has_topic ("property-none"));
  gtk_window_close (GTK_WINDOW (rules));
  pen_test_ui_wait (200);
  g_assert_null (pen_test_ui_find_toplevel (PEN_TYPE_RULES_WINDOW));
}

static void
test_rules (void)
{
  pen_test_ui_run (opens_and_finds, NULL, TIMEOUT_SECONDS);
}

int
main (int   argc,
      char *argv[])
{
  if (!pen_test_ui_init (&argc, &argv))
    return 77;

  g_test_add_func ("/rules/f1-search-topic", test_rules);

  return g_test_run ();
}
