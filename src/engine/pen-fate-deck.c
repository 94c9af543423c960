/* pen-fate-deck.c: the Fate deck of a game (rulebook, "Setup": "Ready-made deck
 * for the first game" and "The Fate deck").
 *
 * The deck builder lays out a game's starting Prophecy, starting row of Trials
 * and Fate deck from the catalogue (pen-fate-catalogue.c), either the
 * ready-made one or by the rulebook's procedure, and the deck is drawn from
 * during play. A deck holds card ids, because ids are what saves store; they
 * are interned strings, so they stay valid for as long as the program runs and
 * compare with ==.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-fate-deck"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-error.h"
#include "pen-fate-deck-private.h"

struct _PenFateDeck
{
  GObject     parent_instance;

  guint       n_players;
  const char *starting_prophecy;   /* interned */
  GPtrArray  *starting_trials;     /* of interned ids, NULL-terminated */
  GPtrArray  *cards;               /* of interned ids, top first, NULL-terminated */
  guint       top;                 /* index in cards of the card on top */
};

G_DEFINE_FINAL_TYPE (PenFateDeck, pen_fate_deck, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_N_REMAINING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The builder never runs short of cards: a 4-player deck takes 4 Trials of each
 * difficulty, 1 Goal, 3 Prophecies besides End of Time, and fills its three
 * stacks of 8 with Events: 24 − 12 − 1 − 3 = 8, exactly the Events of the game.
 * The catalogue refuses a file whose counts differ from the component list, so
 * these checks hold for every catalogue the builder can be given. */
G_STATIC_ASSERT (PEN_FATE_MAX_PLAYERS <= PEN_FATE_N_TRIALS_PER_DIFFICULTY);
G_STATIC_ASSERT (PEN_FATE_N_PROPHECIES - 1 >= PEN_FATE_N_STACKS);
G_STATIC_ASSERT (PEN_FATE_N_GOALS >= 1);
G_STATIC_ASSERT (PEN_FATE_N_EVENTS >= PEN_FATE_N_STACKS * 2 * PEN_FATE_MAX_PLAYERS
                                      - PEN_FATE_N_STACKS * PEN_FATE_MAX_PLAYERS
                                      - 1 - PEN_FATE_N_STACKS);

static gboolean
check_n_players (guint    n_players,
                 GError **error)
{
  if (n_players < PEN_FATE_MIN_PLAYERS || n_players > PEN_FATE_MAX_PLAYERS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL,
                   _("A game is for %u to %u players, not %u"),
                   (guint) PEN_FATE_MIN_PLAYERS, (guint) PEN_FATE_MAX_PLAYERS, n_players);
      return FALSE;
    }
  return TRUE;
}

static PenFateDeck *
deck_new (guint n_players)
{
  PenFateDeck *self = g_object_new (PEN_TYPE_FATE_DECK, NULL);

  self->n_players = n_players;
  return self;
}

/* Takes one card at random out of @pool: one call of pen_rng_range (rng, 0,
 * pool size). Order in the pool is kept, so forced results pick by position. */
static const PenFateCard *
take_random (GPtrArray *pool,
             PenRng    *rng)
{
  g_assert (pool->len > 0);

  return g_ptr_array_remove_index (pool, pen_rng_range (rng, 0, pool->len));
}

static void
pen_fate_deck_finalize (GObject *object)
{
  PenFateDeck *self = (PenFateDeck *) object;

  g_clear_pointer (&self->starting_trials, g_ptr_array_unref);
  g_clear_pointer (&self->cards, g_ptr_array_unref);

  G_OBJECT_CLASS (pen_fate_deck_parent_class)->finalize (object);
}

