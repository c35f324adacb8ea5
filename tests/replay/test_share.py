"""Share codes: every shipped replay (and each of its hands) round-trips; corrupt or cut codes get one line."""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcli.cli import cli
from cardcli.engine.options import config_from_builtins
from cardcli.engine.registry import load
from cardcli.replay.io import ReplayError, read
from cardcli.replay.model import Replay
from cardcli.replay.share import ShareError, decode, encode, looks_like_code

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "replays").glob("*/*.cardcli.json"))
SMALL_SLAM = ROOT / "replays" / "bridge" / "small-slam.cardcli.json"


def log(replay: Replay) -> list[tuple[int, list[str], list[tuple[int, str]]]]:
    return [(h.dealer, list(h.deck), [(m.seat, m.move) for m in h.moves]) for h in replay.hands]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name + "/" + p.name)
def test_every_shipped_replay_round_trips(path: Path) -> None:
    replay = read(path)
    code = encode(replay)
    assert code.startswith("cc1-") and looks_like_code(code)
    back = decode(code)
    assert (back.game, back.preset, back.players, back.first_dealer, back.seed) == (
        replay.game,
        replay.preset,
        replay.players,
        replay.first_dealer,
        replay.seed,
    )
    game = load(replay.game)
    assert config_from_builtins(game, back.config) == config_from_builtins(game, replay.config)
    assert log(back) == log(replay)
    assert back.seats == replay.seats and back.started == replay.started and back.hands_limit == replay.hands_limit
    assert back.result == replay.result and [h.result for h in back.hands] == [h.result for h in replay.hands]
    for n, hand in enumerate(replay.hands, 1):
        one = decode(encode(replay, n))
        assert (one.hands[-1].deck, one.hands[-1].moves) == (hand.deck, [type(m)(m.seat, m.move, m.secret) for m in hand.moves])
        assert one.hands[-1].dealer == hand.dealer


def test_code_lengths() -> None:
    """Bridge deals with auction and play are well under 200 characters (printed with -s)."""
    bridge = [len(encode(read(p), n)) for p in FILES if p.parent.name == "bridge" for n in range(1, len(read(p).hands) + 1)]
    burraco = [len(encode(read(p), n)) for p in FILES if p.parent.name == "burraco" for n in range(1, len(read(p).hands) + 1)]
    print(
        f"\nshare code length: bridge deal median {statistics.median(bridge)} max {max(bridge)}; "
        f"burraco hand median {statistics.median(burraco)}"
    )
    assert max(bridge) < 200
    # a hand-made deal (no seed: the deck is spelt out) still fits
    replay = read(SMALL_SLAM)
    unseeded = Replay(**{f: getattr(replay, f) for f in replay.__struct_fields__} | {"seed": None})
    code = encode(unseeded)
    assert decode(code).hands[0].deck == replay.hands[0].deck and len(code) < 200


@pytest.fixture(scope="module")
def code() -> str:
    return encode(read(SMALL_SLAM))


def one_line_refusal(text: str) -> str:
    with pytest.raises(ShareError) as info:
        decode(text)
    msg = str(info.value)
    assert msg and "\n" not in msg
    return msg


def test_every_truncation_is_refused(code: str) -> None:
    for n in range(len(code)):
        one_line_refusal(code[:n])
    assert "truncated" in one_line_refusal(code[:-8])


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ "


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_single_character_change_is_refused(code: str, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(code) - 1))
    c = data.draw(st.sampled_from(ALPHABET).filter(lambda ch: ch != code[i]))
    if c == " " or (i == len(code) - 1 and c in "=") or c == code[i]:
        return  # spaces are ignored; not a change
    one_line_refusal(code[:i] + c + code[i + 1 :])


