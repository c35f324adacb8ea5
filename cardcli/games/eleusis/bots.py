"""Eleusis bots: dealers that draw a fair rule, players that infer the rule.

Bots see only the view (mainline, every play and its verdict, their own
hand), the legal moves and a seeded random stream.

* ``normal`` keeps the full version space (:mod:`.hypotheses`, ~8.5k rules)
  and plays the card most likely to be right — the policy that minimises wrong
  cards, which is what the seed's scoring rewards. As the dealer it draws a
  rule from the library pool, preferring medium and hard rules (the dealer
  scores most when the rule splits the players).
* ``easy`` believes only the 35 simplest rules (one test on the card, or one
  relation with the last card) and plays a random card one time in five; as
  the dealer it prefers easy rules.
* ``random`` plays a random legal move: the baseline.

The version space is kept between turns and rebuilt when the view's history
is not a continuation of what it has seen (a new hand, an undo).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcli.engine.game import RandomBot
from cardcli.engine.rng import Rng
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.hypotheses import Observation, VersionSpace, space
from cardcli.games.eleusis.language import Ctx
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.library import BY_ID, LIBRARY
from cardcli.games.eleusis.state import Attempt
from cardcli.games.eleusis.view import EleusisView
from cardcli.i18n import _

_LEVEL_OF = {r.text: r.level for r in LIBRARY}


class InferenceBot:
    """A player that eliminates hypotheses and plays by majority vote."""

    id = "normal"
    easy = False
    epsilon = 0.0
    dealer_levels: tuple[int, ...] = (2, 3)

    def __init__(self) -> None:
        self._vs: VersionSpace | None = None
        self._key: tuple[object, ...] | None = None
        self._seen: list[Attempt] = []

    hint_levels = 3
    """``hint`` asked again at the same position says more (see :meth:`advise`)."""

    def choose(self, view: EleusisView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        if isinstance(legal[0], mv.SetRule):
            return self._deal(view, legal, rng)[0]
        plays = [m for m in legal if isinstance(m, mv.Play)]
        if self.epsilon and rng.random() < self.epsilon:
            return rng.choice(plays)
        vs, ctx = self._position(view)
        odds = vs.chances(ctx, [D.INDEX[m.card] for m in plays])
        top = max(odds.values())
        best = [m for m in plays if odds[D.INDEX[m.card]] >= top - 1e-12]
        return best[0] if len(best) == 1 else rng.choice(best)

    def advise(self, view: EleusisView, legal: Sequence[mv.Move], rng: Rng, level: int = 1) -> tuple[mv.Move, str]:
        """A hint in levels that never give the rule away before the learner insists.

        1. a card that tests the likeliest rules (its verdict rules many of them out);
        2. the same card, and how the candidates disagree ("5 rules fit; they disagree about red cards");
        3. (``hint`` asked a third time at the same position) my best guess at the rule's text.

        Everything comes from the seat's view: the plays and verdicts everyone saw.
        """
        if not legal:
            raise ValueError("no legal move")
        if isinstance(legal[0], mv.SetRule):
            return self._deal(view, legal, rng)
        plays = [m for m in legal if isinstance(m, mv.Play)]
        vs, ctx = self._position(view)
        masks = self._masks(vs, ctx)
        pick, why = _test_card(plays, masks)
        if vs.tolerance:
            why += _(" (no rule I know fits every play; the closest miss {k})").format(k=vs.tolerance)
        if level <= 1:
            return pick, why + " " + _("(`hint` again narrows the candidates)")
        n = vs.fitting()
        if level == 2:
            return pick, why + "; " + _narrowing(n, masks, view) + " " + _("(`hint` once more shows my best guess at the rule)")
        guess = vs.best()
        if guess is None:
            return pick, why
        return pick, why + "; " + _("my best guess at the rule (one of {n} that fit): {rule}").format(n=n, rule=guess.text)

    def _position(self, view: EleusisView) -> tuple[VersionSpace, Ctx]:
        vs = self._sync(view)
        ml = view.mainline
        return vs, vs.context(D.INDEX[ml[-1]], D.INDEX[ml[-2]] if len(ml) > 1 else None, len(ml))

    @staticmethod
    def _masks(vs: VersionSpace, ctx: Ctx) -> list[tuple[int, float]]:
        """(cards accepted now, weight) for every tracked hypothesis, likeliest first."""
        out = [(vs.hyps[i].rule.accept_mask_in(ctx, mode), w) for i, mode, w in zip(vs.alive, vs.modes, vs.weights())]
        out.sort(key=lambda mw: -mw[1])
        return out

    def _deal(self, view: EleusisView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, str]:
        """A rule of the preferred levels, not one the table has already seen revealed."""
        rules = [m for m in legal if isinstance(m, mv.SetRule)]
        fresh = [m for m in rules if m.text not in view.past_rules] or rules
        liked = [m for m in fresh if _LEVEL_OF.get(m.text) in self.dealer_levels] or fresh
        pick = rng.choice(liked)
        level = _LEVEL_OF.get(pick.text)
        entry = next((r for r in BY_ID.values() if r.text == pick.text), None)
        why = _("a library rule") + (f" ({entry.id}, level {level})" if entry else "")
        return pick, why

    def _sync(self, view: EleusisView) -> VersionSpace:
        """Bring the version space up to date with the view's plays."""
        key = (view.hand_number, view.dealer, view.starter)
        attempts = view.attempts
        seen = self._seen
        if self._vs is None or key != self._key or len(attempts) < len(seen) or (seen and attempts[len(seen) - 1] != seen[-1]):
            self._vs = VersionSpace(space(self.easy), D.INDEX[view.starter])
            self._key = key
            self._seen = seen = []
        vs = self._vs
        ml = view.mainline
        for a in attempts[len(seen) :]:
            pos = a.pos
            p1 = D.INDEX[ml[pos - 1]]
            p2 = D.INDEX[ml[pos - 2]] if pos >= 2 else None
            vs.observe(Observation(p1, p2, pos, D.INDEX[a.card], a.accepted))
            seen.append(a)
        return vs


