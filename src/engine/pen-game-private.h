/* pen-game-private.h: what the files of the rules engine share.
 *
 * A game's state (struct _PenGame, one member per rule area, each declared
 * in its area's section) and the helpers that more than one rule area uses. Only src/engine/pen-game*.c include this header; everything else
 * goes through pen-game.h. HACKING.md maps the files to the rulebook.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib/gi18n-lib.h>

#include "pen-automa.h"
#include "pen-cards.h"
#include "pen-data.h"
#include "pen-error.h"
#include "pen-fate-deck.h"
#include "pen-game.h"
#include "pen-location-private.h"
#include "pen-quest.h"
#include "pen-resource-die.h"
#include "pen-save-shape.h"
#include "pen-talents.h"
#include "pen-wizard-board-private.h"

G_BEGIN_DECLS

/* The cost of each manipulation in Crystals (rulebook, "Primagic", MANIPULATE). */
extern const guint dice_manipulation_cost[];

/* The ids of the decks (PEN_N_DECKS) in actions' JSON. */
extern const char *json_deck_ids[PEN_N_DECKS];

/* A card's name as players read it: the Russian cards' names come from ru.po
 * ("card name" context; build-aux/card-names.py). */
#define CARD_NAME(name) g_dpgettext2 (GETTEXT_PACKAGE, "card name", (name))

#define HEAL_FRUITS 2
#define RUINS_THREAT 1
#define RUINS_BLOOD 2
#define SANCTUARY_BLOOD 1
#define BIND_BLOOD 1

typedef enum
{
  THREAT_FOR_RUINS,
  THREAT_FOR_QUEST,        /* the Threat of a Contract or a Trial */
  THREAT_FOR_WITHSTAND,    /* the task "withstand Threat" */
  THREAT_FOR_RETALIATION,  /* after a Trial's reward */
  THREAT_FOR_CARD,         /* a card whose requirement is a Threat */
} ThreatSource;

/* What gave a Mortal Wound that waits for the Phylactery's choice. */
typedef enum
{
  WOUND_FROM_THREAT,       /* a Threat die on a wounded Mark */
  WOUND_FROM_TRAP,         /* a failed Trial's Trap */
  WOUND_FROM_DEAD_WATER,   /* Dead Water, at the end of the turn */
} WoundSource;

/* Where a Wizard keeps a card (rulebook, "Wizards", Cards). */
typedef enum
{
  ZONE_GRIMOIRE,     /* Spells, Recipes, Summons */
  ZONE_INVENTORY,    /* brewed and ready-made Potions, Pets */
  ZONE_EQUIPMENT,    /* Artifacts with an Equipment icon */
  ZONE_EXPERIENCE,   /* Tomes */
} Zone;

typedef struct
{
  const PenCard *card;
  Zone           zone;
  gboolean       rotated;
} OwnedCard;

/* What a card choice returns to once made. */
typedef enum
{
  AFTER_CARD_RESUME,   /* the pending state before (none, a placement...) */
  AFTER_CARD_REWARD,   /* the rest of a Contract's or Trial's reward */
} AfterCard;

/* A card's effects that wait for the player: manipulations, exchanges, the
 * Marks and cards it heals, recharges or unexhausts (an Event's too). */
typedef struct
{
  guint    tokens[6];          /* by PenManipulation / PEN_MANIPULATE_SET */
  guint    heals;              /* wounded Marks still to heal */
  guint    recharges;          /* discharged Marks still to recharge */
  gboolean discipline_marks_only;  /* of the Discipline cells only (Recollection) */
  guint    unexhausts;         /* rotated cards still to unexhaust */
  const PenCard *unexhauster;  /* the card unexhausting, which cannot pick itself */
  gboolean after_event;        /* an Event's picks: the end of the turn follows */
  guint    colours;            /* dice "of any colour" to name */
  guint    temporary_colours;  /* of which temporary */
  guint    threat_adjust;      /* Threat dice to adjust */
  guint    exchange_give[PEN_N_INGREDIENTS];
  guint    exchange_take[PEN_N_INGREDIENTS];
  gboolean exchange_open;      /* "any number of times" */
  gboolean convert;            /* "Convert Ingredients any number of times" */
  gboolean cancel_property;    /* a Property of the Trial to choose and cancel */
  gboolean ring;               /* the Whispering Ring's help to choose */
} CardEffect;

/* How the Whispering Ring helps a Catch task, as flags: "−6 to the task or
 * ignore 1 die in the task". */
typedef enum
{
  RING_MINUS_SIX = 1 << 0,
  RING_IGNORE_DIE = 1 << 1,
} RingHelp;

typedef enum
{
  QUEST_NONE,
  QUEST_CONTRACT,
  QUEST_TRIAL,
} QuestKind;

#define N_CONTRACT_SLOTS 4
#define N_BIND_CARDS 3

/* The Contract or Trial being attempted. */
typedef struct
{
  QuestKind kind;
  char     *id;
  int       source;        /* row slot / index, or PEN_RESERVED (+ index) */
  int       path;          /* a Trial's path: -1 until chosen, 0 Darkness, 1 Light */
  int       task;          /* the task of the path */
  gboolean  shield_done;
  gboolean  rift_done;
  guint     rift_left;
  guint     colours_left;  /* reward dice "of any colour" still to name */
  guint     reward_cards[3];  /* reward cards still to gain, by PenRewardCard */
  guint     cancelled;     /* Properties cancelled, by index */
  guint     vigilance_used;
  gboolean  dead_water;
  guint     ring;          /* RingHelp: how the Whispering Ring helps this Catch */
  gboolean  talent_used;   /* the Pariah cancelled a Property in this Trial */
} Quest;

typedef struct
{
  guint        n_dice;           /* prepared, before the roll */
  gboolean     uncancellable;
  gboolean     rolled;
  guint        n_values;         /* rolled, still to distribute */
  guint        values[PEN_MAX_THREAT_DICE];
  ThreatSource source;
  gboolean     mortal;           /* this Threat gave a Mortal Wound */
  gboolean     step2;            /* rolled; effects on the Threat dice may still be used */
} Threat;

/* The legal actions being listed: each area's lister offers its candidates
 * with lister_offer(), which keeps those that pen_game_check_action() accepts. */
typedef struct
{
  PenGame *game;
  guint    n_kept;       /* the actions kept so far, in game->listing */
  gboolean no_empower;   /* pen_game_list_actions_without_empower() */
} Lister;

/* Sets a PEN_ERROR_ILLEGAL error with @message (taken) and returns FALSE. */
gboolean game_refuse_with (GError **error, char *message);

