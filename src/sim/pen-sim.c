/* pen-sim.c: penumbra-sim, the command-line face of the rules engine.
 *
 * States are JSON files in the save format (docs/save-format.md); actions are
 * JSON objects as `penumbra-sim actions` prints them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "penumbra-sim"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pen-automa.h"
#include "pen-board-def.h"
#include "pen-card-text.h"
#include "pen-cards.h"
#include "pen-coach.h"
#include "pen-fate-deck.h"
#include "pen-game.h"
#include "pen-quest.h"
#include "pen-reference.h"
#include "pen-resource-die.h"
#include "pen-review.h"
#include "pen-save.h"
#include "pen-scoring.h"
#include "pen-talents.h"

/* A game that has not ended after this many actions is reported as stuck. */
#define MAX_ACTIONS_PER_GAME 50000

typedef int (*SimCommandFunc) (int argc, char **argv);

typedef struct
{
  const char     *name;
  SimCommandFunc  func;
  const char     *usage;
} SimCommand;

static int
fail (const char *message)
{
  g_printerr ("penumbra-sim: %s\n", message);
  return 1;
}

static int
usage_error (GOptionContext *context,
             const char     *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  g_printerr ("penumbra-sim: %s\n\n%s", message, help);
  return 2;
}

/* Writes the state to @path, through a temporary file so a crash never leaves
 * half a file; to stdout when @path is NULL. */
static gboolean
write_state (PenGame     *game,
             const char  *path,
             GError     **error)
{
  if (path == NULL)
    {
      g_autoptr(JsonNode) node = pen_game_to_json (game);
      g_autofree char *text = json_to_string (node, TRUE);

      g_print ("%s\n", text);
      return TRUE;
    }
  return pen_save_write (game, path, error);
}

static int
sim_new (int    argc,
         char **argv)
{
  gint64 seed = 1;
  int players = 2;
  gboolean first_game = FALSE;
  g_autofree char *out = NULL;
  g_autofree char *automa = NULL;
  g_autofree char *worldview = NULL;
  const GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of every random result", "S" },
    { "automa", 0, 0, G_OPTION_ARG_STRING, &automa, "A solo game against this Automa (emerald, jasper, ruby, amethyst, sapphire, amber)", "VARIANT" },
    { "worldview", 0, 0, G_OPTION_ARG_STRING, &worldview, "The Automa's worldview: light or darkness (default: random)", "W" },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, "Number of players, 1 to 4", "N" },
    { "first-game", 0, 0, G_OPTION_ARG_NONE, &first_game, "Use the rulebook's ready-made Fate deck", NULL },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "Write the state here instead of to stdout", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- start a game");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 1)
    return usage_error (context, "new takes no arguments");

  if (automa != NULL)
    game = pen_game_new_solo ((guint64) seed, automa,
                              worldview == NULL ? -1 : g_str_equal (worldview, "light") ? 1 : 0,
                              first_game, &error);
  else
    game = pen_game_new ((guint64) seed, players, first_game, &error);
  if (game == NULL || !write_state (game, out, &error))
    return fail (error->message);
  return 0;
}

static int
sim_actions (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("STATE - list the legal actions");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) actions = NULL;
  gboolean distinct = FALSE;
  GOptionEntry entries[] = {
    { "distinct", 0, 0, G_OPTION_ARG_NONE, &distinct, "Of the actions with the same outcome, only the first (as the window offers them)", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, "actions needs one STATE file");

  game = pen_save_read (argv[1], &error);
  if (game == NULL)
    return fail (error->message);
  actions = distinct ? pen_game_list_distinct_actions (game) : pen_game_list_actions (game);
  for (guint i = 0; i < actions->len; i++)
    {
      g_autofree char *text = pen_game_describe_action (game, &g_array_index (actions, PenAction, i));

      g_print ("%s\n", text);
    }
  return 0;
}

static gboolean
parse_forced (const char  *list,
              GArray      *out,
              GError     **error)
{
  g_auto(GStrv) items = g_strsplit (list, ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (g_strstrip (items[i]), 10, 0, 1000, &value, error))
        return FALSE;
      g_array_append_val (out, (guint) { value });
    }
  return TRUE;
}

static int
sim_apply (int    argc,
           char **argv)
{
  g_autofree char *out = NULL;
  g_autofree char *force = NULL;
  const GOptionEntry entries[] = {
    { "force-dice", 0, 0, G_OPTION_ARG_STRING, &force,
      "Comma-separated results the next random draws return (die faces 1–6, Resource die faces 0–5, card picks)", "LIST" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "Write the new state here instead of to stdout", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("STATE ACTION... - apply actions");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) forced = g_array_new (FALSE, FALSE, sizeof (guint));

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc < 3)
    return usage_error (context, "apply needs a STATE file and at least one ACTION");
  if (force != NULL && !parse_forced (force, forced, &error))
    return usage_error (context, error->message);

  game = pen_save_read (argv[1], &error);
  if (game == NULL)
    return fail (error->message);
  pen_rng_force_next (pen_game_get_rng (game), (guint *) forced->data, forced->len);

  for (int i = 2; i < argc; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new_immutable ();
      PenAction action;

      /* An action nests two levels deep: text nested deeper than a save may
       * be is no action, and could run the JSON parser out of stack. */
      if (pen_save_text_depth (argv[i], strlen (argv[i]), PEN_SAVE_MAX_DEPTH) > PEN_SAVE_MAX_DEPTH)
        return fail ("the action is nested too deeply to be an action");
      if (!json_parser_load_from_data (parser, argv[i], -1, &error)
          || !pen_game_action_from_json (game, json_parser_get_root (parser), &action, &error)
          || !pen_game_apply (game, &action, &error))
        return fail (error->message);
    }
  if (!write_state (game, out, &error))
    return fail (error->message);
  return 0;
}

