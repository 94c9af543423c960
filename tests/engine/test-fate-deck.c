/* test-fate-deck.c: the Fate cards and the Fate deck.
 *
 * Rulebook sections: "Components" (the counts), "Setup": "Ready-made deck for the
 * first game" and "The Fate deck"; "The Fate deck in play" (drawing, the deck as
 * the game's timer, End of Time; Events, Goals, Prophecies); "End of the game"
 * (Prophecies' conditions); "Scoring", 7. GOALS.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-data.h"
#include "pen-error.h"
#include "pen-fate-deck.h"
#include "pen-scoring.h"
#include "pen-types.h"

static PenFateCatalogue *
load_catalogue (void)
{
  g_autoptr(GError) error = NULL;
  PenFateCatalogue *catalogue = pen_fate_catalogue_load (&error);

  g_assert_no_error (error);
  g_assert_nonnull (catalogue);
  return catalogue;
}

static const PenFateCard *
lookup (const PenFateCatalogue *catalogue,
        const char             *id)
{
  const PenFateCard *card = pen_fate_catalogue_lookup (catalogue, id);

  if (card == NULL)
    g_error ("no card “%s” in the catalogue", id);
  return card;
}

/* "Components": 24 Trial cards (six of each difficulty), 9 Prophecy cards, 4 Goal
 * cards, 8 Event cards. */
static void
test_fate_catalogue_counts (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  guint n_trials[PEN_FATE_N_DIFFICULTIES + 1] = { 0 };
  guint n_kind[PEN_N_FATE_KINDS] = { 0 };

  g_assert_cmpuint (pen_fate_catalogue_get_n_cards (catalogue), ==, 24 + 9 + 4 + 8);
  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (catalogue); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (catalogue, i);

      n_kind[pen_fate_card_get_kind (card)]++;
      if (pen_fate_card_get_kind (card) == PEN_FATE_KIND_TRIAL)
        n_trials[pen_fate_card_get_difficulty (card)]++;
      else
        g_assert_cmpuint (pen_fate_card_get_difficulty (card), ==, 0);
      g_assert_true (pen_fate_catalogue_lookup (catalogue, pen_fate_card_get_id (card)) == card);
    }
  g_assert_cmpuint (n_kind[PEN_FATE_KIND_TRIAL], ==, 24);
  for (guint d = 1; d <= 4; d++)
    g_assert_cmpuint (n_trials[d], ==, 6);
  g_assert_cmpuint (n_kind[PEN_FATE_KIND_PROPHECY], ==, 9);
  g_assert_cmpuint (n_kind[PEN_FATE_KIND_GOAL], ==, 4);
  g_assert_cmpuint (n_kind[PEN_FATE_KIND_EVENT], ==, 8);

  g_assert_null (pen_fate_catalogue_lookup (catalogue, "no-such-card"));
}

/* "Ready-made deck for the first game" names 16 Trials, and their difficulty
 * follows from the stack each is in; "The Fate deck in play" and "Scoring" quote
 * the texts of End of Time, Unity, Heroism and Harvest. */
static void
test_fate_catalogue_rulebook_cards (void)
{
  static const struct
  {
    const char  *id;
    PenFateKind  kind;
    const char  *name;
    const char  *name_ru;
    guint        difficulty;
  } named[] = {
    { "goldeater", PEN_FATE_KIND_TRIAL, "Goldeater", "Златоед", 1 },
    { "scrollers", PEN_FATE_KIND_TRIAL, "Scrollers", "Свиточники", 1 },
    { "out-of-tune-clock", PEN_FATE_KIND_TRIAL, "Out-of-Tune Clock", "Расстроенные Часы", 1 },
    { "gloomy-lady", PEN_FATE_KIND_TRIAL, "Gloomy Lady", "Хмурая Леди", 1 },
    { "wildwood", PEN_FATE_KIND_TRIAL, "Wildwood", "Диколесье", 2 },
    { "aranea", PEN_FATE_KIND_TRIAL, "Aranea", "Аранея", 2 },
    { "fog-of-oblivion", PEN_FATE_KIND_TRIAL, "Fog of Oblivion", "Туман Забвения", 2 },
    { "pack-of-direwolves", PEN_FATE_KIND_TRIAL, "Pack of Direwolves", "Стая Лютоволков", 2 },
    { "plains-of-agony", PEN_FATE_KIND_TRIAL, "Plains of Agony", "Равнины Агонии", 3 },
    { "radomir-flaming", PEN_FATE_KIND_TRIAL, "Radomir Flaming", "Радомир Фламинг", 3 },
    { "swarm-of-umbrals", PEN_FATE_KIND_TRIAL, "Swarm of Umbrals", "Рой Умбралов", 3 },
    { "smoky-beast", PEN_FATE_KIND_TRIAL, "Smoky Beast", "Дымчатый Зверь", 3 },
    { "basilisk", PEN_FATE_KIND_TRIAL, "Basilisk", "Василиск", 4 },
    { "night-of-horrors", PEN_FATE_KIND_TRIAL, "Night of Horrors", "Ночь Ужасов", 4 },
    { "dragan-ivancevic", PEN_FATE_KIND_TRIAL, "Dragan Ivancevic", "Драган Иванцевич", 4 },
    { "lair-of-the-fleshrenders", PEN_FATE_KIND_TRIAL, "Lair of the Fleshrenders",
      "Логово Плотожоров", 4 },
    { "end-of-time", PEN_FATE_KIND_PROPHECY, "End of Time", "Конец Времен", 0 },
    { "guild-revival", PEN_FATE_KIND_PROPHECY, "Guild Revival", "Возрождение Гильдии", 0 },
    { "song-of-overcoming", PEN_FATE_KIND_PROPHECY, "Song of Overcoming", "Песнь Преодоления", 0 },
    { "awakened-spark", PEN_FATE_KIND_PROPHECY, "Awakened Spark", "Пробужденная Искра", 0 },
    { "unity", PEN_FATE_KIND_PROPHECY, "Unity", "Единство", 0 },
    { "mastery", PEN_FATE_KIND_GOAL, "Mastery", "Мастерство", 0 },
    { "heroism", PEN_FATE_KIND_GOAL, "Heroism", "Героизм", 0 },
    { "extracurricular-reading", PEN_FATE_KIND_EVENT, "Extracurricular Reading",
      "Внеклассное Чтение", 0 },
    { "harvest", PEN_FATE_KIND_EVENT, "Harvest", "Урожай", 0 },
    { "secret-deal", PEN_FATE_KIND_EVENT, "Secret Deal", "Тайная Сделка", 0 },
    { "festival", PEN_FATE_KIND_EVENT, "Festival", "Фестиваль", 0 },
    { "wanderer", PEN_FATE_KIND_EVENT, "Wanderer", "Странник", 0 },
    { "fresh-batch", PEN_FATE_KIND_EVENT, "Fresh Batch", "Свежая Партия", 0 },
    { "practice", PEN_FATE_KIND_EVENT, "Practice", "Практика", 0 },
    { "personal-training", PEN_FATE_KIND_EVENT, "Personal Training", "Личная Тренировка", 0 },
  };
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  const PenFateCard *card;

  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    {
      card = lookup (catalogue, named[i].id);
      g_assert_cmpint (pen_fate_card_get_kind (card), ==, named[i].kind);
      g_assert_cmpstr (pen_fate_card_get_name (card), ==, named[i].name);
      g_assert_cmpstr (pen_fate_card_get_name_ru (card), ==, named[i].name_ru);
      g_assert_cmpuint (pen_fate_card_get_difficulty (card), ==, named[i].difficulty);
      g_assert_cmpint (pen_fate_card_is_always_in_play (card), ==,
                       g_str_equal (named[i].id, "end-of-time"));
    }

  g_assert_cmpstr (pen_fate_card_get_text (lookup (catalogue, "end-of-time")), ==,
                   "The Fate deck has run out of cards");
  g_assert_cmpstr (pen_fate_card_get_text (lookup (catalogue, "unity")), ==,
                   "All Wizards have passed 3 Trials");
  g_assert_cmpstr (pen_fate_card_get_text (lookup (catalogue, "heroism")), ==,
                   "Each passed Trial will bring an additional 2 points");
  g_assert_cmpstr (pen_fate_card_get_text (lookup (catalogue, "harvest")), ==,
                   "All Wizards roll 1 Resource die. You roll 1 more Resource die.");
  g_assert_nonnull (pen_fate_card_get_text_ru (lookup (catalogue, "harvest")));
  /* A Trial's text is its tasks and rewards, which are Trial data. */
  g_assert_null (pen_fate_card_get_text (lookup (catalogue, "goldeater")));
  g_assert_null (pen_fate_card_get_text_ru (lookup (catalogue, "goldeater")));
}

static void
assert_first_game (const PenFateCatalogue *catalogue,
                   guint                   n_players,
                   const char * const     *trials,
                   const char * const     *cards)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenFateDeck) deck = pen_fate_deck_build_first_game (catalogue, n_players, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (pen_fate_deck_get_n_players (deck), ==, n_players);
  g_assert_cmpstr (pen_fate_deck_get_starting_prophecy (deck), ==, "end-of-time");
  g_assert_cmpstrv (pen_fate_deck_get_starting_trials (deck), trials);
  g_assert_cmpstrv (pen_fate_deck_get_cards (deck), cards);
  g_assert_cmpuint (pen_fate_deck_get_n_remaining (deck), ==, g_strv_length ((char **) cards));
}

/* "Ready-made deck for the first game", 1 and 2 players: the untagged entries.
 * The rulebook has no one-player layout; one player gets the two-player one. */
static void
test_fate_first_game_2_players (void)
{
  static const char * const trials[] = { "goldeater", "scrollers", NULL };
  static const char * const cards[] = {
    "wildwood", "guild-revival", "aranea", "mastery",
    "plains-of-agony", "song-of-overcoming", "radomir-flaming", "secret-deal",
    "basilisk", "awakened-spark", "night-of-horrors", "fresh-batch",
    NULL
  };
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();

  assert_first_game (catalogue, 1, trials, cards);
  assert_first_game (catalogue, 2, trials, cards);
}

