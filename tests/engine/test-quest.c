/* test-quest.c: the Contracts and Trials, read from data, their card texts, and
 * broken files refused with a message naming the file, the card and the field.
 *
 * Rulebook sections: "Components"; "Setup" (laying out the Contracts);
 * "Contracts and Trials": "Tasks", "Rewards", "Contracts", "Trials", "Light and
 * Darkness", "Properties"; "Dice types".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "pen-data.h"
#include "pen-error.h"
#include "pen-fate-deck.h"
#include "pen-quest.h"

static const PenQuests *
shipped (void)
{
  g_autoptr(GError) error = NULL;
  const PenQuests *quests = pen_quests_get_default (&error);

  g_assert_no_error (error);
  g_assert_nonnull (quests);
  return quests;
}

static const PenContract *
contract (const char *id)
{
  const PenContract *result = pen_quests_find_contract (shipped (), id);

  if (result == NULL)
    g_error ("no Contract “%s”", id);
  return result;
}

static const PenTrial *
trial (const char *id)
{
  const PenTrial *result = pen_quests_find_trial (shipped (), id);

  if (result == NULL)
    g_error ("no Trial “%s”", id);
  return result;
}

static guint
reward_dice (const PenReward *reward)
{
  guint n = reward->bone_dice + reward->spark_dice + reward->any_colour_dice;

  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    n += reward->coloured_dice[c];
  return n;
}

/* Rulebook, "Components": 36 Contract cards and 24 Trial cards. */
static void
test_quest_shipped (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenQuests) quests = pen_quests_load (&error);

  g_assert_no_error (error);
  g_assert_nonnull (quests);
  g_assert_cmpuint (pen_quests_get_n_contracts (quests), ==, 36);
  g_assert_cmpuint (pen_quests_get_n_trials (quests), ==, 24);
  /* The default copy is loaded once. */
  g_assert_true (pen_quests_get_default (NULL) == shipped ());
}

/* Rulebook, "Light and Darkness": "Lost Hut (Пропащая изба) is a light
 * Contract, Sorcerous Prison (Колдовская тюрьма) is a gloomy Contract"; the
 * example's Wizard has Darkness "for ... Scarlet Pact" and Light for
 * "Brightshine". */
static void
test_quest_named_contracts (void)
{
  struct
  {
    const char *id, *name, *name_ru;
    gboolean    gloomy;
  } named[] = {
    { "lost-hut", "Lost Hut", "Пропащая изба", FALSE },
    { "sorcerous-prison", "Sorcerous Prison", "Колдовская тюрьма", TRUE },
    { "scarlet-pact", "Scarlet Pact", "Алый Пакт", TRUE },
    { "brightshine", "Brightshine", "Яркосвет", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    {
      const PenContract *c = contract (named[i].id);

      g_assert_cmpstr (c->name, ==, named[i].name);
      g_assert_cmpstr (c->name_ru, ==, named[i].name_ru);
      g_assert_cmpint (c->gloomy, ==, named[i].gloomy);
      if (named[i].gloomy)
        g_assert_cmpuint (c->reward.darkness, >=, 1);
      else
        g_assert_cmpuint (c->reward.light, >=, 1);
    }
}

/* Rulebook, "Setup": the Guild is filled with Difficulty 1 Contracts, Difficulty
 * 2 ones go to the bottom; the deck is shuffled "so that Contracts with dark and
 * light headings are distributed evenly". "Contracts and Trials": each is
 * "always a step toward Light or Darkness", by the symbols in its reward. */
static void
test_quest_contract_deck (void)
{
  const PenQuests *quests = shipped ();
  guint n_gloomy = 0, n_easy = 0;
  gboolean task_kinds[PEN_TASK_HAVE_EXPERIENCE + 1] = { FALSE };

  for (guint i = 0; i < pen_quests_get_n_contracts (quests); i++)
    {
      const PenContract *c = pen_quests_get_contract (quests, i);
      guint n_symbols = 0;

      g_assert_cmpuint (c->difficulty, >=, 1);
      g_assert_cmpuint (c->difficulty, <=, 2);
      g_assert_cmpuint (c->threat, <=, 3);
      g_assert_cmpuint (c->points, >=, 1);
      g_assert_cmpuint (c->points, <=, 5);
      for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
        n_symbols += c->experience[e];
      g_assert_cmpuint (n_symbols, >=, 1);
      g_assert_cmpuint (n_symbols, <=, 2);
      if (c->gloomy)
        {
          g_assert_cmpuint (c->reward.darkness, >=, 1);
          g_assert_cmpuint (c->reward.light, ==, 0);
          n_gloomy++;
        }
      else
        {
          g_assert_cmpuint (c->reward.light, >=, 1);
          g_assert_cmpuint (c->reward.darkness, ==, 0);
        }
      if (c->difficulty == 1)
        n_easy++;
      task_kinds[c->task.kind] = TRUE;
      g_assert_nonnull (c->text);
      g_assert_cmpstr (c->text, !=, "");
    }
  g_assert_cmpuint (n_gloomy, ==, pen_quests_get_n_contracts (quests) / 2);
  g_assert_cmpuint (n_easy, >=, 4);
  for (guint k = 0; k < G_N_ELEMENTS (task_kinds); k++)
    g_assert_true (task_kinds[k]);
}

/* Rulebook, "Components" (24 Trial cards) and "Trials", DIFFICULTY: every
 * Trial of the Fate cards has its tasks and rewards; "More difficult Trials have
 * additional Properties" ("Properties"), and Threat, points and Retaliation
 * grow with difficulty as docs/design-contracts-trials.md sets out. */
static void
test_quest_every_trial (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenFateCatalogue) fate = pen_fate_catalogue_load (&error);
  const PenQuests *quests = shipped ();
  /* Threat, Properties and points by difficulty 1–4. */
  static const guint min_threat[] = { 1, 2, 3, 4 }, max_threat[] = { 2, 3, 4, 6 };
  static const guint min_props[] = { 0, 0, 1, 2 }, max_props[] = { 0, 1, 2, 2 };
  static const guint min_points[] = { 2, 4, 6, 9 }, max_points[] = { 4, 6, 9, 12 };
  guint n_trials = 0, n_retaliating = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (fate); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (fate, i);
      const PenTrial *t;
      guint d;

      if (pen_fate_card_get_kind (card) != PEN_FATE_KIND_TRIAL)
        continue;
      n_trials++;
      t = pen_quests_find_trial (quests, pen_fate_card_get_id (card));
      if (t == NULL)
        g_error ("the Trial “%s” has no entry", pen_fate_card_get_id (card));
      d = pen_fate_card_get_difficulty (card) - 1;
      g_assert_cmpuint (t->threat, >=, min_threat[d]);
      g_assert_cmpuint (t->threat, <=, max_threat[d]);
      g_assert_cmpuint (t->n_properties, >=, min_props[d]);
      g_assert_cmpuint (t->n_properties, <=, max_props[d]);
      g_assert_cmpuint (t->points, >=, min_points[d]);
      g_assert_cmpuint (t->points, <=, max_points[d]);
      if (d < 3)
        g_assert_cmpuint (t->retaliation, ==, 0);
      else
        {
          g_assert_cmpuint (t->retaliation, <=, 3);
          if (t->retaliation > 0)
            n_retaliating++;
        }
    }
  g_assert_cmpuint (n_trials, ==, 24);
  g_assert_cmpuint (pen_quests_get_n_trials (quests), ==, n_trials);
  g_assert_cmpuint (n_retaliating, >=, 1);
}