/* Each entry of the log on a line, rendered in the current language. */
static int
sim_log (int    argc,
         char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("STATE - the game's log in the current language");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, "log needs one STATE file");

  game = pen_save_read (argv[1], &error);
  if (game == NULL)
    return fail (error->message);
  for (guint i = 0; i < pen_game_get_log_length (game); i++)
    {
      g_autofree char *line = pen_game_render_log_entry (game, i, NULL);

      g_print ("%s\n", line);
    }
  return 0;
}

static int
sim_score (int    argc,
           char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("STATE - the score of each player");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, "score needs one STATE file");

  game = pen_save_read (argv[1], &error);
  if (game == NULL)
    return fail (error->message);
  if (pen_game_get_talent (game, 0) == NULL)
    return fail ("the Talents are not chosen yet: nothing to score");

  json_builder_begin_array (b);
  for (guint p = 0; p < pen_game_get_n_players (game); p++)
    {
      PenScoreBreakdown breakdown;

      pen_game_compute_score (game, p, &breakdown);
      json_builder_add_value (b, pen_score_breakdown_to_json (&breakdown));
    }
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, TRUE);
  g_print ("%s\n", text);
  return 0;
}

/* How the Wizards of a self-played game choose. */
typedef enum
{
  PLAYER_RANDOM,
  PLAYER_REFERENCE,
  PLAYER_COACH,
} PlayerKind;

typedef struct
{
  guint64 games;
  guint64 actions;
  guint64 turns;
  guint64 stuck;
  guint64 by_type[PEN_N_ACTION_TYPES];
  GHashTable *card_uses;   /* card name → times used (pay or activate) */
  GHashTable *card_gains;  /* card name → times gained */
  GChecksum  *digest;      /* of every game's final state, its actions and log included */
  const PenCoachSettings *coach;   /* with PLAYER_COACH */
  GArray     *decision_us; /* of gint64: how long each of the coach's decisions took, when not NULL */
  guint64     wins;        /* games the first Wizard won outright */
  gint64      points;      /* the first Wizard's points, over all games */
  const char *save_dir;    /* each finished game is saved here (game-SEED.json), when not NULL */
} SelfplayStats;

/* How many Trials @player has passed, read from the saved state (the engine
 * has no getter: only the balance tables need the count). */
static guint
count_passed_trials (JsonNode *state,
                     guint     player)
{
  JsonArray *players = json_object_get_array_member (json_node_get_object (state), "players");
  JsonObject *object = json_array_get_object_element (players, player);

  return json_array_get_length (json_object_get_array_member (object, "passed-trials"));
}

/* How many cards of @kind ("exam", "dungeon", "ritual") the Automa took
 * (spec §9); 0 without an Automa. */
static guint
count_automa_content (JsonNode   *state,
                      const char *kind)
{
  JsonNode *automa = json_object_get_member (json_node_get_object (state), "automa");
  JsonObject *content;

  if (automa == NULL || !JSON_NODE_HOLDS_OBJECT (automa))
    return 0;
  content = json_object_get_object_member (json_node_get_object (automa), "content");
  return json_array_get_length (json_object_get_array_member (json_object_get_object_member (content, kind),
                                                              "taken"));
}

/* Plays one game with players that pick a legal action at random. Returns
 * FALSE, with @error set, if an invariant breaks or the game does not end. */
