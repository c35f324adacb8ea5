"""The rules of burraco as texts addressed by id (shown by `rules`, `why` and the tutor).

Every rule id a refusal can name is here; the tests check that. The texts
follow the FIBUR Italian code as the rules digest reports it, and say where
the presets differ. The ``score`` topic documents the input of
``cardcli score burraco``.
"""

from __future__ import annotations

from cardcli.engine.melds import meld_rule_texts
from cardcli.engine.rulebook import Rule, Rulebook
from cardcli.games.burraco.config import VP_TABLES
from cardcli.i18n import N_

INTRO = N_(
    "Burraco, as played in Italian clubs (FIBUR code): two 52-card decks and four jokers, 108 cards. "
    "Four players in two fixed pairs (partners opposite, sharing their melds and one pozzetto), or two "
    "players. Each turn you draw a card or take the whole discard pile, may open runs and sets and "
    "attach cards to your team's melds, then discard. Jokers and twos are wildcards (matte), at most "
    "one per meld. A meld of 7 or more cards is a burraco. The first of a team to run out of cards takes "
    "the team's pozzetto, 11 more cards; a team that has its pozzetto and a burraco may close by "
    "discarding its last card. A match goes to 2005 points."
)

TOPICS = {
    "deal": N_("cards, seats and the deal"),
    "turn": N_("the order of a turn"),
    "draw": N_("drawing from the stock, and the end of the stock"),
    "take": N_("taking the discard pile"),
    "meld": N_("runs and sets"),
    "attach": N_("adding cards to your team's melds"),
    "wild": N_("wildcards: where they go, replacing and moving them"),
    "discard": N_("discarding"),
    "pozzetto": N_("the pozzetto: al volo or with the discard"),
    "close": N_("closing the hand"),
    "lastcard": N_("the last-card rule: never be left with a card you cannot discard"),
    "burraco": N_("burraco: clean, semi-clean, dirty"),
    "score": N_("scoring a hand, and the `cardcli score burraco` input"),
    "match": N_("the match, ties and tournament rounds"),
    "variants": N_("how the presets and options differ"),
}

_MELD_TEXTS = {
    "meld.size": N_("A run or a set has at least three cards."),
    "meld.set.rank": N_(
        "A set is three or more cards of one rank, suits free (the same suit may appear twice: there are "
        "two decks). Under the Italian code every rank but the 2 may form a set; the International code "
        "allows sets of aces and threes only (option `set_ranks`)."
    ),
    "meld.set.size": N_("A set has at most 9 cards: the 8 copies of its rank and one wildcard."),
    "meld.set.wilds": N_(
        "A meld holds at most one wildcard (matta): a joker or a two. A set of three therefore needs two natural cards."
    ),
    "meld.run.suit": N_("A run is three or more cards of one suit in sequence."),
    "meld.run.sequence": N_(
        "A run's cards follow each other in rank; a single gap may be filled by the wildcard. The same card "
        "cannot appear twice in one run, and a run has at most 14 cards (A-2-…-K plus a wildcard as the "
        "high ace)."
    ),
    "meld.run.ace": N_(
        "The ace goes below the two (A-2-3) or above the king (Q-K-A), never round the corner (K-A-2 is "
        "not a run), and a run holds only one natural ace."
    ),
    "meld.run.wilds": N_(
        "A run holds at most one wildcard (matta). A two of the run's own suit lying in its natural place, "
        "between the ace and the three, is a natural card, so such a run may still take one wildcard: "
        "A♣ 2♣ 3♣ 4♣ JK is legal, 3♣ 2♠ 5♣ JK is not."
    ),
    "meld.wild-only": N_("A meld needs natural cards: sets of twos, or of jokers and twos, are not allowed."),
    "meld.duplicate": N_("You can only meld cards you hold."),
    "meld.kind": N_("Burraco has runs (same suit, in sequence) and sets (same rank)."),
    "meld.wild-balance": N_("A meld with a wildcard needs at least two natural cards."),
}


def _vp_table_text() -> str:
    """The FIBUR table in full, from the data the scorepad and the game use."""
    parts = []
    for hands, rows in VP_TABLES.items():
        cells, low = [], 0
        for top, vp in rows:
            cells.append(f"{low}-{top} {vp}-{20 - vp}")
            low = top + 5
        cells.append(f"{low}+ 20-0")
        parts.append(f"{hands} hands: " + "; ".join(cells) + ".")
    return (
        "Match-point difference of the round, then the victory points of the winner and the loser. "
        + " ".join(parts)
        + " Both teams' victory points add up to 20; equal match points give 10-10; "
        "procedural penalties are taken off the victory points."
    )


