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
 * pen_save_to_text:
 * @game: a game
 *
 * @game's state as the text pen_save_write() writes: compact JSON (no
 * indentation, which made a long game's save half as large again; the
 * loader's size limit counts what is written), always valid UTF-8.
 *
 * Returns: (transfer full): the text
 */
char *
pen_save_to_text (PenGame *game)
{
  g_autoptr(JsonNode) node = NULL;
  char *text;

  g_return_val_if_fail (PEN_IS_GAME (game), NULL);

  node = pen_game_to_json (game);
  text = json_to_string (node, FALSE);
  /* The loader repairs or refuses text that is not UTF-8, so the state
   * holds none; should some slip through, a save that every later start
   * would refuse is worse than a character shown as U+FFFD. */
  if (!g_utf8_validate (text, -1, NULL))
    {
      char *valid = g_utf8_make_valid (text, -1);

      g_warning ("The state of the game held text that is not UTF-8; it was repaired");
      g_free (text);
      text = valid;
    }
  return text;
}

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
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (PEN_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = pen_save_to_text (game);
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

/* The number that starts at @text[*i] (outside a string), its end in *i:
 * FALSE if it is a whole number that json-glib would read wrong. json-glib
 * reads a whole number into 64 bits without a word when it does not fit
 * (18446744073709551615 is -1, 9223372036854775808 is G_MININT64), and one
 * written with a leading zero as octal (010 is 8); JSON has no such numbers,
 * and a save could then load to a value that its text does not say. */
static gboolean
number_is_readable (const char *text,
                    gsize       length,
                    gsize      *i)
{
  gsize start = *i, digits;
  gboolean negative = text[start] == '-', whole = TRUE;
  guint64 value = 0, limit;
  gboolean overflow = FALSE;

  if (negative)
    (*i)++;
  digits = *i;
  for (; *i < length && g_ascii_isdigit (text[*i]); (*i)++)
    {
      guint d = text[*i] - '0';

      if (value > (G_MAXUINT64 - d) / 10)
        overflow = TRUE;
      else
        value = value * 10 + d;
    }
  for (; *i < length && (g_ascii_isdigit (text[*i]) || text[*i] == '.' || text[*i] == 'e' || text[*i] == 'E'
                         || text[*i] == '+' || text[*i] == '-'); (*i)++)
    whole = FALSE;
  (*i)--;
  if (!whole)
    return TRUE;   /* a number with a fraction or an exponent is no whole number: the loader says so */
  limit = negative ? (guint64) G_MAXINT64 + 1 : (guint64) G_MAXINT64;
  /* A "-" that ends the text has no digit after it to look at. */
  return !overflow && value <= limit && !(digits < length && text[digits] == '0' && *i > digits);
}

/* Refuses the number at @text[@start..@end] that json-glib would misread,
 * naming the member it is in (@key, the last name before it, or NULL). */
static gboolean
set_bad_number (const char  *text,
                gsize        start,
                gsize        end,
                const char  *key,
                gsize        key_length,
                GError     **error)
{
  g_autofree char *number = g_strndup (text + start, MIN (end - start + 1, 4 * PEN_SAVE_EXCERPT_CHARS));
  g_autofree char *number_excerpt = pen_save_excerpt (number);

  if (key != NULL)
    {
      g_autofree char *name = g_strndup (key, MIN (key_length, 4 * PEN_SAVE_EXCERPT_CHARS));
      g_autofree char *name_excerpt = pen_save_excerpt (name);

      /* Translators: the first %s is a member of the save's JSON
       * ("final-turns-left"), the second the number it holds */
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("The saved game is damaged: “%s” holds a number out of range (%s)."), name_excerpt,
                   number_excerpt);
    }
  else
    /* Translators: %s is the number */
    g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                 _("The saved game is damaged: it holds a number out of range (%s)."), number_excerpt);
  return FALSE;
}

/* The whole numbers of @text (outside strings), each one json-glib reads as
 * it is written, or the first that is not refused. */
static gboolean
check_numbers (const char  *text,
               gsize        length,
               GError     **error)
{
  gsize string_start = 0, string_end = 0;
  const char *key = NULL;
  gsize key_length = 0;
  gboolean in_string = FALSE, after_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            {
              in_string = FALSE;
              after_string = TRUE;
              string_end = i;
            }
          continue;
        }
      if (c == '"')
        {
          in_string = TRUE;
          string_start = i + 1;
        }
      else if (c == ':' && after_string)
        {
          key = text + string_start;
          key_length = string_end - string_start;
        }
      else if (c == '-' || g_ascii_isdigit (c))
        {
          gsize start = i;

          if (!number_is_readable (text, length, &i))
            return set_bad_number (text, start, i, key, key_length, error);
        }
      if (!g_ascii_isspace (c))
        after_string = FALSE;
    }
  return TRUE;
}

