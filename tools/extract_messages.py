"""Extract every translatable text of the game into ``game/locale/robbers-den.pot`` and merge it
into the ``de`` and ``nl`` catalogs (GNU gettext's ``xgettext`` and ``msgmerge``).

    python tools/extract_messages.py          # then translate the new entries, then
    python tools/compile_catalogs.py          # writes the .mo files next to the .po files

Keywords: ``_``, ``N_`` (marked now, translated when shown), ``ngettext`` (singular, plural)
and ``pgettext`` (context, text); the engines' refusals are extracted from their declarations,
``refusal(code, template)`` (the template is the msgid; the client translates by code).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
DOMAIN = "robbers-den"
LANGUAGES = ("de", "nl")
# Folders (read whole) and patterns; each game's texts are in its words, plug-in (the menu's
# title and blurb) and refusals, whatever the game is called.
SOURCES = (
    "game/ui",
    "game/play",
    "game/persist",
    "game/*.py",
    "game/*/words.py",
    "game/*/plugin.py",
    "game/*/refusals.py",
    "game/*/lesson.py",
)


def sources() -> list[str]:
    files: list[str] = []
    for entry in SOURCES:
        path = ROOT / entry
        found = sorted(path.rglob("*.py")) if path.is_dir() else sorted(ROOT.glob(entry))
        files += [str(p.relative_to(ROOT)) for p in found]
    return files


def main() -> int:
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        print("extract_messages: GNU gettext (xgettext, msgmerge) is needed", file=sys.stderr)
        return 2
    pot = LOCALE / f"{DOMAIN}.pot"
    subprocess.run(
        [
            "xgettext",
            "--language=Python",
            "--from-code=UTF-8",
            "--keyword=_",
            "--keyword=N_",
            "--keyword=ngettext:1,2",
            "--keyword=pgettext:1c,2",
            "--keyword=refusal:2",
            "--add-comments=Translators:",
            "--sort-by-file",
            "--package-name=robbers-den",
            f"--output={pot}",
            *sources(),
        ],
        cwd=ROOT,
        check=True,
    )
    for language in LANGUAGES:
        po = LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.exists():
            subprocess.run(
                [
                    "msgmerge",
                    "--quiet",
                    "--update",
                    "--backup=none",
                    "--no-fuzzy-matching",
                    str(po),
                    str(pot),
                ],
                check=True,
            )
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(pot, po)
    print(f"extract_messages: {pot.relative_to(ROOT)} and the {', '.join(LANGUAGES)} catalogs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
