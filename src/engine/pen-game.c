/* pen-game.c: a game of Penumbra: Trials of Arcana, and its rules.
 *
 * Every change to a game is an action: pen_game_check_action() says whether it
 * is legal now (and why not, in the player's words), pen_game_apply() carries
 * it out, and pen_game_list_actions() lists what is legal, by generating the
 * candidates and keeping those the one checker accepts, so the list and the
 * checks can never disagree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-automa.h"
#include "pen-cards.h"
#include "pen-data.h"
#include "pen-error.h"
#include "pen-fate-deck.h"
#include "pen-quest.h"
#include "pen-game.h"
#include "pen-resource-die.h"
#include "pen-talents.h"

/* The cost of each manipulation in Crystals (rulebook, "Primagic", MANIPULATE). */
static const guint manipulation_cost[] = {
  [PEN_MANIPULATE_REROLL] = 1,
  [PEN_MANIPULATE_INCREASE] = 2,
  [PEN_MANIPULATE_DECREASE] = 2,
  [PEN_MANIPULATE_FLIP] = 2,
  [PEN_MANIPULATE_RECOLOUR] = 3,
};

/* A card's name as players read it: the Russian cards' names come from ru.po
 * ("card name" context; build-aux/card-names.py). */
#define CARD_NAME(name) g_dpgettext2 (GETTEXT_PACKAGE, "card name", (name))

#define HEAL_FRUITS 2
#define RUINS_THREAT 1
#define RUINS_BLOOD 2
#define SANCTUARY_BLOOD 1

typedef enum
{
  THREAT_FOR_RUINS,
  THREAT_FOR_QUEST,        /* the Threat of a Contract or a Trial */
  THREAT_FOR_WITHSTAND,    /* the task "withstand Threat" */
  THREAT_FOR_RETALIATION,  /* after a Trial's reward */
  THREAT_FOR_CARD,         /* a card whose requirement is a Threat */
} ThreatSource;

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

/* A card's effects that wait for the player: manipulations, exchanges. */
typedef struct
{
  guint    tokens[6];          /* by PenManipulation / PEN_MANIPULATE_SET */
  guint    colours;            /* dice "of any colour" to name */
  guint    temporary_colours;  /* of which temporary */
  guint    threat_adjust;      /* Threat dice to adjust */
  guint    exchange_give[PEN_N_INGREDIENTS];
  guint    exchange_take[PEN_N_INGREDIENTS];
  gboolean exchange_open;      /* "any number of times" */
  gboolean convert;            /* "Convert Ingredients any number of times" */
} CardEffect;

/* PEN_ACTION_CARD_TOKEN values beyond the manipulations. */
#define PEN_TOKEN_COLOUR 6
#define PEN_TOKEN_EXCHANGE 7
#define PEN_TOKEN_THREAT_UP 8
#define PEN_TOKEN_THREAT_DOWN 9

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
  gboolean  ring;          /* the Whispering Ring helps this Catch */
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

struct _PenGame
{
  GObject            parent_instance;

  const PenBoardDef *def;
  const PenTalents  *talents;
  const PenFateCatalogue *fate;
  const PenScoringTable  *scoring;
  const PenResourceDie *resource_die;
  PenRng            *rng;
  guint64            seed;
  /* How the game was set up, for replaying it from the seed. */
  gboolean           first_game;
  int                worldview_asked;      /* -1: at random */

  guint              n_players;
  PenWizardBoard    *players[PEN_MAX_PLAYERS];
  char              *talent[PEN_MAX_PLAYERS];
  char              *dealt[PEN_MAX_PLAYERS][2];
  guint              turns_taken[PEN_MAX_PLAYERS];
  gboolean           must_rest[PEN_MAX_PLAYERS];

  guint              n_locations;
  PenLocation       *locations[PEN_N_CLASSES + PEN_MAX_LOCATIONS];
  const PenLocationDef *loc_defs[PEN_N_CLASSES + PEN_MAX_LOCATIONS];   /* their layouts, for speed */

  GPtrArray         *fate_deck;    /* of card ids, top first */
  GPtrArray         *trial_row;
  GPtrArray         *in_play;      /* Prophecies and Goals */

  /* The turn. */
  guint              current;
  PenTurnType        turn_type;
  guint              placements_left;
  gboolean           hurried;
  gboolean           mortal_wound_this_turn;
  gboolean           rest_exchange;   /* the Rest thread allowed an exchange */

  PenPending         pending;
  int                placed_location;
  int                placed_section;
  gboolean           placed_defend;   /* a Yellow die was placed: -1 Threat die */
  guint              placed_resource_dice;  /* Harvest / Grab, still to roll */
  guint              event_colours_left;    /* an Event's dice of any colour to name */
  Threat             threat;

  /* Contracts and Trials. */
  const PenQuests   *quests;
  GPtrArray         *contract_deck;               /* ids, top first */
  char              *contract_row[N_CONTRACT_SLOTS];  /* left to right; NULL: empty */
  GPtrArray         *reserved_contracts[PEN_MAX_PLAYERS];
  GPtrArray         *fulfilled_contracts[PEN_MAX_PLAYERS];
  GPtrArray         *passed_trials[PEN_MAX_PLAYERS];   /* "light:id" or "darkness:id" */
  char              *reserved_trial[PEN_MAX_PLAYERS];
  Quest              quest;
  gboolean           bind_open;     /* the current placement is in the City, Bind unused */
  PenPending         resume;        /* what Bind interrupted */
  GPtrArray         *bind_offer;    /* the top Contracts of the deck, looked at by Bind */

  /* Wizard cards. */
  const PenCards    *cards;
  GPtrArray         *decks[PEN_N_DECKS];        /* ids, top first */
  char              *market[PEN_N_DECKS][2];    /* Class markets in play, Brewery, Shop */
  GArray            *owned[PEN_MAX_PLAYERS];    /* of OwnedCard */
  guint              cards_to_gain;
  int                gain_deck;                 /* the deck to gain from, or -1: any Discipline */
  AfterCard          after_card;
  PenPending         card_resume;
  int                buy_market;                /* Brewery, Shop, or -1: either (Rest) */
  guint              buys_left;
  guint              discount;                  /* Persuade: Ingredients off this placement's buying */
  const PenCard     *equip_new;                 /* an Artifact waiting for its cell */
  CardEffect         effect;
  PenPending         effect_resume;
  /* Launch: the last card applied, while nothing else has happened since. */
  const PenCard     *last_card;
  guint              chain_length;
  gboolean           exchange_from_card;
  const PenCard     *threat_card;               /* a card waiting for its Threat */
  guint              threat_card_bonus;
  PenPending         threat_card_resume;        /* what the card's Threat interrupted */
  Threat             outer_threat;              /* a Threat being prepared meanwhile */
  gboolean           ignore_dice_in_threat;
  gboolean           dead_water_wound;
  gboolean           rest_brew;
  gboolean           rest_buy;

  /* Solo mode: the Automa (docs/design-automa.md). */
  const PenAutomaVariant *automa;
  int                automa_player;            /* -1: no Automa */
  gboolean           automa_light;             /* its worldview */
  GPtrArray         *automa_cells[PEN_AUTOMA_N_CELLS];   /* Artifact ids, bottom first */
  GPtrArray         *automa_cards;             /* Discipline cards it took */

  int                final_turns_left;  /* -1 until a Prophecy triggers the end */
  gboolean           end_triggered_this_turn;
  gboolean           over;

  GPtrArray         *log;
  GArray            *history;   /* of PenAction: every action applied, for replay */

  /* Undo: a snapshot before each action since the last random reveal or the
   * start of the turn; redo: the actions undone, last undone last. */
  gboolean           undo_enabled;
  GPtrArray         *undo;      /* of JsonNode */
  GArray            *redo;      /* of PenAction */
};

G_DEFINE_FINAL_TYPE (PenGame, pen_game, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Sets a PEN_ERROR_ILLEGAL error with @message (taken) and returns FALSE. */
static gboolean
refuse_with (GError **error,
             char    *message)
{
  g_set_error_literal (error, PEN_ERROR, PEN_ERROR_ILLEGAL, message);
  g_free (message);
  return FALSE;
}

/* For one-line refusals. The message is only translated and formatted when
 * the caller wants it: listing the legal actions checks thousands of
 * candidates and asks for no message. */
#define refuse(error, ...) \
  ((error) != NULL ? refuse_with ((error), g_strdup_printf (__VA_ARGS__)) : FALSE)

static void log_line (PenGame *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
log_line (PenGame    *self,
          const char *format,
          ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (self->log, g_strdup_vprintf (format, args));
  va_end (args);
}

static PenWizardBoard *
current_board (PenGame *self)
{
  return self->players[self->current];
}

static const PenSectionDef *
section_def (PenGame *self,
             int      location,
             int      section)
{
  return &self->loc_defs[location]->sections[section];
}

static PenArea
location_area (PenGame *self,
               int      location)
{
  return self->loc_defs[location]->area;
}

/* A Spark die counts as the one colour its owner names for it; any other die
 * as its own colour, or none. */
static gboolean
die_counts_as (const PenDie  *die,
               int            spark_colour,
               PenDiscipline  colour)
{
  if (die->kind == PEN_DIE_KIND_SPARK)
    return spark_colour == (int) colour;
  return pen_die_counts_as (die, colour);
}

/* A Spark die meets a colour cell when it is named that colour, or named
 * none (then it takes the colour the cell asks for). */
static gboolean
die_counts_for_cell (const PenDie  *die,
                     int            spark_colour,
                     PenDiscipline  colour)
{
  if (die->kind == PEN_DIE_KIND_SPARK)
    return spark_colour < 0 || spark_colour == (int) colour;
  return pen_die_counts_as (die, colour);
}

static PenDie
make_die (PenDieKind    kind,
          PenDiscipline colour)
{
  PenDie die = { .kind = kind, .colour = kind == PEN_DIE_KIND_COLOURED ? colour : 0, .value = 1 };

  return die;
}

/* Rulebook, "Dice": gaining a die takes it from the common supply and rolls it. */
static void
gain_new_die (PenGame       *self,
              PenDieKind     kind,
              PenDiscipline  colour)
{
  PenDie die = make_die (kind, colour);
  g_autofree char *text = NULL;

  pen_die_roll (&die, self->rng);
  pen_wizard_board_add_die (current_board (self), &die);
  text = pen_die_describe (&die);
  log_line (self, _("Gained a die: %s."), text);
}

/* Rulebook, "Rest effects": a die of a kind is taken from those placed in
 * locations if possible, or else from the common supply. Of the placed dice the
 * engine takes the one showing most (docs/rules-assumptions.md); it keeps its face. */
static void
gain_die_from_locations (PenGame       *self,
                         PenDieKind     kind,
                         PenDiscipline  colour)
{
  PenLocation *best_location = NULL;
  guint best_section = 0, best_index = 0;
  int best_cell = 0;
  int best_value = 0;
  PenDie die;
  g_autofree char *text = NULL;

  for (guint l = 0; l < self->n_locations; l++)
    {
      const PenLocationDef *def = self->loc_defs[l];

      for (guint s = 0; s < def->n_sections; s++)
        for (int c = -1; c < (int) def->sections[s].n_cells; c++)
          for (guint i = 0; i < pen_location_get_n_dice (self->locations[l], s, c); i++)
            {
              const PenDie *placed = pen_location_get_die (self->locations[l], s, c, i);

              if (placed->kind == kind
                  && (kind != PEN_DIE_KIND_COLOURED || placed->colour == colour)
                  && placed->value > best_value)
                {
                  best_location = self->locations[l];
                  best_section = s;
                  best_cell = c;
                  best_index = i;
                  best_value = placed->value;
                }
            }
    }

  if (best_location == NULL)
    {
      gain_new_die (self, kind, colour);
      return;
    }

  die = pen_location_take_die (best_location, best_section, best_cell, best_index);
  die.temporary = FALSE;
  pen_wizard_board_add_die (current_board (self), &die);
  text = pen_die_describe (&die);
  log_line (self, _("Took a die back from the table: %s."), text);
}

static void
gain_ingredients (PenGame       *self,
                  PenIngredient  ingredient,
                  guint          amount)
{
  guint gained = pen_wizard_board_gain_ingredient (current_board (self), ingredient, amount);

  if (gained < amount)
    log_line (self, _("Gained %u %s (%u more would pass the limit of %d and went back)."),
              gained, pen_ingredient_get_name (ingredient), amount - gained, PEN_INGREDIENT_CAP);
  else
    log_line (self, _("Gained %u %s."), gained, pen_ingredient_get_name (ingredient));
}

/* Rulebook, "Ingredients", RESOURCE DIE: all the Ingredients of one or more
 * Resource dice arrive at once. */
static void
roll_resource_dice (PenGame *self,
                    guint    n_dice)
{
  guint total[PEN_N_INGREDIENTS] = { 0 };

  for (guint d = 0; d < n_dice; d++)
    {
      guint gains[PEN_N_INGREDIENTS];

      pen_resource_die_roll (self->resource_die, self->rng, gains);
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        total[i] += gains[i];
    }
  log_line (self, ngettext ("Rolled %u Resource die.", "Rolled %u Resource dice.", n_dice), n_dice);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (total[i] > 0)
      gain_ingredients (self, i, total[i]);
}

static void
recharge_marks (PenGame *self)
{
  PenWizardBoard *board = current_board (self);

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      PenMark mark = *pen_wizard_board_get_mark (board, c);

      if (mark.occupied && mark.state == PEN_MARK_DISCHARGED)
        {
          mark.state = PEN_MARK_CHARGED;
          pen_wizard_board_set_mark (board, c, &mark);
        }
    }
}

/* Applies one Rest effect. @colour is the Mark's, for a coloured die. Brewing,
 * exchanging and buying are "only during Rest". */
static void unrotate (PenGame *self, guint index);

static void
apply_rest_effect (PenGame       *self,
                   PenRestEffect  effect,
                   PenDiscipline  colour,
                   gboolean       resting)
{
  switch (effect)
    {
    case PEN_REST_UNEXHAUST_ALL:
      for (guint i = 0; i < self->owned[self->current]->len; i++)
        if (g_array_index (self->owned[self->current], OwnedCard, i).rotated)
          unrotate (self, i);
      break;
    case PEN_REST_COLOURED_DIE:
      gain_die_from_locations (self, PEN_DIE_KIND_COLOURED, colour);
      break;
    case PEN_REST_RECHARGE_MARKS:
      recharge_marks (self);
      log_line (self, _("Recharged all Marks."));
      break;
    case PEN_REST_SPARK_DIE:
      gain_die_from_locations (self, PEN_DIE_KIND_SPARK, 0);
      break;
    case PEN_REST_BONE_DIE:
      gain_die_from_locations (self, PEN_DIE_KIND_BONE, 0);
      break;
    case PEN_REST_EXCHANGE_INGREDIENTS:
      if (resting)
        self->rest_exchange = TRUE;
      break;
    case PEN_REST_BREW_POTIONS:
      if (resting)
        self->rest_brew = TRUE;
      break;
    case PEN_REST_BUY_POTION_OR_ARTIFACT:
      if (resting)
        self->rest_buy = TRUE;
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
apply_cell_rest_effects (PenGame  *self,
                         guint     cell,
                         gboolean  resting)
{
  const PenMarkCellDef *def = &self->def->mark_cells[cell];
  const PenMark *mark = pen_wizard_board_get_mark (current_board (self), cell);

  for (guint i = 0; i < def->n_rest; i++)
    apply_rest_effect (self, def->rest[i], mark->discipline, resting);
}

/* Rulebook, "Gaining Marks". */
static void
gain_mark (PenGame       *self,
           gboolean       spark,
           PenDiscipline  discipline)
{
  PenWizardBoard *board = current_board (self);
  int cell = pen_wizard_board_next_free_cell (board, spark);
  PenMark mark = { .occupied = TRUE, .discipline = spark ? 0 : discipline, .state = PEN_MARK_CHARGED };

  g_assert (cell >= 0);
  pen_wizard_board_set_mark (board, cell, &mark);
  if (spark)
    log_line (self, _("Gained a Spark Mark."));
  else
    log_line (self, _("Gained a %s Mark."), pen_discipline_get_name (discipline));
  apply_cell_rest_effects (self, cell, FALSE);
}

static guint
marks_left (PenGame       *self,
            gboolean       spark,
            PenDiscipline  discipline)
{
  guint used = 0;

  for (guint p = 0; p < self->n_players; p++)
    used += spark ? pen_wizard_board_count_spark_marks (self->players[p])
                  : pen_wizard_board_count_marks (self->players[p], discipline);
  return (spark ? self->def->mark_supply_spark : self->def->mark_supply_discipline) - used;
}

/* ---- Threat (rulebook, "Threat") ---------------------------------------- */

static void end_turn (PenGame *self);
static gboolean has_after_roll_card (PenGame *self);
static gboolean take_mortal_wound (PenGame *self);
static void apply_card_effects (PenGame *self, const PenCard *card, guint strength_bonus);
static void open_card_effect (PenGame *self, PenPending before);
static char *take_quest_card (PenGame *self);
static void clear_quest (PenGame *self);
static void quest_threat_done (PenGame *self);
static void quest_succeeded (PenGame *self);

static void
start_threat (PenGame      *self,
              guint         n_dice,
              gboolean      uncancellable,
              ThreatSource  source)
{
  memset (&self->threat, 0, sizeof self->threat);
  self->threat.n_dice = MIN (n_dice, PEN_MAX_THREAT_DICE);
  self->threat.uncancellable = uncancellable;
  self->threat.source = source;
  self->pending = PEN_PENDING_THREAT;
  log_line (self, ngettext ("Threat: %u die to roll.", "Threat: %u dice to roll.", n_dice), n_dice);
}

/* The distinct targets a Threat die of @value may hit: dice of the supply first,
 * then non-wounded Marks. Identical dice count once; the caller takes the first
 * of them. Returns the number of choices written to @targets. */
static guint
threat_targets (PenGame *self,
                guint    value,
                int     *targets)
{
  PenWizardBoard *board = current_board (self);
  guint n = 0;

  for (guint i = 0; i < pen_wizard_board_get_n_dice (board) && !self->ignore_dice_in_threat; i++)
    {
      const PenDie *die = pen_wizard_board_get_die (board, i);
      gboolean seen = FALSE;

      if (die->value != value)
        continue;
      for (guint t = 0; t < n; t++)
        {
          const PenDie *other = pen_wizard_board_get_die (board, targets[t]);

          seen |= other->kind == die->kind && other->colour == die->colour
                  && other->temporary == die->temporary;
        }
      if (!seen)
        targets[n++] = (int) i;
    }
  if (n > 0)
    return n;

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = pen_wizard_board_get_mark (board, c);

      if (mark->occupied && mark->state != PEN_MARK_WOUNDED
          && self->def->mark_cells[c].die_value == value)
        targets[n++] = PEN_THREAT_TARGET_MARK + (int) c;
    }
  return n;
}

static gboolean
has_wounded_mark_of_value (PenGame *self,
                           guint    value)
{
  PenWizardBoard *board = current_board (self);

  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = pen_wizard_board_get_mark (board, c);

      if (mark->occupied && mark->state == PEN_MARK_WOUNDED
          && self->def->mark_cells[c].die_value == value)
        return TRUE;
    }
  return FALSE;
}

/* Resolves the first remaining Threat die against @target (a supply die index,
 * or PEN_THREAT_TARGET_MARK + cell), or, with @target < 0, as a miss or a
 * Mortal Wound when nothing matches. */
static void
resolve_threat_die (PenGame *self,
                    int      target)
{
  PenWizardBoard *board = current_board (self);
  guint value = self->threat.values[0];

  memmove (self->threat.values, self->threat.values + 1,
           (self->threat.n_values - 1) * sizeof (guint));
  self->threat.n_values--;

  if (target >= PEN_THREAT_TARGET_MARK)
    {
      guint cell = target - PEN_THREAT_TARGET_MARK;
      PenMark mark = *pen_wizard_board_get_mark (board, cell);

      mark.state = PEN_MARK_WOUNDED;
      pen_wizard_board_set_mark (board, cell, &mark);
      if (pen_wizard_board_is_spark_cell (cell))
        log_line (self, _("Threat %u wounds a Spark Mark."), value);
      else
        log_line (self, _("Threat %u wounds a %s Mark."), value,
                  pen_discipline_get_name (mark.discipline));
    }
  else if (target >= 0)
    {
      PenDie die = pen_wizard_board_take_die (board, target);
      g_autofree char *text = pen_die_describe (&die);

      log_line (self, _("Threat %u knocks out a die: %s."), value, text);
    }
  else if (has_wounded_mark_of_value (self, value))
    {
      if (self->mortal_wound_this_turn)
        log_line (self, _("Threat %u would be a second Mortal Wound this turn: it has no effect."), value);
      else if (take_mortal_wound (self))
        {
          self->threat.mortal = TRUE;
          log_line (self, _("Threat %u falls on a wounded Mark: a Mortal Wound."), value);
        }
    }
  else
    log_line (self, _("Threat %u misses."), value);
}

/* After the roll: resolves Threat dice for as long as no choice is needed.
 * Then finishes the Threat and what it was for. */
static void
distribute_threat (PenGame *self)
{
  while (self->threat.n_values > 0)
    {
      int targets[PEN_N_MARK_CELLS + 64];
      guint n = threat_targets (self, self->threat.values[0], targets);

      if (n > 1)
        return;   /* the player chooses: PEN_ACTION_THREAT_TARGET */
      resolve_threat_die (self, n == 1 ? targets[0] : -1);
    }

  self->pending = PEN_PENDING_NONE;

  /* The Mortal Wound card: "After the current Threat roll: Your turn is over.
   * Discard all dice. Your next turn is Rest." */
  if (self->threat.mortal)
    {
      /* A Trial met with a Mortal Wound leaves the game; a Contract stays. */
      if (self->quest.kind == QUEST_TRIAL && self->threat.source != THREAT_FOR_RETALIATION)
        {
          g_free (take_quest_card (self));
          log_line (self, _("The Trial leaves the game."));
        }
      clear_quest (self);
      pen_wizard_board_clear_dice (current_board (self));
      self->must_rest[self->current] = TRUE;
      log_line (self, _("The Mortal Wound ends the turn: all dice are discarded, and the next turn is Rest."));
      end_turn (self);
      return;
    }

  switch (self->threat.source)
    {
    case THREAT_FOR_RUINS:
      gain_ingredients (self, PEN_INGREDIENT_BLOOD, RUINS_BLOOD);
      break;
    case THREAT_FOR_QUEST:
      quest_threat_done (self);
      break;
    case THREAT_FOR_WITHSTAND:
      quest_succeeded (self);
      break;
    case THREAT_FOR_RETALIATION:
      clear_quest (self);
      break;
    case THREAT_FOR_CARD:
      {
        const PenCard *card = self->threat_card;

        /* Back to what the card interrupted: a Threat being prepared, a placement... */
        self->threat_card = NULL;
        self->pending = self->threat_card_resume;
        if (self->pending == PEN_PENDING_THREAT)
          self->threat = self->outer_threat;
        apply_card_effects (self, card, self->threat_card_bonus);
        open_card_effect (self, self->pending);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* ---- Turns (rulebook, "Turn Sequence") ---------------------------------- */

static void
begin_turn (PenGame *self)
{
  self->turn_type = PEN_TURN_UNDECLARED;
  /* "First turn: one placement." */
  self->placements_left = self->turns_taken[self->current] == 0 ? 1 : 2;
  self->hurried = FALSE;
  self->mortal_wound_this_turn = FALSE;
  self->rest_exchange = FALSE;
  self->pending = PEN_PENDING_NONE;
  self->placed_location = -1;
  self->placed_section = -1;
  self->placed_defend = FALSE;
  self->placed_resource_dice = 0;
  self->rest_brew = FALSE;
  self->rest_buy = FALSE;
  self->exchange_from_card = FALSE;
  self->ignore_dice_in_threat = FALSE;
  self->last_card = NULL;
  self->chain_length = 0;
  self->discount = 0;
  if ((int) self->current == self->automa_player)
    log_line (self, _("The Automa's turn."));
  else
    log_line (self, _("Turn of player %u."), self->current + 1);
}

static void summarize (PenGame *self, guint player, PenWizardSummary *out);

/* Rulebook, "End of the game": when any Prophecy in play is fulfilled, the
 * current player finishes the turn, then everyone takes one more turn. */
static void
check_prophecies (PenGame *self)
{
  PenWizardSummary wizards[PEN_MAX_PLAYERS];

  if (self->final_turns_left >= 0 || self->n_locations == 0)
    return;
  for (guint p = 0; p < self->n_players; p++)
    summarize (self, p, &wizards[p]);
  for (guint i = 0; i < self->in_play->len; i++)
    {
      const PenFateCard *card = pen_fate_catalogue_lookup (self->fate, g_ptr_array_index (self->in_play, i));

      if (pen_fate_card_get_kind (card) == PEN_FATE_KIND_PROPHECY
          && pen_fate_card_prophecy_is_fulfilled (card, wizards, self->n_players, self->fate_deck->len))
        {
          self->final_turns_left = (int) self->n_players;
          self->end_triggered_this_turn = TRUE;
          log_line (self, _("The Prophecy %s is fulfilled: everyone takes one more turn."),
                    CARD_NAME (pen_fate_card_get_name (card)));
          return;
        }
    }
}

/* The first @amount Marks in @from state become @to (leftmost first: a fixed
 * choice, see docs/rules-assumptions.md); healed Marks give their Rest effect. */
static void
change_marks (PenGame      *self,
              guint         amount,
              PenMarkState  from,
              PenMarkState  to)
{
  PenWizardBoard *board = current_board (self);

  for (guint c = 0; c < PEN_N_MARK_CELLS && amount > 0; c++)
    {
      PenMark mark = *pen_wizard_board_get_mark (board, c);

      if (!mark.occupied || mark.state != from)
        continue;
      mark.state = to;
      pen_wizard_board_set_mark (board, c, &mark);
      amount--;
      if (from == PEN_MARK_WOUNDED)
        {
          log_line (self, _("A Mark is healed."));
          apply_cell_rest_effects (self, c, FALSE);
        }
    }
}

/* One effect of an Event for the current player (set by the caller). */
static void
apply_event_effect (PenGame              *self,
                    const PenEventEffect *effect)
{
  switch (effect->op)
    {
    case PEN_EVENT_ROLL_RESOURCE_DICE:
      roll_resource_dice (self, effect->amount);
      break;
    case PEN_EVENT_GAIN_INGREDIENT:
      gain_ingredients (self, effect->ingredient, effect->amount);
      break;
    case PEN_EVENT_GAIN_DIE:
      for (guint i = 0; i < effect->amount; i++)
        if (effect->any_colour)
          self->event_colours_left++;
        else
          gain_new_die (self, effect->die_kind, effect->die_colour);
      break;
    case PEN_EVENT_HEAL:
      change_marks (self, effect->amount, PEN_MARK_WOUNDED, PEN_MARK_CHARGED);
      break;
    case PEN_EVENT_RECHARGE_MARKS:
      change_marks (self, effect->amount, PEN_MARK_DISCHARGED, PEN_MARK_CHARGED);
      break;
    case PEN_EVENT_GAIN_CARD:
    default:
      log_line (self, _("No card to gain: the card set is not in the game yet."));
      break;
    }
}

/* "You" is the player who revealed the Event; "all" includes them. A die "of
 * any colour" for the revealing player waits for their choice. */
static void
apply_event (PenGame           *self,
             const PenFateCard *card)
{
  guint n_effects;
  const PenEventEffect *effects = pen_fate_card_get_event_effects (card, &n_effects);
  guint revealer = self->current;

  for (guint i = 0; i < n_effects; i++)
    for (guint p = 0; p < self->n_players; p++)
      {
        guint colours_before = self->event_colours_left;

        if ((effects[i].target == PEN_EVENT_TARGET_YOU && p != revealer) || (int) p == self->automa_player)
          continue;   /* the Automa ignores Events (spec §5) */
        self->current = p;
        apply_event_effect (self, &effects[i]);
        /* Other players' dice of any colour: Bone cannot stand in, so they
         * gain a Spark die, the one die that is any colour (assumptions). */
        if (p != revealer)
          for (; self->event_colours_left > colours_before; self->event_colours_left--)
            gain_new_die (self, PEN_DIE_KIND_SPARK, 0);
      }
  self->current = revealer;
  if (self->event_colours_left > 0)
    self->pending = PEN_PENDING_COLOUR;
}

/* Rulebook, "The Fate deck in play": one card after each Trial or Rest turn. */
static void
reveal_fate_card (PenGame *self)
{
  const PenFateCard *info;
  char *card;

  if (self->fate_deck->len == 0)
    return;
  card = g_ptr_array_steal_index (self->fate_deck, 0);
  info = pen_fate_catalogue_lookup (self->fate, card);
  log_line (self, _("Fate card revealed: %s."), CARD_NAME (pen_fate_card_get_name (info)));
  switch (pen_fate_card_get_kind (info))
    {
    case PEN_FATE_KIND_TRIAL:
      g_ptr_array_add (self->trial_row, card);
      break;
    case PEN_FATE_KIND_PROPHECY:
    case PEN_FATE_KIND_GOAL:
      g_ptr_array_add (self->in_play, card);
      break;
    case PEN_FATE_KIND_EVENT:
    default:
      apply_event (self, info);
      g_free (card);
      break;
    }
  check_prophecies (self);
}

static void refresh_contract_row (PenGame *self);
static void finish_end_turn (PenGame *self);

static void
end_turn (PenGame *self)
{
  guint n;

  /* Dead Water: "At the end of the turn gain and apply a Mortal Wound card." */
  if (self->dead_water_wound)
    {
      self->dead_water_wound = FALSE;
      if (!self->mortal_wound_this_turn && take_mortal_wound (self))
        {
          pen_wizard_board_clear_dice (current_board (self));
          self->must_rest[self->current] = TRUE;
          log_line (self, _("Dead Water's Mortal Wound: all dice are discarded, and the next turn is Rest."));
        }
    }
  n = pen_wizard_board_discard_temporary_dice (current_board (self));

  if (n > 0)
    log_line (self, ngettext ("Discarded %u temporary die.", "Discarded %u temporary dice.", n), n);

  self->pending = PEN_PENDING_NONE;
  if (self->turn_type == PEN_TURN_REST || self->turn_type == PEN_TURN_TRIAL)
    {
      refresh_contract_row (self);
      reveal_fate_card (self);
      if (self->pending == PEN_PENDING_COLOUR)
        return;   /* finish_end_turn() follows the colour choice */
    }
  finish_end_turn (self);
}

/* A Prophecy's condition is checked when a turn ends: a condition met during
 * the turn lets the turn finish as usual either way. */
static void
finish_end_turn (PenGame *self)
{
  check_prophecies (self);
  self->bind_open = FALSE;

  self->turns_taken[self->current]++;
  self->pending = PEN_PENDING_NONE;

  /* The turn in which the end was triggered is finished as usual and does not
   * count as one of the last turns. */
  if (self->end_triggered_this_turn)
    self->end_triggered_this_turn = FALSE;
  else if (self->final_turns_left > 0)
    self->final_turns_left--;
  if (self->final_turns_left == 0)
    {
      self->over = TRUE;
      log_line (self, _("The game is over."));
      return;
    }

  self->current = (self->current + 1) % self->n_players;
  begin_turn (self);
}

/* ---- Contracts and Trials (rulebook, "Contracts and Trials") ---------------- */

static const PenContract *
find_contract (PenGame    *self,
               const char *id)
{
  const PenContract *contract = pen_quests_find_contract (self->quests, id);

  g_assert (contract != NULL);
  return contract;
}

static const PenTrial *
find_trial (PenGame    *self,
            const char *id)
{
  const PenTrial *trial = pen_quests_find_trial (self->quests, id);

  g_assert (trial != NULL);
  return trial;
}

static const char *
fate_name (PenGame    *self,
           const char *id)
{
  const PenFateCard *card = pen_fate_catalogue_lookup (self->fate, id);

  return card != NULL ? CARD_NAME (pen_fate_card_get_name (card)) : id;
}

/* Rulebook, "Setup", Common play area, step 4: Difficulty 1 Contracts fill the
 * Guild from the right; Difficulty 2 ones go to the bottom of the deck. */
static void
deal_contracts (PenGame *self)
{
  guint tries = self->contract_deck->len;

  for (int slot = N_CONTRACT_SLOTS - 1; slot >= 0 && tries > 0; tries--)
    {
      char *id = g_ptr_array_steal_index (self->contract_deck, 0);

      if (find_contract (self, id)->difficulty == 1)
        self->contract_row[slot--] = id;
      else
        g_ptr_array_add (self->contract_deck, id);
    }
}

/* "After a Contract leaves the Guild, shift the remaining Contracts to the
 * right. Reveal a new Contract card and add it in the vacated leftmost place." */
static void
refill_contract_row (PenGame *self)
{
  for (int slot = N_CONTRACT_SLOTS - 1; slot > 0; slot--)
    if (self->contract_row[slot] == NULL)
      for (int from = slot - 1; from >= 0; from--)
        if (self->contract_row[from] != NULL)
          {
            self->contract_row[slot] = self->contract_row[from];
            self->contract_row[from] = NULL;
            break;
          }
  for (int slot = 0; slot < N_CONTRACT_SLOTS && self->contract_deck->len > 0; slot++)
    if (self->contract_row[slot] == NULL)
      self->contract_row[slot] = g_ptr_array_steal_index (self->contract_deck, 0);
}

/* After a Trial or Rest turn: the rightmost Contract goes to the bottom of the
 * deck, the others shift right, and a new one is revealed on the left. */
static void
refresh_contract_row (PenGame *self)
{
  char *rightmost = self->contract_row[N_CONTRACT_SLOTS - 1];

  if (rightmost != NULL)
    {
      g_ptr_array_add (self->contract_deck, rightmost);
      self->contract_row[N_CONTRACT_SLOTS - 1] = NULL;
    }
  refill_contract_row (self);
}

static void
gain_reward (PenGame         *self,
             const PenReward *reward)
{
  for (guint i = 0; i < reward->bone_dice; i++)
    gain_new_die (self, PEN_DIE_KIND_BONE, 0);
  for (guint i = 0; i < reward->spark_dice; i++)
    gain_new_die (self, PEN_DIE_KIND_SPARK, 0);
  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    for (guint i = 0; i < reward->coloured_dice[c]; i++)
      gain_new_die (self, PEN_DIE_KIND_COLOURED, c);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (reward->ingredients[i] > 0)
      gain_ingredients (self, i, reward->ingredients[i]);
  memcpy (self->quest.reward_cards, reward->cards, sizeof reward->cards);
  if (reward->light > 0)
    log_line (self, ngettext ("%u step toward Light.", "%u steps toward Light.", reward->light), reward->light);
  if (reward->darkness > 0)
    log_line (self, ngettext ("%u step toward Darkness.", "%u steps toward Darkness.", reward->darkness),
              reward->darkness);
  self->quest.colours_left = reward->any_colour_dice;
}

static const PenTask dead_water_task = {
  .kind = PEN_TASK_DISCARD_DICE_SUM,
  .dice = { .spark_only = TRUE },
  .sum = 1,
};

static const PenTask *
current_task (PenGame *self)
{
  const PenTrial *trial;
  const PenTrialPath *path;

  if (self->quest.kind == QUEST_CONTRACT)
    return &find_contract (self, self->quest.id)->task;
  trial = find_trial (self, self->quest.id);
  if (!self->quest.shield_done)
    for (guint i = 0; i < trial->n_properties; i++)
      if (trial->properties[i].kind == PEN_PROPERTY_SHIELD && !(self->quest.cancelled & (1u << i)))
        return &trial->properties[i].shield;
  /* Dead Water: "Replace the task of any path in the Trial with 'Spark 1+'". */
  if (self->quest.dead_water)
    return &dead_water_task;
  path = self->quest.path == 0 ? &trial->darkness : &trial->light;
  return &path->tasks[self->quest.task];
}

static gboolean
trial_has_property (PenGame         *self,
                    PenPropertyKind  kind,
                    guint           *x)
{
  const PenTrial *trial;

  if (self->quest.kind != QUEST_TRIAL)
    return FALSE;
  trial = find_trial (self, self->quest.id);
  for (guint i = 0; i < trial->n_properties; i++)
    if (trial->properties[i].kind == kind && !(self->quest.cancelled & (1u << i)))
      {
        if (x != NULL)
          *x = trial->properties[i].x;
        return TRUE;
      }
  return FALSE;
}

static void
clear_quest (PenGame *self)
{
  g_clear_pointer (&self->quest.id, g_free);
  memset (&self->quest, 0, sizeof self->quest);
  self->quest.path = -1;
}

/* Takes the attempted card out of the row or the reserve it came from. */
static char *
take_quest_card (PenGame *self)
{
  char *id = NULL;

  if (self->quest.kind == QUEST_CONTRACT)
    {
      if (self->quest.source >= PEN_RESERVED)
        id = g_ptr_array_steal_index (self->reserved_contracts[self->current],
                                      self->quest.source - PEN_RESERVED);
      else
        {
          id = self->contract_row[self->quest.source];
          self->contract_row[self->quest.source] = NULL;
          refill_contract_row (self);
        }
    }
  else if (self->quest.source >= PEN_RESERVED)
    id = g_steal_pointer (&self->reserved_trial[self->current]);
  else
    id = g_ptr_array_steal_index (self->trial_row, self->quest.source);
  return id;
}

static void finish_quest (PenGame *self);
static void continue_reward (PenGame *self);
static void start_card_gain (PenGame *self, guint n, int deck, AfterCard after);
static void trigger_condition (PenGame *self, PenCondition condition);
static gboolean take_mortal_wound (PenGame *self);

static void
quest_succeeded (PenGame *self)
{
  log_line (self, _("The task is fulfilled."));
  if (self->quest.kind == QUEST_CONTRACT)
    gain_reward (self, &find_contract (self, self->quest.id)->reward);
  else
    {
      const PenTrial *trial = find_trial (self, self->quest.id);
      guint difficulty = pen_fate_card_get_difficulty (pen_fate_catalogue_lookup (self->fate, trial->id));

      gain_reward (self, self->quest.path == 0 ? &trial->darkness.reward : &trial->light.reward);
      /* Trials of Arcana: a Trial harder than the Wizard's Spark Marks gives one. */
      if (difficulty > pen_wizard_board_count_spark_marks (current_board (self))
          && pen_wizard_board_next_free_cell (current_board (self), TRUE) >= 0
          && marks_left (self, TRUE, 0) > 0)
        gain_mark (self, TRUE, 0);
    }
  continue_reward (self);
}

/* The rest of a reward: cards to choose, then dice colours, then the card
 * goes to the Experience zone. */
static void
continue_reward (PenGame *self)
{
  static const int decks[] = { -1, PEN_DECK_POTIONS, PEN_DECK_ARTIFACTS };

  for (guint kind = 0; kind < G_N_ELEMENTS (decks); kind++)
    if (self->quest.reward_cards[kind] > 0)
      {
        guint n = self->quest.reward_cards[kind];

        self->quest.reward_cards[kind] = 0;
        self->pending = PEN_PENDING_NONE;
        start_card_gain (self, n, decks[kind], AFTER_CARD_REWARD);
        return;
      }
  if (self->quest.colours_left > 0)
    {
      self->pending = PEN_PENDING_COLOUR;
      return;
    }
  finish_quest (self);
}

/* After the reward: the card goes to the Experience zone; a Trial's
 * Retaliation follows. */
static void
finish_quest (PenGame *self)
{
  g_autofree char *id = take_quest_card (self);

  self->pending = PEN_PENDING_NONE;
  if (self->quest.kind == QUEST_CONTRACT)
    {
      log_line (self, _("Contract fulfilled: %s."), CARD_NAME (find_contract (self, id)->name));
      g_ptr_array_add (self->fulfilled_contracts[self->current], g_steal_pointer (&id));
      clear_quest (self);
      trigger_condition (self, PEN_CONDITION_CONTRACT_FULFILLED);
      return;
    }

  g_ptr_array_add (self->passed_trials[self->current],
                   g_strconcat (self->quest.path == 0 ? "darkness:" : "light:", id, NULL));
  log_line (self, _("Trial passed: %s."), fate_name (self, id));
  trigger_condition (self, PEN_CONDITION_TRIAL_PASSED);
  if (find_trial (self, id)->retaliation > 0)
    {
      /* Retaliation is not a Property, and the Trial is already passed. */
      start_threat (self, find_trial (self, id)->retaliation, FALSE, THREAT_FOR_RETALIATION);
      log_line (self, _("Retaliation."));
      return;
    }
  clear_quest (self);
}

/* A failed task: a Contract stays where it was; a Trial leaves the game and
 * the turn ends (with a Mortal Wound if the Trial has a Trap). */
static void
quest_failed (PenGame *self)
{
  self->pending = PEN_PENDING_NONE;
  if (self->quest.kind == QUEST_CONTRACT)
    {
      log_line (self, _("The task is not fulfilled: the Contract stays."));
      clear_quest (self);
      return;
    }

  log_line (self, _("The Trial is failed and leaves the game."));
  g_free (take_quest_card (self));
  if (trial_has_property (self, PEN_PROPERTY_TRAP, NULL) && !self->mortal_wound_this_turn
      && take_mortal_wound (self))
    {
      PenWizardBoard *board = current_board (self);

      pen_wizard_board_clear_dice (board);
      self->must_rest[self->current] = TRUE;
      log_line (self, _("Trap: a Mortal Wound. All dice are discarded, and the next turn is Rest."));
    }
  clear_quest (self);
  end_turn (self);
}

static void
begin_task (PenGame *self)
{
  const PenTask *task = current_task (self);
  g_autofree char *text = pen_task_describe (task);

  self->pending = PEN_PENDING_TASK;
  log_line (self, _("Task: %s"), text);
}

/* The Threat of the card is over without a Mortal Wound. */
static void
quest_threat_done (PenGame *self)
{
  if (self->quest.kind == QUEST_CONTRACT)
    begin_task (self);
  else
    self->pending = PEN_PENDING_PATH;
}

static void
begin_quest (PenGame    *self,
             QuestKind   kind,
             const char *id,
             int         source)
{
  guint threat;

  clear_quest (self);
  self->quest.kind = kind;
  self->quest.id = g_strdup (id);
  self->quest.source = source;
  if (kind == QUEST_CONTRACT)
    {
      threat = find_contract (self, id)->threat;
      log_line (self, _("Attempting the Contract %s."), CARD_NAME (find_contract (self, id)->name));
    }
  else
    {
      threat = find_trial (self, id)->threat;
      log_line (self, _("Attempting the Trial %s."), fate_name (self, id));
    }

  if (threat == 0)
    {
      quest_threat_done (self);
      return;
    }
  start_threat (self, threat, FALSE, THREAT_FOR_QUEST);
  if (kind == QUEST_CONTRACT && self->placed_defend)
    {
      self->threat.n_dice--;
      log_line (self, _("Defend: the Yellow die placed here discards 1 Threat die."));
    }
}

/* The dice of @mask, in the current supply; FALSE if one is not there. */
static gboolean
mask_dice (PenGame  *self,
           guint64   mask,
           GArray   *out)
{
  PenWizardBoard *board = current_board (self);
  guint n = pen_wizard_board_get_n_dice (board);

  if (mask == 0 || (n < 64 && (mask >> n) != 0))
    return FALSE;
  for (guint i = 0; i < n && i < 64; i++)
    if (mask & (G_GUINT64_CONSTANT (1) << i))
      {
        if (pen_wizard_board_get_die (board, i)->in_task)
          return FALSE;   /* rolled for the task: not to be spent */
        g_array_append_vals (out, pen_wizard_board_get_die (board, i), 1);
      }
  return TRUE;
}

/* The sum a task asks for: the Whispering Ring takes 6 off when Catching. */
static guint
task_sum (PenGame       *self,
          const PenTask *task)
{
  const PenTrial *trial;

  if (!self->quest.ring || self->quest.kind != QUEST_TRIAL || self->quest.path < 0)
    return task->sum;
  trial = find_trial (self, self->quest.id);
  if ((self->quest.path == 0 ? trial->darkness.approach : trial->light.approach) != PEN_APPROACH_CATCH)
    return task->sum;
  return task->sum > 6 ? task->sum - 6 : 0;
}

/* Rulebook, "Tasks": whether @dice may be given to @task (roll tasks: before
 * the roll). */
static gboolean
check_task_dice (PenGame        *self,
                 const PenTask  *task,
                 GArray         *dice,
                 GError        **error)
{
  guint sum = 0;

  for (guint i = 0; i < dice->len; i++)
    {
      const PenDie *die = &g_array_index (dice, PenDie, i);

      if (!pen_dice_filter_accepts (&task->dice, die->kind, die->colour))
        {
          g_autofree char *text = pen_die_describe (die);

          return refuse (error, _("The task does not take this die: %s."), text);
        }
      sum += die->value;
    }

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_DICE_SUM:
      if (sum < task_sum (self, task))
        return refuse (error, _("These dice add up to %u; the task needs %u or more."), sum, task_sum (self, task));
      return TRUE;
    case PEN_TASK_DISCARD_DICE_EXACT:
      {
        guint wanted[7] = { 0 };

        if (dice->len != task->n_values)
          return refuse (error, ngettext ("The task needs exactly %u die.", "The task needs exactly %u dice.",
                                          task->n_values), task->n_values);
        for (guint i = 0; i < task->n_values; i++)
          wanted[task->values[i]]++;
        for (guint i = 0; i < dice->len; i++)
          if (wanted[g_array_index (dice, PenDie, i).value]-- == 0)
            return refuse (error, _("These dice do not show the values the task asks for."));
        return TRUE;
      }
    case PEN_TASK_ROLL_DICE_SUM:
      if (dice->len != task->count)
        return refuse (error, ngettext ("The task rolls exactly %u die.", "The task rolls exactly %u dice.",
                                        task->count), task->count);
      return TRUE;
    case PEN_TASK_DISCARD_INGREDIENTS:
    case PEN_TASK_WITHSTAND_THREAT:
    case PEN_TASK_HAVE_EXPERIENCE:
    default:
      return refuse (error, _("This task takes no dice."));
    }
}

static void
count_experience (PenGame *self,
                  guint    player,
                  guint    experience[PEN_N_EXPERIENCES])
{
  memset (experience, 0, PEN_N_EXPERIENCES * sizeof (guint));
  for (guint i = 0; i < self->fulfilled_contracts[player]->len; i++)
    {
      const PenContract *c = find_contract (self, g_ptr_array_index (self->fulfilled_contracts[player], i));

      for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
        experience[e] += c->experience[e];
    }
  for (guint i = 0; i < self->passed_trials[player]->len; i++)
    {
      const char *entry = g_ptr_array_index (self->passed_trials[player], i);
      const PenTrial *t = find_trial (self, strchr (entry, ':') + 1);

      for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
        experience[e] += t->experience[e];
    }
  /* Tomes in the Experience zone. */
  for (guint i = 0; i < self->owned[player]->len; i++)
    {
      const OwnedCard *owned = &g_array_index (self->owned[player], OwnedCard, i);

      if (owned->zone == ZONE_EXPERIENCE)
        for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
          experience[e] += owned->card->experience[e];
    }
}

static gboolean task_roll (PenGame *self, guint *sum);

static gboolean
check_task_do (PenGame  *self,
               GError  **error)
{
  const PenTask *task = current_task (self);
  PenWizardBoard *board = current_board (self);
  guint sum;

  /* After the roll: the player is done manipulating, judge it. */
  if (task_roll (self, &sum))
    return TRUE;

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        {
          guint have = i == PEN_INGREDIENT_BLOOD ? pen_wizard_board_get_available_blood (board)
                                                 : pen_wizard_board_get_ingredient (board, i);

          if (have < task->ingredients[i])
            return refuse (error, _("The task needs %u %s."), task->ingredients[i], pen_ingredient_get_name (i));
        }
      return TRUE;
    case PEN_TASK_HAVE_EXPERIENCE:
      {
        guint experience[PEN_N_EXPERIENCES];

        count_experience (self, self->current, experience);
        for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
          if (experience[e] < task->experience[e])
            return refuse (error, _("You need %u %s symbols in your Experience zone."),
                           task->experience[e], pen_experience_get_name (e));
        return TRUE;
      }
    case PEN_TASK_WITHSTAND_THREAT:
      return TRUE;
    case PEN_TASK_DISCARD_DICE_SUM:
    case PEN_TASK_DISCARD_DICE_EXACT:
    case PEN_TASK_ROLL_DICE_SUM:
    default:
      return refuse (error, _("Choose the dice for this task."));
    }
}

/* The dice rolled for the task: their sum, and whether there are any. */
static gboolean
task_roll (PenGame *self,
           guint   *sum)
{
  PenWizardBoard *board = current_board (self);
  gboolean any = FALSE;

  *sum = 0;
  for (guint i = 0; i < pen_wizard_board_get_n_dice (board); i++)
    if (pen_wizard_board_get_die (board, i)->in_task)
      {
        *sum += pen_wizard_board_get_die (board, i)->value;
        any = TRUE;
      }
  return any;
}

/* "Then discard these dice. If the required sum was not reached, the dice are
 * still discarded." */
static void
discard_task_dice (PenGame *self)
{
  PenWizardBoard *board = current_board (self);

  for (guint i = pen_wizard_board_get_n_dice (board); i > 0; i--)
    if (pen_wizard_board_get_die (board, i - 1)->in_task)
      pen_wizard_board_take_die (board, i - 1);
}

static void
apply_task_do (PenGame *self)
{
  const PenTask *task = current_task (self);
  PenWizardBoard *board = current_board (self);
  guint sum;

  if (task_roll (self, &sum))
    {
      guint needed = task_sum (self, task);

      discard_task_dice (self);
      log_line (self, _("The task's dice show %u; it needs %u."), sum, needed);
      if (sum >= needed)
        quest_succeeded (self);
      else
        quest_failed (self);
      return;
    }

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        if (i == PEN_INGREDIENT_BLOOD)
          pen_wizard_board_spend_blood (board, task->ingredients[i]);
        else
          pen_wizard_board_spend_ingredient (board, i, task->ingredients[i]);
      break;
    case PEN_TASK_WITHSTAND_THREAT:
      start_threat (self, task->count, FALSE, THREAT_FOR_WITHSTAND);
      return;
    case PEN_TASK_HAVE_EXPERIENCE:
      break;
    default:
      g_assert_not_reached ();
    }
  quest_succeeded (self);
}

/* Discards the dice of @mask, highest index first so the others keep theirs. */
static void
discard_mask (PenGame *self,
              guint64  mask)
{
  PenWizardBoard *board = current_board (self);

  for (guint i = MIN (pen_wizard_board_get_n_dice (board), 64); i > 0; i--)
    if (mask & (G_GUINT64_CONSTANT (1) << (i - 1)))
      pen_wizard_board_take_die (board, i - 1);
}

static void
apply_task_dice (PenGame *self,
                 guint64  mask)
{
  const PenTask *task = current_task (self);
  gboolean shield = self->quest.kind == QUEST_TRIAL && !self->quest.shield_done
                    && trial_has_property (self, PEN_PROPERTY_SHIELD, NULL);
  guint needed = task_sum (self, task);

  /* Rolled dice are judged when the player says so: "you can use dice
   * manipulation effects ... after rolling the dice in the task". */
  if (task->kind == PEN_TASK_ROLL_DICE_SUM)
    {
      guint sum = 0, n = 0;

      for (guint i = 0; i < 64; i++)
        if (mask & (G_GUINT64_CONSTANT (1) << i))
          {
            PenDie *die = pen_wizard_board_peek_die (current_board (self), i);

            pen_die_roll (die, self->rng);
            die->in_task = TRUE;
            sum += die->value;
            n++;
          }
      (void) needed;
      log_line (self, ngettext ("Rolled %u die for the task: %u in all.", "Rolled %u dice for the task: %u in all.", n),
                n, sum);
      return;
    }

  discard_mask (self, mask);
  if (shield)
    {
      self->quest.shield_done = TRUE;
      log_line (self, _("The Shield is broken."));
      begin_task (self);
      return;
    }
  quest_succeeded (self);
}

/* ---- Wizard cards (rulebook, "Wizard Cards") --------------------------------- */

static void shuffle_strings (PenRng *rng, const char **items, guint n);
static void unrotate (PenGame *self, guint index);
static void cancel_a_property (PenGame *self);
static void apply_special (PenGame *self, const char *name);
static gboolean check_study (PenGame *self, GError **error);
static gboolean check_supply_die (PenGame *self, int die, GError **error);
static void declare_study (PenGame *self);

static GArray *
owned_cards (PenGame *self)
{
  return self->owned[self->current];
}

static OwnedCard *
owned_card (PenGame *self,
            guint    index)
{
  return &g_array_index (owned_cards (self), OwnedCard, index);
}

/* "Two cards with the same name cannot be in your play area." */
static gboolean
owns_name (PenGame    *self,
           const char *name)
{
  GArray *owned = owned_cards (self);

  for (guint i = 0; i < owned->len; i++)
    if (g_str_equal (g_array_index (owned, OwnedCard, i).card->name, name))
      return TRUE;
  return FALSE;
}

static const PenCard *
card_by_id (PenGame    *self,
            const char *id)
{
  const PenCard *card = pen_cards_find (self->cards, id);

  g_assert (card != NULL);
  return card;
}

static int
deck_of (const PenCard *card)
{
  if (card->type == PEN_CARD_POTION)
    return PEN_DECK_POTIONS;
  if (card->type == PEN_CARD_ARTIFACT)
    return PEN_DECK_ARTIFACTS;
  return card->colour;
}

/* Markets: the Classes in play, the Brewery, the Shop. */
static gboolean
deck_has_market (PenGame *self,
                 int      deck)
{
  if (deck >= PEN_DECK_POTIONS)
    return TRUE;
  for (guint i = 0; i < PEN_N_CLASSES && i < self->n_locations; i++)
    if (pen_location_get_discipline (self->locations[i]) == (PenDiscipline) deck)
      return TRUE;
  return FALSE;
}

static void automa_restock (PenGame *self);

static void
refill_market (PenGame *self,
               int      deck)
{
  /* Spec §3: the Shop, too, is refilled from the Automa's Equipment. */
  if (deck == PEN_DECK_ARTIFACTS && (self->market[deck][0] == NULL || self->market[deck][1] == NULL))
    automa_restock (self);
  for (guint slot = 0; slot < 2; slot++)
    if (self->market[deck][slot] == NULL && self->decks[deck]->len > 0)
      self->market[deck][slot] = g_ptr_array_steal_index (self->decks[deck], 0);
}

/* Rulebook, "Cards": a random card the Wizard already has by name is
 * discarded and another drawn, until one can be gained; none: nothing. */
static char *
draw_gainable (PenGame *self,
               int      deck)
{
  for (guint tries = self->decks[deck]->len; tries > 0; tries--)
    {
      char *id = g_ptr_array_steal_index (self->decks[deck], 0);

      if (!owns_name (self, card_by_id (self, id)->name))
        return id;
      g_ptr_array_add (self->decks[deck], id);   /* discarded to the bottom */
    }
  return NULL;
}

static void apply_card_effects (PenGame *self, const PenCard *card, guint strength_bonus);

/* Puts a gained card where it belongs. */
static void
give_card (PenGame       *self,
           const PenCard *card)
{
  OwnedCard owned = { .card = card };

  log_line (self, _("Gained the card %s."), CARD_NAME (card->name));
  switch (card->type)
    {
    case PEN_CARD_SPELL:
    case PEN_CARD_RECIPE:
    case PEN_CARD_SUMMON:
      owned.zone = ZONE_GRIMOIRE;
      break;
    case PEN_CARD_POTION:
      owned.zone = ZONE_INVENTORY;
      break;
    case PEN_CARD_ARTIFACT:
    default:
      if (card->equipment == PEN_EQUIPMENT_NONE)
        {
          /* A Tome: its effect once, then the Experience zone. */
          owned.zone = ZONE_EXPERIENCE;
          g_array_append_val (owned_cards (self), owned);
          apply_card_effects (self, card, 0);
          return;
        }
      for (guint i = 0; i < owned_cards (self)->len; i++)
        if (owned_card (self, i)->zone == ZONE_EQUIPMENT
            && owned_card (self, i)->card->equipment == card->equipment)
          {
            self->equip_new = card;
            self->card_resume = self->pending;
            self->pending = PEN_PENDING_EQUIPMENT;
            return;
          }
      owned.zone = ZONE_EQUIPMENT;
      break;
    }
  g_array_append_val (owned_cards (self), owned);
}

/* Whether the card at @place (0, 1: market; 2: top of the deck) of @deck can
 * be gained now, by name. */
static gboolean
can_take_from (PenGame *self,
               int      deck,
               int      place)
{
  if (place == 2)
    {
      for (guint i = 0; i < self->decks[deck]->len; i++)
        if (!owns_name (self, card_by_id (self, g_ptr_array_index (self->decks[deck], i))->name))
          return TRUE;
      return FALSE;
    }
  return self->market[deck][place] != NULL
         && !owns_name (self, card_by_id (self, self->market[deck][place])->name);
}

/* The decks the card being gained may come from. */
static gboolean
gain_deck_allows (PenGame *self,
                  int      deck)
{
  return self->gain_deck >= 0 ? deck == self->gain_deck : deck < PEN_DECK_POTIONS;
}

static gboolean
any_card_to_take (PenGame *self)
{
  for (int deck = 0; deck < PEN_N_DECKS; deck++)
    for (int place = 0; place < 3 && gain_deck_allows (self, deck); place++)
      if (can_take_from (self, deck, place))
        return TRUE;
  return FALSE;
}

static void continue_reward (PenGame *self);

static void
after_card_gain (PenGame *self)
{
  self->cards_to_gain = 0;
  if (self->pending == PEN_PENDING_EQUIPMENT)
    return;
  if (self->after_card == AFTER_CARD_REWARD)
    {
      self->after_card = AFTER_CARD_RESUME;
      continue_reward (self);
      return;
    }
  self->pending = self->card_resume;
}

/* Starts gaining @n cards "of your choice" from @deck (-1: any Discipline). */
static void
start_card_gain (PenGame   *self,
                 guint      n,
                 int        deck,
                 AfterCard  after)
{
  /* A gain within a gain (a Tome's own "gain a card") keeps where the first
   * one returns to. */
  if (self->cards_to_gain == 0)
    self->after_card = after;
  self->gain_deck = deck;
  if (self->pending != PEN_PENDING_CARD)
    self->card_resume = self->pending;
  self->cards_to_gain += n;
  if (!any_card_to_take (self))
    {
      log_line (self, _("There is no card you can gain."));
      after_card_gain (self);
      return;
    }
  self->pending = PEN_PENDING_CARD;
}

static void
apply_take_card (PenGame *self,
                 int      source)
{
  int deck = source / 3, place = source % 3;
  char *id;

  if (place == 2)
    id = draw_gainable (self, deck);
  else
    {
      id = self->market[deck][place];
      self->market[deck][place] = NULL;
      refill_market (self, deck);
    }
  self->pending = self->card_resume;
  give_card (self, card_by_id (self, id));
  g_free (id);
  if (self->pending == PEN_PENDING_EQUIPMENT)
    {
      self->cards_to_gain--;
      return;
    }
  /* The choice goes on; card_resume still says where to return (a Tome's
   * own "gain a card" may have asked for more meanwhile). */
  if (--self->cards_to_gain > 0 && any_card_to_take (self))
    {
      self->pending = PEN_PENDING_CARD;
      return;
    }
  after_card_gain (self);
}

/* The price after Persuade's discount, which applies to the whole purchase. */
static void
discounted_price (PenGame       *self,
                  const PenCard *card,
                  guint          price[PEN_N_INGREDIENTS])
{
  guint discount = self->discount;

  memcpy (price, card->price, sizeof card->price);
  for (guint i = 0; i < PEN_N_INGREDIENTS && discount > 0; i++)
    while (price[i] > 0 && discount > 0)
      {
        price[i]--;
        discount--;
      }
}

/* Rulebook, "Setup": each Wizard's starting Discipline card from its Talent,
 * then the decks shuffled and the markets laid out. */
static void
setup_cards (PenGame *self)
{
  g_autofree const char **ids = g_new0 (const char *, pen_cards_get_n_cards (self->cards));
  g_autoptr(GHashTable) starting = g_hash_table_new (g_str_hash, g_str_equal);
  guint saved = self->current;

  for (guint p = 0; p < self->n_players; p++)
    {
      const PenTalent *talent = pen_talents_find (self->talents, self->talent[p]);

      if ((int) p == self->automa_player)
        continue;
      self->current = p;
      g_hash_table_add (starting, talent->card);
      give_card (self, card_by_id (self, talent->card));
    }
  self->current = saved;

  for (int deck = 0; deck < PEN_N_DECKS; deck++)
    {
      guint n = 0;

      for (guint i = 0; i < pen_cards_get_n_cards (self->cards); i++)
        if (deck_of (pen_cards_get_card (self->cards, i)) == deck
            && !g_hash_table_contains (starting, pen_cards_get_card (self->cards, i)->id))
          ids[n++] = pen_cards_get_card (self->cards, i)->id;
      shuffle_strings (self->rng, ids, n);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (self->decks[deck], g_strdup (ids[i]));
      if (deck_has_market (self, deck))
        refill_market (self, deck);
    }
}

/* Marks counted by a "for each ... Mark" effect: the Marks of the Discipline,
 * plus what a constant effect adds ("Emerald effects trigger with +2 Marks"). */
static guint
effect_marks (PenGame       *self,
              PenDiscipline  discipline)
{
  guint n = pen_wizard_board_count_marks (current_board (self), discipline);

  for (guint i = 0; i < owned_cards (self)->len; i++)
    {
      const OwnedCard *owned = owned_card (self, i);

      if (owned->rotated || owned->card->requirement != PEN_REQUIRE_CONSTANT
          || (owned->zone != ZONE_EQUIPMENT && owned->zone != ZONE_INVENTORY))
        continue;
      for (guint e = 0; e < owned->card->n_effects; e++)
        if (owned->card->effects[e].op == PEN_EFFECT_BOOST_MARKS
            && owned->card->effects[e].boost_discipline == discipline)
          n += owned->card->effects[e].amount;
    }
  return n;
}

static gboolean
card_is_enhanced (const PenCard *card)
{
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].per_mark)
      return TRUE;
  return FALSE;
}

