"""`games`, `deal`, `rules` and `score`: the commands that only inform."""

from __future__ import annotations

import json
from typing import IO, Any

import click
import msgspec

from cardcli.commands.common import load_game, make_config, players_for
from cardcli.i18n import _


def list_games(as_json: bool) -> None:
    from cardcli.engine.registry import available

    rows = []
    for name in available():
        g = load_game(name)
        rows.append(
            {
                "name": g.name,
                "title": g.title,
                "summary": g.summary,
                "players": list(g.player_counts),
                "default_players": g.default_players,
                "presets": {p: g.preset_help.get(p, "") for p in g.presets},
                "default_preset": g.default_preset,
                "bots": list(g.bots),
                "default_bot": g.default_bot,
                "options": [{"name": o.name, "type": o.type, "default": o.default, "help": o.help} for o in g.options()],
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for r in rows:
        counts = _counts(r["players"])
        click.echo(
            click.style(f"{r['name']}", bold=True)
            + " — "
            + _("{title}, {counts} players: {summary}").format(title=_(r["title"]), counts=counts, summary=_(r["summary"]))
        )
        for p, text in r["presets"].items():
            mark = "*" if p == r["default_preset"] else " "
            click.echo(f"   {mark}preset {p:<22} {_(text)}")
        click.echo(
            "    "
            + _("bots: {bots} (default {default}); options: {options}").format(
                bots=", ".join(r["bots"]), default=r["default_bot"], options=", ".join(o["name"] for o in r["options"])
            )
        )
    click.echo("\n" + _("* = default preset.  `cardcli rules GAME options` explains each option."))


def _counts(ns: list[int]) -> str:
    if len(ns) > 1 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}–{ns[-1]}"
    return _(" or ").join(str(n) for n in ns)


def show_deal(
    game_name: str, seed: str, players: int | None, preset: str | None, options: tuple[str, ...], fmt: str, charset: str | None
) -> None:
    from cardcli.engine.deal import deck_digest, shuffled_deck
    from cardcli.engine.rng import normalize_seed
    from cardcli.ui.console import Console

    game = load_game(game_name)
    config = make_config(game, preset, options)
    n = players_for(game, config, players)
    if fmt not in game.deal_formats:
        raise click.UsageError(f"{game.name} deals can be printed as {', '.join(game.deal_formats)}, not {fmt!r}")
    seed_text = normalize_seed(seed)
    from cardcli.engine.fold import Table

    table: Table[Any, Any] = Table(game, config, n, game.first_dealer(config, n, seed_text))
    deck = shuffled_deck(game.deck(config, n), seed_text, 1)
    table.deal(deck)
    state = table.state
    hand_no = 1
    if fmt == "json":
        out = {
            "game": game.name,
            "seed": seed_text,
            "players": n,
            "hand": hand_no,
            "deck": deck,
            "digest": deck_digest(deck),
            **game.deal_summary(state),
        }
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
    elif fmt == "text":
        console = Console.detect(charset=charset)
        click.echo(
            _("{game}, seed {seed}, hand {h} (deck digest {d})").format(
                game=game.match_title(config), seed=seed_text, h=hand_no, d=deck_digest(deck)
            )
        )
        console.print_lines(game.render(game.full_view(state), console.charset))
    else:
        click.echo(game.export_deal(state, fmt))


def show_rules(game_name: str, topic: str | None) -> None:
    game = load_game(game_name)
    book = game.rulebook
    if not topic:
        click.echo(click.style(_(game.title), bold=True))
        click.echo(_(book.intro))
        click.echo("")
        click.echo(_("Topics (`cardcli rules {game} TOPIC`):").format(game=game.name))
        for line in book.topic_lines():
            click.echo("  " + line)
        if "options" not in book.topics:
            click.echo("  " + f"{'options':<14} " + _("the rule options and presets"))
        return
    if topic.lower() in ("options", "presets", "option", "preset"):
        _show_options(game)
        return
    found = book.find(topic)
    if not found:
        raise click.ClickException(
            _("{game} has no rule or topic {topic!r} (try `cardcli rules {game}`)").format(game=game.name, topic=topic)
        )
    for r in found:
        click.echo(click.style(f"[{r.id}] {_(r.title)}", bold=True))
        for para in _(r.text).splitlines():  # a text's own lines (a list) stay lines, each folded to 80
            more = "    " if para.startswith("- ") else "  "
            click.echo(click.wrap_text(para, width=80, initial_indent="  ", subsequent_indent=more))


def _show_options(game: Any) -> None:
    click.echo(click.style(_("Presets"), bold=True))
    for name in game.presets:
        mark = " " + _("(default)") if name == game.default_preset else ""
        click.echo(f"  {name}{mark}: {_(game.preset_help.get(name, ''))}")
        base = msgspec.to_builtins(game.presets[game.default_preset])
        diff = {k: v for k, v in msgspec.to_builtins(game.presets[name]).items() if base.get(k) != v}
        if diff:
            click.echo("      " + ", ".join(f"{k}={_fmt(v)}" for k, v in diff.items()))
    click.echo(click.style(_("Options (--option KEY=VALUE)"), bold=True))
    for o in game.options():
        click.echo(f"  {o.name}={_fmt(o.default)}  [{o.type}]")
        if o.help:
            click.echo(click.wrap_text(_(o.help), width=96, initial_indent="      ", subsequent_indent="      "))


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def run_score(
    game_name: str, file: IO[str], players: int | None, preset: str | None, options: tuple[str, ...], as_json: bool
) -> int:
    game = load_game(game_name)
    config = make_config(game, preset, options)
    if players is not None:
        players_for(game, config, players)  # the game's own one-line reason (canasta: 2 or 4 players)
    try:
        text = file.read()
    except UnicodeDecodeError:
        raise click.ClickException("the input is not text") from None
    try:
        sheet = game.score_sheet(text, config, players)
    except ValueError as err:
        raise click.ClickException(str(err)) from None
    if as_json:
        click.echo(
            json.dumps(
                {"game": game.name, "points": sheet.points, "lines": sheet.lines, **sheet.data}, indent=2, ensure_ascii=False
            )
        )
    else:
        for line in sheet.lines:
            click.echo(line)
    return 0
