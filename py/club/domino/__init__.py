"""Domino Drop: dominoes fall into a well; equal halves cancel (spec D1-D20).

Modules, one concept each:

- ``tiles``: the two sets (D2) and the four orientations (D3);
- ``well``: the grid of resting halves and its notation field (D1, D19);
- ``resolve``: settling, matching and cascades of a turn (D9-D13);
- ``falling``: the falling tile's moves, rotations and landing row (D5);
- ``rules``: the run: spawn, gravity, lock delay, scores, sets, the end
  (D4, D6-D8, D13-D17);
- ``notation``: the position text ``well max power`` (D19);
- ``saves``: the JSON save of a whole run; ``profile``: the player's
  records (D18);
- ``views``: the typed view and frame answers the page receives;
- ``conform``: the conformance actions (D20); ``api``: the page's Session on
  ``club.session``; ``bench``: latency workloads.
"""