static gboolean
has_pending_effect (PenGame *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->effect.tokens); i++)
    if (self->effect.tokens[i] > 0)
      return TRUE;
  return self->effect.exchange_open;
}

static void
heal_mark (PenGame *self,
           guint    cell)
{
  PenMark mark = *pen_wizard_board_get_mark (current_board (self), cell);

  mark.state = PEN_MARK_CHARGED;
  pen_wizard_board_set_mark (current_board (self), cell, &mark);
  log_line (self, _("A Mark is healed."));
  apply_cell_rest_effects (self, cell, self->turn_type == PEN_TURN_REST);
}

/* One interpreter for every card (docs/design-cards.md). @strength_bonus is
 * Empower's +2 per Orange die, for effects "for each Mark". */
static void
apply_card_effects (PenGame       *self,
                    const PenCard *card,
                    guint          strength_bonus)
{
  PenWizardBoard *board = current_board (self);

  for (guint i = 0; i < card->n_effects; i++)
    {
      const PenEffect *e = &card->effects[i];
      guint n = e->per_mark ? e->amount * effect_marks (self, e->per_mark_discipline) + strength_bonus : e->amount;

      switch (e->op)
        {
        case PEN_EFFECT_GAIN_INGREDIENT:
          gain_ingredients (self, e->ingredient, n);
          break;
        case PEN_EFFECT_GAIN_DIE:
          for (guint d = 0; d < n; d++)
            if (e->any_colour)
              {
                self->effect.colours++;
                self->effect.temporary_colours += e->temporary;
              }
            else
              {
                PenDie die = make_die (e->die_kind, e->die_colour);

                pen_die_roll (&die, self->rng);
                die.temporary = e->temporary;
                pen_wizard_board_add_die (board, &die);
              }
          break;
        case PEN_EFFECT_ROLL_RESOURCE:
          if (n > 0)
            roll_resource_dice (self, n);
          break;
        case PEN_EFFECT_MANIPULATE:
          self->effect.tokens[e->manipulation] += n;
          break;
        case PEN_EFFECT_EXCHANGE:
          if (e->repeat)
            {
              memcpy (self->effect.exchange_give, e->give, sizeof e->give);
              memcpy (self->effect.exchange_take, e->take, sizeof e->take);
              self->effect.exchange_open = TRUE;
            }
          else
            for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
              {
                if (k == PEN_INGREDIENT_BLOOD)
                  pen_wizard_board_spend_blood (board, e->give[k]);
                else
                  pen_wizard_board_spend_ingredient (board, k, e->give[k]);
                if (e->take[k] > 0)
                  gain_ingredients (self, k, e->take[k]);
              }
          break;
        case PEN_EFFECT_CONVERT:
          self->effect.convert = TRUE;
          break;
        case PEN_EFFECT_HEAL:
          for (guint c = 0, healed = 0; c < PEN_N_MARK_CELLS && (n == 0 || healed < n); c++)
            {
              const PenMark *mark = pen_wizard_board_get_mark (board, c);

              if (mark->occupied && mark->state == PEN_MARK_WOUNDED)
                {
                  heal_mark (self, c);
                  healed++;
                }
            }
          break;
        case PEN_EFFECT_RECHARGE:
          change_marks (self, n, PEN_MARK_DISCHARGED, PEN_MARK_CHARGED);
          break;
        case PEN_EFFECT_UNEXHAUST:
          for (guint k = 0, done = 0; k < owned_cards (self)->len && done < n; k++)
            if (owned_card (self, k)->rotated && owned_card (self, k)->card != card)
              {
                unrotate (self, k);
                done++;
              }
          break;
        case PEN_EFFECT_DISCARD_THREAT:
          if (self->pending == PEN_PENDING_THREAT && !self->threat.rolled && !self->threat.uncancellable)
            {
              guint gone = n == 0 ? self->threat.n_dice : MIN (n, self->threat.n_dice);

              self->threat.n_dice -= gone;
              log_line (self, ngettext ("Discarded %u Threat die.", "Discarded %u Threat dice.", gone), gone);
            }
          break;
        case PEN_EFFECT_ADJUST_THREAT:
          self->effect.threat_adjust += n;
          break;
        case PEN_EFFECT_GAIN_CARD:
          if (n > 0)
            start_card_gain (self, n, e->card_kind == PEN_CARD_KIND_DISCIPLINE ? -1
                                      : e->card_kind == PEN_CARD_KIND_POTION ? PEN_DECK_POTIONS
                                      : PEN_DECK_ARTIFACTS, AFTER_CARD_RESUME);
          break;
        case PEN_EFFECT_EXTRA_PLACEMENT:
          self->placements_left += n;
          log_line (self, ngettext ("%u more placement this turn.", "%u more placements this turn.", n), n);
          break;
        case PEN_EFFECT_CANCEL_PROPERTY:
          cancel_a_property (self);
          break;
        case PEN_EFFECT_SPECIAL:
          apply_special (self, e->special);
          break;
        case PEN_EFFECT_BOOST_MARKS:
        default:
          break;
        }
    }
}

/* A Potion unrotated goes back to the Grimoire as a Recipe (rulebook, "Recipes
 * and Potions", 5). */
static void
unrotate (PenGame *self,
          guint    index)
{
  OwnedCard *owned = owned_card (self, index);

  owned->rotated = FALSE;
  if (owned->card->type == PEN_CARD_RECIPE && owned->zone == ZONE_INVENTORY)
    owned->zone = ZONE_GRIMOIRE;
}

static void
cancel_a_property (PenGame *self)
{
  const PenTrial *trial;

  if (self->quest.kind != QUEST_TRIAL)
    return;
  trial = find_trial (self, self->quest.id);
  for (guint i = 0; i < trial->n_properties; i++)
    if (!(self->quest.cancelled & (1u << i)))
      {
        self->quest.cancelled |= 1u << i;
        log_line (self, _("A Property of the Trial is cancelled."));
        return;
      }
}

/* The named special effects (docs/design-cards.md), each in this one place. */
static void
apply_special (PenGame    *self,
               const char *name)
{
  if (g_str_equal (name, "dead-water"))
    {
      if (self->quest.kind == QUEST_TRIAL)
        {
          self->quest.dead_water = TRUE;
          self->dead_water_wound = TRUE;
          log_line (self, _("Dead Water: any path's task is now “Spark 1+”; a Mortal Wound follows at the end of the turn."));
        }
    }
  else if (g_str_equal (name, "ignore-dice-in-threat"))
    {
      self->ignore_dice_in_threat = TRUE;
      log_line (self, _("Until the end of the turn, Threat ignores the dice in your supply."));
    }
  else if (g_str_equal (name, "whispering-ring"))
    {
      if (self->quest.kind == QUEST_TRIAL)
        self->quest.ring = TRUE;
    }
  /* The Phylactery works when a Mortal Wound is gained (take_mortal_wound). */
}

typedef enum
{
  USE_CAST,       /* a Spell: pay and apply */
  USE_BREW,       /* a Recipe in the Grimoire */
  USE_SUMMON,     /* a Summon in the Grimoire */
  USE_ACTIVATE,   /* a Potion, Pet or Artifact already in play */
} UseMode;

static UseMode
use_mode (const OwnedCard *owned)
{
  if (owned->zone == ZONE_GRIMOIRE)
    switch (owned->card->type)
      {
      case PEN_CARD_RECIPE: return USE_BREW;
      case PEN_CARD_SUMMON: return USE_SUMMON;
      case PEN_CARD_SPELL:
      case PEN_CARD_ARTIFACT:
      case PEN_CARD_POTION:
      default: return USE_CAST;
      }
  return USE_ACTIVATE;
}

/* Whether @launch names @card ("launches any Spell", "a Red Spell"...). */
static gboolean
launch_names (const PenLaunch *launch,
              const PenCard   *card)
{
  gboolean type_ok = launch->any_type || launch->type == card->type;

  return type_ok && (launch->any_colour || launch->colour == card->colour);
}

/* Free by Launch: right after a card that launches this one, or this card's
 * "launched by" alternative names the card just applied. */
static gboolean
is_launched (PenGame       *self,
             const PenCard *card)
{
  if (self->last_card == NULL)
    return FALSE;
  if (self->last_card->launches_something && launch_names (&self->last_card->launches, card))
    return TRUE;
  for (guint c = 0; c < card->n_costs; c++)
    if (card->costs[c].components[0].kind == PEN_COST_LAUNCHED
        && launch_names (&card->costs[c].components[0].launched_by, self->last_card))
      return TRUE;
  return FALSE;
}

static gboolean
check_timing (PenGame    *self,
              PenTiming   timing,
              gboolean    resting_allowed,
              GError    **error)
{
  gboolean threat_open = self->pending == PEN_PENDING_THREAT;

  switch (timing)
    {
    case PEN_TIMING_STUDY:
      if (self->turn_type != PEN_TURN_STUDY && self->turn_type != PEN_TURN_UNDECLARED)
        return refuse (error, _("This can be done only on a Study turn."));
      return check_study (self, error);
    case PEN_TIMING_TRIAL:
      if (self->turn_type != PEN_TURN_TRIAL)
        return refuse (error, _("This can be done only during a Trial."));
      return TRUE;
    case PEN_TIMING_REST:
      if (self->turn_type != PEN_TURN_REST)
        return refuse (error, _("This can be done only on Rest."));
      return TRUE;
    case PEN_TIMING_BEFORE_THREAT_ROLL:
      if (!threat_open || self->threat.rolled)
        return refuse (error, _("This is used before a Threat roll."));
      return TRUE;
    case PEN_TIMING_AFTER_THREAT_ROLL:
      if (!threat_open || !self->threat.rolled || !self->threat.step2)
        return refuse (error, _("This is used after a Threat roll, before its dice are distributed."));
      return TRUE;
    case PEN_TIMING_ANY:
    default:
      if (self->turn_type == PEN_TURN_REST && !resting_allowed)
        return refuse (error, _("This cannot be done on Rest."));
      if (self->turn_type == PEN_TURN_TRIAL)
        return TRUE;
      return self->turn_type == PEN_TURN_REST || check_study (self, error);
    }
}

/* Pays @cost with the dice of @mask (exactly the dice components) and the
 * Ingredients; only checks when @pay is FALSE. */
