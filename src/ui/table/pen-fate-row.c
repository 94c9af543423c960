/* pen-fate-row.c: the Fate row of the table: the Fate deck's count, the
 * Prophecies and Goals in play (a card each, pen-fate-view.c), the last
 * round once announced, the Trial row and the Guild's Contract row (a card
 * each, pen-card-view.c). Each update changes only what changed: the cards
 * in play are made anew when they change, the Trials and Contracts each
 * where its place shows another.
 *
 * The game view hangs each Prophecy's and Goal's progress under its card
 * (pen_fate_row_take_new_cards()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-fate-row"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-card-view.h"
#include "pen-fate-row.h"
#include "pen-fate-view.h"
#include "pen-layout-dump.h"
#include "pen-piece-id.h"
#include "pen-quest.h"
#include "pen-region.h"
#include "pen-table-layout.h"

struct _PenFateRow
{
  GtkWidget  parent_instance;

  GtkLabel  *deck_label;
  GtkBox    *in_play_box;
  GtkBox    *quests_line;    /* the Trial and Contract rows side by side */
  GtkBox    *trials_box;
  GtkGrid   *contracts_grid;
  char      *in_play_key;    /* what the cards in play show */
  GPtrArray *new_cards;      /* the cards in play made at the last update, or NULL */
  GPtrArray *trials;         /* of char *: the Trial row shown, by index */
  GtkWidget *trial_buttons[16];
  char      *contracts[PEN_N_CONTRACT_SLOTS];       /* shown, or kept for its room */
  GtkWidget *contract_buttons[PEN_N_CONTRACT_SLOTS];
  gboolean   headings;
};

static void pen_fate_row_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenFateRow, pen_fate_row, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_fate_row_region_init))

/* ---- The Trial and Contract rows ---- */

/* A button per card, zoomed on hover, opened by a click with what can be
 * done with it (start the Trial, attempt or reserve the Contract) or the
 * engine's reason why not. */

typedef struct
{
  gboolean trial;
  int      index;   /* in the Trial row, or the Contract row's place */
  char    *id;
  char    *name;
} QuestRef;

static void
quest_ref_free (QuestRef *ref)
{
  g_free (ref->id);
  g_free (ref->name);
  g_free (ref);
}

static GtkWidget *
quest_view (const QuestRef *ref)
{
  return ref->trial ? pen_card_view_new_trial (ref->id, ref->name) : pen_card_view_new_contract (ref->id);
}

static gboolean
quest_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  gtk_tooltip_set_custom (tooltip, quest_view (g_object_get_data (G_OBJECT (widget), "pen-quest")));
  return TRUE;
}

static void
quest_clicked_cb (GtkButton *button,
                  gpointer   user_data)
{
  const QuestRef *ref = g_object_get_data (G_OBJECT (button), "pen-quest");
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (button));
  GtkWidget *box;
  PenAction action;

  if (host == NULL)
    return;
  box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (box), quest_view (ref));
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  pen_action_init (&action, ref->trial ? PEN_ACTION_START_TRIAL : PEN_ACTION_CHOOSE_CONTRACT);
  action.index = ref->index;
  host->open_piece (host->table, GTK_WIDGET (button), GTK_BOX (box), gtk_widget_get_name (GTK_WIDGET (button)),
                    &action);
}

/* A Trial's piece says its paths' approaches in words to screen readers
 * ("Drowned Bell: Darkness, Dispel; Light, Catch"); it shows them as
 * pen_card_view_new_quest_small() draws them. */
static void
trial_accessible_name (GtkWidget  *button,
                       const char *id,
                       const char *name)
{
  const PenQuests *quests = pen_quests_get_default (NULL);
  const PenTrial *trial = quests != NULL ? pen_quests_find_trial (quests, id) : NULL;
  g_autofree char *said = NULL;

  if (trial == NULL)
    return;
  /* Translators: a Trial's accessible name: "Drowned Bell: Darkness, Dispel; Light, Catch" */
  said = g_strdup_printf (_("%s: Darkness, %s; Light, %s"), name, pen_approach_get_name (trial->darkness.approach),
                          pen_approach_get_name (trial->light.approach));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
}