/* Rulebook, "Trials": "always offer two possible paths: Darkness (left) and
 * Light (right)", with "different approaches", one to three tasks of which any
 * one is enough; APPROACH lists six approaches; "Properties" lists eight. */
static void
test_quest_paths (void)
{
  const PenQuests *quests = shipped ();
  gboolean approaches[PEN_APPROACH_BRIBE + 1] = { FALSE };
  gboolean properties[PEN_PROPERTY_PET_SUPPRESSION + 1] = { FALSE };

  for (guint i = 0; i < pen_quests_get_n_trials (quests); i++)
    {
      const PenTrial *t = pen_quests_get_trial (quests, i);

      g_assert_cmpint (t->darkness.approach, !=, t->light.approach);
      g_assert_cmpuint (t->darkness.reward.darkness, >=, 1);
      g_assert_cmpuint (t->darkness.reward.light, ==, 0);
      g_assert_cmpuint (t->light.reward.light, >=, 1);
      g_assert_cmpuint (t->light.reward.darkness, ==, 0);
      g_assert_cmpuint (t->darkness.n_tasks, >=, 1);
      g_assert_cmpuint (t->light.n_tasks, >=, 1);
      approaches[t->darkness.approach] = TRUE;
      approaches[t->light.approach] = TRUE;
      for (guint p = 0; p < t->n_properties; p++)
        {
          properties[t->properties[p].kind] = TRUE;
          if (t->properties[p].kind == PEN_PROPERTY_SHIELD)
            g_assert_true (t->properties[p].shield.kind == PEN_TASK_DISCARD_DICE_SUM
                           || t->properties[p].shield.kind == PEN_TASK_DISCARD_DICE_EXACT);
        }
    }
  for (guint a = 0; a < G_N_ELEMENTS (approaches); a++)
    g_assert_true (approaches[a]);
  for (guint p = 0; p < G_N_ELEMENTS (properties); p++)
    g_assert_true (properties[p]);
}

