/* test-colours.c: the colours drawn on the table are the rulebook's. The art's
 * and the stylesheets' colours are read from their files, as shipped, and each
 * Discipline's hue is checked against the colour the rulebook gives it; the
 * words the card texts and the log use for the colours are checked too.
 *
 * Rulebook section: "Disciplines": "Each Discipline corresponds to Marks
 * (tokens with the symbol of that Discipline), cards (Spells, Potions, Pets),
 * dice and Ingredients of the same colour", and its table:
 *
 *   Discipline  Colour  Ingredient
 *   Ruby        Red     Blood
 *   Amber       Orange  Crystals
 *   Jasper      Yellow  Jewels
 *   Emerald     Green   Fruits
 *   Sapphire    Blue    Trinkets
 *   Amethyst    Purple  Arcana
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdio.h>

#include "pen-types.h"

/* The rulebook's table, with the hues (in degrees, from..to, wrapping at 360)
 * that a player calls by the colour's name. */
static const struct
{
  const char *discipline;
  const char *colour;
  const char *ingredient;
  double      hue_from;
  double      hue_to;
} rulebook[PEN_N_DISCIPLINES] = {
  { "ruby", "Red", "blood", 340, 12 },
  { "amber", "Orange", "crystals", 15, 38 },
  { "jasper", "Yellow", "jewels", 43, 65 },
  { "emerald", "Green", "fruits", 80, 170 },
  { "sapphire", "Blue", "trinkets", 195, 245 },
  { "amethyst", "Purple", "arcana", 260, 320 },
};

static char *
source_text (const char *first,
             ...)
{
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  va_list args;

  g_ptr_array_add (parts, (gpointer) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, (gpointer) "..");
  va_start (args, first);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **) parts->pdata);
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The hue of "#rrggbb", in degrees. */
static double
hue_of (const char *colour)
{
  guint r, g, b;
  double max, min, h;

  g_assert_cmpint (sscanf (colour, "#%2x%2x%2x", &r, &g, &b), ==, 3);
  max = MAX (r, MAX (g, b));
  min = MIN (r, MIN (g, b));
  g_assert_cmpfloat (max - min, >, 0);
  if (max == r)
    h = 60 * ((g - (double) b) / (max - min) + (g < b ? 6 : 0));
  else if (max == g)
    h = 60 * ((b - (double) r) / (max - min) + 2);
  else
    h = 60 * ((r - (double) g) / (max - min) + 4);
  return h;
}

/* Fails, naming @where, unless @colour is the rulebook's colour of Discipline @d. */
static void
assert_colour_of (guint       d,
                  const char *colour,
                  const char *where)
{
  double hue = hue_of (colour);
  gboolean in_range = rulebook[d].hue_from < rulebook[d].hue_to
    ? hue >= rulebook[d].hue_from && hue <= rulebook[d].hue_to
    : hue >= rulebook[d].hue_from || hue <= rulebook[d].hue_to;

  if (!in_range)
    g_error ("%s: %s is drawn %s (hue %.0f), which is not %s (hue %.0f to %.0f)",
             where, rulebook[d].discipline, colour, hue, rulebook[d].colour,
             rulebook[d].hue_from, rulebook[d].hue_to);
}

/* The engine's Disciplines, Ingredients and colour words follow the table: the
 * Ingredient of Discipline d is Ingredient d (the window draws it in
 * Discipline d's colour), and "a Yellow die" is a Jasper one. */
static void
test_colours_names (void)
{
  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    {
      g_assert_cmpstr (pen_discipline_get_id (d), ==, rulebook[d].discipline);
      g_assert_cmpstr (pen_ingredient_get_id ((PenIngredient) d), ==, rulebook[d].ingredient);
      g_assert_cmpstr (pen_discipline_get_colour_name (d), ==, rulebook[d].colour);
    }
}

/* The dice, Marks and Ingredients: the body colours of src/ui/pen-art.c,
 * "[PEN_DISCIPLINE_RUBY] = { "ruby", "#c01c28", …". */
static void
test_colours_art (void)
{
  g_autofree char *text = source_text ("src", "ui", "pen-art.c", NULL);
  g_autoptr(GRegex) regex = g_regex_new ("\\[PEN_DISCIPLINE_[A-Z]+\\]\\s*=\\s*\\{\\s*\"([a-z]+)\",\\s*\"(#[0-9a-fA-F]{6})\"",
                                         0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint seen = 0;

  for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *id = g_match_info_fetch (match, 1);
      g_autofree char *colour = g_match_info_fetch (match, 2);

      for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
        if (g_str_equal (id, rulebook[d].discipline))
          {
            assert_colour_of (d, colour, "src/ui/pen-art.c, its dice");
            seen |= 1 << d;
          }
    }
  g_assert_cmphex (seen, ==, (1 << PEN_N_DISCIPLINES) - 1);
}

/* The symbols take the colour they are drawn with: none has one of its own
 * that could contradict it. */
static void
test_colours_symbols (void)
{
  g_autofree char *text = source_text ("resources", "art", "symbols.svg", NULL);

  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    {
      g_autofree char *start = g_strdup_printf ("<symbol id=\"%s\"", rulebook[d].discipline);
      const char *symbol = strstr (text, start);
      const char *end = symbol != NULL ? strstr (symbol, "</symbol>") : NULL;
      g_autofree char *body = NULL;

      g_assert_nonnull (end);
      body = g_strndup (symbol, end - symbol);
      g_assert_null (strstr (body, "fill=\"#"));
      g_assert_null (strstr (body, "stroke=\"#"));
    }
}

/* The card frames of a stylesheet: ".pen-card-ruby { border-color: #c01c28; }". */
static void
assert_stylesheet (const char *name)
{
  g_autofree char *text = source_text ("resources", name, NULL);
  g_autofree char *where = g_strdup_printf ("resources/%s, its card frames", name);

  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    {
      g_autofree char *pattern = g_strdup_printf ("\\.pen-card-%s\\s*\\{\\s*border-color:\\s*(#[0-9a-fA-F]{6})",
                                                  rulebook[d].discipline);
      g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
      g_autoptr(GMatchInfo) match = NULL;
      g_autofree char *colour = NULL;

      if (!g_regex_match (regex, text, 0, &match))
        g_error ("%s: no frame colour for %s", where, rulebook[d].discipline);
      colour = g_match_info_fetch (match, 1);
      assert_colour_of (d, colour, where);
    }
}

static void
test_colours_light (void)
{
  assert_stylesheet ("style.css");
}

static void
test_colours_dark (void)
{
  assert_stylesheet ("style-dark.css");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/colours/names", test_colours_names);
  g_test_add_func ("/colours/art", test_colours_art);
  g_test_add_func ("/colours/symbols", test_colours_symbols);
  g_test_add_func ("/colours/light", test_colours_light);
  g_test_add_func ("/colours/dark", test_colours_dark);

  return g_test_run ();
}
