/* pen-action.h: the closed set of actions that change a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pen-types.h"

G_BEGIN_DECLS

typedef enum
{
  PEN_ACTION_CHOOSE_TALENT,    /* index: which of the two dealt Talents */
  PEN_ACTION_PLACE,            /* die, location, section, cell (-1: Appear), colour (Spark die as) */
  PEN_ACTION_KNOCK_OUT,        /* die (Red, discarded), location, section, cell, index (placed die) */
  PEN_ACTION_USE_LOCATION,     /* apply the effect of the section just placed in */
  PEN_ACTION_SKIP_LOCATION,    /* leave it unused */
  PEN_ACTION_HURRY,            /* discard a Trinket: one more placement */
  PEN_ACTION_MANIPULATE,       /* die, value: a PenManipulation, colour (for recolour) */
  PEN_ACTION_HEAL,             /* index: the wounded Mark's cell */
  PEN_ACTION_USE_MARK,         /* index: Mark cell, die, value: PenMarkEffect, colour/face */
  PEN_ACTION_EXCHANGE,         /* colour: Ingredient given, to: Ingredient taken, value: units */
  PEN_ACTION_FINISH_EXCHANGE,
  PEN_ACTION_REST,
  PEN_ACTION_DEFEND,           /* die: a Yellow die discarded to cancel a Threat die */
  PEN_ACTION_ROLL_THREAT,
  PEN_ACTION_THREAT_TARGET,    /* index: a die of the supply, or PEN_THREAT_TARGET_MARK + cell */
  PEN_ACTION_END_TURN,
  PEN_ACTION_CHOOSE_CONTRACT,  /* index: Contract row slot, or PEN_RESERVED + reserved index */
  PEN_ACTION_START_TRIAL,      /* index: Trial row index, or PEN_RESERVED for the reserved Trial */
  PEN_ACTION_CHOOSE_PATH,      /* index: 0 Darkness, 1 Light; value: which task of the path */
  PEN_ACTION_TASK_DICE,        /* mask: the supply dice given to the task (or the Shield) */
  PEN_ACTION_TASK_DO,          /* perform a task that takes no dice (Ingredients, experience) */
  PEN_ACTION_GIVE_UP,          /* abandon the task */
  PEN_ACTION_RIFT_DISCARD,     /* die: discarded to the Rift Property */
  PEN_ACTION_BIND,             /* discard 1 Blood to reserve a Contract */
  PEN_ACTION_RESERVE,          /* index: Contract row slot, PEN_BIND_DECK + k (top of deck), or PEN_BIND_NONE */
  PEN_ACTION_CHOOSE_COLOUR,    /* colour: of a reward die "of any colour" */
  PEN_ACTION_TAKE_CARD,        /* index: where from (see PEN_CARD_SOURCE) */
  PEN_ACTION_BUY_CARD,         /* index: market place 0–1; value: 0 Brewery, 1 Shop */
  PEN_ACTION_FINISH_BUYING,
  PEN_ACTION_KEEP_EQUIPMENT,   /* index: 0 discard the new Artifact, 1 replace the equipped one */
  PEN_ACTION_BRIBE,            /* index: market: a Discipline's Class, or PEN_MARKET_BREWERY / _SHOP */
  PEN_ACTION_USE_CARD,         /* index: card of the play area; value: cost alternative (-1 free by Launch);
                                  mask: dice paying the cost; empower: the Orange (or Spark) dice discarded
                                  for Empower; to: a save's older count of Empower dice */
  PEN_ACTION_CARD_TOKEN,       /* die, value: PenManipulation (or PEN_MANIPULATE_SET), colour: colour / face */
  PEN_ACTION_FINISH_CARD,      /* leave the rest of a card's effect unused */
  PEN_ACTION_TAKE_BACK,        /* location, section, cell (-1: beside the cells): the placed die a
                                  Rest effect takes back */
  PEN_ACTION_MORTAL_WOUND,     /* index: 0 take the Mortal Wound, 1 discard the Phylactery to ignore it */
  PEN_ACTION_DISCARD_ARTIFACT, /* index: an Artifact of the play area in an Equipment cell */
  PEN_ACTION_USE_TALENT,       /* index: the Property of the Trial the Talent (the Pariah) cancels */
  PEN_ACTION_SUMMON_FROM_MARKET, /* colour: a Class market's Discipline, index: place 0–1; value: cost
                                    alternative; mask: dice paying it (Unity with Nature) */
  PEN_ACTION_AUTOMA_TURN,      /* the Automa plays its whole turn */
} PenActionType;

#define PEN_N_ACTION_TYPES (PEN_ACTION_AUTOMA_TURN + 1)
/* Card sources for PEN_ACTION_TAKE_CARD: deck * 3 + 0 or 1 (market) or 2 (top of the deck);
 * decks: the six Disciplines, then Potions, then Artifacts. */
#define PEN_CARD_SOURCE(deck, place) ((deck) * 3 + (place))
#define PEN_DECK_POTIONS 6
#define PEN_DECK_ARTIFACTS 7
#define PEN_N_DECKS 8
#define PEN_MARKET_BREWERY PEN_DECK_POTIONS
#define PEN_MARKET_SHOP PEN_DECK_ARTIFACTS
#define PEN_RESERVED 100
#define PEN_BIND_DECK 10
#define PEN_BIND_NONE 99
#define PEN_THREAT_TARGET_MARK 1000

/* PEN_ACTION_CARD_TOKEN values beyond the manipulations. */
#define PEN_TOKEN_COLOUR 6
#define PEN_TOKEN_EXCHANGE 7
#define PEN_TOKEN_THREAT_UP 8
#define PEN_TOKEN_THREAT_DOWN 9
#define PEN_TOKEN_PROPERTY 10
#define PEN_TOKEN_RING_MINUS_SIX 11
#define PEN_TOKEN_RING_IGNORE_DIE 12
#define PEN_TOKEN_HEAL 13        /* index: a wounded Mark's cell */
#define PEN_TOKEN_RECHARGE 14    /* index: a discharged Mark's cell */
#define PEN_TOKEN_UNEXHAUST 15   /* index: a rotated card of the play area */

/* Rulebook, "Primagic", MANIPULATE: Crystals buy a manipulation of one die. */
typedef enum
{
  PEN_MANIPULATE_REROLL,
  PEN_MANIPULATE_INCREASE,
  PEN_MANIPULATE_DECREASE,
  PEN_MANIPULATE_FLIP,
  PEN_MANIPULATE_RECOLOUR,
} PenManipulation;

typedef struct
{
  PenActionType type;
  int           die;
  int           location;
  int           section;
  int           cell;
  int           index;
  int           value;
  int           colour;
  int           to;
  guint64       mask;
  guint64       empower;
  /* Any kind that discards Blood: the wounded Marks' cells (bits) flipped for
   * it instead of the supply's Blood (rulebook, "Mark effects", USE BLOOD). */
  guint         blood_marks;
} PenAction;

void        pen_action_init          (PenAction       *action,
                                      PenActionType    type);
gboolean    pen_action_equal         (const PenAction *a,
                                      const PenAction *b);
const char *pen_action_type_get_id   (PenActionType    type);
gboolean    pen_action_type_from_id  (const char      *id,
                                      PenActionType   *out);

G_END_DECLS