static void
assert_task_can_be_met (const PenTask *task)
{
  guint n = 0;

  switch (task->kind)
    {
    case PEN_TASK_DISCARD_INGREDIENTS:
      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        n += task->ingredients[i];
      g_assert_cmpuint (n, <=, 6);
      break;
    case PEN_TASK_DISCARD_DICE_SUM:
      g_assert_cmpuint (task->sum, <=, 18);
      break;
    case PEN_TASK_DISCARD_DICE_EXACT:
      g_assert_cmpuint (task->n_values, <=, 3);
      break;
    case PEN_TASK_ROLL_DICE_SUM:
      /* At most 5 a die: 7 from two dice is fair, 16 from three is the
       * rulebook's hard example. */
      g_assert_cmpuint (task->sum, <=, 5 * task->count);
      g_assert_cmpuint (task->count, <=, 3);
      break;
    case PEN_TASK_WITHSTAND_THREAT:
      g_assert_cmpuint (task->count, <=, 5);
      break;
    case PEN_TASK_HAVE_EXPERIENCE:
      for (guint i = 0; i < PEN_N_EXPERIENCES; i++)
        n += task->experience[i];
      g_assert_cmpuint (n, <=, 3);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Rulebook, "Tasks", ROLL ON DICE: "Roll exactly three Purple dice ... and get a
 * sum of 16 or more" is the hard case. Every task of the shipped cards stays
 * within what a Wizard can gather (see docs/design-contracts-trials.md). */
static void
test_quest_tasks_can_be_met (void)
{
  const PenQuests *quests = shipped ();

  for (guint i = 0; i < pen_quests_get_n_contracts (quests); i++)
    assert_task_can_be_met (&pen_quests_get_contract (quests, i)->task);
  for (guint i = 0; i < pen_quests_get_n_trials (quests); i++)
    {
      const PenTrial *t = pen_quests_get_trial (quests, i);

      for (guint k = 0; k < t->darkness.n_tasks; k++)
        assert_task_can_be_met (&t->darkness.tasks[k]);
      for (guint k = 0; k < t->light.n_tasks; k++)
        assert_task_can_be_met (&t->light.tasks[k]);
    }
}

/* Rulebook, "Light and Darkness": "When meeting Goldeater you have a choice:
 * destroy the magical creature and gain the Jewels it devoured, or make it your
 * ally (which will give you a die for your supply and more secret knowledge in
 * the form of Arcana)." */
static void
test_quest_goldeater (void)
{
  const PenTrial *t = trial ("goldeater");
  g_autofree char *light = pen_reward_describe (&t->light.reward);

  g_assert_cmpint (t->darkness.approach, ==, PEN_APPROACH_DESTROY);
  g_assert_cmpuint (t->darkness.reward.ingredients[PEN_INGREDIENT_JEWELS], >=, 1);
  g_assert_cmpuint (t->darkness.reward.darkness, ==, 1);
  g_assert_cmpint (t->light.approach, ==, PEN_APPROACH_RECONCILE);
  g_assert_cmpuint (reward_dice (&t->light.reward), ==, 1);
  g_assert_cmpuint (t->light.reward.ingredients[PEN_INGREDIENT_ARCANA], >=, 1);
  g_assert_cmpuint (t->light.reward.light, ==, 1);
  g_assert_cmpstr (light, ==, "Gain 2 Arcana, 1 die of a colour of your choice and 1 Light.");
}

/* Rulebook, "Light and Darkness": "the reward for defeating the Basilisk is 2
 * Darkness or 2 Light, depending on the chosen path"; elsewhere one symbol. */
static void
test_quest_basilisk (void)
{
  const PenQuests *quests = shipped ();
  const PenTrial *t = trial ("basilisk");

  g_assert_cmpuint (t->darkness.reward.darkness, ==, 2);
  g_assert_cmpuint (t->light.reward.light, ==, 2);
  for (guint i = 0; i < pen_quests_get_n_trials (quests); i++)
    {
      const PenTrial *other = pen_quests_get_trial (quests, i);

      if (other == t)
        continue;
      g_assert_cmpuint (other->darkness.reward.darkness, ==, 1);
      g_assert_cmpuint (other->light.reward.light, ==, 1);
    }
}

static void
assert_task_text (const PenTask *task,
                  const char    *expected)
{
  g_autofree char *text = pen_task_describe (task);

  g_assert_cmpstr (text, ==, expected);
}

static PenDiceFilter
colours (guint bits)
{
  PenDiceFilter filter = { bits, FALSE, FALSE };

  return filter;
}

#define BIT(c) (1u << PEN_DISCIPLINE_##c)

/* Rulebook, "Tasks": the texts of its examples, one per kind of task. */
static void
test_quest_task_texts (void)
{
  PenTask task = { 0 };
  PenDiceFilter any = { BIT (RUBY) | BIT (AMBER) | BIT (JASPER) | BIT (EMERALD) | BIT (SAPPHIRE)
                        | BIT (AMETHYST), TRUE, FALSE };
  PenDiceFilter spark = { 0, FALSE, TRUE };

  /* DISCARD INGREDIENTS: "Discard 3 Crystals." */
  task.kind = PEN_TASK_DISCARD_INGREDIENTS;
  task.ingredients[PEN_INGREDIENT_CRYSTALS] = 3;
  assert_task_text (&task, "Discard 3 Crystals.");
  task.ingredients[PEN_INGREDIENT_CRYSTALS] = 1;
  task.ingredients[PEN_INGREDIENT_BLOOD] = 2;
  task.ingredients[PEN_INGREDIENT_ARCANA] = 1;
  assert_task_text (&task, "Discard 2 Blood, 1 Crystal and 1 Arcana.");

  /* DISCARD DICE (TOTAL SUM). */
  memset (&task, 0, sizeof task);
  task.kind = PEN_TASK_DISCARD_DICE_SUM;
  task.dice = colours (BIT (AMETHYST));
  task.sum = 6;
  assert_task_text (&task, "Discard any number of Purple dice with a sum of 6 or more.");
  task.dice = colours (BIT (RUBY) | BIT (AMETHYST));
  task.sum = 8;
  assert_task_text (&task, "Discard any number of Red and/or Purple dice with a sum of 8 or more.");
  task.dice = colours (BIT (RUBY) | BIT (EMERALD));
  task.dice.bone = TRUE;
  assert_task_text (&task,
                    "Discard any number of Red, Green and/or Bone dice with a sum of 8 or more.");
  task.dice = any;
  task.sum = 9;
  assert_task_text (&task, "Discard any number of dice with a sum of 9 or more.");
  task.dice.bone = FALSE;
  assert_task_text (&task, "Discard any number of coloured dice with a sum of 9 or more.");

  /* DISCARD DICE (EXACT VALUE). */
  memset (&task, 0, sizeof task);
  task.kind = PEN_TASK_DISCARD_DICE_EXACT;
  task.dice = colours (BIT (RUBY));
  task.n_values = 2;
  task.values[0] = 5;
  task.values[1] = 5;
  assert_task_text (&task, "Discard exactly two Red dice with values 5 and 5.");
  task.dice = colours (BIT (JASPER) | BIT (SAPPHIRE));
  task.values[0] = 2;
  task.values[1] = 4;
  assert_task_text (&task, "Discard exactly two Yellow and/or Blue dice with values 2 and 4.");
  task.dice = spark;
  task.n_values = 1;
  task.values[0] = 5;
  assert_task_text (&task, "Discard exactly one Spark die with value 5.");
  task.dice = any;
  task.n_values = 3;
  task.values[0] = task.values[1] = task.values[2] = 1;
  assert_task_text (&task, "Discard exactly three dice with values 1, 1 and 1.");

  /* ROLL ON DICE (TOTAL SUM). */
  memset (&task, 0, sizeof task);
  task.kind = PEN_TASK_ROLL_DICE_SUM;
  task.dice = colours (BIT (JASPER));
  task.count = 2;
  task.sum = 7;
  assert_task_text (&task, "Roll exactly two Yellow dice from your supply and get a sum of 7 or more.");
  task.dice = colours (BIT (AMETHYST));
  task.count = 3;
  task.sum = 16;
  assert_task_text (&task,
                    "Roll exactly three Purple dice from your supply and get a sum of 16 or more.");
  task.dice = spark;
  task.count = 1;
  task.sum = 4;
  assert_task_text (&task, "Roll exactly one Spark die from your supply and get 4 or more.");

  /* WITHSTAND THREAT: "Roll and apply three Threat dice." */
  memset (&task, 0, sizeof task);
  task.kind = PEN_TASK_WITHSTAND_THREAT;
  task.count = 3;
  assert_task_text (&task, "Roll and apply 3 Threat dice.");
  task.count = 1;
  assert_task_text (&task, "Roll and apply 1 Threat die.");

  /* HAVE EXPERIENCE: "Have two 'Monsters' symbols in the Experience zone." */
  memset (&task, 0, sizeof task);
  task.kind = PEN_TASK_HAVE_EXPERIENCE;
  task.experience[PEN_EXPERIENCE_MONSTERS] = 2;
  assert_task_text (&task, "Have 2 Monsters symbols in the Experience zone.");
  task.experience[PEN_EXPERIENCE_WIZARDS] = 1;
  assert_task_text (&task, "Have 2 Monsters symbols and 1 Wizards symbol in the Experience zone.");
}

/* Rulebook, "Rewards": dice, Ingredients, cards, Light and Darkness; and a
 * Contract's text, from its task and reward. */
static void
test_quest_reward_texts (void)
{
  PenReward reward = { 0 };
  g_autofree char *empty = pen_reward_describe (&reward);
  g_autofree char *one = NULL;
  g_autofree char *many = NULL;

  g_assert_cmpstr (empty, ==, "No reward.");

  reward.ingredients[PEN_INGREDIENT_ARCANA] = 2;
  reward.coloured_dice[PEN_DISCIPLINE_RUBY] = 1;
  reward.light = 1;
  one = pen_reward_describe (&reward);
  g_assert_cmpstr (one, ==, "Gain 2 Arcana, 1 Red die and 1 Light.");

  memset (&reward, 0, sizeof reward);
  reward.ingredients[PEN_INGREDIENT_JEWELS] = 1;
  reward.spark_dice = 1;
  reward.bone_dice = 2;
  reward.cards[PEN_REWARD_CARD_DISCIPLINE] = 1;
  reward.cards[PEN_REWARD_CARD_POTION] = 2;
  reward.cards[PEN_REWARD_CARD_ARTIFACT] = 1;
  reward.darkness = 2;
  many = pen_reward_describe (&reward);
  g_assert_cmpstr (many, ==,
                   "Gain 1 Jewel, 1 Spark die, 2 Bone dice, 1 Discipline card, 2 Potions, "
                   "1 Artifact and 2 Darkness.");

  g_assert_cmpstr (contract ("sorcerous-prison")->text, ==,
                   "Discard any number of Purple dice with a sum of 6 or more.\n"
                   "Gain 2 Arcana and 1 Darkness.");
}

/* Rulebook, "Dice types": a Spark die counts as any one colour; a Bone die "is
 * not considered a die of any colour"; "Some tasks can be solved only with
 * Spark dice". */
static void
test_quest_dice_filters (void)
{
  PenDiceFilter purple = colours (BIT (AMETHYST));
  PenDiceFilter red_bone = { BIT (RUBY), TRUE, FALSE };
  PenDiceFilter spark = { 0, FALSE, TRUE };
  PenDiceFilter bone = { 0, TRUE, FALSE };

  g_assert_true (pen_dice_filter_accepts (&purple, PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_AMETHYST));
  g_assert_false (pen_dice_filter_accepts (&purple, PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_RUBY));
  g_assert_true (pen_dice_filter_accepts (&purple, PEN_DIE_KIND_SPARK, 0));
  g_assert_false (pen_dice_filter_accepts (&purple, PEN_DIE_KIND_BONE, 0));
  g_assert_false (pen_dice_filter_accepts (&purple, PEN_DIE_KIND_THREAT, 0));

  g_assert_true (pen_dice_filter_accepts (&red_bone, PEN_DIE_KIND_BONE, 0));
  g_assert_true (pen_dice_filter_accepts (&red_bone, PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_RUBY));
  g_assert_true (pen_dice_filter_accepts (&red_bone, PEN_DIE_KIND_SPARK, 0));

  g_assert_true (pen_dice_filter_accepts (&spark, PEN_DIE_KIND_SPARK, 0));
  g_assert_false (pen_dice_filter_accepts (&spark, PEN_DIE_KIND_BONE, 0));
  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    g_assert_false (pen_dice_filter_accepts (&spark, PEN_DIE_KIND_COLOURED, c));

  /* Bone dice only: a Spark die counts as a colour, and no colour is taken. */
  g_assert_true (pen_dice_filter_accepts (&bone, PEN_DIE_KIND_BONE, 0));
  g_assert_false (pen_dice_filter_accepts (&bone, PEN_DIE_KIND_SPARK, 0));
  g_assert_false (pen_dice_filter_accepts (&bone, PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_RUBY));

  /* As read from the data. */
  g_assert_true (contract ("stolen-shadow")->task.dice.spark_only);
  g_assert_false (pen_dice_filter_accepts (&contract ("stolen-shadow")->task.dice,
                                           PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_AMETHYST));
  g_assert_true (pen_dice_filter_accepts (&contract ("lost-hut")->task.dice, PEN_DIE_KIND_BONE, 0));
  g_assert_true (pen_dice_filter_accepts (&contract ("lost-hut")->task.dice,
                                          PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_EMERALD));
  g_assert_false (pen_dice_filter_accepts (&contract ("sorcerous-prison")->task.dice,
                                           PEN_DIE_KIND_BONE, 0));
  g_assert_true (pen_dice_filter_accepts (&contract ("black-mill")->task.dice,
                                          PEN_DIE_KIND_BONE, 0));
}

/* ---- Broken files ------------------------------------------------------ */

#define CONTRACTS_FILE "broken-contracts.json"
#define TRIALS_FILE    "broken-trials.json"

/* A Contracts file of n cards c-1, c-2...; card 3 is replaced by special when
 * given. */
static char *
contracts_json (const char *special,
                guint       n,
                guint       difficulty)
{
  GString *json = g_string_new ("{ \"contracts\": [");

  for (guint i = 1; i <= n; i++)
    {
      if (i > 1)
        g_string_append (json, ",\n");
      if (i == 3 && special != NULL)
        g_string_append (json, special);
      else
        g_string_append_printf (json,
                                "{ \"id\": \"c-%u\", \"name\": \"Contract %u\", "
                                "\"name_ru\": \"Контракт %u\", \"difficulty\": %u, "
                                "\"tone\": \"light\", \"threat\": 1, \"points\": 2, "
                                "\"experience\": [\"monsters\"], "
                                "\"task\": {\"withstand-threat\": 1}, \"reward\": {\"light\": 1} }",
                                i, i, i, difficulty);
    }
  g_string_append (json, "] }");
  return g_string_free (json, FALSE);
}

/* A card 3 with the given task and reward, otherwise valid. */
static char *
contract_with (const char *task,
               const char *reward)
{
  return g_strdup_printf ("{ \"id\": \"c-3\", \"name\": \"Contract 3\", \"name_ru\": \"Контракт 3\", "
                          "\"difficulty\": 1, \"tone\": \"light\", \"threat\": 1, \"points\": 2, "
                          "\"experience\": [\"monsters\"], \"task\": %s, \"reward\": %s }",
                          task, reward);
}

/* A Trials file with one entry per Trial of the Fate cards, in their order;
 * the first (Goldeater) is replaced by special when given, or left out when
 * special is "". */
static char *
trials_json (const char *special)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PenFateCatalogue) fate = pen_fate_catalogue_load (&error);
  GString *json = g_string_new ("{ \"trials\": [");
  gboolean first = TRUE, replaced = FALSE;

  g_assert_no_error (error);
  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (fate); i++)
    {
      const PenFateCard *card = pen_fate_catalogue_get_card (fate, i);
      const char *text = NULL;
      g_autofree char *entry = NULL;

      if (pen_fate_card_get_kind (card) != PEN_FATE_KIND_TRIAL)
        continue;
      if (!replaced && special != NULL)
        {
          replaced = TRUE;
          if (*special == '\0')
            continue;
          text = special;
        }
      else
        text = entry = g_strdup_printf (
          "{ \"id\": \"%s\", \"threat\": 1, \"points\": 2, \"experience\": [\"wilds\"], "
          "\"darkness\": {\"approach\": \"destroy\", \"tasks\": [{\"withstand-threat\": 1}], "
          "\"reward\": {\"darkness\": 1}}, "
          "\"light\": {\"approach\": \"catch\", \"tasks\": [{\"withstand-threat\": 1}], "
          "\"reward\": {\"light\": 1}} }",
          pen_fate_card_get_id (card));
      if (!first)
        g_string_append (json, ",\n");
      first = FALSE;
      g_string_append (json, text);
    }
  g_string_append (json, "] }");
  return g_string_free (json, FALSE);
}

