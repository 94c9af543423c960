/* pen-test-state.h: what the engine tests share to build exact game states and
 * to play actions on them.
 *
 * A test starts from a game past the Talent choice, saved with
 * pen_game_to_json(), edited with json-glib (Marks, dice, Ingredients, the
 * table, the turn, the cards and the Contracts) and loaded again with
 * pen_game_new_from_json(); random results are forced with
 * pen_rng_force_next(). The names are short, without the pen_ prefix: they are
 * the words the tests are written in, and only the test programs link them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-game.h"

G_BEGIN_DECLS

/* ---- Building states ----------------------------------------------------- */

PenGame        *new_game                (guint          n_players);
PenGame        *new_solo_game           (void);
JsonNode       *editable_state          (PenGame       *game);
JsonNode       *plain_state             (guint          n_players);
void            set_standard_classes    (JsonNode      *state);
PenGame        *load                    (JsonNode      *state);

JsonObject     *state_root              (JsonNode      *state);
JsonObject     *state_player            (JsonNode      *state,
                                         guint          player);
JsonObject     *state_turn              (JsonNode      *state);
JsonObject     *state_threat            (JsonNode      *state);
JsonObject     *state_cards             (JsonNode      *state);
JsonObject     *state_deck              (JsonNode      *state,
                                         guint          deck);
const char     *node_id                 (JsonNode      *node);
void            clear_array             (JsonArray     *array);

JsonObject     *die_object              (const char    *spec);
void            add_dice                (JsonArray     *array,
                                         const char    *specs);
void            set_dice                (JsonNode      *state,
                                         guint          player,
                                         const char    *specs);
void            set_marks               (JsonNode      *state,
                                         guint          player,
                                         const char    *spec);
void            set_ingredients         (JsonNode      *state,
                                         guint          player,
                                         const char    *spec);

JsonObject     *state_location          (JsonNode      *state,
                                         const char    *id);
void            put_table_dice          (JsonNode      *state,
                                         const char    *location,
                                         guint          section,
                                         int            cell,
                                         const char    *specs);

JsonArray      *id_array                (const char    *spec);
void            set_pending             (JsonNode      *state,
                                         const char    *spec);
void            set_list                (JsonNode      *state,
                                         const char    *member,
                                         const char    *spec);
void            complete_contract_deck  (JsonNode      *state);
void            lift_card               (JsonNode      *state,
                                         const char    *id);
void            set_market              (JsonNode      *state,
                                         guint          deck,
                                         guint          slot,
                                         const char    *id);
void            give_card               (JsonNode      *state,
                                         guint          player,
                                         const char    *id,
                                         const char    *zone,
                                         gboolean       rotated);

void            force                   (PenGame       *game,
                                         const guint   *values,
                                         gsize          n_values);

/* Forces the next random results of @game: FORCE (game, 6, 2, 3). */
#define FORCE(game, ...) \
  force (game, (const guint[]) { __VA_ARGS__ }, \
         sizeof ((const guint[]) { __VA_ARGS__ }) / sizeof (guint))

JsonNode       *standard_state          (guint          n_players);
JsonNode       *threat_example_state    (guint          n_dice);

/* ---- Reading a game ------------------------------------------------------ */

char           *game_text               (PenGame       *game);
char           *die_spec                (const PenDie  *die);
int             compare_strings         (gconstpointer  a,
                                         gconstpointer  b);
char           *join_sorted             (GPtrArray     *specs,
                                         const char    *separator);
char           *join_ids                (JsonArray     *array);
char           *supply                  (PenGame       *game,
                                         guint          player);
int             find_die_except         (PenGame       *game,
                                         guint          player,
                                         const char    *spec,
                                         guint64        used);
int             find_die                (PenGame       *game,
                                         guint          player,
                                         const char    *spec);
guint64         dice_mask               (PenGame       *game,
                                         guint          player,
                                         const char    *specs);
guint           ingredient              (PenGame       *game,
                                         guint          player,
                                         PenIngredient  which);
const PenMark  *mark_at                 (PenGame       *game,
                                         guint          player,
                                         guint          cell);
char           *player_list             (PenGame       *game,
                                         guint          player,
                                         const char    *member);
gboolean        log_has                 (PenGame       *game,
                                         const char    *line);
const char     *log_text                (PenGame       *game,
                                         guint          index);
guint           count_listed            (PenGame       *game,
                                         PenActionType  type);
char           *listed_blood            (PenGame       *game,
                                         PenActionType  type);

char           *table_dice              (PenGame       *game,
                                         const char    *location_id,
                                         guint          section,
                                         int            cell);
gboolean        is_listed               (PenGame       *game,
                                         const PenAction *action);

/* ---- Actions ------------------------------------------------------------- */

PenAction       simple                  (PenActionType  type);
PenAction       indexed                 (PenActionType  type,
                                         int            index);
PenAction       place_as                (PenGame       *game,
                                         int            die,
                                         const char    *location,
                                         int            section,
                                         int            cell,
                                         int            colour);
PenAction       place                   (PenGame       *game,
                                         int            die,
                                         const char    *location,
                                         int            section,
                                         int            cell);
PenAction       take_back               (PenGame       *game,
                                         const char    *location,
                                         int            section,
                                         int            cell);
PenAction       exchange                (PenIngredient  give,
                                         PenIngredient  take,
                                         int            lots);
PenAction       paying_blood            (PenAction      action,
                                         guint          cells);
PenAction       use_mark                (int            cell,
                                         PenMarkEffect  effect,
                                         int            to,
                                         int            die,
                                         int            face);
void            apply_ok                (PenGame       *game,
                                         PenAction      action);
void            apply_refused           (PenGame       *game,
                                         PenAction      action,
                                         const char    *message);
PenAction       threat_target           (int            index);
PenAction       heal                    (int            cell);

/* The card-token kinds that pick a Mark or a card (the engine's "heal",
 * "recharge", "unexhaust"). */
#define TOKEN_HEAL 13
#define TOKEN_RECHARGE 14
#define TOKEN_UNEXHAUST 15

G_END_DECLS
