/* pen-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PEN_TYPE_APPLICATION (pen_application_get_type ())

G_DECLARE_FINAL_TYPE (PenApplication, pen_application, PEN, APPLICATION, AdwApplication)

PenApplication *pen_application_new (void);

G_END_DECLS
