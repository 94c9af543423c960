/* main.c: the penumbra executable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "penumbra"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "pen-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PenApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* PENUMBRA_LOCALEDIR lets an uninstalled build find its own translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR") ? g_getenv ("PENUMBRA_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = pen_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
