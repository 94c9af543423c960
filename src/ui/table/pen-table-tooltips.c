/* pen-table-tooltips.c: the table's tooltips keep out of the way of play.
 * A press on the table, or a die dropped, closes the tooltip under the
 * pointer, and that piece's tooltip stays closed until the pointer goes to
 * another piece: the change that follows a press or a drop sets the
 * piece's tooltip anew, which GTK would show again at once (after a drop,
 * over the next row of cells). Its state is kept on the table's holder
 * (PenTableTooltips), not in the view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include "pen-game-view-private.h"

typedef struct
{
  gboolean   quiet;        /* since a press or a drop */
  GtkWidget *quiet_piece;  /* weak: the piece whose tooltip it closed */
} PenTableTooltips;

#define TOOLTIPS_KEY "pen-table-tooltips"

static PenTableTooltips *
tooltips_of (PenGameView *self)
{
  return g_object_get_data (G_OBJECT (self->table_holder), TOOLTIPS_KEY);
}

/* The piece at (@x, @y) of the table's holder whose tooltip would show
 * there: the widget picked or the nearest of its parents that has one. */
static GtkWidget *
tooltip_piece_at (PenGameView *self,
                  double       x,
                  double       y)
{
  GtkWidget *widget = gtk_widget_pick (self->table_holder, x, y, GTK_PICK_DEFAULT);

  for (; widget != NULL && widget != self->table_holder; widget = gtk_widget_get_parent (widget))
    if (gtk_widget_get_has_tooltip (widget))
      return widget;
  return NULL;
}

static void
set_quiet_piece (PenTableTooltips *tooltips,
                 GtkWidget        *piece)
{
  if (tooltips->quiet_piece == piece)
    return;
  if (tooltips->quiet_piece != NULL)
    {
      gtk_widget_set_has_tooltip (tooltips->quiet_piece, TRUE);
      g_object_remove_weak_pointer (G_OBJECT (tooltips->quiet_piece), (gpointer *) &tooltips->quiet_piece);
    }
  tooltips->quiet_piece = piece;
  if (piece != NULL)
    g_object_add_weak_pointer (G_OBJECT (piece), (gpointer *) &tooltips->quiet_piece);
}

static void
tooltips_free (gpointer data)
{
  PenTableTooltips *tooltips = data;

  set_quiet_piece (tooltips, NULL);
  g_free (tooltips);
}

/* Closes the tooltip of the piece at (@x, @y) and keeps it closed. GTK
 * hides a tooltip whose widget no longer answers for one, when asked
 * again. */
static void
quiet_at (PenGameView *self,
          double       x,
          double       y)
{
  GtkWidget *piece = tooltip_piece_at (self, x, y);
  PenTableTooltips *tooltips = tooltips_of (self);

  tooltips->quiet = TRUE;
  set_quiet_piece (tooltips, piece);
  if (piece != NULL)
    {
      gtk_widget_set_has_tooltip (piece, FALSE);
      gtk_widget_trigger_tooltip_query (piece);
    }
}

/* The pointer's place in the table's holder, or FALSE when it is not over
 * the window. */
static gboolean
pointer_in_table (PenGameView *self,
                  double      *x,
                  double      *y)
{
  GtkNative *native = gtk_widget_get_native (self->table_holder);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  GdkSeat *seat = gdk_display_get_default_seat (gtk_widget_get_display (self->table_holder));
  GdkDevice *pointer = seat != NULL ? gdk_seat_get_pointer (seat) : NULL;
  double surface_x, surface_y, native_x, native_y;

  if (surface == NULL || pointer == NULL || !gdk_surface_get_device_position (surface, pointer, &surface_x, &surface_y, NULL))
    return FALSE;
  gtk_native_get_surface_transform (native, &native_x, &native_y);
  return gtk_widget_translate_coordinates (GTK_WIDGET (native), self->table_holder, surface_x - native_x,
                                           surface_y - native_y, x, y);
}

/* The tooltip under the pointer is closed (a die was dropped), or kept
 * closed (the table changed after a press or a drop). */
void
pen_table_quiet_tooltip (PenGameView *self)
{
  double x, y;

  if (pointer_in_table (self, &x, &y))
    quiet_at (self, x, y);
}

/* After a change of the table while it is quiet: its pieces were given
 * their tooltips anew. */
void
pen_table_keep_tooltip_quiet (PenGameView *self)
{
  if (tooltips_of (self)->quiet)
    pen_table_quiet_tooltip (self);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            PenGameView     *self)
{
  quiet_at (self, x, y);
}

/* The pointer on another piece: tooltips again, as GTK shows them. */
static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           PenGameView              *self)
{
  PenTableTooltips *tooltips = tooltips_of (self);

  if (tooltips->quiet && tooltip_piece_at (self, x, y) != tooltips->quiet_piece)
    {
      tooltips->quiet = FALSE;
      set_quiet_piece (tooltips, NULL);
    }
}

static void
leave_cb (GtkEventControllerMotion *motion,
          PenGameView              *self)
{
  tooltips_of (self)->quiet = FALSE;
  set_quiet_piece (tooltips_of (self), NULL);
}

/* Watches the presses on the table (before its pieces see them, and
 * leaving them the press) and the pointer's moves. */
void
pen_table_tooltips_init (PenGameView *self)
{
  GtkGesture *press = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  g_object_set_data_full (G_OBJECT (self->table_holder), TOOLTIPS_KEY, g_new0 (PenTableTooltips, 1), tooltips_free);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (press), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (self->table_holder, GTK_EVENT_CONTROLLER (press));
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (self->table_holder, motion);
}

/* Gives @piece its tooltip back if it was closed here: a popover opening
 * on it takes the tooltip over (pen_table_show_popover()). */
void
pen_table_tooltips_release (PenGameView *self,
                            GtkWidget   *piece)
{
  PenTableTooltips *tooltips = tooltips_of (self);

  if (tooltips != NULL && tooltips->quiet_piece == piece)
    set_quiet_piece (tooltips, NULL);
}

/* Gives the quiet piece its tooltip back (the view goes). */
void
pen_table_tooltips_clear (PenGameView *self)
{
  PenTableTooltips *tooltips = self->table_holder != NULL ? tooltips_of (self) : NULL;

  if (tooltips == NULL)
    return;
  tooltips->quiet = FALSE;
  set_quiet_piece (tooltips, NULL);
}
