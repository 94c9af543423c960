/* pen-table-hint.c: the hint: the coach's suggested action lit on the table
 * (its piece, the cell or Mark it goes to, or its step of the turn bar),
 * said in the notice (pen-notice.c); and the guided first game, whose words
 * the turn pane shows (pen-turn-pane.c), which asks for one at each of its
 * moments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-piece-id.h"
#include "pen-game-view-private.h"
#include "pen-guide.h"
#include "pen-hint.h"
#include "pen-layout-dump.h"
#include "pen-pieces.h"

void
pen_table_clear_hint (PenGameView *self)
{
  /* Its sentence goes with it: it was for the game as it was. */
  if (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]) != NULL)
    pen_notice_set_hint (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), NULL);
  g_cancellable_cancel (self->hint.search);
  g_clear_object (&self->hint.search);
  for (guint i = 0; self->model.hinted != NULL && i < self->model.hinted->len; i++)
    gtk_widget_remove_css_class (g_ptr_array_index (self->model.hinted, i), "pen-hinted");
  if (self->model.hinted != NULL)
    g_ptr_array_set_size (self->model.hinted, 0);
  self->hint.shown = FALSE;
}

static void
light_hinted (PenGameView *self,
              GtkWidget   *widget)
{
  if (widget == NULL)
    return;
  gtk_widget_add_css_class (widget, "pen-hinted");
  g_ptr_array_add (self->model.hinted, g_object_ref (widget));
}

static void
light_hinted_piece (PenGameView *self,
                    const char  *id)
{
  if (id != NULL)
    light_hinted (self, pen_layout_find (GTK_WIDGET (self->stack), NULL, id));
}

static void
light_hint (PenGameView     *self,
            const PenAction *action)
{
  g_autofree char *piece = pen_piece_of_action (self->game, action);
  g_autofree char *target = NULL;
  GtkWidget *button;

  light_hinted_piece (self, piece);
  /* Where it goes: the cell of a placement, the Mark of a setting. */
  if (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
    target = pen_piece_id_cell (self->game, action->location, action->section, action->cell);
  else if (action->type == PEN_ACTION_USE_MARK && action->value < PEN_MARK_EFFECT_CAST)
    target = pen_piece_id_mark (pen_game_get_current_player (self->game), action->index);
  light_hinted_piece (self, target);
  /* A step of the turn bar, or one of its questions. */
  button = pen_turn_pane_find_action (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), action);
  light_hinted (self, button);
}

static void
hint_found_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  PenGameView *self = PEN_GAME_VIEW (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  PenCoachAdvice advice;

  if (!pen_hint_search_finish (result, &advice, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_object (&self->hint.search);
          pen_notice_show (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), error->message);
        }
      return;
    }
  g_clear_object (&self->hint.search);
  self->hint.advice = advice;
  self->hint.shown = TRUE;
  light_hint (self, &advice.action);
  text = pen_hint_describe (self->game, &advice);
  pen_notice_set_hint (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), text);
}

/**
 * pen_game_view_hint:
 * @self: a game view
 *
 * Asks the coach what to do. It thinks in a thread of its own, on a copy
 * of the game; its suggestion is lit on the table and said in a notice. A
 * change of the game before it has answered cancels it.
 */
void
pen_game_view_hint (PenGameView *self)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  if (self->model.actions == NULL || self->model.actions->len == 0)
    {
      pen_notice_show (PEN_NOTICE (self->regions[PEN_VIEW_NOTICE]), _("Nothing can be done now."));
      return;
    }
  if (self->hint.search != NULL)
    return;
  pen_table_clear_hint (self);
  self->hint.search = g_cancellable_new ();
  pen_hint_search_async (self, self->game, self->hint.search, hint_found_cb, NULL);
}

/**
 * pen_game_view_get_hint:
 * @self: a game view
 * @advice: (out) (optional): the coach's advice lit on the table
 *
 * Returns: whether a hint is shown now (for tests)
 */
gboolean
pen_game_view_get_hint (PenGameView    *self,
                        PenCoachAdvice *advice)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), FALSE);

  if (self->hint.shown && advice != NULL)
    *advice = self->hint.advice;
  return self->hint.shown;
}

/* The guided first game: what the moment is about (in the turn pane), and
 * the coach's hint lit for it, until the guided turns are past. */
void
pen_table_refresh_guide (PenGameView *self)
{
  if (pen_turn_pane_refresh_guide (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), self->game) && self->interactive)
    pen_game_view_hint (self);
}

static void
guide_closed_cb (PenGameView *self)
{
  pen_game_view_set_guided (self, FALSE);
}

/**
 * pen_game_view_set_guided:
 * @self: a game view
 * @guided: whether its game is the guided first game
 *
 * Guides the first turns of the game shown (pen_guide_new_game()), or
 * stops guiding it.
 */
void
pen_game_view_set_guided (PenGameView *self,
                          gboolean     guided)
{
  g_return_if_fail (PEN_IS_GAME_VIEW (self));

  pen_turn_pane_set_guided (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), guided && self->game != NULL);
  if (pen_turn_pane_get_guided (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE])))
    pen_table_refresh_guide (self);
  else
    pen_table_clear_hint (self);
}

/**
 * pen_game_view_get_guided:
 *
 * Returns: whether the view guides its game now
 */
gboolean
pen_game_view_get_guided (PenGameView *self)
{
  g_return_val_if_fail (PEN_IS_GAME_VIEW (self), FALSE);
  return pen_turn_pane_get_guided (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]));
}

/* Once its template is made: Skip the Guide, or Close. */
void
pen_table_hint_init (PenGameView *self)
{
  g_signal_connect_swapped (PEN_TURN_PANE (self->regions[PEN_VIEW_TURN_PANE]), "guide-closed", G_CALLBACK (guide_closed_cb), self);
}
