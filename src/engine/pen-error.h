/* pen-error.h: the engine's error domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PEN_ERROR (pen_error_quark ())

typedef enum
{
  /* A data file is missing, malformed or inconsistent. */
  PEN_ERROR_DATA,
  /* An action the rules do not allow; the message says why, in the player's words. */
  PEN_ERROR_ILLEGAL,
  /* A saved game (or a state file) that cannot be loaded. */
  PEN_ERROR_SAVE,
} PenError;

GQuark pen_error_quark (void);

G_END_DECLS