/**
 * pen_save_check_text:
 * @text: the contents of a file to be read as a save
 * @length: their length in bytes
 * @error: a place for the reason
 *
 * What can be checked of a save before it is parsed: that it is not larger
 * than %PEN_SAVE_MAX_SIZE, does not nest deeper than %PEN_SAVE_MAX_DEPTH,
 * and holds no whole number that json-glib would read as another (one that
 * does not fit in 64 bits, or written with a leading zero). Text that passes
 * is safe to give to the JSON parser, whose recursion a deeply nested file
 * would otherwise exhaust.
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
  return check_numbers (text, length, error);
}

/* json-glib's message of a parse error, made fit to show: UTF-8, and cut
 * short (it names the place first, then quotes the text it found there). */
static char *
parse_error_detail (const char *message)
{
  g_autofree char *valid = g_utf8_make_valid (message, -1);
  g_autofree char *head = NULL;

  if (g_utf8_strlen (valid, -1) <= 4 * PEN_SAVE_EXCERPT_CHARS)
    return g_steal_pointer (&valid);
  head = g_utf8_substring (valid, 0, 4 * PEN_SAVE_EXCERPT_CHARS);
  return g_strconcat (head, "…", NULL);
}

/**
 * pen_save_read:
 * @path: a saved game
 *
 * Reads @path as a save: not larger than %PEN_SAVE_MAX_SIZE, then loaded
 * with pen_save_load_text(): text that passes pen_save_check_text(), JSON, a
 * state that pen_game_new_from_json() loads (which checks it with
 * pen_save_check_shape() first), and a game written again within the limit.
 *
 * Returns: (transfer full): the game saved in @path, or %NULL with an error
 *   (%PEN_ERROR_SAVE) that says what is wrong with the file
 */
PenGame *
pen_save_read (const char  *path,
               GError     **error)
{
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!read_limited (path, &text, &length, error))
    return NULL;
  return pen_save_load_text (text, length, error);
}

/**
 * pen_save_load_text:
 * @text: the contents of a save file
 * @length: their length in bytes
 * @error: a place for the reason
 *
 * Loads @text as pen_save_read() loads a file: text that passes
 * pen_save_check_text(), JSON, a state that pen_game_new_from_json() loads,
 * and a game that pen_save_write() can write again within
 * %PEN_SAVE_MAX_SIZE (text can grow when written: a control character
 * written as it is in a string is written back as a six-character escape, an
 * older save's log and its missing members are written in full), so that
 * every save the game writes opens again.
 *
 * Returns: (transfer full): the game, or %NULL with an error
 *   (%PEN_ERROR_SAVE) that says what is wrong with the text
 */
PenGame *
pen_save_load_text (const char  *text,
                    gsize        length,
                    GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autofree char *written = NULL;
  gsize written_length;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length == 0)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, _("The file is empty: it holds no saved game."));
      return NULL;
    }
  if (!pen_save_check_text (text, length, error))
    return NULL;
  if (!json_parser_load_from_data (parser, text, length, &local_error))
    {
      /* json-glib says where; the player needs to know that it is not a
       * whole save. Its message quotes the file's text as it is, which may
       * be long and not UTF-8. */
      g_autofree char *detail = parse_error_detail (local_error->message);

      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("This file is not a saved game of Penumbra, or it is damaged or cut short (%s)."),
                   detail);
      return NULL;
    }
  game = pen_game_new_from_json (json_parser_get_root (parser), error);
  if (game == NULL)
    return NULL;
  written = pen_save_to_text (game);
  written_length = strlen (written);
  if (written_length > PEN_SAVE_MAX_SIZE)
    {
      g_autofree char *size_text = g_format_size (written_length);
      g_autofree char *limit_text = g_format_size (PEN_SAVE_MAX_SIZE);

      /* Translators: the first %s is the size of the game once saved ("2.1 MB"), the second the largest save ("4.2 MB") */
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("This file holds a game too large to be saved again (%s once saved; a save is at most %s)."),
                   size_text, limit_text);
      return NULL;
    }
  return g_steal_pointer (&game);
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
