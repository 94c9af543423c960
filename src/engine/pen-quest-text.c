/* pen-quest-text.c: the words printed on a Contract's or a Trial's task and
 * reward (rulebook, "Tasks", "Rewards", "Properties", "Trials": APPROACH).
 *
 * The text players read is written from the same data the rules read
 * (pen-quest.c), so the card and the rule can never disagree: a task such as
 * "Discard any number of Purple dice with a sum of 6 or more.", a reward such
 * as "Gain 2 Arcana, 1 Red die and 1 Light.", and the names of the Properties
 * and of the paths' approaches. Every count goes through ngettext, and a
 * colour agreed with one die or with several is a message of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-quest-text"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-card-text.h"
#include "pen-quest-private.h"

/* How many dice a task takes, spelt out as the rulebook does ("exactly two"). */
static const char * const number_words[] = {
  NC_ ("number of dice", "one"),
  NC_ ("number of dice", "two"),
  NC_ ("number of dice", "three"),
  NC_ ("number of dice", "four"),
  NC_ ("number of dice", "five"),
  NC_ ("number of dice", "six"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (number_words) == PEN_QUEST_MAX_DICE);

static const char *
number_word (guint n)
{
  g_assert (n >= 1 && n <= G_N_ELEMENTS (number_words));
  return g_dpgettext2 (GETTEXT_PACKAGE, "number of dice", number_words[n - 1]);
}

/* "A, B and C" (or "A, B and/or C" with the dice of a task). */
static char *
join_list (GPtrArray  *items,
           const char *last_separator)
{
  GString *text = g_string_new (NULL);
  /* TRANSLATORS: between the items of a list, but the last two */
  const char *separator = C_ ("list", ", ");

  for (guint i = 0; i < items->len; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == items->len ? last_separator : separator);
      g_string_append (text, g_ptr_array_index (items, i));
    }
  return g_string_free (text, FALSE);
}

static char *
join_and (GPtrArray *items)
{
  /* TRANSLATORS: between the last two items of a list */
  return join_list (items, C_ ("list", " and "));
}

/* The colours of the dice a task takes, before "die" or "dice": "Purple",
 * "Red and/or Purple"; NULL when any die will do (a task of Spark dice says
 * so in its own words). Russian agrees them with one die or with several, so
 * each has a context of its own. */
static const char * const one_die_colours[PEN_N_DISCIPLINES + 2] = {
  NC_ ("colour of one die", "Red"), NC_ ("colour of one die", "Orange"), NC_ ("colour of one die", "Yellow"),
  NC_ ("colour of one die", "Green"), NC_ ("colour of one die", "Blue"), NC_ ("colour of one die", "Purple"),
  NC_ ("colour of one die", "Bone"),
  /* TRANSLATORS: as in "Discard exactly one coloured die", a die of any
   * Discipline colour but not a Bone die */
  NC_ ("colour of one die", "coloured"),
};
static const char * const dice_colours[PEN_N_DISCIPLINES + 2] = {
  NC_ ("colour of dice", "Red"), NC_ ("colour of dice", "Orange"), NC_ ("colour of dice", "Yellow"),
  NC_ ("colour of dice", "Green"), NC_ ("colour of dice", "Blue"), NC_ ("colour of dice", "Purple"),
  NC_ ("colour of dice", "Bone"),
  /* TRANSLATORS: as in "Discard any number of coloured dice", dice of any
   * Discipline colour but not Bone dice */
  NC_ ("colour of dice", "coloured"),
};

static char *
describe_dice (const PenDiceFilter *filter,
               gboolean             one)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  const char *context = one ? "colour of one die" : "colour of dice";
  const char * const *colours = one ? one_die_colours : dice_colours;

  g_assert (!filter->spark_only);
  if (filter->colours == PEN_QUEST_ALL_COLOURS && filter->bone)
    return NULL;
  if (filter->colours == PEN_QUEST_ALL_COLOURS)
    return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, context, colours[PEN_N_DISCIPLINES + 1]));
  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    if (filter->colours & (1u << c))
      g_ptr_array_add (items, (gpointer) g_dpgettext2 (GETTEXT_PACKAGE, context, colours[c]));
  if (filter->bone)
    g_ptr_array_add (items, (gpointer) g_dpgettext2 (GETTEXT_PACKAGE, context, colours[PEN_N_DISCIPLINES]));
  /* TRANSLATORS: between the last two colours of the dice a task takes, as in
   * "Discard any number of Red and/or Purple dice" */
  return join_list (items, C_ ("dice colours", " and/or "));
}

static void
add_ingredients (GPtrArray   *items,
                 const guint  ingredients[PEN_N_INGREDIENTS])
{
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (ingredients[i] > 0)
      g_ptr_array_add (items, pen_ingredient_describe_count (i, ingredients[i]));
}

static char *
describe_values (const PenTask *task)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < task->n_values; i++)
    g_ptr_array_add (items, g_strdup_printf ("%u", task->values[i]));
  return join_and (items);
}

