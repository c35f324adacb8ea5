"""Babel extraction for the texts that are not ``_("...")`` calls in the source.

``cardcli/locale/babel.cfg`` maps ``cardcli/cli.py`` to :func:`extract_cli`, which yields the
``_()`` calls of that file (Babel's Python extractor) plus the messages that live
in data: click's help texts (each command's docstring and each option's help,
as :func:`cardcli.i18n.localize` looks them up), the click messages cardcli
shows (``Usage:``, ``Options:``…), and each game's title, summary, preset help
and rule-option descriptions.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import IO, Any

#: click's own messages that a cardcli user sees (click translates them with gettext).
CLICK_MESSAGES = [
    "Usage:",
    "Options",
    "Commands",
    "Show this message and exit.",
    "Show the version and exit.",
    "Error",
    "Try {command!r} for help.",
    "Try '{command} {option}' for help.",
    "No such command {name!r}.",
    "No such option: {name}",
    "Missing argument {param_hint}.",
    "Missing option {param_hint}.",
    "Missing parameter {param_hint}.",
    "Missing command.",
    "Invalid value for {param_hint}: {message}",
    "Invalid value: {message}",
    "Invalid value.",
    "Got unexpected extra argument ({args})",
    "Got unexpected extra arguments ({args})",
    "Option {name!r} requires an argument.",
    "Option {name!r} requires {nargs} arguments.",
    "{value!r} is not a valid integer.",
    "{value!r} is not a valid {number_type}.",
    "{value!r} is not one of {choices}.",
    "{value!r} is not {choice}.",
    "{value!r} is not a valid boolean.",
    "{value!r} is not in the range {range}.",
    "{len_type} {filename!r} does not exist.",
    "{name} {filename!r} is a directory.",
    "{name} {filename!r} is a file.",
    "File",
    "Directory",
    "Path",
    "default",
    "required",
    "env var: {var}",
    "(dynamic)",
    "Aborted!",
    "Did you mean {possibility}?",
    "(Possible options: {possibilities})",
    "Repeat for confirmation",
    "Error: The value you entered was invalid.",
    "Error: {e.message}",
    "Error: The two entered values do not match.",
    "{prog}, version {version}",
    "Error: {message}",
    "Missing argument",
    "Missing option",
    "Missing parameter",
    "Missing {param_type}",
    "No such option {name!r}.",
    "default: {default}",
    "Option {name!r} does not take a value.",
    "Could not open file {filename!r}: {message}",
    "{name} {filename!r} does not exist.",
    "{value} is not in the range {range}.",
    "Value must be an iterable.",
    "Confirm the action without prompting.",
    "Do you want to continue?",
]


def _texts(command: Any, prefix: str = "") -> Iterator[str]:
    import click

    if command.help:
        yield inspect.cleandoc(command.help)
    if command.short_help:
        yield inspect.cleandoc(command.short_help)
    for param in command.params:
        if isinstance(param, click.Option) and param.help:
            yield param.help
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            yield from _texts(command.commands[name], f"{prefix} {name}")


def _game_texts() -> Iterator[str]:
    from cardcli.engine.registry import available, load

    for name in available():
        game = load(name)
        yield game.title
        yield game.summary
        yield from game.preset_help.values()
        for option in game.options():
            if option.help:
                yield option.help


def extract_cli(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    from cardcli.cli import cli

    seen: set[str] = set()
    for text in [*_texts(cli), *CLICK_MESSAGES, *_game_texts()]:
        if text and text not in seen:
            seen.add(text)
            yield 0, None, text, []


#: The lesson fields the tutor shows through ``_`` (``cardcli.tutor.runner``): the English text is the key.
LESSON_FIELDS = ("title", "summary", "text", "question", "explain", "then", "describe", "reason")


def extract_lessons(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """The texts of one lesson file (``tutorials/GAME/*.toml``), hints included."""
    import tomllib

    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in LESSON_FIELDS and isinstance(value, str):
                    found.append(value.strip())
                elif key in ("hints", "choices") and isinstance(value, list):
                    found.extend(h.strip() for h in value if isinstance(h, str))
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(tomllib.loads(fileobj.read().decode("utf-8")))
    for text in dict.fromkeys(found):
        if text:
            yield 0, None, text, []
