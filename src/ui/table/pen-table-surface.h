/* pen-table-surface.h: the table the game is played on, under its pieces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_TABLE_SURFACE (pen_table_surface_get_type ())
G_DECLARE_FINAL_TYPE (PenTableSurface, pen_table_surface, PEN, TABLE_SURFACE, AdwBin)

G_END_DECLS
