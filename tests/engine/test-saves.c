/* test-saves.c: saved games (docs/save-format.md) from random points of real
 * games, and damaged files.
 *
 * The round trip: for 1,000 random mid-game states (2–4 player games
 * and solo games against each of the six Automas), the save passes the checks
 * of a save file (test-save-checks.c), save → load → save gives the same text
 * byte for byte, and setting the game up again from its seed and
 * replaying its recorded actions gives the same text too. Dice are never forced
 * here: forced results are not saved, so a replay could not repeat them.
 *
 * Damaged files: cut short (as bytes, and as a document that still parses but
 * stops early), bytes flipped, foreign JSON, a newer version, and every member
 * of real states replaced in turn by a value of the wrong type. Each is refused
 * with PEN_ERROR_SAVE (or, for text that is not JSON at all, by the JSON
 * parser), and nothing crashes: the tests run with G_DEBUG=fatal-criticals.
 *
 * And one state built with the helpers of pen-test-state.h, saved and loaded
 * back whole, then damaged member by member and refused with a message.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gstdio.h>

#include "pen-error.h"
#include "pen-game.h"
#include "pen-save-shape.h"
#include "pen-save.h"

#include "pen-test-state.h"

#define N_ROUND_TRIPS 1000
#define MAX_ACTIONS 20000

static const char *automa_variants[] = {
  "emerald", "jasper", "ruby", "amethyst", "sapphire", "amber",
};

/* ---- Games at random points ---------------------------------------------- */

typedef struct
{
  guint64     seed;
  const char *automa;      /* NULL: a plain game */
  int         worldview;   /* for a solo game: -1 at random, 0 Darkness, 1 Light */
  guint       n_players;
  gboolean    first_game;
} Setup;

static PenGame *
game_of_setup (const Setup *setup)
{
  g_autoptr(GError) error = NULL;
  PenGame *game = setup->automa != NULL
                    ? pen_game_new_solo (setup->seed, setup->automa, setup->worldview, setup->first_game, &error)
                    : pen_game_new (setup->seed, setup->n_players, setup->first_game, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

/* Applies random legal actions, chosen by @chooser, until the game is over or
 * @max actions were applied; returns how many were. */
static guint
play_randomly (PenGame *game,
               PenRng  *chooser,
               guint    max)
{
  guint n = 0;

  while (n < max && !pen_game_is_over (game))
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (actions->len, >, 0);
      pen_game_apply (game, &g_array_index (actions, PenAction, pen_rng_range (chooser, 0, actions->len)), &error);
      g_assert_no_error (error);
      n++;
    }
  return n;
}

/* Game number @i of the round trip: its setup comes from @i, and it stops at a
 * random point between its start and its end. The game is played once
 * to learn its length, then again from the start up to the chosen point. */
static PenGame *
random_state (guint    i,
              guint   *n_actions)
{
  g_autoptr(PenRng) rng = pen_rng_new (G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) * (i + 1));
  Setup setup = { .seed = 5000 + i, .n_players = 2 };
  guint kind = i % 12;
  guint64 chooser_seed = (guint64) i * 7919 + 17;
  guint length, stop;
  PenGame *game;

  if (kind < G_N_ELEMENTS (automa_variants))
    {
      setup.automa = automa_variants[kind];
      setup.worldview = (int) pen_rng_range (rng, 0, 3) - 1;
    }
  else
    setup.n_players = 2 + (kind - G_N_ELEMENTS (automa_variants)) % 3;
  setup.first_game = pen_rng_range (rng, 0, 4) == 0;

  {
    g_autoptr(PenGame) whole = game_of_setup (&setup);
    g_autoptr(PenRng) chooser = pen_rng_new (chooser_seed);

    length = play_randomly (whole, chooser, MAX_ACTIONS);
  }
  stop = pen_rng_range (rng, 0, length + 1);
  game = game_of_setup (&setup);
  {
    g_autoptr(PenRng) chooser = pen_rng_new (chooser_seed);

    g_assert_cmpuint (play_randomly (game, chooser, stop), ==, stop);
  }
  if (n_actions != NULL)
    *n_actions = stop;
  return game;
}

/* The save as it is written to a file (compact). */
static char *
state_text (PenGame *game)
{
  return pen_save_to_text (game);
}

/* Loads @text: JSON first, then the game. An empty document parses to no
 * root, which pen_game_new_from_json() does not take (a precondition, not a
 * refusal): a loader must refuse it itself, as here. */
static PenGame *
load_text (const char  *text,
           gssize       length,
           GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();

  if (!json_parser_load_from_data (parser, text, length, error))
    return NULL;
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, "empty document");
      return NULL;
    }
  return pen_game_new_from_json (json_parser_get_root (parser), error);
}

