"""6E Club: four hex and tile puzzle games whose rules run in pure Python.

One package per game (``blocks``, ``domino``, ``merge``, ``bowls``) plus the
shared pieces they stand on: ``hexgrid`` (axial geometry), ``rng`` (the one
seeded PRNG), ``errors`` (the notation error type) and ``save`` (the versioned
save envelope).
"""

GAMES = ("blocks", "domino", "merge", "bowls")
