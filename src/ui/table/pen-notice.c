/* pen-notice.c: the notice at the foot of the table: a message, or a few
 * that came one after the other, hidden after a while or when dismissed;
 * the milestones of the game since the table last showed it (a Mark, a
 * Contract fulfilled, a Trial passed, a Mortal Wound: pen-milestones.c),
 * and the coach's hint in one sentence. (AdwToastOverlay in libadwaita 1.2
 * crashes when toasts follow each other quickly: see HACKING.md.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-notice"

#include "config.h"

#include "pen-milestones.h"
#include "pen-notice.h"
#include "pen-region.h"

#define NOTICE_SECONDS 5
#define NOTICE_LINES 3

struct _PenNotice
{
  GtkWidget      parent_instance;

  GtkRevealer   *notice_revealer;
  GtkLabel      *notice_label;
  guint          notice_timer;   /* hides the notice */
  char          *hint_text;      /* the hint's sentence, while in the notice */
  PenMilestones  last_state;     /* the game at the last update, for the news */
  gboolean       has_last_state;
  gboolean       telling;        /* news are told (the table is played, not reviewed) */
};

static void pen_notice_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenNotice, pen_notice, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_notice_region_init))

static void
notice_dismiss_cb (PenNotice *self)
{
  g_clear_handle_id (&self->notice_timer, g_source_remove);
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
}

static gboolean
notice_timeout_cb (gpointer user_data)
{
  PenNotice *self = user_data;

  self->notice_timer = 0;
  notice_dismiss_cb (self);
  return G_SOURCE_REMOVE;
}

/* One notice for all that happened since the last update. */
static void
pen_notice_update (PenRegion     *region,
                   PenGame       *game,
                   PenTableModel *model)
{
  PenNotice *self = PEN_NOTICE (region);
  PenMilestones now;

  if (game == NULL)
    return;
  pen_milestones_capture (&now, game);
  if (self->has_last_state && self->telling)
    {
      g_autofree char *news = pen_milestones_describe (game, &self->last_state, &now);

      if (news != NULL)
        pen_notice_show (self, news);
    }
  pen_milestones_clear (&self->last_state);
  self->last_state = now;
  self->has_last_state = TRUE;
}

/* Another game: nothing of it is news. */
static void
pen_notice_forget (PenRegion *region)
{
  PenNotice *self = PEN_NOTICE (region);

  pen_milestones_clear (&self->last_state);
  self->has_last_state = FALSE;
}

static void
pen_notice_region_init (PenRegionInterface *iface)
{
  iface->update = pen_notice_update;
  iface->forget = pen_notice_forget;
}

static void
pen_notice_dispose (GObject *object)
{
  PenNotice *self = PEN_NOTICE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->notice_timer, g_source_remove);
  pen_milestones_clear (&self->last_state);
  self->has_last_state = FALSE;
  g_clear_pointer (&self->hint_text, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_NOTICE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_notice_parent_class)->dispose (object);
}

static void
pen_notice_class_init (PenNoticeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_notice_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-notice.ui");
  gtk_widget_class_bind_template_child (widget_class, PenNotice, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, PenNotice, notice_label);
  gtk_widget_class_bind_template_callback (widget_class, notice_dismiss_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pen_notice_init (PenNotice *self)
{
  self->telling = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
}


/**
 * pen_notice_show:
 * @self: a notice
 * @message: a line to say
 *
 * A message that comes while another shows joins it below, the last
 * NOTICE_LINES kept: a refusal right after a Trial's news hides neither.
 * The same message again only keeps the notice longer.
 */
void
pen_notice_show (PenNotice  *self,
                 const char *message)
{
  const char *shown, *last;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_lines;

  g_return_if_fail (PEN_IS_NOTICE (self));
  g_return_if_fail (message != NULL);

  shown = gtk_revealer_get_reveal_child (self->notice_revealer)
          ? gtk_label_get_text (self->notice_label) : "";
  last = strrchr (shown, '\n');
  if (g_strcmp0 (last != NULL ? last + 1 : shown, message) == 0)
    text = g_strdup (shown);
  else
    text = *shown != '\0' ? g_strdup_printf ("%s\n%s", shown, message) : g_strdup (message);
  lines = g_strsplit (text, "\n", -1);
  n_lines = g_strv_length (lines);
  if (n_lines > NOTICE_LINES)
    {
      g_free (text);
      text = g_strjoinv ("\n", lines + n_lines - NOTICE_LINES);
    }
  gtk_label_set_text (self->notice_label, text);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
  g_clear_handle_id (&self->notice_timer, g_source_remove);
  self->notice_timer = g_timeout_add_seconds (NOTICE_SECONDS, notice_timeout_cb, self);
}

/* Takes the line @text out of the notice (hidden when nothing is left). */
void
pen_notice_remove_line (PenNotice  *self,
                        const char *text)
{
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_auto(GStrv) left = NULL;
  g_autofree char *joined = NULL;

  g_return_if_fail (PEN_IS_NOTICE (self));

  lines = g_strsplit (gtk_label_get_text (self->notice_label), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_equal (lines[i], text))
      g_strv_builder_add (kept, lines[i]);
  left = g_strv_builder_end (kept);
  joined = g_strjoinv ("\n", left);
  gtk_label_set_text (self->notice_label, joined);
  if (*joined == '\0')
    notice_dismiss_cb (self);
}

/**
 * pen_notice_set_hint:
 * @self: a notice
 * @text: (nullable): the coach's hint in a sentence, or NULL
 *
 * Says the hint; the one said before goes (it was for the game as it was).
 */
void
pen_notice_set_hint (PenNotice  *self,
                     const char *text)
{
  g_return_if_fail (PEN_IS_NOTICE (self));

  if (self->hint_text != NULL)
    pen_notice_remove_line (self, self->hint_text);
  g_free (self->hint_text);
  self->hint_text = g_strdup (text);
  if (text != NULL)
    pen_notice_show (self, text);
}

/* Whether the news of the game are told at its updates (not in a review). */
void
pen_notice_set_telling (PenNotice *self,
                        gboolean   telling)
{
  g_return_if_fail (PEN_IS_NOTICE (self));
  self->telling = !!telling;
}

/**
 * pen_notice_get_last_reveals:
 * @self: a notice
 * @n_fate_reveals: (out): the Fate cards revealed at its last update
 *
 * Returns: whether it was updated with the game before (the news since
 *   then are news)
 */
gboolean
pen_notice_get_last_reveals (PenNotice *self,
                             guint     *n_fate_reveals)
{
  g_return_val_if_fail (PEN_IS_NOTICE (self), FALSE);

  *n_fate_reveals = self->has_last_state ? self->last_state.n_fate_reveals : 0;
  return self->has_last_state;
}