/* "Ready-made deck for the first game", 3 players: untagged and (3+) entries. */
static void
test_fate_first_game_3_players (void)
{
  static const char * const trials[] = { "goldeater", "scrollers", "out-of-tune-clock", NULL };
  static const char * const cards[] = {
    "wildwood", "guild-revival", "aranea", "mastery", "fog-of-oblivion",
    "extracurricular-reading",
    "plains-of-agony", "song-of-overcoming", "radomir-flaming", "secret-deal",
    "swarm-of-umbrals", "festival",
    "basilisk", "awakened-spark", "night-of-horrors", "fresh-batch", "dragan-ivancevic",
    "practice",
    NULL
  };
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();

  assert_first_game (catalogue, 3, trials, cards);
}

/* "Ready-made deck for the first game", 4 players: every entry, in the listed
 * order. */
static void
test_fate_first_game_4_players (void)
{
  static const char * const trials[] = {
    "goldeater", "scrollers", "out-of-tune-clock", "gloomy-lady", NULL
  };
  static const char * const cards[] = {
    "wildwood", "guild-revival", "aranea", "mastery", "fog-of-oblivion",
    "extracurricular-reading", "pack-of-direwolves", "harvest",
    "plains-of-agony", "song-of-overcoming", "radomir-flaming", "secret-deal",
    "swarm-of-umbrals", "festival", "smoky-beast", "wanderer",
    "basilisk", "awakened-spark", "night-of-horrors", "fresh-batch", "dragan-ivancevic",
    "practice", "lair-of-the-fleshrenders", "personal-training",
    NULL
  };
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();

  assert_first_game (catalogue, 4, trials, cards);
}

/* "The Fate deck": the structure of a built deck. */
static void
assert_deck_structure (const PenFateCatalogue *catalogue,
                       PenFateDeck            *deck,
                       guint                   n_players)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  const char * const *trials = pen_fate_deck_get_starting_trials (deck);
  const char * const *cards = pen_fate_deck_get_cards (deck);
  /* A stack is twice the players; with one player the first stack keeps its
   * Trial, Goal and Prophecy, so it has 3 cards. */
  guint sizes[PEN_FATE_N_STACKS] = { MAX (2 * n_players, n_players + 2), 2 * n_players,
                                     2 * n_players };
  guint pos = 0;

  g_assert_cmpuint (pen_fate_deck_get_n_players (deck), ==, n_players);

  /* "End of Time ... is in effect in every game." */
  g_assert_cmpstr (pen_fate_deck_get_starting_prophecy (deck), ==, "end-of-time");
  g_hash_table_add (seen, (gpointer) pen_fate_deck_get_starting_prophecy (deck));

  /* "Starting row of Trials": as many Difficulty 1 Trials as players. */
  g_assert_cmpuint (g_strv_length ((char **) trials), ==, n_players);
  for (guint i = 0; trials[i] != NULL; i++)
    {
      const PenFateCard *card = lookup (catalogue, trials[i]);

      g_assert_cmpint (pen_fate_card_get_kind (card), ==, PEN_FATE_KIND_TRIAL);
      g_assert_cmpuint (pen_fate_card_get_difficulty (card), ==, 1);
      g_assert_true (g_hash_table_add (seen, (gpointer) trials[i]));
    }

  g_assert_cmpuint (g_strv_length ((char **) cards), ==, sizes[0] + sizes[1] + sizes[2]);
  g_assert_cmpuint (pen_fate_deck_get_n_remaining (deck), ==, sizes[0] + sizes[1] + sizes[2]);

  /* The Difficulty 2 stack on top, then 3, then 4 at the bottom. */
  for (guint s = 0; s < PEN_FATE_N_STACKS; s++)
    {
      guint n[PEN_N_FATE_KINDS] = { 0 };

      for (guint i = 0; i < sizes[s]; i++, pos++)
        {
          const PenFateCard *card = lookup (catalogue, cards[pos]);
          PenFateKind kind = pen_fate_card_get_kind (card);

          n[kind]++;
          if (kind == PEN_FATE_KIND_TRIAL)
            g_assert_cmpuint (pen_fate_card_get_difficulty (card), ==, s + 2);
          g_assert_false (pen_fate_card_is_always_in_play (card));
          g_assert_true (g_hash_table_add (seen, (gpointer) cards[pos]));
        }
      g_assert_cmpuint (n[PEN_FATE_KIND_TRIAL], ==, n_players);
      g_assert_cmpuint (n[PEN_FATE_KIND_PROPHECY], ==, 1);
      g_assert_cmpuint (n[PEN_FATE_KIND_GOAL], ==, s == 0 ? 1 : 0);
      g_assert_cmpuint (n[PEN_FATE_KIND_EVENT], ==,
                        sizes[s] - n_players - 1 - n[PEN_FATE_KIND_GOAL]);
    }
  g_assert_null (cards[pos]);
}

/* "The Fate deck", for 1 to 4 players and many seeds. "In a three-player game
 * the stacks will each consist of three Trials and one Prophecy; in the first
 * stack there is one Goal, and the remaining space is filled with Events." */
static void
test_fate_build_structure (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();

  for (guint n_players = 1; n_players <= 4; n_players++)
    for (guint64 seed = 0; seed < 50; seed++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(PenRng) rng = pen_rng_new (seed);
        g_autoptr(PenFateDeck) deck = pen_fate_deck_build (catalogue, n_players, rng, &error);

        g_assert_no_error (error);
        assert_deck_structure (catalogue, deck, n_players);
      }
}

static PenFateDeck *
build_forced_zero (const PenFateCatalogue *catalogue,
                   guint                   n_players,
                   guint                   n_random)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenRng) rng = pen_rng_new (1);
  g_autofree guint *zeros = g_new0 (guint, n_random);
  PenFateDeck *deck;

  pen_rng_force_next (rng, zeros, n_random);
  deck = pen_fate_deck_build (catalogue, n_players, rng, &error);
  g_assert_no_error (error);
  /* Every random pick went through the given generator, one call each. */
  g_assert_cmpuint (pen_rng_get_n_forced (rng), ==, 0);
  g_assert_cmpuint (pen_rng_get_state (rng), ==, 1);
  return deck;
}

/* "The Fate deck", step by step: forcing every random pick to the first card
 * keeps the data file's order, so the order of the steps shows. */
static void
test_fate_build_forced (void)
{
  static const char * const trials_4[] = {
    "goldeater", "scrollers", "out-of-tune-clock", "gloomy-lady", NULL
  };
  static const char * const cards_4[] = {
    "wildwood", "aranea", "fog-of-oblivion", "pack-of-direwolves", "mastery", "guild-revival",
    "extracurricular-reading", "harvest",
    "plains-of-agony", "radomir-flaming", "swarm-of-umbrals", "smoky-beast",
    "song-of-overcoming", "secret-deal", "festival", "wanderer",
    "basilisk", "night-of-horrors", "dragan-ivancevic", "lair-of-the-fleshrenders",
    "awakened-spark", "fresh-batch", "practice", "personal-training",
    NULL
  };
  static const char * const trials_1[] = { "goldeater", NULL };
  static const char * const cards_1[] = {
    "wildwood", "mastery", "guild-revival",
    "plains-of-agony", "song-of-overcoming",
    "basilisk", "awakened-spark",
    NULL
  };
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  g_autoptr(PenFateDeck) deck_4 = NULL;
  g_autoptr(PenFateDeck) deck_1 = NULL;

  /* 4 row + 12 Trials + 1 Goal + 3 Prophecies + 8 Events + 24 shuffle picks. */
  deck_4 = build_forced_zero (catalogue, 4, 4 + 12 + 1 + 3 + 8 + 24);
  g_assert_cmpstrv (pen_fate_deck_get_starting_trials (deck_4), trials_4);
  g_assert_cmpstrv (pen_fate_deck_get_cards (deck_4), cards_4);

  /* One player: no Events; the first stack is Trial, Goal, Prophecy.
   * 1 row + 3 Trials + 1 Goal + 3 Prophecies + 7 shuffle picks. */
  deck_1 = build_forced_zero (catalogue, 1, 1 + 3 + 1 + 3 + 7);
  g_assert_cmpstrv (pen_fate_deck_get_starting_trials (deck_1), trials_1);
  g_assert_cmpstrv (pen_fate_deck_get_cards (deck_1), cards_1);
}

/* Architecture, "The engine's shape": a seed replays a game exactly. */
static void
test_fate_build_seeded (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  g_autoptr(PenRng) rng_a = pen_rng_new (2024);
  g_autoptr(PenRng) rng_b = pen_rng_new (2024);
  g_autoptr(PenRng) rng_c = pen_rng_new (2025);
  g_autoptr(PenFateDeck) a = pen_fate_deck_build (catalogue, 4, rng_a, NULL);
  g_autoptr(PenFateDeck) b = pen_fate_deck_build (catalogue, 4, rng_b, NULL);
  g_autoptr(PenFateDeck) c = pen_fate_deck_build (catalogue, 4, rng_c, NULL);

  g_assert_cmpstrv (pen_fate_deck_get_starting_trials (a), pen_fate_deck_get_starting_trials (b));
  g_assert_cmpstrv (pen_fate_deck_get_cards (a), pen_fate_deck_get_cards (b));
  g_assert_cmpuint (pen_rng_get_state (rng_a), ==, pen_rng_get_state (rng_b));

  g_assert_false (g_strv_equal ((const char * const *) pen_fate_deck_get_cards (a),
                                (const char * const *) pen_fate_deck_get_cards (c))
                  && g_strv_equal ((const char * const *) pen_fate_deck_get_starting_trials (a),
                                   (const char * const *) pen_fate_deck_get_starting_trials (c)));
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           gpointer    user_data)
{
  guint *n_notifies = user_data;

  (*n_notifies)++;
}

/* "The Fate deck in play": each Fate card comes from the top; when the deck runs
 * out, End of Time ("The Fate deck has run out of cards") is fulfilled. */
static void
test_fate_draw (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  g_autoptr(PenRng) rng = pen_rng_new (11);
  g_autoptr(PenFateDeck) deck = pen_fate_deck_build (catalogue, 3, rng, NULL);
  g_auto(GStrv) order = g_strdupv ((char **) pen_fate_deck_get_cards (deck));
  guint n_notifies = 0;
  guint n = g_strv_length (order);

  g_assert_cmpuint (n, ==, 18);
  g_signal_connect (deck, "notify::n-remaining", G_CALLBACK (notify_cb), &n_notifies);

  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpstr (pen_fate_deck_get_cards (deck)[0], ==, order[i]);
      g_assert_cmpstr (pen_fate_deck_draw (deck), ==, order[i]);
      g_assert_cmpuint (pen_fate_deck_get_n_remaining (deck), ==, n - i - 1);
      g_assert_cmpuint (n_notifies, ==, i + 1);
    }
  g_assert_null (pen_fate_deck_get_cards (deck)[0]);
  g_assert_null (pen_fate_deck_draw (deck));
  g_assert_cmpuint (pen_fate_deck_get_n_remaining (deck), ==, 0);
  g_assert_cmpuint (n_notifies, ==, n);

  /* Drawing does not touch the row or the starting Prophecy. */
  g_assert_cmpuint (g_strv_length ((char **) pen_fate_deck_get_starting_trials (deck)), ==, 3);
  g_assert_cmpstr (pen_fate_deck_get_starting_prophecy (deck), ==, "end-of-time");
}

