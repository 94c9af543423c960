/* pen-end-pane.c: the end of the game in the side pane, the final board
 * kept in view beside it: the result, the rulebook's count part by part, Review
 * Game and New Game; under them the coach's review (issue 41): the
 * decisions of the player that cost the most by the coach's reckoning, each
 * with what was played, what the coach would have played, the points it
 * expected of each, and a button that opens Review Game there.
 *
 * The review (pen_review_game()) runs on a copy of the ended game in a
 * thread of its own; the thread counts its progress in atomics that a
 * timeout of the window reads, so nothing crosses threads but two numbers.
 * The review is kept for the game it is of: Review Game (which shows copies
 * of it) leaves it be, and it is shown again when the end comes back; another
 * game on the table (New Game, Open), the game changed (Undo), or the view
 * going cancels it, and its answer is then ignored.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-end-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-end-pane.h"
#include "pen-region.h"
#include "pen-review.h"

struct _PenEndPane
{
  GtkWidget       parent_instance;

  PenGame        *game;           /* the game on the table */
  gboolean        interactive;
  gboolean        telling;        /* the Automa's last turn is still told: not the end yet */
  char           *shown;          /* the end the count shows (the game, its actions), or NULL */
  GtkLabel       *result_label;
  GtkGrid        *score_grid;
  GtkWidget      *review_section; /* the coach's review */
  GtkStack       *review_stack;   /* its moments: "start", "running", "stopped", "done" */
  GtkProgressBar *review_progress;
  GtkLabel       *review_message; /* why it stopped */
  GtkWidget      *review_again;
  GtkBox         *review_rows;    /* a row per decision */
  PenGame        *review_of;      /* the game reviewed (or being), or NULL */
  guint           review_of_n;    /* its actions then */
  GCancellable   *review_cancellable; /* the review running, or NULL */
  gpointer        review_job;     /* what its thread shares with the window, or NULL */
  guint           review_timer;   /* follows its progress */
};

static void pen_end_pane_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenEndPane, pen_end_pane, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_end_pane_region_init))

/* What the review's thread shares with the window (g_atomic_rc_box). */
typedef struct
{
  PenGame *copy;    /* the game reviewed, the thread's own */
  guint    player;
  int      done;    /* atomic: decisions reviewed */
  int      total;   /* atomic: decisions to review, -1 until known */
} ReviewJob;

/* The decisions' list's least height: two of them. */
#define REVIEW_MIN_HEIGHT 190

/* How often the progress bar follows the thread. */
#define PROGRESS_MS 100

static void
review_job_clear (gpointer data)
{
  ReviewJob *job = data;

  g_clear_object (&job->copy);
}

static void
review_job_release (gpointer job)
{
  g_atomic_rc_box_release_full (job, review_job_clear);
}

static void
review_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  ReviewJob *job = user_data;

  g_atomic_int_set (&job->total, (int) total);
  g_atomic_int_set (&job->done, (int) done);
}

static void
review_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ReviewJob *job = task_data;
  GError *error = NULL;
  GArray *decisions;

  decisions = pen_review_game (job->copy, job->player, &pen_coach_review, cancellable,
                               review_progress_cb, job, &error);
  if (decisions == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, decisions, (GDestroyNotify) g_array_unref);
}

/* The thread's progress, on the bar. */
static void
show_progress (PenEndPane *self)
{
  ReviewJob *job = self->review_job;
  int total = g_atomic_int_get (&job->total);
  int done = g_atomic_int_get (&job->done);
  g_autofree char *text = NULL;

  if (total < 0)
    {
      gtk_progress_bar_set_fraction (self->review_progress, 0);
      /* Translators: the coach's review, before it knows how many decisions there are */
      gtk_progress_bar_set_text (self->review_progress, _("Replaying the game…"));
      return;
    }
  gtk_progress_bar_set_fraction (self->review_progress, total > 0 ? (double) done / total : 1);
  /* Translators: the coach's review's progress: "Decisions looked at: 12 of 40" */
  text = g_strdup_printf (_("Decisions looked at: %d of %d"), done, total);
  gtk_progress_bar_set_text (self->review_progress, text);
}

static gboolean
progress_tick_cb (gpointer user_data)
{
  show_progress (user_data);
  return G_SOURCE_CONTINUE;
}

/* The review running, if any, is stopped and its answer will be ignored. */
static void
stop_review (PenEndPane *self)
{
  g_clear_handle_id (&self->review_timer, g_source_remove);
  g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
  g_clear_pointer (&self->review_job, review_job_release);
}

