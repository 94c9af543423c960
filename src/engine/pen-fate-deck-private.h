/* pen-fate-deck-private.h: the Fate cards and the catalogue as the files of the
 * Fate deck read them.
 *
 * The catalogue's loader (pen-fate-catalogue.c) fills these structures, the
 * interpreter of Prophecies, Goals and Events (pen-fate-effects.c) reads a
 * card's effect from them, and the deck builder (pen-fate-deck.c) deals from
 * the catalogue's cards and its ready-made first-game deck. Everything else
 * uses pen-fate-deck.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-fate-deck.h"

G_BEGIN_DECLS

/* Which player counts a first-game entry is used for (rulebook, "Ready-made deck
 * for the first game": "some cards are added only in a game of three or more
 * players (3+), and some only in a game of four players (4)"). */
typedef enum
{
  PEN_FATE_PLAYERS_ALL,
  PEN_FATE_PLAYERS_3_PLUS,
  PEN_FATE_PLAYERS_4,
} PenFatePlayers;

typedef struct
{
  const PenFateCard *card;
  PenFatePlayers     players;
} PenFateFirstGameEntry;

struct _PenFateCard
{
  const char  *id;              /* interned */
  PenFateKind  kind;
  char        *name;
  char        *name_ru;
  guint        difficulty;      /* 1–4 for Trials, 0 otherwise */
  char        *text;            /* nullable */
  char        *text_ru;         /* nullable; given exactly when text is */
  gboolean     always_in_play;
  PenProphecyCondition condition;  /* Prophecies */
  PenGoalRule          goal;       /* Goals */
  GArray              *effects;    /* of PenEventEffect, for Events; else NULL */
};

struct _PenFateCatalogue
{
  GPtrArray             *cards;            /* of PenFateCard, in file order */
  GHashTable            *by_id;            /* interned id → PenFateCard */
  const PenFateCard     *always_in_play;   /* End of Time */
  PenFateFirstGameEntry  first_prophecy;
  GArray                *first_trials;     /* of PenFateFirstGameEntry */
  GArray                *first_deck;       /* of PenFateFirstGameEntry, top first */
};

/* Whether an entry tagged @players is used in a game of @n_players. */
static inline gboolean
pen_fate_players_include (PenFatePlayers players,
                          guint          n_players)
{
  switch (players)
    {
    case PEN_FATE_PLAYERS_ALL:
      return TRUE;
    case PEN_FATE_PLAYERS_3_PLUS:
      return n_players >= 3;
    case PEN_FATE_PLAYERS_4:
      return n_players >= 4;
    default:
      g_assert_not_reached ();
    }
}

G_END_DECLS