/* Fails with the first difference and some text around it, rather than two
 * whole saves. */
static void
assert_same_text (const char *what,
                  guint       i,
                  const char *expected,
                  const char *actual)
{
  gsize at = 0;

  if (strcmp (expected, actual) == 0)
    return;
  while (expected[at] != '\0' && expected[at] == actual[at])
    at++;
  g_error ("state %u: %s differs at byte %" G_GSIZE_FORMAT ":\n  expected …%.200s\n  got      …%.200s",
           i, what, at, expected + (at > 100 ? at - 100 : 0), actual + (at > 100 ? at - 100 : 0));
}

/* What went wrong in the current test, all of it rather than the first
 * thing: a damaged input that loaded, a refusal of the wrong kind, or a
 * warning or critical logged while loading (GLib makes those fatal in tests;
 * here they are collected, with the input that caused them). */
static GPtrArray *problems;
static const char *current_case;
static GLogLevelFlags saved_fatal_mask;
static GLogFunc saved_log_func;
static gpointer saved_log_data;

static void
log_problem_cb (const char     *log_domain,
                GLogLevelFlags  log_level,
                const char     *message,
                gpointer        user_data)
{
  if ((log_level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL)) == 0)
    {
      saved_log_func (log_domain, log_level, message, saved_log_data);
      return;
    }
  g_ptr_array_add (problems, g_strdup_printf ("%s: %s-%s: %s", current_case ? current_case : "?",
                                              log_domain ? log_domain : "",
                                              (log_level & G_LOG_LEVEL_CRITICAL) ? "CRITICAL" : "WARNING",
                                              message));
}

static void problem (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
problem (const char *format,
         ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (problems, g_strdup_vprintf (format, args));
  va_end (args);
}

static void
begin_problems (void)
{
  problems = g_ptr_array_new_with_free_func (g_free);
  saved_fatal_mask = g_log_set_always_fatal (G_LOG_FATAL_MASK);
  saved_log_func = g_log_set_default_handler (log_problem_cb, NULL);
}

static void
end_problems (void)
{
  g_log_set_default_handler (saved_log_func, saved_log_data);
  g_log_set_always_fatal (saved_fatal_mask);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (problems, i));
  if (problems->len > 0)
    {
      g_test_message ("%u problems", problems->len);
      g_test_fail ();
    }
  g_clear_pointer (&problems, g_ptr_array_unref);
  current_case = NULL;
}

/* ---- The round trip ------------------------------------------------------- */

static void
test_round_trip (void)
{
  guint over = 0, solo = 0;

  for (guint i = 0; i < N_ROUND_TRIPS; i++)
    {
      g_autoptr(GError) error = NULL;
      guint n_actions;
      g_autoptr(PenGame) game = random_state (i, &n_actions);
      g_autofree char *saved = state_text (game);
      g_autoptr(PenGame) loaded = load_text (saved, -1, &error);
      g_autofree char *saved_again = NULL;
      g_autoptr(PenGame) replayed = NULL;
      g_autofree char *replayed_text = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (loaded);
      /* It passes the checks of a save file (pen_save_read()). */
      {
        g_autoptr(JsonNode) root = json_from_string (saved, NULL);

        g_assert_true (pen_save_check_text (saved, strlen (saved), &error));
        g_assert_no_error (error);
        g_assert_true (pen_save_check_shape (root, &error));
        g_assert_no_error (error);
      }
      saved_again = state_text (loaded);
      assert_same_text ("save → load → save", i, saved, saved_again);

      /* The save holds the seed and the actions: the game replays from them. */
      g_assert_cmpuint (pen_game_get_n_history (loaded), ==, n_actions);
      replayed = pen_game_replay (loaded, -1, &error);
      g_assert_no_error (error);
      g_assert_nonnull (replayed);
      replayed_text = state_text (replayed);
      assert_same_text ("seed + actions replayed", i, saved, replayed_text);

      over += pen_game_is_over (game);
      solo += pen_game_get_automa_player (game) >= 0;
    }
  g_test_message ("%u states, %u of solo games, %u at the end of the game", N_ROUND_TRIPS, solo, over);
  g_assert_cmpuint (solo, >, 0);
  g_assert_cmpuint (over, <, N_ROUND_TRIPS / 4);
}

/* ---- Real states to damage ------------------------------------------------ */

/* Saves of real games at points where much is under way (a Threat, a quest, a
 * card choice...), so that damaging them reaches as many members as possible. */