static GtkWidget *
new_quest_button (gboolean    trial,
                  int         index,
                  const char *id,
                  const char *name)
{
  GtkWidget *button = gtk_button_new ();
  QuestRef *ref = g_new0 (QuestRef, 1);
  g_autofree char *widget_name = trial ? pen_piece_id_trial (index) : pen_piece_id_contract (index);

  gtk_button_set_child (GTK_BUTTON (button), pen_card_view_new_quest_small (id, trial, name));
  gtk_widget_add_css_class (button, "flat");
  ref->trial = trial;
  ref->index = index;
  ref->id = g_strdup (id);
  ref->name = g_strdup (name);
  gtk_widget_set_name (button, widget_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  if (trial)
    trial_accessible_name (button, id, name);
  pen_layout_tag (button, trial ? "trial" : "contract", widget_name, name);
  gtk_widget_add_css_class (button, "pen-card-button");
  gtk_widget_add_css_class (button, trial ? "pen-trial" : "pen-contract");
  g_object_set_data_full (G_OBJECT (button), "pen-quest", ref, (GDestroyNotify) quest_ref_free);
  gtk_widget_set_has_tooltip (button, TRUE);
  g_signal_connect (button, "query-tooltip", G_CALLBACK (quest_tooltip_cb), NULL);
  g_signal_connect (button, "clicked", G_CALLBACK (quest_clicked_cb), NULL);
  return button;
}

static void
remove_button (GtkWidget **button)
{
  if (*button != NULL)
    gtk_widget_unparent (*button);
  *button = NULL;
}

/* A row's heading over its cards (beside them it made the Fate row the
 * table's widest line, and so the table's scale smaller), in @line after
 * @after (NULL: first); returns the row's box. */
static GtkWidget *
add_row (GtkBox     *line,
         const char *heading,
         GtkWidget  *cards,
         GtkWidget  *after)
{
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = pen_table_heading_new (heading);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* As wide as its cards: their names' room is not theirs to stretch. */
  gtk_widget_set_hexpand (box, FALSE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), cards);
  gtk_box_insert_child_after (line, box, after);
  return box;
}

static void
add_headings (PenFateRow *self)
{
  GtkWidget *trials, *rows;

  if (self->headings)
    return;
  self->headings = TRUE;
  self->trials_box = GTK_BOX (pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
  self->contracts_grid = GTK_GRID (gtk_grid_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->contracts_grid), "pen-gaps-2-6");
  /* The two rows side by side: one over the other they made the Fate row
   * the table's tallest. */
  rows = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_prepend (self->quests_line, rows);
  trials = add_row (GTK_BOX (rows), _("Trial row:"), GTK_WIDGET (self->trials_box), NULL);
  add_row (GTK_BOX (rows), _("Contract row:"), GTK_WIDGET (self->contracts_grid), trials);
}

