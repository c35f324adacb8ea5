"""Bridge bots: the system bidder with heuristic or double-dummy card play.

All bots bid with :mod:`cardcli.games.bridge.bidding` (so every bot call can be
explained), answer claims by checking them, and claim when every remaining
trick is a sure winner. They differ in card play:

``heuristic``
    rules of thumb (:mod:`cardcli.games.bridge.cardplay`), and in the last few
    tricks a small exact search over sampled layouts with cardcli's own solver;
``dds``
    PIMC with ``endplay``'s DDS: sample layouts consistent with the auction
    and the play (:mod:`cardcli.games.bridge.sampling`), solve each double
    dummy, play the card that makes (or beats) the contract most often, then
    the one with the most tricks on average. Falls back to ``heuristic`` when
    ``endplay`` is not installed;
``auto``
    ``dds`` when ``endplay`` is installed, else ``heuristic`` (the default);
``random``
    any legal move, the baseline.

The number of sampled layouts depends on how many cards are left (solving is
far slower early in the hand), so a decision stays well under a second. There
is deliberately no clock in a decision: a fixed number of layouts and a fixed
node budget make a bot game with the same seed identical on every machine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from cardcli.engine.cards import Card
from cardcli.engine.game import RandomBot
from cardcli.engine.rng import Rng
from cardcli.games.bridge import bidding
from cardcli.games.bridge import dds as ddsmod
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import side_of
from cardcli.games.bridge.cardplay import Table, choose_card
from cardcli.games.bridge.ddsolve import Budget, solve_position, tricks_for
from cardcli.games.bridge.play import trump_of
from cardcli.games.bridge.sampling import knowledge, sample_deals, score_for_view
from cardcli.games.bridge.scoring import SIDE_NAMES
from cardcli.games.bridge.view import BridgeView
from cardcli.i18n import _, forget_on_change, language

ENDGAME_CARDS = 6
"""The heuristic bot searches exactly (sampled layouts, own solver) once a hand has this many cards."""
ENDGAME_SAMPLES = 8
"""Layouts the heuristic bot solves in the endgame (the node budget per layout is fixed, not timed)."""
EQUAL_AFTER = 4
"""The DDS bot stops solving when every card has scored alike in each of this many layouts (a
choice that matters shows in the first few layouts; one that does not needs no more)."""
REACH_WEIGHT = 10.0
"""How much making (or beating) the contract counts against one trick on average."""


def dds_samples(cards_left: int, lead: bool = False) -> int:
    """How many layouts the DDS bot solves, by cards left in the four hands.

    A lead in the first four tricks gets half as many: DDS then scores every card of the hand in
    nearly full deals (the slowest solves of a hand, several times a later card's), and the lead
    heuristic breaks the ties that fewer layouts leave."""
    if cards_left > 48:
        n = 10  # the first trick: each full-deal solve is slow
    elif cards_left > 44:
        n = 20
    elif cards_left > 36:
        n = 48
    elif cards_left > 28:
        return 64
    else:
        return 96
    return n // 2 if lead else n


class SystemBot:
    """Bids by the system, answers and makes claims; card play in :meth:`play_card`."""

    id = "heuristic"

    def choose(self, view: BridgeView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return self.advise(view, legal, rng)[0]

    def advise(self, view: BridgeView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, str]:
        if view.phase == "auction":
            call, why = bid_for(view, legal)
            return call, why
        if view.phase == "claim":
            return answer_claim(view)
        claim = self._claim(view, legal)
        if claim is not None:
            return claim
        cards = [m.card for m in legal if isinstance(m, mv.Play)]
        card, why = self.play_card(view, cards, rng)
        return mv.Play(card), why

    def _claim(self, view: BridgeView, legal: Sequence[mv.Move]) -> tuple[mv.Move, str] | None:
        claims = [m for m in legal if isinstance(m, mv.Claim)]
        if not claims or view.trick or view.contract is None or view.seat != view.declarer:
            return None
        if len(view.tricks) >= 12 or not sure_run(view):
            return None
        best = max(claims, key=lambda m: m.tricks)
        return best, _("claim: every remaining card of the hand on lead is a winner and the opponents have no trumps")

    def play_card(self, view: BridgeView, cards: Sequence[Card], rng: Rng) -> tuple[Card, str]:
        heuristic = choose_card(view, cards)
        if len(cards) == 1:
            return heuristic
        left = len(view.hand) if view.turn == view.seat else len(view.dummy_hand or ())
        if left <= ENDGAME_CARDS:
            got = pimc(view, cards, rng, "python", samples=ENDGAME_SAMPLES, prefer=heuristic[0])
            if got is not None:
                return got
        return heuristic


class DdsBot(SystemBot):
    """PIMC card play with endplay's DDS (heuristic play when endplay is missing)."""

    id = "dds"

    def play_card(self, view: BridgeView, cards: Sequence[Card], rng: Rng) -> tuple[Card, str]:
        if len(cards) == 1 or not ddsmod.available():
            return super().play_card(view, cards, rng)
        heuristic = choose_card(view, cards)
        if equal_cards(view, cards):
            # every layout scores them alike, so PIMC would play the heuristic's card: no need to solve
            return heuristic
        got = pimc(view, cards, rng, "dds", samples=dds_samples(sum(view.hand_sizes), not view.trick), prefer=heuristic[0])
        return got if got is not None else heuristic


def equal_cards(view: BridgeView, cards: Sequence[Card]) -> bool:
    """True when ``cards`` are one suit and touching once the cards of finished tricks are gone (``QJ``
    with the K out, ``T7`` with 9 and 8 played): each takes the same tricks as the others in every
    layout, double dummy. A card in the current trick keeps its neighbours apart (the 6 beats the 5 on
    the table, the 4 does not)."""
    if len({c[1] for c in cards}) != 1:
        return False
    gone = {c for _leader, played, _winner in view.tricks for c in played}
    suit = cards[0][1]
    ranks = sorted(_RANKS.index(c[0]) for c in cards)
    return all(_RANKS[r] + suit in gone for lo, hi in zip(ranks, ranks[1:]) for r in range(lo + 1, hi))


_RANKS = "23456789TJQKA"


def AutoBot() -> SystemBot:
    """``dds`` when endplay is installed, else ``heuristic``."""
    return DdsBot() if ddsmod.available() else SystemBot()


# -- bidding -----------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _choose_cached(
    hand: tuple[str, ...],
    dealer: int,
    calls: tuple[mv.Call, ...],
    vul: tuple[bool, bool],
    leg: tuple[int, int],
    legal: tuple[mv.Call, ...],
    lang: str,
) -> tuple[mv.Call, str]:
    """``lang``: the language of the reason (a key of the cache: a server speaks several)."""
    score_for = bidding.score_for_side(vul, leg)
    call, fits = bidding.decide(hand, dealer, calls, score_for, legal)
    meaning = bidding.meaning(bidding.position(dealer, calls, score_for), call)
    facts = hand_facts(hand, dealer, calls, call, fits, meaning.unit)
    return call, _("{meaning} (this hand: {facts})").format(meaning=meaning.text, facts=facts)


