"""PyScript entry point: build the bridge and hand its proxy to the page.

The page (``web/boot.js``) listens for ``club:ready`` before PyScript starts,
so no global name is needed on either side.
"""

import sys

from club.bridge import Bridge
from pyodide.ffi import create_proxy, to_js
from pyscript import window

bridge = Bridge()
call = create_proxy(bridge.call)
detail = {"call": call, "python": sys.version.split()[0]}
event = window.CustomEvent.new(
    "club:ready", to_js({"detail": detail}, dict_converter=window.Object.fromEntries)
)
window.dispatchEvent(event)
