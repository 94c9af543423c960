/* pen-test-ui.c: what the window tests share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <gdk/x11/gdkx.h>

#include "pen-application.h"
#include "pen-game-view.h"
#include "pen-layout-dump.h"
#include "pen-log-lines.h"
#include "pen-piece-id.h"
#include "pen-pieces.h"
#include "pen-test-ui.h"

static char *private_home;

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

static void
remove_private_home (void)
{
  remove_tree (private_home);
}

/**
 * pen_test_ui_init:
 *
 * Sets up GTK for a window test: private XDG folders (the autosave and the
 * kept games go there, removed at exit), the locale as main() sets it, and
 * the build's translations with PENUMBRA_LOCALEDIR.
 *
 * Returns: %FALSE without a display (the test should exit 77, which the
 *   README's test command counts as a failure)
 */
gboolean
pen_test_ui_init (int    *argc,
                  char ***argv)
{
  static const char *folders[] = { "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME" };

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("no display; the UI tests need one (run them through build-aux/dev test)\n");
      return FALSE;
    }

  private_home = g_dir_make_tmp ("penumbra-ui-test-XXXXXX", NULL);
  g_assert_nonnull (private_home);
  atexit (remove_private_home);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *folder = g_build_filename (private_home, folders[i], NULL);

      g_mkdir_with_parents (folder, 0700);
      g_setenv (folders[i], folder, TRUE);
    }

  gtk_test_init (argc, argv, NULL);
  adw_init ();

  /* As main() does (gtk_test_init() set its own locale). */
  setlocale (LC_ALL, "");
  if (g_getenv ("PENUMBRA_LOCALEDIR") != NULL)
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

gboolean
pen_test_ui_russian (void)
{
  const char *language = g_getenv ("LANGUAGE");

  return language != NULL && g_str_has_prefix (language, "ru");
}

typedef struct
{
  PenTestUiBody  body;
  gpointer       data;
  PenWindow     *window;   /* weak */
  gboolean       ran;
  guint          timeout_seconds;
} Run;

static gboolean
timeout_cb (gpointer user_data)
{
  Run *run = user_data;

  g_error ("the test did not finish within %u seconds", run->timeout_seconds);
  return G_SOURCE_REMOVE;
}

static gboolean
body_cb (gpointer user_data)
{
  Run *run = user_data;

  run->body (run->window, run->data);
  run->ran = TRUE;
  if (run->window != NULL)
    {
      GtkWidget *dialog;

      gtk_window_close (GTK_WINDOW (run->window));
      /* A game with unsaved changes asks first (pen-window.c): the end of a
       * test closes it without saving, as a player may. */
      dialog = pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
      if (dialog != NULL && adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "discard"))
        {
          adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "discard");
          gtk_window_destroy (GTK_WINDOW (dialog));
        }
    }
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                Run           *run)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, run);
  /* Out of the frame clock's paint, so the window can paint while the body runs. */
  g_idle_add (body_cb, run);
}

static void
window_realize_cb (GtkWidget *widget,
                   Run       *run)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                    G_CALLBACK (after_paint_cb), run);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window,
                 Run            *run)
{
  if (!PEN_IS_WINDOW (window) || run->window != NULL)
    return;
  run->window = PEN_WINDOW (window);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &run->window);
}

static void
activate_cb (GApplication *app,
             Run          *run)
{
  /* After the application's own activate, which created the window. */
  g_assert_nonnull (run->window);
  if (gtk_widget_get_realized (GTK_WIDGET (run->window)))
    window_realize_cb (GTK_WIDGET (run->window), run);
  else
    g_signal_connect (run->window, "realize", G_CALLBACK (window_realize_cb), run);
}

static void
open_cb (GApplication  *app,
         GFile        **files,
         int            n_files,
         const char    *hint,
         Run           *run)
{
  activate_cb (app, run);
}

