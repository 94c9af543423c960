/* pen-motion.c: the table's short animations. Before the table changes
 * the positions of its dice and cards are taken (by their layout tags);
 * once the table is laid out again, the die that left your supply for a
 * cell flies there (the cell's own die widget, lifted onto a layer over the
 * table for its flight), a die that came into your supply (rolled) tumbles,
 * and a card that came onto the table fades in. Each lasts at most 300 ms,
 * never takes input (the layer is one that no pointer reaches) and is
 * skipped when the desktop turns animations off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-motion"

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "pen-art.h"
#include "pen-die-view.h"
#include "pen-layout-dump.h"
#include "pen-motion.h"

#define FLY_MS 250
#define TUMBLE_MS 300
#define FADE_MS 300

typedef struct
{
  char            *kind;
  char            *id;
  char            *label;
  graphene_rect_t  bounds;
} Piece;

struct _PenMotion
{
  GPtrArray *pieces;  /* Piece */
};

static void
piece_free (Piece *piece)
{
  g_free (piece->kind);
  g_free (piece->id);
  g_free (piece->label);
  g_free (piece);
}

static void
collect (GtkWidget *widget,
         GtkWidget *root,
         GPtrArray *pieces)
{
  const char *kind, *id, *label;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (pen_layout_get_tag (widget, &kind, &id, &label)
      && (g_str_equal (kind, "die") || g_str_equal (kind, "card")))
    {
      Piece *piece = g_new0 (Piece, 1);

      piece->kind = g_strdup (kind);
      piece->id = g_strdup (id);
      piece->label = g_strdup (label);
      if (!gtk_widget_compute_bounds (widget, root, &piece->bounds))
        graphene_rect_init (&piece->bounds, 0, 0, 0, 0);
      g_ptr_array_add (pieces, piece);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, root, pieces);
}

/**
 * pen_motion_capture:
 * @root: the widget the positions are taken in (the flying layer's parent)
 *
 * Returns: (transfer full): where the dice and cards under @root are now
 */
PenMotion *
pen_motion_capture (GtkWidget *root)
{
  PenMotion *self = g_new0 (PenMotion, 1);

  self->pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) piece_free);
  collect (root, root, self->pieces);
  return self;
}

void
pen_motion_free (PenMotion *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->pieces);
  g_free (self);
}

/* ---- One animation: a tick callback on its widget ---- */

typedef void (*StepFunc) (GtkWidget *widget,
                          double     progress,
                          gpointer   data);

typedef struct
{
  gint64         start;     /* µs of the frame clock; 0 until the first frame */
  gint64         duration;  /* µs */
  StepFunc       step;
  gpointer       data;
  GDestroyNotify destroy;
} Run;