static void
write_csv_row (FILE    *csv,
               PenGame *game,
               guint64  seed,
               guint64  turns)
{
  PenScoreBreakdown score[PEN_MAX_PLAYERS];
  g_autoptr(JsonNode) state = pen_game_to_json (game);
  int automa = pen_game_get_automa_player (game);
  guint human = automa == 0 ? 1 : 0;
  guint other = automa >= 0 ? (guint) automa : (human == 0 ? 1 : 0);

  for (guint p = 0; p < pen_game_get_n_players (game); p++)
    pen_game_compute_score (game, p, &score[p]);
  if (pen_game_get_n_players (game) < 2)
    other = human;
  fprintf (csv, "%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT, seed, turns);
  for (guint k = 0; k < 2; k++)
    {
      guint p = k == 0 ? human : other;
      const PenScoreBreakdown *b = &score[p];

      fprintf (csv, ",%d,%d,%d,%d,%d,%d,%d,%d,%d,%u", b->total, b->arcana, b->trials, b->mortal_wounds,
               b->experience, b->contracts, b->board, b->goals, b->light_darkness,
               count_passed_trials (state, p));
    }
  fprintf (csv, ",%u,%u,%u", count_automa_content (state, "exam"), count_automa_content (state, "dungeon"),
           count_automa_content (state, "ritual"));
  fprintf (csv, ",%s\n", score[human].total > score[other].total ? "player"
                         : score[human].total < score[other].total ? (automa >= 0 ? "automa" : "other") : "tie");
}

/* Saves @game as pen_save_write() writes a file and loads it back as
 * pen_save_read() reads one: the text loads to the same state. */
static gboolean
check_save (PenGame  *game,
            GError  **error)
{
  g_autofree char *text = pen_save_to_text (game);
  g_autoptr(PenGame) loaded = pen_save_load_text (text, strlen (text), error);
  g_autofree char *loaded_text = NULL;

  if (loaded == NULL)
    return FALSE;
  loaded_text = pen_save_to_text (loaded);
  if (strcmp (text, loaded_text) != 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the state saved and loaded back is another state");
      return FALSE;
    }
  return TRUE;
}

/* The first Wizard's score, and whether it beat every other player. */
static void
count_result (PenGame       *game,
              SelfplayStats *stats)
{
  PenScoreBreakdown score;
  guint human = pen_game_get_automa_player (game) == 0 ? 1 : 0;
  int mine, best = G_MININT;

  pen_game_compute_score (game, human, &score);
  mine = score.total;
  for (guint p = 0; p < pen_game_get_n_players (game); p++)
    if (p != human)
      {
        pen_game_compute_score (game, p, &score);
        best = MAX (best, score.total);
      }
  stats->points += mine;
  stats->wins += mine > best;
}

/* Plays one game. The Wizards pick a legal action at random, by the
 * reference player's heuristic, or by the coach's search (@kind). Returns
 * FALSE, with @error set, if an invariant breaks, a state does not save and
 * load back (with @check_saves), or the game does not end. */
static gboolean
play_game (guint64         seed,
           guint           players,
           const char     *automa,
           PlayerKind      kind,
           gboolean        check_invariants,
           gboolean        check_saves,
           SelfplayStats  *stats,
           FILE           *csv,
           GError        **error)
{
  g_autoptr(PenGame) game = automa != NULL ? pen_game_new_solo (seed, automa, -1, FALSE, error)
                                           : pen_game_new (seed, players, FALSE, error);
  g_autoptr(PenRng) chooser = pen_rng_new (seed ^ G_GUINT64_CONSTANT (0x5DEECE66D));
  guint n = 0;
  guint64 turns_before = stats->turns;
  PenReference memory = { G_MAXUINT, 0 };
  PenAction chosen;

  if (game == NULL)
    return FALSE;
  while (!pen_game_is_over (game))
    {
      /* The coach never Empowers: the sets of Orange dice of a supply that
       * holds many would be millions of actions (gigabytes) to list. */
      g_autoptr(GArray) actions = kind == PLAYER_COACH ? pen_game_list_actions_without_empower (game)
                                                       : pen_game_list_actions (game);
      const PenAction *action;

      if (actions->len == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       "game %" G_GUINT64_FORMAT ": no legal action but the game is not over", seed);
          return FALSE;
        }
      if (++n > MAX_ACTIONS_PER_GAME)
        {
          stats->stuck++;
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       "game %" G_GUINT64_FORMAT ": not over after %d actions", seed, MAX_ACTIONS_PER_GAME);
          return FALSE;
        }
      if (kind == PLAYER_COACH && actions->len > 1)
        {
          PenCoachAdvice advice;
          gint64 start = g_get_monotonic_time ();

          pen_coach_advise (game, stats->coach, seed * 1000003 + n, NULL, &advice);
          if (stats->decision_us != NULL)
            g_array_append_val (stats->decision_us, (gint64) { g_get_monotonic_time () - start });
          chosen = advice.action;
          action = &chosen;
        }
      else if (kind != PLAYER_RANDOM)
        {
          pen_reference_choose (&memory, game, actions, &chosen);
          action = &chosen;
        }
      else
        action = &g_array_index (actions, PenAction, pen_rng_range (chooser, 0, actions->len));
      if (action->type == PEN_ACTION_END_TURN)
        stats->turns++;
      stats->by_type[action->type]++;
      if (stats->card_uses != NULL && action->type == PEN_ACTION_USE_CARD)
        {
          const char *name = pen_game_get_card_name (game, pen_game_get_current_player (game), action->index);
          gpointer count = g_hash_table_lookup (stats->card_uses, name);

          g_hash_table_insert (stats->card_uses, (gpointer) name, GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
        }
      {
        guint before[PEN_MAX_PLAYERS];

        for (guint p = 0; p < pen_game_get_n_players (game); p++)
          before[p] = pen_game_get_talent (game, 0) != NULL ? pen_game_get_n_cards (game, p) : 0;
        if (!pen_game_apply (game, action, error))
          return FALSE;
        for (guint p = 0; stats->card_gains != NULL && p < pen_game_get_n_players (game); p++)
          if (pen_game_get_talent (game, 0) != NULL)
            for (guint i = before[p]; i < pen_game_get_n_cards (game, p); i++)
              {
                const char *name = pen_game_get_card_name (game, p, i);
                gpointer count = g_hash_table_lookup (stats->card_gains, name);

                g_hash_table_insert (stats->card_gains, (gpointer) name, GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
              }
      }
      if ((check_invariants && !pen_game_check_invariants (game, error))
          || (check_saves && !check_save (game, error)))
        {
          g_prefix_error (error, "game %" G_GUINT64_FORMAT ", action %u: ", seed, n);
          return FALSE;
        }
    }
  stats->games++;
  stats->actions += n;
  count_result (game, stats);
  if (stats->digest != NULL)
    {
      g_autoptr(JsonNode) state = pen_game_to_json (game);
      g_autofree char *text = json_to_string (state, FALSE);

      g_checksum_update (stats->digest, (const guchar *) text, -1);
    }
  if (csv != NULL)
    write_csv_row (csv, game, seed, stats->turns - turns_before);
  if (stats->save_dir != NULL)
    {
      g_autofree char *name = g_strdup_printf ("game-%" G_GUINT64_FORMAT ".json", seed);
      g_autofree char *path = g_build_filename (stats->save_dir, name, NULL);

      if (!pen_save_write (game, path, error))
        return FALSE;
    }
  return TRUE;
}

static int
sim_selfplay (int    argc,
              char **argv)
{
  gint64 seed = 1;
  int games = 100;
  int players = 2;
  gboolean check = FALSE;
  gboolean check_saves = FALSE;
  gboolean card_stats = FALSE;
  gboolean digest = FALSE;
  g_autofree char *automa = NULL;
  g_autofree char *player = NULL;
  g_autofree char *csv_path = NULL;
  g_autofree char *save_dir = NULL;
  FILE *csv = NULL;
  const GOptionEntry entries[] = {
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, "How the Wizards play: random (default), reference, or coach (its fast setting)", "KIND" },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path, "Write one line per game: seed, turns, both scores part by part, winner", "FILE" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Number of games", "N" },
    { "automa", 0, 0, G_OPTION_ARG_STRING, &automa, "Solo games against this Automa", "VARIANT" },
    { "card-stats", 0, 0, G_OPTION_ARG_NONE, &card_stats, "Also print how often each card was used", NULL },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the first game (the others follow)", "S" },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, "Players per game, 1 to 4", "P" },
    { "check-invariants", 0, 0, G_OPTION_ARG_NONE, &check, "Check the invariants after every action", NULL },
    { "check-saves", 0, 0, G_OPTION_ARG_NONE, &check_saves, "Save every state as text and load it back, through the checks of a save file", NULL },
    { "digest", 0, 0, G_OPTION_ARG_NONE, &digest, "Also print a SHA-256 of every game's final state, actions and log", NULL },
    { "save-dir", 0, 0, G_OPTION_ARG_FILENAME, &save_dir, "Save each finished game in this folder as game-SEED.json", "DIR" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- random-legal-action self-play");
  g_autoptr(GError) error = NULL;
  SelfplayStats stats = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (games < 1 || players < 1 || players > PEN_MAX_PLAYERS)
    return usage_error (context, "--games must be at least 1 and --players 1 to 4");
  if (player != NULL && !g_str_equal (player, "random") && !g_str_equal (player, "reference")
      && !g_str_equal (player, "coach"))
    return usage_error (context, "--player must be random, reference or coach");
  if (csv_path != NULL)
    {
      csv = fopen (csv_path, "w");
      if (csv == NULL)
        {
          int saved_errno = errno;
          /* A file name need not be UTF-8; the message is. */
          g_autofree char *name = g_filename_display_name (csv_path);
          g_autofree char *message = g_strdup_printf ("cannot write the CSV file “%s”: %s", name,
                                                      g_strerror (saved_errno));

          return fail (message);
        }
      fprintf (csv, "seed,turns");
      for (guint k = 0; k < 2; k++)
        fprintf (csv, ",%s_total,%s_arcana,%s_trials,%s_mortal_wounds,%s_experience,%s_contracts,%s_board,%s_goals,%s_light_darkness,%s_trials_passed",
                 k ? "opponent" : "player", k ? "opponent" : "player", k ? "opponent" : "player", k ? "opponent" : "player",
                 k ? "opponent" : "player", k ? "opponent" : "player", k ? "opponent" : "player", k ? "opponent" : "player",
                 k ? "opponent" : "player", k ? "opponent" : "player");
      fprintf (csv, ",automa_exams,automa_dungeons,automa_rituals,winner\n");
    }
  if (card_stats)
    {
      stats.card_uses = g_hash_table_new (g_str_hash, g_str_equal);
      stats.card_gains = g_hash_table_new (g_str_hash, g_str_equal);
    }

  if (digest)
    stats.digest = g_checksum_new (G_CHECKSUM_SHA256);
  if (save_dir != NULL && g_mkdir_with_parents (save_dir, 0755) != 0)
    return fail ("cannot make the folder of --save-dir");
  stats.save_dir = save_dir;
  stats.coach = &pen_coach_fast;
  for (int g = 0; g < games; g++)
    if (!play_game ((guint64) seed + g, players, automa,
                    g_strcmp0 (player, "coach") == 0 ? PLAYER_COACH
                    : g_strcmp0 (player, "reference") == 0 ? PLAYER_REFERENCE : PLAYER_RANDOM,
                    check, check_saves, &stats, csv, &error))
      {
        if (csv != NULL)
          fclose (csv);
        return fail (error->message);
      }
  if (csv != NULL)
    fclose (csv);

  g_print ("{\"games\": %" G_GUINT64_FORMAT ", \"players\": %d, \"mean-actions\": %.1f, "
           "\"mean-turns\": %.1f, \"invariants-checked\": %s, \"first-wizard-wins\": %.3f, "
           "\"first-wizard-mean-score\": %.1f, \"actions\": {",
           stats.games, players, (double) stats.actions / stats.games,
           (double) stats.turns / stats.games, check ? "true" : "false",
           (double) stats.wins / stats.games, (double) stats.points / stats.games);
  for (guint t = 0; t < PEN_N_ACTION_TYPES; t++)
    g_print ("%s\"%s\": %" G_GUINT64_FORMAT, t > 0 ? ", " : "", pen_action_type_get_id (t), stats.by_type[t]);
  g_print ("}");
  if (stats.digest != NULL)
    {
      g_print (", \"digest\": \"%s\"", g_checksum_get_string (stats.digest));
      g_checksum_free (stats.digest);
    }
  g_print ("}\n");
  if (stats.card_uses != NULL)
    {
      const PenCards *cards = pen_cards_get_default (NULL);
      guint never = 0, never_gained = 0;

      g_print ("card\tgained\tused\n");
      for (guint i = 0; i < pen_cards_get_n_cards (cards); i++)
        {
          const PenCard *card = pen_cards_get_card (cards, i);
          guint used = GPOINTER_TO_UINT (g_hash_table_lookup (stats.card_uses, card->name));
          guint gained = GPOINTER_TO_UINT (g_hash_table_lookup (stats.card_gains, card->name));

          g_print ("%s\t%u\t%u\n", card->name, gained, used);
          never += used == 0;
          never_gained += gained == 0;
        }
      g_print ("cards never gained: %u; never used: %u\n", never_gained, never);
      g_hash_table_unref (stats.card_uses);
      g_hash_table_unref (stats.card_gains);
    }
  return 0;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The coach's solo games against @automa, or each Automa: its decisions per
 * second, the 95th percentile of a decision's time, its wins and mean score. */
static int
bench_coach (int         games,
             guint64     first_seed,
             const char *automa,
             const char *setting,
             int         deals,
             int         horizon,
             int         screen,
             int         keep)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  PenCoachSettings settings;

  if (setting != NULL && !g_str_equal (setting, "fast") && !g_str_equal (setting, "window"))
    return fail ("--setting must be fast or window");
  settings = g_strcmp0 (setting, "window") == 0 ? pen_coach_window : pen_coach_fast;
  if (deals > 0)
    settings.deals = deals;
  if (horizon >= 0)
    settings.horizon = horizon;
  if (screen >= 0)
    settings.screen = screen;
  if (keep > 0)
    settings.keep = keep;
  for (guint v = 0; v < pen_automas_get_n_variants (automas); v++)
    {
      const char *id = pen_automas_get_variant (automas, v)->id;
      SelfplayStats stats = { 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
      gint64 start, elapsed;

      if (automa != NULL && !g_str_equal (automa, id))
        continue;
      stats.coach = &settings;
      stats.decision_us = times;
      start = g_get_monotonic_time ();
      for (int g = 0; g < games; g++)
        if (!play_game (first_seed + g, 2, id, PLAYER_COACH, FALSE, FALSE, &stats, NULL, &error))
          return fail (error->message);
      elapsed = MAX (g_get_monotonic_time () - start, 1);
      g_array_sort (times, compare_gint64);
      g_print ("{\"automa\": \"%s\", \"setting\": \"%s\", \"deals\": %u, \"horizon\": %u, \"games\": %d, "
               "\"wins\": %.3f, \"mean-score\": %.1f, \"decisions\": %u, \"decisions-per-second\": %.1f, "
               "\"p95-decision-seconds\": %.3f, \"max-decision-seconds\": %.3f}\n",
               id, setting != NULL ? setting : "fast", settings.deals, settings.horizon, games, (double) stats.wins / games,
               (double) stats.points / games, times->len, times->len / (elapsed / 1e6),
               times->len > 0 ? g_array_index (times, gint64, times->len * 95 / 100) / 1e6 : 0,
               times->len > 0 ? g_array_index (times, gint64, times->len - 1) / 1e6 : 0);
    }
  return 0;
}

static int
sim_bench (int    argc,
           char **argv)
{
  int games = 200;
  g_autofree char *automa = NULL;
  g_autofree char *setting = NULL;
  gboolean reference = FALSE;
  gboolean coach = FALSE;
  int deals = 0, horizon = -1, screen = -1, keep = 0, first_seed = 1;
  const GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Number of games to time", "N" },
    { "automa", 0, 0, G_OPTION_ARG_STRING, &automa, "Solo games against this Automa", "VARIANT" },
    { "reference", 0, 0, G_OPTION_ARG_NONE, &reference, "The reference player instead of random play", NULL },
    { "coach", 0, 0, G_OPTION_ARG_NONE, &coach,
      "The coach against each Automa (or --automa): decisions per second, their p95 time, wins and mean score", NULL },
    { "setting", 0, 0, G_OPTION_ARG_STRING, &setting, "The coach's setting: fast (default) or window", "S" },
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, "Instead of the setting's: deals per decision", "N" },
    { "horizon", 0, 0, G_OPTION_ARG_INT, &horizon, "Instead of the setting's: turns played out (0: to the end)", "T" },
    { "screen", 0, 0, G_OPTION_ARG_INT, &screen, "Instead of the setting's: candidates left after the screen (0: no screen)", "N" },
    { "keep", 0, 0, G_OPTION_ARG_INT, &keep, "Instead of the setting's: candidates kept after the first deal", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &first_seed, "The coach's games: the first game's seed (default 1)", "S" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- games per second on one core (default: random 2-player self-play)");
  g_autoptr(GError) error = NULL;
  SelfplayStats stats = { 0 };
  gint64 start, elapsed;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (games < 1)
    return usage_error (context, "--games must be at least 1");
  if (coach)
    return first_seed < 1 ? usage_error (context, "--seed must be at least 1")
                          : bench_coach (games, (guint64) first_seed, automa, setting, deals, horizon, screen, keep);

  start = g_get_monotonic_time ();
  for (int g = 0; g < games; g++)
    if (!play_game (1000 + g, 2, automa, reference ? PLAYER_REFERENCE : PLAYER_RANDOM, FALSE, FALSE, &stats, NULL, &error))
      return fail (error->message);
  elapsed = MAX (g_get_monotonic_time () - start, 1);

  g_print ("{\"games\": %d, \"seconds\": %.3f, \"games-per-second\": %.1f, \"actions-per-second\": %.0f}\n",
           games, elapsed / 1e6, games / (elapsed / 1e6), stats.actions / (elapsed / 1e6));
  return 0;
}

/* The review's coach: pen_coach_review, with what the options change (0 or
 * -1: the setting's). */
static PenCoachSettings
review_settings (int deals,
                 int horizon,
                 int screen,
                 int keep)
{
  PenCoachSettings settings = pen_coach_review;

  if (deals > 0)
    settings.deals = deals;
  if (horizon >= 0)
    settings.horizon = horizon;
  if (screen >= 0)
    settings.screen = screen;
  if (keep > 0)
    settings.keep = keep;
  return settings;
}

/* A number of the review as JSON: two decimals are all the coach's
 * reckoning is worth, and "%.17g" would print 3.1400000000000001. */
static void
append_points (GString    *out,
               const char *name,
               double      value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, ", \"%s\": %s", name, g_ascii_formatd (text, sizeof text, "%.2f", value));
}

static void
append_action (GString         *out,
               const char      *name,
               PenGame         *position,
               const PenAction *action)
{
  g_autofree char *text = pen_game_describe_action (position, action);

  g_string_append_printf (out, ", \"%s\": %s", name, text);
}

typedef struct
{
  guint    n_decisions;   /* the review's total, once it has begun */
  gboolean print;         /* DONE/TOTAL on stderr */
} ReviewProgress;

static void
review_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  ReviewProgress *progress = user_data;

  progress->n_decisions = total;
  if (progress->print)
    g_printerr ("%u/%u\n", done, total);
}

/* The coach's review of a game: its costliest decisions as a JSON list, one
 * object a line. */
static int
sim_review (int    argc,
            char **argv)
{
  int player = -1, deals = 0, horizon = -1, screen = -1, keep = 0;
  gboolean progress = FALSE;
  const GOptionEntry entries[] = {
    { "player", 0, 0, G_OPTION_ARG_INT, &player, "The Wizard reviewed, from 0 (default: the one who is not the Automa, or 0)", "P" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress, "Print DONE/TOTAL decisions on stderr as the review goes", NULL },
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, "Instead of the review's setting: deals per decision", "N" },
    { "horizon", 0, 0, G_OPTION_ARG_INT, &horizon, "Instead of the review's setting: turns played out (0: to the end)", "T" },
    { "screen", 0, 0, G_OPTION_ARG_INT, &screen, "Instead of the review's setting: candidates left after the screen (0: no screen)", "N" },
    { "keep", 0, 0, G_OPTION_ARG_INT, &keep, "Instead of the review's setting: candidates kept after the first deal", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("STATE - the coach's review: the decisions that cost the most, as JSON");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(GArray) decisions = NULL;
  g_autoptr(GString) out = g_string_new ("[");
  PenCoachSettings settings;
  ReviewProgress told = { 0, FALSE };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, "review needs one STATE file");
  game = pen_save_read (argv[1], &error);
  if (game == NULL)
    return fail (error->message);
  if (player >= (int) pen_game_get_n_players (game))
    return usage_error (context, "--player must be one of the game's players, from 0");
  told.print = progress;

  settings = review_settings (deals, horizon, screen, keep);
  decisions = pen_review_game (game, player >= 0 ? (guint) player : pen_review_default_player (game), &settings,
                               NULL, review_progress_cb, &told, &error);
  if (decisions == NULL)
    return fail (error->message);
  for (guint i = 0; i < decisions->len; i++)
    {
      const PenReviewDecision *d = &g_array_index (decisions, PenReviewDecision, i);
      g_autoptr(PenGame) position = pen_game_replay (game, d->index, &error);
      g_autofree char *prompt = NULL;
      g_autoptr(JsonNode) prompt_node = json_node_new (JSON_NODE_VALUE);
      g_autofree char *prompt_text = NULL;

      if (position == NULL)
        return fail (error->message);
      prompt = pen_game_get_prompt (position);
      json_node_set_string (prompt_node, prompt != NULL ? prompt : "");
      prompt_text = json_to_string (prompt_node, FALSE);
      g_string_append_printf (out, "%s\n{\"index\": %u, \"turn\": %u, \"player\": %u", i > 0 ? "," : "",
                              d->index, d->turn, d->player);
      append_action (out, "played", position, &d->played);
      append_action (out, "suggested", position, &d->suggested);
      append_points (out, "played_points", d->played_points);
      append_points (out, "suggested_points", d->suggested_points);
      append_points (out, "cost", d->suggested_points - d->played_points);
      g_string_append_printf (out, ", \"candidates\": %u, \"prompt\": %s}", d->n_candidates, prompt_text);
    }
  g_string_append (out, "\n]\n");
  g_print ("%s", out->str);
  return 0;
}

/* The game as it stood before its action N: as Review Game shows it. */
static int
sim_rewind (int    argc,
            char **argv)
{
  g_autofree char *out = NULL;
  const GOptionEntry entries[] = {
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "Write the state here instead of to stdout", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("STATE N - the game before its action N (from 0), replayed from its seed");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) rewound = NULL;
  g_autofree char *message = NULL;
  gint64 n;
  guint len;

  g_option_context_add_main_entries (context, entries, NULL);
  /* So that N = -1 reaches the check of N rather than being an unknown
   * option. */
  g_option_context_set_ignore_unknown_options (context, TRUE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 3)
    return usage_error (context, "rewind needs a STATE file and N");
  if (!g_ascii_string_to_signed (argv[2], 10, G_MININT64, G_MAXINT64, &n, NULL))
    {
      message = g_strdup_printf ("N must be a whole number, the index of an action in the save's actions, not “%s”", argv[2]);
      return fail (message);
    }
  game = pen_save_read (argv[1], &error);
  if (game == NULL)
    return fail (error->message);
  len = pen_game_get_n_history (game);
  if (n < 0 || n > len)
    {
      message = g_strdup_printf ("N must be 0 to %u: the game has %u actions (N = %u is the game as saved), not %"
                                 G_GINT64_FORMAT, len, len, len, n);
      return fail (message);
    }
  rewound = pen_game_replay (game, (int) n, &error);
  if (rewound == NULL || !write_state (rewound, out, &error))
    return fail (error->message);
  return 0;
}

static double
cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

/* Of sorted @values, the one at @fraction by nearest rank. */
static double
nearest_rank (GArray *values,
              double  fraction)
{
  guint rank = (guint) (fraction * values->len + 0.999999);

  return g_array_index (values, double, CLAMP (rank, 1, values->len) - 1);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The whole review of each game, timed: wall and CPU seconds, p50 and p95. */
static int
sim_bench_review (int    argc,
                  char **argv)
{
  int deals = 0, horizon = -1, screen = -1, keep = 0;
  const GOptionEntry entries[] = {
    { "deals", 0, 0, G_OPTION_ARG_INT, &deals, "Instead of the review's setting: deals per decision", "N" },
    { "horizon", 0, 0, G_OPTION_ARG_INT, &horizon, "Instead of the review's setting: turns played out (0: to the end)", "T" },
    { "screen", 0, 0, G_OPTION_ARG_INT, &screen, "Instead of the review's setting: candidates left after the screen (0: no screen)", "N" },
    { "keep", 0, 0, G_OPTION_ARG_INT, &keep, "Instead of the review's setting: candidates kept after the first deal", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("STATE... - the time of the coach's review of each game");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  PenCoachSettings settings;
  guint64 all_decisions = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc < 2)
    return usage_error (context, "bench-review needs at least one STATE file");
  settings = review_settings (deals, horizon, screen, keep);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr(PenGame) game = pen_save_read (argv[i], &error);
      g_autoptr(GArray) decisions = NULL;
      ReviewProgress told = { 0, FALSE };
      gint64 start;
      double cpu_start, w, c;

      if (game == NULL)
        return fail (error->message);
      start = g_get_monotonic_time ();
      cpu_start = cpu_seconds ();
      decisions = pen_review_game (game, pen_review_default_player (game), &settings, NULL, review_progress_cb,
                                   &told, &error);
      if (decisions == NULL)
        return fail (error->message);
      w = (g_get_monotonic_time () - start) / 1e6;
      c = cpu_seconds () - cpu_start;
      g_array_append_val (wall, w);
      g_array_append_val (cpu, c);
      all_decisions += told.n_decisions;
      g_print ("{\"file\": \"%s\", \"turns\": %u, \"actions\": %u, \"decisions\": %u, \"listed\": %u, "
               "\"seconds\": %.2f, \"cpu-seconds\": %.2f}\n",
               argv[i], pen_game_get_turn_number (game), pen_game_get_n_history (game), told.n_decisions,
               decisions->len, w, c);
    }
  g_array_sort (wall, compare_double);
  g_array_sort (cpu, compare_double);
  g_print ("{\"games\": %u, \"deals\": %u, \"keep\": %u, \"horizon\": %u, \"screen\": %u, \"mean-decisions\": %.1f, "
           "\"p50-seconds\": %.2f, \"p95-seconds\": %.2f, \"max-seconds\": %.2f, "
           "\"p50-cpu-seconds\": %.2f, \"p95-cpu-seconds\": %.2f, \"max-cpu-seconds\": %.2f}\n",
           wall->len, settings.deals, settings.keep, settings.horizon, settings.screen,
           (double) all_decisions / wall->len, nearest_rank (wall, 0.5), nearest_rank (wall, 0.95),
           g_array_index (wall, double, wall->len - 1), nearest_rank (cpu, 0.5), nearest_rank (cpu, 0.95),
           g_array_index (cpu, double, cpu->len - 1));
  return 0;
}

/* Loads every data file the engine knows, so a broken file fails here with the
 * loader's message (file, item, field) rather than in a game. */
static int
sim_validate_data (int    argc,
                   char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenResourceDie) resource_die = NULL;
  g_autoptr(PenBoardDef) boards = NULL;
  g_autoptr(PenTalents) talents = NULL;
  g_autoptr(PenFateCatalogue) fate = NULL;
  g_autoptr(PenScoringTable) scoring = NULL;
  g_autoptr(PenQuests) quests = NULL;
  g_autoptr(PenCards) cards = NULL;
  g_autoptr(PenAutomas) automas = NULL;

  if (argc != 1)
    {
      g_printerr ("Usage: penumbra-sim validate-data\n");
      return 2;
    }

  if ((resource_die = pen_resource_die_load (&error)) == NULL
      || (boards = pen_board_def_load (&error)) == NULL
      || (talents = pen_talents_load (&error)) == NULL
      || (fate = pen_fate_catalogue_load (&error)) == NULL
      || (scoring = pen_scoring_table_load (&error)) == NULL
      || (quests = pen_quests_load (&error)) == NULL
      || (cards = pen_cards_load (&error)) == NULL
      || (automas = pen_automas_load (&error)) == NULL)
    return fail (error->message);
  /* The files' references to one another (Talents' starting cards, the
   * first-game deck...) are checked by setting up a game. */
  {
    g_autoptr(PenGame) probe = pen_game_new (1, PEN_MAX_PLAYERS, TRUE, &error);

    if (probe == NULL)
      return fail (error->message);
  }

  g_print ("%s: ok\n%s: ok\n%s: ok (%u Talents)\ncards/fate.json: ok (%u cards)\nscoring.json: ok\n"
           "%s + %s: ok (%u Contracts, %u Trials)\n",
           PEN_RESOURCE_DIE_FILE, PEN_WIZARD_BOARD_FILE " + " PEN_LOCATIONS_FILE,
           PEN_TALENTS_FILE, talents->n_talents, pen_fate_catalogue_get_n_cards (fate),
           PEN_CONTRACTS_FILE, PEN_TRIALS_FILE, pen_quests_get_n_contracts (quests),
           pen_quests_get_n_trials (quests));
  g_print ("cards: ok (%u Discipline cards, Artifacts and Potions)\nautoma: ok (%u variants)\n"
           "references between files: ok\n",
           pen_cards_get_n_cards (cards), pen_automas_get_n_variants (automas));
  return 0;
}

/* One card of `penumbra-sim cards`: its words as the window shows them. */
static void
print_card (const char *kind,
            const char *id,
            const char *name,
            const char *type_line,
            const char *cost_line,
            const char *text)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *line = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, kind);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, id);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, type_line);
  json_builder_set_member_name (builder, "cost");
  json_builder_add_string_value (builder, cost_line != NULL ? cost_line : "");
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, text != NULL ? text : "");
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  line = json_to_string (root, FALSE);
  g_print ("%s\n", line);
}

