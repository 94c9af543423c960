#!/usr/bin/env python3
# The words of the game read as printed cards, in English and in Russian:
# reads `penumbra-sim cards` (and `penumbra-sim log STATE` once the command
# exists) in both languages and checks every number before a noun and every
# colour or Discipline before a noun against the forms of po/GLOSSARY.md,
# plus the faults of issue 18: a colour in parentheses in place of grammar,
# nested «», "1 Jewels", "a Amber", a capital after a colon, a word the
# glossary forbids, English left in the Russian text.
#
# Usage: check-words.py SOURCE_ROOT PENUMBRA_SIM LOCALEDIR
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

root, sim, localedir = sys.argv[1:4]
# The game whose log `penumbra-sim log` renders: a seeded game played here
# by random legal actions (a save's log from before format 5 is literal text,
# in the language it was played in).
LOG_SEED, LOG_ACTIONS = 11, 250


def glossary_tables():
    """The rows of each '### ' table of po/GLOSSARY.md, by heading."""
    tables, heading = {}, None
    with open(os.path.join(root, 'po', 'GLOSSARY.md'), encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line.startswith('#'):
                heading = line.lstrip('#').strip()
            elif line.startswith('|') and heading is not None:
                cells = [c.strip() for c in line.strip('|').split('|')]
                if all(set(c) <= set('- ') for c in cells):
                    continue
                tables.setdefault(heading, []).append(cells)
    # The first row of each table is its header.
    return {h: rows[1:] for h, rows in tables.items()}


tables = glossary_tables()
nouns_ru, nouns_en, adjectives = {}, {}, {}

for english, plural, nom, gender, acc, gen, two, five, many in tables['Nouns']:
    animate = gender.endswith('anim')
    g = gender.split()[0]

    def add(form, counts, tags):
        entry = nouns_ru.setdefault(form.lower(), [set(), set()])
        entry[0] |= counts
        entry[1] |= tags

    add(nom, {'1'}, {(g, 'nom')})
    add(acc, {'1'}, {(g, 'acc', 'anim' if animate else 'inanim') if g == 'm' else (g, 'acc')})
    add(gen, {'1gen'}, {(g, 'gen')})
    add(two, {'2'}, {'count2', 'count2f'} if g == 'f' else {'count2'})
    add(five, {'5'}, {('pl', 'gen')})
    if many != '—':
        add(many, set(), {('pl', 'nom'), ('pl', 'acc')})
    nouns_en.setdefault(english, set()).add('1')
    nouns_en.setdefault(plural, set()).add('n')

ADJECTIVE_TAGS = [
    {('m', 'nom'), ('m', 'acc', 'inanim')},               # m
    {('f', 'nom')},                                       # f
    {('n', 'nom'), ('n', 'acc')},                         # n
    {('f', 'acc')},                                       # f acc
    {('m', 'gen'), ('n', 'gen'), ('m', 'acc', 'anim')},   # m/n gen
    {('f', 'gen')},                                       # f gen
    {('pl', 'nom'), 'count2f'},                           # pl
    {('pl', 'gen'), 'count2'},                            # pl gen
]
colour_words_en = set()
for row in tables['Colours and Disciplines']:
    colour_words_en.add(row[0])
    for form, tags in zip(row[1:], ADJECTIVE_TAGS):
        adjectives.setdefault(form.lower(), set()).update(tags)
wrong_words = [(w, r) for w, r in tables['Words not to use']]

# Before these a number's noun is in the genitive ("до 2 Ран").
GENITIVE = {'до', 'после', 'из', 'без', 'от', 'у', 'для', 'около', 'кроме', 'вместо', 'ради', 'против', 'среди',
            'возле', 'больше', 'меньше', 'нет', 'значение', 'значения'}
ADJECTIVE_ENDING = re.compile(r'(ый|ий|ой|ая|яя|ое|ее|ую|юю|ого|его|ей|ые|ие|ых|их)$')
DISCIPLINE_NOUNS_RU = {'рубин', 'янтарь', 'яшма', 'изумруд', 'сапфир', 'аметист', 'искра', 'искры'}
ENGLISH_VERBS = ('Gain|Discard|Roll|Heal|Ignore|Reroll|Recharge|Unexhaust|Adjust|Flip|Recolour|Set|Make|'
                 'Cancel|Replace|Apply|Convert|Launches|Summon|Pay|Take')
ENGLISH_ADJECTIVES = {'additional', 'victory', 'more', 'temporary'}
TOKEN = re.compile(r'\+?\d+|[A-Za-zА-Яа-яЁё’\'-]+|[^\sA-Za-zА-Яа-яЁё\d]')


def count_class(n):
    if n % 10 == 1 and n % 100 != 11:
        return '1'
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return '2'
    return '5'


def check_russian(text):
    faults = []
    tokens = TOKEN.findall(text)
    lower = [t.lower() for t in tokens]
    for i, t in enumerate(lower):
        # A colour or a Discipline with its noun.
        if t in adjectives and i + 1 < len(lower) and lower[i + 1] in nouns_ru:
            if not adjectives[t] & nouns_ru[lower[i + 1]][1]:
                faults.append(f'«{tokens[i]} {tokens[i + 1]}»: the adjective does not agree with its noun')
        # A number with its noun, maybe past its adjectives.
        if re.fullmatch(r'\+?\d+', t):
            n = int(t.lstrip('+'))
            j = i + 1
            while j < len(lower) and j <= i + 3 and lower[j] not in nouns_ru and ADJECTIVE_ENDING.search(lower[j]):
                j += 1
            if j < len(lower) and lower[j] in nouns_ru:
                expected = count_class(n)
                if i > 0 and lower[i - 1] in GENITIVE:
                    expected = '1gen' if expected == '1' else '5'
                if expected not in nouns_ru[lower[j]][0]:
                    faults.append(f'«{" ".join(tokens[i:j + 1])}»: the wrong form of «{tokens[j]}» after {n}')
    for m in re.finditer(r'\(\s*([А-ЯЁа-яё]+)\s*\)', text):
        if m.group(1).lower() in adjectives or m.group(1).lower() in DISCIPLINE_NOUNS_RU:
            faults.append(f'«{m.group(0)}»: a colour in parentheses in place of grammar')
    for m in re.finditer(r':\s+([А-ЯЁ][а-яё]*те)\b', text):
        faults.append(f'«{m.group(0)}»: a capital after a colon')
    for wrong, right in wrong_words:
        if wrong.lower() in text.lower():
            faults.append(f'«{wrong}»: the glossary’s word is «{right}»')
    if re.search(r'[A-Za-z]{2,}[ ,.]+[A-Za-z]{2,}', text):
        faults.append(f'English left in the Russian text')
    return faults


def check_english(text):
    faults = []
    tokens = TOKEN.findall(text)
    for i, t in enumerate(tokens):
        if re.fullmatch(r'\+?\d+', t):
            n = int(t.lstrip('+'))
            j = i + 1
            # Past the words that describe the noun: "2 Red dice", "1 Discipline card", "2 additional placements".
            while (j < len(tokens) and j <= i + 3 and tokens[j] not in nouns_en
                   and (re.fullmatch(r'[A-Z][A-Za-z-]*', tokens[j]) or tokens[j] in ENGLISH_ADJECTIVES)):
                j += 1
            # A compound noun counts by its last word: "3 Mortal Wound cards".
            while j + 1 < len(tokens) and tokens[j] in nouns_en and tokens[j + 1] in nouns_en:
                j += 1
            if j < len(tokens) and tokens[j] in nouns_en:
                if ('1' if n == 1 else 'n') not in nouns_en[tokens[j]]:
                    faults.append(f'"{" ".join(tokens[i:j + 1])}": the wrong number of "{tokens[j]}"')
    for m in re.finditer(r'\b[Aa] [AEIOU][a-z]', text):
        faults.append(f'"{m.group(0)}…": "an" before a vowel')
    for m in re.finditer(r'\b[Aa]n [B-DF-HJ-NP-TV-Zb-df-hj-np-tv-z]', text):
        faults.append(f'"{m.group(0)}…": "a" before a consonant')
    for m in re.finditer(r'\(\s*([A-Za-z]+)\s*\)', text):
        if m.group(1) in colour_words_en:
            faults.append(f'"{m.group(0)}": a colour in parentheses in place of grammar')
    for m in re.finditer(r':\s+(' + ENGLISH_VERBS + r')\b', text):
        faults.append(f'"{m.group(0)}": a capital after a colon')
    return faults


def check_quotes(text):
    depth = 0
    for c in text:
        if c == '«':
            depth += 1
            if depth > 1:
                return ['«» nested']
        elif c == '»':
            depth -= 1
    return []


def run(language, *args):
    env = dict(os.environ)
    env.pop('LC_ALL', None)
    env.update({'LANG': 'C.UTF-8', 'LANGUAGE': language, 'PENUMBRA_LOCALEDIR': localedir})
    return subprocess.run([sim, *args], env=env, check=True, capture_output=True, text=True).stdout


def played_state(folder):
    state = os.path.join(folder, 'played.json')
    run('en', 'new', '--seed', str(LOG_SEED), '--out', state)
    pick = random.Random(LOG_SEED)
    for _ in range(LOG_ACTIONS):
        actions = run('en', 'actions', state).splitlines()
        if not actions:
            break
        run('en', 'apply', state, pick.choice(actions), '--out', state)
    return state


def has_log_command():
    return re.search(r'^\s+log\b', run('en', 'help'), re.M) is not None


failures = 0


def report(where, text, faults):
    global failures
    for fault in faults:
        failures += 1
        print(f'{where}: {fault}\n    {text!r}')


n_texts = 0
folder = tempfile.mkdtemp()
log_state = played_state(folder) if has_log_command() else None
for language, check in (('en', check_english), ('ru', check_russian)):
    for line in run(language, 'cards').splitlines():
        card = json.loads(line)
        for field in ('name', 'type', 'cost', 'text'):
            text = card[field]
            n_texts += 1
            report(f'{language} {card["kind"]} {card["id"]} {field}', text, check(text) + check_quotes(text))
    # The game log, rendered in the current language (issue 18): checked as
    # soon as penumbra-sim has the command.
    if log_state is not None:
        for number, text in enumerate(run(language, 'log', log_state).splitlines()):
            n_texts += 1
            report(f'{language} log line {number + 1}', text, check(text) + check_quotes(text))
    else:
        print(f'{language}: penumbra-sim has no “log” command yet: the log is not checked')

shutil.rmtree(folder)
print(f'{n_texts} texts checked, {failures} faults')
sys.exit(1 if failures else 0)
