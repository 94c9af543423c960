/* pen-hint.h: the coach's hint for the window, searched off the main thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pen-coach.h"
#include "pen-game.h"

G_BEGIN_DECLS

guint64  pen_hint_seed          (PenGame              *game);
void     pen_hint_search_async  (gpointer              source,
                                 PenGame              *game,
                                 GCancellable         *cancellable,
                                 GAsyncReadyCallback   callback,
                                 gpointer              user_data);
gboolean pen_hint_search_finish (GAsyncResult         *result,
                                 PenCoachAdvice       *advice,
                                 GError              **error);
char    *pen_hint_describe      (PenGame              *game,
                                 const PenCoachAdvice *advice);

G_END_DECLS
