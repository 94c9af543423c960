/* pen-card-text.c: the words of the cards as they are printed (name, type
 * line, cost line, text), in the current language, so that the window and
 * penumbra-sim show the same cards.
 *
 * Russian agrees its adjectives with their nouns and has three count forms,
 * so a colour or a Discipline is never put into a sentence on its own: each
 * phrase that joins one to a noun ("a Red Spell", "for each Ruby Mark",
 * "2 Red dice") is a message of its own, with its count through ngettext.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-card-text"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pen-action.h"
#include "pen-card-text.h"

/**
 * pen_npgettext:
 * @context: the message's context
 * @singular: the English singular
 * @plural: the English plural
 * @n: the count
 *
 * ngettext() with a context (gettext's npgettext(), which GLib lacks): for a
 * count whose noun takes another case elsewhere ("Price: 1 Trinket" beside
 * "Gain 1 Trinket").
 *
 * Returns: the translation for @n
 */
const char *
pen_npgettext (const char *context,
               const char *singular,
               const char *plural,
               gulong      n)
{
  g_autofree char *id = g_strconcat (context, "\004", singular, NULL);
  const char *translated = g_dngettext (GETTEXT_PACKAGE, id, plural, n);

  if (translated == id)
    return singular;
  return translated;
}

/* Whether the interface speaks Russian: texts the data gives in both
 * languages (the Fate cards, the Automa's specialities) follow it. */
gboolean
pen_text_prefer_russian (void)
{
  return g_str_has_prefix (g_get_language_names ()[0], "ru");
}

/* A card's name in the current language (the data's names are msgids under
 * the context "card name", build-aux/card-names.py). */
const char *
pen_text_card_name (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "card name", name);
}

/* "2 Red dice", "1 Bone die", "3 Spark dice" */
char *
pen_text_dice (PenDieKind    kind,
               PenDiscipline colour,
               guint         n)
{
  if (kind == PEN_DIE_KIND_BONE)
    return g_strdup_printf (ngettext ("%u Bone die", "%u Bone dice", n), n);
  if (kind == PEN_DIE_KIND_SPARK)
    return g_strdup_printf (ngettext ("%u Spark die", "%u Spark dice", n), n);
  switch (colour)
    {
    case PEN_DISCIPLINE_RUBY: return g_strdup_printf (ngettext ("%u Red die", "%u Red dice", n), n);
    case PEN_DISCIPLINE_AMBER: return g_strdup_printf (ngettext ("%u Orange die", "%u Orange dice", n), n);
    case PEN_DISCIPLINE_JASPER: return g_strdup_printf (ngettext ("%u Yellow die", "%u Yellow dice", n), n);
    case PEN_DISCIPLINE_EMERALD: return g_strdup_printf (ngettext ("%u Green die", "%u Green dice", n), n);
    case PEN_DISCIPLINE_SAPPHIRE: return g_strdup_printf (ngettext ("%u Blue die", "%u Blue dice", n), n);
    case PEN_DISCIPLINE_AMETHYST:
    default: return g_strdup_printf (ngettext ("%u Purple die", "%u Purple dice", n), n);
    }
}

/* "a Ruby Mark", "an Amber Mark": what a Talent gives. */
const char *
pen_text_a_mark (PenDiscipline discipline)
{
  switch (discipline)
    {
    case PEN_DISCIPLINE_RUBY: return _("a Ruby Mark");
    case PEN_DISCIPLINE_AMBER: return _("an Amber Mark");
    case PEN_DISCIPLINE_JASPER: return _("a Jasper Mark");
    case PEN_DISCIPLINE_EMERALD: return _("an Emerald Mark");
    case PEN_DISCIPLINE_SAPPHIRE: return _("a Sapphire Mark");
    case PEN_DISCIPLINE_AMETHYST:
    default: return _("an Amethyst Mark");
    }
}

/* "the Ruby Mark" as the object of an action ("Heal the Ruby Mark"; the
 * accusative in Russian). */
const char *
pen_text_the_mark (PenDiscipline discipline)
{
  switch (discipline)
    {
    case PEN_DISCIPLINE_RUBY: return _("the Ruby Mark");
    case PEN_DISCIPLINE_AMBER: return _("the Amber Mark");
    case PEN_DISCIPLINE_JASPER: return _("the Jasper Mark");
    case PEN_DISCIPLINE_EMERALD: return _("the Emerald Mark");
    case PEN_DISCIPLINE_SAPPHIRE: return _("the Sapphire Mark");
    case PEN_DISCIPLINE_AMETHYST:
    default: return _("the Amethyst Mark");
    }
}

