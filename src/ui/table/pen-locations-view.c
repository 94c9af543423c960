/* pen-locations-view.c: the locations of the table, a region of its own
 * (pen-region.h): the four Class boards, each with its Mark, Card and Die
 * sections, then the City and the Wilds, a board each, their locations as
 * its sections. The boards and their cells are drawn as the game's own
 * components (pen-art.c): a board in its colour with its symbol, its
 * sections as panels, each cell a well in the colour of the die it takes,
 * with that die's symbol; names and numbers are labels over the art.
 *
 * A location's cells are built once (and kept from one game to the next)
 * and show their dice anew. A die is placed on them by drag and drop, by
 * clicking a die then a cell, or by keyboard (the same two clicks). While a
 * die is chosen or dragged (the table's model), the cells the engine allows
 * for it are lit. What placing asks of the table goes through its host.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-locations-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-die-view.h"
#include "pen-layout-dump.h"
#include "pen-locations-view.h"
#include "pen-piece-id.h"
#include "pen-region.h"
#include "pen-table-layout.h"

/* A die on a cell, and the symbol of the die an empty cell takes, in
 * pixels at the table's scale 1. */
#define PLACED_DIE_SIZE 34
#define CELL_SYMBOL_SIZE 26

/* The colours of the boards that are not a Discipline's, and of a Spark
 * die's cell and of any die's. */
#define CITY_COLOUR "#77767b"
#define WILDS_COLOUR "#865e3c"
#define SPARK_COLOUR "#c88800"
#define ANY_COLOUR "#9a9996"

typedef struct
{
  int location;
  int section;
  int cell;     /* -1: beside the cells (Appear) */
} CellRef;

/* ---- A cell: a button drawn as a well of its board ---- */

#define PEN_TYPE_LOCATION_CELL (pen_location_cell_get_type ())
G_DECLARE_FINAL_TYPE (PenLocationCell, pen_location_cell, PEN, LOCATION_CELL, GtkButton)

struct _PenLocationCell
{
  GtkButton   parent_instance;

  CellRef     ref;
  const char *colour;   /* of the die it takes (static) */
  gboolean    appear;   /* the place beside the cells */
  guint       min_players; /* printed on it ("3+", "4") when above 1 */
};

G_DEFINE_FINAL_TYPE (PenLocationCell, pen_location_cell, GTK_TYPE_BUTTON)

/* The well: in the colour of the die it takes (its symbol in it says which,
 * too), dashed for the place beside the cells, struck out when closed, and
 * ringed thick where the die chosen may go. */
static void
pen_location_cell_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  PenLocationCell *self = PEN_LOCATION_CELL (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double zoom = pen_art_zoom (widget);
  gboolean dark = pen_art_is_dark (widget);
  gboolean closed = gtk_widget_has_css_class (widget, "pen-cell-closed");
  gboolean legal = gtk_widget_has_css_class (widget, "pen-legal");
  int pixel_width = (int) ceil (width * zoom - 0.01);
  int pixel_height = (int) ceil (height * zoom - 0.01);
  g_autofree char *key = NULL;
  GdkTexture *texture;

  if (pixel_width > 0 && pixel_height > 0)
    {
      /* Open, a cell of a game of more players says so in its corner, as
       * printed; closed, its face does (closed_face()). */
      g_autofree char *players = !closed && self->min_players > 1
        ? (self->min_players < PEN_MAX_PLAYERS ? g_strdup_printf ("%u+", self->min_players)
                                               : g_strdup_printf ("%u", self->min_players))
        : g_strdup ("");

      key = g_strdup_printf ("location-cell/%s/%d/%d/%d/%d/%s/%dx%d", self->colour, self->appear, closed, legal, dark,
                             players, width, height);
      texture = pen_art_svg (key, NULL, pixel_width, pixel_height);
      if (texture == NULL)
        {
          const char *well = dark ? "#1c1c20" : "#ffffff";
          const char *accent = dark ? "#78aeed" : "#1c71d8";
          double r = MIN (width, height) * 0.16;
          g_autofree char *svg = NULL;
          g_autofree char *mark = *players != '\0'
            ? g_strdup_printf ("<text x='%d' y='%.1f' font-family='sans-serif' font-weight='bold' font-size='%.1f' "
                               "text-anchor='end' fill='%s'>%s</text>", width - 4, 3 + height * 0.24, height * 0.24,
                               dark ? "#deddda" : "#3d3846", players)
            : g_strdup ("");
          g_autofree char *strike = closed
            ? g_strdup_printf ("<line x1='4' y1='%d' x2='%d' y2='4' stroke='%s' stroke-opacity='0.6' "
                               "stroke-width='1.5'/>", height - 4, width - 4, dark ? "#deddda" : "#3d3846")
            : g_strdup ("");

          svg = g_strdup_printf ("<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
                                 "<rect x='1.5' y='1.5' width='%d' height='%d' rx='%.1f' fill='%s' fill-opacity='%s' "
                                 "stroke='%s' stroke-width='%s'%s/>"
                                 "<rect x='4' y='4' width='%d' height='%d' rx='%.1f' fill='none' stroke='%s' "
                                 "stroke-opacity='0.3' stroke-width='1'/>%s%s</svg>",
                                 width, height, width, height,
                                 width - 3, height - 3, r, well, closed ? "0.25" : "0.6",
                                 legal ? accent : self->colour, legal ? "3" : "1.5",
                                 self->appear ? " stroke-dasharray='4 3'" : "",
                                 MAX (1, width - 8), MAX (1, height - 8), MAX (0, r - 2), self->colour, strike, mark);
          texture = pen_art_svg (key, svg, pixel_width, pixel_height);
        }
      if (texture != NULL)
        pen_art_append (snapshot, texture, 0, 0, zoom);
    }
  GTK_WIDGET_CLASS (pen_location_cell_parent_class)->snapshot (widget, snapshot);
}

