/* pen-save-shape.c: what a saved state may hold, checked on its JSON before
 * it is loaded (docs/save-format.md).
 *
 * The loader checks every member of a state for its kind and its range, but
 * takes a list as long as it comes, and a card where it finds it. A file
 * written by hand or damaged can so hold the same card in two places (a Fate
 * deck naming one card eight times), or a list the engine cannot hold (a
 * supply of 100,000 dice, when actions name dice by the bits of a 64-bit
 * mask). This walk refuses both, with a message naming the card or the list.
 *
 * Only the places where a card physically is are checked for repeats: the
 * decks, rows and markets, the players' zones, the Automa's cells... and not
 * the lists that refer to a card (the quest under way, the card just used,
 * the actions, the log), which may well name it again.
 *
 * The walk looks only at what it knows and takes anything else as it comes:
 * a member that is missing or of the wrong kind is the loader's to report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-save-shape"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pen-automa.h"
#include "pen-cards.h"
#include "pen-error.h"
#include "pen-fate-deck.h"
#include "pen-game.h"
#include "pen-quest.h"
#include "pen-save-shape.h"
#include "pen-talents.h"

/* The flags of a card effect under way (docs/save-format.md, "The cards"):
 * each is written at most once. */
#define N_CARD_FLAGS 5

/* Every die at a location came from a Wizard's supply. */
#define MAX_DICE_IN_CELL (PEN_MAX_PLAYERS * PEN_SAVE_MAX_SUPPLY_DICE)
/* An action names dice by the bits of a 64-bit mask (PenAction.mask). */
#define MAX_DICE_NAMED 64

/* The kinds of card whose ids are counted apart: a Fate card (a Trial is
 * one), a Contract, a Wizard card (Discipline card, Potion, Artifact), a
 * Talent, the Automa's Exams, Dungeons and Rituals (spec §9). */
typedef enum
{
  CARD_FATE,
  CARD_CONTRACT,
  CARD_WIZARD,
  CARD_TALENT,
  CARD_AUTOMA_CONTENT,
  N_CARD_KINDS
} CardKind;

typedef struct
{
  const PenFateCatalogue *fate;
  const PenQuests        *quests;
  const PenCards         *cards;
  const PenTalents       *talents;
  const PenAutomas       *automas;
  /* How many cards of each kind the game has, the largest lists. */
  guint                   n_trials;
  guint                   n_in_play;
  guint                   n_artifacts;
  guint                   n_deck[PEN_N_DECKS];
  /* Per kind of card: id → the name of the place it was found (in places). */
  GHashTable             *seen[N_CARD_KINDS];
  GPtrArray              *places;
} Shape;

