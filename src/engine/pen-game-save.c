/* pen-game-save.c: a game as JSON (docs/save-format.md), and the invariants
 * every state keeps: what the game itself holds (the setup, the players'
 * boards, the table), then each rule area's own part, written and checked
 * in its file (AREA_state_to_json(), AREA_state_check()). Reading a game
 * back is in pen-game-load.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-save"

#include "config.h"

#include "pen-game-private.h"

/* ---- The game as JSON (docs/save-format.md) -------------------------------- */

static void
add_player (JsonBuilder    *b,
            PenGame        *self,
            guint           p)
{
  PenWizardBoard *board = self->players[p];
  static const char *states[] = { "charged", "discharged", "wounded" };

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "talent");
  if (self->talent[p] != NULL)
    json_builder_add_string_value (b, self->talent[p]);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "dealt");
  json_builder_begin_array (b);
  json_builder_add_string_value (b, self->dealt[p][0]);
  json_builder_add_string_value (b, self->dealt[p][1]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "turns-taken");
  json_builder_add_int_value (b, self->turns_taken[p]);
  json_builder_set_member_name (b, "must-rest");
  json_builder_add_boolean_value (b, self->must_rest[p]);

  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      const PenMark *mark = board_mark (board, c);

      if (!mark->occupied)
        {
          json_builder_add_null_value (b);
          continue;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "mark");
      json_builder_add_string_value (b, pen_wizard_board_is_spark_cell (c)
                                          ? "spark" : pen_discipline_get_id (mark->discipline));
      json_builder_set_member_name (b, "state");
      json_builder_add_string_value (b, states[mark->state]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "dice");
  json_builder_begin_array (b);
  for (guint i = 0; i < board_n_dice (board); i++)
    json_add_die (b, board_die (board, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ingredients");
  json_builder_begin_object (b);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      json_builder_set_member_name (b, pen_ingredient_get_id (i));
      json_builder_add_int_value (b, board_ingredient (board, i));
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "mortal-wounds");
  json_builder_add_int_value (b, pen_wizard_board_get_mortal_wounds (board));
  quests_player_to_json (self, p, b);
  json_builder_end_object (b);
}

static void
add_location (JsonBuilder *b,
              PenLocation *location)
{
  const PenLocationDef *def = pen_location_get_def (location);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, pen_location_get_id (location));
  json_builder_set_member_name (b, "sections");
  json_builder_begin_array (b);
  for (guint s = 0; s < def->n_sections; s++)
    {
      /* One list of dice per cell, and a last one for the dice beside the cells. */
      json_builder_begin_array (b);
      for (int c = 0; c <= (int) def->sections[s].n_cells; c++)
        {
          int cell = c == (int) def->sections[s].n_cells ? -1 : c;

          json_builder_begin_array (b);
          for (guint i = 0; i < location_n_dice (location, s, cell); i++)
            json_add_die (b, location_die (location, s, cell, i));
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

const char *save_turn_type_ids[] = { "undeclared", "study", "trial", "rest" };
const char *save_wound_source_ids[] = { "threat", "trap", "dead-water" };

JsonNode *
pen_game_to_json (PenGame *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new_immutable ();
  g_autofree char *seed = NULL;
  g_autofree char *state = NULL;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);
  state = g_strdup_printf ("%" G_GUINT64_FORMAT, pen_rng_get_state (self->rng));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, PEN_SAVE_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, PEN_SAVE_VERSION);
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  json_builder_set_member_name (b, "rng-state");
  json_builder_add_string_value (b, state);
  json_builder_set_member_name (b, "setup");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, self->n_players);
  json_builder_set_member_name (b, "first-game");
  json_builder_add_boolean_value (b, self->first_game);
  json_add_nullable (b, "automa", self->automa.variant ? self->automa.variant->id : NULL);
  json_builder_set_member_name (b, "worldview");
  json_builder_add_int_value (b, self->worldview_asked);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint p = 0; p < self->n_players; p++)
    add_player (b, self, p);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "locations");
  json_builder_begin_array (b);
  for (guint l = 0; l < self->n_locations; l++)
    add_location (b, self->locations[l]);
  json_builder_end_array (b);

  /* Then each area's state, in the save's order (docs/save-format.md). */
  fate_state_to_json (self, b);
  quests_state_to_json (self, b);
  cards_state_to_json (self, b);
  automa_state_to_json (self, b);
  quests_attempt_to_json (self, b);
  turn_state_to_json (self, b);
  pending_state_to_json (self, b);
  threat_state_to_json (self, b);
  fate_ending_to_json (self, b);
  log_to_json (self, b);
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->history->len; i++)
    json_builder_add_value (b, pen_game_action_to_json (self, &g_array_index (self->history, PenAction, i)));
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- Invariants -------------------------------------------------------------- */

