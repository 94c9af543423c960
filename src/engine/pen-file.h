/* pen-file.h: reading a file someone named: regular files only, never blocking.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean pen_file_read_regular (const char  *path,
                                gsize        limit,
                                char       **contents,
                                gsize       *length,
                                guint64     *size,
                                GError     **error);

G_END_DECLS