static void
shape_clear (Shape *shape)
{
  for (guint k = 0; k < N_CARD_KINDS; k++)
    g_clear_pointer (&shape->seen[k], g_hash_table_unref);
  g_clear_pointer (&shape->places, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Shape, shape_clear)

/* Which deck of "cards"."decks" a Wizard card comes from (the order of
 * docs/save-format.md: the six Disciplines, Potions, Artifacts). */
static guint
deck_of (const PenCard *card)
{
  switch (card->type)
    {
    case PEN_CARD_POTION:
      return PEN_N_DISCIPLINES;
    case PEN_CARD_ARTIFACT:
      return PEN_N_DISCIPLINES + 1;
    case PEN_CARD_SPELL:
    case PEN_CARD_RECIPE:
    case PEN_CARD_SUMMON:
    default:
      return card->colour;
    }
}

static gboolean
shape_init (Shape   *shape,
            GError **error)
{
  memset (shape, 0, sizeof *shape);
  shape->fate = pen_fate_catalogue_get_default (error);
  if (shape->fate == NULL)
    return FALSE;
  shape->quests = pen_quests_get_default (error);
  if (shape->quests == NULL)
    return FALSE;
  shape->cards = pen_cards_get_default (error);
  if (shape->cards == NULL)
    return FALSE;
  shape->talents = pen_talents_get_default (error);
  if (shape->talents == NULL)
    return FALSE;
  shape->automas = pen_automas_get_default (error);
  if (shape->automas == NULL)
    return FALSE;

  for (guint i = 0; i < pen_fate_catalogue_get_n_cards (shape->fate); i++)
    switch (pen_fate_card_get_kind (pen_fate_catalogue_get_card (shape->fate, i)))
      {
      case PEN_FATE_KIND_TRIAL:
        shape->n_trials++;
        break;
      case PEN_FATE_KIND_PROPHECY:
      case PEN_FATE_KIND_GOAL:
        shape->n_in_play++;
        break;
      case PEN_FATE_KIND_EVENT:
      default:
        break;
      }
  for (guint i = 0; i < pen_cards_get_n_cards (shape->cards); i++)
    {
      const PenCard *card = pen_cards_get_card (shape->cards, i);

      shape->n_deck[deck_of (card)]++;
      shape->n_artifacts += card->type == PEN_CARD_ARTIFACT;
    }

  for (guint k = 0; k < N_CARD_KINDS; k++)
    shape->seen[k] = g_hash_table_new (g_str_hash, g_str_equal);
  shape->places = g_ptr_array_new_with_free_func (g_free);
  return TRUE;
}

/* Keeps @place (the name of a place, for messages) as long as the walk. */
static const char *
keep (Shape *shape,
      char  *place)
{
  g_ptr_array_add (shape->places, place);
  return place;
}

/* The name of the card @id in the player's language, or @id itself if the
 * game has no such card (the loader says so). */
static const char *
card_name (Shape      *shape,
           CardKind    kind,
           const char *id)
{
  const char *name = NULL;

  switch (kind)
    {
    case CARD_FATE:
      {
        const PenFateCard *card = pen_fate_catalogue_lookup (shape->fate, id);

        name = card != NULL ? pen_fate_card_get_name (card) : NULL;
        break;
      }
    case CARD_CONTRACT:
      {
        const PenContract *contract = pen_quests_find_contract (shape->quests, id);

        name = contract != NULL ? contract->name : NULL;
        break;
      }
    case CARD_WIZARD:
      {
        const PenCard *card = pen_cards_find (shape->cards, id);

        name = card != NULL ? card->name : NULL;
        break;
      }
    case CARD_TALENT:
      {
        const PenTalent *talent = pen_talents_find (shape->talents, id);

        name = talent != NULL ? talent->name : NULL;
        break;
      }
    case CARD_AUTOMA_CONTENT:
      for (PenAutomaContent k = 0; name == NULL && k < PEN_AUTOMA_N_CONTENT; k++)
        {
          const PenAutomaContentCard *card = pen_automas_find_content (shape->automas, k, id);

          name = card != NULL ? card->name : NULL;
        }
      break;
    case N_CARD_KINDS:
    default:
      g_assert_not_reached ();
    }
  /* Card names are translated in the "card name" context (build-aux/card-names.py);
   * an id the game does not know is the file's own text, quoted short. */
  return name != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "card name", name) : keep (shape, pen_save_excerpt (id));
}

/* Records that the card @id is in @place; FALSE if it already is somewhere. */
static gboolean
add_card (Shape       *shape,
          CardKind     kind,
          const char  *id,
          const char  *place,
          GError     **error)
{
  const char *other = g_hash_table_lookup (shape->seen[kind], id);

  if (other == NULL)
    {
      g_hash_table_insert (shape->seen[kind], (gpointer) id, (gpointer) place);
      return TRUE;
    }
  if (other == place)
    /* Translators: the first %s is a card's name, the second a place in the
     * game: "The save holds “Wildwood” twice in the Fate deck." */
    g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE, _("The save holds “%s” twice in %s."),
                 card_name (shape, kind, id), place);
  else
    /* Translators: the first %s is a card's name, the others two places in
     * the game: "…: the Trial row and player 1's passed Trials." */
    g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE, _("The save holds “%s” in two places: %s and %s."),
                 card_name (shape, kind, id), other, place);
  return FALSE;
}

