/* pen-layout-dump.c: each piece of the table (a die, a cell, a card, the
 * Automa's mat, an action's button) carries its kind, id and label; with
 * PENUMBRA_LAYOUT_DUMP=FILE the window writes FILE, once it has settled
 * after a change of the game or of its size, as JSON: the window's size and
 * each piece's bounds in the window, whether it is showing (mapped, inside
 * the window and inside every scrolled viewport around it) and whether it is
 * lit as an answer to the choice the game waits for. Tests read it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-layout-dump"

#include "config.h"

#include <json-glib/json-glib.h>

#include "pen-layout-dump.h"

/* Paints come in bursts (a rebuild, a resize): the dump waits for this long
 * without one. */
#define SETTLE_MS 150

typedef struct
{
  char *kind;
  char *id;
  char *label;
} Tag;

typedef struct
{
  GtkWindow *window;  /* weak */
  char      *path;
  guint      timer;
} Watch;

static void
tag_free (Tag *tag)
{
  g_free (tag->kind);
  g_free (tag->id);
  g_free (tag->label);
  g_free (tag);
}

/**
 * pen_layout_tag:
 * @widget: a piece of the table
 * @kind: "die", "mark-cell", "equipment-cell", "location-cell", "card",
 *   "trial", "contract", "fate-card", "automa", "ingredient", "button", "notice"
 *   or "status" (the status line)
 * @id: unique among the pieces of @kind
 * @label: its accessible name or visible label
 *
 * Names @widget in the layout dump.
 */
void
pen_layout_tag (GtkWidget  *widget,
                const char *kind,
                const char *id,
                const char *label)
{
  Tag *tag = g_new (Tag, 1);

  g_return_if_fail (GTK_IS_WIDGET (widget));

  tag->kind = g_strdup (kind);
  tag->id = g_strdup (id);
  tag->label = g_strdup (label);
  g_object_set_data_full (G_OBJECT (widget), "pen-layout-tag", tag, (GDestroyNotify) tag_free);
}

/* Takes @widget out of the layout dump (and out of pen_layout_find()'s
 * reach): a piece that keeps its room on the table while it is not there. */
void
pen_layout_untag (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_object_set_data (G_OBJECT (widget), "pen-layout-tag", NULL);
}

/* The tag pen_layout_tag() gave @widget: FALSE when it has none. */
gboolean
pen_layout_get_tag (GtkWidget   *widget,
                    const char **kind,
                    const char **id,
                    const char **label)
{
  const Tag *tag = g_object_get_data (G_OBJECT (widget), "pen-layout-tag");

  if (tag == NULL)
    return FALSE;
  *kind = tag->kind;
  *id = tag->id;
  *label = tag->label;
  return TRUE;
}

static gboolean
contains (const graphene_rect_t *outer,
          const graphene_rect_t *inner)
{
  /* Half a pixel of rounding either way. */
  return inner->origin.x >= outer->origin.x - 0.5f
         && inner->origin.y >= outer->origin.y - 0.5f
         && inner->origin.x + inner->size.width <= outer->origin.x + outer->size.width + 0.5f
         && inner->origin.y + inner->size.height <= outer->origin.y + outer->size.height + 0.5f;
}

static gboolean
is_showing (GtkWidget             *widget,
            GtkWidget             *window,
            const graphene_rect_t *bounds)
{
  graphene_rect_t whole = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));

  if (!gtk_widget_get_mapped (widget) || !contains (&whole, bounds))
    return FALSE;
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    {
      graphene_rect_t viewport;

      if (GTK_IS_SCROLLED_WINDOW (up)
          && (!gtk_widget_compute_bounds (up, window, &viewport) || !contains (&viewport, bounds)))
        return FALSE;
    }
  return TRUE;
}

