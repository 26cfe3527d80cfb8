#!/usr/bin/env bash
# The translations of every front end (terminal, web): extract every message from the sources (Python tr()/_()/ngettext, the
# Jinja2 templates, the JavaScript t()), merge them into the Italian, French and German catalogues
# (existing translations are kept; new or changed messages arrive untranslated or fuzzy), and report
# what is left to translate. Nothing is compiled: the server compiles the .po files in memory.
#
#   scripts/i18n.sh            extract, update, report
#   scripts/i18n.sh --check    only report (exit 1 if something is untranslated or fuzzy)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
py=.venv/bin/python
locale_dir=src/ludoteca/present/locale
languages=(it fr de)

if [[ "${1:-}" != "--check" ]]; then
    pot="$(mktemp -d)/messages.pot"
    trap 'rm -rf "$(dirname "$pot")"' EXIT
    .venv/bin/pybabel -q extract -F babel.cfg -k tr -k t --add-location=file --sort-output --no-wrap \
        --project=ludoteca --copyright-holder="the ludoteca authors" -o "$pot" .
    for lang in "${languages[@]}"; do
        po="$locale_dir/$lang/LC_MESSAGES/messages.po"
        if [[ -f "$po" ]]; then
            .venv/bin/pybabel -q update -i "$pot" -d "$locale_dir" -l "$lang" --no-wrap --ignore-obsolete \
                --ignore-pot-creation-date
        else
            .venv/bin/pybabel -q init -i "$pot" -d "$locale_dir" -l "$lang" --no-wrap
        fi
    done
fi

I18N_MODE="${1:-}" "$py" - "$locale_dir" "${languages[@]}" <<'PY'
"""Per language: messages, untranslated, fuzzy (and the first few of each)."""
import os
import sys
from pathlib import Path

from babel.messages.pofile import read_po

locale_dir, languages = Path(sys.argv[1]), sys.argv[2:]
todo = 0
for lang in languages:
    with (locale_dir / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    messages = [m for m in catalog if m.id]
    missing = [m for m in messages if not all(m.string) if isinstance(m.string, tuple)] + [
        m for m in messages if isinstance(m.string, str) and not m.string
    ]
    fuzzy = [m for m in messages if m.fuzzy]
    todo += len(missing) + len(fuzzy)
    print(f"{lang}: {len(messages)} messages, {len(missing)} untranslated, {len(fuzzy)} fuzzy")
    for m in (missing + fuzzy)[:5]:
        print(f"    {m.id if isinstance(m.id, str) else m.id[0]!r}")
sys.exit(1 if todo and os.environ.get("I18N_MODE") == "--check" else 0)
PY
