"""Compile the gettext catalogs: every ``game/locale/*/LC_MESSAGES/*.po`` to its ``.mo``.

A small pure-Python ``msgfmt`` (no GNU gettext or babel needed at build time): it reads
``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr`` and ``msgstr[n]`` with C escapes and
continued lines, leaves out fuzzy and untranslated entries (they fall back to English), and
writes the GNU ``.mo`` format that Python's ``gettext`` reads. The output depends only on the
``.po`` text, so ``tests/game/test_i18n.py`` can check that the committed ``.mo`` files are current.

    python tools/compile_catalogs.py          # compile all
    python tools/compile_catalogs.py --check  # exit 1 if a .mo is missing or stale
    python tools/compile_catalogs.py DIR      # a game's own catalogs (GamePlugin.catalog_ref)
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
MAGIC = 0x950412DE


@dataclass
class Entry:
    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False


class PoError(ValueError):
    """A line of a .po file that can't be read."""


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: a quoted string is expected, not {text!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as error:
        raise PoError(f"{where}: bad string {text!r}") from error
    if not isinstance(value, str):
        raise PoError(f"{where}: bad string {text!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a .po file (header included, as the entry with the empty msgid)."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # which field continued lines extend
    flags_for_next: set[str] = set()

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#,"):
            finish()
            flags_for_next |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        keyword, _space, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or target is None:
                raise PoError(f"{where}: a continued string without a field")
            value = _unquote(line, where)
            kind, index = target
            if kind == "msgctxt":
                current.context = (current.context or "") + value
            elif kind == "msgid":
                current.msgid += value
            elif kind == "msgid_plural":
                current.plural = (current.plural or "") + value
            else:
                current.strings[index] = current.strings.get(index, "") + value
            continue
        if keyword == "msgctxt" or (keyword == "msgid" and (current is None or current.strings)):
            finish()
            current = Entry(fuzzy="fuzzy" in flags_for_next)
            flags_for_next = set()
        if current is None:
            raise PoError(f"{where}: {keyword} before msgid")
        if keyword == "msgctxt":
            current.context, target = _unquote(rest, where), ("msgctxt", 0)
        elif keyword == "msgid":
            current.msgid, target = _unquote(rest, where), ("msgid", 0)
        elif keyword == "msgid_plural":
            current.plural, target = _unquote(rest, where), ("msgid_plural", 0)
        elif keyword == "msgstr":
            current.strings[0], target = _unquote(rest, where), ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            current.strings[index], target = _unquote(rest, where), ("msgstr", index)
        else:
            raise PoError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return entries


def catalog(entries: list[Entry]) -> dict[bytes, bytes]:
    """The key -> translation pairs a .mo holds (fuzzy and empty translations left out)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.fuzzy and entry.msgid:
            continue
        count = max(entry.strings) + 1 if entry.strings else 0
        strings = [entry.strings.get(i, "") for i in range(count)]
        if not strings or not all(strings):
            continue
        key = entry.msgid
        if entry.plural is not None:
            key += "\0" + entry.plural
        if entry.context is not None:
            key = entry.context + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(strings).encode("utf-8")
    return pairs


def mo_bytes(pairs: dict[bytes, bytes]) -> bytes:
    """The GNU .mo file for ``pairs`` (keys sorted, no hash table)."""
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key in keys:
        value = pairs[key]
        offsets.append((len(ids), len(key), len(strs), len(value)))
        ids += key + b"\0"
        strs += value + b"\0"
    count = len(keys)
    header = 7 * 4
    ids_start = header + count * 16
    strs_start = ids_start + len(ids)
    key_table = b"".join(struct.pack("<II", length, ids_start + at) for at, length, _, _ in offsets)
    value_table = b"".join(
        struct.pack("<II", length, strs_start + at) for _, _, at, length in offsets
    )
    head = struct.pack("<7I", MAGIC, 0, count, header, header + count * 8, 0, 0)
    return head + key_table + value_table + ids + strs


def compile_po(po: Path) -> bytes:
    return mo_bytes(catalog(parse_po(po.read_text(encoding="utf-8"), str(po))))


def catalogs(locale: Path = LOCALE) -> list[Path]:
    return sorted(locale.glob("*/LC_MESSAGES/*.po"))


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def main(argv: list[str]) -> int:
    check = "--check" in argv
    folders = [Path(arg).resolve() for arg in argv if not arg.startswith("--")] or [LOCALE]
    stale = []
    for po in [po for folder in folders for po in catalogs(folder)]:
        mo = po.with_suffix(".mo")
        data = compile_po(po)
        if check:
            if not mo.exists() or mo.read_bytes() != data:
                stale.append(mo)
            continue
        mo.write_bytes(data)
        count = len(catalog(parse_po(po.read_text(encoding="utf-8"))))
        print(f"compile_catalogs: {_shown(mo)} ({count} texts)")
    if stale:
        for mo in stale:
            print(f"compile_catalogs: {_shown(mo)} is missing or stale", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
