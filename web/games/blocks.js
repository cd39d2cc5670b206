// 6E Club Game (blocks): the page. The kit's mountGame runs its life (the
// stored view at once, the engine's start, a link's deal, another tab's run,
// a replay, the lesson); this module gives it the hooks. A plain state
// (blocks/state.js), `render(parts, state)` (blocks/render.js), the actions
// asked of club.blocks.api.Session (blocks/play.js: one at a time, previews
// latest-wins, B20), what an action showed (blocks/anim.js) and the input
// (blocks/input.js). Legality, scores and the end are the engine's.
import { asksDescribe } from "../a11y.js";
import { stylesheet } from "../svg.js";
import { mountGame } from "../kit/mount.js";
import { randomSeed } from "../kit/seed.js";
import { createJuice } from "../kit/juice.js";
import { createAnim } from "./blocks/anim.js";
import { createBoard } from "./blocks/board.js";
import { createCommand } from "./blocks/command.js";
import { createInput } from "./blocks/input.js";
import { lessonSteps } from "./blocks/lesson.js";
import { readPaint, writePaint } from "./blocks/paint.js";
import { createPlay } from "./blocks/play.js";
import { layout, render } from "./blocks/render.js";
import { createReplayPaint } from "./blocks/replaypaint.js";
import { createState } from "./blocks/state.js";
import { createWords } from "./blocks/words.js";

/**
 * What the blocks page's hooks read of its context, and hand its modules (each declares its slice); the kit's
 * mountGame reads its own (web/kit/mount.js MountContext).
 * @typedef {Pick<import("../app.js").GameContext<Blocks.Calls>, "engine" | "store" | "t" | "lesson" | "replay" | "announce" | "number" | "notice" | "feel"
 *   | "reducedMotion"> & import("./blocks/render.js").RenderContext & import("./blocks/anim.js").AnimContext
 *   & import("./blocks/play.js").PlayContext & import("./blocks/command.js").CommandContext} BlocksContext
 */

/** @param {HTMLElement} root @param {import("../app.js").GameContext<Blocks.Calls>} ctx */
export function mount(root, ctx) {
  return mountGame(root, ctx, (kit) => hooks(root, ctx, kit));
}

/**
 * @param {HTMLElement} root @param {BlocksContext} ctx @param {import("../kit/mount.js").Kit<Blocks.Calls>} kit
 * @returns {import("../kit/mount.js").GameHooks<Blocks.Calls>}
 */