forget_on_change(_choose_cached.cache_clear)  # the reasons are texts in one language


def hand_facts(hand: Sequence[str], dealer: int, calls: Sequence[mv.Call], call: mv.Call, fits: bool, unit: str = "hcp") -> str:
    """The facts about ``hand`` that a call's meaning speaks of: its count in the unit the meaning's
    range is in (HCP, or points with the length or shortness added, as a sum), the length of the
    suit bid (or doubled), whether it is balanced for a notrump bid."""
    h = bidding.Hand(hand)
    parts = list(dict.fromkeys(h.count_words(u) for u in unit.split(",")))
    suit: str | None = None
    if isinstance(call, mv.Bid):
        suit = call.strain if call.strain != "N" else None
        if call.strain == "N":
            parts.append(_("balanced") if h.balanced else _("not balanced"))
    elif isinstance(call, mv.Double):
        bids = [c for c in calls if isinstance(c, mv.Bid)]
        suit = bids[-1].strain if bids and bids[-1].strain != "N" else None
    if suit is not None:
        parts.append(_("{n} {s}").format(n=h.lens[suit], s=bidding.sname(suit)))
    if not fits:
        parts.append(_("no call in the system fits it here, so it passes"))
    return ", ".join(parts)


def bid_for(view: BridgeView, legal: Sequence[mv.Move]) -> tuple[mv.Call, str]:
    """The system's call and its reason: the call's meaning (what ``explain`` says) and the facts
    of this hand that it speaks of."""
    calls = tuple(m for m in legal if not isinstance(m, (mv.Play, mv.Claim, mv.Respond)))
    call, why = _choose_cached(tuple(view.hand), view.dealer, tuple(view.calls), view.vulnerable, view.leg, calls, language())  # type: ignore[arg-type]
    return call, why