/* For one-line refusals. The message is only translated and formatted when
 * the caller wants it: listing the legal actions checks thousands of
 * candidates and asks for no message. */
#define game_refuse(error, ...) \
  ((error) != NULL ? game_refuse_with ((error), g_strdup_printf (__VA_ARGS__)) : FALSE)

/* The log as data (pen-game-log.c): an entry is a row of arguments, the
 * first its message (an untranslated msgid), rendered in the reader's
 * language only when it is shown. Each %s or %u of a message takes the next
 * argument; an argument that is itself a message (LOG_MSG, LOG_PLURAL) takes
 * the arguments after it for its own. */
typedef enum
{
  LOG_ARG_END,
  LOG_ARG_MESSAGE,      /* s: the msgid; t: its context, or NULL */
  LOG_ARG_PLURAL,       /* s, t: the singular and plural msgids; n: the count */
  LOG_ARG_TEXT,         /* s: shown as it is (the lines of older saves) */
  LOG_ARG_NUMBER,       /* n */
  LOG_ARG_CARD,         /* s: a Wizard card's id */
  LOG_ARG_FATE,         /* s: a Fate card's id (Trials too) */
  LOG_ARG_CONTRACT,     /* s: a Contract's id */
  LOG_ARG_NAME,         /* s: a name in the "card name" context (Talents, Automas, their content) */
  LOG_ARG_DIE,          /* a: its PenDieKind, b: its colour, n: its face */
  LOG_ARG_DISCIPLINE,   /* a: the PenDiscipline; b: LogColourAs */
  LOG_ARG_MARK,         /* a: its PenDiscipline, PEN_N_DISCIPLINES for Spark; b: LogCase */
  LOG_ARG_INGREDIENTS,  /* a: the PenIngredient, n: how many */
  LOG_ARG_LOCATION,     /* n: its index in locations */
  LOG_ARG_TASK,         /* s: the Contract's or Trial's id; a: LogTaskOf; n: the task (LOG_TASK_…) */
} LogArgKind;

/* The grammatical role of a noun the log names, which Russian shows by case. */
typedef enum
{
  LOG_SUBJECT,          /* "Gained a Ruby Mark": «Получена Рубиновая Метка» */
  LOG_OBJECT,           /* "Threat 3 wounds a Ruby Mark": «ранит Рубиновую Метку» */
} LogCase;

/* How a Discipline is named: "Ruby", or a card's colour ("a Red card"). */
typedef enum
{
  LOG_AS_DISCIPLINE,
  LOG_AS_CARD,
  LOG_AS_TOME,
} LogColourAs;

typedef enum
{
  LOG_TASK_OF_CONTRACT,
  LOG_TASK_OF_TRIAL,
} LogTaskOf;

/* LOG_ARG_TASK's n for a Trial: a path's task is path * LOG_TASK_PATH + its
 * index; these are the others. */
#define LOG_TASK_PATH 16
#define LOG_TASK_DEAD_WATER (2 * LOG_TASK_PATH)
#define LOG_TASK_SHIELD (LOG_TASK_DEAD_WATER + 1) /* + the Property's index */

typedef struct
{
  guint8      kind;     /* LogArgKind */
  guint8      a;
  guint8      b;
  int         n;
  const char *s;        /* static or interned: entries are copied as bytes */
  const char *t;
} LogArg;

#define LOG_MAX_ARGS PEN_SAVE_MAX_LOG_PARTS

typedef struct
{
  guint  n_args;
  LogArg args[LOG_MAX_ARGS];
} LogEntry;

#define LOG_END ((LogArg) { .kind = LOG_ARG_END })
#define LOG_MSG(msgid) ((LogArg) { .kind = LOG_ARG_MESSAGE, .s = (msgid) })
#define LOG_PLURAL(one, many, count) ((LogArg) { .kind = LOG_ARG_PLURAL, .s = (one), .t = (many), .n = (int) (count) })
#define LOG_NUMBER(value) ((LogArg) { .kind = LOG_ARG_NUMBER, .n = (int) (value) })
#define LOG_CARD(id) ((LogArg) { .kind = LOG_ARG_CARD, .s = g_intern_string (id) })
#define LOG_FATE(id) ((LogArg) { .kind = LOG_ARG_FATE, .s = g_intern_string (id) })
#define LOG_CONTRACT(id) ((LogArg) { .kind = LOG_ARG_CONTRACT, .s = g_intern_string (id) })
#define LOG_NAME(name) ((LogArg) { .kind = LOG_ARG_NAME, .s = g_intern_string (name) })
#define LOG_DIE(die) ((LogArg) { .kind = LOG_ARG_DIE, .a = (die)->kind, .b = (die)->colour, .n = (die)->value })
#define LOG_DISCIPLINE(discipline, as) ((LogArg) { .kind = LOG_ARG_DISCIPLINE, .a = (discipline), .b = (as) })
#define LOG_MARK(discipline, role) ((LogArg) { .kind = LOG_ARG_MARK, .a = (discipline), .b = (role) })
#define LOG_INGREDIENTS(ingredient, count) ((LogArg) { .kind = LOG_ARG_INGREDIENTS, .a = (ingredient), .n = (int) (count) })
#define LOG_LOCATION(index) ((LogArg) { .kind = LOG_ARG_LOCATION, .n = (int) (index) })

/* log_line (self, N_("Gained the card %s."), LOG_CARD (id)); log_count for
 * a message with a plural, log_line_c for one with a context; the _about
 * forms say which piece of the table the line is about (the Automa's
 * narration lights it). xgettext knows them as keywords (po/meson.build). */
#define log_line(self, msgid, ...) \
  log_entry ((self), NULL, (const LogArg[]) { LOG_MSG (msgid), __VA_ARGS__ __VA_OPT__(,) LOG_END })
#define log_line_about(self, target, msgid, ...) \
  log_entry ((self), (target), (const LogArg[]) { LOG_MSG (msgid), __VA_ARGS__ __VA_OPT__(,) LOG_END })
#define log_line_c(self, context, msgid, ...) \
  log_entry ((self), NULL, (const LogArg[]) { { .kind = LOG_ARG_MESSAGE, .s = (msgid), .t = (context) }, \
                                               __VA_ARGS__ __VA_OPT__(,) LOG_END })
#define log_count(self, one, many, count, ...) \
  log_entry ((self), NULL, (const LogArg[]) { LOG_PLURAL (one, many, count), __VA_ARGS__ __VA_OPT__(,) LOG_END })
