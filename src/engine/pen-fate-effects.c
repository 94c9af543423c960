/* pen-fate-effects.c: what the Prophecies, Goals and Events do (rulebook, "End
 * of the game", "Scoring": 7. GOALS, "The Fate deck in play").
 *
 * Every Prophecy, Goal and Event carries its effect as data (pen-fate-deck.h,
 * read by pen-fate-catalogue.c), and this file is its one interpreter: a
 * Prophecy's condition is checked, and a Goal's points counted, on summaries
 * of the Wizards; an Event's effects are handed to the game as a list, in
 * order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-fate-effects"

#include "config.h"

#include <string.h>

#include "pen-fate-deck-private.h"

/**
 * pen_wizard_summary_get_count:
 *
 * Returns: the field of @wizard that @counter names
 */
guint
pen_wizard_summary_get_count (const PenWizardSummary *wizard,
                              PenFateCounter          counter)
{
  g_return_val_if_fail (wizard != NULL, 0);
  g_return_val_if_fail (counter < PEN_N_FATE_COUNTERS, 0);

  if (counter >= PEN_FATE_COUNTER_EXPERIENCE)
    return wizard->experience[counter - PEN_FATE_COUNTER_EXPERIENCE];
  if (counter >= PEN_FATE_COUNTER_INGREDIENT)
    return wizard->ingredients[counter - PEN_FATE_COUNTER_INGREDIENT];

  switch (counter)
    {
    case PEN_FATE_COUNTER_PASSED_TRIALS:
      return wizard->passed_trials;
    case PEN_FATE_COUNTER_PASSED_LIGHT_TRIALS:
      return wizard->passed_light_trials;
    case PEN_FATE_COUNTER_PASSED_DARK_TRIALS:
      return wizard->passed_dark_trials;
    case PEN_FATE_COUNTER_FULFILLED_CONTRACTS:
      return wizard->fulfilled_contracts;
    case PEN_FATE_COUNTER_RESERVED_CONTRACTS:
      return wizard->reserved_contracts;
    case PEN_FATE_COUNTER_DISCIPLINE_MARKS:
      return wizard->discipline_marks;
    case PEN_FATE_COUNTER_SPARK_MARKS:
      return wizard->spark_marks;
    case PEN_FATE_COUNTER_WOUNDED_MARKS:
      return wizard->wounded_marks;
    case PEN_FATE_COUNTER_MORTAL_WOUNDS:
      return wizard->mortal_wounds;
    case PEN_FATE_COUNTER_LIGHT:
      return wizard->light;
    case PEN_FATE_COUNTER_DARKNESS:
      return wizard->darkness;
    case PEN_FATE_COUNTER_INGREDIENT:
    case PEN_FATE_COUNTER_EXPERIENCE:
    default:
      g_assert_not_reached ();
    }
}

/**
 * pen_fate_card_get_condition:
 *
 * Returns: (transfer none) (nullable): a Prophecy's condition, or %NULL for
 *   other cards
 */
const PenProphecyCondition *
pen_fate_card_get_condition (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);

  return card->kind == PEN_FATE_KIND_PROPHECY ? &card->condition : NULL;
}

/* Rulebook, "End of the game": whether @condition, about Wizards, is met
 * by their @counts now. The one reading of a condition's scope: the check
 * of the Prophecies and the progress towards them both ask it. */
static gboolean
condition_met (const PenProphecyCondition *condition,
               const guint                *counts,
               guint                       n_wizards)
{
  guint64 total = 0;
  guint n_reached = 0;

  for (guint i = 0; i < n_wizards; i++)
    {
      total += counts[i];
      if (counts[i] >= condition->threshold)
        n_reached++;
    }

  switch (condition->scope)
    {
    case PEN_PROPHECY_ALL_WIZARDS:
      return n_wizards > 0 && n_reached == n_wizards;
    case PEN_PROPHECY_ANY_WIZARD:
      return n_reached > 0;
    case PEN_PROPHECY_TOTAL:
      return total >= condition->threshold;
    case PEN_PROPHECY_FATE_DECK_EMPTY:
    default:
      g_assert_not_reached ();
    }
}

/**
 * pen_fate_card_prophecy_is_fulfilled:
 * @card: a Prophecy
 * @wizards: (array length=n_wizards): a summary of each Wizard in the game
 * @fate_remaining: the number of cards left in the Fate deck
 *
 * Rulebook, "End of the game": whether the condition stated on the Prophecy is
 * met now. With no Wizards no condition about Wizards is met.
 *
 * Returns: %TRUE when the Prophecy is fulfilled
 */
gboolean
pen_fate_card_prophecy_is_fulfilled (const PenFateCard      *card,
                                     const PenWizardSummary *wizards,
                                     guint                   n_wizards,
                                     guint                   fate_remaining)
{
  const PenProphecyCondition *condition;
  guint counts[PEN_FATE_MAX_WIZARDS];

  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (card->kind == PEN_FATE_KIND_PROPHECY, FALSE);
  g_return_val_if_fail (wizards != NULL || n_wizards == 0, FALSE);
  g_return_val_if_fail (n_wizards <= PEN_FATE_MAX_WIZARDS, FALSE);

  condition = &card->condition;
  if (condition->scope == PEN_PROPHECY_FATE_DECK_EMPTY)
    return fate_remaining == 0;

  for (guint i = 0; i < n_wizards; i++)
    counts[i] = pen_wizard_summary_get_count (&wizards[i], condition->counter);
  return condition_met (condition, counts, n_wizards);
}

