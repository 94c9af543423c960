/* pen-hint.c: the coach's hint for the window. The coach searches a copy of
 * the game in a thread of its own (the window stays free, and a change of
 * the game cancels the search); the hint is then said in one sentence: the
 * action, what it leads to by the end of the turn, and how far ahead of the
 * next best it comes out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-hint"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-hint.h"
#include "pen-reference.h"

/* A play-on of the turn that has not ended after this many actions stops. */
#define MAX_TURN_ACTIONS 200

/**
 * pen_hint_seed:
 * @game: a game
 *
 * Returns: the seed of the coach's deals for the position of @game: the same
 *   position is always advised alike
 */
guint64
pen_hint_seed (PenGame *game)
{
  return pen_coach_position_seed (game);
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  PenGame *copy = task_data;
  PenCoachAdvice advice;

  if (pen_coach_advise (copy, &pen_coach_window, pen_hint_seed (copy), cancellable, &advice))
    g_task_return_pointer (task, g_memdup2 (&advice, sizeof advice), g_free);
  else if (!g_task_return_error_if_cancelled (task))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", _("There is nothing to do now."));
}

/**
 * pen_hint_search_async:
 * @source: the object the search is for (kept until it ends)
 * @game: the game, copied now: it may change while the coach thinks
 * @cancellable: (nullable): stops the search
 *
 * Starts the coach on a copy of @game, in a thread.
 */
void
pen_hint_search_async (gpointer             source,
                       PenGame             *game,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (source, cancellable, callback, user_data);

  g_return_if_fail (PEN_IS_GAME (game));

  g_task_set_source_tag (task, pen_hint_search_async);
  g_task_set_task_data (task, pen_game_copy (game), g_object_unref);
  g_task_run_in_thread (task, search_thread);
}

/**
 * pen_hint_search_finish:
 * @advice: (out): the coach's advice
 *
 * Returns: %FALSE with @error set when the search was cancelled or found
 *   nothing to advise
 */
gboolean
pen_hint_search_finish (GAsyncResult   *result,
                        PenCoachAdvice *advice,
                        GError        **error)
{
  g_autofree PenCoachAdvice *found = NULL;

  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == pen_hint_search_async, FALSE);

  found = g_task_propagate_pointer (G_TASK (result), error);
  if (found == NULL)
    return FALSE;
  *advice = *found;
  return TRUE;
}

typedef struct
{
  int   points;
  guint marks;
  guint cards;
  guint dice;
} Holding;

static Holding
holding_of (PenGame *game,
            guint    player)
{
  PenWizardBoard *board = pen_game_get_player (game, player);
  PenScoreBreakdown score;
  Holding holding = { 0, 0, 0, 0 };

  if (pen_game_get_talent (game, player) != NULL)
    {
      pen_game_compute_score (game, player, &score);
      holding.points = score.total;
    }
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    holding.marks += pen_wizard_board_get_mark (board, c)->occupied;
  holding.cards = pen_game_get_n_cards (game, player);
  holding.dice = pen_wizard_board_get_n_dice (board);
  return holding;
}

/* Appends one gain, counted by @format ("%u Mark" through ngettext). */
static void G_GNUC_PRINTF (2, 3)
append_gain (GString    *text,
             const char *format,
             ...)
{
  va_list args;

  if (text->len > 0)
    /* Translators: between the gains of a hint: "1 Mark, 1 card" */
    g_string_append (text, _(", "));
  va_start (args, format);
  g_string_append_vprintf (text, format, args);
  va_end (args);
}

/* What @action leads to by the end of the turn, played on by the reference
 * player on a fresh deal of the unseen (the hint never reads the order of a
 * deck either): "1 Mark, 1 card", or %NULL for nothing that shows. */
static char *
describe_gains (PenGame         *game,
                const PenAction *action)
{
  g_autoptr(PenGame) after = pen_game_copy_unseen (game, pen_hint_seed (game));
  g_autoptr(GString) text = g_string_new (NULL);
  guint player = pen_game_get_current_player (game);
  guint turn = pen_game_get_turn_number (game);
  PenReference memory = { G_MAXUINT, 0 };
  Holding before, now;

  before = holding_of (game, player);
  if (!pen_game_apply (after, action, NULL))
    return NULL;
  for (guint n = 0; n < MAX_TURN_ACTIONS && !pen_game_is_over (after)
                    && pen_game_get_turn_number (after) == turn
                    && pen_game_get_current_player (after) == player; n++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (after);
      PenAction next;

      if (!pen_reference_choose (&memory, after, actions, &next) || !pen_game_apply (after, &next, NULL))
        break;
    }
  now = holding_of (after, player);

  if (now.marks > before.marks)
    append_gain (text, g_dngettext (GETTEXT_PACKAGE, "%u Mark", "%u Marks", now.marks - before.marks),
                 now.marks - before.marks);
  if (now.cards > before.cards)
    append_gain (text, g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", now.cards - before.cards),
                 now.cards - before.cards);
  if (now.points > before.points)
    append_gain (text, g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points", now.points - before.points),
                 now.points - before.points);
  if (now.dice > before.dice)
    append_gain (text, g_dngettext (GETTEXT_PACKAGE, "%u more die", "%u more dice", now.dice - before.dice),
                 now.dice - before.dice);
  if (text->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * pen_hint_describe:
 * @game: the game advised, as it was when the search began
 * @advice: the coach's advice for it
 *
 * Returns: the hint in one sentence, in the player's language: "Ruby 6 to
 *   the Ruby Class: by the end of the turn, 1 Mark, 1 card; about 4 points
 *   ahead of the next best move."
 */
char *
pen_hint_describe (PenGame              *game,
                   const PenCoachAdvice *advice)
{
  g_autofree char *label = pen_action_label (game, &advice->action);
  g_autofree char *gains = NULL;
  g_autofree char *margin = NULL;
  int ahead = (int) (advice->value - advice->next_value + 0.5);

  if (advice->n_candidates <= 1)
    /* Translators: a hint when one action only is legal */
    return g_strdup_printf (_("%s: it is the only move now."), label);

  if (ahead >= 1)
    margin = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "about %d point ahead of the next best move",
                                           "about %d points ahead of the next best move", ahead),
                              ahead);
  else
    margin = g_strdup (_("about as good as the next best move"));
  gains = describe_gains (game, &advice->action);
  if (gains != NULL)
    /* Translators: a hint: the action, what it leads to this turn, and the margin */
    return g_strdup_printf (_("%s: by the end of the turn, %s; %s."), label, gains, margin);
  /* Translators: a hint: the action and the margin */
  return g_strdup_printf (_("%s: %s."), label, margin);
}
