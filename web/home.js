// The home screen: the Daily Club card, the four games with their
// pitch and best score.
import { html, stylesheet, svg } from "./svg.js";
import { clockText } from "./kit/share.js";
import { mountBackup } from "./backup.js";
import { remindBackup } from "./reminder.js";
import { GAME_IDS } from "./route.js";

/**
 * What home reads of the shell's context, and what it hands its backup section and the backup reminder.
 * @typedef {Pick<import("./app.js").ShellContext, "t" | "number" | "lang" | "club" | "engineReady" | "check" | "bestScore" | "freshBest" | "keeping">
 *   & import("./backup.js").BackupContext & import("./reminder.js").ReminderContext} HomeContext
 */

/** @type {Record<string, string>} each game's card art */
const ICONS = { blocks: "hex", domino: "domino", merge: "merge", bowls: "bowls" };
export const GAMES = GAME_IDS.map((id) => ({ id, icon: ICONS[id] }));

/** @param {string} kind @param {Element} parent @returns {SVGSVGElement} */
function icon(kind, parent) {
  const art = svg("svg", { viewBox: "-50 -50 100 100", class: `card-art art-${kind}`, "aria-hidden": "true" }, parent);
  /** @param {number} x @param {number} y @param {number} s @param {string} cls */
  const hex = (x, y, s, cls) => {
    const pts = [0, 1, 2, 3, 4, 5].map((i) => {
      const a = (Math.PI / 180) * (60 * i - 30);
      return `${(x + s * Math.cos(a)).toFixed(1)},${(y + s * Math.sin(a)).toFixed(1)}`;
    });
    svg("polygon", { points: pts.join(" "), class: cls }, art);
  };
  if (kind === "hex") {
    [
      [0, 0],
      [17, 0],
      [-17, 0],
      [8.5, -15],
      [-8.5, -15],
      [8.5, 15],
      [-8.5, 15],
    ].forEach(([x, y], i) => hex(x, y, 9.5, i % 3 ? "a1" : "a2"));
  } else if (kind === "domino") {
    svg("rect", { x: -16, y: -34, width: 32, height: 68, rx: 6, class: "a3" }, art);
    svg("line", { x1: -12, y1: 0, x2: 12, y2: 0, class: "a4" }, art);
    [
      [-7, -24],
      [0, -17],
      [7, -10],
      [-7, 10],
      [7, 10],
      [-7, 24],
      [7, 24],
    ].forEach(([x, y]) => svg("circle", { cx: x, cy: y, r: 3.4, class: "a4f" }, art));
  } else if (kind === "merge") {
    /** @type {[number, number, string][]} */
    const stones = [
      [-14, 8, "2"],
      [14, 8, "2"],
      [0, -16, "4"],
    ];
    stones.forEach(([x, y, label], i) => {
      hex(x, y, 15, i === 2 ? "a2" : "a1");
      svg("text", { x, y: y + 5, "text-anchor": "middle", class: "a4t" }, art).textContent = label;
    });
  } else {
    for (let i = 0; i < 12; i += 1) {
      const a = (Math.PI / 6) * i - Math.PI / 2;
      svg("circle", { cx: (34 * Math.cos(a)).toFixed(1), cy: (34 * Math.sin(a)).toFixed(1), r: 9, class: `a${1 + (i % 3)}` }, art);
    }
  }
  return art;
}

// Home and the stats page wait this long at most for their sheet: their text is useful unstyled.
export const SHEET_WAIT_MS = 1000;