static gboolean
cost_payable (PenGame        *self,
              const PenCost  *cost,
              guint64         mask,
              gboolean        pay,
              GError        **error)
{
  PenWizardBoard *board = current_board (self);
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (PenDie));
  gboolean used[64] = { FALSE };
  guint n_dice_components = 0;

  if (mask != 0 && !mask_dice (self, mask, dice))
    return refuse (error, _("Choose dice from your supply."));
  for (guint c = 0; c < cost->n_components; c++)
    {
      const PenCostComponent *component = &cost->components[c];
      gboolean found = FALSE;

      if (component->kind == PEN_COST_INGREDIENT)
        {
          guint have = component->ingredient == PEN_INGREDIENT_BLOOD
                         ? pen_wizard_board_get_available_blood (board)
                         : pen_wizard_board_get_ingredient (board, component->ingredient);

          if (component->ingredient == PEN_INGREDIENT_CRYSTALS
              && trial_has_property (self, PEN_PROPERTY_CRYSTAL_SUPPRESSION, NULL))
            return refuse (error, _("Crystal Suppression: Crystals cannot be used in this Trial."));
          if (have < component->amount)
            return refuse (error, _("The cost asks for %u %s."), component->amount,
                           pen_ingredient_get_name (component->ingredient));
          continue;
        }
      if (component->kind != PEN_COST_DIE)
        return refuse (error, _("This alternative is free only when the card is launched."));
      n_dice_components++;
      for (guint d = 0; d < dice->len && !found; d++)
        {
          const PenDie *die = &g_array_index (dice, PenDie, d);
          gboolean kind_ok = component->any_die
                             || (component->die_kind == PEN_DIE_KIND_COLOURED
                                   ? pen_die_counts_as (die, component->colour)
                                   : die->kind == component->die_kind);

          if (!used[d] && kind_ok && (component->value == 0 || die->value == component->value))
            found = used[d] = TRUE;
        }
      if (!found)
        return refuse (error, _("The chosen dice do not pay this cost."));
    }
  if (dice->len != n_dice_components)
    return refuse (error, _("Choose exactly the dice the cost asks for."));

  if (pay)
    {
      discard_mask (self, mask);
      for (guint c = 0; c < cost->n_components; c++)
        if (cost->components[c].kind == PEN_COST_INGREDIENT)
          {
            if (cost->components[c].ingredient == PEN_INGREDIENT_BLOOD)
              pen_wizard_board_spend_blood (board, cost->components[c].amount);
            else
              pen_wizard_board_spend_ingredient (board, cost->components[c].ingredient, cost->components[c].amount);
          }
    }
  return TRUE;
}

static gboolean
card_suppressed (PenGame       *self,
                 const OwnedCard *owned,
                 GError        **error)
{
  if (owned->zone == ZONE_INVENTORY && (owned->card->type == PEN_CARD_RECIPE || owned->card->type == PEN_CARD_POTION)
      && trial_has_property (self, PEN_PROPERTY_POTION_SUPPRESSION, NULL))
    return !refuse (error, _("Potion Suppression: Potions cannot be used in this Trial."));
  if (owned->zone == ZONE_INVENTORY && owned->card->type == PEN_CARD_SUMMON
      && trial_has_property (self, PEN_PROPERTY_PET_SUPPRESSION, NULL))
    return !refuse (error, _("Pet Suppression: Pets cannot be used in this Trial."));
  if (owned->card->type == PEN_CARD_ARTIFACT && trial_has_property (self, PEN_PROPERTY_ARTIFACT_SUPPRESSION, NULL))
    return !refuse (error, _("Artifact Suppression: Artifacts cannot be used in this Trial."));
  return FALSE;
}

/* Rulebook, "Properties", VIGILANCE: before the Threat roll, at most X cards
 * or chains. */
static gboolean
vigilance_allows (PenGame  *self,
                  gboolean  in_chain,
                  GError  **error)
{
  guint x;

  if (self->pending != PEN_PENDING_THREAT || self->threat.rolled || in_chain
      || !trial_has_property (self, PEN_PROPERTY_VIGILANCE, &x))
    return TRUE;
  if (self->quest.vigilance_used >= x)
    return refuse (error, ngettext ("Vigilance: only %u card or chain before the Threat roll.",
                                    "Vigilance: only %u cards or chains before the Threat roll.", x), x);
  return TRUE;
}

static gboolean
check_use_card (PenGame         *self,
                const PenAction *action,
                GError         **error)
{
  const OwnedCard *owned;
  const PenCard *card;
  UseMode mode;
  gboolean launched;

  if (action->index < 0 || (guint) action->index >= owned_cards (self)->len)
    return refuse (error, _("You have no such card."));
  if (self->pending != PEN_PENDING_NONE && self->pending != PEN_PENDING_LOCATION
      && self->pending != PEN_PENDING_TASK && self->pending != PEN_PENDING_PATH
      && self->pending != PEN_PENDING_THREAT)
    return refuse (error, _("Finish what is under way first."));
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled && !self->threat.step2)
    return refuse (error, _("No effect can be used while the Threat dice are distributed."));
  owned = owned_card (self, action->index);
  card = owned->card;
  mode = use_mode (owned);
  if (card_suppressed (self, owned, error))
    return FALSE;

  /* A card that works by itself is still brewed or summoned like any other. */
  if ((card->requirement == PEN_REQUIRE_CONSTANT || card->requirement == PEN_REQUIRE_CONDITION
       || card->requirement == PEN_REQUIRE_INSTANT)
      && mode != USE_BREW && mode != USE_SUMMON)
    return refuse (error, _("%s works by itself."), CARD_NAME (card->name));
  /* Its Threat waits for no other Threat but one being prepared (step 1). */
  if (card->requirement == PEN_REQUIRE_THREAT && mode != USE_BREW && mode != USE_SUMMON
      && self->pending == PEN_PENDING_THREAT
      && (self->threat.rolled || self->threat.source == THREAT_FOR_CARD))
    return refuse (error, _("%s applies a Threat of its own: use it when nothing else is under way."),
                   CARD_NAME (card->name));
  if (owned->rotated)
    return refuse (error, _("%s is rotated; it can be used again once unrotated."), CARD_NAME (card->name));

  if (mode == USE_BREW || mode == USE_SUMMON)
    {
      gboolean resting_brew = self->turn_type == PEN_TURN_REST && self->rest_brew && mode == USE_BREW;

      if (!resting_brew && !check_timing (self, card->cost_timing, FALSE, error))
        return FALSE;
    }
  else
    {
      if (!check_timing (self, card->timing, FALSE, error))
        return FALSE;
      if (mode == USE_CAST && card->cost_timing != PEN_TIMING_ANY
          && !check_timing (self, card->cost_timing, FALSE, error))
        return FALSE;
    }

  launched = (mode == USE_CAST) && is_launched (self, card);
  if (!vigilance_allows (self, launched, error))
    return FALSE;

  if (action->to > 0)
    {
      guint orange = 0;

      if (mode != USE_CAST || !card_is_enhanced (card))
        return refuse (error, _("Empower strengthens only Spells whose effect counts Marks."));
      for (guint i = 0; i < pen_wizard_board_get_n_dice (current_board (self)) && i < 64; i++)
        if (!(action->mask & (G_GUINT64_CONSTANT (1) << i))
            && !pen_wizard_board_get_die (current_board (self), i)->in_task
            && pen_die_counts_as (pen_wizard_board_get_die (current_board (self), i), PEN_DISCIPLINE_AMBER))
          orange++;
      if (orange < (guint) action->to)
        return refuse (error, _("Empower needs an Orange die for each +2."));
    }

  /* What activating asks for besides the cost: the Ingredients of a one-time exchange. */
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_EXCHANGE && card->effects[e].give[PEN_INGREDIENT_CRYSTALS] > 0
        && trial_has_property (self, PEN_PROPERTY_CRYSTAL_SUPPRESSION, NULL))
      return refuse (error, _("Crystal Suppression: Crystals cannot be used in this Trial."));
  for (guint e = 0; e < card->n_effects; e++)
    if (card->effects[e].op == PEN_EFFECT_EXCHANGE && !card->effects[e].repeat)
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if ((k == PEN_INGREDIENT_BLOOD ? pen_wizard_board_get_available_blood (current_board (self))
                                       : pen_wizard_board_get_ingredient (current_board (self), k))
            < card->effects[e].give[k])
          return refuse (error, _("%s needs %u %s."), CARD_NAME (card->name), card->effects[e].give[k],
                         pen_ingredient_get_name (k));

  if (mode == USE_ACTIVATE)
    return action->value == -1 && action->mask == 0
           ? TRUE : refuse (error, _("A card in play is activated without paying a cost."));
  if (action->value == -1)
    return launched ? (action->mask == 0 || refuse (error, _("A launched card costs nothing.")))
                    : refuse (error, _("%s is not launched now: pay its cost."), CARD_NAME (card->name));
  if (action->value < 0 || (guint) action->value >= card->n_costs)
    return card->n_costs == 0 && action->value == 0 ? TRUE : refuse (error, _("The card has no such cost."));
  return cost_payable (self, &card->costs[action->value], action->mask, FALSE, error);
}

/* A card's effect was applied: the chain goes on while cards keep launching. */
static void
note_applied (PenGame       *self,
              const PenCard *card,
              gboolean       launched)
{
  if (!launched && self->pending == PEN_PENDING_THREAT && !self->threat.rolled)
    self->quest.vigilance_used++;
  self->chain_length = launched ? self->chain_length + 1 : 1;
  self->last_card = card;
}

static void
open_card_effect (PenGame    *self,
                  PenPending  before)
{
  gboolean waiting = has_pending_effect (self) || self->effect.colours > 0 || self->effect.threat_adjust > 0;

  if (self->effect.convert)
    {
      self->effect.convert = FALSE;
      self->exchange_from_card = TRUE;
      self->effect_resume = before;
      if (self->pending == PEN_PENDING_CARD)
        self->card_resume = PEN_PENDING_EXCHANGE;
      else
        self->pending = PEN_PENDING_EXCHANGE;
      return;
    }
  if (!waiting)
    return;
  self->effect_resume = before;
  if (self->pending == PEN_PENDING_CARD)
    self->card_resume = PEN_PENDING_CARD_EFFECT;
  else
    self->pending = PEN_PENDING_CARD_EFFECT;
}

static void
apply_use_card (PenGame         *self,
                const PenAction *action)
{
  OwnedCard *owned = owned_card (self, action->index);
  const PenCard *card = owned->card;
  UseMode mode = use_mode (owned);
  PenPending before = self->pending;
  gboolean launched = action->value == -1 && mode == USE_CAST && is_launched (self, card);
  guint strength_bonus = 0;

  if (self->turn_type == PEN_TURN_UNDECLARED)
    declare_study (self);

  if (mode != USE_ACTIVATE && action->value >= 0 && card->n_costs > 0)
    cost_payable (self, &card->costs[action->value], action->mask, TRUE, NULL);

  /* Empower: an Orange die for each +2, the lowest first. */
  for (int k = 0; k < action->to; k++)
    {
      PenWizardBoard *board = current_board (self);
      int lowest = -1;

      for (guint i = 0; i < pen_wizard_board_get_n_dice (board); i++)
        if (pen_die_counts_as (pen_wizard_board_get_die (board, i), PEN_DISCIPLINE_AMBER)
            && !pen_wizard_board_get_die (board, i)->in_task
            && (lowest < 0 || pen_wizard_board_get_die (board, i)->value < pen_wizard_board_get_die (board, lowest)->value))
          lowest = i;
      pen_wizard_board_take_die (board, lowest);
      strength_bonus += 2;
    }
  owned = owned_card (self, action->index);

  switch (mode)
    {
    case USE_BREW:
    case USE_SUMMON:
      owned->zone = ZONE_INVENTORY;
      log_line (self, mode == USE_BREW ? _("Brewed %s.") : _("Summoned %s."), CARD_NAME (card->name));
      self->last_card = NULL;
      return;
    case USE_CAST:
    case USE_ACTIVATE:
    default:
      break;
    }

  log_line (self, launched ? _("Launched %s.") : _("Used %s."), CARD_NAME (card->name));
  if (card->requirement == PEN_REQUIRE_DISCARD)
    {
      int deck = deck_of (card);

      g_array_remove_index (owned_cards (self), action->index);
      g_ptr_array_add (self->decks[deck], g_strdup (card->id));
    }
  else
    owned->rotated = TRUE;

  if (card->requirement == PEN_REQUIRE_THREAT)
    {
      self->threat_card = card;
      self->threat_card_bonus = strength_bonus;
      self->threat_card_resume = before;
      self->outer_threat = self->threat;
      start_threat (self, card->threat, card->uncancellable, THREAT_FOR_CARD);
      note_applied (self, card, launched);
      return;
    }
  apply_card_effects (self, card, strength_bonus);
  note_applied (self, card, launched);
  open_card_effect (self, before);
}

/* The waiting parts of a card's effect, one use at a time. */
static gboolean
check_card_token (PenGame         *self,
                  const PenAction *action,
                  GError         **error)
{
  if (self->pending != PEN_PENDING_CARD_EFFECT)
    return refuse (error, _("No card effect is waiting."));

  switch (action->value)
    {
    case PEN_MANIPULATE_REROLL:
    case PEN_MANIPULATE_INCREASE:
    case PEN_MANIPULATE_DECREASE:
    case PEN_MANIPULATE_FLIP:
    case PEN_MANIPULATE_RECOLOUR:
    case PEN_MANIPULATE_SET:
      {
        guint kind = action->value == PEN_MANIPULATE_DECREASE ? PEN_MANIPULATE_INCREASE : (guint) action->value;
        PenDie copy;

        if (self->effect.tokens[kind] == 0)
          return refuse (error, _("The card gives no such manipulation, or none is left."));
        if (!check_supply_die (self, action->die, error))
          return FALSE;
        copy = *pen_wizard_board_get_die (current_board (self), action->die);
        if (action->value == PEN_MANIPULATE_INCREASE || action->value == PEN_MANIPULATE_DECREASE)
          return pen_die_adjust (&copy, action->value == PEN_MANIPULATE_INCREASE ? 1 : -1, error);
        if (action->value == PEN_MANIPULATE_RECOLOUR)
          return (action->colour >= 0 && action->colour < PEN_N_DISCIPLINES)
                 ? pen_die_recolour (&copy, action->colour, error)
                 : refuse (error, _("Name the colour to recolour the die to."));
        if (action->value == PEN_MANIPULATE_SET)
          return pen_die_set (&copy, action->colour, error);
        return TRUE;
      }
    case PEN_TOKEN_COLOUR:
      if (self->effect.colours == 0)
        return refuse (error, _("No die of any colour is waiting."));
      if (action->colour < 0 || action->colour >= PEN_N_DISCIPLINES)
        return refuse (error, _("There is no such colour."));
      return TRUE;
    case PEN_TOKEN_EXCHANGE:
      if (!self->effect.exchange_open)
        return refuse (error, _("The card gives no exchange."));
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        if (pen_wizard_board_get_ingredient (current_board (self), k) < self->effect.exchange_give[k])
          return refuse (error, _("You have too few %s for that exchange."), pen_ingredient_get_name (k));
      return TRUE;
    case PEN_TOKEN_THREAT_UP:
    case PEN_TOKEN_THREAT_DOWN:
      {
        guint value;

        if (self->effect.threat_adjust == 0 || self->pending != PEN_PENDING_CARD_EFFECT
            || self->effect_resume != PEN_PENDING_THREAT)
          return refuse (error, _("The card adjusts no Threat dice now."));
        if (action->index < 0 || (guint) action->index >= self->threat.n_values)
          return refuse (error, _("There is no such Threat die."));
        value = self->threat.values[action->index];
        if ((action->value == PEN_TOKEN_THREAT_UP && value == 6) || (action->value == PEN_TOKEN_THREAT_DOWN && value == 1))
          return refuse (error, _("A Threat die cannot go past 1 or 6."));
        return TRUE;
      }
    default:
      return refuse (error, _("There is no such card effect."));
    }
}

static void
apply_card_token (PenGame         *self,
                  const PenAction *action)
{
  PenWizardBoard *board = current_board (self);

  switch (action->value)
    {
    case PEN_MANIPULATE_REROLL:
    case PEN_MANIPULATE_INCREASE:
    case PEN_MANIPULATE_DECREASE:
    case PEN_MANIPULATE_FLIP:
    case PEN_MANIPULATE_RECOLOUR:
    case PEN_MANIPULATE_SET:
      {
        PenDie *die = pen_wizard_board_peek_die (board, action->die);
        guint kind = action->value == PEN_MANIPULATE_DECREASE ? PEN_MANIPULATE_INCREASE : (guint) action->value;

        self->effect.tokens[kind]--;
        if (action->value == PEN_MANIPULATE_REROLL)
          pen_die_roll (die, self->rng);
        else if (action->value == PEN_MANIPULATE_FLIP)
          pen_die_flip (die);
        else if (action->value == PEN_MANIPULATE_RECOLOUR)
          pen_die_recolour (die, action->colour, NULL);
        else if (action->value == PEN_MANIPULATE_SET)
          pen_die_set (die, action->colour, NULL);
        else
          pen_die_adjust (die, action->value == PEN_MANIPULATE_INCREASE ? 1 : -1, NULL);
      }
      break;
    case PEN_TOKEN_COLOUR:
      self->effect.colours--;
      gain_new_die (self, PEN_DIE_KIND_COLOURED, action->colour);
      if (self->effect.temporary_colours > 0)
        {
          self->effect.temporary_colours--;
          pen_wizard_board_peek_die (board, pen_wizard_board_get_n_dice (board) - 1)->temporary = TRUE;
        }
      break;
    case PEN_TOKEN_EXCHANGE:
      for (guint k = 0; k < PEN_N_INGREDIENTS; k++)
        {
          pen_wizard_board_spend_ingredient (board, k, self->effect.exchange_give[k]);
          if (self->effect.exchange_take[k] > 0)
            gain_ingredients (self, k, self->effect.exchange_take[k]);
        }
      break;
    case PEN_TOKEN_THREAT_UP:
    case PEN_TOKEN_THREAT_DOWN:
      self->effect.threat_adjust--;
      self->threat.values[action->index] += action->value == PEN_TOKEN_THREAT_UP ? 1 : -1;
      log_line (self, _("A Threat die now shows %u."), self->threat.values[action->index]);
      break;
    default:
      g_assert_not_reached ();
    }
  /* Dice of any colour must be taken; the rest may be left unused. */
  if (!has_pending_effect (self) && self->effect.colours == 0 && self->effect.threat_adjust == 0)
    {
      memset (&self->effect, 0, sizeof self->effect);
      self->pending = self->effect_resume;
    }
}

/* Leaves the rest of a card's effect unused; at a Threat's step 2, goes on to
 * distributing the dice. */
static gboolean
check_finish_card (PenGame  *self,
                   GError  **error)
{
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled && self->threat.step2)
    return TRUE;
  if (self->pending != PEN_PENDING_CARD_EFFECT)
    return refuse (error, _("No card effect is waiting."));
  if (self->effect.colours > 0)
    return refuse (error, _("First choose the colour of the die the card gives."));
  return TRUE;
}

static void distribute_threat (PenGame *self);

static void
apply_finish_card (PenGame *self)
{
  if (self->pending == PEN_PENDING_THREAT && self->threat.step2)
    {
      self->threat.step2 = FALSE;
      distribute_threat (self);
      return;
    }
  memset (&self->effect, 0, sizeof self->effect);
  self->pending = self->effect_resume;
}

/* Whether the Wizard holds a card usable at step 2 of a Threat. */
static gboolean
has_after_roll_card (PenGame *self)
{
  for (guint i = 0; i < owned_cards (self)->len; i++)
    {
      const OwnedCard *owned = owned_card (self, i);

      if (!owned->rotated && owned->card->timing == PEN_TIMING_AFTER_THREAT_ROLL
          && (owned->zone != ZONE_GRIMOIRE || owned->card->type == PEN_CARD_SPELL))
        return TRUE;
    }
  return FALSE;
}

/* Cards that trigger by themselves when their condition occurs. */
static void
trigger_condition (PenGame      *self,
                   PenCondition  condition)
{
  for (guint i = 0; i < owned_cards (self)->len; i++)
    {
      const OwnedCard *owned = owned_card (self, i);

      if (owned->rotated || owned->card->requirement != PEN_REQUIRE_CONDITION
          || owned->card->condition != condition || owned->zone == ZONE_GRIMOIRE)
        continue;
      log_line (self, _("%s takes effect."), CARD_NAME (owned->card->name));
      apply_card_effects (self, owned->card, 0);
    }
}

/* A Mortal Wound, unless a Phylactery is there to be discarded instead.
 * Returns whether the Mortal Wound was taken. */
static gboolean
take_mortal_wound (PenGame *self)
{
  PenWizardBoard *board = current_board (self);

  for (guint i = 0; i < owned_cards (self)->len; i++)
    {
      const OwnedCard *owned = owned_card (self, i);

      for (guint e = 0; e < owned->card->n_effects; e++)
        if (!owned->rotated && owned->card->effects[e].op == PEN_EFFECT_SPECIAL
            && g_str_equal (owned->card->effects[e].special, "phylactery"))
          {
            log_line (self, _("The Phylactery is discarded: the Mortal Wound has no effect."));
            g_ptr_array_add (self->decks[PEN_DECK_ARTIFACTS], g_strdup (owned->card->id));
            g_array_remove_index (owned_cards (self), i);
            return FALSE;
          }
    }
  self->mortal_wound_this_turn = TRUE;
  pen_wizard_board_set_mortal_wounds (board, pen_wizard_board_get_mortal_wounds (board) + 1);
  return TRUE;
}

/* ---- The Automa (solo mode; docs/design-automa.md, spec solo-automa.md) ------ */

/* One Automa turn in progress (within a single action). */
typedef struct
{
  char     *card;          /* the current Automa card (an Artifact id), owned */
  int       cell;          /* the Equipment cell holding it, or -1 */
  guint     instructions;  /* instructions performed this turn */
  guint     ran;           /* sections run this turn, by bit */
  guint     roll;          /* the last die rolled: 1–3 left, 4–6 right */
  gboolean  over;          /* the card was discarded: the turn ends */
} AutomaTurn;

static const char *
automa_section_name (PenAutomaCell cell)
{
  static const char *names[] = {
    N_("Contract / Trial"), N_("School"), N_("City"), N_("Wilds"),
  };

  return _(names[cell]);
}

static PenWizardBoard *
automa_board (PenGame *self)
{
  return self->players[self->automa_player];
}

/* Level = the Marks on the Automa's board (spec §4). */
static guint
automa_level (PenGame *self)
{
  guint n = pen_wizard_board_count_spark_marks (automa_board (self));

  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    n += pen_wizard_board_count_marks (automa_board (self), d);
  return n;
}

/* Reveals the top of the Artifact deck; an empty deck is first made again
 * from the Automa's Equipment (spec §3). */
static void
automa_restock (PenGame *self)
{
  GPtrArray *deck = self->decks[PEN_DECK_ARTIFACTS];

  if (deck->len == 0 && self->automa_player >= 0)
    {
      g_autofree const char **ids = NULL;
      guint n = 0;

      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        n += self->automa_cells[c]->len;
      ids = g_new0 (const char *, n + 1);
      n = 0;
      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        while (self->automa_cells[c]->len > 0)
          ids[n++] = g_intern_string (g_ptr_array_index (self->automa_cells[c], self->automa_cells[c]->len - 1)),
          g_ptr_array_remove_index (self->automa_cells[c], self->automa_cells[c]->len - 1);
      shuffle_strings (self->rng, ids, n);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (deck, g_strdup (ids[i]));
      if (n > 0)
        log_line (self, _("The Artifact deck is empty: the Automa's Equipment is shuffled into a new one."));
    }
}

static char *
automa_reveal (PenGame *self)
{
  GPtrArray *deck = self->decks[PEN_DECK_ARTIFACTS];

  automa_restock (self);
  return deck->len > 0 ? g_ptr_array_steal_index (deck, 0) : NULL;
}

static PenAutomaCell
automa_cell_of (const PenCard *card)
{
  switch (card->equipment)
    {
    case PEN_EQUIPMENT_CONDUCTOR: return PEN_AUTOMA_CONDUCTOR;
    case PEN_EQUIPMENT_PENDANT: return PEN_AUTOMA_PENDANT;
    case PEN_EQUIPMENT_MANTLE: return PEN_AUTOMA_MANTLE;
    case PEN_EQUIPMENT_RING: return PEN_AUTOMA_RING;
    case PEN_EQUIPMENT_NONE:
    default: return PEN_AUTOMA_LEFTMOST;   /* a Tome */
    }
}

static int
automa_leftmost_empty (PenGame *self)
{
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    if (self->automa_cells[c]->len == 0)
      return (int) c;
  return -1;
}

/* The Class the Automa goes to: its card's colour if that Class is in play,
 * else its starting Discipline's. */
static int
automa_class (PenGame    *self,
              AutomaTurn *turn)
{
  PenDiscipline colour = card_by_id (self, turn->card)->colour;
  PenDiscipline start = pen_wizard_board_get_mark (automa_board (self), 0)->discipline;

  for (guint i = 0; i < PEN_N_CLASSES; i++)
    if (pen_location_get_discipline (self->locations[i]) == colour)
      return (int) i;
  for (guint i = 0; i < PEN_N_CLASSES; i++)
    if (pen_location_get_discipline (self->locations[i]) == start)
      return (int) i;
  return 0;
}

/* A free cell of @section of @location for the Automa (-1: none). In a Class's
 * Mark section the Spark cell comes first. */
static int
automa_free_cell (PenGame *self,
                  int      location,
                  guint    section)
{
  const PenSectionDef *def = section_def (self, location, section);

  for (int pass = 0; pass < 2; pass++)
    for (guint c = 0; c < def->n_cells; c++)
      {
        const PenCellDef *cell = &def->cells[c];

        if ((pass == 0) != (cell->condition == PEN_CELL_SPARK && def->n_cells > 1))
          continue;
        if (cell->min_players <= self->n_players
            && (cell->unlimited || pen_location_get_n_dice (self->locations[location], section, c) == 0))
          return (int) c;
      }
  return -1;
}

typedef struct
{
  int   location;
  guint section;
} AutomaPlace;

static gboolean
automa_place_target (PenGame            *self,
                     AutomaTurn         *turn,
                     PenAutomaStepKind   kind,
                     AutomaPlace        *out)
{
  const char *id = NULL;

  switch (kind)
    {
    case PEN_AUTOMA_STEP_PLACE_CLASS_MARK:
    case PEN_AUTOMA_STEP_PLACE_CLASS_CARD:
      out->location = automa_class (self, turn);
      out->section = kind == PEN_AUTOMA_STEP_PLACE_CLASS_MARK ? 0 : 1;
      return TRUE;
    case PEN_AUTOMA_STEP_PLACE_BREWERY: id = "brewery"; break;
    case PEN_AUTOMA_STEP_PLACE_SHOP: id = "shop"; break;
    case PEN_AUTOMA_STEP_PLACE_SANCTUARY: id = "sanctuary"; break;
    case PEN_AUTOMA_STEP_PLACE_RUINS: id = "ruins"; break;
    case PEN_AUTOMA_STEP_GUILD: id = "guild"; break;
    default: return FALSE;
    }
  out->location = pen_game_find_location (self, id);
  out->section = 0;
  return out->location >= 0;
}

/* The best Trial or Contract within the bound (ties: the rightmost), or -1. */
static int
automa_best_trial (PenGame       *self,
                   gboolean       or_equal)
{
  guint level = automa_level (self);
  int best = -1;
  guint best_points = 0;

  for (guint i = 0; i < self->trial_row->len; i++)
    {
      const char *id = g_ptr_array_index (self->trial_row, i);
      guint difficulty = pen_fate_card_get_difficulty (pen_fate_catalogue_lookup (self->fate, id));
      guint points = find_trial (self, id)->points;

      if ((or_equal ? difficulty <= level : difficulty < level) && (best < 0 || points >= best_points))
        {
          best = i;
          best_points = points;
        }
    }
  return best;
}

static int
automa_best_contract (PenGame  *self,
                      gboolean  or_equal)
{
  guint level = automa_level (self);
  int best = -1;
  guint best_points = 0;

  for (int slot = 0; slot < N_CONTRACT_SLOTS; slot++)
    {
      const PenContract *contract;

      if (self->contract_row[slot] == NULL)
        continue;
      contract = find_contract (self, self->contract_row[slot]);
      if (contract->gloomy == self->automa_light)
        continue;
      if ((or_equal ? contract->points <= level : contract->points < level)
          && (best < 0 || contract->points >= best_points))
        {
          best = slot;
          best_points = contract->points;
        }
    }
  return best;
}

static gboolean
automa_when (const PenAutomaInstruction *instruction,
             guint                       cards,
             guint                       performed)
{
  if (instruction->first == 1 && performed > 0)
    return FALSE;
  if (instruction->first == 0 && performed == 0)
    return FALSE;
  if (instruction->any_count)
    return TRUE;
  if (instruction->count_set != 0)
    return cards < 32 && (instruction->count_set & (1u << cards));
  return cards >= instruction->count_min && cards <= instruction->count_max;
}

/* "Can be performed" (spec §5): its condition holds, its placement finds a
 * free cell, and a Trial / Contract to take exists. */
static gboolean
automa_can_perform (PenGame                    *self,
                    AutomaTurn                 *turn,
                    const PenAutomaInstruction *instruction,
                    guint                       cards,
                    const char                **why)
{
  if (instruction->n_steps == 0)
    return FALSE;
  if (!automa_when (instruction, cards, turn->instructions))
    {
      *why = _("its condition does not hold");
      return FALSE;
    }
  for (guint i = 0; i < instruction->n_steps; i++)
    {
      const PenAutomaStep *step = &instruction->steps[i];
      AutomaPlace place;

      if (automa_place_target (self, turn, step->kind, &place)
          && automa_free_cell (self, place.location, place.section) < 0)
        {
          *why = _("no free cell for its die");
          return FALSE;
        }
      if (step->kind == PEN_AUTOMA_STEP_TRIAL && automa_best_trial (self, step->or_equal) < 0)
        {
          *why = _("no Trial qualifies");
          return FALSE;
        }
      if (step->kind == PEN_AUTOMA_STEP_GUILD && automa_best_contract (self, step->or_equal) < 0)
        {
          *why = _("no Contract of its worldview qualifies");
          return FALSE;
        }
    }
  return TRUE;
}

static void automa_run_section (PenGame *self, AutomaTurn *turn, PenAutomaCell section);

/* Puts the current card into @cell (taking it from where it was). */
static void
automa_move_card (PenGame    *self,
                  AutomaTurn *turn,
                  guint       cell)
{
  if (turn->cell >= 0)
    {
      GPtrArray *from = self->automa_cells[turn->cell];

      g_free (g_ptr_array_steal_index (from, from->len - 1));
    }
  g_ptr_array_add (self->automa_cells[cell], g_strdup (turn->card));
  turn->cell = cell;
}

static void
automa_discard_current (PenGame    *self,
                        AutomaTurn *turn)
{
  if (turn->cell >= 0)
    {
      GPtrArray *from = self->automa_cells[turn->cell];

      g_free (g_ptr_array_steal_index (from, from->len - 1));
      turn->cell = -1;
    }
  g_ptr_array_add (self->decks[PEN_DECK_ARTIFACTS], g_strdup (turn->card));
  log_line (self, _("The Automa discards its card; its turn ends."));
  turn->over = TRUE;
}

/* Replacement: the card goes to @target and that section runs — unless the
 * section already ran this turn (the cycle guard, spec §5). */
static void
automa_replace (PenGame       *self,
                AutomaTurn    *turn,
                PenAutomaCell  target)
{
  int cell = target == PEN_AUTOMA_LEFTMOST ? automa_leftmost_empty (self) : (int) target;

  if (cell < 0 || (turn->ran & (1u << cell)))
    {
      automa_discard_current (self, turn);
      return;
    }
  log_line (self, _("Replacement: the card goes to the %s cell."), automa_section_name (cell));
  automa_move_card (self, turn, cell);
  automa_run_section (self, turn, cell);
}

/* Takes a die from the common supply, rolls it and places it. */
static void
automa_place (PenGame           *self,
              AutomaTurn        *turn,
              PenAutomaStepKind  kind)
{
  AutomaPlace place;
  const PenCard *card = card_by_id (self, turn->card);
  const PenCellDef *cell_def;
  PenDie die;
  int cell;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;

  if (!automa_place_target (self, turn, kind, &place))
    return;
  cell = automa_free_cell (self, place.location, place.section);
  g_assert (cell >= 0);
  cell_def = &section_def (self, place.location, place.section)->cells[cell];
  if (cell_def->condition == PEN_CELL_SPARK)
    die = make_die (PEN_DIE_KIND_SPARK, 0);
  else if (kind == PEN_AUTOMA_STEP_PLACE_CLASS_MARK || kind == PEN_AUTOMA_STEP_PLACE_CLASS_CARD)
    die = make_die (PEN_DIE_KIND_COLOURED, pen_location_get_discipline (self->locations[place.location]));
  else
    die = make_die (PEN_DIE_KIND_COLOURED, card->colour);
  pen_die_roll (&die, self->rng);
  turn->roll = die.value;
  text = pen_die_describe (&die);
  if (cell_def->condition == PEN_CELL_CLASS_SIX)
    die.value = 6;
  pen_location_add_die (self->locations[place.location], place.section, cell, &die);
  name = pen_location_dup_name (self->locations[place.location]);
  log_line (self, _("The Automa rolls %s and places it in the %s."), text, name);
}