static GPtrArray *
sample_states (void)
{
  static const struct
  {
    const char *automa;
    guint       n_players;
    int         pending;   /* stop when this is pending; -1: after a random number of actions */
    guint       actions;
  } samples[] = {
    { NULL, 2, PEN_PENDING_TALENT, 0 },
    { NULL, 3, PEN_PENDING_LOCATION, 0 },
    { NULL, 2, PEN_PENDING_THREAT, 0 },
    { NULL, 4, PEN_PENDING_TASK, 0 },
    { NULL, 2, PEN_PENDING_CARD_EFFECT, 0 },
    { NULL, 2, PEN_PENDING_BUY, 0 },
    { "jasper", 2, PEN_PENDING_PATH, 0 },
    { "amber", 2, PEN_PENDING_CARD, 0 },
    { "sapphire", 2, -1, 60 },
    { NULL, 2, -1, 100000 },  /* a finished game */
  };
  GPtrArray *states = g_ptr_array_new_with_free_func (g_free);

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      gboolean found = FALSE;

      for (guint64 seed = 1; !found && seed < 200; seed++)
        {
          Setup setup = { .seed = seed * 31 + s, .automa = samples[s].automa, .worldview = -1,
                          .n_players = samples[s].n_players };
          g_autoptr(PenGame) game = game_of_setup (&setup);
          g_autoptr(PenRng) chooser = pen_rng_new (seed);

          if (samples[s].pending < 0)
            {
              play_randomly (game, chooser, samples[s].actions);
              found = TRUE;
            }
          else
            while (!(found = pen_game_get_pending (game) == (PenPending) samples[s].pending)
                   && !pen_game_is_over (game))
              play_randomly (game, chooser, 1);
          if (found)
            g_ptr_array_add (states, state_text (game));
        }
      g_assert_true (found);
    }

  /* Members written only now and then: a die that is temporary and given to a
   * task, last in the supply of the last player (where the walk over wrong
   * types goes). */
  for (guint s = 0; s < states->len; s++)
    {
      g_autoptr(JsonNode) root = json_from_string (g_ptr_array_index (states, s), NULL);
      JsonArray *players = json_object_get_array_member (json_node_get_object (root), "players");
      JsonObject *last = json_array_get_object_element (players, json_array_get_length (players) - 1);
      JsonArray *dice = json_object_get_array_member (last, "dice");
      g_autofree char *text = NULL;
      g_autoptr(PenGame) game = NULL;

      if (json_array_get_length (dice) == 0)
        continue;
      json_object_set_boolean_member (json_array_get_object_element (dice, json_array_get_length (dice) - 1),
                                      "temporary", TRUE);
      json_object_set_boolean_member (json_array_get_object_element (dice, json_array_get_length (dice) - 1),
                                      "task", TRUE);
      text = json_to_string (root, FALSE);
      game = load_text (text, -1, NULL);
      if (game == NULL)
        continue;
      g_ptr_array_add (states, g_steal_pointer (&text));
      break;
    }
  g_assert_cmpuint (states->len, ==, G_N_ELEMENTS (samples) + 1);
  return states;
}

/* Loads @text under the name @what: it must be refused with PEN_ERROR_SAVE
 * (or, with @allow_parse_error, by the JSON parser). */
static void
check_refused (const char *what,
               const char *text,
               gssize      length,
               gboolean    allow_parse_error)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  current_case = what;
  game = load_text (text, length, &error);
  if (game != NULL)
    problem ("%s: loaded", what);
  else if (error == NULL)
    problem ("%s: refused without a message", what);
  else if (allow_parse_error && error->domain == JSON_PARSER_ERROR)
    ;
  else if (!g_error_matches (error, PEN_ERROR, PEN_ERROR_SAVE) || error->message[0] == '\0')
    problem ("%s: refused with %s %d: %s", what, g_quark_to_string (error->domain), error->code, error->message);
  current_case = NULL;
}

/* ---- Files cut short ------------------------------------------------------ */

/* A file cut anywhere is not a JSON document: the parser refuses it. */
static void
test_truncated_bytes (void)
{
  g_autoptr(GPtrArray) states = sample_states ();
  g_autoptr(PenRng) rng = pen_rng_new (77);

  begin_problems ();
  for (guint s = 0; s < states->len; s++)
    {
      const char *text = g_ptr_array_index (states, s);
      gsize length = strlen (text);

      for (guint k = 0; k < 150; k++)
        {
          g_autofree char *what = NULL;
          gsize cut = k < 4 ? k : pen_rng_range (rng, 0, length);

          what = g_strdup_printf ("state %u cut to %" G_GSIZE_FORMAT " bytes", s, cut);
          check_refused (what, text, cut, TRUE);
        }
    }
  end_problems ();
}

/* Copies @node in document order, keeping only the first @budget values: the
 * document a file cut at that point would be if its brackets were closed. */