/* Each Trial and Contract made anew only where its place shows another. */
static void
update_quests (PenFateRow *self,
               PenGame    *game)
{
  GPtrArray *trials = pen_game_get_trial_row (game);

  add_headings (self);
  for (guint i = 0; i < G_N_ELEMENTS (self->trial_buttons); i++)
    {
      const char *id = i < trials->len ? g_ptr_array_index (trials, i) : NULL;
      const char *was = i < self->trials->len ? g_ptr_array_index (self->trials, i) : NULL;

      if (g_strcmp0 (id, was) == 0)
        continue;
      remove_button (&self->trial_buttons[i]);
      if (id == NULL)
        continue;
      self->trial_buttons[i] = new_quest_button (TRUE, (int) i, id, pen_ui_fate_card_name (id));
      /* In its place: after the Trial before it. */
      {
        GtkWidget *before = NULL;

        for (guint j = i; j > 0 && before == NULL; j--)
          before = self->trial_buttons[j - 1];
        gtk_box_insert_child_after (self->trials_box, self->trial_buttons[i], before);
      }
    }
  g_ptr_array_set_size (self->trials, 0);
  for (guint i = 0; i < trials->len && i < G_N_ELEMENTS (self->trial_buttons); i++)
    g_ptr_array_add (self->trials, g_strdup (g_ptr_array_index (trials, i)));

  for (guint slot = 0; slot < PEN_N_CONTRACT_SLOTS; slot++)
    {
      const char *id = pen_game_get_contract (game, slot);
      GtkWidget *button = self->contract_buttons[slot];

      /* A slot emptied keeps the room of the Contract it held, unmapped
       * and out of the layout dump, so that the Contracts after it stay
       * where they are until it is dealt again. */
      if (id == NULL)
        {
          if (button != NULL && gtk_widget_get_child_visible (button))
            {
              gtk_widget_set_child_visible (button, FALSE);
              pen_layout_untag (button);
            }
          continue;
        }
      if (button != NULL && gtk_widget_get_child_visible (button) && g_strcmp0 (id, self->contracts[slot]) == 0)
        continue;
      remove_button (&self->contract_buttons[slot]);
      g_free (self->contracts[slot]);
      self->contracts[slot] = g_strdup (id);
      self->contract_buttons[slot] = new_quest_button (FALSE, (int) slot, id, pen_ui_contract_name (id));
      /* Two a line: on one line they made the Fate row the table's widest. */
      gtk_grid_attach (self->contracts_grid, self->contract_buttons[slot], (int) slot % 2, (int) slot / 2, 1, 1);
    }
}

/* ---- The Fate deck and the cards in play ---- */

static void
key_append_ids (GString   *key,
                GPtrArray *ids)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    g_string_append_printf (key, "%s,", (const char *) g_ptr_array_index (ids, i));
  g_string_append_c (key, ';');
}

/* The Prophecies and Goals in play, a card each, and the last round once
 * announced: made anew only when they changed. */
static void
update_in_play (PenFateRow *self,
                PenGame    *game)
{
  GPtrArray *in_play = pen_game_get_in_play (game);
  g_autoptr(GString) key = g_string_new (NULL);
  GtkWidget *label;

  key_append_ids (key, in_play);
  g_string_append_printf (key, "%d;%d;%d", pen_game_get_final_turns_left (game),
                          pen_game_get_end_triggered_this_turn (game), pen_game_is_over (game));
  if (g_strcmp0 (key->str, self->in_play_key) == 0)
    return;
  g_free (self->in_play_key);
  self->in_play_key = g_strdup (key->str);
  pen_region_remove_children (GTK_WIDGET (self->in_play_box));
  g_clear_pointer (&self->new_cards, g_ptr_array_unref);
  self->new_cards = g_ptr_array_new_with_free_func (g_object_unref);
  /* Translators: the Prophecies and Goals in play */
  label = pen_table_heading_new (_("In play:"));
  gtk_box_append (self->in_play_box, label);
  for (guint i = 0; i < in_play->len; i++)
    {
      const char *id = pen_ui_without_path (g_ptr_array_index (in_play, i));
      GtkWidget *card;
      g_autofree char *widget_id = NULL;
      g_autofree char *description = NULL;

      if (id == NULL)
        continue;
      card = pen_fate_card_view_new (id);
      widget_id = pen_piece_id_fate (id);
      description = pen_fate_card_describe (id);
      gtk_widget_set_name (card, widget_id);
      pen_layout_tag (card, "fate-card", widget_id, description);
      g_object_set_data_full (G_OBJECT (card), "pen-fate-id", g_strdup (id), g_free);
      /* The room the row has beyond its pieces (in a wide window) is the
       * cards', not an empty end of the row. */
      gtk_widget_set_hexpand (card, TRUE);
      gtk_box_append (self->in_play_box, card);
      g_ptr_array_add (self->new_cards, g_object_ref (card));
    }
  label = pen_fate_last_round_new (game);
  if (label != NULL)
    gtk_box_prepend (self->in_play_box, label);
}

