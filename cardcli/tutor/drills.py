"""Endless seeded drills: ``cardcli learn GAME --drill KIND``.

Each item is dealt from a seed (``drill/KIND/N``) and its answer is worked out
by the game's own code (:mod:`cardcli.tutor.compute`), never stored. A missed
item comes back three answers later (a simple spaced-repetition queue kept in
the progress store, one transaction per answer), so the same seed always asks
the same question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from cardcli.engine.rng import Rng
from cardcli.i18n import N_, _
from cardcli.tutor import progress
from cardcli.tutor.compute import advice, bridge_score, hand_points, meaning_text, normalize
from cardcli.tutor.model import LessonError
from cardcli.ui.console import Console

Item = tuple[str, str, str]
"""(question, answer, explanation)."""

REPEAT_AFTER = 3


@dataclass(frozen=True)
class Exercise:
    """One drill item: the answer is worked out by the game's code when the item is made."""

    question: str
    answer: str
    why: str
    choices: tuple[str, ...] = ()
    """For a choice: the options (the answer is one of them; a letter picks one)."""
    game: str = ""
    """When set, a typed move or call is compared in the game's notation (``1nt`` is ``1N``)."""
    also: tuple[str, ...] = ()
    """Other spellings of the answer that are accepted."""
    board: Callable[[Console], None] | None = None
    """Shows the position before the question (the line drill's table, from the learner's view)."""
    judge: Callable[[str], tuple[bool, list[str]]] | None = None
    """Judges an answer itself: (right, lines to show); raises ``ValueError`` (one line) for input
    that is no answer, which is then asked again."""

    def text(self) -> str:
        if not self.choices:
            return self.question
        return self.question + "".join(f"\n  {chr(97 + i)}) {c}" for i, c in enumerate(self.choices))

    def accepts(self, given: str) -> bool:
        """Any spelling of a right answer (``K♥`` for ``KH``, ``twelve`` for 12, a choice's letter)."""
        from cardcli.engine.cards import parse_card
        from cardcli.tutor.answers import card_reader, choice_of, same_answer

        chosen = choice_of(given, self.choices) if self.choices else None
        g = chosen if chosen is not None else given
        reader = card_reader(parse_card)
        if any(same_answer(g, a, card=reader) for a in (self.answer, *self.also)):
            return True
        if self.game:
            from cardcli.engine.registry import load as load_game

            game = load_game(self.game)
            try:
                return bool(game.format_move(game.parse_move(g.strip())) == game.format_move(
                    game.parse_move(self.answer)))
            except ValueError:
                return False
        return False


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


def _eleusis_fits(seed: str) -> Exercise:
    """A library rule, a few cards already played (some right, some wrong), and one card to judge; the
    answer's reason is the clause of the rule that decides it, with the values it compares."""
    from cardcli.games.eleusis.language import deck as D
    from cardcli.games.eleusis.language.explain import why_card
    from cardcli.games.eleusis.library import LIBRARY

    s = _session("eleusis", seed)
    r = Rng(seed, "drill")
    rule = LIBRARY[r.randbelow(len(LIBRARY))]
    s.play(s.game.parse_move("rule " + rule.source))
    for _k in range(2 + r.randbelow(5)):
        s.play(_pick(r, s.legal_moves()))
    hand = s.state.hands[s.to_act()]
    card = _pick(r, hand)
    fits = "yes" if s.game.judge(s.state, card) else "no"
    return Exercise(_("Rule `{rule}` (c is the card played, p1 the last right card, p2 the one before). The "
                      "mainline so far: {mainline}. Is {card} right next? (yes/no)").format(
        rule=rule.source, mainline=" ".join(s.state.mainline), card=card), fits,
        why_card(s.state.rule, s.state.rstate, D.INDEX[card]))


# -- the drills added for every game --------------------------------------------------------------

def _pick(r: Rng, seq: Sequence[Any]) -> Any:
    return seq[r.randbelow(len(seq))]