static void
pen_location_cell_class_init (PenLocationCellClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = pen_location_cell_snapshot;
}

static void
pen_location_cell_init (PenLocationCell *self)
{
}

/* ---- A board: a Class, the City or the Wilds ---- */

#define PEN_TYPE_LOCATION_BOARD (pen_location_board_get_type ())
G_DECLARE_FINAL_TYPE (PenLocationBoard, pen_location_board, PEN, LOCATION_BOARD, GtkWidget)

struct _PenLocationBoard
{
  GtkWidget   parent_instance;

  const char *colour;   /* static */
  GtkWidget  *header;   /* its symbol and name, at its left */
  /* Drawn over the widget's own box (its content box: a board has no CSS
   * padding, its children's margins keep them inside its frame). */
};

G_DEFINE_FINAL_TYPE (PenLocationBoard, pen_location_board, GTK_TYPE_WIDGET)

/* The board in its colour: a band at its left under its symbol and name, a
 * panel for each section (each child after the header), drawn where the
 * sections lie. */
static void
pen_location_board_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  PenLocationBoard *self = PEN_LOCATION_BOARD (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double zoom = pen_art_zoom (widget);
  gboolean dark = pen_art_is_dark (widget);
  int pixel_width = (int) ceil (width * zoom - 0.01);
  int pixel_height = (int) ceil (height * zoom - 0.01);
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) panels = g_string_new (NULL);
  graphene_rect_t bounds;
  int band = 0;
  GdkTexture *texture;

  if (pixel_width <= 0 || pixel_height <= 0)
    return;
  if (self->header != NULL && gtk_widget_compute_bounds (self->header, widget, &bounds))
    band = (int) ceil (bounds.origin.x + bounds.size.width);
  g_string_printf (key, "location-board/%s/%d/%dx%d/%d", self->colour, dark, width, height, band);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (child == self->header || !gtk_widget_get_visible (child)
          || !gtk_widget_compute_bounds (child, widget, &bounds))
        continue;
      g_string_append_printf (key, ";%d,%d,%d,%d", (int) bounds.origin.x, (int) bounds.origin.y,
                              (int) bounds.size.width, (int) bounds.size.height);
      g_string_append_printf (panels, "<rect x='%d.5' y='%d.5' width='%d' height='%d' rx='5' fill='%s' "
                              "fill-opacity='%s' stroke='%s' stroke-opacity='0.55' stroke-width='1'/>",
                              (int) bounds.origin.x, (int) bounds.origin.y,
                              MAX (1, (int) bounds.size.width - 1), MAX (1, (int) bounds.size.height - 1),
                              self->colour, dark ? "0.14" : "0.1", self->colour);
    }
  texture = pen_art_svg (key->str, NULL, pixel_width, pixel_height);
  if (texture == NULL)
    {
      g_autofree char *svg = NULL;

      svg = g_strdup_printf ("<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
                             "<defs><clipPath id='b'><rect x='1' y='1' width='%d' height='%d' rx='8'/></clipPath></defs>"
                             "<rect x='1' y='1' width='%d' height='%d' rx='8' fill='%s'/>"
                             "<rect x='1' y='1' width='%d' height='%d' rx='8' fill='%s' fill-opacity='%s'/>"
                             "<g clip-path='url(#b)'><rect x='0' y='0' width='%d' height='%d' fill='%s' fill-opacity='%s'/>"
                             "<rect x='0' y='0' width='5' height='%d' fill='%s'/></g>"
                             "%s"
                             "<rect x='1' y='1' width='%d' height='%d' rx='8' fill='none' stroke='%s' stroke-width='2'/>"
                             "</svg>",
                             width, height, width, height,
                             width - 2, height - 2,
                             width - 2, height - 2, dark ? "#2e2e32" : "#fbfaf7",
                             width - 2, height - 2, self->colour, dark ? "0.06" : "0.05",
                             band + 3, height, self->colour, dark ? "0.24" : "0.18",
                             height, self->colour,
                             panels->str,
                             width - 2, height - 2, self->colour);
      texture = pen_art_svg (key->str, svg, pixel_width, pixel_height);
    }
  if (texture != NULL)
    pen_art_append (snapshot, texture, 0, 0, zoom);
  GTK_WIDGET_CLASS (pen_location_board_parent_class)->snapshot (widget, snapshot);
}