/* Adds each of @ids to @seen: FALSE if one was there already. */
gboolean
save_count_ids (GHashTable *seen,
                GPtrArray  *ids,
                gboolean    strip_path)
{
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);

      if (strip_path && strchr (id, ':') != NULL)
        id = strchr (id, ':') + 1;
      if (!g_hash_table_add (seen, (gpointer) id))
        return FALSE;
    }
  return TRUE;
}

/**
 * pen_game_check_invariants:
 *
 * Checks what must hold in every state: counts within their limits, Marks in
 * the cells they belong to and within the supply, one die per ordinary cell,
 * a turn that makes sense. Used by self-play after every action and by loading.
 */
gboolean
pen_game_check_invariants (PenGame  *self,
                           GError  **error)
{
  guint spark_total = 0;

  g_return_val_if_fail (PEN_IS_GAME (self), FALSE);

  for (guint p = 0; p < self->n_players; p++)
    {
      PenWizardBoard *board = self->players[p];
      gboolean gap = FALSE;

      for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
        if (board_ingredient (board, i) > PEN_INGREDIENT_CAP)
          return json_bad_save (error, _("a Wizard holds more than 12 of an Ingredient."));
      for (guint i = 0; i < board_n_dice (board); i++)
        {
          const PenDie *die = board_die (board, i);

          if (die->value < 1 || die->value > 6 || die->kind == PEN_DIE_KIND_THREAT)
            return json_bad_save (error, _("a Wizard's supply holds an impossible die."));
        }
      /* Marks fill their cells from the left, without gaps. */
      for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
        {
          const PenMark *mark = board_mark (board, c);

          if (c == 0 || c == PEN_N_DISCIPLINE_CELLS)
            gap = FALSE;
          if (mark->occupied && gap)
            return json_bad_save (error, _("a Mark stands after an empty cell."));
          gap |= !mark->occupied;
        }
      spark_total += pen_wizard_board_count_spark_marks (board);
    }
  for (guint d = 0; d < PEN_N_DISCIPLINES && self->n_locations > 0; d++)
    if (marks_left (self, FALSE, d) > self->def->mark_supply_discipline)
      return json_bad_save (error, _("more %s Marks are in play than the game has."), pen_discipline_get_name (d));
  if (spark_total > self->def->mark_supply_spark)
    return json_bad_save (error, _("more Spark Marks are in play than the game has."));

  if (self->turn.pending != PEN_PENDING_TALENT)
    {
      if (self->n_locations != PEN_N_CLASSES + self->def->n_locations)
        return json_bad_save (error, _("the table is not laid out."));
      for (guint p = 0; p < self->n_players; p++)
        if (self->talent[p] == NULL)
          return json_bad_save (error, _("a Wizard has no Talent."));
    }
  return pending_state_check (self, error)
         && threat_state_check (self, error)
         && fate_state_check (self, error)
         && cards_state_check (self, error)
         && automa_state_check (self, error)
         && quests_state_check (self, error);
}