static void
print_trial (const PenTrial *trial,
             const char     *name)
{
  g_autofree char *threat = pen_quest_text_threat_line (trial->threat, trial->points);
  g_autofree char *darkness = pen_trial_text_path (trial, FALSE);
  g_autofree char *light = pen_trial_text_path (trial, TRUE);
  g_autofree char *properties = pen_trial_text_properties (trial);
  g_autofree char *retaliation = pen_trial_text_retaliation (trial);
  g_autofree char *text = g_strjoin ("\n", darkness, light, properties != NULL ? properties : retaliation,
                                     properties != NULL ? retaliation : NULL, NULL);

  print_card ("trial", trial->id, name, _("Trial"), threat, text);
}

/* Every card of the game, one JSON object a line, in the current language:
 * the Wizard cards, Artifacts and Potions, Contracts, Trials and the other
 * Fate cards, Talents, the Automas and their own cards. */
static int
sim_cards (int    argc,
           char **argv)
{
  g_autoptr(GError) error = NULL;
  const PenCards *cards;
  const PenQuests *quests;
  const PenFateCatalogue *fate;
  const PenTalents *talents;
  const PenAutomas *automas;

  if (argc != 1)
    {
      g_printerr ("Usage: penumbra-sim cards\n");
      return 2;
    }
  if ((cards = pen_cards_get_default (&error)) == NULL
      || (quests = pen_quests_get_default (&error)) == NULL
      || (fate = pen_fate_catalogue_get_default (&error)) == NULL
      || (talents = pen_talents_get_default (&error)) == NULL
      || (automas = pen_automas_get_default (&error)) == NULL)
    return fail (error->message);

  for (guint i = 0; i < pen_cards_get_n_cards (cards); i++)
    {
      const PenCard *card = pen_cards_get_card (cards, i);
      g_autofree char *type_line = pen_card_text_type_line (card);
      g_autofree char *cost_line = pen_card_text_cost_line (card);
      g_autofree char *price_line = pen_card_text_price_line (card);
      g_autofree char *text = pen_card_text_effects (card);

      print_card (card->type == PEN_CARD_ARTIFACT ? "artifact" : card->type == PEN_CARD_POTION ? "potion" : "wizard-card",
                  card->id, pen_text_card_name (card->name), type_line,
                  cost_line != NULL ? cost_line : price_line, text);
    }
  for (guint i = 0; i < pen_quests_get_n_contracts (quests); i++)
    {
      const PenContract *contract = pen_quests_get_contract (quests, i);
      g_autofree char *threat = pen_quest_text_threat_line (contract->threat, contract->points);

      print_card ("contract", contract->id, pen_text_card_name (contract->name), _("Contract"), threat, contract->text);
    }
  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (fate); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (fate, i);
      const char *name = pen_text_card_name (pen_fate_card_get_name (card));
      const PenTrial *trial = pen_fate_card_get_kind (card) == PEN_FATE_KIND_TRIAL
        ? pen_quests_find_trial (quests, pen_fate_card_get_id (card)) : NULL;

      if (trial != NULL)
        print_trial (trial, name);
      else
        print_card ("fate", pen_fate_card_get_id (card), name, pen_fate_text_type_line (card), NULL,
                    pen_fate_text (card));
    }
  for (guint i = 0; i < talents->n_talents; i++)
    {
      const PenTalent *talent = &talents->talents[i];
      g_autofree char *gifts = pen_talent_text (talent);
      /* Translators: a Talent's turn order, under its name */
      g_autofree char *order = g_strdup_printf (_("Turn order %u"), talent->turn_order);

      print_card ("talent", talent->id, pen_text_card_name (talent->name), _("Talent"), order, gifts);
    }
  for (guint i = 0; i < pen_automas_get_n_variants (automas); i++)
    {
      const PenAutomaVariant *variant = pen_automas_get_variant (automas, i);
      g_autofree char *difficulty = pen_automa_text_difficulty (variant);
      g_autofree char *type_line = g_strdup_printf ("%s · %s", _("Automa"), difficulty);
      g_autofree char *points = pen_automa_text_board_points (variant);

      print_card ("automa", variant->id, pen_text_card_name (variant->name), type_line, points,
                  pen_automa_text_speciality (variant));
    }
  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    for (guint i = 0; i < pen_automas_get_n_content (automas, k); i++)
      {
        const PenAutomaContentCard *card = pen_automas_get_content (automas, k, i);
        g_autofree char *points = pen_automa_text_content_points (card);

        print_card ("automa-card", card->id, pen_text_card_name (card->name), pen_automa_text_content_type (k), NULL,
                    points);
      }
  return 0;
}