function hooks(root, ctx, kit) {
  const { engine, store, t } = ctx;
  const { page } = kit;
  root.classList.add("bk");
  root.classList.toggle("bk-lesson", Boolean(ctx.lesson)); // New run, the player card and the hint line hidden (blocks.css)
  root.classList.toggle("bk-replay", Boolean(ctx.replay));
  // Drawn only once the stylesheet is in (or failed): an unstyled board fills the screen for a frame.
  const ready = stylesheet(root, new URL("../css/blocks.css", import.meta.url));
  const state = createState();
  const juice = createJuice(root, ctx);
  const words = createWords(t);
  // The tray makes its buttons when it is first drawn, once the input below exists.
  const parts = layout(root, ctx, { page, juice, bindSlot: (button, slot) => input.bindSlot(button, slot) });
  page.paintWith(() => render(parts, state));
  const draw = page.invalidate; // one render a frame, however many changes came in it
  const show = createAnim({ ctx, state, parts, juice, later: page.later, over: (banked) => play.openOver(banked) });
  const play = createPlay({ ctx, kit, state, parts, juice, draw, show });
  const input = createInput(parts, controls({ ctx, page, state, parts, words, play, draw }));

  // The typed move and the C and T keys (P11); a replay takes no move.
  const command = ctx.replay
    ? null
    : createCommand(root, parts.tray.el, {
        ctx,
        page,
        state,
        words,
        dropAt: play.dropAt,
        release: play.release,
        focusTray: play.focusTray,
      });

  /** D: the board, the pieces, the meter and the score in words (P11). @param {KeyboardEvent} e */
  function describe(e) {
    // In a replay and with the end card folded too: the board shown is the one described.
    if (!asksDescribe(e) || !state.view) return;
    e.preventDefault();
    ctx.announce(words.describe(state.view, state.geometry?.meter_edges ?? 0, ctx.number));
  }

  /** A view on screen, its cells' colours the stored ones (the engine keeps no colours). @param {Blocks.View} view */
  function take(view) {
    state.view = view;
    state.paint = readPaint(store.get("paint"), view.board);
    page.paintNow(); // drawn in this task: the mount shows the page once its board is in
  }

  // A replay's position (`step`: the bar's index; the opened replay's first comes without one: 0).
  const replayPaint = createReplayPaint(
    (cell) => parts.board.hex.index(cell),
    (first, last) => engine.call("replay_events", { first, last }),
  );
  /** @param {Blocks.View} next @param {Blocks.Event[]} events @param {number} [step] @param {boolean} [jump] the bar's: only drawn */
  function replayStep(next, events, step = 0, jump = false) {
    const before = state.view;
    const fresh = page.ticket("replay-paint");
    juice.finish();
    // the colours shown so far, until this step's own (the same task for a step; a jump asks the steps between)
    state.paint = readPaint(writePaint(state.paint), next.board);
    state.view = next;
    // a step forward is shown like the action it was (once drawn); a step back or a jump only drawn
    draw(!jump && before && (next.drops > before.drops || next.redeals < before.redeals) ? () => show(events) : undefined);
    delete root.dataset.painted;
    replayPaint(step, next, events).then((paint) => {
      if (!fresh()) return; // another position is shown by now
      state.paint = paint;
      draw();
      root.dataset.painted = String(step); // its colours are in (tests and the bench wait on it)
    }, page.report);
  }

  document.addEventListener("keydown", describe); // wherever the focus is on this page, a replay's too

  return {
    ready,
    /** @param {Blocks.Geometry} shape */
    shape(shape) {
      parts.board.reshape(shape);
      words.reshape(shape);
      parts.hud.setMeterEdges(shape.meter_edges, shape.crown_points);
      state.geometry = shape;
      state.paint = new Array(shape.cells.length).fill(null);
    },
    show(view, how) {
      if (!view || !state.geometry) {
        state.view = null;
        return false;
      } // no board to draw it on yet
      if (how === "lesson") {
        state.view = view;
        page.paintNow();
        return true;
      }
      take(view);
      if (how === "resumed") play.openOver(null); // a run over stays over after a reload: its card again
      return true;
    },
    async resume() {
      const view = await page.load();
      if (view) page.copy("view", view); // the stored view now matches the stored run, whoever wrote it
      return view;
    },
    // Nothing in play: a new run, a link's deal if the route has one (B18).
    async fresh(payload) {
      const answer = await engine.call("new_run", payload ?? { seed: randomSeed() });
      state.view = answer.view;
      page.keep(answer, "run", { paint: writePaint(state.paint) });
      page.paintNow();
    },
    startRun: play.startRun,
    live() {
      state.live = true;
    },
    // Another tab stored a newer run or card (P10).
    async adopt(item, text) {
      if (item === "run") {
        play.release();
        const view = await engine.call("load", { save: text });
        if (page.gone()) return;
        take(view);
        if (!view.over) state.over?.close();
        ctx.notice(t("blocks.otherTab"));
      } else {
        await engine.call("load_profile", { profile: text });
        const view = await engine.call("view", {});
        if (page.gone()) return;
        state.view = view;
        draw();
      }
    },
    ghostBoard: (parent) => ghostBoard(parent, state, page),
    badge: () => /** @type {HTMLElement | null} */ (root.querySelector(".bk-title")), // "Daily · Dec 3" / "Challenge" beside the title (the kit's)
    regain: play.trayTarget,
    replayStep,
    lessonSteps: () => lessonSteps({ tray: () => parts.tray.el, board: () => parts.board.hex.root, meter: () => parts.hud.meterBox }),
    unmount() {
      play.release();
      input.destroy();
      command?.destroy();
      juice.destroy();
      document.removeEventListener("keydown", describe);
      parts.dragged.remove();
    },
  };
}

/**
 * The friend's board beside the player's (P4, web/kit/clubghostboard.js): the same board, small, its cells
 * filled in the colour of none known (colours are the page's, rebuilt from events the ghost's view lacks).
 * @param {HTMLElement} parent @param {import("./blocks/state.js").State} state the page's (its geometry)
 * @param {import("../kit/page.js").Page<Blocks.Calls>} page
 * @returns {(view: Blocks.View) => void}
 */
function ghostBoard(parent, state, page) {
  const board = createBoard(parent, { label: () => "", later: page.later });
  /** @type {Blocks.Geometry | null} */
  let shaped = null;
  return (view) => {
    if (!state.geometry) return;
    if (shaped !== state.geometry) board.reshape((shaped = state.geometry));
    board.setCells(view.board, []);
  };
}

/**
 * What the page lets input do (blocks/input.js): the state, the engine's actions (play.js), the words.
 * @param {{ctx: Pick<BlocksContext, "announce" | "feel" | "t">, page: import("../kit/page.js").Page<Blocks.Calls>, state: import("./blocks/state.js").State,
 *   parts: import("./blocks/render.js").Parts, words: import("./blocks/words.js").Words,
 *   play: ReturnType<typeof createPlay>, draw: () => void}} deps
 * @returns {import("./blocks/input.js").Controls}
 */
function controls({ ctx, page, state, parts, words, play, draw }) {
  return {
    held: () => state.held,
    view: () => state.view,
    geometry: () => state.geometry,
    ready: () => state.live && !page.busy(),
    ...play,
    focusSlot: (slot) => parts.tray.slot(slot)?.focus(),
    announce: ctx.announce,
    aimWords: (cell, shown) => words.aim(cell, shown, state.preview, state.view?.board),
    cursor: () => state.cursor,
    setCursor: (cell) => {
      state.cursor = cell;
      draw();
    },
    cursorWords: (cell) => words.cursor(cell, state.view?.board[parts.board.hex.index(cell) ?? -1] === "x"),
    refuse: () => ctx.feel.cue("refuse"),
    t: ctx.t,
    gone: page.gone,
  };
}