#define log_count_about(self, target, one, many, count, ...) \
  log_entry ((self), (target), (const LogArg[]) { LOG_PLURAL (one, many, count), __VA_ARGS__ __VA_OPT__(,) LOG_END })
/* What each file lends the others, file by file. Every name carries the
 * area of the file that defines it (cards_…, quests_…, json_…, and game_… for
 * pen-game.c), so that a call says where to look. The action kinds'
 * AREA_NAME_check(), AREA_NAME_apply(), AREA_NAME_to_json() and
 * AREA_NAME_from_json() are the rows of the table in pen-game.c;
 * AREA_offer_…() are the areas' listers. A rule area's section
 * begins with the type of its state, the member of struct _PenGame (below)
 * that its file alone writes into a save, reads, copies and checks. */

/* pen-game-automa.c */

/* The solo mode's Automa (docs/design-automa.md). */
typedef struct
{
  const PenAutomaVariant *variant;              /* NULL: no Automa */
  int                player;                    /* -1: no Automa */
  gboolean           light;                     /* its worldview */
  GPtrArray         *cells[PEN_AUTOMA_N_CELLS]; /* Artifact ids, bottom first */
  GPtrArray         *cards;                     /* Discipline cards it took */
  /* Sapphire's and Amber's content (spec §9), by PenAutomaContent: the deck
   * (top first), the face-up cards (the Dungeon row, the Ritual market; left
   * first) and the cards the Automa took. Empty for the other Automas. */
  GPtrArray         *content_deck[PEN_AUTOMA_N_CONTENT];
  GPtrArray         *content_open[PEN_AUTOMA_N_CONTENT];
  GPtrArray         *content_taken[PEN_AUTOMA_N_CONTENT];
} AutomaState;

void automa_state_init (AutomaState *state);
void automa_state_clear (AutomaState *state);
void automa_state_copy (AutomaState *copy, const AutomaState *state);
void automa_state_to_json (PenGame *self, JsonBuilder *b);
gboolean automa_state_from_json (PenGame *self, JsonObject *root, GError **error);
gboolean automa_state_check (PenGame *self, GError **error);
guint automa_level (PenGame *self);
void automa_restock (PenGame *self);
void automa_deal_content (PenGame *self, gboolean shuffle);
guint automa_board_points (PenGame *self);
void automa_turn_apply (PenGame *self, const PenAction *action);

/* pen-game-cards.c */

/* Wizard cards: the decks and markets, the cards each Wizard holds, the
 * gaining and buying under way, and the state of the card effects under way
 * (pen-game-effects.c). */
typedef struct
{
  GPtrArray         *decks[PEN_N_DECKS];        /* ids, top first */
  char              *market[PEN_N_DECKS][2];    /* Class markets in play, Brewery, Shop */
  GArray            *owned[PEN_MAX_PLAYERS];    /* of OwnedCard */
  guint              to_gain;
  int                gain_deck;                 /* the deck to gain from, or -1: any Discipline */
  int                buy_market;                /* Brewery, Shop, or -1: either (Rest) */
  guint              buys_left;
  guint              discount;                  /* Persuade: Ingredients off this placement's buying */
  const PenCard     *equip_new;                 /* an Artifact waiting for its cell */
  CardEffect         effect;
  /* Launch: the last card applied, while nothing else has happened since. */
  const PenCard     *last_card;
  guint              chain_length;
  gboolean           exchange_from_card;
  const PenCard     *threat_card;               /* a card waiting for its Threat */
  guint              threat_card_bonus;
  gboolean           ignore_dice_in_threat;
  gboolean           dead_water_wound;
  gboolean           rest_brew;
  gboolean           rest_buy;
} CardsState;

void cards_state_init (CardsState *state);
void cards_state_clear (CardsState *state);
void cards_state_copy (CardsState *copy, const CardsState *state);
void cards_state_to_json (PenGame *self, JsonBuilder *b);
gboolean cards_state_from_json (PenGame *self, JsonObject *root, GError **error);
gboolean cards_state_check (PenGame *self, GError **error);
GArray *cards_owned (PenGame *self);
OwnedCard *cards_owned_card (PenGame *self, guint index);
gboolean cards_owns_name (PenGame *self, const char *name);
const PenCard *cards_find (PenGame *self, const char *id);
gboolean cards_deck_has_market (PenGame *self, int deck);
void cards_refill_market (PenGame *self, int deck);
gboolean cards_can_take_from (PenGame *self, int deck, int place);
gboolean cards_gain_deck_allows (PenGame *self, int deck);
void cards_start_gain (PenGame *self, guint n, int deck, AfterCard after);
void cards_take_card_apply (PenGame *self, const PenAction *action);
void cards_discounted_price (PenGame *self, const PenCard *card, guint price[PEN_N_INGREDIENTS]);
void cards_setup (PenGame *self);
void cards_unrotate (PenGame *self, guint index);
void cards_buy_card_apply (PenGame *self, const PenAction *action);
void cards_keep_equipment_apply (PenGame *self, const PenAction *action);
void cards_offer_actions (Lister *lister);
void cards_offer_artifact_discards (Lister *lister);
void cards_discard_owned (PenGame *self, guint index);
gboolean cards_discard_artifact_check (PenGame *self, const PenAction *action, GError **error);
void cards_discard_artifact_apply (PenGame *self, const PenAction *action);
void cards_discard_artifact_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean cards_discard_artifact_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean cards_take_card_check (PenGame *self, const PenAction *action, GError **error);
void cards_take_card_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean cards_take_card_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean cards_buy_card_check (PenGame *self, const PenAction *action, GError **error);
void cards_buy_card_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean cards_buy_card_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean cards_finish_buying_check (PenGame *self, const PenAction *action, GError **error);
void cards_finish_buying_apply (PenGame *self, const PenAction *action);
gboolean cards_keep_equipment_check (PenGame *self, const PenAction *action, GError **error);
void cards_keep_equipment_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean cards_keep_equipment_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean cards_summon_from_market_check (PenGame *self, const PenAction *action, GError **error);
void cards_summon_from_market_apply (PenGame *self, const PenAction *action);
void cards_summon_from_market_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean cards_summon_from_market_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);

