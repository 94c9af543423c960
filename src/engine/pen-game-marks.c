/* pen-game-marks.c: Marks: gaining, healing and using them (rulebook, "Mastery",
 * "Gaining Marks", "Mark states", "Mark effects")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-marks"

#include "config.h"

#include "pen-game-private.h"

/* Rulebook, "Gaining Marks". */
void
marks_gain (PenGame       *self,
            gboolean       spark,
            PenDiscipline  discipline)
{
  PenWizardBoard *board = game_current_board (self);
  int cell = pen_wizard_board_next_free_cell (board, spark);
  PenMark mark = { .occupied = TRUE, .discipline = spark ? 0 : discipline, .state = PEN_MARK_CHARGED };

  g_assert (cell >= 0);
  pen_wizard_board_set_mark (board, cell, &mark);
  log_line_c (self, "log: a Mark", "Gained %s.", LOG_MARK (spark ? PEN_N_DISCIPLINES : discipline, LOG_SUBJECT));
  turn_apply_cell_rest_effects (self, cell, FALSE);
}

guint
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

/* Rulebook, "Mark effects", USE BLOOD: the Blood @action discards now. */
static guint
blood_asked (PenGame         *self,
             const PenAction *action)
{
  switch (action->type)
    {
    case PEN_ACTION_BIND:
      return BIND_BLOOD;
    case PEN_ACTION_USE_LOCATION:
      return self->turn.pending == PEN_PENDING_LOCATION
             && game_section_def (self, self->turn.placed_location, self->turn.placed_section)->effect == PEN_SECTION_GAIN_SPARK_DIE
             ? SANCTUARY_BLOOD : 0;
    case PEN_ACTION_TASK_DO:
      return quests_task_blood (self);
    case PEN_ACTION_USE_CARD:
    case PEN_ACTION_USE_MARK:
      return effects_card_blood (self, action);
    default:
      return 0;
    }
}

/* USE BLOOD: "instead of discarding 1 Blood from your Ingredient supply you
 * can flip any wounded Mark … You can combine using Blood from wounded Marks
 * and Blood from the Ingredient supply." The action names the wounded Marks
 * flipped (none: all from the supply), never more than the Blood it asks. */
gboolean
marks_check_blood (PenGame         *self,
                   const PenAction *action,
                   GError         **error)
{
  guint asked = blood_asked (self, action), n = 0;

  if (asked == 0)
    return action->blood_marks == 0 || game_refuse (error, _("This discards no Blood: no wounded Mark is flipped for it."));
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    if (action->blood_marks & (1u << c))
      {
        const PenMark *mark = board_mark (game_current_board (self), c);

        if (!mark->occupied || mark->state != PEN_MARK_WOUNDED)
          return game_refuse (error, _("Only a wounded Mark can be flipped for Blood."));
        n++;
      }
  if (action->blood_marks >> PEN_N_MARK_CELLS != 0)
    return game_refuse (error, _("There is no such Mark cell."));
  if (n > asked)
    return game_refuse (error, ngettext ("Only %u Blood is discarded: flip no more wounded Marks than that.",
                                         "Only %u Blood are discarded: flip no more wounded Marks than that.", asked),
                        asked);
  if (board_ingredient (game_current_board (self), PEN_INGREDIENT_BLOOD) < asked - n)
    return game_refuse (error, _("Your supply has too little Blood: flip wounded Marks for the rest."));
  return TRUE;
}

/* Offers @action paying its Blood from the supply, and with each set of
 * wounded Marks (by cell) that pays part or all of it. */
