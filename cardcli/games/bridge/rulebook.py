"""The rules of rubber bridge as texts addressed by id (`rules`, `why`, the tutor, verdicts).

Law numbers are those of the Laws of Rubber Bridge (ACBL 1993), whose numbering
matches the 2017 Laws of Duplicate Bridge for the auction and the play. The
common mistakes of informal rule summaries are corrected here, not copied.
"""

from __future__ import annotations

from cardcli.engine.rulebook import Rule, Rulebook
from cardcli.i18n import N_

INTRO = N_(
    "Contract bridge, rubber scoring: four players in two partnerships, North-South against "
    "East-West, one 52-card deck, 13 cards each. An auction decides the contract (how many of "
    "the 13 tricks the declaring side promises, and the trump suit or notrump); declarer's "
    "partner, dummy, lays the hand on the table after the opening lead and declarer plays both "
    "hands. A rubber ends when a side has won two games; the larger total, above and below the "
    "line, wins."
)

TOPICS = {
    "deal": N_("dealing and the dealer"),
    "auction": N_("calls: bids, pass, double, redouble, and when the auction ends"),
    "contract": N_("the contract, declarer, dummy and the opening lead"),
    "play": N_("playing the cards: following suit, trumps, tricks"),
    "claim": N_("claims and concessions"),
    "score": N_("scoring a deal, games, vulnerability, the rubber"),
    "bidding": N_("cardcli's bidding system (SAYC-lite), used by the bots, `hint` and `explain`"),
    "notation": N_("how to type calls, cards and claims"),
    "turn": N_("whose turn it is"),
    "technique": N_("card-play technique: the finesse, long suits, leads and defence (advice, not laws)"),
    "options": N_("rule options and presets"),
}

