// Hex Merge (merge): the page. It draws what the Python engine reports and
// forwards input (M12-M15); legality, merging, points and the end of the
// round come from club.merge.api.Session through `await ctx.engine.call`.
// Issue 13: the engine answers asynchronously (a worker). On a returning
// visit the page draws the view it stored beside the run at once, before
// Python is up; input waits for the engine's own load (the app keeps the page
// inert until mount resolves). Previews are latest-wins; actions are sent in
// input order and their answers applied in that order (one queue per game).
import { html } from "../svg.js";
import { createBoard, previewOf } from "./merge/board.js";
import { createTray } from "./merge/tray.js";
import { createGhost } from "./merge/ghost.js";
import { createPlayer } from "./merge/anim.js";
import { createTimer, formatTime } from "./merge/timer.js";
import { createConfirm, createOver, createSettings, createSlots, summaryText } from "./merge/dialogs.js";
import { createHud } from "./merge/hud.js";
import { stoneName } from "./merge/stones.js";
import { randomSeed } from "../kit/seed.js";

const STYLES = ["colors", "contrast", "pastel"];
const TICK_MS = 5000;
const DRAG_START_PX = 6;

export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const number = (v) => (ctx.number ? ctx.number(v) : String(v));
  root.classList.add("hm");
  html("link", { rel: "stylesheet", href: new URL("../css/merge.css", import.meta.url) }, root);

  // Cells, turn directions and arrow-key targets come from the engine (M12);
  // the copy stored beside the last view draws the board before it answers.
  let geometry = null;
  let view = null; // the view on screen; acted on only once `live`
  let live = false; // the engine has loaded the run: input is taken from here on
  let gone = false; // unmounted: a late answer draws nothing
  let marker = null; // keyboard target cell (M12)
  let hover = null; // cell under the mouse
  let drag = null; // {id, x0, y0, touch, dragging, cell}
  const cache = new Map(); // preview answers (promises) for the current position only (P4)
  let position = 0; // bumped whenever the drawn position changes: older previews are dropped
  let previews = 0; // the newest preview asked (latest wins)
  const timers = new Set();
  const later = (fn, ms) => { const id = setTimeout(() => { timers.delete(id); fn(); }, ms); timers.add(id); };
  const timer = createTimer();
  timer.hold("starting", true); // no play time counts before the engine has the run
  let sentMs = 0; // play time handed to the engine whose answer has not come yet
  let animations = 0; // the newest move's animation clears root.dataset.anim
  let pending = 0; // input being answered: root.dataset.busy
  const report = (error) => console.error(error);

  // ----- layout ---------------------------------------------------------------
  const directions = () => geometry.directions;
  const hud = createHud(root, { t, number });
  const layout = html("div", { class: "hm-layout" }, root);
  layout.append(hud.bar);
  const boardWrap = html("div", { class: "hm-board-wrap" }, layout);
  const board = createBoard(boardWrap, { geometry: null, label: t("merge.boardLabel") });
  board.setDescriber((v) => stoneName(v, t));
  const side = html("div", { class: "hm-side" }, layout);
  const tray = createTray(side, { t, directions, onRotate: (step) => act(rotate, step), onPress: pressPiece });
  const tools = html("div", { class: "hm-tools" }, side);
  const newBtn = html("button", { class: "btn hm-new", type: "button" }, tools, t("merge.newRound"));
  const slotsBtn = html("button", { class: "btn hm-slots-btn", type: "button" }, tools, t("merge.slots"));
  const setBtn = html("button", { class: "btn hm-settings-btn", type: "button" }, tools, t("merge.settings"));
  html("p", { class: "hm-help" }, side, t("merge.help"));
  const ghost = createGhost(directions);
  const player = createPlayer(board, { t, number });

  const menu = (open) => timer.hold("menu", open);
  const settings = createSettings(root, { t, styles: STYLES, onChange: (change) => act(changeSettings, change), onToggle: menu });
  const slots = createSlots(root, { t, number, slots: slotApi(), onToggle: menu });
  const over = createOver(root, { t, number, onNew: () => act(newRound), onToggle: menu });
  const confirm = createConfirm(root, { t, onToggle: (open) => timer.hold("confirm", open) });

  // ----- input through the engine ------------------------------------------------
  // Counts as busy (root.dataset.busy = "1") until its answers are drawn.
  async function busy(fn) {
    pending += 1;
    root.dataset.busy = "1";
    try {
      return await fn();
    } finally {
      pending -= 1;
      if (!pending) root.dataset.busy = "0";
    }
  }
  // An action from input: taken only once the engine has the run (a stored
  // view is never acted on) and never after unmount; a failure is logged.
  function act(fn, ...args) {
    if (live && !gone) busy(() => fn(...args)).catch(report);
  }

  // ----- storage ----------------------------------------------------------------
  // The run and the engine's view of it are stored together: the view is what
  // the next visit draws at once (issue 13). Data the engine answered is stored
  // even after unmount (it is the engine's run); only drawing stops.
  function storeRun(save, shown) {
    store.set("run", save);
    ctx.keepView(shown);
  }
  // The engine answers the profile as text when it changed; it is stored as it is.
  function storeProfile(answer) { if (answer.profile) store.set("profile", answer.profile); }
  // A round given up still counts for the best (issue 11; the engine decides).
  async function abandon() {
    const [, answer] = await Promise.all([flushTime(), engine.call("abandon", {})]);
    storeProfile(answer);
  }
  // Play time measured on this page goes with the next call (M15); the clock
  // shown never waits for the answer (sentMs bridges the round trip).
  function takeMs() {
    const ms = timer.take();
    sentMs += ms;
    return ms;
  }
  const elapsed = () => view.play_ms + sentMs + timer.peek();
  async function flushTime() {
    const ms = takeMs();
    if (ms <= 0) return;
    let answer;
    try {
      answer = await engine.call("tick", { ms });
    } finally {
      sentMs -= ms;
    }
    if (!answer.accepted) return;
    if (!gone) view = answer.view;
    storeRun(answer.save, answer.view);
  }

  function slotApi() {
    const key = (n) => `slot/${n}`;
    const summary = async (n) => {
      const text = store.get(key(n));
      if (!text) return null;
      try {
        return await engine.call("summary", { save: text });
      } catch (e) {
        store.moveAside(key(n), e.message);
        return null;
      }
    };
    return {
      list: () => busy(() => Promise.all([1, 2, 3].map(summary))),
      async save(n) {
        const old = await busy(() => summary(n));
        if (old && !(await confirm.ask({ title: t("merge.confirmSave.title", { n }),
          text: t("merge.confirmSave.text", { n, summary: summaryText(old, t, number) }), yes: t("merge.confirmSave.yes") }))) return false;
        return busy(async () => {
          const [, text] = await Promise.all([flushTime(), engine.call("save", {})]);
          store.set(key(n), text);
          if (!gone) ctx.announce(t("merge.savedTo", { n }));
          return true;
        });
      },
      async load(n) {
        if (view.in_progress && !(await confirm.ask({ title: t("merge.confirmLoad.title", { n }),
          text: t("merge.confirmLoad.text", { n }), yes: t("merge.slotLoad") }))) return false;
        if (gone) return false;
        return busy(async () => {
          const text = store.get(key(n));
          try {
            await engine.call("summary", { save: text });
          } catch (e) {
            store.moveAside(key(n), e.message);
            return false;
          }
          const [, next] = await Promise.all([abandon(), engine.call("load", { save: text })]);
          storeRun(text, next);
          if (gone) return false;
          show(next);
          ctx.announce(t("merge.loadedFrom", { n }));
          return true;
        });
      },
      exportCode: (n) => busy(() => engine.call("export", { save: store.get(key(n)) })),
      importCode: (code, n) => busy(async () => {
        const answer = await engine.call("import_code", { code });
        store.set(key(n), answer.save);
      }),
    };
  }

  // ----- drawing ----------------------------------------------------------------
  function newPosition() {
    position += 1;
    cache.clear();
  }

  function show(next) {
    player.stop();
    view = next;
    newPosition();
    board.setBoard(view.board);
    render();
    refreshAim();
  }

  function render() {
    root.dataset.style = view.style;
    root.dataset.over = view.over ? "1" : "0";
    timer.hold("idle", !view.clock_runs);
    hud.render(view, view.timer ? elapsed() : null);
    tray.render(view);
  }

  // ----- preview (M13) ------------------------------------------------------------
  function clearAim() {
    previews += 1; // a preview still on its way is not shown
    board.clearPreview();
  }

  // The engine's preview of the piece at a cell, drawn when it comes, unless a
  // newer preview was asked or the position changed meanwhile (latest wins).
  // Resolves the answer drawn, or null; never rejects.
  async function previewAt(cell) {
    if (!cell || view.over) { clearAim(); return null; }
    const ask = ++previews;
    const at = position;
    const key = `${cell}@${view.turn}`;
    if (!cache.has(key)) cache.set(key, engine.call("preview", { cell }));
    let answer;
    try {
      answer = await cache.get(key);
    } catch (error) {
      if (at === position) cache.delete(key);
      report(error);
      return null;
    }
    if (gone || ask !== previews || at !== position) return null;
    board.showPreview(answer);
    return answer;
  }

  function refreshAim() {
    const cell = drag?.cell ?? marker ?? hover;
    if (cell) previewAt(cell); else clearAim();
  }

  // ----- actions (each awaited, applied in the order sent) --------------------------
  async function placeAt(cell) {
    if (view.over || !cell) return false;
    const ms = takeMs();
    let answer;
    try {
      answer = await engine.call("place", { cell, ms });
    } catch (error) {
      timer.refund(ms);
      throw error;
    } finally {
      sentMs -= ms;
    }
    if (!answer.accepted) { // a refusal changes nothing: the time is handed over later
      timer.refund(ms);
      if (!gone) refuse(cell, answer.reason);
      return false;
    }
    storeRun(answer.save, answer.view);
    storeProfile(answer);
    if (gone) return true;
    const before = view.board;
    view = answer.view;
    newPosition();
    clearAim();
    render();
    const reduced = ctx.reducedMotion();
    root.classList.toggle("hm-reduced", reduced);
    const played = player.play(answer.events, before, view.board, reduced) ?? 0;
    const token = ++animations;
    root.dataset.anim = "1";
    later(() => { if (token === animations) root.dataset.anim = "0"; }, played);
    say(answer);
    const recorded = answer.events.find((e) => e.type === "recorded");
    if (view.over) later(() => openOver(Boolean(recorded?.new_best)), played + (reduced ? 100 : 400));
    else if (marker) later(refreshAim, played);
    return true;
  }

  function refuse(cell, reason) {
    previewAt(cell);
    board.root.classList.remove("hm-shake");
    void board.root.getBoundingClientRect();
    board.root.classList.add("hm-shake");
    ctx.announce(t(`merge.reason.${reason}`));
    if (!marker && !hover) later(() => { if (!marker && !hover && !drag) clearAim(); }, 700);
  }

  function say(answer) {
    const parts = [];
    const merged = answer.events.filter((e) => e.type === "merged");
    const set = answer.events.find((e) => e.type === "set");
    const points = (n) => t("merge.nPoints", { count: n });
    if (!merged.length) parts.push(t("merge.say.placed", { piece: set.values.map((v) => stoneName(v, t)).join(" + "), cell: set.cells[0] }));
    for (const e of merged) {
      if (e.step > 1 && e === merged.find((m) => m.step === e.step)) parts.push(t("merge.say.chain", { n: e.step }));
      parts.push(t(e.joker ? "merge.say.mergedJoker" : "merge.say.merged",
        { n: e.cells.length, v: e.value, result: number(e.result), points: points(e.points) }));
    }
    parts.push(t("merge.say.score", { score: number(view.score) }));
    if (view.over) parts.push(t("merge.say.over", { score: number(view.score) }));
    ctx.announce(parts.join(" "));
  }

  async function rotate(step) {
    if (!view.can_rotate) return;
    const answer = await engine.call("rotate", { step });
    if (!answer.accepted) return;
    storeRun(answer.save, answer.view);
    if (gone) return;
    view = answer.view;
    newPosition();
    tray.render(view);
    tray.el.dataset.spin = String((Number(tray.el.dataset.spin || 0) + step));
    refreshAim();
    ctx.announce(t("merge.say.turn", { turn: t(`merge.dir.${view.turn}`) }));
  }

  // The calls go out at once, in this order (one queue per game); the answers are awaited together.
  async function newRound() {
    const abandoned = abandon();
    player.stop();
    over.shut();
    timer.take(); // time of the old round stays with it
    const next = engine.call("new", { seed: randomSeed() });
    const save = engine.call("save", {});
    const [, shown, text] = await Promise.all([abandoned, next, save]);
    storeRun(text, shown);
    if (gone) return;
    show(shown);
    ctx.announce(t("merge.say.newRound"));
  }

  function openOver(newBest) {
    over.open({ score: view.score, moves: view.moves, highest: view.highest, playMs: view.play_ms,
      best: view.best, newBest });
  }

  async function changeSettings(change) {
    const answer = await engine.call("settings", { settings: change });
    if (!answer.accepted) return;
    storeProfile(answer);
    storeRun(answer.save, answer.view);
    if (gone) return;
    view = answer.view;
    render();
  }

  // ----- pointer: tap a free cell, hover preview, drag from the tray (M12) ---------------
  board.root.addEventListener("pointermove", (e) => {
    if (!live || e.pointerType !== "mouse" || drag) return;
    const cell = board.cellAt(e.clientX, e.clientY);
    if (cell === hover) return;
    hover = cell;
    refreshAim();
  });
  board.root.addEventListener("pointerleave", () => {
    if (!live) return;
    hover = null;
    if (!drag) refreshAim();
  });
  board.root.addEventListener("click", (e) => {
    const cell = board.cellAt(e.clientX, e.clientY);
    if (cell) act(placeAt, cell);
  });

  function pressPiece(e, button) {
    if (!live || view.over) return;
    if (!e) { // keyboard on the tray piece: aim on the board
      board.root.focus();
      aim(marker ?? "0:0");
      return;
    }
    if (e.button > 0 || drag) return;
    e.preventDefault();
    button.setPointerCapture?.(e.pointerId);
    drag = { id: e.pointerId, x0: e.clientX, y0: e.clientY, touch: e.pointerType !== "mouse", dragging: false, cell: null };
  }

  tray.current.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.dragging) {
      if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < DRAG_START_PX) return;
      drag.dragging = true;
      root.classList.add("hm-dragging");
      ghost.show(view.current, view.turn, board.cellPixels(), view.style);
    }
    const anchor = ghost.move(e.clientX, e.clientY, drag.touch);
    const cell = board.cellAt(anchor.x, anchor.y);
    if (cell !== drag.cell) { drag.cell = cell; refreshAim(); }
  });
  const endDrag = (e, cancelled) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { dragging, cell } = drag;
    drag = null;
    ghost.hide();
    root.classList.remove("hm-dragging");
    if (!dragging) { if (!cancelled) act(rotate, 1); return; } // a tap on the pair turns it
    if (!cancelled && cell) act(placeAt, cell);
    refreshAim();
  };
  tray.current.addEventListener("pointerup", (e) => endDrag(e, false));
  tray.current.addEventListener("pointercancel", (e) => endDrag(e, true));

  // ----- keyboard: target marker on the board, R / Shift+R (M12) ----------------------
  // The marker moves at once; what it would do is said when the engine's preview comes.
  async function setMarker(cell) {
    marker = cell;
    board.showTarget(cell);
    const answer = await previewAt(cell ?? hover);
    if (!cell || !answer || marker !== cell) return;
    const { merging, points } = previewOf(answer);
    const key = !answer.accepted ? `merge.say.aim.${answer.reason}` : merging.length ? "merge.say.aim.merge" : "merge.say.aim.free";
    ctx.announce(t(key, { cell, stones: t("merge.nStones", { count: merging.length }),
      points: t("merge.nPoints", { count: points }) }));
  }
  const aim = (cell) => { setMarker(cell).catch(report); };

  board.root.addEventListener("keydown", (e) => {
    if (!live) return;
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      aim(marker ? geometry.keys[marker][e.key] : "0:0");
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (marker) act(placeAt, marker); else aim("0:0");
    } else if (e.key === "Escape" && marker) {
      e.preventDefault();
      aim(null);
    }
  });
  board.root.addEventListener("focus", () => {
    if (live && !marker && board.root.matches(":focus-visible")) aim("0:0");
  });
  board.root.addEventListener("blur", () => { if (marker) { marker = null; board.showTarget(null); refreshAim(); } });

  const onKey = (e) => {
    if (!live || e.code !== "KeyR" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, textarea, select, dialog") || root.querySelector("dialog[open]")) return;
    e.preventDefault();
    act(rotate, e.shiftKey ? -1 : 1);
  };
  document.addEventListener("keydown", onKey);

  // ----- toolbar ---------------------------------------------------------------------
  newBtn.addEventListener("click", async () => {
    if (!live) return;
    if (view.in_progress && !(await confirm.ask({ title: t("merge.confirmNew.title"),
      text: t("merge.confirmNew.text"), yes: t("merge.newRound") }))) return;
    act(newRound);
  });
  slotsBtn.addEventListener("click", () => act(() => Promise.all([flushTime(), slots.open()])));
  setBtn.addEventListener("click", () => { if (live) settings.open({ ...view.settings, style: view.style }); });

  // ----- time (M15): active play only; paused when hidden or in menus ----------------
  const clock = setInterval(() => {
    if (live && view.timer) hud.setTime(elapsed());
  }, 500);
  const ticker = setInterval(() => { if (live && timer.running()) flushTime().catch(report); }, TICK_MS);
  ctx.onVisibility((hidden) => {
    timer.hold("hidden", hidden);
    if (!live) return;
    if (hidden) flushTime().catch(report);
    if (view.timer) hud.setTime(elapsed());
  });
  timer.hold("hidden", document.hidden);

  // Another tab saved a newer round or profile (P10): take it. A change seen
  // while this page is starting is taken once the engine has our run.
  const missed = new Map();
  const offExternal = store.onExternalChange?.((name, value) => {
    if (!value || gone || (name !== "run" && name !== "profile")) return;
    if (!live) { missed.set(name, value); return; }
    act(name === "run" ? adoptRun : adoptProfile, value);
  });
  const bad = (error) => { if (error?.name !== "EngineError") throw error; }; // a bad value from elsewhere: keep ours
  async function adoptRun(value) {
    let next;
    try { next = await engine.call("load", { save: value }); } catch (error) { bad(error); return; }
    ctx.keepView(next); // the view of the run now stored (the other tab's)
    if (gone) return;
    show(next);
    ctx.notice(t("merge.otherTab"));
  }
  async function adoptProfile(value) {
    let next;
    try {
      await engine.call("load_profile", { profile: value });
      next = await engine.call("view", {});
    } catch (error) { bad(error); return; }
    ctx.keepView(next);
    if (gone) return;
    view = next;
    render();
  }

  // ----- start (M15, issue 13) ---------------------------------------------------------
  // 1. The board at once: the view stored beside the run, drawn only.
  const keptGeometry = ctx.storedView("geometry");
  const kept = store.get("run") ? ctx.storedView() : null;
  if (keptGeometry && kept) {
    try {
      geometry = keptGeometry;
      board.reshape(geometry);
      view = kept;
      board.setBoard(view.board);
      render();
      ctx.painted();
    } catch (error) {
      // A drawing aid only (an older or damaged copy): not drawn; the engine's load follows.
      console.warn("6E Club: the stored merge view was not drawn", error);
      geometry = null;
      view = null;
      board.reshape(null);
    }
  }
  // 2. The engine: its geometry, the profile and the run (or a new round), drawn live.
  const fresh = await engine.call("geometry", {});
  if (JSON.stringify(fresh) !== JSON.stringify(geometry)) {
    geometry = fresh;
    board.reshape(geometry);
  }
  if (JSON.stringify(fresh) !== JSON.stringify(keptGeometry)) ctx.keepView(fresh, "geometry");
  const card = await store.load("profile", (text) => engine.call("load_profile", { profile: text }));
  if (!card) await engine.call("load_profile", { profile: null });
  const loaded = store.get("run");
  const resumed = await store.load("run", (text) => engine.call("load", { save: text }));
  if (resumed) {
    show(resumed);
    if (JSON.stringify(resumed) !== store.get("view")) ctx.keepView(resumed);
  } else {
    await newRound();
  }
  ctx.painted();
  timer.hold("starting", false);
  live = true;
  if (view.over) openOver(false);
  if (missed.get("profile")) act(adoptProfile, missed.get("profile"));
  if (missed.get("run") && missed.get("run") !== loaded) act(adoptRun, missed.get("run"));

  return {
    unmount() {
      live = false;
      gone = true;
      flushTime().catch(report); // the time played goes to the engine and the stored run
      player.stop();
      timers.forEach((id) => clearTimeout(id));
      clearInterval(clock);
      clearInterval(ticker);
      document.removeEventListener("keydown", onKey);
      offExternal?.();
      ghost.remove();
    },
  };
}