static void
pen_location_board_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (pen_location_board_parent_class)->dispose (object);
}

static void
pen_location_board_class_init (PenLocationBoardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pen_location_board_dispose;
  widget_class->snapshot = pen_location_board_snapshot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pen-location-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
pen_location_board_init (PenLocationBoard *self)
{
}

/* A board in @colour: @symbol and @title (a link to its rule) at its left;
 * @name is what it is called (for accessibility tools). */
static GtkWidget *
location_board_new (const char *colour,
                    const char *symbol,
                    GtkWidget  *title,
                    const char *name)
{
  PenLocationBoard *self = g_object_new (PEN_TYPE_LOCATION_BOARD, NULL);
  GtkWidget *picture = pen_art_symbol_picture (symbol, colour, 30);

  self->colour = colour;
  self->header = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (self->header, "pen-board-header");
  gtk_widget_set_valign (self->header, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->header), picture);
  gtk_box_append (GTK_BOX (self->header), title);
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return GTK_WIDGET (self);
}

/* Puts @section on @board, after those there. */
static void
location_board_add (GtkWidget *board,
                    GtkWidget *section)
{
  gtk_widget_set_parent (section, board);
}

/* Takes @child (the header's title, a section) off whatever holds it. */
static void
take_off (GtkWidget *child)
{
  GtkWidget *parent = gtk_widget_get_parent (child);

  if (parent == NULL)
    return;
  if (GTK_IS_BOX (parent))
    gtk_box_remove (GTK_BOX (parent), child);
  else
    gtk_widget_unparent (child);
}

/* ---- The locations ---- */

struct _PenLocationsView
{
  GtkWidget      parent_instance;

  GtkBox        *boards;     /* the boards, one under another */
  GtkWidget     *waiting;    /* said while no location is dealt */
  PenGame       *game;       /* shown */
  PenTableModel *model;      /* the table's: the actions offered, the die chosen */
  char          *shape;      /* the locations dealt, as last laid out */
  GPtrArray     *cells;      /* the cells shown, in the keyboard's order */
  GPtrArray     *cell_rows;  /* each section's row of cells (its box) */
  GHashTable    *blocks;     /* each location's pieces, by id, kept (Block) */
};

static void pen_locations_view_region_init (PenRegionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PenLocationsView, pen_locations_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PEN_TYPE_REGION, pen_locations_view_region_init))

static void
show_notice (GtkWidget  *widget,
             const char *message)
{
  const PenTableHost *host = pen_table_host_find (widget);

  if (host != NULL)
    host->show_notice (host->table, message);
}

/* The legal placements of @die on @cell (PEN_ACTION_PLACE, or KNOCK_OUT for a
 * taken one), from the table's model. */
