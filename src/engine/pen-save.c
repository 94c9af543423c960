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
#include "pen-file.h"
#include "pen-save-shape.h"
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

/* The size of a file too large to be a save, in the units the player's file
 * manager shows (GNOME's are decimal: 1 MB is 1,000,000 bytes). */
static void
set_too_large (GError  **error,
               guint64   size)
{
  g_autofree char *size_text = g_format_size (size);
  g_autofree char *limit_text = g_format_size (PEN_SAVE_MAX_SIZE);

  /* Translators: the first %s is the size of the file ("2.1 MB"), the second the largest save ("1.0 MB") */
  g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
               _("This file is too large to be a Penumbra save (%s; a save is at most %s)."),
               size_text, limit_text);
}

/* Reads @path into @text (with a terminating nul) through
 * pen_file_read_regular(), the one way in of every file a player names: only
 * a regular file, opened without blocking (a named pipe as the autosave would
 * hold the window for ever), and at most PEN_SAVE_MAX_SIZE bytes (a file that
 * says it is larger is refused before it is read, one that turns out larger
 * once the first byte too many has come). */
static gboolean
read_limited (const char  *path,
              char       **text,
              gsize       *length,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  guint64 size = 0;

  if (pen_file_read_regular (path, PEN_SAVE_MAX_SIZE, text, length, &size, &local_error))
    return TRUE;
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
    set_too_large (error, size);
  else
    g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, local_error->message);
  return FALSE;
}

/**
 * pen_save_text_depth:
 * @text: JSON text, not necessarily well-formed
 * @length: its length in bytes
 * @limit: where to stop counting
 *
 * How deep lists and objects nest in @text, counted from its bytes without
 * parsing it: the brackets and braces opened and not yet closed, outside
 * strings (a quote or a bracket escaped inside a string is no delimiter).
 * Text that is not well-formed gets some answer; the parser refuses it.
 *
 * Returns: the deepest nesting, or @limit + 1 as soon as it goes deeper than
 *   @limit
 */
guint
pen_save_text_depth (const char *text,
                     gsize       length,
                     guint       limit)
{
  gboolean in_string = FALSE;
  guint depth = 0, deepest = 0;

  g_return_val_if_fail (text != NULL || length == 0, 0);

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;   /* the escaped character, whatever it is */
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > deepest)
            deepest = depth;
          if (deepest > limit)
            return limit + 1;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return deepest;
}

/**
 * pen_save_check_text:
 * @text: the contents of a file to be read as a save
 * @length: their length in bytes
 * @error: a place for the reason
 *
 * What can be checked of a save before it is parsed: that it is not larger
 * than %PEN_SAVE_MAX_SIZE and does not nest deeper than
 * %PEN_SAVE_MAX_DEPTH. Text that passes is safe to give to the JSON parser,
 * whose recursion a deeply nested file would otherwise exhaust.
 *
 * Returns: %FALSE with @error set (%PEN_ERROR_SAVE) if @text cannot be a save
 */
gboolean
pen_save_check_text (const char  *text,
                     gsize        length,
                     GError     **error)
{
  g_return_val_if_fail (text != NULL || length == 0, FALSE);

  if (length > PEN_SAVE_MAX_SIZE)
    {
      set_too_large (error, length);
      return FALSE;
    }
  if (pen_save_text_depth (text, length, PEN_SAVE_MAX_DEPTH) > PEN_SAVE_MAX_DEPTH)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("This file is not a saved game of Penumbra: its contents are nested more than %u levels deep."),
                   PEN_SAVE_MAX_DEPTH);
      return FALSE;
    }
  return TRUE;
}

/**
 * pen_save_read:
 * @path: a saved game
 *
 * Reads @path as a save: not larger than %PEN_SAVE_MAX_SIZE, text that
 * passes pen_save_check_text(), JSON, and a state that
 * pen_game_new_from_json() loads (which checks it with pen_save_check_shape()
 * first).
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

  if (!read_limited (path, &text, &length, error))
    return NULL;
  if (length == 0)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, _("The file is empty: it holds no saved game."));
      return NULL;
    }
  if (!pen_save_check_text (text, length, error))
    return NULL;
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
