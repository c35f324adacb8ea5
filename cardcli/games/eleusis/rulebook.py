"""The rules of eleusis as texts addressed by id (shown by `rules`, `why` and the tutor).

The game is the seed's (Abbott's original, as Gardner described it in 1959),
with the corrections and defaults of the rules digest: the deck-trimming table
fixed for 5-7 players, the garbled scoring example read as the closed
formulas, and phase two and the one-fifth rule made precise.
"""

from __future__ import annotations

from cardcli.engine.rulebook import Rule, Rulebook
from cardcli.games.eleusis.library import LEVELS, LIBRARY
from cardcli.i18n import N_

INTRO = N_(
    "Eleusis, the game of induction: 3 to 7 players including the dealer, one 52-card deck. The "
    "dealer secretly writes a rule saying which card may follow which on the pile; the others play "
    'one card at a time and are told only "right" (the card stays on the mainline) or "wrong" (it '
    "stays face up in front of them). Find the rule, shed your cards. In cardcli the dealer types the "
    "rule in a small rule language and the program judges every card by it."
)

TOPICS = {
    "deal": N_("dealing, the trimmed deck and the starter card"),
    "rule": N_("the dealer's secret rule and the one-fifth rule"),
    "language": N_("the rule language (how to write a rule)"),
    "library": N_("the rules bot dealers draw from"),
    "turn": N_("whose move it is"),
    "play": N_("playing cards in phase one: right and wrong"),
    "two": N_("phase two: playing from the wrong cards"),
    "score": N_("scoring, and the input of `cardcli score eleusis`"),
    "match": N_("the match: everyone deals twice"),
    "guess": N_("testing a hypothesis (`guess`) and a rule (`fair`)"),
    "options": N_("rule options and presets"),
}


def _library_list() -> str:
    """The library's rules in notation, one a line (a list of two dozen rules read as one paragraph
    is a wall): each line is one id, its `rules` option values (level, classic) and its source."""
    return "\n".join(f"- {r.id} ({LEVELS[r.level]}{', classic' if r.classic else ''}): {r.source}" for r in LIBRARY)


