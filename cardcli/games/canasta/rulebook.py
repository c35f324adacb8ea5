"""The rules of Italian canasta as texts addressed by id (shown by `rules`, `why` and the tutor).

Every refusal of the checker names one of these ids.
"""

from __future__ import annotations

from cardcli.engine.melds import meld_rule_texts
from cardcli.engine.rulebook import Rule, Rulebook
from cardcli.i18n import N_

INTRO = N_(
    "Italian canasta (canastone): 162 cards — three decks and six jokers — for 4 players in two "
    "pairs (partners opposite) or for 2 players. Each gets 15 cards; red threes are laid out and "
    "replaced. The pozzo (discard pile) starts as a block: an upcard with as many face-down cards "
    "under it as its rank says. Each turn you may open before drawing (melds worth your side's "
    "minimum), then draw two cards or take the whole pozzo with two matching naturals, meld sets of "
    "one rank (jokers and twos are wild, at most two per meld), and discard one card. Seven cards "
    "make a canasta, clean without wildcards, dirty with them. A side with a clean and a dirty "
    "canasta may go out. The match is played to 15000. Suits never matter: moves name cards by rank "
    "(K, 10, 7, 2, JK; 3 is a black three)."
)

TOPICS = {
    "deal": N_("cards, dealing and red threes"),
    "pozzo": N_("the initial pozzo"),
    "turn": N_("the order of a turn"),
    "open": N_("the opening and its minimum"),
    "draw": N_("drawing from the stock"),
    "take": N_("taking the pozzo"),
    "meld": N_("melds of one rank, and wildcards in them"),
    "add": N_("adding to your side's melds"),
    "wild": N_("melds of wildcards: pinelle and jolly"),
    "canasta": N_("canastas: clean, dirty, closed"),
    "discard": N_("discarding, black threes and wildcards"),
    "out": N_("going out"),
    "ask": N_("asking partner before going out"),
    "stock": N_("when the stock runs out"),
    "score": N_("scoring, the match, and `cardcli score canasta`"),
    "variants": N_("the presets, and where the rule sets differ"),
}

_MELD_WORDING = {
    "meld.size": N_("A meld has at least three cards."),
    "meld.set.rank": N_(
        "A natural meld is made of cards of one rank, ace down to four; threes can never be melded, red "
        "or black, and twos are wildcards (a meld of twos is a meld of wildcards, see `rules wild`)."
    ),
    "meld.set.wilds": N_(
        "A natural meld holds at most two wildcards (option max_wilds_per_meld): 5 naturals and 2 "
        "wildcards make a dirty canasta; a third wildcard is never allowed."
    ),
    "meld.wild-balance": N_(
        "A natural meld always has more natural cards than wildcards: 7-7-2 and 9-9-9-JK-2 are legal, "
        "7-JK-2 is not. With min_naturals_before_wild=5 (the stricter older rules) a wildcard may join a "
        "meld only once it has five naturals."
    ),
    "meld.wild-only": N_("Wildcards alone form a meld of wildcards, with its own rules (see `rules wild`)."),
}

_MELD_TITLES = {
    "meld.set.rank": N_("One rank, never threes"),
    "meld.set.wilds": N_("At most two wildcards in a meld"),
}

