/* pen-mat.c: what the Wizard's and the Automa's mats share: their lines of
 * text and the mat itself, an SVG board drawn under the board strip
 * (pen-board-strip.c) from where its pieces lie: the mat's cloth and edge,
 * the Rest thread the Mark cells hang from, a plate under each Mark cell
 * (the Spark cells gilded) and the tracks of the Ingredients and of the
 * experience. The numbers and names are the strip's labels, over it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-mat"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pen-action-label.h"
#include "pen-art.h"
#include "pen-board-strip.h"
#include "pen-cards.h"
#include "pen-mat.h"
#include "pen-table-layout.h"

/* "A, B, C" from @ids, through @name_of; "none" when empty. */
char *
pen_mat_join_names (GPtrArray  *ids,
                    const char *(*name_of) (const char *id))
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    {
      const char *id = pen_ui_without_path (g_ptr_array_index (ids, i));

      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, id != NULL ? name_of (id) : "?");
    }
  if (text->len == 0)
    return g_strdup (_("none"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

const char *
pen_mat_card_name (const char *id)
{
  const PenCards *cards = pen_cards_get_default (NULL);
  const PenCard *card = cards != NULL ? pen_cards_find (cards, id) : NULL;

  return card != NULL ? pen_ui_card_name (card->name) : id;
}

/* Appends "<b>Title:</b> value" as a line of markup. */
void
pen_mat_append_line (GString    *markup,
                     const char *title,
                     const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);
  g_autofree char *heading = pen_table_heading_markup (title);

  if (markup->len > 0)
    g_string_append_c (markup, '\n');
  g_string_append_printf (markup, "%s %s", heading, escaped);
}

/* A player's Contracts and Trials, on their mat. */
void
pen_mat_append_quests (GString *markup,
                       PenGame *game,
                       guint    player)
{
  g_autofree char *fulfilled = pen_mat_join_names (pen_game_get_fulfilled_contracts (game, player), pen_ui_contract_name);
  g_autofree char *reserved = pen_mat_join_names (pen_game_get_reserved_contracts (game, player), pen_ui_contract_name);
  g_autofree char *passed = pen_mat_join_names (pen_game_get_passed_trials (game, player), pen_ui_fate_card_name);

  pen_mat_append_line (markup, _("Contracts fulfilled:"), fulfilled);
  pen_mat_append_line (markup, _("Contracts reserved:"), reserved);
  pen_mat_append_line (markup, _("Trials passed:"), passed);
}

/* Sets @markup on @label (and its tooltip, which says all of a line cut
 * short) unless it shows it already: a label set anew is measured anew. */
void
pen_mat_set_markup (GtkLabel   *label,
                    const char *markup)
{
  if (g_strcmp0 (gtk_label_get_label (label), markup) == 0)
    return;
  gtk_label_set_markup (label, markup);
  gtk_widget_set_tooltip_markup (GTK_WIDGET (label), markup);
}

/* The mat's colours, in the light and the dark style: a cloth, its edge,
 * the plates of the cells, the thread, the tracks. Text is drawn over them
 * in the style's own colour, which reads on both. */
typedef struct
{
  const char *cloth;
  const char *edge;
  const char *plate;
  const char *plate_edge;
  const char *spark;
  const char *thread;
  const char *track;
} MatLook;

static const MatLook looks[2] = {
  { "#f1e9d8", "#a38c63", "#fbf8f1", "#8c7650", "#f6e7b3", "#7a5c2e", "#e6dcc4" },
  { "#2f2b26", "#75664f", "#3b362f", "#9d8b6b", "#4a4128", "#c9a96a", "#38332c" },
};

static gboolean
bounds_of (GtkWidget       *widget,
           GtkWidget       *mat,
           graphene_rect_t *rect)
{
  return widget != NULL && gtk_widget_get_mapped (widget) && gtk_widget_compute_bounds (widget, mat, rect);
}

/* The mat as SVG, @width × @height logical pixels, around the pieces of
 * @strip. */
static char *
mat_svg (GtkWidget  *mat,
         double      ox,
         double      oy,
         GtkBox     *strip,
         GtkWidget  *heading,
         GtkWidget  *tray,
         GtkWidget  *zones,
         const char *accent,
         const char *symbol,
         gboolean    dark,
         int         width,
         int         height)
{
  const MatLook *look = &looks[dark];
  GString *svg = g_string_new (NULL);
  PenBoardStripParts parts;
  graphene_rect_t r;
  double rope_y = -1, rope_x0 = 0, rope_x1 = 0;
  int band = 16;

  if (bounds_of (heading, mat, &r))
    band = (int) (r.origin.y - oy + r.size.height + 3);

  g_string_append_printf (svg, "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
                          "viewBox='0 0 %d %d'>%s", width, height, symbol != NULL ? pen_art_symbol_defs () : "");
  /* The cloth, its edge, and a seam inside it. */
  g_string_append_printf (svg, "<rect x='1' y='1' width='%d' height='%d' rx='12' fill='%s' stroke='%s' stroke-width='1.5'/>",
                          width - 2, height - 2, look->cloth, accent != NULL ? accent : look->edge);
  /* The Automa's mat is washed in its colour; a band along the top of
   * either, under its heading. */
  if (accent != NULL)
    g_string_append_printf (svg, "<rect x='1' y='1' width='%d' height='%d' rx='12' fill='%s' fill-opacity='0.07'/>",
                            width - 2, height - 2, accent);
  g_string_append_printf (svg, "<path d='M1 13 a12 12 0 0 1 12 -12 h%d a12 12 0 0 1 12 12 v%d h-%d z' "
                          "fill='%s' fill-opacity='%s'/>",
                          width - 26, MAX (band - 12, 1), width - 2, accent != NULL ? accent : look->edge,
                          accent != NULL ? (dark ? "0.32" : "0.22") : (dark ? "0.35" : "0.25"));
  g_string_append_printf (svg, "<rect x='5' y='5' width='%d' height='%d' rx='9' fill='none' stroke='%s' "
                          "stroke-opacity='0.55' stroke-dasharray='4 3'/>",
                          width - 10, height - 10, accent != NULL ? accent : look->edge);
  if (symbol != NULL && height > 40)
    /* Its emblem, faint, in a corner. */
    g_string_append_printf (svg, "<use href='#%s' xlink:href='#%s' x='%d' y='%d' width='28' height='28' "
                            "fill='%s' opacity='0.35'/>", symbol, symbol, width - 38, height - 38,
                            accent != NULL ? accent : look->thread);

  if (!pen_board_strip_get_parts (strip, &parts))
    {
      g_string_append (svg, "</svg>");
      return g_string_free (svg, FALSE);
    }
  /* The pieces lie in the mat's content box, inside its padding. */
  g_string_append_printf (svg, "<g transform='translate(%.1f %.1f)'>", -ox, -oy);

  /* The tracks: a band under each row of counts. */
  for (guint i = 0; i < G_N_ELEMENTS (parts.rows); i++)
    if (bounds_of (parts.rows[i], mat, &r))
      g_string_append_printf (svg, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' rx='%.1f' fill='%s' "
                              "stroke='%s' stroke-opacity='0.5'/>",
                              r.origin.x - 6, r.origin.y - 2, r.size.width + 12, r.size.height + 4,
                              (r.size.height + 4) / 2, look->track, look->edge);

  /* The dice supply's tray, sunk into the mat; the zones' section. */
  if (bounds_of (zones, mat, &r) && r.size.height >= 8)
    g_string_append_printf (svg, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' rx='8' fill='%s' "
                            "fill-opacity='0.6' stroke='%s' stroke-opacity='0.6' stroke-dasharray='6 3'/>",
                            r.origin.x - 4, r.origin.y - 3, r.size.width + 8, r.size.height + 6,
                            look->plate, look->edge);
  if (bounds_of (tray, mat, &r) && r.size.height >= 8)
    g_string_append_printf (svg, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' rx='8' fill='%s' "
                            "stroke='%s' stroke-width='1.5'/>"
                            "<path d='M%.1f %.1f h%.1f' stroke='#000' stroke-opacity='0.18' stroke-width='2'/>",
                            r.origin.x - 3, r.origin.y - 3, r.size.width + 6, r.size.height + 6,
                            look->track, look->edge,
                            r.origin.x + 5, r.origin.y - 1, MAX (r.size.width - 10, 0));

  /* The Rest thread's start: a plate of its own. */
  if (bounds_of (parts.start, mat, &r))
    {
      g_string_append_printf (svg, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' rx='6' fill='%s' "
                              "stroke='%s' stroke-width='1.2'/>",
                              r.origin.x - 2, r.origin.y - 2, r.size.width + 4, r.size.height + 4,
                              look->plate, look->plate_edge);
      rope_x0 = r.origin.x + r.size.width / 2;
    }
  /* The Rest thread along the row of effects over the cells, each cell
   * hanging from it by a knot. */
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    if (bounds_of (parts.threads[c], mat, &r))
      {
        rope_y = r.origin.y + r.size.height;
        rope_x1 = r.origin.x + r.size.width;
      }
  if (rope_y >= 0)
    g_string_append_printf (svg, "<path d='M%.1f %.1f H%.1f' stroke='%s' stroke-width='2.5' stroke-linecap='round' "
                            "stroke-dasharray='7 2'/>", rope_x0, rope_y, rope_x1, look->thread);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      if (!bounds_of (parts.cells[c], mat, &r))
        continue;
      g_string_append_printf (svg, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' rx='6' fill='%s' "
                              "stroke='%s' stroke-width='1.2'/>",
                              r.origin.x, r.origin.y, r.size.width, r.size.height,
                              parts.spark[c] ? look->spark : look->plate, look->plate_edge);
      if (rope_y >= 0)
        g_string_append_printf (svg, "<path d='M%.1f %.1f V%.1f' stroke='%s' stroke-width='1.5'/>"
                                "<circle cx='%.1f' cy='%.1f' r='3' fill='%s'/>",
                                r.origin.x + r.size.width / 2, rope_y, r.origin.y, look->thread,
                                r.origin.x + r.size.width / 2, rope_y, look->thread);
    }
  g_string_append (svg, "</g></svg>");
  return g_string_free (svg, FALSE);
}

