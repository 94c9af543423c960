/* pen-rules-window.c: the rules reference: the rulebook's sections in the
 * project's own words (resources/rules/rules-LANG.json, in the window's
 * GResource), a list of sections beside a read-only text, searchable.
 *
 * A topic is a section's id or an anchor inside a section (property-rift,
 * location-guild, mark-ruby, primagic-bind, automa-jasper-city, ...): the
 * table's "?" buttons open the reference at one with
 * pen_rules_window_present().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-rules-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "pen-rules-window.h"

#define RULES_RESOURCE "/io/github/trials_of_arcana/Penumbra/rules/rules-%s.json"

typedef struct
{
  char  *heading;   /* NULL: a paragraph that goes on from the one before */
  char  *text;
  GStrv  anchors;   /* the topics that land here, possibly empty */
} Block;

typedef struct
{
  char      *id;
  char      *title;
  GPtrArray *blocks;   /* of Block */
  char      *folded;   /* title, headings and texts, casefolded: for search */
} Section;

struct _PenRulesWindow
{
  AdwWindow       parent_instance;

  GtkSearchEntry *search_entry;
  GtkScrolledWindow *section_scroller;
  GtkListBox     *section_list;
  GtkTextView    *text_view;
  guint           reveal_tick;   /* scrolls the list to the shown section */

  guint           section;   /* shown, in rules_sections() */
  char           *topic;     /* shown: the section's id, or an anchor in it */
};

G_DEFINE_FINAL_TYPE (PenRulesWindow, pen_rules_window, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_TOPIC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static PenRulesWindow *the_window;   /* weak: at most one reference is open */

static const char *
member_string (JsonObject *object,
               const char *member)
{
  return json_object_has_member (object, member) ? json_object_get_string_member (object, member) : NULL;
}

static Section *
section_new_from_json (JsonObject *object)
{
  Section *section = g_new0 (Section, 1);
  JsonArray *blocks = json_object_get_array_member (object, "blocks");
  GString *all = g_string_new (NULL);

  section->id = g_strdup (json_object_get_string_member (object, "id"));
  section->title = g_strdup (json_object_get_string_member (object, "title"));
  section->blocks = g_ptr_array_new ();
  g_string_append (all, section->title);
  for (guint i = 0; i < json_array_get_length (blocks); i++)
    {
      JsonObject *member = json_array_get_object_element (blocks, i);
      Block *block = g_new0 (Block, 1);
      g_autoptr(GStrvBuilder) anchors = g_strv_builder_new ();

      block->heading = g_strdup (member_string (member, "heading"));
      block->text = g_strdup (json_object_get_string_member (member, "text"));
      if (json_object_has_member (member, "anchors"))
        {
          JsonArray *ids = json_object_get_array_member (member, "anchors");

          for (guint j = 0; j < json_array_get_length (ids); j++)
            g_strv_builder_add (anchors, json_array_get_string_element (ids, j));
        }
      block->anchors = g_strv_builder_end (anchors);
      g_string_append_printf (all, "\n%s\n%s", block->heading != NULL ? block->heading : "", block->text);
      g_ptr_array_add (section->blocks, block);
    }
  section->folded = g_utf8_casefold (all->str, -1);
  g_string_free (all, TRUE);
  return section;
}

static GPtrArray *
load_sections (const char *language)
{
  g_autofree char *path = g_strdup_printf (RULES_RESOURCE, language);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  GPtrArray *sections;
  JsonArray *array;

  if (bytes == NULL)
    return NULL;
  if (!json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
    {
      g_critical ("%s: %s", path, error->message);
      return NULL;
    }
  array = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "sections");
  sections = g_ptr_array_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    g_ptr_array_add (sections, section_new_from_json (json_array_get_object_element (array, i)));
  return sections;
}

/* The sections in the player's language (as gettext picked it), English when
 * there is no text in that language. Read once, kept for the process. */
static GPtrArray *
rules_sections (void)
{
  static GPtrArray *sections;

  if (sections == NULL)
    {
      /* TRANSLATORS: the language of the rules reference: the LANG of
       * resources/rules/rules-LANG.json. */
      sections = load_sections (C_("rules reference language", "en"));
      if (sections == NULL)
        sections = load_sections ("en");
      if (sections == NULL)
        sections = g_ptr_array_new ();
    }
  return sections;
}

/* Which section holds @topic (its id or one of its anchors), or -1. */
static int
find_topic (const char *topic)
{
  GPtrArray *sections = rules_sections ();

  for (guint i = 0; i < sections->len; i++)
    {
      Section *section = g_ptr_array_index (sections, i);

      if (g_str_equal (section->id, topic))
        return i;
      for (guint j = 0; j < section->blocks->len; j++)
        if (g_strv_contains ((const char * const *) ((Block *) g_ptr_array_index (section->blocks, j))->anchors, topic))
          return i;
    }
  return -1;
}

static void
set_topic (PenRulesWindow *self,
           const char     *topic)
{
  if (g_strcmp0 (self->topic, topic) == 0)
    return;
  g_free (self->topic);
  self->topic = g_strdup (topic);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOPIC]);
}

