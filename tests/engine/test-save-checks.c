/* test-save-checks.c: the checks a save passes before it is loaded, and the
 * save of today's format that every later version must still load.
 *
 * The issue "No save file can crash the game": a 200 KB file nesting 100,000
 * lists crashed the JSON parser; a Fate deck naming one card eight times
 * loaded, and so did a dice supply of 100,000 dice, when actions name dice by
 * the bits of a 64-bit mask. Here each such file is refused, with a message
 * that names what is wrong, through pen_save_read() as the window and
 * penumbra-sim read files, and nothing crashes (the tests run with
 * G_DEBUG=fatal-criticals).
 *
 * Real states pass: tests/common/saves/mid-game-v1.json here, and every state of
 * the self-play runs (penumbra-sim selfplay --check-saves, and the round
 * trip of test-saves.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-save-checks"

#include <string.h>

#include <glib/gstdio.h>

#include "pen-error.h"
#include "pen-game.h"
#include "pen-save-shape.h"
#include "pen-save.h"
#include "pen-wizard-board.h"

/* The fixture: a solo game against the Ruby Automa (seed 42), 41 actions of
 * penumbra-sim's reference player in (tests/common/saves/README.md). */
#define FIXTURE "mid-game-v1.json"

/* g_format_size() puts a no-break space between a size and its unit. */
#define NBSP "\xc2\xa0"

/* ---- Helpers ---------------------------------------------------------------- */

static char *
saves_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "common", "saves", name, NULL);
}

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The fixture as a tree that can be edited. */
static JsonNode *
fixture_state (void)
{
  g_autofree char *path = saves_file (FIXTURE);
  g_autofree char *text = read_text (path);
  g_autoptr(GError) error = NULL;
  JsonNode *state = json_from_string (text, &error);

  g_assert_no_error (error);
  return state;
}

static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  return json_object_get_object_member (object, name);
}

static JsonObject *
player_of (JsonNode *state,
           guint     p)
{
  JsonArray *players = json_object_get_array_member (json_node_get_object (state), "players");

  return json_array_get_object_element (players, p);
}

static JsonObject *
deck_of (JsonNode *state,
         guint     d)
{
  JsonObject *cards = member_object (json_node_get_object (state), "cards");

  return json_array_get_object_element (json_object_get_array_member (cards, "decks"), d);
}

static JsonArray *
list_of (JsonObject *object,
         const char *name)
{
  return json_object_get_array_member (object, name);
}

static const char *
first_id (JsonArray *list)
{
  return json_array_get_string_element (list, 0);
}

/* Writes @text to a file of its own; the caller deletes it. */
static char *
write_file (const char *folder,
            const char *name,
            const char *text,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (folder, name, NULL);

  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);
  return path;
}

/* @text is refused as a file, through pen_save_read(), with a message
 * holding @expected. */
static void
assert_file_refused (const char *text,
                     gssize      length,
                     const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-save-checks-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(PenGame) game = NULL;

  g_assert_no_error (error);
  path = write_file (folder, "save.json", text, length);
  game = pen_save_read (path, &error);
  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  if (strstr (error->message, expected) == NULL)
    g_error ("refused with “%s”, which does not say “%s”", error->message, expected);
  g_remove (path);
  g_rmdir (folder);
}

/* @state is refused by pen_save_check_shape(), and as a file, with a
 * message holding @expected. */
static void
assert_shape_refused (JsonNode   *state,
                      const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_false (pen_save_check_shape (state, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  if (strstr (error->message, expected) == NULL)
    g_error ("refused with “%s”, which does not say “%s”", error->message, expected);
  g_test_message ("%s", error->message);
  text = json_to_string (state, FALSE);
  if (strlen (text) <= PEN_SAVE_MAX_SIZE)
    assert_file_refused (text, -1, expected);
}

static void
assert_shape_passes (JsonNode *state)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (pen_save_check_shape (state, &error));
  g_assert_no_error (error);
}

/* {"x": [[[…]]]}: @depth lists in an object. */
static char *
nested_text (guint depth)
{
  GString *text = g_string_new ("{\"x\": ");

  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

static JsonNode *
die_node (void)
{
  g_autoptr(JsonObject) die = json_object_new ();

  json_object_set_string_member (die, "die", "bone");
  json_object_set_int_member (die, "value", 3);
  return json_node_init_object (json_node_alloc (), die);
}

/* A list of @n ids "unknown-1"…, none of them a card of the game. */
static JsonArray *
unknown_ids (guint n)
{
  JsonArray *list = json_array_new ();

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("unknown-%u", i + 1);

      json_array_add_string_element (list, id);
    }
  return list;
}

/* ---- The text: nesting and size ------------------------------------------------ */

static void
test_depth_count (void)
{
  static const struct
  {
    const char *text;
    guint       depth;
  } cases[] = {
    { "", 0 },
    { "42", 0 },
    { "{}", 1 },
    { "[[], [[]], {}]", 3 },
    { "{\"a\": [{\"b\": [1]}]}", 4 },
    /* Brackets inside strings are text. */
    { "[\"[[[{{{\"]", 1 },
    { "{\"[\": \"]]]]\", \"x\": [[]]}", 3 },
    /* An escaped quote does not end a string; an escaped backslash does not
     * escape the quote after it. */
    { "[\"\\\"[[[\"]", 1 },
    { "[\"\\\\\", [[]]]", 3 },
    { "[\"\\\\\\\"[\"]", 1 },
    /* Not well-formed: some answer, and the parser refuses it. */
    { "]]]]]][", 1 },
    { "[\"[[[", 1 },
    { "[\"\\", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].text);
      g_assert_cmpuint (pen_save_text_depth (cases[i].text, strlen (cases[i].text), 100), ==, cases[i].depth);
    }
  /* The count stops past the limit. */
  g_assert_cmpuint (pen_save_text_depth ("[[[[[[[[]]]]]]]]", 16, 3), ==, 4);
  g_assert_cmpuint (pen_save_text_depth ("[[[]]]", 6, 3), ==, 3);
  /* Only @length bytes are read. */
  g_assert_cmpuint (pen_save_text_depth ("[[[]]]", 2, 10), ==, 2);
}

