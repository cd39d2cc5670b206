"""PyScript entry point: build the bridge and hand its proxy to the page.

The page (``web/boot.js``) listens for ``club:ready`` before PyScript starts,
so no global name is needed on either side. ``bench`` is the benchmark hook
used by ``make bench`` (the module is imported only when it is called).
"""

import sys

from club.bridge import Bridge
from pyodide.ffi import create_proxy, to_js
from pyscript import window


def bench(games_json: str = "[]") -> str:
    from club.bench import run_json

    return run_json(games_json)


bridge = Bridge()
detail = {
    "call": create_proxy(bridge.call),
    "check": create_proxy(bridge.check),  # validation without touching a game's state (backup restore)
    "bench": create_proxy(bench),
    "python": sys.version.split()[0],
}
event = window.CustomEvent.new(
    "club:ready", to_js({"detail": detail}, dict_converter=window.Object.fromEntries)
)
window.dispatchEvent(event)
