"""Read-only REPL commands of eleusis: `guess` tests a hypothesis, `fair` tests a rule.

Both get only the seat's view. `guess` replays the public history under the
player's rule — each hypothesis has its own modes, driven by the public
mainline — and reports the first verdict it contradicts. It never looks at the
secret rule, so it can reveal nothing.
"""

from __future__ import annotations

from cardcli.games.eleusis.fairness import fairness_of
from cardcli.games.eleusis.language import RuleError, canonical, compile_text
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.library import BY_ID
from cardcli.games.eleusis.view import EleusisView
from cardcli.i18n import _, ngettext


def _rule_arg(args: str) -> str:
    text = args.strip()
    if text.lower().startswith("rule "):
        text = text[5:].strip()
    return BY_ID[text].text if text in BY_ID else text


def check_hypothesis(view: EleusisView, text: str) -> tuple[bool, str]:
    """(consistent, explanation) of the rule ``text`` against the view's plays; raises RuleError."""
    rule = compile_text(canonical(text))
    if not view.attempts:
        return True, _("nothing has been played yet: any rule fits")
    state = rule.start(D.INDEX[view.starter])
    ml = view.mainline
    for n, a in enumerate(view.attempts, 1):
        says = rule.accepts(state, D.INDEX[a.card])
        if says != a.accepted:
            after = " ".join(ml[max(0, a.pos - 3) : a.pos])
            verdict = _("right") if a.accepted else _("wrong")
            mine = _("accepts") if says else _("rejects")
            return False, _(
                "refuted by play {n}: {who} played {card} after {after}; your rule {mine} it, but it was {verdict}"
            ).format(n=n, who=view.names[a.seat], card=a.card, after=after, mine=mine, verdict=verdict)
        if a.accepted:
            state = rule.step(state, D.INDEX[a.card])
    right = sum(1 for a in view.attempts if a.accepted)
    return True, ngettext(
        "consistent: your rule agrees with the {n} play so far ({r} right, {w} wrong)",
        "consistent: your rule agrees with all {n} plays so far ({r} right, {w} wrong)",
        len(view.attempts),
    ).format(n=len(view.attempts), r=right, w=len(view.attempts) - right)


def guess_command(view: EleusisView, args: str) -> list[str]:
    text = _rule_arg(args)
    if not text:
        return [_("usage: guess RULE, e.g. `guess accept: color(c) != color(p1)`")]
    try:
        _ok, msg = check_hypothesis(view, text)
    except RuleError as err:
        return [_("that rule cannot be read: {why} [rule {id}]").format(why=err.one_line(), id=err.rule_id)]
    return [msg]


def fair_command(view: EleusisView, args: str) -> list[str]:
    text = _rule_arg(args)
    if not text:
        return [_("usage: fair RULE, e.g. `fair accept: rank(c) > rank(p1)`")]
    try:
        canon = canonical(text)
        f = fairness_of(canon)
    except RuleError as err:
        return [_("that rule cannot be used: {why} [rule {id}]").format(why=err.one_line(), id=err.rule_id)]
    if not f.ok:
        return [_("refused: {why} [rule rule.fifth]").format(why=f.reason())]
    out = [_("fair: {summary}").format(summary=f.summary()), _("canonical form: {text}").format(text=canon)]
    if f.minimum >= 40:
        out.append(_("note: so many cards are always right that the rule will be hard to discover"))
    return out
