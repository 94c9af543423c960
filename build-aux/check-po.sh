#!/usr/bin/env bash
# Fails when a translatable string has no Russian translation, when ru.po has a
# fuzzy entry, or when a source file with translatable strings is missing from
# po/POTFILES.in.   Usage: check-po.sh SOURCE_ROOT
set -euo pipefail
top=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$top"

status=0
for f in $(git ls-files 'src/*.c' 'resources/*.ui' 2>/dev/null || find src resources -name '*.c' -o -name '*.ui'); do
  if grep -qE '(\b_|N_|C_|NC_|ngettext|log_count|log_count_about|log_line_c|LOG_PLURAL) *\(|translatable="yes"' "$f" && ! grep -qxF "$f" po/POTFILES.in; then
    echo "po: $f has translatable strings but is not listed in po/POTFILES.in"
    status=1
  fi
done

grep -v '^#' po/POTFILES.in | grep -v '^$' >"$tmp/files"
# The same keywords as meson's i18n 'glib' preset, pen_npgettext() and the log's (po/meson.build).
xgettext --from-code=UTF-8 --add-comments --files-from="$tmp/files" -o "$tmp/penumbra.pot" \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --keyword=pen_npgettext:1c,2,3 --flag=pen_npgettext:2:pass-c-format \
  --keyword=log_line_c:2c,3 --keyword=log_count:2,3 --keyword=log_count_about:3,4 --keyword=LOG_PLURAL:1,2 \
  --flag=log_count:2:c-format --flag=log_count_about:3:c-format --flag=LOG_PLURAL:1:c-format \
  --flag=log_line_c:3:c-format \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format \
  --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format \
  --flag=g_snprintf:3:c-format
msgmerge --quiet --no-fuzzy-matching -o "$tmp/ru.po" po/ru.po "$tmp/penumbra.pot"
stats=$(msgfmt --check --statistics -o /dev/null "$tmp/ru.po" 2>&1)
echo "ru.po against the current sources: $stats"
case "$stats" in
  *untranslated*|*fuzzy*) echo "po: add the missing Russian translations to po/ru.po"; status=1 ;;
esac
exit $status
