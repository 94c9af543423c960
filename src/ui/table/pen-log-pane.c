/* pen-log-pane.c: the log beside the table, a label per line, the cards it
 * names opening on a click; after the Automa's turn, its lines shown one by
 * one (play, pause, a step, the whole turn, speed), the table showing the
 * state each line reached (the engine records them: pen_game_take_automa_turn())
 * and the piece each touches lit. The view asks it for the game the table
 * shows (pen_log_pane_get_told_game()); it asks the view for a refresh at
 * each line (::step).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-log-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-card-view.h"
#include "pen-cards.h"
#include "pen-fate-view.h"
#include "pen-log-lines.h"
#include "pen-log-pane.h"
#include "pen-narration.h"
#include "pen-region.h"
#include "pen-rules-window.h"

struct _PenLogPane
{
  GtkWidget          parent_instance;

  PenGame           *game;           /* the game whose log is shown */
  gboolean           interactive;
  GtkWidget         *table;          /* weak: where the pieces the lines touch are */
  GtkWidget         *log_separator;
  GtkWidget         *log_heading;
  GtkScrolledWindow *log_scroll;
  GtkBox            *log_view;       /* a label per line (pen-log-lines.c) */
  gboolean           log_follow;     /* the log kept scrolled to its end */
  double             log_upper;      /* its height, when it last followed */
  guint              log_follow_source;
  guint              log_held_tick;  /* shows the lines held out of a frame */
  guint              log_held_frames;
  GtkWidget         *automa_controls;
  GtkToggleButton   *automa_pause_button;
  GtkWidget         *automa_step_button;
  GtkWidget         *automa_all_button;
  GtkDropDown       *automa_speed;
  guint              log_shown;      /* lines of the game's log shown */
  GArray            *log_links;      /* the cards those lines name */
  guint              log_timer;      /* shows the Automa's turn line by line */
  GPtrArray         *told_states;    /* of PenGame: the Automa's turn being told, the state before
                                      * each of its lines (pen_game_take_automa_turn()), or NULL */
  guint              told_from;      /* the log's line where that turn began */
  gboolean           told_just_now;  /* its last line's piece stays lit through the next refresh */
  GSettings         *settings;       /* the narration's speed, remembered (NULL without the schema) */
  GtkWidget         *lit;            /* weak: the piece the newest narrated line touches */
};

enum
{
  STEP,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void pen_log_pane_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenLogPane, pen_log_pane, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_log_pane_region_init))

/* A card named in a shown line of the log: its name's characters; or the
 * "?" after an Automa's Instruction, opening its rules. */
typedef struct
{
  guint          line, start, end;
  PenLogLinkKind kind;
  const char    *id;
  gboolean       rule;
} ShownLink;

/* Whether the log's line @index is about an Instruction of the Automa. */
static gboolean
is_instruction_line (PenGame *game,
                     guint    index)
{
  const char *message = pen_game_get_log_message (game, index);

  return g_strcmp0 (message, "Instruction %u.") == 0
         || g_strcmp0 (message, "Instruction %u cannot be performed: %s.") == 0;
}

static GtkWidget *
linked_card_view (const ShownLink *link)
{
  switch (link->kind)
    {
    case PEN_LOG_LINK_CARD:
      {
        const PenCards *cards = pen_cards_get_default (NULL);
        const PenCard *card = cards != NULL ? pen_cards_find (cards, link->id) : NULL;

        return card != NULL ? pen_card_view_new_large (card) : NULL;
      }
    case PEN_LOG_LINK_CONTRACT:
      return pen_card_view_new_contract (link->id);
    case PEN_LOG_LINK_TRIAL:
      return pen_card_view_new_trial (link->id, link->id);
    case PEN_LOG_LINK_FATE:
    default:
      return pen_fate_card_view_new (link->id);
    }
}

/* A click on a card's name in the log shows the card, and so does a click
 * on a line that reveals a Fate card. */
