/* pen-game-automa.c: the Automa, the solo opponent: its turn, run from its
 * variant's instructions (rulebook, solo mode; docs/design-automa.md); and
 * its state (AutomaState) in a save.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-automa"

#include "config.h"

#include "pen-game-private.h"

/* ---- The Automa (solo mode; docs/design-automa.md, spec solo-automa.md) ------ */

/* One Automa turn in progress (within a single action). */
typedef struct
{
  char     *card;          /* the current Automa card (an Artifact id), owned */
  int       cell;          /* the Equipment cell holding it, or -1 */
  guint     instructions;  /* instructions performed this turn */
  guint     ran;           /* sections run this turn, by bit */
  guint     roll;          /* the die rolled in this instruction (0: none yet): 1–3 left, 4–6 right */
  gboolean  over;          /* the card was discarded: the turn ends */
} AutomaTurn;

static void automa_run_section (PenGame *self, AutomaTurn *turn, PenAutomaCell section);

/* Where a line of the narration happens (pen_game_get_log_target()). */
static const PenLogTarget *
at_automa_cell (PenLogTarget *target,
                int           cell)
{
  *target = (PenLogTarget) { .kind = PEN_LOG_TARGET_AUTOMA_CELL, .index = cell };
  return target;
}

static const PenLogTarget *
at_market (PenLogTarget *target,
           int           deck,
           int           place)
{
  *target = (PenLogTarget) { .kind = PEN_LOG_TARGET_MARKET, .owner = deck, .index = place };
  return target;
}

static const PenLogTarget *
at_mark (PenGame      *self,
         PenLogTarget *target,
         int           cell)
{
  *target = (PenLogTarget) { .kind = PEN_LOG_TARGET_MARK, .owner = self->automa.player, .index = cell };
  return target;
}

static const PenLogTarget automa_mat = { .kind = PEN_LOG_TARGET_AUTOMA };

static const char *
automa_section_name (PenAutomaCell cell)
{
  static const char *names[] = {
    N_("Contract / Trial"), N_("School"), N_("City"), N_("Wilds"),
  };

  return names[cell];
}

static const char *
automa_cell_name (PenAutomaCell cell)
{
  static const char *names[] = {
    N_("Conductor"), N_("Pendant"), N_("Mantle"), N_("Ring"),
  };

  return names[cell];
}

static PenWizardBoard *
automa_board (PenGame *self)
{
  return self->players[self->automa.player];
}

/* Level = the Marks on the Automa's board (spec §4). */
guint
automa_level (PenGame *self)
{
  guint n = pen_wizard_board_count_spark_marks (automa_board (self));

  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    n += pen_wizard_board_count_marks (automa_board (self), d);
  return n;
}

/* The Automa's board points, by its variant's table (spec §6): per Discipline
 * card, Contract, Trial, Ritual, Exam or Dungeon, and each Dungeon's printed
 * victory points (docs/rules-assumptions.md). No card brings an Elder
 * Discipline card, so its points (per_elder_card) have nothing to count. */
guint
automa_board_points (PenGame *self)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  const PenAutomaVariant *v = self->automa.variant;
  guint points = v->per_discipline_card * self->automa.cards->len
                 + v->per_contract * self->quests.fulfilled_contracts[self->automa.player]->len
                 + v->per_trial * self->quests.passed_trials[self->automa.player]->len
                 + v->per_ritual * self->automa.content_taken[PEN_AUTOMA_RITUAL]->len
                 + v->per_exam_or_dungeon * (self->automa.content_taken[PEN_AUTOMA_EXAM]->len
                                             + self->automa.content_taken[PEN_AUTOMA_DUNGEON]->len);

  for (guint i = 0; i < self->automa.content_taken[PEN_AUTOMA_DUNGEON]->len; i++)
    points += pen_automas_find_content (automas, PEN_AUTOMA_DUNGEON,
                                        g_ptr_array_index (self->automa.content_taken[PEN_AUTOMA_DUNGEON], i))->points;
  return points;
}

/* Reveals the top of the Artifact deck; an empty deck is first made again
 * from the Automa's Equipment (spec §3). */
void
automa_restock (PenGame *self)
{
  GPtrArray *deck = self->cards.decks[PEN_DECK_ARTIFACTS];

  if (deck->len == 0 && self->automa.player >= 0)
    {
      g_autofree const char **ids = NULL;
      guint n = 0;

      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        n += self->automa.cells[c]->len;
      ids = g_new0 (const char *, n + 1);
      if (n > 0)
        log_before_change (self);
      n = 0;
      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        while (self->automa.cells[c]->len > 0)
          ids[n++] = g_intern_string (g_ptr_array_index (self->automa.cells[c], self->automa.cells[c]->len - 1)),
          g_ptr_array_remove_index (self->automa.cells[c], self->automa.cells[c]->len - 1);
      setup_shuffle_strings (self->rng, ids, n);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (deck, g_strdup (ids[i]));
      if (n > 0)
        log_line (self, N_("The Artifact deck is empty: the Automa's Equipment is shuffled into a new one."));
    }
}

