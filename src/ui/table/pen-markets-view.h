/* pen-markets-view.h: the markets of the Classes in play, the Brewery and
 * the Shop, a region of the table (pen-region.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PEN_TYPE_MARKETS_VIEW (pen_markets_view_get_type ())
G_DECLARE_FINAL_TYPE (PenMarketsView, pen_markets_view, PEN, MARKETS_VIEW, GtkWidget)

G_END_DECLS
