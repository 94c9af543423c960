/* pen-table-layout.c: the table's size. The layout manager of the widget
 * that holds the table (an AdwBin in pen-game-view.ui) chooses the font size
 * at which the whole table fits the window, and the table is laid out at
 * that size like any other widget: its pieces take real sizes, their text is
 * set at its real size and their art is rendered for it (pen-art.c), so
 * nothing is drawn through a scale. A larger window makes every piece
 * larger; every piece stays in view without scrolling.
 *
 * Every length of the table's stylesheet is in em (style.css, under
 * .pen-table), so one font size scales them all: the layout puts one class
 * .pen-scale-N on the holder, for N % of the window's font size. A change
 * of scale restyles the table, so the scale changes only when the table no
 * longer fits or has room to grow, not on every move: it is shrunk whenever
 * the table is taller or wider than the window, and grown when the window
 * takes another size (up to the largest scale that fits), or when what
 * made it shrink has gone (see grows_back()), so the pieces do not shift
 * while a game is played, nor when another game is opened. Pieces that
 * come and go during a turn keep their room (the Threat's row, a location's
 * Appear place), so that they shrink nothing.
 *
 * Each fit takes the next frame: the new class is styled then, and the table
 * measured again. In the frame before, a table that grew too big is drawn
 * shrunk to the window through a scale, rather than cut off at its edge.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-table-layout"

#include "config.h"

#include <math.h>

#include "pen-art.h"
#include "pen-table-layout.h"

/* In per cent of the window's font size: beyond these the pieces are too
 * small to read, or absurdly large. */
#define MIN_PERCENT 30
#define MAX_PERCENT 300

struct _PenTableLayout
{
  GtkLayoutManager parent_instance;

  int percent;     /* the scale the table is styled at */
  int too_big;     /* the smallest scale seen not to fit at this size */
  gboolean may_grow;  /* until the scale is found for this size */
  int width;       /* the size it was allocated last */
  int height;
  int window_width;   /* the window's size it was found for */
  int window_height;
  gboolean fitting;  /* the scale was changed: the next frame checks it */
  /* Shrunk since the scale was found, by a change of the table: once it
   * fits, its size and room at that scale, to see what made it shrink go. */
  gboolean shrunk;
  gboolean has_shrunk_size;
  int shrunk_percent;
  int shrunk_width, shrunk_height;          /* the table's natural size */
  int shrunk_room_width, shrunk_room_height; /* the holder's */
};

G_DEFINE_FINAL_TYPE (PenTableLayout, pen_table_layout, GTK_TYPE_LAYOUT_MANAGER)

/* The classes .pen-scale-30 … .pen-scale-300, once per display. */
static void
add_scale_classes (GdkDisplay *display)
{
  g_autoptr(GString) css = g_string_new (NULL);
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  if (g_object_get_data (G_OBJECT (display), "pen-table-scales") != NULL)
    return;
  for (int percent = MIN_PERCENT; percent <= MAX_PERCENT; percent++)
    g_string_append_printf (css, ".pen-scale-%d { font-size: %d%%; }\n", percent, percent);
  gtk_css_provider_load_from_data (provider, css->str, (gssize) css->len);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "pen-table-scales", g_steal_pointer (&provider), g_object_unref);
}

static void
set_percent (PenTableLayout *self,
             GtkWidget      *widget,
             int             percent)
{
  char class[32];

  g_snprintf (class, sizeof class, "pen-scale-%d", self->percent);
  gtk_widget_remove_css_class (widget, class);
  self->percent = percent;
  g_snprintf (class, sizeof class, "pen-scale-%d", percent);
  gtk_widget_add_css_class (widget, class);
  pen_art_set_scale (widget, percent / 100.);
}

static void
pen_table_layout_root (GtkLayoutManager *manager)
{
  PenTableLayout *self = PEN_TABLE_LAYOUT (manager);
  GtkWidget *widget = gtk_layout_manager_get_widget (manager);

  add_scale_classes (gtk_widget_get_display (widget));
  set_percent (self, widget, self->percent);
}

/* Any size will do: the table is styled to fit it. What it would like is
 * its size at the window's font size (the scale 1), which it was measured
 * at the scale it has; so the window shares its width out between the table
 * and the side panel alike at every scale. Its height is measured at its
 * natural width, as it is laid out: GTK's boxes squeezed below their
 * natural width measure wrapped labels inconsistently. */
