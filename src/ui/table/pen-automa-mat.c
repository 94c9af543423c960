/* pen-automa-mat.c: the Automa's mat, in the Automa's colour: its title (and
 * a "?" to its rules), its Wizard board in pictures (pen-board-strip.c) on
 * the mat (pen-mat.c), and what it holds: its worldview, Contracts and
 * Trials, its Equipment cells and, for Sapphire and Amber, its Exams,
 * Dungeons and Rituals. Each part is changed only where what it shows
 * changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-automa-mat"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-automa.h"
#include "pen-automa-mat.h"
#include "pen-board-strip.h"
#include "pen-layout-dump.h"
#include "pen-mat.h"
#include "pen-region.h"

struct _PenAutomaMat
{
  GtkWidget  parent_instance;

  GtkBox    *heading;  /* its title, and a link to its rules */
  GtkLabel  *title;
  GtkBox    *board;
  GtkLabel  *label;
  char      *colour_id; /* the Discipline it is named after, its colour */
};

static void pen_automa_mat_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenAutomaMat, pen_automa_mat, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_automa_mat_region_init))

/* Sapphire's and Amber's Exams, Dungeons and Rituals on their mat (spec §9):
 * how many Exams, which Dungeons (with their points) and Rituals. */
static void
append_automa_content (GString                *markup,
                       PenGame                *game,
                       const PenAutomaVariant *variant)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  static const char *titles[] = { N_("Exams:"), N_("Dungeons:"), N_("Rituals:") };

  if (automas == NULL || variant == NULL || !pen_automa_variant_uses_content (variant))
    return;
  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      GPtrArray *taken = pen_game_get_automa_taken (game, k);
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; k != PEN_AUTOMA_EXAM && i < taken->len; i++)
        {
          const PenAutomaContentCard *card = pen_automas_find_content (automas, k, g_ptr_array_index (taken, i));

          if (card == NULL)
            continue;
          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append (text, pen_ui_card_name (card->name));
          if (k == PEN_AUTOMA_DUNGEON)
            g_string_append_printf (text, " (%u)", card->points);
        }
      if (k == PEN_AUTOMA_EXAM)
        g_string_append_printf (text, "%u", taken->len);
      pen_mat_append_line (markup, _(titles[k]), text->len > 0 ? text->str : _("none"));
    }
}

/* Its title, and the "?" to how this Automa plays. */
static void
update_heading (PenAutomaMat           *self,
                PenGame                *game,
                const PenAutomaVariant *variant,
                PenWizardBoard         *board)
{
  g_autofree char *title = NULL;
  g_autofree char *topic = g_strdup_printf ("automa-%s", pen_game_get_automa_id (game));
  GtkWidget *last = gtk_widget_get_last_child (GTK_WIDGET (self->heading));
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));

  /* Translators: "Automa: Jasper · Level 4 · Arcana 6" */
  title = g_strdup_printf (_("Automa: %s · Level %u · Arcana %u"),
                           variant != NULL ? pen_ui_card_name (variant->name) : "?",
                           pen_game_get_automa_level (game),
                           pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_ARCANA));
  if (g_strcmp0 (gtk_label_get_text (self->title), title) != 0)
    {
      gtk_label_set_text (self->title, title);
      pen_layout_tag (GTK_WIDGET (self), "automa", "automa", title);
    }
  if (host != NULL
      && (last == GTK_WIDGET (self->title)
          || g_strcmp0 (g_object_get_data (G_OBJECT (last), "pen-rule-topic"), topic) != 0))
    {
      GtkWidget *link;

      if (last != GTK_WIDGET (self->title))
        gtk_box_remove (self->heading, last);
      link = host->rule_link (host->table, topic, gtk_label_new ("?"));
      if (link != NULL)
        gtk_box_append (self->heading, link);
    }
}

