/* pen-game-load.c: a game read back from JSON (docs/save-format.md):
 * pen_game_new_from_json() reads what the game itself holds (the setup, the
 * players' boards, the table) and has each rule area read its own part
 * (AREA_state_from_json(), in its file), each part checked and refused with
 * a message when damaged. Writing a game and the invariants are in
 * pen-game-save.c; the helpers both use in pen-game-json.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game-load"

#include "config.h"

#include "pen-game-private.h"
#include "pen-save-shape.h"

static gboolean
get_u64_string (JsonObject  *object,
                const char  *name,
                guint64     *out,
                GError     **error)
{
  JsonNode *node = json_get_member (object, name, JSON_NODE_VALUE, error);
  const char *text;

  if (node == NULL)
    return FALSE;
  text = json_node_get_string (node);
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    return json_bad_save (error, _("“%s” must be a number written as text."), name);
  return TRUE;
}

static gboolean
read_player (PenGame     *self,
             guint        p,
             JsonNode    *node,
             GError     **error)
{
  static const char *states[] = { "charged", "discharged", "wounded" };
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  PenWizardBoard *board = self->players[p] = pen_wizard_board_new (self->def);
  JsonNode *talent, *member;
  JsonArray *array;
  JsonObject *ingredients;
  gint64 value;

  if (object == NULL)
    return json_bad_save (error, _("a player must be an object."));
  talent = json_object_get_member (object, "talent");
  if (talent != NULL && !JSON_NODE_HOLDS_NULL (talent))
    {
      const char *id = json_node_get_string (talent);

      if (id == NULL || pen_talents_find (self->talents, id) == NULL)
        return json_bad_save (error, _("a player has an unknown Talent."));
      self->talent[p] = g_strdup (id);
    }
  member = json_get_member (object, "dealt", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != 2)
    return json_bad_save (error, _("a player must have been dealt two Talents."));
  for (guint i = 0; i < 2; i++)
    {
      const char *id = json_node_get_string (json_array_get_element (array, i));

      if (id == NULL || pen_talents_find (self->talents, id) == NULL)
        return json_bad_save (error, _("a player was dealt an unknown Talent."));
      self->dealt[p][i] = g_strdup (id);
    }
  if (!json_get_int (object, "turns-taken", 0, G_MAXINT, &value, error))
    return FALSE;
  self->turns_taken[p] = value;
  if (!json_get_bool (object, "must-rest", &self->must_rest[p], error))
    return FALSE;

  member = json_get_member (object, "marks", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != PEN_N_MARK_CELLS)
    return json_bad_save (error, _("a Wizard board must have %d Mark cells."), PEN_N_MARK_CELLS);
  for (guint c = 0; c < PEN_N_MARK_CELLS; c++)
    {
      JsonNode *cell = json_array_get_element (array, c);
      JsonObject *mark_object;
      PenMark mark = { .occupied = TRUE };
      const char *id;
      guint state;

      if (JSON_NODE_HOLDS_NULL (cell))
        continue;
      mark_object = JSON_NODE_HOLDS_OBJECT (cell) ? json_node_get_object (cell) : NULL;
      if (mark_object == NULL)
        return json_bad_save (error, _("a Mark cell must hold a Mark or null."));
      if (!json_get_choice (mark_object, "state", states, 3, &state, error))
        return FALSE;
      mark.state = state;
      id = json_safe_string (mark_object, "mark", "");
      if (pen_wizard_board_is_spark_cell (c) ? !g_str_equal (id, "spark")
                                             : !pen_discipline_from_id (id, &mark.discipline))
        return json_bad_save (error, _("a Mark does not belong in its cell."));
      pen_wizard_board_set_mark (board, c, &mark);
    }

  member = json_get_member (object, "dice", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  array = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      PenDie die;

      if (!json_read_die (json_array_get_element (array, i), &die, error))
        return FALSE;
      pen_wizard_board_add_die (board, &die);
    }

  member = json_get_member (object, "ingredients", JSON_NODE_OBJECT, error);
  if (member == NULL)
    return FALSE;
  ingredients = json_node_get_object (member);
  for (guint i = 0; i < PEN_N_INGREDIENTS; i++)
    {
      if (!json_get_int (ingredients, pen_ingredient_get_id (i), 0, PEN_INGREDIENT_CAP, &value, error))
        return FALSE;
      pen_wizard_board_set_ingredient (board, i, value);
    }
  if (!json_get_int (object, "mortal-wounds", 0, 99, &value, error))
    return FALSE;
  pen_wizard_board_set_mortal_wounds (board, value);

  return quests_player_from_json (self, p, object, error);
}

static gboolean
read_log (PenGame     *self,
          JsonObject  *object,
          gint64       version,
          GError     **error)
{
  JsonNode *node = json_get_member (object, "log", JSON_NODE_ARRAY, error);

  return node != NULL && log_from_json (self, json_node_get_array (node), version, error);
}

static gboolean
read_location (PenGame   *self,
               JsonNode  *node,
               GError   **error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *member;
  JsonArray *sections;
  const char *id;
  PenLocation *location = NULL;
  const PenLocationDef *def;

  member = json_get_member (object, "id", JSON_NODE_VALUE, error);
  if (member == NULL)
    return FALSE;
  id = json_node_get_string (member);
  if (id == NULL)
    return json_bad_save (error, _("a location has no id."));
  if (self->n_locations < PEN_N_CLASSES)
    {
      PenDiscipline discipline;
      g_autofree char *prefix = NULL;

      if (!g_str_has_suffix (id, "-class"))
        return json_bad_save (error, _("the first four locations must be Classes."));
      prefix = g_strndup (id, strlen (id) - strlen ("-class"));
      if (!pen_discipline_from_id (prefix, &discipline))
        {
          g_autofree char *excerpt = pen_save_excerpt (id);

          return json_bad_save (error, _("there is no Class “%s”."), excerpt);
        }
      for (guint i = 0; i < self->n_locations; i++)
        if (g_str_equal (pen_location_get_id (self->locations[i]), id))
          return json_bad_save (error, _("the Class “%s” is there twice."), id);
      location = pen_location_new_class (&self->def->class_layout, discipline);
    }
  else
    {
      guint i = self->n_locations - PEN_N_CLASSES;

      if (i >= self->def->n_locations || !g_str_equal (self->def->locations[i].id, id))
        return json_bad_save (error, _("the locations are not those of the boards."));
      location = pen_location_new (&self->def->locations[i]);
    }
  self->loc_defs[self->n_locations] = pen_location_get_def (location);
  self->locations[self->n_locations++] = location;
  def = pen_location_get_def (location);

  member = json_get_member (object, "sections", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return FALSE;
  sections = json_node_get_array (member);
  if (json_array_get_length (sections) != def->n_sections)
    return json_bad_save (error, _("the location “%s” has the wrong number of sections."), id);
  for (guint s = 0; s < def->n_sections; s++)
    {
      JsonNode *cells_node = json_array_get_element (sections, s);
      JsonArray *cells = JSON_NODE_HOLDS_ARRAY (cells_node) ? json_node_get_array (cells_node) : NULL;

      if (cells == NULL || json_array_get_length (cells) != def->sections[s].n_cells + 1)
        return json_bad_save (error, _("a section of “%s” has the wrong number of cells."), id);
      for (guint c = 0; c <= def->sections[s].n_cells; c++)
        {
          JsonNode *dice_node = json_array_get_element (cells, c);
          JsonArray *dice = JSON_NODE_HOLDS_ARRAY (dice_node) ? json_node_get_array (dice_node) : NULL;
          int cell = c == def->sections[s].n_cells ? -1 : (int) c;

          if (dice == NULL)
            return json_bad_save (error, _("a cell of “%s” must list its dice."), id);
          if (cell >= 0 && !def->sections[s].cells[cell].unlimited && json_array_get_length (dice) > 1)
            return json_bad_save (error, _("a cell of “%s” holds more than one die."), id);
          for (guint i = 0; i < json_array_get_length (dice); i++)
            {
              PenDie die;

              if (!json_read_die (json_array_get_element (dice, i), &die, error))
                return FALSE;
              pen_location_add_die (location, s, cell, &die);
            }
        }
    }
  return TRUE;
}

/**
 * pen_game_new_from_json:
 *
 * Loads a game saved by pen_game_to_json(), or a state written by hand in the
 * same format (docs/save-format.md). Anything damaged, foreign or from a newer
 * version is refused with a message; nothing is half-loaded.
 */
