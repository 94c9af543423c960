/* pen-board-strip.h: a Wizard board in pictures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pen-game.h"

G_BEGIN_DECLS

/* The pieces of a board strip a mat draws around (pen-mat.c). */
typedef struct
{
  GtkWidget *start;                      /* the Rest thread's start */
  GtkWidget *cells[PEN_N_MARK_CELLS];    /* the Mark cells' frames */
  GtkWidget *threads[PEN_N_MARK_CELLS];  /* the Rest thread over each */
  gboolean   spark[PEN_N_MARK_CELLS];
  GtkWidget *rows[2];                    /* the Ingredients; experience, Light and Darkness */
} PenBoardStripParts;

gboolean pen_board_strip_get_parts (GtkBox             *box,
                                    PenBoardStripParts *parts);
gboolean pen_board_strip_show  (GtkBox  *box,
                                PenGame *game,
                                guint    player);
void     pen_board_strip_clear (GtkBox  *box);

G_END_DECLS