def explain_calls(view: BridgeView) -> list[str]:
    """The meaning of every call made so far (the `explain` command)."""
    return bidding.read_auction(view.dealer, view.calls, score_for_view(view)).texts  # type: ignore[arg-type]


# -- claims ------------------------------------------------------------------------------------------


def sure_run(view: BridgeView) -> bool:
    """The hand on lead can win every remaining trick whatever the layout: all its cards are masters
    and the opponents hold no trumps."""
    t = Table.of(view)
    if t.trump and t.opp_trumps() > 0:
        return False
    return bool(t.hand) and all(t.is_master(c) for c in t.hand)


def answer_claim(view: BridgeView) -> tuple[mv.Move, str]:
    """Accept a claim that best play by both sides guarantees; reject one that it does not."""
    assert view.claim is not None and view.contract is not None and view.seat is not None
    claimer, total, _waiting = view.claim
    side = side_of(claimer)
    hands = full_layout(view)
    if hands is None:
        return mv.Respond(False), _("cannot check the claim without seeing the hands: play it out")
    trump = trump_of(view.contract.strain)
    have = view.won[side]
    try:
        if ddsmod.available():
            scores = ddsmod.solve([(hands, trump, view.leader, view.trick)])[0]
            to_play = (view.leader + len(view.trick)) % 4
            best_for_mover = max(scores.values())
            left = 13 - len(view.tricks)
            can = best_for_mover if side_of(to_play) == side else left - best_for_mover
        else:
            can = tricks_for(hands, trump, view.leader, list(view.trick), side, max_nodes=300_000)
    except Budget:
        return mv.Respond(False), _("the claim is too complicated to check: play it out")
    who = view.names[claimer]
    if have + can >= total:
        return mv.Respond(True), _(
            "accept: with best play {side} ({who}'s side) can take {n} tricks, and {who} claimed {k}"
        ).format(side=SIDE_NAMES[side], who=who, n=have + can, k=total)
    return mv.Respond(False), _(
        "reject: with best defence {side} ({who}'s side) takes only {n} tricks, not the {k} {who} claimed"
    ).format(side=SIDE_NAMES[side], who=who, n=have + can, k=total)


def full_layout(view: BridgeView) -> list[list[Card]] | None:
    """All four hands when three are visible (the fourth is what is left), else ``None``."""
    k = knowledge(view, use_auction=False)
    missing = [s for s in range(4) if s not in k.known]
    if len(missing) > 1:
        return None
    hands = [list(k.known.get(s, [])) for s in range(4)]
    if missing:
        hands[missing[0]] = list(k.unseen)
    return hands


# -- PIMC ----------------------------------------------------------------------------------------------


def distinct_layouts(layouts: Sequence[list[list[Card]]]) -> list[tuple[list[list[Card]], int]]:
    """Each different layout once, in the order first drawn, with how many times it was drawn.

    Late in a hand few layouts of the unseen cards remain, and a third of the layouts drawn for a
    whole deal repeat an earlier one: each is solved once and counted as often as it was drawn,
    which scores every card exactly as solving all the draws would."""
    seen: dict[tuple[frozenset[Card], ...], int] = {}
    out: list[tuple[list[list[Card]], int]] = []
    for hands in layouts:
        key = tuple(frozenset(h) for h in hands)
        at = seen.get(key)
        if at is None:
            seen[key] = len(out)
            out.append((hands, 1))
        else:
            out[at] = (out[at][0], out[at][1] + 1)
    return out