/**
 * pen_test_ui_run:
 *
 * Runs the application: once its window has painted, @body runs with it;
 * then the window is closed, and the application must end with the window
 * finalized. Each call is a new start of the application.
 */
void
pen_test_ui_run (PenTestUiBody body,
                 gpointer      data,
                 guint         timeout_seconds)
{
  pen_test_ui_run_with_files (body, data, timeout_seconds, NULL);
}

/**
 * pen_test_ui_run_with_files:
 * @files: (nullable): paths given on the command line, as in "penumbra FILE"
 *
 * As pen_test_ui_run(), with the application started on @files.
 */
void
pen_test_ui_run_with_files (PenTestUiBody       body,
                            gpointer            data,
                            guint               timeout_seconds,
                            const char * const *files)
{
  g_autoptr(PenApplication) app = pen_application_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  Run run = { body, data, NULL, FALSE, timeout_seconds };
  guint timeout_id;
  int status;

  g_strv_builder_add (builder, "penumbra");
  if (files != NULL)
    g_strv_builder_addv (builder, (const char **) files);
  argv = g_strv_builder_end (builder);
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), &run);
  g_signal_connect_after (app, "activate", G_CALLBACK (activate_cb), &run);
  g_signal_connect_after (app, "open", G_CALLBACK (open_cb), &run);
  timeout_id = g_timeout_add_seconds (timeout_seconds, timeout_cb, &run);

  status = g_application_run (G_APPLICATION (app), g_strv_length (argv), argv);

  g_source_remove (timeout_id);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (run.ran);
  g_assert_null (run.window);
}

GtkWidget *
pen_test_ui_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        return window;
    }
  return NULL;
}

GtkWidget *
pen_test_ui_find_named (GtkWidget  *widget,
                        const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = pen_test_ui_find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The button under @widget whose label (with its mnemonic) is @label. */
GtkWidget *
pen_test_ui_find_button (GtkWidget  *widget,
                         const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = pen_test_ui_find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The child @name of a template of a region of the table under @widget
 * (the side pane's parts, the notice...: widgets with templates of their
 * own), found by its id in its template, or NULL. */
static GObject *
region_child (GtkWidget  *widget,
              const char *name)
{
  GObject *found = NULL;

  if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), name) == 0)
    return G_OBJECT (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); found == NULL && child != NULL;
       child = gtk_widget_get_next_sibling (child))
    found = region_child (child, name);
  return found;
}

/* A template child of the game view @view, or of one of its regions. */
GtkWidget *
pen_test_ui_view_child (GtkWidget  *view,
                        const char *name)
{
  GObject *child = gtk_widget_get_template_child (view, PEN_TYPE_GAME_VIEW, name);

  if (child == NULL)
    child = region_child (view, name);
  g_assert_nonnull (child);
  return (GtkWidget *) child;
}

/* A template child of the window (@type PEN_TYPE_WINDOW) or of its game view
 * (PEN_TYPE_GAME_VIEW), or of one of the view's regions (the side pane's
 * parts, the notice...). */
GtkWidget *
pen_test_ui_child (PenWindow  *window,
                   GType       type,
                   const char *name)
{
  GtkWidget *owner = GTK_WIDGET (window);
  GObject *child;

  if (type != PEN_TYPE_WINDOW)
    owner = GTK_WIDGET (pen_window_get_game_view (window));
  child = gtk_widget_get_template_child (owner, type, name);
  if (child == NULL && type != PEN_TYPE_WINDOW)
    child = region_child (owner, name);
  g_assert_nonnull (child);
  return (GtkWidget *) child;
}

void
pen_test_ui_iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Lets the main loop run for @milliseconds (the window paints meanwhile). */
void
pen_test_ui_wait (guint milliseconds)
{
  gint64 until = g_get_monotonic_time () + milliseconds * (G_USEC_PER_SEC / 1000);

  while (g_get_monotonic_time () < until)
    {
      pen_test_ui_iterate ();
      g_usleep (5000);
    }
}

