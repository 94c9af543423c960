/* pen-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "pen-application.h"

G_BEGIN_DECLS

#define PEN_TYPE_WINDOW (pen_window_get_type ())

G_DECLARE_FINAL_TYPE (PenWindow, pen_window, PEN, WINDOW, AdwApplicationWindow)

PenWindow *pen_window_new (PenApplication *application);

G_END_DECLS
