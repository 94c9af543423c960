/* pen-table-locations.c: the locations' cells, built once per game and
 * showing their dice anew, and placing a die on them: by drag and drop, by
 * clicking a die then a cell, or by keyboard (the same two clicks). While a
 * die is chosen or dragged, the cells the engine allows for it are lit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-die-view.h"
#include "pen-piece-id.h"
#include "pen-game-view-private.h"
#include "pen-wizard-view.h"
#include "pen-layout-dump.h"
#include "pen-table-layout.h"

typedef struct
{
  int location;
  int section;
  int cell;     /* -1: beside the cells (Appear) */
} CellRef;

/* The legal placements of @die on @cell (PEN_ACTION_PLACE, or KNOCK_OUT for a
 * taken one), from the table's model. */
static GArray *
placements_on (PenGameView   *self,
               int            die,
               const CellRef *ref)
{
  GArray *indices = pen_table_model_placements (&self->model, die, ref->location, ref->section, ref->cell);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (PenAction));

  for (guint i = 0; indices != NULL && i < indices->len; i++)
    g_array_append_val (found, *pen_table_model_action (&self->model, g_array_index (indices, guint, i)));
  return found;
}

/* While a die is dragged or chosen, the cells the engine allows for it are
 * marked and the others dimmed; with no die, neither. */
void
pen_table_highlight_cells (PenGameView *self)
{
  int die = self->model.dragged_die >= 0 ? self->model.dragged_die : self->model.selected_die;

  for (guint i = 0; self->cells != NULL && i < self->cells->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->cells, i);
      const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");
      g_autoptr(GArray) legal = die >= 0 ? placements_on (self, die, ref) : NULL;

      /* While a die is chosen, the arrows move between the cells it can go to. */
      gtk_widget_set_focusable (button, legal == NULL || legal->len > 0);
      if (legal == NULL)
        {
          gtk_widget_remove_css_class (button, "pen-legal");
          gtk_widget_remove_css_class (button, "pen-dimmed");
        }
      else if (legal->len > 0)
        {
          gtk_widget_add_css_class (button, "pen-legal");
          gtk_widget_remove_css_class (button, "pen-dimmed");
        }
      else
        {
          gtk_widget_remove_css_class (button, "pen-legal");
          gtk_widget_add_css_class (button, "pen-dimmed");
        }
    }
  pen_wizard_view_show_chosen (PEN_WIZARD_VIEW (self->wizard_view), self->model.selected_die);
  pen_table_refresh_die_box (self);
}

/* Places @die on the cell of @button: the engine's one legal placement there
 * is applied; when there are several (a Spark die's colour, which die a Red
 * die knocks out), a popover offers them; when there is none, the engine's
 * reason is shown and nothing changes. */
static void
place_die (PenGameView *self,
           int          die,
           GtkWidget   *button)
{
  const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");
  g_autoptr(GArray) legal = placements_on (self, die, ref);
  g_autoptr(GError) error = NULL;
  GtkWidget *box;

  self->model.selected_die = -1;
  if (legal->len == 1)
    {
      pen_table_apply_action (self, &g_array_index (legal, PenAction, 0));
      return;
    }
  if (legal->len == 0)
    {
      PenAction action;

      pen_action_init (&action, PEN_ACTION_PLACE);
      action.die = die;
      action.location = ref->location;
      action.section = ref->section;
      action.cell = ref->cell;
      /* Not listed, so refused: the check says why in the player's words. */
      if (!pen_game_check_action (self->game, &action, &error))
        pen_game_view_show_notice (self, error->message);
      else
        pen_game_view_show_notice (self, _("This die cannot be placed there now."));
      pen_table_highlight_cells (self);
      return;
    }

  box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 4);
  for (guint i = 0; i < legal->len; i++)
    {
      GtkWidget *choice = pen_table_action_button (self, &g_array_index (legal, PenAction, i), NULL);

      gtk_widget_add_css_class (choice, "flat");
      gtk_box_append (GTK_BOX (box), choice);
    }
  pen_table_show_popover (self, button, box);
  pen_table_highlight_cells (self);
}

