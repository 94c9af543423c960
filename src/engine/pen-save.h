/* pen-save.h: saved games on disk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

gboolean  pen_save_write             (PenGame     *game,
                                      const char  *path,
                                      GError     **error);
PenGame  *pen_save_read              (const char  *path,
                                      GError     **error);
guint     pen_save_sweep_temporaries (const char  *path);

G_END_DECLS