class EasyBot(InferenceBot):
    id = "easy"
    easy = True
    epsilon = 0.2
    dealer_levels = (1,)


LIKELY = 0.8
"""The "likeliest rules" a test card splits: the most probable hypotheses holding this share of the mass."""


def _likeliest(masks: list[tuple[int, float]]) -> list[tuple[int, float]]:
    total = sum(w for _m, w in masks) or 1.0
    out, mass = [], 0.0
    for m, w in masks:
        out.append((m, w))
        mass += w
        if mass >= LIKELY * total and len(out) >= 2:
            break
    return out


def _test_card(plays: Sequence[mv.Play], masks: list[tuple[int, float]]) -> tuple[mv.Play, str]:
    """The card whose verdict splits the likeliest rules most evenly (ties: the one more often right)."""
    top = _likeliest(masks)
    top_mass = sum(w for _m, w in top) or 1.0
    total = sum(w for _m, w in masks) or 1.0

    def right(card: str, among: list[tuple[int, float]]) -> float:
        bit = D.BIT[D.INDEX[card]]
        return sum(w for m, w in among if m & bit)

    def score(p: mv.Play) -> tuple[float, float]:
        acc = right(p.card, top) / top_mass
        return (min(acc, 1.0 - acc), right(p.card, masks) / total)

    best = max(plays, key=score)
    split, chance = score(best)
    if split <= 1e-9:
        return best, _(
            "{card} is right under {p:.0%} of the rules that fit the evidence: the likeliest ones "
            "all agree on every card you hold"
        ).format(card=best.card, p=chance)
    share = right(best.card, top) / top_mass
    return best, _(
        "{card} tests the likeliest rules: about {a:.0%} of them accept it and the rest refuse it, so its verdict rules many out"
    ).format(card=best.card, a=share)


def _features(view: EleusisView) -> list[tuple[str, int]]:
    """Kinds of card a hint can name, as masks in this position (the last card from the mainline)."""
    p1 = D.INDEX[view.mainline[-1]]
    last = view.mainline[-1]
    out = [
        (_("red cards"), D.mask_of(lambda i: D.COLOUR[i] == "red")),
        (_("black cards"), D.mask_of(lambda i: D.COLOUR[i] == "black")),
        (_("even cards"), D.mask_of(lambda i: D.RANK[i] % 2 == 0)),
        (_("odd cards"), D.mask_of(lambda i: D.RANK[i] % 2 == 1)),
        (_("face cards"), D.mask_of(lambda i: D.RANK[i] >= 11)),
        (_("cards of 8 or more"), D.mask_of(lambda i: D.RANK[i] >= 8)),
        (_("cards of 7 or less"), D.mask_of(lambda i: D.RANK[i] <= 7)),
        (_("cards of the colour of {card}").format(card=last), D.mask_of(lambda i: D.COLOUR[i] == D.COLOUR[p1])),
        (_("cards of the suit of {card}").format(card=last), D.mask_of(lambda i: D.SUIT[i] == D.SUIT[p1])),
        (_("cards higher than {card}").format(card=last), D.mask_of(lambda i: D.RANK[i] > D.RANK[p1])),
        (_("cards lower than {card}").format(card=last), D.mask_of(lambda i: D.RANK[i] < D.RANK[p1])),
    ]
    for suit, word in (("S", _("spades")), ("H", _("hearts")), ("D", _("diamonds")), ("C", _("clubs"))):
        out.append((word, D.mask_of(lambda i, s=suit: D.SUIT[i] == s)))
    return [(label, m) for label, m in out if m]


def _narrowing(n: int, masks: list[tuple[int, float]], view: EleusisView) -> str:
    """How the candidate rules disagree now, in words (never a rule's text)."""
    if n <= 1:
        return _("only one rule I know fits everything seen so far")
    total = sum(w for _m, w in masks) or 1.0
    best: tuple[float, str, float, float] | None = None
    for label, f in _features(view):
        every = sum(w for m, w in masks if m & f == f) / total
        none = sum(w for m, w in masks if not m & f) / total
        key = min(every, none)
        if best is None or key > best[0]:
            best = (key, label, every, none)
    if best is None or best[0] <= 0.01:
        return _("{n} rules fit the evidence; they agree on whole kinds of card and differ on single cards").format(n=n)
    _k, label, every, none = best
    return _(
        "{n} rules fit the evidence; they disagree about {what}: by likelihood, {a:.0%} of them accept every "
        "one of those now and {b:.0%} none"
    ).format(n=n, what=label, a=every, b=none)


BOTS = {"normal": InferenceBot, "easy": EasyBot, "random": RandomBot}