void
marks_offer_paying_blood (Lister    *lister,
                          PenAction *action)
{
  PenGame *self = lister->game;
  guint asked, wounded = 0;

  action->blood_marks = 0;
  lister_offer (lister, action);
  asked = blood_asked (self, action);
  for (guint c = 0; c < PEN_N_MARK_CELLS && asked > 0; c++)
    if (board_mark (game_current_board (self), c)->occupied
        && board_mark (game_current_board (self), c)->state == PEN_MARK_WOUNDED)
      wounded |= 1u << c;
  for (guint set = wounded; set != 0; set = (set - 1) & wounded)
    if ((guint) __builtin_popcount (set) <= asked)
      {
        action->blood_marks = set;
        lister_offer (lister, action);
      }
  action->blood_marks = 0;
}

/* Pays @amount Blood: first the wounded Marks the action names (Wounded →
 * Discharged), then the supply. */
void
marks_spend_blood (PenGame *self,
                   guint    amount)
{
  PenWizardBoard *board = game_current_board (self);

  for (guint c = 0; c < PEN_N_MARK_CELLS && amount > 0; c++)
    if (self->turn.blood_marks & (1u << c))
      {
        PenMark mark = *board_mark (board, c);

        mark.state = PEN_MARK_DISCHARGED;
        pen_wizard_board_set_mark (board, c, &mark);
        self->turn.blood_marks &= ~(1u << c);
        amount--;
        log_line (self, N_("A wounded Mark is flipped for 1 Blood."));
      }
  pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_BLOOD, amount);
}

static gboolean
check_wounded_mark (PenGame  *self,
                    int       cell,
                    GError  **error)
{
  const PenMark *mark;

  if (cell < 0 || cell >= PEN_N_MARK_CELLS)
    return game_refuse (error, _("There is no such Mark cell."));
  mark = board_mark (game_current_board (self), cell);
  if (!mark->occupied || mark->state != PEN_MARK_WOUNDED)
    return game_refuse (error, _("Only a wounded Mark can be Healed."));
  return TRUE;
}

/* Rulebook, "Primagic", HEAL (during Study or Rest). */
gboolean
marks_heal_check (PenGame         *self,
                  const PenAction *action,
                  GError         **error)
{
  if (self->turn.pending == PEN_PENDING_THREAT && self->threat.current.rolled)
    return game_refuse (error, _("No effect can be used while the Threat dice are distributed."));
  if (self->turn.type != PEN_TURN_REST && !game_check_study (self, error))
    return FALSE;
  if (board_ingredient (game_current_board (self), PEN_INGREDIENT_FRUITS) < HEAL_FRUITS)
    return game_refuse (error, _("Healing costs 2 Fruits."));
  return check_wounded_mark (self, action->index, error);
}

