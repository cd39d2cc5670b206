"""Hex Merge (spec ``merge.md``, M1-M17): merge three equal numbers on 37 hexes.

Modules, one concept each:

- ``board``: the 37 cells as indices in reading order, neighbour and distance
  tables (M1), the cell values ``EMPTY`` and ``JOKER``;
- ``pieces``: singles, pairs and jokers, their text, and dealing (M2-M3);
- ``groups``: v-groups, pure joker groups, target cells, points and chains
  (M7-M10);
- ``rules``: the ``Round`` state, placing, turns and game over (M4-M6, M11,
  M17);
- ``notation``: the position text (M16) and the action grammar (M17);
- ``saves``: the JSON save of a whole round and the slot export code (M15);
- ``profile``: best scores and settings (M14);
- ``conform``, ``api``, ``bench``: conformance runner, page session, latency.
"""
