/* pen-game-log.c: the game's log as data. Each entry keeps its message's
 * untranslated msgid and its typed arguments (cards, dice, Marks, numbers…);
 * an entry becomes text only when someone reads it, in the language of the
 * moment, so that a game begun in English reads in Russian once the language
 * changes, and a game nobody reads (self-play, the coach's play-outs) never
 * formats a line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pen-game"

#include "config.h"

#include <string.h>

#include "pen-card-text.h"
#include "pen-game-private.h"

/* Lines this version no longer writes, still in the logs of older saves:
 * kept here so that they stay translated. */
G_GNUC_UNUSED static const char *const retired_lines[] = {
  N_("The Automa takes the Artifact %s from the Shop."),
  N_("The Automa takes the Exam %s."),
  N_("no Trial qualifies"),
  N_("no Contract of its worldview qualifies"),
};

/* The Marks as the log names them, by LogCase, then by PenDiscipline and
 * Spark last: the article and, in Russian, the adjective's case go with the
 * noun. */
static const char *const mark_contexts[] = { "Mark, subject", "Mark, object" };
static const char *const mark_phrases[][PEN_N_DISCIPLINES + 1] = {
  {
    /* Translators: a Mark that is the subject ("Gained a Ruby Mark."): the nominative */
    NC_("Mark, subject", "a Ruby Mark"),
    NC_("Mark, subject", "an Amber Mark"),
    NC_("Mark, subject", "a Jasper Mark"),
    NC_("Mark, subject", "an Emerald Mark"),
    NC_("Mark, subject", "a Sapphire Mark"),
    NC_("Mark, subject", "an Amethyst Mark"),
    NC_("Mark, subject", "a Spark Mark"),
  },
  {
    /* Translators: a Mark that is the object ("Threat 3 wounds a Ruby Mark."): the accusative */
    NC_("Mark, object", "a Ruby Mark"),
    NC_("Mark, object", "an Amber Mark"),
    NC_("Mark, object", "a Jasper Mark"),
    NC_("Mark, object", "an Emerald Mark"),
    NC_("Mark, object", "a Sapphire Mark"),
    NC_("Mark, object", "an Amethyst Mark"),
    NC_("Mark, object", "a Spark Mark"),
  },
};

/* A die as the log names it, by PenDiscipline for a coloured die, then
 * Bone, Spark and Threat; one form serves both roles (кубик is inanimate). */
static const char *const die_phrases[PEN_N_DISCIPLINES + 3] = {
  NC_("a die showing", "a Red die showing %u"),
  NC_("a die showing", "an Orange die showing %u"),
  NC_("a die showing", "a Yellow die showing %u"),
  NC_("a die showing", "a Green die showing %u"),
  NC_("a die showing", "a Blue die showing %u"),
  NC_("a die showing", "a Purple die showing %u"),
  NC_("a die showing", "a Bone die showing %u"),
  NC_("a die showing", "a Spark die showing %u"),
  NC_("a die showing", "a Threat die showing %u"),
};

/* A card's colour as the Automa's reveal names it, by LogColourAs - 1, then
 * by PenDiscipline. */
static const char *const colour_contexts[] = { "a card of the colour", "a Tome of the colour" };
static const char *const colour_phrases[][PEN_N_DISCIPLINES] = {
  {
    NC_("a card of the colour", "a Red card"),
    NC_("a card of the colour", "an Orange card"),
    NC_("a card of the colour", "a Yellow card"),
    NC_("a card of the colour", "a Green card"),
    NC_("a card of the colour", "a Blue card"),
    NC_("a card of the colour", "a Purple card"),
  },
  {
    NC_("a Tome of the colour", "a Red Tome"),
    NC_("a Tome of the colour", "an Orange Tome"),
    NC_("a Tome of the colour", "a Yellow Tome"),
    NC_("a Tome of the colour", "a Green Tome"),
    NC_("a Tome of the colour", "a Blue Tome"),
    NC_("a Tome of the colour", "a Purple Tome"),
  },
};

static const char *const mark_roles[] = { "subject", "object" };
static const char *const colour_as_ids[] = { "discipline", "card", "tome" };
static const char *const task_of_ids[] = { "contract", "trial" };

static gboolean
is_message (const LogArg *arg)
{
  return arg->kind == LOG_ARG_MESSAGE || arg->kind == LOG_ARG_PLURAL;
}

