"""``regelwerk completion`` (shell completion scripts) and ``regelwerk manual``
(every command's help on one page, the manual page of the tool)."""

from __future__ import annotations

import click
from click.shell_completion import get_completion_class

from regelwerk.cli.common import cli_t, lang_option

__all__ = ["MANUAL_EPILOG", "completion_command", "manual_command"]

MANUAL_EPILOG = """\b
Environment:
  REGELWERK_LANG   language of every text (de, en, is); else LC_ALL, LC_MESSAGES, LANG
\b
Exit status:
  0  done (also when the reader of the output stops early, as with | head)
  1  the rules refused the request, or a file could not be read
  2  wrong use of the command line
  130  interrupted (Ctrl-C)
\b
Examples:
  regelwerk roll 4d6kh3 --seed 7
  regelwerk odds 2d20kh1+5 1d20+5 --lang de
  regelwerk w6 probe --eigenschaft GE=8 --fertigkeit 1 --schwierigkeit herausfordernd
  regelwerk 5e check --score 14 --proficient --level 5 --advantage --dc meðal
  regelwerk pf2e check --item 1 --status 1 --dc 18
\b
Shell completion: regelwerk completion bash|zsh|fish (see regelwerk completion --help).
The whole manual on one page: regelwerk manual."""

_SHELLS = ("bash", "zsh", "fish")


@click.command("completion")
@click.argument("shell", type=click.Choice(_SHELLS))
def completion_command(shell: str) -> None:
    """Print the completion script for SHELL (bash, zsh or fish).

    \b
    bash:  eval "$(regelwerk completion bash)"     (in ~/.bashrc)
    zsh:   eval "$(regelwerk completion zsh)"      (in ~/.zshrc)
    fish:  regelwerk completion fish > ~/.config/fish/completions/regelwerk.fish
    """
    from regelwerk.cli.main import cli

    completion = get_completion_class(shell)
    assert completion is not None  # click knows each of _SHELLS
    click.echo(completion(cli, {}, "regelwerk", "_REGELWERK_COMPLETE").source())


def _pages(command: click.Command, path: list[str],
           parent: click.Context | None) -> list[tuple[str, str]]:
    context = click.Context(command, info_name=path[-1], parent=parent)
    pages = [(" ".join(path), command.get_help(context))]
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            pages += _pages(command.commands[name], [*path, name], context)
    return pages


def _roff(text: str) -> str:
    """Plain text as a preformatted roff block (backslashes and leading dots escaped)."""
    lines = []
    for line in text.replace("\\", "\\e").splitlines():
        lines.append("\\&" + line if line.startswith((".", "'")) else line)
    return ".nf\n" + "\n".join(lines) + "\n.fi"


@click.command("manual")
@click.option("--roff", is_flag=True,
              help="Write a man page (roff): regelwerk manual --roff > regelwerk.1; "
                   "man -l regelwerk.1")
@lang_option
def manual_command(roff: bool, lang: str) -> None:
    """The manual: every command's help, one after the other (like `man regelwerk`)."""
    from regelwerk import __version__
    from regelwerk.cli.main import cli, load_commands

    load_commands()
    t = cli_t()
    pages = _pages(cli, ["regelwerk"], None)
    if roff:
        click.echo(f'.TH REGELWERK 1 "" "regelwerk {__version__}"')
        click.echo(".SH NAME\nregelwerk \\- " + t("rules for pen-and-paper role-playing games"))
        for i, (name, text) in enumerate(pages):
            click.echo(".SH " + t("DESCRIPTION") if i == 0 else f".SS {name}")
            if i == 0 and len(pages) > 1:
                click.echo(_roff(text) + "\n.SH " + t("COMMANDS"))
            else:
                click.echo(_roff(text))
        return
    click.echo(t("REGELWERK(1): rules for pen-and-paper role-playing games"))
    for name, text in pages:
        click.echo(f"\n{name}\n{'=' * len(name)}\n")
        click.echo(text)
