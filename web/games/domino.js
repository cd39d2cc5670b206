// Domino Drop (domino): the page. It draws what the Python engine reports and
// forwards input; every rule, score and the end come from club.domino.api.Session
// through ctx.engine.call: a key is a `move` action (the engine's Answer: view,
// save, profile text), time is the frame path (`tick`, one call per frame, small
// answers until a turn resolves; `soft`). The profile text is stored as it comes.
import { html } from "../svg.js";
import { createHud } from "./domino/hud.js";
import { createInput } from "./domino/input.js";
import { createStart, MODES, SETS, showCard } from "./domino/screens.js";
import { createWell } from "./domino/well.js";
import { askConfirm } from "./domino/confirm.js";
import { randomSeed } from "../ui.js";

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

  let view = null;
  let phase = "start"; // start | play | paused | over
  let busy = false; // a turn's animation is playing
  let overlay = null;
  let raf = 0;
  let last = 0;
  let acc = 0;
  let profile = { records: {} }; // the engine's view of the stored records (load_profile)
  let unmounted = false;

  const input = createInput({
    well: well.root,
    pad,
    act,
    soft: (held) => engine.call("soft", { held }),
    pause: togglePause,
    playing: () => phase === "play" && !busy,
    live: () => phase === "play",
    cellPixels: () => well.cellPixels(),
  });

  // ----- storage --------------------------------------------------------------
  function persist(save) {
    if (save) store.set("run", save);
  }

  function saveNow() {
    try {
      persist(engine.call("save", {}));
      return engine.call("view", {});
    } catch (error) {
      console.error(error);
      return view;
    }
  }

  const loaded = await store.load("profile", (text) => engine.call("load_profile", { profile: text }));
  profile = loaded ?? engine.call("load_profile", {}); // none stored: a fresh profile
  const choice = readChoice(store.get("choice"));
  const saved = await store.load("run", (text) => engine.call("load", { save: text }));

  store.onExternalChange((name) => {
    if (name === "profile") {
      try { profile = engine.call("load_profile", { profile: store.get("profile") }); } catch { /* keep ours */ }
      return;
    }
    if (name !== "run" || phase === "start") return;
    const text = store.get("run");
    if (!text) return;
    try {
      const newer = engine.call("load", { save: text });
      if (newer.over) return;
      ctx.notice(t("domino.otherTab"));
      enterPlay(newer);
      pause();
    } catch { /* the other tab's save is broken: keep ours */ }
  });

  // ----- drawing ----------------------------------------------------------------
  function render(next) {
    view = next;
    well.setSize(view.width, view.height);
    well.drawStill(view);
    well.drawFalling(busy ? null : view.falling, 0, true);
    hud.render(view);
    setChip(view.mode, view.set);
    root.dataset.phase = phase;
  }

  // The mode chip: "Sprint · Classic" on one line, or stacked where the header is narrow.
  function setChip(mode, set) {
    chipMode.textContent = mode ? t(`domino.mode.${mode}`) : "";
    chipSet.textContent = set ? t(`domino.set.${set}`) : "";
    chip.hidden = !mode;
  }

  // ----- the loop -----------------------------------------------------------------
  function frame(now) {
    raf = 0;
    if (phase !== "play" || unmounted) return;
    const dt = Math.min(Math.max(now - last, 0), MAX_FRAME_MS);
    last = now;
    if (!busy) {
      input.frame(now);
      acc += dt;
      const ms = Math.floor(acc);
      acc -= ms;
      let answer;
      try {
        answer = engine.call("tick", { ms });
      } catch (error) { // an engine bug must not freeze the page: say so and pause
        console.error(error);
        ctx.notice(t("domino.engineError"));
        pause();
        return;
      }
      if (answer.view) turn(answer);
      else {
        well.drawFalling(answer.falling, dt, ctx.reducedMotion());
        hud.setSpeed(answer.speed);
      }
    }
    if (phase === "play") raf = requestAnimationFrame(frame);
  }

  function run() {
    if (!raf && phase === "play") {
      last = performance.now();
      acc = 0;
      raf = requestAnimationFrame(frame);
    }
  }

  function act(move) {
    if (phase !== "play" || busy) return;
    const answer = engine.call("move", { move });
    if (!answer.accepted) return;
    persist(answer.save);
    if (answer.events.some((e) => e.type === "scored" || e.type === "over")) turn(answer);
    else well.drawFalling(answer.view.falling, 0, ctx.reducedMotion()); // at once, not at the next frame
  }

  // ----- a turn: animate the engine's events, then draw its view ---------------
  async function turn(answer) {
    persist(answer.save);
    busy = true;
    root.dataset.busy = "1";
    const events = answer.events;
    const scored = events.find((e) => e.type === "scored");
    await well.playTurn(events, ctx.reducedMotion(), (step) => { // step.points: halves cancelled so far (D13)
      hud.flash(step.step > 1 ? t("domino.pop.chain", { n: number(step.points), step: step.step }) : t("domino.pop.points", { n: number(step.points) }), step.step > 1);
    });
    if (unmounted) return;
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
  }

  // ----- phases ---------------------------------------------------------------------
  function closeOverlay() {
    overlay?.remove();
    overlay = null;
  }

  function enterPlay(next) {
    closeOverlay();
    start.hide();
    play.hidden = false;
    pauseButton.hidden = false;
    phase = "play";
    busy = false;
    render(next);
    well.root.focus({ preventScroll: true });
    run();
  }

  function startRun(mode, set) {
    store.set("choice", JSON.stringify({ mode, set }));
    const next = engine.call("new", { seed: randomSeed(), mode, set });
    persist(engine.call("save", {}));
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

  function pause() {
    if (phase !== "play") return;
    phase = "paused";
    root.dataset.phase = phase;
    input.reset();
    const now = saveNow();
    overlay = showCard(root, {
      title: t("domino.paused"),
      lines: [[t("domino.max"), number(now.max)], [t("domino.power"), number(now.power)],
        [t("domino.speed"), oneDecimal(now.speed)]],
      buttons: [
        { label: t("domino.resume"), primary: true, onClick: resume },
        { label: t("domino.newGame"), onClick: newGame },
        { label: t("domino.rules"), href: "#/rules/domino" },
      ],
    });
    ctx.announce(t("domino.say.paused"));
  }

  // Pause -> New game throws the unfinished run away: ask first.
  async function newGame() {
    const sure = await askConfirm(root, { title: t("domino.confirmNew.title"), text: t("domino.confirmNew.text"),
      yes: t("domino.confirmNew.yes"), no: t("domino.confirmNew.no") });
    if (!sure || phase !== "paused") return;
    store.remove("run");
    showStart();
  }

  function resume() {
    if (phase !== "paused") return;
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
    store.remove("run");
    if (answer.profile) { // the engine's profile text, stored as it is
      store.set("profile", answer.profile);
      profile = engine.call("load_profile", { profile: answer.profile });
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

  pauseButton.addEventListener("click", togglePause);
  ctx.onVisibility((hidden) => { if (hidden) pause(); });

  if (saved && !saved.over) {
    enterPlay(saved);
    pause(); // D18: a run resumes after a reload, paused
  } else {
    if (saved?.over) store.remove("run");
    start.show(profile, choice);
  }
  root.dataset.phase = phase;

  return {
    unmount() {
      unmounted = true;
      if (raf) cancelAnimationFrame(raf);
      if (phase === "play" || phase === "paused") saveNow();
      input.destroy();
      hud.destroy();
      closeOverlay();
    },
  };
}
