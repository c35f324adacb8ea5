"""Small terminal charts: a sparkline for a score over time, a bar for a rate.

Unicode block characters when the terminal can show them, ASCII otherwise
(``--charset ascii``, ``TERM=dumb``, an output encoding without them). A chart
only repeats what the numbers beside it say, so nothing is lost without it.
"""

from __future__ import annotations

from collections.abc import Sequence

BLOCKS = "▁▂▃▄▅▆▇█"
ASCII_LEVELS = "_.-=+*#@"


def sparkline(values: Sequence[float], charset: str = "unicode", low: float | None = None, high: float | None = None) -> str:
    """One character per value; ``low``/``high`` fix the scale (to compare several lines)."""
    if not values:
        return ""
    levels = BLOCKS if charset == "unicode" else ASCII_LEVELS
    lo = min(values) if low is None else low
    hi = max(values) if high is None else high
    if hi <= lo:
        return levels[len(levels) // 2] * len(values)
    out = []
    for v in values:
        i = round((float(v) - lo) / (hi - lo) * (len(levels) - 1))
        out.append(levels[max(0, min(len(levels) - 1, i))])
    return "".join(out)


def bar(fraction: float, width: int = 20, charset: str = "unicode") -> str:
    """A horizontal bar ``width`` characters long, filled to ``fraction`` (0 to 1)."""
    fraction = max(0.0, min(1.0, fraction))
    if charset != "unicode":
        filled = round(fraction * width)
        return "[" + "#" * filled + "." * (width - filled) + "]"
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    partial = " ▏▎▍▌▋▊▉"[part] if part else ""
    return "▕" + ("█" * full + partial).ljust(width) + "▏"