static void
pen_table_layout_measure (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          GtkOrientation    orientation,
                          int               for_size,
                          int              *minimum,
                          int              *natural,
                          int              *minimum_baseline,
                          int              *natural_baseline)
{
  PenTableLayout *self = PEN_TABLE_LAYOUT (manager);
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int child_width = 0, child_natural = 0;

  if (child != NULL)
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &child_width, NULL, NULL);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        child_natural = child_width;
      else
        gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, MAX (child_width, self->width), NULL, &child_natural,
                            NULL, NULL);
    }
  *minimum = 0;
  *natural = child_natural * 100 / self->percent;
}

/* The largest scale, in whole per cent, that the table's measure at
 * @percent says fits; the table's size is nearly proportional to the scale
 * (its lines of one pixel are not), so it is an estimate the next frame
 * checks. */
static int
fitting_percent (int percent,
                 int width,
                 int needed_width,
                 int height,
                 int needed_height)
{
  double room = MIN ((double) width / MAX (needed_width, 1), (double) height / MAX (needed_height, 1));

  return (int) floor (percent * room);
}

/* Whether a table that a change of the game shrank (the scale found for
 * the window was left) has room to grow again: the table is smaller, or
 * its holder larger, than when it first fitted at the scale it shrank to
 * (compared at that same scale, so that no rounding of a length at
 * another scale counts), and it would fit at a larger scale. Then the
 * search starts again as for a new size of the window.
 *
 * It cannot swing: a search starts again only after a shrink that came
 * while no search was under way (a change of the table), and only once,
 * the record of that shrink being dropped as it starts. The table's size
 * at a given scale follows from what it shows and from the window, so
 * without a change of either no search ends in a shrink of that kind. */
static gboolean
grows_back (PenTableLayout *self,
            int             natural_width,
            int             natural_height,
            int             width,
            int             height,
            int             fit)
{
  if (!self->has_shrunk_size || self->shrunk_percent != self->percent || fit <= self->percent + 1)
    return FALSE;
  return natural_width < self->shrunk_width || natural_height < self->shrunk_height
         || width > self->shrunk_room_width || height > self->shrunk_room_height;
}

static void
pen_table_layout_allocate (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           int               width,
                           int               height,
                           int               baseline)
{
  PenTableLayout *self = PEN_TABLE_LAYOUT (manager);
  GtkWidget *child = gtk_widget_get_first_child (widget);
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  int natural_width, natural_height, child_width, fit, percent = self->percent;
  gboolean too_big;
  float shrink = 1;

  if (child == NULL || !gtk_widget_should_layout (child) || width <= 0 || height <= 0)
    return;

  /* A new size of the window: the largest scale that fits it is looked for
   * again. The window's, not the table's: the table's width follows its
   * scale (the window shares its width out by the table's natural width),
   * and a search started again on each of those made the scale swing
   * between two for ever. */
  if (gtk_widget_get_width (window) != self->window_width || gtk_widget_get_height (window) != self->window_height)
    {
      self->too_big = MAX_PERCENT + 1;
      self->may_grow = TRUE;
      self->shrunk = self->has_shrunk_size = FALSE;
      self->window_width = gtk_widget_get_width (window);
      self->window_height = gtk_widget_get_height (window);
    }
  self->width = width;
  self->height = height;

  /* The table takes the whole width (at least its natural width, as when it
   * does not fit yet) and is as tall as it needs for it; it fits if no
   * label is cut short (its natural width) and it is no taller than the
   * window. */
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width, NULL, NULL);
  child_width = MAX (width, natural_width);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, child_width, NULL, &natural_height, NULL, NULL);
  fit = fitting_percent (self->percent, width, natural_width, height, natural_height);
  too_big = natural_width > width || natural_height > height;
  if (too_big)
    {
      /* No search under way: a change of the table made it too big. */
      if (!self->may_grow)
        {
          self->shrunk = TRUE;
          self->has_shrunk_size = FALSE;
        }
      self->too_big = self->percent;
      percent = MIN (fit, self->percent - 1);
    }
  else if (grows_back (self, natural_width, natural_height, width, height, fit))
    {
      self->too_big = MAX_PERCENT + 1;
      self->may_grow = TRUE;
      self->shrunk = self->has_shrunk_size = FALSE;
    }
  if (!too_big && self->may_grow && fit > self->percent + 1)
    percent = MIN (fit, self->too_big - 1);
  percent = CLAMP (percent, MIN_PERCENT, MAX_PERCENT);
  /* Shrunk as far as it goes (it fits, or the scale is the smallest): its
   * size there, to see it shrink back. */
  if (self->shrunk && !self->has_shrunk_size && percent == self->percent)
    {
      self->has_shrunk_size = TRUE;
      self->shrunk_percent = self->percent;
      self->shrunk_width = natural_width;
      self->shrunk_height = natural_height;
      self->shrunk_room_width = width;
      self->shrunk_room_height = height;
    }
  self->fitting = percent != self->percent;
  /* Found for this size: from now on the table only shrinks, if a change
   * of the game makes it too big, and grows back when that has gone. */
  if (!self->fitting)
    self->may_grow = FALSE;

  /* Until it is styled at the smaller scale, a table that grew too big is
   * drawn shrunk to the window for the one frame, not cut off at its edge. */
  if (self->fitting && too_big)
    shrink = MIN ((float) width / natural_width, (float) height / natural_height);
  gtk_widget_allocate (child, child_width, MAX (height, natural_height), -1,
                       shrink < 1 ? gsk_transform_scale (NULL, shrink, shrink) : NULL);
  /* Styled at the new scale only once allocated at the sizes measured at
   * the old one: GTK restyles a widget as it allocates it, and a box
   * allocated its minimum (an empty region's box: its padding and border)
   * at a larger scale's padding would be left a negative width. The next
   * frame measures it at the new scale. */
  if (self->fitting)
    set_percent (self, widget, percent);
}

