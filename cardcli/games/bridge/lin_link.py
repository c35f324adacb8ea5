"""BBO handviewer links: the LIN a link carries (``lin=…``), or the LIN its other parameters say.

A handviewer link shows a board from its parameters (BBO's handviewer documentation; links in
forum posts and club pages): ``n=``, ``s=``, ``e=``, ``w=`` the hands (each suit letter followed by
its ranks, ``10`` or ``t`` for the ten, suits in any order and any case), ``d=`` the dealer (``n e
s w``), ``v=`` the vulnerability (``n`` NS, ``e`` EW, ``b`` both, ``o``/``-``/``0`` none), ``b=`` the
board number, ``a=`` the auction (calls run together: ``p`` pass, ``d`` double, ``r`` redouble,
``1c`` … ``7n``; ``!`` after a call alerts it, ``(text)`` explains it), ``p=`` the play (cards run
together, suit then rank), ``nn= sn= en= wn=`` the players' names, ``t=`` a title. Other parameters
(layout, commentary) are not part of the board and are left.

:func:`lin_of` turns those parameters into the LIN stream the LIN reader reads, so a link is read
exactly as a LIN file: the same checks, the same messages.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote_plus, urlsplit

_LIN_PARAM = re.compile(r"(?:^|[?&#\s])lin=([^&\s]*)")
_HAND_PARAMS = ("n", "s", "e", "w")
_CALL = re.compile(r"([1-7][cdhsn]|xx|p|d|r|x)(!?)(?:\(([^)]*)\))?(!?)", re.IGNORECASE)
_CARD = re.compile(r"([shdc])(10|[2-9tjqka])", re.IGNORECASE)
_DEALERS = {"s": "1", "w": "2", "n": "3", "e": "4"}
_VUL = {"n": "n", "ns": "n", "e": "e", "ew": "e", "b": "b", "both": "b", "all": "b", "o": "o", "-": "o", "0": "o", "none": "o"}


def is_link(text: str) -> bool:
    """Text that is a handviewer link (or its query) rather than a file name or a LIN record."""
    t = text.strip()
    if "|" in t.split("?", 1)[0] and "lin=" not in t:
        return False
    if _LIN_PARAM.search(t):
        return True
    query = urlsplit(t).query if "?" in t else ""
    return bool(query) and any(k.lower() in _HAND_PARAMS for k, _v in parse_qsl(query, keep_blank_values=True))


def lin_of(text: str) -> str:
    """The LIN in ``text``: itself, what its ``lin=`` parameter carries, or the LIN its handviewer
    parameters make (``n=…&s=…&d=…``)."""
    m = _LIN_PARAM.search(text)
    if m and "|" not in text[: m.start()]:
        return unquote_plus(m.group(1))
    if "|" in text.split("?", 1)[0] or "?" not in text:
        return text
    params: dict[str, str] = {}
    for key, value in parse_qsl(urlsplit(text.strip()).query, keep_blank_values=True):
        params.setdefault(key.lower(), value)
    if not any(k in params for k in _HAND_PARAMS):
        return text
    return _build(params)


def _clean(value: str) -> str:
    return value.replace("|", "/").replace(",", " ").strip()


def _build(params: dict[str, str]) -> str:
    """LIN pairs for the handviewer parameters (hands in LIN's order: South, West, North, East)."""
    out = []
    names = [_clean(params.get(k + "n", "")) for k in ("s", "w", "n", "e")]
    if any(names):
        out.append("pn|" + ",".join(names) + "|")
    dealer = _DEALERS.get(params.get("d", "").strip().lower()[:1], "")
    if not dealer:
        board = params.get("b", "").strip()
        dealer = str("3412"[(int(board) - 1) % 4]) if board.isdigit() and int(board) > 0 else "3"  # N E S W rotation
    hands = [params.get(k, "").replace(" ", "").upper() for k in ("s", "w", "n", "e")]
    out.append(f"md|{dealer}{','.join(hands)}|")
    title = params.get("t", "").strip() or (f"Board {params['b'].strip()}" if params.get("b", "").strip() else "")
    if title:
        out.append(f"ah|{_clean(title)}|")
    vul = params.get("v", "").strip().lower()
    if vul:
        out.append(f"sv|{_VUL.get(vul, vul)}|")
    auction = params.get("a", "").replace(" ", "")
    pos = 0
    while pos < len(auction):
        m = _CALL.match(auction, pos)
        if m is None:  # left to the LIN reader, which names it
            out.append(f"mb|{_clean(auction[pos : pos + 8])}|")
            break
        call = {"x": "d", "xx": "r"}.get(m.group(1).lower(), m.group(1))
        out.append(f"mb|{call}{'!' if m.group(2) or m.group(4) else ''}|")
        if m.group(3):
            out.append(f"an|{_clean(m.group(3))}|")
        pos = m.end()
    play = params.get("p", "").replace(" ", "")
    pos = 0
    while pos < len(play):
        m = _CARD.match(play, pos)
        if m is None:
            out.append(f"pc|{_clean(play[pos : pos + 4])}|")
            break
        out.append(f"pc|{m.group(1).upper()}{m.group(2).upper()}|")
        pos = m.end()
    return "".join(out)