static JsonNode *
copy_first_values (JsonNode *node,
                   guint    *budget)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        g_autoptr(JsonObject) copy = json_object_new ();
        g_autoptr(GList) names = json_object_get_members (object);

        for (GList *l = names; l != NULL && *budget > 0; l = l->next)
          json_object_set_member (copy, l->data, copy_first_values (json_object_get_member (object, l->data), budget));
        return json_node_init_object (json_node_alloc (), copy);
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        g_autoptr(JsonArray) copy = json_array_new ();

        for (guint i = 0; i < json_array_get_length (array) && *budget > 0; i++)
          json_array_add_element (copy, copy_first_values (json_array_get_element (array, i), budget));
        return json_node_init_array (json_node_alloc (), copy);
      }
    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
    default:
      (*budget)--;
      return json_node_copy (node);
    }
}

static guint
count_values (JsonNode *node)
{
  guint n = 0;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(GList) names = json_object_get_members (json_node_get_object (node));

      for (GList *l = names; l != NULL; l = l->next)
        n += count_values (json_object_get_member (json_node_get_object (node), l->data));
      return n;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
        n += count_values (json_array_get_element (json_node_get_array (node), i));
      return n;
    }
  return 1;
}

/* A document that stops early (a writer that closed its brackets) lacks the
 * last members, at least "actions": it is refused, whatever it holds. */
static void
test_truncated_documents (void)
{
  g_autoptr(GPtrArray) states = sample_states ();
  g_autoptr(PenRng) rng = pen_rng_new (78);

  begin_problems ();
  for (guint s = 0; s < states->len; s++)
    {
      g_autoptr(JsonNode) root = json_from_string (g_ptr_array_index (states, s), NULL);
      JsonObject *object = json_node_get_object (root);
      guint total = count_values (root);
      guint before_actions = total - count_values (json_object_get_member (object, "actions"));

      /* "actions" comes last: cutting inside it leaves a shorter but whole
       * list, which is the subject of the replay check, not of this test. */
      {
        g_autoptr(GList) names = json_object_get_members (object);

        g_assert_cmpstr (g_list_last (names)->data, ==, "actions");
      }
      for (guint k = 0; k < 150; k++)
        {
          guint keep = k < 3 ? k : pen_rng_range (rng, 0, before_actions);
          guint budget = keep;
          g_autoptr(JsonNode) cut = copy_first_values (root, &budget);
          g_autofree char *text = json_to_string (cut, FALSE);
          g_autofree char *what = g_strdup_printf ("state %u with its first %u values", s, keep);

          check_refused (what, text, -1, FALSE);
        }
    }
  end_problems ();
}

/* ---- Bytes flipped -------------------------------------------------------- */

/* Flipped bytes: refused, or (a digit changed into another...) a state that
 * loads; then it saves and loads again to the same text. */
static void
test_flipped_bytes (void)
{
  g_autoptr(GPtrArray) states = sample_states ();
  g_autoptr(PenRng) rng = pen_rng_new (79);
  guint loaded_count = 0, refused = 0;

  begin_problems ();
  for (guint s = 0; s < states->len; s++)
    {
      const char *original = g_ptr_array_index (states, s);
      gsize length = strlen (original);

      for (guint k = 0; k < 200; k++)
        {
          g_autofree char *text = g_strdup (original);
          g_autofree char *what = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(PenGame) game = NULL;
          guint n_flips = 1 + pen_rng_range (rng, 0, 3);
          GString *flips = g_string_new ("");

          for (guint f = 0; f < n_flips; f++)
            {
              gsize at = pen_rng_range (rng, 0, length);
              char mask = (char) (1 + pen_rng_range (rng, 0, 255));

              g_string_append_printf (flips, " %" G_GSIZE_FORMAT "^0x%02x", at, (guchar) mask);
              text[at] ^= mask;
            }
          what = g_strdup_printf ("state %u, bytes flipped:%s", s, flips->str);
          g_string_free (flips, TRUE);
          current_case = what;
          game = load_text (text, length, &error);
          if (game == NULL)
            {
              if (error == NULL)
                problem ("%s: refused without a message", what);
              else if (error->domain != JSON_PARSER_ERROR && !g_error_matches (error, PEN_ERROR, PEN_ERROR_SAVE))
                problem ("%s: refused with %s: %s", what, g_quark_to_string (error->domain), error->message);
              refused++;
            }
          else
            {
              g_autofree char *saved = state_text (game);
              g_autoptr(PenGame) again = load_text (saved, -1, &error);
              g_autofree char *saved_again = again != NULL ? state_text (again) : NULL;

              if (again == NULL)
                problem ("%s: loaded, but its save does not load: %s", what, error->message);
              else if (strcmp (saved, saved_again) != 0)
                problem ("%s: loaded, but save → load → save differs", what);
              loaded_count++;
            }
          current_case = NULL;
        }
    }
  g_test_message ("flipped bytes: %u refused, %u still loaded", refused, loaded_count);
  end_problems ();
}

