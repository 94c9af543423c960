/* pen-save.c: saved games on disk: written whole or not at all, read with a
 * message in the player's words for every way a file can be wrong.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-save"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pen-error.h"
#include "pen-save.h"

/**
 * pen_save_write:
 * @game: the game to save
 * @path: where
 *
 * Writes @game's state (docs/save-format.md) to @path through a temporary
 * file beside it, renamed over @path once it is whole and on disk: a crash or
 * a kill at any moment leaves either the previous file or the new one.
 */
gboolean
pen_save_write (PenGame     *game,
                const char  *path,
                GError     **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  node = pen_game_to_json (game);
  text = json_to_string (node, TRUE);
  if (!g_file_set_contents_full (path, text, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE, _("The game could not be saved: %s"),
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * pen_save_read:
 * @path: a saved game
 *
 * Returns: (transfer full): the game saved in @path, or %NULL with an error
 *   (%PEN_ERROR_SAVE) that says what is wrong with the file
 */
PenGame *
pen_save_read (const char  *path,
               GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE, _("The file could not be read: %s"),
                   local_error->message);
      return NULL;
    }
  if (length == 0)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, _("The file is empty: it holds no saved game."));
      return NULL;
    }
  if (!json_parser_load_from_data (parser, text, length, &local_error))
    {
      /* json-glib says where; the player needs to know that it is not a whole save. */
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("This file is not a saved game of Penumbra, or it is damaged or cut short (%s)."),
                   local_error->message);
      return NULL;
    }
  return pen_game_new_from_json (json_parser_get_root (parser), error);
}

/**
 * pen_save_sweep_temporaries:
 * @path: a save file
 *
 * Deletes what a write to @path killed half way can leave: the temporary
 * files "NAME.XXXXXX" beside it (the save itself is always whole).
 *
 * Returns: how many files were deleted
 */
guint
pen_save_sweep_temporaries (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  gsize base_length = strlen (base);
  const char *name;
  guint n = 0;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = NULL;

      /* GLib's temporary name: the file's name, a dot and six characters. */
      if (strlen (name) != base_length + 7 || strncmp (name, base, base_length) != 0
          || name[base_length] != '.')
        continue;
      child = g_build_filename (folder, name, NULL);
      if (g_unlink (child) == 0)
        n++;
      else
        g_debug ("Cannot delete the temporary file %s: %s", child, g_strerror (errno));
    }
  return n;
}
