"""The checker: whether a given move is allowed now, and if not, which rule forbids it.

Written apart from the generator (:mod:`.legal`): this module *reads* the move
it is given, in the digest's order of validation (§10): the turn and phase,
the cards held, the meld's shape, what the side's table allows, the opening's
minimum, and finally whether the player could still end the turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardcli.engine.melds import Meld as Layout
from cardcli.engine.melds import MeldRules, read_meld
from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.going_out import canastas_problem, final_discard_problem, leaves_problem, may_go_out
from cardcli.games.canasta.opening import can_reach, minimum, natural_opening_problem, pending_value, wild_opening_problem
from cardcli.games.canasta.pozzo import take_problem
from cardcli.games.canasta.state import WILD_KEY, CanastaState, TableMeld
from cardcli.games.canasta.tablemelds import dirtying_problem, with_cards
from cardcli.games.canasta.take import take_leaves_problem
from cardcli.games.canasta.tokens import RANK_NAMES, card_value, holds, tokens_of
from cardcli.i18n import _


def check(state: CanastaState, move: mv.Move) -> Verdict:
    if state.phase not in ("start", "play", "answer"):
        return refuse("turn.over", _("the hand is over"))
    if state.phase == "answer":
        if isinstance(move, mv.Answer):
            return ALLOWED
        return refuse(
            "ask.waiting", _("your partner has been asked whether you may go out: the answer (`yes` or `no`) comes first")
        )
    match move:
        case mv.Answer():
            return refuse("ask.not-asked", _("nobody has asked to go out: `yes` and `no` answer partner's question"))
        case mv.Draw():
            return check_draw(state)
        case mv.Take():
            return _check_take(state)
        case mv.End():
            return _check_end(state)
        case mv.Meld(cards):
            return check_lay(state, cards, None)
        case mv.Add(cards, target):
            return check_lay(state, cards, target)
        case mv.Discard(card):
            return check_discard(state, card)
        case mv.Ask():
            return _check_ask(state)
    raise TypeError(move)


def _verdict(problem: Verdict | None) -> Verdict:
    """A refusal is falsy (``Verdict.__bool__``), so ``problem or ALLOWED`` would be wrong."""
    return ALLOWED if problem is None else problem


def _opening_short(state: CanastaState) -> Verdict | None:
    """Refusal for ending an opening under way below the minimum, or ``None``."""
    side = state.side_of(state.turn)
    if state.opened[side]:
        return None
    have = pending_value(state.melds[side], state.config)
    need = minimum(state.start_totals[side], state.config)
    if 0 < have < need:
        return refuse(
            "open.minimum",
            _(
                "your opening is worth {have} points, below the {need} your side needs with {score} points: "
                "lay down more melds before drawing (or `undo`)"
            ).format(have=have, need=need, score=state.start_totals[side]),
        )
    return None


def check_draw(state: CanastaState) -> Verdict:
    if state.phase != "start":
        return refuse("turn.drawn", _("you have already drawn this turn: meld, add, or discard"))
    if not state.stock:
        return refuse("draw.stock-empty", _("the stock is empty: take the pozzo, or `end` the hand"))
    return _verdict(_opening_short(state))


def _check_take(state: CanastaState) -> Verdict:
    if state.phase != "start":
        return refuse("turn.drawn", _("you have already drawn this turn: the pozzo is taken instead of drawing"))
    plan = take_problem(state)
    if isinstance(plan, Verdict):
        return plan
    return _verdict(take_leaves_problem(state, plan))


def _check_end(state: CanastaState) -> Verdict:
    if state.phase != "start" or state.stock or not state.config.pozzo_allowed_when_stock_empty:
        return refuse(
            "stock.end", _("`end` is only for a turn that begins with an empty stock (option pozzo_allowed_when_stock_empty)")
        )
    return ALLOWED


def check_discard(state: CanastaState, tok: str) -> Verdict:
    if state.phase == "start":
        return refuse("turn.draw-first", _("draw first: `draw` two cards from the stock, or `take` the pozzo"))
    if not holds(state.hands[state.turn], tok):
        return refuse("discard.held", _("you do not hold a {card}").format(card=tok))
    if len(state.hands[state.turn]) == 1:
        side = state.side_of(state.turn)
        bad = may_go_out(state, state.melds[side])
        if bad is not None:
            return refuse(bad.rule, _("discarding your last card would go out, and {why}").format(why=bad.reason))
        return _verdict(final_discard_problem(tok, state.config))
    return ALLOWED


def _check_ask(state: CanastaState) -> Verdict:
    if state.players != 4:
        return refuse("ask.no-partner", _("with two players there is no partner to ask"))
    if state.config.ask_partner == "off":
        return refuse("ask.off", _("asking partner is not part of these rules (option ask_partner=off)"))
    if state.phase != "play":
        return refuse("ask.when", _("ask after drawing, in the turn you want to go out"))
    if state.asked is not None:
        return refuse("ask.once", _("you have already asked this turn"))
    side = state.side_of(state.turn)
    bad = canastas_problem(state.melds[side], state.config)
    if bad is not None:
        return refuse("ask.cannot", _("there is nothing to ask yet: {why}").format(why=bad.reason))
    if len(state.hands[state.turn]) < 2:
        return refuse("ask.keep-cards", _("ask while you still hold at least two cards"))
    return ALLOWED


def check_lay(state: CanastaState, cards: tuple[str, ...], target: str | None) -> Verdict:
    """A new meld (``target`` None) or an addition to the side's meld ``target``."""
    cfg = state.config
    seat = state.turn
    side = state.side_of(seat)
    opened = state.opened[side]
    verb = "meld" if target is None else "add"
    # 1. the phase
    if state.phase == "start" and opened and not cfg.meld_before_draw:
        return refuse(
            "turn.draw-first", _("draw first: only an opening is laid down before drawing (`draw`, or `take` the pozzo)")
        )
    if state.phase == "play" and not opened:
        return refuse(
            "open.before-draw",
            _("your side has not opened, and an opening is made before drawing: you can open at the start of your next turn"),
        )
    opening = not opened
    # 2. the cards are held (the hand read as rank tokens once; each token of the move counted in it)
    in_hand = state.hands[seat]
    hand_tokens = tokens_of(in_hand)
    for t in dict.fromkeys(cards):
        n = cards.count(t)
        if hand_tokens.count(t) < n:
            have = hand_tokens.count(t)
            return refuse(f"{verb}.held", _("you do not hold {n} × {card} (you have {have})").format(n=n, card=t, have=have))
    # 3. the meld that results
    melds = state.melds[side]
    jokers, twos = cards.count("JK"), cards.count("2")
    naturals = [t for t in cards if t != "JK" and t != "2"]  # not is_wild(t), without a call per card
    if target is None:
        if not naturals:
            key = WILD_KEY
            if state.open_meld(side, WILD_KEY) is not None:
                return refuse(
                    "wild.one-at-a-time",
                    _("your side already has a meld of wildcards: add to it (`add {cards} to W`)").format(cards=" ".join(cards)),
                )
            bad = wild_opening_problem(jokers, twos, cfg) if opening else wildmelds.shape_problem(jokers, twos)
            if bad is not None:
                return bad
        else:
            rules = cfg.play_meld_rules()
            got = _read_set(cards, rules)
            if got is not None:
                return got
            key = naturals[0]
            if opening:
                bad = natural_opening_problem(key, len(naturals), jokers, twos, cfg)
                if bad is not None:
                    return bad
            if state.open_meld(side, key) is not None:
                return refuse(
                    "meld.one-per-rank",
                    _("your side already has a meld of {rank}: add to it (`add {cards} to {key}`)").format(
                        rank=_(RANK_NAMES[key]), cards=" ".join(cards), key=key
                    ),
                )
            if state.has_closed(side, key) and not cfg.new_meld_after_closed_canasta:
                return refuse(
                    "meld.closed-rank",
                    _(
                        "your canasta of {rank} is closed, and a new meld of {rank} is not allowed "
                        "(option new_meld_after_closed_canasta)"
                    ).format(rank=_(RANK_NAMES[key])),
                )
            bad = dirtying_problem(melds, cfg, jokers, twos, key)
            if bad is not None:
                return bad
    else:
        key = target
        meld = state.open_meld(side, key)
        if meld is None:
            name = _(RANK_NAMES.get(key, key))
            if state.has_closed(side, key):
                return refuse(
                    "add.closed",
                    _("your canasta of {rank} is closed and set aside: nothing more can be added to it").format(rank=name),
                )
            return refuse("add.target", _("your side has no meld of {rank} to add to").format(rank=name))
        if key == WILD_KEY:
            if naturals:
                return refuse(
                    "add.rank",
                    _("{card} is not a wildcard: only twos and jokers go on the meld of wildcards").format(card=naturals[0]),
                )
            _n, j0, t0 = meld.shape()
            bad = (
                wild_opening_problem(j0 + jokers, t0 + twos, cfg) if opening else wildmelds.shape_problem(j0 + jokers, t0 + twos)
            )
            if bad is not None:
                return bad
        else:
            stray = [t for t in naturals if t != key]
            if stray:
                name = _(RANK_NAMES.get(key, key))
                return refuse("add.rank", _("{card} does not belong on your {rank}").format(card=stray[0], rank=name))
            n0, j0, t0 = meld.shape()
            got = _read_grown_set(meld, cards, key, (n0 + len(naturals), j0 + jokers, t0 + twos), cfg.play_meld_rules())
            if got is not None:
                return got
            if opening:
                bad = natural_opening_problem(key, n0 + len(naturals), j0 + jokers, t0 + twos, cfg)
                if bad is not None:
                    return bad
            bad = dirtying_problem(melds, cfg, jokers, twos, key)
            if bad is not None:
                return bad
    # 4. what is left in hand
    left_count = len(state.hands[seat]) - len(cards)
    if state.phase == "start":
        if left_count < 1:
            return refuse("open.keep-card", _("keep at least one card in hand: you will need a card to discard after drawing"))
        if opening:
            need = minimum(state.start_totals[side], cfg)
            have = pending_value(melds, cfg) + sum(card_value(c) for c in cards)
            if have < need:
                left = state.hand_counts(seat)
                left.subtract(Counter(cards))
                after = with_cards(melds, key, cards, target is None, cfg, pending=True)
                if not can_reach(+left, after, need - have, cfg):
                    return refuse(
                        "open.minimum",
                        _(
                            "{cards} brings your opening to {have} points, and the rest of your hand cannot bring "
                            "it to the {need} your side needs with {score} points"
                        ).format(cards=" ".join(cards), have=have, need=need, score=state.start_totals[side]),
                    )
        return ALLOWED
    if left_count >= 2:
        return ALLOWED
    left = state.hand_counts(seat)
    left.subtract(Counter(cards))
    after = with_cards(melds, key, cards, target is None, cfg)
    return _verdict(leaves_problem(state, list((+left).elements()), after))


