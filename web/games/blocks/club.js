// The Daily Club on the blocks page (issue 16), through the kit's `ctx.club`:
// the Daily button, the finished run banked and its end block in the game-over
// card (whichever comes first, the card or the summary), and the paint of a
// replay's positions. Streaks, dates, links and codes are the engine's and the
// club service's; this only forwards and places.
import { html } from "../../svg.js";
import { paintEvents, readPaint, writePaint } from "./paint.js";

/**
 * A "Daily" button: opens today's daily of `game` (the club service says its link).
 * @param {HTMLElement} parent @param {any} ctx @param {string} game
 * @param {{label: string, title: string, cls: string, report: (error: unknown) => void}} options
 * @returns {HTMLButtonElement}
 */
export function dailyButton(parent, ctx, game, { label, title, cls, report }) {
  const button = /** @type {HTMLButtonElement} */ (html("button", { class: `btn ${cls}`, type: "button", title }, parent, label));
  button.addEventListener("click", () => {
    ctx.club.today().then((/** @type {any} */ today) => {
      location.hash = `#/${game}?${today.games[game].query}`;
    }, report);
  });
  return button;
}

/**
 * The game-over card's part for the Daily Club, under its buttons: Play again
 * keeps its place on a small screen, the club's block follows it.
 * @param {{buttons: HTMLElement}} card the kit's dialog @returns {HTMLElement}
 */
export function endPart(card) {
  const part = html("div", { class: "bk-over-club" }, null);
  card.buttons.after(part);
  return part;
}

/**
 * @typedef {object} ClubEnd
 * @property {(events: any[]) => void} heard an accepted answer's events (a `finished` one is banked)
 * @property {(container: HTMLElement) => void} card the game-over card opened: its part for the end block
 * @property {() => void} reset a new run: the last run's summary is no longer shown
 */

/**
 * The finished run's summary in the game-over card, once both are there.
 * @param {any} ctx @param {(error: unknown) => void} report
 * @returns {ClubEnd}
 */
export function createClubEnd(ctx, report) {
  /** @type {any} */
  let summary = null;
  /** @type {HTMLElement | null} */
  let part = null;
  let run = 0; // a summary that comes after a new run started is dropped
  let drawn = false;
  function place() {
    if (!summary || !part || drawn) return;
    drawn = true;
    Promise.resolve(ctx.club.endBlock(part, summary)).catch(report);
  }
  return {
    heard(events) {
      if (ctx.lesson || ctx.replay || !ctx.club) return;
      const mine = run;
      ctx.club.finished(events).then((/** @type {any} */ got) => {
        if (!got || mine !== run) return;
        summary = got;
        drawn = false;
        place();
      }, report);
    },
    card(container) {
      part = container;
      drawn = false;
      place();
    },
    reset() {
      run += 1;
      summary = null;
      part = null;
      drawn = false;
    },
  };
}

/**
 * The cell colours of replayed positions: a drop paints on the position before
 * it (when it was shown), any other step reuses what its drop count showed.
 * @param {(cell: string) => number | undefined} index
 * @returns {(view: Blocks.View, events: any[]) => import("./paint.js").Paint}
 */
export function createReplayPaint(index) {
  /** @type {Map<number, import("./paint.js").Paint>} */
  const seen = new Map();
  return (view, events) => {
    const dropped = events.some((e) => e.type === "placed");
    const base = seen.get(dropped ? view.drops - 1 : view.drops);
    const paint = base ? [...base] : readPaint(null, view.board);
    if (dropped) paintEvents(paint, events, index);
    const shown = readPaint(writePaint(paint), view.board); // only the cells the view fills
    seen.set(view.drops, shown);
    return shown;
  };
}