/* " for each Ruby Mark", after an effect. */
static const char *
for_each_mark (PenDiscipline discipline)
{
  switch (discipline)
    {
    case PEN_DISCIPLINE_RUBY: return _(" for each Ruby Mark");
    case PEN_DISCIPLINE_AMBER: return _(" for each Amber Mark");
    case PEN_DISCIPLINE_JASPER: return _(" for each Jasper Mark");
    case PEN_DISCIPLINE_EMERALD: return _(" for each Emerald Mark");
    case PEN_DISCIPLINE_SAPPHIRE: return _(" for each Sapphire Mark");
    case PEN_DISCIPLINE_AMETHYST:
    default: return _(" for each Amethyst Mark");
    }
}

/* "1 Trinket" as a price or a gift is read (the nominative in Russian), where
 * pen_ingredient_describe_count() is what is gained or discarded. */
char *
pen_text_ingredient_amount (PenIngredient ingredient,
                            guint         n)
{
  switch (ingredient)
    {
    case PEN_INGREDIENT_BLOOD: return g_strdup_printf (pen_npgettext ("amount", "%u Blood", "%u Blood", n), n);
    case PEN_INGREDIENT_CRYSTALS: return g_strdup_printf (pen_npgettext ("amount", "%u Crystal", "%u Crystals", n), n);
    case PEN_INGREDIENT_JEWELS: return g_strdup_printf (pen_npgettext ("amount", "%u Jewel", "%u Jewels", n), n);
    case PEN_INGREDIENT_FRUITS: return g_strdup_printf (pen_npgettext ("amount", "%u Fruit", "%u Fruits", n), n);
    case PEN_INGREDIENT_TRINKETS: return g_strdup_printf (pen_npgettext ("amount", "%u Trinket", "%u Trinkets", n), n);
    case PEN_INGREDIENT_ARCANA:
    default: return g_strdup_printf (pen_npgettext ("amount", "%u Arcana", "%u Arcana", n), n);
    }
}

/* ---- Launches ------------------------------------------------------------ */

/* The column of "any colour", after the Disciplines'. */
#define ANY_COLOUR PEN_N_DISCIPLINES

/* What a card launches, as in "Launches a Red Spell." (the accusative in
 * Russian): [Spell, Potion, Pet, any card][colour, or any colour]. */
static const char * const launched[4][ANY_COLOUR + 1] = {
  { NC_ ("launched", "a Red Spell"), NC_ ("launched", "an Orange Spell"), NC_ ("launched", "a Yellow Spell"),
    NC_ ("launched", "a Green Spell"), NC_ ("launched", "a Blue Spell"), NC_ ("launched", "a Purple Spell"),
    NC_ ("launched", "any Spell") },
  { NC_ ("launched", "a Red Potion"), NC_ ("launched", "an Orange Potion"), NC_ ("launched", "a Yellow Potion"),
    NC_ ("launched", "a Green Potion"), NC_ ("launched", "a Blue Potion"), NC_ ("launched", "a Purple Potion"),
    NC_ ("launched", "any Potion") },
  { NC_ ("launched", "a Red Pet"), NC_ ("launched", "an Orange Pet"), NC_ ("launched", "a Yellow Pet"),
    NC_ ("launched", "a Green Pet"), NC_ ("launched", "a Blue Pet"), NC_ ("launched", "a Purple Pet"),
    NC_ ("launched", "any Pet") },
  { NC_ ("launched", "a Red card"), NC_ ("launched", "an Orange card"), NC_ ("launched", "a Yellow card"),
    NC_ ("launched", "a Green card"), NC_ ("launched", "a Blue card"), NC_ ("launched", "a Purple card"),
    NC_ ("launched", "any card") },
};

/* The card after which a cost is free, as in "free right after a Red Spell"
 * (the genitive in Russian). */