RULES = [
    Rule(
        "deal.deal",
        N_("The deal"),
        N_(
            "The dealer deals the 52 cards one at a time, face down, clockwise starting with the "
            "player on the left, so everyone gets 13 (Law 6). Seats are North, East, South and West; "
            "North-South play against East-West."
        ),
    ),
    Rule(
        "deal.dealer",
        N_("The dealer rotates"),
        N_(
            "The first dealer is chosen by a random cut (the same every time with `--seed`). "
            "The deal passes clockwise after every hand, including a hand that is passed out (Law 17, rubber)."
        ),
    ),
    Rule(
        "auction.order",
        N_("Calling in turn"),
        N_(
            "The dealer calls first, then each player in clockwise rotation (Law 17). A call is a "
            "bid, pass, double or redouble. Nobody is ever forced to pass: you may always pass, bid "
            "higher, or double or redouble when Law 19 allows."
        ),
    ),
    Rule(
        "auction.bid",
        N_("What a bid is"),
        N_(
            "A bid names a number of odd tricks (tricks beyond six), 1 to 7, and a strain. The "
            "strains rank clubs, diamonds, hearts, spades, notrump, from lowest to highest (Law 18)."
        ),
    ),
    Rule(
        "auction.insufficient",
        N_("A bid must be sufficient"),
        N_(
            "Every bid must supersede the previous bid: it names more odd tricks, or the same number "
            "in a higher-ranking strain (clubs < diamonds < hearts < spades < notrump). 1S beats 1H; "
            "2C beats 1NT; 1C over 1C is insufficient (Law 18)."
        ),
    ),
    Rule(
        "auction.double-no-bid",
        N_("Double needs a bid"),
        N_("A double applies to the last bid; before anyone has bid there is nothing to double (Law 19A)."),
    ),
    Rule(
        "auction.double-partner",
        N_("Double only the opponents"),
        N_(
            "You may double only the last bid, only if an opponent made it, and only if nothing but "
            "passes has followed it (Law 19A). You cannot double your partner's bid or your own."
        ),
    ),
    Rule(
        "auction.double-twice",
        N_("One double per bid"),
        N_("A bid that is already doubled (or redoubled) cannot be doubled again; the doubled side may redouble (Law 19)."),
    ),
    Rule(
        "auction.redouble-no-double",
        N_("Redouble needs a double"),
        N_("A redouble applies to the last double, and only if nothing but passes has followed it (Law 19B)."),
    ),
    Rule(
        "auction.redouble-partner",
        N_("Redouble only your side's bid"),
        N_(
            "Only the side whose bid was doubled may redouble: the bidder, the bidder's partner "
            "(the future dummy too). You cannot redouble your own side's double (Law 19B)."
        ),
    ),
    Rule(
        "auction.redouble-twice",
        N_("One redouble"),
        N_("A redoubled bid cannot be doubled or redoubled again; a new bid is needed (Law 19)."),
    ),
    Rule(
        "auction.superseded",
        N_("A new bid cancels doubles"),
        N_(
            "Any legal bid supersedes an earlier double or redouble: the contract is doubled only if "
            "the final bid itself was doubled (Law 19C)."
        ),
    ),
    Rule(
        "auction.end",
        N_("The end of the auction"),
        N_(
            "The auction ends when three passes in rotation follow any call (a bid, double or "
            "redouble). The last bid, doubled or redoubled if so, becomes the contract (Law 17, 22)."
        ),
    ),
    Rule(
        "auction.passed-out",
        N_("A passed-out hand"),
        N_(
            "If all four players pass at their first turn, the hand is passed out: in rubber bridge "
            "the cards are thrown in, nobody scores, and the next player in rotation deals."
        ),
    ),
    Rule(
        "auction.over",
        N_("No calls after the auction"),
        N_("Once three passes have ended the auction no more calls can be made: the play begins (or the hand was passed out)."),
    ),
    Rule(
        "contract.declarer",
        N_("Declarer"),
        N_(
            "The declarer is the player who, for the side that made the final bid, first bid the "
            "strain of the contract (Definitions). After 1D P 1H P 2H P P P with North dealing, "
            "South bid hearts first, so South declares even though North made the final bid."
        ),
    ),
    Rule(
        "contract.dummy",
        N_("Dummy"),
        N_(
            "Declarer's partner is dummy. Right after the opening lead dummy's whole hand is spread "
            "face up on the table, and declarer plays both hands: when dummy's card is due, declarer "
            "chooses it (Law 41, 45). Dummy's cards are never hidden again."
        ),
    ),
    Rule(
        "contract.lead",
        N_("The opening lead"),
        N_("The player on declarer's left (the left-hand opponent) makes the opening lead, before dummy is seen (Law 41)."),
    ),
    Rule(
        "play.follow-suit",
        N_("Follow suit"),
        N_(
            "Each player must follow suit: play a card of the suit led if able. Playing another "
            "suit while holding the suit led is a revoke (Law 44C, 61). With no card of the suit "
            "led you may play any card: a trump (ruff) or a discard (Law 44E)."
        ),
    ),
    Rule(
        "play.trick",
        N_("Winning a trick"),
        N_(
            "A trick holding trumps is won by the highest trump; otherwise by the highest card of "
            "the suit led. Other suits never win. The winner leads to the next trick (Law 44)."
        ),
    ),
    Rule(
        "play.not-held",
        N_("Play from the right hand"),
        N_(
            "You can play only a card of the hand whose turn it is: your own, or dummy's when "
            "you are declarer and dummy is to play."
        ),
    ),
    Rule("play.auction-first", N_("Auction first"), N_("Cards are played only after the auction has produced a contract.")),
    Rule("play.over", N_("The hand is over"), N_("No more moves once the hand has ended.")),
    Rule(
        "claim.how",
        N_("Claims and concessions"),
        N_(
            "The player to play may claim: `claim 10` says your side will end the hand with 10 "
            "tricks in total (counting the tricks already won); claiming fewer concedes the rest. "
            "The claimer's hand is faced (Law 68). If the opponents accept, the play stops and the "
            "hand is scored with those tricks; if one rejects, play continues. A declarer's claim "
            "needs both defenders' agreement (Law 69); a defender's claim needs declarer's."
        ),
    ),
    Rule(
        "claim.range",
        N_("What can be claimed"),
        N_(
            "A claim states a total between the tricks your side has already won and that number "
            "plus the tricks still to be played."
        ),
    ),
    Rule(
        "claim.pending",
        N_("Answer the claim first"),
        N_("While a claim is pending the opponents answer it with `accept` or `reject`; nothing else can be played."),
    ),
    Rule(
        "claim.none", N_("Nothing to answer"), N_("`accept` and `reject` answer an opponent's claim; there is no claim pending.")
    ),
    Rule(
        "claim.not-now",
        N_("Claims are made in the play"),
        N_("Claims and concessions are made during the play of the cards, by the player whose turn it is."),
    ),
    Rule(
        "claim.after-reject",
        N_("After a rejected claim"),
        N_(
            "After a claim is rejected, the claimer's side plays on: it may claim again once another "
            "card has been played (cardcli's procedure, so that play always moves on)."
        ),
    ),
    Rule(
        "score.tricks",
        N_("Trick points (below the line)"),
        N_(
            "When a contract is made, declarer's side scores below the line for each odd trick "
            "bid: clubs and diamonds 20, hearts and spades 30, notrump 40 for the first and 30 for "
            "each later one. Doubled ×2, redoubled ×4. Only tricks bid count toward game "
            "(Law 72, 77)."
        ),
    ),
    Rule(
        "score.overtricks",
        N_("Overtricks"),
        N_(
            "Tricks beyond the contract score above the line: undoubled at trick value (20 in "
            "clubs/diamonds, 30 otherwise); doubled 100 each not vulnerable, 200 vulnerable; "
            "redoubled 200/400."
        ),
    ),
    Rule(
        "score.insult",
        N_("The insult"),
        N_(
            "Making a doubled contract scores 50 above the line; a redoubled one 100 (option "
            "`redoubled_insult`; older score cards say 50)."
        ),
    ),
    Rule(
        "score.slam",
        N_("Slam bonuses"),
        N_(
            "A small slam (6-level) bid and made scores 500 not vulnerable, 750 vulnerable; a grand "
            "slam (7-level) 1000 / 1500. Doubling does not change them."
        ),
    ),
    Rule(
        "score.undertricks",
        N_("Undertricks"),
        N_(
            "For each trick short of the contract the defenders score above the line. Not "
            "vulnerable: undoubled 50 each; doubled 100, 300, 500, 800 and 300 more for each further "
            "trick. Vulnerable: undoubled 100 each; doubled 200, 500, 800, 1100 and 300 more each. "
            "Redoubled: twice the doubled values."
        ),
    ),
    Rule(
        "score.honors",
        N_("Honors"),
        N_(
            "Whoever holds them scores honors above the line, made or not and whatever the doubling: "
            "four of the five trump honors (A K Q J 10) in one hand 100, all five 150; at notrump "
            "all four aces in one hand 150. Dummy's hand counts too."
        ),
    ),
    Rule(
        "score.game",
        N_("Games and part scores"),
        N_(
            "A side that reaches 100 trick points below the line, in one deal or by adding part "
            "scores, wins a game. A line is then drawn: both sides' part scores no longer count "
            "toward the next game, though they stay in the totals (Law 73). Overtricks, bonuses "
            "and penalties never count toward game."
        ),
    ),
    Rule(
        "score.vulnerable",
        N_("Vulnerability"),
        N_(
            "A side that has won a game is vulnerable for the rest of the rubber: its undertricks, "
            "doubled overtricks and slam bonuses are larger."
        ),
    ),
    Rule(
        "score.rubber",
        N_("The rubber bonus"),
        N_(
            "The rubber ends as soon as a side wins two games. It scores 700 if the opponents won "
            "no game, 500 if they won one (Law 74). There is no bonus per game. The side with the "
            "larger total (above plus below the line) wins the rubber."
        ),
    ),
    Rule(
        "score.unfinished",
        N_("An unfinished rubber"),
        N_(
            "When play stops before the rubber is over (`--hands`), a side with the only completed "
            "game scores 300, and a side that alone has a part score in the unfinished game scores "
            "100 (Law 80; options `unfinished_part_score` and `unfinished_part_score_rule`)."
        ),
    ),
    Rule(
        "score.input",
        N_("`cardcli score bridge`"),
        N_(
            "Type one deal per line, in the order played: CONTRACT DECLARER TRICKS, e.g. `4S S 10`, "
            "`3NTX E 7`, `6H N 12 honors NS 100`; `pass` for a passed-out hand. The contract may "
            "carry X or XX; TRICKS is the number declarer's side took (or `=`, `+1`, `-2` relative "
            "to the contract). Honors are `honors SIDE 100|150`. The deals are scored as a rubber, "
            "and an unfinished rubber is settled at the end."
        ),
    ),
    Rule(
        "bidding.system",
        N_("The system"),
        N_(
            "Bots bid a simplified Standard American (SAYC-lite): 5-card majors, 15-17 notrump, "
            "weak twos, strong 2C, Stayman and Jacoby transfers, limit raises, takeout and negative doubles, "
            "Blackwood. Every call has an explanation: `explain` shows the auction with meanings, "
            "`explain 1NT` says what a call would mean now, `hint` proposes a call with its reason."
        ),
    ),
    Rule(
        "bidding.meanings",
        N_("One meaning per call"),
        N_(
            "A call means one thing in a given auction, and every part of cardcli reads it the same way: "
            "`explain`, `hint` (which adds the facts of your hand that the meaning speaks of), the auction "
            "shown on the table, the notes of an exported PBN file, and the bots when they work out what "
            "the other hands hold."
        ),
    ),
    Rule(
        "bidding.doubles",
        N_("Takeout or penalty: the rule for doubles"),
        N_(
            "A double of notrump, or of a bid at the 4 level or higher, is for penalties. While your side "
            "has only passed, a double of their suit bid at the 1 to 3 level is for takeout: short in "
            "their suit, support for the others (also in the pass-out seat, where it may be lighter). "
            "When partner opened one of a suit and the opponents' only call is a suit overcall at the 1 or "
            "2 level (negative doubles through 2S), responder's double is negative: for takeout, showing "
            "the unbid major (or both minors when no major is unbid). When you opened and partner has only "
            "passed, your double of their suit at the 1 to 3 level is for takeout too: a strong hand that "
            "competes. Every other double is for penalties (there are no responsive doubles). Partner "
            "answers what the double means: a takeout double is answered in the best unbid suit (pass "
            "only with long, strong trumps), a negative double by showing the unbid major, notrump with a "
            "stopper or a long suit, jumping with 16-18 points, and never passed for want of a call; a "
            "penalty double is left in unless partner has a six-card suit and at most one card in theirs "
            "(against notrump: a six-card suit and at most 4 HCP), and runs to it. When the opponents double "
            "partner's 1NT, Stayman and the transfers stay on, a redouble shows 10+ HCP, and 2S is to play."
        ),
    ),
    Rule(
        "bidding.passed",
        N_("A passed hand"),
        N_(
            "A player who has only passed so far has denied an opening bid: at most 11 HCP. Responder's "
            "new suit is normally forcing for one round, but from a passed hand it is not, and opener may "
            "pass it with a minimum and three cards in the suit. Artificial bids (Stayman, transfers, cue "
            "bids) stay forcing."
        ),
    ),
    Rule(
        "bidding.points",
        N_("Counting points"),
        N_(
            "High-card points: ace 4, king 3, queen 2, jack 1 (40 in the pack). Openers add a point "
            "for each card beyond four in a suit; a raiser with trump support adds for shortness. "
            "About 25-26 together make a game in 3NT or a major, 29 in a minor, 33 a small slam, "
            "37 a grand."
        ),
    ),
    Rule(
        "bidding.rubber",
        N_("Bidding to the score"),
        N_(
            "With a part score, less is needed for game: with 60 below the line, 2H makes game. "
            "The bots stop bidding once the contract already completes the game, unless a slam is "
            "in view."
        ),
    ),
    Rule(
        "notation.calls",
        N_("Typing calls"),
        N_(
            "Bids are `1C` … `7N` (also `1nt`, `2♠`, `3 hearts`), pass is `P` or `pass`, double `X` "
            "or `dbl`, redouble `XX` or `rdbl`. Cards are `QS`, `Q♠`, `♠Q`, `10h` or `play QS` (the "
            "canonical form, because `2S` alone is the bid in a replay); typed at the table, `2S` means "
            "the bid in the auction and the card in the play. When only one legal card has that rank, "
            "the rank alone is enough (`Q`). "
            "`claim 9`, `accept`, `reject`."
        ),
    ),
    Rule(
        "bidding.raises",
        N_("Answering one of a suit"),
        N_(
            "After partner opens one of a suit: pass with 0-5 points. With three or more cards in partner's "
            "major, raise it: to the 2 level with 6-10 points (a simple raise), to the 3 level with 10-12 (a "
            "limit raise, which invites game); with 13 or more and four trumps, 2NT (Jacoby) forces to game. "
            "Without a fit, bid a four-card suit of your own at the 1 level with 6 or more points, or at the 2 "
            "level with 10 or more; 1NT shows 6-10 and no fit. A new suit by responder is forcing: opener must "
            "bid again."
        ),
    ),
    Rule(
        "bidding.rebids",
        N_("Opener's rebid"),
        N_(
            "Opener's second call says how strong the opening was. With 12-15 points (a minimum) opener raises "
            "responder's suit one level with four cards, rebids a six-card suit at the lowest level, bids 1NT "
            "when balanced (12-14) or a lower-ranking new suit. With 16-18 opener jumps: a jump raise, or a jump "
            "in the own six-card suit; 2NT shows 18-19 balanced. A reverse (a new suit at the 2 level higher "
            "than the first) shows 17 or more."
        ),
    ),
    Rule(
        "bidding.two-suited",
        N_("Two-suited overcalls: Michaels and the Unusual 2NT"),
        N_(
            "Straight over their opening of one of a suit, a cue bid of their suit and a jump to 2NT show "
            "two five-card suits. 2C over 1C and 2D over 1D: both majors. 2H over 1H: spades and a minor; "
            "2S over 1S: hearts and a minor. 2NT: the two lowest unbid suits (the minors over a major). "
            "The hand is weak (6-11 HCP) or strong (16+ HCP), never in between: with 12-15, overcall the "
            "higher suit. Partner picks one of the suits (a jump invites, game with 13+ points); after a "
            "major-suit cue bid without three cards in the major, 2NT asks for the minor."
        ),
    ),
    Rule(
        "bidding.overcalls",
        N_("Overcalls"),
        N_(
            "When the opponents open, you may bid a suit of your own: an overcall. At the 1 level it shows 8-16 "
            "points and a good suit of five or more cards; at the 2 level about 11 or more and a good five- or "
            "six-card suit. 1NT over their opening shows 15-18, balanced, with a sure trick in their suit. An "
            "overcall helps partner with the opening lead and can push the opponents too high; with a poor "
            "suit, pass (or double for takeout with support for the other suits)."
        ),
    ),
    Rule(
        "technique.sure-tricks",
        N_("Counting sure tricks"),
        N_(
            "Before playing to the first trick, declarer counts the sure tricks: winners that can be taken "
            "without giving up the lead (aces, then kings under aces, and so on). If they are enough, take "
            "them; if not, plan where the extra tricks can come from: a finesse, a long suit, or ruffs."
        ),
    ),
    Rule(
        "technique.finesse",
        N_("The finesse"),
        N_(
            "A finesse tries to win a trick with a card that is not the highest left, because the higher "
            "card lies with the opponent who must play before it. With the ace and queen of a suit (A Q) and "
            "the king still out, lead from the other hand towards the A Q: if the next player plays low, play "
            "the queen. It wins whenever that player, the one who plays just before the A Q, holds the king "
            "(about half the time); if the other opponent holds it, it plays after the queen and wins it, and "
            "cashing the ace first never makes the queen a winner while the king is guarded. Always lead "
            "towards the card you hope will win."
        ),
    ),
    Rule(
        "technique.long-suit",
        N_("Establishing a long suit"),
        N_(
            "The small cards of a long suit become winners once the opponents have no cards left in it. "
            "Count the opponents' cards in the suit; play it, giving up a trick if you must, early, while "
            "you still hold winners in the other suits to come back to the hand with the long cards (entries)."
        ),
    ),
    Rule(
        "technique.lead",
        N_("The opening lead"),
        N_(
            "Against notrump lead your longest suit, hoping to set up its small cards: fourth best (the fourth "
            "card from the top) or, holding three honours in a row such as K Q J, the top of the sequence. "
            "Against a suit contract, the top of a sequence is best; a singleton can win a ruff; avoid leading "
            "away from an ace, and never underlead an ace against a suit contract. With a card of partner's "
            "suit, lead it."
        ),
    ),
    Rule(
        "technique.defence",
        N_("Second hand low, third hand high"),
        N_(
            "In defence: when a small card is led, the second player usually plays low, keeping high cards to "
            "beat declarer's; the third player (partner of the leader) plays high, to win the trick or to force "
            "out a high card of declarer's, but only as high as needed (with K Q play the queen). Cover an honour "
            "with an honour: when declarer leads a queen or jack towards a higher card, play your king on it, "
            "so that two of their honours are spent for one of yours and your side's tens and nines gain."
        ),
    ),
    Rule(
        "turn.order",
        N_("Whose turn it is"),
        N_(
            "In the auction the dealer calls first, then each player in turn clockwise (Law 17). In "
            "the play, the player on declarer's left makes the opening lead, and then dummy's hand is "
            "laid face up (Law 41). Each trick is played clockwise from its lead, and the player who "
            "wins it leads to the next one (Law 44). Declarer plays both hands: when it is dummy's turn, "
            "declarer chooses dummy's card and dummy's owner does nothing."
        ),
    ),
    Rule(
        "turn.over",
        N_("Nobody to move"),
        N_("Nobody can move now: the hand or the rubber is over. Start the next hand, or a new match, to play on."),
    ),
    Rule(
        "options.presets",
        N_("Presets"),
        N_(
            "`rubber` (the default) is rubber bridge by the Laws: a redoubled contract's insult is "
            "100, and in an unfinished rubber a game scores 300 and a part score 100 when only one side "
            "has one. `old-card` uses values from older score cards: a redoubled contract's insult is "
            "50, and each side with a part score in an unfinished rubber gets 50. `deals` scores each "
            "deal on its own, as in duplicate boards, without honors. Single rules change with "
            "`--option KEY=VALUE`."
        ),
    ),
]

ALIASES = {
    "dummy": "contract",
    "declarer": "contract",
    "lead": "contract",
    "opening-lead": "contract",
    "bids": "auction",
    "double": "auction",
    "redouble": "auction",
    "trumps": "play",
    "trump": "play",
    "tricks": "play",
    "trick": "play",
    "follow": "play",
    "scoring": "score",
    "rubber": "score",
    "vulnerability": "score",
    "game": "score",
    "concede": "claim",
    "concession": "claim",
    "system": "bidding",
    "sayc": "bidding",
    "finesse": "technique",
    "dealer": "deal",
}
"""Other names for the topics, as a player might look them up."""

RULEBOOK = Rulebook("bridge", INTRO, RULES, TOPICS, ALIASES)
