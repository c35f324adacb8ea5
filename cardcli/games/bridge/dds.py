"""Optional double-dummy solving through ``endplay`` (the ``dds`` extra).

``endplay`` wraps Bo Haglund's DDS. It is imported lazily, only when a bot or
a hint asks for it, and only if it is installed; :func:`available` says
whether it is. Without it every caller falls back to cardcli's own small
solver (:mod:`cardcli.games.bridge.ddsolve`) or to heuristics, so the game
works the same, only with weaker bots.

Positions are passed straight to DDS's ``SolveAllBoardsBin`` (several deals
per call, solved on DDS's own threads) without going through endplay's
``Deal`` objects, which would parse PBN strings for every sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}
_DENOM = {"S": 0, "H": 1, "D": 2, "C": 3, None: 4}
_RANK = {r: i + 2 for i, r in enumerate("23456789TJQKA")}
_RANK_CHAR = {v: k for k, v in _RANK.items()}
_SUIT_CHAR = "SHDC"
_dds: Any = None
_checked = False


def available() -> bool:
    """True when ``endplay`` (and so DDS) can be imported."""
    global _dds, _checked
    if not _checked:
        _checked = True
        try:
            _dds = _load_binding()
        except Exception:  # ImportError, or a broken native library
            _dds = None
    return _dds is not None


def _load_binding() -> Any:
    """``endplay._dds`` alone: the ctypes binding of DDS, without ``endplay/__init__.py``.

    Importing ``endplay`` runs its package init, which imports its dealer, plotting and
    parsers (matplotlib among them: 0.5-2 s); the binding itself needs only ctypes. It is
    loaded under its own name, so a later ``import endplay`` reuses it.
    """
    import importlib.util
    import sys
    from pathlib import Path

    if "endplay._dds" in sys.modules:
        return sys.modules["endplay._dds"]
    spec = importlib.util.find_spec("endplay")  # locates the package without running it
    if spec is None or not spec.submodule_search_locations:
        return None
    init = Path(list(spec.submodule_search_locations)[0]) / "_dds" / "__init__.py"
    sub = importlib.util.spec_from_file_location("endplay._dds", init, submodule_search_locations=[str(init.parent)])
    if sub is None or sub.loader is None:
        return None
    module = importlib.util.module_from_spec(sub)
    sys.modules["endplay._dds"] = module
    try:
        sub.loader.exec_module(module)
    except BaseException:
        del sys.modules["endplay._dds"]
        raise
    return module


Position = tuple[Sequence[Sequence[str]], "str | None", int, Sequence[str]]
"""(cards still held per seat N E S W, trump suit or None, leader of the current trick, its cards)."""


def solve(positions: Sequence[Position]) -> list[dict[str, int]]:
    """For each position: tricks the side to play takes from now (current trick included) per legal card."""
    if not available():
        raise RuntimeError("endplay is not installed (pip install 'cardcli[dds]')")
    out: list[dict[str, int]] = []
    step = int(_dds.MAXNOOFBOARDS)
    for start in range(0, len(positions), step):
        chunk = positions[start : start + step]
        bop = _dds.boards()
        bop.noOfBoards = len(chunk)
        for i, (hands, trump, leader, trick) in enumerate(chunk):
            d = bop.deals[i]
            d.trump = _DENOM[trump]
            d.first = leader
            for k in range(3):
                d.currentTrickSuit[k] = 0
                d.currentTrickRank[k] = 0
            for k, c in enumerate(trick):
                d.currentTrickSuit[k] = _SUIT[c[1]]
                d.currentTrickRank[k] = _RANK[c[0]]
            for seat in range(4):
                masks = [0, 0, 0, 0]
                for c in hands[seat]:
                    masks[_SUIT[c[1]]] |= 1 << _RANK[c[0]]
                for s in range(4):
                    d.remainCards[seat][s] = masks[s]
            bop.target[i] = 0
            bop.solutions[i] = 3
            bop.mode[i] = 1
        solved = _dds.solvedBoards()
        rc = _dds.SolveAllBoardsBin(bop, solved)
        if rc not in (None, 1):
            raise RuntimeError(f"DDS failed (code {rc})")
        for i in range(len(chunk)):
            fut = solved.solvedBoard[i]
            scores: dict[str, int] = {}
            for j in range(fut.cards):
                score = fut.score[j]
                if score < 0:
                    continue
                suit = _SUIT_CHAR[fut.suit[j]]
                holding = (1 << fut.rank[j]) | fut.equals[j]
                for r in range(2, 15):
                    if holding & (1 << r):
                        scores[_RANK_CHAR[r] + suit] = score
            out.append(scores)
    return out


def dd_table(hands: Sequence[Sequence[str]]) -> dict[str, list[int]]:
    """``table[strain][declarer]`` (strains ``N S H D C``, declarers N E S W): the tricks each
    declarer takes double dummy, from DDS's ``CalcDDtable`` through the lean binding."""
    if not available():
        raise RuntimeError("endplay is not installed (pip install 'cardcli[dds]')")
    deal = _dds.ddTableDeal()
    for seat in range(4):
        masks = [0, 0, 0, 0]
        for c in hands[seat]:
            masks[_SUIT[c[1]]] |= 1 << _RANK[c[0]]
        for s in range(4):
            deal.cards[seat][s] = masks[s]
    got = _dds.ddTableResults()
    rc = _dds.CalcDDtable(deal, got)
    if rc not in (None, 1):
        raise RuntimeError(f"DDS failed (code {rc})")
    # DDS's strain numbers: 0 spades … 3 clubs, 4 notrump
    return {s: [int(got.resTable[_DENOM[None if s == "N" else s]][d]) for d in range(4)] for s in "NSHDC"}


def dd_tricks(hands: Sequence[Sequence[str]], strain: str, declarer: int) -> int:
    """Double-dummy tricks for ``declarer`` in ``strain`` with the opening lead from declarer's left."""
    leader = (declarer + 1) % 4
    scores = solve([(hands, None if strain == "N" else strain, leader, [])])[0]
    return 13 - max(scores.values())
