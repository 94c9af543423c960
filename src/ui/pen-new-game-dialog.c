/* pen-new-game-dialog.c: the New Game dialog: which Automa, its worldview, the
 * seed (random by default, shown so a game can be played again) and the Fate
 * deck. Confirming creates the game and hands it over with ::start-game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-automa.h"
#include "pen-card-text.h"
#include "pen-error.h"
#include "pen-new-game-dialog.h"

struct _PenNewGameDialog
{
  AdwWindow      parent_instance;

  AdwComboRow   *automa_row;
  AdwActionRow  *board_row;
  AdwComboRow   *worldview_row;
  GtkSwitch     *first_game_switch;
  GtkSpinButton *seed_spin;
  GtkButton     *start_button;
  GtkLabel      *problem_label;

  GPtrArray     *automa_ids;   /* in the order of automa_row's model */
  GSettings     *settings;     /* the last new game's choices, offered again */
};

G_DEFINE_FINAL_TYPE (PenNewGameDialog, pen_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  START_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The worldview row's items, in the order of the .ui file. */
enum
{
  WORLDVIEW_LIGHT,
  WORLDVIEW_DARKNESS,
  WORLDVIEW_RANDOM,
};

static void
automa_selected_cb (PenNewGameDialog *self)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  guint selected = adw_combo_row_get_selected (self->automa_row);
  const PenAutomaVariant *variant;
  const char *speciality;
  g_autofree char *subtitle = NULL;
  g_autofree char *points = NULL;

  if (automas == NULL || self->automa_ids == NULL || selected >= self->automa_ids->len)
    return;
  variant = pen_automas_find (automas, g_ptr_array_index (self->automa_ids, selected));
  speciality = pen_automa_text_speciality (variant);
  points = pen_automa_text_board_points (variant);
  subtitle = pen_automa_text_difficulty (variant);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->automa_row), subtitle);
  /* Its speciality and its board's points on a row of their own: long, they
   * would squeeze the Automa's name out of the row above. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->board_row), speciality);
  adw_action_row_set_subtitle (self->board_row, points);
}

/* Why no game can start, in the dialog itself: a Start that did nothing
 * would leave the player guessing. A data file of the game's own that fails
 * to load (its message names it) is said to be the game's fault. */
static void
show_problem (PenNewGameDialog *self,
              const GError     *error)
{
  g_autofree char *text = NULL;

  if (g_error_matches (error, PEN_ERROR, PEN_ERROR_DATA))
    /* Translators: %s says which data file is damaged and how ("cards/potions.json: not valid JSON: …") */
    text = g_strdup_printf (_("No game can start: one of Penumbra’s own data files is damaged. "
                              "Reinstalling Penumbra should mend it.\n%s"),
                            error->message);
  else
    /* Translators: %s is the reason */
    text = g_strdup_printf (_("No game can start: %s"), error->message);
  gtk_label_set_text (self->problem_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), TRUE);
}

static void
random_seed_clicked_cb (PenNewGameDialog *self)
{
  gtk_spin_button_set_value (self->seed_spin, g_random_int_range (0, G_MAXINT32));
}