/* The file: 200 KB nesting 100,000 lists, refused before the JSON
 * parser sees it. */
static void
test_too_deep (void)
{
  g_autofree char *deep = nested_text (100000);
  g_autofree char *limit = nested_text (PEN_SAVE_MAX_DEPTH - 1);
  g_autofree char *over = nested_text (PEN_SAVE_MAX_DEPTH);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (strlen (deep), >, 200000);
  g_assert_false (pen_save_check_text (deep, strlen (deep), &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "nested more than 16 levels deep"));
  g_clear_error (&error);
  assert_file_refused (deep, -1, "nested more than 16 levels deep");

  /* The object and 15 lists are 16 levels; one more is too many. */
  g_assert_true (pen_save_check_text (limit, strlen (limit), &error));
  g_assert_no_error (error);
  g_assert_false (pen_save_check_text (over, strlen (over), NULL));
  assert_file_refused (limit, -1, "not a saved game of Penumbra");
  assert_file_refused (over, -1, "nested more than 16 levels deep");
}

/* Brackets inside the texts of a real save do not count: a log line of
 * 100,000 brackets, quotes and backslashes loads. */
static void
test_brackets_in_strings (void)
{
  g_autoptr(JsonNode) state = fixture_state ();
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-save-checks-XXXXXX", &error);
  g_autofree char *text = NULL, *path = NULL, *last = NULL;
  g_autoptr(PenGame) game = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 25000; i++)
    g_string_append (line, "[{\"\\");
  json_array_add_string_element (list_of (json_node_get_object (state), "log"), line->str);
  text = json_to_string (state, TRUE);
  g_assert_true (pen_save_check_text (text, strlen (text), &error));
  g_assert_no_error (error);
  path = write_file (folder, "save.json", text, -1);
  game = pen_save_read (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  last = pen_game_render_log_entry (game, pen_game_get_log_length (game) - 1, NULL);
  g_assert_cmpstr (last, ==, line->str);
  g_remove (path);
  g_rmdir (folder);
}

/* Text that ends in a "-" outside a string: the number check looks for a
 * digit after it within the text, not past its end (a heap read of one byte
 * past a buffer that holds no nul, found by build-aux/fuzz.sh; see
 * tests/fuzz/regressions/minus-at-end-of-text.json). */
static void
test_minus_at_end (void)
{
  static const char damaged[] = "{\"turn\": [1, -";
  gsize length = sizeof damaged - 1;
  g_autofree char *text = g_memdup2 (damaged, length);   /* no nul after it */
  g_autoptr(GError) error = NULL;

  /* Not a save, for the parser to say; no number the check can misread. */
  g_assert_true (pen_save_check_text (text, length, &error));
  g_assert_no_error (error);
}

/* A file larger than 1 MiB is refused, even when it would load: here the
 * fixture followed by spaces. One of exactly 1 MiB loads. */
static void
test_too_large (void)
{
  g_autofree char *path = saves_file (FIXTURE);
  g_autofree char *fixture = read_text (path);
  gsize length = strlen (fixture);
  g_autofree char *text = g_malloc (PEN_SAVE_MAX_SIZE + 2);
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("penumbra-save-checks-XXXXXX", &error);
  g_autofree char *exact = NULL;
  g_autoptr(PenGame) game = NULL;

  g_assert_no_error (error);
  memcpy (text, fixture, length);
  memset (text + length, ' ', PEN_SAVE_MAX_SIZE + 1 - length);
  text[PEN_SAVE_MAX_SIZE + 1] = '\0';

  g_assert_false (pen_save_check_text (text, PEN_SAVE_MAX_SIZE + 1, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "too large to be a Penumbra save"));
  g_clear_error (&error);
  assert_file_refused (text, PEN_SAVE_MAX_SIZE + 1,
                       "too large to be a Penumbra save (1.0" NBSP "MB; a save is at most 1.0" NBSP "MB)");

  /* Twice the size: the file is refused by its size, before it is read. */
  {
    g_autofree char *twice = g_malloc (2 * PEN_SAVE_MAX_SIZE);

    memcpy (twice, fixture, length);
    memset (twice + length, ' ', 2 * PEN_SAVE_MAX_SIZE - length);
    assert_file_refused (twice, 2 * PEN_SAVE_MAX_SIZE, "(2.1" NBSP "MB; a save is at most 1.0" NBSP "MB)");
  }

  /* Exactly the largest size: it is read as a save. */
  g_assert_true (pen_save_check_text (text, PEN_SAVE_MAX_SIZE, &error));
  g_assert_no_error (error);
  exact = write_file (folder, "exact.json", text, PEN_SAVE_MAX_SIZE);
  game = pen_save_read (exact, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_remove (exact);
  g_rmdir (folder);
}

/* What is not a regular file is not read at all (issue 40: it was read up
 * to the limit; tests/engine/test-files.c has the named pipe and the folder). */
static void
test_endless_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = NULL;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  game = pen_save_read ("/dev/zero", &error);
  g_assert_null (game);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
  g_assert_cmpstr (error->message, ==, "“zero” is not a file: it is a device.");
}

/* ---- The state: cards in two places ------------------------------------------ */

static void
test_fixture_passes (void)
{
  g_autoptr(JsonNode) state = fixture_state ();

  assert_shape_passes (state);
}

/* The Fate deck: one card eight times. */
static void
test_duplicate_fate_card (void)
{
  g_autoptr(JsonNode) state = fixture_state ();
  g_autoptr(JsonArray) deck = json_array_new ();
  g_autofree char *path = saves_file ("duplicate-fate-card.json");
  g_autofree char *text = read_text (path);

  for (guint i = 0; i < 8; i++)
    json_array_add_string_element (deck, "practice");
  json_object_set_array_member (json_node_get_object (state), "fate-deck", json_array_ref (deck));
  assert_shape_refused (state, "The save holds “Practice” twice in the Fate deck.");

  /* The same, as tests/common/saves/ keeps it. */
  assert_file_refused (text, -1, "The save holds “Practice” twice in the Fate deck.");
}