/* pen-game-dice.c */
gboolean dice_counts_as (const PenDie *die, int spark_colour, PenDiscipline colour);
gboolean dice_counts_for_cell (const PenDie *die, int spark_colour, PenDiscipline colour);
PenDie dice_make (PenDieKind kind, PenDiscipline colour);
void dice_gain_new (PenGame *self, PenDieKind kind, PenDiscipline colour);
void dice_gain_from_locations (PenGame *self, PenDieKind kind, PenDiscipline colour);
int dice_to_take_back (PenGame *self, int location, int section, int cell);
void dice_take_back_owed (PenGame *self, gboolean ask);
void dice_wait_for_take_back (PenGame *self);
GArray *dice_take_back_cells (PenGame *self);
void dice_offer_take_backs (Lister *lister);
gboolean dice_take_back_check (PenGame *self, const PenAction *action, GError **error);
void dice_take_back_apply (PenGame *self, const PenAction *action);
void dice_gain_ingredients (PenGame *self, PenIngredient ingredient, guint amount);
void dice_roll_resource (PenGame *self, guint n_dice);
gboolean dice_check_supply_die (PenGame *self, int die, GError **error);
gboolean dice_manipulate_check (PenGame *self, const PenAction *action, GError **error);
gboolean dice_exchange_check (PenGame *self, const PenAction *action, GError **error);
void dice_manipulate_apply (PenGame *self, const PenAction *action);
void dice_exchange_apply (PenGame *self, const PenAction *action);
void dice_exchange_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean dice_exchange_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean dice_finish_exchange_check (PenGame *self, const PenAction *action, GError **error);
void dice_finish_exchange_apply (PenGame *self, const PenAction *action);
void dice_offer_die_actions (Lister *lister, guint die);
void dice_offer_exchanges (Lister *lister);
void dice_knock_out_apply (PenGame *self, const PenAction *action);
void dice_knock_out_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean dice_knock_out_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean dice_hurry_check (PenGame *self, const PenAction *action, GError **error);
void dice_hurry_apply (PenGame *self, const PenAction *action);
void dice_manipulate_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean dice_manipulate_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean dice_bind_check (PenGame *self, const PenAction *action, GError **error);
void dice_bind_apply (PenGame *self, const PenAction *action);
gboolean dice_bribe_check (PenGame *self, const PenAction *action, GError **error);
void dice_bribe_apply (PenGame *self, const PenAction *action);
void dice_bribe_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean dice_bribe_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);

/* pen-game-effects.c */
gboolean effects_card_threat_can_start (PenGame *self, const PenCard *card, GError **error);
void effects_apply_card (PenGame *self, const PenCard *card, guint strength_bonus);
gboolean effects_check_timing (PenGame *self, PenTiming timing, gboolean resting_allowed, GError **error);
gboolean effects_works_by_itself (const PenCard *card);
gboolean effects_card_suppressed (PenGame *self, const OwnedCard *owned, GError **error);
gboolean effects_vigilance_allows (PenGame *self, gboolean in_chain, GError **error);
gboolean effects_ingredients_available (PenGame *self, const PenCard *card, GError **error);
gboolean effects_property_to_cancel (PenGame *self, const PenCard *card, GError **error);
gboolean effects_threat_allows (PenGame *self, const PenCard *card, GError **error);
gboolean effects_use_card_check (PenGame *self, const PenAction *action, GError **error);
guint effects_card_blood (PenGame *self, const PenAction *action);
gboolean effects_continues_chain (PenGame *self, const PenAction *action);
gboolean effects_open_event_picks (PenGame *self);
void effects_open_card (PenGame *self, PenPending before);
void effects_card_threat_done (PenGame *self, int outer_threat);
void effects_use_card_apply (PenGame *self, const PenAction *action);
gboolean effects_card_token_check (PenGame *self, const PenAction *action, GError **error);
void effects_card_token_apply (PenGame *self, const PenAction *action);
gboolean effects_finish_card_check (PenGame *self, const PenAction *action, GError **error);
void effects_finish_card_apply (PenGame *self, const PenAction *action);
gboolean effects_has_after_roll_card (PenGame *self);
void effects_trigger_condition (PenGame *self, PenCondition condition);
void effects_use_card_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean effects_use_card_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
void effects_card_token_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean effects_card_token_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
/* Whether an effect of @card counts Marks ("for each ... Mark"), which Empower strengthens. */
gboolean effects_card_is_enhanced (const PenCard *card);
/* Pays @cost with the dice of @mask and the Ingredients; only checks when @pay is FALSE. */
gboolean effects_cost_payable (PenGame *self, const PenCost *cost, guint64 mask, gboolean pay, GError **error);

/* pen-game-fate.c */

/* The Fate deck in play and the game's ending. */
typedef struct
{
  GPtrArray         *deck;         /* of card ids, top first */
  GPtrArray         *trial_row;
  GPtrArray         *in_play;      /* Prophecies and Goals */
  int                final_turns_left;  /* -1 until a Prophecy triggers the end */
  gboolean           end_triggered_this_turn;
  gboolean           over;
  char              *ending_prophecy;   /* the Prophecy that triggered the end, or NULL */
  /* The Fate cards revealed, in order, and the log line naming each. */
  GPtrArray         *reveals;      /* of Fate card ids */
  GArray            *reveal_lines; /* of guint: indices in log */
} FateState;

void fate_state_init (FateState *state);
void fate_state_clear (FateState *state);
void fate_state_copy (FateState *copy, const FateState *state);
/* The deck, the Trial row and the cards in play; then, later in the save,
 * the ending and the reveals (which name lines of the log). */
void fate_state_to_json (PenGame *self, JsonBuilder *b);
void fate_ending_to_json (PenGame *self, JsonBuilder *b);
gboolean fate_state_from_json (PenGame *self, JsonObject *root, GError **error);
gboolean fate_ending_from_json (PenGame *self, JsonObject *root, GError **error);
gboolean fate_state_check (PenGame *self, GError **error);
const PenFateCard *fate_fulfilled_prophecy (PenGame *self);
void fate_check_prophecies (PenGame *self);
void fate_change_marks (PenGame *self, guint amount, PenMarkState from, PenMarkState to);
void fate_reveal_card (PenGame *self);
const char *fate_name (PenGame *self, const char *id);

/* pen-game-json.c: writing and reading the areas' states, and the action
 * kinds' members */
