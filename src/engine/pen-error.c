/* pen-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-error"

#include "config.h"

#include "pen-error.h"

G_DEFINE_QUARK (pen-error-quark, pen_error)
