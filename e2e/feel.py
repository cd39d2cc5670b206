"""Watching the feel kit from a test: the REAL Web Audio graph and
vibrations, recorded by an init script (test side only; the app has no globals).

``watch_feel(page)`` before the page is opened wraps, in every document the page
loads: the ``AudioContext`` constructor (each context kept), the node factories
of ``BaseAudioContext`` (createOscillator/createGain/createBufferSource/
createBiquadFilter: each node kept and named ``<factory>#<n>``),
``AudioNode.prototype.connect`` (each edge recorded, ``"destination"`` for a
context's destination), ``navigator.vibrate`` (each pattern recorded, then the
real call) and the ``club-cue`` events the kit dispatches on ``document``.
Nothing is faked: the browser's own nodes are made, connected and played.

It also wraps ``Element.prototype.animate`` to record every Web Animation (its
target's class, whether it sits in the juice layer, whether its keyframes move
it, where it was placed); ``slow_juice(page, rate)`` slows the juice layer's
animations so a test can act while they run.

``feel_log(page)`` → ``{"contexts": [state...], "cues": [...], "nodes": [...],
"connects": [...], "vibrations": [...], "animations": [...], "pitches": [Hz...]}``; ``master_gain(page)`` → the value of
the gain node connected to the destination; ``reaches_destination(log, id)``.
"""

from __future__ import annotations

from playwright.sync_api import Page

WATCH = r"""
(() => {
  const log = { contexts: [], cues: [], nodes: [], connects: [], vibrations: [], objects: new Map() };
  Object.defineProperty(window, "__feelLog", { value: log });
  let serial = 0;
  const pitched = new WeakSet();
  const names = new WeakMap();
  const name = (node, kind) => {
    if (!names.has(node)) {
      serial += 1;
      names.set(node, `${kind || node.constructor.name}#${serial}`);
      log.objects.set(names.get(node), node);
    }
    return names.get(node);
  };
  const Real = window.AudioContext;
  window.AudioContext = new Proxy(Real, {
    construct(target, args, newTarget) {
      const context = Reflect.construct(target, args, newTarget);
      log.contexts.push(context);
      return context;
    },
  });
  for (const factory of ["createOscillator", "createGain", "createBufferSource", "createBiquadFilter"]) {
    const real = BaseAudioContext.prototype[factory];
    BaseAudioContext.prototype[factory] = function (...args) {
      const node = real.apply(this, args);
      if (factory === "createOscillator") pitched.add(node.frequency);
      log.nodes.push({ type: factory, id: name(node, factory), at: log.cues.length });
      return node;
    };
  }
  // every oscillator's starting pitch (the frequency it is set to), in order
  log.pitches = [];
  const setValueAtTime = AudioParam.prototype.setValueAtTime;
  AudioParam.prototype.setValueAtTime = function (value, ...rest) {
    if (pitched.has(this)) log.pitches.push(value);
    return setValueAtTime.call(this, value, ...rest);
  };
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (target, ...rest) {
    const to = target instanceof AudioDestinationNode ? "destination" : target instanceof AudioNode ? name(target) : "param";
    log.connects.push({ from: name(this), to });
    return connect.call(this, target, ...rest);
  };
  const vibrate = typeof navigator.vibrate === "function" ? navigator.vibrate.bind(navigator) : null;
  Object.defineProperty(navigator, "vibrate", {
    configurable: true,
    value: (pattern) => {
      log.vibrations.push(pattern);
      return vibrate ? vibrate(pattern) : false;
    },
  });
  document.addEventListener("club-cue", (event) => log.cues.push(event.detail));
  // Web Animations: what moved (a transform in its keyframes), where juice was spawned;
  // log.slow (set by a test) slows the juice layer's animations so a test can act during them.
  log.animations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const animation = animate.call(this, frames, options);
    const layer = Boolean(this.parentElement?.classList.contains("juice-layer"));
    if (layer && log.slow) animation.playbackRate = log.slow;
    const list = Array.isArray(frames) ? frames : [frames];
    log.animations.push({
      cls: String(this.className?.baseVal ?? this.className), layer, at: log.cues.length,
      transform: list.some((k) => k.transform && k.transform !== "none"),
      x: parseFloat(this.style.left), y: parseFloat(this.style.top),
    });
    return animation;
  };
})();
"""

READ = """() => {
  const log = window.__feelLog;
  return { contexts: log.contexts.map((c) => c.state), cues: log.cues, nodes: log.nodes,
           connects: log.connects, vibrations: log.vibrations, animations: log.animations, pitches: log.pitches };
}"""

MASTER = """() => {
  const log = window.__feelLog;
  const edge = log.connects.filter((c) => c.to === "destination").at(-1);
  return edge ? log.objects.get(edge.from).gain.value : null;
}"""


def watch_feel(page: Page) -> None:
    """Record the audio graph, vibrations and cues of every document ``page`` opens."""
    page.add_init_script(WATCH)


def feel_log(page: Page) -> dict:
    """What was recorded in the current document (see the module's docstring)."""
    return page.evaluate(READ)


def master_gain(page: Page) -> float | None:
    """The gain of the (last) node connected to the context's destination: the master volume."""
    return page.evaluate(MASTER)


def reaches_destination(log: dict, node: str) -> list[str] | None:
    """The path from ``node`` to the destination along the recorded connections, or None."""
    edges: dict[str, list[str]] = {}
    for c in log["connects"]:
        edges.setdefault(c["from"], []).append(c["to"])
    todo: list[list[str]] = [[node]]
    while todo:
        path = todo.pop()
        for nxt in edges.get(path[-1], []):
            if nxt == "destination":
                return [*path, nxt]
            if nxt not in path:
                todo.append([*path, nxt])
    return None


def slow_juice(page: Page, rate: float) -> None:
    """From now on, the juice layer's animations play at ``rate`` (test timing only)."""
    page.evaluate("(rate) => { window.__feelLog.slow = rate; }", rate)


def cues_named(log: dict, name: str) -> list[dict]:
    return [c for c in log["cues"] if c["name"] == name]
