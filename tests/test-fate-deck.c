/* test-fate-deck.c: the Fate cards and the Fate deck.
 *
 * Rulebook sections: "Components" (the counts), "Setup": "Ready-made deck for the
 * first game" and "The Fate deck"; "The Fate deck in play" (drawing, the deck as
 * the game's timer, End of Time); "End of the game".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-data.h"
#include "pen-error.h"
#include "pen-fate-deck.h"

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
  /* The rulebook gives no text for these: it is left to the card's effects. */
  g_assert_null (pen_fate_card_get_text (lookup (catalogue, "guild-revival")));
  g_assert_null (pen_fate_card_get_text_ru (lookup (catalogue, "guild-revival")));
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
  assert_refused (root, "broken.json: card 1: field “id” must be a non-empty string");

  root = shipped_json ();
  json_object_set_string_member (card (root, "wildwood"), "kind", "monster");
  assert_refused (root, "broken.json: wildwood: field “kind” is “monster”, not one of trial, "
                        "prophecy, goal, event");

  root = shipped_json ();
  json_object_remove_member (card (root, "aranea"), "name");
  assert_refused (root, "broken.json: aranea: field “name” must be a non-empty string");

  root = shipped_json ();
  json_object_set_string_member (card (root, "basilisk"), "name_ru", "");
  assert_refused (root, "broken.json: basilisk: field “name_ru” must be a non-empty string");

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

static void
add_card (JsonNode   *root,
          const char *id,
          const char *kind)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "id", id);
  json_object_set_string_member (object, "kind", kind);
  json_object_set_string_member (object, "name", id);
  json_object_set_string_member (object, "name_ru", id);
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
  add_card (root, "false-dawn", "prophecy");
  assert_refused (root, "broken.json: cards: the number of Prophecies is 10; the rulebook has 9");

  root = shipped_json ();
  add_card (root, "greed", "goal");
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
                        "non-empty string");

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

  return g_test_run ();
}