_SETS_READ: dict[int, tuple[MeldRules, set[tuple[str, ...]]]] = {}
"""Per rules (by id; the rules are kept, so the id stays theirs), the sets of rank tokens (sorted: a set's
cards have no order, so its reading does not depend on theirs) that :func:`read_meld` has read as a legal
set. Only legal readings are kept (a refusal is read again, in the player's language); the store is
bounded. Keyed by id because hashing the rules' fields costs more than the lookup it serves."""


def _read_set(tokens: Sequence[str], rules: MeldRules) -> Verdict | None:
    """Why ``tokens`` are not a legal set under ``rules`` (``None``: they are), read by the meld
    module once per set of tokens: the checker reads the melds of a replay's every meld and addition."""
    legal = _store(_SETS_READ, rules)
    key = tuple(sorted(tokens))
    if key in legal:
        return None
    got = read_meld(list(tokens), rules, kind="set")
    if not isinstance(got, Layout):
        return got
    if len(legal) >= 65536:
        legal.clear()
    legal.add(key)
    return None


_GROWN_READ: dict[int, tuple[MeldRules, set[tuple[str, int, int, int]]]] = {}
"""Per rules (by id, as :data:`_SETS_READ`), the shapes (rank, naturals, jokers, twos) of natural melds
that :func:`_read_set` has read as legal sets."""


def _read_grown_set(
    meld: TableMeld, cards: Sequence[str], key: str, shape: tuple[int, int, int], rules: MeldRules
) -> Verdict | None:
    """:func:`_read_set` of the natural meld ``meld`` with ``cards`` added (their naturals all of rank
    ``key``), which then has ``shape``. A natural meld's naturals are all of its rank (it was laid as a
    set of that rank and is added to only with that rank), so the shape names its tokens: a shape read
    as legal once is not read again, and the meld's tokens are listed only for a shape not yet read."""
    legal = _store(_GROWN_READ, rules)
    seen = (key, *shape)
    if seen in legal:
        return None
    got = _read_set((*meld.tokens(), *cards), rules)
    if got is None:
        if len(legal) >= 65536:
            legal.clear()
        legal.add(seen)
    return got


def _store(stores: dict[int, tuple[MeldRules, set[Any]]], rules: MeldRules) -> set[Any]:
    """The set of legal readings kept for ``rules`` in ``stores`` (made on first use; bounded)."""
    kept = stores.get(id(rules))
    if kept is None:
        if len(stores) >= 64:
            stores.clear()
        kept = stores[id(rules)] = (rules, set())
    return kept[1]