/* With PENUMBRA_TEST_SCREENSHOTS set to a folder, lets the window paint and
 * saves the screen there (ImageMagick's `import`) as
 * penumbra-NAME-LANGUAGE.png. */
void
pen_test_ui_screenshot (const char *name)
{
  const char *folder = g_getenv ("PENUMBRA_TEST_SCREENSHOTS");
  g_autofree char *path = NULL;
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;

  if (folder == NULL)
    return;
  pen_test_ui_wait (500);
  g_mkdir_with_parents (folder, 0755);
  path = g_strdup_printf ("%s/penumbra-%s-%s.png", folder, name, pen_test_ui_russian () ? "ru" : "en");
  command = g_strdup_printf ("import -window root %s", path);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_printerr ("no screenshot: %s\n", error->message);
}

static void
changed_cb (PenGame  *game,
            gboolean *changed)
{
  *changed = TRUE;
}

/* Every text the window shows now, one per line, added to @texts (labels,
 * the notice included). */
void
pen_test_ui_collect_texts (GtkWidget *widget,
                           GString   *texts)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pen_test_ui_collect_texts (child, texts);
}

/* The widget of @window named by @format (printf-like); it must exist. */
GtkWidget *
pen_test_ui_named (PenWindow  *window,
                   const char *format,
                   ...)
{
  g_autofree char *name = NULL;
  GtkWidget *widget;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  widget = pen_test_ui_find_named (GTK_WIDGET (window), name);
  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

static GtkWidget *
find_labelled (GtkWidget  *widget,
               const char *label)
{
  if (GTK_IS_BUTTON (widget) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (widget)))), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_labelled (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The button of the turn bar, or of its questions, whose label is @label,
 * or NULL. */
GtkWidget *
pen_test_ui_action_button (PenWindow  *window,
                           const char *label)
{
  GtkWidget *found = find_labelled (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "turn_bar"), label);

  return found != NULL ? found : find_labelled (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "actions_box"), label);
}

/* The first text @widget shows (a piece's name): newly allocated. */
char *
pen_test_ui_first_text (GtkWidget *widget)
{
  g_autoptr(GString) texts = g_string_new (NULL);

  pen_test_ui_collect_texts (widget, texts);
  g_string_truncate (texts, strcspn (texts->str, "\n"));
  return g_string_free (g_steal_pointer (&texts), FALSE);
}

static void
child_exited_cb (GPid     pid,
                 int      status,
                 gpointer user_data)
{
  int *result = user_data;

  *result = status;
  g_spawn_close_pid (pid);
}

/* Runs `xdotool ARGS` with the main loop running meanwhile (GTK must see the
 * events it sends), and waits for it. */