const char *json_safe_string (JsonObject *object, const char *name, const char *fallback);
const char *json_valid_text (const char *text);
gboolean json_safe_boolean (JsonObject *object, const char *name, gboolean fallback);
void json_put_int (JsonBuilder *b, const char *name, gint64 value);
void json_put_string (JsonBuilder *b, const char *name, const char *value);
void json_put_boolean (JsonBuilder *b, const char *name, gboolean value);
void json_put_dice (JsonBuilder *b, const char *name, guint64 mask);
gboolean json_member_int (JsonObject *object, const char *name, int min, int max, int *out, GError **error);
gboolean json_member_id (JsonObject *object, const char *name, const char **ids, guint n_ids, int *out, GError **error);
gboolean json_member_discipline (JsonObject *object, const char *name, int *out, GError **error);
gboolean json_member_ingredient (JsonObject *object, const char *name, int *out, GError **error);
gboolean json_member_dice (JsonNode *node, guint64 *mask, GError **error);
void json_add_die (JsonBuilder *b, const PenDie *die);
void json_add_strings (JsonBuilder *b, const char *name, GPtrArray *strings);
void json_add_uints (JsonBuilder *b, const char *name, const guint *values, guint n);
/* @value, or null when it is NULL. */
void json_add_nullable (JsonBuilder *b, const char *name, const char *value);
/* The save format's ids of PenPending, in its order. */
extern const char *json_pending_ids[17];
gint64 json_save_version (JsonObject *root);
gboolean json_bad_save (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
JsonNode *json_get_member (JsonObject *object, const char *name, JsonNodeType type, GError **error);
gboolean json_get_int (JsonObject *object, const char *name, gint64 min, gint64 max, gint64 *out, GError **error);
gboolean json_get_bool (JsonObject *object, const char *name, gboolean *out, GError **error);
gboolean json_get_choice (JsonObject *object, const char *name, const char **ids, guint n_ids, guint *out, GError **error);
gboolean json_read_die (JsonNode *node, PenDie *die, GError **error);

/* What the ids of a list read back must name. */
typedef enum
{
  IDS_FATE,        /* Fate card ids */
  IDS_CONTRACT,    /* Contract ids */
  IDS_PASSED,      /* "light:" or "darkness:" and a Trial id */
  IDS_CARD,        /* Wizard card ids */
  IDS_EXAM,        /* the Automa's content, in the order of PenAutomaContent */
  IDS_DUNGEON,
  IDS_RITUAL,
} IdKind;

gboolean json_id_is_valid (PenGame *self, IdKind kind, const char *id);
/* Reads the texts of the list @name into @out, each an id of @kind. */
gboolean json_read_strings (JsonObject *object, const char *name, GPtrArray *out, PenGame *self, IdKind kind, GError **error);
/* Reads exactly @n numbers, 0 to @max, from the list @name. */
gboolean json_read_uints (JsonObject *object, const char *name, guint *out, guint n, guint max, GError **error);

/* pen-game-log.c */
void log_entry (PenGame *self, const PenLogTarget *target, const LogArg *args);
void log_before_change (PenGame *self);
char *log_render_args (PenGame *self, const LogArg *args);
void log_to_json (PenGame *self, JsonBuilder *b);
gboolean log_from_json (PenGame *self, JsonArray *log, gint64 version, GError **error);

/* pen-game-locations.c */
gboolean locations_place_check (PenGame *self, const PenAction *action, GError **error);
gboolean locations_knock_out_check (PenGame *self, const PenAction *action, GError **error);
gboolean locations_check_cell (PenGame *self, int location, int section, int cell, GError **error);
void locations_cell_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean locations_cell_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean locations_use_location_check (PenGame *self, const PenAction *action, GError **error);
void locations_place_apply (PenGame *self, const PenAction *action);
void locations_roll_placed_resource_dice (PenGame *self);
void locations_use_location_apply (PenGame *self, const PenAction *action);
void locations_offer_placements (Lister *lister, guint die);
void locations_die_in_cell_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean locations_die_in_cell_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
void locations_place_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean locations_place_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean locations_skip_location_check (PenGame *self, const PenAction *action, GError **error);
void locations_skip_location_apply (PenGame *self, const PenAction *action);

/* pen-game-marks.c */
void marks_gain (PenGame *self, gboolean spark, PenDiscipline discipline);
guint marks_left (PenGame *self, gboolean spark, PenDiscipline discipline);
void marks_spend_blood (PenGame *self, guint amount);
gboolean marks_check_blood (PenGame *self, const PenAction *action, GError **error);
void marks_offer_paying_blood (Lister *lister, PenAction *action);
gboolean marks_heal_check (PenGame *self, const PenAction *action, GError **error);
gboolean marks_use_mark_check (PenGame *self, const PenAction *action, GError **error);
void marks_heal_apply (PenGame *self, const PenAction *action);
void marks_use_mark_apply (PenGame *self, const PenAction *action);
void marks_offer_heals (Lister *lister);
void marks_heal_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean marks_heal_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
void marks_use_mark_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean marks_use_mark_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);

/* pen-game-pending.c */

/* What popping a frame of the pending stack returns to, and how: the frame
 * beneath it, after the frame's own resume (pending_resumes[] of
 * pen-game-pending.c). A frame set rather than pushed (a step of the turn's
 * own choice) has PENDING_RESUME_NONE. */
typedef enum
{
  PENDING_RESUME_NONE,
  PENDING_RESUME_CARD,         /* a card gained or bought: back to what it interrupted */
  PENDING_RESUME_REWARD,       /* a card gained for a reward: the rest of the reward */
  PENDING_RESUME_EFFECT,       /* a card's effect that waits: back to what it interrupted */
  PENDING_RESUME_EVENT,        /* an Event's picks: the end of the turn follows */
  PENDING_RESUME_CARD_THREAT,  /* a card's own Threat; arg: the Threat prepared meanwhile */
  PENDING_RESUME_BIND,         /* Bind's Contract: back to the placement */
  PENDING_RESUME_TAKE_BACK,    /* the dice owed by Rest effects */
  PENDING_RESUME_WOUND_THREAT, /* the Phylactery's choice: the Threat's dice go on */
  PENDING_RESUME_WOUND_TRAP,   /* the failed Trial's turn ends */
  PENDING_RESUME_WOUND_DEAD_WATER,  /* the turn ends */
} PendingResume;

#define PENDING_N_RESUMES (PENDING_RESUME_WOUND_DEAD_WATER + 1)
#define PENDING_MAX_FRAMES 16
/* A save holds at most this many, leaving room for the choices pushed over
 * them in play (each kind of interruption at most once or twice). */
#define PENDING_MAX_SAVED 8

/* A frame: what the game waits for, and what it returns to. */
typedef struct
{
  PenPending    kind;
  PendingResume resume;
  int           arg;          /* CARD_THREAT: the Threat prepared meanwhile (threat_pack()) */
} PendingFrame;

/* What a save of version 5 or earlier kept, beside the pending choice, in
 * separate slots: what each kind of interruption returns to, as last left.
 * pen-game-turn.c and pen-game-cards.c read them from such a save, and
 * pending_state_from_slots() builds the stack from them; play never reads
 * them. */