/* "Setup": the game is for 1 to 4 players. */
static void
test_fate_player_count_refused (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  static const guint counts[] = { 0, 5 };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) error_first = NULL;
      g_autoptr(PenRng) rng = pen_rng_new (1);
      g_autoptr(PenFateDeck) deck = pen_fate_deck_build (catalogue, counts[i], rng, &error);
      g_autoptr(PenFateDeck) first = pen_fate_deck_build_first_game (catalogue, counts[i],
                                                                      &error_first);
      g_autofree char *message = g_strdup_printf ("A game is for 1 to 4 players, not %u",
                                                  counts[i]);

      g_assert_null (deck);
      g_assert_null (first);
      g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
      g_assert_error (error_first, PEN_ERROR, PEN_ERROR_ILLEGAL);
      g_assert_cmpstr (error->message, ==, message);
      g_assert_cmpstr (error_first->message, ==, message);
    }
}

/* The shipped file, parsed again into a tree that the tests can break. */
static JsonNode *
shipped_json (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = pen_data_load_resource (PEN_FATE_FILE, &error);
  g_autofree char *text = NULL;
  JsonNode *copy;

  g_assert_no_error (error);
  text = json_to_string (root, FALSE);
  copy = json_from_string (text, &error);
  g_assert_no_error (error);
  return copy;
}

static JsonArray *
cards_of (JsonNode *root)
{
  return json_object_get_array_member (json_node_get_object (root), "cards");
}

static guint
card_index (JsonNode   *root,
            const char *id)
{
  JsonArray *cards = cards_of (root);

  for (guint i = 0; i < json_array_get_length (cards); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (cards, i), "id"),
                     id))
      return i;
  g_error ("no card “%s” in the file", id);
}

static JsonObject *
card (JsonNode   *root,
      const char *id)
{
  return json_array_get_object_element (cards_of (root), card_index (root, id));
}

static JsonObject *
first_game (JsonNode *root)
{
  return json_object_get_object_member (json_node_get_object (root), "first_game");
}

static JsonObject *
entry (JsonNode   *root,
       const char *list,
       guint       number)
{
  return json_array_get_object_element (json_object_get_array_member (first_game (root), list),
                                        number - 1);
}

/* Takes @root. */
static void
assert_refused (JsonNode   *root,
                const char *expected_message)
{
  g_autoptr(JsonNode) owned = root;
  g_autoptr(GError) error = NULL;
  g_autoptr(PenFateCatalogue) catalogue = pen_fate_catalogue_new_from_json (owned, "broken.json",
                                                                           &error);

  g_assert_null (catalogue);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_DATA);
  if (!g_pattern_match_simple (expected_message, error->message))
    g_error ("message “%s” does not match “%s”", error->message, expected_message);
}

/* HACKING, "Adding content": a broken file is refused with a message naming the
 * file, the item and the field. The counts are the rulebook's "Components". */
static void
test_fate_broken_cards_refused (void)
{
  JsonNode *root;

  /* The unbroken copy is accepted, so each refusal below is the change's. */
  {
    g_autoptr(JsonNode) good = shipped_json ();
    g_autoptr(GError) error = NULL;
    g_autoptr(PenFateCatalogue) catalogue = pen_fate_catalogue_new_from_json (good, "good.json",
                                                                             &error);
    g_assert_no_error (error);
    g_assert_nonnull (catalogue);
  }

  root = shipped_json ();
  json_object_remove_member (json_node_get_object (root), "cards");
  assert_refused (root, "broken.json: fate: field “cards” must be a list");

  root = shipped_json ();
  json_object_set_int_member (json_node_get_object (root), "firstgame", 1);
  assert_refused (root, "broken.json: fate: unknown field “firstgame”");

  root = shipped_json ();
  json_array_add_int_element (cards_of (root), 7);
  assert_refused (root, "broken.json: card 46: a card must be an object");

  root = shipped_json ();
  json_object_set_string_member (card (root, "scrollers"), "id", "goldeater");
  assert_refused (root, "broken.json: card 2: field “id”: “goldeater” is already the id of card 1");

  root = shipped_json ();
  json_object_set_string_member (card (root, "goldeater"), "id", "Gold Eater");
  assert_refused (root, "broken.json: card 1: field “id”: “Gold Eater” is not kebab-case*");

  root = shipped_json ();
  json_object_remove_member (card (root, "goldeater"), "id");
  assert_refused (root, "broken.json: card 1: field “id” must be a non-empty text");

  root = shipped_json ();
  json_object_set_string_member (card (root, "wildwood"), "kind", "monster");
  assert_refused (root, "broken.json: wildwood: field “kind” is “monster”, not one of trial, "
                        "prophecy, goal, event");

  root = shipped_json ();
  json_object_remove_member (card (root, "aranea"), "name");
  assert_refused (root, "broken.json: aranea: field “name” must be a non-empty text");

  root = shipped_json ();
  json_object_set_string_member (card (root, "basilisk"), "name_ru", "");
  assert_refused (root, "broken.json: basilisk: field “name_ru” must be a non-empty text");

  root = shipped_json ();
  json_object_remove_member (card (root, "basilisk"), "difficulty");
  assert_refused (root, "broken.json: basilisk: field “difficulty” must be a whole number");

  root = shipped_json ();
  json_object_set_int_member (card (root, "goldeater"), "difficulty", 5);
  assert_refused (root, "broken.json: goldeater: field “difficulty” is 5, outside 1–4");

  root = shipped_json ();
  json_object_set_int_member (card (root, "harvest"), "difficulty", 1);
  assert_refused (root, "broken.json: harvest: field “difficulty” is only for Trials");

  root = shipped_json ();
  json_object_set_int_member (card (root, "wildwood"), "dificulty", 2);
  assert_refused (root, "broken.json: wildwood: unknown field “dificulty”");

  root = shipped_json ();
  json_object_remove_member (card (root, "harvest"), "text_ru");
  assert_refused (root, "broken.json: harvest: fields “text” and “text_ru” must be given "
                        "together");

  root = shipped_json ();
  json_object_set_boolean_member (card (root, "mastery"), "always_in_play", TRUE);
  assert_refused (root, "broken.json: mastery: field “always_in_play” is only for Prophecies");

  root = shipped_json ();
  json_object_set_string_member (card (root, "end-of-time"), "always_in_play", "yes");
  assert_refused (root, "broken.json: end-of-time: field “always_in_play” must be true or false");

  root = shipped_json ();
  json_object_set_string_member (card (root, "scrollers"), "name", "goldeater");
  assert_refused (root, "broken.json: scrollers: field “name”: “goldeater” is already the name "
                        "of card “goldeater”");

  root = shipped_json ();
  json_object_set_string_member (card (root, "festival"), "name_ru", "Урожай");
  assert_refused (root, "broken.json: festival: field “name_ru”: “Урожай” is already the name "
                        "of card “harvest”");
}

/* Sets the "effect" of the card @object to @json. */
static void
set_effect (JsonObject *object,
            const char *json)
{
  g_autoptr(GError) error = NULL;
  JsonNode *effect = json_from_string (json, &error);

  g_assert_no_error (error);
  json_object_set_member (object, "effect", effect);
}

/* A card that is valid but for the counts. */
static void
add_card (JsonNode   *root,
          const char *id,
          const char *kind,
          const char *effect)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "id", id);
  json_object_set_string_member (object, "kind", kind);
  json_object_set_string_member (object, "name", id);
  json_object_set_string_member (object, "name_ru", id);
  set_effect (object, effect);
  json_array_add_object_element (cards_of (root), object);
}

/* "Components": 24 Trials (6 per difficulty), 9 Prophecies, 4 Goals, 8 Events;
 * "The Fate deck": End of Time is the one Prophecy always in play. */
static void
test_fate_wrong_counts_refused (void)
{
  JsonNode *root;

  root = shipped_json ();
  json_array_remove_element (cards_of (root), card_index (root, "wanderer"));
  assert_refused (root, "broken.json: cards: the number of Events is 7; the rulebook has 8");

  root = shipped_json ();
  json_object_set_int_member (card (root, "gloomy-lady"), "difficulty", 2);
  assert_refused (root, "broken.json: cards: the number of Trials of difficulty 1 is 5; the "
                        "rulebook has 6");

  root = shipped_json ();
  add_card (root, "false-dawn", "prophecy", "{\"condition\": {\"fate-deck-empty\": true}}");
  assert_refused (root, "broken.json: cards: the number of Prophecies is 10; the rulebook has 9");

  root = shipped_json ();
  add_card (root, "greed", "goal",
            "{\"points\": {\"per\": \"ingredient-jewels\", \"points\": 1}}");
  assert_refused (root, "broken.json: cards: the number of Goals is 5; the rulebook has 4");

  root = shipped_json ();
  json_object_set_boolean_member (card (root, "end-of-time"), "always_in_play", FALSE);
  assert_refused (root, "broken.json: cards: exactly one Prophecy must have field "
                        "“always_in_play”, not 0");

  root = shipped_json ();
  json_object_set_boolean_member (card (root, "unity"), "always_in_play", TRUE);
  assert_refused (root, "broken.json: cards: exactly one Prophecy must have field "
                        "“always_in_play”, not 2");
}

/* "Ready-made deck for the first game": every entry names a card of the file,
 * once, with a player-count tag, and the layout has the rulebook's sizes. */