void
pen_test_ui_xdotool (const char *format,
                     ...)
{
  g_autofree char *arguments = NULL;
  g_autofree char *command = NULL;
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  int status = -1;
  GPid pid;
  va_list args;

  va_start (args, format);
  arguments = g_strdup_vprintf (format, args);
  va_end (args);
  command = g_strconcat ("xdotool ", arguments, NULL);
  g_assert_true (g_shell_parse_argv (command, NULL, &argv, &error));
  g_assert_no_error (error);
  /* Descriptors left open and the child reaped here let GLib use
   * posix_spawn rather than fork: a fork copies the test's page tables and
   * every page the window writes afterwards faults (the frames measured by
   * bench-table.c would pay for the tool driving the pointer). */
  g_assert_true (g_spawn_async (NULL, argv, NULL,
                                G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_LEAVE_DESCRIPTORS_OPEN,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_child_watch_add (pid, child_exited_cb, &status);
  while (status == -1)
    g_main_context_iteration (NULL, TRUE);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s: %s", command, error->message);
}

/* Where the point (@x, @y) of @widget is on the screen: through the window's
 * surface (its shadow and frame) and the X window's position on the root. */
void
pen_test_ui_screen_point (GtkWidget *widget,
                          double     x,
                          double     y,
                          int       *screen_x,
                          int       *screen_y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  double wx, wy, sx, sy;
  int root_x = 0, root_y = 0;
  Window child;

  g_assert_true (gtk_widget_translate_coordinates (widget, GTK_WIDGET (native), x, y, &wx, &wy));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (GDK_SURFACE_XDISPLAY (surface), GDK_SURFACE_XID (surface),
                         DefaultRootWindow (GDK_SURFACE_XDISPLAY (surface)),
                         0, 0, &root_x, &root_y, &child);
  *screen_x = root_x + (int) (wx + sx);
  *screen_y = root_y + (int) (wy + sy);
}

static void
widget_center (GtkWidget *widget,
               int       *x,
               int       *y)
{
  g_assert_true (gtk_widget_is_drawable (widget));
  pen_test_ui_screen_point (widget, gtk_widget_get_width (widget) / 2.0,
                            gtk_widget_get_height (widget) / 2.0, x, y);
}

/* Scrolls @widget into view: a scrolled window brings its focused child into
 * view, with an animation that must end before the widget's place is read. */
static void
bring_into_view (GtkWidget *widget)
{
  double x = -1, y = -1;
  GtkWidget *scroll = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  /* Already in view within its scrolled window: left as it is (a focus
   * moved into a popover that does not hide itself takes its clicks). */
  if (scroll == NULL || (gtk_widget_compute_bounds (widget, scroll, &bounds)
                         && bounds.origin.y >= 0
                         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroll)))
    return;
  if (!gtk_widget_get_focusable (widget) || !gtk_widget_grab_focus (widget))
    return;
  for (guint i = 0; i < 50; i++)
    {
      double nx, ny;

      pen_test_ui_wait (100);
      g_assert_true (gtk_widget_translate_coordinates (widget, GTK_WIDGET (gtk_widget_get_root (widget)), 0, 0, &nx, &ny));
      if (nx == x && ny == y)
        return;
      x = nx;
      y = ny;
    }
}

/* A real click of the pointer in the middle of @widget. */
void
pen_test_ui_click (GtkWidget *widget)
{
  int x, y, last_x = -1, last_y = -1;

  bring_into_view (widget);
  /* Where it stays: a popover's surface may still be moved into place. */
  for (guint i = 0; i < 40; i++)
    {
      widget_center (widget, &x, &y);
      if (x == last_x && y == last_y)
        break;
      last_x = x;
      last_y = y;
      pen_test_ui_wait (50);
    }
  pen_test_ui_xdotool ("mousemove %d %d", x, y);
  pen_test_ui_wait (40);
  pen_test_ui_xdotool ("click 1");
  pen_test_ui_wait (60);
}

/* A real drag with the pointer from the middle of @from to the middle of @to,
 * in steps with pauses (GTK needs several motions past its threshold);
 * released over @to when @release, else left held there (release it with
 * pen_test_ui_xdotool ("mouseup 1")). */
void
pen_test_ui_drag (GtkWidget *from,
                  GtkWidget *to,
                  gboolean   release)
{
  int x0, y0, x1, y1;

  bring_into_view (to);
  widget_center (from, &x0, &y0);
  widget_center (to, &x1, &y1);
  pen_test_ui_xdotool ("mousemove %d %d", x0, y0);
  pen_test_ui_wait (50);
  pen_test_ui_xdotool ("mousedown 1");
  pen_test_ui_wait (50);
  for (int step = 1; step <= 4; step++)
    {
      pen_test_ui_xdotool ("mousemove %d %d", x0 + (x1 - x0) * step / 5, y0 + (y1 - y0) * step / 5);
      pen_test_ui_wait (40);
    }
  pen_test_ui_xdotool ("mousemove %d %d", x1, y1);
  pen_test_ui_wait (50);
  pen_test_ui_xdotool ("mousemove %d %d", x1 + 1, y1 + 1);
  pen_test_ui_wait (80);
  if (release)
    {
      pen_test_ui_xdotool ("mouseup 1");
      pen_test_ui_wait (150);
    }
}

/* The popover @widget holds once it has opened (waiting up to 3 s), or NULL. */
GtkWidget *
pen_test_ui_wait_for_popover (GtkWidget *widget)
{
  gint64 until = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < until)
    {
      /* On the widget, or beside it (on its parent). */
      for (GtkWidget *on = widget; on != NULL && on != gtk_widget_get_parent (gtk_widget_get_parent (widget));
           on = gtk_widget_get_parent (on))
        {
          GtkWidget *last = gtk_widget_get_last_child (on);

          if (GTK_IS_POPOVER (last) && gtk_widget_get_mapped (last))
            return last;
        }
      pen_test_ui_wait (20);
    }
  return NULL;
}

