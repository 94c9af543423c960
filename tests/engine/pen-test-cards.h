/* pen-test-cards.h: the cards in a state, as the tests of the cards'
 * rule areas (cards, effects, Marks, Threat, dice, locations, Contracts and
 * Trials) build and read them: a base state with nothing in any play area,
 * cards put where a test needs them, the cards each Wizard holds with their
 * zone and rotation, and the card actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-cards.h"
#include "pen-game.h"

G_BEGIN_DECLS

/* ---- Building states ------------------------------------------------------ */

const PenCards *all_cards               (void);
const PenCard  *card_def                (const char    *id);
int             deck_of                 (const PenCard *card);
JsonObject     *state_quest             (JsonNode      *state);

/* ---- The cards in a state ----------------------------------------------------- */

void            put_on_top              (JsonNode      *state,
                                         const char    *id);

/* ---- The base state ----------------------------------------------------------- */

JsonNode       *base_state              (void);
PenGame        *with_threat_dice        (PenGame       *game,
                                         guint          n_dice);

/* ---- Reading a game ------------------------------------------------------------ */

PenWizardBoard *board                   (PenGame       *game);
int             held                    (PenGame       *game,
                                         const char    *id,
                                         char          **zone,
                                         gboolean      *rotated);
guint           n_held                  (PenGame       *game);
char           *deck_list               (PenGame       *game,
                                         guint          deck,
                                         const char    *member);
char           *deck_bottom             (PenGame       *game,
                                         guint          deck);
guint           threat_dice             (PenGame       *game,
                                         gboolean      *rolled,
                                         guint         *first);
void            assert_zone             (PenGame       *game,
                                         const char    *id,
                                         const char    *zone,
                                         gboolean       rotated);
gboolean        listed_alike            (PenGame       *game,
                                         const PenAction *action);

/* ---- Actions ------------------------------------------------------------------ */

PenAction       use_card                (int            index,
                                         int            value,
                                         guint64        mask,
                                         guint64        empower);
PenAction       card_token              (int            value,
                                         int            die,
                                         int            colour,
                                         int            index);
PenAction       buy                     (int            market,
                                         int            place_index);
PenAction       first_listed            (PenGame       *game,
                                         PenActionType  type);
void            place_and_use           (PenGame       *game,
                                         const char    *spec,
                                         const char    *location);
void            start_trial             (PenGame       *game,
                                         int            index);
void            answer_mortal_wound     (PenGame       *game,
                                         PenGame       **taken,
                                         PenGame       **ignored);

G_END_DECLS
