"""A replay stepped from its start one action at a time through the Session's own actions
(no playback, no kept states): the yardstick the replay open and the seek are held to."""

from __future__ import annotations

import json
from typing import Any

from club.bridge import Bridge
from club.recording import PASSIVE
from club.replay import parse_code


def every_step_in_order(game: str, code: str) -> list[tuple[Any, list[Any]]]:
    """The view and events of each step, every state kept: how a replay was stepped before checkpoints."""
    replay = parse_code(code, game)
    shown = Bridge().session(f"{game}/replay")
    player = type(shown)()
    player.replay_begin(replay.start)
    steps, events = [player.state], [[]]
    pending: list[Any] = []
    for method, payload in replay.actions:
        pending += getattr(player, method)(payload).get("events") or []
        if method not in PASSIVE or pending:
            steps.append(player.state)
            events.append(pending)
            pending = []
    if steps[-1] is not player.state:
        steps.append(player.state)
        events.append([])
    return json.loads(json.dumps([(shown.describe(state), step_events)  # as the bridge sends them
                                  for state, step_events in zip(steps, events, strict=True)]))