/* The review is of no game any more: back to its button. */
static void
forget_review (PenEndPane *self)
{
  stop_review (self);
  g_clear_object (&self->review_of);
  if (self->review_rows != NULL)
    {
      pen_region_remove_children (GTK_WIDGET (self->review_rows));
      gtk_stack_set_visible_child_name (self->review_stack, "start");
    }
}

/* "12.3", "−2.8": the coach's points, to a tenth, with a true minus sign. */
static char *
format_points (double points)
{
  g_autofree char *text = g_strdup_printf ("%.1f", ABS (points));

  /* A value that rounds to 0.0 has no sign. */
  if (points < 0 && g_strcmp0 (text, "0.0") != 0 && g_strcmp0 (text, "0,0") != 0)
    return g_strconcat ("−", text, NULL);
  return g_steal_pointer (&text);
}

static GtkWidget *
row_label (const char *text,
           const char *name)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* A wrapped label asks for its whole text on one line: the side pane
   * would widen to it, and the table shrink. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_name (label, name);
  return label;
}

/* One decision: its turn and a button to see it, what was played, what the
 * coach would have played, and the points each was expected to be worth. */
static GtkWidget *
decision_row (PenEndPane              *self,
              const PenReviewDecision *decision,
              guint                    n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) position = pen_game_replay (self->review_of, decision->index, &error);
  g_autofree char *name = g_strdup_printf ("coach-review-row-%u", n);
  g_autofree char *turn = NULL;
  g_autofree char *played = NULL;
  g_autofree char *suggested = NULL;
  g_autofree char *played_points = format_points (decision->played_points);
  g_autofree char *suggested_points = format_points (decision->suggested_points);
  g_autofree char *cost = format_points (decision->suggested_points - decision->played_points);
  g_autofree char *played_line = NULL;
  g_autofree char *suggested_line = NULL;
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *heading, *show;

  /* The review replayed the game to each decision itself: it replays. */
  if (position == NULL)
    {
      g_warning ("A decision of the coach's review does not replay: %s", error->message);
      return NULL;
    }
  played = pen_action_label (position, &decision->played);
  suggested = pen_action_label (position, &decision->suggested);

  gtk_widget_set_name (row, name);
  gtk_widget_set_margin_start (row, 10);
  gtk_widget_set_margin_end (row, 4);
  gtk_widget_set_margin_top (row, 4);
  gtk_widget_set_margin_bottom (row, 8);
  turn = g_strdup_printf (_("Turn %u"), decision->turn);
  heading = gtk_label_new (turn);
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_hexpand (heading, TRUE);
  gtk_box_append (GTK_BOX (head), heading);
  show = gtk_button_new_with_mnemonic (_("_Show"));
  gtk_widget_set_name (show, "coach-review-show");
  /* A button that looks like one: a flat one read as a word in the row. */
  gtk_widget_add_css_class (show, "pill");
  gtk_widget_set_valign (show, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (show, _("Open Review Game at this decision, before it was played"));
  /* Review Game's position N is the game before its action N. */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (show), "win.review-at");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (show), "u", decision->index);
  gtk_box_append (GTK_BOX (head), show);
  gtk_box_append (GTK_BOX (row), head);

  /* Translators: a decision in the coach's review: the action played, then
   * the points the coach expected of it */
  played_line = g_strdup_printf (_("You played: %s — %s"), played, played_points);
  gtk_box_append (GTK_BOX (row), row_label (played_line, "coach-review-played"));
  /* Translators: a decision in the coach's review: the coach's action, the
   * points it expected of it, and in brackets what the one played lost */
  suggested_line = g_strdup_printf (_("The coach: %s — %s (−%s)"), suggested, suggested_points, cost);
  gtk_box_append (GTK_BOX (row), row_label (suggested_line, "coach-review-suggested"));
  gtk_widget_set_tooltip_text (row, _("The points are the coach’s estimate of how far ahead of the Automa "
                                      "each choice would leave you, from its play-outs of the game."));
  return row;
}