def _shuffle(r: Rng, seq: list[Any]) -> list[Any]:
    out = list(seq)
    for i in range(len(out) - 1, 0, -1):
        j = r.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _bridge_auction(seed: str) -> Any:
    """A bridge session where the bidding system has bid every seat up to South's first turn that
    comes with the auction still open (re-dealt from a derived seed when the auction ends first)."""
    for k in range(20):
        s = _session("bridge", seed if k == 0 else f"{seed}/{k}")
        while s.state.phase == "auction" and s.to_act() != 2:
            s.play(advice(s)[0])
        if s.state.phase == "auction" and s.to_act() == 2:
            return s
    raise LessonError("no auction reached South")  # pragma: no cover - twenty deals always reach South


def _auction_text(s: Any) -> str:
    names = s.game.seat_names(s.players)
    dealer = s.state.dealer
    calls = [f"{names[(dealer + i) % 4]} {s.game.format_move(c)}" for i, c in enumerate(s.state.calls)]
    return _("{dealer} deals; the auction so far: {calls}").format(
        dealer=names[dealer], calls=", ".join(calls) if calls else _("none (you call first)"))


def _bridge_bid(seed: str) -> Exercise:
    s = _bridge_auction(seed)
    call, why = advice(s)
    answer = s.game.format_move(call)
    return Exercise(_("{auction}. Your hand: {hand}. What does cardcli's system call? (1C … 7N, P, X)").format(
        auction=_auction_text(s), hand=_hand(s.state.hands[2])), answer, why, game="bridge")


def _bridge_meaning(seed: str) -> Exercise:
    s = _bridge_auction(seed)
    r = Rng(seed, "drill")
    texts: dict[str, str] = {}
    for call in _shuffle(r, list(s.legal_moves())):
        text = meaning_text(s, call)
        if "not in cardcli's system" in text or text in texts.values():
            continue
        texts[s.game.format_move(call)] = text
        if len(texts) == 4:
            break
    asked = _pick(r, sorted(texts))
    choices = tuple(_shuffle(r, sorted(texts.values())))
    return Exercise(_("{auction}. What would {call} mean now, in cardcli's system?").format(
        auction=_auction_text(s), call=asked), texts[asked], _("`explain {call}` at the table says the same").format(
        call=asked), choices=choices)


def _bridge_trick(seed: str) -> Exercise:
    s = _session("bridge", seed)
    r = Rng(seed, "drill")
    level, strain = 1 + r.randbelow(4), "CDHSN"[r.randbelow(5)]
    for text in (f"{level}{strain}", "P", "P", "P"):
        s.play(s.game.parse_move(text))
    names = s.game.seat_names(s.players)
    played = []
    leader = s.state.leader
    for i in range(4):
        seat = (leader + i) % 4
        move = _pick(r, [m for m in s.legal_moves() if hasattr(m, "card")])
        played.append(f"{names[seat]} {move.card}")
        s.play(move)
    winner = names[s.state.tricks[-1].winner]
    trumps = _("notrump") if strain == "N" else _("{suit} are trumps").format(suit=_(SUIT_NAMES[strain]))
    return Exercise(_("Contract {level}{strain} ({trumps}). The trick, in order: {cards}. Who won it?").format(
        level=level, strain=strain, trumps=trumps, cards=", ".join(played)), winner,
        _("the highest trump wins; with no trump in the trick, the highest card of the suit led"),
        also=(winner[0],))


SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = "A23456789TJQK"


def _candidate(r: Rng, wilds: tuple[str, ...]) -> list[str]:
    """Three or four cards that look like a meld: a set, a run, or one of them with a flaw."""
    size = 3 + r.randbelow(2)
    kind = r.randbelow(4)
    if kind == 0:  # a set
        rank = _pick(r, RANKS[2:])
        cards = [rank + su for su in _shuffle(r, list("SHDC"))[:size]]
    else:  # a run, maybe with a gap or a stray suit
        suit = _pick(r, "SHDC")
        start = r.randbelow(len(RANKS) - size)
        cards = [RANKS[start + i] + suit for i in range(size)]
        if kind == 2:
            i = 1 + r.randbelow(size - 1)
            cards[i] = RANKS[(start + i + 1) % len(RANKS)] + suit
        if kind == 3:
            cards[-1] = cards[-1][0] + _pick(r, [x for x in "SHDC" if x != suit])
    if wilds and r.randbelow(3) == 0:
        cards[r.randbelow(size)] = _pick(r, wilds)
    return cards