/* Waits until the table shows the game as it is (it is rebuilt at idle). */
void
pen_test_ui_settle (PenWindow *window)
{
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  pen_test_ui_iterate ();
  while (!pen_game_view_is_settled (pen_window_get_game_view (window)))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, until);
      pen_test_ui_wait (10);
    }
}

/* The button under @widget that takes @action (its "pen-action"), or NULL. */
static GtkWidget *
find_action_button (GtkWidget       *widget,
                    const PenAction *action)
{
  const PenAction *held = g_object_get_data (G_OBJECT (widget), "pen-action");

  if (GTK_IS_BUTTON (widget) && held != NULL && pen_action_equal (held, action))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
press (GtkWidget *widget,
       gboolean   pointer)
{
  if (pointer)
    pen_test_ui_click (widget);
  else if (GTK_IS_BUTTON (widget))
    /* At once: gtk_widget_activate() clicks a button only after its
     * pressed look has shown. */
    g_signal_emit_by_name (widget, "clicked");
  else
    pen_game_view_open_piece (PEN_GAME_VIEW (gtk_widget_get_ancestor (widget, PEN_TYPE_GAME_VIEW)), widget);
  pen_test_ui_iterate ();
}

/**
 * pen_test_ui_skip_narration:
 * @pointer: with the real pointer
 *
 * The Automa's turn, while it is told on the table (which offers nothing
 * meanwhile), shown whole at once, as a player who wants to play on does
 * with "Show the Whole Turn".
 */
void
pen_test_ui_skip_narration (PenWindow *window,
                            gboolean   pointer)
{
  GtkWidget *controls = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_controls");

  if (!gtk_widget_get_visible (controls))
    return;
  press (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "automa_all_button"), pointer);
  g_assert_false (gtk_widget_get_visible (controls));
  pen_test_ui_settle (window);
}

/* Whether @action is the one answer @piece gives to the choice the game
 * waits for: a click on the piece then takes it at once. */
static gboolean
is_only_answer (PenGame         *game,
                const PenAction *action,
                const char      *piece)
{
  g_autoptr(GArray) actions = pen_game_list_distinct_actions (game);
  guint n = 0;

  if (!pen_game_action_answers (game, action))
    return FALSE;
  for (guint i = 0; i < actions->len; i++)
    {
      const PenAction *other = &g_array_index (actions, PenAction, i);

      if (other->type != PEN_ACTION_PLACE && other->type != PEN_ACTION_KNOCK_OUT
          && pen_game_action_answers (game, other) && pen_piece_concerns (game, other, piece))
        n++;
    }
  return n == 1;
}

/* Opens @piece as a player would (a click; else as the view does for one)
 * and returns the popover it opened. */
static GtkWidget *
open_piece (PenGameView *view,
            GtkWidget   *piece,
            gboolean     pointer)
{
  GtkWidget *popover;

  if (pointer)
    pen_test_ui_click (piece);
  else
    pen_game_view_open_piece (view, piece);
  popover = pen_test_ui_wait_for_popover (piece);
  /* Its surface placed and taking input before it is clicked. */
  if (pointer)
    pen_test_ui_wait (150);
  return popover;
}

