/* test-files.c: files that are not saves (issue 40, "only regular files,
 * never blocking"). Every save is read through pen_save_read(), and every
 * file someone names through pen_file_read_regular(): a named pipe with no
 * writer, a folder and a device are refused at once, in the player's words,
 * and a regular file is read up to its limit and no further.
 *
 * A named pipe once blocked open() for ever, so each test runs under an
 * alarm(): a regression is killed by SIGALRM and fails instead of hanging.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pen-error.h"
#include "pen-file.h"
#include "pen-save.h"

/* Long enough for a loaded machine, far shorter than the test's timeout. */
#define GUARD_SECONDS 10

static char *
make_fifo (char **folder)
{
  g_autoptr(GError) error = NULL;
  char *path;

  *folder = g_dir_make_tmp ("penumbra-files-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*folder, "pipe.penumbra", NULL);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  return path;
}

static void
assert_save_refused (const char *path,
                     const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  alarm (GUARD_SECONDS);
  game = pen_save_read (path, &error);
  alarm (0);
  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_cmpstr (error->message, ==, expected);
}

/* A named pipe with no writer: refused at once, not waited on. */
static void
test_files_fifo (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *fifo = make_fifo (&folder);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  assert_save_refused (fifo, "“pipe.penumbra” is not a file: it is a named pipe.");

  alarm (GUARD_SECONDS);
  g_assert_false (pen_file_read_regular (fifo, 100, &contents, &length, NULL, &error));
  alarm (0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_null (contents);

  g_remove (fifo);
  g_rmdir (folder);
}

/* A folder and a device (/dev/zero would never end) are no saves either. */
static void
test_files_folder_and_device (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-files-XXXXXX", &error);
  g_autofree char *name = g_path_get_basename (folder);
  g_autofree char *expected = g_strdup_printf ("“%s” is not a file: it is a folder.", name);

  g_assert_no_error (error);
  assert_save_refused (folder, expected);
  assert_save_refused ("/dev/zero", "“zero” is not a file: it is a device.");
  assert_save_refused ("/dev/null", "“null” is not a file: it is a device.");
  g_rmdir (folder);
}

/* A regular file is read whole, with a nul after it, up to the limit; a byte
 * more is refused as too large (the save's message comes from that). */
static void
test_files_regular_limit (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-files-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "ten.txt", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint64 size = 0;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "0123456789", 10, NULL));
  g_assert_true (pen_file_read_regular (path, 10, &contents, &length, &size, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, 10);
  g_assert_cmpuint (size, ==, 10);
  g_assert_cmpstr (contents, ==, "0123456789");
  g_clear_pointer (&contents, g_free);

  g_assert_false (pen_file_read_regular (path, 9, &contents, &length, &size, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_assert_cmpuint (size, ==, 10);
  g_assert_null (contents);
  g_clear_error (&error);

  g_remove (path);
  g_assert_false (pen_file_read_regular (path, 10, &contents, &length, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "The file “ten.txt” could not be read: No such file or directory");
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/files/fifo", test_files_fifo);
  g_test_add_func ("/files/folder-and-device", test_files_folder_and_device);
  g_test_add_func ("/files/regular-limit", test_files_regular_limit);

  return g_test_run ();
}
