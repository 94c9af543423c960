/* pen-card-text.h: the words of the cards as they are printed, in the
 * current language, for the window and penumbra-sim alike.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pen-automa.h"
#include "pen-cards.h"
#include "pen-fate-deck.h"
#include "pen-quest.h"
#include "pen-talents.h"

G_BEGIN_DECLS

const char *pen_npgettext              (const char    *context,
                                        const char    *singular,
                                        const char    *plural,
                                        gulong         n) G_GNUC_FORMAT (2) G_GNUC_FORMAT (3);
gboolean    pen_text_prefer_russian    (void);
const char *pen_text_card_name         (const char    *name);
char       *pen_text_dice              (PenDieKind     kind,
                                        PenDiscipline  colour,
                                        guint          n);
const char *pen_text_a_mark            (PenDiscipline  discipline);
const char *pen_text_the_mark          (PenDiscipline  discipline);
char       *pen_text_ingredient_amount (PenIngredient  ingredient,
                                        guint          n);

char       *pen_card_text_type_line    (const PenCard *card);
char       *pen_card_text_cost_line    (const PenCard *card);
char       *pen_card_text_price_line   (const PenCard *card);
char       *pen_card_text_effects      (const PenCard *card);

char       *pen_quest_text_threat_line (guint          threat,
                                        guint          points);
char       *pen_quest_text_scoring     (guint          points,
                                        const guint    experience[PEN_N_EXPERIENCES],
                                        guint          light,
                                        guint          darkness,
                                        gboolean       by_path);
char       *pen_trial_text_path        (const PenTrial *trial,
                                        gboolean        light);
char       *pen_trial_text_properties  (const PenTrial *trial);
char       *pen_trial_text_retaliation (const PenTrial *trial);

char       *pen_talent_text            (const PenTalent *talent);

const char *pen_fate_text_type_line    (const PenFateCard *card);
const char *pen_fate_text              (const PenFateCard *card);
const char *pen_fate_text_counter      (PenFateCounter     counter);

char       *pen_automa_text_difficulty     (const PenAutomaVariant     *variant);
const char *pen_automa_text_speciality     (const PenAutomaVariant     *variant);
char       *pen_automa_text_board_points   (const PenAutomaVariant     *variant);
const char *pen_automa_text_content_type   (PenAutomaContent            content);
char       *pen_automa_text_content_points (const PenAutomaContentCard *card);

G_END_DECLS