/* Rulebook, "Mark effects". */
gboolean
marks_use_mark_check (PenGame         *self,
                      const PenAction *action,
                      GError         **error)
{
  PenWizardBoard *board = game_current_board (self);
  const PenMark *mark;
  const PenDie *die;
  PenMarkEffect effect;
  gboolean spark;

  if (!turn_check_study_or_trial (self, error))
    return FALSE;
  if (action->index < 0 || action->index >= PEN_N_MARK_CELLS)
    return game_refuse (error, _("There is no such Mark cell."));
  mark = board_mark (board, action->index);
  if (!mark->occupied)
    return game_refuse (error, _("There is no Mark in that cell."));
  if (mark->state != PEN_MARK_CHARGED)
    return game_refuse (error, _("Only a charged Mark can be used."));
  if (action->value < 0 || action->value >= PEN_N_MARK_EFFECTS)
    return game_refuse (error, _("There is no such Mark effect."));
  /* "Apply the effect shown in the lower part of the cell": that one only. */
  effect = self->def->mark_cells[action->index].effect;
  if ((PenMarkEffect) action->value != effect)
    return game_refuse (error, _("This Mark’s cell shows “%s”, not “%s”."),
                        pen_mark_effect_get_name (effect), pen_mark_effect_get_name (action->value));
  spark = pen_wizard_board_is_spark_cell (action->index);

  if (effect == PEN_MARK_EFFECT_CAST || effect == PEN_MARK_EFFECT_UNEXHAUST)
    {
      const OwnedCard *owned;

      if (action->to < 0 || (guint) action->to >= cards_owned (self)->len)
        return game_refuse (error, _("You have no such card."));
      owned = cards_owned_card (self, action->to);
      if (effect == PEN_MARK_EFFECT_UNEXHAUST)
        {
          if (!owned->rotated)
            return game_refuse (error, _("That card is not rotated."));
          return TRUE;
        }
      /* "Cast a Spell from your Grimoire (of the same colour as the Mark) for free." */
      if (owned->card->type != PEN_CARD_SPELL || owned->zone != ZONE_GRIMOIRE)
        return game_refuse (error, _("A Mark casts only a Spell."));
      if (!spark && owned->card->colour != mark->discipline)
        return game_refuse (error, _("A Mark of %s casts only Spells of its own colour."),
                            pen_discipline_get_name (mark->discipline));
      if (owned->rotated)
        return game_refuse (error, _("%s is rotated; it can be used again once unrotated."), CARD_NAME (owned->card->name));
      /* A card that works by itself (Unity with Nature: "works constantly and
       * does not require rotating the card") is never cast, by a Mark either. */
      if (effects_works_by_itself (owned->card))
        return game_refuse (error, _("%s works by itself."), CARD_NAME (owned->card->name));
      return effects_check_timing (self, owned->card->timing, FALSE, error)
             && (owned->card->cost_timing == PEN_TIMING_ANY || effects_check_timing (self, owned->card->cost_timing, FALSE, error))
             && effects_card_threat_can_start (self, owned->card, error)
             && effects_threat_allows (self, owned->card, error)
             && effects_ingredients_available (self, owned->card, error)
             && effects_property_to_cancel (self, owned->card, error)
             && effects_vigilance_allows (self, FALSE, error);
    }
  if (!dice_check_supply_die (self, action->die, error))
    return FALSE;
  die = board_die (board, action->die);

  if (effect == PEN_MARK_EFFECT_RECOLOUR_BONE)
    {
      if (die->kind != PEN_DIE_KIND_BONE)
        return game_refuse (error, _("A Mark recolours only a Bone die."));
      return TRUE;
    }
  if (action->colour < 1 || action->colour > 6)
    return game_refuse (error, _("Name the face to set the die to."));
  if (!spark && (die->kind != PEN_DIE_KIND_COLOURED || die->colour != mark->discipline))
    return game_refuse (error, _("A Mark of %s sets only dice of its own colour."),
                        pen_discipline_get_name (mark->discipline));
  /* Setting a die to the face it shows changes nothing but the Mark
   * (rules-assumptions). */
  if (die->value == action->colour)
    return game_refuse (error, _("The die already shows %d: setting it to %d would change nothing."),
                        action->colour, action->colour);
  return TRUE;
}

void
marks_heal_apply (PenGame         *self,
                  const PenAction *action)
{
  int cell = action->index;
  PenWizardBoard *board = game_current_board (self);
  PenMark mark = *board_mark (board, cell);

  if (self->turn.type == PEN_TURN_UNDECLARED)
    turn_declare_study (self);
  pen_wizard_board_spend_ingredient (board, PEN_INGREDIENT_FRUITS, HEAL_FRUITS);
  mark.state = PEN_MARK_CHARGED;
  pen_wizard_board_set_mark (board, cell, &mark);
  log_line (self, N_("Healed a Mark for 2 Fruits."));
  /* "Heal: Wounded → Charged + Rest effect". */
  turn_apply_cell_rest_effects (self, cell, self->turn.type == PEN_TURN_REST);
  if (self->turn.type == PEN_TURN_REST && self->turn.rest_exchange && self->turn.pending == PEN_PENDING_NONE)
    pending_set (self, PEN_PENDING_EXCHANGE);
}

