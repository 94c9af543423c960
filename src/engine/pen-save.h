/* pen-save.h: saved games on disk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* The largest file read as a save, and the largest game the loader takes
 * (pen_save_load_text(): once written again). A real save is at most some
 * 75 KB (written compact: docs/save-format.md, "Files on disk"); fourteen
 * times that is still a save, and anything larger is refused before it is
 * read whole. */
#define PEN_SAVE_MAX_SIZE (1024 * 1024)

/* The deepest nesting of lists and objects in a save's text. A real save
 * goes 7 deep (the state, "locations", a location, its "sections", a
 * section, a cell, a die); 16 leaves room for the format to grow, and stays
 * far below where json-glib's recursive parser runs out of stack (some 100
 * bytes a level: some 70,000 levels on an 8 MiB stack, 8,000 on 1 MiB). */
#define PEN_SAVE_MAX_DEPTH 16

gboolean  pen_save_write             (PenGame     *game,
                                      const char  *path,
                                      GError     **error);
PenGame  *pen_save_read              (const char  *path,
                                      GError     **error);
char     *pen_save_to_text           (PenGame     *game);
PenGame  *pen_save_load_text         (const char  *text,
                                      gsize        length,
                                      GError     **error);
gboolean  pen_save_check_text        (const char  *text,
                                      gsize        length,
                                      GError     **error);
guint     pen_save_text_depth        (const char  *text,
                                      gsize        length,
                                      guint        limit);
guint     pen_save_sweep_temporaries (const char  *path);

G_END_DECLS