static void
automa_step (PenGame             *self,
             AutomaTurn          *turn,
             const PenAutomaStep *step)
{
  PenWizardBoard *board = automa_board (self);

  switch (step->kind)
    {
    case PEN_AUTOMA_STEP_TRIAL:
      {
        int index = automa_best_trial (self, step->or_equal);
        char *id = g_ptr_array_steal_index (self->trial_row, index);
        guint difficulty = pen_fate_card_get_difficulty (pen_fate_catalogue_lookup (self->fate, id));

        log_line (self, _("The Automa passes the Trial %s by the path of %s."), fate_name (self, id),
                  self->automa_light ? _("Light") : _("Darkness"));
        g_ptr_array_add (self->passed_trials[self->automa_player],
                         g_strconcat (self->automa_light ? "light:" : "darkness:", id, NULL));
        g_free (id);
        /* A Spark Mark by the base mode's rule; the Automa has no dice, so no
         * Rest effect (docs/rules-assumptions.md). */
        if (difficulty > pen_wizard_board_count_spark_marks (board)
            && pen_wizard_board_next_free_cell (board, TRUE) >= 0 && marks_left (self, TRUE, 0) > 0)
          {
            PenMark spark = { .occupied = TRUE, .state = PEN_MARK_CHARGED };

            pen_wizard_board_set_mark (board, pen_wizard_board_next_free_cell (board, TRUE), &spark);
            log_line (self, _("The Automa gains a Spark Mark."));
          }
        /* Its Equipment is emptied (spec §5). */
        for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
          while (self->automa_cells[c]->len > 0)
            g_ptr_array_add (self->decks[PEN_DECK_ARTIFACTS], g_ptr_array_steal_index (self->automa_cells[c], 0));
        turn->cell = -1;
        self->turn_type = PEN_TURN_TRIAL;
      }
      break;
    case PEN_AUTOMA_STEP_FILL:
      for (guint i = 0; i < step->amount; i++)
        {
          int cell = automa_leftmost_empty (self);
          char *id;

          if (cell < 0)
            break;
          id = automa_reveal (self);
          if (id == NULL)
            break;
          log_line (self, _("Fill: %s goes to the %s cell."), CARD_NAME (card_by_id (self, id)->name),
                    automa_section_name (cell));
          g_ptr_array_add (self->automa_cells[cell], id);
        }
      break;
    case PEN_AUTOMA_STEP_GUILD:
      {
        int slot;

        automa_place (self, turn, step->kind);
        slot = automa_best_contract (self, step->or_equal);
        log_line (self, _("The Automa fulfils the Contract %s."),
                  CARD_NAME (find_contract (self, self->contract_row[slot])->name));
        g_ptr_array_add (self->fulfilled_contracts[self->automa_player], self->contract_row[slot]);
        self->contract_row[slot] = NULL;
        refill_contract_row (self);
      }
      break;
    case PEN_AUTOMA_STEP_PLACE_CLASS_MARK:
    case PEN_AUTOMA_STEP_PLACE_CLASS_CARD:
    case PEN_AUTOMA_STEP_PLACE_BREWERY:
    case PEN_AUTOMA_STEP_PLACE_SHOP:
    case PEN_AUTOMA_STEP_PLACE_SANCTUARY:
    case PEN_AUTOMA_STEP_PLACE_RUINS:
      automa_place (self, turn, step->kind);
      break;
    case PEN_AUTOMA_STEP_GAIN_MARK:
      {
        PenDiscipline discipline = pen_location_get_discipline (self->locations[automa_class (self, turn)]);

        if (pen_wizard_board_next_free_cell (board, FALSE) >= 0 && marks_left (self, FALSE, discipline) > 0)
          {
            PenMark mark = { .occupied = TRUE, .discipline = discipline, .state = PEN_MARK_CHARGED };

            pen_wizard_board_set_mark (board, pen_wizard_board_next_free_cell (board, FALSE), &mark);
            log_line (self, _("The Automa gains a %s Mark."), pen_discipline_get_name (discipline));
          }
      }
      break;
    case PEN_AUTOMA_STEP_GAIN_CLASS_CARD:
      {
        int deck = pen_location_get_discipline (self->locations[automa_class (self, turn)]);
        int slot = turn->roll <= 3 ? 0 : 1;

        if (self->market[deck][slot] == NULL)
          slot = 1 - slot;
        if (self->market[deck][slot] != NULL)
          {
            log_line (self, _("The Automa takes the card %s (%s)."),
                      CARD_NAME (card_by_id (self, self->market[deck][slot])->name),
                      slot == 0 ? _("left") : _("right"));
            g_ptr_array_add (self->automa_cards, g_steal_pointer (&self->market[deck][slot]));
            refill_market (self, deck);
          }
      }
      break;
    case PEN_AUTOMA_STEP_GAIN_ARTIFACT:
      {
        int slot = turn->roll <= 3 ? 0 : 1;

        if (self->market[PEN_MARKET_SHOP][slot] == NULL)
          slot = 1 - slot;
        if (self->market[PEN_MARKET_SHOP][slot] != NULL)
          {
            /* The old card stays where it is; the Artifact becomes the current card. */
            turn->cell = -1;
            g_free (turn->card);
            turn->card = g_steal_pointer (&self->market[PEN_MARKET_SHOP][slot]);
            refill_market (self, PEN_MARKET_SHOP);
            log_line (self, _("The Automa takes the Artifact %s from the Shop."),
                      CARD_NAME (card_by_id (self, turn->card)->name));
          }
      }
      break;
    case PEN_AUTOMA_STEP_ADDITIONAL:
      {
        PenAutomaCell cell = automa_cell_of (card_by_id (self, turn->card));

        if (turn->cell >= 0)
          break;   /* no Artifact was taken */
        log_line (self, _("An additional Instruction with it."));
        automa_replace (self, turn, cell == PEN_AUTOMA_LEFTMOST ? self->automa->tome : cell);
      }
      break;
    case PEN_AUTOMA_STEP_REFRESH_BREWERY:
      for (guint slot = 0; slot < 2; slot++)
        if (self->market[PEN_MARKET_BREWERY][slot] != NULL)
          g_ptr_array_add (self->decks[PEN_MARKET_BREWERY], g_steal_pointer (&self->market[PEN_MARKET_BREWERY][slot]));
      refill_market (self, PEN_MARKET_BREWERY);
      log_line (self, _("The Automa refreshes the Brewery market."));
      break;
    case PEN_AUTOMA_STEP_ARCANA:
      pen_wizard_board_gain_ingredient (board, PEN_INGREDIENT_ARCANA, step->amount);
      log_line (self, ngettext ("The Automa gains %u Arcana.", "The Automa gains %u Arcana.", step->amount),
                step->amount);
      break;
    case PEN_AUTOMA_STEP_REPLACE:
      automa_replace (self, turn, step->target);
      break;
    case PEN_AUTOMA_STEP_CONTENT:
    default:
      log_line (self, _("This step needs content the game does not have yet; it does nothing."));
      break;
    }
}

static void
automa_run_section (PenGame       *self,
                    AutomaTurn    *turn,
                    PenAutomaCell  section)
{
  guint cards = self->automa_cells[section]->len;

  turn->ran |= 1u << section;
  log_line (self, _("Section %s."), automa_section_name (section));
  for (guint i = 0; i < PEN_AUTOMA_N_INSTRUCTIONS; i++)
    {
      const PenAutomaInstruction *instruction = &self->automa->sections[section][i];
      const char *why = NULL;

      if (instruction->n_steps == 0)
        continue;
      if (!automa_can_perform (self, turn, instruction, cards, &why))
        {
          log_line (self, _("Instruction %u cannot be performed: %s."), i + 1, why);
          continue;
        }
      log_line (self, _("Instruction %u."), i + 1);
      turn->instructions++;
      for (guint k = 0; k < instruction->n_steps && !turn->over; k++)
        {
          automa_step (self, turn, &instruction->steps[k]);
          if (instruction->steps[k].kind == PEN_AUTOMA_STEP_REPLACE
              || instruction->steps[k].kind == PEN_AUTOMA_STEP_ADDITIONAL)
            return;
        }
      return;
    }
}

/* Spec §5: reveal a card, run its section; the turn ends when an instruction
 * finishes or the card is discarded. */
static void
automa_take_turn (PenGame *self)
{
  AutomaTurn turn = { .cell = -1 };
  PenAutomaCell cell;

  self->turn_type = PEN_TURN_STUDY;
  turn.card = automa_reveal (self);
  if (turn.card == NULL)
    {
      log_line (self, _("The Automa has no card to reveal."));
      end_turn (self);
      return;
    }
  {
    const PenCard *card = card_by_id (self, turn.card);

    static const char *icons[] = { N_("a Tome"), N_("Conductor"), N_("Pendant"), N_("Mantle"), N_("Ring") };

    /* Translators: a card's name, its colour and its Equipment icon */
    log_line (self, _("The Automa reveals %s (%s, %s)."), CARD_NAME (card->name),
              pen_discipline_get_name (card->colour), _(icons[card->equipment]));
    cell = automa_cell_of (card);
  }
  if (cell == PEN_AUTOMA_LEFTMOST)
    {
      log_line (self, _("A Tome: Replacement."));
      automa_replace (self, &turn, self->automa->tome);
    }
  else
    {
      automa_move_card (self, &turn, cell);
      automa_run_section (self, &turn, cell);
    }
  g_free (turn.card);
  end_turn (self);
}

/* ---- Checking actions ----------------------------------------------------- */

/* Study effects (placements, Primagic marked "during Study", Marks) are open
 * on a Study turn, and on a turn not yet declared, which they make a Study turn. */
static gboolean
check_study (PenGame  *self,
             GError  **error)
{
  if (self->must_rest[self->current])
    return refuse (error, _("After a Mortal Wound your next turn must be Rest."));
  if (self->turn_type != PEN_TURN_STUDY && self->turn_type != PEN_TURN_UNDECLARED)
    return refuse (error, _("This can be done only on a Study turn."));
  return TRUE;
}

/* Effects usable "during Study or Trial" (Manipulate, Marks) may also be used
 * while a Threat is prepared; never while it is being distributed. */
static gboolean
check_study_or_trial (PenGame  *self,
                      GError  **error)
{
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled)
    return refuse (error, _("No effect can be used while the Threat dice are distributed."));
  if (self->turn_type == PEN_TURN_TRIAL)
    return TRUE;
  return check_study (self, error);
}

static gboolean
check_supply_die (PenGame  *self,
                  int       die,
                  GError  **error)
{
  if (die < 0 || (guint) die >= pen_wizard_board_get_n_dice (current_board (self)))
    return refuse (error, _("There is no such die in your supply."));
  return TRUE;
}

static gboolean
check_cell (PenGame  *self,
            int       location,
            int       section,
            int       cell,
            GError  **error)
{
  const PenSectionDef *def;

  if (location < 0 || (guint) location >= self->n_locations)
    return refuse (error, _("There is no such location."));
  if (section < 0 || (guint) section >= self->loc_defs[location]->n_sections)
    return refuse (error, _("The location has no such section."));
  def = section_def (self, location, section);
  if (cell < -1 || cell >= (int) def->n_cells)
    return refuse (error, _("The section has no such cell."));
  return TRUE;
}

/* Rulebook, "Locations", CELL CONDITIONS. */
static gboolean
die_meets_cell (PenGame          *self,
                const PenDie     *die,
                int               spark_colour,
                int               location,
                const PenCellDef *cell,
                GError          **error)
{
  PenLocation *loc = self->locations[location];
  g_autofree char *name = error != NULL ? pen_location_dup_name (loc) : NULL;

  if (cell->min_players > self->n_players)
    return refuse (error, ngettext ("This cell is open only in a game of %u or more player.",
                                    "This cell is open only in a game of %u or more players.",
                                    cell->min_players),
                   cell->min_players);

  switch (cell->condition)
    {
    case PEN_CELL_ANY:
      return TRUE;
    case PEN_CELL_SPARK:
      if (die->kind != PEN_DIE_KIND_SPARK)
        return refuse (error, _("This cell of the %s needs a Spark die."), name);
      return TRUE;
    case PEN_CELL_CLASS_COLOUR:
      if (!die_counts_for_cell (die, spark_colour, pen_location_get_discipline (loc)))
        return refuse (error, _("This cell of the %s needs a die of the colour %s."), name,
                       pen_discipline_get_name (pen_location_get_discipline (loc)));
      return TRUE;
    case PEN_CELL_CLASS_SIX:
      if (!die_counts_for_cell (die, spark_colour, pen_location_get_discipline (loc)) || die->value != 6)
        return refuse (error, _("This cell of the %s needs a die of the colour %s showing 6."), name,
                       pen_discipline_get_name (pen_location_get_discipline (loc)));
      return TRUE;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static gboolean
check_place (PenGame         *self,
             const PenAction *action,
             GError         **error)
{
  PenWizardBoard *board = current_board (self);
  const PenSectionDef *section;
  const PenDie *die;
  guint occupants;

  if (!check_study (self, error)
      || !check_supply_die (self, action->die, error)
      || !check_cell (self, action->location, action->section, action->cell, error))
    return FALSE;
  if (self->placements_left == 0)
    return refuse (error, _("You have no placement left this turn."));

  die = pen_wizard_board_get_die (board, action->die);
  section = section_def (self, action->location, action->section);
  if (action->colour >= PEN_N_DISCIPLINES)
    return refuse (error, _("There is no such colour."));
  if (action->colour >= 0 && die->kind != PEN_DIE_KIND_SPARK)
    return refuse (error, _("Only a Spark die may count as a colour other than its own."));

  if (action->cell < 0)
    {
      gboolean fits = FALSE;

      /* Rulebook, "Primagic", APPEAR: 1 Arcana to place beside the cells; the
       * die still meets the condition of a cell of the section. */
      if (pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_ARCANA) < 1)
        return refuse (error, _("Placing beside the cells (Appear) costs 1 Arcana, and you have none."));
      for (guint c = 0; c < section->n_cells && !fits; c++)
        fits = die_meets_cell (self, die, action->colour, action->location, &section->cells[c], NULL);
      if (!fits)
        return die_meets_cell (self, die, action->colour, action->location, &section->cells[0], error)
               && refuse (error, _("The die meets the condition of no cell of this section."));
      return TRUE;
    }

  if (!die_meets_cell (self, die, action->colour, action->location, &section->cells[action->cell], error))
    return FALSE;

  occupants = pen_location_get_n_dice (self->locations[action->location], action->section, action->cell);
  if (occupants > 0 && !section->cells[action->cell].unlimited)
    {
      const PenDie *placed = pen_location_get_die (self->locations[action->location],
                                                   action->section, action->cell, 0);

      /* Rulebook, "Primagic", KNOCK OUT: a Red die may take the place of a
       * placed die with a lower value. */
      if (!die_counts_as (die, action->colour, PEN_DISCIPLINE_RUBY))
        return refuse (error, _("This cell is taken. Only a Red die can knock out a placed die."));
      if (placed->value >= die->value)
        return refuse (error, _("A Red die knocks out only a placed die with a lower value."));
    }
  return TRUE;
}

static gboolean
check_knock_out (PenGame         *self,
                 const PenAction *action,
                 GError         **error)
{
  const PenDie *die;

  if (!check_study (self, error)
      || !check_supply_die (self, action->die, error)
      || !check_cell (self, action->location, action->section, action->cell, error))
    return FALSE;
  die = pen_wizard_board_get_die (current_board (self), action->die);
  if (!pen_die_counts_as (die, PEN_DISCIPLINE_RUBY))
    return refuse (error, _("Knocking out a placed die needs a Red die from your supply."));
  if (action->index < 0
      || (guint) action->index >= pen_location_get_n_dice (self->locations[action->location],
                                                           action->section, action->cell))
    return refuse (error, _("There is no die to knock out there."));
  return TRUE;
}

static gboolean
check_use_location (PenGame  *self,
                    GError  **error)
{
  PenWizardBoard *board = current_board (self);
  PenLocation *location;
  const PenSectionDef *section;

  if (self->pending != PEN_PENDING_LOCATION)
    return refuse (error, _("There is no placement whose effect is waiting."));

  location = self->locations[self->placed_location];
  section = section_def (self, self->placed_location, self->placed_section);
  switch (section->effect)
    {
    case PEN_SECTION_GAIN_MARK_AND_CARD:
      {
        int cell = pen_wizard_board_next_free_cell (board, FALSE);
        PenDiscipline discipline = pen_location_get_discipline (location);

        if (cell < 0)
          return refuse (error, _("All your Discipline cells are full."));
        if (marks_left (self, FALSE, discipline) == 0)
          return refuse (error, _("No %s Marks are left."), pen_discipline_get_name (discipline));
        if (pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_ARCANA) < self->def->mark_cells[cell].arcana)
          return refuse (error, ngettext ("Your next Mark costs %u Arcana.",
                                          "Your next Mark costs %u Arcana.",
                                          self->def->mark_cells[cell].arcana),
                         self->def->mark_cells[cell].arcana);
        return TRUE;
      }
    case PEN_SECTION_GAIN_CLASS_CARD:
      for (int place = 0; place < 3; place++)
        if (can_take_from (self, pen_location_get_discipline (location), place))
          return TRUE;
      return refuse (error, _("There is no card of this Class you can gain."));
    case PEN_SECTION_BUY_POTIONS:
      if (self->market[PEN_MARKET_BREWERY][0] == NULL && self->market[PEN_MARKET_BREWERY][1] == NULL)
        return refuse (error, _("The Brewery market is empty."));
      return TRUE;
    case PEN_SECTION_BUY_ARTIFACT:
      if (self->market[PEN_MARKET_SHOP][0] == NULL && self->market[PEN_MARKET_SHOP][1] == NULL)
        return refuse (error, _("The Shop market is empty."));
      return TRUE;
    case PEN_SECTION_FULFIL_CONTRACT:
      for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
        if (self->contract_row[i] != NULL)
          return TRUE;
      if (self->reserved_contracts[self->current]->len > 0)
        return TRUE;
      return refuse (error, _("There is no Contract in the Guild, and you have none reserved."));
    case PEN_SECTION_GAIN_SPARK_DIE:
      if (pen_wizard_board_get_available_blood (board) < SANCTUARY_BLOOD)
        return refuse (error, _("The Sanctuary asks for 1 Blood, and you have none."));
      return TRUE;
    case PEN_SECTION_GAIN_CLASS_DIE:
    case PEN_SECTION_EXCHANGE_INGREDIENTS:
    case PEN_SECTION_GAIN_RESOURCE:
    case PEN_SECTION_GAIN_BLOOD:
      return TRUE;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static gboolean
check_manipulate (PenGame         *self,
                  const PenAction *action,
                  GError         **error)
{
  PenWizardBoard *board = current_board (self);
  const PenDie *die;
  guint cost;

  if (!check_study_or_trial (self, error) || !check_supply_die (self, action->die, error))
    return FALSE;
  if (trial_has_property (self, PEN_PROPERTY_CRYSTAL_SUPPRESSION, NULL))
    return refuse (error, _("Crystal Suppression: Crystals cannot be used in this Trial."));
  if (action->value < 0 || action->value > PEN_MANIPULATE_RECOLOUR)
    return refuse (error, _("There is no such manipulation."));
  cost = manipulation_cost[action->value];
  if (pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_CRYSTALS) < cost)
    return refuse (error, ngettext ("This manipulation costs %u Crystal.",
                                    "This manipulation costs %u Crystals.", cost), cost);
  die = pen_wizard_board_get_die (board, action->die);
  switch ((PenManipulation) action->value)
    {
    case PEN_MANIPULATE_INCREASE:
      return pen_die_adjust ((PenDie[]) { *die }, +1, error);
    case PEN_MANIPULATE_DECREASE:
      return pen_die_adjust ((PenDie[]) { *die }, -1, error);
    case PEN_MANIPULATE_RECOLOUR:
      if (action->colour < 0 || action->colour >= PEN_N_DISCIPLINES)
        return refuse (error, _("Name the colour to recolour the die to."));
      return pen_die_recolour ((PenDie[]) { *die }, action->colour, error);
    case PEN_MANIPULATE_REROLL:
    case PEN_MANIPULATE_FLIP:
    default:
      return TRUE;
    }
}

static gboolean
check_wounded_mark (PenGame  *self,
                    int       cell,
                    GError  **error)
{
  const PenMark *mark;

  if (cell < 0 || cell >= PEN_N_MARK_CELLS)
    return refuse (error, _("There is no such Mark cell."));
  mark = pen_wizard_board_get_mark (current_board (self), cell);
  if (!mark->occupied || mark->state != PEN_MARK_WOUNDED)
    return refuse (error, _("Only a wounded Mark can be Healed."));
  return TRUE;
}

/* Rulebook, "Primagic", HEAL (during Study or Rest). */
static gboolean
check_heal (PenGame         *self,
            const PenAction *action,
            GError         **error)
{
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled)
    return refuse (error, _("No effect can be used while the Threat dice are distributed."));
  if (self->turn_type != PEN_TURN_REST && !check_study (self, error))
    return FALSE;
  if (pen_wizard_board_get_ingredient (current_board (self), PEN_INGREDIENT_FRUITS) < HEAL_FRUITS)
    return refuse (error, _("Healing costs 2 Fruits."));
  return check_wounded_mark (self, action->index, error);
}

/* Rulebook, "Mark effects". */
static gboolean
check_use_mark (PenGame         *self,
                const PenAction *action,
                GError         **error)
{
  PenWizardBoard *board = current_board (self);
  const PenMark *mark;
  const PenDie *die;
  gboolean spark;

  if (!check_study_or_trial (self, error))
    return FALSE;
  if (action->index < 0 || action->index >= PEN_N_MARK_CELLS)
    return refuse (error, _("There is no such Mark cell."));
  mark = pen_wizard_board_get_mark (board, action->index);
  if (!mark->occupied)
    return refuse (error, _("There is no Mark in that cell."));
  if (mark->state != PEN_MARK_CHARGED)
    return refuse (error, _("Only a charged Mark can be used."));
  spark = pen_wizard_board_is_spark_cell (action->index);

  if (action->value == PEN_MARK_EFFECT_CAST || action->value == PEN_MARK_EFFECT_UNEXHAUST)
    {
      const OwnedCard *owned;

      if (action->to < 0 || (guint) action->to >= owned_cards (self)->len)
        return refuse (error, _("You have no such card."));
      owned = owned_card (self, action->to);
      if (action->value == PEN_MARK_EFFECT_UNEXHAUST)
        {
          if (!spark)
            return refuse (error, _("Only a Spark Mark unexhausts a card."));
          if (!owned->rotated)
            return refuse (error, _("That card is not rotated."));
          return TRUE;
        }
      /* "Cast a Spell from your Grimoire (of the same colour as the Mark) for free." */
      if (owned->card->type != PEN_CARD_SPELL || owned->zone != ZONE_GRIMOIRE)
        return refuse (error, _("A Mark casts only a Spell."));
      if (!spark && owned->card->colour != mark->discipline)
        return refuse (error, _("A Mark of %s casts only Spells of its own colour."),
                       pen_discipline_get_name (mark->discipline));
      if (owned->rotated)
        return refuse (error, _("%s is rotated; it can be used again once unrotated."), CARD_NAME (owned->card->name));
      return check_timing (self, owned->card->timing, FALSE, error)
             && (owned->card->cost_timing == PEN_TIMING_ANY || check_timing (self, owned->card->cost_timing, FALSE, error))
             && vigilance_allows (self, FALSE, error);
    }
  if (!check_supply_die (self, action->die, error))
    return FALSE;
  die = pen_wizard_board_get_die (board, action->die);

  switch (action->value)
    {
    case PEN_MARK_EFFECT_SET:
      if (action->colour < 1 || action->colour > 6)
        return refuse (error, _("Name the face to set the die to."));
      if (!spark && (die->kind != PEN_DIE_KIND_COLOURED || die->colour != mark->discipline))
        return refuse (error, _("A Mark of %s sets only dice of its own colour."),
                       pen_discipline_get_name (mark->discipline));
      return TRUE;
    case PEN_MARK_EFFECT_RECOLOUR_BONE:
      if (spark)
        return refuse (error, _("A Spark Mark does not recolour dice."));
      if (die->kind != PEN_DIE_KIND_BONE)
        return refuse (error, _("A Mark recolours only a Bone die."));
      return TRUE;
    default:
      return refuse (error, _("There is no such Mark effect."));
    }
}

/* Rulebook, "Bazaar": 4 Fruits = 3 Crystals = 2 Jewels = 1 Trinket, in
 * multiples only. */
static gboolean
check_exchange (PenGame         *self,
                const PenAction *action,
                GError         **error)
{
  const guint *rate = self->def->bazaar_rate;

  if (self->pending != PEN_PENDING_EXCHANGE)
    return refuse (error, _("Ingredients are exchanged at the Bazaar, or on Rest with the right Mark."));
  if (action->colour < 0 || action->colour >= PEN_N_INGREDIENTS
      || action->to < 0 || action->to >= PEN_N_INGREDIENTS
      || rate[action->colour] == 0 || rate[action->to] == 0)
    return refuse (error, _("Only Fruits, Crystals, Jewels and Trinkets can be exchanged."));
  if (action->colour == action->to)
    return refuse (error, _("Exchange one Ingredient for another."));
  if (action->value < 1)
    return refuse (error, _("Exchange at least one lot."));
  if (pen_wizard_board_get_ingredient (current_board (self), action->colour)
      < rate[action->colour] * (guint) action->value)
    return refuse (error, _("You have too few %s for that exchange."),
                   pen_ingredient_get_name (action->colour));
  return TRUE;
}

gboolean
pen_game_check_action (PenGame         *self,
                       const PenAction *action,
                       GError         **error)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->over)
    return refuse (error, _("The game is over."));

  if ((int) self->current == self->automa_player && self->pending != PEN_PENDING_TALENT)
    return action->type == PEN_ACTION_AUTOMA_TURN ? TRUE : refuse (error, _("It is the Automa's turn."));
  if (action->type == PEN_ACTION_AUTOMA_TURN)
    return refuse (error, _("It is not the Automa's turn."));

  if (self->pending == PEN_PENDING_TALENT)
    {
      if (action->type != PEN_ACTION_CHOOSE_TALENT)
        return refuse (error, _("First choose your Talent."));
      if (action->index != 0 && action->index != 1)
        return refuse (error, _("Choose one of the two Talents dealt to you."));
      return TRUE;
    }

  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled && self->threat.step2
      && action->type != PEN_ACTION_USE_CARD && action->type != PEN_ACTION_FINISH_CARD)
    return refuse (error, _("The Threat dice are rolled: use a card on them, or go on."));
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled && !self->threat.step2
      && action->type != PEN_ACTION_THREAT_TARGET)
    return refuse (error, _("First decide where the Threat die goes."));
  if (self->pending == PEN_PENDING_CARD && action->type != PEN_ACTION_TAKE_CARD)
    return refuse (error, _("First choose the card to gain."));
  if (self->pending == PEN_PENDING_EQUIPMENT && action->type != PEN_ACTION_KEEP_EQUIPMENT)
    return refuse (error, _("First decide which Artifact keeps the Equipment cell."));
  if (self->pending == PEN_PENDING_CARD_EFFECT && action->type != PEN_ACTION_CARD_TOKEN
      && action->type != PEN_ACTION_FINISH_CARD)
    return refuse (error, _("First use the card's effect, or leave the rest of it."));
  if (self->pending == PEN_PENDING_BUY && action->type != PEN_ACTION_BUY_CARD
      && action->type != PEN_ACTION_FINISH_BUYING && action->type != PEN_ACTION_BRIBE)
    return refuse (error, _("First finish buying."));
  if (self->pending == PEN_PENDING_RIFT && action->type != PEN_ACTION_RIFT_DISCARD)
    return refuse (error, _("First discard the dice the Rift takes."));
  if (self->pending == PEN_PENDING_RESERVE && action->type != PEN_ACTION_RESERVE)
    return refuse (error, _("First choose the Contract to reserve, or none."));
  if (self->pending == PEN_PENDING_COLOUR && action->type != PEN_ACTION_CHOOSE_COLOUR)
    return refuse (error, _("First choose the colour of your reward die."));

  switch (action->type)
    {
    case PEN_ACTION_CHOOSE_TALENT:
      return refuse (error, _("The Talents are already chosen."));

    case PEN_ACTION_PLACE:
      if (self->pending != PEN_PENDING_NONE)
        return refuse (error, _("Finish the current placement first."));
      return check_place (self, action, error);

    case PEN_ACTION_KNOCK_OUT:
      if (self->pending != PEN_PENDING_NONE && self->pending != PEN_PENDING_LOCATION)
        return refuse (error, _("That cannot be done now."));
      return check_knock_out (self, action, error);

    case PEN_ACTION_USE_LOCATION:
      return check_use_location (self, error);

    case PEN_ACTION_SKIP_LOCATION:
      if (self->pending != PEN_PENDING_LOCATION)
        return refuse (error, _("There is no placement whose effect is waiting."));
      return TRUE;

    case PEN_ACTION_HURRY:
      if (!check_study (self, error))
        return FALSE;
      if (self->pending != PEN_PENDING_NONE && self->pending != PEN_PENDING_LOCATION)
        return refuse (error, _("That cannot be done now."));
      if (self->hurried)
        return refuse (error, _("Hurry can be used only once per turn."));
      if (pen_wizard_board_get_ingredient (current_board (self), PEN_INGREDIENT_TRINKETS) < 1)
        return refuse (error, _("Hurry costs a Trinket, and you have none."));
      return TRUE;

    case PEN_ACTION_MANIPULATE:
      return check_manipulate (self, action, error);

    case PEN_ACTION_HEAL:
      return check_heal (self, action, error);

    case PEN_ACTION_USE_MARK:
      return check_use_mark (self, action, error);

    case PEN_ACTION_EXCHANGE:
      return check_exchange (self, action, error);

    case PEN_ACTION_FINISH_EXCHANGE:
      if (self->pending != PEN_PENDING_EXCHANGE)
        return refuse (error, _("No exchange is open."));
      return TRUE;

    case PEN_ACTION_REST:
      if (self->turn_type != PEN_TURN_UNDECLARED || self->pending != PEN_PENDING_NONE)
        return refuse (error, _("Rest must be declared at the start of the turn, before anything else."));
      return TRUE;

    case PEN_ACTION_DEFEND:
      if (self->pending != PEN_PENDING_THREAT)
        return refuse (error, _("Defend is used while preparing a Threat."));
      if (self->threat.uncancellable)
        return refuse (error, _("This Threat is uncancellable."));
      if (self->threat.n_dice == 0)
        return refuse (error, _("No Threat dice are left to discard."));
      if (!check_supply_die (self, action->die, error))
        return FALSE;
      if (!pen_die_counts_as (pen_wizard_board_get_die (current_board (self), action->die),
                              PEN_DISCIPLINE_JASPER))
        return refuse (error, _("Defend needs a Yellow die."));
      return TRUE;

    case PEN_ACTION_ROLL_THREAT:
      if (self->pending != PEN_PENDING_THREAT || self->threat.rolled)
        return refuse (error, _("There are no Threat dice to roll."));
      return TRUE;

    case PEN_ACTION_THREAT_TARGET:
      {
        int targets[PEN_N_MARK_CELLS + 64];
        guint n;

        if (self->pending != PEN_PENDING_THREAT || !self->threat.rolled)
          return refuse (error, _("No Threat die is waiting for a target."));
        n = threat_targets (self, self->threat.values[0], targets);
        for (guint i = 0; i < n; i++)
          if (targets[i] == action->index)
            return TRUE;
        return refuse (error, _("The Threat die %u cannot go there."), self->threat.values[0]);
      }

    case PEN_ACTION_END_TURN:
      if (self->pending == PEN_PENDING_LOCATION)
        return refuse (error, _("First use or skip the effect of your placement."));
      if (self->pending == PEN_PENDING_THREAT)
        return refuse (error, _("First finish the Threat."));
      if (self->pending == PEN_PENDING_CONTRACT || self->pending == PEN_PENDING_PATH
          || self->pending == PEN_PENDING_TASK
          || (self->pending == PEN_PENDING_EXCHANGE && self->exchange_from_card
              && self->effect_resume != PEN_PENDING_NONE))
        return refuse (error, _("First finish the Contract or Trial, or give up its task."));
      if (self->turn_type == PEN_TURN_UNDECLARED && self->must_rest[self->current])
        return refuse (error, _("After a Mortal Wound your next turn must be Rest."));
      if (self->must_rest[self->current] && self->turn_type != PEN_TURN_REST)
        return refuse (error, _("After a Mortal Wound your next turn must be Rest."));
      return TRUE;

    case PEN_ACTION_CHOOSE_CONTRACT:
      if (self->pending != PEN_PENDING_CONTRACT)
        return refuse (error, _("No Contract is being chosen."));
      if (action->index >= PEN_RESERVED)
        {
          if ((guint) (action->index - PEN_RESERVED) >= self->reserved_contracts[self->current]->len)
            return refuse (error, _("You have no such reserved Contract."));
          return TRUE;
        }
      if (action->index < 0 || action->index >= N_CONTRACT_SLOTS || self->contract_row[action->index] == NULL)
        return refuse (error, _("There is no Contract in that place of the Guild."));
      return TRUE;

    case PEN_ACTION_START_TRIAL:
      if (self->turn_type != PEN_TURN_UNDECLARED || self->pending != PEN_PENDING_NONE)
        return refuse (error, _("A Trial turn must be declared at the start of the turn."));
      if (self->must_rest[self->current])
        return refuse (error, _("After a Mortal Wound your next turn must be Rest."));
      if (action->index == PEN_RESERVED)
        {
          if (self->reserved_trial[self->current] == NULL)
            return refuse (error, _("You have no reserved Trial."));
          return TRUE;
        }
      /* The publisher's errata: a Wizard holding a reserved Trial may attempt only it. */
      if (self->reserved_trial[self->current] != NULL)
        return refuse (error, _("While you hold a reserved Trial, it is the only Trial you may attempt."));
      if (action->index < 0 || (guint) action->index >= self->trial_row->len)
        return refuse (error, _("There is no such Trial in the row."));
      return TRUE;

    case PEN_ACTION_CHOOSE_PATH:
      {
        const PenTrial *trial;
        const PenTrialPath *path;

        if (self->pending != PEN_PENDING_PATH)
          return refuse (error, _("No Trial path is being chosen."));
        if (action->index != 0 && action->index != 1)
          return refuse (error, _("A Trial has the path of Darkness and the path of Light."));
        trial = find_trial (self, self->quest.id);
        path = action->index == 0 ? &trial->darkness : &trial->light;
        if (action->value < 0 || (guint) action->value >= path->n_tasks)
          return refuse (error, _("That path has no such task."));
        return TRUE;
      }

    case PEN_ACTION_TASK_DICE:
      {
        g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (PenDie));

        guint sum;

        if (self->pending != PEN_PENDING_TASK)
          return refuse (error, _("No task is waiting for dice."));
        if (task_roll (self, &sum))
          return refuse (error, _("The task's dice are rolled: manipulate them, then finish the task."));
        if (!mask_dice (self, action->mask, dice))
          return refuse (error, _("Choose dice from your supply."));
        return check_task_dice (self, current_task (self), dice, error);
      }

    case PEN_ACTION_TASK_DO:
      if (self->pending != PEN_PENDING_TASK)
        return refuse (error, _("No task is waiting."));
      return check_task_do (self, error);

    case PEN_ACTION_GIVE_UP:
      if (self->pending != PEN_PENDING_TASK && self->pending != PEN_PENDING_PATH
          && self->pending != PEN_PENDING_CONTRACT)
        return refuse (error, _("There is nothing to give up."));
      return TRUE;

    case PEN_ACTION_RIFT_DISCARD:
      if (self->pending != PEN_PENDING_RIFT)
        return refuse (error, _("The Rift takes no dice now."));
      return check_supply_die (self, action->die, error);

    case PEN_ACTION_BIND:
      if (!check_study (self, error))
        return FALSE;
      if (!self->bind_open || (self->pending != PEN_PENDING_NONE && self->pending != PEN_PENDING_LOCATION))
        return refuse (error, _("Bind is used once per placement in the City."));
      if (pen_wizard_board_get_available_blood (current_board (self)) < 1)
        return refuse (error, _("Bind costs 1 Blood, and you have none."));
      return TRUE;

    case PEN_ACTION_RESERVE:
      if (self->pending != PEN_PENDING_RESERVE)
        return refuse (error, _("No Contract is being reserved."));
      if (action->index == PEN_BIND_NONE)
        return TRUE;
      if (action->index >= PEN_BIND_DECK)
        {
          if ((guint) (action->index - PEN_BIND_DECK) >= self->bind_offer->len)
            return refuse (error, _("There is no such Contract among those you looked at."));
          return TRUE;
        }
      if (action->index < 0 || action->index >= N_CONTRACT_SLOTS || self->contract_row[action->index] == NULL)
        return refuse (error, _("There is no Contract in that place of the Guild."));
      return TRUE;

    case PEN_ACTION_TAKE_CARD:
      if (self->pending != PEN_PENDING_CARD)
        return refuse (error, _("No card is being gained."));
      if (action->index < 0 || action->index >= PEN_N_DECKS * 3
          || !gain_deck_allows (self, action->index / 3))
        return refuse (error, _("The card cannot come from there."));
      if (!can_take_from (self, action->index / 3, action->index % 3))
        return refuse (error, _("You cannot gain that card: it is not there, or you already have a card of that name."));
      return TRUE;

    case PEN_ACTION_BUY_CARD:
      {
        int market = action->value == 0 ? PEN_MARKET_BREWERY : PEN_MARKET_SHOP;
        const PenCard *card;
        guint price[PEN_N_INGREDIENTS];

        if (self->pending == PEN_PENDING_BUY)
          {
            if (self->buy_market != market || self->buys_left == 0)
              return refuse (error, _("You cannot buy there now."));
          }
        else if (!(self->turn_type == PEN_TURN_REST && self->rest_buy
                   && (self->pending == PEN_PENDING_NONE || self->pending == PEN_PENDING_EXCHANGE)))
          return refuse (error, _("Buying is done in the Brewery, the Shop, or on Rest with the right Mark."));
        if (action->value < 0 || action->value > 1 || action->index < 0 || action->index > 1
            || self->market[market][action->index] == NULL)
          return refuse (error, _("There is no card in that place of the market."));
        card = card_by_id (self, self->market[market][action->index]);
        if (owns_name (self, card->name))
          return refuse (error, _("You already have a card named %s."), CARD_NAME (card->name));
        discounted_price (self, card, price);
        for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
          if (pen_wizard_board_get_ingredient (current_board (self), i) < price[i])
            return refuse (error, _("%s costs more than you have."), CARD_NAME (card->name));
        return TRUE;
      }

    case PEN_ACTION_FINISH_BUYING:
      if (self->pending != PEN_PENDING_BUY)
        return refuse (error, _("You are not buying."));
      return TRUE;

    case PEN_ACTION_KEEP_EQUIPMENT:
      if (self->pending != PEN_PENDING_EQUIPMENT)
        return refuse (error, _("No Artifact is waiting for its cell."));
      if (action->index != 0 && action->index != 1)
        return refuse (error, _("Keep the equipped Artifact or replace it."));
      return TRUE;

    case PEN_ACTION_BRIBE:
      if (!check_study (self, error))
        return FALSE;
      if (self->pending != PEN_PENDING_NONE && self->pending != PEN_PENDING_LOCATION
          && self->pending != PEN_PENDING_BUY)
        return refuse (error, _("That cannot be done now."));
      if (pen_wizard_board_get_ingredient (current_board (self), PEN_INGREDIENT_JEWELS) < 1)
        return refuse (error, _("Bribe costs a Jewel, and you have none."));
      if (action->index < 0 || action->index >= PEN_N_DECKS || !deck_has_market (self, action->index))
        return refuse (error, _("There is no such market."));
      if (self->decks[action->index]->len == 0)
        return refuse (error, _("That deck has no cards left to lay out."));
      return TRUE;

    case PEN_ACTION_USE_CARD:
      return check_use_card (self, action, error);

    case PEN_ACTION_CARD_TOKEN:
      return check_card_token (self, action, error);

    case PEN_ACTION_FINISH_CARD:
      return check_finish_card (self, error);

    case PEN_ACTION_CHOOSE_COLOUR:
      if (self->pending != PEN_PENDING_COLOUR)
        return refuse (error, _("No reward die is waiting for its colour."));
      if (action->colour < 0 || action->colour >= PEN_N_DISCIPLINES)
        return refuse (error, _("There is no such colour."));
      return TRUE;

    default:
      return refuse (error, _("Unknown action."));
    }
}

