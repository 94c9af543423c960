/* pen-sim.c: penumbra-sim, the command-line face of the rules engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "penumbra-sim"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "pen-resource-die.h"

typedef int (*SimCommandFunc) (int argc, char **argv);

typedef struct
{
  const char     *name;
  SimCommandFunc  func;
  const char     *summary;
} SimCommand;

/* Loads every data file the engine knows, so a broken file fails here with the
 * loader's message (file, item, field) rather than in a game. */
static int
sim_validate_data (int    argc,
                   char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenResourceDie) resource_die = NULL;

  if (argc != 1)
    {
      g_printerr ("Usage: penumbra-sim validate-data\n");
      return 2;
    }

  resource_die = pen_resource_die_load (&error);
  if (resource_die == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_print ("%s: ok\n", PEN_RESOURCE_DIE_FILE);
  return 0;
}

static int
sim_version (int    argc,
             char **argv)
{
  g_print ("penumbra-sim %s\n", PACKAGE_VERSION);
  return 0;
}

static int sim_help (int argc, char **argv);

static const SimCommand commands[] = {
  { "validate-data", sim_validate_data, "Check every data file of the game" },
  { "version", sim_version, "Print the version" },
  { "help", sim_help, "List the commands" },
};

static int
sim_help (int    argc,
          char **argv)
{
  g_print ("Usage: penumbra-sim COMMAND [ARGUMENTS...]\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %-15s %s\n", commands[i].name, commands[i].summary);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  /* PENUMBRA_LOCALEDIR lets an uninstalled build find its own translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR") ? g_getenv ("PENUMBRA_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      sim_help (0, NULL);
      return 2;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].func (argc - 1, argv + 1);

  g_printerr ("penumbra-sim: unknown command “%s”; try “penumbra-sim help”\n", argv[1]);
  return 2;
}