/**
 * pen_fate_card_get_progress:
 * @card: a Prophecy or a Goal
 * @wizards: (array length=n_wizards): a summary of each Wizard in the game
 * @fate_remaining: the number of cards left in the Fate deck
 * @out: (out caller-allocates): where the Wizards stand
 *
 * Where the Wizards stand towards @card now: each one's count of what it
 * counts; for a Prophecy ("End of the game") its threshold, whether it is
 * fulfilled and which Wizard one more of the count would fulfil it for (the
 * Fate deck's Prophecy: one card left to reveal); for a Goal ("Scoring",
 * 7. GOALS) the points it gives each Wizard now, as the score counts them.
 *
 * Returns: %FALSE (and @out cleared) for a card that is neither
 */
gboolean
pen_fate_card_get_progress (const PenFateCard      *card,
                            const PenWizardSummary *wizards,
                            guint                   n_wizards,
                            guint                   fate_remaining,
                            PenFateProgress        *out)
{
  g_return_val_if_fail (out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (wizards != NULL || n_wizards == 0, FALSE);
  g_return_val_if_fail (n_wizards <= PEN_FATE_MAX_WIZARDS, FALSE);

  if (card->kind != PEN_FATE_KIND_PROPHECY && card->kind != PEN_FATE_KIND_GOAL)
    return FALSE;
  out->card = card->id;
  out->kind = card->kind;
  out->n_wizards = n_wizards;
  if (card->kind == PEN_FATE_KIND_GOAL)
    {
      out->counter = card->goal.per;
      out->points_each = card->goal.points;
      for (guint i = 0; i < n_wizards; i++)
        {
          out->counts[i] = pen_wizard_summary_get_count (&wizards[i], card->goal.per);
          out->total += out->counts[i];
          out->points[i] = pen_fate_card_goal_points (card, &wizards[i]);
        }
      return TRUE;
    }

  out->scope = card->condition.scope;
  out->threshold = card->condition.threshold;
  if (card->condition.scope == PEN_PROPHECY_FATE_DECK_EMPTY)
    {
      /* One card is revealed at a time: the last one ends it. */
      out->total = fate_remaining;
      out->fulfilled = fate_remaining == 0;
      out->one_step_away = fate_remaining == 1;
      return TRUE;
    }
  out->counter = card->condition.counter;
  for (guint i = 0; i < n_wizards; i++)
    {
      out->counts[i] = pen_wizard_summary_get_count (&wizards[i], card->condition.counter);
      out->total += out->counts[i];
    }
  out->fulfilled = condition_met (&card->condition, out->counts, n_wizards);
  /* One more for each Wizard in turn, asked of the same reading. */
  for (guint i = 0; i < n_wizards && !out->fulfilled; i++)
    {
      out->counts[i]++;
      out->one_step[i] = condition_met (&card->condition, out->counts, n_wizards);
      out->counts[i]--;
      out->one_step_away |= out->one_step[i];
    }
  return TRUE;
}

/**
 * pen_fate_card_get_goal_rule:
 *
 * Returns: (transfer none) (nullable): a Goal's rule, or %NULL for other cards
 */
const PenGoalRule *
pen_fate_card_get_goal_rule (const PenFateCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);

  return card->kind == PEN_FATE_KIND_GOAL ? &card->goal : NULL;
}

/**
 * pen_fate_card_goal_points:
 * @card: a Goal
 * @wizard: a summary of the Wizard at the end of the game
 *
 * Rulebook, "Scoring", 7. GOALS: the points the Goal gives @wizard.
 *
 * Returns: the points, at most %PEN_FATE_MAX_GOAL_POINTS
 */
guint
pen_fate_card_goal_points (const PenFateCard      *card,
                           const PenWizardSummary *wizard)
{
  guint64 points;

  g_return_val_if_fail (card != NULL, 0);
  g_return_val_if_fail (card->kind == PEN_FATE_KIND_GOAL, 0);
  g_return_val_if_fail (wizard != NULL, 0);

  points = (guint64) pen_wizard_summary_get_count (wizard, card->goal.per) * card->goal.points;
  return (guint) MIN (points, PEN_FATE_MAX_GOAL_POINTS);
}

/**
 * pen_fate_card_get_event_effects:
 * @n_effects: (out): the number of effects
 *
 * Rulebook, "The Fate deck in play": an Event's instructions, to apply at once
 * and in this order.
 *
 * Returns: (transfer none) (array length=n_effects) (nullable): an Event's
 *   effects, or %NULL (and 0) for other cards
 */
const PenEventEffect *
pen_fate_card_get_event_effects (const PenFateCard *card,
                                 guint             *n_effects)
{
  g_return_val_if_fail (n_effects != NULL, NULL);
  *n_effects = 0;
  g_return_val_if_fail (card != NULL, NULL);

  if (card->effects == NULL)
    return NULL;
  *n_effects = card->effects->len;
  return (const PenEventEffect *) card->effects->data;
}