def _verdict_text(got: Any) -> str:
    from cardcli.engine.verdict import Verdict

    return got.reason if isinstance(got, Verdict) else _("a legal meld")


def _rummy_meld(seed: str) -> Exercise:
    from cardcli.engine.melds import Meld, read_meld
    from cardcli.games.rummy.config import RummyConfig

    cards = list(dict.fromkeys(_candidate(Rng(seed, "drill"), ())))
    got = read_meld(cards, RummyConfig().meld_rules())
    return Exercise(_("Rummy: is {cards} a legal meld? (yes/no)").format(cards=_hand(cards)),
                    "yes" if isinstance(got, Meld) else "no", _verdict_text(got))


def _burraco_meld(seed: str) -> Exercise:
    from cardcli.engine.melds import Meld
    from cardcli.games.burraco.config import BurracoConfig
    from cardcli.games.burraco.table import read_new

    cards = _candidate(Rng(seed, "drill"), ("JK", "2S", "2H", "2D", "2C"))
    got = read_new(cards, BurracoConfig())
    return Exercise(_("Burraco: is {cards} a legal new meld? (yes/no)").format(cards=_hand(cards)),
                    "yes" if isinstance(got, Meld) else "no", _verdict_text(got))


def canasta_meld_verdict(tokens: list[str]) -> Any:
    """What canasta's meld rules say of a new meld of these ranks (during play, after the opening)."""
    from cardcli.engine.melds import read_meld
    from cardcli.games.canasta import wildmelds
    from cardcli.games.canasta.config import CanastaConfig

    if all(t in ("JK", "2") for t in tokens):
        return wildmelds.shape_problem(tokens.count("JK"), tokens.count("2"))
    return read_meld(tokens, CanastaConfig().play_meld_rules(), kind="set")


def _canasta_meld(seed: str) -> Exercise:
    from cardcli.engine.melds import Meld

    r = Rng(seed, "drill")
    size = 3 + r.randbelow(3)
    rank = _pick(r, "456789TJQKA")
    other = _pick(r, [x for x in "456789TJQKA" if x != rank])
    naturals = size - r.randbelow(3)
    tokens = [rank] * naturals + [_pick(r, ("JK", "2")) for _i in range(size - naturals)]
    if r.randbelow(4) == 0:
        tokens[0] = other
    if r.randbelow(6) == 0:
        tokens = [_pick(r, ("JK", "2")) for _i in range(size)]
    got = canasta_meld_verdict(tokens)
    ok = got is None or isinstance(got, Meld)
    return Exercise(_("Canasta, your side has opened: is {cards} a legal new meld? (yes/no)").format(
        cards=_hand(tokens)), "yes" if ok else "no", _verdict_text(got) if got is not None else _("a legal meld"))


def _canasta_minimum(seed: str) -> Exercise:
    from cardcli.engine.options import build_config
    from cardcli.engine.registry import load as load_game
    from cardcli.games.canasta.opening import minimum

    r = Rng(seed, "drill")
    table = _pick(r, ("s0", "rg"))
    score = _pick(r, (-1, 1, 5, 10, 15, 20, 25, 30, 35, 40, 50, 55, 60, 70, 75, 80, 100, 110, 120, 125, 130)) * 100
    score -= 5 * r.randbelow(4) * (1 if score > 0 else -1) * 10
    config = build_config(load_game("canasta"), None, {"opening_table": table})
    return Exercise(_("Canasta (opening table `{table}`): your side's running score is {score}. What is your "
                      "opening minimum?").format(table=table, score=score), str(minimum(score, config)),
                    _("`cardcli rules canasta open` has the table"))