static void
run_free (Run *run)
{
  if (run->destroy != NULL)
    run->destroy (run->data);
  g_free (run);
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  Run *run = user_data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double t;

  if (run->start == 0)
    run->start = now;
  t = MIN (1.0, (double) (now - run->start) / (double) run->duration);
  run->step (widget, adw_easing_ease (ADW_EASE_OUT_CUBIC, t), run->data);
  return t < 1.0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Runs @step from 0 to 1 over @duration_ms on @widget's frame clock; at
 * once (1) when animations are off. The tick ends with the widget; returns
 * its id (0: none). */
static guint
animate (GtkWidget      *widget,
         guint           duration_ms,
         StepFunc        step,
         gpointer        data,
         GDestroyNotify  destroy)
{
  Run *run;

  if (!adw_get_enable_animations (widget))
    {
      step (widget, 1, data);
      if (destroy != NULL)
        destroy (data);
      return 0;
    }
  run = g_new0 (Run, 1);
  run->duration = (gint64) duration_ms * 1000;
  run->step = step;
  run->data = data;
  run->destroy = destroy;
  step (widget, 0, data);
  return gtk_widget_add_tick_callback (widget, tick_cb, run, (GDestroyNotify) run_free);
}

/* ---- The three motions ---- */

static void
fade_step (GtkWidget *widget,
           double     progress,
           gpointer   data)
{
  gtk_widget_set_opacity (widget, progress);
}

static void
tumble_step (GtkWidget *widget,
             double     progress,
             gpointer   data)
{
  /* A turn and a quarter, slowing to rest. */
  pen_die_view_set_turn (PEN_DIE_VIEW (widget), (1 - progress) * 2.5 * G_PI);
}

/* A die flying to its cell: the die of the cell itself, lifted out of it
 * onto the layer for the flight (a blank of its size keeps its place) and
 * put back when it lands. */
typedef struct
{
  GtkFixed        *layer;
  GtkWidget       *die;
  GtkWidget       *cell;        /* the box it was lifted out of */
  GtkWidget       *blank;       /* in its place there meanwhile */
  gboolean         can_target;  /* the die's, on the table */
  graphene_rect_t  from;
  graphene_rect_t  to;
  guint            tick;
} Flight;

#define FLIGHTS_KEY "pen-motion-flights"

/* The flights over @layer (a GPtrArray of Flight, not owned). */
static GPtrArray *
flights_of (GtkFixed *layer)
{
  GPtrArray *flights = g_object_get_data (G_OBJECT (layer), FLIGHTS_KEY);

  if (flights == NULL)
    {
      flights = g_ptr_array_new ();
      g_object_set_data_full (G_OBJECT (layer), FLIGHTS_KEY, flights, (GDestroyNotify) g_ptr_array_unref);
    }
  return flights;
}

/* The die goes back into its cell, where the blank held its place (if the
 * cell is still there). */
static void
land (Flight *flight)
{
  if (flight->blank == NULL)
    return;
  if (gtk_widget_get_parent (flight->die) == GTK_WIDGET (flight->layer))
    gtk_fixed_remove (flight->layer, flight->die);
  if (gtk_widget_get_parent (flight->blank) == flight->cell)
    {
      gtk_box_insert_child_after (GTK_BOX (flight->cell), flight->die, flight->blank);
      gtk_box_remove (GTK_BOX (flight->cell), flight->blank);
    }
  gtk_widget_set_can_target (flight->die, flight->can_target);
  g_clear_object (&flight->blank);
}

static void
flight_free (Flight *flight)
{
  land (flight);
  g_ptr_array_remove (flights_of (flight->layer), flight);
  g_object_unref (flight->die);
  g_object_unref (flight->cell);
  g_object_unref (flight->layer);
  g_free (flight);
}

static void
fly_step (GtkWidget *layer,
          double     progress,
          gpointer   data)
{
  Flight *flight = data;
  double x = flight->from.origin.x + (flight->to.origin.x - flight->from.origin.x) * progress;
  double y = flight->from.origin.y + (flight->to.origin.y - flight->from.origin.y) * progress;

  if (flight->blank == NULL)
    return;
  if (progress < 1)
    gtk_fixed_move (flight->layer, flight->die, x, y);
  else
    land (flight);
}

/* Lifts @die out of its cell onto @layer at @from, to fly to @to (where it
 * is now); FALSE if its cell is not a box it can be put back into. */
static gboolean
fly (GtkFixed              *layer,
     GtkWidget             *die,
     const graphene_rect_t *from,
     const graphene_rect_t *to)
{
  GtkWidget *cell = gtk_widget_get_parent (die);
  Flight *flight;

  if (!GTK_IS_BOX (cell))
    return FALSE;
  flight = g_new0 (Flight, 1);
  flight->layer = g_object_ref (layer);
  flight->die = g_object_ref (die);
  flight->cell = g_object_ref (cell);
  flight->blank = g_object_ref_sink (adw_bin_new ());
  flight->can_target = gtk_widget_get_can_target (die);
  flight->from = *from;
  flight->to = *to;
  gtk_widget_set_size_request (flight->blank, gtk_widget_get_width (die), gtk_widget_get_height (die));
  /* It keeps its size on the table while it flies over it. */
  pen_art_set_scale (GTK_WIDGET (layer), pen_art_get_scale (die));
  gtk_box_insert_child_after (GTK_BOX (cell), flight->blank, die);
  gtk_box_remove (GTK_BOX (cell), die);
  gtk_widget_set_can_target (die, FALSE);
  gtk_widget_set_opacity (die, 1);
  gtk_fixed_put (layer, die, from->origin.x, from->origin.y);
  g_ptr_array_add (flights_of (layer), flight);
  /* The layer owns the flight: it ends with it. */
  flight->tick = animate (GTK_WIDGET (layer), FLY_MS, fly_step, flight, (GDestroyNotify) flight_free);
  return TRUE;
}

/**
 * pen_motion_land:
 * @layer: the layer the dice fly over
 *
 * Ends every flight over @layer at once: each die is back in its cell (for
 * the table to change, or to be read).
 */
void
pen_motion_land (GtkFixed *layer)
{
  GPtrArray *flights = flights_of (layer);

  while (flights->len > 0)
    {
      Flight *flight = g_ptr_array_index (flights, flights->len - 1);

      /* Its end frees it, and takes it off the list. */
      gtk_widget_remove_tick_callback (GTK_WIDGET (layer), flight->tick);
    }
}

static gboolean
is_supply_die (const Piece *piece)
{
  return g_str_equal (piece->kind, "die") && g_str_has_prefix (piece->id, "die-");
}

/* How many pieces of @kind in @pieces show @label, @supply ones only or
 * the others. */
static guint
count_label (GPtrArray  *pieces,
             const char *kind,
             const char *label,
             gboolean    supply)
{
  guint n = 0;

  for (guint i = 0; i < pieces->len; i++)
    {
      const Piece *piece = g_ptr_array_index (pieces, i);

      if (g_str_equal (piece->kind, kind) && g_str_equal (piece->label, label)
          && (!g_str_equal (kind, "die") || is_supply_die (piece) == supply))
        n++;
    }
  return n;
}

typedef enum
{
  MOTION_FADE,
  MOTION_TUMBLE,
  MOTION_FLY,
} MotionKind;

typedef struct
{
  MotionKind       kind;
  GtkWidget       *widget;   /* weak */
  graphene_rect_t  from;     /* MOTION_FLY */
} Motion;

typedef struct
{
  GtkWidget *root;
  GtkFixed  *layer;
  GPtrArray *motions;   /* Motion (each its own: they hold weak pointers) */
  gulong     handler;
} Plan;

static void
motion_free (Motion *motion)
{
  g_clear_weak_pointer (&motion->widget);
  g_free (motion);
}

static void
plan_free (Plan *plan)
{
  g_ptr_array_unref (plan->motions);
  g_object_unref (plan->root);
  g_object_unref (plan->layer);
  g_free (plan);
}

/* The new table has been laid out and drawn once (its new pieces hidden):
 * the motions start from there. */
static void
after_paint_cb (GdkFrameClock *clock,
                Plan          *plan)
{
  g_signal_handler_disconnect (clock, plan->handler);
  for (guint i = 0; i < plan->motions->len; i++)
    {
      Motion *motion = g_ptr_array_index (plan->motions, i);
      graphene_rect_t to;

      if (motion->widget == NULL)
        continue;
      switch (motion->kind)
        {
        case MOTION_FADE:
          animate (motion->widget, FADE_MS, fade_step, NULL, NULL);
          break;
        case MOTION_TUMBLE:
          animate (motion->widget, TUMBLE_MS, tumble_step, NULL, NULL);
          break;
        case MOTION_FLY:
        default:
          if (!gtk_widget_compute_bounds (motion->widget, plan->root, &to)
              || !fly (plan->layer, motion->widget, &motion->from, &to))
            gtk_widget_set_opacity (motion->widget, 1);
          break;
        }
    }
  plan_free (plan);
}

static void
plan_add (Plan       *plan,
          MotionKind  kind,
          GtkWidget  *widget,
          const Piece *from)
{
  Motion *motion = g_new0 (Motion, 1);

  motion->kind = kind;
  g_set_weak_pointer (&motion->widget, widget);
  if (from != NULL)
    motion->from = from->bounds;
  g_ptr_array_add (plan->motions, motion);
  /* Hidden (or at rest, turned) until the motion starts. */
  if (kind == MOTION_TUMBLE)
    tumble_step (widget, 0, NULL);
  else
    gtk_widget_set_opacity (widget, 0);
}

/**
 * pen_motion_play:
 * @before: the positions taken before the table changed
 * @root: the same root, its pieces just rebuilt
 * @layer: a #GtkFixed over @root, at its origin, that takes no input
 *
 * Plans the motions from @before to the table under @root, hides the pieces
 * that will move in, and starts them once the new table is drawn. Nothing
 * happens when the desktop turns animations off.
 */
void
pen_motion_play (PenMotion *before,
                 GtkWidget *root,
                 GtkFixed  *layer)
{
  g_autoptr(PenMotion) after = NULL;
  g_autoptr(GPtrArray) left = g_ptr_array_new ();  /* supply dice gone */
  GdkFrameClock *clock = gtk_widget_get_frame_clock (root);
  Plan *plan;

  if (clock == NULL || !adw_get_enable_animations (root))
    return;
  after = pen_motion_capture (root);
  plan = g_new0 (Plan, 1);
  plan->root = g_object_ref (root);
  plan->layer = g_object_ref (layer);
  plan->motions = g_ptr_array_new_with_free_func ((GDestroyNotify) motion_free);
  for (guint i = 0; i < before->pieces->len; i++)
    {
      const Piece *piece = g_ptr_array_index (before->pieces, i);

      if (is_supply_die (piece)
          && count_label (after->pieces, "die", piece->label, TRUE) < count_label (before->pieces, "die", piece->label, TRUE))
        g_ptr_array_add (left, (gpointer) piece);
    }
  for (guint i = 0; i < after->pieces->len; i++)
    {
      const Piece *piece = g_ptr_array_index (after->pieces, i);
      gboolean supply = is_supply_die (piece);
      GtkWidget *widget;

      if (count_label (after->pieces, piece->kind, piece->label, supply)
          <= count_label (before->pieces, piece->kind, piece->label, supply)
          || (widget = pen_layout_find (root, piece->kind, piece->id)) == NULL)
        continue;
      if (g_str_equal (piece->kind, "card"))
        plan_add (plan, MOTION_FADE, widget, NULL);
      else if (supply)
        plan_add (plan, MOTION_TUMBLE, gtk_button_get_child (GTK_BUTTON (widget)), NULL);
      else
        for (guint j = 0; j < left->len; j++)
          if (g_str_equal (((Piece *) g_ptr_array_index (left, j))->label, piece->label))
            {
              plan_add (plan, MOTION_FLY, widget, g_ptr_array_index (left, j));
              g_ptr_array_remove_index (left, j);
              break;
            }
    }
  if (plan->motions->len == 0)
    {
      plan_free (plan);
      return;
    }
  plan->handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), plan);
  gtk_widget_queue_draw (root);
}