RULES = [
    # deal
    Rule(
        "deal.cards",
        N_("The cards"),
        N_(
            "162 cards: three 52-card decks and six jokers. Only ranks matter, and the colour of the threes. "
            "Jokers (jolly, 50 points) and twos (pinelle, 20) are wild. Aces are 20, K to 8 are 10, 7 to 4 "
            "are 5, a black three left in hand 5 (option black3_value)."
        ),
    ),
    Rule(
        "deal.deal",
        N_("The deal"),
        N_(
            "The dealer deals 15 cards to each player, one at a time, in the direction of play (clockwise by "
            "default; counter-clockwise in the s2 preset), starting with the next player, who plays first. "
            "The deal passes to the next player in the direction of play."
        ),
    ),
    Rule(
        "deal.red-three",
        N_("Red threes"),
        N_(
            "A red three is laid face up at once and replaced: after the deal every player, in turn, lays out "
            "their red threes and gets replacements from the bottom of the stock (option "
            "red3_deal_replacement=top: from the top) until nobody holds one; a red three drawn during play "
            "is laid out and replaced from the top of the stock. A red three inside a taken pozzo goes to the "
            "side without replacement (option red3_from_pozzo_replaced). Red threes are never held, melded or "
            "discarded; they score at the end (see `rules score`)."
        ),
    ),
    # pozzo
    Rule(
        "pozzo.build",
        N_("The initial pozzo"),
        N_(
            "The dealer turns up the top card of the stock and puts under it, face down, as many cards as its "
            "rank: 4 under a four … 10 under a ten, 11 under a jack, 12 under a queen, 13 under a king, 14 "
            "under an ace (option pozzo_ace_count). A two, a joker, a red three or a black three (unless "
            "upcard_black3_allowed; then 3 cards go under it) cannot be the upcard: it goes face down into "
            "the pozzo, on the block (option rejected_upcard_to_pozzo=false: to the bottom of the stock), and "
            "the next card is turned."
        ),
    ),
    Rule(
        "pozzo.covered",
        N_("The covered cards"),
        N_(
            "Nobody may look at the face-down block until someone takes the pozzo; then the taker has them "
            "all. The discards on top of the block were seen face up by everyone."
        ),
    ),
    # turn
    Rule(
        "turn.order",
        N_("A turn"),
        N_(
            "1. If your side has not opened, you may open, before drawing. 2. Draw two cards from the stock, "
            "or take the pozzo (and then one card from the stock). 3. Lay down melds and add cards to your "
            "side's melds. 4. Discard one card, or go out."
        ),
    ),
    Rule(
        "turn.draw-first",
        N_("Draw first"),
        N_(
            "After the opening (if any) every turn continues with a draw: `draw` two cards, or `take` the "
            "pozzo. Melds, additions and the discard come after it (option meld_before_draw lets a side that "
            "has opened meld before drawing too)."
        ),
    ),
    Rule(
        "turn.drawn",
        N_("One draw per turn"),
        N_("You draw once per turn: two cards from the stock, or the pozzo. After that, meld, add and discard."),
    ),
    Rule("turn.over", N_("The hand is over"), N_("No moves are possible once the hand has ended.")),
    # opening
    Rule(
        "open.minimum",
        N_("The opening minimum"),
        N_(
            "A side opens when one of its players lays down, before drawing and from their hand only, melds "
            "whose card points reach the minimum for the side's score at the start of the hand: below 3000 "
            "50, from 3000 90, from 5000 120, from 7000 160, from 10000 180, from 12000 200 (a negative score "
            "50; option opening_table=rg: 50/90/120/160/180/200 from 0/1500/3000/5000/7500/10000). Canasta "
            "bonuses and red threes do not count. The melds are laid one by one and the opening is complete "
            "when you draw or take the pozzo: that is refused while they are worth less than the minimum, "
            "and a meld is refused when the rest of your hand could not bring the opening to the minimum. "
            "Example at 7450 points (minimum 160): K K K + A A A + 8 8 8 8 is 130, not enough; adding "
            "Q Q Q makes 160."
        ),
    ),
    Rule(
        "open.wilds",
        N_("Wildcards in the opening"),
        N_(
            "In the opening a wildcard may join a natural meld only when that meld has at least five natural "
            "cards (K K K K K JK is a legal opening meld, 7 7 2 is not). Options: opening_wilds=none "
            "(openings of natural cards only, as in the s2 preset), as_in_play (the same as later in the "
            "hand)."
        ),
    ),
    Rule(
        "open.wild-meld",
        N_("Melds of wildcards in the opening"),
        N_(
            "Two jokers and a two (JK JK 2, 120 points) is an allowed opening meld; the side is then expected "
            "to complete it as a canasta of pinelle or of jolly. Other melds of wildcards may also open "
            "(option opening_wild_meld: any_valid; 2J1P_only, only JK JK 2, as in the s0 preset; none)."
        ),
    ),
    Rule(
        "open.before-draw",
        N_("Open before drawing"),
        N_(
            "An opening is made only before drawing. If your side has not opened, after drawing you can only "
            "discard; open at the start of a later turn. Once either partner has opened, the whole side is "
            "open: the partner melds with no minimum and may take the pozzo."
        ),
    ),
    Rule(
        "open.keep-card",
        N_("Keep a card"),
        N_("Before drawing you may not lay down your whole hand: you need a card to discard after drawing."),
    ),
    # draw
    Rule(
        "draw.two",
        N_("Drawing"),
        N_(
            "`draw` takes two cards from the top of the stock (one, if only one is left). A red three drawn is "
            "laid out and replaced at once."
        ),
    ),
    Rule(
        "draw.stock-empty",
        N_("The stock is empty"),
        N_(
            "With option pozzo_allowed_when_stock_empty, a turn that begins with an empty stock may still "
            "take the pozzo; otherwise `end` ends the hand."
        ),
    ),
    # take
    Rule(
        "take.conditions",
        N_("Taking the pozzo"),
        N_(
            "Instead of drawing you may take the whole pozzo when all of these hold: your side has opened "
            "(possibly just now); the top card is not a black three; it is not a wildcard; you hold two "
            "natural cards of its rank (three, after a wildcard was discarded); and your side has no canasta "
            "and no progetto (6-card meld) of that rank. You lay the matching cards with the top card (on "
            "your meld of that rank, or as a new meld), take all the other cards into your hand, then draw "
            "one card from the stock (option pozzo_extra_draw=0: none)."
        ),
    ),
    Rule(
        "take.not-opened",
        N_("Only an open side takes"),
        N_("Your side must have opened to take the pozzo: earlier in the hand, or by you this turn before taking it."),
    ),
    Rule(
        "take.black-three",
        N_("Frozen by a black three"),
        N_(
            "A black three on top freezes the pozzo for the next player, who cannot take it, even holding "
            "black threes. It stays frozen only while the black three is the top card."
        ),
    ),
    Rule(
        "take.wild-top",
        N_("A wildcard on top"),
        N_(
            "Right after a two or a joker is discarded the pozzo is frozen: the next player cannot take it. With "
            "option wild_top_takeable (as in the s0 preset) it can, with three identical wildcards (JK JK JK "
            "for a joker)."
        ),
    ),
    Rule(
        "take.pair",
        N_("Two matching naturals"),
        N_(
            "To take the pozzo you need two natural cards of the top card's rank in your hand; a wildcard "
            "never stands in for one of them."
        ),
    ),
    Rule(
        "take.three",
        N_("Three after a wildcard"),
        N_(
            "Once a wildcard has been discarded, three matching natural cards are needed instead of two, "
            "until the next time someone takes the pozzo."
        ),
    ),
    Rule(
        "take.own-canasta",
        N_("Not onto your canasta or progetto"),
        N_(
            "You cannot take the pozzo when its top card is of a rank of which your side has a canasta or a "
            "progetto (a 6-card meld) (option pozzo_blocked_by_own_canasta_or_progetto)."
        ),
    ),
    Rule(
        "take.meld",
        N_("The cards must form a meld"),
        N_(
            "The top card and your matching cards must make a legal meld: on your open meld of that rank, or "
            "a new one (not allowed after a closed canasta of that rank with new_meld_after_closed_canasta="
            "false)."
        ),
    ),
    Rule("take.empty", N_("An empty pozzo"), N_("There is nothing to take.")),
    # melds
    Rule("meld.held", N_("Meld from your hand"), N_("You can only meld cards you hold.")),
    *[
        Rule(r.id, _MELD_TITLES.get(r.id, r.title), _MELD_WORDING.get(r.id, r.text))
        for r in meld_rule_texts()
        if r.id in ("meld.size", "meld.set.rank", "meld.set.wilds", "meld.wild-balance", "meld.wild-only")
    ],
    Rule(
        "meld.one-per-rank",
        N_("One meld per rank"),
        N_("A side has one open meld of each rank; more cards of that rank are added to it (`add K to K`)."),
    ),
    Rule(
        "meld.closed-rank",
        N_("After a closed canasta"),
        N_(
            "After a canasta of a rank is closed the side may start a new meld of that rank (option "
            "new_meld_after_closed_canasta; when false it may not)."
        ),
    ),
    Rule("meld.not-opponents", N_("Only your side's melds"), N_("Cards are never added to the opponents' melds.")),
    # add
    Rule("add.held", N_("Add from your hand"), N_("You can only add cards you hold.")),
    Rule(
        "add.target",
        N_("Which meld"),
        N_(
            "Name the meld by its rank: `add K 2 to K` adds a king and a two to your side's kings; `to W` "
            "means your side's meld of wildcards."
        ),
    ),
    Rule(
        "add.rank",
        N_("Cards that belong"),
        N_("Only cards of the meld's rank and wildcards go on a natural meld; only wildcards go on the meld of wildcards."),
    ),
    Rule(
        "add.closed",
        N_("Closed canastas"),
        N_(
            "A canasta is closed and set aside at seven cards: nothing more can be added. One play may "
            "still take a meld from below seven to more (e.g. taking the pozzo onto a five-card meld gives "
            "eight). Option canasta_closed_at_seven=false (as in the s2 preset): natural canastas stay open "
            "and keep growing."
        ),
    ),
    # wild melds
    Rule(
        "wild.shape",
        N_("Melds of wildcards"),
        N_(
            "Twos and jokers can be melded on their own: at least three cards with at most two of the "
            "minority kind. Mostly twos is a pinelle meld (7 twos: clean canasta of pinelle; 6+1 or 5+2 "
            "with jokers: dirty); mostly jokers is a jolly meld (6 jokers + 1 two or 5 + 2: canasta of "
            "jolly). A meld with at most two of each kind, such as JK JK 2 or JK JK 2 2, is still "
            "undecided: the cards added make it one or the other. J J J is legal, J J J 2 2 2 is not."
        ),
    ),
    Rule("wild.size", N_("Seven wildcards"), N_("A canasta of wildcards is complete and closed at seven cards.")),
    Rule(
        "wild.one-at-a-time",
        N_("One meld of wildcards at a time"),
        N_(
            "A side has at most one meld of wildcards open at a time; so a pinelle meld and a jolly meld are "
            "never open together. After it becomes a canasta a new one may be started."
        ),
    ),
    Rule(
        "wild.no-dirtying",
        N_("No dirtying while a wild meld is open"),
        N_(
            "While your side has an incomplete meld of wildcards on the table, it may not put wildcards on "
            "natural melds: first complete the canasta of pinelle or jolly. Option "
            "no_dirtying_while_wild_meld_open: both (the default: either kind of wild meld blocks), "
            "pinelle_only (only a wild meld with at least as many twos as jokers blocks, as in the s0 "
            "preset), twos_only (only twos may not go on natural melds), off."
        ),
    ),
    # canastas
    Rule(
        "canasta.kinds",
        N_("Canastas"),
        N_(
            "Seven cards make a canasta. Clean (pulita): no wildcards; dirty (sporca): with wildcards, at "
            "least five naturals and one or two wildcards. Only one side can have a clean canasta of a given "
            "rank (12 copies). Bonuses: clean 500 (aces 1000), dirty 300, clean pinelle 3000, dirty pinelle "
            "2000, jolly 5000, plus the points of their cards."
        ),
    ),
    Rule(
        "canasta.progetto",
        N_("Progetto"),
        N_("A meld of six cards, one short of a canasta. It matters only for taking the pozzo."),
    ),
    # discard
    Rule("discard.held", N_("Discard from your hand"), N_("You can only discard a card you hold.")),
    Rule(
        "discard.special",
        N_("Special discards"),
        N_(
            "A black three discarded freezes the pozzo for the next player. A wildcard discarded freezes it "
            "too, and makes three matching cards necessary until the pozzo is next taken, even once other "
            "discards cover it. Red threes are never discarded."
        ),
    ),
    # going out
    Rule(
        "out.canastas",
        N_("Canastas needed to go out"),
        N_(
            "A side may go out once it has at least one clean and one dirty canasta (canastas of pinelle "
            "and jolly count; option wild_canastas_count)."
        ),
    ),
    Rule(
        "out.how",
        N_("Going out"),
        N_(
            "You go out by getting rid of every card in one turn: by melding and adding everything, or with "
            "a final discard (option go_out_discard=required: only with a discard). The hand ends at "
            "once; your partner gets no further turn."
        ),
    ),
    Rule(
        "out.last-discard",
        N_("The last card"),
        N_(
            "You cannot go out by discarding a wildcard or a black three (option go_out_forbidden_discards: "
            "black3 only, as in the s2 preset)."
        ),
    ),
    Rule(
        "out.keep-card",
        N_("Keep a card you can discard"),
        N_(
            "A player who cannot go out must keep a card after discarding; so a meld that would leave you no "
            "card, or a single card you could not discard, is refused until your side may go out."
        ),
    ),
    Rule(
        "out.discard-required",
        N_("Going out with a discard"),
        N_(
            "With go_out_discard=required (as in the s0 preset) you go out by discarding your last card, so "
            "you cannot meld "
            "your whole hand."
        ),
    ),
    Rule("out.partner-no", N_("Partner said no"), N_("If you asked and your partner answered no, you may not go out this turn.")),
    Rule(
        "out.ask-first",
        N_("Ask first"),
        N_("With ask_partner=mandatory you must ask your partner, and get a yes, before going out."),
    ),
    # ask
    Rule(
        "ask.partner",
        N_("Asking partner"),
        N_(
            "With four players you may ask your partner whether you may go out (`ask`), after drawing, when "
            "your side has the canastas to go out and you hold at least two cards. Partner answers `yes` or "
            "`no`; a no binds for this turn. It is the only talk allowed between partners (option "
            "ask_partner: optional, off, mandatory)."
        ),
    ),
    Rule("ask.waiting", N_("Waiting for the answer"), N_("After `ask`, the partner answers `yes` or `no` first.")),
    Rule("ask.not-asked", N_("Nothing asked"), N_("`yes` and `no` answer a partner's question.")),
    Rule("ask.no-partner", N_("Two players"), N_("With two players there is no partner to ask.")),
    Rule("ask.off", N_("No asking"), N_("With ask_partner=off nobody asks.")),
    Rule("ask.when", N_("When to ask"), N_("Ask after drawing, in the turn you want to go out.")),
    Rule("ask.once", N_("Once per turn"), N_("You ask at most once per turn.")),
    Rule("ask.cannot", N_("Nothing to ask"), N_("Ask only when your side has the canastas needed to go out.")),
    Rule(
        "ask.keep-cards",
        N_("Ask with two cards"),
        N_("Ask while you hold at least two cards, so that after a no you can still discard and play on."),
    ),
    # stock
    Rule(
        "stock.out",
        N_("The stock runs out"),
        N_(
            "If the stock holds a single card, the player draws it and plays the turn normally. When a turn "
            "begins with an empty stock the hand ends at once, and nobody gets the going-out bonus (option "
            "pozzo_allowed_when_stock_empty: the player may still take a legal pozzo, without the extra card). "
            "If the last stock cards drawn are red threes and leave the player a single card that cannot be "
            "discarded (they cannot go out with it), the hand ends there too."
        ),
    ),
    Rule(
        "stock.end",
        N_("Ending the hand"),
        N_(
            "With pozzo_allowed_when_stock_empty, a player whose turn begins with an empty stock and who does "
            "not take the pozzo ends the hand with `end`."
        ),
    ),
    # score
    Rule(
        "score.hand",
        N_("Scoring a hand"),
        N_(
            "Each side scores: canasta bonuses + 300 for going out + red threes + the card points of every "
            "melded card (canastas and incomplete melds) − the card points left in the hands of its players "
            "(every player's; option hand_penalty_scope=opponents_only: only the side opposing the player "
            "who went out)."
        ),
    ),
    Rule(
        "score.canastas",
        N_("Canasta bonuses"),
        N_(
            "Clean 500, clean of aces 1000, dirty 300 (aces too), clean pinelle (7 twos) 3000, dirty pinelle "
            "2000, jolly (5-6 jokers and 1-2 twos) 5000. The cards' points come on top: 7 clean aces = "
            "1140; 6 jokers + 1 two = 5320. Option samba_bonuses adds five clean canastas 2000, four clean "
            "and a dirty 1000, ten canastas 2000."
        ),
    ),
    Rule(
        "score.red-threes",
        N_("Red threes"),
        N_(
            "By default red threes score by the side's canastas: with a clean and a dirty canasta +100 "
            "each; with a clean one but no dirty one 0; without a clean canasta -100 each. In the s2 preset "
            "they score by count: 100 each, 200 each when more than three and the side has a dirty canasta. "
            "Option red3_rule also offers rg (200 each from four), brazil, flat (100 each)."
        ),
    ),
    Rule(
        "score.double",
        N_("Paying double"),
        N_(
            "If a side goes out before the opponents have opened, the opponents pay double: their hand "
            "penalty is doubled (option double_scope: all_negative also doubles negative red threes; off)."
        ),
    ),
    Rule(
        "score.match",
        N_("The match"),
        N_(
            "Hand scores add up; the first side to reach 15000 (option target) wins; if both pass it in the "
            "same hand the higher total wins, and an exact tie plays another hand. The running score sets the "
            "opening minimum of the next hand. A safety limit (option max_hands) ends a match that goes on "
            "too long."
        ),
    ),
    Rule(
        "score.input",
        N_("`cardcli score canasta`"),
        N_(
            "Type a finished hand, one fact per line, and get its score line by line. "
            "`players 4` (or 2; optional, first). `side NS` (or EW; with 2 players South or North) starts a "
            "side. Then for that side: `canasta K K K K K K K` (a canasta of 7 or more cards; clean, dirty, "
            "pinelle or jolly is read from its cards), `meld Q Q Q 2` (an incomplete meld), `red3 2` (red "
            "threes), `hand 5 5 9 JK` (cards left in hand; repeat for each player), `out` (this side went "
            "out), `opened no` (it never opened: the doubling rule). Cards are ranks (K, 10 or T, 2, JK, 3 "
            "for a black three) or full cards (KH); `#` starts a comment. Rule options apply with "
            "--preset/--option."
        ),
    ),
    # variants
    Rule(
        "variants.presets",
        N_("Presets"),
        N_(
            "`standard` (the default): play clockwise, after a wild discard three matching cards take the "
            "pozzo until the next take, canastas close at seven, a clean and a dirty canasta to go out, red threes scored by "
            "canastas. `s0` is the older, stricter rule set: a wildcard on the pozzo can be taken with "
            "three identical wildcards, wildcards only on melds of five naturals, JK JK 2 the only wild "
            "opening meld, no dirtying only while a pinelle meld is open, going out only with a discard, "
            "only the opponents of the player who went out pay their hands. `s2` is the relaxed home-game "
            "rule set: counter-clockwise, red threes at the deal replaced from the top, a black three may "
            "start the pozzo, no extra card after taking the pozzo, no block by your own canasta or "
            "progetto, canastas stay open, natural openings only, going out on anything but a black three, "
            "red threes scored by count, no paying double. `cardcli rules canasta options` lists every "
            "option."
        ),
    ),
    Rule(
        "variants.seeds",
        N_("Where the rule sets differ"),
        N_(
            "Direction (s0 clockwise, s2 counter-clockwise); a black three as upcard (s0 no, s2 yes); a "
            "card drawn after taking the pozzo (s0 yes, s2 no); a wildcard on the pozzo (s0: three "
            "identical wildcards take it, s2: it cannot be taken); canastas at seven (s0 closed, s2 open); "
            "wildcards in melds (s0 only after five naturals); dirtying blocked by a pinelle meld (s0) or "
            "by either wild meld (s2); going out (s0 by discarding, s2 also by melding everything, never on "
            "a black three); red threes (s0 by canastas, s2 by count); paying double and the progetto block "
            "(s0 only). Everything else follows `standard` in both, and every point is also an option of "
            "its own."
        ),
    ),
]

ALIASES = {
    "pile": "pozzo",
    "discard-pile": "pozzo",
    "freeze": "pozzo",
    "opening": "open",
    "wildcard": "wild",
    "wildcards": "wild",
    "jokers": "wild",
    "pinella": "wild",
    "pinelle": "wild",
    "canaste": "canasta",
    "going-out": "out",
    "closing": "out",
    "chiusura": "out",
    "scoring": "score",
    "red-threes": "score",
    "black-threes": "discard",
}
"""Other names for the topics, as a player might look them up."""

RULEBOOK = Rulebook("canasta", INTRO, RULES, TOPICS, ALIASES)
