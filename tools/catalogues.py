"""Keep the gettext catalogues in step with the code.

    python tools/catalogues.py update   # extract messages, add new ones to every .po
    python tools/catalogues.py check    # exit 1 if a message lacks a de/is translation,
                                        # a translation is written twice in a row, or a
                                        # message is built at run time (an f-string)
    python tools/catalogues.py undouble # keep one copy of a translation written twice
    python tools/catalogues.py set FILE # translations from a JSON file
                                        # {"de": {msgid: text}, "is": {...}}
    python tools/catalogues.py merge    # after a git merge that conflicts in the
                                        # catalogues: keep both sides' messages

Messages are the first argument of ``t(...)`` calls (``context.t``, ``t``), the
first two of ``plural(...)``, the message templates of the error classes and of
``Message(...)``, texts marked ``translatable(...)``, the second argument of the
protocol's ``_error(...)``, the third of the HTTP layer's ``_Refused(...)``, the
command line's help texts and click's own words, and the
``t(...)`` and ``plural(...)`` calls of the web page templates.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "regelwerk"
LOCALES = SOURCE / "i18n" / "locale"
ERRORS = ("RegelwerkError", "DiceError", "DiceSyntaxError", "LimitExceeded", "FaceError",
          "EvaluationError", "RequestError", "RuleError",
          # the table's errors (a table's ``NotAllowed`` is given a translated text)
          "TableError", "InvalidCommand", "NotAuthorized")
KEYWORDS = {"t": None, "plural": (1, 2), "Message": None, "translatable": None, "NameTable": None,
            "_error": (2,), "_invalid": None, "_Refused": (3,), **dict.fromkeys(ERRORS)}


def extracted() -> Catalog:
    """Every message the code asks for, and every help text of the command line."""
    from regelwerk.cli.common import help_texts
    from regelwerk.cli.main import cli, load_commands

    load_commands()

    catalog = Catalog(domain="regelwerk")
    for _file, line, message, _comments, _context in extract_from_dir(
        str(SOURCE), keywords=KEYWORDS, method_map=[
            ("**.py", "python"), ("web/templates/**.html", "jinja2.ext:babel_extract")]
    ):
        catalog.add(message, locations=[(str(_file), line)])
    for text in help_texts(cli):
        catalog.add(text, locations=[("src/regelwerk/cli", 0)], flags=("cli-help",))
    return catalog


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "regelwerk.po"


def load(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain="regelwerk")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain="regelwerk")


def save(lang: str, catalog: Catalog) -> None:
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, omit_header=False, no_location=True, sort_output=True)


def update() -> None:
    template = extracted()
    for lang in ("de", "en", "is"):
        catalog = load(lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        save(lang, catalog)


def missing() -> list[str]:
    """``lang: msgid`` for every message without a translation in de or is."""
    template = extracted()
    out = []
    for lang in ("de", "is"):
        catalog = load(lang)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id)
            if found is None or not found.string or (
                isinstance(found.string, tuple) and not all(found.string)
            ):
                out.append(f"{lang}: {message.id!r}")
    return out


def _built(node: ast.expr) -> bool:
    """Whether ``node`` builds its text at run time (an f-string, ``"…".format(…)``,
    ``"…" % …``), so that no catalogue can hold it."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(part, ast.FormattedValue) for part in node.values)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "format" and isinstance(node.func.value, ast.Constant)
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(
        node.left, ast.Constant)


def built_messages(source: str, filename: str = "<source>") -> list[str]:
    """``file:line: call`` for every message (an argument that ``KEYWORDS`` extracts)
    built at run time: its words never reach the catalogues and stay English in every
    language.  A message is a template with named values: ``t("{n} dice", n=n)``."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else (
            node.func.attr if isinstance(node.func, ast.Attribute) else None)
        if name not in KEYWORDS:
            continue
        for position in KEYWORDS[name] or (1,):
            if position <= len(node.args) and _built(node.args[position - 1]):
                out.append(f"{filename}:{node.lineno}: {name}(…) of a text built at run time")
    return out


def built() -> list[str]:
    """``built_messages`` of every module of the package."""
    return [found for path in sorted(SOURCE.rglob("*.py"))
            for found in built_messages(path.read_text("utf-8"),
                                        str(path.relative_to(ROOT)))]


def _doubled(text: str) -> bool:
    """A translation that is written twice in a row (what a text merge of the
    catalogues can leave behind)."""
    half = len(text) // 2
    return bool(text) and len(text) % 2 == 0 and text[:half] == text[half:]


def doubled() -> list[str]:
    """``lang: msgid`` for every translation that repeats itself."""
    out = []
    for lang in ("de", "en", "is"):
        for message in load(lang):
            strings = (message.string if isinstance(message.string, tuple | list)
                       else (message.string,))
            if message.id and any(_doubled(str(text)) for text in strings if text):
                out.append(f"{lang}: {message.id!r}")
    return out


def undouble() -> None:
    """Keep one copy of every translation that repeats itself."""
    for lang in ("de", "en", "is"):
        catalog = load(lang)
        for message in catalog:
            if isinstance(message.string, tuple | list):
                message.string = tuple(str(t)[:len(t) // 2] if _doubled(str(t)) else str(t)
                                       for t in message.string)
            elif message.string and _doubled(message.string):
                message.string = message.string[:len(message.string) // 2]
        save(lang, catalog)


def set_translations(path: str) -> None:
    import json

    table = json.loads(Path(path).read_text("utf-8"))
    for lang, entries in table.items():
        catalog = load(lang)
        for msgid, text in entries.items():
            message = catalog.get(msgid)
            if message is None:
                print(f"{lang}: no message {msgid!r} in the catalogue (run update); skipped")
                continue
            message.string = tuple(text) if isinstance(text, list) else text
        save(lang, catalog)


def _side(path: Path, stage: int, lang: str) -> Catalog:
    """One side of a conflicted catalogue (git's stage 2 is ours, 3 is theirs)."""
    import io
    import subprocess

    relative = path.relative_to(ROOT).as_posix()
    text = subprocess.run(["git", "show", f":{stage}:{relative}"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    return read_po(io.BytesIO(text), locale=lang, domain="regelwerk")


def merge() -> None:
    """Resolve merge conflicts in the catalogues: every message of both sides, a
    translation where either side has one (theirs where both differ: run check)."""
    for lang in ("de", "en", "is"):
        path = po_path(lang)
        if "<<<<<<<" not in path.read_text("utf-8"):
            continue
        ours, theirs = _side(path, 2, lang), _side(path, 3, lang)
        for message in theirs:
            if not message.id:
                continue
            mine = ours.get(message.id)
            if mine is None:
                ours[message.id] = message
            elif message.string and message.string != mine.string:
                mine.string = message.string
        save(lang, ours)
        print(f"{path.relative_to(ROOT)}: merged; once the code is merged too, run "
              "'make messages' and 'make test'")


def main(argv: list[str]) -> int:
    if argv[1:] == ["update"]:
        update()
        return 0
    if argv[1:] == ["check"]:
        gaps = missing()
        for gap in gaps:
            print("untranslated", gap)
        twice = doubled()
        for entry in twice:
            print("written twice (fix: tools/catalogues.py undouble)", entry)
        runtime = built()
        for entry in runtime:
            print("not translatable (use a template with named values):", entry)
        return 1 if gaps or twice or runtime else 0
    if argv[1:] == ["undouble"]:
        undouble()
        return 0
    if argv[1:] == ["merge"]:
        merge()
        return 0
    if len(argv) == 3 and argv[1] == "set":
        set_translations(argv[2])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