static const char * const launching[4][ANY_COLOUR + 1] = {
  { NC_ ("launching", "a Red Spell"), NC_ ("launching", "an Orange Spell"), NC_ ("launching", "a Yellow Spell"),
    NC_ ("launching", "a Green Spell"), NC_ ("launching", "a Blue Spell"), NC_ ("launching", "a Purple Spell"),
    NC_ ("launching", "any Spell") },
  { NC_ ("launching", "a Red Potion"), NC_ ("launching", "an Orange Potion"), NC_ ("launching", "a Yellow Potion"),
    NC_ ("launching", "a Green Potion"), NC_ ("launching", "a Blue Potion"), NC_ ("launching", "a Purple Potion"),
    NC_ ("launching", "any Potion") },
  { NC_ ("launching", "a Red Pet"), NC_ ("launching", "an Orange Pet"), NC_ ("launching", "a Yellow Pet"),
    NC_ ("launching", "a Green Pet"), NC_ ("launching", "a Blue Pet"), NC_ ("launching", "a Purple Pet"),
    NC_ ("launching", "any Pet") },
  { NC_ ("launching", "a Red card"), NC_ ("launching", "an Orange card"), NC_ ("launching", "a Yellow card"),
    NC_ ("launching", "a Green card"), NC_ ("launching", "a Blue card"), NC_ ("launching", "a Purple card"),
    NC_ ("launching", "any card") },
};

static const char *
launch_phrase (const char * const table[4][ANY_COLOUR + 1],
               const char        *context,
               const PenLaunch   *launch)
{
  guint type = launch->any_type ? 3 : launch->type == PEN_CARD_SPELL ? 0 : launch->type == PEN_CARD_RECIPE ? 1 : 2;
  guint colour = launch->any_colour ? ANY_COLOUR : launch->colour;

  return g_dpgettext2 (GETTEXT_PACKAGE, context, table[type][colour]);
}

/* ---- The type line and the costs ----------------------------------------- */

static const char *
type_name (const PenCard *card)
{
  switch (card->type)
    {
    case PEN_CARD_SPELL: return _("Spell");
    case PEN_CARD_RECIPE: return _("Recipe");
    case PEN_CARD_SUMMON: return _("Summon");
    case PEN_CARD_ARTIFACT: return card->equipment == PEN_EQUIPMENT_NONE ? _("Artifact · Tome") : _("Artifact");
    case PEN_CARD_POTION:
    default: return _("Potion");
    }
}

/* "Ruby · Spell"; a Potion has no colour. */
char *
pen_card_text_type_line (const PenCard *card)
{
  g_return_val_if_fail (card != NULL, NULL);

  if (card->type == PEN_CARD_POTION)
    return g_strdup (type_name (card));
  /* Translators: a card's colour and type: "Ruby · Spell" */
  return g_strdup_printf (_("%s · %s"), pen_discipline_get_name (card->colour), type_name (card));
}

static void
append_die_cost (GString                *text,
                 const PenCostComponent *component)
{
  const char *die;

  if (component->any_die)
    die = C_ ("cost", "any die");
  else if (component->die_kind == PEN_DIE_KIND_BONE)
    die = C_ ("cost", "Bone die");
  else if (component->die_kind == PEN_DIE_KIND_SPARK)
    die = C_ ("cost", "Spark die");
  else
    switch (component->colour)
      {
      case PEN_DISCIPLINE_RUBY: die = C_ ("cost", "Red die"); break;
      case PEN_DISCIPLINE_AMBER: die = C_ ("cost", "Orange die"); break;
      case PEN_DISCIPLINE_JASPER: die = C_ ("cost", "Yellow die"); break;
      case PEN_DISCIPLINE_EMERALD: die = C_ ("cost", "Green die"); break;
      case PEN_DISCIPLINE_SAPPHIRE: die = C_ ("cost", "Blue die"); break;
      case PEN_DISCIPLINE_AMETHYST:
      default: die = C_ ("cost", "Purple die"); break;
      }
  if (component->value > 0)
    /* Translators: a die of a cost showing a value: "Red die showing 6" */
    g_string_append_printf (text, _("%s showing %u"), die, component->value);
  else
    g_string_append (text, die);
}

/* "Cost: Red die + 2 Blood, or free right after a Red Spell": what casting
 * the card costs; NULL for an Artifact or a Potion, which have a price. */
char *
pen_card_text_cost_line (const PenCard *card)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (card != NULL, NULL);

  if (card->type == PEN_CARD_ARTIFACT || card->type == PEN_CARD_POTION)
    return NULL;
  for (guint c = 0; c < card->n_costs; c++)
    {
      const PenCost *cost = &card->costs[c];

      if (c > 0)
        g_string_append (text, _(", or "));
      for (guint i = 0; i < cost->n_components; i++)
        {
          const PenCostComponent *component = &cost->components[i];

          if (i > 0)
            g_string_append (text, " + ");
          if (component->kind == PEN_COST_DIE)
            append_die_cost (text, component);
          else if (component->kind == PEN_COST_INGREDIENT)
            {
              g_autofree char *amount = pen_text_ingredient_amount (component->ingredient, component->amount);

              g_string_append (text, amount);
            }
          else
            /* Translators: a Launch cost: "free right after a Red Spell" */
            g_string_append_printf (text, _("free right after %s"),
                                    launch_phrase (launching, "launching", &component->launched_by));
        }
    }
  /* Translators: what casting a card costs */
  return g_strdup_printf (_("Cost: %s"), text->len > 0 ? text->str : _("free"));
}