/* A click on a cell places the chosen die there; with none chosen, it opens
 * what the cell can do (take back its die for a Rest effect). */
static void
cell_clicked_cb (GtkButton   *button,
                 PenGameView *self)
{
  GtkWidget *box;

  if (self->model.selected_die >= 0)
    {
      place_die (self, self->model.selected_die, GTK_WIDGET (button));
      return;
    }
  if (pen_table_answer_on_piece (self, gtk_widget_get_name (GTK_WIDGET (button))))
    return;
  box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 4);
  if (pen_table_append_piece_actions (self, GTK_BOX (box), gtk_widget_get_name (GTK_WIDGET (button))) > 0)
    pen_table_show_popover (self, GTK_WIDGET (button), box);
  else
    {
      g_object_ref_sink (box);
      g_object_unref (box);
      pen_game_view_show_notice (self, _("Choose a die of your supply first, or drag it here."));
    }
}

static gboolean
cell_drop_cb (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              PenGameView   *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));

  if (!G_VALUE_HOLDS_UINT (value) || !self->interactive)
    return FALSE;
  place_die (self, (int) g_value_get_uint (value), button);
  return TRUE;
}

static const char *
cell_condition_text (PenLocation      *location,
                     const PenCellDef *cell)
{
  switch (cell->condition)
    {
    case PEN_CELL_SPARK: return _("A Spark die");
    case PEN_CELL_CLASS_COLOUR: return _("A die of the Class’s colour");
    case PEN_CELL_CLASS_SIX: return _("A die of the Class’s colour showing 6");
    case PEN_CELL_ANY:
    default: return _("Any die");
    }
}

/* An empty cell shows what it takes: a symbol, and a 6 where it must show 6. */
static GtkWidget *
cell_symbol (PenLocation      *location,
             const PenCellDef *cell)
{
  const char *symbol = "any";
  GtkWidget *picture;

  if (cell->condition == PEN_CELL_SPARK)
    symbol = "spark";
  else if (cell->condition == PEN_CELL_CLASS_COLOUR || cell->condition == PEN_CELL_CLASS_SIX)
    symbol = pen_discipline_get_id (pen_location_get_discipline (location));
  picture = pen_art_symbol_picture (symbol, "#77767b", PLACED_DIE_SIZE - 8);
  if (cell->condition == PEN_CELL_CLASS_SIX)
    {
      GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 2);

      gtk_box_append (GTK_BOX (box), picture);
      gtk_box_append (GTK_BOX (box), gtk_label_new ("6"));
      return box;
    }
  return picture;
}

/* The empty place beside the cells (Appear): "+", and the Arcana it costs. */
static GtkWidget *
appear_face (void)
{
  GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);
  g_autofree char *cost = g_strdup_printf ("%u", PEN_APPEAR_ARCANA);
  GtkWidget *label = gtk_label_new (cost);

  gtk_box_append (GTK_BOX (box), gtk_label_new ("+"));
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_set_name (label, "appear-cost");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), pen_art_symbol_picture ("amethyst", pen_art_discipline_colour (PEN_DISCIPLINE_AMETHYST),
                                                         PLACED_DIE_SIZE / 2));
  return box;
}

/* A cell closed for the number of players: the mark printed on it, "3+" or
 * "4", on a struck-out cell (resources/style.css). */