static void
test_fate_broken_first_game_refused (void)
{
  JsonNode *root;

  root = shipped_json ();
  json_object_remove_member (json_node_get_object (root), "first_game");
  assert_refused (root, "broken.json: fate: field “first_game” must be an object");

  root = shipped_json ();
  json_object_remove_member (first_game (root), "deck");
  assert_refused (root, "broken.json: first_game: field “deck” must be a list");

  root = shipped_json ();
  json_object_set_string_member (entry (root, "deck", 1), "card", "wildwod");
  assert_refused (root, "broken.json: first_game deck entry 1: field “card”: “wildwod” is not a "
                        "card of this file");

  root = shipped_json ();
  json_object_set_string_member (entry (root, "deck", 3), "players", "5");
  assert_refused (root, "broken.json: first_game deck entry 3: field “players” is “5”, not one "
                        "of all, 3+, 4");

  root = shipped_json ();
  json_object_remove_member (entry (root, "deck", 1), "players");
  assert_refused (root, "broken.json: first_game deck entry 1: field “players” must be a "
                        "non-empty text");

  root = shipped_json ();
  json_array_add_string_element (json_object_get_array_member (first_game (root), "deck"),
                                 "harvest");
  assert_refused (root, "broken.json: first_game deck entry 25: an entry must be an object with "
                        "fields “card” and “players”");

  root = shipped_json ();
  json_object_set_string_member (entry (root, "starting_trials", 1), "card", "mastery");
  assert_refused (root, "broken.json: first_game starting_trials entry 1: field “card”: "
                        "“mastery” is not a Trial");

  root = shipped_json ();
  json_object_set_string_member (json_object_get_object_member (first_game (root),
                                                                "starting_prophecy"),
                                 "card", "guild-revival");
  assert_refused (root, "broken.json: first_game starting_prophecy: field “card”: "
                        "“guild-revival” is not the Prophecy that is always in play");

  root = shipped_json ();
  json_object_set_string_member (json_object_get_object_member (first_game (root),
                                                                "starting_prophecy"),
                                 "players", "4");
  assert_refused (root, "broken.json: first_game starting_prophecy: field “players” must be "
                        "“all”*");

  root = shipped_json ();
  json_object_set_string_member (entry (root, "deck", 2), "card", "end-of-time");
  assert_refused (root, "broken.json: first_game deck entry 2: field “card”: “end-of-time” is "
                        "already in the first game’s setup");

  /* Pack of Direwolves (4) made (3+): a 3-player deck of 19 cards, not 3 × 6. */
  root = shipped_json ();
  json_object_set_string_member (entry (root, "deck", 7), "players", "3+");
  assert_refused (root, "broken.json: first_game: field “deck” for 3 players: the number of "
                        "cards is 19, it must be 18");

  /* Out-of-Tune Clock (3+) made (4): a 3-player row of 2 Trials. */
  root = shipped_json ();
  json_object_set_string_member (entry (root, "starting_trials", 3), "players", "4");
  assert_refused (root, "broken.json: first_game: field “starting_trials” for 3 players: the "
                        "number of cards is 2, it must be 3");
}

/* The English words for the effect vocabulary, as the card texts use them. A
 * card's text is written from its effect here, so a text that says something
 * else than the data does fails the test. */

typedef struct
{
  const char *verb;      /* after "has" / "have" in a condition */
  const char *singular;
  const char *plural;
  const char *suffix;
  const char *each;      /* after "Each" in a Goal */
} CounterWords;

static const CounterWords summary_words[PEN_FATE_COUNTER_INGREDIENT] = {
  [PEN_FATE_COUNTER_PASSED_TRIALS] = { "passed ", "Trial", "Trials", "", "passed Trial" },
  [PEN_FATE_COUNTER_PASSED_LIGHT_TRIALS] = { "passed ", "Trial", "Trials", " on the path of Light",
                                             "Trial passed on the path of Light" },
  [PEN_FATE_COUNTER_PASSED_DARK_TRIALS] = { "passed ", "Trial", "Trials",
                                            " on the path of Darkness",
                                            "Trial passed on the path of Darkness" },
  [PEN_FATE_COUNTER_FULFILLED_CONTRACTS] = { "fulfilled ", "Contract", "Contracts", "",
                                             "fulfilled Contract" },
  [PEN_FATE_COUNTER_RESERVED_CONTRACTS] = { "", "reserved Contract", "reserved Contracts", "",
                                            "reserved Contract" },
  [PEN_FATE_COUNTER_DISCIPLINE_MARKS] = { "", "Discipline Mark", "Discipline Marks", "",
                                          "Discipline Mark" },
  [PEN_FATE_COUNTER_SPARK_MARKS] = { "", "Spark Mark", "Spark Marks", "", "Spark Mark" },
  [PEN_FATE_COUNTER_WOUNDED_MARKS] = { "", "wounded Mark", "wounded Marks", "", "wounded Mark" },
  [PEN_FATE_COUNTER_MORTAL_WOUNDS] = { "gained ", "Mortal Wound card", "Mortal Wound cards", "",
                                       "Mortal Wound card" },
  [PEN_FATE_COUNTER_LIGHT] = { "", "Light", "Light", "", "Light symbol" },
  [PEN_FATE_COUNTER_DARKNESS] = { "", "Darkness", "Darkness", "", "Darkness symbol" },
};

/* Rulebook: "1 Blood", "1 Jewel and 1 Trinket", "3 Crystals", "4 Fruits". */
static const char * const ingredient_words[PEN_N_INGREDIENTS][2] = {
  [PEN_INGREDIENT_BLOOD] = { "Blood", "Blood" },
  [PEN_INGREDIENT_CRYSTALS] = { "Crystal", "Crystals" },
  [PEN_INGREDIENT_JEWELS] = { "Jewel", "Jewels" },
  [PEN_INGREDIENT_FRUITS] = { "Fruit", "Fruits" },
  [PEN_INGREDIENT_TRINKETS] = { "Trinket", "Trinkets" },
  [PEN_INGREDIENT_ARCANA] = { "Arcana", "Arcana" },
};

static const char * const experience_words[PEN_N_EXPERIENCES] = {
  [PEN_EXPERIENCE_MONSTERS] = "Monsters",
  [PEN_EXPERIENCE_MAGICAL_BEASTS] = "Magical Beasts",
  [PEN_EXPERIENCE_WILDS] = "Wilds",
  [PEN_EXPERIENCE_MYSTIC] = "Mystic",
  [PEN_EXPERIENCE_WIZARDS] = "Wizards",
  [PEN_EXPERIENCE_SOCIETY] = "Society",
};

/* Rulebook, "Disciplines": the dice are named by colour. */
static const char * const colour_words[PEN_N_DISCIPLINES] = {
  [PEN_DISCIPLINE_RUBY] = "Red",
  [PEN_DISCIPLINE_AMBER] = "Orange",
  [PEN_DISCIPLINE_JASPER] = "Yellow",
  [PEN_DISCIPLINE_EMERALD] = "Green",
  [PEN_DISCIPLINE_SAPPHIRE] = "Blue",
  [PEN_DISCIPLINE_AMETHYST] = "Purple",
};

static const char * const card_words[][2] = {
  [PEN_EVENT_CARD_DISCIPLINE] = { "Discipline card", "Discipline cards" },
  [PEN_EVENT_CARD_POTION] = { "Potion", "Potions" },
  [PEN_EVENT_CARD_ARTIFACT] = { "Artifact", "Artifacts" },
};

static const char *
plural (guint       n,
        const char *singular,
        const char *plural_form)
{
  return n == 1 ? singular : plural_form;
}

/* "passed 3 Trials on the path of Light", to follow "has" or "have". */
static char *
counter_phrase (PenFateCounter counter,
                guint          n)
{
  if (counter >= PEN_FATE_COUNTER_EXPERIENCE)
    return g_strdup_printf ("%u “%s” %s", n,
                            experience_words[counter - PEN_FATE_COUNTER_EXPERIENCE],
                            plural (n, "symbol", "symbols"));
  if (counter >= PEN_FATE_COUNTER_INGREDIENT)
    {
      guint i = counter - PEN_FATE_COUNTER_INGREDIENT;

      return g_strdup_printf ("%u %s", n,
                              plural (n, ingredient_words[i][0], ingredient_words[i][1]));
    }
  return g_strdup_printf ("%s%u %s%s", summary_words[counter].verb, n,
                          plural (n, summary_words[counter].singular,
                                  summary_words[counter].plural),
                          summary_words[counter].suffix);
}

/* The thing a Goal pays for, after "Each". */
static char *
counter_each (PenFateCounter counter)
{
  if (counter >= PEN_FATE_COUNTER_EXPERIENCE)
    return g_strdup_printf ("“%s” symbol",
                            experience_words[counter - PEN_FATE_COUNTER_EXPERIENCE]);
  if (counter >= PEN_FATE_COUNTER_INGREDIENT)
    return g_strdup (ingredient_words[counter - PEN_FATE_COUNTER_INGREDIENT][0]);
  return g_strdup (summary_words[counter].each);
}

static char *
describe_condition (const PenProphecyCondition *condition)
{
  g_autofree char *phrase = NULL;

  if (condition->scope == PEN_PROPHECY_FATE_DECK_EMPTY)
    return g_strdup ("The Fate deck has run out of cards");

  phrase = counter_phrase (condition->counter, condition->threshold);
  switch (condition->scope)
    {
    case PEN_PROPHECY_ALL_WIZARDS:
      return g_strdup_printf ("All Wizards have %s", phrase);
    case PEN_PROPHECY_ANY_WIZARD:
      return g_strdup_printf ("A Wizard has %s", phrase);
    case PEN_PROPHECY_TOTAL:
      return g_strdup_printf ("Wizards have %s in all", phrase);
    case PEN_PROPHECY_FATE_DECK_EMPTY:
    default:
      g_assert_not_reached ();
    }
}

static char *
describe_goal (const PenGoalRule *rule)
{
  g_autofree char *each = counter_each (rule->per);

  return g_strdup_printf ("Each %s will bring an additional %u %s", each, rule->points,
                          plural (rule->points, "point", "points"));
}

static gboolean
same_gain (const PenEventEffect *a,
           const PenEventEffect *b)
{
  return a->op == b->op
         && a->ingredient == b->ingredient
         && a->die_kind == b->die_kind
         && a->die_colour == b->die_colour
         && a->any_colour == b->any_colour
         && a->card == b->card;
}

static const char *
event_verb (PenEventOp op)
{
  switch (op)
    {
    case PEN_EVENT_ROLL_RESOURCE_DICE:
      return "roll";
    case PEN_EVENT_GAIN_INGREDIENT:
    case PEN_EVENT_GAIN_DIE:
    case PEN_EVENT_GAIN_CARD:
      return "gain";
    case PEN_EVENT_HEAL:
      return "heal";
    case PEN_EVENT_RECHARGE_MARKS:
      return "recharge";
    default:
      g_assert_not_reached ();
    }
}