typedef void (*EditFunc) (JsonNode *state);

static void
edit_fate_deck_and_row (JsonNode *state)
{
  JsonObject *root = json_node_get_object (state);

  json_array_add_string_element (list_of (root, "fate-deck"), first_id (list_of (root, "trial-row")));
}

static void
edit_in_play (JsonNode *state)
{
  json_array_add_string_element (list_of (json_node_get_object (state), "in-play"), "end-of-time");
}

static void
edit_passed_trial (JsonNode *state)
{
  const char *trial = first_id (list_of (json_node_get_object (state), "trial-row"));
  g_autofree char *passed = g_strconcat ("light:", trial, NULL);

  json_array_add_string_element (list_of (player_of (state, 0), "passed-trials"), passed);
}

static void
edit_reserved_trial (JsonNode *state)
{
  json_object_set_string_member (player_of (state, 1), "reserved-trial",
                                 first_id (list_of (json_node_get_object (state), "trial-row")));
}

static void
edit_contract_deck_and_row (JsonNode *state)
{
  JsonObject *root = json_node_get_object (state);

  json_array_add_string_element (list_of (root, "contract-deck"), first_id (list_of (root, "contract-row")));
}

static void
edit_contract_row (JsonNode *state)
{
  JsonArray *row = list_of (json_node_get_object (state), "contract-row");
  g_autofree char *first = g_strdup (first_id (row));

  json_array_remove_element (row, 3);
  json_array_add_string_element (row, first);
}

static void
edit_bind_offer (JsonNode *state)
{
  JsonObject *root = json_node_get_object (state);

  json_array_add_string_element (list_of (root, "bind-offer"), first_id (list_of (root, "contract-deck")));
}

static void
edit_fulfilled_twice (JsonNode *state)
{
  json_array_add_string_element (list_of (player_of (state, 1), "fulfilled-contracts"), "lost-hut");
}

static void
edit_reserved_and_fulfilled (JsonNode *state)
{
  json_array_add_string_element (list_of (player_of (state, 0), "reserved-contracts"), "lost-hut");
}

static void
edit_ruby_deck (JsonNode *state)
{
  JsonArray *deck = list_of (deck_of (state, 0), "deck");

  json_array_add_string_element (deck, first_id (deck));
}

static void
edit_market (JsonNode *state)
{
  JsonArray *market = list_of (deck_of (state, 0), "market");
  g_autofree char *top = g_strdup (first_id (list_of (deck_of (state, 0), "deck")));

  json_array_remove_element (market, 1);
  json_array_add_string_element (market, top);
}

static void
edit_player_card (JsonNode *state)
{
  JsonObject *cards = member_object (json_node_get_object (state), "cards");
  JsonArray *owned = json_array_get_array_element (list_of (cards, "players"), 1);
  g_autoptr(JsonObject) card = json_object_new ();

  json_object_set_string_member (card, "card", first_id (list_of (deck_of (state, 6), "deck")));
  json_object_set_string_member (card, "zone", "inventory");
  json_object_set_boolean_member (card, "rotated", FALSE);
  json_array_add_object_element (owned, json_object_ref (card));
}

static void
edit_equip_new (JsonNode *state)
{
  JsonObject *cards = member_object (json_node_get_object (state), "cards");
  JsonObject *automa = member_object (json_node_get_object (state), "automa");
  JsonArray *pendant = json_array_get_array_element (list_of (automa, "cells"), 1);

  json_object_set_string_member (cards, "equip-new", first_id (pendant));
}

static void
edit_automa_cards (JsonNode *state)
{
  JsonObject *cards = member_object (json_node_get_object (state), "cards");
  JsonArray *owned = json_array_get_array_element (list_of (cards, "players"), 0);
  JsonObject *automa = member_object (json_node_get_object (state), "automa");
  JsonObject *first = json_array_get_object_element (owned, 0);

  json_array_add_string_element (list_of (automa, "cards"), json_object_get_string_member (first, "card"));
}

static void
edit_dealt (JsonNode *state)
{
  JsonArray *dealt = list_of (player_of (state, 1), "dealt");
  g_autofree char *talent = g_strdup (first_id (list_of (player_of (state, 0), "dealt")));

  json_array_remove_element (dealt, 1);
  json_array_add_string_element (dealt, talent);
}

/* Every place where a card is, refused with a message naming the card and
 * its places. */
static void
test_duplicates (void)
{
  static const struct
  {
    EditFunc    edit;
    const char *expected;
  } cases[] = {
    { edit_fate_deck_and_row, "The save holds “Wildwood” in two places: the Fate deck and the Trial row." },
    { edit_in_play, "The save holds “End of Time” twice in the Prophecies and Goals in play." },
    { edit_passed_trial, "The save holds “Wildwood” in two places: the Trial row and player 1's passed Trials." },
    { edit_reserved_trial, "The save holds “Wildwood” in two places: the Trial row and player 2's reserved Trial." },
    { edit_contract_deck_and_row, "in two places: the Contract deck and the Guild's row of Contracts." },
    { edit_contract_row, "twice in the Guild's row of Contracts." },
    { edit_bind_offer, "in two places: the Contract deck and the Contracts offered by Bind." },
    { edit_fulfilled_twice, "The save holds “Lost Hut” in two places: player 1's fulfilled Contracts and player 2's fulfilled Contracts." },
    { edit_reserved_and_fulfilled, "The save holds “Lost Hut” in two places: player 1's reserved Contracts and player 1's fulfilled Contracts." },
    { edit_ruby_deck, "twice in the Ruby deck." },
    { edit_market, "in two places: the Ruby deck and the market of the Ruby Class." },
    { edit_player_card, "in two places: the Potion deck and player 2's cards." },
    { edit_equip_new, "The save holds “Hourglass” in two places: the Artifact waiting for its Equipment cell and the Automa's Pendant cell." },
    { edit_automa_cards, "The save holds “Scarlet Downpour” in two places: player 1's cards and the cards the Automa took." },
    { edit_dealt, "in two places: the Talents dealt to player 1 and the Talents dealt to player 2." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonNode) state = fixture_state ();

      cases[i].edit (state);
      assert_shape_refused (state, cases[i].expected);
    }
}