/* The text of @node if it is one, else NULL. */
static const char *
text_of (JsonNode *node)
{
  return node != NULL && json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node)
                                                                          : NULL;
}

/* The member @name of @object if it is a list, else NULL. */
static JsonArray *
list_member (JsonObject *object,
             const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static JsonObject *
object_of (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static gboolean
too_many_cards (guint        n,
                guint        max,
                const char  *place,
                GError     **error)
{
  if (n <= max)
    return TRUE;
  /* Translators: %s is a place in the game ("the Fate deck"), then how many
   * cards the save has there and how many the game has */
  g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE, _("The save holds too many cards in %s (%u; the game has %u)."),
               place, n, max);
  return FALSE;
}

/* A list of card ids in @place: at most @max of them, none of them
 * anywhere else. With @strip_path, an id may come after a path
 * ("light:goldeater", a passed Trial). */
static gboolean
check_cards (Shape       *shape,
             CardKind     kind,
             JsonArray   *list,
             const char  *place,
             guint        max,
             gboolean     strip_path,
             GError     **error)
{
  if (list == NULL)
    return TRUE;
  if (!too_many_cards (json_array_get_length (list), max, place, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      const char *id = text_of (json_array_get_element (list, i));

      if (id != NULL && strip_path && strchr (id, ':') != NULL)
        id = strchr (id, ':') + 1;
      if (id != NULL && !add_card (shape, kind, id, place, error))
        return FALSE;
    }
  return TRUE;
}

/* A place that holds one card, or null. */
static gboolean
check_card (Shape       *shape,
            CardKind     kind,
            JsonNode    *node,
            const char  *place,
            GError     **error)
{
  const char *id = text_of (node);

  return id == NULL || add_card (shape, kind, id, place, error);
}

static gboolean
check_player (Shape       *shape,
              JsonObject  *player,
              guint        p,
              GError     **error)
{
  JsonArray *dice = list_member (player, "dice");
  const char *place;

  if (player == NULL)
    return TRUE;
  if (dice != NULL && json_array_get_length (dice) > PEN_SAVE_MAX_SUPPLY_DICE)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("The save gives player %u too many dice (%u; a dice supply holds at most %u)."),
                   p + 1, json_array_get_length (dice), PEN_SAVE_MAX_SUPPLY_DICE);
      return FALSE;
    }

  place = keep (shape, g_strdup_printf (_("the Talents dealt to player %u"), p + 1));
  if (!check_cards (shape, CARD_TALENT, list_member (player, "dealt"), place, G_MAXUINT, FALSE, error))
    return FALSE;
  place = keep (shape, g_strdup_printf (_("player %u's reserved Contracts"), p + 1));
  if (!check_cards (shape, CARD_CONTRACT, list_member (player, "reserved-contracts"), place,
                    pen_quests_get_n_contracts (shape->quests), FALSE, error))
    return FALSE;
  place = keep (shape, g_strdup_printf (_("player %u's fulfilled Contracts"), p + 1));
  if (!check_cards (shape, CARD_CONTRACT, list_member (player, "fulfilled-contracts"), place,
                    pen_quests_get_n_contracts (shape->quests), FALSE, error))
    return FALSE;
  place = keep (shape, g_strdup_printf (_("player %u's passed Trials"), p + 1));
  if (!check_cards (shape, CARD_FATE, list_member (player, "passed-trials"), place, shape->n_trials, TRUE,
                    error))
    return FALSE;
  place = keep (shape, g_strdup_printf (_("player %u's reserved Trial"), p + 1));
  return check_card (shape, CARD_FATE, json_object_get_member (player, "reserved-trial"), place, error);
}

