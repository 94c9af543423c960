/* pen-game-scoring.c: the final score (rulebook, "Scoring")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-scoring"

#include "config.h"

#include "pen-game-private.h"

void
scoring_tally_light_darkness (PenGame *self,
                              guint    player,
                              guint   *light,
                              guint   *darkness)
{
  *light = *darkness = 0;
  for (guint i = 0; i < self->quests.fulfilled_contracts[player]->len; i++)
    {
      const PenContract *c = quests_find_contract (self, g_ptr_array_index (self->quests.fulfilled_contracts[player], i));

      *light += c->reward.light;
      *darkness += c->reward.darkness;
    }
  for (guint i = 0; i < self->quests.passed_trials[player]->len; i++)
    {
      const char *entry = g_ptr_array_index (self->quests.passed_trials[player], i);
      const PenTrial *t = quests_find_trial (self, strchr (entry, ':') + 1);
      const PenReward *reward = g_str_has_prefix (entry, "light:") ? &t->light.reward : &t->darkness.reward;

      *light += reward->light;
      *darkness += reward->darkness;
    }
}

/* What Prophecies and Goals look at. */
void
scoring_summarize (PenGame          *self,
                   guint             player,
                   PenWizardSummary *out)
{
  PenWizardBoard *board = self->players[player];

  memset (out, 0, sizeof *out);
  out->passed_trials = self->quests.passed_trials[player]->len;
  for (guint i = 0; i < out->passed_trials; i++)
    if (g_str_has_prefix (g_ptr_array_index (self->quests.passed_trials[player], i), "light:"))
      out->passed_light_trials++;
  out->passed_dark_trials = out->passed_trials - out->passed_light_trials;
  out->fulfilled_contracts = self->quests.fulfilled_contracts[player]->len;
  out->reserved_contracts = self->quests.reserved_contracts[player]->len;
  for (guint d = 0; d < PEN_N_DISCIPLINES; d++)
    out->discipline_marks += pen_wizard_board_count_marks (board, d);
  out->spark_marks = pen_wizard_board_count_spark_marks (board);
  out->wounded_marks = pen_wizard_board_count_wounded (board);
  out->mortal_wounds = pen_wizard_board_get_mortal_wounds (board);
  scoring_tally_light_darkness (self, player, &out->light, &out->darkness);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    out->ingredients[i] = board_ingredient (board, i);
  quests_count_experience (self, player, out->experience);
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
  scoring_summarize (self, player, &summary);
  for (guint i = 0; i < self->quests.fulfilled_contracts[player]->len; i++)
    input.contract_points += quests_find_contract (self, g_ptr_array_index (self->quests.fulfilled_contracts[player], i))->points;
  for (guint i = 0; i < self->quests.passed_trials[player]->len; i++)
    input.trial_points += quests_find_trial (self, strchr (g_ptr_array_index (self->quests.passed_trials[player], i), ':') + 1)->points;
  for (guint i = 0; i < self->fate.in_play->len; i++)
    {
      const PenFateCard *card = pen_fate_catalogue_lookup (self->fate_catalogue, g_ptr_array_index (self->fate.in_play, i));

      if (pen_fate_card_get_kind (card) == PEN_FATE_KIND_GOAL)
        input.goal_points += pen_fate_card_goal_points (card, &summary);
    }
  input.light = summary.light;
  input.darkness = summary.darkness;
  input.reserved_contracts = self->quests.reserved_contracts[player]->len;
  quests_count_experience (self, player, input.experience);
  input.arcana = board_ingredient (board, PEN_INGREDIENT_ARCANA);
  input.mortal_wounds = pen_wizard_board_get_mortal_wounds (board);
  /* The Automa's board scores by its variant's table (spec §6, §9). */
  if ((int) player == self->automa.player)
    input.board_points = automa_board_points (self);
  else
    input.board_points = pen_wizard_board_get_mark_points (board);
  pen_scoring_compute (self->scoring, &input, breakdown);
}
