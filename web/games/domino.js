// Domino Drop (domino): the page. It draws what the Python engine reports and
// forwards input; every rule, score and the end come from club.domino.api.Session
// through ctx.engine.call (async, in the engine worker, answered in order): a key
// is a `move` action (the engine's Answer: view, save, profile text), time is the
// frame path (`tick`, small answers until a turn resolves; `soft`). The profile
// text is stored as it comes.
//
// The frame path never waits for a round trip (issue 13): each animation frame
// adds its elapsed time to `acc` and, when no tick is in flight, sends it as one
// `tick` without awaiting it; the frame draws the latest falling tile the engine
// told (a tick's or a move's answer), extrapolating nothing. A move is sent at
// once and drawn when its answer arrives. Time that passed before an input is
// sent before it (flush), so the engine sees time and input in the order they
// happened. Answers that arrive while a turn animates are applied after it, in
// order; answers about a run the page has since replaced are dropped.
//
// A returning visit draws the view stored beside the run (ctx.keepView) at once,
// paused, before Python is ready; it is only drawn, never acted on: input is
// wired once the engine has loaded the run.
import { html } from "../svg.js";
import { createHud } from "./domino/hud.js";
import { createInput } from "./domino/input.js";
import { createStart, MODES, SETS, showCard } from "./domino/screens.js";
import { createWell } from "./domino/well.js";
import { askConfirm } from "./domino/confirm.js";
import { randomSeed } from "../kit/seed.js";

const MAX_FRAME_MS = 100; // a long frame (tab stall) counts as at most this much game time
const PAD = [
  ["left", "◀", "domino.pad.left"], ["ccw", "⟲", "domino.pad.ccw"], ["cw", "⟳", "domino.pad.cw"],
  ["right", "▶", "domino.pad.right"], ["soft", "▼", "domino.pad.soft"], ["hard", "⤓", "domino.pad.hard"],
];

function readChoice(text) {
  try {
    const value = JSON.parse(text);
    return { mode: MODES.includes(value?.mode) ? value.mode : "sprint", set: SETS.includes(value?.set) ? value.set : "classic" };
  } catch {
    return { mode: "sprint", set: "classic" };
  }
}

const PROBE_KEEP = 600; // frame intervals kept by the frame-time probe

// A turn: the engine's answer locked a tile (every lock scores, maybe 0) or ended the run.
const turned = (events) => events.some((e) => e.type === "scored" || e.type === "over");