/**
 * pen_task_describe:
 * @task: a task
 *
 * The text of @task as a card prints it (rulebook, "Tasks"), for example
 * "Discard any number of Purple dice with a sum of 6 or more."
 *
 * Returns: (transfer full): the text, translated
 */
char *
pen_task_describe (const PenTask *task)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dice = NULL;
  g_autofree char *list = NULL;

  g_return_val_if_fail (task != NULL, NULL);

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      add_ingredients (items, task->ingredients);
      list = join_and (items);
      /* TRANSLATORS: a task; %s lists Ingredients, as in "3 Crystals" */
      return g_strdup_printf (_("Discard %s."), list);

    case PEN_TASK_DISCARD_DICE_SUM:
      if (task->dice.spark_only)
        return g_strdup_printf (_("Discard any number of Spark dice with a sum of %u or more."), task->sum);
      dice = describe_dice (&task->dice, FALSE);
      if (dice == NULL)
        return g_strdup_printf (_("Discard any number of dice with a sum of %u or more."),
                                task->sum);
      /* TRANSLATORS: a task; %s is the dice colours, as in "Red and/or Purple" */
      return g_strdup_printf (_("Discard any number of %s dice with a sum of %u or more."),
                              dice, task->sum);

    case PEN_TASK_DISCARD_DICE_EXACT:
      g_return_val_if_fail (task->n_values >= 1 && task->n_values <= PEN_QUEST_MAX_DICE, NULL);
      list = describe_values (task);
      if (task->dice.spark_only)
        /* TRANSLATORS: a task; the first %s is a number word ("two"), the
         * second the values ("5 and 5") */
        return g_strdup_printf (ngettext ("Discard exactly %s Spark die with value %s.",
                                          "Discard exactly %s Spark dice with values %s.",
                                          task->n_values),
                                number_word (task->n_values), list);
      dice = describe_dice (&task->dice, task->n_values == 1);
      if (dice == NULL)
        /* TRANSLATORS: a task; the first %s is a number word ("two"), the
         * second the values ("5 and 5") */
        return g_strdup_printf (ngettext ("Discard exactly %s die with value %s.",
                                          "Discard exactly %s dice with values %s.",
                                          task->n_values),
                                number_word (task->n_values), list);
      /* TRANSLATORS: a task; the first %s is a number word ("two"), the second
       * the dice colours ("Red"), the third the values ("5 and 5") */
      return g_strdup_printf (ngettext ("Discard exactly %s %s die with value %s.",
                                        "Discard exactly %s %s dice with values %s.",
                                        task->n_values),
                              number_word (task->n_values), dice, list);

    case PEN_TASK_ROLL_DICE_SUM:
      g_return_val_if_fail (task->count >= 1 && task->count <= PEN_QUEST_MAX_DICE, NULL);
      if (task->dice.spark_only)
        /* TRANSLATORS: a task; %s is a number word ("two") */
        return g_strdup_printf (ngettext ("Roll exactly %s Spark die from your supply and get %u "
                                          "or more.",
                                          "Roll exactly %s Spark dice from your supply and get a sum "
                                          "of %u or more.",
                                          task->count),
                                number_word (task->count), task->sum);
      dice = describe_dice (&task->dice, task->count == 1);
      if (dice == NULL)
        /* TRANSLATORS: a task; %s is a number word ("two") */
        return g_strdup_printf (ngettext ("Roll exactly %s die from your supply and get %u "
                                          "or more.",
                                          "Roll exactly %s dice from your supply and get a sum "
                                          "of %u or more.",
                                          task->count),
                                number_word (task->count), task->sum);
      /* TRANSLATORS: a task; the first %s is a number word ("two"), the second
       * the dice colours ("Yellow") */
      return g_strdup_printf (ngettext ("Roll exactly %s %s die from your supply and get %u "
                                        "or more.",
                                        "Roll exactly %s %s dice from your supply and get a sum "
                                        "of %u or more.",
                                        task->count),
                              number_word (task->count), dice, task->sum);

    case PEN_TASK_WITHSTAND_THREAT:
      return g_strdup_printf (ngettext ("Roll and apply %u Threat die.",
                                        "Roll and apply %u Threat dice.", task->count),
                              task->count);

    case PEN_TASK_HAVE_EXPERIENCE:
      for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
        if (task->experience[i] > 0)
          /* TRANSLATORS: part of a task; %s is an experience symbol, as in
           * "2 Monsters symbols" */
          g_ptr_array_add (items, g_strdup_printf (ngettext ("%u %s symbol", "%u %s symbols",
                                                             task->experience[i]),
                                                   task->experience[i],
                                                   pen_experience_get_name (i)));
      list = join_and (items);
      /* TRANSLATORS: a task; %s lists symbols, as in "2 Monsters symbols" */
      return g_strdup_printf (_("Have %s in the Experience zone."), list);

    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * pen_property_get_msgid:
 * @kind: a Property
 *
 * Returns: the name of the Property, untranslated (for the log)
 */
