/* pen-instance-lock.c: one running Penumbra per data folder.
 *
 * Two windows playing at once would both write the same autosave, the last
 * writer's game replacing the other's. With a D-Bus session bus GApplication
 * already keeps one instance (a second start hands its files to the first);
 * without one (no session, a bus that cannot be reached) every start is
 * primary. So the primary instance also takes an flock() on a file beside the
 * autosave for as long as it runs: the kernel releases it when the process
 * ends, however it ends, so no stale lock survives a crash or a kill.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-instance-lock"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "pen-instance-lock.h"

struct _PenInstanceLock
{
  int fd;
};

/* The process id the holder wrote into the file, or 0 if it cannot be read
 * (the holder may not have written it yet). */
static GPid
read_holder (int fd)
{
  char text[32] = { 0 };
  ssize_t n = pread (fd, text, sizeof text - 1, 0);
  gint64 pid;

  if (n <= 0)
    return 0;
  text[n] = '\0';
  pid = g_ascii_strtoll (text, NULL, 10);
  return pid > 0 && pid <= G_MAXINT ? (GPid) pid : 0;
}

static void
set_error_from_errno (GError     **error,
                      int          saved_errno,
                      const char  *what,
                      const char  *path)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "%s %s: %s", what, display, g_strerror (saved_errno));
}

/**
 * pen_instance_lock_take:
 * @folder: the data folder, where the autosave is (made if missing)
 * @holder: (out) (optional): when another process holds the lock, its id
 *   (0 if unknown)
 * @error: %G_IO_ERROR_BUSY when another process holds the lock; another code
 *   when the lock cannot be taken at all (a read-only folder, a file system
 *   without locks)
 *
 * Takes the lock of @folder, held until pen_instance_lock_free() or the end
 * of the process. Its file is kept: an flock() is on the open file, not on
 * its name, so a file left behind locks nothing.
 *
 * Returns: (transfer full) (nullable): the lock, or %NULL with @error set
 */
PenInstanceLock *
pen_instance_lock_take (const char  *folder,
                        GPid        *holder,
                        GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *pid = NULL;
  PenInstanceLock *lock;
  int fd;

  g_return_val_if_fail (folder != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (holder != NULL)
    *holder = 0;
  path = g_build_filename (folder, PEN_INSTANCE_LOCK_NAME, NULL);
  if (g_mkdir_with_parents (folder, 0755) != 0)
    {
      set_error_from_errno (error, errno, "Cannot make the folder of", path);
      return NULL;
    }
  /* Close-on-exec: a program started from the window (a browser opened from
   * About) must not inherit the descriptor and keep the lock after we quit. */
  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      set_error_from_errno (error, errno, "Cannot open", path);
      return NULL;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == EWOULDBLOCK)
        {
          GPid other = read_holder (fd);

          if (holder != NULL)
            *holder = other;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                       "%s is held by another process (%d)", PEN_INSTANCE_LOCK_NAME, (int) other);
        }
      else
        set_error_from_errno (error, saved_errno, "Cannot lock", path);
      close (fd);
      return NULL;
    }
  /* For whoever looks at the file, and for the message of a second start:
   * who holds it. */
  pid = g_strdup_printf ("%d\n", (int) getpid ());
  if (ftruncate (fd, 0) != 0 || pwrite (fd, pid, strlen (pid), 0) < 0)
    g_debug ("Could not write the process id into %s: %s", path, g_strerror (errno));

  lock = g_new0 (PenInstanceLock, 1);
  lock->fd = fd;
  return lock;
}

/**
 * pen_instance_lock_free:
 * @lock: (transfer full) (nullable): a lock
 *
 * Releases @lock (closing its file releases the flock()).
 */
void
pen_instance_lock_free (PenInstanceLock *lock)
{
  if (lock == NULL)
    return;
  close (lock->fd);
  g_free (lock);
}