RULES = [
    Rule(
        "deal.cards",
        N_("Cards and values"),
        N_(
            "108 cards: two French decks and four jokers; every natural card exists twice. Jokers and twos are "
            "wildcards (matte). Card values: joker 30, two 20 (also when natural), ace 15, eight to king 10, "
            "three to seven 5."
        ),
    ),
    Rule(
        "deal.seats",
        N_("Seats and partners"),
        N_(
            "Four players sit South, West, North, East; South and North play against West and East, each pair "
            "sharing its melds and its pozzetto. With two players each is a team of one. Play goes clockwise "
            "(South, West, North, East); the player to the dealer's left plays first, and the deal passes to "
            "the left. Three-player burraco is not available."
        ),
    ),
    Rule(
        "deal.procedure",
        N_("The deal"),
        N_(
            "Two pozzetti of 11 cards are formed from the bottom of the deck, a card at a time to each; the "
            "pile completed first lies on top and goes to the first team to reach it. Everyone gets 11 cards, "
            "one at a time clockwise. The rest is the stock; its top card is turned up to start the discard "
            "pile. Stock at the start: 41 cards with 4 players, 63 with 2."
        ),
    ),
    Rule(
        "turn.order",
        N_("A turn"),
        N_(
            "Draw one card from the stock (`draw`) or take the whole discard pile (`take`); then open runs and "
            "sets and attach cards to your team's melds as you like; then discard one card (`discard KS`), "
            "which ends the turn. The only turn with no discard is one where you go to the pozzetto al volo "
            "and then close by discarding later in the same turn."
        ),
    ),
    Rule(
        "turn.draw-first",
        N_("Draw first"),
        N_("Every turn starts by drawing from the stock or taking the discard pile; nothing can be melded or discarded before."),
    ),
    Rule(
        "turn.drawn",
        N_("One draw per turn"),
        N_("You draw once per turn; once a card is lifted the choice is final. Going to the pozzetto never gives a second draw."),
    ),
    Rule("turn.over", N_("The hand is over"), N_("No moves are possible once the hand has ended.")),
    Rule(
        "draw.stock-end",
        N_("The end of the stock"),
        N_(
            "The last two cards of the stock are never drawn (option `unplayable_stock`). The hand ends, with "
            "no closing bonus, after the discard of the player who drew the third-to-last card; everything "
            "else is scored as usual, including the pozzetto penalty."
        ),
    ),
    Rule(
        "take.whole",
        N_("Taking the discard pile"),
        N_(
            "`take` picks up the whole discard pile; a partial pick-up does not exist. Under the Italian code "
            "there is no condition and no minimum."
        ),
    ),
    Rule("take.empty", N_("Empty pile"), N_("You can take the discard pile only when it has cards.")),
    Rule(
        "take.must-meld",
        N_("International: take to meld"),
        N_(
            "Under the International code (option `pile_requires_meld`) you may take the pile only if you then "
            "meld or attach at least one card, from your hand or the pile, before discarding; the engine "
            "refuses the take when that would be impossible, and the discard until you have done it."
        ),
    ),
    Rule(
        "take.house-open",
        N_("House rule: open before taking"),
        N_(
            "With the house rule `house_open_before_pile` a team must have a meld on the table before its "
            "players may take the discard pile."
        ),
    ),
    Rule(
        "take.single-twin",
        N_("A one-card pile you could not discard"),
        N_(
            "If your hand is only the same card as a one-card discard pile, taking it would leave you holding "
            "nothing you may discard this turn (the card just taken and its twin are locked, see "
            "`discard.single-pile`), so the take is refused unless you could meld."
        ),
    ),
    Rule("meld.held", N_("Meld from your hand"), N_("You can only meld cards you hold.")),
    *[Rule(r.id, r.title, _MELD_TEXTS.get(r.id, r.text)) for r in meld_rule_texts()],
    Rule(
        "meld.same-rank",
        N_("One set per rank"),
        N_(
            "A team may not open a second set of a rank it already has on the table; add the cards to the set "
            'it has (FIBUR irregularity "apertura di combinazioni uguali"). Two runs of the same suit are '
            "allowed."
        ),
    ),
    Rule(
        "attach.own-team",
        N_("Only your team's melds"),
        N_(
            "You may attach cards only to your own team's melds (your partner's included), never to the "
            "opponents'. Melds are numbered in the order they were opened; the table shows which team owns "
            "each."
        ),
    ),
    Rule(
        "attach.target",
        N_("Which meld"),
        N_("`attach 7H 3` adds the seven of hearts to meld number 3; `attach 7H 8H 3` adds several cards at once."),
    ),
    Rule("attach.held", N_("Attach from your hand"), N_("You can only attach cards you hold.")),
    Rule(
        "attach.natural-two",
        N_("Natural cards stay put"),
        N_(
            "Cards on the table never move to another place or another meld. A two of the run's suit lying in "
            "its natural place as a natural card stays natural: it cannot be turned into a wildcard to fill a "
            "gap elsewhere in the run."
        ),
    ),
    Rule(
        "wild.place",
        N_("Where a wildcard goes"),
        N_(
            "A wildcard between two natural cards stands for the missing card and stays there until that "
            "card is attached; then it is free and goes to an end of the run. A free wildcard sits at the low "
            "end unless it is needed at the top, and moves to the other end when that lets a card be attached "
            "(5♣ 6♣ 2♦ with 2♦ = 4♣: attaching 8♣ moves the 2♦ to 7♣). `wild=CARD` chooses the end of a "
            "free wildcard when both are possible: `meld 5H 6H JK wild=7H`. A wildcard never leaves its meld "
            "or goes back to a hand."
        ),
    ),
    Rule(
        "wild.replace",
        N_("Replacing a wildcard"),
        N_(
            "Attaching the natural card a wildcard stands for replaces it: `attach 7C 2` on 6♣ JK 8♣ gives "
            "6♣ 7♣ 8♣ JK, the joker now free at an end. A two of the run's suit that ends up in its natural "
            "place becomes a natural card again (option `pinella_can_renaturalize`)."
        ),
    ),
    Rule(
        "discard.one",
        N_("Discarding"),
        N_(
            "A turn ends by discarding one card face up on the pile. Wildcards may be discarded (except as "
            "the closing card), and so may a card that could have been attached."
        ),
    ),
    Rule("discard.held", N_("Discard from your hand"), N_("You can only discard a card you hold.")),
    Rule(
        "discard.single-pile",
        N_("Not the card just taken"),
        N_(
            "If the discard pile held a single card and you took it, you may not discard that card this turn, "
            "nor its identical twin from the other deck (option `single_pile_twin_discard`). After taking a "
            "pile of several cards any card may be discarded."
        ),
    ),
    Rule(
        "pozzetto.one",
        N_("One pozzetto per team"),
        N_(
            "The first player of a team to run out of cards takes the team's pozzetto, 11 cards; a team never "
            "takes a second one. The engine takes it for you: there is no move to type."
        ),
    ),
    Rule(
        "pozzetto.al-volo",
        N_("Al volo"),
        N_(
            "Melding or attaching all your cards takes the pozzetto at once into your hand, and the turn goes "
            "on: meld from it if you can, then discard. There is no second draw. If your team already has a "
            "burraco you may even close in the same turn."
        ),
    ),
    Rule(
        "pozzetto.discard",
        N_("With the discard"),
        N_(
            "Discarding your last card takes the pozzetto face down. With 4 players you may look at it only "
            "after your partner's discard (option `pozzetto_look=own-turn`: at your next turn); with 2 players "
            "at once. You play it from your next turn. A discarded wildcard is fine here: only the closing "
            "discard may not be a wildcard. Until seen, its cards count as your hand if the hand ends."
        ),
    ),
    Rule(
        "close.conditions",
        N_("Closing"),
        N_(
            "A player closes by discarding his last card when (1) his team has taken its pozzetto, (2) the "
            "team has at least one burraco (International code: a clean one), and (3) that card is not a "
            "wildcard. The team scores 100 for closing; play stops and every card still in a hand counts "
            "against its team, the partner's included."
        ),
    ),
    Rule(
        "close.pozzetto",
        N_("No close before the pozzetto"),
        N_("A team closes only after taking its pozzetto: discarding your last card before that takes the pozzetto instead."),
    ),
    Rule(
        "close.burraco",
        N_("No close without a burraco"),
        N_(
            "A team needs at least one burraco on the table to close (International code: a clean burraco; "
            "option `close_requires`)."
        ),
    ),
    Rule("close.wildcard", N_("No close on a wildcard"), N_("The closing discard may not be a wildcard (a joker or any two).")),
    Rule(
        "close.discard-needed",
        N_("No close by melding the last card"),
        N_(
            "Once your team has its pozzetto, melding or attaching your last card is not allowed: a hand is "
            "closed only by a discard, so you must keep one card to discard."
        ),
    ),
    Rule(
        "close.last-card",
        N_("`close` means your last card"),
        N_("`close KS` states that discarding KS closes the hand; it is refused while you hold other cards."),
    ),
    Rule(
        "lastcard.rule",
        N_("The last-card rule"),
        N_(
            "A meld or attachment is refused if it would leave you holding a card you cannot discard: once "
            "your team has its pozzetto, a meld that leaves one card is allowed only if that card would be a "
            "legal closing discard right now (not a wildcard, with the team's burraco on the table after the "
            "meld). Before the pozzetto, melding everything takes it al volo and leaving one card is fine."
        ),
    ),
    Rule(
        "lastcard.single-pile",
        N_("Not stuck with the card just taken"),
        N_(
            "A meld may not leave as your only card the card you took from a one-card pile this turn, nor only "
            "copies of it (its twin is locked too unless `single_pile_twin_discard` is on), because you could "
            "not discard it."
        ),
    ),
    Rule(
        "burraco.size",
        N_("Burraco"),
        N_(
            "A burraco is a run or a set of 7 or more cards. Its kind is decided from its final state at "
            "scoring time: clean (no wildcard; a natural two is fine) 200, semi-clean 150, dirty (any other "
            "with a wildcard) 100."
        ),
    ),
    Rule(
        "burraco.semiclean",
        N_("Semi-clean"),
        N_(
            "FIBUR Italian only. A run is semi-clean when its wildcard comes directly before or after a block "
            "of at least 7 natural cards (option `semiclean_rule=wild_at_end`: the wildcard must be at an end "
            "of the run); a set is semi-clean with 7 naturals and the wildcard (8 cards or more). The "
            "International code and the casual preset have no semi-clean burraco: such a meld is dirty."
        ),
    ),
    Rule(
        "burraco.extra",
        N_("Extra kinds (options)"),
        N_(
            "Not in FIBUR; option `extra_buracos`. feburit: a clean run of 13 or more cards 300, a clean set "
            "of the 8 copies of a rank 250. garak: the same, plus a run of 13 or more with a wildcard 250 "
            "and a set of 8 naturals with a wildcard 200."
        ),
    ),
    Rule(
        "score.hand",
        N_("Scoring a hand"),
        N_(
            "Each team scores the value of every card it melded (jokers and twos at 30 and 20 whatever they "
            "stand for), plus the burraco bonuses, plus 100 for closing, minus the value of every card left in "
            "its players' hands, minus 100 if it never took its pozzetto (whatever way the hand ended). A "
            "pozzetto taken with the discard but not yet looked at counts as cards in hand, not as a missing "
            "pozzetto. A hand score may be negative."
        ),
    ),
    Rule(
        "score.input",
        N_("`cardcli score burraco`"),
        N_(
            "Type a finished hand, one item per line (`#` starts a comment): `players 4` (optional; 4 = teams "
            "NS and EW, 2 = players South and North); `NS meld 5H 6H 7H JK` for each meld of a team in the "
            "order it was opened (cards in any order, wildcards where the rules put them); `NS hand 5C KD` "
            "for cards left in a hand (one line per player or all together, `-` for none); `closed NS` for the "
            "team that closed (`closed none`, or no line, if the stock ran out); `pozzetto NS EW` for the teams "
            "that took their pozzetto (`pozzetto none`). The closing team must have its pozzetto and a "
            "burraco. The scorepad prints a line per meld, bonus and penalty, and the hand's total per team; "
            "`--json` for machines, `--preset`/`--option` for the rule set."
        ),
    ),
    Rule(
        "match.target",
        N_("The match"),
        N_(
            "Hands are played in full; after a hand in which a team reaches 2005 points (option `target`), "
            "the higher total wins. Equal totals at or above the target play another hand (option `tie=draw`: "
            "both win)."
        ),
    ),
    Rule(
        "match.tournament",
        N_("Tournament rounds"),
        N_(
            "Option `tournament_hands=3` or `4`: a round of that many hands with no target. The match-point "
            "difference is turned into victory points out of 20 by the FIBUR table: 3 hands 0-50 10-10, "
            "55-150 11-9 … 1255-1500 19-1, 1505 or more 20-0; 4 hands 0-100 10-10, 105-300 11-9 … 1705-2000 "
            "19-1, 2005 or more 20-0."
        ),
    ),
    # written out so that it can be translated; a test holds it to _vp_table_text(), made from the data
    Rule(
        "match.vp-table",
        N_("The victory-point table"),
        N_(
            "Match-point difference of the round, then the victory points of the winner and the loser. 3 "
            "hands: 0-50 10-10; 55-150 11-9; 155-250 12-8; 255-350 13-7; 355-500 14-6; 505-650 15-5; 655-800 "
            "16-4; 805-1000 17-3; 1005-1250 18-2; 1255-1500 19-1; 1505+ 20-0. 4 hands: 0-100 10-10; 105-300 "
            "11-9; 305-500 12-8; 505-700 13-7; 705-900 14-6; 905-1100 15-5; 1105-1300 16-4; 1305-1500 17-3; "
            "1505-1700 18-2; 1705-2000 19-1; 2005+ 20-0. Both teams' victory points add up to 20; equal "
            "match points give 10-10; procedural penalties are taken off the victory points."
        ),
    ),
    Rule(
        "match.scorepad",
        N_("Keeping score at a real table"),
        N_(
            "`cardcli score burraco --match NAME` adds each hand to a named match and shows the running totals, "
            "who deals next, the target, the tie rule and the winner; with `--option tournament_hands=3` or `4` "
            "it shows the victory points of the round. `cardcli scorepad` lists, shows, corrects and exports "
            "matches."
        ),
    ),
    Rule(
        "variants.presets",
        N_("Presets"),
        N_(
            "fibur-italiano (default): the FIBUR Italian code. fibur-internazionale: no semi-clean burraco, a "
            "clean burraco is needed to close, sets of aces and threes only, and the pile may be taken only "
            "to meld or attach at once. casual: home rules with clean (200) and dirty (100) burraco only. "
            "Every option can be changed on its own with `--option KEY=VALUE`."
        ),
    ),
    Rule(
        "variants.semiclean",
        N_("The semi-clean burraco"),
        N_(
            "`semiclean` on (Italian) or off (International, casual); `semiclean_points` 150; "
            "`semiclean_rule` adjacent_block (FIBUR wording) or wild_at_end (eburraco, garak)."
        ),
    ),
    Rule(
        "variants.closing",
        N_("What the International code changes"),
        N_(
            "`close_requires=clean`, `set_ranks=A3`, `pile_requires_meld=true` make the International code; "
            "`house_open_before_pile` is a home rule."
        ),
    ),
    Rule(
        "variants.table",
        N_("Table details"),
        N_(
            "`unplayable_stock` (2): stock cards never drawn. `single_pile_twin_discard` (off): whether the "
            "twin of a one-card pile may be discarded. `pinella_can_renaturalize` (on): a two of the run's "
            "suit becomes natural again in its place. `pozzetto_look`: when a pozzetto taken with the discard "
            "may be seen. How freely wildcards may be rearranged has no option: each meld is laid out "
            "again from its cards after every attachment, natural cards keep their places and only a free "
            "wildcard changes end, which is the tournament rule; within one meld garak's \"free "
            'rearrangement" would only add turning a natural two in its place into a wildcard, which '
            "`attach.natural-two` refuses."
        ),
    ),
    Rule(
        "variants.scoring",
        N_("Scores and bonuses"),
        N_(
            "`extra_buracos` `none`, `feburit` or `garak`; `clean_points`, `dirty_points`, `closing_points`, "
            "`pozzetto_penalty`; `target` (2005); `tie` replay or draw; `tournament_hands` 0, 3 or 4."
        ),
    ),
]

ALIASES = {
    "pozzetti": "pozzetto",
    "dead": "pozzetto",
    "matta": "wild",
    "mattas": "wild",
    "wildcard": "wild",
    "wildcards": "wild",
    "jokers": "wild",
    "pinella": "wild",
    "pile": "take",
    "stock": "draw",
    "closing": "close",
    "going-out": "close",
    "set": "meld",
    "run": "meld",
    "sets": "meld",
    "runs": "meld",
    "scoring": "score",
    "burraci": "burraco",
    "clean": "burraco",
    "dirty": "burraco",
}
"""Other names for the topics, as a player might look them up."""

RULEBOOK = Rulebook("burraco", INTRO, RULES, TOPICS, ALIASES)
