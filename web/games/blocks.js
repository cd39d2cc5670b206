// 6E Club Game (blocks): the page. It draws what the Python engine reports
// and forwards input (B19–B21); legality, scores and the end come from the
// engine (club.blocks.api.Session) through `await ctx.engine.call` (issue 13:
// the engine runs in a worker). A returning visit draws the view stored beside
// the run at once; input waits for the engine's own view (`live`), one action
// at a time (`busy`), and a preview answer that comes after the aim moved on
// is dropped (latest wins).
import { html, svg } from "../svg.js";
import { createBoard, SIZE } from "./blocks/board.js";
import { pieceArt, pieceBox } from "./blocks/draw.js";
import { askNewRun, createCard, createHud, showOver } from "./blocks/hud.js";
import { randomSeed } from "../kit/seed.js";

const DRAG_START_PX = 6;
const TOUCH_LIFT = 1.5; // the dragged piece floats this many cell heights above the finger (B19)
const PAINT_CHARS = "0123456789ab";

export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const fmt = { t, number: ctx.number ?? ((v) => String(v)) };
  root.classList.add("bk");
  const sheet = html("link", { rel: "stylesheet", href: new URL("../css/blocks.css", import.meta.url) }, root);
  // Mounted only once styled: an unstyled board fills the screen for a frame.
  const styled = new Promise((done) => { sheet.onload = done; sheet.onerror = done; });

  const hud = createHud(root, fmt);
  const boardWrap = html("div", { class: "bk-board-wrap" }, root);
  let geometry = null; // the engine's, or the copy stored beside the run (issue 13)
  let board = null; // built from the geometry (buildBoard)
  const tray = html("div", { class: "bk-tray", role: "group", "aria-label": t("blocks.tray") }, root);
  hud.addButtons(root);
  const card = createCard(root, fmt);
  // Inside root, where the piece colours (--f0…) are defined: on <body> it drew black.
  const ghost = svg("svg", { class: "bk-ghost", "aria-hidden": "true", hidden: "" }, root);
  const showGhost = (on) => ghost.toggleAttribute("hidden", !on); // SVG elements have no .hidden

  let view = null;
  let live = false; // view is the engine's own: before that a stored view is only drawn, never acted on
  let busy = 0; // actions and other-tab adoptions on their way to the engine: no new input meanwhile
  let gone = false; // unmounted: late answers do nothing
  let aims = 0; // B20 previews, latest wins: an answer for an older aim is dropped
  let lastAim = Promise.resolve(null);
  let targets = [new Set(), new Set(), new Set()];
  let paint = []; // cosmetic: shape family per filled cell
  let held = null; // {slot, mode: "drag" | "tap" | "key", touch, target}
  let press = null; // a pointer down on a tray piece, before it is a drag or a tap
  let tapPress = null; // a pointer down on the board while a tapped piece is held
  let ghostBox = null; // the dragged piece's art box (viewBox units)
  let overlay = null;
  const timers = new Set();
  const later = (fn, ms) => { const id = setTimeout(() => { timers.delete(id); fn(); }, ms); timers.add(id); };

  // ----- storage ------------------------------------------------------------
  function loadPaint(boardText) {
    const text = store.get("paint");
    const ok = typeof text === "string" && text.length === boardText.length;
    paint = [...boardText].map((c, i) => {
      if (c !== "x") return null;
      const f = ok ? PAINT_CHARS.indexOf(text[i]) : -1;
      return f >= 0 ? f : null;
    });
  }

  function persist(answer) {
    // Refused when another tab stored a newer run (P10): that run is adopted, so
    // its paint and view stay beside it.
    if (store.set("run", answer.save)) {
      store.set("paint", paint.map((f) => (f === null ? "." : PAINT_CHARS[f])).join(""));
      ctx.keepView(answer.view); // drawn at once on the next visit (issue 13)
    }
    // The card changed (a run was banked): the engine's text, stored as is.
    if (answer.profile !== null) store.set("profile", answer.profile);
  }

  // ----- the tray -----------------------------------------------------------
  const slots = [0, 1, 2].map((slot) => {
    const button = html("button", { class: "bk-slot", type: "button", "data-slot": slot }, tray);
    button.addEventListener("pointerdown", (e) => onPressDown(e, slot));
    button.addEventListener("pointermove", onPressMove);
    button.addEventListener("pointerup", onPressUp);
    button.addEventListener("pointercancel", () => { press = null; release(); });
    button.addEventListener("keydown", (e) => onSlotKey(e, slot));
    button.addEventListener("click", (e) => e.preventDefault());
    return button;
  });
  // Over the faded tray (all pieces misfit then), so showing it moves nothing (B14).
  const offer = html("p", { class: "bk-offer", hidden: true, role: "status" }, tray, t("blocks.offer"));

  function renderTray() {
    view.tray.forEach((piece, slot) => {
      const button = slots[slot];
      button.replaceChildren();
      button.dataset.piece = piece.piece ?? "";
      button.dataset.fits = piece.fits ? "1" : "0";
      button.classList.toggle("empty", !piece.piece);
      button.classList.toggle("faded", Boolean(piece.piece) && !piece.fits);
      button.classList.toggle("held", held?.slot === slot);
      button.setAttribute("aria-pressed", held?.slot === slot ? "true" : "false");
      const usable = Boolean(piece.piece) && piece.fits && !view.over;
      button.setAttribute("aria-disabled", usable ? "false" : "true");
      if (!piece.piece) {
        button.setAttribute("aria-label", t("blocks.slotUsed", { n: slot + 1 }));
        return;
      }
      const box = pieceBox(piece.cells, SIZE);
      const art = svg("svg", {
        viewBox: `${box.minX} ${box.minY} ${box.width} ${box.height}`, class: "bk-slot-art", "aria-hidden": "true",
        style: `--cells-w:${(box.width / (2 * SIZE)).toFixed(3)}`,
      }, button);
      pieceArt(art, piece.cells, piece.family, SIZE);
      const name = t(`blocks.shape.${piece.shape}`);
      button.setAttribute("aria-label", t(piece.fits ? "blocks.slotLabel" : "blocks.slotNoRoom",
        { n: slot + 1, shape: name, count: piece.cells.length }));
    });
    offer.hidden = !view.redeal_offered;
  }

  // ----- render ---------------------------------------------------------------
  function render() {
    targets = view.tray.map((s) => new Set(s.targets));
    hud.render(view);
    card.render(view.profile);
    board.setCells(view.board, paint);
    renderTray();
    root.dataset.over = view.over ? "1" : "0";
  }

  // ----- aiming (B20) ---------------------------------------------------------
  function markHeld() {
    slots.forEach((b, i) => {
      b.classList.toggle("held", held?.slot === i);
      b.setAttribute("aria-pressed", held?.slot === i ? "true" : "false");
    });
    root.dataset.held = held ? String(held.slot) : "";
  }

  function pick(slot, mode, touch = false) {
    const piece = view.tray[slot];
    if (view.over || !piece.piece || !piece.fits) return false;
    held = { slot, mode, touch, target: null };
    markHeld();
    return true;
  }

  function release() {
    aims += 1; // a preview still on its way is for a piece no longer held
    held = null;
    tapPress = null;
    board?.clearPreview(); // no board yet while the first visit waits for the engine's geometry
    board?.showTarget(null);
    showGhost(false);
    markHeld();
  }

  const sameCell = (a, b) => Boolean(a && b) && a.q === b.q && a.r === b.r;

  // Aim the held piece at `cell`: the target and the ghost's look at once, the
  // B20 preview when the engine answers. Resolves to what is shown ("fit",
  // "misfit", "off") or null when the answer was dropped (a newer aim, another
  // view, the piece put back); never rejects.
  function aim(cell) {
    if (!held) return Promise.resolve(null);
    if (sameCell(cell, held.target) || (!cell && !held.target)) return lastAim;
    held.target = cell;
    const ticket = ++aims;
    if (held.mode === "key") board.showTarget(cell);
    const onBoard = board.onBoard(cell);
    // Over the board the preview is the piece: the dragged copy turns faint so it never hides it.
    ghost.classList.toggle("aiming", onBoard);
    if (!onBoard) { board.clearPreview(); return (lastAim = Promise.resolve("off")); }
    const piece = view.tray[held.slot];
    // No legal drop here: outline where the piece would be.
    const misfit = () => {
      board.showPreview({ legal: false, cells: piece.cells.map(([dq, dr]) => [cell.q + dq, cell.r + dr]), rows: [] }, piece.family);
      return "misfit";
    };
    // The view's targets say where a drop is legal; the preview is the drop on a copy (its cells and rows).
    if (!targets[held.slot].has(board.index(cell.q, cell.r))) return (lastAim = Promise.resolve(misfit()));
    const seen = view;
    lastAim = engine.call("preview", { slot: held.slot, cell: [cell.q, cell.r] }).then((answer) => {
      if (gone || ticket !== aims || view !== seen) return null; // stale: a newer aim or view is on screen
      if (!answer.legal) return misfit();
      board.showPreview(answer, piece.family);
      return "fit";
    }, (error) => {
      if (!gone) console.error(error);
      return null;
    });
    return lastAim;
  }

  // One action at a time, and only on the engine's own view: `send` asks the
  // engine, `use` applies its answer (both skipped once unmounted). Answers of
  // one game come in the order asked. Resolves to use's result, or null.
  async function act(send, use) {
    if (!live || busy || gone) return null;
    busy += 1;
    try {
      const answer = await send();
      return gone ? null : use(answer);
    } catch (error) {
      if (!gone) console.error(error); // the engine refused a payload the page made: a bug, not a move
      return null;
    } finally {
      busy -= 1;
    }
  }

  // Drop the held piece where it is aimed; resolves true when the engine took it.
  async function commit() {
    if (!live || busy || !held?.target || !board.onBoard(held.target)) return false;
    const { slot, target } = held;
    const done = await act(() => engine.call("place", { slot, cell: [target.q, target.r] }), (answer) => {
      if (!answer.accepted) {
        ctx.announce(t("blocks.say.noFit"));
        return false;
      }
      release();
      apply(answer);
      return true;
    });
    return Boolean(done);
  }

  // ----- dragging and tapping (B19) ------------------------------------------
  function onPressDown(e, slot) {
    if (e.button > 0 || press || !live || busy) return;
    const piece = view.tray[slot];
    if (!piece.piece || !piece.fits || view.over) return;
    e.preventDefault();
    slots[slot].setPointerCapture?.(e.pointerId);
    press = { slot, id: e.pointerId, x0: e.clientX, y0: e.clientY, touch: e.pointerType !== "mouse", dragging: false };
  }

  function placeGhost(x, y) {
    const piece = view.tray[held.slot];
    const scale = board.cellPixels() / SIZE;
    const cx = x;
    const cy = held.touch ? y - TOUCH_LIFT * 2 * board.cellPixels() : y;
    if (ghost.hasAttribute("hidden") || ghost.dataset.slot !== String(held.slot)) {
      ghostBox = pieceBox(piece.cells, SIZE);
      ghost.replaceChildren();
      ghost.setAttribute("viewBox", `${ghostBox.minX} ${ghostBox.minY} ${ghostBox.width} ${ghostBox.height}`);
      pieceArt(ghost, piece.cells, piece.family, SIZE);
      ghost.dataset.slot = held.slot;
      showGhost(true);
    }
    const box = ghostBox;
    Object.assign(ghost.style, {
      left: `${cx + box.minX * scale}px`, top: `${cy + box.minY * scale}px`,
      width: `${box.width * scale}px`, height: `${box.height * scale}px`,
    });
    ghost.dataset.cx = cx.toFixed(1);
    ghost.dataset.cy = cy.toFixed(1);
    ghost.dataset.lift = (y - cy).toFixed(1);
    return { x: cx, y: cy };
  }

  function onPressMove(e) {
    if (!press || e.pointerId !== press.id) return;
    if (!press.dragging) {
      if (Math.hypot(e.clientX - press.x0, e.clientY - press.y0) < DRAG_START_PX) return;
      press.dragging = true;
      release();
      pick(press.slot, "drag", press.touch);
      root.classList.add("dragging");
    }
    const centre = placeGhost(e.clientX, e.clientY);
    aim(board.cellAt(centre.x, centre.y));
  }

  function onPressUp(e) {
    if (!press || e.pointerId !== press.id) return;
    const { slot, dragging } = press;
    press = null;
    root.classList.remove("dragging");
    if (dragging) {
      commit().then((done) => { if (!done && !gone) release(); });
    } else if (held?.slot === slot) {
      release(); // tap the held piece again: put it back
    } else {
      release();
      pick(slot, "tap", e.pointerType !== "mouse");
    }
  }

  // Tap-then-tap (B19, B20). The mouse aims by hovering, so its click drops.
  // A finger cannot hover: its first tap aims (the preview shows under it and
  // follows it while it slides), a second tap on that same cell drops.
  // The board's listeners sit on its wrapper, which is there before the board
  // is built (from the stored or the engine's geometry); only events on the board count.
  const onBoardRoot = (type, fn) => boardWrap.addEventListener(type, (e) => {
    if (board?.root.contains(e.target)) fn(e);
  });
  onBoardRoot("pointerdown", (e) => {
    if (held?.mode !== "tap" || press || e.button > 0) return;
    const cell = board.cellAt(e.clientX, e.clientY);
    const mouse = e.pointerType === "mouse";
    tapPress = { id: e.pointerId, mouse, cell, armed: !mouse && sameCell(cell, held.target) };
    if (!mouse) aim(cell);
  });
  onBoardRoot("pointermove", (e) => {
    if (held?.mode !== "tap" || press) return;
    if (e.pointerType === "mouse" || tapPress?.id === e.pointerId) aim(board.cellAt(e.clientX, e.clientY));
  });
  onBoardRoot("pointerup", (e) => {
    if (!tapPress || e.pointerId !== tapPress.id) return;
    const { mouse, cell, armed } = tapPress;
    tapPress = null;
    if (held?.mode !== "tap") return;
    const at = board.cellAt(e.clientX, e.clientY);
    aim(at);
    if (mouse || (armed && sameCell(at, cell))) commit();
  });
  onBoardRoot("pointercancel", () => { tapPress = null; });

  // ----- keyboard (B19) --------------------------------------------------------
  function onSlotKey(e, slot) {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    if (!live || busy) return;
    if (!pick(slot, "key")) { ctx.announce(t("blocks.say.cannotPick")); return; }
    const start = { q: 0, r: 0 };
    board.root.focus();
    aim(start);
    ctx.announce(t("blocks.say.picked", { shape: t(`blocks.shape.${view.tray[slot].shape}`) }));
  }

  function focusTray() {
    const next = view.tray.findIndex((p) => p.piece && p.fits);
    if (next >= 0 && !view.over) slots[next].focus();
    else if (!view.over && view.redeals > 0) hud.redeal.focus();
  }

  onBoardRoot("keydown", (e) => {
    if (held?.mode !== "key") return;
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      // B19: where each arrow goes from each cell comes from the engine (hexgrid.key_map).
      const from = held.target ? `${held.target.q}:${held.target.r}` : "0:0";
      const [q, r] = (geometry.keys[from]?.[e.key] ?? "0:0").split(":").map(Number);
      const c = { q, r };
      aim(c).then((shown) => {
        // Said once the preview is shown, and only if the target is still there.
        if (!shown || gone || held?.mode !== "key" || !sameCell(held.target, c)) return;
        ctx.announce(t(shown === "fit" ? "blocks.say.aimFit" : "blocks.say.aimMisfit", { cell: `${c.q}:${c.r}` }));
      });
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      commit().then((done) => { if (done && !gone) focusTray(); });
    } else if (e.key === "Escape") {
      e.preventDefault();
      const slot = held.slot;
      release();
      slots[slot].focus();
    }
  });
  onBoardRoot("focusout", () => { if (held?.mode === "key") release(); }); // blur does not bubble
  const onDocKey = (e) => {
    if (e.key === "Escape" && held && held.mode !== "key") release();
  };
  document.addEventListener("keydown", onDocKey);

  // ----- actions ---------------------------------------------------------------
  function apply(answer) {
    const events = answer.events;
    for (const e of events) {
      if (e.type === "placed") e.cells.forEach((c) => { paint[board.index(...c.split(":").map(Number))] = e.family; });
      if (e.type === "cleared") e.cells.forEach((c) => { paint[board.index(...c.split(":").map(Number))] = null; });
    }
    view = answer.view;
    persist(answer);
    render();
    play(events);
  }

  function play(events) {
    const reduced = ctx.reducedMotion();
    root.classList.toggle("bk-reduced", reduced);
    const placed = events.find((e) => e.type === "placed");
    const crown = events.find((e) => e.type === "crown");
    const said = [];
    for (const e of events) {
      if (e.type === "placed") board.fxCells(e.cells, "bk-fx-place", 400);
      else if (e.type === "cleared") {
        board.fxCells(e.cells, "bk-fx-clear", reduced ? 300 : 700);
        said.push(t("blocks.say.cleared", { count: e.count }));
      } else if (e.type === "points") {
        board.fxText(placed.cells, `+${fmt.number(e.points)}`, "bk-fx-points", reduced ? 500 : 1000);
        said.unshift(t("blocks.say.points", { count: e.points, points: fmt.number(e.points), score: fmt.number(view.score) }));
        if (e.parts.streak_bonus) said.push(t("blocks.say.streak", { bonus: fmt.number(e.parts.streak_bonus) }));
      } else if (e.type === "meter") hud.animateMeter(e, Boolean(crown), reduced);
      else if (e.type === "crown") {
        root.classList.add("crowned");
        board.fxText(["0:0"], t("blocks.crownFx", { n: e.won }), "bk-fx-crown", reduced ? 700 : 1500);
        later(() => root.classList.remove("crowned"), reduced ? 700 : 1500);
        said.push(t("blocks.say.crown", { n: fmt.number(e.crowns) }));
      } else if (e.type === "dealt") {
        tray.classList.remove("dealt");
        void tray.offsetWidth; // restart the deal animation
        tray.classList.add("dealt");
        if (e.why === "redeal") said.push(t("blocks.say.redealt"));
      } else if (e.type === "banked") {
        said.push(t("blocks.say.banked", { count: e.stars, stars: fmt.number(e.stars) }));
      }
    }
    if (view.redeal_offered) said.push(t("blocks.offer"));
    if (said.length) ctx.announce(said.join(" "));
    if (view.over) {
      const banked = events.find((e) => e.type === "banked");
      later(() => openOver(banked), reduced ? 0 : 650);
    }
  }

  function openOver(banked) {
    overlay?.remove();
    ctx.announce(t("blocks.say.over", { score: fmt.number(view.score) }));
    overlay = showOver(root, fmt, {
      score: view.score,
      best: view.profile.best,
      stars: banked ? banked.stars : view.stars,
      newBest: Boolean(banked?.new_best),
    }, () => { overlay = null; newRun(); });
  }

  function newRun() {
    if (!live || busy) return Promise.resolve(null);
    release();
    overlay?.remove();
    overlay = null;
    return act(() => engine.call("new_run", { seed: randomSeed() }), (answer) => {
      paint.fill(null);
      apply(answer);
      focusTray();
    });
  }

  hud.redeal.addEventListener("click", () => {
    if (!live || busy) return;
    release();
    act(() => engine.call("redeal", {}), (answer) => {
      if (answer.accepted) { apply(answer); focusTray(); }
    });
  });
  // New run banks the run in play (B17): ask first once it counts (one drop made).
  const inProgress = () => !view.over && view.drops > 0;
  hud.newRun.addEventListener("click", () => {
    if (!live || busy) return;
    release();
    if (inProgress()) askNewRun(root, fmt, hud.newRun, newRun);
    else newRun();
  });

  // Another tab saved a newer run or card (P10): take it, once this page is
  // started, one at a time with the actions (an action in flight is answered
  // first; no new one is made on the run being replaced).
  let started = null;
  const begun = new Promise((done) => { started = done; });
  async function adopt(name, value) {
    await begun;
    if (gone) return;
    busy += 1;
    try {
      if (name === "run") {
        release();
        const next = await engine.call("load", { save: value });
        if (gone) return;
        view = next;
        loadPaint(view.board);
        render();
        ctx.notice(t("blocks.otherTab"));
      } else {
        await engine.call("load_profile", { profile: value });
        const next = await engine.call("view", {});
        if (gone) return;
        view = next;
        render();
      }
    } catch (error) {
      // A bad value from elsewhere: the engine kept ours (an EngineError); anything else is a bug.
      if (error?.name !== "EngineError" && !gone) console.error(error);
    } finally {
      busy -= 1;
    }
  }
  const offExternal = store.onExternalChange?.((name, value) => {
    if (value && (name === "run" || name === "profile")) adopt(name, value);
  });

  // ----- start (issue 13): the stored view at once, then the engine's -----------
  function buildBoard(shape) {
    boardWrap.replaceChildren();
    board = null;
    board = createBoard(boardWrap, shape, { label: t("blocks.boardLabel") });
    geometry = shape;
    paint = new Array(shape.cells.length).fill(null);
  }

  await styled;
  // A returning visit: the board from the stored geometry, the run from the
  // view stored beside it. Drawn only; input waits for the engine (the app
  // keeps the page inert until mount resolves; `live` guards the rest).
  const storedGeometry = ctx.storedView("geometry");
  const storedView = store.get("run") === null ? null : ctx.storedView();
  if (storedGeometry) {
    try {
      buildBoard(storedGeometry);
      if (storedView) {
        view = storedView;
        loadPaint(view.board);
        render();
        ctx.painted();
      }
    } catch (error) {
      // A stored copy that does not draw is simply not drawn: the engine's view follows.
      console.warn("6E Club: the stored blocks view was not drawn:", error);
      boardWrap.replaceChildren();
      board = null;
      view = null;
    }
  }

  const shape = await engine.call("geometry", {});
  if (!board || JSON.stringify(shape) !== JSON.stringify(geometry)) buildBoard(shape);
  if (store.get("geometry") !== JSON.stringify(shape)) ctx.keepView(shape, "geometry");

  // ----- the engine's run: resume the stored one (B18) or deal a new one ---------
  const card0 = await store.load("profile", (text) => engine.call("load_profile", { profile: text }));
  if (card0 === null) await engine.call("load_profile", { profile: null });
  const resumed = await store.load("run", (text) => engine.call("load", { save: text }));
  if (resumed) {
    view = resumed;
    loadPaint(view.board);
    render();
    ctx.keepView(view); // the stored view now matches the stored run, whoever wrote it
  } else {
    const answer = await engine.call("new_run", { seed: randomSeed() });
    view = answer.view;
    persist(answer);
    render();
  }
  ctx.painted();
  live = true;
  if (view.over) openOver(null);
  started();

  return {
    unmount() {
      gone = true;
      release();
      timers.forEach((id) => clearTimeout(id));
      document.removeEventListener("keydown", onDocKey);
      offExternal?.();
      ghost.remove();
    },
  };
}
