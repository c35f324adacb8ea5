"""A share code's wrapper, refused word for word: its length, prefix, version, alphabet, base64, length
field and checksum each say what is wrong in one line, with the numbers a person needs to find the
mistake (which character, how many were expected). Found by mutation testing: a pattern match let a
lost number or a changed word pass."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from cardcli.replay.io import read
from cardcli.replay.share import MAX_CHARS, ShareError, decode, encode
from tests.replay.test_share_mutants import _raw

ROOT = Path(__file__).resolve().parents[2]
RUMMY = ROOT / "replays" / "rummy" / "pagat-basic-vs-random.cardcli.json"


def _refusal(text: str) -> str:
    with pytest.raises(ShareError) as refused:
        decode(text)
    return str(refused.value)


def _other(char: str) -> str:
    return "A" if char != "A" else "B"


CODE = encode(read(RUMMY))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("hello", "not a cardcli share code (codes start with cc1-)"),
        ("cc-AAAA", "not a cardcli share code (codes start with cc1-)"),
        ("cc2-AAAA", "share code version 2 was made by a newer cardcli (this one reads version 1); please upgrade cardcli"),
        ("cc17-AAAA", "share code version 17 was made by a newer cardcli (this one reads version 1); please upgrade cardcli"),
        ("cc0-AAAA", "share code: unknown version 0"),
        ("cc1-AB$C", "share code: '$' (character 7) cannot be part of a code (letters, digits, - and _ only)"),
        ("cc1-ABCDEFGH.", "share code: '.' (character 13) cannot be part of a code (letters, digits, - and _ only)"),
        ("cc1-", "share code: truncated"),
        ("cc1-" + base64.urlsafe_b64encode(b"\xff" * 3).decode(), "share code: truncated"),
        ("cc1-" + base64.urlsafe_b64encode(b"\xff" * 6).decode(), "share code: bad checksum (mistyped)"),
        (CODE[:-1], "share code: truncated (127 of 128 characters after cc1-)"),
        (CODE[:10], "share code: truncated (6 of 128 characters after cc1-)"),
        (CODE + "A", "share code: bad checksum (mistyped, or extra characters at the end)"),
        (CODE + "AB", "share code: bad checksum (mistyped, or extra characters at the end)"),
        (CODE[:20] + _other(CODE[20]) + CODE[21:], "share code: bad checksum (a character is mistyped)"),
    ],
)
def test_a_bad_wrapper_is_refused_in_one_exact_line(text: str, said: str) -> None:
    assert len(CODE) == 132  # the figures above are this code's
    assert _refusal(text) == said


def test_the_length_limit_counts_the_code_without_its_spaces() -> None:
    long = "cc1-" + "A" * (MAX_CHARS - 3)
    assert _refusal(long) == f"share code: too long ({MAX_CHARS + 1} characters) to be a cardcli share code"
    at_limit = "cc1-" + "A" * (MAX_CHARS - 4)  # as long as a code may be: refused for what it holds
    assert "too long" not in _refusal(at_limit)
    spaced = "cc1-" + " A" * (MAX_CHARS - 4)  # the spaces a mail program adds do not count
    assert "too long" not in _refusal(spaced)


def test_a_code_broken_across_lines_and_spaces_reads_as_the_code() -> None:
    replay = decode(CODE)
    broken = "\n".join(CODE[i : i + 20] for i in range(0, len(CODE), 20))
    assert decode(broken) == replay
    assert decode("  " + " ".join(CODE[i : i + 7] for i in range(0, len(CODE), 7)) + "\t\n") == replay


@pytest.mark.parametrize("size", [2, 3, 5, 6])
def test_a_last_character_with_stray_low_bits_is_named(size: int) -> None:
    """The last character of a code whose bytes do not fill its group carries unused bits: a mistyped
    one that decodes to the same bytes is caught by writing the bytes back, and named by position."""
    code = _raw(b"x" * size)
    body = code[4:]
    assert len(body) % 4 in (2, 3)  # the bytes (5 of length and checksum, then these) leave a group unfilled
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(code[-1])
    unused = 4 if len(body) % 4 == 2 else 2  # bits of the last character no byte uses
    stray = code[:-1] + alphabet[last | 1]
    assert last % (1 << unused) == 0 and stray != code
    assert _refusal(stray) == f"share code: bad checksum (character {len(code)} is mistyped)"


def test_one_character_past_a_group_of_four_cannot_end_a_code() -> None:
    code = _raw(b"y" * 5)
    assert len(code[4:]) % 4 != 1
    assert _refusal(code + "A") == "share code: bad checksum (mistyped, or extra characters at the end)"
    with pytest.raises(ShareError, match="^share code: unreadable contents"):
        decode(code)  # its wrapper is right: what it holds is not a match
