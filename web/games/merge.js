// Hex Merge (merge): the page. It draws what the Python engine reports and
// forwards input (M12-M15); legality, merging, points and the end of the
// round come from club.merge.api.Session through ctx.engine.call.
import { html } from "../svg.js";
import { createBoard, previewOf } from "./merge/board.js";
import { createTray } from "./merge/tray.js";
import { createGhost } from "./merge/ghost.js";
import { createPlayer } from "./merge/anim.js";
import { createTimer, formatTime } from "./merge/timer.js";
import { createConfirm, createOver, createSettings, createSlots, summaryText } from "./merge/dialogs.js";
import { createHud } from "./merge/hud.js";
import { stoneName } from "./merge/stones.js";
import { randomSeed } from "../ui.js";

const STYLES = ["colors", "contrast", "pastel"];
const TICK_MS = 5000;
const DRAG_START_PX = 6;

export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const number = (v) => (ctx.number ? ctx.number(v) : String(v));
  root.classList.add("hm");
  html("link", { rel: "stylesheet", href: new URL("../css/merge.css", import.meta.url) }, root);

  // Cells, turn directions and arrow-key targets come once from the engine (M12).
  const geometry = engine.call("geometry", {});
  let view = engine.call("view", {});
  let marker = null; // keyboard target cell (M12)
  let hover = null; // cell under the mouse
  let drag = null; // {id, x0, y0, touch, dragging, cell}
  const cache = new Map(); // preview answers for the current position only (P4)
  const timers = new Set();
  const later = (fn, ms) => { const id = setTimeout(() => { timers.delete(id); fn(); }, ms); timers.add(id); };
  const timer = createTimer();
  let animations = 0; // the newest move's animation clears root.dataset.anim

  // ----- layout ---------------------------------------------------------------
  const hud = createHud(root, { t, number });
  const layout = html("div", { class: "hm-layout" }, root);
  layout.append(hud.bar);
  const boardWrap = html("div", { class: "hm-board-wrap" }, layout);
  const board = createBoard(boardWrap, { geometry, label: t("merge.boardLabel") });
  board.setDescriber((v) => stoneName(v, t));
  const side = html("div", { class: "hm-side" }, layout);
  const tray = createTray(side, { t, directions: geometry.directions, onRotate: rotate, onPress: pressPiece });
  const tools = html("div", { class: "hm-tools" }, side);
  const newBtn = html("button", { class: "btn hm-new", type: "button" }, tools, t("merge.newRound"));
  const slotsBtn = html("button", { class: "btn hm-slots-btn", type: "button" }, tools, t("merge.slots"));
  const setBtn = html("button", { class: "btn hm-settings-btn", type: "button" }, tools, t("merge.settings"));
  html("p", { class: "hm-help" }, side, t("merge.help"));
  const ghost = createGhost(geometry.directions);
  const player = createPlayer(board, { t, number });

  const menu = (open) => timer.hold("menu", open);
  const settings = createSettings(root, { t, styles: STYLES, onChange: changeSettings, onToggle: menu });
  const slots = createSlots(root, { t, number, slots: slotApi(), onToggle: menu });
  const over = createOver(root, { t, number, onNew: newRound, onToggle: menu });
  const confirm = createConfirm(root, { t, onToggle: (open) => timer.hold("confirm", open) });

  // ----- storage ----------------------------------------------------------------
  function storeRun(save) { store.set("run", save); }
  // The engine answers the profile as text when it changed; it is stored as it is.
  function storeProfile(answer) { if (answer.profile) store.set("profile", answer.profile); }
  // A round given up still counts for the best (issue 11; the engine decides).
  function abandon() {
    flushTime();
    storeProfile(engine.call("abandon", {}));
  }
  function flushTime() {
    const ms = timer.take();
    if (ms <= 0) return;
    const answer = engine.call("tick", { ms });
    if (!answer.accepted) return;
    view = answer.view;
    storeRun(answer.save);
  }

  function slotApi() {
    const key = (n) => `slot/${n}`;
    return {
      list: () => [1, 2, 3].map((n) => {
        const text = store.get(key(n));
        if (!text) return null;
        try { return engine.call("summary", { save: text }); } catch (e) { store.moveAside(key(n), e.message); return null; }
      }),
      async save(n) {
        const old = this.list()[n - 1];
        if (old && !(await confirm.ask({ title: t("merge.confirmSave.title", { n }),
          text: t("merge.confirmSave.text", { n, summary: summaryText(old, t, number) }), yes: t("merge.confirmSave.yes") }))) return false;
        flushTime();
        store.set(key(n), engine.call("save", {}));
        ctx.announce(t("merge.savedTo", { n }));
        return true;
      },
      async load(n) {
        if (view.in_progress && !(await confirm.ask({ title: t("merge.confirmLoad.title", { n }),
          text: t("merge.confirmLoad.text", { n }), yes: t("merge.slotLoad") }))) return false;
        const text = store.get(key(n));
        try { engine.call("summary", { save: text }); } catch (e) { store.moveAside(key(n), e.message); return false; }
        abandon();
        show(engine.call("load", { save: text }));
        storeRun(text);
        ctx.announce(t("merge.loadedFrom", { n }));
        return true;
      },
      exportCode: (n) => engine.call("export", { save: store.get(key(n)) }),
      importCode(code, n) { store.set(key(n), engine.call("import_code", { code }).save); },
    };
  }

  // ----- drawing ----------------------------------------------------------------
  function show(next) {
    player.stop();
    view = next;
    cache.clear();
    board.setBoard(view.board);
    render();
    refreshAim();
  }

  function render() {
    root.dataset.style = view.style;
    root.dataset.over = view.over ? "1" : "0";
    timer.hold("idle", !view.clock_runs);
    hud.render(view, view.timer ? view.play_ms + timer.peek() : null);
    tray.render(view);
  }

  // ----- preview (M13) ------------------------------------------------------------
  function previewAt(cell) {
    if (!cell || view.over) { board.clearPreview(); return null; }
    const key = `${cell}@${view.turn}`;
    if (!cache.has(key)) cache.set(key, engine.call("preview", { cell }));
    const answer = cache.get(key);
    board.showPreview(answer);
    return answer;
  }

  function refreshAim() {
    const cell = drag?.cell ?? marker ?? hover;
    if (cell) previewAt(cell); else board.clearPreview();
  }

  // ----- actions --------------------------------------------------------------------
  function placeAt(cell) {
    if (view.over || !cell) return false;
    const before = view.board;
    const ms = timer.take();
    const answer = engine.call("place", { cell, ms });
    if (!answer.accepted) { // a refusal changes nothing: the time is handed over later
      timer.refund(ms);
      refuse(cell, answer.reason);
      return false;
    }
    view = answer.view;
    cache.clear();
    storeRun(answer.save);
    storeProfile(answer);
    board.clearPreview();
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
    if (!marker && !hover) later(() => { if (!marker && !hover && !drag) board.clearPreview(); }, 700);
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

  function rotate(step) {
    if (!view.can_rotate) return;
    const answer = engine.call("rotate", { step });
    if (!answer.accepted) return;
    view = answer.view;
    storeRun(answer.save);
    tray.render(view);
    tray.el.dataset.spin = String((Number(tray.el.dataset.spin || 0) + step));
    refreshAim();
    ctx.announce(t("merge.say.turn", { turn: t(`merge.dir.${view.turn}`) }));
  }

  function newRound() {
    abandon();
    player.stop();
    over.shut();
    timer.take(); // time of the old round stays with it
    const next = engine.call("new", { seed: randomSeed() });
    storeRun(engine.call("save", {}));
    show(next);
    ctx.announce(t("merge.say.newRound"));
  }

  function openOver(newBest) {
    over.open({ score: view.score, moves: view.moves, highest: view.highest, playMs: view.play_ms,
      best: view.best, newBest });
  }

  function changeSettings(change) {
    const answer = engine.call("settings", { settings: change });
    if (!answer.accepted) return;
    storeProfile(answer);
    view = answer.view;
    storeRun(answer.save);
    render();
  }

  // ----- pointer: tap a free cell, hover preview, drag from the tray (M12) ---------------
  board.root.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse" || drag) return;
    const cell = board.cellAt(e.clientX, e.clientY);
    if (cell === hover) return;
    hover = cell;
    refreshAim();
  });
  board.root.addEventListener("pointerleave", () => { hover = null; if (!drag) refreshAim(); });
  board.root.addEventListener("click", (e) => {
    const cell = board.cellAt(e.clientX, e.clientY);
    if (cell) placeAt(cell);
  });

  function pressPiece(e, button) {
    if (view.over) return;
    if (!e) { // keyboard on the tray piece: aim on the board
      board.root.focus();
      setMarker(marker ?? "0:0");
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
    if (!dragging) { if (!cancelled) rotate(1); return; } // a tap on the pair turns it
    if (!cancelled && cell) placeAt(cell);
    refreshAim();
  };
  tray.current.addEventListener("pointerup", (e) => endDrag(e, false));
  tray.current.addEventListener("pointercancel", (e) => endDrag(e, true));

  // ----- keyboard: target marker on the board, R / Shift+R (M12) ----------------------
  function setMarker(cell) {
    marker = cell;
    board.showTarget(cell);
    const answer = previewAt(cell ?? hover);
    if (!cell || !answer) return;
    const { merging, points } = previewOf(answer);
    const key = !answer.accepted ? `merge.say.aim.${answer.reason}` : merging.length ? "merge.say.aim.merge" : "merge.say.aim.free";
    ctx.announce(t(key, { cell, stones: t("merge.nStones", { count: merging.length }),
      points: t("merge.nPoints", { count: points }) }));
  }

  board.root.addEventListener("keydown", (e) => {
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      setMarker(marker ? geometry.keys[marker][e.key] : "0:0");
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (marker) placeAt(marker); else setMarker("0:0");
    } else if (e.key === "Escape" && marker) {
      e.preventDefault();
      setMarker(null);
    }
  });
  board.root.addEventListener("focus", () => {
    if (!marker && board.root.matches(":focus-visible")) setMarker("0:0");
  });
  board.root.addEventListener("blur", () => { if (marker) { marker = null; board.showTarget(null); refreshAim(); } });

  const onKey = (e) => {
    if (e.code !== "KeyR" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, textarea, select, dialog") || root.querySelector("dialog[open]")) return;
    e.preventDefault();
    rotate(e.shiftKey ? -1 : 1);
  };
  document.addEventListener("keydown", onKey);

  // ----- toolbar ---------------------------------------------------------------------
  newBtn.addEventListener("click", async () => {
    if (view.in_progress && !(await confirm.ask({ title: t("merge.confirmNew.title"),
      text: t("merge.confirmNew.text"), yes: t("merge.newRound") }))) return;
    newRound();
  });
  slotsBtn.addEventListener("click", () => { flushTime(); slots.open(); });
  setBtn.addEventListener("click", () => settings.open({ ...view.settings, style: view.style }));

  // ----- time (M15): active play only; paused when hidden or in menus ----------------
  const clock = setInterval(() => {
    if (view.timer) hud.setTime(view.play_ms + timer.peek());
  }, 500);
  const ticker = setInterval(() => { if (timer.running()) flushTime(); }, TICK_MS);
  ctx.onVisibility((hidden) => {
    timer.hold("hidden", hidden);
    if (hidden) flushTime();
    if (view.timer) hud.setTime(view.play_ms + timer.peek());
  });
  timer.hold("hidden", document.hidden);

  // Another tab saved a newer round or profile (P10): take it.
  const offExternal = store.onExternalChange?.((name, value) => {
    if (!value) return;
    try {
      if (name === "run") { show(engine.call("load", { save: value })); ctx.notice(t("merge.otherTab")); }
      if (name === "profile") { engine.call("load_profile", { profile: value }); view = engine.call("view", {}); render(); }
    } catch { /* a bad value from elsewhere: keep ours */ }
  });

  // ----- start: resume the stored round (M15) or deal a new one ----------------------
  const card = await store.load("profile", (text) => engine.call("load_profile", { profile: text }));
  if (!card) engine.call("load_profile", { profile: null });
  const resumed = await store.load("run", (text) => engine.call("load", { save: text }));
  if (resumed) {
    show(resumed);
    if (view.over) openOver(false);
  } else {
    newRound();
  }

  return {
    unmount() {
      flushTime();
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