static GArray *
placements_on (PenLocationsView *self,
               int               die,
               const CellRef    *ref)
{
  GArray *indices = pen_table_model_placements (self->model, die, ref->location, ref->section, ref->cell);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (PenAction));

  for (guint i = 0; indices != NULL && i < indices->len; i++)
    g_array_append_val (found, *pen_table_model_action (self->model, g_array_index (indices, guint, i)));
  return found;
}

static void
set_class (GtkWidget  *widget,
           const char *name,
           gboolean    set)
{
  if (set == gtk_widget_has_css_class (widget, name))
    return;
  if (set)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
  gtk_widget_queue_draw (widget);
}

/**
 * pen_locations_view_highlight:
 * @self: the locations
 * @model: the table's model
 *
 * While a die is dragged or chosen (@model), the cells the engine allows
 * for it are marked and the others dimmed; with no die, neither.
 */
void
pen_locations_view_highlight (PenLocationsView *self,
                              PenTableModel    *model)
{
  int die;

  g_return_if_fail (PEN_IS_LOCATIONS_VIEW (self));

  self->model = model;
  die = model->dragged_die >= 0 ? model->dragged_die : model->selected_die;
  for (guint i = 0; self->cells != NULL && i < self->cells->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->cells, i);
      const CellRef *ref = &PEN_LOCATION_CELL (button)->ref;
      g_autoptr(GArray) legal = die >= 0 ? placements_on (self, die, ref) : NULL;

      /* While a die is chosen, the arrows move between the cells it can go to. */
      gtk_widget_set_focusable (button, legal == NULL || legal->len > 0);
      set_class (button, "pen-legal", legal != NULL && legal->len > 0);
      set_class (button, "pen-dimmed", legal != NULL && legal->len == 0);
    }
}

/**
 * pen_locations_view_focus_legal:
 * @self: the locations
 *
 * Moves the keyboard focus to the first cell lit for the die chosen.
 *
 * Returns: whether there was one
 */
gboolean
pen_locations_view_focus_legal (PenLocationsView *self)
{
  g_return_val_if_fail (PEN_IS_LOCATIONS_VIEW (self), FALSE);

  for (guint i = 0; self->cells != NULL && i < self->cells->len; i++)
    if (gtk_widget_has_css_class (g_ptr_array_index (self->cells, i), "pen-legal"))
      {
        gtk_widget_grab_focus (g_ptr_array_index (self->cells, i));
        return TRUE;
      }
  return FALSE;
}

static PenLocationsView *
cell_view (GtkWidget *button)
{
  return PEN_LOCATIONS_VIEW (gtk_widget_get_ancestor (button, PEN_TYPE_LOCATIONS_VIEW));
}

/* Places @die on the cell of @button: the engine's one legal placement there
 * is applied; when there are several (a Spark die's colour, which die a Red
 * die knocks out), a popover offers them; when there is none, the engine's
 * reason is shown and nothing changes. */
static void
place_die (PenLocationsView *self,
           int               die,
           GtkWidget        *button)
{
  const PenTableHost *host = pen_table_host_find (button);
  const CellRef *ref = &PEN_LOCATION_CELL (button)->ref;
  g_autoptr(GArray) legal = placements_on (self, die, ref);
  g_autoptr(GError) error = NULL;
  GtkWidget *box;

  if (host == NULL)
    return;
  self->model->selected_die = -1;
  if (legal->len == 1)
    {
      host->apply_action (host->table, &g_array_index (legal, PenAction, 0));
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
        show_notice (button, error->message);
      else
        show_notice (button, _("This die cannot be placed there now."));
      host->die_chosen (host->table);
      return;
    }

  box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 4);
  for (guint i = 0; i < legal->len; i++)
    {
      GtkWidget *choice = host->action_button (host->table, &g_array_index (legal, PenAction, i), NULL);

      gtk_widget_add_css_class (choice, "flat");
      gtk_box_append (GTK_BOX (box), choice);
    }
  host->show_popover (host->table, button, box);
  host->die_chosen (host->table);
}

/* A click on a cell places the chosen die there; with none chosen, it opens
 * what the cell can do (take back its die for a Rest effect). */