static void
update_deck (PenFateRow *self,
             PenGame    *game)
{
  guint left = pen_game_get_fate_remaining (game);
  g_autofree char *heading = pen_table_heading_markup (_("Fate deck:"));
  g_autofree char *count = g_strdup_printf (ngettext ("%u card left", "%u cards left", left), left);
  g_autofree char *escaped = g_markup_escape_text (count, -1);
  g_autofree char *markup = g_strdup_printf ("%s %s", heading, escaped);

  /* A label set anew is measured anew. */
  if (g_strcmp0 (gtk_label_get_label (self->deck_label), markup) != 0)
    gtk_label_set_markup (self->deck_label, markup);
}

static void
pen_fate_row_update (PenRegion     *region,
                     PenGame       *game,
                     PenTableModel *model)
{
  PenFateRow *self = PEN_FATE_ROW (region);

  if (game == NULL)
    return;
  update_deck (self, game);
  update_in_play (self, game);
  update_quests (self, game);
}

static void
pen_fate_row_forget (PenRegion *region)
{
  PenFateRow *self = PEN_FATE_ROW (region);

  g_clear_pointer (&self->in_play_key, g_free);
  g_clear_pointer (&self->new_cards, g_ptr_array_unref);
  pen_region_remove_children (GTK_WIDGET (self->in_play_box));
  g_ptr_array_set_size (self->trials, 0);
  for (guint i = 0; i < G_N_ELEMENTS (self->trial_buttons); i++)
    remove_button (&self->trial_buttons[i]);
  for (guint slot = 0; slot < PEN_N_CONTRACT_SLOTS; slot++)
    {
      remove_button (&self->contract_buttons[slot]);
      g_clear_pointer (&self->contracts[slot], g_free);
    }
}

static void
pen_fate_row_region_init (PenRegionInterface *iface)
{
  iface->update = pen_fate_row_update;
  iface->forget = pen_fate_row_forget;
}

/**
 * pen_fate_row_take_new_cards:
 * @self: the Fate row
 *
 * The Prophecies and Goals in play made at the last update (each has its
 * card's id as "pen-fate-id"), for the game view to hang their progress
 * under; the cards made before are gone.
 *
 * Returns: (transfer full) (nullable): the cards, or %NULL when the cards
 *   in play were kept as they were
 */
GPtrArray *
pen_fate_row_take_new_cards (PenFateRow *self)
{
  g_return_val_if_fail (PEN_IS_FATE_ROW (self), NULL);

  return g_steal_pointer (&self->new_cards);
}

static void
pen_fate_row_dispose (GObject *object)
{
  PenFateRow *self = PEN_FATE_ROW (object);

  g_clear_pointer (&self->in_play_key, g_free);
  g_clear_pointer (&self->new_cards, g_ptr_array_unref);
  g_clear_pointer (&self->trials, g_ptr_array_unref);
  for (guint slot = 0; slot < PEN_N_CONTRACT_SLOTS; slot++)
    g_clear_pointer (&self->contracts[slot], g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_FATE_ROW);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pen_fate_row_parent_class)->dispose (object);
}

static void
pen_fate_row_class_init (PenFateRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_fate_row_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-fate-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PenFateRow, deck_label);
  gtk_widget_class_bind_template_child (widget_class, PenFateRow, in_play_box);
  gtk_widget_class_bind_template_child (widget_class, PenFateRow, quests_line);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pen-fate-row");
}

static void
pen_fate_row_init (PenFateRow *self)
{
  self->trials = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}