const char *
pen_property_get_msgid (PenPropertyKind kind)
{
  switch (kind)
    {
    case PEN_PROPERTY_RIFT: return N_("Rift");
    case PEN_PROPERTY_VIGILANCE: return N_("Vigilance");
    case PEN_PROPERTY_SHIELD: return N_("Shield");
    case PEN_PROPERTY_TRAP: return N_("Trap");
    case PEN_PROPERTY_CRYSTAL_SUPPRESSION: return N_("Crystal Suppression");
    case PEN_PROPERTY_POTION_SUPPRESSION: return N_("Potion Suppression");
    case PEN_PROPERTY_ARTIFACT_SUPPRESSION: return N_("Artifact Suppression");
    case PEN_PROPERTY_PET_SUPPRESSION:
    default: return N_("Pet Suppression");
    }
}

/**
 * pen_property_get_name:
 * @kind: a Property
 *
 * Returns: the name of the Property (rulebook, "Properties"), translated
 */
const char *
pen_property_get_name (PenPropertyKind kind)
{
  return _(pen_property_get_msgid (kind));
}

/**
 * pen_approach_get_name:
 * @approach: a Trial path's approach
 *
 * Returns: its name (rulebook, "Trials", APPROACH), translated
 */
const char *
pen_approach_get_name (PenApproach approach)
{
  switch (approach)
    {
    case PEN_APPROACH_DESTROY: return C_("approach", "Destroy");
    case PEN_APPROACH_CATCH: return C_("approach", "Catch");
    case PEN_APPROACH_RECONCILE: return C_("approach", "Reconcile");
    case PEN_APPROACH_DISPEL: return C_("approach", "Dispel");
    case PEN_APPROACH_WITHSTAND: return C_("approach", "Withstand");
    case PEN_APPROACH_BRIBE:
    default: return C_("approach", "Bribe");
    }
}

/**
 * pen_reward_describe:
 * @reward: a reward
 *
 * The text of @reward (rulebook, "Rewards"), for example "Gain 2 Arcana, 1 Red
 * die and 1 Light."
 *
 * Returns: (transfer full): the text, translated
 */
char *
pen_reward_describe (const PenReward *reward)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  g_return_val_if_fail (reward != NULL, NULL);

  add_ingredients (items, reward->ingredients);
  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    if (reward->coloured_dice[c] > 0)
      g_ptr_array_add (items, pen_text_dice (PEN_DIE_KIND_COLOURED, c, reward->coloured_dice[c]));
  if (reward->any_colour_dice > 0)
    g_ptr_array_add (items, g_strdup_printf (ngettext ("%u die of a colour of your choice",
                                                       "%u dice of colours of your choice",
                                                       reward->any_colour_dice),
                                             reward->any_colour_dice));
  if (reward->spark_dice > 0)
    g_ptr_array_add (items, pen_text_dice (PEN_DIE_KIND_SPARK, 0, reward->spark_dice));
  if (reward->bone_dice > 0)
    g_ptr_array_add (items, pen_text_dice (PEN_DIE_KIND_BONE, 0, reward->bone_dice));
  if (reward->cards[PEN_REWARD_CARD_DISCIPLINE] > 0)
    g_ptr_array_add (items, g_strdup_printf (ngettext ("%u Discipline card",
                                                       "%u Discipline cards",
                                                       reward->cards[PEN_REWARD_CARD_DISCIPLINE]),
                                             reward->cards[PEN_REWARD_CARD_DISCIPLINE]));
  if (reward->cards[PEN_REWARD_CARD_POTION] > 0)
    g_ptr_array_add (items, g_strdup_printf (ngettext ("%u Potion", "%u Potions",
                                                       reward->cards[PEN_REWARD_CARD_POTION]),
                                             reward->cards[PEN_REWARD_CARD_POTION]));
  if (reward->cards[PEN_REWARD_CARD_ARTIFACT] > 0)
    g_ptr_array_add (items, g_strdup_printf (ngettext ("%u Artifact", "%u Artifacts",
                                                       reward->cards[PEN_REWARD_CARD_ARTIFACT]),
                                             reward->cards[PEN_REWARD_CARD_ARTIFACT]));
  if (reward->light > 0)
    g_ptr_array_add (items, g_strdup_printf (ngettext ("%u Light", "%u Light", reward->light),
                                             reward->light));
  if (reward->darkness > 0)
    g_ptr_array_add (items, g_strdup_printf (ngettext ("%u Darkness", "%u Darkness",
                                                       reward->darkness),
                                             reward->darkness));

  if (items->len == 0)
    return g_strdup (_("No reward."));
  list = join_and (items);
  /* TRANSLATORS: a reward; %s lists what is gained, as in "2 Arcana and 1 Light" */
  return g_strdup_printf (_("Gain %s."), list);
}
