/* pen-test-quests.h: the Contracts and Trials in a state, as the tests of
 * the Contracts and Trials, the Fate deck in play, Bind and scoring build and
 * read them. Every Contract must be in exactly one place, so
 * complete_and_load() puts the Contracts a test did not place at the bottom
 * of the deck, under the ones it named, in the order of
 * data/cards/contracts.json.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* ---- Building states ------------------------------------------------------ */

void            set_player_list         (JsonNode      *state,
                                         guint          player,
                                         const char    *member,
                                         const char    *spec);
JsonNode       *new_state               (void);
PenGame        *complete_and_load       (JsonNode      *state);

/* ---- Reading a game ---------------------------------------------------------- */

char           *game_list               (PenGame       *game,
                                         const char    *member);
char           *contract_deck_top       (PenGame       *game,
                                         guint          n);
char           *contract_deck_bottom    (PenGame       *game,
                                         guint          n);
guint           mortal_wounds           (PenGame       *game,
                                         guint          player);
char           *listed_indices          (PenGame       *game,
                                         PenActionType  type);

/* ---- Actions ---------------------------------------------------------------- */

PenAction       choose_path             (int            path,
                                         int            task);
PenAction       task_dice               (PenGame       *game,
                                         const char    *specs);
PenAction       choose_colour           (PenDiscipline  colour);
void            use_guild               (PenGame       *game,
                                         const char    *spec,
                                         int            cell);
PenAction       token                   (PenGame       *game,
                                         const char    *id);

/* Rolls the prepared Threat with the faces given. */
#define ROLL_THREAT(game, ...) \
  G_STMT_START { \
    FORCE (game, __VA_ARGS__); \
    apply_ok (game, simple (PEN_ACTION_ROLL_THREAT)); \
  } G_STMT_END

#define ASSERT_TEXT(expr, expected) \
  G_STMT_START { \
    g_autofree char *text_ = (expr); \
    g_assert_cmpstr (text_, ==, (expected)); \
  } G_STMT_END

G_END_DECLS