static void
show_decisions (PenEndPane  *self,
                GArray      *decisions)
{
  guint shown = 0;

  pen_region_remove_children (GTK_WIDGET (self->review_rows));
  for (guint i = 0; i < decisions->len; i++)
    {
      GtkWidget *row = decision_row (self, &g_array_index (decisions, PenReviewDecision, i), shown);

      if (row != NULL)
        {
          if (shown > 0)
            gtk_box_append (self->review_rows, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
          gtk_box_append (self->review_rows, row);
          shown++;
        }
    }
  if (shown == 0)
    {
      gtk_label_set_text (self->review_message, _("The coach found no decision that cost you points."));
      gtk_stack_set_visible_child_name (self->review_stack, "stopped");
      gtk_widget_set_visible (self->review_again, FALSE);
      return;
    }
  gtk_stack_set_visible_child_name (self->review_stack, "done");
}

static void
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  PenEndPane *self = PEN_END_PANE (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) decisions = g_task_propagate_pointer (G_TASK (result), &error);

  /* Stopped since (cancelled, another game, the view gone): nothing to show. */
  if (self->review_job == NULL || g_task_get_task_data (G_TASK (result)) != self->review_job)
    return;
  g_clear_handle_id (&self->review_timer, g_source_remove);
  g_clear_object (&self->review_cancellable);
  g_clear_pointer (&self->review_job, review_job_release);
  if (decisions == NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: the coach's review could not be made; the reason follows */
      text = g_strdup_printf (_("The review failed: %s"), error->message);
      gtk_label_set_text (self->review_message, text);
      gtk_widget_set_visible (self->review_again, TRUE);
      gtk_stack_set_visible_child_name (self->review_stack, "stopped");
      return;
    }
  show_decisions (self, decisions);
}

/* Starts the review of the game on the table (over). */
static void
start_clicked_cb (PenEndPane *self)
{
  g_autoptr(GTask) task = NULL;
  ReviewJob *job;

  if (self->game == NULL || !pen_game_is_over (self->game))
    return;
  stop_review (self);
  g_set_object (&self->review_of, self->game);
  self->review_of_n = pen_game_get_n_history (self->game);
  pen_region_remove_children (GTK_WIDGET (self->review_rows));

  job = g_atomic_rc_box_new0 (ReviewJob);
  job->copy = pen_game_copy (self->game);
  job->player = pen_region_human_player (self->game);
  job->total = -1;
  self->review_job = job;
  self->review_cancellable = g_cancellable_new ();
  /* The task holds the view until it answers; its answer is for this job only. */
  task = g_task_new (self, self->review_cancellable, review_done_cb, NULL);
  g_task_set_source_tag (task, start_clicked_cb);
  g_task_set_task_data (task, g_atomic_rc_box_acquire (job), review_job_release);
  g_task_run_in_thread (task, review_thread);

  show_progress (self);
  self->review_timer = g_timeout_add (PROGRESS_MS, progress_tick_cb, self);
  gtk_stack_set_visible_child_name (self->review_stack, "running");
}

static void
cancel_clicked_cb (PenEndPane *self)
{
  stop_review (self);
  gtk_label_set_text (self->review_message, _("The review was cancelled."));
  gtk_widget_set_visible (self->review_again, TRUE);
  gtk_stack_set_visible_child_name (self->review_stack, "stopped");
}

static GtkWidget *
pill_button (const char *label,
             const char *name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_name (button, name);
  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "pill");
  return button;
}

/* The section, under the end's buttons: its heading, and a page for each
 * of its moments (not asked yet, running, stopped, done). */
