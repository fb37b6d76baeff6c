"""Click's own words ("Usage:", "Options", "Show this message and exit.", its error
messages) in the language of the command line.

Click asks ``gettext`` for them; ``speak`` points click's modules at our
catalogues instead, so the framing of help and errors is as translated as the
texts inside it.  The messages are listed here so that the catalogues hold them.
"""

from __future__ import annotations

import importlib

from regelwerk.errors import translatable
from regelwerk.i18n import Translator

__all__ = ["CLICK_MESSAGES", "CLICK_PLURALS", "speak"]

_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui",
            "utils", "shell_completion")

CLICK_MESSAGES = (
    translatable("Usage:"),
    translatable("Options"),
    translatable("Commands"),
    translatable("Show this message and exit."),
    translatable("Show the version and exit."),
    translatable("%(prog)s, version %(version)s"),
    translatable("Error: {message}"),
    translatable("Try '{command} {option}' for help."),
    translatable("Aborted!"),
    translatable("Missing argument"),
    translatable("Missing option"),
    translatable("Missing parameter"),
    translatable("Missing command."),
    translatable("Missing parameter: {param_name}"),
    translatable("Missing {param_type}"),
    translatable("No such command {name!r}."),
    translatable("No such option {name!r}."),
    translatable("Option {name!r} does not take a value."),
    translatable("Invalid value: {message}"),
    translatable("Invalid value for {param_hint}: {message}"),
    translatable("{value!r} is not a valid {number_type}."),
    translatable("{value} is not in the range {range}."),
    translatable("default: {default}"),
    translatable("env var: {var}"),
    translatable("required"),
    translatable("deprecated"),
    translatable("file"),
    translatable("directory"),
    translatable("path"),
    translatable("unknown error"),
    translatable("{name} {filename!r} does not exist."),
    translatable("{name} {filename!r} is a directory."),
    translatable("{name} {filename!r} is a file."),
    translatable("{name} {filename!r} is not readable."),
    translatable("{name} {filename!r} is not writable."),
    translatable("Could not open file {filename!r}: {message}"),
    translatable("Choose from:\n\t{choices}"),
    translatable("Value must be an iterable."),
    translatable("Positional arguments"),
)

CLICK_PLURALS = (
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
)


def _plurals(t: Translator) -> None:
    """Keeps the plural forms in the catalogues (never called)."""
    t.plural("Got unexpected extra argument ({args})",
             "Got unexpected extra arguments ({args})", 1)
    t.plural("Option {name!r} requires an argument.",
             "Option {name!r} requires {nargs} arguments.", 1)
    t.plural("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    t.plural("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)
    t.plural("Takes {nargs} values but 1 was given.",
             "Takes {nargs} values but {len} were given.", 1)


def speak(t: Translator) -> None:
    """Let click say its words in ``t``'s language (for this process)."""

    def gettext(message: str) -> str:
        return t.raw(message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return t.raw_plural(singular, plural, n)

    for name in _MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]
