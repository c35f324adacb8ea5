"""The rules of rummy as texts addressed by id (shown by `rules`, `why` and the tutor)."""

from __future__ import annotations

from cardcli.engine.melds import meld_rule_texts
from cardcli.engine.rulebook import Rule, Rulebook
from cardcli.i18n import N_

INTRO = N_(
    "Rummy, the basic game of American origin from which the whole rummy family descends (not the "
    "Italian ramino, which is played with two decks and jokers): 2 to 6 players, one 52-card deck. "
    "Each turn you draw a card "
    "from the stock or the discard pile, may put sets and runs on the table and lay cards off, "
    "then discard one card. The first to get rid of all their cards wins the hand and scores "
    "the cards left in the others' hands."
)

TOPICS = {
    "deal": N_("dealing and who plays first"),
    "turn": N_("the order of a turn"),
    "draw": N_("drawing from the stock or the discard pile"),
    "meld": N_("sets and runs"),
    "layoff": N_("adding cards to melds on the table"),
    "discard": N_("discarding"),
    "stock": N_("when the stock runs out"),
    "out": N_("going out and rummy"),
    "score": N_("scoring, dealer rotation and the match"),
    "options": N_("rule options and presets"),
}

RULES = [
    Rule(
        "deal.size",
        N_("The deal"),
        N_(
            "One card at a time clockwise, dealer included: 10 cards each with 2 players, 7 with 3 or "
            "4, 6 with 5 or 6. The rest is the stock; its top card is turned up to start the discard "
            "pile. The player to the dealer's left plays first."
        ),
    ),
    Rule(
        "deal.dealer",
        N_("The dealer"),
        N_(
            "The first dealer is chosen by a random cut (the same every time with `--seed`). "
            "With 3 or more players the deal passes to the left. "
            "With 2 players the player who went out deals next (option: alternate). "
            "After a void hand the same dealer deals again."
        ),
    ),
    Rule(
        "turn.order",
        N_("Turn order"),
        N_("A turn is: draw one card, then optionally meld and lay off, then discard one card. Play goes clockwise."),
    ),
    Rule("turn.not-yours", N_("Whose turn"), N_("Only the player whose turn it is may move.")),
    Rule(
        "turn.draw-first",
        N_("Draw first"),
        N_("Every turn starts with a draw: `draw stock` or `draw discard`. You cannot meld, lay off or discard before drawing."),
    ),
    Rule(
        "turn.drawn", N_("One draw per turn"), N_("You draw exactly one card per turn; after drawing, meld, lay off or discard.")
    ),
    Rule("turn.over", N_("The hand is over"), N_("No moves are possible once the hand has ended.")),
    Rule(
        "draw.choice",
        N_("Stock or discard pile"),
        N_(
            "Each turn starts by taking one card: `draw stock` takes the top card of the face-down "
            "stock, which only you see; `draw discard` takes the face-up top card of the discard pile, "
            "which everyone has seen. A card taken from the discard pile may not be discarded again in "
            "the same turn. When the stock is empty the discard pile is turned over to make a new one "
            "(see `rules rummy stock`)."
        ),
    ),
    Rule(
        "draw.discard-empty",
        N_("Empty discard pile"),
        N_("You can take the top card of the discard pile only when there is one."),
    ),
    Rule("meld.held", N_("Meld from your hand"), N_("You can only meld cards you hold.")),
    Rule(
        "meld.one-per-turn",
        N_("One meld per turn"),
        N_(
            "With the `one_meld_per_turn` option (pagat's basic rule) a player may put down only "
            "one new meld per turn; laying off is still allowed."
        ),
    ),
    *[
        r
        for r in meld_rule_texts()
        if r.id not in ("meld.duplicate", "meld.set.wilds", "meld.run.wilds", "meld.wild-balance", "meld.wild-only")
    ],
    Rule(
        "layoff.first-meld",
        N_("Lay off after your first meld"),
        N_(
            "You may add cards to melds on the table (yours or anyone's) only once you have a meld "
            "of your own on the table, possibly one you put down earlier in the same turn (the "
            "`lay_off_needs_meld=false` option lifts this rule)."
        ),
    ),
    Rule(
        "layoff.target", N_("Which meld"), N_("Melds on the table are numbered; `layoff 6H 2` adds the six of hearts to meld 2.")
    ),
    Rule(
        "layoff.fit",
        N_("The card must fit"),
        N_(
            "A card laid off must leave a valid meld: the missing suit of a set of three, or the "
            "next card at either end of a run. A set of four and a run of thirteen take nothing."
        ),
    ),
    Rule("layoff.held", N_("Lay off from your hand"), N_("You can only lay off a card you hold.")),
    Rule("discard.held", N_("Discard from your hand"), N_("You can only discard a card you hold.")),
    Rule(
        "discard.taken-card",
        N_("Not the card you took"),
        N_(
            "If you drew the top card of the discard pile, you must discard a different card this "
            "turn (you may discard it on a later turn)."
        ),
    ),
    Rule(
        "discard.taken-card-last",
        N_("Keep a card to discard"),
        N_(
            "After taking the discard you may not meld or lay off so that the only card left in "
            "your hand is the card you took, because you could not discard it; meld or lay it off "
            "too and go out, or keep another card."
        ),
    ),
    Rule(
        "stock.turnover",
        N_("Turning the discard pile over"),
        N_(
            "When the stock is empty you may take the discard as usual. If you want the stock "
            "instead, `draw stock` turns the discard pile face down without shuffling to become "
            "the new stock (its oldest card on top), and that card is turned up to start a new "
            "discard pile. Then you choose again: draw from the new stock, or take the new "
            "upcard."
        ),
    ),
    Rule(
        "stock.wash",
        N_("A hand that goes nowhere"),
        N_(
            "If the stock must be re-formed when the discard pile has fewer than two cards, or "
            "after it has already been turned over three times (option `max_turnovers`), the hand "
            "ends void: nobody scores and the same dealer deals again (option `exhausted=lowest`: "
            "the lowest hand scores the others' cards instead)."
        ),
    ),
    Rule(
        "out.going-out",
        N_("Going out"),
        N_(
            "You win the hand when your last card leaves your hand: by melding it, laying it off, "
            "or discarding it. A final discard is not required."
        ),
    ),
    Rule(
        "out.rummy",
        N_("Rummy"),
        N_(
            "Going out by putting all your cards down in one turn is a rummy, and the hand's points are "
            "doubled: you must not have melded or laid off anything before that turn, and in it you "
            "may not lay off on other players' melds. Adding to melds you put down in the same turn is "
            "allowed."
        ),
    ),
    Rule(
        "score.hand",
        N_("Scoring a hand"),
        N_(
            "The player who went out scores the value of the cards left in the other hands: ace 1, "
            "two to ten their pip value, jack, queen and king 10 each. Cards that could have "
            "formed melds still count."
        ),
    ),
    Rule(
        "score.match",
        N_("The match"),
        N_(
            "The first to reach the target wins: 100 points with 2 players, 200 with 3 or 4, 300 "
            "with 5 or 6 (option `target`). The match ends after the hand in which someone "
            "reaches it."
        ),
    ),
    Rule(
        "score.input",
        N_("Scoring a hand played at a table"),
        N_(
            "`cardcli score rummy` reads one item per line: `players 3` (optional), `closer P1` (who "
            "went out), `rummy yes` (optional), then one line per other player with the cards left in "
            "their hand, e.g. `P2 KS QH 5C` (`-` for none). `#` starts a comment. It prints a line per "
            "player and the total; `--json` gives the same as data; `--option ace_points=11` etc. apply."
        ),
    ),
    Rule(
        "options.presets",
        N_("Presets"),
        N_(
            "`standard` (the default) is basic rummy: ace low, any number of melds per turn, lay off "
            "only after your first meld, going out all at once (rummy) doubles the points, and with 2 "
            "players the one who went out deals next; `pagat` is pagat.com's "
            "basic rummy (one meld per turn, lay off any time, no rummy bonus, alternate dealer "
            "with 2 players). Any single rule can be changed with `--option KEY=VALUE`; "
            "`cardcli games` lists the keys."
        ),
    ),
]

ALIASES = {
    "lay-off": "layoff",
    "layoffs": "layoff",
    "set": "meld",
    "run": "meld",
    "sets": "meld",
    "runs": "meld",
    "going-out": "out",
    "rummy": "out",
    "pile": "draw",
    "discard-pile": "draw",
    "scoring": "score",
    "ace": "meld",
}
"""Other names for the topics, as a player might look them up."""

RULEBOOK = Rulebook("rummy", INTRO, RULES, TOPICS, ALIASES)