/* What only refers to a card may name it again: the quest under way, the
 * card just used, the actions and the log. */
static void
test_references_pass (void)
{
  g_autoptr(JsonNode) state = fixture_state ();
  JsonObject *root = json_node_get_object (state);
  JsonObject *quest = member_object (root, "quest");
  JsonObject *cards = member_object (root, "cards");
  JsonArray *owned = json_array_get_array_element (list_of (cards, "players"), 0);
  const char *card = json_object_get_string_member (json_array_get_object_element (owned, 0), "card");
  JsonArray *log = list_of (root, "log");

  json_object_set_string_member (quest, "kind", "contract");
  json_object_set_string_member (quest, "id", first_id (list_of (root, "contract-row")));
  json_object_set_string_member (cards, "last-card", card);
  json_object_set_string_member (cards, "threat-card", card);
  json_array_add_string_element (log, json_array_get_string_element (log, 0));
  json_array_add_string_element (log, json_array_get_string_element (log, 0));
  assert_shape_passes (state);
}

/* A file that is no save of this version is the loader's to refuse, with
 * its own message. */
static void
test_other_formats_pass (void)
{
  g_autoptr(JsonNode) state = fixture_state ();
  g_autoptr(JsonArray) deck = json_array_new ();
  g_autofree char *text = NULL;

  for (guint i = 0; i < 8; i++)
    json_array_add_string_element (deck, "practice");
  json_object_set_array_member (json_node_get_object (state), "fate-deck", json_array_ref (deck));
  json_object_set_int_member (json_node_get_object (state), "version", PEN_SAVE_VERSION + 1);
  assert_shape_passes (state);
  text = json_to_string (state, FALSE);
  assert_file_refused (text, -1, "newer version");

  json_object_set_string_member (json_node_get_object (state), "format", "another-save");
  assert_shape_passes (state);
  g_clear_pointer (&text, g_free);
  text = json_to_string (state, FALSE);
  assert_file_refused (text, -1, "not a saved game of Penumbra");

  assert_shape_passes (NULL);
  {
    g_autoptr(JsonNode) number = json_from_string ("[1, [2]]", NULL);

    assert_shape_passes (number);
  }
}

/* ---- The state: lists longer than the game holds --------------------------- */

/* The supply of 100,000 dice; 256 is the most, and loads. Rulebook,
 * "Finite and infinite components": "Dice and Ingredient tokens are
 * unlimited": self-play reached a supply of 66 dice, which loads. */
static void
test_too_many_dice (void)
{
  g_autoptr(JsonNode) state = fixture_state ();
  JsonArray *dice = list_of (player_of (state, 0), "dice");
  g_autofree char *path = saves_file ("too-many-dice.json");
  g_autofree char *text = read_text (path);

  while (json_array_get_length (dice) < PEN_SAVE_MAX_SUPPLY_DICE)
    json_array_add_element (dice, die_node ());
  assert_shape_passes (state);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PenGame) game = pen_game_new_from_json (state, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (game, 0)), ==,
                      PEN_SAVE_MAX_SUPPLY_DICE);
  }

  json_array_add_element (dice, die_node ());
  assert_shape_refused (state, "The save gives player 1 too many dice (257; a dice supply holds at most 256).");
  assert_file_refused (text, -1, "The save gives player 1 too many dice (257; a dice supply holds at most 256).");

  while (json_array_get_length (dice) < 100000)
    json_array_add_element (dice, die_node ());
  assert_shape_refused (state, "The save gives player 1 too many dice (100000; a dice supply holds at most 256).");
  /* As a file it is larger than a save can be. */
  {
    g_autofree char *big = json_to_string (state, FALSE);

    g_assert_cmpuint (strlen (big), >, PEN_SAVE_MAX_SIZE);
    assert_file_refused (big, -1, "too large to be a Penumbra save");
  }
}

typedef struct
{
  const char *member;   /* of the root; NULL: another list, see below */
  guint       n;
  const char *expected;
} LongList;

/* Decks, rows and zones longer than the cards the game has; the lists the
 * format bounds otherwise. */
