/* pen-game.h: a game of Penumbra: Trials of Arcana.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-action.h"
#include "pen-cards.h"
#include "pen-location.h"
#include "pen-rng.h"
#include "pen-scoring.h"
#include "pen-wizard-board.h"

G_BEGIN_DECLS

#define PEN_MAX_PLAYERS 4
/* The Guild's row of Contracts. */
#define PEN_N_CONTRACT_SLOTS 4
#define PEN_N_CLASSES 4
#define PEN_MAX_THREAT_DICE 24
/* Rulebook, "Primagic", APPEAR: "Discard 1 Arcana to place a die outside a
 * cell." */
#define PEN_APPEAR_ARCANA 1
#define PEN_SAVE_FORMAT "penumbra-save"
#define PEN_SAVE_VERSION 6

/* What the game waits for before the turn can go on. */
typedef enum
{
  PEN_PENDING_NONE,
  PEN_PENDING_TALENT,      /* a player chooses one of two dealt Talents */
  PEN_PENDING_LOCATION,    /* use or skip the section just placed in */
  PEN_PENDING_EXCHANGE,    /* exchanging Ingredients (Bazaar, or Rest) */
  PEN_PENDING_THREAT,      /* Threat: preparing, or distributing the roll */
  PEN_PENDING_CONTRACT,    /* which Contract to attempt (Guild) */
  PEN_PENDING_PATH,        /* a Trial's path and task */
  PEN_PENDING_TASK,        /* the task (or a Shield) waits for its dice or Ingredients */
  PEN_PENDING_RIFT,        /* dice to discard to the Rift Property */
  PEN_PENDING_RESERVE,     /* which Contract Bind reserves */
  PEN_PENDING_COLOUR,      /* the colour of a reward die "of any colour" */
  PEN_PENDING_CARD,        /* which card to gain */
  PEN_PENDING_BUY,         /* buying in the Brewery, the Shop, or on Rest */
  PEN_PENDING_EQUIPMENT,   /* a second Artifact for a taken Equipment cell */
  PEN_PENDING_CARD_EFFECT, /* a card's manipulations or exchanges to use */
  PEN_PENDING_TAKE_BACK,   /* which placed die a Rest effect takes back */
  PEN_PENDING_MORTAL_WOUND, /* a Mortal Wound: take it, or discard the Phylactery */
} PenPending;

/* What one die of the last Threat roll did (rulebook, "Threat", step 3). */
typedef enum
{
  PEN_THREAT_CANCELLED,     /* discarded before the roll (Defend, a card...) */
  PEN_THREAT_KNOCK_OUT,     /* knocked out a die of the supply */
  PEN_THREAT_WOUND,         /* wounded a Mark */
  PEN_THREAT_MORTAL_WOUND,  /* fell on a wounded Mark: a Mortal Wound */
  PEN_THREAT_NO_EFFECT,     /* would have been a second Mortal Wound this turn */
  PEN_THREAT_MISS,          /* matched no die and no Mark */
} PenThreatResult;

typedef struct
{
  PenThreatResult result;
  guint           value;    /* the Threat die's face; 0 when cancelled */
  int             target;   /* KNOCK_OUT: the die's place in the supply;
                             * WOUND, MORTAL_WOUND: the Mark's cell; else -1 */
  PenDie          die;      /* KNOCK_OUT: the die knocked out */
} PenThreatOutcome;

/* A card a rendered line of the log names (pen_game_render_log_entry()):
 * the window shows it when the name is clicked. */
typedef enum
{
  PEN_LOG_LINK_CARD,            /* a Wizard card (Artifacts, Potions too) */
  PEN_LOG_LINK_FATE,            /* a Prophecy, Goal or Event */
  PEN_LOG_LINK_TRIAL,
  PEN_LOG_LINK_CONTRACT,
} PenLogLinkKind;

typedef struct
{
  PenLogLinkKind kind;
  const char    *id;            /* the card's id */
  guint          start, end;    /* its name's bytes in the line */
} PenLogLink;

/* What a line of the log is about, where it is on the table (the Automa's
 * narration: pen_game_get_log_target()). */
