/* pen-fate-deck.h: the Fate cards (Trials, Prophecies, Goals, Events), read from
 * data, and the Fate deck built from them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "pen-rng.h"

G_BEGIN_DECLS

#define PEN_FATE_FILE "cards/fate.json"

/* Rulebook, "Components": 24 Trials (6 of each difficulty 1–4), 9 Prophecies,
 * 4 Goals, 8 Events. */
#define PEN_FATE_N_DIFFICULTIES          4
#define PEN_FATE_N_TRIALS_PER_DIFFICULTY 6
#define PEN_FATE_N_PROPHECIES            9
#define PEN_FATE_N_GOALS                 4
#define PEN_FATE_N_EVENTS                8

#define PEN_FATE_MIN_PLAYERS 1
#define PEN_FATE_MAX_PLAYERS 4

/* Rulebook, "The Fate deck": the deck is made of three stacks, of the
 * Difficulty 2, 3 and 4 Trials. */
#define PEN_FATE_N_STACKS 3

typedef enum
{
  PEN_FATE_KIND_TRIAL,
  PEN_FATE_KIND_PROPHECY,
  PEN_FATE_KIND_GOAL,
  PEN_FATE_KIND_EVENT,
} PenFateKind;

#define PEN_N_FATE_KINDS 4

typedef struct _PenFateCard      PenFateCard;
typedef struct _PenFateCatalogue PenFateCatalogue;

const char        *pen_fate_kind_get_id              (PenFateKind              kind);
gboolean           pen_fate_kind_from_id             (const char              *id,
                                                      PenFateKind             *out);

const char        *pen_fate_card_get_id              (const PenFateCard       *card);
PenFateKind        pen_fate_card_get_kind            (const PenFateCard       *card);
const char        *pen_fate_card_get_name            (const PenFateCard       *card);
const char        *pen_fate_card_get_name_ru         (const PenFateCard       *card);
guint              pen_fate_card_get_difficulty      (const PenFateCard       *card);
const char        *pen_fate_card_get_text            (const PenFateCard       *card);
const char        *pen_fate_card_get_text_ru         (const PenFateCard       *card);
gboolean           pen_fate_card_is_always_in_play   (const PenFateCard       *card);

PenFateCatalogue  *pen_fate_catalogue_load           (GError                 **error);
PenFateCatalogue  *pen_fate_catalogue_new_from_json  (JsonNode                *root,
                                                      const char              *file,
                                                      GError                 **error);
void               pen_fate_catalogue_free           (PenFateCatalogue        *self);
guint              pen_fate_catalogue_get_n_cards    (const PenFateCatalogue  *self);
const PenFateCard *pen_fate_catalogue_get_card       (const PenFateCatalogue  *self,
                                                      guint                    index);
const PenFateCard *pen_fate_catalogue_lookup         (const PenFateCatalogue  *self,
                                                      const char              *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenFateCatalogue, pen_fate_catalogue_free)

#define PEN_TYPE_FATE_DECK (pen_fate_deck_get_type ())

G_DECLARE_FINAL_TYPE (PenFateDeck, pen_fate_deck, PEN, FATE_DECK, GObject)

PenFateDeck        *pen_fate_deck_build_first_game      (const PenFateCatalogue  *catalogue,
                                                         guint                    n_players,
                                                         GError                 **error);
PenFateDeck        *pen_fate_deck_build                 (const PenFateCatalogue  *catalogue,
                                                         guint                    n_players,
                                                         PenRng                  *rng,
                                                         GError                 **error);
guint               pen_fate_deck_get_n_players         (PenFateDeck             *self);
const char         *pen_fate_deck_get_starting_prophecy (PenFateDeck             *self);
const char * const *pen_fate_deck_get_starting_trials   (PenFateDeck             *self);
const char * const *pen_fate_deck_get_cards             (PenFateDeck             *self);
guint               pen_fate_deck_get_n_remaining       (PenFateDeck             *self);
const char         *pen_fate_deck_draw                  (PenFateDeck             *self);

G_END_DECLS
