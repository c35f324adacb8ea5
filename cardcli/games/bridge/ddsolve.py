"""A small double-dummy solver in pure Python, for endings.

It answers "with all four hands known and best play by everyone, how many of
the remaining tricks does a side take?". It is exact but slow compared with
DDS (the optional ``endplay``), so cardcli uses it only where positions are
small: checking claims, and choosing cards in the last few tricks when
``endplay`` is absent. A node budget (not a clock) bounds the work, so its
answers are the same on every machine; :class:`Budget` is raised when a
search is too big and callers fall back to heuristics.

Technique: alpha-beta on the number of tricks North-South take, a
transposition table at trick boundaries storing bounds, and equivalent-card
pruning (cards of one hand that are adjacent once played cards are removed
are interchangeable, so only one is searched).
"""

from __future__ import annotations

from collections.abc import Sequence

RANK_OF = {r: i + 2 for i, r in enumerate("23456789TJQKA")}
SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
SUIT_CHARS = "SHDC"
RANK_CHARS = "..23456789TJQKA"


class Budget(Exception):
    """The search needed more nodes than allowed."""


def to_masks(hand: Sequence[str]) -> list[int]:
    m = [0, 0, 0, 0]
    for c in hand:
        m[SUIT_INDEX[c[1]]] |= 1 << RANK_OF[c[0]]
    return m


