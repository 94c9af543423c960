/* pen-instance-lock.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The lock's file, beside the autosave in the data folder. */
#define PEN_INSTANCE_LOCK_NAME "penumbra.lock"

typedef struct _PenInstanceLock PenInstanceLock;

PenInstanceLock *pen_instance_lock_take (const char  *folder,
                                         GPid        *holder,
                                         GError     **error);
void             pen_instance_lock_free (PenInstanceLock *lock);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenInstanceLock, pen_instance_lock_free)

G_END_DECLS