static GtkWidget *
closed_face (const PenCellDef *cell)
{
  g_autofree char *printed = cell->min_players < PEN_MAX_PLAYERS ? g_strdup_printf ("%u+", cell->min_players)
                                                                 : g_strdup_printf ("%u", cell->min_players);
  GtkWidget *label = gtk_label_new (printed);

  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

/* Whether a cell holding @n dice has room for another, as the board prints
 * it: the place beside the cells (Appear) and a cell printed "unlimited"
 * take any number, the others one. Whether a die may go there now is the
 * engine's: the cell is lit when a die is chosen or dragged. */
static gboolean
cell_has_room (const PenSectionDef *section,
               int                  c,
               guint                n)
{
  return n == 0 || c < 0 || section->cells[c].unlimited;
}

/* Shows on the cell @button of @location what lies there now: its dice, and
 * what it takes while it has room for another (the Appear place its cost),
 * so that a cell still open looks open; and says it in its tooltip. The face
 * is built again only when what it says changed. */
static void
update_cell (PenGameView *self,
             GtkWidget   *button,
             PenLocation *location)
{
  const PenLocationDef *def = pen_location_get_def (location);
  const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");
  guint s = (guint) ref->section;
  int c = ref->cell;
  g_autofree char *where = pen_location_dup_name (location);
  g_autoptr(GString) tooltip = g_string_new (where);
  guint n = pen_location_get_n_dice (location, s, c);
  gboolean closed, room;
  GtkWidget *content;

  if (def->n_sections > 1 && pen_ui_section_name (def->sections[s].id) != NULL)
    g_string_append_printf (tooltip, " · %s", pen_ui_section_name (def->sections[s].id));
  if (c < 0)
    {
      g_autofree char *appear = pen_ui_describe_appear ();

      g_string_append_printf (tooltip, " · %s", appear);
    }
  else
    g_string_append_printf (tooltip, " · %s", cell_condition_text (location, &def->sections[s].cells[c]));
  closed = c >= 0 && pen_game_is_cell_closed (self->game, ref->location, s, c);
  if (closed)
    {
      guint n_players = pen_game_get_n_players (self->game);

      g_string_append (tooltip, " · ");
      /* Translators: a location cell printed "3+" or "4", in a game of fewer players */
      g_string_append_printf (tooltip, ngettext ("closed in a game of %u", "closed in a game of %u", n_players),
                              n_players);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *die_name = pen_ui_describe_die (pen_location_get_die (location, s, c, i));

      g_string_append_printf (tooltip, " · %s", die_name);
    }
  room = !closed && cell_has_room (&def->sections[s], c, n);
  if (room && n > 0)
    /* Translators: said of a location's cell that holds dice and takes more */
    g_string_append_printf (tooltip, " · %s", _("room for another die"));
  if (g_strcmp0 (gtk_widget_get_tooltip_text (button), tooltip->str) == 0)
    return;

  content = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  for (guint i = 0; i < n; i++)
    {
      const PenDie *die = pen_location_get_die (location, s, c, i);
      g_autofree char *die_name = pen_ui_describe_die (die);
      g_autofree char *die_id = pen_piece_id_placed_die (gtk_widget_get_name (button), i);
      GtkWidget *view = pen_die_view_new (die, PLACED_DIE_SIZE);

      pen_layout_tag (view, "die", die_id, die_name);
      gtk_box_append (GTK_BOX (content), view);
    }
  if (n == 0 && closed)
    gtk_box_append (GTK_BOX (content), closed_face (&def->sections[s].cells[c]));
  else if (room)
    {
      /* Empty, what the cell takes; beside its dice, the same as a free
       * place (.pen-cell-slot). */
      GtkWidget *slot = c < 0 ? appear_face () : cell_symbol (location, &def->sections[s].cells[c]);

      if (n > 0)
        gtk_widget_add_css_class (slot, "pen-cell-slot");
      gtk_box_append (GTK_BOX (content), slot);
    }
  gtk_button_set_child (GTK_BUTTON (button), content);
  if (closed)
    gtk_widget_add_css_class (button, "pen-cell-closed");
  else
    gtk_widget_remove_css_class (button, "pen-cell-closed");
  gtk_widget_set_tooltip_text (button, tooltip->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip->str, -1);
  pen_layout_tag (button, "location-cell", gtk_widget_get_name (button), tooltip->str);
}

/* The button of cell @c (-1: beside the cells, Appear) of section @s of
 * location @l: made once per game, a drop target and a click to place. */
static GtkWidget *
new_cell_button (PenGameView *self,
                 PenLocation *location,
                 int          l,
                 guint        s,
                 int          c)
{
  GtkWidget *button = gtk_button_new ();
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_autofree char *name = pen_piece_id_cell (self->game, l, (int) s, c);
  CellRef *ref = g_new (CellRef, 1);

  *ref = (CellRef) { l, (int) s, c };
  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "pen-cell");
  g_object_set_data_full (G_OBJECT (button), "pen-cell", ref, g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (cell_clicked_cb), self);
  g_signal_connect (target, "drop", G_CALLBACK (cell_drop_cb), self);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (target));
  update_cell (self, button, location);
  return button;
}