static int
sim_version (int    argc,
             char **argv)
{
  g_print ("penumbra-sim %s\n", PACKAGE_VERSION);
  return 0;
}

static int sim_help (int argc, char **argv);

static const SimCommand commands[] = {
  { "new", sim_new, "new [--seed S] [--players N] [--first-game] [--automa VARIANT [--worldview W]] [--out FILE]" },
  { "actions", sim_actions, "actions [--distinct] STATE" },
  { "apply", sim_apply, "apply STATE ACTION... [--force-dice LIST] [--out FILE]" },
  { "score", sim_score, "score STATE" },
  { "log", sim_log, "log STATE" },
  { "selfplay", sim_selfplay, "selfplay [--games N] [--seed S] [--players P] [--automa VARIANT] [--player random|reference|coach] [--csv FILE] [--check-invariants] [--check-saves] [--card-stats] [--digest] [--save-dir DIR]" },
  { "bench", sim_bench, "bench [--games N] [--automa VARIANT] [--reference | --coach [--setting fast|window] [--deals N] [--horizon T] [--screen N] [--keep N] [--seed S]]" },
  { "review", sim_review, "review STATE [--player P] [--progress] [--deals N] [--horizon T] [--screen N] [--keep N]" },
  { "rewind", sim_rewind, "rewind STATE N [--out FILE]" },
  { "bench-review", sim_bench_review, "bench-review STATE... [--deals N] [--horizon T] [--screen N] [--keep N]" },
  { "validate-data", sim_validate_data, "validate-data" },
  { "cards", sim_cards, "cards" },
  { "version", sim_version, "version" },
  { "help", sim_help, "help" },
};