/* What the verb acts on: "1 more Resource die", "2 Fruits", "1 die of any colour". */
static char *
event_object (const PenEventEffect *effect,
              gboolean              more)
{
  guint n = effect->amount;
  g_autofree char *count = g_strdup_printf ("%u%s", n, more ? " more" : "");

  switch (effect->op)
    {
    case PEN_EVENT_ROLL_RESOURCE_DICE:
      return g_strdup_printf ("%s Resource %s", count, plural (n, "die", "dice"));
    case PEN_EVENT_GAIN_INGREDIENT:
      return g_strdup_printf ("%s %s", count, plural (n, ingredient_words[effect->ingredient][0],
                                                      ingredient_words[effect->ingredient][1]));
    case PEN_EVENT_GAIN_DIE:
      if (effect->die_kind == PEN_DIE_KIND_COLOURED && effect->any_colour)
        return g_strdup_printf ("%s %s of any colour", count, plural (n, "die", "dice"));
      return g_strdup_printf ("%s %s %s", count,
                              effect->die_kind == PEN_DIE_KIND_BONE ? "Bone"
                              : effect->die_kind == PEN_DIE_KIND_SPARK ? "Spark"
                              : colour_words[effect->die_colour],
                              plural (n, "die", "dice"));
    case PEN_EVENT_HEAL:
      return g_strdup_printf ("%s wounded %s", count, plural (n, "Mark", "Marks"));
    case PEN_EVENT_RECHARGE_MARKS:
      return g_strdup_printf ("%s %s", count, plural (n, "Mark", "Marks"));
    case PEN_EVENT_GAIN_CARD:
      return g_strdup_printf ("%s %s", count, plural (n, card_words[effect->card][0],
                                                      card_words[effect->card][1]));
    default:
      g_assert_not_reached ();
    }
}

/* One sentence per run of effects with the same target: "All Wizards gain 2
 * Fruits and 1 Crystal." An effect for "you" that repeats one for all Wizards
 * gives "1 more". */
static char *
describe_effects (const PenEventEffect *effects,
                  guint                 n_effects)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n_effects;)
    {
      guint end = i;

      while (end < n_effects && effects[end].target == effects[i].target)
        end++;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, effects[i].target == PEN_EVENT_TARGET_ALL ? "All Wizards" : "You");
      for (guint j = i; j < end; j++)
        {
          gboolean more = FALSE;
          g_autofree char *object = NULL;

          for (guint k = 0; k < i && effects[j].target == PEN_EVENT_TARGET_YOU; k++)
            if (effects[k].target == PEN_EVENT_TARGET_ALL && same_gain (&effects[k], &effects[j]))
              more = TRUE;
          object = event_object (&effects[j], more);
          if (j > i)
            g_string_append (text, j + 1 == end ? " and" : ",");
          if (j == i || event_verb (effects[j].op) != event_verb (effects[j - 1].op))
            g_string_append_printf (text, " %s", event_verb (effects[j].op));
          g_string_append_printf (text, " %s", object);
        }
      g_string_append_c (text, '.');
      i = end;
    }
  return g_string_free (text, FALSE);
}

/* The numbers written in @text, in order, as one string: "1 1". */
static char *
numbers_in (const char *text)
{
  GString *numbers = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isdigit (*p) && (p == text || !g_ascii_isdigit (p[-1])))
      {
        if (numbers->len > 0)
          g_string_append_c (numbers, ' ');
        while (g_ascii_isdigit (*p))
          g_string_append_c (numbers, *p++);
        p--;
      }
  return g_string_free (numbers, FALSE);
}

/* "The Fate deck in play": a card's text is its instructions. Every Prophecy,
 * Goal and Event has an effect, its English text is exactly what the effect
 * says, and its Russian text has the same numbers in the same order. */
static void
test_fate_texts_agree_with_effects (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();

  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (catalogue); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (catalogue, i);
      const char *text = pen_fate_card_get_text (card);
      const PenEventEffect *effects;
      g_autofree char *expected = NULL;
      g_autofree char *numbers = NULL;
      g_autofree char *numbers_ru = NULL;
      guint n_effects;

      effects = pen_fate_card_get_event_effects (card, &n_effects);
      switch (pen_fate_card_get_kind (card))
        {
        case PEN_FATE_KIND_TRIAL:
          g_assert_null (pen_fate_card_get_condition (card));
          g_assert_null (pen_fate_card_get_goal_rule (card));
          g_assert_null (effects);
          g_assert_cmpuint (n_effects, ==, 0);
          continue;
        case PEN_FATE_KIND_PROPHECY:
          g_assert_nonnull (pen_fate_card_get_condition (card));
          expected = describe_condition (pen_fate_card_get_condition (card));
          break;
        case PEN_FATE_KIND_GOAL:
          g_assert_nonnull (pen_fate_card_get_goal_rule (card));
          expected = describe_goal (pen_fate_card_get_goal_rule (card));
          break;
        case PEN_FATE_KIND_EVENT:
          g_assert_nonnull (effects);
          g_assert_cmpuint (n_effects, >, 0);
          expected = describe_effects (effects, n_effects);
          break;
        default:
          g_assert_not_reached ();
        }
      if (g_strcmp0 (text, expected) != 0)
        g_error ("%s: the text is “%s”, the effect says “%s”", pen_fate_card_get_id (card), text,
                 expected);
      numbers = numbers_in (text);
      numbers_ru = numbers_in (pen_fate_card_get_text_ru (card));
      if (!g_str_equal (numbers, numbers_ru))
        g_error ("%s: the numbers of text_ru “%s” are “%s”, of text “%s”",
                 pen_fate_card_get_id (card), pen_fate_card_get_text_ru (card), numbers_ru,
                 numbers);
    }
}

/* The writer of texts above, on the effects no card of the file uses yet. */
static void
test_fate_texts_writer (void)
{
  static const PenEventEffect effects[] = {
    { .op = PEN_EVENT_GAIN_CARD, .target = PEN_EVENT_TARGET_ALL, .amount = 1,
      .card = PEN_EVENT_CARD_POTION },
    { .op = PEN_EVENT_GAIN_DIE, .target = PEN_EVENT_TARGET_YOU, .amount = 2,
      .die_kind = PEN_DIE_KIND_SPARK },
    { .op = PEN_EVENT_GAIN_DIE, .target = PEN_EVENT_TARGET_YOU, .amount = 1,
      .die_kind = PEN_DIE_KIND_COLOURED, .die_colour = PEN_DISCIPLINE_EMERALD },
    { .op = PEN_EVENT_GAIN_CARD, .target = PEN_EVENT_TARGET_YOU, .amount = 2,
      .card = PEN_EVENT_CARD_POTION },
  };
  const PenProphecyCondition total = { PEN_PROPHECY_TOTAL, PEN_FATE_COUNTER_EXPERIENCE
                                                           + PEN_EXPERIENCE_MONSTERS, 1 };
  const PenGoalRule arcana = { PEN_FATE_COUNTER_INGREDIENT + PEN_INGREDIENT_ARCANA, 3 };
  g_autofree char *text = describe_effects (effects, G_N_ELEMENTS (effects));
  g_autofree char *condition = describe_condition (&total);
  g_autofree char *goal = describe_goal (&arcana);

  g_assert_cmpstr (text, ==, "All Wizards gain 1 Potion. You gain 2 Spark dice, 1 Green die "
                             "and 2 more Potions.");
  g_assert_cmpstr (condition, ==, "Wizards have 1 “Monsters” symbol in all");
  g_assert_cmpstr (goal, ==, "Each Arcana will bring an additional 3 points");

  {
    g_autofree char *numbers = numbers_in ("Все 2 и 10 — 3.");
    g_autofree char *none = numbers_in ("В колоде Судьбы закончились карты");

    g_assert_cmpstr (numbers, ==, "2 10 3");
    g_assert_cmpstr (none, ==, "");
  }
}

/* Every field of the summary is a counter with an id, and back. */
static void
test_fate_counters (void)
{
  PenWizardSummary wizard = {
    .passed_trials = 1, .passed_light_trials = 2, .passed_dark_trials = 3,
    .fulfilled_contracts = 4, .reserved_contracts = 5, .discipline_marks = 6, .spark_marks = 7,
    .wounded_marks = 8, .mortal_wounds = 9, .light = 10, .darkness = 11,
    .ingredients = { 12, 13, 14, 15, 16, 17 }, .experience = { 18, 19, 20, 21, 22, 23 },
  };
  PenFateCounter counter;

  g_assert_cmpuint (PEN_N_FATE_COUNTERS, ==, 23);
  for (guint i = 0; i < PEN_N_FATE_COUNTERS; i++)
    {
      const char *id = pen_fate_counter_get_id ((PenFateCounter) i);

      g_assert_nonnull (id);
      g_assert_true (pen_fate_counter_from_id (id, &counter));
      g_assert_cmpuint (counter, ==, i);
      g_assert_cmpuint (pen_wizard_summary_get_count (&wizard, counter), ==, i + 1);
    }
  g_assert_cmpstr (pen_fate_counter_get_id (PEN_FATE_COUNTER_PASSED_TRIALS), ==, "passed-trials");
  g_assert_cmpstr (pen_fate_counter_get_id (PEN_FATE_COUNTER_INGREDIENT + PEN_INGREDIENT_ARCANA),
                   ==, "ingredient-arcana");
  g_assert_cmpstr (pen_fate_counter_get_id (PEN_FATE_COUNTER_EXPERIENCE
                                            + PEN_EXPERIENCE_MAGICAL_BEASTS),
                   ==, "experience-magical-beasts");
  g_assert_false (pen_fate_counter_from_id ("passed-trial", NULL));
  g_assert_false (pen_fate_counter_from_id ("arcana", NULL));

  g_assert_cmpstr (pen_event_op_get_id (PEN_EVENT_ROLL_RESOURCE_DICE), ==, "roll-resource-dice");
  g_assert_cmpstr (pen_event_op_get_id (PEN_EVENT_GAIN_CARD), ==, "gain-card");
}