static void
test_long_lists (void)
{
  static const LongList root_lists[] = {
    { "fate-deck", 46, "The save holds too many cards in the Fate deck (46; the game has 45)." },
    { "trial-row", 25, "The save holds too many cards in the Trial row (25; the game has 24)." },
    { "in-play", 14, "The save holds too many cards in the Prophecies and Goals in play (14; the game has 13)." },
    { "contract-deck", 37, "The save holds too many cards in the Contract deck (37; the game has 36)." },
    { "bind-offer", 37, "The save holds too many cards in the Contracts offered by Bind (37; the game has 36)." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (root_lists); i++)
    {
      g_autoptr(JsonNode) state = fixture_state ();
      JsonObject *root = json_node_get_object (state);

      json_object_set_array_member (root, root_lists[i].member, unknown_ids (root_lists[i].n - 1));
      assert_shape_passes (state);
      json_array_add_string_element (list_of (root, root_lists[i].member), "one-more");
      assert_shape_refused (state, root_lists[i].expected);
    }

  {
    g_autoptr(JsonNode) state = fixture_state ();

    json_object_set_array_member (deck_of (state, 0), "deck", unknown_ids (17));
    assert_shape_refused (state, "The save holds too many cards in the Ruby deck (17; the game has 16).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();

    json_object_set_array_member (deck_of (state, 7), "deck", unknown_ids (37));
    assert_shape_refused (state, "The save holds too many cards in the Artifact deck (37; the game has 36).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();

    json_object_set_array_member (player_of (state, 1), "passed-trials", unknown_ids (25));
    assert_shape_refused (state, "The save holds too many cards in player 2's passed Trials (25; the game has 24).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();
    JsonObject *automa = member_object (json_node_get_object (state), "automa");
    JsonArray *cells = list_of (automa, "cells");

    json_array_remove_element (cells, 3);
    json_array_add_array_element (cells, unknown_ids (37));
    assert_shape_refused (state, "The save holds too many cards in the Automa's Ring cell (37; the game has 36).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();
    JsonObject *cards = member_object (json_node_get_object (state), "cards");
    JsonArray *players = list_of (cards, "players");
    JsonArray *owned = json_array_new ();

    for (guint i = 0; i < 148; i++)
      {
        g_autoptr(JsonObject) card = json_object_new ();
        g_autofree char *id = g_strdup_printf ("unknown-%u", i);

        json_object_set_string_member (card, "card", id);
        json_array_add_object_element (owned, json_object_ref (card));
      }
    json_array_remove_element (players, 1);
    json_array_add_array_element (players, owned);
    assert_shape_refused (state, "The save holds too many cards in player 2's cards (148; the game has 147).");
  }
}

static void
test_long_lists_of_the_format (void)
{
  {
    /* Every die at a location came from a supply. */
    g_autoptr(JsonNode) state = fixture_state ();
    JsonArray *locations = list_of (json_node_get_object (state), "locations");
    JsonObject *location = json_array_get_object_element (locations, 4);
    JsonArray *section = json_array_get_array_element (list_of (location, "sections"), 0);
    JsonArray *beside = json_array_get_array_element (section, json_array_get_length (section) - 1);

    while (json_array_get_length (beside) < 4 * PEN_SAVE_MAX_SUPPLY_DICE)
      json_array_add_element (beside, die_node ());
    assert_shape_passes (state);
    json_array_add_element (beside, die_node ());
    assert_shape_refused (state, "The save holds too many dice in a cell of a location (1025; the game has at most 1024).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();
    JsonObject *cards = member_object (json_node_get_object (state), "cards");
    JsonArray *flags = json_array_new ();

    for (guint i = 0; i < 6; i++)
      json_array_add_string_element (flags, "rest-brew");
    json_object_set_array_member (cards, "flags", flags);
    assert_shape_refused (state, "The save lists too many flags of a card effect (6; there are 5).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();
    JsonArray *actions = list_of (json_node_get_object (state), "actions");
    g_autoptr(JsonObject) action = json_object_new ();
    JsonArray *dice = json_array_new ();

    for (guint i = 0; i < 65; i++)
      json_array_add_int_element (dice, i % 64);
    json_object_set_string_member (action, "type", "task-dice");
    json_object_set_array_member (action, "dice", dice);
    json_array_add_object_element (actions, json_object_ref (action));
    assert_shape_refused (state, "Action 42 of the save names too many dice (65; an action names at most 64).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();
    JsonArray *actions = list_of (json_node_get_object (state), "actions");
    JsonNode *rest = json_array_get_element (actions, 0);

    while (json_array_get_length (actions) < PEN_SAVE_MAX_ACTIONS)
      json_array_add_element (actions, json_node_copy (rest));
    assert_shape_passes (state);
    json_array_add_element (actions, json_node_copy (rest));
    assert_shape_refused (state, "The save lists too many actions (50001; a game has at most 50000).");
  }
  {
    g_autoptr(JsonNode) state = fixture_state ();
    JsonArray *log = list_of (json_node_get_object (state), "log");

    while (json_array_get_length (log) <= PEN_SAVE_MAX_LOG_LINES)
      json_array_add_string_element (log, "");
    assert_shape_refused (state, "The save's log is too long (400001 lines; a game writes at most 400000).");
  }
}

/* Damaged states of every kind: the check refuses or passes them, never
 * logs about them (fatal here) or crashes. */
static void
test_wrong_kinds (void)
{
  static const char *members[] = {
    "fate-deck", "trial-row", "in-play", "contract-deck", "contract-row", "bind-offer", "players",
    "locations", "cards", "automa", "actions", "log",
  };
  static const char *values[] = {
    "null", "1", "\"x\"", "[]", "{}", "[null, 1, [], {}, \"x\"]", "[[[]], {\"deck\": 1}, {\"dice\": {}}]",
  };

  for (guint m = 0; m < G_N_ELEMENTS (members); m++)
    for (guint v = 0; v < G_N_ELEMENTS (values); v++)
      {
        g_autoptr(JsonNode) state = fixture_state ();
        JsonNode *value = json_from_string (values[v], NULL);

        json_object_set_member (json_node_get_object (state), members[m], value);
        pen_save_check_shape (state, NULL);
      }
}

/* ---- Today's format, kept ---------------------------------------------------- */

/* docs/save-format.md: a change of the format raises "version" and reads
 * the older saves. This save of version 1 must load, as it is, with what it
 * holds. */
static void
test_fixture_loads (void)
{
  g_autofree char *path = saves_file (FIXTURE);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  PenWizardBoard *board;
  PenScoreBreakdown score;

  g_assert_no_error (error);
  g_assert_nonnull (game);

  g_assert_cmpuint (pen_game_get_n_players (game), ==, 2);
  g_assert_cmpstr (pen_game_get_automa_id (game), ==, "ruby");
  g_assert_cmpint (pen_game_get_automa_player (game), ==, 1);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 41);
  g_assert_cmpuint (pen_game_get_turn_number (game), ==, 12);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 0);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  g_assert_false (pen_game_is_over (game));
  g_assert_cmpuint (pen_game_get_fate_remaining (game), ==, 8);

  /* The player: the Blood Mage with three cards, two Ruby Marks (one
   * wounded) and a Spark Mark, 7 Blood, and the Lost Hut fulfilled. */
  g_assert_cmpstr (pen_game_get_talent (game, 0), ==, "blood-mage");
  g_assert_cmpuint (pen_game_get_n_cards (game, 0), ==, 3);
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 0), ==, "Scarlet Downpour");
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 1), ==, "Gnat Swarm");
  g_assert_cmpstr (pen_game_get_card_name (game, 0, 2), ==, "Cranberry Kissel");
  board = pen_game_get_player (game, 0);
  g_assert_cmpuint (pen_wizard_board_count_marks (board, PEN_DISCIPLINE_RUBY), ==, 2);
  g_assert_cmpuint (pen_wizard_board_count_spark_marks (board), ==, 1);
  g_assert_cmpuint (pen_wizard_board_count_wounded (board), ==, 1);
  g_assert_cmpuint (pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_BLOOD), ==, 7);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (board), ==, 2);
  {
    guint light, darkness;

    pen_game_get_light_darkness (game, 0, &light, &darkness);
    g_assert_cmpuint (light, ==, 1);
    g_assert_cmpuint (darkness, ==, 0);
  }

  /* The table: two Trials in the row, the Guild's four Contracts. */
  g_assert_cmpuint (pen_game_get_trial_row (game)->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (pen_game_get_trial_row (game), 0), ==, "wildwood");
  g_assert_cmpstr (pen_game_get_contract (game, 0), ==, "apprentice-errand");
  g_assert_cmpstr (pen_game_get_contract (game, 3), ==, "harvest-charm");

  /* The scores, part by part as today's rules count them. */
  pen_game_compute_score (game, 0, &score);
  g_assert_cmpint (score.arcana, ==, 1);
  g_assert_cmpint (score.contracts, ==, 2);
  g_assert_cmpint (score.total, ==, 5);
  pen_game_compute_score (game, 1, &score);
  g_assert_cmpint (score.arcana, ==, 10);

  /* It plays on. */
  {
    g_autoptr(GArray) actions = pen_game_list_actions (game);

    g_assert_cmpuint (actions->len, >, 0);
    g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), &error));
    g_assert_no_error (error);
  }
}