/* "locations": no cell holds more dice than there are. */
static gboolean
check_locations (JsonArray  *locations,
                 GError    **error)
{
  for (guint l = 0; locations != NULL && l < json_array_get_length (locations); l++)
    {
      JsonArray *sections = list_member (object_of (json_array_get_element (locations, l)), "sections");

      for (guint s = 0; sections != NULL && s < json_array_get_length (sections); s++)
        {
          JsonNode *section = json_array_get_element (sections, s);
          JsonArray *cells = JSON_NODE_HOLDS_ARRAY (section) ? json_node_get_array (section) : NULL;

          for (guint c = 0; cells != NULL && c < json_array_get_length (cells); c++)
            {
              JsonNode *cell = json_array_get_element (cells, c);
              guint n = JSON_NODE_HOLDS_ARRAY (cell) ? json_array_get_length (json_node_get_array (cell))
                                                     : 0;

              if (n > MAX_DICE_IN_CELL)
                {
                  g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                               _("The save holds too many dice in a cell of a location (%u; the game has at most %u)."),
                               n, MAX_DICE_IN_CELL);
                  return FALSE;
                }
            }
        }
    }
  return TRUE;
}

/* The Discipline, Potion and Artifact decks and their markets, in the order
 * of docs/save-format.md. */
static gboolean
check_decks (Shape       *shape,
             JsonArray   *decks,
             GError     **error)
{
  for (guint d = 0; decks != NULL && d < MIN (json_array_get_length (decks), PEN_N_DECKS); d++)
    {
      JsonObject *deck = object_of (json_array_get_element (decks, d));
      const char *deck_place, *market_place;

      switch (d)
        {
        case PEN_N_DISCIPLINES:
          deck_place = _("the Potion deck");
          market_place = _("the Brewery's market");
          break;
        case PEN_N_DISCIPLINES + 1:
          deck_place = _("the Artifact deck");
          market_place = _("the Shop's market");
          break;
        default:
          /* Translators: %s is a Discipline ("Ruby") */
          deck_place = keep (shape, g_strdup_printf (_("the %s deck"), pen_discipline_get_name (d)));
          /* Translators: %s is a Discipline ("Ruby") */
          market_place = keep (shape, g_strdup_printf (_("the market of the %s Class"),
                                                       pen_discipline_get_name (d)));
          break;
        }
      if (!check_cards (shape, CARD_WIZARD, list_member (deck, "deck"), deck_place, shape->n_deck[d],
                        FALSE, error)
          || !check_cards (shape, CARD_WIZARD, list_member (deck, "market"), market_place, G_MAXUINT,
                           FALSE, error))
        return FALSE;
    }
  return TRUE;
}

/* "cards": the decks and markets, the players' cards, the Artifact waiting
 * for its Equipment cell; the flags of a card effect. */
static gboolean
check_wizard_cards (Shape       *shape,
                    JsonObject  *cards,
                    GError     **error)
{
  JsonArray *players = list_member (cards, "players");
  JsonArray *flags = list_member (cards, "flags");

  if (cards == NULL)
    return TRUE;
  if (!check_decks (shape, list_member (cards, "decks"), error))
    return FALSE;
  for (guint p = 0; players != NULL && p < json_array_get_length (players); p++)
    {
      JsonNode *node = json_array_get_element (players, p);
      JsonArray *list = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
      const char *place = keep (shape, g_strdup_printf (_("player %u's cards"), p + 1));

      if (list == NULL)
        continue;
      if (!too_many_cards (json_array_get_length (list), pen_cards_get_n_cards (shape->cards), place, error))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          JsonObject *owned = object_of (json_array_get_element (list, i));

          if (owned != NULL
              && !check_card (shape, CARD_WIZARD, json_object_get_member (owned, "card"), place, error))
            return FALSE;
        }
    }
  if (!check_card (shape, CARD_WIZARD, json_object_get_member (cards, "equip-new"),
                   _("the Artifact waiting for its Equipment cell"), error))
    return FALSE;
  if (flags != NULL && json_array_get_length (flags) > N_CARD_FLAGS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("The save lists too many flags of a card effect (%u; there are %u)."),
                   json_array_get_length (flags), N_CARD_FLAGS);
      return FALSE;
    }
  return TRUE;
}