static void
assert_condition (const PenFateCatalogue *catalogue,
                  const char             *id,
                  PenProphecyScope        scope,
                  PenFateCounter          counter,
                  guint                   threshold)
{
  const PenProphecyCondition *condition = pen_fate_card_get_condition (lookup (catalogue, id));

  g_assert_nonnull (condition);
  g_assert_cmpint (condition->scope, ==, scope);
  if (scope != PEN_PROPHECY_FATE_DECK_EMPTY)
    g_assert_cmpint (condition->counter, ==, counter);
  g_assert_cmpuint (condition->threshold, ==, threshold);
}

/* "The Fate deck in play": End of Time, "The Fate deck has run out of cards";
 * Unity, "All Wizards have passed 3 Trials". The others are designed
 * (docs/rules-assumptions.md). */
static void
test_fate_prophecy_conditions (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();

  assert_condition (catalogue, "end-of-time", PEN_PROPHECY_FATE_DECK_EMPTY, 0, 0);
  assert_condition (catalogue, "unity", PEN_PROPHECY_ALL_WIZARDS,
                    PEN_FATE_COUNTER_PASSED_TRIALS, 3);
  assert_condition (catalogue, "guild-revival", PEN_PROPHECY_ANY_WIZARD,
                    PEN_FATE_COUNTER_FULFILLED_CONTRACTS, 5);
  assert_condition (catalogue, "song-of-overcoming", PEN_PROPHECY_ANY_WIZARD,
                    PEN_FATE_COUNTER_PASSED_TRIALS, 4);
  assert_condition (catalogue, "awakened-spark", PEN_PROPHECY_ANY_WIZARD,
                    PEN_FATE_COUNTER_SPARK_MARKS, 3);
  assert_condition (catalogue, "hour-of-the-archmage", PEN_PROPHECY_ANY_WIZARD,
                    PEN_FATE_COUNTER_DISCIPLINE_MARKS, 8);
  assert_condition (catalogue, "triumph-of-light", PEN_PROPHECY_ANY_WIZARD,
                    PEN_FATE_COUNTER_PASSED_LIGHT_TRIALS, 3);
  assert_condition (catalogue, "triumph-of-darkness", PEN_PROPHECY_ANY_WIZARD,
                    PEN_FATE_COUNTER_PASSED_DARK_TRIALS, 3);
  assert_condition (catalogue, "blood-moon", PEN_PROPHECY_TOTAL,
                    PEN_FATE_COUNTER_MORTAL_WOUNDS, 3);
  g_assert_null (pen_fate_card_get_condition (lookup (catalogue, "heroism")));
}

static gboolean
fulfilled (const PenFateCatalogue *catalogue,
           const char             *id,
           const PenWizardSummary *wizards,
           guint                   n_wizards)
{
  /* A deck with cards left, so that only End of Time looks at it. */
  return pen_fate_card_prophecy_is_fulfilled (lookup (catalogue, id), wizards, n_wizards, 5);
}

/* "End of the game": each condition just below and at its threshold. */
static void
test_fate_prophecy_edges (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  const PenFateCard *end_of_time = lookup (catalogue, "end-of-time");
  PenWizardSummary w[3] = { { 0 } };

  /* End of Time: "The Fate deck has run out of cards", whatever the Wizards. */
  g_assert_false (pen_fate_card_prophecy_is_fulfilled (end_of_time, w, 3, 1));
  g_assert_true (pen_fate_card_prophecy_is_fulfilled (end_of_time, w, 3, 0));
  g_assert_true (pen_fate_card_prophecy_is_fulfilled (end_of_time, NULL, 0, 0));

  /* Unity: one Wizard at 2 Trials holds it back; the deck does not matter. */
  w[0].passed_trials = 3;
  w[1].passed_trials = 5;
  w[2].passed_trials = 2;
  g_assert_false (fulfilled (catalogue, "unity", w, 3));
  g_assert_false (pen_fate_card_prophecy_is_fulfilled (lookup (catalogue, "unity"), w, 3, 0));
  g_assert_true (fulfilled (catalogue, "unity", w, 2));
  g_assert_false (fulfilled (catalogue, "unity", &w[2], 1));
  w[2].passed_trials = 3;
  g_assert_true (fulfilled (catalogue, "unity", w, 3));
  g_assert_true (fulfilled (catalogue, "unity", &w[2], 1));
  /* Not for an empty table: no Wizard has passed anything. */
  g_assert_false (fulfilled (catalogue, "unity", NULL, 0));

  /* Song of Overcoming: one Wizard at 4 Trials, any path. */
  g_assert_true (fulfilled (catalogue, "song-of-overcoming", w, 3));
  w[1].passed_trials = 3;
  g_assert_false (fulfilled (catalogue, "song-of-overcoming", w, 3));
  w[0].passed_trials = 4;
  g_assert_true (fulfilled (catalogue, "song-of-overcoming", w, 3));
  g_assert_false (fulfilled (catalogue, "song-of-overcoming", NULL, 0));

  /* Triumph of Light and of Darkness: 3 Trials on one path, by one Wizard;
   * 2 + 2 on two Wizards or 2 Light + 2 Darkness on one are not enough. */
  w[0].passed_light_trials = 2;
  w[0].passed_dark_trials = 2;
  w[1].passed_light_trials = 2;
  w[1].passed_dark_trials = 1;
  g_assert_false (fulfilled (catalogue, "triumph-of-light", w, 3));
  g_assert_false (fulfilled (catalogue, "triumph-of-darkness", w, 3));
  w[1].passed_light_trials = 3;
  g_assert_true (fulfilled (catalogue, "triumph-of-light", w, 3));
  g_assert_false (fulfilled (catalogue, "triumph-of-darkness", w, 3));
  w[2].passed_dark_trials = 3;
  g_assert_true (fulfilled (catalogue, "triumph-of-darkness", w, 3));

  /* Guild Revival: one Wizard at 5 Contracts; 4 + 4 + 4 are not enough. */
  w[0].fulfilled_contracts = w[1].fulfilled_contracts = w[2].fulfilled_contracts = 4;
  g_assert_false (fulfilled (catalogue, "guild-revival", w, 3));
  w[2].fulfilled_contracts = 5;
  g_assert_true (fulfilled (catalogue, "guild-revival", w, 3));
  g_assert_false (fulfilled (catalogue, "guild-revival", w, 2));

  /* Awakened Spark: a Wizard with all 3 Spark cells filled. */
  w[0].spark_marks = w[1].spark_marks = 2;
  g_assert_false (fulfilled (catalogue, "awakened-spark", w, 2));
  w[1].spark_marks = 3;
  g_assert_true (fulfilled (catalogue, "awakened-spark", w, 2));

  /* Hour of the Archmage: a Wizard with all 8 Discipline cells filled. */
  w[0].discipline_marks = 7;
  g_assert_false (fulfilled (catalogue, "hour-of-the-archmage", w, 3));
  w[0].discipline_marks = 8;
  g_assert_true (fulfilled (catalogue, "hour-of-the-archmage", w, 3));

  /* Blood Moon: 3 Mortal Wounds added up over the Wizards. */
  w[0].mortal_wounds = 1;
  w[1].mortal_wounds = 1;
  g_assert_false (fulfilled (catalogue, "blood-moon", w, 3));
  w[2].mortal_wounds = 1;
  g_assert_true (fulfilled (catalogue, "blood-moon", w, 3));
  w[0].mortal_wounds = 2;
  g_assert_true (fulfilled (catalogue, "blood-moon", w, 2));
  g_assert_false (fulfilled (catalogue, "blood-moon", &w[1], 1));
}

/* "The game continues until one of the prophecies ... is triggered": none but
 * End of Time, on an empty deck, at the start, nor after the first few turns
 * (each Wizard a Trial and a couple of Contracts and Marks in), even with four
 * players. */
static void
test_fate_prophecy_not_early (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  /* "Setup": one Discipline Mark and one Spark Mark. */
  const PenWizardSummary start = { .discipline_marks = 1, .spark_marks = 1 };
  const PenWizardSummary early = {
    .passed_trials = 1, .passed_light_trials = 1, .fulfilled_contracts = 2,
    .reserved_contracts = 1, .discipline_marks = 3, .spark_marks = 2, .wounded_marks = 1,
    .light = 2, .darkness = 1,
  };
  PenWizardSummary wizards[4];

  for (guint i = 0; i < G_N_ELEMENTS (wizards); i++)
    wizards[i] = start;
  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (catalogue); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (catalogue, i);

      if (pen_fate_card_get_kind (card) != PEN_FATE_KIND_PROPHECY)
        continue;
      g_assert_false (pen_fate_card_prophecy_is_fulfilled (card, wizards, 4, 1));
    }
  for (guint i = 0; i < G_N_ELEMENTS (wizards); i++)
    wizards[i] = early;
  /* One of them unlucky: a Mortal Wound. */
  wizards[3].mortal_wounds = 1;
  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (catalogue); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (catalogue, i);

      if (pen_fate_card_get_kind (card) != PEN_FATE_KIND_PROPHECY)
        continue;
      if (pen_fate_card_prophecy_is_fulfilled (card, wizards, 4, 1))
        g_error ("%s is fulfilled after a few turns", pen_fate_card_get_id (card));
    }
}

/* "Scoring", 7. GOALS. Heroism: "Each passed Trial will bring an additional 2
 * points"; Mastery, Diligence and Inner Fire are designed. */
static void
test_fate_goal_points (void)
{
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  const PenFateCard *mastery = lookup (catalogue, "mastery");
  const PenFateCard *heroism = lookup (catalogue, "heroism");
  const PenFateCard *diligence = lookup (catalogue, "diligence");
  const PenFateCard *inner_fire = lookup (catalogue, "inner-fire");
  PenWizardSummary wizard = { 0 };

  g_assert_cmpint (pen_fate_card_get_goal_rule (heroism)->per, ==,
                   PEN_FATE_COUNTER_PASSED_TRIALS);
  g_assert_cmpuint (pen_fate_card_get_goal_rule (heroism)->points, ==, 2);
  g_assert_null (pen_fate_card_get_goal_rule (lookup (catalogue, "unity")));

  g_assert_cmpuint (pen_fate_card_goal_points (mastery, &wizard), ==, 0);
  g_assert_cmpuint (pen_fate_card_goal_points (heroism, &wizard), ==, 0);
  g_assert_cmpuint (pen_fate_card_goal_points (diligence, &wizard), ==, 0);
  g_assert_cmpuint (pen_fate_card_goal_points (inner_fire, &wizard), ==, 0);

  /* Three Trials, two of them by Light: the paths are not counted again. */
  wizard.passed_trials = 3;
  wizard.passed_light_trials = 2;
  wizard.passed_dark_trials = 1;
  wizard.fulfilled_contracts = 7;
  wizard.reserved_contracts = 2;
  wizard.discipline_marks = 5;
  wizard.spark_marks = 3;
  g_assert_cmpuint (pen_fate_card_goal_points (heroism, &wizard), ==, 6);
  g_assert_cmpuint (pen_fate_card_goal_points (diligence, &wizard), ==, 7);
  g_assert_cmpuint (pen_fate_card_goal_points (mastery, &wizard), ==, 5);
  g_assert_cmpuint (pen_fate_card_goal_points (inner_fire, &wizard), ==, 6);

  /* Far beyond a game, the points stop where the Goals together still fit the
   * score's input. */
  wizard.passed_trials = G_MAXUINT;
  g_assert_cmpuint (pen_fate_card_goal_points (heroism, &wizard), ==, PEN_FATE_MAX_GOAL_POINTS);
  g_assert_cmpuint (PEN_FATE_MAX_GOAL_POINTS * PEN_FATE_N_GOALS, <=, PEN_SCORE_INPUT_MAX);
}