static void
log_released_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 PenLogPane      *self)
{
  const PenTableHost *host;
  GtkWidget *view = NULL;
  const char *fate;
  graphene_point_t at;
  guint line, offset;

  if (!pen_log_lines_at (self->log_view, x, y, &line, &offset))
    return;
  for (guint i = 0; view == NULL && i < self->log_links->len; i++)
    {
      const ShownLink *link = &g_array_index (self->log_links, ShownLink, i);

      if (link->line != line || offset < link->start || offset >= link->end)
        continue;
      if (link->rule)
        {
          g_autofree char *topic = g_strdup_printf ("automa-%s", pen_game_get_automa_id (self->game));

          pen_rules_window_present (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                    pen_rules_has_topic (topic) ? topic : "automa-instruction");
          return;
        }
      view = linked_card_view (link);
    }
  fate = view == NULL ? pen_fate_revealed_on_line (self->game, line) : NULL;
  if (fate != NULL)
    view = pen_fate_card_view_new (fate);
  if (view == NULL)
    return;
  /* On the log's window, which does not scroll with the lines. */
  if (!gtk_widget_compute_point (GTK_WIDGET (self->log_view), GTK_WIDGET (self->log_scroll),
                                 &GRAPHENE_POINT_INIT ((float) x, (float) y), &at))
    return;
  host = pen_table_host_find (GTK_WIDGET (self));
  gtk_popover_set_pointing_to (host->show_popover (host->table, GTK_WIDGET (self->log_scroll), view),
                               &(GdkRectangle) { (int) at.x, (int) at.y, 1, 1 });
}

/* Underlines @text's characters @start to @end of @attributes. */
static void
underline (PangoAttrList *attributes,
           const char    *text,
           guint          start,
           guint          end)
{
  PangoAttribute *attribute = pango_attr_underline_new (PANGO_UNDERLINE_SINGLE);

  attribute->start_index = (guint) (g_utf8_offset_to_pointer (text, start) - text);
  attribute->end_index = (guint) (g_utf8_offset_to_pointer (text, end) - text);
  pango_attr_list_insert (attributes, attribute);
}

/* The log's last lines, which are laid out in the frame that shows a change
 * of the log: more than its pane shows at once. The earlier ones that
 * changed (the whole log, when another game is opened) are laid out in the
 * frame after; laying out every wrapped line of a long log took a quarter
 * of opening a game. */
#define LINES_AT_ONCE 40

/* Called in each frame from the one that shows the log's change: the lines
 * held for it are shown in the next. */
static gboolean
show_held_lines_cb (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  PenLogPane *self = user_data;

  if (self->log_held_frames++ == 0)
    return G_SOURCE_CONTINUE;
  pen_log_lines_show_held (self->log_view);
  self->log_held_tick = 0;
  return G_SOURCE_REMOVE;
}

/* Shows the log's first @n lines, in the current language, the cards they
 * name underlined, and the lines that reveal a Prophecy, Goal or Event (a
 * click on one shows the card). */
static void
show_log (PenLogPane  *self,
          guint        n)
{
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (PenLogLink));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroll);
  GtkWidget *label = gtk_widget_get_first_child (GTK_WIDGET (self->log_view));
  gboolean may_hold = gtk_widget_get_mapped (GTK_WIDGET (self->log_view)), held = FALSE;

  n = MIN (n, pen_game_get_log_length (self->game));
  g_array_set_size (self->log_links, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *rendered = NULL;
      g_autoptr(GString) line = NULL;
      g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();
      guint first = self->log_links->len;

      g_array_set_size (links, 0);
      rendered = pen_game_render_log_entry (self->game, i, links);
      line = g_string_new (rendered);
      for (guint k = 0; k < links->len; k++)
        {
          const PenLogLink *link = &g_array_index (links, PenLogLink, k);
          ShownLink shown = { i, (guint) g_utf8_pointer_to_offset (rendered, rendered + link->start),
                              (guint) g_utf8_pointer_to_offset (rendered, rendered + link->end), link->kind, link->id,
                              FALSE };

          g_array_append_val (self->log_links, shown);
        }
      /* An Instruction of the Automa: a "?" to its rules. */
      if (is_instruction_line (self->game, i))
        {
          guint start = (guint) g_utf8_strlen (rendered, -1) + 1;
          ShownLink shown = { i, start, start + 1, PEN_LOG_LINK_CARD, NULL, TRUE };

          g_string_append (line, " ?");
          g_array_append_val (self->log_links, shown);
        }
      if (pen_fate_revealed_on_line (self->game, i) != NULL)
        underline (attributes, line->str, 0, (guint) g_utf8_strlen (line->str, -1));
      else
        for (guint k = first; k < self->log_links->len; k++)
          underline (attributes, line->str, g_array_index (self->log_links, ShownLink, k).start,
                     g_array_index (self->log_links, ShownLink, k).end);
      held |= pen_log_lines_set (self->log_view, &label, line->str, attributes, may_hold && i + LINES_AT_ONCE < n);
    }
  pen_log_lines_truncate (self->log_view, label);
  if (held && self->log_held_tick == 0)
    {
      self->log_held_frames = 0;
      self->log_held_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->log_view), show_held_lines_cb, self, NULL);
    }
  self->log_shown = n;
  /* To the end now, and again once the new lines are measured. */
  self->log_follow = TRUE;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
}