static void
cell_clicked_cb (GtkButton *button,
                 gpointer   user_data)
{
  PenLocationsView *self = cell_view (GTK_WIDGET (button));
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (button));
  const char *piece = gtk_widget_get_name (GTK_WIDGET (button));
  GtkWidget *box;

  if (self == NULL || host == NULL || self->model == NULL)
    return;
  if (self->model->selected_die >= 0)
    {
      place_die (self, self->model->selected_die, GTK_WIDGET (button));
      return;
    }
  if (host->answer_on_piece (host->table, piece))
    return;
  box = pen_table_box_new (GTK_ORIENTATION_VERTICAL, 4);
  if (host->append_piece_actions (host->table, GTK_BOX (box), piece) > 0)
    host->show_popover (host->table, GTK_WIDGET (button), box);
  else
    {
      g_object_ref_sink (box);
      g_object_unref (box);
      show_notice (GTK_WIDGET (button), _("Choose a die of your supply first, or drag it here."));
    }
}

static gboolean
cell_drop_cb (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              gpointer       user_data)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  PenLocationsView *self = cell_view (button);

  /* The table offers actions only while it takes them. */
  if (self == NULL || !G_VALUE_HOLDS_UINT (value) || self->model == NULL || self->model->actions == NULL)
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

/* The colour of the die @cell takes, which its well is drawn in. */
static const char *
cell_colour (PenLocation      *location,
             const PenCellDef *cell)
{
  if (cell == NULL)
    return pen_art_discipline_colour (PEN_DISCIPLINE_AMETHYST);
  if (cell->condition == PEN_CELL_SPARK)
    return SPARK_COLOUR;
  if (cell->condition == PEN_CELL_CLASS_COLOUR || cell->condition == PEN_CELL_CLASS_SIX)
    return pen_art_discipline_colour (pen_location_get_discipline (location));
  return ANY_COLOUR;
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
  picture = pen_art_symbol_picture (symbol, cell_colour (location, cell),
                                    cell->condition == PEN_CELL_CLASS_SIX ? CELL_SYMBOL_SIZE - 8 : CELL_SYMBOL_SIZE);
  if (cell->condition == PEN_CELL_CLASS_SIX)
    {
      GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 1);
      GtkWidget *six = gtk_label_new ("6");

      gtk_widget_add_css_class (six, "heading");
      gtk_widget_add_css_class (six, "numeric");
      gtk_box_append (GTK_BOX (box), picture);
      gtk_box_append (GTK_BOX (box), six);
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
 * "4", on a struck-out cell. */
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
update_cell (PenLocationsView *self,
             GtkWidget        *button,
             PenLocation      *location)
{
  const PenLocationDef *def = pen_location_get_def (location);
  const CellRef *ref = &PEN_LOCATION_CELL (button)->ref;
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
  gtk_widget_set_halign (content, GTK_ALIGN_CENTER);
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
  set_class (button, "pen-cell-closed", closed);
  gtk_widget_set_tooltip_text (button, tooltip->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip->str, -1);
  pen_layout_tag (button, "location-cell", gtk_widget_get_name (button), tooltip->str);
}

/* The button of cell @c (-1: beside the cells, Appear) of section @s of
 * location @l: made once, a drop target and a click to place. */
static GtkWidget *
new_cell_button (PenLocationsView *self,
                 PenLocation      *location,
                 int               l,
                 guint             s,
                 int               c)
{
  PenLocationCell *cell = g_object_new (PEN_TYPE_LOCATION_CELL, NULL);
  GtkWidget *button = GTK_WIDGET (cell);
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_autofree char *name = pen_piece_id_cell (self->game, l, (int) s, c);
  const PenSectionDef *section = &pen_location_get_def (location)->sections[s];

  cell->ref = (CellRef) { l, (int) s, c };
  cell->appear = c < 0;
  cell->colour = cell_colour (location, c >= 0 ? &section->cells[c] : NULL);
  cell->min_players = c >= 0 ? section->cells[c].min_players : 1;
  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "pen-cell");
  g_signal_connect (button, "clicked", G_CALLBACK (cell_clicked_cb), NULL);
  g_signal_connect (target, "drop", G_CALLBACK (cell_drop_cb), NULL);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (target));
  update_cell (self, button, location);
  return button;
}

/* Is any placement beside the cells (Appear) of @section legal now? Only
 * then, or when dice lie there, is that place shown. */
