/* pen-log-lines.c: the log shown as one label per line in a box. A line's
 * label is made once and set anew only when its text changed, so a new line
 * adds one label and lays out only itself. Labels measure their exact
 * height at once: a GtkTextView measured its lines lazily, and the heights it
 * learnt while the window was being laid out were lost with GTK 4.8 (the
 * view, or its scrollbar, was then drawn without an allocation). A changed
 * line can be held hidden for a frame, so that a whole new log (another game
 * opened) is laid out from its end, the lines in view first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-log-lines"

#include "config.h"

#include "pen-log-lines.h"

static GtkWidget *
nth_line (GtkBox *box,
          guint   index)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box));

  for (guint i = 0; child != NULL && i < index; i++)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

/**
 * pen_log_lines_set:
 * @box: the log's box
 * @line: (inout): the label of the line to show (NULL: a line is added);
 *   on return, the next line's
 * @text: its text
 * @attributes: (nullable): its underlines, which are the same whenever
 *   @text is
 * @hold: whether the line, if it changed, is hidden until
 *   pen_log_lines_show_held(): a line out of view need not be laid out
 *   in the frame that shows the change
 *
 * Shows @text as the line at @line; the lines are shown in order, from
 * the box's first child.
 *
 * Returns: whether the line was held
 */
gboolean
pen_log_lines_set (GtkBox        *box,
                   GtkWidget    **line,
                   const char    *text,
                   PangoAttrList *attributes,
                   gboolean       hold)
{
  GtkWidget *label = *line;

  if (label == NULL)
    {
      label = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (box, label);
    }
  *line = gtk_widget_get_next_sibling (label);
  /* The same text is shown with the same underlines: the label is left as
   * it is, not measured again. */
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0)
    return FALSE;
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_attributes (GTK_LABEL (label), attributes);
  gtk_widget_set_visible (label, !hold);
  return hold;
}

/* Shows the lines held by pen_log_lines_set(). */
void
pen_log_lines_show_held (GtkBox *box)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_visible (child, TRUE);
}

/* Removes the lines from @line on. */
void
pen_log_lines_truncate (GtkBox    *box,
                        GtkWidget *line)
{
  while (line != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (line);

      gtk_box_remove (box, line);
      line = next;
    }
}

/* The line and the character at (@x, @y) of @box, if a line's text is
 * there. */
gboolean
pen_log_lines_at (GtkBox *box,
                  double  x,
                  double  y,
                  guint  *line,
                  guint  *offset)
{
  guint index = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box)); child != NULL;
       child = gtk_widget_get_next_sibling (child), index++)
    {
      graphene_point_t at;
      int lx, ly, byte, trailing;

      if (!gtk_widget_compute_point (GTK_WIDGET (box), child, &GRAPHENE_POINT_INIT ((float) x, (float) y), &at)
          || !gtk_widget_contains (child, at.x, at.y))
        continue;
      gtk_label_get_layout_offsets (GTK_LABEL (child), &lx, &ly);
      if (!pango_layout_xy_to_index (gtk_label_get_layout (GTK_LABEL (child)),
                                     (int) ((at.x - lx) * PANGO_SCALE), (int) ((at.y - ly) * PANGO_SCALE),
                                     &byte, &trailing))
        return FALSE;
      *line = index;
      *offset = (guint) g_utf8_pointer_to_offset (gtk_label_get_text (GTK_LABEL (child)),
                                                  gtk_label_get_text (GTK_LABEL (child)) + byte);
      return TRUE;
    }
  return FALSE;
}

/* Where the character @offset of line @line is drawn, in @box's
 * coordinates. */
gboolean
pen_log_lines_get_area (GtkBox       *box,
                        guint         line,
                        guint         offset,
                        GdkRectangle *area)
{
  GtkWidget *label = nth_line (box, line);
  const char *text;
  PangoRectangle pos;
  graphene_point_t at;
  int lx, ly;

  if (label == NULL)
    return FALSE;
  text = gtk_label_get_text (GTK_LABEL (label));
  offset = MIN (offset, (guint) g_utf8_strlen (text, -1));
  pango_layout_index_to_pos (gtk_label_get_layout (GTK_LABEL (label)),
                             (int) (g_utf8_offset_to_pointer (text, offset) - text), &pos);
  gtk_label_get_layout_offsets (GTK_LABEL (label), &lx, &ly);
  if (!gtk_widget_compute_point (label, GTK_WIDGET (box),
                                 &GRAPHENE_POINT_INIT ((float) (lx + pos.x / PANGO_SCALE),
                                                       (float) (ly + pos.y / PANGO_SCALE)), &at))
    return FALSE;
  *area = (GdkRectangle) { (int) at.x, (int) at.y, MAX (1, pos.width / PANGO_SCALE), MAX (1, pos.height / PANGO_SCALE) };
  return TRUE;
}
