/* bench-saves.c: how long a save and a load of a late-game state take, and how
 * large the file is (the goal: save and load together within 5 ms, the
 * file within 100 KB). Run by build-aux/bench-saves.sh.
 *
 * The states: random self-play games played to their end, then again to one
 * action before it. Save is pen_game_to_json() and json_to_string() as the game
 * writes files; load is json-glib's parse and pen_game_new_from_json(). Each is
 * timed over many runs and averaged, with the first step of each shown alone;
 * writing the file atomically and durably to disk (pen_save_write(): a
 * temporary file, fsync, rename — as the window's autosave after every action
 * and penumbra-sim do) is shown apart.
 *
 *   Usage: bench-saves [SECONDS-PER-MEASURE]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <stdlib.h>

#include "pen-error.h"
#include "pen-game.h"
#include "pen-save.h"

typedef struct
{
  const char *name;
  const char *automa;
  guint       n_players;
  guint64     seed;
} Sample;

static guint
play (PenGame *game,
      guint64  chooser_seed,
      guint    max)
{
  g_autoptr(PenRng) chooser = pen_rng_new (chooser_seed);
  guint n = 0;

  while (n < max && !pen_game_is_over (game))
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      g_autoptr(GError) error = NULL;

      if (actions->len == 0
          || !pen_game_apply (game, &g_array_index (actions, PenAction, pen_rng_range (chooser, 0, actions->len)), &error))
        g_error ("the game could not be played: %s", error ? error->message : "no legal action");
      n++;
    }
  return n;
}

static PenGame *
new_game (const Sample *sample)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = sample->automa != NULL ? pen_game_new_solo (sample->seed, sample->automa, -1, FALSE, &error)
                                         : pen_game_new (sample->seed, sample->n_players, FALSE, &error);

  if (game == NULL)
    g_error ("%s", error->message);
  return game;
}

/* The longest of a few games, one action before its end. */
static PenGame *
late_state (const Sample *sample,
            guint        *n_actions)
{
  guint best = 0;
  guint64 best_seed = 0;
  PenGame *game;

  for (guint64 s = 0; s < 8; s++)
    {
      g_autoptr(PenGame) whole = new_game (sample);
      guint n = play (whole, sample->seed * 100 + s, 100000);

      if (n > best)
        best = n, best_seed = sample->seed * 100 + s;
    }
  game = new_game (sample);
  *n_actions = play (game, best_seed, best - 1);
  return game;
}

static char *
save (PenGame *game)
{
  g_autoptr(JsonNode) node = pen_game_to_json (game);

  return json_to_string (node, TRUE);
}

static PenGame *
load (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) error = NULL;
  PenGame *game = NULL;

  if (!json_parser_load_from_data (parser, text, -1, &error)
      || (game = pen_game_new_from_json (json_parser_get_root (parser), &error)) == NULL)
    g_error ("the state does not load: %s", error->message);
  return game;
}

typedef enum
{
  MEASURE_SAVE,     /* pen_game_to_json + json_to_string */
  MEASURE_TO_JSON,  /* pen_game_to_json alone */
  MEASURE_LOAD,     /* parse + pen_game_new_from_json */
  MEASURE_PARSE,    /* parse alone */
  MEASURE_WRITE,    /* pen_save_write (): save, temporary file, fsync, rename */
  N_MEASURES
} Measure;

static void
measure_once (Measure     m,
              PenGame    *game,
              const char *text,
              const char *path)
{
  switch (m)
    {
    case MEASURE_SAVE:
      g_free (save (game));
      break;
    case MEASURE_TO_JSON:
      json_node_unref (pen_game_to_json (game));
      break;
    case MEASURE_LOAD:
      g_object_unref (load (text));
      break;
    case MEASURE_PARSE:
      {
        g_autoptr(JsonParser) parser = json_parser_new_immutable ();

        if (!json_parser_load_from_data (parser, text, -1, NULL))
          g_error ("the state does not parse");
      }
      break;
    case MEASURE_WRITE:
    case N_MEASURES:
    default:
      {
        g_autoptr(GError) error = NULL;

        if (!pen_save_write (game, path, &error))
          g_error ("%s", error->message);
      }
      break;
    }
}

int
main (int   argc,
      char *argv[])
{
  static const Sample samples[] = {
    { "4 players, random play", NULL, 4, 7 },
    { "2 players, random play", NULL, 2, 8 },
    { "solo against the Amber Automa, random play", "amber", 2, 9 },
  };
  double budget = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 1.0;
  g_autofree char *dir = g_dir_make_tmp ("bench-saves-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);

  if (budget <= 0)
    budget = 1.0;
  g_print ("%-44s %7s %7s %8s %8s %8s %8s %8s %8s\n", "late-game state", "actions", "KB", "save ms", "to_json",
           "load ms", "parse", "together", "write ms");
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      guint n_actions;
      g_autoptr(PenGame) game = late_state (&samples[i], &n_actions);
      g_autofree char *text = save (game);
      gsize size = strlen (text);
      double ms[N_MEASURES];

      /* Check first: the save loads, and saves again to the same text. */
      {
        g_autoptr(PenGame) loaded = load (text);
        g_autofree char *again = save (loaded);

        if (g_strcmp0 (text, again) != 0)
          g_error ("save → load → save differs");
      }

      for (guint m = 0; m < N_MEASURES; m++)
        {
          gint64 start = g_get_monotonic_time (), elapsed;
          guint runs = 0;

          do
            {
              measure_once (m, game, text, path);
              runs++;
              elapsed = g_get_monotonic_time () - start;
            }
          while (elapsed < budget * G_USEC_PER_SEC || runs < 20);
          ms[m] = elapsed / 1000.0 / runs;
        }
      g_print ("%-44s %7u %7.1f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f\n", samples[i].name, n_actions, size / 1024.0,
               ms[MEASURE_SAVE], ms[MEASURE_TO_JSON], ms[MEASURE_LOAD], ms[MEASURE_PARSE],
               ms[MEASURE_SAVE] + ms[MEASURE_LOAD], ms[MEASURE_WRITE]);
    }
  g_print ("save: pen_game_to_json + json_to_string (to_json: the first alone); load: JSON parse +\n"
           "pen_game_new_from_json (parse: the first alone); write: pen_save_write() (temporary file, fsync, rename) in %s.\n"
           "Goal: save + load <= 5 ms, file <= 100 KB.\n",
           g_get_tmp_dir ());
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