typedef struct
{
  PenEventOp     op;
  PenEventTarget target;
  guint          amount;
  const char    *what;  /* ingredient, die or card id, as in the data */
} ExpectedEffect;

static void
assert_effects (const PenFateCatalogue *catalogue,
                const char             *id,
                const ExpectedEffect   *expected,
                guint                   n_expected)
{
  guint n;
  const PenEventEffect *effects = pen_fate_card_get_event_effects (lookup (catalogue, id), &n);

  g_assert_cmpuint (n, ==, n_expected);
  for (guint i = 0; i < n; i++)
    {
      const PenEventEffect *e = &effects[i];

      g_assert_cmpint (e->op, ==, expected[i].op);
      g_assert_cmpint (e->target, ==, expected[i].target);
      g_assert_cmpuint (e->amount, ==, expected[i].amount);
      switch (e->op)
        {
        case PEN_EVENT_GAIN_INGREDIENT:
          g_assert_cmpstr (pen_ingredient_get_id (e->ingredient), ==, expected[i].what);
          break;
        case PEN_EVENT_GAIN_DIE:
          if (g_str_equal (expected[i].what, "bone"))
            g_assert_cmpint (e->die_kind, ==, PEN_DIE_KIND_BONE);
          else if (g_str_equal (expected[i].what, "spark"))
            g_assert_cmpint (e->die_kind, ==, PEN_DIE_KIND_SPARK);
          else
            {
              g_assert_cmpint (e->die_kind, ==, PEN_DIE_KIND_COLOURED);
              g_assert_cmpint (e->any_colour, ==, g_str_equal (expected[i].what, "any-colour"));
              if (!e->any_colour)
                g_assert_cmpstr (pen_discipline_get_id (e->die_colour), ==, expected[i].what);
            }
          break;
        case PEN_EVENT_ROLL_RESOURCE_DICE:
        case PEN_EVENT_HEAL:
        case PEN_EVENT_RECHARGE_MARKS:
        case PEN_EVENT_GAIN_CARD:
        default:
          g_assert_null (expected[i].what);
          break;
        }
    }
}

/* "The Fate deck in play": Harvest, "All Wizards roll 1 Resource die. You roll
 * 1 more Resource die."; the other Events are designed. */
static void
test_fate_event_effects (void)
{
#define ALL PEN_EVENT_TARGET_ALL
#define YOU PEN_EVENT_TARGET_YOU
  static const ExpectedEffect reading[] = {
    { PEN_EVENT_GAIN_INGREDIENT, ALL, 1, "arcana" },
  };
  static const ExpectedEffect harvest[] = {
    { PEN_EVENT_ROLL_RESOURCE_DICE, ALL, 1, NULL },
    { PEN_EVENT_ROLL_RESOURCE_DICE, YOU, 1, NULL },
  };
  static const ExpectedEffect secret_deal[] = {
    { PEN_EVENT_GAIN_INGREDIENT, YOU, 1, "trinkets" },
    { PEN_EVENT_GAIN_INGREDIENT, YOU, 1, "blood" },
  };
  static const ExpectedEffect festival[] = {
    { PEN_EVENT_GAIN_DIE, ALL, 1, "amber" },
    { PEN_EVENT_RECHARGE_MARKS, ALL, 2, NULL },
  };
  static const ExpectedEffect wanderer[] = {
    { PEN_EVENT_HEAL, ALL, 1, NULL },
    { PEN_EVENT_GAIN_INGREDIENT, YOU, 1, "trinkets" },
  };
  static const ExpectedEffect fresh_batch[] = {
    { PEN_EVENT_GAIN_INGREDIENT, ALL, 2, "fruits" },
    { PEN_EVENT_GAIN_INGREDIENT, ALL, 1, "crystals" },
  };
  static const ExpectedEffect practice[] = {
    { PEN_EVENT_GAIN_DIE, ALL, 1, "bone" },
    { PEN_EVENT_GAIN_DIE, YOU, 1, "bone" },
  };
  static const ExpectedEffect personal_training[] = {
    { PEN_EVENT_GAIN_DIE, YOU, 1, "any-colour" },
    { PEN_EVENT_RECHARGE_MARKS, YOU, 2, NULL },
  };
#undef ALL
#undef YOU
  g_autoptr(PenFateCatalogue) catalogue = load_catalogue ();
  guint n = 99;

  assert_effects (catalogue, "extracurricular-reading", reading, G_N_ELEMENTS (reading));
  assert_effects (catalogue, "harvest", harvest, G_N_ELEMENTS (harvest));
  assert_effects (catalogue, "secret-deal", secret_deal, G_N_ELEMENTS (secret_deal));
  assert_effects (catalogue, "festival", festival, G_N_ELEMENTS (festival));
  assert_effects (catalogue, "wanderer", wanderer, G_N_ELEMENTS (wanderer));
  assert_effects (catalogue, "fresh-batch", fresh_batch, G_N_ELEMENTS (fresh_batch));
  assert_effects (catalogue, "practice", practice, G_N_ELEMENTS (practice));
  assert_effects (catalogue, "personal-training", personal_training,
                  G_N_ELEMENTS (personal_training));

  g_assert_null (pen_fate_card_get_event_effects (lookup (catalogue, "unity"), &n));
  g_assert_cmpuint (n, ==, 0);
}

/* The vocabulary beyond what the shipped cards use: Gain a card, a Spark die,
 * a die of one colour, the "total" scope, Ingredient and experience counters. */
static void
test_fate_vocabulary_in_full (void)
{
  g_autoptr(JsonNode) root = shipped_json ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PenFateCatalogue) catalogue = NULL;
  const PenEventEffect *effects;
  PenWizardSummary w[2] = { { 0 } };
  guint n;

  set_effect (card (root, "harvest"),
              "{\"effects\": ["
              " {\"op\": \"gain-card\", \"target\": \"all\", \"amount\": 1, \"card\": \"potion\"},"
              " {\"op\": \"gain-card\", \"target\": \"you\", \"amount\": 2,"
              "  \"card\": \"discipline\"},"
              " {\"op\": \"gain-card\", \"target\": \"you\", \"amount\": 1,"
              "  \"card\": \"artifact\"},"
              " {\"op\": \"gain-die\", \"target\": \"you\", \"amount\": 2, \"die\": \"spark\"},"
              " {\"op\": \"gain-die\", \"target\": \"all\", \"amount\": 1, \"die\": \"amethyst\"},"
              " {\"op\": \"heal\", \"target\": \"you\", \"amount\": 10}]}");
  set_effect (card (root, "unity"),
              "{\"condition\": {\"total\": {\"experience-monsters\": 4}}}");
  set_effect (card (root, "mastery"),
              "{\"points\": {\"per\": \"ingredient-arcana\", \"points\": 10}}");
  catalogue = pen_fate_catalogue_new_from_json (root, "vocabulary.json", &error);
  g_assert_no_error (error);

  effects = pen_fate_card_get_event_effects (lookup (catalogue, "harvest"), &n);
  g_assert_cmpuint (n, ==, 6);
  g_assert_cmpint (effects[0].op, ==, PEN_EVENT_GAIN_CARD);
  g_assert_cmpint (effects[0].card, ==, PEN_EVENT_CARD_POTION);
  g_assert_cmpint (effects[1].card, ==, PEN_EVENT_CARD_DISCIPLINE);
  g_assert_cmpuint (effects[1].amount, ==, 2);
  g_assert_cmpint (effects[2].card, ==, PEN_EVENT_CARD_ARTIFACT);
  g_assert_cmpint (effects[3].op, ==, PEN_EVENT_GAIN_DIE);
  g_assert_cmpint (effects[3].die_kind, ==, PEN_DIE_KIND_SPARK);
  g_assert_cmpint (effects[4].die_kind, ==, PEN_DIE_KIND_COLOURED);
  g_assert_cmpint (effects[4].die_colour, ==, PEN_DISCIPLINE_AMETHYST);
  g_assert_false (effects[4].any_colour);
  g_assert_cmpint (effects[4].target, ==, PEN_EVENT_TARGET_ALL);
  g_assert_cmpint (effects[5].op, ==, PEN_EVENT_HEAL);
  g_assert_cmpuint (effects[5].amount, ==, 10);

  w[0].experience[PEN_EXPERIENCE_MONSTERS] = 2;
  w[1].experience[PEN_EXPERIENCE_MONSTERS] = 1;
  w[1].experience[PEN_EXPERIENCE_WILDS] = 5;
  g_assert_false (fulfilled (catalogue, "unity", w, 2));
  w[1].experience[PEN_EXPERIENCE_MONSTERS] = 2;
  g_assert_true (fulfilled (catalogue, "unity", w, 2));

  w[0].ingredients[PEN_INGREDIENT_ARCANA] = 4;
  w[0].ingredients[PEN_INGREDIENT_BLOOD] = 9;
  g_assert_cmpuint (pen_fate_card_goal_points (lookup (catalogue, "mastery"), &w[0]), ==, 40);
}

/* HACKING, "Adding content": a broken effect is refused with a message naming
 * the file, the card and the field, by its path inside the card. */