static void
insert_with_tag (GtkTextBuffer *buffer,
                 const char    *text,
                 const char    *tag)
{
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_with_tags_by_name (buffer, &end, text, -1, tag, NULL);
}

/* Shows section @index, at the top or at @anchor (which must be in it), with
 * the anchor's heading lit. */
static void
show_section (PenRulesWindow *self,
              guint           index,
              const char     *anchor)
{
  Section *section = g_ptr_array_index (rules_sections (), index);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start;
  GtkTextMark *target = NULL;

  self->section = index;
  gtk_text_buffer_set_text (buffer, "", 0);
  insert_with_tag (buffer, section->title, "title");
  for (guint i = 0; i < section->blocks->len; i++)
    {
      Block *block = g_ptr_array_index (section->blocks, i);
      gboolean lit = anchor != NULL && g_strv_contains ((const char * const *) block->anchors, anchor);

      insert_with_tag (buffer, "\n", NULL);
      if (block->heading != NULL)
        {
          gtk_text_buffer_get_end_iter (buffer, &start);
          if (lit)
            target = gtk_text_buffer_create_mark (buffer, NULL, &start, TRUE);
          insert_with_tag (buffer, block->heading, lit ? "target" : "heading");
          insert_with_tag (buffer, "\n", NULL);
        }
      insert_with_tag (buffer, block->text, NULL);
    }
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  if (target == NULL)
    target = gtk_text_buffer_create_mark (buffer, NULL, &start, TRUE);
  gtk_text_view_scroll_to_mark (self->text_view, target, 0, TRUE, 0, 0);
  set_topic (self, anchor != NULL ? anchor : section->id);
}

/* Once the list is laid out: scrolls it to show the shown section's row
 * (GTK 4.8's list box does not, when a row is selected from the code). */
static gboolean
reveal_row_cb (GtkWidget     *widget,
               GdkFrameClock *frame_clock,
               gpointer       user_data)
{
  PenRulesWindow *self = PEN_RULES_WINDOW (widget);
  GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (self->section_list, self->section));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->section_scroller);
  graphene_rect_t bounds;
  double page = gtk_adjustment_get_page_size (adjustment);
  double value = gtk_adjustment_get_value (adjustment);

  /* Bounds in the scrolled window's coordinates: 0 is the top shown. */
  if (!gtk_widget_compute_bounds (row, GTK_WIDGET (self->section_scroller), &bounds) || bounds.size.height <= 0)
    return G_SOURCE_CONTINUE;
  if (bounds.origin.y < 0)
    gtk_adjustment_set_value (adjustment, value + bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > page)
    gtk_adjustment_set_value (adjustment, value + bounds.origin.y + bounds.size.height - page);
  self->reveal_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
select_section (PenRulesWindow *self,
                guint           index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->section_list, index);

  if (gtk_list_box_get_selected_row (self->section_list) != row)
    gtk_list_box_select_row (self->section_list, row);
  else
    show_section (self, index, NULL);
  if (self->reveal_tick == 0)
    self->reveal_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), reveal_row_cb, NULL, NULL);
}