/* A Goldeater entry with the given paths and extra fields. */
static char *
goldeater_with (const char *darkness,
                const char *light,
                const char *extra)
{
  return g_strdup_printf ("{ \"id\": \"goldeater\", \"threat\": 1, \"points\": 2, "
                          "\"experience\": [\"wilds\"], \"darkness\": %s, \"light\": %s%s }",
                          darkness != NULL ? darkness
                                           : "{\"approach\": \"destroy\", \"tasks\": "
                                             "[{\"withstand-threat\": 1}], \"reward\": "
                                             "{\"darkness\": 1}}",
                          light != NULL ? light
                                        : "{\"approach\": \"catch\", \"tasks\": "
                                          "[{\"withstand-threat\": 1}], \"reward\": "
                                          "{\"light\": 1}}",
                          extra != NULL ? extra : "");
}

static void
assert_refused (const char *contracts,
                const char *trials,
                const char *expected_message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *default_contracts = contracts_json (NULL, 36, 1);
  g_autofree char *default_trials = trials_json (NULL);
  g_autoptr(JsonNode) contracts_root = NULL;
  g_autoptr(JsonNode) trials_root = NULL;
  g_autoptr(PenQuests) quests = NULL;

  contracts_root = pen_data_parse (CONTRACTS_FILE, contracts ? contracts : default_contracts, -1,
                                   &error);
  g_assert_no_error (error);
  trials_root = pen_data_parse (TRIALS_FILE, trials ? trials : default_trials, -1, &error);
  g_assert_no_error (error);
  quests = pen_quests_new_from_json (contracts_root, CONTRACTS_FILE, trials_root, TRIALS_FILE,
                                     &error);
  g_assert_null (quests);
  g_assert_error (error, PEN_ERROR, PEN_ERROR_DATA);
  if (!g_pattern_match_simple (expected_message, error->message))
    g_error ("message “%s” does not match “%s”", error->message, expected_message);
}

