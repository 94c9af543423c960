/* pen-game-setup.c: a new game (rulebook, "Setup", "Talents")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-setup"

#include "config.h"

#include "pen-game-private.h"

void
setup_choose_talent_apply (PenGame         *self,
                           const PenAction *action)
{
  int index = action->index;

  self->talent[self->turn.current] = g_strdup (self->dealt[self->turn.current][index]);
  if (game_is_solo_wizard (self, self->turn.current))
    log_line (self, N_("You chose a Talent."));
  else
    log_line (self, N_("Player %u chose a Talent."), LOG_NUMBER (self->turn.current + 1));
  while (self->turn.current + 1 < self->n_players)
    if (self->talent[++self->turn.current] == NULL)
      return;
  setup_players (self);
}

/* ---- Setting up (rulebook, "Setup") --------------------------------------- */

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

void
setup_shuffle_strings (PenRng      *rng,
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

/* Orders seats (indices) by the turn order of the Talents they kept. */
static int
compare_turn_order (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  PenGame *self = user_data;
  const PenTalent *ta = pen_talents_find (self->talents, self->talent[*(const guint *) a]);
  const PenTalent *tb = pen_talents_find (self->talents, self->talent[*(const guint *) b]);

  return (int) ta->turn_order - (int) tb->turn_order;
}

/* Rulebook, "Setup", Talents: the Wizards sit in the turn order of their
 * Talents; what each was dealt moves with the Talent kept. */
static void
seat_in_turn_order (PenGame *self)
{
  guint order[PEN_MAX_PLAYERS];
  char *talent[PEN_MAX_PLAYERS];
  char *dealt[PEN_MAX_PLAYERS][2];

  for (guint p = 0; p < self->n_players; p++)
    order[p] = p;
  /* Stable: seats with Talents of equal turn order keep their order. */
  g_qsort_with_data (order, self->n_players, sizeof (guint), compare_turn_order, self);
  for (guint p = 0; p < self->n_players; p++)
    {
      talent[p] = self->talent[order[p]];
      dealt[p][0] = self->dealt[order[p]][0];
      dealt[p][1] = self->dealt[order[p]][1];
    }
  for (guint p = 0; p < self->n_players; p++)
    {
      self->talent[p] = talent[p];
      self->dealt[p][0] = dealt[p][0];
      self->dealt[p][1] = dealt[p][1];
    }
}

/* Once every Talent is chosen: seats in turn order, the personal play areas
 * ("Personal play area") and the four Classes ("Common play area", step 2). */
void
setup_players (PenGame *self)
{
  gboolean has_class[PEN_N_DISCIPLINES] = { FALSE };
  PenDiscipline classes[PEN_N_CLASSES];
  guint n_classes = 0;

  const char *automa_talent = self->automa.player >= 0 ? self->talent[self->automa.player] : NULL;

  seat_in_turn_order (self);
  for (guint p = 0; automa_talent != NULL && p < self->n_players; p++)
    if (self->talent[p] == automa_talent)
      self->automa.player = p;

  for (guint p = 0; p < self->n_players; p++)
    {
      const PenTalent *talent = pen_talents_find (self->talents, self->talent[p]);
      PenWizardBoard *board = self->players[p];
      PenMark spark = { .occupied = TRUE, .state = PEN_MARK_CHARGED };
      PenMark first = { .occupied = TRUE, .discipline = talent->mark, .state = PEN_MARK_CHARGED };
      PenDieKind kinds[] = { PEN_DIE_KIND_BONE, PEN_DIE_KIND_BONE, PEN_DIE_KIND_COLOURED, PEN_DIE_KIND_SPARK };

      pen_wizard_board_set_mark (board, PEN_N_DISCIPLINE_CELLS, &spark);
      pen_wizard_board_set_mark (board, 0, &first);
      if ((int) p == self->automa.player)
        {
          /* The Automa takes its Mark and Class, no Ingredients, dice or card (spec §2). */
          log_line (self, N_("The Automa's starting Discipline is %s."), LOG_DISCIPLINE (talent->mark, LOG_AS_DISCIPLINE));
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
          PenDie die = dice_make (kinds[i], talent->mark);

          pen_die_roll (&die, self->rng);
          pen_wizard_board_add_die (board, &die);
        }
      if (game_is_solo_wizard (self, p))
        log_line (self, N_("You are the %s (turn order %u)."), LOG_NAME (talent->name), LOG_NUMBER (talent->turn_order));
      else
        log_line (self, N_("Player %u is the %s (turn order %u)."), LOG_NUMBER (p + 1), LOG_NAME (talent->name),
                  LOG_NUMBER (talent->turn_order));

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
  cards_setup (self);

  self->turn.current = 0;
  turn_begin (self);
}

gboolean
setup_load_data (PenGame  *self,
                 GError  **error)
{
  self->def = pen_board_def_get_default (error);
  if (self->def == NULL)
    return FALSE;
  self->talents = pen_talents_get_default (error);
  if (self->talents == NULL)
    return FALSE;
  self->fate_catalogue = pen_fate_catalogue_get_default (error);
  if (self->fate_catalogue == NULL)
    return FALSE;
  self->scoring = scoring_table_get_default (error);
  if (self->scoring == NULL)
    return FALSE;
  self->quest_catalogue = pen_quests_get_default (error);
  if (self->quest_catalogue == NULL)
    return FALSE;
  self->card_catalogue = pen_cards_get_default (error);
  if (self->card_catalogue == NULL)
    return FALSE;
  for (guint i = 0; i < self->talents->n_talents; i++)
    {
      const PenCard *card = pen_cards_find (self->card_catalogue, self->talents->talents[i].card);

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
  if (!setup_load_data (self, error))
    return NULL;

  self->seed = seed;
  self->rng = pen_rng_new (seed);
  self->n_players = n_players;
  self->first_game = first_game_deck;
  self->worldview_asked = -1;

  deck = first_game_deck ? pen_fate_deck_build_first_game (self->fate_catalogue, n_players, error)
                         : pen_fate_deck_build (self->fate_catalogue, n_players, self->rng, error);
  if (deck == NULL)
    return NULL;
  for (cards = pen_fate_deck_get_starting_trials (deck); *cards != NULL; cards++)
    g_ptr_array_add (self->fate.trial_row, g_strdup (*cards));
  for (cards = pen_fate_deck_get_cards (deck); *cards != NULL; cards++)
    g_ptr_array_add (self->fate.deck, g_strdup (*cards));
  g_ptr_array_add (self->fate.in_play, g_strdup (pen_fate_deck_get_starting_prophecy (deck)));

  /* "Shuffle the Contract deck well", then fill the Guild. */
  {
    guint n = pen_quests_get_n_contracts (self->quest_catalogue);
    g_autofree const char **contracts = g_new0 (const char *, n);

    for (guint i = 0; i < n; i++)
      contracts[i] = pen_quests_get_contract (self->quest_catalogue, i)->id;
    setup_shuffle_strings (self->rng, contracts, n);
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (self->quests.contract_deck, g_strdup (contracts[i]));
    quests_deal_contracts (self);
  }

  /* "Talents": two random Talents to each player. */
  ids = g_new0 (const char *, self->talents->n_talents);
  for (guint i = 0; i < self->talents->n_talents; i++)
    ids[i] = self->talents->talents[i].id;
  setup_shuffle_strings (self->rng, ids, self->talents->n_talents);
  for (guint p = 0; p < n_players; p++)
    {
      self->players[p] = pen_wizard_board_new (self->def);
      self->dealt[p][0] = g_strdup (ids[2 * p]);
      self->dealt[p][1] = g_strdup (ids[2 * p + 1]);
    }
  pending_reset (self, PEN_PENDING_TALENT);
  log_count (self, "A new game for %u player.", "A new game for %u players.", n_players, LOG_NUMBER (n_players));

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
  self->automa.variant = variant;
  self->automa.player = 1;
  self->worldview_asked = worldview < 0 ? -1 : worldview == 1;
  self->automa.light = worldview < 0 ? pen_rng_range (self->rng, 0, 2) == 1 : worldview == 1;
  self->talent[1] = g_strdup (self->dealt[1][0]);
  if (pen_automa_variant_uses_content (variant))
    automa_deal_content (self, TRUE);
  /* The Automa counts as a player, but the log speaks of you and it. */
  g_array_index (self->log, LogEntry, 0) = (LogEntry) { 1, { LOG_MSG (N_("A new solo game against the Automa.")) } };
  log_line (self, N_("The Automa is %s, of the worldview of %s."), LOG_NAME (variant->name),
            LOG_MSG (self->automa.light ? N_("Light") : N_("Darkness")));
  return g_steal_pointer (&self);
}

void
setup_offer_talents (Lister *lister)
{
  PenAction action;

  for (int i = 0; i < 2; i++)
    {
      pen_action_init (&action, PEN_ACTION_CHOOSE_TALENT);
      action.index = i;
      lister_offer (lister, &action);
    }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

gboolean
setup_choose_talent_check (PenGame         *self,
                           const PenAction *action,
                           GError         **error)
{
  return game_refuse (error, _("The Talents are already chosen."));
}

void
setup_choose_talent_to_json (PenGame         *self,
                             const PenAction *action,
                             JsonBuilder     *b)
{
  json_put_int (b, "talent", action->index);
}

gboolean
setup_choose_talent_from_json (PenGame    *self,
                               JsonObject *object,
                               PenAction  *action,
                               GError    **error)
{
  return json_member_int (object, "talent", 0, 1, &action->index, error);
}