/* docs/save-format.md, "Versions": version 2 holds the choices that wait for
 * the player (here a Rest that owes four dice and asks which placed Amethyst
 * die it takes back); every later version must load it as written. */
static void
test_fixture_v2_loads (void)
{
  g_autofree char *path = saves_file ("mid-game-v2.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  g_autoptr(GArray) actions = NULL;
  guint before, n_outcomes;

  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 43);
  /* Version 3's records: none in a version 2 save. */
  pen_game_get_threat_outcomes (game, &n_outcomes);
  g_assert_cmpuint (n_outcomes, ==, 0);
  g_assert_cmpuint (pen_game_get_n_fate_reveals (game), ==, 0);
  g_assert_cmpint (pen_game_get_automa_player (game), ==, 0);
  g_assert_cmpuint (pen_game_get_current_player (game), ==, 1);
  g_assert_cmpint (pen_game_get_turn_type (game), ==, PEN_TURN_REST);
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);

  /* Two cells hold an Amethyst die: both are offered, and nothing else. */
  actions = pen_game_list_actions (game);
  g_assert_cmpuint (actions->len, ==, 2);
  for (guint i = 0; i < actions->len; i++)
    g_assert_cmpint (g_array_index (actions, PenAction, i).type, ==, PEN_ACTION_TAKE_BACK);

  /* The choice is made and the Rest goes on with the dice still owed. */
  before = pen_wizard_board_get_n_dice (pen_game_get_player (game, 1));
  g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 1), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pen_wizard_board_get_n_dice (pen_game_get_player (game, 1)), >, before);
}

/* docs/save-format.md, "Versions": the version 3 fixture loads with what
 * version 3 added, the last Threat's outcomes and the Fate cards revealed. */
static void
test_fixture_v3_loads (void)
{
  g_autofree char *path = saves_file ("mid-game-v3.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  g_autofree char *revealed = NULL;
  const PenThreatOutcome *outcomes;
  guint n_outcomes, line;

  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 57);
  outcomes = pen_game_get_threat_outcomes (game, &n_outcomes);
  g_assert_cmpuint (n_outcomes, ==, 3);
  g_assert_cmpint (outcomes[0].result, ==, PEN_THREAT_WOUND);
  g_assert_cmpint (outcomes[0].target, ==, 0);
  g_assert_cmpint (outcomes[1].result, ==, PEN_THREAT_MORTAL_WOUND);
  g_assert_cmpint (outcomes[2].result, ==, PEN_THREAT_MISS);
  g_assert_cmpuint (outcomes[2].value, ==, 2);
  g_assert_cmpuint (pen_game_get_n_fate_reveals (game), ==, 5);
  g_assert_cmpstr (pen_game_get_fate_reveal (game, 4, &line), ==, "festival");
  revealed = pen_game_render_log_entry (game, line, NULL);
  g_assert_cmpstr (revealed, ==, "Fate card revealed: Festival.");
  g_assert_null (pen_game_get_ending_prophecy (game));
}

/* The Automa's Exams, Dungeons and Rituals (spec §9) as the fixture holds them. */
static char *
content_ids (JsonNode   *state,
             const char *kind,
             const char *place)
{
  JsonObject *content = member_object (member_object (json_node_get_object (state), "automa"), "content");
  JsonArray *ids = list_of (member_object (content, kind), place);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < json_array_get_length (ids); i++)
    g_ptr_array_add (names, (gpointer) json_array_get_string_element (ids, i));
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* The Automa's Exams, Dungeons and Rituals (docs/save-format.md, "The
 * Automa"): no list longer than the cards of its kind or than the row or the
 * market holds, no card in two places. */
static void
test_automa_content_shape (void)
{
  g_autofree char *path = saves_file ("mid-game-v4.json");
  g_autofree char *text = read_text (path);

  {
    g_autoptr(JsonNode) state = json_from_string (text, NULL);
    JsonObject *content = member_object (member_object (json_node_get_object (state), "automa"), "content");

    json_array_add_string_element (list_of (member_object (content, "ritual"), "open"), "moon-vigil");
    assert_shape_refused (state, "The save holds too many cards in the Ritual market (3; the game has 2).");
  }
  {
    g_autoptr(JsonNode) state = json_from_string (text, NULL);
    JsonObject *content = member_object (member_object (json_node_get_object (state), "automa"), "content");

    json_array_add_string_element (list_of (member_object (content, "ritual"), "taken"), "kupala-night");
    assert_shape_refused (state,
                          "The save holds “Kupala Night” in two places: the Ritual market and the Automa's Rituals.");
  }
}