export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const number = ctx.number ?? ((v) => String(v));
  const fmt = { t, number };
  const oneDecimal = (v) => number(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  root.classList.add("dd");
  html("link", { rel: "stylesheet", href: new URL("../css/domino.css", import.meta.url) }, root);

  const header = html("header", { class: "game-header dd-header" }, root);
  html("h1", {}, header, t("domino.title"));
  const chip = html("span", { class: "dd-chip", hidden: true }, header);
  const chipMode = html("span", { class: "dd-chip-mode" }, chip);
  html("span", { class: "dd-chip-sep" }, chip, " · ");
  const chipSet = html("span", { class: "dd-chip-set" }, chip);
  html("a", { class: "btn dd-rules", href: "#/rules/domino" }, header, t("domino.rules"));
  const pauseButton = html("button", { type: "button", class: "btn dd-pause", "aria-label": t("domino.pause"), hidden: true }, header);
  html("span", { "aria-hidden": "true", class: "dd-pause-icon" }, pauseButton);

  const start = createStart(root, fmt, { onStart: startRun });
  const play = html("div", { class: "dd-play", hidden: true }, root);
  const stage = html("div", { class: "dd-stage" }, play);
  const hud = createHud(play, stage, fmt);
  const well = createWell(stage, { label: t("domino.wellLabel") });
  const pad = html("div", { class: "dd-pad", role: "group", "aria-label": t("domino.pad") }, play);
  for (const [what, glyph, label] of PAD) {
    const b = html("button", { type: "button", class: `dd-key dd-key-${what}`, "data-do": what, "aria-label": t(label) }, pad);
    html("span", { "aria-hidden": "true" }, b, glyph);
  }
  html("p", { class: "dd-help" }, play, t("domino.help"));

  let view = null; // the engine's last full view drawn
  let latest = null; // the latest falling tile the engine told (tick or move answer)
  let phase = "start"; // start | play | paused | over
  let busy = false; // a turn's animation is playing
  let overlay = null;
  let raf = 0;
  let last = 0;
  let acc = 0; // game time elapsed in frames, not yet sent as a tick
  let ticking = 0; // ticks in flight
  let runId = 0; // bumped when the page replaces the run: older answers are dropped
  let backlog = []; // answers that arrived while a turn animated, applied after it in order
  let pauseToken = 0;
  let launching = false; // a new run is being asked for
  let adopting = false; // another tab's run is being loaded: no input, no ticks meanwhile
  let ready = false; // the engine has loaded the run and input is wired
  let profile = { records: {} }; // the engine's view of the stored records (load_profile)
  let gone = false;
  let input = null;
  let probe = null; // the frame-time probe's lists while <html data-frame-probe="1"> (record below)
  let firstFrame = true;

  // ----- storage --------------------------------------------------------------
  // The run and, beside it, the engine's own view of it (drawn at once on the next visit).
  function persist(save, shown) {
    if (!save) return;
    if (store.set("run", save) && shown) ctx.keepView(shown);
  }

  function forgetRun() {
    store.remove("run");
    store.remove("view");
  }

  function keepProfile(next) {
    profile = next;
    ctx.keepView(next, "records"); // the start screen's records, shown at once next time
  }

  // The engine's save and view now; stored even after unmount (the run is kept).
  async function saveNow() {
    try {
      const [save, now] = await Promise.all([engine.call("save", {}), engine.call("view", {})]);
      persist(save, now);
      return now;
    } catch (error) {
      console.error(error);
      return view;
    }
  }

  // ----- drawing ----------------------------------------------------------------
  function render(next) {
    view = next;
    latest = next.falling;
    well.setSize(view.width, view.height);
    well.drawStill(view);
    well.drawFalling(busy ? null : view.falling, 0, true);
    hud.render(view);
    setChip(view.mode, view.set);
    root.dataset.phase = phase;
    root.dataset.turns = String(view.turns); // the engine's count of resolved turns (tests wait on it)
  }

  // The mode chip: "Sprint · Classic" on one line, or stacked where the header is narrow.
  function setChip(mode, set) {
    chipMode.textContent = mode ? t(`domino.mode.${mode}`) : "";
    chipSet.textContent = set ? t(`domino.set.${set}`) : "";
    chip.hidden = !mode;
  }

  // ----- the frame path -----------------------------------------------------------
  function engineFailed(error, id) {
    if (gone || id !== runId) return;
    console.error(error); // an engine bug must not freeze the page: say so and pause
    ctx.notice(t("domino.engineError"));
    pause();
  }

  // Send the elapsed game time as one tick (fire and forget: its answer is applied when it comes).
  function sendTick() {
    const ms = Math.floor(acc);
    if (ms < 1 || busy || adopting) return;
    acc -= ms;
    ticking += 1;
    const id = runId;
    const asked = performance.now();
    engine.call("tick", { ms }).then((answer) => {
      ticking -= 1;
      if (probe) record(probe.ticks, performance.now() - asked, "ticks");
      if (gone || id !== runId) return;
      deliver(() => takeTick(answer));
      // frames that passed while this tick was out: their time goes at once
      if (!ticking && phase === "play" && acc >= 1) sendTick();
    }, (error) => {
      ticking -= 1;
      engineFailed(error, id);
    });
  }

  // Time before an input is the engine's before the input (D8: time is explicit).
  function flush() {
    if (acc >= 1) sendTick();
  }

  function takeTick(answer) {
    if (answer.view) {
      startTurn(answer);
      return;
    }
    latest = answer.falling;
    well.drawFalling(latest, 0, ctx.reducedMotion()); // now; the next frame only smooths the slide
    hud.setSpeed(answer.speed);
  }

  // An answer is applied now, or after the turn being animated (answers come in order).
  function deliver(apply) {
    if (busy) backlog.push(apply);
    else apply();
  }

  function frame(now) {
    raf = 0;
    if (phase !== "play" || gone) return;
    if (probe && !firstFrame) record(probe.frames, now - last, "frames");
    firstFrame = false;
    const dt = Math.min(Math.max(now - last, 0), MAX_FRAME_MS);
    last = now;
    if (!busy) {
      input.frame(now);
      acc += dt;
      if (!ticking) sendTick();
      well.drawFalling(latest, dt, ctx.reducedMotion());
    }
    if (phase === "play") raf = requestAnimationFrame(frame);
  }

  function run() {
    if (!raf && phase === "play") {
      last = performance.now();
      acc = 0;
      firstFrame = true;
      probe = document.documentElement.dataset.frameProbe === "1" ? (probe ?? { frames: [], moves: [], ticks: [] }) : null;
      raf = requestAnimationFrame(frame);
    }
  }

  // The frame-time probe (make bench), on while <html data-frame-probe="1"> when play
  // (re)starts: comma lists of ms on the page's <section>, the last 600 each:
  // data-frames the rAF intervals during play, data-moves input to the move's answer
  // drawn, data-ticks the tick round trips.
  function record(list, ms, name) {
    list.push(ms.toFixed(1));
    if (list.length > PROBE_KEEP) list.shift();
    root.dataset[name] = list.join(",");
  }

  function act(move) {
    if (phase !== "play" || busy || adopting) return;
    flush();
    const id = runId;
    const asked = performance.now();
    engine.call("move", { move }).then((answer) => {
      if (gone || id !== runId) return;
      deliver(() => takeMove(answer, asked));
    }, (error) => engineFailed(error, id));
  }

  function takeMove(answer, asked) {
    if (!answer.accepted) return;
    if (turned(answer.events)) {
      startTurn(answer);
      return;
    }
    persist(answer.save, answer.view);
    latest = answer.view.falling;
    well.drawFalling(latest, 0, ctx.reducedMotion()); // at once, not at the next frame
    if (probe) record(probe.moves, performance.now() - asked, "moves");
  }

  function soft(held) {
    if (adopting) return;
    flush();
    const id = runId;
    engine.call("soft", { held }).catch((error) => engineFailed(error, id));
  }

  // ----- a turn: animate the engine's events, then draw its view ---------------
  function startTurn(answer) {
    turn(answer).catch((error) => console.error(error)); // a drawing bug: the run is saved, the page says nothing more
  }

  async function turn(answer) {
    persist(answer.save, answer.view);
    const id = runId;
    busy = true;
    root.dataset.busy = "1";
    acc = 0; // as before issue 13: the animation is no game time
    const events = answer.events;
    const scored = events.find((e) => e.type === "scored");
    await well.playTurn(events, ctx.reducedMotion(), (step) => { // step.points: halves cancelled so far (D13)
      hud.flash(step.step > 1 ? t("domino.pop.chain", { n: number(step.points), step: step.step }) : t("domino.pop.points", { n: number(step.points) }), step.step > 1);
    });
    if (gone) return;
    if (id !== runId) { // the run was replaced while this one animated: draw the one shown now
      if (view && phase !== "start") well.drawStill(view);
      return;
    }
    busy = false;
    root.dataset.busy = "0";
    render(answer.view);
    if (scored?.points) {
      hud.flash(t("domino.pop.turn", { count: scored.points, power: number(scored.power_gain) }), scored.chain > 1);
      ctx.announce(t("domino.say.turn", { count: scored.points, chain: scored.chain, power: number(scored.power) }));
    }
    const started = events.find((e) => e.type === "set-started" && e.set > 1);
    if (started) {
      hud.flash(t("domino.pop.set", { n: started.set }), true);
      ctx.announce(t("domino.say.set", { n: started.set }));
    }
    if (answer.view.over) finish(answer);
    while (backlog.length && !busy && id === runId) backlog.shift()();
  }

  // ----- phases ---------------------------------------------------------------------
  function closeOverlay() {
    overlay?.remove();
    overlay = null;
  }

  // The page now shows another run (or none): what is in flight about the old one is dropped.
  function replaceRun() {
    runId += 1;
    backlog = [];
    busy = false;
    root.dataset.busy = "0";
    acc = 0;
  }

  function showWell(next, nextPhase) {
    closeOverlay();
    start.hide();
    play.hidden = false;
    pauseButton.hidden = false;
    phase = nextPhase;
    busy = false;
    root.dataset.busy = "0";
    render(next);
  }

  function enterPlay(next) {
    showWell(next, "play");
    well.root.focus({ preventScroll: true });
    run();
  }

  async function startRun(mode, set) {
    if (!ready || launching || gone) return;
    launching = true;
    store.set("choice", JSON.stringify({ mode, set }));
    replaceRun();
    let next;
    let save;
    try {
      [next, save] = await Promise.all([engine.call("new", { seed: randomSeed(), mode, set }), engine.call("save", {})]);
    } catch (error) {
      console.error(error);
      ctx.notice(t("domino.engineError"));
      return;
    } finally {
      launching = false;
    }
    if (gone) return;
    persist(save, next);
    enterPlay(next);
    ctx.announce(t("domino.say.start", { mode: t(`domino.mode.${mode}`), set: t(`domino.set.${set}`) }));
  }

  function showStart() {
    closeOverlay();
    phase = "start";
    play.hidden = true;
    pauseButton.hidden = true;
    setChip(null, null);
    root.dataset.phase = phase;
    start.show(profile, view ? { mode: view.mode, set: view.set } : readChoice(store.get("choice")));
  }

  // The pause card. `live`: its buttons act (a card drawn from the stored view before the engine is up does not).
  function showPaused(now, live = true) {
    closeOverlay();
    overlay = showCard(root, {
      title: t("domino.paused"),
      lines: [[t("domino.max"), number(now.max)], [t("domino.power"), number(now.power)],
        [t("domino.speed"), oneDecimal(now.speed)]],
      buttons: [
        { label: t("domino.resume"), primary: true, onClick: live ? resume : null },
        { label: t("domino.newGame"), onClick: live ? newGame : null },
        { label: t("domino.rules"), href: "#/rules/domino" },
      ],
    });
  }

  // Pause at once (time stops now); the card shows the engine's numbers once it saved the run.
  async function pause() {
    if (phase !== "play") return;
    phase = "paused";
    root.dataset.phase = phase;
    input?.reset();
    flush();
    const mine = ++pauseToken;
    const id = runId;
    const now = await saveNow();
    if (gone || mine !== pauseToken || phase !== "paused" || id !== runId || !now) return;
    if (!busy) {
      latest = now.falling;
      well.drawFalling(latest, 0, ctx.reducedMotion()); // the tile where the engine stopped it
    }
    showPaused(now);
    ctx.announce(t("domino.say.paused"));
  }

  // Pause -> New game throws the unfinished run away: ask first.
  async function newGame() {
    const sure = await askConfirm(root, { title: t("domino.confirmNew.title"), text: t("domino.confirmNew.text"),
      yes: t("domino.confirmNew.yes"), no: t("domino.confirmNew.no") });
    if (!sure || phase !== "paused" || gone) return;
    forgetRun();
    replaceRun();
    showStart();
  }

  function resume() {
    if (phase !== "paused" || !ready || adopting) return;
    pauseToken += 1;
    closeOverlay();
    phase = "play";
    root.dataset.phase = phase;
    well.root.focus({ preventScroll: true });
    run();
  }

  function togglePause() {
    if (phase === "play") pause();
    else if (phase === "paused") resume();
  }

  function finish(answer) {
    phase = "over";
    root.dataset.phase = phase;
    input.reset();
    forgetRun();
    replaceRun();
    if (answer.profile) { // the engine's profile text, stored as it is
      store.set("profile", answer.profile);
      engine.call("load_profile", { profile: answer.profile }).then((next) => {
        if (!gone) keepProfile(next);
      }, (error) => console.error(error)); // the records shown stay the old ones
    }
    const fresh = new Set(answer.events.find((e) => e.type === "record")?.beaten ?? []);
    const v = answer.view;
    const title = v.topped_out ? t("domino.over.toppedOut") : v.mode === "sprint" ? t("domino.over.sprintDone") : t("domino.over.title");
    closeOverlay();
    overlay = showCard(root, {
      title,
      armMs: 600,
      badge: fresh.size ? t("domino.over.record") : null,
      lines: [[t("domino.max"), number(v.max), fresh.has("max")], [t("domino.power"), number(v.power), fresh.has("power")],
        [t("domino.speed"), oneDecimal(v.speed), fresh.has("speed")]],
      buttons: [
        { label: t("domino.again"), primary: true, onClick: () => startRun(v.mode, v.set) },
        { label: t("domino.menu"), onClick: showStart },
      ],
    });
    ctx.announce(t("domino.say.over", { title, max: number(v.max), power: number(v.power), speed: oneDecimal(v.speed) }));
  }

  // Another tab saved this game: its run replaces ours, shown paused (P10).
  async function adopt(name) {
    if (gone || !ready) return;
    if (name === "profile") {
      try {
        keepProfile(await engine.call("load_profile", { profile: store.get("profile") }));
      } catch (error) {
        console.error(error); // the other tab's profile does not load: keep ours
      }
      return;
    }
    if (name !== "run" || phase === "start" || adopting) return;
    const text = store.get("run");
    if (!text) return;
    input.reset();
    adopting = true; // no input and no ticks until the engine answered
    let newer = null;
    try {
      newer = await engine.call("load", { save: text });
    } catch (error) {
      console.error(error); // the other tab's save is broken: keep ours
    } finally {
      adopting = false;
    }
    if (gone || !newer || newer.over) return;
    ctx.notice(t("domino.otherTab"));
    replaceRun();
    pauseToken += 1;
    showWell(newer, "paused");
    showPaused(newer);
    ctx.announce(t("domino.say.paused"));
  }

  // ----- at once: the stored view, drawn before the engine is asked anything ----------
  const choice = readChoice(store.get("choice"));
  let drawn = false;
  const storedRun = store.get("run");
  const stored = storedRun ? ctx.storedView() : null;
  if (stored && !stored.over) {
    try {
      showWell(stored, "paused");
      showPaused(stored, false);
      drawn = true;
    } catch (error) {
      console.warn("domino: the stored view does not draw; waiting for the engine", error);
      closeOverlay();
      play.hidden = true;
      pauseButton.hidden = true;
      setChip(null, null);
      phase = "start";
      view = null;
    }
  } else {
    start.show(ctx.storedView("records") ?? { records: {} }, choice);
    drawn = true;
  }
  root.dataset.phase = phase;
  if (drawn) ctx.painted();

  // ----- then the engine: the profile and the run, the live view ------------------------
  const loaded = await store.load("profile", (text) => engine.call("load_profile", { profile: text }));
  keepProfile(loaded ?? await engine.call("load_profile", {})); // none stored: a fresh profile
  const saved = await store.load("run", (text) => engine.call("load", { save: text }));

  input = createInput({
    well: well.root,
    pad,
    act,
    soft,
    pause: togglePause,
    playing: () => phase === "play" && !busy && !adopting,
    live: () => phase === "play" && !adopting,
    cellPixels: () => well.cellPixels(),
  });
  pauseButton.addEventListener("click", togglePause);
  ctx.onVisibility((hidden) => { if (hidden) pause(); });
  const stopAdopting = store.onExternalChange((name) => { adopt(name); });
  ready = true;

  if (saved && !saved.over) {
    showWell(saved, "paused"); // D18: a run resumes after a reload, paused
    showPaused(saved);
    if (store.get("run") === storedRun) ctx.keepView(saved); // the stored view now matches the run
    ctx.announce(t("domino.say.paused"));
  } else {
    forgetRun(); // none, unreadable (moved aside) or over: no stored view either
    view = null;
    showStart();
  }
  root.dataset.phase = phase;
  ctx.painted(); // the first live draw (a no-op when the stored view was drawn)
  // The app lifts `inert` once this resolves: focus what an unhindered mount would have focused.
  setTimeout(() => {
    if (gone || root.contains(document.activeElement)) return;
    (overlay?.querySelector(".btn.primary") ?? (phase === "start" ? start.node.querySelector(".dd-go") : well.root))?.focus({ preventScroll: true });
  }, 0);

  return {
    unmount() {
      gone = true;
      if (raf) cancelAnimationFrame(raf);
      if (phase === "play" || phase === "paused") saveNow(); // stored when it comes
      input.destroy();
      stopAdopting();
      hud.destroy();
      closeOverlay();
    },
  };
}
