"""The words people type, in English and Italian, shared by every game's friendly parser.

One meaning has one set of words in every game: ``pesca`` draws, ``prendi`` and
``raccogli`` take the discard pile (the pozzo), ``cala`` melds, ``attacca`` lays
off, ``scarta`` discards, ``chiudi`` closes, ``passo``/``contro``/``surcontro``
are bridge's calls, ``gioca`` plays a card. A game says which meanings it has
and the canonical word of each (:func:`friendly`); the canonical notation that
replays store never changes. Italian card words (``donna di cuori``, ``Dc``) are
read by :mod:`cardcli.engine.cards` from the tables here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

#: The compass seats as the Italian rules name them (the seat names replays store stay English).
SEAT_NAMES_IT = {"South": "Sud", "West": "Ovest", "North": "Nord", "East": "Est"}


def seat_label(name: str) -> str:
    """A seat's name as a person reads it in the active language (``South`` → ``Sud`` in Italian).

    Only the compass names are translated; any other name (``P2``, a player's own) is kept.
    """
    from cardcli.i18n import language

    return SEAT_NAMES_IT.get(name, name) if language() == "it" else name


def seat_labels(names: Sequence[str]) -> list[str]:
    """:func:`seat_label` of each name."""
    return [seat_label(n) for n in names]


def seat_from_label(text: str) -> str:
    """The stored seat name for a typed one in either language (``sud``, ``Sud`` → ``South``)."""
    low = text.strip().lower()
    for english, italian in SEAT_NAMES_IT.items():
        if low == italian.lower():
            return english
    return text


#: Italian rank words → rank character.
RANK_WORDS_IT = {
    "asso": "A",
    "due": "2",
    "tre": "3",
    "quattro": "4",
    "cinque": "5",
    "sei": "6",
    "sette": "7",
    "otto": "8",
    "nove": "9",
    "dieci": "T",
    "fante": "J",
    "donna": "Q",
    "regina": "Q",
    "re": "K",
}
#: Italian suit words (plural and singular) → suit character.
SUIT_WORDS_IT = {
    "fiori": "C",
    "fiore": "C",
    "quadri": "D",
    "quadro": "D",
    "cuori": "H",
    "cuore": "H",
    "picche": "S",
    "picca": "S",
}
#: How ``--charset words`` says a card in Italian (``donna di cuori``).
RANK_NAMES_IT = {
    "A": "asso",
    "2": "due",
    "3": "tre",
    "4": "quattro",
    "5": "cinque",
    "6": "sei",
    "7": "sette",
    "8": "otto",
    "9": "nove",
    "T": "dieci",
    "J": "fante",
    "Q": "donna",
    "K": "re",
}
SUIT_NAMES_IT = {"C": "fiori", "D": "quadri", "H": "cuori", "S": "picche"}
#: Italian abbreviations: R(e), D(onna), F(ante); c(uori), q(uadri), f(iori), p(icche).
#: ``D`` and ``c`` mean other things in English notation, so :func:`cardcli.engine.cards.parse_card`
#: reads these first only in Italian, and in English only where no English reading exists.
RANK_LETTERS_IT = {"r": "K", "d": "Q", "f": "J", "a": "A"}
SUIT_LETTERS_IT = {"c": "H", "q": "D", "f": "C", "p": "S"}

#: Meanings → their Italian words. A game maps the meanings it has to its own canonical word.
VERBS_IT: dict[str, tuple[str, ...]] = {
    "draw": ("pesca", "pescare"),
    "take": ("prendi", "raccogli", "prendere", "raccogliere"),
    "meld": ("cala", "calare", "apri"),
    "attach": ("attacca", "attaccare", "aggiungi"),
    "discard": ("scarta", "scartare"),
    "close": ("chiudi", "chiudere", "chiusura"),
    "pass": ("passo", "passa"),
    "double": ("contro", "contre"),
    "redouble": ("surcontro", "surcontre"),
    "play": ("gioca", "giocare"),
    "claim": ("reclamo", "reclama"),
    "accept": ("accetto", "accetta"),
    "reject": ("rifiuto", "rifiuta"),
    "end": ("fine", "basta"),
    "ask": ("chiedi", "chiedo"),
    "yes": ("sì", "si"),
    "no": ("no",),
    "rule": ("regola",),
}
#: The word shown (and completed) for each meaning in Italian.
VERB_SHOWN_IT = {meaning: words[0] for meaning, words in VERBS_IT.items()}

#: Italian nouns after a verb: the stock and the discard pile.
STOCK_WORDS_IT = ("tallone", "mazzo")
PILE_WORDS_IT = ("pozzo", "scarti", "scarto", "monte")
#: Words that join a card to a meld or stand between a rank and a suit.
FILLERS_IT = ("di", "su", "sul", "sulla", "al", "alla", "a", "il", "la", "lo")

_ITALIAN: dict[str, str] = {w: meaning for meaning, words in VERBS_IT.items() for w in words}

#: Per game (registered by its ``moves`` module): meaning → canonical word, and whole moves
#: with an Italian form of their own (rummy's ``draw stock`` is ``pesca``).
GAME_VERBS: dict[str, Mapping[str, str]] = {}
GAME_SHOWN: dict[str, Mapping[str, str]] = {}


def register(game: str, verbs: Mapping[str, str], shown: Mapping[str, str] | None = None) -> Mapping[str, str]:
    """Record ``game``'s verbs (for completion in Italian); returns ``verbs`` for the module to keep."""
    GAME_VERBS[game] = verbs
    GAME_SHOWN[game] = shown or {}
    return verbs


def meaning(word: str) -> str | None:
    """The meaning of an Italian verb (``scarta`` → ``discard``), or None."""
    return _ITALIAN.get(word.strip().lower().lstrip(":"))


def friendly(text: str, verbs: Mapping[str, str]) -> str:
    """``text`` with an Italian first word replaced by the game's canonical word for it.

    ``verbs`` maps the meanings the game has to its words (rummy: ``{"take": "draw discard"}``);
    an Italian verb whose meaning the game lacks, and every other text, is left alone, so the
    game's own parser gives its usual refusal.
    """
    head, sep, rest = text.strip().partition(" ")
    m = meaning(head)
    if m is None or m not in verbs:
        return text
    return f"{verbs[m]}{sep}{rest}".strip()


def italian_move(game: str, notation: str) -> str | None:
    """The Italian way to type ``game``'s canonical move (``discard KS`` → ``scarta KS``), or None.

    The longest canonical word that starts ``notation`` wins; the Italian form parses back to
    the same move (the game's parser reads it through :func:`friendly`).
    """
    shown = GAME_SHOWN.get(game, {})
    if notation in shown:
        return shown[notation]
    verbs = GAME_VERBS.get(game, {})
    best: tuple[int, str] | None = None
    for m, word in verbs.items():
        if m not in VERB_SHOWN_IT:
            continue
        if notation == word or notation.startswith(word + " "):
            if best is None or len(word) > best[0]:
                best = (len(word), m)
    if best is None:
        return None
    word = verbs[best[1]]
    return (VERB_SHOWN_IT[best[1]] + notation[len(word) :]).strip()