def _burraco_take(seed: str) -> Exercise:
    from cardcli.games.burraco import moves as bmv
    from cardcli.session import Session

    s = Session.new("burraco", seed=seed, hands_limit=1, preset="fibur-internazionale")
    s.deal_if_needed()
    seat = s.human_seats[0]
    if s.to_act() != seat:
        s.run_bots()
    verdict = s.game.check(s.state, bmv.Take())
    return Exercise(_("Burraco, FIBUR International code (the pile only if you then meld or attach). The discard "
                      "pile: {pile}. Your hand: {hand}. May you take the pile? (yes/no)").format(
        pile=_hand(s.state.discard), hand=_hand(s.state.hands[seat])), "yes" if verdict.ok else "no",
        verdict.reason or _("with the pile you can meld or attach at least one card"))


def _rummy_discard(seed: str) -> Exercise:
    from cardcli.games.rummy import moves as rmv

    for k in range(10):
        s = _session("rummy", seed if k == 0 else f"{seed}/{k}")
        seat = s.human_seats[0]
        if s.to_act() != seat:
            s.run_bots()
        s.play(s.game.parse_move("draw stock"))
        made: list[str] = []
        bot = s.game.bots[s.game.default_bot]()
        while s.to_act() == seat:
            move = bot.choose(s.game.view(s.state, seat), s.legal_moves(), s.bot_rng(seat))
            if isinstance(move, rmv.Discard):
                if not s.state.hands[seat] or len(s.state.hands[seat]) == 1:
                    break  # the discard would go out: no choice to ask about
                lead = _(" (you have melded {made})").format(made="; ".join(made)) if made else ""
                return Exercise(_("Rummy: you drew from the stock{lead}. Your hand: {hand}. Which card does "
                                  "cardcli's strongest bot discard?").format(lead=lead, hand=_hand(s.state.hands[seat])),
                                move.card, _("it keeps the cards closest to melds and throws the highest loner"),
                                game="rummy", also=(f"discard {move.card}",))
            made.append(s.game.format_move(move))
            s.play(move)
    raise LessonError("no discard to ask about")  # pragma: no cover


def eleusis_verdicts(source: str, starter: str, cards: list[str]) -> list[bool]:
    """Which of ``cards``, played in turn after ``starter``, the rule ``source`` accepts (eleusis's engine)."""
    from cardcli.games.eleusis.language import compile_text
    from cardcli.games.eleusis.language import deck as D

    rule = compile_text(source)
    st = rule.start(D.INDEX[starter])
    out = []
    for c in cards:
        ok = bool(rule.accepts(st, D.INDEX[c]))
        if ok:
            st = rule.step(st, D.INDEX[c])
        out.append(ok)
    return out


def _describe(rule: Any) -> str:
    return _(rule.description)


def _eleusis_rule(seed: str) -> Exercise:
    from cardcli.games.eleusis.library import LIBRARY

    r = Rng(seed, "drill")
    deck = _shuffle(r, [rk + su for rk in RANKS for su in "SHDC"])
    starter, cards = deck[0], deck[1:13]
    pool = [x for x in LIBRARY if x.level <= 2]
    target = _pick(r, pool)
    seen = eleusis_verdicts(target.source, starter, cards)
    others = [x for x in _shuffle(r, pool) if x is not target and _describe(x) != _describe(target)
              and eleusis_verdicts(x.source, starter, cards) != seen][:3]
    shown = [starter] + [c if ok else f"({c})" for c, ok in zip(cards, seen)]
    choices = tuple(_shuffle(r, [_describe(x) for x in others + [target]]))
    return Exercise(_("Eleusis: the starter and the cards played after it (in brackets: judged wrong): {line}. "
                      "Which rule is it?").format(line=" ".join(shown)), _describe(target),
                    _("only this rule judges every card as the dealer did"), choices=choices)


def _bridge_line(seed: str) -> Exercise:
    from cardcli.tutor.line_drill import line_exercise

    return line_exercise(seed)


def _legacy(make: Callable[[str], Item]) -> Callable[[str], Exercise]:
    def wrap(seed: str) -> Exercise:
        q, a, w = make(seed)
        return Exercise(q, a, w)
    return wrap