/* Is any placement beside the cells (Appear) of @section legal now? Only
 * then, or when dice lie there, is that place shown. */
static gboolean
appear_is_open (PenGameView *self,
                int          location,
                guint        section)
{
  for (guint i = 0; self->model.actions != NULL && i < self->model.actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->model.actions, PenAction, i);

      if (action->type == PEN_ACTION_PLACE && action->location == location
          && action->section == (int) section && action->cell < 0)
        return TRUE;
    }
  return FALSE;
}

/* Locations of one section (the City's and the Wilds') are laid out this
 * many to a row, under the Classes. */
#define PLACES_PER_ROW 4

/* The place beside the cells of section @s of location @l (Appear) is
 * open while a placement there is legal or dice lie there. It keeps its
 * room at the end of the section's row @row either way, so that no cell
 * moves as it opens and shuts: shut, it is left unmapped (neither drawn
 * nor taking input, no tooltip), out of the layout dump and out of the
 * cells' keyboard order. */
static void
update_appear_cell (PenGameView *self,
                    GtkWidget   *row)
{
  int l = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "pen-location"));
  guint s = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "pen-section"));
  PenLocation *location = pen_game_get_location (self->game, (guint) l);
  GtkWidget *button = gtk_widget_get_last_child (row);
  gboolean shown = g_ptr_array_find (self->cells, button, NULL);
  gboolean wanted = pen_location_get_n_dice (location, s, -1) > 0 || appear_is_open (self, l, s);

  update_cell (self, button, location);
  if (wanted && !shown)
    {
      GtkWidget *before = gtk_widget_get_prev_sibling (button);
      guint index = self->cells->len;

      /* After the section's cells in the cells' order too (the keyboard's). */
      if (before != NULL && g_ptr_array_find (self->cells, before, &index))
        index++;
      g_ptr_array_insert (self->cells, (int) index, button);
      pen_layout_tag (button, "location-cell", gtk_widget_get_name (button), gtk_widget_get_tooltip_text (button));
      gtk_widget_set_child_visible (button, TRUE);
    }
  else if (!wanted && shown)
    {
      g_ptr_array_remove (self->cells, button);
      gtk_widget_set_child_visible (button, FALSE);
    }
  if (!wanted)
    {
      pen_layout_untag (button);
      gtk_widget_remove_css_class (button, "pen-legal");
      gtk_widget_remove_css_class (button, "pen-dimmed");
    }
}

/* A location's pieces on the table: built the first time it is dealt, and
 * kept for as long as the view lives (another game dealing it shows the
 * same pieces). */
typedef struct
{
  GtkWidget *name;      /* its name, a link to its rule */
  GPtrArray *sections;  /* a column per section: its name, then its row of cells */
  GPtrArray *rows;      /* each section's row of cells */
  GPtrArray *cells;     /* its cells, in order (not the Appear place) */
} Block;

static void
block_free (gpointer data)
{
  Block *block = data;

  g_object_unref (block->name);
  g_ptr_array_unref (block->sections);
  g_ptr_array_unref (block->rows);
  g_ptr_array_unref (block->cells);
  g_free (block);
}

