"""Library rules are named by what they say; the classic rules' former names (``seed-1`` … ``seed-7``,
the pool ``seed``, the preset ``seed-rules``) are never shown but still read, so nothing recorded
under them breaks."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.options import build_config
from cardcli.engine.registry import load
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.library import BY_ID, LIBRARY, OLD_IDS, pool

GAME = load("eleusis")

# Share codes made before the rename: a game under the preset `seed-rules`, and one with `rules=seed-5`.
OLD_CODES = [
    "cc1-SvXI5-yfp2VsZXVzaXOqc2VlZC1ydWxlc4ADAJMBAQHAoTPOaw9Y5AEAxANlnUaRlMM0xBcADaugwkPz3jAmo-tgCciMla3gmK1-65DAkA",
    "cc1-TXbBbE2fp2VsZXVzaXOggaVydWxlc6ZzZWVkLTUDAJMBAQHAoTTOaw9Y5AEAxAOwUj6RlMM0xBcAD26gWWVote3NZhlEEwG7W9XdTAgv4pDAkA",
]


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args))
    return res.exit_code, res.output


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("seed-1", "alternate-colours", "accept: color(c) != color(p1)"),
        ("seed-4", "colour-or-rank", "accept: color(c) == color(p1) or rank(c) == rank(p1)"),
        ("seed-6", "sevens-switch", "on rank(c) == 7: next"),
        ("seed-7", "odd-black-even-red", "accept: if odd(p1) then suit(c) in {S, C} else suit(c) in {H, D}"),
    ],
)
def test_a_former_id_names_the_same_rule(old: str, new: str, says: str) -> None:
    assert OLD_IDS[old] == new and BY_ID[old] is BY_ID[new] and says in BY_ID[new].text
    assert mv.parse_move(f"rule {old}") == mv.parse_move(f"rule {new}") == mv.SetRule(BY_ID[new].text)


def test_the_classic_pool_by_either_name_in_the_same_order() -> None:
    """A bot dealer draws by index from the pool: the same order keeps old replays drawing the same rule."""
    assert pool("seed") == pool("classic") == tuple(BY_ID[f"seed-{n}"] for n in range(1, 8))
    assert [r.id for r in LIBRARY if r.classic] == list(OLD_IDS.values())


def test_former_options_and_presets_still_build_and_are_never_listed() -> None:
    for options in ({"rules": "seed-4"}, {"rules": "seed"}, {"rules": "colour-or-rank"}, {"rules": "classic"}):
        assert GAME.check_setup(build_config(GAME, None, options), 4) is None
    assert build_config(GAME, "seed-rules", {}).rules == "seed"  # exactly as it was: a share code's digest covers it
    assert build_config(GAME, "classic-rules", {}).rules == "classic"
    assert list(GAME.presets) == ["standard", "classic-rules", "short"]
    for args in (
        ("games",),
        ("rules", "eleusis", "options"),
        ("rules", "eleusis", "library"),
        ("rules", "eleusis", "language"),
        ("rules", "eleusis"),
        ("rules", "eleusis", "presets"),
    ):
        code, out = run(*args)
        assert code == 0 and "seed-" not in out and "rules=seed" not in out, (args, out)


@pytest.mark.parametrize("code", OLD_CODES)
def test_share_codes_made_under_the_former_names_still_verify(code: str) -> None:
    status, out = run("replay", "verify", code)
    assert status == 0 and ": OK (eleusis" in out, out


def test_a_game_under_the_former_preset_plays() -> None:
    status, out = run(
        "play", "eleusis", "--preset", "seed-rules", "--bots", "all", "--seed", "5", "--players", "3", "--hands", "1", "--fast"
    )
    classic = {r.text for r in LIBRARY if r.classic}
    rule = next(line.split("The rule was: ", 1)[1].split("  (")[0] for line in out.splitlines() if "The rule was:" in line)
    assert status == 0 and rule in classic, out