static void
test_fate_broken_effects_refused (void)
{
  static const struct
  {
    const char *card;
    const char *effect;   /* NULL: remove the effect */
    const char *message;
  } cases[] = {
    /* The effect itself. */
    { "unity", NULL, "broken.json: unity: field “effect” must be an object" },
    { "heroism", "[]", "broken.json: heroism: field “effect” must be an object" },
    { "goldeater", "{\"condition\": {\"fate-deck-empty\": true}}",
      "broken.json: goldeater: field “effect” is not for Trials" },
    { "unity", "{\"points\": {\"per\": \"passed-trials\", \"points\": 2}}",
      "broken.json: unity: unknown field “effect.points”" },
    { "heroism", "{\"points\": {\"per\": \"passed-trials\", \"points\": 2}, \"comment\": \"x\"}",
      "broken.json: heroism: unknown field “effect.comment”" },

    /* Prophecies. */
    { "unity", "{}", "broken.json: unity: field “effect.condition” must be an object" },
    { "unity", "{\"condition\": {\"some-wizard\": {\"passed-trials\": 3}}}",
      "broken.json: unity: unknown field “effect.condition.some-wizard”" },
    { "unity", "{\"condition\": {}}",
      "broken.json: unity: field “effect.condition” must have exactly one field" },
    { "unity", "{\"condition\": {\"all-wizards\": {\"passed-trials\": 3}, \"total\": "
               "{\"passed-trials\": 9}}}",
      "broken.json: unity: field “effect.condition” must have exactly one field" },
    { "unity", "{\"condition\": {\"all-wizards\": 3}}",
      "broken.json: unity: field “effect.condition.all-wizards” must be an object" },
    { "unity", "{\"condition\": {\"all-wizards\": {\"passed-trails\": 3}}}",
      "broken.json: unity: unknown field “effect.condition.all-wizards.passed-trails”" },
    { "unity", "{\"condition\": {\"all-wizards\": {\"passed-trials\": 3, \"light\": 2}}}",
      "broken.json: unity: field “effect.condition.all-wizards” must have exactly one field" },
    { "unity", "{\"condition\": {\"all-wizards\": {\"passed-trials\": 0}}}",
      "broken.json: unity: field “effect.condition.all-wizards.passed-trials” is 0, outside "
      "1–100" },
    { "unity", "{\"condition\": {\"all-wizards\": {\"passed-trials\": \"3\"}}}",
      "broken.json: unity: field “effect.condition.all-wizards.passed-trials” must be a whole "
      "number" },
    { "end-of-time", "{\"condition\": {\"fate-deck-empty\": false}}",
      "broken.json: end-of-time: field “effect.condition.fate-deck-empty” must be true" },

    /* Goals. */
    { "heroism", "{\"points\": {\"per\": \"passed-trial\", \"points\": 2}}",
      "broken.json: heroism: field “effect.points.per” is “passed-trial”, not one of "
      "passed-trials, passed-light-trials, passed-dark-trials, fulfilled-contracts, "
      "reserved-contracts, discipline-marks, spark-marks, wounded-marks, mortal-wounds, light, "
      "darkness, ingredient-blood, ingredient-crystals, ingredient-jewels, ingredient-fruits, "
      "ingredient-trinkets, ingredient-arcana, experience-monsters, experience-magical-beasts, "
      "experience-wilds, experience-mystic, experience-wizards, experience-society" },
    { "heroism", "{\"points\": {\"points\": 2}}",
      "broken.json: heroism: field “effect.points.per” must be a non-empty text" },
    { "heroism", "{\"points\": {\"per\": \"passed-trials\", \"points\": 11}}",
      "broken.json: heroism: field “effect.points.points” is 11, outside 1–10" },
    { "heroism", "{\"points\": {\"per\": \"passed-trials\"}}",
      "broken.json: heroism: field “effect.points.points” must be a whole number" },
    { "heroism", "{\"points\": {\"per\": \"passed-trials\", \"points\": 2, \"max\": 10}}",
      "broken.json: heroism: unknown field “effect.points.max”" },

    /* Events. */
    { "harvest", "{\"effects\": {\"op\": \"heal\"}}",
      "broken.json: harvest: field “effect.effects” must be a list" },
    { "harvest", "{\"effects\": []}",
      "broken.json: harvest: field “effect.effects” must not be empty" },
    { "harvest", "{\"effects\": [{\"op\": \"heal\", \"target\": \"all\", \"amount\": 1}, 2]}",
      "broken.json: harvest: field “effect.effects[2]” must be an object" },
    { "harvest", "{\"effects\": [{\"op\": \"roll-dice\", \"target\": \"all\", \"amount\": 1}]}",
      "broken.json: harvest: field “effect.effects[1].op” is “roll-dice”, not one of "
      "roll-resource-dice, gain-ingredient, gain-die, heal, recharge-marks, gain-card" },
    { "harvest", "{\"effects\": [{\"target\": \"all\", \"amount\": 1}]}",
      "broken.json: harvest: field “effect.effects[1].op” must be a non-empty text" },
    { "harvest", "{\"effects\": [{\"op\": \"heal\", \"target\": \"all\", \"amount\": 1},"
                 " {\"op\": \"heal\", \"target\": \"them\", \"amount\": 1}]}",
      "broken.json: harvest: field “effect.effects[2].target” is “them”, not one of all, you" },
    { "harvest", "{\"effects\": [{\"op\": \"heal\", \"amount\": 1}]}",
      "broken.json: harvest: field “effect.effects[1].target” must be a non-empty text" },
    { "harvest", "{\"effects\": [{\"op\": \"heal\", \"target\": \"all\", \"amount\": 0}]}",
      "broken.json: harvest: field “effect.effects[1].amount” is 0, outside 1–10" },
    { "harvest", "{\"effects\": [{\"op\": \"heal\", \"target\": \"all\"}]}",
      "broken.json: harvest: field “effect.effects[1].amount” must be a whole number" },
    { "wanderer", "{\"effects\": [{\"op\": \"heal\", \"target\": \"all\", \"amount\": 1, "
                  "\"ingredient\": \"blood\"}]}",
      "broken.json: wanderer: unknown field “effect.effects[1].ingredient”" },
    { "wanderer", "{\"effects\": [{\"op\": \"heal\", \"target\": \"all\", \"amount\": 1, "
                  "\"amonut\": 1}]}",
      "broken.json: wanderer: unknown field “effect.effects[1].amonut”" },
    { "fresh-batch", "{\"effects\": [{\"op\": \"gain-ingredient\", \"target\": \"all\", "
                     "\"amount\": 2, \"ingredient\": \"gold\"}]}",
      "broken.json: fresh-batch: field “effect.effects[1].ingredient” is “gold”, not one of "
      "blood, crystals, jewels, fruits, trinkets, arcana" },
    { "fresh-batch", "{\"effects\": [{\"op\": \"gain-ingredient\", \"target\": \"all\", "
                     "\"amount\": 2}]}",
      "broken.json: fresh-batch: field “effect.effects[1].ingredient” must be a non-empty "
      "text" },
    { "practice", "{\"effects\": [{\"op\": \"gain-die\", \"target\": \"all\", \"amount\": 1, "
                  "\"die\": \"threat\"}]}",
      "broken.json: practice: field “effect.effects[1].die” is “threat”, not one of bone, "
      "spark, ruby, amber, jasper, emerald, sapphire, amethyst, any-colour" },
    { "practice", "{\"effects\": [{\"op\": \"gain-die\", \"target\": \"all\", \"amount\": 1, "
                  "\"ingredient\": \"blood\"}]}",
      "broken.json: practice: unknown field “effect.effects[1].ingredient”" },
    { "secret-deal", "{\"effects\": [{\"op\": \"gain-card\", \"target\": \"you\", "
                     "\"amount\": 1}]}",
      "broken.json: secret-deal: field “effect.effects[1].card” must be a non-empty text" },
    { "secret-deal", "{\"effects\": [{\"op\": \"gain-card\", \"target\": \"you\", "
                     "\"amount\": 1, \"card\": \"spell\"}]}",
      "broken.json: secret-deal: field “effect.effects[1].card” is “spell”, not one of "
      "discipline, potion, artifact" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      JsonNode *root = shipped_json ();

      if (cases[i].effect == NULL)
        json_object_remove_member (card (root, cases[i].card), "effect");
      else
        set_effect (card (root, cases[i].card), cases[i].effect);
      assert_refused (root, cases[i].message);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fate-deck/catalogue/counts", test_fate_catalogue_counts);
  g_test_add_func ("/fate-deck/catalogue/rulebook-cards", test_fate_catalogue_rulebook_cards);
  g_test_add_func ("/fate-deck/first-game/1-2-players", test_fate_first_game_2_players);
  g_test_add_func ("/fate-deck/first-game/3-players", test_fate_first_game_3_players);
  g_test_add_func ("/fate-deck/first-game/4-players", test_fate_first_game_4_players);
  g_test_add_func ("/fate-deck/build/structure", test_fate_build_structure);
  g_test_add_func ("/fate-deck/build/forced", test_fate_build_forced);
  g_test_add_func ("/fate-deck/build/seeded", test_fate_build_seeded);
  g_test_add_func ("/fate-deck/draw", test_fate_draw);
  g_test_add_func ("/fate-deck/player-count-refused", test_fate_player_count_refused);
  g_test_add_func ("/fate-deck/broken/cards", test_fate_broken_cards_refused);
  g_test_add_func ("/fate-deck/broken/counts", test_fate_wrong_counts_refused);
  g_test_add_func ("/fate-deck/broken/first-game", test_fate_broken_first_game_refused);
  g_test_add_func ("/fate-deck/effects/texts", test_fate_texts_agree_with_effects);
  g_test_add_func ("/fate-deck/effects/texts-writer", test_fate_texts_writer);
  g_test_add_func ("/fate-deck/effects/counters", test_fate_counters);
  g_test_add_func ("/fate-deck/effects/prophecy-conditions", test_fate_prophecy_conditions);
  g_test_add_func ("/fate-deck/effects/prophecy-edges", test_fate_prophecy_edges);
  g_test_add_func ("/fate-deck/effects/prophecy-not-early", test_fate_prophecy_not_early);
  g_test_add_func ("/fate-deck/effects/goal-points", test_fate_goal_points);
  g_test_add_func ("/fate-deck/effects/event-effects", test_fate_event_effects);
  g_test_add_func ("/fate-deck/effects/vocabulary", test_fate_vocabulary_in_full);
  g_test_add_func ("/fate-deck/broken/effects", test_fate_broken_effects_refused);

  return g_test_run ();
}