static void
assert_contract_refused (const char *card,
                         const char *expected_message)
{
  g_autofree char *json = contracts_json (card, 36, 1);

  assert_refused (json, NULL, expected_message);
}

static void
assert_contract_task_refused (const char *task,
                              const char *expected_message)
{
  g_autofree char *card = contract_with (task, "{\"light\": 1}");

  assert_contract_refused (card, expected_message);
}

static void
assert_trial_refused (const char *entry,
                      const char *expected_message)
{
  g_autofree char *json = trials_json (entry);

  assert_refused (NULL, json, expected_message);
}

/* The templates themselves load: the refusals below are each for the one
 * mistake they put in. */
static void
test_quest_templates_load (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contracts = contracts_json (NULL, 36, 1);
  g_autofree char *trials = trials_json (NULL);
  g_autoptr(JsonNode) contracts_root = pen_data_parse (CONTRACTS_FILE, contracts, -1, &error);
  g_autoptr(JsonNode) trials_root = pen_data_parse (TRIALS_FILE, trials, -1, &error);
  g_autoptr(PenQuests) quests = NULL;

  g_assert_no_error (error);
  quests = pen_quests_new_from_json (contracts_root, CONTRACTS_FILE, trials_root, TRIALS_FILE,
                                     &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pen_quests_get_n_contracts (quests), ==, 36);
  g_assert_cmpuint (pen_quests_get_n_trials (quests), ==, 24);
  g_assert_cmpstr (pen_quests_get_contract (quests, 2)->text, ==,
                   "Roll and apply 1 Threat die.\nGain 1 Light.");
}