static Block *
block_new (PenGameView *self,
           PenLocation *location,
           int          l)
{
  const PenLocationDef *def = pen_location_get_def (location);
  g_autofree char *name = pen_location_dup_name (location);
  g_autofree char *topic = g_strdup_printf ("location-%s", pen_location_get_id (location));
  GtkWidget *name_label = pen_table_heading_new (name);
  GtkWidget *content = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *mark = gtk_label_new ("?");
  Block *block = g_new0 (Block, 1);

  block->sections = g_ptr_array_new_with_free_func (g_object_unref);
  block->rows = g_ptr_array_new ();
  block->cells = g_ptr_array_new ();
  gtk_label_set_xalign (GTK_LABEL (name_label), 0);
  /* The name opens the location's rule: "Brewery ?". */
  gtk_widget_add_css_class (mark, "dim-label");
  gtk_box_append (GTK_BOX (content), name_label);
  gtk_box_append (GTK_BOX (content), mark);
  block->name = pen_table_rule_link_new (self, topic, content);
  if (block->name == NULL)
    block->name = gtk_label_new (name);
  g_object_ref_sink (block->name);

  for (guint s = 0; s < def->n_sections; s++)
    {
      GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *appear;

      /* The section's name over its cells, where a location has several. */
      if (def->n_sections > 1 && pen_ui_section_name (def->sections[s].id) != NULL)
        {
          GtkWidget *section_label = gtk_label_new (pen_ui_section_name (def->sections[s].id));

          gtk_label_set_xalign (GTK_LABEL (section_label), 0);
          gtk_widget_add_css_class (section_label, "dim-label");
          gtk_widget_add_css_class (section_label, "caption");
          gtk_box_append (GTK_BOX (section), section_label);
        }
      for (guint c = 0; c < def->sections[s].n_cells; c++)
        {
          GtkWidget *button = new_cell_button (self, location, l, s, c);

          g_ptr_array_add (block->cells, button);
          gtk_box_append (GTK_BOX (box), button);
        }
      /* The place beside the cells (Appear), shut until it opens. */
      appear = new_cell_button (self, location, l, s, -1);
      gtk_widget_set_child_visible (appear, FALSE);
      pen_layout_untag (appear);
      gtk_box_append (GTK_BOX (box), appear);
      g_object_set_data (G_OBJECT (box), "pen-section", GUINT_TO_POINTER (s));
      g_ptr_array_add (block->rows, box);
      gtk_box_append (GTK_BOX (section), box);
      g_ptr_array_add (block->sections, g_object_ref_sink (section));
    }
  return block;
}

/* Takes @block off the table (to be laid out again). */
static void
block_remove (Block *block)
{
  GtkWidget *parent = gtk_widget_get_parent (block->name);

  if (parent != NULL)
    gtk_grid_remove (GTK_GRID (parent), block->name);
  for (guint s = 0; s < block->sections->len; s++)
    {
      GtkWidget *section = g_ptr_array_index (block->sections, s);

      if ((parent = gtk_widget_get_parent (section)) != NULL)
        gtk_grid_remove (GTK_GRID (parent), section);
    }
}

/* The Classes a row each: the name, then each section's cells; under them
 * the other locations, a name and its cells each, PLACES_PER_ROW to a row.
 * Laid out anew when the locations dealt change; a location's pieces are
 * built once (a Block each). */
