"""The share grid: a run's key moments as emoji squares, the Daily Club's
picture of a run (the end card shares it with the score and the link).

Each game says how big a moment an action's events are (``Session.moment``:
0 none, 1-5); the recording keeps the levels (``club.recording.Log.moments``)
and the ``finished`` event carries them drawn here.
"""

from __future__ import annotations

#: The share grid's squares by a moment's level.
LEVELS = ("", "🟨", "🟧", "🟥", "🟪", "👑")
#: The most squares drawn, and the squares per line.
GRID_SIZE, GRID_WIDTH = 50, 10


def grid(moments: list[int]) -> str:
    r"""The share grid of a run's key moments: the biggest 50, in the order they
    came, in lines of 10.

    >>> grid([1, 2, 5])
    '🟨🟧👑'
    >>> grid([1] * 60 + [3]).split("\n")[-1]
    '🟨🟨🟨🟨🟨🟨🟨🟨🟨🟥'
    >>> grid([])
    ''
    """
    if len(moments) > GRID_SIZE:
        ranked = sorted(range(len(moments)), key=lambda i: (-moments[i], -i))[:GRID_SIZE]
        moments = [moments[i] for i in sorted(ranked)]
    squares = [LEVELS[level] for level in moments]
    return "\n".join("".join(squares[i:i + GRID_WIDTH]) for i in range(0, len(squares), GRID_WIDTH))