void
marks_use_mark_apply (PenGame         *self,
                      const PenAction *action)
{
  PenWizardBoard *board = game_current_board (self);
  PenMark mark = *board_mark (board, action->index);
  PenDie *die, before;

  if (self->turn.type == PEN_TURN_UNDECLARED)
    turn_declare_study (self);
  mark.state = PEN_MARK_DISCHARGED;
  pen_wizard_board_set_mark (board, action->index, &mark);

  if (action->value == PEN_MARK_EFFECT_UNEXHAUST)
    {
      log_line (self, N_("A Spark Mark unexhausts %s."), LOG_CARD (cards_owned_card (self, action->to)->card->id));
      cards_unrotate (self, action->to);
      return;
    }
  if (action->value == PEN_MARK_EFFECT_CAST)
    {
      PenAction cast;

      pen_action_init (&cast, PEN_ACTION_USE_CARD);
      cast.index = action->to;
      cast.value = -1;   /* free */
      log_line (self, N_("A Mark casts a Spell for free."));
      effects_use_card_apply (self, &cast);
      return;
    }

  die = pen_wizard_board_peek_die (board, action->die);
  before = *die;
  if (action->value == PEN_MARK_EFFECT_SET)
    pen_die_set (die, action->colour, NULL);
  else
    {
      die->kind = PEN_DIE_KIND_COLOURED;
      die->colour = mark.discipline;
    }
  log_line (self, N_("Used a Mark: %s became %s."), LOG_DIE (&before), LOG_DIE (die));
}

void
marks_offer_heals (Lister *lister)
{
  PenAction action;

  /* Healing costs Fruits: without them no Mark can be healed. */
  if (board_ingredient (game_current_board (lister->game), PEN_INGREDIENT_FRUITS) < HEAL_FRUITS)
    return;
  for (guint cell = 0; cell < PEN_N_MARK_CELLS; cell++)
    {
      pen_action_init (&action, PEN_ACTION_HEAL);
      action.index = cell;
      lister_offer (lister, &action);
    }
}

/* ---- Action kinds: their checks, effects and JSON members ------------- */

void
marks_heal_to_json (PenGame         *self,
                    const PenAction *action,
                    JsonBuilder     *b)
{
  json_put_int (b, "mark", action->index);
}

gboolean
marks_heal_from_json (PenGame    *self,
                      JsonObject *object,
                      PenAction  *action,
                      GError    **error)
{
  return json_member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error);
}

void
marks_use_mark_to_json (PenGame         *self,
                        const PenAction *action,
                        JsonBuilder     *b)
{
  json_put_int (b, "mark", action->index);
  /* Casting and unexhausting name a card, not a die: a "die" would be read by nothing. */
  if (action->value < PEN_MARK_EFFECT_CAST)
    json_put_int (b, "die", action->die);
  json_put_string (b, "effect", pen_mark_effect_get_id (action->value));
  if (action->value == PEN_MARK_EFFECT_SET)
    json_put_int (b, "face", action->colour);
  if (action->value >= PEN_MARK_EFFECT_CAST)
    json_put_int (b, "card", action->to);
}

gboolean
marks_use_mark_from_json (PenGame    *self,
                          JsonObject *object,
                          PenAction  *action,
                          GError    **error)
{
  const char *ids[PEN_N_MARK_EFFECTS];

  for (guint i = 0; i < PEN_N_MARK_EFFECTS; i++)
    ids[i] = pen_mark_effect_get_id (i);
  if (!json_member_int (object, "mark", 0, PEN_N_MARK_CELLS - 1, &action->index, error)
      || !json_member_id (object, "effect", ids, PEN_N_MARK_EFFECTS, &action->value, error))
    return FALSE;
  if (action->value >= PEN_MARK_EFFECT_CAST)
    return json_member_int (object, "card", 0, G_MAXINT, &action->to, error);
  if (!json_member_int (object, "die", 0, G_MAXINT, &action->die, error))
    return FALSE;
  if (action->value == PEN_MARK_EFFECT_SET)
    return json_member_int (object, "face", 1, 6, &action->colour, error);
  return TRUE;
}
