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

    def choose(self, view: EleusisView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return self.advise(view, legal, rng)[0]

    def advise(self, view: EleusisView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, str]:
        if not legal:
            raise ValueError("no legal move")
        if isinstance(legal[0], mv.SetRule):
            return self._deal(view, legal, rng)
        plays = [m for m in legal if isinstance(m, mv.Play)]
        if self.epsilon and rng.random() < self.epsilon:
            pick = rng.choice(plays)
            return pick, _("a card at random, to learn something")
        vs = self._sync(view)
        ml = view.mainline
        ctx = vs.context(D.INDEX[ml[-1]], D.INDEX[ml[-2]] if len(ml) > 1 else None, len(ml))
        odds = vs.chances(ctx, [D.INDEX[m.card] for m in plays])
        top = max(odds.values())
        best = [m for m in plays if odds[D.INDEX[m.card]] >= top - 1e-12]
        pick = best[0] if len(best) == 1 else rng.choice(best)
        n = vs.fitting()
        why = _("{card} is right under {p:.0%} of the {n} rules that fit the evidence").format(
            card=pick.card, p=top, n=n)
        if vs.tolerance:
            why += _(" (no rule I know fits every play; these miss {k})").format(k=vs.tolerance)
        guess = vs.best() if n <= 12 else None
        if guess is not None:
            why += _("; my best guess: {rule}").format(rule=guess.text)
        return pick, why

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
        if (self._vs is None or key != self._key or len(attempts) < len(seen)
                or (seen and attempts[len(seen) - 1] != seen[-1])):
            self._vs = VersionSpace(space(self.easy), D.INDEX[view.starter])
            self._key = key
            self._seen = seen = []
        vs = self._vs
        ml = view.mainline
        for a in attempts[len(seen):]:
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


BOTS = {"normal": InferenceBot, "easy": EasyBot, "random": RandomBot}