static void
pen_fate_deck_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PenFateDeck *self = PEN_FATE_DECK (object);

  switch (prop_id)
    {
    case PROP_N_REMAINING:
      g_value_set_uint (value, pen_fate_deck_get_n_remaining (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pen_fate_deck_class_init (PenFateDeckClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_fate_deck_finalize;
  object_class->get_property = pen_fate_deck_get_property;

  /**
   * PenFateDeck:n-remaining:
   *
   * The number of cards still in the deck. When it reaches 0, End of Time is
   * fulfilled (rulebook, "The Fate deck in play").
   */
  properties[PROP_N_REMAINING] =
    g_param_spec_uint ("n-remaining", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pen_fate_deck_init (PenFateDeck *self)
{
  self->starting_trials = g_ptr_array_new_null_terminated (PEN_FATE_MAX_PLAYERS, NULL, TRUE);
  self->cards = g_ptr_array_new_null_terminated (PEN_FATE_N_STACKS * 2 * PEN_FATE_MAX_PLAYERS,
                                                 NULL, TRUE);
}

/**
 * pen_fate_deck_build_first_game:
 * @n_players: 1 to 4
 *
 * Rulebook, "Ready-made deck for the first game": the listed cards in the listed
 * order. Entries tagged 3+ are used with 3 or 4 players, entries tagged 4 with 4
 * players; one player gets the two-player layout (the rulebook lists no other).
 *
 * Returns: (transfer full) (nullable): the deck, or %NULL with @error set in
 *   %PEN_ERROR_ILLEGAL when @n_players is out of range
 */
PenFateDeck *
pen_fate_deck_build_first_game (const PenFateCatalogue  *catalogue,
                                guint                    n_players,
                                GError                 **error)
{
  PenFateDeck *self;

  g_return_val_if_fail (catalogue != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_n_players (n_players, error))
    return NULL;

  self = deck_new (n_players);
  self->starting_prophecy = catalogue->first_prophecy.card->id;
  for (guint i = 0; i < catalogue->first_trials->len; i++)
    {
      const PenFateFirstGameEntry *entry =
        &g_array_index (catalogue->first_trials, PenFateFirstGameEntry, i);

      if (pen_fate_players_include (entry->players, n_players))
        g_ptr_array_add (self->starting_trials, (gpointer) entry->card->id);
    }
  for (guint i = 0; i < catalogue->first_deck->len; i++)
    {
      const PenFateFirstGameEntry *entry =
        &g_array_index (catalogue->first_deck, PenFateFirstGameEntry, i);

      if (pen_fate_players_include (entry->players, n_players))
        g_ptr_array_add (self->cards, (gpointer) entry->card->id);
    }
  return self;
}

/**
 * pen_fate_deck_build:
 * @n_players: 1 to 4
 * @rng: the game's generator
 *
 * Rulebook, "The Fate deck". End of Time is the starting Prophecy. The starting
 * row is @n_players random Difficulty 1 Trials. Three stacks get @n_players
 * random Trials of Difficulty 2, 3 and 4; the first stack one random Goal; each
 * stack one random Prophecy (never End of Time, which is already in play); then
 * random Events until each stack holds 2 × @n_players cards. Each stack is
 * shuffled, and they are joined with the Difficulty 2 stack on top and the
 * Difficulty 4 stack at the bottom.
 *
 * With one player a stack holds 2 cards, but the first already has a Trial, a
 * Goal and a Prophecy: it keeps all three (Events only fill a stack up, they
 * never take cards out), so the deck has 3 + 2 + 2 cards.
 *
 * Every card taken at random, in the order above (row; Trials of stack 1, 2, 3;
 * Goal; Prophecies of stack 1, 2, 3; Events of stack 1, 2, 3; then each stack's
 * shuffle, dealing its cards one by one from the top of the new stack), is one
 * call of pen_rng_range (@rng, 0, n) where n is the number of cards it is taken
 * from, which are in the data file's order. So forcing 0s keeps the file's order.
 *
 * Returns: (transfer full) (nullable): the deck, or %NULL with @error set in
 *   %PEN_ERROR_ILLEGAL when @n_players is out of range
 */
PenFateDeck *
pen_fate_deck_build (const PenFateCatalogue  *catalogue,
                     guint                    n_players,
                     PenRng                  *rng,
                     GError                 **error)
{
  g_autoptr(PenFateDeck) self = NULL;
  g_autoptr(GPtrArray) trials = NULL;       /* of GPtrArray, one per difficulty */
  g_autoptr(GPtrArray) prophecies = NULL;
  g_autoptr(GPtrArray) goals = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GPtrArray) stacks = NULL;       /* of GPtrArray */

  g_return_val_if_fail (catalogue != NULL, NULL);
  g_return_val_if_fail (rng != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_n_players (n_players, error))
    return NULL;

  /* Rulebook: "split them into sets", the Trials by difficulty. */
  trials = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint d = 0; d < PEN_FATE_N_DIFFICULTIES; d++)
    g_ptr_array_add (trials, g_ptr_array_new ());
  prophecies = g_ptr_array_new ();
  goals = g_ptr_array_new ();
  events = g_ptr_array_new ();
  for (guint i = 0; i < catalogue->cards->len; i++)
    {
      PenFateCard *card = g_ptr_array_index (catalogue->cards, i);

      switch (card->kind)
        {
        case PEN_FATE_KIND_TRIAL:
          g_ptr_array_add (g_ptr_array_index (trials, card->difficulty - 1), card);
          break;
        case PEN_FATE_KIND_PROPHECY:
          if (!card->always_in_play)
            g_ptr_array_add (prophecies, card);
          break;
        case PEN_FATE_KIND_GOAL:
          g_ptr_array_add (goals, card);
          break;
        case PEN_FATE_KIND_EVENT:
          g_ptr_array_add (events, card);
          break;
        default:
          g_assert_not_reached ();
        }
    }

  self = deck_new (n_players);
  self->starting_prophecy = catalogue->always_in_play->id;

  for (guint i = 0; i < n_players; i++)
    {
      const PenFateCard *card = take_random (g_ptr_array_index (trials, 0), rng);

      g_ptr_array_add (self->starting_trials, (gpointer) card->id);
    }

  stacks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint s = 0; s < PEN_FATE_N_STACKS; s++)
    {
      GPtrArray *stack = g_ptr_array_new ();

      g_ptr_array_add (stacks, stack);
      for (guint i = 0; i < n_players; i++)
        g_ptr_array_add (stack, (gpointer) take_random (g_ptr_array_index (trials, s + 1), rng));
    }
  g_ptr_array_add (g_ptr_array_index (stacks, 0), (gpointer) take_random (goals, rng));
  for (guint s = 0; s < PEN_FATE_N_STACKS; s++)
    g_ptr_array_add (g_ptr_array_index (stacks, s), (gpointer) take_random (prophecies, rng));
  for (guint s = 0; s < PEN_FATE_N_STACKS; s++)
    {
      GPtrArray *stack = g_ptr_array_index (stacks, s);

      while (stack->len < 2 * n_players)
        g_ptr_array_add (stack, (gpointer) take_random (events, rng));
    }

  for (guint s = 0; s < PEN_FATE_N_STACKS; s++)
    {
      GPtrArray *stack = g_ptr_array_index (stacks, s);

      while (stack->len > 0)
        {
          const PenFateCard *card = take_random (stack, rng);

          g_ptr_array_add (self->cards, (gpointer) card->id);
        }
    }

  return g_steal_pointer (&self);
}

guint
pen_fate_deck_get_n_players (PenFateDeck *self)
{
  g_return_val_if_fail (PEN_IS_FATE_DECK (self), 0);
  return self->n_players;
}

/**
 * pen_fate_deck_get_starting_prophecy:
 *
 * Returns: (transfer none): the id of the Prophecy in play from the start
 */
const char *
pen_fate_deck_get_starting_prophecy (PenFateDeck *self)
{
  g_return_val_if_fail (PEN_IS_FATE_DECK (self), NULL);
  return self->starting_prophecy;
}

/**
 * pen_fate_deck_get_starting_trials:
 *
 * Returns: (transfer none) (array zero-terminated=1): the ids of the starting row
 *   of Trials
 */
const char * const *
pen_fate_deck_get_starting_trials (PenFateDeck *self)
{
  g_return_val_if_fail (PEN_IS_FATE_DECK (self), NULL);
  return (const char * const *) self->starting_trials->pdata;
}

/**
 * pen_fate_deck_get_cards:
 *
 * Returns: (transfer none) (array zero-terminated=1): the ids of the cards still
 *   in the deck, top first; valid until the next draw
 */
const char * const *
pen_fate_deck_get_cards (PenFateDeck *self)
{
  g_return_val_if_fail (PEN_IS_FATE_DECK (self), NULL);
  return (const char * const *) self->cards->pdata + self->top;
}

guint
pen_fate_deck_get_n_remaining (PenFateDeck *self)
{
  g_return_val_if_fail (PEN_IS_FATE_DECK (self), 0);
  return self->cards->len - self->top;
}

/**
 * pen_fate_deck_draw:
 *
 * Takes the top card off the deck (rulebook, "The Fate deck in play": "reveals
 * and brings into play one new card from the Fate deck").
 *
 * Returns: (transfer none) (nullable): the card's id, an interned string, or
 *   %NULL when the deck is empty
 */
const char *
pen_fate_deck_draw (PenFateDeck *self)
{
  const char *id;

  g_return_val_if_fail (PEN_IS_FATE_DECK (self), NULL);

  if (self->top >= self->cards->len)
    return NULL;
  id = g_ptr_array_index (self->cards, self->top);
  self->top++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_REMAINING]);
  return id;
}