static void
review_init (PenEndPane *self)
{
  GtkWidget *section = self->review_section;
  GtkWidget *heading = gtk_label_new (_("The Coach’s Review"));
  GtkWidget *page, *label, *button, *scroll;

  gtk_widget_add_css_class (heading, "title-4");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (section), heading);
  self->review_stack = GTK_STACK (gtk_stack_new ());
  /* Sized by the page shown alone: a page hidden is measured at its least
   * height, where its wrapped text would be one long line, and the side
   * pane would widen to it. */
  gtk_stack_set_hhomogeneous (self->review_stack, FALSE);
  gtk_stack_set_vhomogeneous (self->review_stack, FALSE);
  gtk_stack_set_transition_type (self->review_stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_box_append (GTK_BOX (section), GTK_WIDGET (self->review_stack));

  /* Asked for, not started at the end: it takes a core for seconds. */
  page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  label = row_label (_("The coach replays your game to find the decisions that cost you the most."), "coach-review-about");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (page), label);
  button = pill_button (_("_Ask the Coach"), "coach-review-start");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (start_clicked_cb), self);
  gtk_box_append (GTK_BOX (page), button);
  gtk_stack_add_named (self->review_stack, page, "start");

  page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->review_progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_widget_set_name (GTK_WIDGET (self->review_progress), "coach-review-progress");
  gtk_progress_bar_set_show_text (self->review_progress, TRUE);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->review_progress));
  button = pill_button (_("_Cancel"), "coach-review-cancel");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  gtk_box_append (GTK_BOX (page), button);
  gtk_stack_add_named (self->review_stack, page, "running");

  page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->review_message = GTK_LABEL (row_label (NULL, "coach-review-message"));
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->review_message));
  self->review_again = pill_button (_("_Run It Again"), "coach-review-again");
  g_signal_connect_swapped (self->review_again, "clicked", G_CALLBACK (start_clicked_cb), self);
  gtk_box_append (GTK_BOX (page), self->review_again);
  gtk_stack_add_named (self->review_stack, page, "stopped");

  /* Five decisions are taller than the side pane has room for under the
   * score at 1280×800: they scroll, two at least in view, and the log below
   * keeps what is left (its toggle gives it all to the review). */
  scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroll), TRUE);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroll), REVIEW_MIN_HEIGHT);
  gtk_widget_add_css_class (scroll, "card");
  self->review_rows = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), GTK_WIDGET (self->review_rows));
  gtk_stack_add_named (self->review_stack, scroll, "done");

  gtk_stack_set_visible_child_name (self->review_stack, "start");
}

/* The section is shown on the table's own end (not in Review Game, which
 * shows copies of the game); a game that changed since its review (Undo at
 * the end) is reviewed anew if asked. */
static void
refresh_review (PenEndPane *self,
                gboolean    over)
{
  if (self->interactive && self->game == self->review_of && self->review_of != NULL
      && (!over || pen_game_get_n_history (self->game) != self->review_of_n))
    forget_review (self);
  gtk_widget_set_visible (self->review_section, over && self->interactive);
}

static void
attach_score_row (GtkGrid    *grid,
                  int         row,
                  const char *part,
                  int         mine,
                  int         automa,
                  gboolean    total)
{
  GtkWidget *part_label = gtk_label_new (part);
  g_autofree char *mine_text = g_strdup_printf ("%d", mine);
  g_autofree char *automa_text = g_strdup_printf ("%d", automa);
  GtkWidget *mine_label = gtk_label_new (mine_text);
  GtkWidget *automa_label = gtk_label_new (automa_text);

  gtk_label_set_xalign (GTK_LABEL (part_label), 0);
  gtk_label_set_xalign (GTK_LABEL (mine_label), 1);
  gtk_label_set_xalign (GTK_LABEL (automa_label), 1);
  if (total)
    {
      gtk_widget_add_css_class (part_label, "heading");
      gtk_widget_add_css_class (mine_label, "heading");
      gtk_widget_add_css_class (automa_label, "heading");
      /* Tests and accessibility tools find the totals by name. */
      gtk_widget_set_name (mine_label, "score-total-player");
      gtk_widget_set_name (automa_label, "score-total-automa");
    }
  gtk_grid_attach (grid, part_label, 0, row, 1, 1);
  gtk_grid_attach (grid, mine_label, 1, row, 1, 1);
  gtk_grid_attach (grid, automa_label, 2, row, 1, 1);
}

/* The result and the rulebook's count, part by part. */
static void
refresh_end (PenEndPane *self)
{
  PenScoreBreakdown mine, automa;
  GtkWidget *header;
  int row = 0;

  pen_game_compute_score (self->game, pen_region_human_player (self->game), &mine);
  pen_game_compute_score (self->game, pen_game_get_automa_player (self->game), &automa);

  if (mine.total > automa.total)
    gtk_label_set_text (self->result_label, _("You win!"));
  else if (mine.total < automa.total)
    gtk_label_set_text (self->result_label, _("The Automa wins."));
  else
    gtk_label_set_text (self->result_label, _("A tie."));

  pen_region_remove_children (GTK_WIDGET (self->score_grid));
  header = gtk_label_new (_("You"));
  gtk_widget_add_css_class (header, "heading");
  gtk_label_set_xalign (GTK_LABEL (header), 1);
  gtk_grid_attach (self->score_grid, header, 1, row, 1, 1);
  header = gtk_label_new (_("Automa"));
  gtk_widget_add_css_class (header, "heading");
  gtk_label_set_xalign (GTK_LABEL (header), 1);
  gtk_grid_attach (self->score_grid, header, 2, row++, 1, 1);

  attach_score_row (self->score_grid, row++, _("Arcana"), mine.arcana, automa.arcana, FALSE);
  attach_score_row (self->score_grid, row++, _("Trials"), mine.trials, automa.trials, FALSE);
  attach_score_row (self->score_grid, row++, _("Mortal Wounds"), mine.mortal_wounds, automa.mortal_wounds, FALSE);
  attach_score_row (self->score_grid, row++, _("Experience"), mine.experience, automa.experience, FALSE);
  attach_score_row (self->score_grid, row++, _("Contracts"), mine.contracts, automa.contracts, FALSE);
  attach_score_row (self->score_grid, row++, _("Wizard board"), mine.board, automa.board, FALSE);
  attach_score_row (self->score_grid, row++, _("Goals"), mine.goals, automa.goals, FALSE);
  attach_score_row (self->score_grid, row++, _("Light and Darkness"), mine.light_darkness, automa.light_darkness, FALSE);
  attach_score_row (self->score_grid, row++, _("Total"), mine.total, automa.total, TRUE);
}

