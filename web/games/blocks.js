// 6E Club Game (blocks): the page. A plain state (the piece in hand, what the
// preview shows, the cell colours), `render(parts, state, view)` that draws it
// with the engine's view, and operations that ask the engine
// (club.blocks.api.Session, in a worker: `await ctx.engine.call`) through the
// kit's session: one action at a time, previews latest-wins (B20), the run
// stored after each accepted action, another tab's newer run adopted (P10).
// Legality, scores and the end are the engine's. A returning visit draws the
// view stored beside the run at once; input waits for the engine's own view.
import { html, svg } from "../svg.js";
import { cellName, parseCell } from "../kit/hexboard.js";
import { createSession } from "../kit/session.js";
import { randomSeed } from "../kit/seed.js";
import { createJuice } from "../kit/juice.js";
import { createLesson } from "../kit/lesson.js";
import { createBoard } from "./blocks/board.js";
import { cuesOf } from "./blocks/cues.js";
import { lessonSteps } from "./blocks/lesson.js";
import { createSpeech } from "./blocks/speech.js";
import { askNewRun, showOver } from "./blocks/dialogs.js";
import { createCard, createHud } from "./blocks/hud.js";
import { createInput } from "./blocks/input.js";
import { paintEvents, readPaint, writePaint } from "./blocks/paint.js";
import { createTray } from "./blocks/tray.js";
import { createClubEnd, dailyButton, endPart } from "../kit/clubpage.js";
import { createReplayPaint } from "./blocks/replaypaint.js";

/**
 * @typedef {object} State everything the page holds besides the engine's view
 * @property {boolean} live the view is the engine's own (before: drawn, never acted on)
 * @property {import("./blocks/input.js").Held | null} held
 * @property {import("./blocks/board.js").Shown | null} preview what the B20 preview shows
 * @property {import("./blocks/paint.js").Paint} paint
 */

/**
 * @typedef {object} Parts the page's widgets
 * @property {HTMLElement} root
 * @property {import("./blocks/hud.js").Hud} hud
 * @property {{render: (profile: Blocks.Card) => void}} card
 * @property {import("./blocks/board.js").BlocksBoard} board
 * @property {import("./blocks/tray.js").Tray} tray
 * @property {SVGSVGElement} ghost
 */

/**
 * Draw the state and the view. Every widget skips what is already drawn.
 * @param {Parts} parts @param {State} state @param {Blocks.View} view
 */
export function render({ root, hud, card, board, tray, ghost }, state, view) {
  const held = state.held;
  hud.render(view);
  card.render(view.profile);
  board.setCells(view.board, state.paint);
  board.showPreview(state.preview);
  board.showTarget(held?.mode === "key" ? held.target : null);
  tray.render(held?.slot ?? null, view);
  // Over the board the preview is the piece: the dragged copy turns faint so it never hides it.
  ghost.classList.toggle("aiming", held?.mode === "drag" && held.target !== null);
  root.classList.toggle("dragging", held?.mode === "drag");
  root.dataset.over = view.over ? "1" : "0";
}