static gboolean
appear_is_open (PenLocationsView *self,
                int               location,
                guint             section)
{
  for (guint i = 0; self->model->actions != NULL && i < self->model->actions->len; i++)
    {
      const PenAction *action = &g_array_index (self->model->actions, PenAction, i);

      if (action->type == PEN_ACTION_PLACE && action->location == location
          && action->section == (int) section && action->cell < 0)
        return TRUE;
    }
  return FALSE;
}

/* The place beside the cells of section @s of location @l (Appear) is
 * open while a placement there is legal or dice lie there. It keeps its
 * room at the end of the section's row @row either way, so that no cell
 * moves as it opens and shuts: shut, it is left unmapped (neither drawn
 * nor taking input, no tooltip), out of the layout dump and out of the
 * cells' keyboard order. */
static void
update_appear_cell (PenLocationsView *self,
                    GtkWidget        *row)
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
      set_class (button, "pen-legal", FALSE);
      set_class (button, "pen-dimmed", FALSE);
    }
}

/* A location's pieces on the table: built the first time it is dealt, and
 * kept for as long as the view lives (another game dealing it shows the
 * same pieces). A Class's name heads its board, and its sections are the
 * board's; a location of the City or the Wilds is one section of their
 * board, its name over its cells. */
typedef struct
{
  GtkWidget *name;      /* a Class's name, a link to its rule; NULL for the others */
  GPtrArray *sections;  /* a column per section: its name, then its row of cells */
  GPtrArray *rows;      /* each section's row of cells */
  GPtrArray *cells;     /* its cells, in order (not the Appear place) */
} Block;

static void
block_free (gpointer data)
{
  Block *block = data;

  g_clear_object (&block->name);
  g_ptr_array_unref (block->sections);
  g_ptr_array_unref (block->rows);
  g_ptr_array_unref (block->cells);
  g_free (block);
}

/* The name of @location, a link to its rule: "Brewery ?". */
static GtkWidget *
location_name_new (PenLocationsView *self,
                   PenLocation      *location)
{
  const PenTableHost *host = pen_table_host_find (GTK_WIDGET (self));
  g_autofree char *name = pen_location_dup_name (location);
  g_autofree char *topic = g_strdup_printf ("location-%s", pen_location_get_id (location));
  GtkWidget *name_label = pen_table_heading_new (name);
  GtkWidget *content = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *mark = gtk_label_new ("?");
  GtkWidget *link;

  gtk_label_set_xalign (GTK_LABEL (name_label), 0);
  gtk_widget_add_css_class (mark, "dim-label");
  gtk_box_append (GTK_BOX (content), name_label);
  gtk_box_append (GTK_BOX (content), mark);
  link = host != NULL ? host->rule_link (host->table, topic, content) : NULL;
  /* Without a rule (the content was freed): the name alone. */
  if (link == NULL)
    link = gtk_label_new (name);
  return link;
}

/* A board wider than its pieces (the table is as wide as the window, its
 * scale set by its height) shares the room out between its cells, each in
 * the middle of its share, rather than leave it empty at the sections'
 * ends. Not the Appear place beside them: shut, it would leave its share
 * empty; it keeps its room after the last cell's. */
static void
spread (GtkWidget *cell)
{
  gtk_widget_set_hexpand (cell, TRUE);
  gtk_widget_set_halign (cell, GTK_ALIGN_CENTER);
}

