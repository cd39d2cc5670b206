// Input (M12) turned into state changes and engine calls: tap or click a
// cell, hover preview, drag from the tray (the kit's tray drag), the keyboard
// marker with arrows / Enter / Escape, R and Shift+R to turn the pair, D to
// hear the board described, N the marker's neighbours (P11); and the toolbar, whose buttons open the
// menus (cards.js).
import { asksDescribe } from "../../a11y.js";
import { arrowTarget } from "../../kit/arrows.js";
import { dailyButton } from "../../kit/clubpage.js";
import { createTrayDrag } from "../../kit/hexboard.js";
import { html } from "../../svg.js";
import { createSettings, createSlots } from "./cards.js";
import { createSlotApi } from "./slots.js";

/**
 * What the tools read of the merge page's context, and hand the Daily button and the save slots.
 * @typedef {Pick<import("../../app.js").GameContext<Merge.Calls>, "t" | "number" | "replay" | "lesson" | "engine">
 *   & import("../../kit/clubpage.js").DailyContext & import("./slots.js").SlotsContext} ToolsContext
 */

const CENTRE = "0:0"; // where the keyboard's marker starts: the board's middle (axial origin)

/**
 * @typedef {object} InputParts
 * @property {import("./state.js").MergeState} state
 * @property {import("./board.js").MergeBoard} board
 * @property {ReturnType<typeof import("./tray.js").createTray>} tray
 * @property {ReturnType<typeof import("./dragged.js").createDragged>} dragged
 * @property {ReturnType<typeof import("./play.js").createPlay>} play
 * @property {<A extends any[]>(fn: (...args: A) => unknown, ...args: A) => void} act an action, once live, in order
 * @property {(error: unknown) => void} report
 * @property {() => void} draw
 * @property {() => void} describe the board read out (key D)
 * @property {(cell: string) => Promise<void>} neighbours a cell and its neighbours read out (key N)
 */

/** @param {InputParts} parts @returns {() => void} the listeners' removal (the document's) */
export function bindInput({ state, board, tray, dragged, play, act, report, draw, describe, neighbours }) {
  const aim = (/** @type {string | null} */ cell) => {
    play.setMarker(cell).catch(report);
  };

  // ----- pointer: hover preview, tap a cell -----
  board.root.addEventListener("pointermove", (e) => {
    if (!state.live || e.pointerType !== "mouse" || drag.active()) return;
    const cell = board.hex.cellAt(e.clientX, e.clientY);
    if (cell === state.hover) return;
    state.hover = cell;
    play.refreshAim();
  });
  board.root.addEventListener("pointerleave", () => {
    if (!state.live) return;
    state.hover = null;
    if (!drag.active()) play.refreshAim();
  });
  // A finger or the mouse on the board takes the aim from the keyboard's marker (M12): kept, the marker's
  // faint preview would stay on its cell (the centre) after every tap, an empty cell that looks like a stone.
  board.root.addEventListener("pointerdown", () => {
    if (!state.marker) return;
    state.marker = null;
    play.refreshAim();
  });
  board.root.addEventListener("click", (e) => {
    const cell = board.hex.cellAt(e.clientX, e.clientY);
    if (cell) act(play.place, cell);
  });

  // ----- the tray: drag the piece onto the board; a tap turns a pair -----
  function endDrag() {
    state.dragging = false;
    state.dragCell = null;
    draw();
  }
  const drag = createTrayDrag(board.hex, {
    canPress: () => state.live && Boolean(state.view) && !state.view?.over,
    onStart: () => {
      if (!state.view || !state.geometry) return null;
      state.dragging = true;
      draw();
      return dragged.show(state.view, state.geometry.directions);
    },
    onHover: (cell) => {
      state.dragCell = cell;
      play.refreshAim();
    },
    onDrop: (cell) => {
      endDrag();
      act(play.place, cell);
      play.refreshAim();
    },
    onCancel: () => {
      endDrag();
      play.refreshAim();
    },
    onTap: () => act(play.rotate, 1),
  });
  drag.bind(tray.current, "current");
  tray.current.addEventListener("keydown", (e) => {
    // Enter or Space on the tray piece: aim on the board
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    if (!state.live || state.view?.over) return;
    board.root.focus();
    aim(state.marker ?? CENTRE);
  });

  // ----- keyboard on the board: the marker (M12) -----
  board.root.addEventListener("keydown", (e) => {
    if (!state.live || !state.geometry) return;
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      aim(state.marker ? (arrowTarget(state.geometry.keys, state.marker, e.key) ?? state.marker) : CENTRE);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (state.marker) act(play.place, state.marker);
      else aim(CENTRE);
    } else if (e.key === "Escape" && state.marker) {
      e.preventDefault();
      aim(null);
    } else if (e.code === "KeyN" && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey) {
      e.preventDefault(); // P11: what is around the marker (the centre before any)
      neighbours(state.marker ?? CENTRE).catch(report);
    }
  });
  board.root.addEventListener("focus", () => {
    if (state.live && !state.marker && board.root.matches(":focus-visible")) aim(CENTRE);
  });
  board.root.addEventListener("blur", () => {
    if (!state.marker) return;
    state.marker = null;
    play.refreshAim();
  });

  // ----- R / Shift+R and D anywhere on the page (not in a field or a dialog) -----
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (asksDescribe(e) && state.view) {
      e.preventDefault();
      describe(); // in a replay and with the end card folded too (P11)
      return;
    }
    if (!state.live || e.code !== "KeyR" || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = /** @type {Element | null} */ (e.target);
    if (target?.closest?.("input, textarea, select, dialog") || board.root.ownerDocument.querySelector("dialog[open]")) return;
    e.preventDefault();
    act(play.rotate, e.shiftKey ? -1 : 1);
  };
  document.addEventListener("keydown", onKey);
  return () => {
    drag.cancel();
    document.removeEventListener("keydown", onKey);
  };
}