static void
show_topic (PenRulesWindow *self,
            const char     *topic)
{
  int index = topic != NULL ? find_topic (topic) : -1;

  if (index < 0)
    {
      select_section (self, 0);
      return;
    }
  select_section (self, index);
  show_section (self, index, topic);
}

static void
unlight_match (PenRulesWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag_by_name (buffer, "match", &start, &end);
}

/* Lights the first match of @text in the shown section after @from (the
 * start when NULL); FALSE if there is none. */
static gboolean
light_match (PenRulesWindow    *self,
             const char        *text,
             const GtkTextIter *from)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, match_start, match_end;

  unlight_match (self);
  gtk_text_buffer_get_start_iter (buffer, &start);
  if (from != NULL)
    start = *from;
  if (!gtk_text_iter_forward_search (&start, text, GTK_TEXT_SEARCH_CASE_INSENSITIVE, &match_start, &match_end, NULL))
    return FALSE;
  gtk_text_buffer_apply_tag_by_name (buffer, "match", &match_start, &match_end);
  gtk_text_buffer_select_range (buffer, &match_end, &match_start);
  gtk_text_view_scroll_to_mark (self->text_view, gtk_text_buffer_get_insert (buffer), 0.1, FALSE, 0, 0);
  return TRUE;
}

/* The section to show for a search of @folded: a title equal to it, else a
 * title that holds it, else the first text that does; -1 if none. */
static int
best_section (const char *folded)
{
  GPtrArray *sections = rules_sections ();
  int holds = -1, in_text = -1;

  for (guint i = 0; i < sections->len; i++)
    {
      Section *section = g_ptr_array_index (sections, i);
      g_autofree char *title = g_utf8_casefold (section->title, -1);

      if (g_str_equal (title, folded))
        return i;
      if (holds < 0 && strstr (title, folded) != NULL)
        holds = i;
      if (in_text < 0 && strstr (section->folded, folded) != NULL)
        in_text = i;
    }
  return holds >= 0 ? holds : in_text;
}

