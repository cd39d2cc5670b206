"""The Daily Club's record service: streaks, stats and kept replays.

The bridge routes the name ``"club"`` to ``club.daily.api.Session``. Every
method is pure: stored text and the time (``now``, ms since the epoch, UTC)
in, new text and an answer out; corrupt text raises ``NotationError``.

- ``record``: the one club record (counted dailies, last runs, bests, streaks);
- ``stats``: streaks, the distribution of daily scores, the home and stats answers;
- ``replays``: the replay codes kept per game;
- ``clock``: which date a ``now`` is, and whether the Club believes it (an impossible clock);
- ``repair``: a record that does not load, with what still reads kept;
- ``api``: the service the page calls; ``views``: the shapes of its answers.
- ``grid``: the share grid, a run's key moments as emoji squares (its ``finished`` event).
"""