typedef enum
{
  PEN_LOG_TARGET_NONE,
  PEN_LOG_TARGET_CELL,          /* a location's cell: location, section, index (the cell) */
  PEN_LOG_TARGET_MARK,          /* a Mark cell: owner (the player), index (the cell) */
  PEN_LOG_TARGET_MARKET,        /* a market's place: owner (the deck), index (0 left, 1 right) */
  PEN_LOG_TARGET_CONTRACT,      /* the Contract row: index (the place) */
  PEN_LOG_TARGET_AUTOMA_CELL,   /* the Automa's Equipment: index (PenAutomaCell) */
  PEN_LOG_TARGET_AUTOMA,        /* the Automa's mat (its Trials, its Arcana) */
} PenLogTargetKind;

typedef struct
{
  PenLogTargetKind kind;
  int              location;
  int              section;
  int              index;
  int              owner;
} PenLogTarget;

/* Where a Wizard keeps a card (rulebook, "Wizards", Cards). */
typedef enum
{
  PEN_ZONE_GRIMOIRE,     /* Spells, Recipes, Summons */
  PEN_ZONE_INVENTORY,    /* brewed and ready-made Potions, Pets */
  PEN_ZONE_EQUIPMENT,    /* Artifacts with an Equipment icon */
  PEN_ZONE_EXPERIENCE,   /* Tomes */
} PenZone;

#define PEN_TYPE_GAME (pen_game_get_type ())

G_DECLARE_FINAL_TYPE (PenGame, pen_game, PEN, GAME, GObject)

PenGame        *pen_game_new                 (guint64          seed,
                                              guint            n_players,
                                              gboolean         first_game_deck,
                                              GError         **error);
PenGame        *pen_game_new_solo            (guint64          seed,
                                              const char      *automa,
                                              int              worldview,
                                              gboolean         first_game_deck,
                                              GError         **error);
int             pen_game_get_automa_player   (PenGame         *self);
const char     *pen_game_get_automa_id       (PenGame         *self);
guint           pen_game_get_automa_level    (PenGame         *self);
void            pen_game_get_light_darkness  (PenGame         *self,
                                              guint            player,
                                              guint           *light,
                                              guint           *darkness);
PenGame        *pen_game_new_from_json       (JsonNode        *root,
                                              GError         **error);
JsonNode       *pen_game_to_json             (PenGame         *self);
PenGame        *pen_game_copy                (PenGame         *self);
PenGame        *pen_game_copy_unseen         (PenGame         *self,
                                              guint64          seed);
PenGame        *pen_game_replay              (PenGame         *saved,
                                              int              n_actions,
                                              GError         **error);
guint           pen_game_count_replayable    (PenGame         *saved,
                                              gboolean        *same);
guint           pen_game_get_n_history       (PenGame         *self);
const PenAction *pen_game_get_action         (PenGame         *self,
                                              guint            index);

guint           pen_game_get_n_players       (PenGame         *self);
PenWizardBoard *pen_game_get_player          (PenGame         *self,
                                              guint            player);
const char     *pen_game_get_talent          (PenGame         *self,
                                              guint            player);
guint           pen_game_get_current_player  (PenGame         *self);
PenTurnType     pen_game_get_turn_type       (PenGame         *self);
guint           pen_game_get_placements_left (PenGame         *self);
PenPending      pen_game_get_pending         (PenGame         *self);
char           *pen_game_get_prompt          (PenGame         *self);
gboolean        pen_game_action_answers      (PenGame         *self,
                                              const PenAction *action);
gboolean        pen_game_is_over             (PenGame         *self);
guint           pen_game_get_n_locations     (PenGame         *self);
PenLocation    *pen_game_get_location        (PenGame         *self,
                                              guint            index);
gboolean        pen_game_is_cell_closed      (PenGame         *self,
                                              guint            location,
                                              guint            section,
                                              guint            cell);
int             pen_game_find_location       (PenGame         *self,
                                              const char      *id);
guint           pen_game_get_fate_remaining  (PenGame         *self);
guint           pen_game_get_threat_dice     (PenGame         *self,
                                              guint           *values,
                                              gboolean        *rolled);
const PenThreatOutcome *pen_game_get_threat_outcomes (PenGame *self,
                                                     guint   *n_outcomes);
void            pen_game_set_record_automa_turns (PenGame     *self,
                                                  gboolean     record);
GPtrArray      *pen_game_take_automa_turn    (PenGame         *self,
                                              guint           *first_line);
const PenLogTarget *pen_game_get_log_target  (PenGame         *self,
                                              guint            line);