static void
pen_table_layout_class_init (PenTableLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->root = pen_table_layout_root;
  manager_class->measure = pen_table_layout_measure;
  manager_class->allocate = pen_table_layout_allocate;
}

static void
pen_table_layout_init (PenTableLayout *self)
{
  self->percent = 100;
  self->too_big = MAX_PERCENT + 1;
}

/* Whether the table is being fitted to the window: styled at another
 * scale, to be measured again in the next frame (for tests to wait on). */
gboolean
pen_table_layout_is_fitting (PenTableLayout *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_LAYOUT (self), FALSE);

  return self->fitting;
}

/* The table's scale: 1 is the window's font size. */
double
pen_table_layout_get_scale (PenTableLayout *self)
{
  g_return_val_if_fail (PEN_IS_TABLE_LAYOUT (self), 1);

  return self->percent / 100.;
}

/* A box whose @gap (in logical pixels at the table's scale 1) is a length of
 * the stylesheet (.pen-gap-N in style.css), so that it scales with the
 * table. */
GtkWidget *
pen_table_box_new (GtkOrientation orientation,
                   int            gap)
{
  GtkWidget *box = gtk_box_new (orientation, 0);
  char class[32];

  g_snprintf (class, sizeof class, "pen-gap-%d", gap);
  gtk_widget_add_css_class (box, class);
  return box;
}

/* @text as bold markup, its colons in the regular weight: at the smallest
 * scales of the table a bold colon drew as one stroke ("Fate deckı",
 * "Класс: Аметист" read as "Классı"); a regular one keeps its two dots. */
char *
pen_table_heading_markup (const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_auto(GStrv) parts = g_strsplit (escaped, ":", -1);
  g_autofree char *joined = g_strjoinv ("</b><span weight=\"normal\">:</span><b>", parts);

  return g_strconcat ("<b>", joined, "</b>", NULL);
}

/* A heading label of the table (the rows' names, a location's name). */
GtkWidget *
pen_table_heading_new (const char *text)
{
  g_autofree char *markup = pen_table_heading_markup (text);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  return label;
}

/* The same for a grid's gaps between rows and between columns
 * (.pen-gaps-ROW-COLUMN). */
void
pen_table_grid_set_gaps (GtkGrid *grid,
                         int      row_gap,
                         int      column_gap)
{
  char class[32];

  g_snprintf (class, sizeof class, "pen-gaps-%d-%d", row_gap, column_gap);
  gtk_widget_add_css_class (GTK_WIDGET (grid), class);
}