def _solved_layouts(
    layouts: Sequence[list[list[Card]]], trump: str | None, view: BridgeView, engine: str
) -> Iterator[tuple[dict[Card, int], int]]:
    """Double-dummy tricks per playable card for each different sampled layout, with the times it was
    drawn: endplay's DDS in batches, or cardcli's own solver within a node budget (a layout over budget
    is skipped)."""
    distinct = distinct_layouts(layouts)
    if engine == "dds":
        batch = 4 if sum(view.hand_sizes) > 36 else 12
        # the first EQUAL_AFTER alone, so that a decision whose cards all score alike stops there
        edges = [0, *range(min(EQUAL_AFTER, len(distinct)), len(distinct), batch), len(distinct)]
        for i, j in zip(edges, edges[1:]):
            part = distinct[i:j]
            solved = ddsmod.solve([(h, trump, view.leader, view.trick) for h, _n in part])
            yield from zip(solved, (n for _h, n in part))
        return
    for h, n in distinct:
        try:
            yield solve_position(h, trump, view.leader, list(view.trick), max_nodes=40_000), n
        except Budget:
            continue


def pimc(
    view: BridgeView, cards: Sequence[Card], rng: Rng, engine: str, samples: int, prefer: Card | None = None
) -> tuple[Card, str] | None:
    """Choose among ``cards`` by solving sampled layouts double dummy; ``None`` if it could not."""
    assert view.contract is not None
    k = knowledge(view)
    layouts = sample_deals(k, samples, rng.fork("pimc"))
    if not layouts:
        return None
    trump = trump_of(view.contract.strain)
    mover = (view.leader + len(view.trick)) % 4
    side = side_of(mover)
    c = view.contract
    need = (c.level + 6 - view.won[side]) if side == c.side else (14 - (c.level + 6) - view.won[side])
    totals = {card: 0.0 for card in cards}
    reach = {card: 0 for card in cards}
    solved = 0
    alike = True  # every card has scored the same in each layout solved so far
    for scores, times in _solved_layouts(layouts, trump, view, engine):
        if not all(card in scores for card in cards):
            continue
        solved += times
        first = scores[cards[0]]
        for card in cards:
            got = scores[card]
            totals[card] += got * times
            reach[card] += times if got >= need else 0
            alike = alike and got == first
        if alike and solved >= EQUAL_AFTER and engine == "dds":
            break  # no layout of the first ones tells the cards apart: the rest would not either, nearly always
    if solved == 0:
        return None

    def value(card: Card) -> float:
        return REACH_WEIGHT * reach[card] / solved + totals[card] / solved

    best_v = max(value(card) for card in cards)
    best = [card for card in cards if value(card) >= best_v - 1e-9]
    if prefer in best:
        pick = prefer
    else:
        pick = min(best, key=lambda card: (card[1] != (prefer or "  ")[1], "23456789TJQKA".index(card[0])))
    assert pick is not None
    won = view.won[side]
    to_come = totals[pick] / solved
    contract = f"{c.level}{'NT' if c.strain == 'N' else c.strain}"
    text = _(
        "double dummy over {n} layouts consistent with the bidding and play: with {card}, {side} end with "
        "{total:.1f} tricks on average ({won} won, {t:.1f} of the {left} to come)"
    ).format(n=solved, card=pick, side=SIDE_NAMES[side], total=won + to_come, won=won, t=to_come, left=13 - len(view.tricks))
    if side == c.side:
        text += "; " + _("{contract} needs {k}: made in {p}% of the layouts").format(
            contract=contract, k=c.level + 6, p=round(100 * reach[pick] / solved)
        )
    else:
        text += "; " + _("{k} beat {contract}: beaten in {p}% of the layouts").format(
            contract=contract, k=14 - (c.level + 6), p=round(100 * reach[pick] / solved)
        )
    return pick, text


BOTS = {"auto": AutoBot, "dds": DdsBot, "heuristic": SystemBot, "random": RandomBot}
