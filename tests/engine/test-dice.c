/* test-dice.c: dice and their manipulation.
 *
 * Rulebook sections: "Dice types" and "Dice manipulation".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "pen-dice.h"
#include "pen-error.h"

static PenDie
make_die (PenDieKind    kind,
          PenDiscipline colour,
          guint         value)
{
  PenDie die = { .kind = kind, .colour = colour, .value = (guint8) value };

  return die;
}

/* "Dice manipulation", FLIP: "1" to "6", "2" to "5", "3" to "4" — and back. */
static void
test_dice_flip (void)
{
  const guint expected[7] = { 0, 6, 5, 4, 3, 2, 1 };

  for (guint value = 1; value <= 6; value++)
    {
      PenDie die = make_die (PEN_DIE_KIND_BONE, 0, value);

      pen_die_flip (&die);
      g_assert_cmpuint (die.value, ==, expected[value]);
      pen_die_flip (&die);
      g_assert_cmpuint (die.value, ==, value);
    }
}

/* "Dice manipulation", ADJUST: "from 3 to 4, from 2 to 1. A 1 cannot be
 * decreased, and a 6 cannot be increased." */
static void
test_dice_adjust (void)
{
  g_autoptr(GError) error = NULL;
  PenDie die = make_die (PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_RUBY, 3);

  g_assert_true (pen_die_adjust (&die, +1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (die.value, ==, 4);

  die.value = 2;
  g_assert_true (pen_die_adjust (&die, -1, &error));
  g_assert_cmpuint (die.value, ==, 1);

  g_assert_false (pen_die_adjust (&die, -1, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "1"));
  g_assert_cmpuint (die.value, ==, 1);
  g_clear_error (&error);

  die.value = 6;
  g_assert_false (pen_die_adjust (&die, +1, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_cmpuint (die.value, ==, 6);
}

/* "Dice manipulation", SET: any face, and only a face. */
static void
test_dice_set (void)
{
  g_autoptr(GError) error = NULL;
  PenDie die = make_die (PEN_DIE_KIND_SPARK, 0, 2);

  g_assert_true (pen_die_set (&die, 5, &error));
  g_assert_cmpuint (die.value, ==, 5);
  g_assert_false (pen_die_set (&die, 0, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (pen_die_set (&die, 7, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_cmpuint (die.value, ==, 5);
}

/* "Dice manipulation", RECOLOUR: "replace a yellow 3 with a red 3. Bone dice can
 * be recoloured into coloured dice." */
static void
test_dice_recolour (void)
{
  g_autoptr(GError) error = NULL;
  PenDie yellow = make_die (PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_JASPER, 3);
  PenDie bone = make_die (PEN_DIE_KIND_BONE, 0, 5);
  PenDie threat = make_die (PEN_DIE_KIND_THREAT, 0, 4);

  g_assert_true (pen_die_recolour (&yellow, PEN_DISCIPLINE_RUBY, &error));
  g_assert_cmpint (yellow.kind, ==, PEN_DIE_KIND_COLOURED);
  g_assert_cmpint (yellow.colour, ==, PEN_DISCIPLINE_RUBY);
  g_assert_cmpuint (yellow.value, ==, 3);

  g_assert_false (pen_die_recolour (&yellow, PEN_DISCIPLINE_RUBY, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_clear_error (&error);

  g_assert_true (pen_die_recolour (&bone, PEN_DISCIPLINE_EMERALD, &error));
  g_assert_cmpint (bone.kind, ==, PEN_DIE_KIND_COLOURED);
  g_assert_cmpint (bone.colour, ==, PEN_DISCIPLINE_EMERALD);
  g_assert_cmpuint (bone.value, ==, 5);

  g_assert_false (pen_die_recolour (&threat, PEN_DISCIPLINE_AMBER, &error));
  g_assert_error (error, PEN_ERROR, PEN_ERROR_ILLEGAL);
  g_assert_cmpint (threat.kind, ==, PEN_DIE_KIND_THREAT);
}

/* "Dice types": Bone dice are no colour, Spark dice any one colour. */
static void
test_dice_colours (void)
{
  PenDie bone = make_die (PEN_DIE_KIND_BONE, 0, 1);
  PenDie spark = make_die (PEN_DIE_KIND_SPARK, 0, 1);
  PenDie ruby = make_die (PEN_DIE_KIND_COLOURED, PEN_DISCIPLINE_RUBY, 1);
  PenDie threat = make_die (PEN_DIE_KIND_THREAT, 0, 1);

  for (guint c = 0; c < PEN_N_DISCIPLINES; c++)
    {
      g_assert_false (pen_die_counts_as (&bone, c));
      g_assert_true (pen_die_counts_as (&spark, c));
      g_assert_false (pen_die_counts_as (&threat, c));
      g_assert_cmpint (pen_die_counts_as (&ruby, c), ==, c == PEN_DISCIPLINE_RUBY);
    }
}

/* "Dice supply": gaining a die rolls it; forced results make it exact. */
static void
test_dice_roll (void)
{
  g_autoptr(PenRng) rng = pen_rng_new (5);
  const guint forced[] = { 4 };
  PenDie die = make_die (PEN_DIE_KIND_BONE, 0, 1);
  g_autofree char *text = NULL;

  pen_rng_force_next (rng, forced, 1);
  pen_die_roll (&die, rng);
  g_assert_cmpuint (die.value, ==, 4);
  for (guint i = 0; i < 100; i++)
    {
      pen_die_roll (&die, rng);
      g_assert_cmpuint (die.value, >=, 1);
      g_assert_cmpuint (die.value, <=, 6);
    }
  die.value = 2;
  text = pen_die_describe (&die);
  g_assert_cmpstr (text, ==, "Bone die showing 2");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice/flip", test_dice_flip);
  g_test_add_func ("/dice/adjust", test_dice_adjust);
  g_test_add_func ("/dice/set", test_dice_set);
  g_test_add_func ("/dice/recolour", test_dice_recolour);
  g_test_add_func ("/dice/colours", test_dice_colours);
  g_test_add_func ("/dice/roll", test_dice_roll);

  return g_test_run ();
}