/* Rulebook, "Components" and "Setup": 36 Contracts, enough of Difficulty 1 to
 * fill the Guild; "Light and Darkness": light and gloomy Contracts. */
static void
test_quest_broken_contracts (void)
{
  g_autofree char *short_deck = contracts_json (NULL, 35, 1);
  g_autofree char *hard_deck = contracts_json (NULL, 36, 2);
  g_autofree char *dark_reward = contract_with ("{\"withstand-threat\": 1}", "{\"darkness\": 1}");
  g_autofree char *bad_die = contract_with ("{\"withstand-threat\": 1}",
                                            "{\"dice\": [\"gold\"], \"light\": 1}");

  assert_refused ("{ \"contracts\": 3 }", NULL,
                  CONTRACTS_FILE ": contracts: field “contracts” must be a list");
  assert_refused (short_deck, NULL,
                  CONTRACTS_FILE ": contracts: field “contracts” must list exactly 36 Contracts, "
                  "not 35");
  assert_refused (hard_deck, NULL,
                  CONTRACTS_FILE ": contracts: at least 4 Difficulty 1 Contracts are needed to "
                  "fill the Guild, not 0");
  assert_contract_refused ("{ \"id\": \"c-1\" }",
                           CONTRACTS_FILE ": card 3: field “id”: “c-1” is already the id of card 1");
  assert_contract_refused ("{ \"id\": \"Lost Hut\" }",
                           CONTRACTS_FILE ": card 3: field “id”: “Lost Hut” is not kebab-case*");
  assert_contract_refused ("{ \"id\": \"c-3\", \"name\": \"contract 1\", \"name_ru\": \"x\" }",
                           CONTRACTS_FILE ": c-3: field “name”: “contract 1” is already the name "
                           "of card “c-1”");
  assert_contract_refused ("{ \"id\": \"c-3\", \"colour\": \"red\" }",
                           CONTRACTS_FILE ": c-3: unknown field “colour”");
  assert_contract_refused ("{ \"id\": \"c-3\", \"name\": \"C\", \"name_ru\": \"К\", "
                           "\"difficulty\": 3 }",
                           CONTRACTS_FILE ": c-3: field “difficulty” is 3, outside 1–2");
  assert_contract_refused ("{ \"id\": \"c-3\", \"name\": \"C\", \"name_ru\": \"К\", "
                           "\"difficulty\": 1, \"tone\": \"dusk\" }",
                           CONTRACTS_FILE ": c-3: field “tone” is “dusk”, not one of light, gloomy");
  assert_contract_refused ("{ \"id\": \"c-3\", \"name\": \"C\", \"name_ru\": \"К\", "
                           "\"difficulty\": 1, \"tone\": \"light\", \"threat\": 0, \"points\": 1, "
                           "\"experience\": [\"dragons\"] }",
                           CONTRACTS_FILE ": c-3: field “experience[1]”: “dragons” is not an "
                           "experience symbol");
  assert_contract_refused (dark_reward,
                           CONTRACTS_FILE ": c-3: field “reward” must give Light and no Darkness");
  assert_contract_refused (bad_die,
                           CONTRACTS_FILE ": c-3: field “reward.dice[1]”: “gold” is not a "
                           "Discipline, “bone”, “spark” or “any-colour”");
}