const PenDie   *pen_game_get_die_taken_back  (PenGame         *self,
                                              const PenAction *action);
PenRng         *pen_game_get_rng             (PenGame         *self);
guint           pen_game_get_log_length      (PenGame         *self);
char           *pen_game_render_log_entry    (PenGame         *self,
                                              guint            index,
                                              GArray          *links);
GPtrArray      *pen_game_render_log          (PenGame         *self);
const char     *pen_game_get_log_message     (PenGame         *self,
                                              guint            index);
guint           pen_game_get_n_fate_reveals  (PenGame         *self);
const char     *pen_game_get_fate_reveal     (PenGame         *self,
                                              guint            index,
                                              guint           *log_line);
const char     *pen_game_get_ending_prophecy (PenGame         *self);
guint           pen_game_get_n_cards         (PenGame         *self,
                                              guint            player);
const char     *pen_game_get_market_card     (PenGame         *self,
                                              guint            deck,
                                              guint            place);
GPtrArray      *pen_game_get_trial_row       (PenGame         *self);
GPtrArray      *pen_game_get_in_play         (PenGame         *self);
int             pen_game_get_final_turns_left (PenGame        *self);
gboolean        pen_game_get_end_triggered_this_turn (PenGame *self);
GPtrArray      *pen_game_get_fulfilled_contracts (PenGame     *self,
                                              guint            player);
GPtrArray      *pen_game_get_reserved_contracts (PenGame      *self,
                                              guint            player);
GPtrArray      *pen_game_get_passed_trials   (PenGame         *self,
                                              guint            player);
const char     *pen_game_get_dealt_talent    (PenGame         *self,
                                              guint            player,
                                              guint            index);
const PenCard  *pen_game_get_owned_card      (PenGame         *self,
                                              guint            player,
                                              guint            index,
                                              PenZone         *zone,
                                              gboolean        *rotated);
gboolean        pen_game_get_automa_light    (PenGame         *self);
GPtrArray      *pen_game_get_automa_cell     (PenGame         *self,
                                              guint            cell);
GPtrArray      *pen_game_get_automa_taken    (PenGame         *self,
                                              guint            content);
const char     *pen_game_get_quest           (PenGame         *self);
guint           pen_game_get_turn_number     (PenGame         *self);
const char     *pen_game_get_contract        (PenGame         *self,
                                              guint            slot);
void            pen_game_get_experience      (PenGame         *self,
                                              guint            player,
                                              guint           *counts);
const char     *pen_game_get_card_name       (PenGame         *self,
                                              guint            player,
                                              guint            index);

GArray         *pen_game_list_actions        (PenGame         *self);
GArray         *pen_game_list_actions_without_empower (PenGame *self);
GArray         *pen_game_list_distinct_actions (PenGame       *self);
guint           pen_game_get_manipulation_cost (PenManipulation manipulation);
gboolean        pen_game_check_action        (PenGame         *self,
                                              const PenAction *action,
                                              GError         **error);
gboolean        pen_game_apply               (PenGame         *self,
                                              const PenAction *action,
                                              GError         **error);

JsonNode       *pen_game_action_to_json      (PenGame         *self,
                                              const PenAction *action);
gboolean        pen_game_action_from_json    (PenGame         *self,
                                              JsonNode        *node,
                                              PenAction       *action,
                                              GError         **error);
char           *pen_game_describe_action     (PenGame         *self,
                                              const PenAction *action);

void            pen_game_set_undo_enabled    (PenGame         *self,
                                              gboolean         enabled);
gboolean        pen_game_can_undo            (PenGame         *self);
gboolean        pen_game_can_redo            (PenGame         *self);
PenUndoStop     pen_game_get_undo_stop       (PenGame         *self);
const char     *pen_game_describe_undo_stop  (PenGame         *self);
const char     *pen_game_describe_redo_stop  (PenGame         *self);
gboolean        pen_game_undo                (PenGame         *self,
                                              GError         **error);
gboolean        pen_game_redo                (PenGame         *self,
                                              GError         **error);

gboolean        pen_game_check_invariants    (PenGame         *self,
                                              GError         **error);
void            pen_game_compute_score       (PenGame         *self,
                                              guint            player,
                                              PenScoreBreakdown *breakdown);
GArray         *pen_game_get_fate_progress   (PenGame         *self);

G_END_DECLS