/* "automa"."content": its Exams, Dungeons and Rituals (spec §9), each list no
 * longer than the cards of its kind (the face-up ones: than the row or the
 * market holds). */
static gboolean
check_automa_content (Shape       *shape,
                      JsonObject  *content,
                      GError     **error)
{
  for (PenAutomaContent k = 0; content != NULL && k < PEN_AUTOMA_N_CONTENT; k++)
    {
      JsonObject *places = object_of (json_object_get_member (content, pen_automa_content_get_id (k)));
      static const char *decks[] = { N_("the Exam deck"), N_("the Dungeon deck"), N_("the Ritual deck") };
      static const char *open[] = { N_("the face-up Exams"), N_("the Dungeon row"), N_("the Ritual market") };
      static const char *taken[] = { N_("the Automa's Exams"), N_("the Automa's Dungeons"), N_("the Automa's Rituals") };
      guint n = pen_automas_get_n_content (shape->automas, k);

      if (!check_cards (shape, CARD_AUTOMA_CONTENT, list_member (places, "deck"), _(decks[k]), n, FALSE, error)
          || !check_cards (shape, CARD_AUTOMA_CONTENT, list_member (places, "open"), _(open[k]),
                           pen_automas_get_n_open (shape->automas, k), FALSE, error)
          || !check_cards (shape, CARD_AUTOMA_CONTENT, list_member (places, "taken"), _(taken[k]), n, FALSE, error))
        return FALSE;
    }
  return TRUE;
}

/* "automa": the Artifacts in its Equipment cells, the cards it took, its
 * Exams, Dungeons and Rituals. */
static gboolean
check_automa (Shape       *shape,
              JsonObject  *automa,
              GError     **error)
{
  JsonArray *cells = list_member (automa, "cells");

  if (automa == NULL)
    return TRUE;
  if (!check_automa_content (shape, object_of (json_object_get_member (automa, "content")), error))
    return FALSE;
  for (guint c = 0; cells != NULL && c < MIN (json_array_get_length (cells), PEN_AUTOMA_N_CELLS); c++)
    {
      JsonNode *cell = json_array_get_element (cells, c);
      const char *place;

      switch (c)
        {
        case 0:
          place = _("the Automa's Conductor cell");
          break;
        case 1:
          place = _("the Automa's Pendant cell");
          break;
        case 2:
          place = _("the Automa's Mantle cell");
          break;
        case 3:
        default:
          place = _("the Automa's Ring cell");
          break;
        }
      if (JSON_NODE_HOLDS_ARRAY (cell)
          && !check_cards (shape, CARD_WIZARD, json_node_get_array (cell), place, shape->n_artifacts, FALSE,
                           error))
        return FALSE;
    }
  return check_cards (shape, CARD_WIZARD, list_member (automa, "cards"), _("the cards the Automa took"),
                      pen_cards_get_n_cards (shape->cards), FALSE, error);
}

/* "turn", "take-back": no more dice owed than one Rest's effects give. */
static gboolean
check_take_back (JsonObject  *turn,
                 GError     **error)
{
  JsonArray *dice = list_member (object_of (turn != NULL ? json_object_get_member (turn, "take-back") : NULL),
                                 "dice");

  if (dice != NULL && json_array_get_length (dice) > PEN_SAVE_MAX_TAKE_BACKS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("The save owes too many dice to Rest effects (%u; a Rest gives at most %u)."),
                   json_array_get_length (dice), PEN_SAVE_MAX_TAKE_BACKS);
      return FALSE;
    }
  return TRUE;
}

/* "actions": a list the game can replay; no action gives more dice than a
 * supply holds. */
