// The Daily Club's glue on a game page, over the kit's `ctx.club`:
// the Daily button, and the finished run banked with its end block in the
// game-over card (whichever comes first, the card or the summary). Streaks,
// dates, links and codes are the engine's and the club service's; this only
// forwards and places. Used by blocks and merge (domino and bowls place the
// block in their own end screens).
import { html } from "../svg.js";

/** What the Daily button reads of its game page's context. @typedef {Pick<import("../app.js").GameContext, "club" | "t" | "number">} DailyContext */
/** What the end card's club block reads of it. @typedef {Pick<import("../app.js").GameContext, "club" | "lesson" | "replay">} ClubEndContext */

/**
 * A "Daily" button: opens today's daily of `game` (the club service says its link).
 * @param {HTMLElement | null} parent none: the caller places it @param {DailyContext} ctx @param {string} game
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
  markDailyDone(button, ctx, report);
  return button;
}

/**
 * A Daily button marked once today's daily is counted: a check, and its score in its
 * title and description (playing it again is practice, said on its end card).
 * @param {HTMLElement} button @param {DailyContext} ctx @param {(error: unknown) => void} report
 */
export function markDailyDone(button, ctx, report) {
  ctx.club.dailyDone().then((/** @type {Daily.HomeGame | null} */ done) => {
    if (!done || !button.isConnected) return;
    const said = ctx.t("shell.club.dailyDone", { score: ctx.number(done.score ?? 0) });
    button.classList.add("club-daily-done");
    html("span", { class: "club-daily-check", "aria-hidden": "true" }, button, " ✓");
    button.title = said;
    button.setAttribute("aria-description", said);
  }, report);
}

/**
 * The game-over card's part for the Daily Club, under its buttons: Play again
 * keeps its place on a small screen, the club's block follows it.
 * @param {{buttons: HTMLElement}} card the kit's dialog @param {string} cls the page's class for it
 * @returns {HTMLElement}
 */
export function endPart(card, cls) {
  const part = html("div", { class: cls }, null);
  card.buttons.after(part);
  return part;
}

/**
 * @typedef {object} ClubEnd
 * @property {(events: import("./page.js").GameEvent[]) => void} heard an accepted answer's events (a `finished` one is banked)
 * @property {(container: HTMLElement) => void} card the game-over card opened: its part for the end block
 * @property {() => void} resumed the stored run was resumed: when it is over, its summary again (a reload)
 * @property {() => void} reset a new run: the last run's summary is no longer shown
 */

/**
 * The finished run's summary in the game-over card, once both are there.
 * @param {ClubEndContext} ctx @param {(error: unknown) => void} report
 * @param {{reset?: () => void}} [on] `reset`: the page started a new run (the HUD's badge asks again)
 * @returns {ClubEnd}
 */
export function createClubEnd(ctx, report, on = {}) {
  /** @type {import("./club.js").Summary | null} */
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
  /** @param {Promise<import("./club.js").Summary | null>} asked the summary to show, unless a new run started meanwhile */
  function take(asked) {
    const mine = run;
    asked.then((got) => {
      if (!got || mine !== run) return;
      summary = got;
      drawn = false;
      place();
    }, report);
  }
  return {
    heard(events) {
      if (ctx.lesson || ctx.replay || !ctx.club) return;
      take(ctx.club.finished(events));
    },
    resumed() {
      if (ctx.lesson || ctx.replay || !ctx.club) return;
      take(ctx.club.ended());
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
      on.reset?.();
    },
  };
}
