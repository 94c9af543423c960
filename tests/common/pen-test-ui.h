/* pen-test-ui.h: what the window tests share: a display and private folders,
 * running the application around a test body, finding widgets, screenshots.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "pen-coach.h"
#include "pen-game.h"
#include "pen-window.h"

G_BEGIN_DECLS

typedef void (*PenTestUiBody) (PenWindow *window,
                               gpointer   data);

gboolean   pen_test_ui_init             (int         *argc,
                                         char      ***argv);
gboolean   pen_test_ui_russian          (void);
void       pen_test_ui_run              (PenTestUiBody body,
                                         gpointer      data,
                                         guint         timeout_seconds);
void       pen_test_ui_run_with_files   (PenTestUiBody       body,
                                         gpointer            data,
                                         guint               timeout_seconds,
                                         const char * const *files);
void       pen_test_ui_run_with_save    (PenTestUiBody       body,
                                         gpointer            data,
                                         guint               timeout_seconds,
                                         const char         *save);
GtkWidget *pen_test_ui_find_toplevel    (GType         type);
GtkWidget *pen_test_ui_find_named       (GtkWidget    *widget,
                                         const char   *name);
GtkWidget *pen_test_ui_find_button     (GtkWidget    *widget,
                                         const char   *label);
GtkWidget *pen_test_ui_child            (PenWindow    *window,
                                         GType         type,
                                         const char   *name);
GtkWidget *pen_test_ui_view_child       (GtkWidget    *view,
                                         const char   *name);
void       pen_test_ui_iterate          (void);
guint      pen_test_ui_log_n_lines      (PenWindow    *window);
const char *pen_test_ui_log_line        (PenWindow    *window,
                                         guint         line);
gboolean   pen_test_ui_log_point        (PenWindow    *window,
                                         guint         line,
                                         guint         offset,
                                         gboolean      scroll,
                                         int          *x,
                                         int          *y);
void       pen_test_ui_wait             (guint         milliseconds);
void       pen_test_ui_screenshot       (const char   *name);
void       pen_test_ui_collect_texts    (GtkWidget    *widget,
                                         GString      *texts);
char      *pen_test_ui_first_text       (GtkWidget    *widget);
GtkWidget *pen_test_ui_action_button    (PenWindow    *window,
                                         const char   *label);
GtkWidget *pen_test_ui_named            (PenWindow    *window,
                                         const char   *format,
                                         ...) G_GNUC_PRINTF (2, 3);
void       pen_test_ui_xdotool          (const char   *format,
                                         ...) G_GNUC_PRINTF (1, 2);
void       pen_test_ui_screen_point     (GtkWidget    *widget,
                                         double        x,
                                         double        y,
                                         int          *screen_x,
                                         int          *screen_y);
void       pen_test_ui_click            (GtkWidget    *widget);
GtkWidget *pen_test_ui_wait_for_popover (GtkWidget    *widget);
void       pen_test_ui_drag             (GtkWidget    *from,
                                         GtkWidget    *to,
                                         gboolean      release);

GtkWidget *pen_test_ui_find_control     (PenWindow       *window,
                                         const PenAction *action,
                                         gboolean         pointer);
gboolean   pen_test_ui_take_action      (PenWindow       *window,
                                         const PenAction *action,
                                         gboolean         pointer);
void       pen_test_ui_take_first       (PenWindow       *window);
void       pen_test_ui_skip_narration   (PenWindow       *window,
                                         gboolean         pointer);
void       pen_test_ui_settle           (PenWindow       *window);
JsonNode  *pen_test_ui_settled_dump     (const char      *path,
                                         const char      *also);
gboolean   pen_test_ui_wait_for_hint    (PenWindow       *window,
                                         PenCoachAdvice  *advice);
void       pen_test_ui_wait_for_history (PenGame         *game,
                                         guint            n_history);
void       pen_test_ui_play_to_first_placement (PenGame  *game);
GtkWidget *pen_test_ui_find_answer_button (GtkWidget     *widget,
                                           PenGame       *game);

G_END_DECLS