/* Rulebook, "Tasks": the six kinds and their numbers. */
static void
test_quest_broken_tasks (void)
{
  assert_contract_task_refused ("{\"withstand-threat\": 1, \"have-experience\": {\"wilds\": 1}}",
                                CONTRACTS_FILE ": c-3: field “task” must hold exactly one task: *");
  assert_contract_task_refused ("{\"discard-dice\": {}}",
                                CONTRACTS_FILE ": c-3: field “task”: “discard-dice” is not a "
                                "task (*)");
  assert_contract_task_refused ("{\"discard-ingredients\": {\"gold\": 2}}",
                                CONTRACTS_FILE ": c-3: field “task.discard-ingredients”: “gold” "
                                "is not an Ingredient");
  assert_contract_task_refused ("{\"discard-ingredients\": {\"crystals\": 13}}",
                                CONTRACTS_FILE ": c-3: field “task.discard-ingredients.crystals” "
                                "is 13, outside 1–12");
  assert_contract_task_refused ("{\"discard-dice-sum\": {\"dice\": [\"ochre\"], \"sum\": 6}}",
                                CONTRACTS_FILE ": c-3: field “task.discard-dice-sum.dice”: "
                                "“ochre” is not a Discipline, “bone”, “any” or “spark”");
  assert_contract_task_refused ("{\"discard-dice-sum\": {\"dice\": [\"ruby\", \"spark\"], "
                                "\"sum\": 6}}",
                                CONTRACTS_FILE ": c-3: field “task.discard-dice-sum.dice”: "
                                "“spark” must be alone in the list");
  assert_contract_task_refused ("{\"discard-dice-sum\": {\"dice\": [\"ruby\", \"ruby\"], "
                                "\"sum\": 6}}",
                                CONTRACTS_FILE ": c-3: field “task.discard-dice-sum.dice” lists "
                                "“ruby” twice");
  assert_contract_task_refused ("{\"discard-dice-exact\": {\"dice\": [\"ruby\"], "
                                "\"values\": [5, 7]}}",
                                CONTRACTS_FILE ": c-3: field “task.discard-dice-exact.values[2]” "
                                "is 7, outside 1–6");
  assert_contract_task_refused ("{\"discard-dice-exact\": {\"dice\": [\"ruby\"], "
                                "\"values\": [1, 2, 3, 4, 5, 6, 6]}}",
                                CONTRACTS_FILE ": c-3: field “task.discard-dice-exact.values” "
                                "must list 1 to 6 entries, not 7");
  assert_contract_task_refused ("{\"roll-dice-sum\": {\"dice\": [\"jasper\"], \"count\": 2, "
                                "\"sum\": 13}}",
                                CONTRACTS_FILE ": c-3: field “task.roll-dice-sum.sum” is 13, "
                                "more than 2 dice can show");
  assert_contract_task_refused ("{\"roll-dice-sum\": {\"dice\": [\"jasper\"], \"sum\": 7}}",
                                CONTRACTS_FILE ": c-3: field “task.roll-dice-sum.count” must be "
                                "a whole number");
  assert_contract_task_refused ("{\"have-experience\": {\"dragons\": 2}}",
                                CONTRACTS_FILE ": c-3: field “task.have-experience”: “dragons” "
                                "is not an experience symbol");
}

/* Rulebook, "Trials" (two paths with different approaches, one to three tasks)
 * and "Properties"; "Components": one entry for each Trial. */