static gboolean
check_actions (JsonArray  *actions,
               GError    **error)
{
  if (actions == NULL)
    return TRUE;
  if (json_array_get_length (actions) > PEN_SAVE_MAX_ACTIONS)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("The save lists too many actions (%u; a game has at most %u)."),
                   json_array_get_length (actions), PEN_SAVE_MAX_ACTIONS);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonArray *dice = list_member (object_of (json_array_get_element (actions, i)), "dice");

      if (dice != NULL && json_array_get_length (dice) > MAX_DICE_NAMED)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                       _("Action %u of the save names too many dice (%u; an action names at most %u)."),
                       i + 1, json_array_get_length (dice), MAX_DICE_NAMED);
          return FALSE;
        }
    }
  return TRUE;
}

/* Text in a save is UTF-8 (RFC 8259), but json-glib decodes an escaped lone
 * surrogate ("\ud800") into bytes that are not: kept, such text would be
 * written into every later save, and painted with warnings. The log's text
 * is the players' to read, and the loader repairs it (json_valid_text());
 * anything else is an id or a word of the format, which no repair makes
 * right: refused here, naming the member that holds it. */
static gboolean
check_utf8 (JsonNode    *node,
            const char  *member,
            GError     **error)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *name;
        JsonNode *child;

        json_object_iter_init (&iter, json_node_get_object (node));
        while (json_object_iter_next (&iter, &name, &child))
          if ((member != NULL || !g_str_equal (name, "log")) && !check_utf8 (child, name, error))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          if (!check_utf8 (json_array_get_element (array, i), member != NULL ? member : "", error))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_STRING
          && !g_utf8_validate (json_node_get_string (node), -1, NULL))
        {
          g_autofree char *name = pen_save_excerpt (member != NULL ? member : "");

          /* Translators: %s is a member of the save's JSON ("fate-deck") */
          g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                       _("The saved game is damaged: “%s” holds text that is not valid UTF-8."), name);
          return FALSE;
        }
      return TRUE;
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/**
 * pen_save_excerpt:
 * @text: text of a save, which may be long, not valid UTF-8, or hold control
 *   characters
 *
 * What a message quotes of a save's own text (an id, a member, a value): at
 * most %PEN_SAVE_EXCERPT_CHARS characters, then "…" if there were more,
 * valid UTF-8, control characters shown as U+FFFD. A file's 900 KB id would
 * otherwise fill the window's dialog.
 *
 * Returns: (transfer full): the excerpt
 */