/**
 * pen_mat_snapshot:
 * @mat: the widget the mat lies under, all of it
 * @snapshot: its snapshot, before its children are drawn
 * @strip: (nullable): a box pen_board_strip_show() filled, inside @mat
 * @heading: (nullable): the mat's heading, inside @mat, over a band
 * @tray: (nullable): the dice supply, inside @mat, in a tray
 * @zones: (nullable): the Equipment and Grimoire, inside @mat, a section
 * @accent: (nullable): the mat's colour (the Automa's), or %NULL
 * @symbol: (nullable): its emblem, a symbol of symbols.svg
 *
 * Draws the mat at @mat's size, 1:1 on the screen, in the style shown.
 */
void
pen_mat_snapshot (GtkWidget   *mat,
                  GtkSnapshot *snapshot,
                  GtkBox      *strip,
                  GtkWidget   *heading,
                  GtkWidget   *tray,
                  GtkWidget   *zones,
                  const char  *accent,
                  const char  *symbol)
{
  graphene_rect_t own, shown;
  double zoom;
  int width, height;
  g_autofree char *svg = NULL;
  g_autofree char *key = NULL;
  GdkTexture *texture;

  /* All of the mat, its padding too (its content box is at 0, 0), as it
   * is on the screen. */
  if (!gtk_widget_compute_bounds (mat, mat, &own))
    return;
  width = (int) own.size.width;
  height = (int) own.size.height;
  if (width <= 4 || height <= 4)
    return;
  zoom = gtk_widget_compute_bounds (mat, GTK_WIDGET (gtk_widget_get_root (mat)), &shown)
         ? shown.size.width / own.size.width : 1;
  zoom *= gtk_widget_get_scale_factor (mat);
  svg = mat_svg (mat, own.origin.x, own.origin.y, strip, heading, tray, zones, accent, symbol, pen_art_is_dark (mat), width, height);
  /* What it shows is all in its text: the key is its hash. */
  key = g_strdup_printf ("mat/%08x/%zu", g_str_hash (svg), strlen (svg));
  texture = pen_art_svg (key, svg, (int) ceil (width * zoom - 0.01), (int) ceil (height * zoom - 0.01));
  if (texture != NULL)
    pen_art_append (snapshot, texture, own.origin.x, own.origin.y, zoom);
}