/* ---- Applying actions ----------------------------------------------------- */

static void
declare_study (PenGame *self)
{
  if (self->turn_type == PEN_TURN_UNDECLARED)
    self->turn_type = PEN_TURN_STUDY;
}

static void setup_players (PenGame *self);

static void
apply_choose_talent (PenGame *self,
                     int      index)
{
  self->talent[self->current] = g_strdup (self->dealt[self->current][index]);
  log_line (self, _("Player %u chose a Talent."), self->current + 1);
  while (self->current + 1 < self->n_players)
    if (self->talent[++self->current] == NULL)
      return;
  setup_players (self);
}

/* Rulebook, "Primagic": the effects a die's colour gives when it is placed. */
static void
apply_placement_primagic (PenGame      *self,
                          const PenDie *die,
                          int           spark_colour,
                          int           location)
{
  PenArea area = location_area (self, location);
  const char *id = pen_location_get_id (self->locations[location]);

  /* HARVEST: a Green die in the Wilds rolls a Resource die; GRAB: a Purple die
   * in the City. It is rolled with the location's effect (or when the effect
   * is skipped): in the Forest, "you will roll two Resource dice at once". */
  self->placed_resource_dice = 0;
  if (area == PEN_AREA_WILDS && die_counts_as (die, spark_colour, PEN_DISCIPLINE_EMERALD))
    {
      log_line (self, _("Harvest: the Green die brings a Resource die."));
      self->placed_resource_dice = 1;
    }
  if (area == PEN_AREA_CITY && die_counts_as (die, spark_colour, PEN_DISCIPLINE_AMETHYST))
    {
      log_line (self, _("Grab: the Purple die brings a Resource die."));
      self->placed_resource_dice = 1;
    }
  /* DEFEND: a Yellow die placed where a Threat will be applied cancels one of
   * its dice (the Ruins; the Guild's Contracts when they arrive). */
  self->placed_defend = (g_str_equal (id, "ruins") || g_str_equal (id, "guild"))
                        && die_counts_as (die, spark_colour, PEN_DISCIPLINE_JASPER);
  /* PERSUADE: a Blue die in the Brewery or the Shop: 1 Ingredient off. */
  self->discount = (g_str_equal (id, "brewery") || g_str_equal (id, "shop"))
                   && die_counts_as (die, spark_colour, PEN_DISCIPLINE_SAPPHIRE) ? 1 : 0;

  trigger_condition (self, area == PEN_AREA_SCHOOL ? PEN_CONDITION_PLACED_IN_CLASS
                           : area == PEN_AREA_CITY ? PEN_CONDITION_PLACED_IN_CITY
                           : PEN_CONDITION_PLACED_IN_WILDS);
}

static void
apply_place (PenGame         *self,
             const PenAction *action)
{
  PenWizardBoard *board = current_board (self);
  PenLocation *location = self->locations[action->location];
  g_autofree char *name = pen_location_dup_name (location);
  g_autofree char *text = NULL;
  PenDie die;

  declare_study (self);
  die = pen_wizard_board_take_die (board, action->die);
  text = pen_die_describe (&die);

  if (action->cell < 0)
    {
      pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_ARCANA, 1);
      log_line (self, _("Appear: placed %s beside the cells of the %s for 1 Arcana."), text, name);
    }
  else
    {
      const PenSectionDef *section = section_def (self, action->location, action->section);

      if (pen_location_get_n_dice (location, action->section, action->cell) > 0
          && !section->cells[action->cell].unlimited)
        {
          PenDie out = pen_location_take_die (location, action->section, action->cell, 0);
          g_autofree char *out_text = pen_die_describe (&out);

          log_line (self, _("Knock out: the Red die takes the place of %s."), out_text);
        }
      log_line (self, _("Placed %s in the %s."), text, name);
    }
  pen_location_add_die (location, action->section, action->cell, &die);
  self->placements_left--;
  self->bind_open = location_area (self, action->location) == PEN_AREA_CITY;
  self->placed_location = action->location;
  self->placed_section = action->section;
  self->pending = PEN_PENDING_LOCATION;
  apply_placement_primagic (self, &die, action->colour, action->location);
}

static void
roll_placed_resource_dice (PenGame *self)
{
  if (self->placed_resource_dice > 0)
    roll_resource_dice (self, self->placed_resource_dice);
  self->placed_resource_dice = 0;
}

static void
apply_use_location (PenGame *self)
{
  PenWizardBoard *board = current_board (self);
  PenLocation *location = self->locations[self->placed_location];
  const PenSectionDef *section = section_def (self, self->placed_location, self->placed_section);
  PenDiscipline discipline = pen_location_get_discipline (location);

  self->pending = PEN_PENDING_NONE;
  /* The Forest's Resource die and Harvest's are rolled together. */
  if (section->effect == PEN_SECTION_GAIN_RESOURCE)
    {
      roll_resource_dice (self, 1 + self->placed_resource_dice);
      self->placed_resource_dice = 0;
      return;
    }
  roll_placed_resource_dice (self);
  switch (section->effect)
    {
    case PEN_SECTION_GAIN_MARK_AND_CARD:
      {
        int cell = pen_wizard_board_next_free_cell (board, FALSE);

        pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_ARCANA,
                                           self->def->mark_cells[cell].arcana);
        gain_mark (self, FALSE, discipline);
        start_card_gain (self, 1, discipline, AFTER_CARD_RESUME);
      }
      break;
    case PEN_SECTION_GAIN_CLASS_CARD:
      start_card_gain (self, 1, discipline, AFTER_CARD_RESUME);
      break;
    case PEN_SECTION_BUY_POTIONS:
    case PEN_SECTION_BUY_ARTIFACT:
      self->buy_market = section->effect == PEN_SECTION_BUY_POTIONS ? PEN_MARKET_BREWERY : PEN_MARKET_SHOP;
      self->buys_left = section->effect == PEN_SECTION_BUY_POTIONS ? G_MAXUINT : 1;
      self->pending = PEN_PENDING_BUY;
      break;
    case PEN_SECTION_GAIN_CLASS_DIE:
      gain_new_die (self, PEN_DIE_KIND_COLOURED, discipline);
      break;
    case PEN_SECTION_EXCHANGE_INGREDIENTS:
      self->pending = PEN_PENDING_EXCHANGE;
      self->exchange_from_card = FALSE;
      break;
    case PEN_SECTION_GAIN_SPARK_DIE:
      pen_wizard_board_spend_blood (board, SANCTUARY_BLOOD);
      gain_new_die (self, PEN_DIE_KIND_SPARK, 0);
      break;
    case PEN_SECTION_GAIN_BLOOD:
      start_threat (self, RUINS_THREAT, FALSE, THREAT_FOR_RUINS);
      if (self->placed_defend)
        {
          self->threat.n_dice--;
          log_line (self, _("Defend: the Yellow die placed here discards 1 Threat die."));
        }
      break;
    case PEN_SECTION_FULFIL_CONTRACT:
      self->pending = PEN_PENDING_CONTRACT;
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
apply_manipulate (PenGame         *self,
                  const PenAction *action)
{
  PenWizardBoard *board = current_board (self);
  PenDie *die = pen_wizard_board_peek_die (board, action->die);
  g_autofree char *before = pen_die_describe (die);
  g_autofree char *after = NULL;

  if (self->turn_type == PEN_TURN_UNDECLARED)
    declare_study (self);
  pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_CRYSTALS, manipulation_cost[action->value]);
  switch ((PenManipulation) action->value)
    {
    case PEN_MANIPULATE_REROLL:
      pen_die_roll (die, self->rng);
      break;
    case PEN_MANIPULATE_INCREASE:
      pen_die_adjust (die, +1, NULL);
      break;
    case PEN_MANIPULATE_DECREASE:
      pen_die_adjust (die, -1, NULL);
      break;
    case PEN_MANIPULATE_FLIP:
      pen_die_flip (die);
      break;
    case PEN_MANIPULATE_RECOLOUR:
      pen_die_recolour (die, action->colour, NULL);
      break;
    default:
      g_assert_not_reached ();
    }
  after = pen_die_describe (die);
  log_line (self, _("Manipulate: %s became %s."), before, after);
}

static void
apply_heal (PenGame *self,
            int      cell)
{
  PenWizardBoard *board = current_board (self);
  PenMark mark = *pen_wizard_board_get_mark (board, cell);

  if (self->turn_type == PEN_TURN_UNDECLARED)
    declare_study (self);
  pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_FRUITS, HEAL_FRUITS);
  mark.state = PEN_MARK_CHARGED;
  pen_wizard_board_set_mark (board, cell, &mark);
  log_line (self, _("Healed a Mark for 2 Fruits."));
  /* "Heal: Wounded → Charged + Rest effect". */
  apply_cell_rest_effects (self, cell, self->turn_type == PEN_TURN_REST);
  if (self->turn_type == PEN_TURN_REST && self->rest_exchange && self->pending == PEN_PENDING_NONE)
    self->pending = PEN_PENDING_EXCHANGE;
}

static void apply_use_card (PenGame *self, const PenAction *action);

static void
apply_use_mark (PenGame         *self,
                const PenAction *action)
{
  PenWizardBoard *board = current_board (self);
  PenMark mark = *pen_wizard_board_get_mark (board, action->index);
  PenDie *die;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (self->turn_type == PEN_TURN_UNDECLARED)
    declare_study (self);
  mark.state = PEN_MARK_DISCHARGED;
  pen_wizard_board_set_mark (board, action->index, &mark);

  if (action->value == PEN_MARK_EFFECT_UNEXHAUST)
    {
      log_line (self, _("A Spark Mark unexhausts %s."), CARD_NAME (owned_card (self, action->to)->card->name));
      unrotate (self, action->to);
      return;
    }
  if (action->value == PEN_MARK_EFFECT_CAST)
    {
      PenAction cast;

      pen_action_init (&cast, PEN_ACTION_USE_CARD);
      cast.index = action->to;
      cast.value = -1;   /* free */
      log_line (self, _("A Mark casts a Spell for free."));
      apply_use_card (self, &cast);
      return;
    }

  die = pen_wizard_board_peek_die (board, action->die);
  before = pen_die_describe (die);
  if (action->value == PEN_MARK_EFFECT_SET)
    pen_die_set (die, action->colour, NULL);
  else
    {
      die->kind = PEN_DIE_KIND_COLOURED;
      die->colour = mark.discipline;
    }
  after = pen_die_describe (die);
  log_line (self, _("Used a Mark: %s became %s."), before, after);
}

static void
apply_exchange (PenGame         *self,
                const PenAction *action)
{
  PenWizardBoard *board = current_board (self);
  const guint *rate = self->def->bazaar_rate;
  guint give = rate[action->colour] * action->value;
  guint take = rate[action->to] * action->value;

  pen_wizard_board_spend_ingredient (board, action->colour, give);
  log_line (self, _("Exchanged %u %s."), give, pen_ingredient_get_name (action->colour));
  gain_ingredients (self, action->to, take);
}

/* Rulebook, "Rest turn": the thread from left to right; discharged Marks that
 * are not wounded are recharged; wounded Marks give nothing. */
static void
apply_rest (PenGame *self)
{
  PenWizardBoard *board = current_board (self);

  self->turn_type = PEN_TURN_REST;
  self->must_rest[self->current] = FALSE;
  log_line (self, _("Rest."));
  for (guint i = 0; i < self->def->n_thread_start; i++)
    apply_rest_effect (self, self->def->thread_start[i], 0, TRUE);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = pen_wizard_board_get_mark (board, c);

      if (mark->occupied && mark->state != PEN_MARK_WOUNDED)
        apply_cell_rest_effects (self, c, TRUE);
    }
  recharge_marks (self);
  trigger_condition (self, PEN_CONDITION_ON_REST);
  if (self->rest_exchange && self->pending == PEN_PENDING_NONE)
    self->pending = PEN_PENDING_EXCHANGE;
}

static void
apply_buy_card (PenGame         *self,
                const PenAction *action)
{
  int market = action->value == 0 ? PEN_MARKET_BREWERY : PEN_MARKET_SHOP;
  char *id = self->market[market][action->index];
  const PenCard *card = card_by_id (self, id);
  guint price[PEN_N_INGREDIENTS];
  guint paid = 0, full = 0;

  discounted_price (self, card, price);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      pen_wizard_board_spend_ingredient (current_board (self), i, price[i]);
      paid += price[i];
      full += card->price[i];
    }
  /* The discount applies to the whole purchase, once. */
  self->discount -= MIN (self->discount, full - paid);
  self->market[market][action->index] = NULL;
  refill_market (self, market);
  log_line (self, _("Bought %s."), CARD_NAME (card->name));
  if (self->pending == PEN_PENDING_BUY)
    {
      self->buys_left--;
      self->card_resume = self->buys_left > 0 ? PEN_PENDING_BUY : PEN_PENDING_NONE;
    }
  else
    {
      self->rest_buy = FALSE;
      self->card_resume = self->pending;
    }
  self->pending = self->card_resume;
  give_card (self, card);
  g_free (id);
}

static void
apply_keep_equipment (PenGame  *self,
                      gboolean  replace)
{
  const PenCard *card = self->equip_new;
  OwnedCard owned = { .card = card, .zone = ZONE_EQUIPMENT };

  self->equip_new = NULL;
  if (replace)
    for (guint i = 0; i < owned_cards (self)->len; i++)
      if (owned_card (self, i)->zone == ZONE_EQUIPMENT && owned_card (self, i)->card->equipment == card->equipment)
        {
          g_ptr_array_add (self->decks[PEN_DECK_ARTIFACTS], g_strdup (owned_card (self, i)->card->id));
          g_array_remove_index (owned_cards (self), i);
          g_array_append_val (owned_cards (self), owned);
          log_line (self, _("%s replaces the equipped Artifact."), CARD_NAME (card->name));
          break;
        }
  if (!replace)
    {
      g_ptr_array_add (self->decks[PEN_DECK_ARTIFACTS], g_strdup (card->id));
      log_line (self, _("%s is discarded."), CARD_NAME (card->name));
    }
  self->pending = self->card_resume;
  if (self->cards_to_gain > 0 && any_card_to_take (self))
    {
      self->pending = PEN_PENDING_CARD;
      return;
    }
  if (self->cards_to_gain > 0 || self->after_card == AFTER_CARD_REWARD)
    after_card_gain (self);
}

static void
roll_threat (PenGame *self)
{
  self->threat.rolled = TRUE;
  self->threat.n_values = self->threat.n_dice;
  for (guint i = 0; i < self->threat.n_dice; i++)
    self->threat.values[i] = pen_rng_range (self->rng, 1, 7);
  log_line (self, ngettext ("Rolled %u Threat die.", "Rolled %u Threat dice.",
                            self->threat.n_dice), self->threat.n_dice);
  /* Step 2: a card that changes Threat dice may still be used. */
  if (self->threat.n_values > 0 && has_after_roll_card (self))
    {
      self->threat.step2 = TRUE;
      return;
    }
  distribute_threat (self);
}

/* Rulebook, "Primagic", BIND: one of the open Contracts or of the top three
 * of the deck (the others go to the bottom), or none. */
static void
apply_reserve (PenGame *self,
               int      index)
{
  char *id = NULL;

  if (index == PEN_BIND_NONE)
    log_line (self, _("No Contract reserved."));
  else if (index >= PEN_BIND_DECK)
    id = g_ptr_array_steal_index (self->bind_offer, index - PEN_BIND_DECK);
  else
    {
      id = self->contract_row[index];
      self->contract_row[index] = NULL;
    }
  /* Taken from the top three: "put the remaining two on the bottom". Otherwise
   * the three looked at go back on top, in their order (docs/rules-assumptions.md). */
  if (index >= PEN_BIND_DECK && index != PEN_BIND_NONE)
    while (self->bind_offer->len > 0)
      g_ptr_array_add (self->contract_deck, g_ptr_array_steal_index (self->bind_offer, 0));
  else
    while (self->bind_offer->len > 0)
      g_ptr_array_insert (self->contract_deck, 0, g_ptr_array_steal_index (self->bind_offer, self->bind_offer->len - 1));
  if (id != NULL)
    {
      log_line (self, _("Reserved the Contract %s."), CARD_NAME (find_contract (self, id)->name));
      g_ptr_array_add (self->reserved_contracts[self->current], id);
    }
  refill_contract_row (self);
  self->pending = self->resume;
  self->resume = PEN_PENDING_NONE;
}

static void
apply_action (PenGame         *self,
              const PenAction *action)
{
  PenWizardBoard *board = current_board (self);

  switch (action->type)
    {
    case PEN_ACTION_CHOOSE_TALENT:
      apply_choose_talent (self, action->index);
      break;
    case PEN_ACTION_PLACE:
      apply_place (self, action);
      break;
    case PEN_ACTION_KNOCK_OUT:
      {
        PenDie red = pen_wizard_board_take_die (board, action->die);
        PenDie out = pen_location_take_die (self->locations[action->location], action->section,
                                            action->cell, action->index);
        g_autofree char *text = pen_die_describe (&out);

        declare_study (self);
        (void) red;
        log_line (self, _("Knock out: discarded a Red die to discard %s."), text);
      }
      break;
    case PEN_ACTION_USE_LOCATION:
      apply_use_location (self);
      break;
    case PEN_ACTION_SKIP_LOCATION:
      self->pending = PEN_PENDING_NONE;
      roll_placed_resource_dice (self);
      break;
    case PEN_ACTION_HURRY:
      declare_study (self);
      pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_TRINKETS, 1);
      self->hurried = TRUE;
      self->placements_left++;
      log_line (self, _("Hurry: a Trinket buys one more placement."));
      break;
    case PEN_ACTION_MANIPULATE:
      apply_manipulate (self, action);
      break;
    case PEN_ACTION_HEAL:
      apply_heal (self, action->index);
      break;
    case PEN_ACTION_USE_MARK:
      apply_use_mark (self, action);
      break;
    case PEN_ACTION_EXCHANGE:
      apply_exchange (self, action);
      break;
    case PEN_ACTION_FINISH_EXCHANGE:
      /* A card's conversion returns to what it interrupted. */
      self->pending = self->exchange_from_card ? self->effect_resume : PEN_PENDING_NONE;
      self->exchange_from_card = FALSE;
      break;
    case PEN_ACTION_REST:
      apply_rest (self);
      break;
    case PEN_ACTION_DEFEND:
      pen_wizard_board_take_die (board, action->die);
      self->threat.n_dice--;
      log_line (self, _("Defend: discarded a Yellow die to discard 1 Threat die."));
      break;
    case PEN_ACTION_ROLL_THREAT:
      {
        guint x;

        /* Rift: at the end of step 1, on the Trial's main Threat only. */
        if (self->threat.source == THREAT_FOR_QUEST && !self->quest.rift_done
            && trial_has_property (self, PEN_PROPERTY_RIFT, &x))
          {
            self->quest.rift_done = TRUE;
            self->quest.rift_left = MIN (x, pen_wizard_board_get_n_dice (board));
            if (self->quest.rift_left > 0)
              {
                self->pending = PEN_PENDING_RIFT;
                log_line (self, ngettext ("Rift: discard %u die.", "Rift: discard %u dice.",
                                          self->quest.rift_left), self->quest.rift_left);
                break;
              }
          }
        roll_threat (self);
      }
      break;
    case PEN_ACTION_RIFT_DISCARD:
      pen_wizard_board_take_die (board, action->die);
      if (--self->quest.rift_left == 0)
        {
          self->pending = PEN_PENDING_THREAT;
          roll_threat (self);
        }
      break;
    case PEN_ACTION_CHOOSE_CONTRACT:
      {
        const char *id = action->index >= PEN_RESERVED
                           ? g_ptr_array_index (self->reserved_contracts[self->current], action->index - PEN_RESERVED)
                           : self->contract_row[action->index];

        begin_quest (self, QUEST_CONTRACT, id, action->index);
      }
      break;
    case PEN_ACTION_START_TRIAL:
      {
        const char *id = action->index == PEN_RESERVED ? self->reserved_trial[self->current]
                                                       : g_ptr_array_index (self->trial_row, action->index);

        self->turn_type = PEN_TURN_TRIAL;
        begin_quest (self, QUEST_TRIAL, id, action->index);
      }
      break;
    case PEN_ACTION_CHOOSE_PATH:
      self->quest.path = action->index;
      self->quest.task = action->value;
      log_line (self, action->index == 0 ? _("The path of Darkness.") : _("The path of Light."));
      begin_task (self);
      break;
    case PEN_ACTION_TASK_DICE:
      apply_task_dice (self, action->mask);
      break;
    case PEN_ACTION_TASK_DO:
      apply_task_do (self);
      break;
    case PEN_ACTION_GIVE_UP:
      discard_task_dice (self);
      if (self->pending == PEN_PENDING_CONTRACT)
        self->pending = PEN_PENDING_NONE;
      else
        quest_failed (self);
      break;
    case PEN_ACTION_BIND:
      pen_wizard_board_spend_blood (board, 1);
      self->bind_open = FALSE;
      self->resume = self->pending;
      g_ptr_array_set_size (self->bind_offer, 0);
      for (guint i = 0; i < N_BIND_CARDS && self->contract_deck->len > 0; i++)
        g_ptr_array_add (self->bind_offer, g_ptr_array_steal_index (self->contract_deck, 0));
      self->pending = PEN_PENDING_RESERVE;
      log_line (self, _("Bind: 1 Blood to reserve a Contract."));
      break;
    case PEN_ACTION_RESERVE:
      apply_reserve (self, action->index);
      break;
    case PEN_ACTION_TAKE_CARD:
      apply_take_card (self, action->index);
      break;
    case PEN_ACTION_BUY_CARD:
      apply_buy_card (self, action);
      break;
    case PEN_ACTION_FINISH_BUYING:
      self->pending = PEN_PENDING_NONE;
      break;
    case PEN_ACTION_KEEP_EQUIPMENT:
      apply_keep_equipment (self, action->index == 1);
      break;
    case PEN_ACTION_BRIBE:
      declare_study (self);
      pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_JEWELS, 1);
      for (guint slot = 0; slot < 2; slot++)
        if (self->market[action->index][slot] != NULL)
          g_ptr_array_add (self->decks[action->index], g_steal_pointer (&self->market[action->index][slot]));
      refill_market (self, action->index);
      log_line (self, _("Bribe: a Jewel refreshes a market."));
      break;
    case PEN_ACTION_USE_CARD:
      apply_use_card (self, action);
      break;
    case PEN_ACTION_CARD_TOKEN:
      apply_card_token (self, action);
      break;
    case PEN_ACTION_FINISH_CARD:
      apply_finish_card (self);
      break;
    case PEN_ACTION_AUTOMA_TURN:
      automa_take_turn (self);
      break;
    case PEN_ACTION_CHOOSE_COLOUR:
      gain_new_die (self, PEN_DIE_KIND_COLOURED, action->colour);
      if (self->quest.colours_left > 0)
        {
          if (--self->quest.colours_left == 0)
            finish_quest (self);
        }
      else if (--self->event_colours_left == 0)
        finish_end_turn (self);
      break;
    case PEN_ACTION_THREAT_TARGET:
      resolve_threat_die (self, action->index);
      distribute_threat (self);
      break;
    case PEN_ACTION_END_TURN:
      declare_study (self);
      end_turn (self);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
emit_changed (PenGame *self)
{
  for (guint p = 0; p < self->n_players; p++)
    pen_wizard_board_emit_changed (self->players[p]);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Applies a checked action and keeps what undo needs. */
static void
apply_and_record (PenGame         *self,
                  const PenAction *action)
{
  guint64 rng_state = pen_rng_get_state (self->rng);
  gsize n_forced = pen_rng_get_n_forced (self->rng);
  guint turn = self->turns_taken[self->current];
  guint player = self->current;

  if (self->undo_enabled)
    g_ptr_array_add (self->undo, pen_game_to_json (self));

  g_array_append_vals (self->history, action, 1);
  /* A chain is unbroken only while its cards follow one another. */
  if (action->type != PEN_ACTION_USE_CARD && action->type != PEN_ACTION_CARD_TOKEN
      && action->type != PEN_ACTION_FINISH_CARD && action->type != PEN_ACTION_TAKE_CARD
      && action->type != PEN_ACTION_KEEP_EQUIPMENT)
    self->last_card = NULL;
  apply_action (self, action);

  /* Nothing before a random reveal (a roll, a new card) or before this turn
   * can be taken back. */
  if (pen_rng_get_state (self->rng) != rng_state
      || pen_rng_get_n_forced (self->rng) != n_forced
      || self->current != player || self->turns_taken[player] != turn)
    g_ptr_array_set_size (self->undo, 0);
}

gboolean
pen_game_apply (PenGame         *self,
                const PenAction *action,
                GError         **error)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!pen_game_check_action (self, action, error))
    return FALSE;

  g_array_set_size (self->redo, 0);
  apply_and_record (self, action);
  emit_changed (self);
  return TRUE;
}

/* ---- Setting up (rulebook, "Setup") --------------------------------------- */

static const PenFateCatalogue *
fate_catalogue_get_default (GError **error)
{
  static PenFateCatalogue *catalogue;

  return pen_data_cache ((gpointer *) &catalogue, (PenDataLoadFunc) pen_fate_catalogue_load, error);
}

static const PenResourceDie *
resource_die_get_default (GError **error)
{
  static PenResourceDie *die;

  return pen_data_cache ((gpointer *) &die, (PenDataLoadFunc) pen_resource_die_load, error);
}

static const PenScoringTable *
scoring_table_get_default (GError **error)
{
  static PenScoringTable *table;

  return pen_data_cache ((gpointer *) &table, (PenDataLoadFunc) pen_scoring_table_load, error);
}

static void
shuffle_strings (PenRng      *rng,
                 const char **items,
                 guint        n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = pen_rng_range (rng, 0, i);
      const char *tmp = items[i - 1];

      items[i - 1] = items[j];
      items[j] = tmp;
    }
}

static int
compare_turn_order (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const PenTalents *talents = user_data;
  const PenTalent *ta = pen_talents_find (talents, *(char * const *) a);
  const PenTalent *tb = pen_talents_find (talents, *(char * const *) b);

  return (int) ta->turn_order - (int) tb->turn_order;
}

/* Once every Talent is chosen: seats in turn order, the personal play areas
 * ("Personal play area") and the four Classes ("Common play area", step 2). */
static void
setup_players (PenGame *self)
{
  gboolean has_class[PEN_N_DISCIPLINES] = { FALSE };
  PenDiscipline classes[PEN_N_CLASSES];
  guint n_classes = 0;

  const char *automa_talent = self->automa_player >= 0 ? self->talent[self->automa_player] : NULL;

  g_qsort_with_data (self->talent, self->n_players, sizeof (char *), compare_turn_order,
                     (gpointer) self->talents);
  for (guint p = 0; automa_talent != NULL && p < self->n_players; p++)
    if (self->talent[p] == automa_talent)
      self->automa_player = p;

  for (guint p = 0; p < self->n_players; p++)
    {
      const PenTalent *talent = pen_talents_find (self->talents, self->talent[p]);
      PenWizardBoard *board = self->players[p];
      PenMark spark = { .occupied = TRUE, .state = PEN_MARK_CHARGED };
      PenMark first = { .occupied = TRUE, .discipline = talent->mark, .state = PEN_MARK_CHARGED };
      PenDieKind kinds[] = { PEN_DIE_KIND_BONE, PEN_DIE_KIND_BONE, PEN_DIE_KIND_COLOURED, PEN_DIE_KIND_SPARK };

      pen_wizard_board_set_mark (board, PEN_N_DISCIPLINE_CELLS, &spark);
      pen_wizard_board_set_mark (board, 0, &first);
      if ((int) p == self->automa_player)
        {
          /* The Automa takes its Mark and Class, no Ingredients, dice or card (spec §2). */
          log_line (self, _("The Automa's starting Discipline is %s."), pen_discipline_get_name (talent->mark));
          if (!has_class[talent->mark] && n_classes < PEN_N_CLASSES)
            {
              has_class[talent->mark] = TRUE;
              classes[n_classes++] = talent->mark;
            }
          continue;
        }
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        pen_wizard_board_set_ingredient (board, i, talent->ingredients[i]);
      for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
        {
          PenDie die = make_die (kinds[i], talent->mark);

          pen_die_roll (&die, self->rng);
          pen_wizard_board_add_die (board, &die);
        }
      log_line (self, _("Player %u is the %s (turn order %u)."), p + 1, CARD_NAME (talent->name), talent->turn_order);

      if (!has_class[talent->mark] && n_classes < PEN_N_CLASSES)
        {
          has_class[talent->mark] = TRUE;
          classes[n_classes++] = talent->mark;
        }
    }

  /* Random Classes of other Disciplines make up the four. */
  while (n_classes < PEN_N_CLASSES)
    {
      PenDiscipline d = pen_rng_range (self->rng, 0, PEN_N_DISCIPLINES);

      if (!has_class[d])
        {
          has_class[d] = TRUE;
          classes[n_classes++] = d;
        }
    }
  for (guint i = 0; i < PEN_N_CLASSES; i++)
    self->locations[i] = pen_location_new_class (&self->def->class_layout, classes[i]);
  for (guint i = 0; i < self->def->n_locations; i++)
    self->locations[PEN_N_CLASSES + i] = pen_location_new (&self->def->locations[i]);
  self->n_locations = PEN_N_CLASSES + self->def->n_locations;
  for (guint i = 0; i < self->n_locations; i++)
    self->loc_defs[i] = pen_location_get_def (self->locations[i]);
  setup_cards (self);

  self->current = 0;
  begin_turn (self);
}

static void setup_cards (PenGame *self);

static gboolean
load_data (PenGame  *self,
           GError  **error)
{
  self->def = pen_board_def_get_default (error);
  if (self->def == NULL)
    return FALSE;
  self->talents = pen_talents_get_default (error);
  if (self->talents == NULL)
    return FALSE;
  self->fate = fate_catalogue_get_default (error);
  if (self->fate == NULL)
    return FALSE;
  self->scoring = scoring_table_get_default (error);
  if (self->scoring == NULL)
    return FALSE;
  self->quests = pen_quests_get_default (error);
  if (self->quests == NULL)
    return FALSE;
  self->cards = pen_cards_get_default (error);
  if (self->cards == NULL)
    return FALSE;
  for (guint i = 0; i < self->talents->n_talents; i++)
    {
      const PenCard *card = pen_cards_find (self->cards, self->talents->talents[i].card);

      if (card == NULL || card->type > PEN_CARD_SUMMON || card->colour != self->talents->talents[i].mark)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_DATA,
                       _("%s: %s: field “card” must name a Discipline card of the Talent's Mark"),
                       PEN_TALENTS_FILE, self->talents->talents[i].id);
          return FALSE;
        }
    }
  self->resource_die = resource_die_get_default (error);
  return self->resource_die != NULL;
}

static void
pen_game_finalize (GObject *object)
{
  PenGame *self = PEN_GAME (object);

  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      g_clear_object (&self->players[p]);
      g_free (self->talent[p]);
      g_free (self->dealt[p][0]);
      g_free (self->dealt[p][1]);
      g_free (self->reserved_trial[p]);
      g_clear_pointer (&self->reserved_contracts[p], g_ptr_array_unref);
      g_clear_pointer (&self->fulfilled_contracts[p], g_ptr_array_unref);
      g_clear_pointer (&self->passed_trials[p], g_ptr_array_unref);
    }
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    g_free (self->contract_row[i]);
  g_clear_pointer (&self->contract_deck, g_ptr_array_unref);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      g_clear_pointer (&self->decks[d], g_ptr_array_unref);
      g_free (self->market[d][0]);
      g_free (self->market[d][1]);
    }
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    g_clear_pointer (&self->owned[p], g_array_unref);
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    g_clear_pointer (&self->automa_cells[c], g_ptr_array_unref);
  g_clear_pointer (&self->automa_cards, g_ptr_array_unref);
  g_clear_pointer (&self->bind_offer, g_ptr_array_unref);
  g_free (self->quest.id);
  for (guint i = 0; i < G_N_ELEMENTS (self->locations); i++)
    g_clear_object (&self->locations[i]);
  g_clear_pointer (&self->rng, pen_rng_free);
  g_clear_pointer (&self->fate_deck, g_ptr_array_unref);
  g_clear_pointer (&self->trial_row, g_ptr_array_unref);
  g_clear_pointer (&self->in_play, g_ptr_array_unref);
  g_clear_pointer (&self->log, g_ptr_array_unref);
  g_clear_pointer (&self->history, g_array_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);

  G_OBJECT_CLASS (pen_game_parent_class)->finalize (object);
}