static Block *
block_new (PenLocationsView *self,
           PenLocation      *location,
           int               l)
{
  const PenLocationDef *def = pen_location_get_def (location);
  Block *block = g_new0 (Block, 1);

  block->sections = g_ptr_array_new_with_free_func (g_object_unref);
  block->rows = g_ptr_array_new ();
  block->cells = g_ptr_array_new ();
  if (def->n_sections > 1)
    block->name = g_object_ref_sink (location_name_new (self, location));

  for (guint s = 0; s < def->n_sections; s++)
    {
      GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *box = pen_table_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *appear;

      gtk_widget_add_css_class (section, "pen-location-section");
      gtk_widget_set_hexpand (section, TRUE);
      /* The section's name over its cells, where a location has several;
       * a location of one section, its own name. */
      if (def->n_sections > 1 && pen_ui_section_name (def->sections[s].id) != NULL)
        {
          GtkWidget *section_label = gtk_label_new (pen_ui_section_name (def->sections[s].id));

          gtk_label_set_xalign (GTK_LABEL (section_label), 0);
          gtk_widget_add_css_class (section_label, "caption-heading");
          gtk_box_append (GTK_BOX (section), section_label);
        }
      else if (def->n_sections == 1)
        {
          GtkWidget *name = location_name_new (self, location);

          gtk_widget_set_halign (name, GTK_ALIGN_START);
          gtk_box_append (GTK_BOX (section), name);
        }
      for (guint c = 0; c < def->sections[s].n_cells; c++)
        {
          GtkWidget *button = new_cell_button (self, location, l, s, c);

          g_ptr_array_add (block->cells, button);
          spread (button);
          gtk_box_append (GTK_BOX (box), button);
        }
      /* The place beside the cells (Appear), shut until it opens. */
      appear = new_cell_button (self, location, l, s, -1);
      gtk_widget_set_child_visible (appear, FALSE);
      pen_layout_untag (appear);
      gtk_box_append (GTK_BOX (box), appear);
      g_object_set_data (G_OBJECT (box), "pen-section", GUINT_TO_POINTER (s));
      gtk_widget_set_vexpand (box, TRUE);
      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
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
  if (block->name != NULL)
    take_off (block->name);
  for (guint s = 0; s < block->sections->len; s++)
    take_off (g_ptr_array_index (block->sections, s));
}

static void
remove_boards (PenLocationsView *self)
{
  GtkWidget *child;

  if (self->boards == NULL)
    return;
  if (self->blocks != NULL)
    {
      GHashTableIter iter;
      gpointer block;

      g_hash_table_iter_init (&iter, self->blocks);
      while (g_hash_table_iter_next (&iter, NULL, &block))
        block_remove (block);
    }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->boards))) != NULL)
    gtk_box_remove (self->boards, child);
  self->waiting = NULL;
}

/* A board of the City or the Wilds, its title a heading. */
static GtkWidget *
area_board_new (const char *colour,
                const char *symbol,
                const char *title)
{
  GtkWidget *label = pen_table_heading_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return location_board_new (colour, symbol, label, title);
}

/* The Classes a board each, one under another, then the City's board and
 * the Wilds': each board's sections side by side, filling its width. Laid
 * out anew when the locations dealt change; a location's pieces are built
 * once (a Block each). */