/* "Price: 1 Jewel + 1 Trinket": what buying the card costs; NULL when it is
 * not for sale. */
char *
pen_card_text_price_line (const PenCard *card)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (card != NULL, NULL);

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (card->price[i] > 0)
      {
        g_autofree char *amount = pen_text_ingredient_amount (i, card->price[i]);

        if (text->len > 0)
          g_string_append (text, " + ");
        g_string_append (text, amount);
      }
  if (text->len == 0)
    return NULL;
  /* Translators: what buying a card costs */
  return g_strdup_printf (_("Price: %s"), text->str);
}

/* ---- The text, generated from the effects -------------------------------- */

static void
append_ingredients (GString     *text,
                    const guint  amounts[PEN_N_INGREDIENTS])
{
  gboolean first = TRUE;

  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (amounts[i] > 0)
      {
        g_autofree char *part = pen_ingredient_describe_count (i, amounts[i]);

        if (!first)
          g_string_append (text, C_("list", " and "));
        g_string_append (text, part);
        first = FALSE;
      }
}

static char *
describe_die (const PenEffect *effect)
{
  if (effect->any_colour)
    return g_strdup_printf (ngettext ("%u die of any colour", "%u dice of any colour", effect->amount),
                            effect->amount);
  return pen_text_dice (effect->die_kind, effect->die_colour, effect->amount);
}

/* "Reroll a die.", "Adjust 3 times." */
static void
describe_manipulation (GString         *text,
                       const PenEffect *e,
                       const char      *per_mark)
{
  guint n = e->amount;

  switch (e->manipulation)
    {
    case PEN_MANIPULATE_REROLL:
      if (n == 1)
        g_string_append_printf (text, _("Reroll a die%s."), per_mark);
      else
        g_string_append_printf (text, ngettext ("Reroll %u time%s.", "Reroll %u times%s.", n), n, per_mark);
      break;
    case PEN_MANIPULATE_FLIP:
      if (n == 1)
        g_string_append_printf (text, _("Flip a die%s."), per_mark);
      else
        g_string_append_printf (text, ngettext ("Flip %u time%s.", "Flip %u times%s.", n), n, per_mark);
      break;
    case PEN_MANIPULATE_RECOLOUR:
      if (n == 1)
        g_string_append_printf (text, _("Recolour a die%s."), per_mark);
      else
        g_string_append_printf (text, ngettext ("Recolour %u time%s.", "Recolour %u times%s.", n), n, per_mark);
      break;
    case PEN_MANIPULATE_SET:
      if (n == 1)
        g_string_append_printf (text, _("Set a die to any face%s."), per_mark);
      else
        g_string_append_printf (text, ngettext ("Set a die to any face %u time%s.", "Set a die to any face %u times%s.",
                                                n), n, per_mark);
      break;
    case PEN_MANIPULATE_INCREASE:
    default:
      if (n == 1)
        g_string_append_printf (text, _("Adjust a die%s."), per_mark);
      else
        g_string_append_printf (text, ngettext ("Adjust %u time%s.", "Adjust %u times%s.", n), n, per_mark);
      break;
    }
}

static char *
describe_cards (const PenEffect *e)
{
  guint n = e->amount;

  switch (e->card_kind)
    {
    case PEN_CARD_KIND_POTION:
      return g_strdup_printf (ngettext ("%u Potion", "%u Potions", n), n);
    case PEN_CARD_KIND_ARTIFACT:
      return g_strdup_printf (ngettext ("%u Artifact", "%u Artifacts", n), n);
    case PEN_CARD_KIND_DISCIPLINE:
    default:
      return g_strdup_printf (ngettext ("%u Discipline card", "%u Discipline cards", n), n);
    }
}