/* The format of a message argument, translated or (@translate FALSE) as
 * written in the sources. */
static const char *
format_of (const LogArg *arg,
           gboolean      translate)
{
  if (arg->kind == LOG_ARG_PLURAL)
    return translate ? g_dngettext (GETTEXT_PACKAGE, arg->s, arg->t, (gulong) MAX (arg->n, 0))
                     : (arg->n == 1 ? arg->s : arg->t);
  if (!translate)
    return arg->s;
  return arg->t != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, arg->t, arg->s) : g_dgettext (GETTEXT_PACKAGE, arg->s);
}

/* Past a conversion ("%s", "%u", "%d", with flags or a width): NULL for
 * "%%", which takes no argument. */
static const char *
skip_conversion (const char *p)
{
  g_assert (*p == '%');
  p++;
  if (*p == '%')
    return NULL;
  while (*p != '\0' && strchr ("0123456789.-+ #lhz", *p) != NULL)
    p++;
  return *p != '\0' ? p + 1 : p;
}

/* The index after @args[i] and the arguments its message takes, or -1 when
 * one is missing: a saved entry must fit its message. */
static int
consumed (const LogArg *args,
          guint         n_args,
          guint         i)
{
  const char *p;
  guint next = i + 1;

  if (i >= n_args)
    return -1;
  if (!is_message (&args[i]))
    return (int) next;
  for (p = strchr (format_of (&args[i], FALSE), '%'); p != NULL; p = strchr (p, '%'))
    {
      const char *after = skip_conversion (p);
      int end;

      if (after == NULL)
        {
          p += 2;
          continue;
        }
      end = consumed (args, n_args, next);
      if (end < 0)
        return -1;
      next = end;
      p = after;
    }
  return (int) next;
}

static void
add_link (GArray         *links,
          PenLogLinkKind  kind,
          const char     *id,
          GString        *out,
          gsize           start)
{
  PenLogLink link = { kind, id, start, out->len };

  if (links != NULL)
    g_array_append_val (links, link);
}

static guint render (PenGame *self, const LogArg *args, guint n_args, guint i, GString *out, GArray *links);

/* Appends the message @args[i] with its arguments; returns the index past
 * them. */
static guint
render_message (PenGame      *self,
                const LogArg *args,
                guint         n_args,
                guint         i,
                GString      *out,
                GArray       *links)
{
  const char *p = format_of (&args[i], TRUE);
  guint next = i + 1;

  while (*p != '\0')
    {
      const char *percent = strchr (p, '%');
      const char *after;

      if (percent == NULL)
        {
          g_string_append (out, p);
          break;
        }
      g_string_append_len (out, p, percent - p);
      after = skip_conversion (percent);
      if (after == NULL)
        {
          g_string_append_c (out, '%');
          p = percent + 2;
          continue;
        }
      if (next < n_args)
        next = render (self, args, n_args, next, out, links);
      p = after;
    }
  return next;
}

/* Appends @args[i] as its reader reads it; returns the index past it (and
 * past the arguments it takes, if it is a message). */