/** @param {HTMLElement} root @param {any} ctx */
export async function mount(root, ctx) {
  const { engine, store, t } = ctx;
  const fmt = { t, number: ctx.number ?? ((/** @type {number} */ v) => String(v)) };
  root.classList.add("bk");
  const sheet = html("link", { rel: "stylesheet", href: new URL("../css/blocks.css", import.meta.url) }, root);
  // Mounted only once the stylesheet is in (or failed): an unstyled board fills the screen for a frame.
  const styled = new Promise((done) => { sheet.onload = done; sheet.onerror = done; });
  /** @type {State} */
  const state = { live: false, held: null, preview: null, paint: [] };
  /** @type {Blocks.View | null} */
  let view = null;
  /** @type {Blocks.Geometry | null} */
  let geometry = null; // the engine's, or the copy stored beside the run (issue 13)
  /** @type {import("../kit/dialog.js").Dialog | null} */
  let over = null; // the game-over card (closing it again does nothing)
  let lastAim = /** @type {Promise<string | null>} */ (Promise.resolve(null));
  const session = createSession(root, ctx, { onExternal: adopt });
  const juice = createJuice(root, ctx);
  const speech = createSpeech(t);
  root.classList.toggle("bk-lesson", Boolean(ctx.lesson));
  root.classList.toggle("bk-replay", Boolean(ctx.replay));
  const end = createClubEnd(ctx, session.report); // the Daily Club's end of a run (issue 16)
  /** @type {import("../kit/lesson.js").Lesson | null} */
  let lesson = null;

  const hud = createHud(root, fmt, { countUp: (el, to) => juice.countUp(el, to, fmt.number) });
  const board = createBoard(html("div", { class: "bk-board-wrap" }, root), { label: (count) => t("blocks.boardLabel", { count }), later: session.later });
  // Inside root, where the piece colours (--f0…) are defined: on <body> it drew black.
  const ghost = /** @type {SVGSVGElement} */ (svg("svg", { class: "bk-ghost", "aria-hidden": "true" }, root));
  ghost.style.display = "none";
  const input = createInput({ board, ghost }, {
    held: () => state.held,
    view: () => view,
    geometry: () => geometry,
    ready: () => state.live && !session.busy(),
    pick, release, aim, commit, focusTray, usable,
    focusSlot: (slot) => tray.slot(slot)?.focus(),
    announce: ctx.announce,
    aimWords,
    refuse: () => ctx.feel.cue("refuse"),
    t,
    gone: session.gone,
  });
  const tray = createTray(root, t, input.bindSlot);
  hud.addButtons(root);
  hud.newRun.after(dailyButton(null, ctx, "blocks", { label: t("blocks.daily"), title: t("blocks.dailyLabel"), cls: "bk-daily", report: session.report }));
  const card = createCard(root, fmt);
  const draw = () => { if (view) render({ root, hud, card, board, tray, ghost }, state, view); };

  // ----- the piece in hand and the B20 preview ------------------------------------
  /** The view has a piece in `slot` that fits, in a run not over. @param {number} slot */
  function usable(slot) {
    return Boolean(view && !view.over && view.tray[slot]?.piece && view.tray[slot].fits);
  }

  /** @param {number} slot @param {import("./blocks/input.js").Mode} mode @param {boolean} [touch] */
  function pick(slot, mode, touch = false) {
    if (!usable(slot)) return false;
    juice.finish(); // a new action: the last one's animations end at once
    state.held = { slot, mode, touch, target: null };
    draw();
    return true;
  }

  function release() {
    session.ticket(); // a preview still on its way is for a piece no longer held
    state.held = null;
    state.preview = null;
    draw();
  }

  /** @param {import("./blocks/board.js").Shown | null} shown */
  const show = (shown) => { state.preview = shown; draw(); };

  // Aim the held piece at `cell`: the target at once, the preview when the
  // engine answers. Resolves to what is shown ("fit", "misfit", "off") or null
  // when the answer was dropped (a newer aim, another view, the piece put back).
  /** @param {string | null} cell @returns {Promise<string | null>} */
  function aim(cell) {
    const held = state.held;
    if (!held || !view) return Promise.resolve(null);
    if (cell === held.target) return lastAim;
    held.target = cell;
    const fresh = session.ticket();
    if (!cell) { show(null); return (lastAim = Promise.resolve("off")); }
    const piece = view.tray[held.slot];
    const family = String(piece.family);
    const { q, r } = parseCell(cell);
    // No legal drop here: outline where the piece would be.
    const misfit = () => {
      show({ legal: false, cells: piece.cells.map(([dq, dr]) => `${q + dq}:${r + dr}`), rows: [], family });
      return "misfit";
    };
    // The view's targets say where a drop is legal; the preview is the drop on a copy (its cells and rows).
    if (!piece.targets.includes(board.hex.index(cell) ?? -1)) return (lastAim = Promise.resolve(misfit()));
    draw(); // the target moves at once
    const seen = view;
    lastAim = engine.call("preview", { slot: held.slot, cell }).then((/** @type {Blocks.PreviewAnswer} */ answer) => {
      if (!fresh() || view !== seen) return null; // stale: a newer aim or view is on screen
      if (!answer.legal) return misfit();
      show({ legal: true, cells: answer.cells.map(cellName), rows: answer.rows, family });
      return "fit";
    }, (/** @type {unknown} */ error) => { session.report(error); return null; });
    return lastAim;
  }

  // ----- actions: one at a time, on the engine's own view ---------------------------
  /**
   * @param {string} method @param {object} payload @param {(answer: any) => unknown} use
   * @returns {Promise<unknown>} use's result; undefined when not asked or the page is gone
   */
  function act(method, payload, use) {
    if (!state.live || session.busy()) return Promise.resolve(undefined);
    return session.serial(async () => {
      const answer = await engine.call(method, payload);
      return session.gone() ? undefined : use(answer);
    });
  }

  /** Drop the held piece where it is aimed; resolves true when the engine took it. */
  async function commit() {
    const held = state.held;
    if (!held?.target) return false;
    const done = await act("place", { slot: held.slot, cell: held.target }, (answer) => {
      if (!answer.accepted) {
        ctx.feel.cue("refuse");
        return ctx.announce(t("blocks.say.noFit"));
      }
      release();
      apply(answer);
      return true;
    });
    return done === true;
  }

  /** An accepted action: the cells' colours follow its events, the view is the engine's. @param {any} answer */
  function apply(answer) {
    paintEvents(state.paint, answer.events, board.hex.index);
    view = answer.view;
    // Refused when another tab stored a newer run (P10): that run is adopted, its paint beside it.
    if (session.keep(answer)) store.set("paint", writePaint(state.paint));
    draw();
    play(answer.events);
    lesson?.heard(answer.events);
    end.heard(answer.events);
  }

  /** A new run or a re-deal: the piece in hand put back, then the tray focused. @param {"new_run" | "redeal"} method */
  function deal(method) {
    if (!state.live || session.busy()) return;
    release();
    juice.finish();
    over?.close();
    act(method, method === "new_run" ? { seed: randomSeed() } : {}, (answer) => {
      if (!answer.accepted) return;
      if (method === "new_run") { state.paint.fill(null); end.reset(); }
      apply(answer);
      focusTray();
    });
  }
  const newRun = () => deal("new_run");

  hud.redeal.addEventListener("click", () => deal("redeal"));
  // New run banks the run in play (B17): ask first when the engine says it would.
  hud.newRun.addEventListener("click", () => {
    if (!state.live || session.busy() || !view) return;
    release();
    if (view.in_progress) askNewRun(root, fmt, newRun);
    else newRun();
  });

  function focusTray() {
    if (!view || view.over) return;
    if (document.activeElement?.closest(".kit-lesson")) return; // the lesson's coach card has it (its Play button)
    const next = view.tray.findIndex((p) => p.piece && p.fits);
    if (next >= 0) tray.slot(next)?.focus();
    else if (view.redeals > 0) hud.redeal.focus();
  }

  // ----- what an action showed: effects, sound, words, the game-over card -------------
  /** @param {any[]} events */
  function play(events) {
    if (!view) return;
    const reduced = ctx.reducedMotion();
    root.classList.toggle("bk-reduced", reduced);
    const placed = events.find((e) => e.type === "placed");
    const cleared = events.find((e) => e.type === "cleared");
    const crown = events.find((e) => e.type === "crown");
    const points = events.find((e) => e.type === "points");
    const emptied = Boolean(cleared) && !view.board.includes("x"); // a perfect clear
    for (const [name, options] of cuesOf(events, emptied)) ctx.feel.cue(name, options);
    /** @type {string[]} */
    const said = [];
    for (const e of events) {
      if (e.type === "placed") board.fxCells(e.cells, "bk-fx-place", 400);
      else if (e.type === "cleared") {
        board.fxCells(e.cells, "bk-fx-clear", reduced ? 300 : 700);
        const at = board.clientPoint(e.cells);
        juice.burst(at.x, at.y, { size: e.count, cls: "bk-burst" });
        if (e.count >= 2) juice.praise(t(`blocks.praise.${Math.min(e.count, 4)}`), { level: Math.min(e.count - 1, 3) });
        said.push(t("blocks.say.cleared", { count: e.count }));
      } else if (e.type === "points") {
        const at = board.clientPoint(placed.cells);
        juice.float(`+${fmt.number(e.points)}`, at.x, at.y, { cls: "bk-float" });
        said.unshift(t("blocks.say.points", { count: e.points, points: fmt.number(e.points), score: fmt.number(view.score) }));
        if (e.parts.streak_bonus) said.push(t("blocks.say.streak", { bonus: fmt.number(e.parts.streak_bonus) }));
      } else if (e.type === "meter" && !reduced) hud.animateMeter(e, Boolean(crown));
      else if (e.type === "crown") {
        root.classList.add("crowned");
        board.fxText(["0:0"], t("blocks.crownFx", { n: e.won, points: fmt.number(points?.parts.crown ?? 0) }),
          "bk-fx-crown", reduced ? 700 : 1500);
        session.later(() => root.classList.remove("crowned"), reduced ? 700 : 1500);
        said.push(t("blocks.say.crown", { n: fmt.number(e.crowns) }));
      } else if (e.type === "dealt") {
        tray.el.classList.remove("dealt");
        void tray.el.offsetWidth; // restart the deal animation
        tray.el.classList.add("dealt");
        if (e.why === "redeal") said.push(t("blocks.say.redealt"));
      } else if (e.type === "banked") {
        said.push(t("blocks.say.banked", { count: e.stars, stars: fmt.number(e.stars) }));
      }
    }
    if (emptied) {
      juice.praise(t("blocks.praise.perfect"), { level: 3 });
      said.push(t("blocks.praise.perfect"));
    }
    // Screen shake for the biggest moments only: a Crown, a perfect clear, four rows at once.
    if (emptied || crown || (cleared?.count ?? 0) >= 4) juice.shake(emptied ? 3 : 2);
    tips(events);
    if (view.redeal_offered) said.push(t("blocks.offer"));
    if (said.length) ctx.announce(said.join(" "));
    if (view.over && !ctx.replay) { // a replay shows its last position, no card
      const banked = events.find((e) => e.type === "banked");
      session.later(() => openOver(banked), reduced ? 0 : 650);
    }
  }

  // The first Crown, and the meter's first lit edges, explained once in place (the
  // lesson explains both itself, so its page shows no tips).
  /** @param {any[]} events */
  function tips(events) {
    if (ctx.lesson || ctx.replay || !geometry) return;
    const vars = { edges: geometry.meter_edges, points: fmt.number(geometry.crown_points) };
    if (events.some((e) => e.type === "crown")) ctx.tip("blocks.crown", t("blocks.tip.crown", vars), hud.crowns);
    else if (events.some((e) => e.type === "meter")) ctx.tip("blocks.meter", t("blocks.tip.meter", vars), hud.meterBox);
  }

  // ----- screen-reader play (issue 15 item 6): words for cells, rows and the board ------
  /** What a keyboard aim says. @param {string} cell @param {string} shown "fit" or "misfit" */
  function aimWords(cell, shown) {
    const words = t(shown === "fit" ? "blocks.say.aimFit" : "blocks.say.aimMisfit", { cell: speech.where(cell) });
    const rows = shown === "fit" && state.preview?.legal ? speech.rows(state.preview.rows) : "";
    return rows ? `${words} ${rows}` : words;
  }

  /** D: the board, the pieces, the meter and the score in words. @param {KeyboardEvent} e */
  function describe(e) {
    if (e.key !== "d" && e.key !== "D") return;
    if (e.ctrlKey || e.metaKey || e.altKey || !view || !state.live) return;
    const at = /** @type {Element} */ (e.target);
    if (at.closest?.("input, textarea, select, dialog, [contenteditable]") || document.querySelector("dialog[open]")) return;
    e.preventDefault();
    ctx.announce([
      speech.board(view),
      t("blocks.meterLabel", { count: view.meter, edges: geometry?.meter_edges ?? 0 }),
      t("blocks.crownsLabel", { count: view.crowns }),
      t("blocks.say.score", { score: fmt.number(view.score) }),
    ].join(" "));
  }
  document.addEventListener("keydown", describe); // wherever the focus is on this page

  /** @param {{stars: number, new_best: boolean} | null} banked the run's banking, when this action banked it */
  function openOver(banked) {
    if (!view?.over) return;
    over?.close();
    ctx.announce(t("blocks.say.over", { score: fmt.number(view.score) }));
    over = showOver(root, fmt, view, banked, newRun);
    end.card(endPart(over, "bk-over-club"));
  }

  // ----- another tab stored a newer run or card (P10): taken one at a time with the actions
  /** @param {string} item @param {string} text */
  async function adopt(item, text) {
    if (!state.live) return; // not started: the start reads the store itself
    try {
      if (item === "run") {
        release();
        const next = await engine.call("load", { save: text });
        if (session.gone()) return;
        view = next;
        state.paint = readPaint(store.get("paint"), next.board);
        if (!next.over) over?.close();
        ctx.notice(t("blocks.otherTab"));
      } else {
        await engine.call("load_profile", { profile: text });
        const next = await engine.call("view", {});
        if (session.gone()) return;
        view = next;
      }
      draw();
    } catch (error) {
      if (/** @type {any} */ (error)?.name !== "EngineError") throw error; // a bug: reported by the session
      console.warn(`6E Club: another tab's blocks ${item} was refused; this tab's is kept:`, error);
    }
  }

  // ----- start (issue 13): the stored view at once, then the engine's ------------------
  /** @param {Blocks.Geometry} shape */
  function reshape(shape) {
    board.reshape(shape);
    speech.reshape(shape);
    hud.setMeterEdges(shape.meter_edges, shape.crown_points);
    geometry = shape;
    state.paint = new Array(shape.cells.length).fill(null);
  }

  // A returning visit: the board from the stored geometry, the run from the
  // view stored beside it. Drawn only; input waits for the engine (the app
  // keeps the page inert until mount resolves; `live` guards the rest).
  function drawStored() {
    const shape = ctx.storedView("geometry");
    const stored = store.get("run") === null ? null : ctx.storedView();
    if (!shape) return;
    try {
      reshape(shape);
      if (!stored) return;
      view = stored;
      state.paint = readPaint(store.get("paint"), stored.board);
      draw();
      ctx.painted();
    } catch (error) {
      // A stored copy that does not draw is simply not drawn: the engine's view follows.
      console.warn("6E Club: the stored blocks view was not drawn:", error);
      view = null;
    }
  }

  let routedAtStart = false; // the start itself dealt the link's deal
  // The engine's run: resume the stored one (B18) or deal a new one.
  async function start() {
    const shape = await engine.call("geometry", {});
    if (JSON.stringify(shape) !== JSON.stringify(geometry)) reshape(shape);
    if (store.get("geometry") !== JSON.stringify(shape)) ctx.keepView(shape, "geometry");
    if (ctx.lesson) return startLesson();
    const profile = await session.load("profile", "load_profile", "profile");
    if (profile === null) await engine.call("load_profile", { profile: null });
    const resumed = await session.load();
    if (resumed) {
      view = resumed;
      state.paint = readPaint(store.get("paint"), resumed.board);
      ctx.keepView(resumed); // the stored view now matches the stored run, whoever wrote it
    } else {
      // A challenge or daily link deals its deal (nothing in play: the kit asks nothing).
      routedAtStart = Boolean(ctx.start);
      const routed = ctx.start ? await ctx.club.startPayload() : null;
      const answer = await engine.call("new_run", routed ?? { seed: randomSeed() });
      view = answer.view;
      if (session.keep(answer)) store.set("paint", writePaint(state.paint));
    }
    draw();
    ctx.painted();
    state.live = true;
    if (view?.over) openOver(null);
    return true;
  }

  // The first lesson (issue 15): its own engine session on the lesson position,
  // nothing stored; New run, the player card and the hint line are hidden (blocks.css).
  async function startLesson() {
    view = await engine.call("lesson", {});
    draw();
    ctx.painted();
    state.live = true;
    lesson = createLesson(root, ctx, lessonSteps({
      tray: () => tray.el,
      board: () => board.hex.root,
      meter: () => hud.meterBox,
    }));
    return true;
  }

  // A link's deal over a resumed run (issue 16): after the mount, as the kit may
  // ask first in a dialog ("your run in play ends"), which an inert page could not answer.
  async function fromRoute() {
    const payload = await ctx.club.startPayload();
    if (!payload || session.gone()) return;
    release();
    juice.finish();
    over?.close();
    end.reset();
    const answer = await engine.call("new_run", payload);
    if (session.gone() || !answer.accepted) return;
    state.paint.fill(null);
    apply(answer);
    focusTray();
  }

  // Replay mode (issue 16): the replay session's positions, drawn like answers;
  // nothing is loaded or stored, and no input is taken (`live` stays false).
  async function startReplay() {
    reshape(await engine.call("geometry", {}));
    const painted = createReplayPaint(board.hex.index, (step) => engine.call("replay_seek", { index: step }));
    // `step` is the position's index (the bar's; the opened replay's first position comes without one: 0)
    /** @param {Blocks.View} next @param {any[]} events @param {number} [step] */
    const show = (next, events, step = 0) => {
      const before = view;
      const fresh = session.ticket("replay-paint");
      juice.finish();
      // the colours shown so far, until this step's own (the same task for a step; a jump asks the steps between)
      state.paint = readPaint(writePaint(state.paint), next.board);
      view = next;
      draw();
      ctx.painted();
      // a step forward is shown like the action it was; a step back or a jump only drawn
      if (before && (next.drops > before.drops || next.redeals < before.redeals)) play(events);
      painted(step, next, events).then((paint) => {
        if (!fresh()) return; // another position is shown by now
        state.paint = paint;
        draw();
      }, session.report);
    };
    await ctx.club.openReplay(root, { show });
    return true;
  }

  await styled;
  if (!ctx.lesson && !ctx.replay) drawStored();
  // In the session's order, so another tab's run is adopted after the start, never during it.
  if (!(await session.serial(ctx.replay ? startReplay : start))) throw new Error("6E Club: blocks did not start (the error is logged above)");
  if (ctx.start && !ctx.lesson && !ctx.replay && !routedAtStart) session.serial(fromRoute);

  return {
    unmount() {
      release();
      input.destroy();
      juice.destroy();
      lesson?.destroy();
      document.removeEventListener("keydown", describe);
      session.close();
      ghost.remove();
    },
  };
}