static int
sim_help (int    argc,
          char **argv)
{
  g_print ("Usage: penumbra-sim COMMAND [ARGUMENTS...]\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %s\n", commands[i].usage);
  g_print ("\nSTATE is a game in the save format (docs/save-format.md); ACTION is a JSON\n"
           "object as `penumbra-sim actions` prints it. Errors exit with status 1.\n"
           "\nreview prints the coach's review of a game: a JSON list of the 3 to 5 decisions of\n"
           "the Wizard (not the Automa) that cost the most, in game order, one object a line:\n"
           "index (of the action in the save's actions), turn, player, played and suggested\n"
           "(actions as `actions` prints them), played_points and suggested_points (the\n"
           "coach's expected points ahead of the best opponent), cost, candidates, prompt.\n"
           "rewind writes the game as it stood before its action N (0 to the number of\n"
           "actions), replayed from its seed as Review Game shows it.\n");
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  /* PENUMBRA_LOCALEDIR lets an uninstalled build find its own translations. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PENUMBRA_LOCALEDIR") ? g_getenv ("PENUMBRA_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      sim_help (0, NULL);
      return 2;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].func (argc - 1, argv + 1);

  {
    /* Whatever bytes were typed, the message is UTF-8. */
    g_autofree char *command = g_utf8_make_valid (argv[1], -1);

    g_printerr ("penumbra-sim: unknown command “%s”; try “penumbra-sim help”\n", command);
  }
  return 2;
}