/* Shown once the game is over, and its Automa's last turn told on the
 * table; the count made anew only for another end (Undo, another game). */
static void
pen_end_pane_update (PenRegion     *region,
                     PenGame       *game,
                     PenTableModel *model)
{
  PenEndPane *self = PEN_END_PANE (region);
  gboolean over;

  g_set_object (&self->game, game);
  over = game != NULL && pen_game_is_over (game) && !self->telling;
  gtk_widget_set_visible (GTK_WIDGET (self), over);
  if (over)
    {
      g_autofree char *key = g_strdup_printf ("%p:%u", (gpointer) game, pen_game_get_n_history (game));

      if (g_strcmp0 (key, self->shown) != 0)
        {
          refresh_end (self);
          g_free (self->shown);
          self->shown = g_steal_pointer (&key);
        }
    }
  else
    g_clear_pointer (&self->shown, g_free);
  if (game != NULL)
    refresh_review (self, over);
}

static void
pen_end_pane_region_init (PenRegionInterface *iface)
{
  iface->update = pen_end_pane_update;
}

static void
pen_end_pane_dispose (GObject *object)
{
  PenEndPane *self = PEN_END_PANE (object);
  GtkWidget *child;

  stop_review (self);
  g_clear_object (&self->review_of);
  g_clear_object (&self->game);
  g_clear_pointer (&self->shown, g_free);
  self->review_rows = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_END_PANE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_end_pane_parent_class)->dispose (object);
}

/* Expands as its parts do (the lists that scroll take the side pane's
 * height), as a box would. */
static void
pen_end_pane_compute_expand (GtkWidget *widget,
                               gboolean  *hexpand,
                               gboolean  *vexpand)
{
  *hexpand = *vexpand = FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      *hexpand = *hexpand || gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL);
      *vexpand = *vexpand || gtk_widget_compute_expand (child, GTK_ORIENTATION_VERTICAL);
    }
}

static void
pen_end_pane_class_init (PenEndPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_end_pane_dispose;
  widget_class->compute_expand = pen_end_pane_compute_expand;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-end-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, PenEndPane, result_label);
  gtk_widget_class_bind_template_child (widget_class, PenEndPane, score_grid);
  gtk_widget_class_bind_template_child (widget_class, PenEndPane, review_section);
}

static void
pen_end_pane_init (PenEndPane *self)
{
  self->interactive = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  review_init (self);
}


/**
 * pen_end_pane_game_set:
 * @self: an end pane
 * @game: (nullable): the game now on the table
 *
 * Another game on the table: the review was of the one before. Review Game
 * sets copies of the game while the view is not interactive: the review
 * stays for its return.
 */
void
pen_end_pane_game_set (PenEndPane *self,
                       PenGame    *game)
{
  g_return_if_fail (PEN_IS_END_PANE (self));

  g_set_object (&self->game, game);
  if (self->interactive && game != self->review_of)
    forget_review (self);
}

/* Whether the table offers actions (not in a review), and whether the
 * Automa's last turn is still told (the end waits for it). */
void
pen_end_pane_set_state (PenEndPane *self,
                        gboolean    interactive,
                        gboolean    telling)
{
  g_return_if_fail (PEN_IS_END_PANE (self));

  self->interactive = !!interactive;
  self->telling = !!telling;
}