static gboolean
log_follow_cb (gpointer user_data)
{
  PenLogPane *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroll);

  self->log_follow_source = 0;
  self->log_upper = gtk_adjustment_get_upper (adjustment);
  gtk_adjustment_set_value (adjustment, self->log_upper);
  return G_SOURCE_REMOVE;
}

/* The log's height changed: kept at its end while it follows the game. It
 * changes while the window is laid out, and a scroll then would be lost:
 * the log scrolls right after. */
static void
log_adjustment_changed_cb (GtkAdjustment *adjustment,
                           PenLogPane    *self)
{
  if (self->log_follow && self->log_follow_source == 0)
    self->log_follow_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, log_follow_cb, self, NULL);
}

/* Scrolled back by the player: it stays where they put it (a move while
 * its height changes is the layout's, not theirs). */
static void
log_value_changed_cb (GtkAdjustment *adjustment,
                      PenLogPane    *self)
{
  if (gtk_adjustment_get_upper (adjustment) != self->log_upper)
    return;
  self->log_follow = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
                     >= gtk_adjustment_get_upper (adjustment) - 1;
}

/* Lights the piece of the table that the newest narrated line touches
 * (none with @on FALSE), and puts out the one lit before. */
static void
light_narrated_piece (PenLogPane  *self,
                      gboolean     on)
{
  GtkWidget *piece = NULL;

  if (on && self->log_shown > 0 && self->table != NULL)
    piece = pen_narration_find_piece (self->table, self->game,
                                      pen_game_get_log_target (self->game, self->log_shown - 1));
  if (piece == self->lit)
    return;
  if (self->lit != NULL)
    {
      gtk_widget_remove_css_class (self->lit, "pen-lit");
      g_object_remove_weak_pointer (G_OBJECT (self->lit), (gpointer *) &self->lit);
    }
  self->lit = piece;
  if (piece != NULL)
    {
      gtk_widget_add_css_class (piece, "pen-lit");
      g_object_add_weak_pointer (G_OBJECT (piece), (gpointer *) &self->lit);
    }
}

/* The whole turn told (its last line reached, or all shown at once): the
 * table shows the game as it is now and offers its actions again, or its
 * end; the last line's piece stays lit until the table changes again. */
static void
finish_automa_steps (PenLogPane *self)
{
  show_log (self, pen_game_get_log_length (self->game));
  pen_log_pane_stop_narration (self);
  self->told_just_now = TRUE;
  g_signal_emit (self, signals[STEP], 0);
}

/* One more line of the Automa's turn: the table shows the state it reached
 * (pen_log_pane_get_told_game()), its piece lit. Refreshed at once, not after the
 * click: the step buttons stay where they are. */
static void
automa_step (PenLogPane *self)
{
  if (self->told_states == NULL)
    return;
  if (self->log_shown + 1 >= pen_game_get_log_length (self->game))
    {
      finish_automa_steps (self);
      return;
    }
  show_log (self, self->log_shown + 1);
  g_signal_emit (self, signals[STEP], 0);
}