/* ---- Foreign and newer files ---------------------------------------------- */

/* Refused with PEN_ERROR_SAVE, saying @expected. */
static void
check_refused_saying (const char *what,
                      const char *text,
                      const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  current_case = what;
  game = load_text (text, -1, &error);
  if (game != NULL)
    problem ("%s: loaded", what);
  else if (!g_error_matches (error, PEN_ERROR, PEN_ERROR_SAVE))
    problem ("%s: refused with %s: %s", what, error ? g_quark_to_string (error->domain) : "no error",
             error ? error->message : "");
  else if (expected != NULL && strstr (error->message, expected) == NULL)
    problem ("%s: refused with “%s”, which does not say “%s”", what, error->message, expected);
  current_case = NULL;
}

static void
test_foreign (void)
{
  static const char *documents[] = {
    "{}",
    "[]",
    "null",
    "42",
    "\"penumbra-save\"",
    "[\"penumbra-save\", 1]",
    "{\"hello\": \"world\"}",
    "{\"format\": \"penumbra-saves\", \"version\": 1}",
    "{\"format\": 1, \"version\": 1}",
    "{\"format\": null}",
    "{\"format\": [\"penumbra-save\"]}",
    "{\"name\": \"penumbra\", \"version\": \"0.1.0\", \"dependencies\": {}}",
    "{\"type\": \"FeatureCollection\", \"features\": []}",
  };
  g_autoptr(GPtrArray) states = sample_states ();

  begin_problems ();
  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    check_refused_saying (documents[i], documents[i], "not a saved game");

  /* The right format name but nothing else: damaged. */
  check_refused_saying ("format alone", "{\"format\": \"penumbra-save\"}", "damaged");
  check_refused_saying ("format and version alone", "{\"format\": \"penumbra-save\", \"version\": 1}", "damaged");

  /* A real state under another format name. */
  for (guint s = 0; s < states->len; s++)
    {
      g_autoptr(JsonNode) root = json_from_string (g_ptr_array_index (states, s), NULL);
      g_autofree char *text = NULL;
      g_autofree char *what = g_strdup_printf ("state %u of another format", s);

      json_object_set_string_member (json_node_get_object (root), "format", "gloomhaven-save");
      text = json_to_string (root, FALSE);
      check_refused_saying (what, text, "not a saved game");
    }

  /* Not JSON, or no document at all. */
  check_refused ("binary", "\x7f" "ELF\x02\x01\x01", 7, TRUE);
  check_refused ("empty", "", 0, TRUE);
  check_refused ("spaces", " \n\t", -1, TRUE);
  check_refused ("a byte order mark alone", "\xef\xbb\xbf", -1, TRUE);
  check_refused ("nul bytes", "\0\0\0\0", 4, TRUE);
  end_problems ();
}

static void
test_newer_version (void)
{
  static const gint64 versions[] = { PEN_SAVE_VERSION + 1, PEN_SAVE_VERSION + 2, 99, G_MAXINT };
  static const char *bad[] = { "0", "-1", "1.5", "\"1\"", "null", "true", "[1]", "{}", "1e3" };
  g_autoptr(GPtrArray) states = sample_states ();

  begin_problems ();
  for (guint s = 0; s < states->len; s += 3)
    for (guint v = 0; v < G_N_ELEMENTS (versions); v++)
      {
        g_autoptr(JsonNode) root = json_from_string (g_ptr_array_index (states, s), NULL);
        g_autofree char *text = NULL;
        g_autofree char *what = g_strdup_printf ("state %u as version %" G_GINT64_FORMAT, s, versions[v]);

        json_object_set_int_member (json_node_get_object (root), "version", versions[v]);
        text = json_to_string (root, FALSE);
        check_refused_saying (what, text, "newer version");
      }

  /* A newer file may hold anything else: the version is what is reported. */
  {
    g_autofree char *text = g_strdup_printf ("{\"format\": \"penumbra-save\", \"version\": %d, \"world\": [1, 2]}",
                                             PEN_SAVE_VERSION + 1);

    check_refused_saying ("a newer version of another shape", text, "newer version");
  }
  check_refused_saying ("a version beyond 32 bits",
                        "{\"format\": \"penumbra-save\", \"version\": 4294967297}", NULL);

  /* Versions that are no version: refused as damaged. */
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"format\": \"penumbra-save\", \"version\": %s}", bad[i]);
      g_autofree char *what = g_strdup_printf ("version %s", bad[i]);

      check_refused_saying (what, text, "damaged");
    }
  end_problems ();
}

/* ---- Members of the wrong type -------------------------------------------- */