/* The control of the table that takes @action, opening what must be opened
 * on the way (a piece's popover, the Trial menu), or NULL when the table has
 * none. A placement's is the cell, once its die is chosen. */
GtkWidget *
pen_test_ui_find_control (PenWindow       *window,
                          const PenAction *action,
                          gboolean         pointer)
{
  PenGameView *view = pen_window_get_game_view (window);
  PenGame *game = pen_window_get_game (window);
  GtkWidget *turn = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "turn_bar");
  GtkWidget *questions = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "actions_box");
  g_autofree char *piece = pen_piece_of_action (game, action);
  GtkWidget *found, *widget, *popover;
  GtkWidget *banner_ok;

  pen_test_ui_skip_narration (window, pointer);
  banner_ok = pen_layout_find (GTK_WIDGET (view), "button", "fate-banner-ok");
  /* The Fate cards just revealed lie over the top of the table until OK. */
  if (pointer && banner_ok != NULL && gtk_widget_is_drawable (banner_ok))
    {
      press (banner_ok, pointer);
      pen_test_ui_wait (400);
    }

  if (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
    {
      g_autofree char *cell = pen_piece_id_cell (game, action->location, action->section, action->cell);
      GtkWidget *die = pen_layout_find (GTK_WIDGET (view), "die", piece);
      GtkWidget *target = cell != NULL ? pen_layout_find (GTK_WIDGET (view), "location-cell", cell) : NULL;

      if (die == NULL || target == NULL)
        return NULL;
      if (!gtk_widget_has_css_class (die, "pen-selected"))
        press (die, pointer);
      return gtk_widget_has_css_class (target, "pen-legal") ? target : NULL;
    }
  if ((found = find_action_button (turn, action)) != NULL || (found = find_action_button (questions, action)) != NULL)
    return found;
  if (action->type == PEN_ACTION_START_TRIAL)
    widget = pen_layout_find (turn, "button", "start-trial");
  else
    widget = piece != NULL ? pen_layout_find (GTK_WIDGET (view), NULL, piece) : NULL;
  if (widget == NULL || !gtk_widget_is_drawable (widget))
    return NULL;
  /* The one answer of a lit piece is taken by a click on the piece. */
  if (is_only_answer (game, action, piece))
    {
      g_assert_true (gtk_widget_has_css_class (widget, "pen-answer"));
      return widget;
    }
  /* A die, clicked, lists what else it can do beside the turn bar (a second
   * click puts it down: a chosen one is first put down). */
  if (pointer && g_str_equal (gtk_widget_get_name (widget), piece) && g_str_has_prefix (piece, "die-"))
    {
      GtkWidget *tray = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "die_box");

      if (gtk_widget_has_css_class (widget, "pen-selected"))
        press (widget, pointer);
      press (widget, pointer);
      return find_action_button (tray, action);
    }
  popover = open_piece (view, widget, pointer);
  return popover != NULL ? find_action_button (popover, action) : NULL;
}

/* Answers a question the window asks before an action with its "do it"
 * button (not "Keep Playing"). */
static gboolean
confirm (gboolean pointer)
{
  GtkWidget *dialog = pen_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  const char *keep = g_dgettext (GETTEXT_PACKAGE, "_Keep Playing");
  const char *verbs[] = { "_End Turn", "_Rest", "_Give Up" };

  if (dialog == NULL || !gtk_widget_get_mapped (dialog))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      GtkWidget *button = pen_test_ui_find_button (dialog, g_dgettext (GETTEXT_PACKAGE, verbs[i]));

      if (button != NULL && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), keep) != 0)
        {
          press (button, pointer);
          return TRUE;
        }
    }
  return FALSE;
}