static gboolean
automa_tick_cb (gpointer user_data)
{
  PenLogPane *self = user_data;

  automa_step (self);
  return self->log_timer != 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* The pause between two lines, by the speed chosen (the automa_speed drop-down). */
static const guint intervals[] = { 1400, 700, 250 };
static const char *const speed_ids[] = { "slow", "normal", "fast" };

static void
start_automa_timer (PenLogPane *self)
{
  guint speed = MIN (gtk_drop_down_get_selected (self->automa_speed), G_N_ELEMENTS (intervals) - 1);

  g_clear_handle_id (&self->log_timer, g_source_remove);
  if (!gtk_toggle_button_get_active (self->automa_pause_button))
    self->log_timer = g_timeout_add (intervals[speed], automa_tick_cb, self);
}

static void
automa_pause_toggled_cb (GtkToggleButton *button,
                         PenLogPane      *self)
{
  gboolean paused = gtk_toggle_button_get_active (button);

  gtk_button_set_icon_name (GTK_BUTTON (button), paused ? "media-playback-start-symbolic"
                                                        : "media-playback-pause-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (button), paused ? _("Play") : _("Pause"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  paused ? _("Play") : _("Pause"), -1);
  if (self->told_states != NULL)
    start_automa_timer (self);
}

static void
automa_step_clicked_cb (GtkButton   *button,
                        PenLogPane  *self)
{
  automa_step (self);
}

static void
automa_all_clicked_cb (GtkButton   *button,
                       PenLogPane  *self)
{
  if (self->told_states != NULL)
    finish_automa_steps (self);
}

static void
automa_speed_cb (GtkDropDown *speed,
                 GParamSpec  *pspec,
                 PenLogPane  *self)
{
  if (self->log_timer != 0)
    start_automa_timer (self);
}

static gboolean
speed_from_setting (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (speed_ids); i++)
    if (g_str_equal (id, speed_ids[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
speed_to_setting (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  guint speed = g_value_get_uint (value);

  return speed < G_N_ELEMENTS (speed_ids) ? g_variant_new_string (speed_ids[speed]) : NULL;
}

/* The log; while the Automa's turn is told, the piece of its newest line
 * lit (pen_log_pane_begin_narration() and automa_step() show its lines). */
static void
pen_log_pane_update (PenRegion     *region,
                     PenGame       *game,
                     PenTableModel *model)
{
  PenLogPane *self = PEN_LOG_PANE (region);

  g_set_object (&self->game, game);
  if (game == NULL)
    return;
  if (self->told_states != NULL)
    {
      light_narrated_piece (self, TRUE);
      return;
    }
  pen_log_pane_stop_narration (self);
  show_log (self, pen_game_get_log_length (self->game));
  if (self->told_just_now)
    light_narrated_piece (self, TRUE);
  self->told_just_now = FALSE;
}

/* Another game: its log is shown whole, and no turn of the one before is told. */
static void
pen_log_pane_forget (PenRegion *region)
{
  PenLogPane *self = PEN_LOG_PANE (region);

  self->log_shown = 0;
  pen_log_pane_stop_narration (self);
  self->told_just_now = FALSE;
}

static void
pen_log_pane_region_init (PenRegionInterface *iface)
{
  iface->update = pen_log_pane_update;
  iface->forget = pen_log_pane_forget;
}

static void
pen_log_pane_dispose (GObject *object)
{
  PenLogPane *self = PEN_LOG_PANE (object);
  GtkWidget *child;

  g_clear_pointer (&self->log_links, g_array_unref);
  if (self->log_scroll != NULL)
    g_signal_handlers_disconnect_by_data (gtk_scrolled_window_get_vadjustment (self->log_scroll), self);
  g_clear_handle_id (&self->log_follow_source, g_source_remove);
  if (self->log_held_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->log_view), self->log_held_tick);
  self->log_held_tick = 0;
  g_clear_handle_id (&self->log_timer, g_source_remove);
  g_clear_pointer (&self->told_states, g_ptr_array_unref);
  g_clear_object (&self->settings);
  g_clear_weak_pointer (&self->lit);
  g_clear_weak_pointer (&self->table);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_LOG_PANE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_log_pane_parent_class)->dispose (object);
}

/* Expands as its parts do (the lists that scroll take the side pane's
 * height), as a box would. */
static void
pen_log_pane_compute_expand (GtkWidget *widget,
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
pen_log_pane_class_init (PenLogPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_log_pane_dispose;
  widget_class->compute_expand = pen_log_pane_compute_expand;

  /* A line more of the Automa's turn is told, or the whole turn: the
   * table is to show the game it reached (pen_log_pane_get_told_game())
   * at once. */
  signals[STEP] = g_signal_new ("step", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-log-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, log_separator);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, log_heading);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, log_scroll);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, log_view);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, automa_controls);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, automa_pause_button);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, automa_step_button);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, automa_all_button);
  gtk_widget_class_bind_template_child (widget_class, PenLogPane, automa_speed);
  gtk_widget_class_bind_template_callback (widget_class, automa_pause_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, automa_step_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, automa_all_clicked_cb);
}

/* A click on the log, its following the game, the speed remembered. */
static void
pen_log_pane_init (PenLogPane *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkAdjustment *adjustment;
  GSettingsSchemaSource *schemas = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = schemas != NULL ? g_settings_schema_source_lookup (schemas, BASE_APP_ID, TRUE)
                                                      : NULL;

  self->interactive = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroll);
  self->log_links = g_array_new (FALSE, FALSE, sizeof (ShownLink));
  /* The speed chosen is kept for the next turns and the next session. */
  if (schema != NULL && g_settings_schema_has_key (schema, "automa-speed"))
    {
      self->settings = g_settings_new (BASE_APP_ID);
      g_settings_bind_with_mapping (self->settings, "automa-speed", self->automa_speed, "selected",
                                    G_SETTINGS_BIND_DEFAULT, speed_from_setting, speed_to_setting, NULL, NULL);
    }
  g_signal_connect (self->automa_speed, "notify::selected", G_CALLBACK (automa_speed_cb), self);
  g_signal_connect (click, "released", G_CALLBACK (log_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->log_view), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (adjustment, "changed", G_CALLBACK (log_adjustment_changed_cb), self);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (log_value_changed_cb), self);
}