/** @param {HTMLElement} root @param {HomeContext} ctx @returns {Promise<import("./app.js").PageView>} */
export async function mountHome(root, ctx) {
  const { t } = ctx;
  html("h1", { class: "home-title" }, root, t("shell.homeTitle"));
  html("p", { class: "home-lead" }, root, t("shell.homeLead"));
  // The card's sheet: the first paint waits for it (a moment, cached by the
  // service worker) rather than drawing the card unstyled and moving the grid.
  await stylesheet(root, new URL("./css/club.css", import.meta.url), SHEET_WAIT_MS);
  const daily = dailyCard(root, ctx);
  const grid = html("ul", { class: "game-grid", role: "list" }, root);
  /** @type {Map<string, HTMLElement>} */
  const bests = new Map();
  for (const game of GAMES) {
    const item = html("li", {}, grid);
    const card = html("a", { class: `game-card card-${game.id}`, href: `#/${game.id}`, "data-game": game.id }, item);
    icon(game.icon, card);
    const text = html("div", { class: "card-text" }, card);
    html("h2", {}, text, t(`shell.game.${game.id}.name`));
    html("p", { class: "pitch" }, text, t(`shell.game.${game.id}.pitch`));
    const best = ctx.bestScore(game.id) || null;
    bests.set(game.id, showBest(html("p", { class: "best" }, text), best, ctx));
    // A sibling of the card (a link cannot hold a link), laid over its corner by CSS.
    html(
      "a",
      { class: "rules-link", href: `#/rules/${game.id}`, "aria-label": `${t("shell.rules")}: ${t(`shell.game.${game.id}.name`)}` },
      item,
      t("shell.rules"),
    );
  }
  mountBackup(root, ctx);
  if (ctx.keeping.takeBackupWish()) backupButton(root); // Settings' Back up came here
  // The cards show the stored headlines at once; the engines' answers follow.
  let gone = false;
  // P8: once the Daily Club card said the streaks, a gentle reminder to save a backup when one is due.
  const reminded = daily.filled.then((answer) => remindBackup(root, grid, ctx, answer, () => !gone)).catch((error) => console.error(error)); // no reminder this time: home stands
  const settled = ctx.engineReady.then(
    () =>
      Promise.all(
        [...bests].map(async ([id, shown]) => {
          const best = (await ctx.freshBest(id)) || null;
          if (gone) return;
          showBest(shown, best, ctx);
        }),
      ),
    () => {},
  );
  // settled: the engines' answers are on the cards (the app's "interactive" waits for it)
  return {
    unmount() {
      gone = true;
      daily.stop();
    },
    settled: Promise.all([settled, daily.filled, reminded]),
  };
}

// Settings' Back up (P8): the player is brought to the backup section's button.
/** @param {HTMLElement} root */
function backupButton(root) {
  const button = /** @type {HTMLElement | null} */ (root.querySelector(".backup-save"));
  button?.scrollIntoView({ block: "center" });
  button?.focus({ preventScroll: true });
}

// A best of 0 is what merely opening a game leaves: no score yet.
/** @param {HTMLElement} line @param {number | null} best @param {Pick<HomeContext, "t" | "number">} ctx */
function showBest(line, best, ctx) {
  line.dataset.best = String(best ?? "");
  line.textContent = best === null ? ctx.t("shell.noBest") : ctx.t("shell.best", { score: ctx.number(best) });
  return line;
}

/**
 * Asks the club record service (bridge name "club"): its methods are pure
 * (stored text in, answer out), so a throwaway session answers them.
 * @template {keyof Daily.Calls} M
 * @param {Pick<HomeContext, "check">} ctx @param {M} method @param {Daily.Calls[M]["payload"]} payload
 * @returns {Promise<Daily.Calls[M]["answer"]>} as the service declares it (club.daily.api)
 */
export function askClub(ctx, method, payload) {
  return /** @type {Promise<Daily.Calls[M]["answer"]>} */ (ctx.check("club", method, payload));
}

/**
 * A UTC date (YYYY-MM-DD) in the player's language.
 * @param {Pick<HomeContext, "lang">} ctx @param {string} date @param {Intl.DateTimeFormatOptions} [options]
 * @returns {string}
 */
export function formatDate(ctx, date, options = { day: "numeric", month: "short" }) {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at)) return date;
  return new Intl.DateTimeFormat(ctx.lang, { ...options, timeZone: "UTC" }).format(at);
}

/**
 * hh:mm:ss of a span of milliseconds (rounded up to the second).
 * @param {Pick<HomeContext, "number">} ctx @param {number} ms @returns {string}
 */
function clock(ctx, ms) {
  return clockText((n, options) => ctx.number(n, options), ms);
}

/**
 * The Daily Club card: its frame at once, its contents when the club service
 * answers `home`; the countdown ticks every second and asks again at 0.
 * @param {HTMLElement} root @param {HomeContext} ctx
 * @returns {{ filled: Promise<Daily.Home | null>, stop: () => void }} filled: the service's answer (null: none)
 */