static void
collect (GtkWidget   *widget,
         GtkWidget   *window,
         JsonBuilder *builder)
{
  const Tag *tag = g_object_get_data (G_OBJECT (widget), "pen-layout-tag");
  graphene_rect_t bounds;

  if (tag != NULL && gtk_widget_compute_bounds (widget, window, &bounds))
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, tag->kind);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, tag->id);
      json_builder_set_member_name (builder, "label");
      json_builder_add_string_value (builder, tag->label);
      json_builder_set_member_name (builder, "x");
      json_builder_add_double_value (builder, bounds.origin.x);
      json_builder_set_member_name (builder, "y");
      json_builder_add_double_value (builder, bounds.origin.y);
      json_builder_set_member_name (builder, "width");
      json_builder_add_double_value (builder, bounds.size.width);
      json_builder_set_member_name (builder, "height");
      json_builder_add_double_value (builder, bounds.size.height);
      json_builder_set_member_name (builder, "showing");
      json_builder_add_boolean_value (builder, is_showing (widget, window, &bounds));
      /* It answers the choice the game waits for (the status line's). */
      json_builder_set_member_name (builder, "lit");
      json_builder_add_boolean_value (builder, gtk_widget_has_css_class (widget, "pen-answer"));
      json_builder_end_object (builder);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_NATIVE (child))  /* popovers and dialogs have coordinates of their own */
      collect (child, window, builder);
}

static void
write_dump (Watch *watch)
{
  GtkWidget *window = GTK_WIDGET (watch->window);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "window");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "width");
  json_builder_add_int_value (builder, gtk_widget_get_width (window));
  json_builder_set_member_name (builder, "height");
  json_builder_add_int_value (builder, gtk_widget_get_height (window));
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "objects");
  json_builder_begin_array (builder);
  collect (window, window, builder);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  if (!g_file_set_contents (watch->path, text, -1, &error))
    g_warning ("The layout dump cannot be written: %s", error->message);
}

static gboolean
settled_cb (gpointer user_data)
{
  Watch *watch = user_data;

  watch->timer = 0;
  if (watch->window != NULL)
    write_dump (watch);
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *frame_clock,
                Watch         *watch)
{
  g_clear_handle_id (&watch->timer, g_source_remove);
  watch->timer = g_timeout_add (SETTLE_MS, settled_cb, watch);
}

static void
watch_free (gpointer  data,
            GClosure *closure)
{
  Watch *watch = data;

  g_clear_handle_id (&watch->timer, g_source_remove);
  if (watch->window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (watch->window), (gpointer *) &watch->window);
  g_free (watch->path);
  g_free (watch);
}

/**
 * pen_layout_watch:
 * @window: a realized window
 * @path: the file of the dump
 *
 * Writes the layout dump of @window to @path each time it has settled after
 * painting (a change of the game or of the window's size paints it).
 */
void
pen_layout_watch (GtkWindow  *window,
                  const char *path)
{
  Watch *watch = g_new0 (Watch, 1);

  g_return_if_fail (gtk_widget_get_realized (GTK_WIDGET (window)));

  watch->window = window;
  watch->path = g_strdup (path);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &watch->window);
  g_signal_connect_data (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                         G_CALLBACK (after_paint_cb), watch, watch_free, 0);
}

/**
 * pen_layout_find:
 * @root: where to look
 * @kind: (nullable): a kind of piece (see pen_layout_tag()), or %NULL for any
 * @id: its id
 *
 * Returns: (transfer none) (nullable): the piece of @kind named @id under
 *   @root (or @root itself), or %NULL
 */
GtkWidget *
pen_layout_find (GtkWidget  *root,
                 const char *kind,
                 const char *id)
{
  const Tag *tag;

  g_return_val_if_fail (GTK_IS_WIDGET (root), NULL);

  tag = g_object_get_data (G_OBJECT (root), "pen-layout-tag");
  if (tag != NULL && (kind == NULL || g_str_equal (tag->kind, kind)) && g_str_equal (tag->id, id))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = GTK_IS_NATIVE (child) ? NULL : pen_layout_find (child, kind, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}