typedef struct
{
  PenPending    card;         /* "card-resume" */
  gboolean      after_reward; /* "after-reward" */
  PenPending    effect;       /* "effect": "resume" */
  PenPending    threat_card;  /* "threat-card-resume" */
  int           outer_threat; /* "outer-threat", threat_pack()ed */
  PenPending    bind;         /* "turn": "resume" */
  PenPending    take_back;    /* "take-back": "resume" */
  WoundSource   wound_from;   /* "wound-from" */
} PendingSlots;

/* What the game waits for: a stack of frames, the bottom one the turn's own
 * (none, a placement's section, a Contract, a task...); turn.pending is the
 * top one's kind, which only this file writes. */
typedef struct
{
  PendingFrame  frames[PENDING_MAX_FRAMES];
  guint         depth;        /* at least 1 */
  /* While a gained card is given, the resume of its choice's frame, lifted
   * off meanwhile (cards_take_card_apply()); else PENDING_RESUME_NONE. */
  PendingResume lifted;
  PendingSlots  v5;           /* only while an older save is read */
} PendingState;

void pending_state_init (PendingState *state);
gboolean pending_state_check (PenGame *self, GError **error);
void pending_state_to_json (PenGame *self, JsonBuilder *b);
gboolean pending_state_from_json (PenGame *self, JsonObject *root, gint64 version, GError **error);
gboolean pending_state_from_slots (PenGame *self, gint64 version, GError **error);
void pending_reset (PenGame *self, PenPending kind);
void pending_set (PenGame *self, PenPending kind);
void pending_push (PenGame *self, PenPending kind, PendingResume resume, int arg);
PendingFrame pending_pop (PenGame *self);
void pending_resume (PenGame *self);
void pending_resume_with (PenGame *self, int value);
void pending_continue (PenGame *self, PendingResume resume, int arg, int value);
PendingFrame *pending_top (PenGame *self);
PenPending pending_beneath (PenGame *self);
/* What the pending choice lets through (pending_row()): the action kinds
 * (bits of PenActionType; 0: all, each checked by its own rule), whether an
 * Artifact may be discarded meanwhile, and the refusal of the others. */
typedef struct
{
  guint64       allows;
  gboolean      artifacts;
  const char   *refusal;
} PendingGate;

const PendingGate *pending_gate (PenGame *self);
void pending_list (Lister *lister);
int threat_pack (const Threat *threat);
void threat_unpack (int packed, Threat *threat);

/* pen-game-quests.c */

/* Contracts and Trials: the Guild, what each Wizard reserved, fulfilled and
 * passed, and the Contract or Trial being attempted. */
typedef struct
{
  GPtrArray         *contract_deck;               /* ids, top first */
  char              *contract_row[N_CONTRACT_SLOTS];  /* left to right; NULL: empty */
  GPtrArray         *bind_offer;    /* the top Contracts of the deck, looked at by Bind */
  GPtrArray         *reserved_contracts[PEN_MAX_PLAYERS];
  GPtrArray         *fulfilled_contracts[PEN_MAX_PLAYERS];
  GPtrArray         *passed_trials[PEN_MAX_PLAYERS];   /* "light:id" or "darkness:id" */
  char              *reserved_trial[PEN_MAX_PLAYERS];
  Quest              attempt;
} QuestsState;

void quests_state_init (QuestsState *state);
void quests_state_clear (QuestsState *state);
void quests_state_copy (QuestsState *copy, const QuestsState *state);
/* The Guild and Bind's offer; a player's own members; the attempt: each
 * where the save has it. */
void quests_state_to_json (PenGame *self, JsonBuilder *b);
void quests_player_to_json (PenGame *self, guint player, JsonBuilder *b);
void quests_attempt_to_json (PenGame *self, JsonBuilder *b);
gboolean quests_state_from_json (PenGame *self, JsonObject *root, GError **error);
gboolean quests_player_from_json (PenGame *self, guint player, JsonObject *object, GError **error);
gboolean quests_state_check (PenGame *self, GError **error);
const PenContract *quests_find_contract (PenGame *self, const char *id);
const PenTrial *quests_find_trial (PenGame *self, const char *id);
void quests_deal_contracts (PenGame *self);
void quests_refill_contract_row (PenGame *self);
void quests_refresh_contract_row (PenGame *self);
const PenTask *quests_current_task (PenGame *self);
LogArg quests_current_task_arg (PenGame *self);
const PenTask *quests_find_task (PenGame *self, const LogArg *task);
gboolean quests_trial_has_property (PenGame *self, PenPropertyKind kind, guint *x);
gboolean quests_property_acting (PenGame *self, int index);
gboolean quests_any_property_acting (PenGame *self, GError **error);
void quests_cancel_property (PenGame *self, int index);
gboolean quests_ring_can_help (PenGame *self, RingHelp help, GError **error);
void quests_clear (PenGame *self);
gboolean quests_card_in_place (PenGame *self);
char *quests_take_card (PenGame *self);
void quests_succeeded (PenGame *self);
void quests_continue_reward (PenGame *self);
void quests_finish (PenGame *self);
void quests_failed (PenGame *self);
void quests_end_failed_trial (PenGame *self, gboolean wounded);
void quests_begin_task (PenGame *self);
void quests_threat_done (PenGame *self);
void quests_begin (PenGame *self, QuestKind kind, const char *id, int source);
/* The dice a mask of the supply names: one bit per die, at most 64. On the
 * stack, not in a GArray: a card's cost is checked with them at most
 * listings. */
typedef struct
{
  guint  len;
  PenDie dice[64];
} MaskDice;

