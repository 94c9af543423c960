/* pen-piece-id.c: the layout id of every piece of the table (see
 * pen-piece-id.h and pen-layout-dump.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-piece-id"

#include "config.h"

#include "pen-piece-id.h"

/* A die of the player's supply: "die-3". */
char *
pen_piece_id_die (int index)
{
  return g_strdup_printf ("die-%d", index);
}

/* The @index-th die standing in the cell @cell_id: "cell-forest-0-0-die-1". */
char *
pen_piece_id_placed_die (const char *cell_id,
                         guint       index)
{
  return g_strdup_printf ("%s-die-%u", cell_id, index);
}

/* A location's cell: "cell-forest-0-1", or %NULL for no location. */
char *
pen_piece_id_cell (PenGame *game,
                   int      location,
                   int      section,
                   int      cell)
{
  g_return_val_if_fail (PEN_IS_GAME (game), NULL);

  if (location < 0 || (guint) location >= pen_game_get_n_locations (game))
    return NULL;
  return g_strdup_printf ("cell-%s-%d-%d", pen_location_get_id (pen_game_get_location (game, location)),
                          section, cell);
}

/* A Mark cell of a player's Wizard board: "mark-0-4". */
char *
pen_piece_id_mark (guint player,
                   int   cell)
{
  return g_strdup_printf ("mark-%u-%d", player, cell);
}

/* A market's card: "market-ruby-0", "market-brewery-1", "market-shop-0";
 * %NULL for no such place. */
char *
pen_piece_id_market (int deck,
                     int place)
{
  if (deck < 0 || deck >= PEN_N_DECKS || place < 0 || place > 1)
    return NULL;
  return g_strdup_printf ("market-%s-%d", deck < PEN_N_DISCIPLINES ? pen_discipline_get_id (deck)
                                          : deck == PEN_DECK_POTIONS ? "brewery" : "shop", place);
}

/* A place of the Contract row: "contract-2". */
char *
pen_piece_id_contract (int slot)
{
  return g_strdup_printf ("contract-%d", slot);
}

/* A place of the Trial row: "trial-1". */
char *
pen_piece_id_trial (int index)
{
  return g_strdup_printf ("trial-%d", index);
}

/* A card of the player's zones, by its index there: "card-5". */
char *
pen_piece_id_card (int index)
{
  return g_strdup_printf ("card-%d", index);
}

/* An Equipment cell of the Wizard board: "equipment-mantle". */
char *
pen_piece_id_equipment (const char *cell_name)
{
  return g_strdup_printf ("equipment-%s", cell_name);
}

/* An Ingredient's count on the Wizard board: "ingredient-blood". */
char *
pen_piece_id_ingredient (PenIngredient ingredient)
{
  return g_strdup_printf ("ingredient-%s", pen_ingredient_get_id (ingredient));
}

/* A Threat die, the dice that did something first (pen-threat-view.c). */
char *
pen_piece_id_threat (guint index)
{
  return g_strdup_printf ("threat-%u", index);
}

/* A Fate card in play: "fate-end-of-time". */
char *
pen_piece_id_fate (const char *card_id)
{
  return g_strdup_printf ("fate-%s", card_id);
}