typedef enum
{
  KIND_NULL,
  KIND_BOOL,
  KIND_INT,
  KIND_DOUBLE,
  KIND_STRING,
  KIND_ARRAY,
  KIND_OBJECT,
  N_KINDS
} Kind;

static const char *kind_names[N_KINDS] = { "null", "true", "1", "0.5", "\"ruby\"", "[]", "{}" };

static Kind
kind_of (JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return KIND_OBJECT;
    case JSON_NODE_ARRAY:
      return KIND_ARRAY;
    case JSON_NODE_NULL:
      return KIND_NULL;
    case JSON_NODE_VALUE:
    default:
      if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
        return KIND_BOOL;
      if (json_node_get_value_type (node) == G_TYPE_INT64)
        return KIND_INT;
      if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
        return KIND_DOUBLE;
      return KIND_STRING;
    }
}

static JsonNode *
value_of_kind (Kind kind)
{
  switch (kind)
    {
    case KIND_NULL:
      return json_node_init_null (json_node_alloc ());
    case KIND_BOOL:
      return json_node_init_boolean (json_node_alloc (), TRUE);
    case KIND_INT:
      return json_node_init_int (json_node_alloc (), 1);
    case KIND_DOUBLE:
      return json_node_init_double (json_node_alloc (), 0.5);
    case KIND_STRING:
      return json_node_init_string (json_node_alloc (), "ruby");
    case KIND_ARRAY:
      {
        g_autoptr(JsonArray) array = json_array_new ();

        return json_node_init_array (json_node_alloc (), array);
      }
    case KIND_OBJECT:
    case N_KINDS:
    default:
      {
        g_autoptr(JsonObject) object = json_object_new ();

        return json_node_init_object (json_node_alloc (), object);
      }
    }
}

/* Members whose documented type includes null (docs/save-format.md), and the
 * lists whose elements may be null (the Guild's row, a market). */
static gboolean
may_be_null (const char *name)
{
  static const char *nullable[] = {
    "talent", "reserved-trial", "id", "automa", "equip-new", "last-card", "threat-card", "contract-row", "market",
  };

  for (guint i = 0; i < G_N_ELEMENTS (nullable); i++)
    if (g_strcmp0 (name, nullable[i]) == 0)
      return TRUE;
  return FALSE;
}

typedef struct
{
  JsonNode   *root;
  GString    *path;
  guint       tried;
} WrongTypes;

/* Loads the edited tree: it must be refused with PEN_ERROR_SAVE. */
static void
try_wrong (WrongTypes *w,
           Kind        kind)
{
  g_autofree char *what = g_strdup_printf ("%s = %s", w->path->str, kind_names[kind]);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  current_case = what;
  game = pen_game_new_from_json (w->root, &error);
  w->tried++;
  if (game != NULL)
    problem ("%s: loaded", what);
  else if (!g_error_matches (error, PEN_ERROR, PEN_ERROR_SAVE))
    problem ("%s: refused with %s: %s", what, error ? g_quark_to_string (error->domain) : "no error",
             error ? error->message : "");
  current_case = NULL;
}

static void walk_wrong_types (WrongTypes *w, JsonNode *node, const char *name);

/* Replaces the member @name of @object (or the last element of @array) by a
 * value of each other kind in turn, loading each time, puts it back, and goes
 * on inside it. */
static void
replace_in_turn (WrongTypes *w,
                 JsonObject *object,
                 const char *member,
                 JsonArray  *array)
{
  /* The object's own copy of the name goes when the member is replaced. */
  g_autofree char *name = g_strdup (member);
  guint index = array != NULL ? json_array_get_length (array) - 1 : 0;
  JsonNode *original = object != NULL ? json_object_dup_member (object, name)
                                      : json_array_dup_element (array, index);
  Kind kind = kind_of (original);
  gsize length = w->path->len;

  if (object != NULL)
    g_string_append_printf (w->path, ".%s", name);
  else
    g_string_append_printf (w->path, "[%u]", index);
  for (Kind k = 0; k < N_KINDS; k++)
    {
      if (k == kind || (k == KIND_NULL && may_be_null (name)))
        continue;
      /* A whole number where a number is expected is no wrong type. */
      if (k == KIND_INT && kind == KIND_DOUBLE)
        continue;
      /* Elements go back at the end of their list: only the last one is
       * replaced, and the list is then as it was. */
      if (object != NULL)
        json_object_set_member (object, name, value_of_kind (k));
      else
        {
          json_array_remove_element (array, index);
          json_array_add_element (array, value_of_kind (k));
        }
      try_wrong (w, k);
      if (object != NULL)
        json_object_set_member (object, name, json_node_ref (original));
      else
        {
          json_array_remove_element (array, index);
          json_array_add_element (array, json_node_ref (original));
        }
    }
  walk_wrong_types (w, original, name);
  json_node_unref (original);
  g_string_truncate (w->path, length);
}