function dailyCard(root, ctx) {
  const { t } = ctx;
  const card = html("section", { class: "daily-club", "aria-labelledby": "daily-title", "data-state": "waiting" }, root);
  const head = html("div", { class: "dc-head" }, card);
  html("h2", { id: "daily-title" }, head, t("club.title"));
  // A space until the club service names the day: an empty line has no baseline to align on,
  // and the card's head shrank by 3 px when the date came (a layout shift).
  const date = html("p", { class: "dc-date" }, head, "\u00a0");
  const list = html("ul", { class: "dc-games", role: "list" }, card);
  /** @type {Map<string, HTMLElement>} */
  const rows = new Map();
  for (const game of GAMES) {
    const item = html("li", { class: "dc-game", "data-game": game.id }, list);
    html("span", { class: "dc-name" }, item, t(`shell.game.${game.id}.name`));
    rows.set(game.id, html("span", { class: "dc-state" }, item, "…"));
  }
  const foot = html("div", { class: "dc-foot" }, card);
  const club = html("p", { class: "dc-club" }, foot, t("club.loading"));
  const next = html("p", { class: "dc-next" }, foot);
  html("span", {}, next, `${t("club.next")} `);
  const count = html("time", { class: "dc-countdown" }, next, "--:--:--");
  html("a", { class: "dc-archive btn", href: "#/club/archive" }, foot, t("club.archive.link"));
  html("a", { class: "dc-stats btn", href: "#/club" }, foot, t("club.stats"));
  let stopped = false;
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  const stop = () => {
    stopped = true;
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  /** @param {Daily.Home} answer (py/club/daily/views.py) */
  const fill = (answer) => {
    card.dataset.state = "ready";
    card.dataset.date = answer.date;
    date.textContent = formatDate(ctx, answer.date, { weekday: "long", day: "numeric", month: "long" });
    for (const [id, cell] of rows) {
      // a row for each game of GAMES
      const info = answer.games[id];
      const row = /** @type {HTMLElement} */ (cell.parentElement);
      row.dataset.done = info?.done ? "1" : "0";
      row.dataset.streak = String(info?.streak ?? 0);
      cell.replaceChildren();
      if (!info) continue;
      const name = t(`shell.game.${id}.name`);
      if (info.done) {
        const score = ctx.number(info.score ?? 0);
        const done = html("span", { class: "dc-done" }, cell);
        html("span", { "aria-hidden": "true" }, done, t("club.done", { score }));
        html("span", { class: "sr-only" }, done, t("club.doneGame", { game: name, score }));
      } else {
        html(
          "a",
          { class: "btn dc-play", href: `#/${id}?${info.query}`, "aria-label": t("club.playGame", { game: name }) },
          cell,
          t("club.play"),
        );
      }
      if (info.streak > 0)
        html("span", { class: "dc-streak" }, cell, t("club.gameStreak", { count: info.streak, n: ctx.number(info.streak) }));
    }
    card.dataset.club = String(answer.club.streak);
    club.textContent = `${t("club.clubStreak", { count: answer.club.streak })} · ${t("club.today", { count: answer.club.today })}`;
    const until = Date.now() + answer.next_ms;
    const tick = () => {
      const left = until - Date.now();
      count.textContent = clock(ctx, left);
      count.setAttribute("datetime", `PT${Math.max(0, Math.ceil(left / 1000))}S`);
      if (left <= 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
        ask(); // a new day: the service says what it holds
      }
    };
    if (timer !== null) clearInterval(timer);
    tick();
    if (!stopped) timer = setInterval(tick, 1000);
  };

  /** @returns {Promise<Daily.Home | null>} */
  const ask = async () => {
    if (stopped) return null;
    try {
      const answer = /** @type {Daily.Home} */ (await askClub(ctx, "home", { record: await ctx.club.record(), now: Date.now() }));
      if (!stopped) fill(answer);
      return answer;
    } catch (error) {
      if (!(error?.name === "EngineError")) console.error(error);
      card.dataset.state = "failed";
      club.textContent = t("club.failed");
      return null;
    }
  };
  const filled = ctx.engineReady.then(ask, () => null);
  return { filled, stop };
}