static void
pen_automa_mat_update (PenRegion     *region,
                       PenGame       *game,
                       PenTableModel *model)
{
  PenAutomaMat *self = PEN_AUTOMA_MAT (region);
  guint automa;
  PenWizardBoard *board;
  const PenAutomas *automas = pen_automas_get_default (NULL);
  const PenAutomaVariant *variant;
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autoptr(GString) equipment = g_string_new (NULL);
  static const char *cell_names[] = { N_("Conductor"), N_("Pendant"), N_("Mantle"), N_("Ring") };
  PenDiscipline discipline;

  if (game == NULL)
    return;
  automa = pen_game_get_automa_player (game);
  board = pen_game_get_player (game, automa);
  variant = automas != NULL ? pen_automas_find (automas, pen_game_get_automa_id (game)) : NULL;
  update_heading (self, game, variant, board);
  if (pen_discipline_from_id (pen_game_get_automa_id (game), &discipline)
      && g_strcmp0 (self->colour_id, pen_discipline_get_id (discipline)) != 0)
    {
      g_free (self->colour_id);
      self->colour_id = g_strdup (pen_discipline_get_id (discipline));
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  pen_mat_append_line (markup, _("Worldview:"), pen_game_get_automa_light (game) ? _("Light") : _("Darkness"));
  pen_mat_append_quests (markup, game, automa);
  /* Its four cells on two lines, however many cards they hold: the label
   * is not wrapped but cut short (its tooltip says all), so that the mat
   * keeps its height and the table is not scaled again. */
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS && c < G_N_ELEMENTS (cell_names); c++)
    {
      g_autofree char *cards = pen_mat_join_names (pen_game_get_automa_cell (game, c), pen_mat_card_name);

      if (c % 2 == 1)
        g_string_append (equipment, " · ");
      else if (c > 0)
        g_string_append_c (equipment, '\n');
      /* Translators: an Automa's Equipment cell and its cards: "Ring: Acorn Ring" */
      g_string_append_printf (equipment, _("%s: %s"), _(cell_names[c]), cards);
    }
  pen_mat_append_line (markup, _("Equipment:"), equipment->str);
  append_automa_content (markup, game, variant);
  pen_board_strip_show (self->board, game, automa);
  pen_mat_set_markup (self->label, markup->str);
}

static void
pen_automa_mat_forget (PenRegion *region)
{
  pen_board_strip_clear (PEN_AUTOMA_MAT (region)->board);
}

static void
pen_automa_mat_region_init (PenRegionInterface *iface)
{
  iface->update = pen_automa_mat_update;
  iface->forget = pen_automa_mat_forget;
}

/* The mat under it all, in the Automa's colour. */
static void
pen_automa_mat_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  PenAutomaMat *self = PEN_AUTOMA_MAT (widget);
  PenDiscipline discipline;
  const char *colour = NULL;

  if (self->colour_id != NULL && pen_discipline_from_id (self->colour_id, &discipline))
    colour = pen_art_discipline_colour (discipline);
  pen_mat_snapshot (widget, snapshot, self->board, GTK_WIDGET (self->heading), NULL, NULL, colour, self->colour_id);
  GTK_WIDGET_CLASS (pen_automa_mat_parent_class)->snapshot (widget, snapshot);
}

static void
pen_automa_mat_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PEN_TYPE_AUTOMA_MAT);

  G_OBJECT_CLASS (pen_automa_mat_parent_class)->dispose (object);
}

static void
pen_automa_mat_finalize (GObject *object)
{
  g_free (PEN_AUTOMA_MAT (object)->colour_id);

  G_OBJECT_CLASS (pen_automa_mat_parent_class)->finalize (object);
}

static void
pen_automa_mat_class_init (PenAutomaMatClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_automa_mat_dispose;
  object_class->finalize = pen_automa_mat_finalize;
  widget_class->snapshot = pen_automa_mat_snapshot;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-automa-mat.ui");
  gtk_widget_class_bind_template_child (widget_class, PenAutomaMat, heading);
  gtk_widget_class_bind_template_child (widget_class, PenAutomaMat, title);
  gtk_widget_class_bind_template_child (widget_class, PenAutomaMat, board);
  gtk_widget_class_bind_template_child (widget_class, PenAutomaMat, label);
  gtk_widget_class_set_css_name (widget_class, "penautomamat");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
pen_automa_mat_init (PenAutomaMat *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
}