static void
describe_effect (GString         *text,
                 const PenEffect *e)
{
  const char *per_mark = e->per_mark ? for_each_mark (e->per_mark_discipline) : "";

  switch (e->op)
    {
    case PEN_EFFECT_GAIN_INGREDIENT:
      {
        g_autofree char *part = pen_ingredient_describe_count (e->ingredient, e->amount);

        g_string_append_printf (text, _("Gain %s%s."), part, per_mark);
      }
      break;
    case PEN_EFFECT_GAIN_DIE:
      {
        g_autofree char *dice = describe_die (e);

        g_string_append_printf (text, e->temporary ? _("Gain %s%s (temporary).") : _("Gain %s%s."), dice, per_mark);
      }
      break;
    case PEN_EFFECT_ROLL_RESOURCE:
      g_string_append_printf (text, ngettext ("Roll %u Resource die%s.", "Roll %u Resource dice%s.", e->amount),
                              e->amount, per_mark);
      break;
    case PEN_EFFECT_MANIPULATE:
      describe_manipulation (text, e, per_mark);
      break;
    case PEN_EFFECT_EXCHANGE:
      g_string_append (text, _("Discard "));
      append_ingredients (text, e->give);
      {
        guint n_take = 0;

        for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
          n_take += e->take[i];
        if (n_take > 0)
          {
            g_string_append (text, _(" to gain "));
            append_ingredients (text, e->take);
          }
      }
      g_string_append (text, e->repeat ? _(" any number of times.") : ".");
      break;
    case PEN_EFFECT_CONVERT:
      g_string_append (text, _("Convert Ingredients any number of times."));
      break;
    case PEN_EFFECT_HEAL:
      if (e->amount == 0)
        g_string_append (text, _("Heal all Wounds."));
      else
        g_string_append_printf (text, ngettext ("Heal up to %u Wound%s.", "Heal up to %u Wounds%s.", e->amount),
                                e->amount, per_mark);
      break;
    case PEN_EFFECT_RECHARGE:
      if (e->discipline_marks)
        g_string_append_printf (text, ngettext ("Recharge %u Discipline Mark%s.", "Recharge %u Discipline Marks%s.",
                                                e->amount), e->amount, per_mark);
      else
        g_string_append_printf (text, ngettext ("Recharge %u Mark%s.", "Recharge %u Marks%s.", e->amount),
                                e->amount, per_mark);
      break;
    case PEN_EFFECT_UNEXHAUST:
      g_string_append_printf (text, ngettext ("Unexhaust %u card%s.", "Unexhaust %u cards%s.", e->amount),
                              e->amount, per_mark);
      break;
    case PEN_EFFECT_DISCARD_THREAT:
      if (e->amount == 0)
        g_string_append (text, _("Discard all Threat dice."));
      else
        g_string_append_printf (text, ngettext ("Discard %u Threat die%s.", "Discard %u Threat dice%s.", e->amount),
                                e->amount, per_mark);
      break;
    case PEN_EFFECT_ADJUST_THREAT:
      g_string_append_printf (text, ngettext ("Adjust %u Threat die%s.", "Adjust %u Threat dice%s.", e->amount),
                              e->amount, per_mark);
      break;
    case PEN_EFFECT_GAIN_CARD:
      {
        g_autofree char *cards = describe_cards (e);

        g_string_append_printf (text, _("Gain %s%s."), cards, per_mark);
      }
      break;
    case PEN_EFFECT_EXTRA_PLACEMENT:
      g_string_append_printf (text, ngettext ("Make %u additional placement%s.", "Make %u additional placements%s.",
                                              e->amount), e->amount, per_mark);
      break;
    case PEN_EFFECT_BOOST_MARKS:
      /* Translators: a Discipline's name and a number of Marks: "Emerald effects trigger with +2 Marks." */
      g_string_append_printf (text, ngettext ("%s effects trigger with +%u Mark.", "%s effects trigger with +%u Marks.",
                                              e->amount),
                              pen_discipline_get_name (e->boost_discipline), e->amount);
      break;
    case PEN_EFFECT_CANCEL_PROPERTY:
      g_string_append (text, _("Cancel a Property of the Trial."));
      break;
    case PEN_EFFECT_SUMMON_FROM_MARKET:
      g_string_append (text, _("You may summon Pets from the market."));
      break;
    case PEN_EFFECT_SPECIAL:
      switch (e->special)
        {
        case PEN_CARD_SPECIAL_DEAD_WATER:
          g_string_append (text, _("Replace the task of any path in the Trial with “Spark 1+”. "
                                   "At the end of the turn gain and apply a Mortal Wound card."));
          break;
        case PEN_CARD_SPECIAL_PHYLACTERY:
          g_string_append (text, _("Ignore the effects of a Mortal Wound and discard its card."));
          break;
        case PEN_CARD_SPECIAL_IGNORE_DICE_IN_THREAT:
          g_string_append (text, _("Until end of turn: ignore all dice in your supply when distributing Threat."));
          break;
        case PEN_CARD_SPECIAL_WHISPERING_RING:
          g_string_append (text, _("When attempting to Catch: −6 to the task or ignore 1 die in the task."));
          break;
        }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The words before the effects, ending in a colon; NULL when there are none. */
static char *
describe_requirement (const PenCard *card)
{
  static const char *conditions[] = {
    N_("When placed in a Class:"), N_("When placed in the City:"), N_("When placed in the Wilds:"),
    N_("On Rest:"), N_("When you fulfil a Contract:"), N_("When you pass a Trial:"),
  };

  if (card->requirement == PEN_REQUIRE_THREAT)
    return g_strdup_printf (card->uncancellable ? _("Apply %u Threat (uncancellable):") : _("Apply %u Threat:"),
                            card->threat);
  if (card->requirement == PEN_REQUIRE_CONDITION)
    return g_strdup (_(conditions[card->condition]));
  if (card->timing == PEN_TIMING_BEFORE_THREAT_ROLL)
    return g_strdup (_("Before the Threat roll:"));
  if (card->timing == PEN_TIMING_AFTER_THREAT_ROLL)
    return g_strdup (_("After the Threat roll:"));
  if (card->timing == PEN_TIMING_REST)
    return g_strdup (_(conditions[PEN_CONDITION_ON_REST]));
  return NULL;
}

/**
 * pen_card_text_effects:
 *
 * Returns: (transfer full): the card's text, as players read it
 */
char *
pen_card_text_effects (const PenCard *card)
{
  g_autoptr(GString) effects = g_string_new (NULL);
  g_autofree char *requirement = NULL;

  g_return_val_if_fail (card != NULL, NULL);

  for (guint i = 0; i < card->n_effects; i++)
    {
      if (i > 0)
        g_string_append_c (effects, ' ');
      describe_effect (effects, &card->effects[i]);
    }
  if (card->launches_something)
    {
      if (effects->len > 0)
        g_string_append_c (effects, ' ');
      /* Translators: "Launches a Red Spell." */
      g_string_append_printf (effects, _("Launches %s."), launch_phrase (launched, "launched", &card->launches));
    }

  requirement = describe_requirement (card);
  if (requirement == NULL)
    return g_string_free (g_steal_pointer (&effects), FALSE);
  /* A sentence after a colon goes on in lower case. */
  if (effects->len > 0)
    {
      gunichar first = g_utf8_get_char (effects->str);
      const char *rest = g_utf8_next_char (effects->str);
      char lower[8] = { 0 };

      g_unichar_to_utf8 (g_unichar_tolower (first), lower);
      return g_strdup_printf ("%s %s%s", requirement, lower, rest);
    }
  return g_steal_pointer (&requirement);
}

/* ---- Contracts and Trials ------------------------------------------------ */

/* "Threat 2 · 1 point" */
char *
pen_quest_text_threat_line (guint threat,
                            guint points)
{
  /* Translators: a Contract's or Trial's Threat and points */
  return g_strdup_printf (ngettext ("Threat %u · %u point", "Threat %u · %u points", points), threat, points);
}

/* Appends "2 × Wilds"-style items of @experience to @items. */
static void
add_experience (GPtrArray   *items,
                const guint  experience[PEN_N_EXPERIENCES])
{
  for (guint e = 0; e < PEN_N_EXPERIENCES; e++)
    {
      if (experience[e] == 1)
        g_ptr_array_add (items, g_strdup (pen_experience_get_name (e)));
      else if (experience[e] > 1)
        /* Translators: experience symbols of one kind: "2 × Wilds" */
        g_ptr_array_add (items, g_strdup_printf (_("%u × %s"), experience[e], pen_experience_get_name (e)));
    }
}

/* All of a Contract or Trial that scores at the end (rulebook, "Scoring"):
 * its points (2. TRIALS, 5. CONTRACTS), its experience symbols (4.
 * EXPERIENCE) and its Light or Darkness ("Light and Darkness"; a Trial's by
 * the path passed): "Scores at the end: 2 points, Monsters, 1 Light". */
char *
pen_quest_text_scoring (guint       points,
                        const guint experience[PEN_N_EXPERIENCES],
                        guint       light,
                        guint       darkness,
                        gboolean    by_path)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  g_ptr_array_add (items, g_strdup_printf (ngettext ("%u point", "%u points", points), points));
  add_experience (items, experience);
  if (by_path && light > 0 && darkness > 0)
    /* Translators: what a Trial's paths add to Light and Darkness: "1 Light or 1 Darkness by its path" */
    g_ptr_array_add (items, g_strdup_printf (_("%u Light or %u Darkness by its path"), light, darkness));
  else
    {
      if (light > 0)
        g_ptr_array_add (items, g_strdup_printf (ngettext ("%u Light", "%u Light", light), light));
      if (darkness > 0)
        g_ptr_array_add (items, g_strdup_printf (ngettext ("%u Darkness", "%u Darkness", darkness), darkness));
    }
  g_ptr_array_add (items, NULL);
  joined = g_strjoinv (", ", (char **) items->pdata);
  /* Translators: all that a Contract or Trial scores at the end */
  return g_strdup_printf (_("Scores at the end: %s"), joined);
}

/* A Trial's path: its heading, its approach, one task a line (any one of them
 * is enough), and the reward. */
char *
pen_trial_text_path (const PenTrial *trial,
                     gboolean        light)
{
  const PenTrialPath *path = light ? &trial->light : &trial->darkness;
  /* Translators: a Trial's path, before its tasks (any one is enough) */
  g_autoptr(GString) text = g_string_new (light ? _("Light (one task):") : _("Darkness (one task):"));
  g_autofree char *reward = pen_reward_describe (&path->reward);

  /* Translators: a Trial path's approach, "Approach: Catch" */
  g_string_append_printf (text, _("\nApproach: %s"), pen_approach_get_name (path->approach));
  for (guint i = 0; i < path->n_tasks; i++)
    {
      g_autofree char *task = pen_task_describe (&path->tasks[i]);

      g_string_append_printf (text, "\n• %s", task);
    }
  /* Translators: a Trial path's reward, on its own line */
  g_string_append_printf (text, _("\n→ %s"), reward);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "Properties: Rift 2, Shield"; NULL when the Trial has none. */
char *
pen_trial_text_properties (const PenTrial *trial)
{
  g_autoptr(GString) properties = g_string_new (NULL);

  for (guint i = 0; i < trial->n_properties; i++)
    {
      const PenProperty *property = &trial->properties[i];

      if (properties->len > 0)
        g_string_append (properties, ", ");
      g_string_append (properties, pen_property_get_name (property->kind));
      if (property->kind == PEN_PROPERTY_RIFT || property->kind == PEN_PROPERTY_VIGILANCE)
        g_string_append_printf (properties, " %u", property->x);
    }
  if (properties->len == 0)
    return NULL;
  /* Translators: a Trial's Properties */
  return g_strdup_printf (_("Properties: %s"), properties->str);
}

/* "Retaliation: Threat 2"; NULL when the Trial has none. */
char *
pen_trial_text_retaliation (const PenTrial *trial)
{
  if (trial->retaliation == 0)
    return NULL;
  /* Translators: a Trial's Retaliation, as its Threat is written: "Threat 2" */
  return g_strdup_printf (_("Retaliation: Threat %u"), trial->retaliation);
}

/* ---- Talents, Fate cards ------------------------------------------------- */

/* What a Talent gives at the start: "a Ruby Mark, Crimson Rage, 2 Blood". */
char *
pen_talent_text (const PenTalent *talent)
{
  const PenCards *cards = pen_cards_get_default (NULL);
  const PenCard *card = cards != NULL && talent->card != NULL ? pen_cards_find (cards, talent->card) : NULL;
  GString *gifts = g_string_new (pen_text_a_mark (talent->mark));

  if (card != NULL)
    g_string_append_printf (gifts, C_ ("list", ", %s"), pen_text_card_name (card->name));
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    if (talent->ingredients[i] > 0)
      {
        g_autofree char *amount = pen_text_ingredient_amount (i, talent->ingredients[i]);

        g_string_append_printf (gifts, C_ ("list", ", %s"), amount);
      }
  return g_string_free (gifts, FALSE);
}

/* "Prophecy", "Goal", "Event", "Trial" */
const char *
pen_fate_text_type_line (const PenFateCard *card)
{
  switch (pen_fate_card_get_kind (card))
    {
    case PEN_FATE_KIND_PROPHECY: return _("Prophecy");
    case PEN_FATE_KIND_GOAL: return _("Goal");
    case PEN_FATE_KIND_EVENT: return _("Event");
    case PEN_FATE_KIND_TRIAL:
    default: return _("Trial");
    }
}

/* A Fate card's rules text in the current language. */
const char *
pen_fate_text (const PenFateCard *card)
{
  const char *ru = pen_fate_card_get_text_ru (card);

  return pen_text_prefer_russian () && ru != NULL ? ru : pen_fate_card_get_text (card);
}

/* What a Prophecy or a Goal counts, for the standing on the table: "Trials
 * passed" (the words of its counter, pen-fate-deck.h). */
const char *
pen_fate_text_counter (PenFateCounter counter)
{
  g_return_val_if_fail (counter < PEN_N_FATE_COUNTERS, "");

  if (counter >= PEN_FATE_COUNTER_EXPERIENCE)
    return pen_experience_get_name (counter - PEN_FATE_COUNTER_EXPERIENCE);
  if (counter >= PEN_FATE_COUNTER_INGREDIENT)
    return pen_ingredient_get_name (counter - PEN_FATE_COUNTER_INGREDIENT);
  switch (counter)
    {
    case PEN_FATE_COUNTER_PASSED_TRIALS: return _("Trials passed");
    case PEN_FATE_COUNTER_PASSED_LIGHT_TRIALS: return _("Trials passed on the path of Light");
    case PEN_FATE_COUNTER_PASSED_DARK_TRIALS: return _("Trials passed on the path of Darkness");
    case PEN_FATE_COUNTER_FULFILLED_CONTRACTS: return _("Contracts fulfilled");
    case PEN_FATE_COUNTER_RESERVED_CONTRACTS: return _("Contracts reserved");
    case PEN_FATE_COUNTER_DISCIPLINE_MARKS: return _("Discipline Marks");
    case PEN_FATE_COUNTER_SPARK_MARKS: return _("Spark Marks");
    case PEN_FATE_COUNTER_WOUNDED_MARKS: return _("Wounded Marks");
    case PEN_FATE_COUNTER_MORTAL_WOUNDS: return _("Mortal Wounds");
    case PEN_FATE_COUNTER_LIGHT: return _("Light");
    case PEN_FATE_COUNTER_DARKNESS: return _("Darkness");
    case PEN_FATE_COUNTER_INGREDIENT:
    case PEN_FATE_COUNTER_EXPERIENCE:
    default: g_assert_not_reached ();
    }
}

/* ---- The Automa ---------------------------------------------------------- */

/* "Difficulty 2" */
char *
pen_automa_text_difficulty (const PenAutomaVariant *variant)
{
  /* Translators: %u is the Automa's difficulty, 1 to 4 */
  return g_strdup_printf (_("Difficulty %u"), variant->difficulty);
}

/* The Automa's speciality, as the data gives it in each language. */
const char *
pen_automa_text_speciality (const PenAutomaVariant *variant)
{
  return pen_text_prefer_russian () && variant->speciality_ru != NULL ? variant->speciality_ru : variant->speciality;
}

/* What the Automa's board scores, by its table (the seed's "Победные очки
 * за Планшет"). */
char *
pen_automa_text_board_points (const PenAutomaVariant *variant)
{
  g_autoptr(GString) parts = g_string_new (NULL);

#define PART(points, ...) \
  if ((points) > 0) \
    { \
      if (parts->len > 0) \
        g_string_append (parts, " · "); \
      g_string_append_printf (parts, __VA_ARGS__); \
    }
  PART (variant->per_discipline_card, _("%u per Discipline card"), variant->per_discipline_card);
  PART (variant->per_contract, _("%u per Contract"), variant->per_contract);
  PART (variant->per_trial, _("%u per Trial"), variant->per_trial);
  PART (variant->per_ritual, _("%u per Ritual"), variant->per_ritual);
  PART (variant->per_exam_or_dungeon, _("%u per Exam or Dungeon (+ its points)"),
        variant->per_exam_or_dungeon);
  /* Translators: no card of the game brings an Elder Discipline card */
  PART (variant->per_elder_card, _("%u per Elder Discipline (none in the game)"), variant->per_elder_card);
#undef PART
  /* Translators: %s lists what the Automa's board scores */
  return g_strdup_printf (_("Board points: %s"), parts->str);
}

/* "Exam", "Dungeon", "Ritual": the Automa's own cards (Sapphire, Amber). */
const char *
pen_automa_text_content_type (PenAutomaContent content)
{
  switch (content)
    {
    case PEN_AUTOMA_EXAM: return _("Exam");
    case PEN_AUTOMA_DUNGEON: return _("Dungeon");
    case PEN_AUTOMA_RITUAL:
    default: return _("Ritual");
    }
}

/* A Dungeon's printed points, "3 victory points"; NULL for the others. */
char *
pen_automa_text_content_points (const PenAutomaContentCard *card)
{
  if (card->points == 0)
    return NULL;
  return g_strdup_printf (ngettext ("%u victory point", "%u victory points", card->points), card->points);
}