/**
 * pen_test_ui_take_action:
 * @window: the window
 * @action: a legal action of its game
 * @pointer: with the real pointer (else by activating the same widgets)
 *
 * Takes @action from the table's pieces as a player would: a die then its
 * cell, a piece's popover, the turn bar or a question; answers the window's
 * "are you sure" with yes. Returns when the game has changed, or FALSE at
 * once when the table offers the action nowhere.
 */
gboolean
pen_test_ui_take_action (PenWindow       *window,
                         const PenAction *action,
                         gboolean         pointer)
{
  PenGame *game = pen_window_get_game (window);
  gboolean changed = FALSE;
  gulong handler;
  GtkWidget *control = pen_test_ui_find_control (window, action, pointer);
  GtkWidget *popover;
  gint64 until;

  if (control == NULL)
    return FALSE;
  handler = g_signal_connect (game, "changed", G_CALLBACK (changed_cb), &changed);
  press (control, pointer);
  /* A placement with a choice of its own (a Spark die's colour, which die a
   * Red die knocks out) asks it on the cell. */
  if (!changed && (action->type == PEN_ACTION_PLACE || action->type == PEN_ACTION_KNOCK_OUT)
      && (popover = pen_test_ui_wait_for_popover (control)) != NULL)
    {
      GtkWidget *choice = find_action_button (popover, action);

      g_assert_nonnull (choice);
      press (choice, pointer);
    }
  until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!changed)
    {
      if (!confirm (pointer))
        g_main_context_iteration (NULL, FALSE);
      if (g_get_monotonic_time () > until)
        {
          g_autofree char *text = pen_game_describe_action (game, action);

          pen_test_ui_screenshot ("take-action-failed");
          g_error ("%s, taken on %s, changed nothing", text, G_OBJECT_TYPE_NAME (control));
        }
      g_usleep (1000);
    }
  g_signal_handler_disconnect (game, handler);
  pen_test_ui_settle (window);
  /* The game's last action: its end shown, after the Automa's last turn. */
  if (pen_game_is_over (game))
    pen_test_ui_skip_narration (window, pointer);
  if (pointer)
    pen_test_ui_wait (100);
  return TRUE;
}

/* Takes the first action the table offers, from where it offers it. */
void
pen_test_ui_take_first (PenWindow *window)
{
  g_autoptr(GArray) actions = pen_game_list_distinct_actions (pen_window_get_game (window));

  g_assert_cmpuint (actions->len, >, 0);
  g_assert_true (pen_test_ui_take_action (window, &g_array_index (actions, PenAction, 0), FALSE));
}

/* The layout dump at @path (PENUMBRA_LAYOUT_DUMP) once the table is on it
 * (it is written first for the welcome page), it holds @also (or anything
 * when NULL), and it has stopped changing. */
JsonNode *
pen_test_ui_settled_dump (const char *path,
                          const char *also)
{
  g_autofree char *last = NULL;

  for (guint tries = 0; tries < 100; tries++)
    {
      g_autofree char *text = NULL;

      pen_test_ui_wait (200);
      if (!g_file_get_contents (path, &text, NULL, NULL) || strstr (text, "\"automa\"") == NULL
          || (also != NULL && strstr (text, also) == NULL))
        continue;
      if (g_strcmp0 (text, last) == 0)
        return json_from_string (text, NULL);
      g_free (last);
      last = g_steal_pointer (&text);
    }
  g_error ("the layout dump never settled with the table on it");
}

/* Waits for the coach's hint to be lit on the table (up to a minute); FALSE
 * when none comes. */
gboolean
pen_test_ui_wait_for_hint (PenWindow      *window,
                           PenCoachAdvice *advice)
{
  PenGameView *view = pen_window_get_game_view (window);
  gint64 until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!pen_game_view_get_hint (view, advice))
    {
      if (g_get_monotonic_time () > until)
        return FALSE;
      pen_test_ui_wait (50);
    }
  return TRUE;
}