/* Sets out Sapphire's and Amber's content (spec §9): each deck, shuffled (a
 * new game) or in the data's order (an older save that has none), and its
 * face-up cards dealt from it. */
void
automa_deal_content (PenGame  *self,
                     gboolean  shuffle)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);

  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      guint n = pen_automas_get_n_content (automas, k);
      g_autofree const char **ids = g_new0 (const char *, n + 1);

      for (guint i = 0; i < n; i++)
        ids[i] = pen_automas_get_content (automas, k, i)->id;
      if (shuffle)
        setup_shuffle_strings (self->rng, ids, n);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (i < pen_automas_get_n_open (automas, k) ? self->automa.content_open[k] : self->automa.content_deck[k],
                         g_strdup (ids[i]));
    }
}

static char *
automa_reveal (PenGame *self)
{
  GPtrArray *deck = self->cards.decks[PEN_DECK_ARTIFACTS];

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
    if (self->automa.cells[c]->len == 0)
      return (int) c;
  return -1;
}

/* The Class the Automa goes to: its card's colour if that Class is in play,
 * else its starting Discipline's. */
static int
automa_class (PenGame    *self,
              AutomaTurn *turn)
{
  PenDiscipline colour = cards_find (self, turn->card)->colour;
  PenDiscipline start = board_mark (automa_board (self), 0)->discipline;

  for (guint i = 0; i < PEN_N_CLASSES; i++)
    if (location_discipline (self->locations[i]) == colour)
      return (int) i;
  for (guint i = 0; i < PEN_N_CLASSES; i++)
    if (location_discipline (self->locations[i]) == start)
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
  const PenSectionDef *def = game_section_def (self, location, section);

  for (int pass = 0; pass < 2; pass++)
    for (guint c = 0; c < def->n_cells; c++)
      {
        const PenCellDef *cell = &def->cells[c];

        if ((pass == 0) != (cell->condition == PEN_CELL_SPARK && def->n_cells > 1))
          continue;
        if (cell->min_players <= self->n_players
            && (cell->unlimited || location_n_dice (self->locations[location], section, c) == 0))
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

  for (guint i = 0; i < self->fate.trial_row->len; i++)
    {
      const char *id = g_ptr_array_index (self->fate.trial_row, i);
      guint difficulty = pen_fate_card_get_difficulty (pen_fate_catalogue_lookup (self->fate_catalogue, id));
      guint points = quests_find_trial (self, id)->points;

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

      if (self->quests.contract_row[slot] == NULL)
        continue;
      contract = quests_find_contract (self, self->quests.contract_row[slot]);
      if (contract->gloomy == self->automa.light)
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

/* Whether the instruction's condition holds; if not, @why (a message and
 * its arguments for the log, up to LOG_END) says which part fails, in the
 * player's words. */
static gboolean
automa_when (const PenAutomaInstruction *instruction,
             PenAutomaCell               section,
             guint                       cards,
             guint                       performed,
             LogArg                      *why)
{
  if (instruction->first == 1 && performed > 0)
    {
      why[0] = LOG_MSG (N_("it must be the turn's first Instruction"));
      return FALSE;
    }
  if (instruction->first == 0 && performed == 0)
    {
      why[0] = LOG_MSG (N_("it must come after another Instruction of the turn"));
      return FALSE;
    }
  if (instruction->any_count
      || (instruction->count_set != 0 ? cards < 32 && (instruction->count_set & (1u << cards))
                                      : cards >= instruction->count_min && cards <= instruction->count_max))
    return TRUE;
  /* Translators: the first %s is an Equipment cell (“Pendant”) */
  why[0] = LOG_PLURAL ("the %s cell holds %u card", "the %s cell holds %u cards", cards);
  why[1] = LOG_MSG (automa_cell_name (section));
  why[2] = LOG_NUMBER (cards);
  return FALSE;
}

/* "Can be performed" (spec §5): its condition holds, its placement finds a
 * free cell, and a Trial / Contract to take exists. */
static gboolean
automa_can_perform (PenGame                    *self,
                    AutomaTurn                 *turn,
                    const PenAutomaInstruction *instruction,
                    PenAutomaCell               section,
                    guint                       cards,
                    LogArg                     *why)
{
  if (instruction->n_steps == 0)
    return FALSE;
  if (!automa_when (instruction, section, cards, turn->instructions, why))
    return FALSE;
  for (guint i = 0; i < instruction->n_steps; i++)
    {
      const PenAutomaStep *step = &instruction->steps[i];
      AutomaPlace place;

      if (automa_place_target (self, turn, step->kind, &place)
          && automa_free_cell (self, place.location, place.section) < 0)
        {
          why[0] = LOG_MSG (N_("no free cell for its die"));
          return FALSE;
        }
      /* The Level bounds the choice: the log says by how much. */
      if (step->kind == PEN_AUTOMA_STEP_TRIAL && automa_best_trial (self, step->or_equal) < 0)
        {
          why[0] = LOG_MSG (step->or_equal ? N_("no Trial has a difficulty of at most its Level, %u")
                                           : N_("no Trial has a difficulty below its Level, %u"));
          why[1] = LOG_NUMBER (automa_level (self));
          return FALSE;
        }
      if (step->kind == PEN_AUTOMA_STEP_GUILD && automa_best_contract (self, step->or_equal) < 0)
        {
          why[0] = LOG_MSG (step->or_equal ? N_("no Contract of its worldview is worth at most its Level, %u")
                                           : N_("no Contract of its worldview is worth less than its Level, %u"));
          why[1] = LOG_NUMBER (automa_level (self));
          return FALSE;
        }
    }
  return TRUE;
}

/* Puts the current card into @cell (taking it from where it was). */
static void
automa_move_card (PenGame    *self,
                  AutomaTurn *turn,
                  guint       cell)
{
  if (turn->cell >= 0)
    {
      GPtrArray *from = self->automa.cells[turn->cell];

      g_free (g_ptr_array_steal_index (from, from->len - 1));
    }
  g_ptr_array_add (self->automa.cells[cell], g_strdup (turn->card));
  turn->cell = cell;
}

/* The card goes to the bottom of the Artifact deck; @why (the log line's
 * arguments, up to LOG_END) says what caused it. */
static void
automa_discard_current (PenGame    *self,
                        AutomaTurn *turn,
                        const LogArg *why)
{
  log_before_change (self);
  if (turn->cell >= 0)
    {
      GPtrArray *from = self->automa.cells[turn->cell];

      g_free (g_ptr_array_steal_index (from, from->len - 1));
      turn->cell = -1;
    }
  g_ptr_array_add (self->cards.decks[PEN_DECK_ARTIFACTS], g_strdup (turn->card));
  log_entry (self, &automa_mat, why);
  turn->over = TRUE;
}

/* Replacement: the card goes to @target and that section runs — unless the
 * section already ran this turn (the cycle guard, spec §5). The additional
 * Instruction of an Artifact from the Shop (@guarded FALSE) always runs: the
 * seed says so without condition, and the guard is for Replacements only. */
static void
automa_replace (PenGame       *self,
                AutomaTurn    *turn,
                PenAutomaCell  target,
                gboolean       guarded)
{
  int cell = target == PEN_AUTOMA_LEFTMOST ? automa_leftmost_empty (self) : (int) target;
  PenLogTarget at;

  if (cell < 0)
    {
      automa_discard_current (self, turn, (const LogArg[]) {
          LOG_MSG (N_("No empty cell: the Automa discards its card; its turn ends.")), LOG_END });
      return;
    }
  if (guarded && (turn->ran & (1u << cell)))
    {
      automa_discard_current (self, turn, (const LogArg[]) {
          /* Translators: %s is a section of instructions (“School”) */
          LOG_MSG (N_("The %s already ran this turn (the cycle guard): the Automa discards its card; its turn ends.")),
          LOG_MSG (automa_section_name (cell)), LOG_END });
      return;
    }
  if (guarded)
    /* Translators: an Equipment cell (“Pendant”), then its section (“School”) */
    log_line_about (self, at_automa_cell (&at, cell), N_("Replacement: the card goes to the %s cell, for the %s."),
                    LOG_MSG (automa_cell_name (cell)), LOG_MSG (automa_section_name (cell)));
  else
    /* Translators: a card's name, an Equipment cell (“Pendant”), then its section (“School”) */
    log_line_about (self, at_automa_cell (&at, cell), N_("An additional Instruction with %s: it goes to the %s cell, for the %s."),
                    LOG_CARD (turn->card), LOG_MSG (automa_cell_name (cell)),
                    LOG_MSG (automa_section_name (cell)));
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
  const PenCard *card = cards_find (self, turn->card);
  const PenCellDef *cell_def;
  PenDie die;
  int cell;
  PenLogTarget at;

  if (!automa_place_target (self, turn, kind, &place))
    return;
  cell = automa_free_cell (self, place.location, place.section);
  g_assert (cell >= 0);
  cell_def = &game_section_def (self, place.location, place.section)->cells[cell];
  if (cell_def->condition == PEN_CELL_SPARK)
    die = dice_make (PEN_DIE_KIND_SPARK, 0);
  else if (kind == PEN_AUTOMA_STEP_PLACE_CLASS_MARK || kind == PEN_AUTOMA_STEP_PLACE_CLASS_CARD)
    die = dice_make (PEN_DIE_KIND_COLOURED, location_discipline (self->locations[place.location]));
  else
    die = dice_make (PEN_DIE_KIND_COLOURED, card->colour);
  pen_die_roll (&die, self->rng);
  turn->roll = die.value;
  at = (PenLogTarget) { .kind = PEN_LOG_TARGET_CELL, .location = place.location, .section = place.section,
                        .index = cell };
  /* A Class six-cell: the roll still chooses the card, then the die is
   * set to 6 (spec §5), and the log says so, as the board shows it. */
  log_line_about (self, &at,
                  cell_def->condition == PEN_CELL_CLASS_SIX
                    ? N_("The Automa rolls %s, places it in the %s and sets it to 6.")
                    : N_("The Automa rolls %s and places it in the %s."),
                  LOG_DIE (&die), LOG_LOCATION (place.location));
  if (cell_def->condition == PEN_CELL_CLASS_SIX)
    die.value = 6;
  pen_location_add_die (self->locations[place.location], place.section, cell, &die);
}

/* "Takes an Exam" (the top of its deck), "explores the Dungeon with the most
 * victory points (ties: the rightmost)", "gains a Ritual card (1–3 the left,
 * 4–6 the right)" (spec §9); a face-up card taken is replaced from its deck.
 * An instruction that placed no die rolls one of the card's colour for the
 * Ritual's side (docs/rules-assumptions.md). */
static void
automa_take_content (PenGame          *self,
                     AutomaTurn       *turn,
                     PenAutomaContent  kind)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  GPtrArray *open = self->automa.content_open[kind];
  GPtrArray *deck = self->automa.content_deck[kind];
  const PenAutomaContentCard *card;
  int index = -1;
  char *id;

  switch (kind)
    {
    case PEN_AUTOMA_EXAM:
      if (deck->len == 0)
        {
          log_line_about (self, &automa_mat, N_("No Exam is left: the Automa takes none."));
          return;
        }
      id = g_ptr_array_steal_index (deck, 0);
      log_line_about (self, &automa_mat, N_("The Automa takes the %s."),
                      LOG_NAME (pen_automas_find_content (automas, kind, id)->name));
      g_ptr_array_add (self->automa.content_taken[kind], id);
      return;
    case PEN_AUTOMA_DUNGEON:
      for (guint i = 0; i < open->len; i++)
        if (index < 0 || pen_automas_find_content (automas, kind, g_ptr_array_index (open, i))->points
                           >= pen_automas_find_content (automas, kind, g_ptr_array_index (open, index))->points)
          index = i;
      if (index < 0)
        {
          log_line_about (self, &automa_mat, N_("No Dungeon is left to explore."));
          return;
        }
      card = pen_automas_find_content (automas, kind, g_ptr_array_index (open, index));
      log_count_about (self, &automa_mat, "The Automa explores the Dungeon %s (%u victory point).",
                       "The Automa explores the Dungeon %s (%u victory points).", card->points, LOG_NAME (card->name),
                       LOG_NUMBER (card->points));
      break;
    case PEN_AUTOMA_RITUAL:
    case PEN_AUTOMA_N_CONTENT:
    default:
      if (open->len == 0)
        {
          log_line_about (self, &automa_mat, N_("No Ritual card is left."));
          return;
        }
      if (turn->roll == 0)
        {
          PenDie die = dice_make (PEN_DIE_KIND_COLOURED, cards_find (self, turn->card)->colour);

          pen_die_roll (&die, self->rng);
          turn->roll = die.value;
          log_line_about (self, &automa_mat, N_("The Automa rolls %s to choose a Ritual card."), LOG_DIE (&die));
        }
      index = turn->roll <= 3 ? 0 : (int) open->len - 1;
      card = pen_automas_find_content (automas, kind, g_ptr_array_index (open, index));
      log_line_about (self, &automa_mat, N_("The Automa gains the Ritual card %s (%s)."), LOG_NAME (card->name),
                      LOG_MSG (index == 0 ? N_("left") : N_("right")));
      break;
    }
  id = g_ptr_array_steal_index (open, index);
  if (deck->len > 0)
    g_ptr_array_insert (open, index, g_ptr_array_steal_index (deck, 0));
  g_ptr_array_add (self->automa.content_taken[kind], id);
}

/* The step Trial: the Automa passes the best Trial of the row. */
static void
automa_pass_trial (PenGame  *self,
                   gboolean  or_equal)
{
  PenWizardBoard *board = automa_board (self);
  int index = automa_best_trial (self, or_equal);
  char *id;
  guint difficulty;
  PenLogTarget at;

  log_line_about (self, &automa_mat,
                  or_equal ? N_("The Automa's Level is %u: of the Trials of difficulty %u or less it passes the one worth the most.")
                           : N_("The Automa's Level is %u: of the Trials of difficulty below %u it passes the one worth the most."),
                  LOG_NUMBER (automa_level (self)), LOG_NUMBER (automa_level (self)));
  log_before_change (self);
  id = g_ptr_array_steal_index (self->fate.trial_row, index);
  difficulty = pen_fate_card_get_difficulty (pen_fate_catalogue_lookup (self->fate_catalogue, id));

  log_line_about (self, &automa_mat, N_("The Automa passes the Trial %s by the path of %s."), LOG_FATE (id),
                  LOG_MSG (self->automa.light ? N_("Light") : N_("Darkness")));
  g_ptr_array_add (self->quests.passed_trials[self->automa.player],
                   g_strconcat (self->automa.light ? "light:" : "darkness:", id, NULL));
  g_free (id);
  /* A Spark Mark by the base mode's rule; the Automa has no dice, so no
   * Rest effect (docs/rules-assumptions.md). */
  if (difficulty > pen_wizard_board_count_spark_marks (board)
      && pen_wizard_board_next_free_cell (board, TRUE) >= 0 && marks_left (self, TRUE, 0) > 0)
    {
      PenMark spark = { .occupied = TRUE, .state = PEN_MARK_CHARGED };
      int cell = pen_wizard_board_next_free_cell (board, TRUE);

      log_before_change (self);
      pen_wizard_board_set_mark (board, cell, &spark);
      log_line_about (self, at_mark (self, &at, cell), N_("The Automa gains %s."),
                      LOG_MARK (PEN_N_DISCIPLINES, LOG_OBJECT));
    }
  /* Its Equipment stays as it is: the seed never empties it, and its
   * "if there are no empty cells, the Automa skips the Fill" needs the
   * cells to keep their cards (spec §5). */
  self->turn.type = PEN_TURN_TRIAL;
}

/* The place of a two-card market the Automa takes from: the left one for a
 * roll of 1-3, the right one for 4-6 (seed: "если на кубике 1-3, то левую,
 * если 4-6 — правую"); when that place is empty, the other card, since the
 * instruction is to gain a card and the die only chooses which
 * (docs/rules-assumptions.md). -1 when both places are empty. */
static int
automa_market_slot (PenGame    *self,
                    int         market,
                    AutomaTurn *turn)
{
  int slot = turn->roll <= 3 ? 0 : 1;

  if (self->cards.market[market][slot] == NULL)
    slot = 1 - slot;
  return self->cards.market[market][slot] != NULL ? slot : -1;
}

/* The side taken, as the log says it: "left", or why not the die's side. */
static const char *
automa_side_name (int         slot,
                  AutomaTurn *turn)
{
  if (slot == (turn->roll <= 3 ? 0 : 1))
    return slot == 0 ? N_("left") : N_("right");
  return slot == 0 ? N_("left: the right place is empty") : N_("right: the left place is empty");
}

/* The card of the Class the Automa placed in, the roll choosing left or right. */
static void
automa_gain_class_card (PenGame    *self,
                        AutomaTurn *turn)
{
  int deck = location_discipline (self->locations[automa_class (self, turn)]);
  int slot = automa_market_slot (self, deck, turn);
  PenLogTarget at;

  if (slot >= 0)
    {
      log_line_about (self, at_market (&at, deck, slot), N_("The Automa takes the card %s (%s)."),
                      LOG_CARD (self->cards.market[deck][slot]), LOG_MSG (automa_side_name (slot, turn)));
      g_ptr_array_add (self->automa.cards, g_steal_pointer (&self->cards.market[deck][slot]));
      cards_refill_market (self, deck);
    }
}

/* An Artifact of the Shop, which becomes the current card. */
static void
automa_take_artifact (PenGame    *self,
                      AutomaTurn *turn)
{
  int slot = automa_market_slot (self, PEN_MARKET_SHOP, turn);
  PenLogTarget at;

  if (slot >= 0)
    {
      /* The old card stays where it is; the Artifact becomes the current card. */
      log_before_change (self);
      turn->cell = -1;
      g_free (turn->card);
      turn->card = g_steal_pointer (&self->cards.market[PEN_MARKET_SHOP][slot]);
      cards_refill_market (self, PEN_MARKET_SHOP);
      log_line_about (self, at_market (&at, PEN_MARKET_SHOP, slot), N_("The Automa takes the Artifact %s from the Shop (%s)."),
                      LOG_CARD (turn->card), LOG_MSG (automa_side_name (slot, turn)));
    }
}

static void
automa_step (PenGame             *self,
             AutomaTurn          *turn,
             const PenAutomaStep *step)
{
  PenWizardBoard *board = automa_board (self);
  PenLogTarget at;

  switch (step->kind)
    {
    case PEN_AUTOMA_STEP_TRIAL:
      automa_pass_trial (self, step->or_equal);
      break;
    case PEN_AUTOMA_STEP_FILL:
      for (guint i = 0; i < step->amount; i++)
        {
          int cell;
          char *id;

          /* "If there are no empty cells, the Automa skips the Fill"; the
           * card goes to "the leftmost empty Equipment cell" as the board
           * stands after the reveal, which may have shuffled the Equipment
           * into a new Artifact deck. */
          if (automa_leftmost_empty (self) < 0)
            break;
          id = automa_reveal (self);
          if (id == NULL)
            break;
          cell = automa_leftmost_empty (self);
          log_line_about (self, at_automa_cell (&at, cell), N_("Fill: %s goes to the %s cell."),
                          LOG_CARD (id), LOG_MSG (automa_cell_name (cell)));
          g_ptr_array_add (self->automa.cells[cell], id);
        }
      break;
    case PEN_AUTOMA_STEP_GUILD:
      {
        int slot;

        automa_place (self, turn, step->kind);
        slot = automa_best_contract (self, step->or_equal);
        log_line_about (self, &automa_mat,
                        step->or_equal ? N_("The Automa's Level is %u: of the Contracts of its worldview worth %u points or fewer it fulfils the one worth the most.")
                                       : N_("The Automa's Level is %u: of the Contracts of its worldview worth fewer than %u points it fulfils the one worth the most."),
                        LOG_NUMBER (automa_level (self)), LOG_NUMBER (automa_level (self)));
        at = (PenLogTarget) { .kind = PEN_LOG_TARGET_CONTRACT, .index = slot };
        log_line_about (self, &at, N_("The Automa fulfils the Contract %s."),
                  LOG_CONTRACT (self->quests.contract_row[slot]));
        g_ptr_array_add (self->quests.fulfilled_contracts[self->automa.player], self->quests.contract_row[slot]);
        self->quests.contract_row[slot] = NULL;
        quests_refill_contract_row (self);
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
        PenDiscipline discipline = location_discipline (self->locations[automa_class (self, turn)]);

        if (pen_wizard_board_next_free_cell (board, FALSE) >= 0 && marks_left (self, FALSE, discipline) > 0)
          {
            PenMark mark = { .occupied = TRUE, .discipline = discipline, .state = PEN_MARK_CHARGED };
            int cell = pen_wizard_board_next_free_cell (board, FALSE);

            log_before_change (self);
            pen_wizard_board_set_mark (board, cell, &mark);
            log_line_about (self, at_mark (self, &at, cell), N_("The Automa gains %s."),
                            LOG_MARK (discipline, LOG_OBJECT));
          }
      }
      break;
    case PEN_AUTOMA_STEP_GAIN_CLASS_CARD:
      automa_gain_class_card (self, turn);
      break;
    case PEN_AUTOMA_STEP_GAIN_ARTIFACT:
      automa_take_artifact (self, turn);
      break;
    case PEN_AUTOMA_STEP_ADDITIONAL:
      {
        PenAutomaCell cell = automa_cell_of (cards_find (self, turn->card));

        if (turn->cell >= 0)
          break;   /* no Artifact was taken */
        automa_replace (self, turn, cell == PEN_AUTOMA_LEFTMOST ? self->automa.variant->tome : cell, FALSE);
      }
      break;
    case PEN_AUTOMA_STEP_REFRESH_BREWERY:
      log_before_change (self);
      for (guint slot = 0; slot < 2; slot++)
        if (self->cards.market[PEN_MARKET_BREWERY][slot] != NULL)
          g_ptr_array_add (self->cards.decks[PEN_MARKET_BREWERY], g_steal_pointer (&self->cards.market[PEN_MARKET_BREWERY][slot]));
      cards_refill_market (self, PEN_MARKET_BREWERY);
      log_line_about (self, at_market (&at, PEN_MARKET_BREWERY, 0), N_("The Automa refreshes the Brewery market."));
      break;
    case PEN_AUTOMA_STEP_ARCANA:
      {
        guint gained;

        log_before_change (self);
        gained = pen_wizard_board_gain_ingredient (board, PEN_INGREDIENT_ARCANA, step->amount);

        if (gained == 0)
          /* Translators: 12 is the cap of every Ingredient */
          log_line_about (self, &automa_mat, N_("The Automa's Arcana stays at 12."));
        else
          log_count_about (self, &automa_mat, "The Automa gains %u Arcana.", "The Automa gains %u Arcana.", gained,
                           LOG_NUMBER (gained));
      }
      break;
    case PEN_AUTOMA_STEP_REPLACE:
      automa_replace (self, turn, step->target, TRUE);
      break;
    case PEN_AUTOMA_STEP_CONTENT:
    default:
      automa_take_content (self, turn, step->content);
      break;
    }
}

static void
automa_run_section (PenGame       *self,
                    AutomaTurn    *turn,
                    PenAutomaCell  section)
{
  guint cards = self->automa.cells[section]->len;
  PenLogTarget at;

  turn->ran |= 1u << section;
  at_automa_cell (&at, section);
  for (guint i = 0; i < PEN_AUTOMA_N_INSTRUCTIONS; i++)
    {
      const PenAutomaInstruction *instruction = &self->automa.variant->sections[section][i];
      /* "Instruction N cannot be performed: " and why, up to LOG_END */
      LogArg why[LOG_MAX_ARGS] = { LOG_MSG (N_("Instruction %u cannot be performed: %s.")),
                                   LOG_NUMBER (instruction->number) };

      if (instruction->n_steps == 0)
        continue;
      /* Numbered as the seed prints them (Amethyst's City: 1 and 3). */
      if (!automa_can_perform (self, turn, instruction, section, cards, why + 2))
        {
          log_entry (self, &at, why);
          continue;
        }
      log_line_about (self, &at, N_("Instruction %u."), LOG_NUMBER (instruction->number));
      turn->instructions++;
      turn->roll = 0;
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
void
automa_turn_apply (PenGame         *self,
                   const PenAction *action)
{
  AutomaTurn turn = { .cell = -1 };
  PenAutomaCell cell;

  self->turn.type = PEN_TURN_STUDY;
  turn.card = automa_reveal (self);
  if (turn.card == NULL)
    {
      log_line (self, N_("The Automa has no card to reveal."));
      turn_end (self);
      return;
    }
  {
    const PenCard *card = cards_find (self, turn.card);
    PenLogTarget at;

    cell = automa_cell_of (card);
    if (cell == PEN_AUTOMA_LEFTMOST)
      /* Translators: the Automa's name, a card's name, then "a Red Tome" */
      log_line_about (self, &automa_mat, N_("%s reveals %s, %s: a Replacement."),
                      LOG_NAME (self->automa.variant->name), LOG_CARD (card->id), LOG_DISCIPLINE (card->colour, LOG_AS_TOME));
    else
      /* Translators: the Automa's name, a card's name, "a Red card", its
       * Equipment icon (“Pendant”) and the icon's section (“School”) */
      log_line_about (self, at_automa_cell (&at, cell), N_("%s reveals %s, %s with the %s icon: it works in the %s."),
                      LOG_NAME (self->automa.variant->name), LOG_CARD (card->id), LOG_DISCIPLINE (card->colour, LOG_AS_CARD),
                      LOG_MSG (automa_cell_name (cell)), LOG_MSG (automa_section_name (cell)));
  }
  if (cell == PEN_AUTOMA_LEFTMOST)
    automa_replace (self, &turn, self->automa.variant->tome, TRUE);
  else
    {
      automa_move_card (self, &turn, cell);
      automa_run_section (self, &turn, cell);
    }
  g_free (turn.card);
  turn_end (self);
}

/* ---- The Automa in a save ---------------------------------------------------------- */

void
automa_state_init (AutomaState *state)
{
  state->player = -1;
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    state->cells[c] = g_ptr_array_new_with_free_func (g_free);
  state->cards = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      state->content_deck[k] = g_ptr_array_new_with_free_func (g_free);
      state->content_open[k] = g_ptr_array_new_with_free_func (g_free);
      state->content_taken[k] = g_ptr_array_new_with_free_func (g_free);
    }
}

void
automa_state_clear (AutomaState *state)
{
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    g_clear_pointer (&state->cells[c], g_ptr_array_unref);
  g_clear_pointer (&state->cards, g_ptr_array_unref);
  for (guint k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      g_clear_pointer (&state->content_deck[k], g_ptr_array_unref);
      g_clear_pointer (&state->content_open[k], g_ptr_array_unref);
      g_clear_pointer (&state->content_taken[k], g_ptr_array_unref);
    }
}

/* After the bytes of @state were copied into @copy: what it owns. */
void
automa_state_copy (AutomaState       *copy,
                   const AutomaState *state)
{
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    copy->cells[c] = game_copy_strings (state->cells[c]);
  copy->cards = game_copy_strings (state->cards);
  for (guint k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      copy->content_deck[k] = game_copy_strings (state->content_deck[k]);
      copy->content_open[k] = game_copy_strings (state->content_open[k]);
      copy->content_taken[k] = game_copy_strings (state->content_taken[k]);
    }
}

void
automa_state_to_json (PenGame     *self,
                      JsonBuilder *b)
{
  json_builder_set_member_name (b, "automa");
  if (self->automa.variant == NULL)
    json_builder_add_null_value (b);
  else
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, self->automa.variant->id);
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, self->automa.player);
      json_builder_set_member_name (b, "worldview");
      json_builder_add_string_value (b, self->automa.light ? "light" : "darkness");
      json_builder_set_member_name (b, "cells");
      json_builder_begin_array (b);
      for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
        {
          json_builder_begin_array (b);
          for (guint i = 0; i < self->automa.cells[c]->len; i++)
            json_builder_add_string_value (b, g_ptr_array_index (self->automa.cells[c], i));
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
      json_add_strings (b, "cards", self->automa.cards);
      json_builder_set_member_name (b, "content");
      json_builder_begin_object (b);
      for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
        {
          json_builder_set_member_name (b, pen_automa_content_get_id (k));
          json_builder_begin_object (b);
          json_add_strings (b, "deck", self->automa.content_deck[k]);
          json_add_strings (b, "open", self->automa.content_open[k]);
          json_add_strings (b, "taken", self->automa.content_taken[k]);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
}

/* Sapphire's and Amber's content (spec §9). A save older than it has none:
 * the decks are then set out in the data's order. */
static gboolean
read_automa_content (PenGame     *self,
                     JsonObject  *automa,
                     GError     **error)
{
  JsonNode *member = json_object_get_member (automa, "content");

  if (member == NULL)
    {
      if (pen_automa_variant_uses_content (self->automa.variant))
        automa_deal_content (self, FALSE);
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (member))
    return json_bad_save (error, _("“%s” is missing or of the wrong kind."), "content");
  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      JsonNode *node = json_get_member (json_node_get_object (member), pen_automa_content_get_id (k), JSON_NODE_OBJECT,
                                        error);

      if (node == NULL
          || !json_read_strings (json_node_get_object (node), "deck", self->automa.content_deck[k], self, IDS_EXAM + k, error)
          || !json_read_strings (json_node_get_object (node), "open", self->automa.content_open[k], self, IDS_EXAM + k, error)
          || !json_read_strings (json_node_get_object (node), "taken", self->automa.content_taken[k], self, IDS_EXAM + k,
                                 error))
        return FALSE;
    }
  return TRUE;
}

gboolean
automa_state_from_json (PenGame     *self,
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
    return json_bad_save (error, _("“automa” must be an object or null."));
  object = json_node_get_object (member);
  automas = pen_automas_get_default (error);
  if (automas == NULL)
    return FALSE;
  self->automa.variant = pen_automas_find (automas, json_safe_string (object, "variant", ""));
  if (self->automa.variant == NULL)
    return json_bad_save (error, _("the Automa is of an unknown kind."));
  if (!json_get_int (object, "player", 0, self->n_players - 1, &value, error))
    return FALSE;
  self->automa.player = value;
  if (g_strcmp0 (json_safe_string (object, "worldview", ""), "light") != 0
      && g_strcmp0 (json_safe_string (object, "worldview", ""), "darkness") != 0)
    return json_bad_save (error, _("the Automa's worldview must be light or darkness."));
  self->automa.light = g_strcmp0 (json_safe_string (object, "worldview", ""), "light") == 0;
  cells = json_get_member (object, "cells", JSON_NODE_ARRAY, error);
  if (cells == NULL)
    return FALSE;
  if (json_array_get_length (json_node_get_array (cells)) != PEN_AUTOMA_N_CELLS)
    return json_bad_save (error, _("the Automa has four Equipment cells."));
  for (guint c = 0; c < PEN_AUTOMA_N_CELLS; c++)
    {
      JsonNode *cell = json_array_get_element (json_node_get_array (cells), c);
      JsonArray *ids = JSON_NODE_HOLDS_ARRAY (cell) ? json_node_get_array (cell) : NULL;

      for (guint i = 0; ids != NULL && i < json_array_get_length (ids); i++)
        {
          JsonNode *element = json_array_get_element (ids, i);
          const char *id = json_node_get_value_type (element) == G_TYPE_STRING ? json_node_get_string (element) : NULL;
          const PenCard *card = id != NULL ? pen_cards_find (self->card_catalogue, id) : NULL;

          if (card == NULL || card->type != PEN_CARD_ARTIFACT)
            return json_bad_save (error, _("an Automa Equipment cell holds something that is not an Artifact."));
          g_ptr_array_add (self->automa.cells[c], g_strdup (id));
        }
      if (ids == NULL)
        return json_bad_save (error, _("an Automa Equipment cell must list its cards."));
    }
  return json_read_strings (object, "cards", self->automa.cards, self, IDS_CARD, error)
         && read_automa_content (self, object, error);
}

/* Sapphire's and Amber's content (spec §9): every card of each kind in one
 * place (deck, face up, the Automa's), as many face up as the data says
 * until the deck runs out; none in the other Automas' games. */
gboolean
automa_state_check (PenGame  *self,
                    GError  **error)
{
  const PenAutomas *automas = pen_automas_get_default (NULL);
  gboolean uses = self->automa.variant != NULL && pen_automa_variant_uses_content (self->automa.variant);

  for (PenAutomaContent k = 0; k < PEN_AUTOMA_N_CONTENT; k++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      if (!save_count_ids (seen, self->automa.content_deck[k], FALSE) || !save_count_ids (seen, self->automa.content_open[k], FALSE)
          || !save_count_ids (seen, self->automa.content_taken[k], FALSE))
        return json_bad_save (error, _("a card is in two places at once."));
      if (g_hash_table_size (seen) != (uses ? pen_automas_get_n_content (automas, k) : 0))
        return json_bad_save (error, _("the Automa's Exams, Dungeons or Rituals are not all in the game."));
      if (self->automa.content_open[k]->len > pen_automas_get_n_open (automas, k)
          || (self->automa.content_open[k]->len < pen_automas_get_n_open (automas, k) && self->automa.content_deck[k]->len > 0))
        return json_bad_save (error, _("the Dungeon row or the Ritual market holds the wrong number of cards."));
    }
  return TRUE;
}
