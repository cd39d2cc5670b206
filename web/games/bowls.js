// Color Bowls: the page (W5, W19-W25). It draws the engine's view, animates
// the engine's events and forwards input; every rule, score and legality
// answer comes from club.bowls.api.Session through ctx.engine.call.
//
// The engine runs in a worker (issue 13): every call is awaited. The page's
// own operations that touch the engine (a move, a new attempt, the mode
// screen...) run one at a time in the order asked (`serial`), so each one sees
// the view the one before left and no answer is applied to a stale view.
// Previews (the forecast) are "latest wins"; the puzzle hint is a query
// beside the queue, cancelled when the attempt on screen changes. On a
// returning visit the view stored beside the run is drawn at once, before
// the engine is ready (never acted on: the app keeps the page inert).
import { html } from "../svg.js";
import { createPlayer } from "./bowls/animate.js";
import { createControls, createHud, createQueuePanel } from "./bowls/hud.js";
import { MODES, registerMode } from "./bowls/modes.js";
import { install as installPuzzles } from "./bowls/puzzles.js";
import { install as installThemes } from "./bowls/themes.js";
import { createRing } from "./bowls/ring.js";
import { dialog, renderModeScreen, showOverCard, showSettings } from "./bowls/screens.js";
import { STONE_NAMES } from "./bowls/stones.js";
import { randomSeed } from "../kit/seed.js";

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
  let gone = false; // unmounted: anything async that finishes later does nothing
  let chain = Promise.resolve(); // the page's engine operations, one at a time
  let generation = 0; // bumped when the attempt on screen changes (or is about to): older hints are dropped
  let asking = 0; // queries (hints) in flight
  let forecastAsk = 0; // the latest forecast asked: an older answer is dropped

  // Run fn after the operations asked before it (never await serial inside serial).
  // data-busy is on the root while any is waiting or running.
  let pending = 0;
  function serial(fn) {
    pending += 1;
    root.dataset.busy = "1";
    chain = chain.then(async () => { if (!gone) await fn(); })
      .catch((error) => { if (!gone) console.error(error); })
      .finally(() => { pending -= 1; if (pending === 0) delete root.dataset.busy; });
    return chain;
  }

  // The attempt on screen changes: a hint asked for it is dropped, and stopped in the worker.
  function moved() {
    generation += 1;
    if (asking > 0) engine.cancel().catch((error) => console.error(error));
  }

  // A slow, read-only question (the hint), beside the queue: its answer, or null when
  // the attempt changed meanwhile, the page left, or it was cancelled.
  async function ask(method, payload) {
    const mine = generation;
    asking += 1;
    try {
      const result = await engine.query(method, payload);
      return mine === generation && !gone ? result : null;
    } catch (error) {
      if (error?.name === "EngineError" && error.field === "cancelled") return null; // a move stopped it
      throw error;
    } finally {
      asking -= 1;
    }
  }

  // ----- layout ---------------------------------------------------------------
  const modesScreen = html("section", { class: "bw-modes-screen", hidden: true }, root);
  const game = html("div", { class: "bw-game", hidden: true }, root);
  const hud = createHud(game, fmt);
  const board = html("div", { class: "bw-board" }, game);
  const ring = createRing(board, { label: t("bowls.ringLabel"), onBowl: clickBowl, onKey: bowlKey });
  const side = html("div", { class: "bw-side" }, game);
  const panel = createQueuePanel(side, fmt, { onSow: () => sow(chosen) });
  const controls = createControls(side, fmt, {
    undo: () => undo(), redo: () => redo(), pause: () => pause(), end: () => confirmEnd(), settings: () => showSettings(root, api),
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
    start: (payload) => { moved(); return serial(() => startAttempt(payload)); },
    resume: (mode) => { moved(); return serial(() => resume(mode)); },
    unfinished: (mode) => unfinished(mode),
    view: () => (root.dataset.screen === "game" ? view : null), // the attempt on screen, as drawn
    serial, ask, moved, // one at a time; a hint query; "the attempt on screen is about to change"
    profile: () => profile,
    prefs: () => prefs,
    setPrefs: (next) => { prefs = next; store.set("prefs", JSON.stringify(prefs)); forecastCache = new Map(); if (view && !game.hidden) renderGame(); },
    onAction: (fn) => { listeners.add(fn); return () => listeners.delete(fn); },
    // A theme the engine named, or the one stored beside it for the first paint.
    setTheme: (name) => {
      if (typeof name !== "string" || !/^[a-z]+$/.test(name)) return;
      [...root.classList].filter((c) => c.startsWith("bowls-theme-")).forEach((c) => root.classList.remove(c));
      root.classList.add(`bowls-theme-${name}`);
      ctx.keepView({ theme: name }, "theme");
    },
    storedTheme: () => ctx.storedView("theme")?.theme ?? null,
    showModes: () => pause(),
    showGame: () => serial(() => showGame()),
    // A mode that starts attempts through its own engine method (puzzle_new) hands the new
    // view here, or an async function making it, called after the attempt on screen is parked.
    adopt: (next, mode) => {
      moved();
      return serial(async () => {
        if (typeof next === "function") { await parkCurrent(mode); next = await next(); } else await parkCurrent(next.mode);
        if (gone) return;
        view = next;
        moved();
        persist(await engine.call("save", {}), view);
        chosen = null;
        await showGame();
      });
    },
    // The profile text an engine answer carries (it changed): stored as it is.
    profileText: () => profileText,
    setProfile: (text) => keepProfile(text), // a Promise
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

  // What the engine must read before the page can show anything live.
  async function loadStored() {
    const loaded = await store.load("profile", (text) => engine.call("load_profile", { profile: text }));
    if (loaded) { profile = loaded; profileText = store.get("profile"); }
    for (const mode of ["endless", "daily", ...MODES.map((m) => m.id)]) {
      const text = store.get(PARKED(mode));
      if (text === null) continue;
      const parkedView = await store.load(PARKED(mode), (value) => engine.call("load", { save: value }));
      if (parkedView && !parkedView.over && parkedView.mode === mode) parked[mode] = { text, view: parkedView };
      else if (parkedView) store.remove(PARKED(mode));
    }
    return store.load("run", (text) => engine.call("load", { save: text }));
  }

  // The run and, beside it, the engine's own view of it (drawn at once on the next visit).
  function persist(save, shown) {
    store.set("run", save);
    ctx.keepView(shown);
  }

  async function keepProfile(text) {
    if (!text) return;
    store.set("profile", text);
    profileText = text;
    profile = await engine.call("load_profile", { profile: text });
  }

  // The engine banks an attempt with the action that ends it (W25); one loaded
  // from a save written before that is banked here.
  async function recordIfOver() {
    if (!view?.over || view.recorded) return null;
    const answer = await engine.call("record", {});
    if (!answer.accepted || gone) return null;
    await keepProfile(answer.profile);
    view = answer.view;
    persist(answer.save, answer.view);
    return answer;
  }

  // ----- attempts ---------------------------------------------------------------
  function unfinished(mode) {
    if (view && view.mode === mode && !view.over) return view;
    return parked[mode]?.view ?? null;
  }

  async function parkCurrent(nextMode) {
    if (view && !view.over && view.mode !== nextMode) {
      const shown = view;
      const text = await engine.call("save", {});
      store.set(PARKED(shown.mode), text);
      parked[shown.mode] = { text, view: shown };
    }
  }

  async function startAttempt(payload) {
    await parkCurrent(payload.mode);
    const started = await engine.call("new", { seed: randomSeed(), ...payload });
    if (gone) return;
    view = started;
    moved();
    store.remove(PARKED(view.mode));
    delete parked[view.mode];
    persist(await engine.call("save", {}), view);
    chosen = null;
    await showGame();
    ctx.announce(t("bowls.say.started", { mode: hud.chip.textContent || view.mode }));
  }

  async function resume(mode) {
    if (view && view.mode === mode && !view.over) { await showGame(); return; }
    const entry = parked[mode];
    if (!entry) return;
    await parkCurrent(mode);
    const loaded = await engine.call("load", { save: entry.text });
    if (gone) return;
    view = loaded;
    moved();
    persist(entry.text, view);
    store.remove(PARKED(mode));
    delete parked[mode];
    chosen = null;
    await showGame();
  }

  async function restoreOnScreen() {
    // Parked attempts were loaded through the Session; put the one on screen back.
    if (view) view = await engine.call("load", { save: store.get("run") });
  }

  // ----- screens ----------------------------------------------------------------
  // Pause (and every way back to the mode screen): after the operations asked before it.
  function pause() {
    moved();
    return serial(() => showModes());
  }

  async function showModes() {
    player.cancel();
    overCard?.close();
    overCard = null;
    await renderModeScreen(modesScreen, api, { today: todayUtc() }); // built aside, then shown whole
    if (gone) return;
    game.hidden = true;
    modesScreen.hidden = false;
    root.dataset.screen = "modes";
    modesScreen.querySelector(".bw-continue, .bw-start")?.focus({ preventScroll: true });
  }

  // `early`: the stored view, drawn before the engine is ready (no focus, nothing banked).
  async function showGame(early = false) {
    if (root.dataset.screen !== "game") window.scrollTo(0, 0); // from another screen: start at the title
    modesScreen.hidden = true;
    game.hidden = false;
    root.dataset.screen = "game";
    renderGame();
    if (early) return;
    ring.focusBowl(focusTarget());
    if (view.over) {
      const outcome = await recordIfOver();
      if (!gone) showOver(outcome);
    }
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

  // A preview, latest wins: an answer for another bowl or another view is dropped.
  function updateForecast() {
    if (!prefs.forecast || chosen === null || view.over) { forecastAsk += 1; panel.showForecast(null); return; }
    const key = `${view.position}|${chosen}`;
    if (forecastCache.has(key)) { showForecast(forecastCache.get(key).line); return; }
    const mine = ++forecastAsk;
    const shown = view;
    panel.showForecast(null); // never the line of another bowl meanwhile
    engine.call("forecast", { bowl: chosen }).then((answer) => {
      if (gone || mine !== forecastAsk || shown !== view) return;
      forecastCache = new Map([[key, answer]]);
      showForecast(answer.line);
    }, (error) => { if (!gone) console.error(error); });
  }

  function showForecast(f) { // the sow step's own player phase (W23)
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

  // A move: asked now, applied after the operations asked before it.
  function move(method, payload) {
    moved();
    return serial(() => { finishAnimation(); return act(method, payload); });
  }

  function sow(b) {
    if (b === null || !view) return;
    chosen = null; // a sow spends the choice: a quick second click on that bowl chooses, it never sows twice
    move("sow", { bowl: b });
  }

  function undo() { overCard?.close(); overCard = null; move("undo", {}); }
  function redo() { move("redo", {}); }

  function confirmEnd() {
    if (!view || view.over) return;
    dialog(root, {
      title: t("bowls.endConfirm"), lines: [t("bowls.endConfirmText", { score: fmt.number(view.score) })],
      buttons: [
        { label: t("bowls.end"), primary: true, cls: "bw-end-yes", action: () => move("end", {}) },
        { label: t("bowls.cancel") },
      ],
    });
  }

  async function act(method, payload) {
    const before = view;
    const answer = await engine.call(method, payload);
    if (gone) return;
    if (!answer.accepted) {
      const key = `bowls.reason.${answer.reason ?? "refused"}`;
      const words = t(key, { n: (payload.bowl ?? 0) + 1 });
      ctx.announce(words === key ? t("bowls.reason.refused") : words); // never read a raw key out
      return;
    }
    view = answer.view;
    moved();
    persist(answer.save, answer.view);
    await keepProfile(answer.profile); // a banked attempt, an achievement (W24, W25)
    if (gone) return;
    forecastCache = new Map();
    const outcome = answer;
    listeners.forEach((fn) => { try { fn(answer); } catch (error) { console.error(error); } });
    announceMove(method, answer);
    const animated = answer.events.some((e) => e.type === "pickup");
    if (game.hidden) return; // the player left the game screen while it was asked
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
    if (gone || root.inert || root.dataset.screen !== "game" || root.querySelector(".bw-overlay")) return;
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

  // ----- two tabs (P10) ------------------------------------------------------------
  // Another tab stored a run: adopt it after the operations asked before (they answer first).
  function adoptExternal(name) {
    if (name !== "run") return;
    const text = store.get("run");
    if (!text) return;
    moved();
    serial(async () => {
      if (store.get("run") !== text) return; // a newer one came meanwhile: its own turn adopts it
      let loaded;
      try {
        loaded = await engine.call("load", { save: text });
      } catch (error) {
        if (error?.name !== "EngineError") console.error(error);
        return; // the shell moves corrupt values aside on the next load
      }
      if (gone) return;
      view = loaded;
      moved();
      chosen = null;
      ctx.notice(t("bowls.otherTab"));
      if (root.dataset.screen === "game") await showGame();
    });
  }

  // ----- start -------------------------------------------------------------------
  for (const mode of MODES) mode.setup?.(root, api); // puzzles' panel, themes and achievements (pure JS)
  // Issue 13: the view stored beside the run, drawn at once (only drawn: the page is
  // inert until the engine has loaded the run and the input is wired).
  const stored = ctx.storedView();
  if (stored && !stored.over && store.get("run") !== null) {
    try {
      view = stored;
      await showGame(true);
      ctx.painted();
    } catch (error) {
      console.error(error); // a stored view that does not draw is simply not drawn
      view = null;
      game.hidden = true;
      delete root.dataset.screen;
    }
  }
  // The first operation of the page: anything asked meanwhile (a click while the engine
  // was already up) waits for it.
  const booting = (async () => {
    view = await loadStored();
    for (const mode of MODES) await mode.ready?.(root, api); // what needs the engine's profile (the theme)
    await restoreOnScreen();
    if (view) ctx.keepView(view); // the engine's own view from now on
    else store.remove("view");
    if (view && !view.over) await showGame();
    else { await recordIfOver(); await showModes(); }
    ctx.painted();
  })();
  chain = booting.catch(() => {}); // a failed start fails the mount (below): the app says so
  await booting;
  document.addEventListener("keydown", onKey);
  const offExternal = store.onExternalChange?.(adoptExternal);
  // The app makes the page live right after mount: then focus lands where the screen puts it.
  setTimeout(() => {
    if (gone || root.inert || (document.activeElement && document.activeElement !== document.body)) return;
    if (root.dataset.screen === "game") api.focusBoard();
    else modesScreen.querySelector(".bw-continue, .bw-start")?.focus({ preventScroll: true });
  }, 0);

  return {
    unmount() {
      gone = true;
      if (asking > 0) engine.cancel().catch((error) => console.error(error));
      forecastAsk += 1;
      player.cancel();
      fitter.disconnect();
      window.removeEventListener("resize", fitRing);
      document.removeEventListener("keydown", onKey);
      offExternal?.();
      listeners.clear();
    },
  };
}
