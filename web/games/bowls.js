// Color Bowls: the page (W5, W19-W25). It draws the engine's view, animates
// the engine's events and forwards input; every rule, score and legality
// answer comes from club.bowls.api.Session through ctx.engine.call.
import { html } from "../svg.js";
import { createPlayer } from "./bowls/animate.js";
import { createControls, createHud, createQueuePanel } from "./bowls/hud.js";
import { MODES, registerMode } from "./bowls/modes.js";
import { install as installPuzzles } from "./bowls/puzzles.js";
import { install as installThemes } from "./bowls/themes.js";
import { createRing } from "./bowls/ring.js";
import { dialog, renderModeScreen, showOverCard, showSettings } from "./bowls/screens.js";
import { STONE_NAMES } from "./bowls/stones.js";
import { randomSeed } from "../ui.js";

const PARKED = (mode) => `run-${mode}`; // an unfinished attempt of a mode not on screen (W25)
const MOD_NAMES = ["ice", "reverse", "volcano"];
const REFUSAL_WORDS = { empty: "bowls.say.empty", ice: "bowls.say.iced" };

const todayUtc = () => new Date().toISOString().slice(0, 10); // W20: the UTC date

export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const fmt = { t, number: ctx.number ?? ((v) => String(v)) };
  root.classList.add("bw", "bowls-theme-simple");
  html("link", { rel: "stylesheet", href: new URL("../css/bowls.css", import.meta.url) }, root);
  installPuzzles(registerMode);
  installThemes(registerMode);

  let view = null; // the engine's view of the attempt on screen
  let chosen = null; // the chosen bowl (W5): free to change, not a move
  let profile = { best: {}, daily: {} }; // the engine's profile (load_profile); its text is stored as-is
  let profileText = null;
  let prefs = readPrefs();
  let forecastCache = new Map();
  let overCard = null;
  let animating = false;
  const parked = {}; // mode -> {text, view}
  const listeners = new Set();

  // ----- layout ---------------------------------------------------------------
  const modesScreen = html("section", { class: "bw-modes-screen", hidden: true }, root);
  const game = html("div", { class: "bw-game", hidden: true }, root);
  const hud = createHud(game, fmt);
  const board = html("div", { class: "bw-board" }, game);
  const ring = createRing(board, { label: t("bowls.ringLabel"), onBowl: clickBowl, onKey: bowlKey });
  const side = html("div", { class: "bw-side" }, game);
  const panel = createQueuePanel(side, fmt, { onSow: () => sow(chosen) });
  const controls = createControls(side, fmt, {
    undo: () => undo(), redo: () => redo(), pause: () => showModes(), end: () => confirmEnd(), settings: () => showSettings(root, api),
  });
  const player = createPlayer(ring, { popup: showPopup });
  // A frame later: resizing the ring inside the observer's own callback would loop.
  const fitter = new ResizeObserver(() => requestAnimationFrame(fitRing));
  fitter.observe(game);
  window.addEventListener("resize", fitRing);

  // P13: the ring takes the height left on the first screen, so the ring, Sow,
  // Undo, Redo and Pause are all visible without scrolling. Single column: the
  // queue panel and the first control row sit below the ring; wide: nothing does.
  function fitRing() {
    if (game.hidden) return;
    const wide = getComputedStyle(side).gridColumnStart === "2";
    const gap = parseFloat(getComputedStyle(game).rowGap) || 0;
    const below = wide ? 0 : panel.panel.offsetHeight + controls.bar.offsetHeight + 2 * gap;
    const top = board.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - below - 10;
    const size = Math.max(240, Math.min(board.clientWidth, 560, room));
    const value = `${Math.floor(size)}px`;
    if (root.style.getPropertyValue("--bw-ring") !== value) root.style.setProperty("--bw-ring", value);
  }

  // ----- the page API (modes.js) ------------------------------------------------
  const api = {
    ctx, fmt, today: todayUtc,
    root: () => root,
    focusBoard: () => { if (root.dataset.screen === "game") ring.focusBowl(focusTarget()); },
    fit: () => fitRing(), // a mode changed what stands above or below the ring
    start: (payload) => startAttempt(payload),
    resume: (mode) => resume(mode),
    unfinished: (mode) => unfinished(mode),
    profile: () => profile,
    prefs: () => prefs,
    setPrefs: (next) => { prefs = next; store.set("prefs", JSON.stringify(prefs)); forecastCache = new Map(); if (view) renderGame(); },
    onAction: (fn) => { listeners.add(fn); return () => listeners.delete(fn); },
    setTheme: (name) => {
      [...root.classList].filter((c) => c.startsWith("bowls-theme-")).forEach((c) => root.classList.remove(c));
      root.classList.add(`bowls-theme-${name}`);
    },
    showModes: () => showModes(),
    showGame: () => showGame(),
    // A mode that starts attempts through its own engine method (puzzle_new) hands the new
    // view here, or a function making it, called after the attempt on screen is parked.
    adopt: (next, mode) => {
      if (typeof next === "function") { parkCurrent(mode); next = next(); } else parkCurrent(next.mode);
      view = next; persist(engine.call("save", {})); chosen = null; showGame();
    },
    // The profile text an engine answer carries (it changed): stored as it is.
    profileText: () => profileText,
    setProfile: (text) => keepProfile(text),
    undo: () => undo(),
    openSettings: () => showSettings(root, api),
    registerMode,
  };

  // ----- storage ----------------------------------------------------------------
  function readPrefs() {
    try {
      const value = JSON.parse(store.get("prefs") ?? "{}");
      return { forecast: value?.forecast === true };
    } catch {
      return { forecast: false };
    }
  }

  const loaded = await store.load("profile", (text) => engine.call("load_profile", { profile: text }));
  if (loaded) { profile = loaded; profileText = store.get("profile"); }
  for (const mode of ["endless", "daily", ...MODES.map((m) => m.id)]) {
    const text = store.get(PARKED(mode));
    if (text === null) continue;
    const parkedView = await store.load(PARKED(mode), (value) => engine.call("load", { save: value }));
    if (parkedView && !parkedView.over && parkedView.mode === mode) parked[mode] = { text, view: parkedView };
    else if (parkedView) store.remove(PARKED(mode));
  }
  view = await store.load("run", (text) => engine.call("load", { save: text }));

  function persist(save) {
    store.set("run", save);
  }

  function keepProfile(text) {
    if (!text) return;
    store.set("profile", text);
    profileText = text;
    profile = engine.call("load_profile", { profile: text });
  }

  // The engine banks an attempt with the action that ends it (W25); one loaded
  // from a save written before that is banked here.
  function recordIfOver() {
    if (!view?.over || view.recorded) return null;
    const answer = engine.call("record", {});
    if (!answer.accepted) return null;
    keepProfile(answer.profile);
    view = answer.view;
    persist(answer.save);
    return answer;
  }

  // ----- attempts ---------------------------------------------------------------
  function unfinished(mode) {
    if (view && view.mode === mode && !view.over) return view;
    return parked[mode]?.view ?? null;
  }

  function parkCurrent(nextMode) {
    if (view && !view.over && view.mode !== nextMode) {
      const text = engine.call("save", {});
      store.set(PARKED(view.mode), text);
      parked[view.mode] = { text, view };
    }
  }

  function startAttempt(payload) {
    parkCurrent(payload.mode);
    view = engine.call("new", { seed: randomSeed(), ...payload });
    store.remove(PARKED(view.mode));
    delete parked[view.mode];
    persist(engine.call("save", {}));
    chosen = null;
    showGame();
    ctx.announce(t("bowls.say.started", { mode: hud.chip.textContent || view.mode }));
  }

  function resume(mode) {
    if (view && view.mode === mode && !view.over) { showGame(); return; }
    const entry = parked[mode];
    if (!entry) return;
    parkCurrent(mode);
    view = engine.call("load", { save: entry.text });
    persist(entry.text);
    store.remove(PARKED(mode));
    delete parked[mode];
    chosen = null;
    showGame();
  }

  function restoreOnScreen() {
    // Parked attempts were loaded through the Session; put the one on screen back.
    if (view) view = engine.call("load", { save: store.get("run") });
  }

  // ----- screens ----------------------------------------------------------------
  function showModes() {
    player.cancel();
    overCard?.close();
    overCard = null;
    game.hidden = true;
    modesScreen.hidden = false;
    root.dataset.screen = "modes";
    renderModeScreen(modesScreen, api, { today: todayUtc() });
    modesScreen.querySelector(".bw-continue, .bw-start")?.focus({ preventScroll: true });
  }

  function showGame() {
    if (root.dataset.screen !== "game") window.scrollTo(0, 0); // from another screen: start at the title
    modesScreen.hidden = true;
    game.hidden = false;
    root.dataset.screen = "game";
    renderGame();
    ring.focusBowl(focusTarget());
    if (view.over) showOver(recordIfOver());
  }

  function focusTarget() {
    if (chosen !== null) return chosen;
    return view.choosable[0] ?? 0;
  }

  function bowlLabel(bowl, b) {
    const stones = [...bowl.stones].map((s) => t(`bowls.stone.${STONE_NAMES[s]}`)).join(", ") || t("bowls.emptyBowl");
    const mods = MOD_NAMES.filter((m) => bowl.mods[m]).map((m) => (bowl.mods[m] > 0
      ? t("bowls.modLeft", { mod: t(`bowls.mod.${m}`), count: bowl.mods[m] }) : t(`bowls.mod.${m}`)));
    return t("bowls.bowlLabel", { n: b + 1, stones }) + (mods.length ? ` (${mods.join(", ")})` : "");
  }

  function baseFrame() {
    return {
      chosen: view.over ? null : chosen,
      choosable: new Set(view.choosable),
      focusable: focusTarget(),
      labels: view.bowls.map(bowlLabel),
    };
  }

  function renderGame() {
    if (!view) return;
    if (chosen !== null && !view.choosable.includes(chosen)) chosen = null;
    hud.render(view, view.best);
    ring.render({ ...baseFrame(), bowls: view.bowls });
    panel.render(view, chosen);
    controls.render(view);
    root.dataset.over = view.over ? "1" : "0";
    root.dataset.status = view.status ?? "";
    root.dataset.moves = view.moves;
    root.dataset.position = view.position;
    updateForecast();
    fitRing(); // now, not a frame later: the queue panel may have changed height
  }

  function updateForecast() {
    if (!prefs.forecast || chosen === null || view.over) { panel.showForecast(null); return; }
    const key = `${view.position}|${chosen}`;
    if (!forecastCache.has(key)) forecastCache = new Map([[key, engine.call("forecast", { bowl: chosen })]]);
    const f = forecastCache.get(key).line; // the sow step's own player phase (W23)
    if (!f) { panel.showForecast(null); return; }
    let text;
    if (f.overflow) text = t("bowls.forecast.overflow");
    else if (f.combo === 0) text = t("bowls.forecast.none");
    else text = t("bowls.forecast.line", { count: f.combo, mult: f.multiplier, points: fmt.number(f.points) });
    if (f.perfect) text += ` ${t("bowls.forecast.perfect")}`;
    panel.showForecast(text);
  }

  // ----- choosing and sowing (W5, W22) -----------------------------------------
  function choose(b, announce = true) {
    if (!view || view.over) return;
    chosen = b;
    finishAnimation();
    renderGame();
    ring.focusBowl(b);
    if (announce) ctx.announce(bowlLabel(view.bowls[b], b));
  }

  function clickBowl(b) {
    if (!view || view.over) return;
    const refusal = view.bowls[b].refusal; // the engine's reason (W5): empty, ice
    if (refusal) {
      ctx.announce(t(REFUSAL_WORDS[refusal] ?? "bowls.reason.refused", { n: b + 1 }));
      return;
    }
    if (chosen === b) sow(b);
    else choose(b);
  }

  // W22: the engine says where each arrow leads from the bowl chosen (index 12: none yet).
  function step(direction) {
    if (!view || view.over) return;
    const b = view.arrows[direction > 0 ? "forward" : "back"][chosen ?? 12];
    if (b !== null) choose(b);
  }

  function bowlKey(e, b) {
    if (e.key === "Enter") {
      e.preventDefault();
      e.stopPropagation();
      if (chosen === b) sow(b);
      else if (view.choosable.includes(b)) { choose(b, false); sow(b); }
    } else if (e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      clickBowl(b);
    }
  }

  function finishAnimation() {
    if (animating) { player.cancel(); animating = false; root.dataset.animating = "0"; renderGame(); }
  }

  function sow(b) {
    if (b === null || !view) return;
    finishAnimation();
    act("sow", { bowl: b });
  }

  function undo() { finishAnimation(); overCard?.close(); overCard = null; act("undo", {}); }
  function redo() { finishAnimation(); act("redo", {}); }

  function confirmEnd() {
    if (!view || view.over) return;
    dialog(root, {
      title: t("bowls.endConfirm"), lines: [t("bowls.endConfirmText", { score: fmt.number(view.score) })],
      buttons: [
        { label: t("bowls.end"), primary: true, cls: "bw-end-yes", action: () => act("end", {}) },
        { label: t("bowls.cancel") },
      ],
    });
  }

  function act(method, payload) {
    const before = view;
    const answer = engine.call(method, payload);
    if (!answer.accepted) {
      const key = `bowls.reason.${answer.reason ?? "refused"}`;
      const words = t(key, { n: (payload.bowl ?? 0) + 1 });
      ctx.announce(words === key ? t("bowls.reason.refused") : words); // never read a raw key out
      return;
    }
    view = answer.view;
    persist(answer.save);
    keepProfile(answer.profile); // a banked attempt, an achievement (W24, W25)
    forecastCache = new Map();
    const outcome = answer;
    listeners.forEach((fn) => { try { fn(answer); } catch (error) { console.error(error); } });
    announceMove(method, answer);
    const animated = answer.events.some((e) => e.type === "pickup");
    if (!animated) { renderGame(); if (view.over) showOver(outcome); return; }
    animating = true;
    root.dataset.animating = "1";
    panel.render(view, null);
    player.play(before.bowls, answer.events, { reduced: ctx.reducedMotion(), base: { ...baseFrame(), chosen: null } })
      .then((finished) => {
        if (!finished) return;
        animating = false;
        root.dataset.animating = "0";
        renderGame();
        if (view.over) showOver(outcome);
      });
  }

  function announceMove(method, answer) {
    if (method === "undo") { ctx.announce(t("bowls.say.undone", { score: fmt.number(view.score) })); return; }
    if (method === "end") return;
    const last = view.last ?? { points: 0, combo: 0 };
    const parts = [];
    if (last.points > 0) parts.push(t("bowls.say.points", { points: fmt.number(last.points), mult: last.multiplier }));
    else parts.push(t("bowls.say.noMatch"));
    if (last.perfect) parts.push(t("bowls.say.perfect"));
    parts.push(t("bowls.say.score", { score: fmt.number(view.score) }));
    if (view.over) parts.push(overWords());
    ctx.announce(parts.join(" "));
    void answer;
  }

  // The end in words: the move count is the attempt's own (a puzzle's limit, Daily's 20).
  function overWords() {
    const count = view.status === "limit" ? view.limit ?? view.moves : view.moves;
    const key = `bowls.say.over.${view.status}`;
    const words = t(key, { score: fmt.number(view.score), count });
    return words === key ? t("bowls.say.over.ended", { score: fmt.number(view.score) }) : words;
  }

  function showPopup(e) {
    if (e.type === "perfect") ring.popup(t("bowls.perfect"), "perfect");
    else if (e.phase === "refill") ring.popup(`+${e.points}`, "refill");
    else ring.popup(e.multiplier > 1 ? `+${e.points} ×${e.multiplier}` : `+${e.points}`, "points");
  }

  function showOver(outcome) {
    overCard?.close();
    const mode = MODES.find((m) => m.id === view.mode && m.showOver); // e.g. a puzzle's success card
    overCard = mode ? mode.showOver(root, api, view, outcome) : showOverCard(root, api, view, outcome);
  }

  // ----- keyboard (W22) ---------------------------------------------------------
  function onKey(e) {
    if (root.dataset.screen !== "game" || root.querySelector(".bw-overlay")) return;
    const tag = e.target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if ((key === "u" && !ctrl && !e.altKey) || (ctrl && key === "z" && !e.shiftKey)) { e.preventDefault(); undo(); return; }
    if (ctrl && (key === "y" || (key === "z" && e.shiftKey))) { e.preventDefault(); redo(); return; }
    if (ctrl || e.altKey) return;
    if (key === "ArrowRight" || key === "ArrowDown") { e.preventDefault(); step(1); return; }
    if (key === "ArrowLeft" || key === "ArrowUp") { e.preventDefault(); step(-1); return; }
    if (key === "Enter" && tag !== "BUTTON" && tag !== "A") { e.preventDefault(); sow(chosen); }
  }
  document.addEventListener("keydown", onKey);

  // ----- two tabs (P10) ------------------------------------------------------------
  const offExternal = store.onExternalChange?.((name) => {
    if (name !== "run") return;
    const text = store.get("run");
    if (!text) return;
    try {
      view = engine.call("load", { save: text });
      chosen = null;
      ctx.notice(t("bowls.otherTab"));
      if (root.dataset.screen === "game") showGame();
    } catch { /* the shell moves corrupt values aside on the next load */ }
  });

  // ----- start -------------------------------------------------------------------
  for (const mode of MODES) mode.setup?.(root, api); // puzzles' panel, themes and achievements
  restoreOnScreen();
  if (view && !view.over) showGame();
  else { recordIfOver(); showModes(); }

  return {
    unmount() {
      player.cancel();
      fitter.disconnect();
      window.removeEventListener("resize", fitRing);
      document.removeEventListener("keydown", onKey);
      offExternal?.();
      listeners.clear();
    },
  };
}
