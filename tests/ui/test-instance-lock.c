/* test-instance-lock.c: the lock of the running instance (issue 40,
 * src/ui/pen-instance-lock.c), without a window:
 * 1. taken in a folder that does not exist yet, it makes the folder and
 *    writes the holder's process id into penumbra.lock;
 * 2. while held, another take fails with G_IO_ERROR_BUSY and names the
 *    holder (flock() conflicts between two opens even in one process, as
 *    between two processes);
 * 3. once released, it can be taken again;
 * 4. a lock that cannot be taken at all (its folder cannot be made) fails
 *    with another error than BUSY, which the application does not take for
 *    another instance running.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "pen-instance-lock.h"

static void
test_take_release (void)
{
  g_autofree char *home = g_dir_make_tmp ("penumbra-lock-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (home, "data", "penumbra", NULL);
  g_autofree char *data = g_path_get_dirname (folder);
  g_autofree char *path = g_build_filename (folder, PEN_INSTANCE_LOCK_NAME, NULL);
  g_autofree char *text = NULL;
  g_autofree char *pid = g_strdup_printf ("%d\n", (int) getpid ());
  g_autoptr(GError) error = NULL;
  PenInstanceLock *lock, *second;
  GPid holder = -1;

  lock = pen_instance_lock_take (folder, &holder, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lock);
  g_assert_cmpint (holder, ==, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, pid);

  second = pen_instance_lock_take (folder, &holder, &error);
  g_assert_null (second);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_assert_cmpint (holder, ==, getpid ());
  g_clear_error (&error);

  pen_instance_lock_free (lock);
  second = pen_instance_lock_take (folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (second);
  pen_instance_lock_free (second);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_rmdir (data), ==, 0);
  g_assert_cmpint (g_rmdir (home), ==, 0);
}

static void
test_cannot_take (void)
{
  g_autofree char *home = g_dir_make_tmp ("penumbra-lock-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (home, "not-a-folder", NULL);
  g_autofree char *folder = g_build_filename (file, "penumbra", NULL);
  g_autoptr(GError) error = NULL;
  GPid holder = -1;

  /* A file where the data folder should be: the folder cannot be made. */
  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  g_assert_null (pen_instance_lock_take (folder, &holder, &error));
  g_assert_nonnull (error);
  g_assert_false (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY));
  g_assert_cmpint (holder, ==, 0);

  g_assert_cmpint (g_remove (file), ==, 0);
  g_assert_cmpint (g_rmdir (home), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/instance-lock/take-release", test_take_release);
  g_test_add_func ("/instance-lock/cannot-take", test_cannot_take);

  return g_test_run ();
}