static void
cancel_clicked_cb (PenNewGameDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
start_clicked_cb (PenNewGameDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  /* A seed typed but not yet confirmed with Enter counts too. */
  gtk_spin_button_update (self->seed_spin);
  game = pen_game_new_solo (pen_new_game_dialog_get_seed (self),
                            pen_new_game_dialog_get_automa (self),
                            pen_new_game_dialog_get_worldview (self),
                            pen_new_game_dialog_get_first_game (self),
                            &error);
  if (game == NULL)
    {
      show_problem (self, error);
      return;
    }

  /* Offered again next time: the player's Automa and its settings (the seed
   * stays new for every game). */
  g_settings_set_string (self->settings, "new-game-automa", pen_new_game_dialog_get_automa (self));
  g_settings_set_int (self->settings, "new-game-worldview", (int) adw_combo_row_get_selected (self->worldview_row));
  g_settings_set_boolean (self->settings, "new-game-first-game", pen_new_game_dialog_get_first_game (self));

  g_object_ref (self);
  g_signal_emit (self, signals[START_GAME], 0, game);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
pen_new_game_dialog_finalize (GObject *object)
{
  PenNewGameDialog *self = PEN_NEW_GAME_DIALOG (object);

  g_clear_pointer (&self->automa_ids, g_ptr_array_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pen_new_game_dialog_parent_class)->finalize (object);
}

static void
pen_new_game_dialog_class_init (PenNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pen_new_game_dialog_finalize;

  /**
   * PenNewGameDialog::start-game:
   * @game: the new game, set up as chosen
   */
  signals[START_GAME] = g_signal_new ("start-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, PEN_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PenNewGameDialog, automa_row);
  gtk_widget_class_bind_template_child (widget_class, PenNewGameDialog, board_row);
  gtk_widget_class_bind_template_child (widget_class, PenNewGameDialog, worldview_row);
  gtk_widget_class_bind_template_child (widget_class, PenNewGameDialog, first_game_switch);
  gtk_widget_class_bind_template_child (widget_class, PenNewGameDialog, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, PenNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, PenNewGameDialog, problem_label);
  gtk_widget_class_bind_template_callback (widget_class, automa_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, random_seed_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pen_new_game_dialog_init (PenNewGameDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const PenAutomas *automas;
  guint jasper = 0;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->automa_ids = g_ptr_array_new_with_free_func (g_free);
  automas = pen_automas_get_default (&error);
  if (automas == NULL)
    show_problem (self, error);
  for (guint i = 0; automas != NULL && i < pen_automas_get_n_variants (automas); i++)
    {
      const PenAutomaVariant *variant = pen_automas_get_variant (automas, i);

      g_ptr_array_add (self->automa_ids, g_strdup (variant->id));
      gtk_string_list_append (names, pen_ui_card_name (variant->name));
      /* The rulebook's main variant for solo play is the default. */
      if (g_str_equal (variant->id, "jasper"))
        jasper = i;
    }
  adw_combo_row_set_model (self->automa_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->automa_row, jasper);
  self->settings = g_settings_new (BASE_APP_ID);
  {
    g_autofree char *last = g_settings_get_string (self->settings, "new-game-automa");

    pen_new_game_dialog_set_automa (self, last);
  }
  adw_combo_row_set_selected (self->worldview_row, (guint) g_settings_get_int (self->settings, "new-game-worldview"));
  gtk_switch_set_active (self->first_game_switch, g_settings_get_boolean (self->settings, "new-game-first-game"));
  automa_selected_cb (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), self->automa_ids->len > 0);

  random_seed_clicked_cb (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
}

PenNewGameDialog *
pen_new_game_dialog_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (PEN_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       NULL);
}

guint64
pen_new_game_dialog_get_seed (PenNewGameDialog *self)
{
  g_return_val_if_fail (PEN_IS_NEW_GAME_DIALOG (self), 0);
  return (guint64) gtk_spin_button_get_value_as_int (self->seed_spin);
}

void
pen_new_game_dialog_set_seed (PenNewGameDialog *self,
                              guint64           seed)
{
  g_return_if_fail (PEN_IS_NEW_GAME_DIALOG (self));
  gtk_spin_button_set_value (self->seed_spin, (double) MIN (seed, G_MAXINT32));
}

const char *
pen_new_game_dialog_get_automa (PenNewGameDialog *self)
{
  guint selected;

  g_return_val_if_fail (PEN_IS_NEW_GAME_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->automa_row);
  if (selected >= self->automa_ids->len)
    return NULL;
  return g_ptr_array_index (self->automa_ids, selected);
}

gboolean
pen_new_game_dialog_set_automa (PenNewGameDialog *self,
                                const char       *id)
{
  g_return_val_if_fail (PEN_IS_NEW_GAME_DIALOG (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < self->automa_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->automa_ids, i), id))
      {
        adw_combo_row_set_selected (self->automa_row, i);
        return TRUE;
      }
  return FALSE;
}

/* 1 Light, 0 Darkness, -1 at random, as pen_game_new_solo() takes it. */
int
pen_new_game_dialog_get_worldview (PenNewGameDialog *self)
{
  g_return_val_if_fail (PEN_IS_NEW_GAME_DIALOG (self), -1);

  switch (adw_combo_row_get_selected (self->worldview_row))
    {
    case WORLDVIEW_LIGHT: return 1;
    case WORLDVIEW_DARKNESS: return 0;
    default: return -1;
    }
}

gboolean
pen_new_game_dialog_get_first_game (PenNewGameDialog *self)
{
  g_return_val_if_fail (PEN_IS_NEW_GAME_DIALOG (self), FALSE);
  return gtk_switch_get_active (self->first_game_switch);
}