static void
pen_game_class_init (PenGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pen_game_finalize;

  /**
   * PenGame::changed:
   *
   * Emitted after every action that was applied.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pen_game_init (PenGame *self)
{
  self->fate_deck = g_ptr_array_new_with_free_func (g_free);
  self->trial_row = g_ptr_array_new_with_free_func (g_free);
  self->in_play = g_ptr_array_new_with_free_func (g_free);
  self->log = g_ptr_array_new_with_free_func (g_free);
  self->history = g_array_new (FALSE, FALSE, sizeof (PenAction));
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  self->contract_deck = g_ptr_array_new_with_free_func (g_free);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    self->decks[d] = g_ptr_array_new_with_free_func (g_free);
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    self->owned[p] = g_array_new (FALSE, FALSE, sizeof (OwnedCard));
  self->gain_deck = -1;
  self->buy_market = -1;
  self->automa_player = -1;
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    self->automa_cells[c] = g_ptr_array_new_with_free_func (g_free);
  self->automa_cards = g_ptr_array_new_with_free_func (g_free);
  self->bind_offer = g_ptr_array_new_with_free_func (g_free);
  for (guint p = 0; p < PEN_MAX_PLAYERS; p++)
    {
      self->reserved_contracts[p] = g_ptr_array_new_with_free_func (g_free);
      self->fulfilled_contracts[p] = g_ptr_array_new_with_free_func (g_free);
      self->passed_trials[p] = g_ptr_array_new_with_free_func (g_free);
    }
  self->quest.path = -1;
  self->redo = g_array_new (FALSE, FALSE, sizeof (PenAction));
  self->final_turns_left = -1;
  self->placed_location = -1;
  self->placed_section = -1;
}

/**
 * pen_game_new:
 * @seed: the seed of every random result of the game
 * @n_players: 1 to 4
 * @first_game_deck: use the rulebook's ready-made Fate deck for the first game
 *
 * Sets up a game (rulebook, "Setup") up to the Talent choice: each player is
 * dealt two Talents and keeps one with %PEN_ACTION_CHOOSE_TALENT.
 */
PenGame *
pen_game_new (guint64    seed,
              guint      n_players,
              gboolean   first_game_deck,
              GError   **error)
{
  g_autoptr(PenGame) self = g_object_new (PEN_TYPE_GAME, NULL);
  g_autoptr(PenFateDeck) deck = NULL;
  g_autofree const char **ids = NULL;
  const char * const *cards;

  if (n_players < 1 || n_players > PEN_MAX_PLAYERS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL,
                   _("A game has 1 to %d players."), PEN_MAX_PLAYERS);
      return NULL;
    }
  if (!load_data (self, error))
    return NULL;

  self->seed = seed;
  self->rng = pen_rng_new (seed);
  self->n_players = n_players;
  self->first_game = first_game_deck;
  self->worldview_asked = -1;

  deck = first_game_deck ? pen_fate_deck_build_first_game (self->fate, n_players, error)
                         : pen_fate_deck_build (self->fate, n_players, self->rng, error);
  if (deck == NULL)
    return NULL;
  for (cards = pen_fate_deck_get_starting_trials (deck); *cards != NULL; cards++)
    g_ptr_array_add (self->trial_row, g_strdup (*cards));
  for (cards = pen_fate_deck_get_cards (deck); *cards != NULL; cards++)
    g_ptr_array_add (self->fate_deck, g_strdup (*cards));
  g_ptr_array_add (self->in_play, g_strdup (pen_fate_deck_get_starting_prophecy (deck)));

  /* "Shuffle the Contract deck well", then fill the Guild. */
  {
    guint n = pen_quests_get_n_contracts (self->quests);
    g_autofree const char **contracts = g_new0 (const char *, n);

    for (guint i = 0; i < n; i++)
      contracts[i] = pen_quests_get_contract (self->quests, i)->id;
    shuffle_strings (self->rng, contracts, n);
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (self->contract_deck, g_strdup (contracts[i]));
    deal_contracts (self);
  }

  /* "Talents": two random Talents to each player. */
  ids = g_new0 (const char *, self->talents->n_talents);
  for (guint i = 0; i < self->talents->n_talents; i++)
    ids[i] = self->talents->talents[i].id;
  shuffle_strings (self->rng, ids, self->talents->n_talents);
  for (guint p = 0; p < n_players; p++)
    {
      self->players[p] = pen_wizard_board_new (self->def);
      self->dealt[p][0] = g_strdup (ids[2 * p]);
      self->dealt[p][1] = g_strdup (ids[2 * p + 1]);
    }
  self->pending = PEN_PENDING_TALENT;
  log_line (self, _("A new game for %u players."), n_players);

  return g_steal_pointer (&self);
}

/**
 * pen_game_new_solo:
 * @automa: the id of the Automa variant ("emerald" … "amber")
 * @worldview: 1 Light, 0 Darkness, -1 at random
 *
 * A solo game against the Automa, set up as a two-player game (spec §2): the
 * player chooses one of two Talents; the Automa is dealt one at random.
 */
PenGame *
pen_game_new_solo (guint64      seed,
                   const char  *automa,
                   int          worldview,
                   gboolean     first_game_deck,
                   GError     **error)
{
  const PenAutomas *automas = pen_automas_get_default (error);
  const PenAutomaVariant *variant;
  g_autoptr(PenGame) self = NULL;

  g_return_val_if_fail (automa != NULL, NULL);

  if (automas == NULL)
    return NULL;
  variant = pen_automas_find (automas, automa);
  if (variant == NULL)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL, _("There is no Automa “%s”."), automa);
      return NULL;
    }
  self = pen_game_new (seed, 2, first_game_deck, error);
  if (self == NULL)
    return NULL;
  self->automa = variant;
  self->automa_player = 1;
  self->worldview_asked = worldview < 0 ? -1 : worldview == 1;
  self->automa_light = worldview < 0 ? pen_rng_range (self->rng, 0, 2) == 1 : worldview == 1;
  self->talent[1] = g_strdup (self->dealt[1][0]);
  log_line (self, _("The Automa is %s, of the worldview of %s."), CARD_NAME (variant->name),
            self->automa_light ? _("Light") : _("Darkness"));
  return g_steal_pointer (&self);
}

int
pen_game_get_automa_player (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), -1);
  return self->automa_player;
}

/* ---- Listing actions -------------------------------------------------------- */

typedef struct
{
  PenGame *game;
  GArray  *actions;
} Lister;

static void
offer (Lister          *lister,
       const PenAction *action)
{
  if (pen_game_check_action (lister->game, action, NULL))
    g_array_append_vals (lister->actions, action, 1);
}

/* Identical dice in the supply give identical choices: offer the first only. */
static gboolean
is_first_of_its_kind (PenWizardBoard *board,
                      guint           index)
{
  const PenDie *die = pen_wizard_board_get_die (board, index);

  for (guint i = 0; i < index; i++)
    {
      const PenDie *other = pen_wizard_board_get_die (board, i);

      if (other->kind == die->kind && other->colour == die->colour
          && other->value == die->value && other->temporary == die->temporary)
        return FALSE;
    }
  return TRUE;
}

static void
offer_placements (Lister *lister,
                  guint   die)
{
  PenGame *self = lister->game;
  const PenDie *d = pen_wizard_board_get_die (current_board (self), die);

  for (guint l = 0; l < self->n_locations; l++)
    {
      const PenLocationDef *def = self->loc_defs[l];
      const char *id = pen_location_get_id (self->locations[l]);
      int colours[4];
      guint n_colours = 0;

      colours[n_colours++] = -1;
      if (d->kind == PEN_DIE_KIND_SPARK)
        {
          /* The colours that make a difference for a Spark die here. */
          if (def->area == PEN_AREA_WILDS)
            colours[n_colours++] = PEN_DISCIPLINE_EMERALD;
          if (def->area == PEN_AREA_CITY)
            colours[n_colours++] = PEN_DISCIPLINE_AMETHYST;
          if (g_str_equal (id, "ruins") || g_str_equal (id, "guild"))
            colours[n_colours++] = PEN_DISCIPLINE_JASPER;
          colours[n_colours++] = PEN_DISCIPLINE_RUBY;
        }

      for (guint s = 0; s < def->n_sections; s++)
        for (int c = -1; c < (int) def->sections[s].n_cells; c++)
          for (guint k = 0; k < n_colours; k++)
            {
              PenAction action;

              pen_action_init (&action, PEN_ACTION_PLACE);
              action.die = die;
              action.location = l;
              action.section = s;
              action.cell = c;
              action.colour = colours[k];
              offer (lister, &action);
            }
    }
}

/* The candidates are filtered by pen_game_check_action() alone; the quick
 * tests here only skip whole families that cannot be legal now. */
static void
offer_die_actions (Lister *lister,
                   guint   die)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = current_board (self);
  const PenDie *d = pen_wizard_board_get_die (board, die);
  gboolean study = check_study (self, NULL);
  PenAction action;

  if (study && self->pending == PEN_PENDING_NONE && self->placements_left > 0)
    offer_placements (lister, die);

  for (guint m = PEN_MANIPULATE_REROLL;
       m <= PEN_MANIPULATE_RECOLOUR && pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_CRYSTALS) > 0;
       m++)
    for (int colour = -1; colour < (m == PEN_MANIPULATE_RECOLOUR ? PEN_N_DISCIPLINES : 0); colour++)
      {
        pen_action_init (&action, PEN_ACTION_MANIPULATE);
        action.die = die;
        action.value = m;
        action.colour = colour;
        offer (lister, &action);
      }

  for (guint cell = 0; cell < PEN_N_MARK_CELLS; cell++)
    {
      const PenMark *mark = pen_wizard_board_get_mark (board, cell);

      if (!mark->occupied || mark->state != PEN_MARK_CHARGED)
        continue;
      pen_action_init (&action, PEN_ACTION_USE_MARK);
      action.index = cell;
      action.die = die;
      action.value = PEN_MARK_EFFECT_RECOLOUR_BONE;
      offer (lister, &action);
      for (int face = 1; face <= 6; face++)
        {
          action.value = PEN_MARK_EFFECT_SET;
          action.colour = face;
          offer (lister, &action);
        }
    }

  if (self->pending == PEN_PENDING_THREAT)
    {
      pen_action_init (&action, PEN_ACTION_DEFEND);
      action.die = die;
      offer (lister, &action);
    }

  if (!study || !pen_die_counts_as (d, PEN_DISCIPLINE_RUBY))
    return;
  for (guint l = 0; l < self->n_locations; l++)
    {
      const PenLocationDef *def = self->loc_defs[l];

      for (guint s = 0; s < def->n_sections; s++)
        for (int c = -1; c < (int) def->sections[s].n_cells; c++)
          for (guint i = 0; i < pen_location_get_n_dice (self->locations[l], s, c); i++)
            {
              pen_action_init (&action, PEN_ACTION_KNOCK_OUT);
              action.die = die;
              action.location = l;
              action.section = s;
              action.cell = c;
              action.index = i;
              offer (lister, &action);
            }
    }
}

/* Dice subsets for a task, each set of identical dice taken from its first
 * members only; for "sum or more" tasks only the minimal subsets (none of
 * whose dice could be left out). At most 12 dice are considered. */
static void
offer_task_dice (Lister *lister)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = current_board (self);
  const PenTask *task = current_task (self);
  guint idx[12], n = 0;

  if (task->kind != PEN_TASK_DISCARD_DICE_SUM && task->kind != PEN_TASK_DISCARD_DICE_EXACT
      && task->kind != PEN_TASK_ROLL_DICE_SUM)
    return;
  for (guint i = 0; i < pen_wizard_board_get_n_dice (board) && i < 64 && n < G_N_ELEMENTS (idx); i++)
    {
      const PenDie *die = pen_wizard_board_get_die (board, i);

      if (pen_dice_filter_accepts (&task->dice, die->kind, die->colour))
        idx[n++] = i;
    }

  for (guint subset = 1; subset < (1u << n); subset++)
    {
      gboolean canonical = TRUE, minimal = TRUE;
      PenAction action;

      for (guint a = 0; a < n && canonical; a++)
        for (guint b = a + 1; b < n && canonical; b++)
          {
            const PenDie *da = pen_wizard_board_get_die (board, idx[a]);
            const PenDie *db = pen_wizard_board_get_die (board, idx[b]);

            if (da->kind == db->kind && da->colour == db->colour && da->value == db->value
                && da->temporary == db->temporary && (subset & (1u << b)) && !(subset & (1u << a)))
              canonical = FALSE;
          }
      if (!canonical)
        continue;

      pen_action_init (&action, PEN_ACTION_TASK_DICE);
      for (guint a = 0; a < n; a++)
        if (subset & (1u << a))
          action.mask |= G_GUINT64_CONSTANT (1) << idx[a];
      if (!pen_game_check_action (self, &action, NULL))
        continue;
      if (task->kind == PEN_TASK_DISCARD_DICE_SUM)
        for (guint a = 0; a < n && minimal; a++)
          if (subset & (1u << a))
            {
              PenAction smaller = action;

              smaller.mask &= ~(G_GUINT64_CONSTANT (1) << idx[a]);
              minimal = smaller.mask == 0 || !pen_game_check_action (self, &smaller, NULL);
            }
      if (minimal)
        g_array_append_val (lister->actions, action);
    }
}

/* One way to pay @cost with dice: for each die it asks for, the first
 * suitable die of the supply. Returns FALSE if the supply cannot pay. */
static gboolean
greedy_cost_mask (PenGame       *self,
                  const PenCost *cost,
                  guint64       *mask)
{
  PenWizardBoard *board = current_board (self);

  *mask = 0;
  for (guint c = 0; c < cost->n_components; c++)
    {
      const PenCostComponent *component = &cost->components[c];
      gboolean found = FALSE;

      if (component->kind == PEN_COST_LAUNCHED)
        return FALSE;
      if (component->kind != PEN_COST_DIE)
        continue;
      for (guint i = 0; i < pen_wizard_board_get_n_dice (board) && i < 64 && !found; i++)
        {
          const PenDie *die = pen_wizard_board_get_die (board, i);
          gboolean kind_ok = component->any_die
                             || (component->die_kind == PEN_DIE_KIND_COLOURED
                                   ? pen_die_counts_as (die, component->colour) : die->kind == component->die_kind);

          if (!(*mask & (G_GUINT64_CONSTANT (1) << i)) && kind_ok
              && (component->value == 0 || die->value == component->value))
            {
              *mask |= G_GUINT64_CONSTANT (1) << i;
              found = TRUE;
            }
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* Card actions. A cost is offered with one representative choice of dice;
 * any other choice that pays it is accepted too. */
static void
offer_card_actions (Lister *lister)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = current_board (self);
  PenAction action;

  if (self->pending == PEN_PENDING_CARD)
    {
      for (int source = 0; source < PEN_N_DECKS * 3; source++)
        {
          pen_action_init (&action, PEN_ACTION_TAKE_CARD);
          action.index = source;
          offer (lister, &action);
        }
      return;
    }
  if (self->pending == PEN_PENDING_EQUIPMENT)
    {
      for (int keep = 0; keep < 2; keep++)
        {
          pen_action_init (&action, PEN_ACTION_KEEP_EQUIPMENT);
          action.index = keep;
          offer (lister, &action);
        }
      return;
    }

  pen_action_init (&action, PEN_ACTION_FINISH_CARD);
  offer (lister, &action);
  pen_action_init (&action, PEN_ACTION_FINISH_BUYING);
  offer (lister, &action);
  for (int market = 0; market < 2; market++)
    for (int place = 0; place < 2; place++)
      {
        pen_action_init (&action, PEN_ACTION_BUY_CARD);
        action.value = market;
        action.index = place;
        offer (lister, &action);
      }
  for (int deck = 0; deck < PEN_N_DECKS; deck++)
    {
      pen_action_init (&action, PEN_ACTION_BRIBE);
      action.index = deck;
      offer (lister, &action);
    }

  if (self->pending == PEN_PENDING_CARD_EFFECT)
    {
      static const int kinds[] = {
        PEN_MANIPULATE_REROLL, PEN_MANIPULATE_INCREASE, PEN_MANIPULATE_DECREASE, PEN_MANIPULATE_FLIP,
      };

      for (guint d = 0; d < pen_wizard_board_get_n_dice (board); d++)
        if (is_first_of_its_kind (board, d))
          {
            for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
              {
                pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
                action.die = d;
                action.value = kinds[k];
                offer (lister, &action);
              }
            for (int v = 0; v < 6; v++)
              {
                pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
                action.die = d;
                action.value = PEN_MANIPULATE_RECOLOUR;
                action.colour = v;
                offer (lister, &action);
                action.value = PEN_MANIPULATE_SET;
                action.colour = v + 1;
                offer (lister, &action);
              }
          }
      for (int v = 0; v < PEN_N_DISCIPLINES; v++)
        {
          pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
          action.value = PEN_TOKEN_COLOUR;
          action.colour = v;
          offer (lister, &action);
        }
      pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
      action.value = PEN_TOKEN_EXCHANGE;
      offer (lister, &action);
      for (guint t = 0; t < self->threat.n_values; t++)
        for (int v = PEN_TOKEN_THREAT_UP; v <= PEN_TOKEN_THREAT_DOWN; v++)
          {
            pen_action_init (&action, PEN_ACTION_CARD_TOKEN);
            action.value = v;
            action.index = t;
            offer (lister, &action);
          }
      return;
    }

  for (guint i = 0; i < owned_cards (self)->len; i++)
    {
      const PenCard *card = owned_card (self, i)->card;

      pen_action_init (&action, PEN_ACTION_USE_CARD);
      action.index = i;
      offer (lister, &action);
      for (guint c = 0; c < card->n_costs; c++)
        {
          pen_action_init (&action, PEN_ACTION_USE_CARD);
          action.index = i;
          action.value = c;
          if (!greedy_cost_mask (self, &card->costs[c], &action.mask))
            continue;
          offer (lister, &action);
          action.to = 1;
          offer (lister, &action);
        }
      if (card->n_costs == 0)
        {
          pen_action_init (&action, PEN_ACTION_USE_CARD);
          action.index = i;
          action.value = 0;
          offer (lister, &action);
        }
      for (guint cell = 0; cell < PEN_N_MARK_CELLS; cell++)
        for (int effect = PEN_MARK_EFFECT_CAST; effect <= PEN_MARK_EFFECT_UNEXHAUST; effect++)
          {
            pen_action_init (&action, PEN_ACTION_USE_MARK);
            action.index = cell;
            action.value = effect;
            action.to = i;
            offer (lister, &action);
          }
    }
}

static void
offer_quest_actions (Lister *lister)
{
  PenGame *self = lister->game;
  PenWizardBoard *board = current_board (self);
  PenAction action;

  for (int i = 0; i < N_CONTRACT_SLOTS; i++)
    {
      pen_action_init (&action, PEN_ACTION_CHOOSE_CONTRACT);
      action.index = i;
      offer (lister, &action);
      pen_action_init (&action, PEN_ACTION_RESERVE);
      action.index = i;
      offer (lister, &action);
    }
  for (guint i = 0; i < self->reserved_contracts[self->current]->len; i++)
    {
      pen_action_init (&action, PEN_ACTION_CHOOSE_CONTRACT);
      action.index = PEN_RESERVED + i;
      offer (lister, &action);
    }
  for (guint i = 0; i < self->bind_offer->len; i++)
    {
      pen_action_init (&action, PEN_ACTION_RESERVE);
      action.index = PEN_BIND_DECK + i;
      offer (lister, &action);
    }
  pen_action_init (&action, PEN_ACTION_RESERVE);
  action.index = PEN_BIND_NONE;
  offer (lister, &action);

  for (guint i = 0; i <= self->trial_row->len; i++)
    {
      pen_action_init (&action, PEN_ACTION_START_TRIAL);
      action.index = i == self->trial_row->len ? PEN_RESERVED : (int) i;
      offer (lister, &action);
    }
  for (int path = 0; path < 2; path++)
    for (int task = 0; task < PEN_QUEST_MAX_TASKS; task++)
      {
        pen_action_init (&action, PEN_ACTION_CHOOSE_PATH);
        action.index = path;
        action.value = task;
        offer (lister, &action);
      }
  for (int colour = 0; colour < PEN_N_DISCIPLINES; colour++)
    {
      pen_action_init (&action, PEN_ACTION_CHOOSE_COLOUR);
      action.colour = colour;
      offer (lister, &action);
    }
  for (guint d = 0; d < pen_wizard_board_get_n_dice (board); d++)
    if (is_first_of_its_kind (board, d))
      {
        pen_action_init (&action, PEN_ACTION_RIFT_DISCARD);
        action.die = d;
        offer (lister, &action);
      }
  if (self->pending == PEN_PENDING_TASK)
    offer_task_dice (lister);
}

/**
 * pen_game_list_actions:
 *
 * Returns: (transfer full): every action legal now, as a #GArray of #PenAction
 */
GArray *
pen_game_list_actions (PenGame *self)
{
  static const PenActionType simple[] = {
    PEN_ACTION_USE_LOCATION, PEN_ACTION_SKIP_LOCATION, PEN_ACTION_HURRY,
    PEN_ACTION_FINISH_EXCHANGE, PEN_ACTION_REST, PEN_ACTION_ROLL_THREAT, PEN_ACTION_END_TURN,
    PEN_ACTION_TASK_DO, PEN_ACTION_GIVE_UP, PEN_ACTION_BIND,
  };
  Lister lister = { self, g_array_new (FALSE, FALSE, sizeof (PenAction)) };
  PenWizardBoard *board;
  PenAction action;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  if (self->over)
    return lister.actions;

  if ((int) self->current == self->automa_player && self->pending != PEN_PENDING_TALENT)
    {
      pen_action_init (&action, PEN_ACTION_AUTOMA_TURN);
      g_array_append_val (lister.actions, action);
      return lister.actions;
    }
  if (self->pending == PEN_PENDING_TALENT)
    {
      for (int i = 0; i < 2; i++)
        {
          pen_action_init (&action, PEN_ACTION_CHOOSE_TALENT);
          action.index = i;
          offer (&lister, &action);
        }
      return lister.actions;
    }

  board = current_board (self);

  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled && self->threat.step2)
    {
      offer_card_actions (&lister);
      return lister.actions;
    }
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled)
    {
      int targets[PEN_N_MARK_CELLS + 64];
      guint n = threat_targets (self, self->threat.values[0], targets);

      for (guint i = 0; i < n; i++)
        {
          pen_action_init (&action, PEN_ACTION_THREAT_TARGET);
          action.index = targets[i];
          offer (&lister, &action);
        }
      return lister.actions;
    }

  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    {
      pen_action_init (&action, simple[i]);
      offer (&lister, &action);
    }
  offer_quest_actions (&lister);
  offer_card_actions (&lister);
  if (self->pending == PEN_PENDING_RIFT || self->pending == PEN_PENDING_RESERVE
      || self->pending == PEN_PENDING_COLOUR || self->pending == PEN_PENDING_CARD
      || self->pending == PEN_PENDING_EQUIPMENT || self->pending == PEN_PENDING_CARD_EFFECT
      || self->pending == PEN_PENDING_BUY)
    return lister.actions;

  for (guint d = 0; d < pen_wizard_board_get_n_dice (board); d++)
    if (is_first_of_its_kind (board, d))
      offer_die_actions (&lister, d);

  for (guint cell = 0; cell < PEN_N_MARK_CELLS; cell++)
    {
      pen_action_init (&action, PEN_ACTION_HEAL);
      action.index = cell;
      offer (&lister, &action);
    }

  if (self->pending == PEN_PENDING_EXCHANGE)
    for (guint give = 0; give < PEN_N_INGREDIENTS; give++)
      for (guint take = 0; take < PEN_N_INGREDIENTS; take++)
        for (int lots = 1; lots <= PEN_INGREDIENT_CAP; lots++)
          {
            pen_action_init (&action, PEN_ACTION_EXCHANGE);
            action.colour = give;
            action.to = take;
            action.value = lots;
            if (!pen_game_check_action (self, &action, NULL))
              break;
            g_array_append_val (lister.actions, action);
          }

  return lister.actions;
}

/* ---- Actions as JSON (penumbra-sim, saves) --------------------------------- */

/* Members read with a default: the wrong kind of member counts as missing
 * (json-glib's own getters warn about it; a damaged file must not). */
static const char *
safe_string (JsonObject *object,
             const char *name,
             const char *fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : fallback;
}

static gboolean
safe_boolean (JsonObject *object,
              const char *name,
              gboolean    fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && json_node_get_value_type (node) == G_TYPE_BOOLEAN ? json_node_get_boolean (node) : fallback;
}

static const char *manipulation_ids[] = {
  [PEN_MANIPULATE_REROLL] = "reroll",
  [PEN_MANIPULATE_INCREASE] = "increase",
  [PEN_MANIPULATE_DECREASE] = "decrease",
  [PEN_MANIPULATE_FLIP] = "flip",
  [PEN_MANIPULATE_RECOLOUR] = "recolour",
};

static const char *mark_effect_ids[] = {
  [PEN_MARK_EFFECT_SET] = "set",
  [PEN_MARK_EFFECT_RECOLOUR_BONE] = "recolour-bone",
  [PEN_MARK_EFFECT_CAST] = "cast",
  [PEN_MARK_EFFECT_UNEXHAUST] = "unexhaust",
};

static const char *deck_ids[PEN_N_DECKS] = {
  "ruby", "amber", "jasper", "emerald", "sapphire", "amethyst", "potions", "artifacts",
};
static const char *token_ids[] = {
  "reroll", "increase", "decrease", "flip", "recolour", "set", "colour", "exchange", "threat-up", "threat-down",
};
static const char *place_ids[] = { "left", "right", "top" };

JsonNode *
pen_game_action_to_json (PenGame         *self,
                         const PenAction *action)
{
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, pen_action_type_get_id (action->type));

#define ADD_INT(name, value) G_STMT_START { \
    json_builder_set_member_name (b, name); \
    json_builder_add_int_value (b, value); \
  } G_STMT_END
#define ADD_STRING(name, value) G_STMT_START { \
    json_builder_set_member_name (b, name); \
    json_builder_add_string_value (b, value); \
  } G_STMT_END

  switch (action->type)
    {
    case PEN_ACTION_CHOOSE_TALENT:
      ADD_INT ("talent", action->index);
      break;
    case PEN_ACTION_PLACE:
    case PEN_ACTION_KNOCK_OUT:
      ADD_INT ("die", action->die);
      ADD_STRING ("location", pen_location_get_id (self->locations[action->location]));
      ADD_STRING ("section", section_def (self, action->location, action->section)->id);
      ADD_INT ("cell", action->cell);
      if (action->type == PEN_ACTION_KNOCK_OUT)
        ADD_INT ("index", action->index);
      else if (action->colour >= 0)
        ADD_STRING ("as", pen_discipline_get_id (action->colour));
      break;
    case PEN_ACTION_MANIPULATE:
      ADD_INT ("die", action->die);
      ADD_STRING ("manipulation", manipulation_ids[action->value]);
      if (action->colour >= 0)
        ADD_STRING ("colour", pen_discipline_get_id (action->colour));
      break;
    case PEN_ACTION_HEAL:
      ADD_INT ("mark", action->index);
      break;
    case PEN_ACTION_USE_MARK:
      ADD_INT ("mark", action->index);
      ADD_INT ("die", action->die);
      ADD_STRING ("effect", mark_effect_ids[action->value]);
      if (action->value == PEN_MARK_EFFECT_SET)
        ADD_INT ("face", action->colour);
      if (action->value >= PEN_MARK_EFFECT_CAST)
        ADD_INT ("card", action->to);
      break;
    case PEN_ACTION_EXCHANGE:
      ADD_STRING ("give", pen_ingredient_get_id (action->colour));
      ADD_STRING ("take", pen_ingredient_get_id (action->to));
      ADD_INT ("lots", action->value);
      break;
    case PEN_ACTION_DEFEND:
      ADD_INT ("die", action->die);
      break;
    case PEN_ACTION_THREAT_TARGET:
      if (action->index >= PEN_THREAT_TARGET_MARK)
        ADD_INT ("mark", action->index - PEN_THREAT_TARGET_MARK);
      else
        ADD_INT ("die", action->index);
      break;
    case PEN_ACTION_CHOOSE_CONTRACT:
      if (action->index >= PEN_RESERVED)
        ADD_INT ("reserved", action->index - PEN_RESERVED);
      else
        ADD_INT ("contract", action->index);
      break;
    case PEN_ACTION_START_TRIAL:
      if (action->index == PEN_RESERVED)
        {
          json_builder_set_member_name (b, "reserved");
          json_builder_add_boolean_value (b, TRUE);
        }
      else
        ADD_INT ("trial", action->index);
      break;
    case PEN_ACTION_CHOOSE_PATH:
      ADD_STRING ("path", action->index == 0 ? "darkness" : "light");
      ADD_INT ("task", action->value);
      break;
    case PEN_ACTION_TASK_DICE:
      json_builder_set_member_name (b, "dice");
      json_builder_begin_array (b);
      for (guint i = 0; i < 64; i++)
        if (action->mask & (G_GUINT64_CONSTANT (1) << i))
          json_builder_add_int_value (b, i);
      json_builder_end_array (b);
      break;
    case PEN_ACTION_RIFT_DISCARD:
      ADD_INT ("die", action->die);
      break;
    case PEN_ACTION_RESERVE:
      if (action->index == PEN_BIND_NONE)
        {
          json_builder_set_member_name (b, "none");
          json_builder_add_boolean_value (b, TRUE);
        }
      else if (action->index >= PEN_BIND_DECK)
        ADD_INT ("deck", action->index - PEN_BIND_DECK);
      else
        ADD_INT ("contract", action->index);
      break;
    case PEN_ACTION_CHOOSE_COLOUR:
      ADD_STRING ("colour", pen_discipline_get_id (action->colour));
      break;
    case PEN_ACTION_TAKE_CARD:
      ADD_STRING ("deck", deck_ids[action->index / 3]);
      ADD_STRING ("from", place_ids[action->index % 3]);
      break;
    case PEN_ACTION_BUY_CARD:
      ADD_STRING ("market", action->value == 0 ? "brewery" : "shop");
      ADD_STRING ("from", place_ids[action->index]);
      break;
    case PEN_ACTION_KEEP_EQUIPMENT:
      json_builder_set_member_name (b, "replace");
      json_builder_add_boolean_value (b, action->index == 1);
      break;
    case PEN_ACTION_BRIBE:
      ADD_STRING ("market", deck_ids[action->index]);
      break;
    case PEN_ACTION_USE_CARD:
      ADD_INT ("card", action->index);
      if (action->value >= 0)
        ADD_INT ("cost", action->value);
      json_builder_set_member_name (b, "dice");
      json_builder_begin_array (b);
      for (guint i = 0; i < 64; i++)
        if (action->mask & (G_GUINT64_CONSTANT (1) << i))
          json_builder_add_int_value (b, i);
      json_builder_end_array (b);
      if (action->to > 0)
        ADD_INT ("empower", action->to);
      break;
    case PEN_ACTION_CARD_TOKEN:
      ADD_STRING ("token", token_ids[action->value]);
      if (action->value <= PEN_MANIPULATE_SET)
        ADD_INT ("die", action->die);
      if (action->value == PEN_MANIPULATE_RECOLOUR || action->value == PEN_TOKEN_COLOUR)
        ADD_STRING ("colour", pen_discipline_get_id (action->colour));
      if (action->value == PEN_MANIPULATE_SET)
        ADD_INT ("face", action->colour);
      if (action->value >= PEN_TOKEN_THREAT_UP)
        ADD_INT ("threat-die", action->index);
      break;
    case PEN_ACTION_USE_LOCATION:
    case PEN_ACTION_SKIP_LOCATION:
    case PEN_ACTION_HURRY:
    case PEN_ACTION_FINISH_EXCHANGE:
    case PEN_ACTION_REST:
    case PEN_ACTION_ROLL_THREAT:
    case PEN_ACTION_END_TURN:
    case PEN_ACTION_TASK_DO:
    case PEN_ACTION_GIVE_UP:
    case PEN_ACTION_BIND:
    default:
      break;
    }
#undef ADD_INT
#undef ADD_STRING

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
member_int (JsonObject  *object,
            const char  *name,
            int          min,
            int          max,
            int         *out,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);
  gint64 value;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return refuse (error, _("The action needs a whole number “%s”."), name);
  value = json_node_get_int (node);
  if (value < min || value > max)
    return refuse (error, _("The action's “%s” is out of range."), name);
  *out = (int) value;
  return TRUE;
}

static gboolean
member_id (JsonObject  *object,
           const char  *name,
           const char **ids,
           guint        n_ids,
           int         *out,
           GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *value;

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return refuse (error, _("The action needs a text “%s”."), name);
  value = json_node_get_string (node);
  for (guint i = 0; i < n_ids; i++)
    if (ids[i] != NULL && g_str_equal (ids[i], value))
      {
        *out = (int) i;
        return TRUE;
      }
  return refuse (error, _("The action's “%s” has an unknown value “%s”."), name, value);
}

gboolean
pen_game_action_from_json (PenGame    *self,
                           JsonNode   *node,
                           PenAction  *action,
                           GError    **error)
{
  const char *discipline_ids[PEN_N_DISCIPLINES], *ingredient_ids[PEN_N_INGREDIENTS];
  const char *type_ids[PEN_N_ACTION_TYPES];
  JsonObject *object;
  int type;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  for (guint i = 0; i < PEN_N_DISCIPLINES; i++)
    discipline_ids[i] = pen_discipline_get_id (i);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    ingredient_ids[i] = pen_ingredient_get_id (i);
  for (guint i = 0; i < PEN_N_ACTION_TYPES; i++)
    type_ids[i] = pen_action_type_get_id (i);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return refuse (error, _("An action must be a JSON object."));
  object = json_node_get_object (node);
  if (!member_id (object, "type", type_ids, PEN_N_ACTION_TYPES, &type, error))
    return FALSE;
  pen_action_init (action, type);

  switch (action->type)
    {
    case PEN_ACTION_CHOOSE_TALENT:
      return member_int (object, "talent", 0, 1, &action->index, error);
    case PEN_ACTION_PLACE:
    case PEN_ACTION_KNOCK_OUT:
      {
        const char *location_id = safe_string (object, "location", "");
        const char *section_id = safe_string (object, "section", "");

        if (!member_int (object, "die", 0, G_MAXINT, &action->die, error)
            || !member_int (object, "cell", -1, PEN_MAX_CELLS, &action->cell, error))
          return FALSE;
        action->location = pen_game_find_location (self, location_id);
        if (action->location < 0)
          return refuse (error, _("There is no location “%s” in this game."), location_id);
        action->section = pen_location_find_section (self->locations[action->location], section_id);
        if (action->section < 0)
          return refuse (error, _("The location has no section “%s”."), section_id);
        if (action->type == PEN_ACTION_KNOCK_OUT)
          return member_int (object, "index", 0, G_MAXINT, &action->index, error);
        if (json_object_has_member (object, "as"))
          return member_id (object, "as", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error);
        return TRUE;
      }
    case PEN_ACTION_MANIPULATE:
      if (!member_int (object, "die", 0, G_MAXINT, &action->die, error)
          || !member_id (object, "manipulation", manipulation_ids, G_N_ELEMENTS (manipulation_ids),
                         &action->value, error))
        return FALSE;
      if (json_object_has_member (object, "colour"))
        return member_id (object, "colour", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error);
      return TRUE;
    case PEN_ACTION_HEAL:
      return member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error);
    case PEN_ACTION_USE_MARK:
      if (!member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error)
          || !member_id (object, "effect", mark_effect_ids, G_N_ELEMENTS (mark_effect_ids),
                         &action->value, error))
        return FALSE;
      if (action->value >= PEN_MARK_EFFECT_CAST)
        return member_int (object, "card", 0, G_MAXINT, &action->to, error);
      if (!member_int (object, "die", 0, G_MAXINT, &action->die, error))
        return FALSE;
      if (action->value == PEN_MARK_EFFECT_SET)
        return member_int (object, "face", 1, 6, &action->colour, error);
      return TRUE;
    case PEN_ACTION_EXCHANGE:
      return member_id (object, "give", ingredient_ids, PEN_N_INGREDIENTS, &action->colour, error)
             && member_id (object, "take", ingredient_ids, PEN_N_INGREDIENTS, &action->to, error)
             && member_int (object, "lots", 1, PEN_INGREDIENT_CAP, &action->value, error);
    case PEN_ACTION_DEFEND:
      return member_int (object, "die", 0, G_MAXINT, &action->die, error);
    case PEN_ACTION_THREAT_TARGET:
      if (json_object_has_member (object, "mark"))
        {
          if (!member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error))
            return FALSE;
          action->index += PEN_THREAT_TARGET_MARK;
          return TRUE;
        }
      return member_int (object, "die", 0, G_MAXINT, &action->index, error);
    case PEN_ACTION_CHOOSE_CONTRACT:
      if (json_object_has_member (object, "reserved"))
        {
          if (!member_int (object, "reserved", 0, 999, &action->index, error))
            return FALSE;
          action->index += PEN_RESERVED;
          return TRUE;
        }
      return member_int (object, "contract", 0, N_CONTRACT_SLOTS - 1, &action->index, error);
    case PEN_ACTION_START_TRIAL:
      if (safe_boolean (object, "reserved", FALSE))
        {
          action->index = PEN_RESERVED;
          return TRUE;
        }
      return member_int (object, "trial", 0, PEN_RESERVED - 1, &action->index, error);
    case PEN_ACTION_CHOOSE_PATH:
      {
        static const char *paths[] = { "darkness", "light" };

        return member_id (object, "path", paths, 2, &action->index, error)
               && member_int (object, "task", 0, PEN_QUEST_MAX_TASKS - 1, &action->value, error);
      }
    case PEN_ACTION_TASK_DICE:
      {
        JsonNode *dice = json_object_get_member (object, "dice");
        JsonArray *array = dice != NULL && JSON_NODE_HOLDS_ARRAY (dice) ? json_node_get_array (dice) : NULL;

        if (array == NULL)
          return refuse (error, _("The action needs a list of dice “dice”."));
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            JsonNode *die = json_array_get_element (array, i);

            if (json_node_get_value_type (die) != G_TYPE_INT64
                || json_node_get_int (die) < 0 || json_node_get_int (die) > 63)
              return refuse (error, _("The action's “dice” must list dice of the supply."));
            action->mask |= G_GUINT64_CONSTANT (1) << json_node_get_int (die);
          }
        return TRUE;
      }
    case PEN_ACTION_RIFT_DISCARD:
      return member_int (object, "die", 0, G_MAXINT, &action->die, error);
    case PEN_ACTION_RESERVE:
      if (safe_boolean (object, "none", FALSE))
        {
          action->index = PEN_BIND_NONE;
          return TRUE;
        }
      if (json_object_has_member (object, "deck"))
        {
          if (!member_int (object, "deck", 0, N_BIND_CARDS - 1, &action->index, error))
            return FALSE;
          action->index += PEN_BIND_DECK;
          return TRUE;
        }
      return member_int (object, "contract", 0, N_CONTRACT_SLOTS - 1, &action->index, error);
    case PEN_ACTION_CHOOSE_COLOUR:
      return member_id (object, "colour", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error);
    case PEN_ACTION_TAKE_CARD:
      {
        int deck, place;

        if (!member_id (object, "deck", deck_ids, PEN_N_DECKS, &deck, error)
            || !member_id (object, "from", place_ids, 3, &place, error))
          return FALSE;
        action->index = PEN_CARD_SOURCE (deck, place);
        return TRUE;
      }
    case PEN_ACTION_BUY_CARD:
      {
        static const char *markets[] = { "brewery", "shop" };

        return member_id (object, "market", markets, 2, &action->value, error)
               && member_id (object, "from", place_ids, 2, &action->index, error);
      }
    case PEN_ACTION_KEEP_EQUIPMENT:
      action->index = safe_boolean (object, "replace", FALSE) ? 1 : 0;
      return TRUE;
    case PEN_ACTION_BRIBE:
      return member_id (object, "market", deck_ids, PEN_N_DECKS, &action->index, error);
    case PEN_ACTION_USE_CARD:
      {
        JsonNode *dice = json_object_get_member (object, "dice");

        if (!member_int (object, "card", 0, G_MAXINT, &action->index, error))
          return FALSE;
        if (json_object_has_member (object, "cost")
            && !member_int (object, "cost", 0, PEN_CARD_MAX_COSTS - 1, &action->value, error))
          return FALSE;
        if (json_object_has_member (object, "empower")
            && !member_int (object, "empower", 0, 63, &action->to, error))
          return FALSE;
        if (dice != NULL && !JSON_NODE_HOLDS_ARRAY (dice))
          return refuse (error, _("The action's “dice” must list dice of the supply."));
        for (guint i = 0; dice != NULL && i < json_array_get_length (json_node_get_array (dice)); i++)
          {
            JsonNode *die = json_array_get_element (json_node_get_array (dice), i);

            if (json_node_get_value_type (die) != G_TYPE_INT64 || json_node_get_int (die) < 0 || json_node_get_int (die) > 63)
              return refuse (error, _("The action's “dice” must list dice of the supply."));
            action->mask |= G_GUINT64_CONSTANT (1) << json_node_get_int (die);
          }
        return TRUE;
      }
    case PEN_ACTION_CARD_TOKEN:
      if (!member_id (object, "token", token_ids, G_N_ELEMENTS (token_ids), &action->value, error))
        return FALSE;
      if (action->value <= PEN_MANIPULATE_SET && !member_int (object, "die", 0, G_MAXINT, &action->die, error))
        return FALSE;
      if ((action->value == PEN_MANIPULATE_RECOLOUR || action->value == PEN_TOKEN_COLOUR)
          && !member_id (object, "colour", discipline_ids, PEN_N_DISCIPLINES, &action->colour, error))
        return FALSE;
      if (action->value == PEN_MANIPULATE_SET && !member_int (object, "face", 1, 6, &action->colour, error))
        return FALSE;
      if (action->value >= PEN_TOKEN_THREAT_UP
          && !member_int (object, "threat-die", 0, PEN_MAX_THREAT_DICE - 1, &action->index, error))
        return FALSE;
      return TRUE;
    default:
      return TRUE;
    }
}