static guint
render (PenGame      *self,
        const LogArg *args,
        guint         n_args,
        guint         i,
        GString      *out,
        GArray       *links)
{
  const LogArg *arg = &args[i];
  gsize start = out->len;

  switch ((LogArgKind) arg->kind)
    {
    case LOG_ARG_MESSAGE:
    case LOG_ARG_PLURAL:
      return render_message (self, args, n_args, i, out, links);
    case LOG_ARG_TEXT:
      g_string_append (out, arg->s);
      break;
    case LOG_ARG_NUMBER:
      g_string_append_printf (out, "%d", arg->n);
      break;
    case LOG_ARG_CARD:
      {
        const PenCard *card = pen_cards_find (self->card_catalogue, arg->s);

        g_string_append (out, card != NULL ? CARD_NAME (card->name) : arg->s);
        add_link (links, PEN_LOG_LINK_CARD, arg->s, out, start);
      }
      break;
    case LOG_ARG_FATE:
      {
        const PenFateCard *card = pen_fate_catalogue_lookup (self->fate_catalogue, arg->s);

        g_string_append (out, fate_name (self, arg->s));
        add_link (links, card != NULL && pen_fate_card_get_kind (card) == PEN_FATE_KIND_TRIAL ? PEN_LOG_LINK_TRIAL
                                                                                             : PEN_LOG_LINK_FATE,
                  arg->s, out, start);
      }
      break;
    case LOG_ARG_CONTRACT:
      {
        const PenContract *contract = pen_quests_find_contract (self->quest_catalogue, arg->s);

        g_string_append (out, contract != NULL ? CARD_NAME (contract->name) : arg->s);
        add_link (links, PEN_LOG_LINK_CONTRACT, arg->s, out, start);
      }
      break;
    case LOG_ARG_NAME:
      g_string_append (out, CARD_NAME (arg->s));
      break;
    case LOG_ARG_DIE:
      {
        guint row = arg->a == PEN_DIE_KIND_COLOURED ? arg->b
                    : PEN_N_DISCIPLINES + (arg->a == PEN_DIE_KIND_BONE ? 0 : arg->a == PEN_DIE_KIND_SPARK ? 1 : 2);
        const LogArg phrase[] = { { .kind = LOG_ARG_MESSAGE, .s = die_phrases[row], .t = "a die showing" },
                                  LOG_NUMBER (arg->n) };

        render_message (self, phrase, G_N_ELEMENTS (phrase), 0, out, links);
      }
      break;
    case LOG_ARG_DISCIPLINE:
      g_string_append (out, arg->b == LOG_AS_DISCIPLINE
                                ? pen_discipline_get_name (arg->a)
                                : g_dpgettext2 (GETTEXT_PACKAGE, colour_contexts[arg->b - 1],
                                                colour_phrases[arg->b - 1][arg->a]));
      break;
    case LOG_ARG_MARK:
      g_string_append (out, g_dpgettext2 (GETTEXT_PACKAGE, mark_contexts[arg->b], mark_phrases[arg->b][arg->a]));
      break;
    case LOG_ARG_INGREDIENTS:
      {
        g_autofree char *text = pen_text_ingredient_amount (arg->a, (guint) arg->n);

        g_string_append (out, text);
      }
      break;
    case LOG_ARG_LOCATION:
      {
        g_autofree char *name = pen_location_dup_name (self->locations[arg->n]);

        g_string_append (out, name);
      }
      break;
    case LOG_ARG_TASK:
      {
        g_autofree char *text = pen_task_describe (quests_find_task (self, arg));

        g_string_append (out, text);
      }
      break;
    case LOG_ARG_END:
    default:
      g_assert_not_reached ();
    }
  return i + 1;
}

/* While an Automa turn is recorded (pen_game_set_record_automa_turns()):
 * the game as it is now, kept as the state before the change that the next
 * line tells of. A line is mostly written before its change; where the
 * change comes first, log_before_change() is called before it, and the line
 * that follows takes no state of its own. */
static void
record_step (PenGame *self)
{
  g_ptr_array_add (self->automa_steps, pen_game_copy (self));
}

void
log_before_change (PenGame *self)
{
  if (G_LIKELY (!self->recording_steps) || self->step_taken)
    return;
  record_step (self);
  self->step_taken = TRUE;
}

/* Adds an entry: @args ends with LOG_END; @target (or NULL) is the piece of
 * the table it is about. */
void
log_entry (PenGame            *self,
           const PenLogTarget *target,
           const LogArg       *args)
{
  LogEntry entry = { 0 };

  if (G_UNLIKELY (self->recording_steps))
    {
      if (!self->step_taken)
        record_step (self);
      self->step_taken = FALSE;
    }

  while (args[entry.n_args].kind != LOG_ARG_END)
    {
      g_assert (entry.n_args < LOG_MAX_ARGS);
      entry.args[entry.n_args] = args[entry.n_args];
      entry.n_args++;
    }
  g_assert (consumed (entry.args, entry.n_args, 0) == (int) entry.n_args);
  g_array_append_val (self->log, entry);
  if (target != NULL)
    {
      g_array_set_size (self->log_targets, self->log->len - 1);
      g_array_append_vals (self->log_targets, target, 1);
    }
}

/* @args (ending with LOG_END) as the reader reads them now, in the language
 * of the moment: a sentence said once and not kept, as the prompt of
 * pen-game-pending.c, written with the log's typed arguments so that a die,
 * a task or a card is named as the log names it. */