static void
search_changed_cb (PenRulesWindow *self)
{
  pen_rules_window_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

/* Enter, or Ctrl+G: the next match, in the sections that follow when the
 * shown one has no more. */
static void
search_next_cb (PenRulesWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GPtrArray *sections = rules_sections ();
  g_autofree char *folded = g_utf8_casefold (text, -1);
  GtkTextIter from;

  if (*text == '\0')
    return;
  gtk_text_buffer_get_iter_at_mark (buffer, &from, gtk_text_buffer_get_insert (buffer));
  if (light_match (self, text, &from))
    return;
  for (guint step = 1; step <= sections->len; step++)
    {
      guint index = (self->section + step) % sections->len;

      if (strstr (((Section *) g_ptr_array_index (sections, index))->folded, folded) != NULL)
        {
          select_section (self, index);
          light_match (self, text, NULL);
          return;
        }
    }
}

static void
row_selected_cb (PenRulesWindow *self,
                 GtkListBoxRow  *row)
{
  if (row != NULL)
    show_section (self, gtk_list_box_row_get_index (row), NULL);
}

static void
pen_rules_window_finalize (GObject *object)
{
  PenRulesWindow *self = PEN_RULES_WINDOW (object);

  g_free (self->topic);

  G_OBJECT_CLASS (pen_rules_window_parent_class)->finalize (object);
}

static void
pen_rules_window_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PenRulesWindow *self = PEN_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_TOPIC:
      g_value_set_string (value, self->topic);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_rules_window_class_init (PenRulesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_rules_window_finalize;
  object_class->get_property = pen_rules_window_get_property;

  /* The topic shown: the section's id, or the anchor it was opened at. */
  properties[PROP_TOPIC] =
    g_param_spec_string ("topic", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/trials_of_arcana/Penumbra/ui/pen-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PenRulesWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, PenRulesWindow, section_scroller);
  gtk_widget_class_bind_template_child (widget_class, PenRulesWindow, section_list);
  gtk_widget_class_bind_template_child (widget_class, PenRulesWindow, text_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_next_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_selected_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pen_rules_window_init (PenRulesWindow *self)
{
  GPtrArray *sections = rules_sections ();
  GtkTextBuffer *buffer;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_create_tag (buffer, "title", "scale", 1.6, "weight", PANGO_WEIGHT_BOLD, "pixels-below-lines", 12, NULL);
  gtk_text_buffer_create_tag (buffer, "heading", "scale", 1.15, "weight", PANGO_WEIGHT_BOLD, "pixels-above-lines", 10, NULL);
  gtk_text_buffer_create_tag (buffer, "target", "scale", 1.15, "weight", PANGO_WEIGHT_BOLD, "pixels-above-lines", 10,
                              "paragraph-background", "rgba(53,132,228,0.25)", NULL);
  gtk_text_buffer_create_tag (buffer, "match", "background", "#f6d32d", "foreground", "#000000", NULL);

  for (guint i = 0; i < sections->len; i++)
    {
      Section *section = g_ptr_array_index (sections, i);
      GtkWidget *label = gtk_label_new (section->title);
      g_autofree char *name = g_strdup_printf ("rules-section-%s", section->id);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_name (label, name);
      gtk_list_box_append (self->section_list, label);
    }
  if (sections->len > 0)
    select_section (self, 0);
}

/* Opens the reference over @parent (may be NULL) at @topic: a section's id or
 * an anchor in one; NULL, or a topic it does not have, shows the first
 * section. One reference at a time: a second call shows the topic in it. */
void
pen_rules_window_present (GtkWindow  *parent,
                          const char *topic)
{
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  if (the_window == NULL)
    {
      the_window = g_object_new (PEN_TYPE_RULES_WINDOW, NULL);
      g_object_add_weak_pointer (G_OBJECT (the_window), (gpointer *) &the_window);
    }
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (the_window), parent);
      gtk_window_set_application (GTK_WINDOW (the_window), gtk_window_get_application (parent));
    }
  if (topic != NULL)
    gtk_editable_set_text (GTK_EDITABLE (the_window->search_entry), "");
  show_topic (the_window, topic);
  gtk_window_present (GTK_WINDOW (the_window));
}

/* Whether the reference has @topic (a section's id or an anchor in one). */
gboolean
pen_rules_has_topic (const char *topic)
{
  g_return_val_if_fail (topic != NULL, FALSE);

  return find_topic (topic) >= 0;
}

const char *
pen_rules_window_get_topic (PenRulesWindow *self)
{
  g_return_val_if_fail (PEN_IS_RULES_WINDOW (self), NULL);

  return self->topic;
}

/* What typing @text in the search entry does: shows the section whose title
 * is @text, else one whose title holds it, else the first that mentions it,
 * and lights the first match there. */
void
pen_rules_window_search (PenRulesWindow *self,
                         const char     *text)
{
  g_autofree char *folded = NULL;
  int index;

  g_return_if_fail (PEN_IS_RULES_WINDOW (self));
  g_return_if_fail (text != NULL);

  /* The entry's ::search-changed, which follows, searches again: the same. */
  if (!g_str_equal (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), text))
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  folded = g_utf8_casefold (text, -1);
  if (*text == '\0' || (index = best_section (folded)) < 0)
    {
      unlight_match (self);
      return;
    }
  select_section (self, index);
  light_match (self, text, NULL);
}

/**
 * pen_rules_get_topic_title:
 * @topic: a topic of the reference
 *
 * Returns: (nullable): its heading in the player's language (the section's
 *   title for a section), or %NULL when there is no such topic
 */
const char *
pen_rules_get_topic_title (const char *topic)
{
  GPtrArray *sections = rules_sections ();
  int index;

  g_return_val_if_fail (topic != NULL, NULL);

  index = find_topic (topic);
  if (index < 0)
    return NULL;
  {
    Section *section = g_ptr_array_index (sections, index);

    for (guint j = 0; j < section->blocks->len; j++)
      {
        Block *block = g_ptr_array_index (section->blocks, j);

        if (block->heading != NULL && g_strv_contains ((const char * const *) block->anchors, topic))
          return block->heading;
      }
    return section->title;
  }
}