char *
pen_save_excerpt (const char *text)
{
  g_autofree char *valid = NULL;
  GString *out;
  const char *p;
  guint n = 0;

  g_return_val_if_fail (text != NULL, NULL);

  valid = g_utf8_make_valid (text, -1);
  out = g_string_new (NULL);
  for (p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (n++ == PEN_SAVE_EXCERPT_CHARS)
        {
          g_string_append (out, "…");
          break;
        }
      if (g_unichar_iscntrl (c))
        g_string_append_unichar (out, 0xFFFD);
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* A state of this version of the format: anything else (not a save, or one
 * from a newer version) is for the loader to refuse with its own message,
 * and a newer format may well hold other lists. */
static gboolean
is_known_format (JsonObject *object)
{
  JsonNode *version = json_object_get_member (object, "version");

  return g_strcmp0 (text_of (json_object_get_member (object, "format")), PEN_SAVE_FORMAT) == 0
         && version != NULL && json_node_get_value_type (version) == G_TYPE_INT64
         && json_node_get_int (version) >= 1 && json_node_get_int (version) <= PEN_SAVE_VERSION;
}

/**
 * pen_save_check_shape:
 * @root: a parsed state (docs/save-format.md)
 * @error: a place for the reason
 *
 * Refuses a state that holds text that is not UTF-8 outside its log (the
 * loader repairs the log's), a card in two places (a Fate card, a Trial, a
 * Contract, a Wizard card or a Talent in its decks, rows, markets, the
 * players' zones, the Automa's cells...), or a list longer than the game can
 * hold: a dice supply of more than %PEN_SAVE_MAX_SUPPLY_DICE dice, a deck
 * longer than its cards, more than %PEN_SAVE_MAX_ACTIONS actions or
 * %PEN_SAVE_MAX_LOG_LINES lines of log, an entry of more than %PEN_SAVE_MAX_LOG_PARTS
 * parts. The message names the card or the
 * list, in the player's words.
 *
 * Anything else is left to pen_game_new_from_json(): a state that passes
 * may still be refused there, and a document that is no state of this
 * version of the format passes.
 *
 * Returns: %FALSE with @error set (%PEN_ERROR_SAVE, or %PEN_ERROR_DATA if the
 *   game's own data is broken) if the state cannot be loaded
 */
gboolean
pen_save_check_shape (JsonNode  *root,
                      GError   **error)
{
  g_auto(Shape) shape = { 0 };
  JsonObject *object = object_of (root);
  JsonArray *players, *log;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (object == NULL || !is_known_format (object))
    return TRUE;
  if (!check_utf8 (root, NULL, error) || !shape_init (&shape, error))
    return FALSE;

  /* Fate cards and Trials: the Fate deck, the Trial row, the Prophecies and
   * Goals in play, and (below) the players' passed and reserved Trials. */
  if (!check_cards (&shape, CARD_FATE, list_member (object, "fate-deck"), _("the Fate deck"),
                    pen_fate_catalogue_get_n_cards (shape.fate), FALSE, error)
      || !check_cards (&shape, CARD_FATE, list_member (object, "trial-row"), _("the Trial row"), shape.n_trials,
                       FALSE, error)
      || !check_cards (&shape, CARD_FATE, list_member (object, "in-play"), _("the Prophecies and Goals in play"),
                       shape.n_in_play, FALSE, error))
    return FALSE;

  /* Contracts: their deck, the Guild's row, Bind's offer, and (below) the
   * players' reserved and fulfilled Contracts. */
  if (!check_cards (&shape, CARD_CONTRACT, list_member (object, "contract-deck"), _("the Contract deck"),
                    pen_quests_get_n_contracts (shape.quests), FALSE, error)
      || !check_cards (&shape, CARD_CONTRACT, list_member (object, "contract-row"),
                       _("the Guild's row of Contracts"), G_MAXUINT, FALSE, error)
      || !check_cards (&shape, CARD_CONTRACT, list_member (object, "bind-offer"),
                       _("the Contracts offered by Bind"), pen_quests_get_n_contracts (shape.quests), FALSE, error))
    return FALSE;

  players = list_member (object, "players");
  for (guint p = 0; players != NULL && p < MIN (json_array_get_length (players), PEN_MAX_PLAYERS); p++)
    if (!check_player (&shape, object_of (json_array_get_element (players, p)), p, error))
      return FALSE;

  if (!check_locations (list_member (object, "locations"), error)
      || !check_wizard_cards (&shape, object_of (json_object_get_member (object, "cards")), error)
      || !check_automa (&shape, object_of (json_object_get_member (object, "automa")), error)
      || !check_take_back (object_of (json_object_get_member (object, "turn")), error)
      || !check_actions (list_member (object, "actions"), error))
    return FALSE;

  log = list_member (object, "log");
  if (log != NULL && json_array_get_length (log) > PEN_SAVE_MAX_LOG_LINES)
    {
      g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                   _("The save's log is too long (%u lines; a game writes at most %u)."),
                   json_array_get_length (log), PEN_SAVE_MAX_LOG_LINES);
      return FALSE;
    }
  for (guint i = 0; log != NULL && i < json_array_get_length (log); i++)
    {
      JsonNode *entry = json_array_get_element (log, i);

      if (JSON_NODE_HOLDS_ARRAY (entry) && json_array_get_length (json_node_get_array (entry)) > PEN_SAVE_MAX_LOG_PARTS)
        {
          g_set_error (error, PEN_ERROR, PEN_ERROR_SAVE,
                       _("The save's log entry %u has too many parts (%u; an entry has at most %u)."), i + 1,
                       json_array_get_length (json_node_get_array (entry)), PEN_SAVE_MAX_LOG_PARTS);
          return FALSE;
        }
    }
  return TRUE;
}