/* docs/save-format.md, "Versions": the version 4 fixture, a game against
 * Sapphire, loads with what version 4 added, the Automa's Exams, Dungeons and
 * Rituals; its board scores them by Sapphire's table (seed: 7 per Ritual, 1
 * per Exam or Dungeon, 1 per Discipline card) and Koschei's Vault's 3 points.
 * A save without them (version 3 and older) sets the decks out in the data's
 * order. */
static void
test_fixture_v4_loads (void)
{
  g_autofree char *path = saves_file ("mid-game-v4.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  g_autoptr(JsonNode) state = NULL;
  PenScoreBreakdown score;

  g_assert_no_error (error);
  g_assert_cmpstr (pen_game_get_automa_id (game), ==, "sapphire");
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 27);
  state = pen_game_to_json (game);
  {
    g_autofree char *exams = content_ids (state, "exam", "taken");
    g_autofree char *dungeons = content_ids (state, "dungeon", "taken");
    g_autofree char *rituals = content_ids (state, "ritual", "taken");
    g_autofree char *row = content_ids (state, "dungeon", "open");
    g_autofree char *market = content_ids (state, "ritual", "open");

    g_assert_cmpstr (exams, ==, "divination-exam summoning-exam");
    g_assert_cmpstr (dungeons, ==, "koschei-vault");
    g_assert_cmpstr (rituals, ==, "mirror-rite");
    g_assert_cmpstr (row, ==, "serpent-lair root-cave catacombs");
    g_assert_cmpstr (market, ==, "kupala-night shadow-binding");
  }
  pen_game_compute_score (game, pen_game_get_automa_player (game), &score);
  g_assert_cmpint (score.board, ==, 2 + 7 + 3 + 3);

  json_object_remove_member (member_object (json_node_get_object (state), "automa"), "content");
  g_clear_object (&game);
  game = pen_game_new_from_json (state, &error);
  g_assert_no_error (error);
  g_clear_pointer (&state, json_node_unref);
  state = pen_game_to_json (game);
  {
    g_autofree char *exams = content_ids (state, "exam", "deck");
    g_autofree char *row = content_ids (state, "dungeon", "open");
    g_autofree char *market = content_ids (state, "ritual", "open");
    g_autofree char *taken = content_ids (state, "ritual", "taken");

    g_assert_true (g_str_has_prefix (exams, "herbalism-exam runes-exam "));
    g_assert_cmpstr (row, ==, "flooded-cellar old-mine root-cave");
    g_assert_cmpstr (market, ==, "kupala-night salt-circle");
    g_assert_cmpstr (taken, ==, "");
  }
}

/* docs/save-format.md, "Versions": the version 5 fixture, a game against
 * Sapphire, keeps its log as data. Each entry is rendered when it is read,
 * in the current language (English here: the tests run untranslated), the
 * cards it names as links, and the log saves back as it was read. */
static void
test_fixture_v5_loads (void)
{
  g_autofree char *path = saves_file ("mid-game-v5.json");
  g_autofree char *text = read_text (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  g_autoptr(JsonNode) file = json_from_string (text, NULL);
  g_autoptr(JsonNode) saved = NULL;
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (PenLogLink));
  g_autofree char *gained = NULL, *reveal = NULL, *placed = NULL;
  const PenLogLink *link;

  g_assert_no_error (error);
  g_assert_cmpuint (pen_game_get_n_history (game), ==, 60);
  g_assert_cmpuint (pen_game_get_log_length (game), ==, 254);

  gained = pen_game_render_log_entry (game, 5, links);
  g_assert_cmpstr (gained, ==, "Gained the card Gift of the Grove.");
  g_assert_cmpuint (links->len, ==, 1);
  link = &g_array_index (links, PenLogLink, 0);
  g_assert_cmpint (link->kind, ==, PEN_LOG_LINK_CARD);
  g_assert_cmpstr (link->id, ==, "gift-of-the-grove");
  g_assert_cmpstr (gained + link->start, ==, "Gift of the Grove.");
  g_assert_cmpuint (link->end - link->start, ==, strlen ("Gift of the Grove"));

  g_array_set_size (links, 0);
  reveal = pen_game_render_log_entry (game, 7, links);
  g_assert_cmpstr (reveal, ==, "Sapphire reveals Black Book, a Purple Tome: a Replacement.");
  g_assert_cmpuint (links->len, ==, 1);
  g_assert_cmpstr (g_array_index (links, PenLogLink, 0).id, ==, "black-book");
  placed = pen_game_render_log_entry (game, 10, NULL);
  g_assert_cmpstr (placed, ==, "The Automa rolls a Purple die showing 5 and places it in the Ruins.");

  saved = pen_game_to_json (game);
  g_assert_true (json_node_equal (json_object_get_member (json_node_get_object (saved), "log"),
                                  json_object_get_member (json_node_get_object (file), "log")));
}

/* docs/save-format.md, "Pending": the version 6 fixture waits for a Bone
 * die a Rest effect takes back, over the turn's own choice; once the four
 * dice owed are taken back, the take-back's choice is popped and nothing
 * waits. */
static void
test_fixture_v6_loads (void)
{
  g_autofree char *path = saves_file ("mid-game-v6.json");
  g_autofree char *text = read_text (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PenGame) game = pen_save_read (path, &error);
  g_autoptr(JsonNode) file = json_from_string (text, NULL);
  g_autoptr(JsonNode) saved = NULL;
  g_autofree char *prompt = NULL;
  guint taken = 0;

  g_assert_no_error (error);
  saved = pen_game_to_json (game);
  g_assert_true (json_node_equal (saved, file));
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_TAKE_BACK);
  prompt = pen_game_get_prompt (game);
  g_assert_cmpstr (prompt, ==, "Take back a Bone die of your choice from the locations");
  while (pen_game_get_pending (game) == PEN_PENDING_TAKE_BACK && taken < 4)
    {
      g_autoptr(GArray) actions = pen_game_list_actions (game);

      g_assert_cmpint (g_array_index (actions, PenAction, 0).type, ==, PEN_ACTION_TAKE_BACK);
      g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), &error));
      g_assert_no_error (error);
      taken++;
    }
  g_assert_cmpint (pen_game_get_pending (game), ==, PEN_PENDING_NONE);
  {
    g_autoptr(JsonNode) after = pen_game_to_json (game);
    JsonArray *pending = json_object_get_array_member (json_node_get_object (after), "pending");

    g_assert_cmpuint (json_array_get_length (pending), ==, 1);
  }
}

