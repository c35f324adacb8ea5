"""Resolving typed moves (invalid / illegal / ambiguous), the registry and config building."""

from __future__ import annotations

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.notation import resolve
from cardcli.engine.options import ConfigError, build_config
from cardcli.engine.registry import UnknownGame, canonical_name, load
from cardcli.engine.verdict import AmbiguousMove, IllegalMove, InvalidMove


@pytest.fixture()
def rummy_state():  # type: ignore[no-untyped-def]
    g = load("rummy")
    cfg = g.presets["standard"]
    st = g.new_match(cfg, 2, 0)
    g.start_hand(st, shuffled_deck(g.deck(cfg, 2), 7, 1))
    return g, st


def test_three_failure_modes(rummy_state) -> None:  # type: ignore[no-untyped-def]
    g, st = rummy_state
    with pytest.raises(InvalidMove):
        resolve(g, st, "fly away")
    with pytest.raises(IllegalMove) as err:
        resolve(g, st, "discard " + st.hands[st.turn][0])
    assert err.value.rule == "turn.draw-first"
    g.apply(st, g.parse_move("draw stock"))
    hand = st.hands[st.turn]
    assert resolve(g, st, hand[0].lower()) == g.parse_move(f"discard {hand[0]}")  # lone card = discard
    with pytest.raises(AmbiguousMove) as amb:
        resolve(g, st, "dis")
    assert len(amb.value.candidates) == len(set(hand))


def test_friendly_forms_resolve(rummy_state) -> None:  # type: ignore[no-untyped-def]
    g, st = rummy_state
    assert g.format_move(resolve(g, st, "d")) == "draw stock"
    assert g.format_move(resolve(g, st, "take")) == "draw discard"
    assert g.format_move(resolve(g, st, "DRAW STOCK")) == "draw stock"


def test_registry_aliases_and_unknown() -> None:
    assert canonical_name("Ramino") == "rummy"
    assert canonical_name(" RUMMY ") == "rummy"
    with pytest.raises(UnknownGame) as err:
        canonical_name("poker")
    assert "poker" in str(err.value) and "rummy" in str(err.value)


def test_build_config_presets_and_options() -> None:
    g = load("rummy")
    c = build_config(g, "pagat", {"target": "150", "rummy-doubles": "yes"})
    assert c.target == 150 and c.rummy_doubles is True and c.one_meld_per_turn is True
    with pytest.raises(ConfigError, match="no preset"):
        build_config(g, "nope", {})
    with pytest.raises(ConfigError, match="no option"):
        build_config(g, None, {"colour": "red"})
    with pytest.raises(ConfigError, match="true or false"):
        build_config(g, None, {"rummy_doubles": "maybe"})
    with pytest.raises(ConfigError, match="bad option value"):
        build_config(g, None, {"ace": "sideways"})
    with pytest.raises(ConfigError, match="bad option value"):
        build_config(g, None, {"target": "lots"})


def test_options_are_described() -> None:
    g = load("rummy")
    opts = {o.name: o for o in g.options()}
    assert set(opts["ace"].type.split("|")) == {"low", "high-or-low", "wrap"}
    assert opts["rummy_doubles"].type == "bool" and opts["rummy_doubles"].default is True
    assert all(o.help for o in opts.values())