/* @name: the member holding @node (for a list, what its elements may be). */
static void
walk_wrong_types (WrongTypes *w,
                  JsonNode   *node,
                  const char *name)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (object);

      for (GList *l = names; l != NULL; l = l->next)
        replace_in_turn (w, object, l->data, NULL);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) > 0)
    replace_in_turn (w, NULL, name, json_node_get_array (node));
}

static void
test_wrong_types (void)
{
  g_autoptr(GPtrArray) states = sample_states ();
  guint tried = 0;

  begin_problems ();
  for (guint s = 0; s < states->len; s++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *after = NULL;
      g_autofree char *prefix = g_strdup_printf ("state %u: ", s);
      WrongTypes w = { .path = g_string_new (prefix) };

      g_assert_true (json_parser_load_from_data (parser, g_ptr_array_index (states, s), -1, NULL));
      w.root = json_parser_get_root (parser);
      walk_wrong_types (&w, w.root, NULL);
      /* The walk leaves the state as it found it. */
      after = json_to_string (w.root, FALSE);
      g_assert_cmpstr (after, ==, g_ptr_array_index (states, s));
      tried += w.tried;
      g_string_free (w.path, TRUE);
    }
  g_test_message ("%u members of the wrong type tried", tried);
  end_problems ();
}

/* ---- Files on disk ---------------------------------------------------------- */

static void
assert_refused_file (const char *path,
                     const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);

  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  if (strstr (error->message, expected) == NULL)
    g_error ("%s: refused with “%s”, which does not say “%s”", path, error->message, expected);
}

/* docs/save-format.md: a save is written whole (through a temporary file) and
 * read back as it was; a missing, empty, cut or foreign file is refused with
 * a message; the temporaries a killed write leaves are swept, nothing else. */
static void
test_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-saves-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "game.json", NULL);
  g_autofree char *cut = g_build_filename (folder, "cut.json", NULL);
  g_autofree char *empty = g_build_filename (folder, "empty.json", NULL);
  g_autofree char *missing = g_build_filename (folder, "missing.json", NULL);
  g_autofree char *nowhere = g_build_filename (folder, "no", "such", "game.json", NULL);
  static const char *kept[] = { "game.json.bak", "game.json.1234567", "other.json.ABC123", "game.jsonXABC123" };
  static const char *swept[] = { "game.json.ABC123", "game.json.x9_Yz0" };
  g_autoptr(PenGame) game = NULL;
  g_autoptr(PenGame) loaded = NULL;
  g_autofree char *text = NULL, *written = NULL, *reloaded = NULL;
  Setup setup = { 99, "jasper", 1, 1, FALSE };

  g_assert_no_error (error);
  game = game_of_setup (&setup);
  {
    g_autoptr(PenRng) chooser = pen_rng_new (5);
    play_randomly (game, chooser, 60);
  }
  g_assert_true (pen_save_write (game, path, &error));
  g_assert_no_error (error);
  text = state_text (game);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, text);
  loaded = pen_save_read (path, &error);
  g_assert_no_error (error);
  reloaded = state_text (loaded);
  g_assert_cmpstr (reloaded, ==, text);

  g_assert_true (g_file_set_contents (cut, text, strlen (text) / 2, NULL));
  assert_refused_file (cut, "damaged or cut short");
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  assert_refused_file (empty, "empty");
  assert_refused_file (missing, "could not be read");

  g_assert_false (pen_save_write (game, nowhere, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *file = g_build_filename (folder, kept[i], NULL);
      g_assert_true (g_file_set_contents (file, "x", -1, NULL));
    }
  for (guint i = 0; i < G_N_ELEMENTS (swept); i++)
    {
      g_autofree char *file = g_build_filename (folder, swept[i], NULL);
      g_assert_true (g_file_set_contents (file, "{\"format\": ", -1, NULL));
    }
  g_assert_cmpuint (pen_save_sweep_temporaries (path), ==, G_N_ELEMENTS (swept));
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *file = g_build_filename (folder, kept[i], NULL);
      g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
      g_remove (file);
    }
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_remove (path);
  g_remove (cut);
  g_remove (empty);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* ---- Building states ------------------------------------------------------ */

static void
refuse_state (JsonNode   *state,
              const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_game_new_from_json (state, &error);

  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_cmpstr (error->message, ==, message);
}

/* ---- A built state saved ------------------------------------------------- */

static void
assert_round_trip (PenGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) saved = pen_game_to_json (game);
  g_autoptr(PenGame) loaded = pen_game_new_from_json (saved, &error);
  g_autoptr(PenGame) copy = pen_game_copy (game);
  g_autofree char *before = game_text (game);
  g_autofree char *after = NULL;
  g_autofree char *copied = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  after = game_text (loaded);
  g_assert_cmpstr (after, ==, before);
  copied = game_text (copy);
  g_assert_cmpstr (copied, ==, before);
}