DRILLS: dict[str, dict[str, tuple[str, Callable[[str], Exercise]]]] = {
    "bridge": {"hcp": (N_("count the high-card points of a hand"), _legacy(_bridge_hcp)),
               "score": (N_("score a contract"), _legacy(_bridge_score)),
               "bid": (N_("find the bid: what cardcli's system calls with this hand"), _bridge_bid),
               "meaning": (N_("what does this call mean?"), _bridge_meaning),
               "trick": (N_("who won the trick?"), _bridge_trick),
               "line": (N_("declarer play: the card that makes most often"),
                        _bridge_line)},
    "rummy": {"score": (N_("count a hand left when someone goes out"), _legacy(_points("rummy"))),
              "meld": (N_("is this meld legal?"), _rummy_meld),
              "discard": (N_("which discard? (the strongest bot's choice)"), _rummy_discard)},
    "burraco": {"score": (N_("count the cards left in a hand"), _legacy(_points("burraco"))),
                "meld": (N_("is this meld legal?"), _burraco_meld),
                "take": (N_("may you take the pile?"), _burraco_take)},
    "canasta": {"score": (N_("count the cards left in a hand"), _legacy(_points("canasta"))),
                "meld": (N_("is this meld legal?"), _canasta_meld),
                "minimum": (N_("the opening minimum for a running score"), _canasta_minimum)},
    "eleusis": {"fits": (N_("does this card fit the rule?"), _eleusis_fits),
                "rule": (N_("find the rule from a mainline"), _eleusis_rule)},
}


def kinds(game: str) -> dict[str, str]:
    return {k: v[0] for k, v in DRILLS.get(game, {}).items()}


def exercise(game: str, kind: str, number: int, seed: str | None = None) -> Exercise:
    if kind not in DRILLS.get(game, {}):
        raise LessonError(f"{game} has no drill {kind!r} (drills: {', '.join(DRILLS.get(game, {})) or 'none'})")
    return DRILLS[game][kind][1](f"drill/{kind}/{seed or ''}{number}")


def item(game: str, kind: str, number: int, seed: str | None = None) -> Item:
    """(question, answer, explanation) of one item; choices are listed in the question."""
    ex = exercise(game, kind, number, seed)
    return ex.text(), ex.answer, ex.why


def _judged(ex: Exercise, line: str, console: Console, stdin: IO[str]) -> tuple[bool, list[str]] | None:
    """The exercise's own judgement of ``line``; input that is no answer gets one line and is asked again."""
    assert ex.judge is not None
    while True:
        try:
            return ex.judge(line)
        except ValueError as err:
            console.error(str(err))
        line = stdin.readline()
        if not line or normalize(line) in ("quit", "exit", "q"):
            return None


def run_drill(game: str, kind: str, console: Console, stdin: IO[str], seed: str | None = None,
              count: int | None = None) -> int:
    if kind not in DRILLS.get(game, {}):  # the kind is checked before anything is asked or made
        exercise(game, kind, 1, seed)
    asked = right = 0
    console.say(_("{game} drill ({what}): type the answer; `quit` stops.").format(
        game=game, what=_(DRILLS[game][kind][0])), "title")
    while count is None or asked < count:
        number = progress.take_drill_item(game, kind)
        ex = exercise(game, kind, number, seed)
        answer, why = ex.answer, ex.why
        if ex.board is not None:
            ex.board(console)
        console.tell(f"#{number} {ex.text()}")
        line = stdin.readline()
        if not line or normalize(line) in ("quit", "exit", "q"):
            break
        if ex.judge is not None:
            judged = _judged(ex, line, console, stdin)
            if judged is None:
                break
            ok, lines = judged
        else:
            ok, lines = ex.accepts(line), []
        asked += 1
        if ok:
            right += 1
            console.say(_("Right."), "ok")
        elif ex.judge is not None:
            console.error(_("Not the best card: it comes back soon."))
        else:
            console.error(_("No: {answer} ({why}). It comes back soon.").format(answer=answer, why=why))
        for text in lines:
            console.tell(text)
        progress.record_drill_answer(game, kind, number, ok, REPEAT_AFTER)
    console.say(_("{right} of {asked} right.").format(right=right, asked=asked), "title")
    return 0