char *
log_render_args (PenGame      *self,
                 const LogArg *args)
{
  GString *out = g_string_new (NULL);
  guint n_args = 0;

  while (args[n_args].kind != LOG_ARG_END)
    n_args++;
  g_assert (n_args <= LOG_MAX_ARGS && consumed (args, n_args, 0) == (int) n_args);
  render (self, args, n_args, 0, out, NULL);
  return g_string_free (out, FALSE);
}

/* ---- Saves (docs/save-format.md, "log") ---------------------------------------- */

/* The entry's first argument, its message, is a bare string when it has no
 * context; every other argument is an object, so that a value of the wrong
 * kind is never read as a message. */
static void
add_arg (JsonBuilder  *b,
         const LogArg *arg,
         gboolean      first)
{
  if (first && arg->kind == LOG_ARG_MESSAGE && arg->t == NULL)
    {
      json_builder_add_string_value (b, arg->s);
      return;
    }
  if (arg->kind == LOG_ARG_DIE)
    {
      PenDie die = { .kind = arg->a, .colour = arg->b, .value = (guint8) arg->n };

      json_add_die (b, &die);
      return;
    }
  json_builder_begin_object (b);
  switch ((LogArgKind) arg->kind)
    {
    case LOG_ARG_MESSAGE:
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, arg->s);
      if (arg->t != NULL)
        {
          json_builder_set_member_name (b, "context");
          json_builder_add_string_value (b, arg->t);
        }
      break;
    case LOG_ARG_PLURAL:
      json_builder_set_member_name (b, "one");
      json_builder_add_string_value (b, arg->s);
      json_builder_set_member_name (b, "many");
      json_builder_add_string_value (b, arg->t);
      json_builder_set_member_name (b, "n");
      json_builder_add_int_value (b, arg->n);
      break;
    case LOG_ARG_TEXT:
    case LOG_ARG_CARD:
    case LOG_ARG_FATE:
    case LOG_ARG_CONTRACT:
    case LOG_ARG_NAME:
      json_builder_set_member_name (b, (const char *[]) { [LOG_ARG_TEXT] = "text", [LOG_ARG_CARD] = "card",
                                                           [LOG_ARG_FATE] = "fate", [LOG_ARG_CONTRACT] = "contract",
                                                           [LOG_ARG_NAME] = "name" }[arg->kind]);
      json_builder_add_string_value (b, arg->s);
      break;
    case LOG_ARG_NUMBER:
      json_builder_set_member_name (b, "number");
      json_builder_add_int_value (b, arg->n);
      break;
    case LOG_ARG_DISCIPLINE:
      json_builder_set_member_name (b, "discipline");
      json_builder_add_string_value (b, pen_discipline_get_id (arg->a));
      json_builder_set_member_name (b, "as");
      json_builder_add_string_value (b, colour_as_ids[arg->b]);
      break;
    case LOG_ARG_MARK:
      json_builder_set_member_name (b, "mark");
      json_builder_add_string_value (b, arg->a == PEN_N_DISCIPLINES ? "spark" : pen_discipline_get_id (arg->a));
      json_builder_set_member_name (b, "role");
      json_builder_add_string_value (b, mark_roles[arg->b]);
      break;
    case LOG_ARG_INGREDIENTS:
      json_builder_set_member_name (b, "ingredient");
      json_builder_add_string_value (b, pen_ingredient_get_id (arg->a));
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, arg->n);
      break;
    case LOG_ARG_LOCATION:
      json_builder_set_member_name (b, "location");
      json_builder_add_int_value (b, arg->n);
      break;
    case LOG_ARG_TASK:
      json_builder_set_member_name (b, "task");
      json_builder_add_string_value (b, arg->s);
      json_builder_set_member_name (b, "of");
      json_builder_add_string_value (b, task_of_ids[arg->a]);
      json_builder_set_member_name (b, "which");
      json_builder_add_int_value (b, arg->n);
      break;
    case LOG_ARG_DIE:
    case LOG_ARG_END:
    default:
      g_assert_not_reached ();
    }
  json_builder_end_object (b);
}