PenGame *
pen_game_new_from_json (JsonNode  *root,
                        GError   **error)
{
  g_autoptr(PenGame) self = g_object_new (PEN_TYPE_GAME, NULL);
  JsonObject *object;
  JsonNode *member;
  JsonArray *array;
  const char *format;
  const char *setup_automa = NULL;
  gint64 version, value, setup_players = 0;
  gboolean has_setup = FALSE;

  object = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  format = object != NULL ? json_safe_string (object, "format", NULL) : NULL;
  if (g_strcmp0 (format, PEN_SAVE_FORMAT) != 0)
    {
      g_set_error_literal (error, PEN_ERROR, PEN_ERROR_SAVE, _("This file is not a saved game of Penumbra."));
      return NULL;
    }
  if (!json_get_int (object, "version", 1, G_MAXINT64, &version, error))
    return NULL;
  if (version > PEN_SAVE_VERSION)
    {
      g_autofree char *version_text = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("This game was saved by a newer version of Penumbra (save format %s; this version reads %d)."),
                   version_text, PEN_SAVE_VERSION);
      return NULL;
    }
  /* Before anything is built from it: no card in two places, no list longer
   * than the game can hold. */
  if (!pen_save_check_shape (root, error))
    return NULL;

  if (!setup_load_data (self, error)
      || !get_u64_string (object, "seed", &self->seed, error))
    return NULL;
  self->rng = pen_rng_new (self->seed);
  {
    JsonNode *setup = json_object_get_member (object, "setup");
    JsonObject *setup_object = setup != NULL && JSON_NODE_HOLDS_OBJECT (setup) ? json_node_get_object (setup) : NULL;

    /* Optional: without it the game plays on but cannot be replayed. */
    if (setup != NULL)
      {
        JsonNode *automa;
        gint64 players;

        if (setup_object == NULL
            || !json_get_bool (setup_object, "first-game", &self->first_game, error)
            || !json_get_int (setup_object, "worldview", -1, 1, &value, error)
            || !json_get_int (setup_object, "players", 1, PEN_MAX_PLAYERS, &players, error))
          return setup_object == NULL ? (json_bad_save (error, _("“setup” must be an object.")), NULL) : NULL;
        self->worldview_asked = value;
        automa = json_object_get_member (setup_object, "automa");
        if (automa == NULL || !(JSON_NODE_HOLDS_NULL (automa) || json_node_get_value_type (automa) == G_TYPE_STRING))
          {
            json_bad_save (error, _("“setup” must say which Automa, or null."));
            return NULL;
          }
        setup_players = players;
        setup_automa = JSON_NODE_HOLDS_NULL (automa) ? NULL : json_node_get_string (automa);
        has_setup = TRUE;
      }
  }
  {
    guint64 state;

    if (!get_u64_string (object, "rng-state", &state, error))
      return NULL;
    pen_rng_set_state (self->rng, state);
  }

  member = json_get_member (object, "players", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) < 1 || json_array_get_length (array) > PEN_MAX_PLAYERS)
    {
      json_bad_save (error, _("a game has 1 to %d players."), PEN_MAX_PLAYERS);
      return NULL;
    }
  self->n_players = json_array_get_length (array);
  for (guint p = 0; p < self->n_players; p++)
    if (!read_player (self, p, json_array_get_element (array, p), error))
      return NULL;

  member = json_get_member (object, "locations", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  if (json_array_get_length (array) != 0
      && json_array_get_length (array) != PEN_N_CLASSES + self->def->n_locations)
    {
      json_bad_save (error, _("the table must have %d Classes and the City and Wilds locations."), PEN_N_CLASSES);
      return NULL;
    }
  for (guint l = 0; l < json_array_get_length (array); l++)
    if (!read_location (self, json_array_get_element (array, l), error))
      return NULL;

  /* Each area's state, in an order where each finds what it checks
   * against: the log before the Fate cards' reveals that name its lines. */
  if (!fate_state_from_json (self, object, error)
      || !quests_state_from_json (self, object, error)
      || !read_log (self, object, version, error)
      || !cards_state_from_json (self, object, error)
      || !automa_state_from_json (self, object, error)
      || !pending_state_from_json (self, object, version, error)
      || !turn_state_from_json (self, object, error)
      || !threat_state_from_json (self, object, error)
      || !pending_state_from_slots (self, version, error)
      || !fate_ending_from_json (self, object, error))
    return NULL;

  member = json_get_member (object, "actions", JSON_NODE_ARRAY, error);
  if (member == NULL)
    return NULL;
  array = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autoptr(GError) local_error = NULL;
      PenAction action;

      if (!pen_game_action_from_json (self, json_array_get_element (array, i), &action, &local_error))
        {
          json_bad_save (error, _("action %u of the list: %s"), i + 1, local_error->message);
          return NULL;
        }
      g_array_append_val (self->history, action);
    }

  if (has_setup && (setup_players != (gint64) self->n_players
                    || g_strcmp0 (setup_automa, self->automa.variant ? self->automa.variant->id : NULL) != 0))
    {
      json_bad_save (error, _("“setup” does not match the players of the game."));
      return NULL;
    }
  if (!pen_game_check_invariants (self, error))
    return NULL;
  return g_steal_pointer (&self);
}
