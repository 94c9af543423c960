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
  guint64 total = 0;
  guint n_reached = 0;

  g_return_val_if_fail (card != NULL, FALSE);
  g_return_val_if_fail (card->kind == PEN_FATE_KIND_PROPHECY, FALSE);
  g_return_val_if_fail (wizards != NULL || n_wizards == 0, FALSE);

  condition = &card->condition;
  if (condition->scope == PEN_PROPHECY_FATE_DECK_EMPTY)
    return fate_remaining == 0;

  for (guint i = 0; i < n_wizards; i++)
    {
      guint count = pen_wizard_summary_get_count (&wizards[i], condition->counter);

      total += count;
      if (count >= condition->threshold)
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