/**
 * @typedef {object} ToolDeps
 * @property {ToolsContext} ctx
 * @property {import("../../kit/page.js").Page<Merge.Calls>} page
 * @property {import("./state.js").MergeState} state
 * @property {ReturnType<typeof import("./play.js").createPlay>} play
 * @property {ReturnType<typeof import("./cards.js").createConfirm>} confirm
 * @property {(open: boolean) => void} menu a menu opened or closed (play time pauses, M15)
 * @property {<A extends any[]>(fn: (...args: A) => unknown, ...args: A) => void} act an action, once live, in order
 * @property {() => void} draw
 */

/**
 * The toolbar: New round (asked first when a round is in progress), Daily, the save slots (M15) and the
 * settings (M14), the last two made once the engine's geometry is known. A lesson keeps only the settings;
 * a replay takes no input at all.
 * @param {HTMLElement} tools @param {HTMLElement} root the page (cards go there) @param {ToolDeps} deps
 */
export function createTools(tools, root, { ctx, page, state, play, confirm, menu, act, draw }) {
  const { t, number } = ctx;
  /** A toolbar button. @param {string} cls @param {string} key its label @param {() => unknown} onClick */
  const tool = (cls, key, onClick) => {
    const button = html(
      "button",
      { class: `btn ${cls}`, type: "button", hidden: Boolean(ctx.replay) || (ctx.lesson && cls !== "hm-settings-btn") },
      tools,
      t(key),
    );
    button.addEventListener("click", onClick);
  };
  /** @type {ReturnType<typeof createSettings> | null} */
  let settings = null;
  /** @type {ReturnType<typeof createSlots> | null} */
  let slots = null;
  tool("hm-new", "merge.newRound", async () => {
    if (!state.live) return;
    if (
      state.view?.in_progress &&
      !(await confirm.ask({ title: t("merge.confirmNew.title"), text: t("merge.confirmNew.text"), yes: t("merge.newRound") }))
    )
      return;
    act(play.newRound);
  });
  dailyButton(tools, ctx, "merge", { label: t("merge.daily"), title: t("merge.dailyLabel"), cls: "hm-daily", report: page.report }).hidden =
    Boolean(ctx.lesson || ctx.replay);
  tool("hm-slots-btn", "merge.slots", () => {
    if (!state.live || !state.geometry) return;
    act(play.flushTime);
    slots ??= createSlots(root, {
      t,
      number,
      count: state.geometry.slots,
      onToggle: menu,
      slots: createSlotApi({ ctx, page, state, play, confirm, count: state.geometry.slots }),
    });
    slots.open().catch(page.report);
  });
  /** M14: a setting changed, the engine's view of it drawn. @param {Partial<Merge.SettingsView>} change */
  async function changeSettings(change) {
    const answer = await ctx.engine.call("settings", { settings: change });
    if (!answer.accepted || !page.keep(answer) || page.gone()) return;
    state.view = answer.view;
    draw();
  }
  tool("hm-settings-btn", "merge.settings", () => {
    if (!state.live || !state.view || !state.geometry) return;
    settings ??= createSettings(root, {
      t,
      styles: state.geometry.styles,
      onToggle: menu,
      onChange: (change) => act(changeSettings, change),
    });
    settings.open({ ...state.view.settings, style: state.view.style });
  });
}