/* The Automa's turn is told no more: its controls go, no piece stays lit,
 * and the table may show the game as it is (the caller refreshes it). */
void
pen_log_pane_stop_narration (PenLogPane *self)
{
  g_return_if_fail (PEN_IS_LOG_PANE (self));

  g_clear_handle_id (&self->log_timer, g_source_remove);
  g_clear_pointer (&self->told_states, g_ptr_array_unref);
  gtk_widget_set_visible (self->automa_controls, FALSE);
  light_narrated_piece (self, FALSE);
}

/* Called first in each refresh: an Automa turn just taken from the table
 * (pen_table_apply_action() has the engine record its states) is told line
 * by line, the table showing the state each line reached and offering
 * nothing meanwhile; a turn of a single line, or one played before the game
 * was shown, is not. A change that was not told (another game, a review)
 * ends the telling. */
void
pen_log_pane_begin_narration (PenLogPane *self,
                              PenGame    *game,
                              gboolean    interactive)
{
  guint first;
  g_autoptr(GPtrArray) states = NULL;

  g_return_if_fail (PEN_IS_LOG_PANE (self));

  g_set_object (&self->game, game);
  self->interactive = !!interactive;
  states = pen_game_take_automa_turn (self->game, &first);

  if (states != NULL && self->interactive && self->log_shown > 0 && self->log_shown == first && states->len > 1)
    {
      pen_log_pane_stop_narration (self);
      self->told_states = g_steal_pointer (&states);
      self->told_from = first;
      show_log (self, self->log_shown + 1);
      gtk_widget_set_visible (self->automa_controls, TRUE);
      start_automa_timer (self);
      return;
    }
  if (self->told_states != NULL
      && (!self->interactive || self->told_from + self->told_states->len != pen_game_get_log_length (self->game)))
    pen_log_pane_stop_narration (self);
}

/**
 * pen_log_pane_get_told_game:
 * @game: the game whose log is shown
 *
 * The game as the table shows it: while the Automa's turn is told, the
 * state its newest narrated line reached (the state before the next line's
 * change, or the game itself after the last line); else the game.
 *
 * Returns: (transfer none): the game to show
 */
PenGame *
pen_log_pane_get_told_game (PenLogPane *self,
                            PenGame    *game)
{
  guint next;

  g_return_val_if_fail (PEN_IS_LOG_PANE (self), game);

  if (self->told_states == NULL || self->log_shown <= self->told_from || game != self->game)
    return game;
  next = self->log_shown - self->told_from;
  return next < self->told_states->len ? g_ptr_array_index (self->told_states, next) : game;
}

/* Whether the Automa's turn is told now (the table offers nothing meanwhile). */
gboolean
pen_log_pane_is_telling (PenLogPane *self)
{
  g_return_val_if_fail (PEN_IS_LOG_PANE (self), FALSE);
  return self->told_states != NULL;
}

/* @table: where the pieces the log's lines touch are found (weak). */
void
pen_log_pane_set_table (PenLogPane *self,
                        GtkWidget  *table)
{
  g_return_if_fail (PEN_IS_LOG_PANE (self));

  g_set_weak_pointer (&self->table, table);
}

/* The log shown or hidden; the Automa's controls stay. */
void
pen_log_pane_set_show_log (PenLogPane *self,
                           gboolean    show_log)
{
  g_return_if_fail (PEN_IS_LOG_PANE (self));

  gtk_widget_set_visible (self->log_separator, show_log);
  gtk_widget_set_visible (self->log_heading, show_log);
  gtk_widget_set_visible (GTK_WIDGET (self->log_scroll), show_log);
}

gboolean
pen_log_pane_get_show_log (PenLogPane *self)
{
  g_return_val_if_fail (PEN_IS_LOG_PANE (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->log_scroll));
}

/* Whether no line of the log waits to be shown. */
gboolean
pen_log_pane_is_settled (PenLogPane *self)
{
  g_return_val_if_fail (PEN_IS_LOG_PANE (self), TRUE);
  return self->log_held_tick == 0;
}
