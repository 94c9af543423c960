/* pen-fuzz-load.c: a libFuzzer target for the save loader.
 *
 * The bytes go the way pen_save_read() takes a file's: pen_save_check_text()
 * (size and nesting, before json-glib's recursive parser sees them), json-glib,
 * and, if they are a JSON document, pen_game_new_from_json() (which begins
 * with pen_save_check_shape()). A refusal must carry a PEN_ERROR_SAVE message; a
 * state that loads must save to text that passes the same checks, and that
 * save must load and save again to the same text. GLib warnings and criticals
 * are fatal here, as in the tests (G_DEBUG=fatal-criticals): a damaged file
 * may be refused, never logged about.
 * Memory errors, undefined behaviour and leaks are the sanitizers' to report.
 * PEN_FUZZ_TOLERATE=TEXT lets warnings and criticals containing TEXT pass, to
 * fuzz past a known bug.
 *
 * Built and run by build-aux/fuzz.sh; the seed corpus is tests/fuzz/corpus/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-fuzz-load"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pen-error.h"
#include "pen-game.h"
#include "pen-save.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *
save_text (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_to_string (node, FALSE);
}

/* Messages containing this text (PEN_FUZZ_TOLERATE) are not fatal: to fuzz
 * past a known bug until it is fixed. */
static const char *tolerated;

/* GLib ends a fatal message with a breakpoint trap, which libFuzzer does not
 * catch: abort instead, so that the input and the stack are kept. */
static void
fatal_log_cb (const char     *log_domain,
              GLogLevelFlags  log_level,
              const char     *message,
              gpointer        user_data)
{
  if (tolerated != NULL && message != NULL && strstr (message, tolerated) != NULL
      && (log_level & G_LOG_LEVEL_ERROR) == 0)
    return;
  g_log_default_handler (log_domain, log_level, message, user_data);
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  tolerated = g_getenv ("PEN_FUZZ_TOLERATE");
  if (tolerated != NULL && *tolerated == '\0')
    tolerated = NULL;
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_default_handler (fatal_log_cb, NULL);
  return 0;
}

/* A refusal is a PEN_ERROR_SAVE with a message. */
static void
check_refusal (const GError *error)
{
  if (error == NULL)
    g_error ("refused without a message");
  if (!g_error_matches (error, PEN_ERROR, PEN_ERROR_SAVE))
    g_error ("refused with %s %d: %s", g_quark_to_string (error->domain), error->code, error->message);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;

  if (size > G_MAXSSIZE)
    return 0;
  if (!pen_save_check_text ((const char *) data, size, &error))
    {
      check_refusal (error);
      return 0;
    }
  if (!json_parser_load_from_data (parser, (const char *) data, (gssize) size, &error)
      || json_parser_get_root (parser) == NULL)
    return 0;

  game = pen_game_new_from_json (json_parser_get_root (parser), &error);
  if (game == NULL)
    {
      check_refusal (error);
      return 0;
    }

  /* What loads saves, the save passes the checks of a file and loads to the
   * same save. */
  saved = save_text (game);
  g_clear_object (&game);
  if (!pen_save_check_text (saved, strlen (saved), &error))
    g_error ("a loaded state saved as text that is refused: %s", error->message);
  {
    g_autoptr(JsonParser) again = json_parser_new_immutable ();

    if (!json_parser_load_from_data (again, saved, -1, &error))
      g_error ("a loaded state saved as text that is not JSON: %s", error->message);
    game = pen_game_new_from_json (json_parser_get_root (again), &error);
    if (game == NULL)
      g_error ("a loaded state saved as a state that does not load: %s", error->message);
  }
  saved_again = save_text (game);
  if (g_strcmp0 (saved, saved_again) != 0)
    g_error ("a loaded state does not save, load and save to the same text");
  return 0;
}
