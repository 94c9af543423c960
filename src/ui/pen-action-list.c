/* pen-action-list.c: every legal action in a window of its own, in a list
 * grouped by the piece it starts on (its name as the table shows it), with a
 * search entry; Enter or a click takes the action. The keyboard's path to
 * everything, and the fallback where a piece is hard to reach.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-action-list"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-action-list.h"
#include "pen-layout-dump.h"
#include "pen-pieces.h"

typedef struct
{
  PenActionChosen chosen;
  gpointer        user_data;
  GtkWidget      *window;
  GtkEditable    *search;
} List;

/* The name of the piece @action starts on, as the table labels it (its
 * first line), or "The turn" for the turn bar's steps and questions. */
static char *
group_of (GtkWidget       *table,
          PenGame         *game,
          const PenAction *action)
{
  g_autofree char *piece = pen_piece_of_action (game, action);
  GtkWidget *widget = piece != NULL ? pen_layout_find (table, NULL, piece) : NULL;
  const char *kind, *id, *label;

  if (action->type == PEN_ACTION_START_TRIAL)
    return g_strdup (_("Start a Trial"));
  if (widget == NULL || !pen_layout_get_tag (widget, &kind, &id, &label))
    return g_strdup (_("The turn"));
  return g_strndup (label, strcspn (label, "\n"));
}

static void
header_cb (GtkListBoxRow *row,
           GtkListBoxRow *before,
           gpointer       user_data)
{
  const char *group = g_object_get_data (G_OBJECT (row), "pen-group");
  GtkWidget *header;

  if (before != NULL && g_strcmp0 (group, g_object_get_data (G_OBJECT (before), "pen-group")) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  header = gtk_label_new (group);
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_top (header, 12);
  gtk_widget_set_margin_bottom (header, 4);
  gtk_list_box_row_set_header (row, header);
}

static gboolean
filter_cb (GtkListBoxRow *row,
           gpointer       user_data)
{
  List *list = user_data;
  g_autofree char *wanted = g_utf8_casefold (gtk_editable_get_text (list->search), -1);

  return wanted[0] == '\0' || strstr (g_object_get_data (G_OBJECT (row), "pen-words"), wanted) != NULL;
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   GtkListBox     *box)
{
  gtk_list_box_invalidate_filter (box);
}

static void
row_activated_cb (GtkListBox    *box,
                  GtkListBoxRow *row,
                  List          *list)
{
  PenAction action = *(const PenAction *) g_object_get_data (G_OBJECT (row), "pen-action");

  gtk_window_destroy (GTK_WINDOW (list->window));
  list->chosen (&action, list->user_data);
}

/* Enter in the search takes the first action still shown. */
static void
search_activate_cb (GtkSearchEntry *entry,
                    GtkListBox     *box)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (box)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && gtk_widget_get_child_visible (row))
      {
        g_signal_emit_by_name (box, "row-activated", row);
        return;
      }
}

/**
 * pen_action_list_present:
 * @table: the table (to name the pieces as it does)
 * @game: the game
 * @actions: (element-type PenAction): the legal actions as the table offers them
 * @chosen: called with the action the player takes
 * @user_data: for @chosen
 *
 * Shows the list over @table's window.
 *
 * Returns: (transfer none): the list's window
 */
GtkWidget *
pen_action_list_present (GtkWidget       *table,
                         PenGame         *game,
                         GArray          *actions,
                         PenActionChosen  chosen,
                         gpointer         user_data)
{
  List *list = g_new0 (List, 1);
  GtkWidget *window = adw_window_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *search = gtk_search_entry_new ();
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_list_box_new ();
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_free);

  list->chosen = chosen;
  list->user_data = user_data;
  list->window = window;
  list->search = GTK_EDITABLE (search);
  g_object_set_data_full (G_OBJECT (window), "pen-list", list, g_free);

  gtk_window_set_title (GTK_WINDOW (window), _("All Actions"));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (gtk_widget_get_root (table)));
  gtk_window_set_default_size (GTK_WINDOW (window), 560, 600);
  gtk_widget_set_name (window, "all-actions");
  gtk_widget_set_hexpand (search, TRUE);
  g_object_set (search, "placeholder-text", _("Search the actions"), NULL);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), search);
  gtk_box_append (GTK_BOX (content), header);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), box);
  gtk_box_append (GTK_BOX (content), scroll);
  adw_window_set_content (ADW_WINDOW (window), content);

  /* Grouped by piece, in the order the pieces first come in @actions. */
  for (guint i = 0; i < actions->len; i++)
    {
      g_autofree char *group = group_of (table, game, &g_array_index (actions, PenAction, i));

      if (!g_ptr_array_find_with_equal_func (groups, group, g_str_equal, NULL))
        g_ptr_array_add (groups, g_steal_pointer (&group));
    }
  for (guint g = 0; g < groups->len; g++)
    for (guint i = 0; i < actions->len; i++)
      {
        const PenAction *action = &g_array_index (actions, PenAction, i);
        g_autofree char *group = group_of (table, game, action);
        g_autofree char *text = NULL;
        g_autofree char *words = NULL;
        GtkWidget *row, *label;

        if (!g_str_equal (group, g_ptr_array_index (groups, g)))
          continue;
        text = pen_action_label (game, action);
        words = g_strdup_printf ("%s %s", group, text);
        row = gtk_list_box_row_new ();
        label = gtk_label_new (text);
        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_label_set_wrap (GTK_LABEL (label), TRUE);
        gtk_widget_set_margin_start (label, 24);
        gtk_widget_set_margin_end (label, 12);
        gtk_widget_set_margin_top (label, 6);
        gtk_widget_set_margin_bottom (label, 6);
        gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
        g_object_set_data_full (G_OBJECT (row), "pen-action", g_memdup2 (action, sizeof *action), g_free);
        g_object_set_data_full (G_OBJECT (row), "pen-group", g_strdup (group), g_free);
        g_object_set_data_full (G_OBJECT (row), "pen-words", g_utf8_casefold (words, -1), g_free);
        gtk_list_box_append (GTK_LIST_BOX (box), row);
      }
  gtk_list_box_set_header_func (GTK_LIST_BOX (box), header_cb, NULL, NULL);
  gtk_list_box_set_filter_func (GTK_LIST_BOX (box), filter_cb, list, NULL);
  g_signal_connect (search, "search-changed", G_CALLBACK (search_changed_cb), box);
  g_signal_connect (search, "activate", G_CALLBACK (search_activate_cb), box);
  g_signal_connect (box, "row-activated", G_CALLBACK (row_activated_cb), list);
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (search), window);
  /* Escape (the search's "stop") closes it, as any dialog. */
  g_signal_connect_swapped (search, "stop-search", G_CALLBACK (gtk_window_close), window);

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_grab_focus (search);
  return window;
}