RULES = [
    Rule(
        "deal.players",
        N_("Players"),
        N_("3 to 7 players including the dealer. The dealer plays no cards; the others are the players (X of them, X = 2 to 6)."),
    ),
    Rule(
        "deal.trim",
        N_("The trimmed deck"),
        N_(
            "Everyone must start with the same number of cards, so the dealer first puts aside, face "
            "down and unseen, the top cards of the shuffled deck: the deck is 51 cards with 3 players "
            "(25 each), 52 with 4 (17 each), 49 with 5 (12 each), 51 with 6 (10 each) and 49 with 7 (8 "
            "each). This is the largest deck whose cards minus the starter divide equally; an often-printed "
            "table (51, 49, 50 for 5, 6, 7) does not divide equally and is not used."
        ),
    ),
    Rule(
        "deal.starter",
        N_("The deal and the starter"),
        N_(
            "The dealer deals one card at a time clockwise to everyone but himself; the last card goes "
            "face up on the table as the starter of the mainline. The player on the dealer's left plays "
            "first."
        ),
    ),
    Rule(
        "rule.secret",
        N_("The secret rule"),
        N_(
            "Before play the dealer writes a rule saying which cards may be laid on the mainline, "
            "usually depending on the last right card (p1) and the one before (p2). Here the dealer "
            "types it (`rule accept: color(c) != color(p1)`) or a bot dealer draws one from the "
            "library; it stays secret until the end of the hand, when it is revealed. Replays store it "
            "but `replay show` hides it until `--reveal` (or the end of the hand)."
        ),
    ),
    Rule(
        "rule.syntax",
        N_("Writing the rule"),
        N_(
            "A rule must be written in the rule language (`rules eleusis language`); a rule that cannot "
            "be read is refused with the column where reading stopped."
        ),
    ),
    Rule(
        "rule.types",
        N_("A rule must make sense"),
        N_(
            "Every part of a rule must compare like with like: a rank with a number, a suit with a suit "
            "(`suit(c) == S`), a colour with a colour (`color(c) != color(p1)`). `rank(c) == red` is "
            "refused with the position of the mistake."
        ),
    ),
    Rule(
        "rule.limits",
        N_("Limits on rules"),
        N_(
            "A rule has at most 1,000 characters, 300 tokens, 24 lines, 8 modes and nesting 32 levels "
            "deep; moduli and phase(M) go up to 13; its positions (see the one-fifth rule) must number "
            "at most 30,000. Rules are data, never code: there are no attribute accesses, imports or "
            "calls outside the language's own functions."
        ),
    ),
    Rule(
        "rule.fifth",
        N_("The one-fifth rule"),
        N_(
            "A rule may not leave fewer than a fifth of the deck playable: at least 11 of the 52 cards "
            'must be acceptable in every position the game can reach (so "one rank '
            'higher than the top card" is refused, because only four cards would be playable at every turn). '
            "Cards are counted over a full deck of 52, whatever has been played. The check is exact, "
            "and a refused rule is explained by a position where too few cards are playable, e.g. "
            '"after KC no card is playable".'
        ),
    ),
    Rule(
        "rule.first-card",
        N_("The first card"),
        N_(
            "If the rule needs cards that are not on the mainline yet (p2 when only the starter is "
            "down), the card played is right anyway: the first card played is "
            "valid regardless."
        ),
    ),
    Rule(
        "rule.values",
        N_("Card values"),
        N_(
            "For number and parity rules cards count their face value, ace 1, jack 11, queen 12, "
            "king 13: odd are A 3 5 7 9 J K, even 2 4 6 8 10 Q. Primes are 2 3 5 7 J K; face cards "
            "are J Q K."
        ),
    ),
    Rule(
        "rule.wrap",
        N_("Going round the corner"),
        N_(
            "If a rule's sequences continue from K to A (written with `% 13`, or `announce: wrap`), "
            "the dealer must say so: the program announces it to everyone before play."
        ),
    ),
    Rule(
        "rule.hints",
        N_("Hints"),
        N_(
            'The dealer may give hints only before play starts: `announce: "text"` in the rule is '
            "shown to everyone with the table."
        ),
    ),
    Rule(
        "language.lines",
        N_("Rule lines"),
        N_(
            "A rule is one or more lines separated by `;`: `accept: CONDITION` (when a card is right); "
            "or `modes: A, B` with `when A: CONDITION` per mode and `on CONDITION: next` or `on "
            "CONDITION: mode B` to switch modes after a right card (the first matching `on` line "
            'fires, the starter included); `announce: wrap` or `announce: "hint"`; `name: "text"`. '
            "`#` starts a comment."
        ),
    ),
    Rule(
        "language.cards",
        N_("Cards in a rule"),
        N_(
            "`c` is the card being played, `p1` the last right card (the top of the mainline), `p2` the "
            "one before. Look at them through functions: rank(x) 1..13, suit(x) S H D C, color(x) red "
            "black, parity(x) even odd, and the tests red(x) black(x) even(x) odd(x) face(x) prime(x); "
            "abs(n); phase(M) is the position of the card on the mainline (starter 0) modulo M."
        ),
    ),
    Rule(
        "language.expressions",
        N_("Conditions"),
        N_(
            "Compare with == != < <= > >=, test membership with `in` and a set {S, C} or a range 1..3, "
            "do arithmetic with + - and `% K` (K a number up to 13), join with and, or, not, and "
            "choose with `if CONDITION then X else Y`. Constants: numbers, A J Q K, S H D C, red "
            "black, even odd, true false."
        ),
    ),
    Rule(
        "language.examples",
        N_("Examples"),
        N_(
            "Alternate colours: `accept: color(c) != color(p1)`. Same colour or rank: `accept: "
            "color(c) == color(p1) or rank(c) == rank(p1)`. One to three higher, round the corner: "
            "`accept: (rank(c) - rank(p1)) % 13 in 1..3`. The classic sevens rule (sevens-switch): `modes: colour, parity; when "
            "colour: color(c) != color(p1); when parity: parity(c) != parity(p1); on rank(c) == 7: "
            "next`. After an odd card black, after an even card red (odd-black-even-red): `accept: if odd(p1) then "
            "suit(c) in {S, C} else suit(c) in {H, D}`."
        ),
    ),
    Rule(
        "library.rules",
        N_("The library"),
        N_(
            "Bot dealers draw a rule at random (a replayed game draws the same rule again) from the pool the "
            "`rules` option names: `all`, `easy`, `medium`, `hard`, `classic` (the seven classic example rules), "
            "or one rule's id, which says what the rule does. As the dealer you can type `rule ID`."
        ),
    ),
    Rule("library.list", N_("The rules of the library"), _library_list()),
    Rule(
        "turn.order",
        N_("Whose move it is"),
        N_(
            "Each hand begins with the dealer, who writes the secret rule (`rule ...`) before anyone "
            "plays. Then the players move one at a time, clockwise from the dealer's left, each playing "
            "one card onto the mainline per turn: from the hand in phase one, from the wrong cards in "
            "phase two. The dealer never plays a card; here the program judges each card by the rule."
        ),
    ),
    Rule("turn.rule-first", N_("The rule comes first"), N_("No card can be played before the dealer has written the rule.")),
    Rule(
        "turn.rule-set",
        N_("One rule per hand"),
        N_("The dealer writes the rule once, before play; it cannot be changed during the hand."),
    ),
    Rule("turn.over", N_("The hand is over"), N_("No moves are possible once the hand has ended.")),
    Rule(
        "play.turn",
        N_("Turns"),
        N_("Starting on the dealer's left, each player in turn plays one card onto the mainline. The dealer never plays."),
    ),
    Rule("play.held", N_("Play from your hand"), N_("In phase one you play a card from your hand.")),
    Rule(
        "play.judge",
        N_("Right and wrong"),
        N_(
            "A card the rule accepts is right and stays on the mainline; otherwise it is wrong and the "
            "player keeps it face up in front of him, the wrong cards overlapping in the order played "
            "so everyone can study them. cardcli shows each wrong try after the mainline card it tried "
            "to follow."
        ),
    ),
    Rule(
        "play.phase-one",
        N_("Phase one"),
        N_("Phase one ends when every player has played every card of his hand, right or wrong."),
    ),
    Rule(
        "two.start",
        N_("Phase two"),
        N_(
            "After phase one each player's wrong cards become his hand, still face up and now in any "
            "order, and play goes on clockwise from where it stopped, from those cards."
        ),
    ),
    Rule(
        "two.reserve",
        N_("Play from your wrong cards"),
        N_(
            "In phase two you play one of the wrong cards in front of you. A wrong card goes back "
            "among them: the count does not change, but everyone has seen the try."
        ),
    ),
    Rule(
        "two.end",
        N_("The end of phase two"),
        N_(
            "Phase two ends as soon as a player has no cards left, or when no card in front of any "
            "player could be added to the mainline by the rule (the dealer announces it; here the "
            "program checks it before every turn)."
        ),
    ),
    Rule(
        "two.skip",
        N_("No wrong cards"),
        N_(
            "A player who ends phase one without a wrong card is out at once: phase two is not played, "
            "and the players are scored on their wrong cards."
        ),
    ),
    Rule(
        "two.rounds",
        N_("A limit on phase two"),
        N_(
            "To guarantee an end, phase two also stops after 20 rounds (option `phase_two_rounds`); "
            "the classic rules set no limit."
        ),
    ),
    Rule(
        "score.dealer",
        N_("The dealer's score"),
        N_(
            "After phase one the dealer scores the sum of the other players' wrong cards minus (X-1) "
            "times the fewest wrong cards, X being the number of players besides the dealer: with "
            "wrong cards 11, 8 and 6 that is 19 - 2 × 6 = 7. Equivalently, the sum of each player's "
            "wrong cards minus the fewest. A rule that one player cracks and the others do not scores "
            "most."
        ),
    ),
    Rule(
        "score.players",
        N_("The players' score"),
        N_(
            "After phase two each player scores the cards left to the other players minus (X-1) times "
            "his own, never less than 0: with 0, 2, 5 and 7 cards left the scores are 14, 6, 0 and 0 "
            "before the bonus."
        ),
    ),
    Rule(
        "score.bonus",
        N_("The bonus"),
        N_(
            "6 points go to the player with no cards left; if nobody is out, to the player with the "
            "fewest, split equally on ties (3, 2, 1.5, 1.2 or 1 each). So in the example above (0, 2, 5 "
            "and 7 cards left) the scores are 20, 6, 0 and 0."
        ),
    ),
    Rule(
        "score.input",
        N_("Scoring a hand by hand"),
        N_(
            "`cardcli score eleusis` reads lines: `players N` (optional, dealer included), `dealer P1` "
            "(optional, default P1), `wrong 11 8 6` (wrong cards after phase one, players clockwise "
            "from the dealer's left) and `left 0 2 5` (cards left after phase two, same order); counts "
            "may name the seat (`wrong P2=11 P3=8 P4=6`). Give `wrong` for the dealer's score, `left` "
            "for the players', or both. `#` starts a comment; `--json` prints the points."
        ),
    ),
    Rule(
        "match.deals",
        N_("The match"),
        N_(
            "Everyone deals twice, in turn clockwise from a first dealer drawn at random (option "
            "`deals_per_player`). In each hand the dealer earns only the phase-one score and the "
            "players only the phase-two scores."
        ),
    ),
    Rule(
        "match.winner",
        N_("The winner"),
        N_("After the last deal the scores are added up; the highest total wins, and equal totals share the win."),
    ),
    Rule(
        "guess.command",
        N_("Testing a hypothesis"),
        N_(
            "`guess RULE` tests a rule you suspect, written in the rule language, against every card "
            "played so far in this hand: it says whether your rule agrees with every verdict, or shows "
            "the first card it would have judged differently. It never reveals the secret rule. `fair "
            "RULE` checks a rule's syntax and the one-fifth rule without playing it."
        ),
    ),
    Rule(
        "options.presets",
        N_("Presets"),
        N_(
            "`standard` (the default) is Abbott's original game with a deck trimmed so that it divides "
            "equally, phase two played from the wrong cards, and everyone dealing twice; bot dealers draw "
            "from the whole library. `classic-rules` is the same, but bot dealers use only the seven classic "
            "example rules; `short` has everyone deal once. Single rules "
            "change with `--option KEY=VALUE`; `cardcli rules eleusis options` lists them."
        ),
    ),
]

ALIASES = {
    "secret": "rule",
    "secret-rule": "rule",
    "rules-language": "language",
    "mainline": "play",
    "wrong": "play",
    "right": "play",
    "phase-two": "two",
    "scoring": "score",
    "hypothesis": "guess",
    "fair": "guess",
    "dealer": "deal",
}
"""Other names for the topics, as a player might look them up."""

RULEBOOK = Rulebook("eleusis", INTRO, RULES, TOPICS, ALIASES)