/* A save is the whole game: loading it gives back the same game. */
static void
test_game_save_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) fresh = pen_game_new (7, 3, FALSE, &error);

  g_assert_no_error (error);
  assert_round_trip (fresh);

  {
    g_autoptr(PenGame) game = new_game (4);

    assert_round_trip (game);
    apply_ok (game, place (game, 0, "forest", 0, 0));
    assert_round_trip (game);
    apply_ok (game, simple (PEN_ACTION_USE_LOCATION));
    assert_round_trip (game);
    apply_ok (game, simple (PEN_ACTION_END_TURN));
    assert_round_trip (game);
  }

  /* In the middle of a Threat, waiting for the 6's target; the loaded game
   * goes on exactly like the original. */
  {
    g_autoptr(JsonNode) state = threat_example_state (5);
    g_autoptr(PenGame) game = load (state);
    g_autoptr(JsonNode) saved = NULL;
    g_autoptr(PenGame) loaded = NULL;
    g_autofree char *original = NULL;
    g_autofree char *reloaded = NULL;
    int bone;

    FORCE (game, 2, 2, 4, 5, 6);
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT));
    assert_round_trip (game);

    saved = pen_game_to_json (game);
    loaded = pen_game_new_from_json (saved, &error);
    g_assert_no_error (error);
    bone = find_die (game, 0, "bone:6");
    apply_ok (game, threat_target (bone));
    apply_ok (loaded, threat_target (bone));
    original = game_text (game);
    reloaded = game_text (loaded);
    g_assert_cmpstr (reloaded, ==, original);
  }
}

/* A damaged save is refused with a message, never half-loaded. */
static void
test_game_save_damaged (void)
{
  {
    g_autoptr(JsonNode) state = standard_state (2);

    json_object_set_string_member (json_node_get_object (state), "format", "penumbra-settings");
    refuse_state (state, "This file is not a saved game of Penumbra.");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    json_object_set_int_member (json_node_get_object (state), "version", PEN_SAVE_VERSION + 1);
    refuse_state (state, "This game was saved by a newer version of Penumbra "
                         "(save format 7; this version reads 6).");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    set_marks (state, 0, "spark | spark");
    refuse_state (state, "The saved game is damaged: a Mark does not belong in its cell.");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    set_marks (state, 1, "ruby | ruby");
    refuse_state (state, "The saved game is damaged: a Mark does not belong in its cell.");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    set_marks (state, 0, "ruby - jasper | spark");
    refuse_state (state, "The saved game is damaged: a Mark stands after an empty cell.");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    set_marks (state, 0, "ruby ruby ruby ruby ruby ruby ruby ruby | spark");
    set_marks (state, 1, "ruby | spark");
    refuse_state (state,
                  "The saved game is damaged: more Ruby Marks are in play than the game has.");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    set_ingredients (state, 0, "fruits=13");
    refuse_state (state, "The saved game is damaged: “fruits” is out of range.");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    set_dice (state, 0, "bone:7");
    refuse_state (state, "The saved game is damaged: “value” is out of range.");
  }
  {
    g_autoptr(JsonNode) state = standard_state (2);

    put_table_dice (state, "bazaar", 0, 0, "bone:1 bone:2");
    refuse_state (state, "The saved game is damaged: a cell of “bazaar” holds more than one die.");
  }

  /* The Forest's cell takes any number of dice. */
  {
    g_autoptr(JsonNode) state = standard_state (2);
    g_autoptr(PenGame) game = NULL;
    g_autofree char *forest = NULL;

    put_table_dice (state, "forest", 0, 0, "bone:1 bone:2 ruby:3");
    game = load (state);
    forest = table_dice (game, "forest", 0, 0);
    g_assert_cmpstr (forest, ==, "bone:1 bone:2 ruby:3");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/saves/round-trip", test_round_trip);
  g_test_add_func ("/saves/truncated-bytes", test_truncated_bytes);
  g_test_add_func ("/saves/truncated-documents", test_truncated_documents);
  g_test_add_func ("/saves/flipped-bytes", test_flipped_bytes);
  g_test_add_func ("/saves/foreign", test_foreign);
  g_test_add_func ("/saves/newer-version", test_newer_version);
  g_test_add_func ("/saves/wrong-types", test_wrong_types);
  g_test_add_func ("/saves/files", test_files);

  g_test_add_func ("/game/save/round-trip", test_game_save_round_trip);
  g_test_add_func ("/game/save/damaged", test_game_save_damaged);

  return g_test_run ();
}
