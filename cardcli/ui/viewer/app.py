"""The key-driven replay viewer: a full-screen prompt-toolkit application over a :class:`ViewerModel`.

The whole screen is one window whose text :func:`cardcli.ui.viewer.layout.compose` fits to
the terminal on every redraw, so what the tests compose is what the terminal shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from cardcli.engine.game import Line
from cardcli.i18n import _
from cardcli.ui.viewer.keys import bindings
from cardcli.ui.viewer.layout import Fitted, compose, cut, plain, to_fragments, wrap_parts
from cardcli.ui.viewer.model import ViewerModel, parse_position

KEYS_HELP = [
    ("→ Enter n", "the next move"),
    ("← b", "the move before"),
    ("↓ ↑", "the next / previous trick (bridge) or turn (other games)"),
    ("PgDn PgUp", "the next / previous hand"),
    ("Home End", "the deal of hand 1 / the last move"),
    ("/", "jump to a move: P (this hand) or H.P, then Enter"),
    ("s", "change seat: see the table as the next seat sees it"),
    ("a", "all hands"),
    ("r", "reveal or hide secret moves (eleusis' rule)"),
    ("j k", "scroll the table when it does not fit"),
    ("p", "play on from here: you at this seat, bots at the others"),
    ("Ctrl-L", "draw the screen again"),
    ("?", "this help (Esc closes it)"),
    ("q Esc", "quit (Ctrl-C too)"),
]

STYLE = {
    "title": "bold",
    "label": "bold",
    "dim": "ansibrightblack",
    "turn": "bold",
    "error": "ansired bold",
    "ok": "ansigreen",
    "hint": "ansicyan",
    "warn": "ansiyellow",
    "secret": "ansimagenta",
    "suit-h": "ansired",
    "suit-d": "ansired",
    "joker": "ansimagenta",
    "status": "reverse",
}


@dataclass(frozen=True)
class PlayOn:
    """The viewer was left with ``p``: start a new game from (hand, ply) with the human at ``seat``."""

    hand: int
    ply: int
    seat: int | None


class KeyViewer:
    """The application's state besides the model: help shown, the jump being typed, the table's scroll."""

    def __init__(self, model: ViewerModel, color: bool = True, can_play: bool = True) -> None:
        self.model = model
        self.color = color
        self.can_play = can_play
        self.help = False
        self.jump: str | None = None
        self.scroll = 0
        self.rows_total = 0
        """Rows of the scrolling part when they do not all fit (else 0)."""
        self.space = 0
        self._size = (80, 24)
        self.last: list[Line] = []
        """The rows drawn last (tests read them)."""

    # -- actions -----------------------------------------------------------------------------------
    def moved(self) -> None:
        """A new position: its table from the top, or at a hand's end the score below it."""
        self.scroll = 10**6 if self.model.score() else 0

    def scroll_by(self, delta: int) -> None:
        """Scroll from where the table really is (a new position's "the bottom" is settled first)."""
        width, height = self._size
        fitted = self.fit(width, height)
        self.scroll = max(0, fitted.scroll + delta)

    def finish_jump(self) -> None:
        text, self.jump = self.jump or "", None
        m = self.model
        pos = parse_position(text, m.hand)
        if pos is None:
            m.message = _("jump takes a move number or HAND.MOVE, e.g. 2.15")
        elif m.go(*pos):
            m.message = ""
            self.moved()

    def play_on(self, app: Application[Any]) -> None:
        m = self.model
        if not self.can_play or not m.hands:
            m.message = _("play on is not available here")
            return
        app.exit(result=PlayOn(m.hand, m.ply, m.seat))

    # -- drawing -----------------------------------------------------------------------------------
    def keys(self) -> list[str]:
        """The key bar, one entry a key: it wraps between entries, never inside one."""
        m = self.model
        keys = [
            _("? help"),
            _("q quit"),
            _("←→ move"),
            _("↑↓ trick") if m.has_tricks() else _("↑↓ turn"),
            _("PgUp/Dn hand"),
            _("/ jump"),
            _("s seat"),
            _("a all"),
        ]
        if m.has_secrets():
            keys.append(_("r reveal"))
        if self.can_play:
            keys.append(_("p play"))
        return keys

    def status(self, width: int = 80) -> list[Line]:
        """The bar at the bottom, in as many rows as ``width`` needs (the keys are never cut)."""
        m = self.model
        if self.jump is not None:
            return [[("status", " " + _("jump to (P or H.P): ") + self.jump + "_ ")]]
        parts = [m.message] if m.message else []
        if self.rows_total:
            parts.append(
                _("j/k scroll: rows {a}-{b} of {n}").format(
                    a=self.scroll + 1, b=min(self.rows_total, self.scroll + self.space), n=self.rows_total
                )
            )
        if not m.message:
            parts += self.keys()
        return [[("status", " " + row + " ")] for row in wrap_parts(parts, max(width, 20) - 2)]

    def fit(self, width: int, height: int) -> Fitted:
        """The screen fitted to ``width`` × ``height``, with the status bar the fitted screen calls for
        (its height and the scroll indicator depend on each other: settled in a few rounds)."""
        m = self.model
        overlay = None
        if self.help:
            overlay = [[("title", _("Keys"))]] + [[("label", f"  {k:<11}"), ("", _(t))] for k, t in KEYS_HELP]
        screen = m.screen()
        most = max(1, max(height, 4) // 4)  # the bar takes at most a quarter of the screen
        status: list[Line] = [[]]
        wanted = self.scroll  # each round scrolls from what was asked (10**6: the bottom)
        for _round in range(3):
            fitted = compose(screen, width, height, wanted, status, m.charset, overlay)
            self.scroll, self.rows_total, self.space = fitted.scroll, fitted.total, fitted.space
            bar = self.status(width)[:most]
            if len(bar) == len(status):
                break
            status = bar
        bar = self.status(width)[: len(status)]  # the indicator as this fit scrolled
        bar += [[] for _i in range(len(status) - len(bar))]
        rows = fitted.rows[: len(fitted.rows) - len(status)] + [cut(plain(r, m.charset), max(width, 20)) for r in bar]
        return fitted._replace(rows=rows)

    def rows(self, width: int, height: int) -> list[Line]:
        self._size = (width, height)
        self.last = self.fit(width, height).rows
        return self.last

    def _text(self) -> StyleAndTextTuples:
        size = get_app().output.get_size()
        return to_fragments(self.rows(size.columns, size.rows))  # type: ignore[return-value]

    def application(self, input: Any = None, output: Any = None) -> Application[Any]:
        window = Window(FormattedTextControl(self._text, focusable=True, show_cursor=False), wrap_lines=False)
        app: Application[Any] = Application(
            layout=Layout(window),
            key_bindings=bindings(self),
            full_screen=True,
            style=Style.from_dict(STYLE),
            color_depth=None if self.color else ColorDepth.DEPTH_1_BIT,
            input=input,
            output=output,
            mouse_support=False,
        )
        app.ttimeoutlen = 0.05
        return app


def run(model: ViewerModel, color: bool = True, can_play: bool = True, input: Any = None, output: Any = None) -> int | PlayOn:
    """Show the viewer until the user leaves: 0 (q, Esc, Ctrl-C: a viewer has nothing to save) or a
    :class:`PlayOn` request."""
    try:
        result = KeyViewer(model, color, can_play).application(input, output).run()
    except KeyboardInterrupt:  # a SIGINT from outside the keys (kill -INT) quits the same way
        return 0
    return 0 if result is None else result  # type: ignore[no-any-return]