static void
test_quest_broken_trials (void)
{
  g_autofree char *twice = NULL;
  g_autofree char *same_approach = goldeater_with (
    "{\"approach\": \"catch\", \"tasks\": [{\"withstand-threat\": 1}], \"reward\": "
    "{\"darkness\": 1}}", NULL, NULL);
  g_autofree char *bad_approach = goldeater_with (
    "{\"approach\": \"charm\", \"tasks\": [{\"withstand-threat\": 1}], \"reward\": "
    "{\"darkness\": 1}}", NULL, NULL);
  g_autofree char *dark_light = goldeater_with (
    NULL, "{\"approach\": \"catch\", \"tasks\": [{\"withstand-threat\": 1}], \"reward\": "
          "{\"light\": 1, \"darkness\": 1}}", NULL);
  g_autofree char *four_tasks = goldeater_with (
    NULL, "{\"approach\": \"catch\", \"tasks\": [{\"withstand-threat\": 1}, "
          "{\"withstand-threat\": 2}, {\"withstand-threat\": 3}, {\"withstand-threat\": 4}], "
          "\"reward\": {\"light\": 1}}", NULL);
  g_autofree char *bad_count = goldeater_with (
    "{\"approach\": \"destroy\", \"tasks\": [{\"withstand-threat\": 1}, {\"roll-dice-sum\": "
    "{\"dice\": [\"ruby\"], \"count\": 9, \"sum\": 7}}], \"reward\": {\"darkness\": 1}}",
    NULL, NULL);
  g_autofree char *shield = goldeater_with (NULL, NULL,
                                            ", \"properties\": [{\"shield\": "
                                            "{\"withstand-threat\": 2}}]");
  g_autofree char *bare_rift = goldeater_with (NULL, NULL, ", \"properties\": [\"rift\"]");
  g_autofree char *trap_value = goldeater_with (NULL, NULL, ", \"properties\": [{\"trap\": 1}]");
  g_autofree char *curse = goldeater_with (NULL, NULL, ", \"properties\": [\"curse\"]");
  g_autofree char *two_traps = goldeater_with (NULL, NULL, ", \"properties\": [\"trap\", \"trap\"]");
  g_autofree char *retaliation = goldeater_with (NULL, NULL, ", \"retaliation\": 7");

  twice = g_strdup_printf ("{ \"id\": \"scrollers\", \"threat\": 1, \"points\": 2, "
                           "\"experience\": [\"wilds\"], \"darkness\": {\"approach\": "
                           "\"destroy\", \"tasks\": [{\"withstand-threat\": 1}], \"reward\": "
                           "{\"darkness\": 1}}, \"light\": {\"approach\": \"catch\", \"tasks\": "
                           "[{\"withstand-threat\": 1}], \"reward\": {\"light\": 1}} }");

  assert_trial_refused ("", TRIALS_FILE ": trials: the Trial “goldeater” of cards/fate.json has "
                            "no entry");
  assert_trial_refused ("{ \"id\": \"dragon\" }",
                        TRIALS_FILE ": card 1: field “id”: “dragon” is not a Trial of "
                        "cards/fate.json");
  assert_trial_refused ("{ \"id\": \"end-of-time\" }",
                        TRIALS_FILE ": card 1: field “id”: “end-of-time” is not a Trial of "
                        "cards/fate.json");
  assert_trial_refused (twice,
                        TRIALS_FILE ": card 2: field “id”: “scrollers” is already the id of card 1");
  assert_trial_refused (same_approach,
                        TRIALS_FILE ": goldeater: the paths of Darkness and Light must have "
                        "different approaches");
  assert_trial_refused (bad_approach,
                        TRIALS_FILE ": goldeater: field “darkness.approach” is “charm”, not one "
                        "of destroy, catch, reconcile, dispel, withstand, bribe");
  assert_trial_refused (dark_light,
                        TRIALS_FILE ": goldeater: field “light.reward” must give Light and no "
                        "Darkness");
  assert_trial_refused (four_tasks,
                        TRIALS_FILE ": goldeater: field “light.tasks” must list 1 to 3 entries, "
                        "not 4");
  assert_trial_refused (bad_count,
                        TRIALS_FILE ": goldeater: field “darkness.tasks[2].roll-dice-sum.count” "
                        "is 9, outside 1–6");
  assert_trial_refused (shield,
                        TRIALS_FILE ": goldeater: field “properties[1].shield”: a Shield’s task "
                        "must be discard-dice-sum or discard-dice-exact");
  assert_trial_refused (bare_rift,
                        TRIALS_FILE ": goldeater: field “properties[1]”: the Property “rift” "
                        "takes a value: write it as an object");
  assert_trial_refused (trap_value,
                        TRIALS_FILE ": goldeater: field “properties[1]”: the Property “trap” "
                        "takes no value: write its name alone");
  assert_trial_refused (curse,
                        TRIALS_FILE ": goldeater: field “properties[1]”: “curse” is not a "
                        "Property (*)");
  assert_trial_refused (two_traps,
                        TRIALS_FILE ": goldeater: field “properties” lists “trap” twice");
  assert_trial_refused (retaliation,
                        TRIALS_FILE ": goldeater: field “retaliation” is 7, outside 0–6");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/quest/shipped", test_quest_shipped);
  g_test_add_func ("/quest/named-contracts", test_quest_named_contracts);
  g_test_add_func ("/quest/contract-deck", test_quest_contract_deck);
  g_test_add_func ("/quest/every-trial", test_quest_every_trial);
  g_test_add_func ("/quest/paths", test_quest_paths);
  g_test_add_func ("/quest/tasks-can-be-met", test_quest_tasks_can_be_met);
  g_test_add_func ("/quest/goldeater", test_quest_goldeater);
  g_test_add_func ("/quest/basilisk", test_quest_basilisk);
  g_test_add_func ("/quest/task-texts", test_quest_task_texts);
  g_test_add_func ("/quest/reward-texts", test_quest_reward_texts);
  g_test_add_func ("/quest/dice-filters", test_quest_dice_filters);
  g_test_add_func ("/quest/broken/templates-load", test_quest_templates_load);
  g_test_add_func ("/quest/broken/contracts", test_quest_broken_contracts);
  g_test_add_func ("/quest/broken/tasks", test_quest_broken_tasks);
  g_test_add_func ("/quest/broken/trials", test_quest_broken_trials);

  return g_test_run ();
}