static void
build_board (PenLocationsView *self)
{
  GtkWidget *city = NULL, *wilds = NULL;

  if (self->blocks == NULL)
    self->blocks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, block_free);
  remove_boards (self);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->cell_rows, g_ptr_array_unref);
  self->cells = g_ptr_array_new ();
  self->cell_rows = g_ptr_array_new ();
  /* Before the Talents are chosen nothing is dealt: the board says why it
   * is empty rather than look broken. */
  if (pen_game_get_n_locations (self->game) == 0)
    {
      self->waiting = gtk_label_new (_("The Classes, the City, the Wilds and the markets are laid out once "
                                       "the Talents are chosen: the Talents’ Disciplines choose the Classes."));
      gtk_label_set_wrap (GTK_LABEL (self->waiting), TRUE);
      gtk_label_set_xalign (GTK_LABEL (self->waiting), 0);
      gtk_widget_add_css_class (self->waiting, "dim-label");
      pen_layout_tag (self->waiting, "notice", "board-waiting", gtk_label_get_text (GTK_LABEL (self->waiting)));
      gtk_box_append (self->boards, self->waiting);
    }

  for (guint l = 0; l < pen_game_get_n_locations (self->game); l++)
    {
      PenLocation *location = pen_game_get_location (self->game, l);
      const PenLocationDef *def = pen_location_get_def (location);
      Block *shown = g_hash_table_lookup (self->blocks, pen_location_get_id (location));
      GtkWidget *board;

      if (shown == NULL)
        {
          shown = block_new (self, location, (int) l);
          g_hash_table_insert (self->blocks, g_strdup (pen_location_get_id (location)), shown);
        }
      if (shown->name != NULL)
        {
          PenDiscipline discipline = pen_location_get_discipline (location);
          g_autofree char *name = pen_location_dup_name (location);

          board = location_board_new (pen_art_discipline_colour (discipline), pen_discipline_get_id (discipline),
                                      shown->name, name);
          gtk_box_append (self->boards, board);
        }
      else if (def->area == PEN_AREA_WILDS)
        {
          if (wilds == NULL)
            wilds = area_board_new (WILDS_COLOUR, "wilds", _("Wilds"));
          board = wilds;
        }
      else
        {
          if (city == NULL)
            city = area_board_new (CITY_COLOUR, "society", _("City"));
          board = city;
        }
      for (guint s = 0; s < shown->sections->len; s++)
        {
          GtkWidget *box = g_ptr_array_index (shown->rows, s);
          GtkWidget *appear = gtk_widget_get_last_child (box);

          /* The Appear place is the game's: shut until this game opens it. */
          PEN_LOCATION_CELL (appear)->ref.location = (int) l;
          gtk_widget_set_child_visible (appear, FALSE);
          pen_layout_untag (appear);
          g_object_set_data (G_OBJECT (box), "pen-location", GINT_TO_POINTER (l));
          g_ptr_array_add (self->cell_rows, box);
          location_board_add (board, g_ptr_array_index (shown->sections, s));
        }
      for (guint c = 0; c < shown->cells->len; c++)
        {
          GtkWidget *button = g_ptr_array_index (shown->cells, c);

          /* Its place in this game's list of locations. */
          PEN_LOCATION_CELL (button)->ref.location = (int) l;
          g_ptr_array_add (self->cells, button);
        }
    }
  if (city != NULL)
    gtk_box_append (self->boards, city);
  if (wilds != NULL)
    gtk_box_append (self->boards, wilds);
  for (GtkWidget *board = gtk_widget_get_first_child (GTK_WIDGET (self->boards)); board != NULL;
       board = gtk_widget_get_next_sibling (board))
    gtk_widget_set_vexpand (board, TRUE);
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
static void
pen_locations_view_update (PenRegion     *region,
                           PenGame       *game,
                           PenTableModel *model)
{
  PenLocationsView *self = PEN_LOCATIONS_VIEW (region);
  g_autoptr(GString) shape = g_string_new (NULL);

  g_set_object (&self->game, game);
  self->model = model;
  if (game == NULL)
    return;
  /* The locations are dealt with the Talents (and undone with them). */
  for (guint l = 0; l < pen_game_get_n_locations (game); l++)
    g_string_append_printf (shape, "%s;", pen_location_get_id (pen_game_get_location (game, l)));
  if (self->cells == NULL || g_strcmp0 (self->shape, shape->str) != 0)
    {
      g_free (self->shape);
      self->shape = g_strdup (shape->str);
      build_board (self);
    }
  for (guint i = 0; i < self->cell_rows->len; i++)
    update_appear_cell (self, g_ptr_array_index (self->cell_rows, i));
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->cells, i);
      const CellRef *ref = &PEN_LOCATION_CELL (button)->ref;

      update_cell (self, button, pen_game_get_location (game, (guint) ref->location));
      gtk_widget_set_sensitive (button, model->actions != NULL);
    }
  pen_locations_view_highlight (self, model);
}

/* Another game is shown: nothing of this one's table is kept. */
static void
pen_locations_view_forget (PenRegion *region)
{
  PenLocationsView *self = PEN_LOCATIONS_VIEW (region);

  remove_boards (self);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->cell_rows, g_ptr_array_unref);
  g_clear_pointer (&self->blocks, g_hash_table_unref);
  g_clear_pointer (&self->shape, g_free);
  g_clear_object (&self->game);
}

static void
pen_locations_view_region_init (PenRegionInterface *iface)
{
  iface->update = pen_locations_view_update;
  iface->forget = pen_locations_view_forget;
}

static void
pen_locations_view_dispose (GObject *object)
{
  PenLocationsView *self = PEN_LOCATIONS_VIEW (object);

  pen_locations_view_forget (PEN_REGION (self));
  gtk_widget_dispose_template (GTK_WIDGET (self), PEN_TYPE_LOCATIONS_VIEW);
  G_OBJECT_CLASS (pen_locations_view_parent_class)->dispose (object);
}

static void
pen_locations_view_class_init (PenLocationsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pen_locations_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/trials_of_arcana/Penumbra/ui/pen-locations-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PenLocationsView, boards);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pen-locations");
}

static void
pen_locations_view_init (PenLocationsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