/**
 * pen_test_ui_run_with_save:
 * @save: a file of tests/common/saves, as "study-turn.json"
 *
 * As pen_test_ui_run(), with the application started on a copy of @save.
 */
void
pen_test_ui_run_with_save (PenTestUiBody body,
                           gpointer      data,
                           guint         timeout_seconds,
                           const char   *save)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "common", "saves", save, NULL);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), save, NULL);
  g_autofree char *text = NULL;
  const char *files[] = { path, NULL };

  g_assert_true (g_file_get_contents (fixture, &text, NULL, NULL));
  g_mkdir_with_parents (g_get_user_data_dir (), 0755);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  pen_test_ui_run_with_files (body, data, timeout_seconds, files);
}

/* The log's lines shown (a label each). */
guint
pen_test_ui_log_n_lines (PenWindow *window)
{
  GtkWidget *box = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_view");
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* The text of the log's line @line. */
const char *
pen_test_ui_log_line (PenWindow *window,
                      guint      line)
{
  GtkWidget *child = gtk_widget_get_first_child (pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_view"));

  for (guint i = 0; child != NULL && i < line; i++)
    child = gtk_widget_get_next_sibling (child);
  g_assert_nonnull (child);
  return gtk_label_get_text (GTK_LABEL (child));
}

/* The screen point of the character @offset of the log's line @line, in
 * the middle of its height; FALSE if it is not in view (with @scroll, it is
 * scrolled into view first). */
gboolean
pen_test_ui_log_point (PenWindow *window,
                       guint      line,
                       guint      offset,
                       gboolean   scroll,
                       int       *x,
                       int       *y)
{
  GtkWidget *box = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_view");
  GtkWidget *scroller = pen_test_ui_child (window, PEN_TYPE_GAME_VIEW, "log_scroll");
  GdkRectangle area;
  graphene_point_t at;

  g_assert_true (pen_log_lines_get_area (GTK_BOX (box), line, offset, &area));
  if (scroll)
    {
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

      gtk_adjustment_set_value (adjustment, area.y - gtk_adjustment_get_page_size (adjustment) / 2);
      pen_test_ui_wait (300);
      g_assert_true (pen_log_lines_get_area (GTK_BOX (box), line, offset, &area));
    }
  g_assert_true (gtk_widget_compute_point (box, scroller, &GRAPHENE_POINT_INIT ((float) area.x, (float) area.y), &at));
  if (at.y < 0 || at.y + area.height > gtk_widget_get_height (scroller))
    return FALSE;
  pen_test_ui_screen_point (box, area.x + 2, area.y + area.height / 2, x, y);
  return TRUE;
}

/* Waits until @game has more than @n_history actions (up to 5 s). */
void
pen_test_ui_wait_for_history (PenGame *game,
                              guint    n_history)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (pen_game_get_n_history (game) == n_history && g_get_monotonic_time () < until)
    pen_test_ui_wait (20);
}

/* Applies the engine's first listed action until @game offers a placement
 * (the Talent chosen, and so on), as the play test does. */
void
pen_test_ui_play_to_first_placement (PenGame *game)
{
  for (guint n = 0; n < 100; n++)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      g_autoptr(GError) error = NULL;

      for (guint i = 0; i < actions->len; i++)
        if (g_array_index (actions, PenAction, i).type == PEN_ACTION_PLACE)
          return;
      g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), &error));
      g_assert_no_error (error);
    }
  g_error ("no placement within 100 actions");
}

/* The first button under @widget whose action answers the choice @game
 * waits for (pen_game_action_answers()), or NULL. */
GtkWidget *
pen_test_ui_find_answer_button (GtkWidget *widget,
                                PenGame   *game)
{
  const PenAction *held = g_object_get_data (G_OBJECT (widget), "pen-action");

  if (GTK_IS_BUTTON (widget) && held != NULL && pen_game_action_answers (game, held))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = pen_test_ui_find_answer_button (child, game);

      if (found != NULL)
        return found;
    }
  return NULL;
}