gboolean quests_mask_dice (PenGame *self, guint64 mask, MaskDice *out);
gboolean quests_check_task_dice (PenGame *self, const PenTask *task, const MaskDice *dice, GError **error);
void quests_count_experience (PenGame *self, guint player, guint experience[PEN_N_EXPERIENCES]);
gboolean quests_task_do_check (PenGame *self, const PenAction *action, GError **error);
guint quests_task_blood (PenGame *self);
gboolean quests_task_roll (PenGame *self, guint *sum);
void quests_discard_task_dice (PenGame *self);
void quests_task_do_apply (PenGame *self, const PenAction *action);
void quests_discard_mask (PenGame *self, guint64 mask);
void quests_task_dice_apply (PenGame *self, const PenAction *action);
void quests_reserve_apply (PenGame *self, const PenAction *action);
void quests_offer_actions (Lister *lister);
gboolean quests_choose_contract_check (PenGame *self, const PenAction *action, GError **error);
void quests_choose_contract_apply (PenGame *self, const PenAction *action);
void quests_choose_contract_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_choose_contract_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean quests_start_trial_check (PenGame *self, const PenAction *action, GError **error);
void quests_start_trial_apply (PenGame *self, const PenAction *action);
void quests_start_trial_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_start_trial_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean quests_choose_path_check (PenGame *self, const PenAction *action, GError **error);
void quests_choose_path_apply (PenGame *self, const PenAction *action);
void quests_choose_path_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_choose_path_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean quests_task_dice_check (PenGame *self, const PenAction *action, GError **error);
void quests_task_dice_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_task_dice_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean quests_give_up_check (PenGame *self, const PenAction *action, GError **error);
void quests_give_up_apply (PenGame *self, const PenAction *action);
gboolean quests_rift_discard_check (PenGame *self, const PenAction *action, GError **error);
void quests_rift_discard_apply (PenGame *self, const PenAction *action);
void quests_rift_discard_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_rift_discard_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean quests_reserve_check (PenGame *self, const PenAction *action, GError **error);
void quests_reserve_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_reserve_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean quests_choose_colour_check (PenGame *self, const PenAction *action, GError **error);
void quests_choose_colour_apply (PenGame *self, const PenAction *action);
void quests_choose_colour_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_choose_colour_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean quests_use_talent_check (PenGame *self, const PenAction *action, GError **error);
void quests_use_talent_apply (PenGame *self, const PenAction *action);
void quests_use_talent_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean quests_use_talent_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);

/* pen-game-scoring.c */
void scoring_tally_light_darkness (PenGame *self, guint player, guint *light, guint *darkness);
void scoring_summarize (PenGame *self, guint player, PenWizardSummary *out);

/* pen-game-setup.c */
void setup_choose_talent_apply (PenGame *self, const PenAction *action);
void setup_shuffle_strings (PenRng *rng, const char **items, guint n);
void setup_players (PenGame *self);
gboolean setup_load_data (PenGame *self, GError **error);
void setup_offer_talents (Lister *lister);
gboolean setup_choose_talent_check (PenGame *self, const PenAction *action, GError **error);
void setup_choose_talent_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean setup_choose_talent_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);

/* pen-game-threat.c */

typedef struct
{
  Threat             current;
  /* What each die of the last Threat did, until the next action that is not
   * part of that Threat (pen_game_get_threat_outcomes()). */
  PenThreatOutcome   outcomes[PEN_MAX_THREAT_DICE];
  guint              n_outcomes;
} ThreatState;

void threat_state_to_json (PenGame *self, JsonBuilder *b);
gboolean threat_state_from_json (PenGame *self, JsonObject *root, GError **error);
gboolean threat_state_check (PenGame *self, GError **error);
void threat_start (PenGame *self, guint n_dice, gboolean uncancellable, ThreatSource source);
guint threat_targets (PenGame *self, guint value, int *targets);
void threat_resolve_die (PenGame *self, int target);
void threat_distribute (PenGame *self);
void threat_discard_dice (PenGame *self, guint n);
gboolean threat_in_progress (PenGame *self);
gboolean threat_gain_mortal_wound (PenGame *self, WoundSource from);
void threat_offer_mortal_wound (Lister *lister);
gboolean threat_mortal_wound_check (PenGame *self, const PenAction *action, GError **error);
void threat_mortal_wound_apply (PenGame *self, const PenAction *action);
void threat_mortal_wound_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean threat_mortal_wound_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
void threat_roll (PenGame *self);
void threat_offer_targets (Lister *lister);
gboolean threat_defend_check (PenGame *self, const PenAction *action, GError **error);
void threat_defend_apply (PenGame *self, const PenAction *action);
void threat_defend_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean threat_defend_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);
gboolean threat_roll_check (PenGame *self, const PenAction *action, GError **error);
void threat_roll_apply (PenGame *self, const PenAction *action);
gboolean threat_target_check (PenGame *self, const PenAction *action, GError **error);
void threat_target_apply (PenGame *self, const PenAction *action);
void threat_target_to_json (PenGame *self, const PenAction *action, JsonBuilder *b);
gboolean threat_target_from_json (PenGame *self, JsonObject *object, PenAction *action, GError **error);

/* pen-game-turn.c */

/* The turn: whose, of which kind; the placement under way
 * (pen-game-locations.c); Bind and the dice owed by Rest effects
 * (pen-game-dice.c). What the game waits for is the pending stack
 * (pen-game-pending.c), whose top kind turn.pending copies. */
typedef struct
{
  guint              current;
  PenTurnType        type;
  guint              placements_left;
  gboolean           hurried;
  gboolean           mortal_wound;    /* gained this turn */
  gboolean           rest_exchange;   /* the Rest thread allowed an exchange */

  PenPending         pending;         /* the top of the pending stack (pen-game-pending.c) */
  guint              blood_marks;     /* while an action is applied: its wounded Marks for Blood */
  int                placed_location;
  int                placed_section;
  gboolean           placed_defend;   /* a Yellow die was placed: -1 Threat die */
  guint              placed_resource_dice;  /* Harvest / Grab, still to roll */
  guint              event_colours_left;    /* an Event's dice of any colour to name */
  gboolean           bind_open;       /* the current placement is in the City, Bind unused */
  /* Dice owed by Rest effects, oldest first, still to take back from the
   * locations (only their kind and colour count). */
  PenDie             take_back[PEN_SAVE_MAX_TAKE_BACKS];
  guint              n_take_back;
} TurnState;

void turn_state_init (TurnState *state);
void turn_state_to_json (PenGame *self, JsonBuilder *b);
gboolean turn_state_from_json (PenGame *self, JsonObject *root, GError **error);
void turn_apply_cell_rest_effects (PenGame *self, guint cell, gboolean resting);
void turn_begin (PenGame *self);
void turn_end (PenGame *self);
void turn_end_after_dead_water (PenGame *self, gboolean wounded);
void turn_finish_end (PenGame *self);
gboolean turn_check_study_or_trial (PenGame *self, GError **error);
void turn_declare_study (PenGame *self);
void turn_rest_apply (PenGame *self, const PenAction *action);
gboolean turn_rest_check (PenGame *self, const PenAction *action, GError **error);
gboolean turn_end_check (PenGame *self, const PenAction *action, GError **error);
void turn_end_apply (PenGame *self, const PenAction *action);

/* pen-game-save.c */
gboolean save_count_ids (GHashTable *seen, GPtrArray *ids, gboolean strip_path);