static void
build_board (PenGameView *self)
{
  GtkGrid *classes, *places;
  GHashTableIter iter;
  gpointer block;
  guint n_classes = 0, n_places = 0;

  if (self->location_blocks == NULL)
    self->location_blocks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, block_free);
  g_hash_table_iter_init (&iter, self->location_blocks);
  while (g_hash_table_iter_next (&iter, NULL, &block))
    block_remove (block);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->cell_rows, g_ptr_array_unref);
  self->cells = g_ptr_array_new ();
  self->cell_rows = g_ptr_array_new ();
  pen_table_remove_children (GTK_WIDGET (self->locations_grid));
  classes = GTK_GRID (gtk_grid_new ());
  places = GTK_GRID (gtk_grid_new ());
  pen_table_grid_set_gaps (classes, 4, 12);
  pen_table_grid_set_gaps (places, 4, 8);
  gtk_grid_attach (self->locations_grid, GTK_WIDGET (classes), 0, 0, 1, 1);
  gtk_grid_attach (self->locations_grid, GTK_WIDGET (places), 0, 1, 1, 1);
  /* Before the Talents are chosen nothing is dealt: the board says why it
   * is empty rather than look broken. */
  if (pen_game_get_n_locations (self->game) == 0)
    {
      GtkWidget *waiting = gtk_label_new (_("The Classes, the City, the Wilds and the markets are laid out once "
                                            "the Talents are chosen: the Talents’ Disciplines choose the Classes."));

      gtk_label_set_wrap (GTK_LABEL (waiting), TRUE);
      gtk_label_set_xalign (GTK_LABEL (waiting), 0);
      gtk_widget_add_css_class (waiting, "dim-label");
      pen_layout_tag (waiting, "notice", "board-waiting", gtk_label_get_text (GTK_LABEL (waiting)));
      gtk_grid_attach (self->locations_grid, waiting, 0, 2, 1, 1);
    }

  for (guint l = 0; l < pen_game_get_n_locations (self->game); l++)
    {
      PenLocation *location = pen_game_get_location (self->game, l);
      Block *shown = g_hash_table_lookup (self->location_blocks, pen_location_get_id (location));
      GtkGrid *grid = pen_location_get_def (location)->n_sections > 1 ? classes : places;
      int row, column;

      if (shown == NULL)
        {
          shown = block_new (self, location, (int) l);
          g_hash_table_insert (self->location_blocks, g_strdup (pen_location_get_id (location)), shown);
        }
      if (grid == classes)
        {
          row = n_classes++;
          column = 0;
        }
      else
        {
          row = n_places / PLACES_PER_ROW;
          column = 2 * (n_places % PLACES_PER_ROW);
          n_places++;
        }
      gtk_grid_attach (grid, shown->name, column, row, 1, 1);
      for (guint s = 0; s < shown->sections->len; s++)
        {
          GtkWidget *box = g_ptr_array_index (shown->rows, s);
          GtkWidget *appear = gtk_widget_get_last_child (box);

          /* The Appear place is the game's: shut until this game opens it. */
          ((CellRef *) g_object_get_data (G_OBJECT (appear), "pen-cell"))->location = (int) l;
          gtk_widget_set_child_visible (appear, FALSE);
          pen_layout_untag (appear);
          g_object_set_data (G_OBJECT (box), "pen-location", GINT_TO_POINTER (l));
          g_ptr_array_add (self->cell_rows, box);
          gtk_grid_attach (grid, g_ptr_array_index (shown->sections, s), column + 1 + (int) s, row, 1, 1);
        }
      for (guint c = 0; c < shown->cells->len; c++)
        {
          GtkWidget *button = g_ptr_array_index (shown->cells, c);

          /* Its place in this game's list of locations. */
          ((CellRef *) g_object_get_data (G_OBJECT (button), "pen-cell"))->location = (int) l;
          g_ptr_array_add (self->cells, button);
        }
    }
}

/* The cells show the dice on them now; the board is laid out anew only
 * when other locations are dealt. Each cell takes clicks and drops while
 * the table offers actions (not in a review, nor once the game is over):
 * the cells' own sensitivity, never an insensitive board around them. A
 * location's pieces are kept from one game to the next (Block) and are off
 * the table while no location is dealt (a new game's Talents); GTK 4.8
 * leaves on a widget taken out of an insensitive parent the insensitive
 * state it inherited, and adds to it, never clears, the state of the parent
 * it is put in: the pieces of a game over or reviewed came back insensitive
 * under a board made sensitive meanwhile, and took no click or drop for
 * the rest of the game. */
void
pen_table_refresh_board (PenGameView *self)
{
  GString *shape = g_string_new (NULL);

  /* The locations are dealt with the Talents (and undone with them). */
  for (guint l = 0; l < pen_game_get_n_locations (self->game); l++)
    g_string_append_printf (shape, "%s;", pen_location_get_id (pen_game_get_location (self->game, l)));
  if (pen_table_model_region_changed (&self->model, PEN_TABLE_BOARD, shape))
    build_board (self);
  for (guint i = 0; i < self->cell_rows->len; i++)
    update_appear_cell (self, g_ptr_array_index (self->cell_rows, i));
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->cells, i);
      const CellRef *ref = g_object_get_data (G_OBJECT (button), "pen-cell");

      update_cell (self, button, pen_game_get_location (self->game, (guint) ref->location));
      gtk_widget_set_sensitive (button, self->model.actions != NULL);
    }
}