char *
pen_game_describe_action (PenGame         *self,
                          const PenAction *action)
{
  g_autoptr(JsonNode) node = pen_game_action_to_json (self, action);

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return json_to_string (node, FALSE);
}

/* ---- The game as JSON (docs/save-format.md) -------------------------------- */

static void
add_die (JsonBuilder  *b,
         const PenDie *die)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "die");
  switch (die->kind)
    {
    case PEN_DIE_KIND_BONE:
      json_builder_add_string_value (b, "bone");
      break;
    case PEN_DIE_KIND_SPARK:
      json_builder_add_string_value (b, "spark");
      break;
    case PEN_DIE_KIND_COLOURED:
      json_builder_add_string_value (b, pen_discipline_get_id (die->colour));
      break;
    case PEN_DIE_KIND_THREAT:
    default:
      g_assert_not_reached ();
    }
  json_builder_set_member_name (b, "value");
  json_builder_add_int_value (b, die->value);
  if (die->temporary)
    {
      json_builder_set_member_name (b, "temporary");
      json_builder_add_boolean_value (b, TRUE);
    }
  if (die->in_task)
    {
      json_builder_set_member_name (b, "task");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_end_object (b);
}

static void
add_strings (JsonBuilder *b,
             const char  *name,
             GPtrArray   *strings)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (strings, i));
  json_builder_end_array (b);
}

static void
add_player (JsonBuilder    *b,
            PenGame        *self,
            guint           p)
{
  PenWizardBoard *board = self->players[p];
  static const char *states[] = { "charged", "discharged", "wounded" };

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "talent");
  if (self->talent[p] != NULL)
    json_builder_add_string_value (b, self->talent[p]);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "dealt");
  json_builder_begin_array (b);
  json_builder_add_string_value (b, self->dealt[p][0]);
  json_builder_add_string_value (b, self->dealt[p][1]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "turns-taken");
  json_builder_add_int_value (b, self->turns_taken[p]);
  json_builder_set_member_name (b, "must-rest");
  json_builder_add_boolean_value (b, self->must_rest[p]);

  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = pen_wizard_board_get_mark (board, c);

      if (!mark->occupied)
        {
          json_builder_add_null_value (b);
          continue;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "mark");
      json_builder_add_string_value (b, pen_wizard_board_is_spark_cell (c)
                                          ? "spark" : pen_discipline_get_id (mark->discipline));
      json_builder_set_member_name (b, "state");
      json_builder_add_string_value (b, states[mark->state]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "dice");
  json_builder_begin_array (b);
  for (guint i = 0; i < pen_wizard_board_get_n_dice (board); i++)
    add_die (b, pen_wizard_board_get_die (board, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ingredients");
  json_builder_begin_object (b);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      json_builder_set_member_name (b, pen_ingredient_get_id (i));
      json_builder_add_int_value (b, pen_wizard_board_get_ingredient (board, i));
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "mortal-wounds");
  json_builder_add_int_value (b, pen_wizard_board_get_mortal_wounds (board));
  add_strings (b, "reserved-contracts", self->reserved_contracts[p]);
  add_strings (b, "fulfilled-contracts", self->fulfilled_contracts[p]);
  add_strings (b, "passed-trials", self->passed_trials[p]);
  json_builder_set_member_name (b, "reserved-trial");
  if (self->reserved_trial[p] != NULL)
    json_builder_add_string_value (b, self->reserved_trial[p]);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

static void
add_location (JsonBuilder *b,
              PenLocation *location)
{
  const PenLocationDef *def = pen_location_get_def (location);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, pen_location_get_id (location));
  json_builder_set_member_name (b, "sections");
  json_builder_begin_array (b);
  for (guint s = 0; s < def->n_sections; s++)
    {
      /* One list of dice per cell, and a last one for the dice beside the cells. */
      json_builder_begin_array (b);
      for (int c = 0; c <= (int) def->sections[s].n_cells; c++)
        {
          int cell = c == (int) def->sections[s].n_cells ? -1 : c;

          json_builder_begin_array (b);
          for (guint i = 0; i < pen_location_get_n_dice (location, s, cell); i++)
            add_die (b, pen_location_get_die (location, s, cell, i));
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static const char *turn_type_ids[] = { "undeclared", "study", "trial", "rest" };
static const char *zone_ids[] = { "grimoire", "inventory", "equipment", "experience" };
static const char *pending_ids[] = {
  "none", "talent", "location", "exchange", "threat", "contract", "path", "task", "rift", "reserve", "colour",
  "card", "buy", "equipment", "card-effect",
};
static const char *quest_kind_ids[] = { "none", "contract", "trial" };
static const char *threat_source_ids[] = { "ruins", "quest", "withstand", "retaliation", "card" };

static void
add_uints (JsonBuilder *b,
           const char  *name,
           const guint *values,
           guint        n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, values[i]);
  json_builder_end_array (b);
}

static void
add_nullable (JsonBuilder *b,
              const char  *name,
              const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

/* The cards: decks, markets, each player's cards, and the card effect under way. */
static void
add_cards_state (JsonBuilder *b,
                 PenGame     *self)
{
  json_builder_set_member_name (b, "cards");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "decks");
  json_builder_begin_array (b);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      json_builder_begin_object (b);
      add_strings (b, "deck", self->decks[d]);
      json_builder_set_member_name (b, "market");
      json_builder_begin_array (b);
      for (guint slot = 0; slot < 2; slot++)
        if (self->market[d][slot] != NULL)
          json_builder_add_string_value (b, self->market[d][slot]);
        else
          json_builder_add_null_value (b);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint p = 0; p < self->n_players; p++)
    {
      json_builder_begin_array (b);
      for (guint i = 0; i < self->owned[p]->len; i++)
        {
          const OwnedCard *owned = &g_array_index (self->owned[p], OwnedCard, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "card");
          json_builder_add_string_value (b, owned->card->id);
          json_builder_set_member_name (b, "zone");
          json_builder_add_string_value (b, zone_ids[owned->zone]);
          json_builder_set_member_name (b, "rotated");
          json_builder_add_boolean_value (b, owned->rotated);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "to-gain");
  json_builder_add_int_value (b, self->cards_to_gain);
  json_builder_set_member_name (b, "gain-deck");
  json_builder_add_int_value (b, self->gain_deck);
  json_builder_set_member_name (b, "after-reward");
  json_builder_add_boolean_value (b, self->after_card == AFTER_CARD_REWARD);
  json_builder_set_member_name (b, "card-resume");
  json_builder_add_string_value (b, pending_ids[self->card_resume]);
  json_builder_set_member_name (b, "buy-market");
  json_builder_add_int_value (b, self->buy_market);
  json_builder_set_member_name (b, "buys-left");
  json_builder_add_int_value (b, MIN (self->buys_left, 99));
  json_builder_set_member_name (b, "discount");
  json_builder_add_int_value (b, self->discount);
  add_nullable (b, "equip-new", self->equip_new ? self->equip_new->id : NULL);
  add_nullable (b, "last-card", self->last_card ? self->last_card->id : NULL);
  json_builder_set_member_name (b, "chain-length");
  json_builder_add_int_value (b, self->chain_length);
  add_nullable (b, "threat-card", self->threat_card ? self->threat_card->id : NULL);
  json_builder_set_member_name (b, "threat-card-bonus");
  json_builder_add_int_value (b, self->threat_card_bonus);
  json_builder_set_member_name (b, "threat-card-resume");
  json_builder_add_string_value (b, pending_ids[self->threat_card_resume]);
  json_builder_set_member_name (b, "outer-threat");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, self->outer_threat.n_dice);
  json_builder_add_int_value (b, self->outer_threat.uncancellable);
  json_builder_add_int_value (b, self->outer_threat.source);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "flags");
  json_builder_begin_array (b);
  if (self->exchange_from_card)
    json_builder_add_string_value (b, "exchange-from-card");
  if (self->ignore_dice_in_threat)
    json_builder_add_string_value (b, "ignore-dice-in-threat");
  if (self->dead_water_wound)
    json_builder_add_string_value (b, "dead-water-wound");
  if (self->rest_brew)
    json_builder_add_string_value (b, "rest-brew");
  if (self->rest_buy)
    json_builder_add_string_value (b, "rest-buy");
  json_builder_end_array (b);

  json_builder_set_member_name (b, "effect");
  json_builder_begin_object (b);
  add_uints (b, "tokens", self->effect.tokens, G_N_ELEMENTS (self->effect.tokens));
  json_builder_set_member_name (b, "colours");
  json_builder_add_int_value (b, self->effect.colours);
  json_builder_set_member_name (b, "temporary-colours");
  json_builder_add_int_value (b, self->effect.temporary_colours);
  json_builder_set_member_name (b, "threat-adjust");
  json_builder_add_int_value (b, self->effect.threat_adjust);
  add_uints (b, "give", self->effect.exchange_give, PEN_N_INGREDIENTS);
  add_uints (b, "take", self->effect.exchange_take, PEN_N_INGREDIENTS);
  json_builder_set_member_name (b, "exchange-open");
  json_builder_add_boolean_value (b, self->effect.exchange_open);
  json_builder_set_member_name (b, "resume");
  json_builder_add_string_value (b, pending_ids[self->effect_resume]);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

JsonNode *
pen_game_to_json (PenGame *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();
  g_autofree char *seed = NULL;
  g_autofree char *state = NULL;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);
  state = g_strdup_printf ("%" G_GUINT64_FORMAT, pen_rng_get_state (self->rng));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, PEN_SAVE_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, PEN_SAVE_VERSION);
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  json_builder_set_member_name (b, "rng-state");
  json_builder_add_string_value (b, state);
  json_builder_set_member_name (b, "setup");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, self->n_players);
  json_builder_set_member_name (b, "first-game");
  json_builder_add_boolean_value (b, self->first_game);
  add_nullable (b, "automa", self->automa ? self->automa->id : NULL);
  json_builder_set_member_name (b, "worldview");
  json_builder_add_int_value (b, self->worldview_asked);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint p = 0; p < self->n_players; p++)
    add_player (b, self, p);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "locations");
  json_builder_begin_array (b);
  for (guint l = 0; l < self->n_locations; l++)
    add_location (b, self->locations[l]);
  json_builder_end_array (b);

  add_strings (b, "fate-deck", self->fate_deck);
  add_strings (b, "trial-row", self->trial_row);
  add_strings (b, "in-play", self->in_play);
  add_strings (b, "contract-deck", self->contract_deck);
  json_builder_set_member_name (b, "contract-row");
  json_builder_begin_array (b);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    if (self->contract_row[i] != NULL)
      json_builder_add_string_value (b, self->contract_row[i]);
    else
      json_builder_add_null_value (b);
  json_builder_end_array (b);
  add_strings (b, "bind-offer", self->bind_offer);

  add_cards_state (b, self);

  json_builder_set_member_name (b, "automa");
  if (self->automa == NULL)
    json_builder_add_null_value (b);
  else
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, self->automa->id);
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, self->automa_player);
      json_builder_set_member_name (b, "worldview");
      json_builder_add_string_value (b, self->automa_light ? "light" : "darkness");
      json_builder_set_member_name (b, "cells");
      json_builder_begin_array (b);
      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        {
          json_builder_begin_array (b);
          for (guint i = 0; i < self->automa_cells[c]->len; i++)
            json_builder_add_string_value (b, g_ptr_array_index (self->automa_cells[c], i));
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
      add_strings (b, "cards", self->automa_cards);
      json_builder_end_object (b);
    }

  json_builder_set_member_name (b, "quest");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, quest_kind_ids[self->quest.kind]);
  json_builder_set_member_name (b, "id");
  if (self->quest.id != NULL)
    json_builder_add_string_value (b, self->quest.id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "source");
  json_builder_add_int_value (b, self->quest.source);
  json_builder_set_member_name (b, "path");
  json_builder_add_int_value (b, self->quest.path);
  json_builder_set_member_name (b, "task");
  json_builder_add_int_value (b, self->quest.task);
  json_builder_set_member_name (b, "shield-done");
  json_builder_add_boolean_value (b, self->quest.shield_done);
  json_builder_set_member_name (b, "rift-done");
  json_builder_add_boolean_value (b, self->quest.rift_done);
  json_builder_set_member_name (b, "rift-left");
  json_builder_add_int_value (b, self->quest.rift_left);
  json_builder_set_member_name (b, "colours-left");
  json_builder_add_int_value (b, self->quest.colours_left);
  add_uints (b, "reward-cards", self->quest.reward_cards, 3);
  json_builder_set_member_name (b, "cancelled");
  json_builder_add_int_value (b, self->quest.cancelled);
  json_builder_set_member_name (b, "vigilance-used");
  json_builder_add_int_value (b, self->quest.vigilance_used);
  json_builder_set_member_name (b, "dead-water");
  json_builder_add_boolean_value (b, self->quest.dead_water);
  json_builder_set_member_name (b, "ring");
  json_builder_add_boolean_value (b, self->quest.ring);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "turn");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "player");
  json_builder_add_int_value (b, self->current);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, turn_type_ids[self->turn_type]);
  json_builder_set_member_name (b, "placements-left");
  json_builder_add_int_value (b, self->placements_left);
  json_builder_set_member_name (b, "hurried");
  json_builder_add_boolean_value (b, self->hurried);
  json_builder_set_member_name (b, "mortal-wound");
  json_builder_add_boolean_value (b, self->mortal_wound_this_turn);
  json_builder_set_member_name (b, "rest-exchange");
  json_builder_add_boolean_value (b, self->rest_exchange);
  json_builder_set_member_name (b, "pending");
  json_builder_add_string_value (b, pending_ids[self->pending]);
  json_builder_set_member_name (b, "placed-location");
  json_builder_add_int_value (b, self->placed_location);
  json_builder_set_member_name (b, "placed-section");
  json_builder_add_int_value (b, self->placed_section);
  json_builder_set_member_name (b, "placed-defend");
  json_builder_add_boolean_value (b, self->placed_defend);
  json_builder_set_member_name (b, "event-colours-left");
  json_builder_add_int_value (b, self->event_colours_left);
  json_builder_set_member_name (b, "placed-resource-dice");
  json_builder_add_int_value (b, self->placed_resource_dice);
  json_builder_set_member_name (b, "bind-open");
  json_builder_add_boolean_value (b, self->bind_open);
  json_builder_set_member_name (b, "resume");
  json_builder_add_string_value (b, pending_ids[self->resume]);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "threat-source");
  json_builder_add_string_value (b, threat_source_ids[self->threat.source]);

  json_builder_set_member_name (b, "threat");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "dice");
  json_builder_add_int_value (b, self->threat.n_dice);
  json_builder_set_member_name (b, "uncancellable");
  json_builder_add_boolean_value (b, self->threat.uncancellable);
  json_builder_set_member_name (b, "rolled");
  json_builder_begin_array (b);
  for (guint i = 0; self->threat.rolled && i < self->threat.n_values; i++)
    json_builder_add_int_value (b, self->threat.values[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "is-rolled");
  json_builder_add_boolean_value (b, self->threat.rolled);
  json_builder_set_member_name (b, "step2");
  json_builder_add_boolean_value (b, self->threat.step2);
  json_builder_set_member_name (b, "mortal");
  json_builder_add_boolean_value (b, self->threat.mortal);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "final-turns-left");
  json_builder_add_int_value (b, self->final_turns_left);
  json_builder_set_member_name (b, "end-triggered-this-turn");
  json_builder_add_boolean_value (b, self->end_triggered_this_turn);
  json_builder_set_member_name (b, "over");
  json_builder_add_boolean_value (b, self->over);

  add_strings (b, "log", self->log);
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->history->len; i++)
    json_builder_add_value (b, pen_game_action_to_json (self, &g_array_index (self->history, PenAction, i)));
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean bad_save (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_save (GError     **error,
          const char  *format,
          ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE, _("The saved game is damaged: %s"), detail);
  return FALSE;
}

static JsonNode *
get_member (JsonObject  *object,
            const char  *name,
            JsonNodeType type,
            GError     **error)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || json_node_get_node_type (node) != type)
    {
      bad_save (error, _("“%s” is missing or of the wrong kind."), name);
      return NULL;
    }
  return node;
}

static gboolean
get_int (JsonObject  *object,
         const char  *name,
         gint64       min,
         gint64       max,
         gint64      *out,
         GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);

  if (node == NULL)
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_INT64)
    return bad_save (error, _("“%s” must be a whole number."), name);
  *out = json_node_get_int (node);
  if (*out < min || *out > max)
    return bad_save (error, _("“%s” is out of range."), name);
  return TRUE;
}

static gboolean
get_bool (JsonObject  *object,
          const char  *name,
          gboolean    *out,
          GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);

  if (node == NULL)
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return bad_save (error, _("“%s” must be true or false."), name);
  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
get_choice (JsonObject  *object,
            const char  *name,
            const char **ids,
            guint        n_ids,
            guint       *out,
            GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);
  const char *value;

  if (node == NULL)
    return FALSE;
  value = json_node_get_string (node);
  for (guint i = 0; value != NULL && i < n_ids; i++)
    if (g_str_equal (ids[i], value))
      {
        *out = i;
        return TRUE;
      }
  return bad_save (error, _("“%s” has an unknown value."), name);
}

static gboolean
get_u64_string (JsonObject  *object,
                const char  *name,
                guint64     *out,
                GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_VALUE, error);
  const char *text;

  if (node == NULL)
    return FALSE;
  text = json_node_get_string (node);
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    return bad_save (error, _("“%s” must be a number written as text."), name);
  return TRUE;
}

static gboolean
read_die (JsonNode  *node,
          PenDie    *die,
          GError   **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *kind = get_member (object, "die", JSON_NODE_VALUE, error);
  const char *id;
  gint64 value;
  PenDiscipline colour;

  if (kind == NULL || !get_int (object, "value", 1, 6, &value, error))
    return FALSE;
  id = json_node_get_string (kind);
  memset (die, 0, sizeof *die);
  if (g_strcmp0 (id, "bone") == 0)
    die->kind = PEN_DIE_KIND_BONE;
  else if (g_strcmp0 (id, "spark") == 0)
    die->kind = PEN_DIE_KIND_SPARK;
  else if (id != NULL && pen_discipline_from_id (id, &colour))
    {
      die->kind = PEN_DIE_KIND_COLOURED;
      die->colour = colour;
    }
  else
    return bad_save (error, _("a die has an unknown colour."));
  die->value = (guint8) value;
  /* Optional flags: absent is false, anything but true or false is damage. */
  for (guint i = 0; i < 2; i++)
    {
      const char *flag = i == 0 ? "temporary" : "task";
      JsonNode *member = json_object_get_member (object, flag);

      if (member != NULL && json_node_get_value_type (member) != G_TYPE_BOOLEAN)
        return bad_save (error, _("a die's “%s” must be true or false."), flag);
    }
  die->temporary = safe_boolean (object, "temporary", FALSE);
  die->in_task = safe_boolean (object, "task", FALSE);
  return TRUE;
}

typedef enum
{
  IDS_TEXT,        /* any text */
  IDS_FATE,        /* Fate card ids */
  IDS_CONTRACT,    /* Contract ids */
  IDS_PASSED,      /* "light:" or "darkness:" and a Trial id */
  IDS_CARD,        /* Wizard card ids */
} IdKind;

static gboolean
id_is_valid (PenGame    *self,
             IdKind      kind,
             const char *id)
{
  switch (kind)
    {
    case IDS_FATE:
      return pen_fate_catalogue_lookup (self->fate, id) != NULL;
    case IDS_CONTRACT:
      return pen_quests_find_contract (self->quests, id) != NULL;
    case IDS_CARD:
      return pen_cards_find (self->cards, id) != NULL;
    case IDS_PASSED:
      return (g_str_has_prefix (id, "light:") || g_str_has_prefix (id, "darkness:"))
             && pen_quests_find_trial (self->quests, strchr (id, ':') + 1) != NULL;
    case IDS_TEXT:
    default:
      return TRUE;
    }
}

static gboolean
read_strings (JsonObject  *object,
              const char  *name,
              GPtrArray   *out,
              PenGame     *self,
              IdKind       kind,
              GError     **error)
{
  JsonNode *node = get_member (object, name, JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (node == NULL)
    return FALSE;
  array = json_node_get_array (node);
  g_ptr_array_set_size (out, 0);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *id = json_node_get_string (json_array_get_element (array, i));

      if (id == NULL)
        return bad_save (error, _("“%s” must list texts."), name);
      if (!id_is_valid (self, kind, id))
        return bad_save (error, _("“%s” names an unknown card “%s”."), name, id);
      g_ptr_array_add (out, g_strdup (id));
    }
  return TRUE;
}

static gboolean
read_player (PenGame     *self,
             guint        p,
             JsonNode    *node,
             GError     **error)
{
  static const char *states[] = { "charged", "discharged", "wounded" };
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  PenWizardBoard *board = self->players[p] = pen_wizard_board_new (self->def);
  JsonNode *talent, *member;
  JsonArray *array;
  JsonObject *ingredients;
  gint64 value;

  if (object == NULL)
    return bad_save (error, _("a player must be an object."));
  talent = json_object_get_member (object, "talent");
  if (talent != NULL && !JSON_NODE_HOLDS_NULL (talent))
    {
      const char *id = json_node_get_string (talent);

      if (id == NULL || pen_talents_find (self->talents, id) == NULL)
        return bad_save (error, _("a player has an unknown Talent."));
      self->talent[p] = g_strdup (id);
    }
  member = get_member (object, "dealt", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != 2)
    return bad_save (error, _("a player must have been dealt two Talents."));
  for (guint i = 0; i < 2; i++)
    {
      const char *id = json_node_get_string (json_array_get_element (array, i));

      if (id == NULL || pen_talents_find (self->talents, id) == NULL)
        return bad_save (error, _("a player was dealt an unknown Talent."));
      self->dealt[p][i] = g_strdup (id);
    }
  if (!get_int (object, "turns-taken", 0, G_MAXINT, &value, error))
    return FALSE;
  self->turns_taken[p] = value;
  if (!get_bool (object, "must-rest", &self->must_rest[p], error))
    return FALSE;

  member = get_member (object, "marks", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != PEN_N_MARK_CELLS)
    return bad_save (error, _("a Wizard board must have %d Mark cells."), PEN_N_MARK_CELLS);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      JsonNode *cell = json_array_get_element (array, c);
      JsonObject *mark_object;
      PenMark mark = { .occupied = TRUE };
      const char *id;
      guint state;

      if (JSON_NODE_HOLDS_NULL (cell))
        continue;
      mark_object = JSON_NODE_HOLDS_OBJECT (cell) ? json_node_get_object (cell) : NULL;
      if (mark_object == NULL)
        return bad_save (error, _("a Mark cell must hold a Mark or null."));
      if (!get_choice (mark_object, "state", states, 3, &state, error))
        return FALSE;
      mark.state = state;
      id = safe_string (mark_object, "mark", "");
      if (pen_wizard_board_is_spark_cell (c) ? !g_str_equal (id, "spark")
                                             : !pen_discipline_from_id (id, &mark.discipline))
        return bad_save (error, _("a Mark does not belong in its cell."));
      pen_wizard_board_set_mark (board, c, &mark);
    }

  member = get_member (object, "dice", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      PenDie die;

      if (!read_die (json_array_get_element (array, i), &die, error))
        return FALSE;
      pen_wizard_board_add_die (board, &die);
    }

  member = get_member (object, "ingredients", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  ingredients = json_node_get_object (member);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      if (!get_int (ingredients, pen_ingredient_get_id (i), 0, PEN_INGREDIENT_CAP, &value, error))
        return FALSE;
      pen_wizard_board_set_ingredient (board, i, value);
    }
  if (!get_int (object, "mortal-wounds", 0, 99, &value, error))
    return FALSE;
  pen_wizard_board_set_mortal_wounds (board, value);

  if (!read_strings (object, "reserved-contracts", self->reserved_contracts[p], self, IDS_CONTRACT, error)
      || !read_strings (object, "fulfilled-contracts", self->fulfilled_contracts[p], self, IDS_CONTRACT, error)
      || !read_strings (object, "passed-trials", self->passed_trials[p], self, IDS_PASSED, error))
    return FALSE;
  member = json_object_get_member (object, "reserved-trial");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      const char *id = json_node_get_string (member);

      if (id == NULL || pen_quests_find_trial (self->quests, id) == NULL)
        return bad_save (error, _("a player has reserved an unknown Trial."));
      self->reserved_trial[p] = g_strdup (id);
    }
  return TRUE;
}

static gboolean
read_uints (JsonObject  *object,
            const char  *name,
            guint       *out,
            guint        n,
            guint        max,
            GError     **error)
{
  JsonNode *member = get_member (object, name, JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != n)
    return bad_save (error, _("“%s” must list %u numbers."), name, n);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (json_node_get_value_type (node) != G_TYPE_INT64
          || json_node_get_int (node) < 0 || json_node_get_int (node) > max)
        return bad_save (error, _("“%s” is out of range."), name);
      out[i] = json_node_get_int (node);
    }
  return TRUE;
}

static gboolean
read_card_ref (PenGame        *self,
               JsonObject     *object,
               const char     *name,
               const PenCard **out,
               GError        **error)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *id;

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  id = json_node_get_string (node);
  if (id == NULL || (*out = pen_cards_find (self->cards, id)) == NULL)
    return bad_save (error, _("“%s” names an unknown card."), name);
  return TRUE;
}