/* pen-game.c */
gboolean game_is_first_of_its_kind (PenWizardBoard *board, guint index);
/* For the areas' AREA_state_copy(). */
GPtrArray *game_copy_strings (GPtrArray *strings);
GArray *game_copy_array (GArray *array);

/* A game's state: what the game itself holds (its content, its generator,
 * the players' boards, the table, the log, the history and undo), then one
 * member for each rule area's state, whose type is declared above beside
 * the functions of the file that owns its rules and writes it into a save
 * (AREA_state_to_json() and AREA_state_from_json(); pen-game-save.c and
 * pen-game-load.c call them in the save's order), copies it
 * (AREA_state_copy(), for pen_game_copy()) and checks it
 * (AREA_state_check(), for pen_game_check_invariants()):
 *
 *   turn    TurnState    pen-game-turn.c: the turn, the placement under way
 *                        (pen-game-locations.c), Bind and the dice owed by
 *                        Rest effects (pen-game-dice.c)
 *   pending PendingState pen-game-pending.c: what the game waits for, a stack
 *                        of choices (turn.pending is its top one's kind)
 *   threat  ThreatState  pen-game-threat.c: the Threat and what it did
 *   quests  QuestsState  pen-game-quests.c: Contracts and Trials
 *   cards   CardsState   pen-game-cards.c: Wizard cards, and the state of the
 *                        card effects under way (pen-game-effects.c)
 *   automa  AutomaState  pen-game-automa.c: the solo mode's Automa
 *   fate    FateState    pen-game-fate.c: the Fate deck, the Trial row, the
 *                        cards in play, the reveals and the game's ending
 *
 * Everything from def to undo_enabled is the state that a copy takes byte
 * for byte before each area copies what it owns. */
struct _PenGame
{
  GObject            parent_instance;

  const PenBoardDef *def;
  const PenTalents  *talents;
  const PenFateCatalogue *fate_catalogue;
  const PenScoringTable  *scoring;
  const PenResourceDie *resource_die;
  const PenQuests   *quest_catalogue;
  const PenCards    *card_catalogue;
  PenRng            *rng;
  guint64            seed;
  /* How the game was set up, for replaying it from the seed. */
  gboolean           first_game;
  int                worldview_asked;      /* -1: at random */

  /* The players (setup: their Talents; the turn: their turns and Rests). */
  guint              n_players;
  PenWizardBoard    *players[PEN_MAX_PLAYERS];
  char              *talent[PEN_MAX_PLAYERS];
  char              *dealt[PEN_MAX_PLAYERS][2];
  guint              turns_taken[PEN_MAX_PLAYERS];
  gboolean           must_rest[PEN_MAX_PLAYERS];

  guint              n_locations;
  PenLocation       *locations[PEN_N_CLASSES + PEN_MAX_LOCATIONS];
  const PenLocationDef *loc_defs[PEN_N_CLASSES + PEN_MAX_LOCATIONS];   /* their layouts, for speed */

  TurnState          turn;
  PendingState       pending;
  ThreatState        threat;
  QuestsState        quests;
  CardsState         cards;
  AutomaState        automa;
  FateState          fate;

  GArray            *log;          /* of LogEntry */
  GArray            *log_targets;  /* of PenLogTarget, by line; shorter: NONE (not saved) */
  GArray            *history;   /* of PenAction: every action applied, for replay */

  /* Undo: a snapshot before each action since the last random reveal or the
   * start of the turn; redo: the actions undone, last undone last. */
  gboolean           undo_enabled;
  PenUndoStop        undo_stop; /* what emptied undo last */
  GPtrArray         *undo;      /* of JsonNode */
  GArray            *redo;      /* of PenAction */

  /* Not the game's state: room for the actions being listed, kept from
   * one listing to the next; a listing returns a copy of what it kept. A
   * GArray of its own for each listing, grown one g_array_append_vals() at a
   * time, cost a tenth of random self-play's time. */
  PenAction         *listing;
  guint              listing_room;
  /* The same for the ways to pay a cost with dice (pen-game-cards.c), or NULL. */
  GArray            *cost_masks;   /* of guint64 */

  /* Not the game's state either, and never copied: the states the Automa's
   * last turn went through, for a window that tells it line by line
   * (pen_game_set_record_automa_turns(); pen-game-log.c). Off in self-play
   * and in the coach's copies, which only pay the test of a flag. */
  gboolean           record_automa_turns;
  gboolean           recording_steps;  /* while an Automa turn is applied */
  gboolean           step_taken;       /* log_before_change() took the next line's state */
  GPtrArray         *automa_steps;     /* of PenGame: one before each line of the turn, or NULL */
  guint              automa_steps_from; /* the log's length when the turn began */
};

gboolean game_is_solo_wizard (PenGame *self, guint player);

/* Study effects (placements, Primagic marked "during Study", Marks) are open
 * on a Study turn, and on a turn not yet declared, which they make a Study
 * turn. Inlined, as lister_offer() is: listing asks it thousands of times. */
static inline gboolean
game_check_study (PenGame  *self,
                  GError  **error)
{
  if (self->must_rest[self->turn.current])
    return game_refuse (error, _("After a Mortal Wound your next turn must be Rest."));
  if (self->turn.type != PEN_TURN_STUDY && self->turn.type != PEN_TURN_UNDECLARED)
    return game_refuse (error, _("This can be done only on a Study turn."));
  return TRUE;
}

gboolean game_check_candidate (PenGame *self, const PenAction *action, GError **error);

/* Keeps @action, checked, in the list. */
static inline void
lister_keep (Lister          *lister,
             const PenAction *action)
{
  PenGame *self = lister->game;

  if (G_UNLIKELY (lister->n_kept == self->listing_room))
    {
      self->listing_room = MAX (64, 2 * self->listing_room);
      self->listing = g_renew (PenAction, self->listing, self->listing_room);
    }
  self->listing[lister->n_kept++] = *action;
}

/* Listing checks thousands of candidates: this one is inlined. */
static inline void
lister_offer (Lister          *lister,
              const PenAction *action)
{
  if (game_check_candidate (lister->game, action, NULL))
    lister_keep (lister, action);
}

static inline PenWizardBoard *
game_current_board (PenGame *self)
{
  return self->players[self->turn.current];
}

static inline const PenSectionDef *
game_section_def (PenGame *self,
                  int      location,
                  int      section)
{
  return &self->loc_defs[location]->sections[section];
}

static inline PenArea
game_location_area (PenGame *self,
                    int      location)
{
  return self->loc_defs[location]->area;
}

G_END_DECLS
