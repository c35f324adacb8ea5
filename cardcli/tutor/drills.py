"""Endless seeded drills: ``cardcli learn GAME --drill KIND``.

Each item is dealt from a seed (``drill/KIND/N``) and its answer is worked out
by the game's own code (:mod:`cardcli.tutor.compute`), never stored. A missed
item comes back three items later (a simple spaced-repetition queue kept in
the progress file), so the same seed always asks the same question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

from cardcli.i18n import N_, _
from cardcli.tutor import progress
from cardcli.tutor.compute import bridge_score, hand_points, normalize
from cardcli.tutor.model import LessonError
from cardcli.ui.console import Console

Item = tuple[str, str, str]
"""(question, answer, explanation)."""

REPEAT_AFTER = 3


def _session(game: str, seed: str) -> Any:
    from cardcli.session import Session

    s = Session.new(game, seed=seed, hands_limit=1)
    s.deal_if_needed()
    return s


def _hand(cards: list[str]) -> str:
    return " ".join(cards)


def _bridge_hcp(seed: str) -> Item:
    from cardcli.games.bridge.play import hcp

    s = _session("bridge", seed)
    hand = s.state.hands[2]
    return (_("How many high-card points? {hand}").format(hand=_hand(hand)), str(hcp(hand)),
            _("ace 4, king 3, queen 2, jack 1"))


def _bridge_score(seed: str) -> Item:
    from cardcli.engine.rng import Rng

    r = Rng(seed, "drill")
    level = 1 + r.randbelow(7)
    strain = "CDHSN"[r.randbelow(5)]
    tricks = max(0, min(13, level + 6 + r.randbelow(5) - 2))
    vul = r.randbelow(2) == 1
    from cardcli.games.bridge.config import BridgeConfig

    spec = f"{level}{strain} {tricks} {'vul' if vul else 'nv'}"
    answer = bridge_score(spec, BridgeConfig())
    return (_("{level}{strain} {vul}, declarer takes {tricks} tricks: what does declarer's side score "
              "(negative if it goes down)?").format(level=level, strain=strain, tricks=tricks,
                                                     vul=_("vulnerable") if vul else _("not vulnerable")),
            str(answer), _("trick points, overtricks and bonuses, or the undertricks"))


def _points(game: str) -> Callable[[str], Item]:
    def make(seed: str) -> Item:
        s = _session(game, seed)
        seat = s.human_seats[0]
        return (_("What do these cards count if left in your hand? {hand}").format(hand=_hand(s.state.hands[seat])),
                str(hand_points(s, seat)), _("the card values of `cardcli rules {game}`").format(game=game))
    return make


def _eleusis_fits(seed: str) -> Item:
    from cardcli.engine.rng import Rng
    from cardcli.games.eleusis.library import LIBRARY

    s = _session("eleusis", seed)
    r = Rng(seed, "drill")
    rule = LIBRARY[r.randbelow(len(LIBRARY))]
    text = rule.source
    s.play(s.game.parse_move("rule " + text))
    card = s.state.hands[(s.state.dealer + 1) % s.players][0]
    fits = "yes" if s.game.judge(s.state, card) else "no"
    return (_("Rule `{rule}`, mainline ends with {top}: is {card} right? (yes/no)").format(
        rule=text, top=s.state.mainline[-1], card=card), fits, _("the rule decides"))


DRILLS: dict[str, dict[str, tuple[str, Callable[[str], Item]]]] = {
    "bridge": {"hcp": (N_("count the high-card points of a hand"), _bridge_hcp),
               "score": (N_("score a contract"), _bridge_score)},
    "rummy": {"score": (N_("count a hand left when someone goes out"), _points("rummy"))},
    "burraco": {"score": (N_("count the cards left in a hand"), _points("burraco"))},
    "canasta": {"score": (N_("count the cards left in a hand"), _points("canasta"))},
    "eleusis": {"fits": (N_("does this card fit the rule?"), _eleusis_fits)},
}


def kinds(game: str) -> dict[str, str]:
    return {k: v[0] for k, v in DRILLS.get(game, {}).items()}


def item(game: str, kind: str, number: int, seed: str | None = None) -> Item:
    if kind not in DRILLS.get(game, {}):
        raise LessonError(f"{game} has no drill {kind!r} (drills: {', '.join(DRILLS.get(game, {})) or 'none'})")
    return DRILLS[game][kind][1](f"drill/{kind}/{seed or ''}{number}")


def run_drill(game: str, kind: str, console: Console, stdin: IO[str], seed: str | None = None,
              count: int | None = None) -> int:
    item(game, kind, 1, seed)  # validates the kind
    queue = progress.drill_queue(game, kind)
    asked = right = 0
    console.say(_("{game} drill: {what}. Type the answer; `quit` stops.").format(
        game=game, what=_(DRILLS[game][kind][0])), "title")
    while count is None or asked < count:
        due = [m for m in queue["missed"] if m[1] <= asked]
        if due:
            number = due[0][0]
            queue["missed"].remove(due[0])
        else:
            number = queue["next"]
            queue["next"] += 1
        question, answer, why = item(game, kind, number, seed)
        console.tell(f"#{number} {question}")
        line = stdin.readline()
        if not line or normalize(line) in ("quit", "exit", "q"):
            break
        asked += 1
        if normalize(line) == normalize(answer):
            right += 1
            console.say(_("Right."), "ok")
        else:
            console.error(_("No: {answer} ({why}). It comes back soon.").format(answer=answer, why=why))
            queue["missed"].append([number, asked + REPEAT_AFTER])
        progress.save_drill_queue(game, kind, queue)
    console.say(_("{right} of {asked} right.").format(right=right, asked=asked), "title")
    return 0