/* docs/save-format.md, "Versions": version 6 keeps what the game waits for
 * as one stack, "pending"; each older save's separate slots become its
 * frames. Every kept save of versions 1 to 5 loads, says what it waits for
 * and plays twelve legal actions on (the first listed each time), each
 * state saving as version 6 and loading back as the same game. */
static void
test_fixtures_play_on (void)
{
  for (guint v = 1; v <= 5; v++)
    {
      g_autofree char *name = g_strdup_printf ("mid-game-v%u.json", v);
      g_autofree char *path = saves_file (name);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = pen_save_read (path, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < 12 && !pen_game_is_over (game); i++)
        {
          g_autoptr(GArray) actions = pen_game_list_actions (game);
          g_autofree char *prompt = pen_game_get_prompt (game);
          g_autoptr(JsonNode) saved = pen_game_to_json (game);
          g_autoptr(PenGame) loaded = pen_game_new_from_json (saved, &error);
          g_autoptr(JsonNode) again = NULL;

          g_assert_no_error (error);
          again = pen_game_to_json (loaded);
          g_assert_true (json_node_equal (saved, again));
          g_assert_cmpint (json_object_get_int_member (json_node_get_object (saved), "version"), ==, 6);
          g_assert_cmpuint (strlen (prompt), >, 0);
          g_assert_cmpuint (actions->len, >, 0);
          g_assert_true (pen_game_apply (game, &g_array_index (actions, PenAction, 0), &error));
          g_assert_no_error (error);
          g_assert_true (pen_game_check_invariants (game, &error));
          g_assert_no_error (error);
        }
    }
}

/* A damaged entry of a version 5 log is refused, saying which: an argument
 * missing, an unknown card, a line of text where the version 5 keeps data, a
 * number where a message's argument is an object; an entry of too many parts
 * before anything is built. */
static void
test_log_entries_refused (void)
{
  g_autofree char *text = read_text (saves_file ("mid-game-v5.json"));
  static const char *const damaged[] = {
    "[\"Gained the card %s.\"]",
    "[\"Gained the card %s.\", {\"card\": \"no-such-card\"}]",
    "\"Gained the card Gift of the Grove.\"",
    "[\"Gained the card %s.\", 3]",
    "[\"Gained the card %s.\", {\"card\": \"gift-of-the-grove\"}, {\"number\": 1}]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr(JsonNode) state = json_from_string (text, NULL);
      g_autoptr(JsonNode) entry = json_from_string (damaged[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(PenGame) game = NULL;

      json_array_remove_element (list_of (json_node_get_object (state), "log"), 5);
      json_array_add_element (list_of (json_node_get_object (state), "log"), g_steal_pointer (&entry));
      game = pen_game_new_from_json (state, &error);
      g_assert_null (game);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_SAVE);
      g_assert_cmpstr (error->message, ==, "The saved game is damaged: the log's entry 254 is damaged.");
    }
  {
    g_autoptr(JsonNode) state = json_from_string (text, NULL);
    JsonArray *entry = json_array_new ();

    for (guint i = 0; i < 9; i++)
      json_array_add_string_element (entry, "Rest.");
    json_array_add_array_element (list_of (json_node_get_object (state), "log"), entry);
    assert_shape_refused (state, "The save's log entry 255 has too many parts (9; an entry has at most 8).");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save-checks/depth-count", test_depth_count);
  g_test_add_func ("/save-checks/too-deep", test_too_deep);
  g_test_add_func ("/save-checks/brackets-in-strings", test_brackets_in_strings);
  g_test_add_func ("/save-checks/too-large", test_too_large);
  g_test_add_func ("/save-checks/minus-at-end", test_minus_at_end);
  g_test_add_func ("/save-checks/endless-file", test_endless_file);
  g_test_add_func ("/save-checks/fixture-passes", test_fixture_passes);
  g_test_add_func ("/save-checks/duplicate-fate-card", test_duplicate_fate_card);
  g_test_add_func ("/save-checks/duplicates", test_duplicates);
  g_test_add_func ("/save-checks/references-pass", test_references_pass);
  g_test_add_func ("/save-checks/other-formats-pass", test_other_formats_pass);
  g_test_add_func ("/save-checks/too-many-dice", test_too_many_dice);
  g_test_add_func ("/save-checks/long-lists", test_long_lists);
  g_test_add_func ("/save-checks/long-lists-of-the-format", test_long_lists_of_the_format);
  g_test_add_func ("/save-checks/wrong-kinds", test_wrong_kinds);
  g_test_add_func ("/save-checks/fixture-loads", test_fixture_loads);
  g_test_add_func ("/save-checks/fixture-v2-loads", test_fixture_v2_loads);
  g_test_add_func ("/save-checks/fixture-v3-loads", test_fixture_v3_loads);
  g_test_add_func ("/save-checks/fixture-v4-loads", test_fixture_v4_loads);
  g_test_add_func ("/save-checks/fixture-v5-loads", test_fixture_v5_loads);
  g_test_add_func ("/save-checks/fixture-v6-loads", test_fixture_v6_loads);
  g_test_add_func ("/save-checks/fixtures-play-on", test_fixtures_play_on);
  g_test_add_func ("/save-checks/log-entries-refused", test_log_entries_refused);
  g_test_add_func ("/save-checks/automa-content-shape", test_automa_content_shape);

  return g_test_run ();
}