/* "log": each entry an array of its arguments, its message first. */
void
log_to_json (PenGame     *self,
             JsonBuilder *b)
{
  json_builder_set_member_name (b, "log");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->log->len; i++)
    {
      const LogEntry *entry = &g_array_index (self->log, LogEntry, i);

      json_builder_begin_array (b);
      for (guint k = 0; k < entry->n_args; k++)
        add_arg (b, &entry->args[k], k == 0);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

static const char *
text_member (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && json_node_get_value_type (node) == G_TYPE_STRING ? json_valid_text (json_node_get_string (node))
                                                                         : NULL;
}

static gboolean
int_member (JsonObject *object,
            const char *name,
            int         min,
            int         max,
            int        *out)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64
      || json_node_get_int (node) < min || json_node_get_int (node) > max)
    return FALSE;
  *out = (int) json_node_get_int (node);
  return TRUE;
}

static gboolean
find_choice (const char        *id,
             const char *const *ids,
             guint              n_ids,
             guint8            *out)
{
  for (guint i = 0; id != NULL && i < n_ids; i++)
    if (g_str_equal (id, ids[i]))
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

/* One argument of a saved entry; FALSE when it is damaged. */
static gboolean
read_arg (PenGame  *self,
          JsonNode *node,
          gboolean  first,
          LogArg   *arg)
{
  JsonObject *object;
  PenDiscipline discipline;
  PenIngredient ingredient;

  memset (arg, 0, sizeof *arg);
  if (first && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      *arg = LOG_MSG (json_valid_text (json_node_get_string (node)));
      return TRUE;
    }
  object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  if (object == NULL)
    return FALSE;
  if (json_object_has_member (object, "die"))
    {
      PenDie die;

      if (!json_read_die (node, &die, NULL))
        return FALSE;
      *arg = LOG_DIE (&die);
      return TRUE;
    }
  if ((arg->s = text_member (object, "message")) != NULL)
    {
      arg->kind = LOG_ARG_MESSAGE;
      arg->t = text_member (object, "context");
      return arg->t != NULL || !json_object_has_member (object, "context");
    }
  if ((arg->s = text_member (object, "one")) != NULL)
    {
      arg->kind = LOG_ARG_PLURAL;
      arg->t = text_member (object, "many");
      return arg->t != NULL && int_member (object, "n", 0, G_MAXINT, &arg->n);
    }
  if ((arg->s = text_member (object, "text")) != NULL)
    {
      arg->kind = LOG_ARG_TEXT;
      return TRUE;
    }
  if ((arg->s = text_member (object, "card")) != NULL)
    {
      arg->kind = LOG_ARG_CARD;
      return pen_cards_find (self->card_catalogue, arg->s) != NULL;
    }
  if ((arg->s = text_member (object, "fate")) != NULL)
    {
      arg->kind = LOG_ARG_FATE;
      return pen_fate_catalogue_lookup (self->fate_catalogue, arg->s) != NULL;
    }
  if ((arg->s = text_member (object, "contract")) != NULL)
    {
      arg->kind = LOG_ARG_CONTRACT;
      return pen_quests_find_contract (self->quest_catalogue, arg->s) != NULL;
    }
  if ((arg->s = text_member (object, "name")) != NULL)
    {
      arg->kind = LOG_ARG_NAME;
      return TRUE;
    }
  if (int_member (object, "number", G_MININT, G_MAXINT, &arg->n))
    {
      arg->kind = LOG_ARG_NUMBER;
      return TRUE;
    }
  if (json_object_has_member (object, "discipline"))
    {
      arg->kind = LOG_ARG_DISCIPLINE;
      if (!pen_discipline_from_id (text_member (object, "discipline") ?: "", &discipline))
        return FALSE;
      arg->a = discipline;
      return find_choice (text_member (object, "as"), colour_as_ids, G_N_ELEMENTS (colour_as_ids), &arg->b);
    }
  if (json_object_has_member (object, "mark"))
    {
      const char *id = text_member (object, "mark");

      arg->kind = LOG_ARG_MARK;
      if (g_strcmp0 (id, "spark") == 0)
        discipline = PEN_N_DISCIPLINES;
      else if (id == NULL || !pen_discipline_from_id (id, &discipline))
        return FALSE;
      arg->a = discipline;
      return find_choice (text_member (object, "role"), mark_roles, G_N_ELEMENTS (mark_roles), &arg->b);
    }
  if (json_object_has_member (object, "ingredient"))
    {
      arg->kind = LOG_ARG_INGREDIENTS;
      if (!pen_ingredient_from_id (text_member (object, "ingredient") ?: "", &ingredient))
        return FALSE;
      arg->a = ingredient;
      return int_member (object, "count", 0, G_MAXINT, &arg->n);
    }
  if (json_object_has_member (object, "location"))
    {
      arg->kind = LOG_ARG_LOCATION;
      return int_member (object, "location", 0, (int) self->n_locations - 1, &arg->n);
    }
  if ((arg->s = text_member (object, "task")) != NULL)
    {
      arg->kind = LOG_ARG_TASK;
      return find_choice (text_member (object, "of"), task_of_ids, G_N_ELEMENTS (task_of_ids), &arg->a)
           && int_member (object, "which", 0, G_MAXINT, &arg->n) && quests_find_task (self, arg) != NULL;
    }
  return FALSE;
}

/* Saves before format 5 kept finished text: each line is shown as it was. */
static gboolean
read_entry (PenGame  *self,
            JsonNode *node,
            gint64    version,
            LogEntry *entry)
{
  JsonArray *array;

  memset (entry, 0, sizeof *entry);
  if (version < 5)
    {
      if (json_node_get_value_type (node) != G_TYPE_STRING)
        return FALSE;
      entry->n_args = 1;
      entry->args[0] = (LogArg) { .kind = LOG_ARG_TEXT, .s = json_valid_text (json_node_get_string (node)) };
      return TRUE;
    }
  array = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  if (array == NULL || json_array_get_length (array) == 0 || json_array_get_length (array) > LOG_MAX_ARGS)
    return FALSE;
  entry->n_args = json_array_get_length (array);
  for (guint i = 0; i < entry->n_args; i++)
    if (!read_arg (self, json_array_get_element (array, i), i == 0, &entry->args[i]))
      return FALSE;
  /* A line is a message, or a text of an older save; each message's
   * conversions have their arguments, and nothing is left over. */
  return (is_message (&entry->args[0]) || (entry->n_args == 1 && entry->args[0].kind == LOG_ARG_TEXT))
         && consumed (entry->args, entry->n_args, 0) == (int) entry->n_args;
}

gboolean
log_from_json (PenGame    *self,
               JsonArray  *log,
               gint64      version,
               GError    **error)
{
  g_array_set_size (self->log, json_array_get_length (log));
  for (guint i = 0; i < json_array_get_length (log); i++)
    if (!read_entry (self, json_array_get_element (log, i), version, &g_array_index (self->log, LogEntry, i)))
      return json_bad_save (error, _("the log's entry %u is damaged."), i + 1);
  return TRUE;
}

/* ---- Public API ------------------------------------------------------------ */

guint
pen_game_get_log_length (PenGame *self)
{
  g_return_val_if_fail (PEN_IS_GAME (self), 0);
  return self->log->len;
}

/**
 * pen_game_render_log_entry:
 * @index: an entry of the log, below pen_game_get_log_length()
 * @links: (nullable) (element-type PenLogLink): where to add the cards the
 *   line names
 *
 * The entry as its reader reads it, in the current language.
 *
 * Returns: (transfer full): the line
 */
char *
pen_game_render_log_entry (PenGame *self,
                           guint    index,
                           GArray  *links)
{
  const LogEntry *entry;
  GString *out;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->log->len, NULL);

  entry = &g_array_index (self->log, LogEntry, index);
  out = g_string_new (NULL);
  render (self, entry->args, entry->n_args, 0, out, links);
  return g_string_free (out, FALSE);
}

/**
 * pen_game_get_log_message:
 * @index: an entry of the log, below pen_game_get_log_length()
 *
 * Returns: (nullable): the entry's message untranslated (as N_() marks it in
 *   the engine), or %NULL for a line of an older save's text
 */
const char *
pen_game_get_log_message (PenGame *self,
                          guint    index)
{
  const LogEntry *entry;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->log->len, NULL);

  entry = &g_array_index (self->log, LogEntry, index);
  return is_message (&entry->args[0]) ? entry->args[0].s : NULL;
}

/**
 * pen_game_render_log:
 *
 * Returns: (transfer full) (element-type utf8): every line of the log,
 *   rendered in the current language
 */
GPtrArray *
pen_game_render_log (PenGame *self)
{
  GPtrArray *lines;

  g_return_val_if_fail (PEN_IS_GAME (self), NULL);

  lines = g_ptr_array_new_full (self->log->len, g_free);
  for (guint i = 0; i < self->log->len; i++)
    g_ptr_array_add (lines, pen_game_render_log_entry (self, i, NULL));
  return lines;
}