def test_exhaustively_every_single_substitution_in_the_alphabet(code: str) -> None:
    b64 = ALPHABET[:64]
    for i in range(4, len(code)):
        for c in b64:
            if c != code[i]:
                one_line_refusal(code[:i] + c + code[i + 1 :])


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("xx1-AAAA", "not a cardcli share code"),
        ("cc9-AAAA", "newer cardcli"),
        ("cc0-AAAA", "unknown version"),
        ("cc1-", "truncated"),
        ("cc1-AB*C", "cannot be part"),
        ("cc1-" + "A" * 300_000, "too long"),
    ],
)
def test_named_problems(text: str, word: str) -> None:
    assert word in one_line_refusal(text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bodies_never_crash_or_hang(body: bytes) -> None:
    import base64

    text = "cc1-" + base64.urlsafe_b64encode(body).decode().rstrip("=")
    t0 = time.process_time()
    with pytest.raises(ReplayError):
        decode(text)
    assert time.process_time() - t0 < 2


def test_cli_share_then_show_verify_view_import(tmp_path: Path, code: str) -> None:
    runner = CliRunner()
    got = runner.invoke(cli, ["share", str(SMALL_SLAM), "-q"])
    assert got.exit_code == 0 and got.output.strip() == code
    assert runner.invoke(cli, ["replay", "verify", code]).exit_code == 0
    shown = runner.invoke(cli, ["replay", "show", code])
    direct = runner.invoke(cli, ["replay", "show", str(SMALL_SLAM)])
    assert shown.exit_code == 0 and direct.exit_code == 0

    # the code shows the same game as the file: the deal and every move, in order
    def moves(output: str) -> list[str]:
        return [ln for ln in output.splitlines() if ln.startswith("Hand ") or re.match(r"^ +\d+\. ", ln)]

    assert len(moves(direct.output)) == 1 + 63 and moves(shown.output) == moves(direct.output)
    titled = runner.invoke(cli, ["share", str(SMALL_SLAM), "--notes", "-q"]).output.strip()
    assert "6H made: 2NT, Stayman, a slam bid directly" in runner.invoke(cli, ["replay", "show", titled]).output
    assert runner.invoke(cli, ["replay", "view", code], input="quit\n").exit_code == 0
    out = tmp_path / "g.cardcli.json"
    assert runner.invoke(cli, ["replay", "import", code, "-o", str(out)]).exit_code == 0
    assert log(read(out)) == log(read(SMALL_SLAM))
    hand = runner.invoke(cli, ["share", str(ROOT / "replays/bridge/rubber-seed-11.cardcli.json"), "--hand", "3", "-q"])
    assert hand.exit_code == 0 and len(hand.output.strip()) < 200
    bad = runner.invoke(cli, ["replay", "show", code[:-3]])
    assert bad.exit_code == 1 and len(bad.output.strip().splitlines()) == 1 and "Traceback" not in bad.output
    assert runner.invoke(cli, ["replay", "verify", code[:40]]).exit_code == 1
    assert runner.invoke(cli, ["share", str(SMALL_SLAM), "--hand", "5"]).exit_code == 1


def _with_notes() -> Replay:
    from cardcli.replay.model import Annotation

    replay = read(ROOT / "replays" / "bridge" / "rubber-seed-11.cardcli.json")
    notes = [
        Annotation(hand=0, ply=0, kind="note", text="club night, table 3"),
        Annotation(hand=1, ply=5, kind="note", text="1NT: 15-17"),
        Annotation(hand=1, ply=6, kind="hint", text="2C"),
        Annotation(hand=2, ply=1, kind="tutor", text="lead the king"),
    ]
    return Replay(**{f: getattr(replay, f) for f in replay.__struct_fields__} | {"title": "Making game", "annotations": notes})


def test_notes_carry_the_title_and_the_comments_only() -> None:
    replay = _with_notes()
    assert len(replay.hands) >= 2
    bare, full = encode(replay), encode(replay, notes=True)
    assert decode(bare).title is None and decode(bare).annotations == []
    back = decode(full)
    assert back.title == "Making game" and len(full) > len(bare)
    assert [(a.hand, a.ply, a.kind, a.text) for a in back.annotations] == [
        (0, 0, "note", "club night, table 3"),
        (1, 5, "note", "1NT: 15-17"),
        (2, 1, "tutor", "lead the king"),
    ]
    # hand 2 shared alone: its comment becomes hand 1's, the match's own note stays, hand 1's goes
    alone = decode(encode(replay, 2, notes=True))
    kept = [(a.hand, a.ply, a.text) for a in alone.annotations]
    assert (1, 1, "lead the king") in kept and (0, 0, "club night, table 3") in kept
    assert all(a.text != "1NT: 15-17" for a in alone.annotations)


def test_a_note_outside_the_match_is_refused() -> None:
    import msgspec as ms

    from cardcli.replay import share as codes
    from tests.fuzz.strategies import wrap_share_payload

    payload = ms.msgpack.decode(codes._unwrap(encode(_with_notes(), notes=True)))
    payload[-1][1][0] = 99  # the second note: hand 99
    with pytest.raises(ShareError, match="a note at hand 99, move 5 is outside the match"):
        decode(wrap_share_payload(ms.msgpack.encode(payload)))


def test_share_says_what_stays_behind(tmp_path: Path) -> None:
    from cardcli.replay.io import write

    path = tmp_path / "n.cardcli.json"
    write(path, _with_notes())
    run = CliRunner().invoke(cli, ["share", str(path)])
    assert run.exit_code == 0 and "The title and 3 comments are not in the code; `--notes` adds them." in run.stderr
    run = CliRunner().invoke(cli, ["share", str(path), "--notes"])
    assert run.exit_code == 0 and "--notes" not in run.stderr
    assert decode(run.stdout.strip()).title == "Making game"


def test_one_board_of_a_216_board_event_is_a_short_code_of_that_board_alone(tmp_path: Path) -> None:
    event = ROOT / "tests" / "data" / "pbn" / "club-pairs-216.pbn"
    imported = tmp_path / "event.cardcli.json"
    assert CliRunner().invoke(cli, ["replay", "import", str(event), "-o", str(imported)]).exit_code == 0
    replay = read(imported)
    assert len(replay.hands) == 216
    schedule = replay.config["deals"].split()
    for hand in (3, 50, 200, 216):
        res = CliRunner().invoke(cli, ["share", str(imported), "--hand", str(hand), "-q"])
        code = res.output.strip()
        assert res.exit_code == 0 and len(code) < 200, (hand, len(code))
        back = decode(code)
        assert len(back.hands) == 1 and back.config["deals"] == schedule[hand - 1]  # its own dealer:vulnerability
        assert back.hands[0].deck == replay.hands[hand - 1].deck and back.first_dealer == replay.hands[hand - 1].dealer
        assert [m.move for m in back.hands[0].moves] == [m.move for m in replay.hands[hand - 1].moves]


def test_a_burraco_code_given_out_before_the_other_spellings_were_listed_still_reads() -> None:
    """Made by cardcli before burraco's legal list held several cards attached at once, `wild=` and
    `close`: a code numbers only the plain moves (Game.coded_moves), so codes already shared still decode."""
    old = "cc1-TCQi2SGfp2J1cnJhY2-ggAQClAEBAQHAonI1zmsML38BAMQDjkQVkZTDacQhAG6Tuo8FHlMSGdsr_mgAieFv6TOo_urill9aymALtfs6kMCQ"
    from cardcli.replay.io import read

    shipped = read(ROOT / "replays" / "burraco" / "close-with-clean-burraco.cardcli.json")
    decoded = decode(old)
    assert [[m.move for m in h.moves] for h in decoded.hands] == [[m.move for m in h.moves] for h in shipped.hands]
    again = (
        CliRunner()
        .invoke(cli, ["share", str(ROOT / "replays" / "burraco" / "close-with-clean-burraco.cardcli.json"), "-q"])
        .output.strip()
    )
    assert again == old
