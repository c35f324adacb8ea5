"""Counts that can be one read as one: "stock 1 card", "the auction has 1 call", "1 move" (ngettext)."""

from __future__ import annotations

import dataclasses

from cardcli.session import Session


def test_rummy_stock_of_one_card() -> None:
    s = Session.new("rummy", seed="7", human_seats=(0,), hands_limit=1)
    view = s.view(0)
    head = "".join(t for _s, t in s.game.render(dataclasses.replace(view, stock_size=1), "ascii")[0])
    assert "stock 1 card" in head and "1 cards" not in head
    head = "".join(t for _s, t in s.game.render(dataclasses.replace(view, stock_size=2), "ascii")[0])
    assert "stock 2 cards" in head


def test_an_auction_of_one_call() -> None:
    from cardcli.games.bridge.commands import explain

    s = Session.new("bridge", seed="5", human_seats=(), hands_limit=1)
    s.deal_if_needed()
    s.play(s.bot_move())  # the dealer's call
    one = s.view(0)
    assert len(one.calls) == 1
    assert explain(one, "5") == ["there is no call 5 (the auction has 1 call)"]
