/* pen-data.h: reading the game's JSON data files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Where the data files live inside the engine's GResource. */
#define PEN_DATA_RESOURCE_PATH "/io/github/trials_of_arcana/Penumbra/data/"

/* The largest data file read from PENUMBRA_DATA_DIR; the largest shipped one
 * is some 16 KB. */
#define PEN_DATA_MAX_SIZE (4 * 1024 * 1024)

JsonNode *pen_data_load_resource (const char  *file,
                                  GError     **error);
JsonNode *pen_data_parse         (const char  *file,
                                  const char  *contents,
                                  gssize       length,
                                  GError     **error);
gboolean  pen_data_get_uint      (JsonObject  *object,
                                  const char  *file,
                                  const char  *item,
                                  const char  *field,
                                  guint        min,
                                  guint        max,
                                  guint       *out,
                                  GError     **error);
typedef gpointer (*PenDataLoadFunc) (GError **error);

gconstpointer pen_data_cache     (gpointer        *slot,
                                  PenDataLoadFunc  load,
                                  GError         **error);
gboolean   pen_data_is_kebab_case (const char  *id);
gboolean   pen_data_check_name_unique (GHashTable  *names,
                                       const char  *id,
                                       const char  *field,
                                       const char  *name,
                                       const char  *file,
                                       GError     **error);
JsonArray *pen_data_get_array    (JsonObject  *object,
                                  const char  *file,
                                  const char  *item,
                                  const char  *field,
                                  GError     **error);
char      *pen_data_path         (const char  *prefix,
                                  const char  *member);
gboolean   pen_data_check_fields (JsonObject         *object,
                                  const char         *file,
                                  const char         *item,
                                  const char         *prefix,
                                  const char * const *known,
                                  GError            **error);
gboolean   pen_data_node_get_string (JsonNode    *node,
                                     const char  *file,
                                     const char  *item,
                                     const char  *path,
                                     const char **out,
                                     GError     **error);
gboolean   pen_data_get_string   (JsonObject  *object,
                                  const char  *file,
                                  const char  *item,
                                  const char  *prefix,
                                  const char  *field,
                                  const char **out,
                                  GError     **error);

G_END_DECLS
