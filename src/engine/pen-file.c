/* pen-file.c: reading a file someone named (a save the player opens, the
 * autosave, a state file of penumbra-sim, a data file of PENUMBRA_DATA_DIR):
 * only a regular file is read, and nothing waits on the way.
 *
 * A path can name a named pipe (FIFO), a folder or a device as well as a
 * file. Opened as a file is, a named pipe with no writer blocks open() for
 * ever (the window never shows, penumbra-sim never ends), and /dev/zero never
 * ends. So the path is opened without blocking, what was opened is checked
 * with fstat() (the descriptor, not the name, so that nothing can be swapped
 * in between), and anything but a regular file is refused in the player's
 * words before a byte is read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pen-file.h"

/* What a path that is no file is, in the words of a file manager. */
static const char *
kind_of (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a folder");
  if (S_ISFIFO (mode))
    return _("a named pipe");
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return _("a device");
  if (S_ISSOCK (mode))
    return _("a socket");
  return NULL;
}

static void
set_errno_error (GError     **error,
                 const char  *path,
                 int          saved_errno)
{
  g_autofree char *name = g_filename_display_basename (path);

  /* Translators: the first %s is a file name, the second the system's reason ("No such file or directory") */
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("The file “%s” could not be read: %s"), name, g_strerror (saved_errno));
}

/**
 * pen_file_read_regular:
 * @path: the file to read
 * @limit: the most bytes that may be read
 * @contents: (out) (transfer full): what @path holds, with a terminating nul
 * @length: (out): its length in bytes, without the nul
 * @size: (out) (optional): the file's size as far as it is known, set also
 *   when the file is refused as too large
 *
 * Reads @path if it is a regular file of at most @limit bytes. It is opened
 * with O_NONBLOCK, so that a named pipe with no writer cannot hold the
 * caller, and checked with fstat() before it is read; a file that says it is
 * larger than @limit is refused before it is read, and one that turns out
 * larger once the first byte too many has come.
 *
 * Returns: %FALSE with @error set (%G_IO_ERROR, %G_IO_ERROR_MESSAGE_TOO_LARGE
 *   if the file is larger than @limit) and a message for the player that names the
 *   file and says what is wrong
 */
gboolean
pen_file_read_regular (const char  *path,
                       gsize        limit,
                       char       **contents,
                       gsize       *length,
                       guint64     *size,
                       GError     **error)
{
  g_autofree char *buffer = NULL;
  struct stat info;
  gsize n = 0;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (limit < G_MAXSIZE - 1, FALSE);
  g_return_val_if_fail (contents != NULL && length != NULL, FALSE);

  if (size != NULL)
    *size = 0;
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    {
      set_errno_error (error, path, errno);
      return FALSE;
    }
  if (fstat (fd, &info) != 0)
    {
      int saved_errno = errno;

      g_close (fd, NULL);
      set_errno_error (error, path, saved_errno);
      return FALSE;
    }
  if (!S_ISREG (info.st_mode))
    {
      g_autofree char *name = g_filename_display_basename (path);
      const char *kind = kind_of (info.st_mode);

      g_close (fd, NULL);
      if (kind != NULL)
        /* Translators: %s is a file name; the second what it is instead ("a folder", "a named pipe", "a device") */
        g_set_error (error, G_IO_ERROR,
                     S_ISDIR (info.st_mode) ? G_IO_ERROR_IS_DIRECTORY : G_IO_ERROR_NOT_REGULAR_FILE,
                     _("“%s” is not a file: it is %s."), name, kind);
      else
        /* Translators: %s is a file name */
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("“%s” is not a file."), name);
      return FALSE;
    }
  if (size != NULL)
    *size = (guint64) MAX (info.st_size, 0);
  if ((guint64) MAX (info.st_size, 0) > limit)
    {
      g_close (fd, NULL);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, g_strerror (EFBIG));
      return FALSE;
    }

  /* One byte more than @limit, to see a file that grew since fstat(). */
  buffer = g_malloc (limit + 2);
  while (n < limit + 1)
    {
      gssize got = read (fd, buffer + n, limit + 1 - n);

      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved_errno = errno;

          g_close (fd, NULL);
          set_errno_error (error, path, saved_errno);
          return FALSE;
        }
      if (got == 0)
        break;
      n += (gsize) got;
    }
  g_close (fd, NULL);
  if (n > limit)
    {
      if (size != NULL)
        *size = MAX (*size, (guint64) n);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, g_strerror (EFBIG));
      return FALSE;
    }
  buffer[n] = '\0';
  *contents = g_steal_pointer (&buffer);
  *length = n;
  return TRUE;
}