class Solver:
    """Double-dummy search over one position; reuse it for the cards of one decision."""

    def __init__(self, hands: Sequence[Sequence[str]], trump: str | None, max_nodes: int = 200_000) -> None:
        self.masks = [to_masks(h) for h in hands]
        self.trump = SUIT_INDEX.get(trump, -1) if trump else -1  # "N" or None: notrump
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes

    # position: self.masks (mutated during search), leader, trick cards [(seat, suit, rank)]
    def _key(self, leader: int) -> tuple[int, ...]:
        m = self.masks
        return (leader, *m[0], *m[1], *m[2], *m[3])

    def _moves(self, seat: int, led: int, trick: Sequence[tuple[int, int, int]] = ()) -> list[tuple[int, int]]:
        """Legal (suit, rank) moves of ``seat``, one per run of equivalent cards.

        Cards of the current trick still count as present: 6 and 4 are not
        equivalent while the 5 lies on the table.
        """
        hand = self.masks[seat]
        if led >= 0 and hand[led]:
            suits = [led]
        else:
            suits = [s for s in range(4) if hand[s]]
        out = []
        for s in suits:
            mask = hand[s]
            others = 0
            for i in range(4):
                if i != seat:
                    others |= self.masks[i][s]
            for _seat, ts, tr in trick:
                if ts == s:
                    others |= 1 << tr
            r = 14
            prev_in_run = False
            while r >= 2:
                bit = 1 << r
                if mask & bit:
                    if not prev_in_run:
                        out.append((s, r))
                    prev_in_run = True
                elif others & bit:
                    prev_in_run = False
                r -= 1
        return out

    def search(self, leader: int, trick: list[tuple[int, int, int]], alpha: int, beta: int) -> int:
        """NS tricks from here (the current trick included), within (alpha, beta)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Budget
        n = len(trick)
        if n == 0:
            left = sum(bin(x).count("1") for x in self.masks[leader])
            if left == 0:
                return 0
            key = self._key(leader)
            lo, hi = self.tt.get(key, (0, left))
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            a, b = max(alpha, lo), min(beta, hi)
            v = self._search_moves(leader, trick, leader, a, b)
            if v <= a:
                hi = min(hi, v)
            elif v >= b:
                lo = max(lo, v)
            else:
                lo = hi = v
            self.tt[key] = (lo, hi)
            return v
        return self._search_moves(leader, trick, (leader + n) % 4, alpha, beta)

    def _search_moves(self, leader: int, trick: list[tuple[int, int, int]], seat: int, alpha: int, beta: int) -> int:
        led = trick[0][1] if trick else -1
        moves = self._moves(seat, led, trick)
        maximize = seat % 2 == 0
        best = -1 if maximize else 99
        masks = self.masks[seat]
        for s, r in self._order(moves, trick, seat):
            bit = 1 << r
            masks[s] &= ~bit
            trick.append((seat, s, r))
            if len(trick) == 4:
                w = self._winner(trick)
                gain = 1 if w % 2 == 0 else 0
                saved = trick[:]
                trick.clear()
                v = gain + self.search(w, trick, alpha - gain, beta - gain)
                trick.extend(saved)
            else:
                v = self.search(leader, trick, alpha, beta)
            trick.pop()
            masks[s] |= bit
            if maximize:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            elif v < best:
                best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _winner(self, trick: Sequence[tuple[int, int, int]]) -> int:
        best = trick[0]
        trump = self.trump
        for t in trick[1:]:
            if t[1] == best[1]:
                if t[2] > best[2]:
                    best = t
            elif t[1] == trump:
                best = t
        return best[0]

    def _order(self, moves: list[tuple[int, int]], trick: Sequence[tuple[int, int, int]], seat: int) -> list[tuple[int, int]]:
        """Try likely-best cards first: the cheapest winning card, else the cheapest card."""
        if len(moves) <= 1:
            return moves
        if not trick:
            return sorted(moves, key=lambda m: -m[1])
        best = trick[0]
        trump = self.trump
        for t in trick[1:]:
            if t[1] == best[1]:
                if t[2] > best[2]:
                    best = t
            elif t[1] == trump:
                best = t
        partner_wins = best[0] % 2 == seat % 2
        bs, br = best[1], best[2]
        win: list[tuple[int, int]] = []
        lose: list[tuple[int, int]] = []
        for m in moves:
            if (m[0] == bs and m[1] > br) or (m[0] == trump and bs != trump):
                win.append(m)
            else:
                lose.append(m)
        win.sort(key=lambda m: (m[0] == trump, m[1]))
        lose.sort(key=lambda m: m[1])
        if partner_wins:
            return lose + win
        return win + lose


def solve_position(
    hands: Sequence[Sequence[str]], trump: str | None, leader: int, trick: Sequence[str], max_nodes: int = 200_000
) -> dict[str, int]:
    """Tricks the side to play takes from now (the current trick included) after each legal card.

    ``hands`` are the cards still held (the cards of ``trick`` already removed);
    ``trick`` the cards played to the current trick, starting with ``leader``'s.
    Raises :class:`Budget` when the position is too big.
    """
    solver = Solver(hands, trump, max_nodes)
    seat = (leader + len(trick)) % 4
    cur = [((leader + i) % 4, SUIT_INDEX[c[1]], RANK_OF[c[0]]) for i, c in enumerate(trick)]
    led = cur[0][1] if cur else -1
    out: dict[str, int] = {}
    for s, r in solver._moves(seat, led, cur):
        solver.masks[seat][s] &= ~(1 << r)
        t = list(cur) + [(seat, s, r)]
        if len(t) == 4:
            w = solver._winner(t)
            gain = 1 if w % 2 == 0 else 0
            v = gain + solver.search(w, [], -1, 99)
        else:
            v = solver.search(leader, t, -1, 99)
        solver.masks[seat][s] |= 1 << r
        ns = v
        mine = ns if seat % 2 == 0 else _remaining(hands, trick) - ns
        # every card of the run of equivalents gets the same value
        for card in _run(hands[seat], solver, seat, s, r, cur):
            out[card] = mine
    return out


def _remaining(hands: Sequence[Sequence[str]], trick: Sequence[str]) -> int:
    return (sum(len(h) for h in hands) + len(trick)) // 4


def _run(hand: Sequence[str], solver: Solver, seat: int, s: int, r: int, trick: Sequence[tuple[int, int, int]]) -> list[str]:
    """The cards of ``hand`` equivalent to (s, r): adjacent once other hands' cards are counted."""
    others = 0
    for i in range(4):
        if i != seat:
            others |= solver.masks[i][s]
    for _seat, ts, tr in trick:
        if ts == s:
            others |= 1 << tr
    mine = solver.masks[seat][s]
    cards = [RANK_CHARS[r] + SUIT_CHARS[s]]
    k = r - 1
    while k >= 2 and not (others >> k) & 1:
        if (mine >> k) & 1:
            cards.append(RANK_CHARS[k] + SUIT_CHARS[s])
        k -= 1
    return [c for c in cards if c in hand]


def tricks_for(
    hands: Sequence[Sequence[str]], trump: str | None, leader: int, trick: Sequence[str], side: int, max_nodes: int = 200_000
) -> int:
    """The most tricks ``side`` (0 NS, 1 EW) can be sure of from here, both sides playing best."""
    solver = Solver(hands, trump, max_nodes)
    cur = [((leader + i) % 4, SUIT_INDEX[c[1]], RANK_OF[c[0]]) for i, c in enumerate(trick)]
    ns = solver.search(leader, cur, -1, 99)
    return ns if side == 0 else _remaining(hands, trick) - ns