static gboolean
read_cards_state (PenGame     *self,
                  JsonObject  *root,
                  GError     **error)
{
  JsonNode *member;
  JsonObject *object, *effect;
  JsonArray *array;
  gint64 value;
  guint choice;

  /* Before the table is laid out (Talents being chosen) no card is dealt yet. */
  if (self->n_locations == 0 && !json_object_has_member (root, "cards"))
    return TRUE;
  member = get_member (root, "cards", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  object = json_node_get_object (member);

  member = get_member (object, "decks", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != PEN_N_DECKS)
    return bad_save (error, _("there must be %d decks of cards."), PEN_N_DECKS);
  for (guint d = 0; d < PEN_N_DECKS; d++)
    {
      JsonNode *deck_node = json_array_get_element (array, d);
      JsonObject *deck = JSON_NODE_HOLDS_OBJECT (deck_node) ? json_node_get_object (deck_node) : NULL;
      JsonNode *market;

      if (deck == NULL)
        return bad_save (error, _("a deck of cards is damaged."));
      if (!read_strings (deck, "deck", self->decks[d], self, IDS_CARD, error))
        return FALSE;
      market = get_member (deck, "market", JSON_NODE_ARRAY, error);
      if (market == NULL)
        return FALSE;
      if (json_array_get_length (json_node_get_array (market)) != 2)
        return bad_save (error, _("a market must have two places."));
      for (guint slot = 0; slot < 2; slot++)
        {
          JsonNode *node = json_array_get_element (json_node_get_array (market), slot);
          const char *id = JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);

          if (!JSON_NODE_HOLDS_NULL (node) && (id == NULL || pen_cards_find (self->cards, id) == NULL))
            return bad_save (error, _("a market holds an unknown card."));
          self->market[d][slot] = g_strdup (id);
        }
    }

  member = get_member (object, "players", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != self->n_players)
    return bad_save (error, _("every player must have a list of cards."));
  for (guint p = 0; p < self->n_players; p++)
    {
      JsonNode *list = json_array_get_element (array, p);

      if (!JSON_NODE_HOLDS_ARRAY (list))
        return bad_save (error, _("a player's cards must be a list."));
      for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
        {
          JsonNode *node = json_array_get_element (json_node_get_array (list), i);
          JsonObject *entry = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
          OwnedCard owned = { 0 };

          if (entry == NULL)
            return bad_save (error, _("a player's card is damaged."));
          if (!read_card_ref (self, entry, "card", &owned.card, error)
              || !get_choice (entry, "zone", zone_ids, G_N_ELEMENTS (zone_ids), &choice, error)
              || !get_bool (entry, "rotated", &owned.rotated, error))
            return FALSE;
          if (owned.card == NULL)
            return bad_save (error, _("a player's card is damaged."));
          owned.zone = choice;
          g_array_append_val (self->owned[p], owned);
        }
    }

  if (!get_int (object, "to-gain", 0, 99, &value, error))
    return FALSE;
  self->cards_to_gain = value;
  if (!get_int (object, "gain-deck", -1, PEN_N_DECKS - 1, &value, error))
    return FALSE;
  self->gain_deck = value;
  {
    gboolean after_reward;

    if (!get_bool (object, "after-reward", &after_reward, error))
      return FALSE;
    self->after_card = after_reward ? AFTER_CARD_REWARD : AFTER_CARD_RESUME;
  }
  if (!get_choice (object, "card-resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return FALSE;
  self->card_resume = choice;
  if (!get_int (object, "buy-market", -1, PEN_N_DECKS - 1, &value, error))
    return FALSE;
  self->buy_market = value;
  if (!get_int (object, "buys-left", 0, 99, &value, error))
    return FALSE;
  self->buys_left = value == 99 ? G_MAXUINT : (guint) value;
  if (!get_int (object, "discount", 0, 9, &value, error))
    return FALSE;
  self->discount = value;
  if (!read_card_ref (self, object, "equip-new", &self->equip_new, error)
      || !read_card_ref (self, object, "last-card", &self->last_card, error)
      || !read_card_ref (self, object, "threat-card", &self->threat_card, error))
    return FALSE;
  if (!get_int (object, "chain-length", 0, 9999, &value, error))
    return FALSE;
  self->chain_length = value;
  if (!get_int (object, "threat-card-bonus", 0, 99, &value, error))
    return FALSE;
  self->threat_card_bonus = value;
  if (json_object_has_member (object, "threat-card-resume"))
    {
      guint outer[3];

      if (!get_choice (object, "threat-card-resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error)
          || !read_uints (object, "outer-threat", outer, 3, PEN_MAX_THREAT_DICE, error))
        return FALSE;
      self->threat_card_resume = choice;
      self->outer_threat.n_dice = outer[0];
      self->outer_threat.uncancellable = outer[1] != 0;
      self->outer_threat.source = MIN (outer[2], THREAT_FOR_CARD);
    }
  member = get_member (object, "flags", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (member)); i++)
    {
      const char *flag = json_node_get_string (json_array_get_element (json_node_get_array (member), i));

      if (g_strcmp0 (flag, "exchange-from-card") == 0)
        self->exchange_from_card = TRUE;
      else if (g_strcmp0 (flag, "ignore-dice-in-threat") == 0)
        self->ignore_dice_in_threat = TRUE;
      else if (g_strcmp0 (flag, "dead-water-wound") == 0)
        self->dead_water_wound = TRUE;
      else if (g_strcmp0 (flag, "rest-brew") == 0)
        self->rest_brew = TRUE;
      else if (g_strcmp0 (flag, "rest-buy") == 0)
        self->rest_buy = TRUE;
      else
        return bad_save (error, _("“flags” holds an unknown flag."));
    }

  member = get_member (object, "effect", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  effect = json_node_get_object (member);
  if (!read_uints (effect, "tokens", self->effect.tokens, G_N_ELEMENTS (self->effect.tokens), 99, error)
      || !read_uints (effect, "give", self->effect.exchange_give, PEN_N_INGREDIENTS, 12, error)
      || !read_uints (effect, "take", self->effect.exchange_take, PEN_N_INGREDIENTS, 12, error)
      || !get_bool (effect, "exchange-open", &self->effect.exchange_open, error)
      || !get_choice (effect, "resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return FALSE;
  self->effect_resume = choice;
  if (!get_int (effect, "colours", 0, 99, &value, error))
    return FALSE;
  self->effect.colours = value;
  if (!get_int (effect, "temporary-colours", 0, self->effect.colours, &value, error))
    return FALSE;
  self->effect.temporary_colours = value;
  if (!get_int (effect, "threat-adjust", 0, 99, &value, error))
    return FALSE;
  self->effect.threat_adjust = value;
  return TRUE;
}

static gboolean
read_automa (PenGame     *self,
             JsonObject  *root,
             GError     **error)
{
  JsonNode *member = json_object_get_member (root, "automa");
  JsonObject *object;
  JsonNode *cells;
  const PenAutomas *automas;
  gint64 value;

  if (member == NULL || JSON_NODE_HOLDS_NULL (member))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (member))
    return bad_save (error, _("“automa” must be an object or null."));
  object = json_node_get_object (member);
  automas = pen_automas_get_default (error);
  if (automas == NULL)
    return FALSE;
  self->automa = pen_automas_find (automas, safe_string (object, "variant", ""));
  if (self->automa == NULL)
    return bad_save (error, _("the Automa is of an unknown kind."));
  if (!get_int (object, "player", 0, self->n_players - 1, &value, error))
    return FALSE;
  self->automa_player = value;
  if (g_strcmp0 (safe_string (object, "worldview", ""), "light") != 0
      && g_strcmp0 (safe_string (object, "worldview", ""), "darkness") != 0)
    return bad_save (error, _("the Automa's worldview must be light or darkness."));
  self->automa_light = g_strcmp0 (safe_string (object, "worldview", ""), "light") == 0;
  cells = get_member (object, "cells", JSON_NODE_ARRAY, error);
  if (cells == NULL)
    return FALSE;
  if (json_array_get_length (json_node_get_array (cells)) != PEN_AUTOMA_N_CELLS)
    return bad_save (error, _("the Automa has four Equipment cells."));
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    {
      JsonNode *cell = json_array_get_element (json_node_get_array (cells), c);
      JsonArray *ids = JSON_NODE_HOLDS_ARRAY (cell) ? json_node_get_array (cell) : NULL;

      for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
        {
          JsonNode *element = json_array_get_element (ids, i);
          const char *id = json_node_get_value_type (element) == G_TYPE_STRING ? json_node_get_string (element) : NULL;
          const PenCard *card = id != NULL ? pen_cards_find (self->cards, id) : NULL;

          if (card == NULL || card->type != PEN_CARD_ARTIFACT)
            return bad_save (error, _("an Automa Equipment cell holds something that is not an Artifact."));
          g_ptr_array_add (self->automa_cells[c], g_strdup (id));
        }
      if (ids == NULL)
        return bad_save (error, _("an Automa Equipment cell must list its cards."));
    }
  return read_strings (object, "cards", self->automa_cards, self, IDS_CARD, error);
}

static gboolean
read_contract_row (PenGame     *self,
                   JsonObject  *object,
                   GError     **error)
{
  JsonNode *member = get_member (object, "contract-row", JSON_NODE_ARRAY, error);
  JsonArray *array;

  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != N_CONTRACT_SLOTS)
    return bad_save (error, _("the Guild has %d places for Contracts."), N_CONTRACT_SLOTS);
  for (guint i = 0; i < N_CONTRACT_SLOTS; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      const char *id;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      id = json_node_get_string (node);
      if (id == NULL || !id_is_valid (self, IDS_CONTRACT, id))
        return bad_save (error, _("the Guild holds an unknown Contract."));
      self->contract_row[i] = g_strdup (id);
    }
  return TRUE;
}

static gboolean
read_quest (PenGame     *self,
            JsonObject  *object,
            GError     **error)
{
  JsonNode *member = get_member (object, "quest", JSON_NODE_OBJECT, error);
  JsonObject *quest;
  JsonNode *id;
  gint64 value;
  guint kind;

  if (member == NULL)
    return FALSE;
  quest = json_node_get_object (member);
  if (!get_choice (quest, "kind", quest_kind_ids, G_N_ELEMENTS (quest_kind_ids), &kind, error))
    return FALSE;
  self->quest.kind = kind;
  id = json_object_get_member (quest, "id");
  if (kind == QUEST_NONE && (id == NULL || !JSON_NODE_HOLDS_NULL (id)))
    return bad_save (error, _("no Contract or Trial is attempted, yet one is named."));
  if (kind != QUEST_NONE)
    {
      const char *text = id != NULL ? json_node_get_string (id) : NULL;

      if (text == NULL
          || (kind == QUEST_CONTRACT && pen_quests_find_contract (self->quests, text) == NULL)
          || (kind == QUEST_TRIAL && pen_quests_find_trial (self->quests, text) == NULL))
        return bad_save (error, _("the Contract or Trial being attempted is unknown."));
      self->quest.id = g_strdup (text);
    }
  if (!get_int (quest, "source", 0, PEN_RESERVED + 999, &value, error))
    return FALSE;
  self->quest.source = value;
  if (!get_int (quest, "path", -1, 1, &value, error))
    return FALSE;
  self->quest.path = value;
  if (!get_int (quest, "task", 0, PEN_QUEST_MAX_TASKS - 1, &value, error))
    return FALSE;
  self->quest.task = value;
  if (!get_bool (quest, "shield-done", &self->quest.shield_done, error)
      || !get_bool (quest, "rift-done", &self->quest.rift_done, error))
    return FALSE;
  if (!get_int (quest, "rift-left", 0, 99, &value, error))
    return FALSE;
  self->quest.rift_left = value;
  if (!get_int (quest, "colours-left", 0, 99, &value, error))
    return FALSE;
  self->quest.colours_left = value;
  if (!read_uints (quest, "reward-cards", self->quest.reward_cards, 3, 9, error)
      || !get_bool (quest, "dead-water", &self->quest.dead_water, error)
      || !get_bool (quest, "ring", &self->quest.ring, error))
    return FALSE;
  if (!get_int (quest, "cancelled", 0, 255, &value, error))
    return FALSE;
  self->quest.cancelled = value;
  if (!get_int (quest, "vigilance-used", 0, 99, &value, error))
    return FALSE;
  self->quest.vigilance_used = value;
  return TRUE;
}

static gboolean
read_location (PenGame   *self,
               JsonNode  *node,
               GError   **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *member;
  JsonArray *sections;
  const char *id;
  PenLocation *location = NULL;
  const PenLocationDef *def;

  member = get_member (object, "id", JSON_NODE_VALUE, error);
  if (member == NULL)
    return FALSE;
  id = json_node_get_string (member);
  if (id == NULL)
    return bad_save (error, _("a location has no id."));
  if (self->n_locations < PEN_N_CLASSES)
    {
      PenDiscipline discipline;
      g_autofree char *prefix = NULL;

      if (!g_str_has_suffix (id, "-class"))
        return bad_save (error, _("the first four locations must be Classes."));
      prefix = g_strndup (id, strlen (id) - strlen ("-class"));
      if (!pen_discipline_from_id (prefix, &discipline))
        return bad_save (error, _("there is no Class “%s”."), id);
      for (guint i = 0; i < self->n_locations; i++)
        if (g_str_equal (pen_location_get_id (self->locations[i]), id))
          return bad_save (error, _("the Class “%s” is there twice."), id);
      location = pen_location_new_class (&self->def->class_layout, discipline);
    }
  else
    {
      guint i = self->n_locations - PEN_N_CLASSES;

      if (i >= self->def->n_locations || !g_str_equal (self->def->locations[i].id, id))
        return bad_save (error, _("the locations are not those of the boards."));
      location = pen_location_new (&self->def->locations[i]);
    }
  self->loc_defs[self->n_locations] = pen_location_get_def (location);
  self->locations[self->n_locations++] = location;
  def = pen_location_get_def (location);

  member = get_member (object, "sections", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  sections = json_node_get_array (member);
  if (json_array_get_length (sections) != def->n_sections)
    return bad_save (error, _("the location “%s” has the wrong number of sections."), id);
  for (guint s = 0; s < def->n_sections; s++)
    {
      JsonNode *cells_node = json_array_get_element (sections, s);
      JsonArray *cells = JSON_NODE_HOLDS_ARRAY (cells_node) ? json_node_get_array (cells_node) : NULL;

      if (cells == NULL || json_array_get_length (cells) != def->sections[s].n_cells + 1)
        return bad_save (error, _("a section of “%s” has the wrong number of cells."), id);
      for (guint c = 0; c <= def->sections[s].n_cells; c++)
        {
          JsonNode *dice_node = json_array_get_element (cells, c);
          JsonArray *dice = JSON_NODE_HOLDS_ARRAY (dice_node) ? json_node_get_array (dice_node) : NULL;
          int cell = c == def->sections[s].n_cells ? -1 : (int) c;

          if (dice == NULL)
            return bad_save (error, _("a cell of “%s” must list its dice."), id);
          if (cell >= 0 && !def->sections[s].cells[cell].unlimited && json_array_get_length (dice) > 1)
            return bad_save (error, _("a cell of “%s” holds more than one die."), id);
          for (guint i = 0; i < json_array_get_length (dice); i++)
            {
              PenDie die;

              if (!read_die (json_array_get_element (dice, i), &die, error))
                return FALSE;
              pen_location_add_die (location, s, cell, &die);
            }
        }
    }
  return TRUE;
}

/**
 * pen_game_new_from_json:
 *
 * Loads a game saved by pen_game_to_json(), or a state written by hand in the
 * same format (docs/save-format.md). Anything damaged, foreign or from a newer
 * version is refused with a message; nothing is half-loaded.
 */
PenGame *
pen_game_new_from_json (JsonNode  *root,
                        GError   **error)
{
  g_autoptr(PenGame) self = g_object_new (PEN_TYPE_GAME, NULL);
  JsonObject *object, *turn, *threat;
  JsonNode *member;
  JsonArray *array;
  const char *format;
  const char *setup_automa = NULL;
  gint64 value, setup_players = 0;
  gboolean has_setup = FALSE;
  guint choice;

  object = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  format = object != NULL ? safe_string (object, "format", NULL) : NULL;
  if (g_strcmp0 (format, PEN_SAVE_FORMAT) != 0)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, _("This file is not a saved game of Penumbra."));
      return NULL;
    }
  if (!get_int (object, "version", 1, G_MAXINT64, &value, error))
    return NULL;
  if (value > PEN_SAVE_VERSION)
    {
      g_autofree char *version_text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("This game was saved by a newer version of Penumbra (save format %s; this version reads %d)."),
                   version_text, PEN_SAVE_VERSION);
      return NULL;
    }

  if (!load_data (self, error)
      || !get_u64_string (object, "seed", &self->seed, error))
    return NULL;
  self->rng = pen_rng_new (self->seed);
  {
    JsonNode *setup = json_object_get_member (object, "setup");
    JsonObject *setup_object = setup != NULL && JSON_NODE_HOLDS_OBJECT (setup) ? json_node_get_object (setup) : NULL;

    /* Optional: without it the game plays on but cannot be replayed. */
    if (setup != NULL)
      {
        JsonNode *automa;
        gint64 players;

        if (setup_object == NULL
            || !get_bool (setup_object, "first-game", &self->first_game, error)
            || !get_int (setup_object, "worldview", -1, 1, &value, error)
            || !get_int (setup_object, "players", 1, PEN_MAX_PLAYERS, &players, error))
          return setup_object == NULL ? (bad_save (error, _("“setup” must be an object.")), NULL) : NULL;
        self->worldview_asked = value;
        automa = json_object_get_member (setup_object, "automa");
        if (automa == NULL || !(JSON_NODE_HOLDS_NULL (automa) || json_node_get_value_type (automa) == G_TYPE_STRING))
          {
            bad_save (error, _("“setup” must say which Automa, or null."));
            return NULL;
          }
        setup_players = players;
        setup_automa = JSON_NODE_HOLDS_NULL (automa) ? NULL : json_node_get_string (automa);
        has_setup = TRUE;
      }
  }
  {
    guint64 state;

    if (!get_u64_string (object, "rng-state", &state, error))
      return NULL;
    pen_rng_set_state (self->rng, state);
  }

  member = get_member (object, "players", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) < 1 || json_array_get_length (array) > PEN_MAX_PLAYERS)
    {
      bad_save (error, _("a game has 1 to %d players."), PEN_MAX_PLAYERS);
      return NULL;
    }
  self->n_players = json_array_get_length (array);
  for (guint p = 0; p < self->n_players; p++)
    if (!read_player (self, p, json_array_get_element (array, p), error))
      return NULL;

  member = get_member (object, "locations", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != 0
      && json_array_get_length (array) != PEN_N_CLASSES + self->def->n_locations)
    {
      bad_save (error, _("the table must have %d Classes and the City and Wilds locations."), PEN_N_CLASSES);
      return NULL;
    }
  for (guint l = 0; l < json_array_get_length (array); l++)
    if (!read_location (self, json_array_get_element (array, l), error))
      return NULL;

  if (!read_strings (object, "fate-deck", self->fate_deck, self, IDS_FATE, error)
      || !read_strings (object, "trial-row", self->trial_row, self, IDS_FATE, error)
      || !read_strings (object, "in-play", self->in_play, self, IDS_FATE, error)
      || !read_strings (object, "contract-deck", self->contract_deck, self, IDS_CONTRACT, error)
      || !read_strings (object, "bind-offer", self->bind_offer, self, IDS_CONTRACT, error)
      || !read_strings (object, "log", self->log, self, IDS_TEXT, error)
      || !read_contract_row (self, object, error)
      || !read_quest (self, object, error)
      || !read_cards_state (self, object, error)
      || !read_automa (self, object, error))
    return NULL;
  if (!get_choice (object, "threat-source", threat_source_ids, G_N_ELEMENTS (threat_source_ids), &choice, error))
    return NULL;
  self->threat.source = choice;

  member = get_member (object, "turn", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return NULL;
  turn = json_node_get_object (member);
  if (!get_int (turn, "player", 0, self->n_players - 1, &value, error))
    return NULL;
  self->current = value;
  if (!get_choice (turn, "type", turn_type_ids, G_N_ELEMENTS (turn_type_ids), &choice, error))
    return NULL;
  self->turn_type = choice;
  if (!get_int (turn, "placements-left", 0, 99, &value, error))
    return NULL;
  self->placements_left = value;
  if (!get_bool (turn, "hurried", &self->hurried, error)
      || !get_bool (turn, "mortal-wound", &self->mortal_wound_this_turn, error)
      || !get_bool (turn, "rest-exchange", &self->rest_exchange, error)
      || !get_bool (turn, "placed-defend", &self->placed_defend, error)
      || !get_bool (turn, "bind-open", &self->bind_open, error)
      || !get_choice (turn, "resume", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return NULL;
  self->resume = choice;
  if (!get_choice (turn, "pending", pending_ids, G_N_ELEMENTS (pending_ids), &choice, error))
    return NULL;
  self->pending = choice;
  if (!get_int (turn, "placed-location", -1, (gint64) self->n_locations - 1, &value, error))
    return NULL;
  self->placed_location = value;
  if (!get_int (turn, "placed-section", -1, PEN_MAX_SECTIONS - 1, &value, error))
    return NULL;
  self->placed_section = value;
  if (!get_int (turn, "event-colours-left", 0, 99, &value, error))
    return NULL;
  self->event_colours_left = value;
  if (!get_int (turn, "placed-resource-dice", 0, 2, &value, error))
    return NULL;
  self->placed_resource_dice = value;
  if (self->pending == PEN_PENDING_LOCATION
      && (self->placed_location < 0 || self->placed_section < 0
          || (guint) self->placed_section >= self->loc_defs[self->placed_location]->n_sections))
    {
      bad_save (error, _("the placement waiting for its effect is not on the table."));
      return NULL;
    }
  if ((self->n_locations == 0) != (self->pending == PEN_PENDING_TALENT))
    {
      bad_save (error, _("the table is laid out only once the Talents are chosen."));
      return NULL;
    }

  member = get_member (object, "threat", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return NULL;
  threat = json_node_get_object (member);
  if (!get_int (threat, "dice", 0, PEN_MAX_THREAT_DICE, &value, error))
    return NULL;
  self->threat.n_dice = value;
  if (!get_bool (threat, "uncancellable", &self->threat.uncancellable, error)
      || !get_bool (threat, "is-rolled", &self->threat.rolled, error)
      || !get_bool (threat, "step2", &self->threat.step2, error)
      || !get_bool (threat, "mortal", &self->threat.mortal, error))
    return NULL;
  member = get_member (threat, "rolled", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) > self->threat.n_dice)
    {
      bad_save (error, _("more Threat dice were rolled than prepared."));
      return NULL;
    }
  self->threat.n_values = json_array_get_length (array);
  for (guint i = 0; i < self->threat.n_values; i++)
    {
      JsonNode *die = json_array_get_element (array, i);

      if (json_node_get_value_type (die) != G_TYPE_INT64
          || json_node_get_int (die) < 1 || json_node_get_int (die) > 6)
        {
          bad_save (error, _("a Threat die shows no face of a die."));
          return NULL;
        }
      self->threat.values[i] = json_node_get_int (die);
    }
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled && self->threat.n_values == 0)
    {
      bad_save (error, _("a rolled Threat has no dice left to distribute."));
      return NULL;
    }

  if (!get_int (object, "final-turns-left", -1, PEN_MAX_PLAYERS, &value, error))
    return NULL;
  self->final_turns_left = value;
  if (!get_bool (object, "end-triggered-this-turn", &self->end_triggered_this_turn, error)
      || !get_bool (object, "over", &self->over, error))
    return NULL;

  member = get_member (object, "actions", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autoptr(GError) local_error = NULL;
      PenAction action;

      if (!pen_game_action_from_json (self, json_array_get_element (array, i), &action, &local_error))
        {
          bad_save (error, _("action %u of the list: %s"), i + 1, local_error->message);
          return NULL;
        }
      g_array_append_val (self->history, action);
    }

  if (has_setup && (setup_players != (gint64) self->n_players
                    || g_strcmp0 (setup_automa, self->automa ? self->automa->id : NULL) != 0))
    {
      bad_save (error, _("“setup” does not match the players of the game."));
      return NULL;
    }
  if (!pen_game_check_invariants (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

PenGame *
pen_game_copy (PenGame *self)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  PenGame *copy;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  node = pen_game_to_json (self);
  copy = pen_game_new_from_json (node, &error);
  if (copy == NULL)
    g_critical ("A game could not be copied: %s", error->message);
  return copy;
}

/* ---- Invariants -------------------------------------------------------------- */

static gboolean check_wizard_cards (PenGame *self, GError **error);

static gboolean
count_ids (GHashTable *seen,
           GPtrArray  *ids,
           gboolean    strip_path)
{
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);

      if (strip_path && strchr (id, ':') != NULL)
        id = strchr (id, ':') + 1;
      if (!g_hash_table_add (seen, (gpointer) id))
        return FALSE;
    }
  return TRUE;
}

/* Every Contract is in exactly one place (deck, Guild, Bind's hand, reserved,
 * fulfilled); no Trial is in two places. */
static gboolean
check_cards_in_one_place (PenGame  *self,
                          GError  **error)
{
  g_autoptr(GHashTable) contracts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) trials = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean ok = count_ids (contracts, self->contract_deck, FALSE)
                && count_ids (contracts, self->bind_offer, FALSE)
                && count_ids (trials, self->trial_row, FALSE);

  for (guint i = 0; ok && i < N_CONTRACT_SLOTS; i++)
    ok = self->contract_row[i] == NULL || g_hash_table_add (contracts, self->contract_row[i]);
  for (guint p = 0; ok && p < self->n_players; p++)
    ok = count_ids (contracts, self->reserved_contracts[p], FALSE)
         && count_ids (contracts, self->fulfilled_contracts[p], FALSE)
         && count_ids (trials, self->passed_trials[p], TRUE)
         && (self->reserved_trial[p] == NULL || g_hash_table_add (trials, self->reserved_trial[p]));
  if (!ok)
    return bad_save (error, _("a card is in two places at once."));
  if (g_hash_table_size (contracts) != pen_quests_get_n_contracts (self->quests))
    return bad_save (error, _("a Contract is missing from the game."));
  return check_wizard_cards (self, error);
}

/* Every Wizard card is in exactly one place: a deck, a market, a play area
 * (or, for a moment, waiting for its Equipment cell); nobody holds two of a name. */
static gboolean
check_wizard_cards (PenGame  *self,
                    GError  **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean ok = TRUE;

  if (self->n_locations == 0)
    return TRUE;
  for (guint d = 0; ok && d < PEN_N_DECKS; d++)
    {
      ok = count_ids (seen, self->decks[d], FALSE);
      for (guint slot = 0; ok && slot < 2; slot++)
        ok = self->market[d][slot] == NULL || g_hash_table_add (seen, self->market[d][slot]);
    }
  for (guint p = 0; ok && p < self->n_players; p++)
    {
      g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
      guint equipment[5] = { 0 };

      for (guint i = 0; ok && i < self->owned[p]->len; i++)
        {
          const OwnedCard *owned = &g_array_index (self->owned[p], OwnedCard, i);

          ok = g_hash_table_add (seen, owned->card->id) && g_hash_table_add (names, owned->card->name);
          if (owned->zone == ZONE_EQUIPMENT && ++equipment[owned->card->equipment] > 1)
            return bad_save (error, _("a Wizard has two Artifacts in one Equipment cell."));
        }
    }
  if (ok && self->equip_new != NULL)
    ok = g_hash_table_add (seen, self->equip_new->id);
  for (guint c = 0; ok && c < PEN_AUTOMA_N_CELLS; c++)
    ok = count_ids (seen, self->automa_cells[c], FALSE);
  if (ok)
    ok = count_ids (seen, self->automa_cards, FALSE);
  if (!ok)
    return bad_save (error, _("a card is in two places at once, or a Wizard holds two cards of one name."));
  if (g_hash_table_size (seen) != pen_cards_get_n_cards (self->cards))
    return bad_save (error, _("a Wizard card is missing from the game."));
  return TRUE;
}

/**
 * pen_game_check_invariants:
 *
 * Checks what must hold in every state: counts within their limits, Marks in
 * the cells they belong to and within the supply, one die per ordinary cell,
 * a turn that makes sense. Used by self-play after every action and by loading.
 */
gboolean
pen_game_check_invariants (PenGame  *self,
                           GError  **error)
{
  guint spark_total = 0;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  for (guint p = 0; p < self->n_players; p++)
    {
      PenWizardBoard *board = self->players[p];
      gboolean gap = FALSE;

      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        if (pen_wizard_board_get_ingredient (board, i) > PEN_INGREDIENT_CAP)
          return bad_save (error, _("a Wizard holds more than 12 of an Ingredient."));
      for (guint i = 0; i < pen_wizard_board_get_n_dice (board); i++)
        {
          const PenDie *die = pen_wizard_board_get_die (board, i);

          if (die->value < 1 || die->value > 6 || die->kind == PEN_DIE_KIND_THREAT)
            return bad_save (error, _("a Wizard's supply holds an impossible die."));
        }
      /* Marks fill their cells from the left, without gaps. */
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        {
          const PenMark *mark = pen_wizard_board_get_mark (board, c);

          if (c == 0 || c == PEN_N_DISCIPLINE_CELLS)
            gap = FALSE;
          if (mark->occupied && gap)
            return bad_save (error, _("a Mark stands after an empty cell."));
          gap |= !mark->occupied;
        }
      spark_total += pen_wizard_board_count_spark_marks (board);
    }
  for (guint d = 0; d < PEN_N_DISCIPLINES && self->n_locations > 0; d++)
    if (marks_left (self, FALSE, d) > self->def->mark_supply_discipline)
      return bad_save (error, _("more %s Marks are in play than the game has."), pen_discipline_get_name (d));
  if (spark_total > self->def->mark_supply_spark)
    return bad_save (error, _("more Spark Marks are in play than the game has."));

  if (self->pending != PEN_PENDING_TALENT)
    {
      if (self->n_locations != PEN_N_CLASSES + self->def->n_locations)
        return bad_save (error, _("the table is not laid out."));
      for (guint p = 0; p < self->n_players; p++)
        if (self->talent[p] == NULL)
          return bad_save (error, _("a Wizard has no Talent."));
    }
  if (self->pending == PEN_PENDING_THREAT && self->threat.rolled
      && self->threat.n_values > self->threat.n_dice)
    return bad_save (error, _("more Threat dice were rolled than prepared."));
  if (self->over && self->final_turns_left != 0)
    return bad_save (error, _("the game is over before its last turns."));
  return check_cards_in_one_place (self, error);
}

/* ---- Getters ------------------------------------------------------------------- */

guint
pen_game_get_n_players (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->n_players;
}

PenWizardBoard *
pen_game_get_player (PenGame *self,
                     guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->players[player];
}

const char *
pen_game_get_talent (PenGame *self,
                     guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->talent[player];
}

guint
pen_game_get_current_player (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->current;
}

PenTurnType
pen_game_get_turn_type (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), PEN_TURN_UNDECLARED);
  return self->turn_type;
}

guint
pen_game_get_placements_left (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->placements_left;
}

PenPending
pen_game_get_pending (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), PEN_PENDING_NONE);
  return self->pending;
}

gboolean
pen_game_is_over (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), TRUE);
  return self->over;
}

guint
pen_game_get_n_locations (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->n_locations;
}

PenLocation *
pen_game_get_location (PenGame *self,
                       guint    index)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->n_locations, NULL);
  return self->locations[index];
}

int
pen_game_find_location (PenGame    *self,
                        const char *id)
{
  g_return_val_if_fail (PEN_IS_GAME (self), -1);
  g_return_val_if_fail (id != NULL, -1);

  for (guint l = 0; l < self->n_locations; l++)
    if (g_str_equal (pen_location_get_id (self->locations[l]), id))
      return (int) l;
  return -1;
}

guint
pen_game_get_fate_remaining (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->fate_deck->len;
}

/**
 * pen_game_get_threat_dice:
 * @values: (out caller-allocates): room for %PEN_MAX_THREAT_DICE values
 * @rolled: (out): whether the dice are rolled
 *
 * Returns: the number of Threat dice prepared, or still to distribute once rolled
 */
guint
pen_game_get_threat_dice (PenGame  *self,
                          guint    *values,
                          gboolean *rolled)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);

  if (self->pending != PEN_PENDING_THREAT)
    {
      *rolled = FALSE;
      return 0;
    }
  *rolled = self->threat.rolled;
  if (!self->threat.rolled)
    return self->threat.n_dice;
  memcpy (values, self->threat.values, self->threat.n_values * sizeof (guint));
  return self->threat.n_values;
}

PenRng *
pen_game_get_rng (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->rng;
}

GPtrArray *
pen_game_get_log (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->log;
}

static void
tally_light_darkness (PenGame *self,
                      guint    player,
                      guint   *light,
                      guint   *darkness)
{
  *light = *darkness = 0;
  for (guint i = 0; i < self->fulfilled_contracts[player]->len; i++)
    {
      const PenContract *c = find_contract (self, g_ptr_array_index (self->fulfilled_contracts[player], i));

      *light += c->reward.light;
      *darkness += c->reward.darkness;
    }
  for (guint i = 0; i < self->passed_trials[player]->len; i++)
    {
      const char *entry = g_ptr_array_index (self->passed_trials[player], i);
      const PenTrial *t = find_trial (self, strchr (entry, ':') + 1);
      const PenReward *reward = g_str_has_prefix (entry, "light:") ? &t->light.reward : &t->darkness.reward;

      *light += reward->light;
      *darkness += reward->darkness;
    }
}

/* What Prophecies and Goals look at. */
static void
summarize (PenGame          *self,
           guint             player,
           PenWizardSummary *out)
{
  PenWizardBoard *board = self->players[player];

  memset (out, 0, sizeof *out);
  out->passed_trials = self->passed_trials[player]->len;
  for (guint i = 0; i < out->passed_trials; i++)
    if (g_str_has_prefix (g_ptr_array_index (self->passed_trials[player], i), "light:"))
      out->passed_light_trials++;
  out->passed_dark_trials = out->passed_trials - out->passed_light_trials;
  out->fulfilled_contracts = self->fulfilled_contracts[player]->len;
  out->reserved_contracts = self->reserved_contracts[player]->len;
  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    out->discipline_marks += pen_wizard_board_count_marks (board, d);
  out->spark_marks = pen_wizard_board_count_spark_marks (board);
  out->wounded_marks = pen_wizard_board_count_wounded (board);
  out->mortal_wounds = pen_wizard_board_get_mortal_wounds (board);
  tally_light_darkness (self, player, &out->light, &out->darkness);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    out->ingredients[i] = pen_wizard_board_get_ingredient (board, i);
  count_experience (self, player, out->experience);
}

/**
 * pen_game_compute_score:
 * @breakdown: (out caller-allocates): the score in the rulebook's parts
 *
 * Rulebook, "Scoring", for one Wizard as things stand now.
 */
void
pen_game_compute_score (PenGame           *self,
                        guint              player,
                        PenScoreBreakdown *breakdown)
{
  PenScoreInput input = { 0 };
  PenWizardSummary summary;
  PenWizardBoard *board;

  g_return_if_fail (PEN_IS_GAME (self));
  g_return_if_fail (player < self->n_players);
  g_return_if_fail (breakdown != NULL);

  board = self->players[player];
  summarize (self, player, &summary);
  for (guint i = 0; i < self->fulfilled_contracts[player]->len; i++)
    input.contract_points += find_contract (self, g_ptr_array_index (self->fulfilled_contracts[player], i))->points;
  for (guint i = 0; i < self->passed_trials[player]->len; i++)
    input.trial_points += find_trial (self, strchr (g_ptr_array_index (self->passed_trials[player], i), ':') + 1)->points;
  for (guint i = 0; i < self->in_play->len; i++)
    {
      const PenFateCard *card = pen_fate_catalogue_lookup (self->fate, g_ptr_array_index (self->in_play, i));

      if (pen_fate_card_get_kind (card) == PEN_FATE_KIND_GOAL)
        input.goal_points += pen_fate_card_goal_points (card, &summary);
    }
  input.light = summary.light;
  input.darkness = summary.darkness;
  input.reserved_contracts = self->reserved_contracts[player]->len;
  count_experience (self, player, input.experience);
  input.arcana = pen_wizard_board_get_ingredient (board, PEN_INGREDIENT_ARCANA);
  input.mortal_wounds = pen_wizard_board_get_mortal_wounds (board);
  /* The Automa's board scores by its variant's table (spec §6). */
  if ((int) player == self->automa_player)
    input.board_points = self->automa->per_discipline_card * self->automa_cards->len
                         + self->automa->per_contract * self->fulfilled_contracts[player]->len
                         + self->automa->per_trial * self->passed_trials[player]->len;
  else
    input.board_points = pen_wizard_board_get_mark_points (board);
  pen_scoring_compute (self->scoring, &input, breakdown);
}

/* ---- Undo and redo --------------------------------------------------------- */

/**
 * pen_game_set_undo_enabled:
 *
 * Undo keeps a snapshot before each action, which self-play does not need;
 * the window turns it on.
 */
void
pen_game_set_undo_enabled (PenGame  *self,
                           gboolean  enabled)
{
  g_return_if_fail (PEN_IS_GAME (self));

  self->undo_enabled = enabled;
  if (!enabled)
    {
      g_ptr_array_set_size (self->undo, 0);
      g_array_set_size (self->redo, 0);
    }
}

gboolean
pen_game_can_undo (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  return self->undo->len > 0;
}

gboolean
pen_game_can_redo (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);
  return self->redo->len > 0;
}

/* Moves @other's state into @self, keeping @self's identity (its signal
 * handlers) and its undo settings; @other gets @self's old state. */
static void
swap_state (PenGame *self,
            PenGame *other)
{
  PenGame tmp;
  gsize start = G_STRUCT_OFFSET (PenGame, def);
  gsize end = G_STRUCT_OFFSET (PenGame, undo_enabled);

  memcpy ((guint8 *) &tmp + start, (guint8 *) self + start, end - start);
  memcpy ((guint8 *) self + start, (guint8 *) other + start, end - start);
  memcpy ((guint8 *) other + start, (guint8 *) &tmp + start, end - start);
}

/**
 * pen_game_undo:
 *
 * Takes back the last action of the turn, back to the last random reveal.
 */
gboolean
pen_game_undo (PenGame  *self,
               GError  **error)
{
  g_autoptr(PenGame) previous = NULL;
  JsonNode *snapshot;
  PenAction action;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  if (self->undo->len == 0)
    return refuse (error, _("Nothing to undo: a roll or a new card, or the start of the turn, came before."));

  snapshot = g_ptr_array_index (self->undo, self->undo->len - 1);
  previous = pen_game_new_from_json (snapshot, error);
  if (previous == NULL)
    return FALSE;

  action = g_array_index (self->history, PenAction, self->history->len - 1);
  swap_state (self, previous);
  g_ptr_array_set_size (self->undo, self->undo->len - 1);
  g_array_append_val (self->redo, action);
  emit_changed (self);
  return TRUE;
}

gboolean
pen_game_redo (PenGame  *self,
               GError  **error)
{
  PenAction action;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  if (self->redo->len == 0)
    return refuse (error, _("Nothing to redo."));
  action = g_array_index (self->redo, PenAction, self->redo->len - 1);
  if (!pen_game_check_action (self, &action, error))
    return FALSE;
  g_array_set_size (self->redo, self->redo->len - 1);
  apply_and_record (self, &action);
  emit_changed (self);
  return TRUE;
}

guint
pen_game_get_n_cards (PenGame *self,
                      guint    player)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);
  return self->owned[player]->len;
}

const char *
pen_game_get_card_name (PenGame *self,
                        guint    player,
                        guint    index)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (player < self->n_players, NULL);
  g_return_val_if_fail (index < self->owned[player]->len, NULL);
  return g_array_index (self->owned[player], OwnedCard, index).card->name;
}

/**
 * pen_game_get_trial_row:
 *
 * Returns: (transfer none): the ids of the Trials in the row
 */
GPtrArray *
pen_game_get_trial_row (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->trial_row;
}

/* The Contract in @slot of the Guild (0–3, left to right), or NULL. */
const char *
pen_game_get_contract (PenGame *self,
                       guint    slot)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (slot < N_CONTRACT_SLOTS, NULL);
  return self->contract_row[slot];
}

/**
 * pen_game_get_experience:
 * @counts: (out caller-allocates): PEN_N_EXPERIENCES counts
 */
void
pen_game_get_experience (PenGame *self,
                         guint    player,
                         guint   *counts)
{
  g_return_if_fail (PEN_IS_GAME (self));
  g_return_if_fail (player < self->n_players);
  count_experience (self, player, counts);
}

/* How many turns have been played, by everyone: changes with each turn. */
guint
pen_game_get_turn_number (PenGame *self)
{
  guint n = 0;

  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  for (guint p = 0; p < self->n_players; p++)
    n += self->turns_taken[p];
  return n;
}

/**
 * pen_game_replay:
 * @saved: a game
 *
 * Sets up @saved's game again from its seed and applies its actions: the same
 * seed and actions give the same game (used to check saves, and to continue
 * from an earlier point of a game).
 *
 * Returns: (transfer full): the replayed game after @n_actions actions (-1: all)
 */
PenGame *
pen_game_replay (PenGame  *saved,
                 int       n_actions,
                 GError  **error)
{
  g_autoptr(PenGame) game = NULL;
  guint n;

  g_return_val_if_fail (PEN_IS_GAME (saved), NULL);

  game = saved->automa != NULL
           ? pen_game_new_solo (saved->seed, saved->automa->id, saved->worldview_asked, saved->first_game, error)
           : pen_game_new (saved->seed, saved->n_players, saved->first_game, error);
  if (game == NULL)
    return NULL;
  n = n_actions < 0 ? saved->history->len : MIN ((guint) n_actions, saved->history->len);
  for (guint i = 0; i < n; i++)
    if (!pen_game_apply (game, &g_array_index (saved->history, PenAction, i), error))
      {
        g_prefix_error (error, _("Action %u of the game cannot be replayed: "), i + 1);
        return NULL;
      }
  return g_steal_pointer (&game);
}

guint
pen_game_get_n_history (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->history->len;
}

/* A solo game's Automa's Level: the Marks on its board (spec §4). */
guint
pen_game_get_automa_level (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->automa != NULL ? automa_level (self) : 0;
}

/**
 * pen_game_get_light_darkness:
 *
 * The steps toward Light and toward Darkness @player has gained, from the
 * rewards of the Contracts fulfilled and the paths of the Trials passed.
 */
void
pen_game_get_light_darkness (PenGame *self,
                             guint    player,
                             guint   *light,
                             guint   *darkness)
{
  g_return_if_fail (PEN_IS_GAME (self));
  g_return_if_fail (player < self->n_players);
  tally_light_darkness (self, player, light, darkness);
}

/* The id of a solo game's Automa ("jasper"), or NULL. */
const char *
pen_game_get_automa_id (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->automa != NULL ? self->automa->id : NULL;
}

/* The Contract or Trial being attempted, or NULL. */
const char *
pen_game_get_quest (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  return self->quest.id;
}
