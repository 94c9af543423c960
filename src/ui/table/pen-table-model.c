/* pen-table-model.c: the table's model (see pen-table-model.h). The actions
 * are listed once per change of the game and indexed at once: by the
 * pieces they start on (pen-pieces.c), and the placements by die and cell;
 * a click on a piece, a die chosen or a cell lit then asks the index, not
 * the whole list again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-table-model"

#include "config.h"

#include "pen-pieces.h"
#include "pen-table-model.h"

void
pen_table_model_init (PenTableModel *self)
{
  memset (self, 0, sizeof *self);
  self->selected_die = -1;
  self->dragged_die = -1;
  self->hinted = g_ptr_array_new_with_free_func (g_object_unref);
}

static void
clear_actions (PenTableModel *self)
{
  g_clear_pointer (&self->actions, g_array_unref);
  g_clear_pointer (&self->by_piece, g_hash_table_unref);
  g_clear_pointer (&self->placements, g_hash_table_unref);
  g_clear_pointer (&self->placeable, g_hash_table_unref);
  self->can_place = FALSE;
}

void
pen_table_model_clear (PenTableModel *self)
{
  clear_actions (self);
  g_clear_pointer (&self->hinted, g_ptr_array_unref);
}

static char *
placement_key (int die,
               int location,
               int section,
               int cell)
{
  return g_strdup_printf ("%d:%d:%d:%d", die, location, section, cell);
}

/* Adds action @index to the list of @key in @table (taking @key). */
static void
index_add (GHashTable *table,
           char       *key,
           guint       index)
{
  GArray *indices;

  if (key == NULL)
    return;
  indices = g_hash_table_lookup (table, key);
  if (indices == NULL)
    {
      indices = g_array_new (FALSE, FALSE, sizeof (guint));
      g_hash_table_insert (table, key, indices);
    }
  else
    {
      g_free (key);
      /* An action whose two pieces are one is listed once. */
      if (g_array_index (indices, guint, indices->len - 1) == index)
        return;
    }
  g_array_append_val (indices, index);
}

/**
 * pen_table_model_set_actions:
 * @game: the game shown
 * @actions: (transfer full) (nullable): its actions offered now, or %NULL
 *   when the table offers none (a game over, a review)
 *
 * Takes the actions of the moment and indexes them.
 */
void
pen_table_model_set_actions (PenTableModel *self,
                             PenGame       *game,
                             GArray        *actions)
{
  clear_actions (self);
  self->actions = actions;
  if (actions == NULL)
    return;
  self->by_piece = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  self->placements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);
  self->placeable = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *action = &g_array_index (actions, PenAction, i);

      index_add (self->by_piece, pen_piece_of_action (game, action), i);
      index_add (self->by_piece, pen_piece_also_of_action (game, action), i);
      if (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
        {
          index_add (self->placements, placement_key (action->die, action->location, action->section, action->cell), i);
          g_hash_table_add (self->placeable, GINT_TO_POINTER (action->die + 1));
        }
      self->can_place |= action->type == PEN_ACTION_PLACE;
    }
}

/* The indices of the actions @piece (a layout id) offers, in the order
 * listed, or NULL for none. */
GArray *
pen_table_model_piece_actions (PenTableModel *self,
                               const char    *piece)
{
  return self->by_piece != NULL && piece != NULL ? g_hash_table_lookup (self->by_piece, piece) : NULL;
}

/* The indices of the placements of @die on the cell (-1: Appear, beside
 * the cells of @section), or NULL for none. */
GArray *
pen_table_model_placements (PenTableModel *self,
                            int            die,
                            int            location,
                            int            section,
                            int            cell)
{
  g_autofree char *key = NULL;

  if (self->placements == NULL)
    return NULL;
  key = placement_key (die, location, section, cell);
  return g_hash_table_lookup (self->placements, key);
}

/* Whether @die can be placed or knock out a die now. */
gboolean
pen_table_model_can_place_die (PenTableModel *self,
                               int            die)
{
  return self->placeable != NULL && g_hash_table_contains (self->placeable, GINT_TO_POINTER (die + 1));
}

const PenAction *
pen_table_model_action (PenTableModel *self,
                        guint          index)
{
  g_return_val_if_fail (self->actions != NULL && index < self->actions->len, NULL);
  return &g_array_index (self->actions, PenAction, index);
}

/* The first action of @type offered, or NULL. */
const PenAction *
pen_table_model_find (PenTableModel *self,
                      PenActionType  type)
{
  for (guint i = 0; self->actions != NULL && i < self->actions->len; i++)
    if (g_array_index (self->actions, PenAction, i).type == type)
      return &g_array_index (self->actions, PenAction, i);
  return NULL;
}
