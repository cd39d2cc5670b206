// The stats page `#/club`: the Club streak, then per game its
// numbers, the last scores, the distribution of its daily results, its
// personal bests over time and its kept replays; a field opens a replay code.
// Every number is the club service's (py/club/daily): the page only draws.
import { html, stylesheet } from "./svg.js";
import { GAMES, SHEET_WAIT_MS, askClub, formatDate } from "./home.js";
import { barChart, lineChart, stepChart } from "./kit/chart.js";

export { mountArchive } from "./archive.js";

/**
 * What the stats page reads of the shell's context.
 * @typedef {Pick<import("./app.js").ShellContext, "t" | "number" | "lang" | "club" | "engineReady" | "check" | "games" | "storage">} ClubContext
 */

// The service's answers are typed from py/club/daily/views.py (make types):
// Daily.Stats, Daily.GameStats, Daily.ReplayEntry.

/**
 * @param {HTMLElement} root @param {ClubContext} ctx
 * @returns {Promise<import("./app.js").PageView>}
 */
export async function mountClub(root, ctx) {
  const { t } = ctx;
  const styled = stylesheet(root, new URL("./css/club.css", import.meta.url), SHEET_WAIT_MS);
  html("a", { class: "club-back", href: "#/" }, root, t("club.home"));
  html("h1", { class: "club-title" }, root, t("club.statsTitle"));
  html("p", { class: "home-lead" }, root, t("club.statsLead"));
  html("a", { class: "btn club-archive-link", href: "#/club/archive" }, root, t("club.archive.link"));
  codeField(root, ctx);
  const body = html("div", { class: "club-body", "data-state": "waiting" }, root);
  html("p", { class: "club-wait" }, body, t("club.loading"));
  let gone = false;
  const recorded = ctx.storage.scope("club").get("record") !== null;
  const settled = statsOf(ctx, recorded).then(
    async (stats) => {
      if (gone || stats === undefined) return;
      if (stats === null) {
        body.dataset.state = "failed";
        body.replaceChildren(html("p", { class: "club-wait" }, null, t("club.failed")));
        return;
      }
      body.replaceChildren();
      body.dataset.state = "ready";
      clubSummary(body, ctx, stats.club);
      const any = GAMES.some((g) => (stats.games[g.id]?.played ?? 0) > 0);
      if (!any) html("p", { class: "club-empty" }, body, t("club.empty"));
      await Promise.all(GAMES.map((g) => gameSection(body, ctx, g.id, stats.games[g.id])));
    },
    () => {},
  );
  await styled; // drawn styled: unstyled, the stats would move as the sheet applies
  if (!recorded) await settled; // the build's stats, in the page's first frame: nothing moves as they arrive
  return {
    unmount() {
      gone = true;
    },
    settled,
  };
}

/**
 * The club service's stats of the stored record. A player with none (a first visit) gets the
 * service's answer for no record, written at build time (build/clubstats.js: the same on every
 * day), at once: the page is drawn before Python is up. Null: the service refused; undefined:
 * the engine never started (the loader says so).
 * @param {ClubContext} ctx @param {boolean} recorded a club record is stored
 * @returns {Promise<Daily.Stats | null | undefined>}
 */
async function statsOf(ctx, recorded) {
  if (!recorded) {
    const built = await import("../build/clubstats.js").catch(() => null);
    if (built) return /** @type {Daily.Stats} */ (built.EMPTY_STATS);
  }
  try {
    await ctx.engineReady;
  } catch {
    return undefined;
  }
  try {
    return await askClub(ctx, "stats", { record: await ctx.club.record(), now: Date.now() });
  } catch (error) {
    if (!(error?.name === "EngineError")) console.error(error);
    return null;
  }
}

/**
 * A list of labelled numbers (a <dl>).
 * @param {HTMLElement} parent @param {[string, string, string][]} items class, label, value
 * @returns {HTMLElement}
 */
function numbers(parent, items) {
  const list = html("dl", { class: "club-numbers" }, parent);
  for (const [cls, label, value] of items) {
    const item = html("div", { class: `club-number ${cls}` }, list);
    html("dt", {}, item, label);
    html("dd", {}, item, value);
  }
  return list;
}

/** @param {HTMLElement} parent @param {ClubContext} ctx @param {Daily.ClubStats} club */
function clubSummary(parent, ctx, club) {
  const { t } = ctx;
  const box = html("section", { class: "club-summary", "aria-labelledby": "club-summary-title" }, parent);
  html("h2", { id: "club-summary-title" }, box, t("club.title"));
  numbers(box, [
    ["n-streak", t("club.streakNow"), ctx.number(club.streak)],
    ["n-best-streak", t("club.streakBest"), ctx.number(club.best_streak)],
    ["n-days", t("club.days"), ctx.number(club.days)],
    ["n-freezes", t("club.freezes"), ctx.number(club.freezes?.held ?? 0)],
  ]);
  frozenLine(box, ctx, club.freezes);
  html("p", { class: "club-freeze-rule" }, box, t("club.freezesRule"));
}

/**
 * The days a freeze kept in the current streak, said honestly (docs/daily-club.md, "Freezes"); none: no line.
 * @param {HTMLElement} parent @param {ClubContext} ctx @param {Daily.Freezes | undefined} freezes
 */
function frozenLine(parent, ctx, freezes) {
  if (!freezes?.used.length) return;
  const dates = new Intl.ListFormat(ctx.lang).format(freezes.used.map((date) => formatDate(ctx, date)));
  html("p", { class: "club-frozen" }, parent, ctx.t("club.freezesUsed", { dates }));
}

/**
 * One game's section: numbers, charts and replays.
 * @param {HTMLElement} parent @param {ClubContext} ctx @param {string} game @param {Daily.GameStats | undefined} stats
 */
async function gameSection(parent, ctx, game, stats) {
  const { t } = ctx;
  const section = html("section", { class: "club-game", "data-game": game, "aria-labelledby": `club-${game}` }, parent);
  html("h2", { id: `club-${game}` }, section, t(`shell.game.${game}.name`));
  if (!stats || stats.played === 0) {
    html("p", { class: "club-empty-game" }, section, t("club.emptyGame"));
  } else {
    const none = t("club.none");
    const groups = modeGroups(stats);
    const named = (/** @type {ModeGroup} */ g) => modeName(t, g.mode);
    numbers(section, [
      ["n-played", t("club.played"), ctx.number(stats.played)],
      ["n-daily", t("club.dailyPlayed"), ctx.number(stats.daily_played)],
      ["n-streak", t("club.streak"), ctx.number(stats.streak)],
      ["n-best-streak", t("club.bestStreak"), ctx.number(stats.best_streak)],
      ["n-freezes", t("club.freezes"), ctx.number(stats.freezes?.held ?? 0)],
      // a game of modes: each mode's best (a Sprint's and a Marathon's are no one scale)
      ...(groups
        ? groups
            .filter((g) => g.mode !== null)
            .map(
              (g) =>
                /** @type {[string, string, string]} */ ([
                  `n-best n-best-mode`,
                  t("club.bestIn", { mode: named(g) }),
                  g.best === null ? none : ctx.number(g.best),
                ]),
            )
        : [/** @type {[string, string, string]} */ (["n-best", t("club.best"), stats.best === null ? none : ctx.number(stats.best)])]),
    ]);
    frozenLine(section, ctx, stats.freezes);
    charts(section, ctx, stats, groups);
  }
  await replays(section, ctx, game);
}

/**
 * One mode's part of a game's stats: its best and its history, its runs among the last.
 * @typedef {object} ModeGroup
 * @property {string | null} mode null: runs banked before modes were kept
 * @property {number | null} best
 * @property {Daily.BestPoint[]} bests
 * @property {Daily.RunPoint[]} runs
 */

/**
 * A game of modes' stats split by mode (the service's order, then modes only practised, then the runs
 * banked before modes were kept); null for a game of one mode (none named anywhere).
 * @param {Daily.GameStats} stats @returns {ModeGroup[] | null}
 */
export function modeGroups(stats) {
  const modes = stats.modes ?? [];
  const last = stats.last.map((r) => ({ ...r, mode: r.mode ?? null }));
  if (!modes.length && last.every((r) => r.mode === null)) return null;
  /** @type {(string | null)[]} */
  const order = modes.map((m) => m.mode);
  for (const r of last) if (r.mode !== null && !order.includes(r.mode)) order.push(r.mode);
  if (last.some((r) => r.mode === null)) order.push(null);
  return order.map((mode) => {
    const kept = modes.find((m) => m.mode === mode);
    return { mode, best: kept?.best ?? null, bests: kept?.bests ?? [], runs: last.filter((r) => r.mode === mode) };
  });
}

/** A mode's name on the stats page (a code with no string: the code). @param {(key: string, vars?: object) => string} t @param {string | null} mode */
export function modeName(t, mode) {
  if (mode === null) return t("club.mode.earlier");
  const key = `club.mode.${mode}`;
  const name = t(key);
  return name === key ? mode : name;
}

/**
 * The last scores as a line.
 * @param {HTMLElement} grid @param {ClubContext} ctx @param {Daily.RunPoint[]} last @param {string} title @param {string} cls
 */
function lastChart(grid, ctx, last, title, cls) {
  const { t } = ctx;
  const format = (/** @type {number} */ v) => ctx.number(v);
  const scores = last.map((r) => r.score);
  const points = last.map((r, i) => {
    const when = r.date ? formatDate(ctx, r.date) : t("club.chart.run", { n: ctx.number(i + 1) });
    return { value: r.score, marked: r.daily, tick: when, label: r.daily ? t("club.chart.dailyOn", { date: when }) : when };
  });
  lineChart(grid, points, {
    title,
    summary: t("club.chart.lastSummary", {
      count: scores.length,
      low: format(Math.min(...scores)),
      high: format(Math.max(...scores)),
      dailies: ctx.number(last.filter((r) => r.daily).length),
    }),
    labelHead: t("club.chart.when"),
    valueHead: t("club.chart.score"),
    format,
    cls,
  });
  html("p", { class: "chart-legend", "aria-hidden": "true" }, grid.lastElementChild, t("club.chart.legend"));
}

/**
 * The personal bests over time as steps.
 * @param {HTMLElement} grid @param {ClubContext} ctx @param {Daily.BestPoint[]} bests @param {string} title @param {string} cls
 */
function bestsChart(grid, ctx, bests, title, cls) {
  const { t } = ctx;
  const format = (/** @type {number} */ v) => ctx.number(v);
  const points = bests.map((b) => ({ value: b.best, label: formatDate(ctx, b.date) }));
  const best = /** @type {Daily.BestPoint} */ (bests.at(-1)).best; // not empty: the latest is the best
  stepChart(grid, points, {
    title,
    summary: t("club.chart.bestsSummary", { count: points.length, best: format(best) }),
    labelHead: t("club.chart.when"),
    valueHead: t("club.chart.score"),
    format,
    cls,
  });
}

/** @param {HTMLElement} parent @param {ClubContext} ctx @param {Daily.GameStats} stats @param {ModeGroup[] | null} groups */
function charts(parent, ctx, stats, groups) {
  const { t } = ctx;
  const format = (/** @type {number} */ v) => ctx.number(v);
  const grid = html("div", { class: "club-charts" }, parent);
  if (groups) {
    for (const g of groups) {
      if (g.runs.length) lastChart(grid, ctx, g.runs, t("club.chart.lastIn", { mode: modeName(t, g.mode) }), "chart-last chart-mode");
    }
  } else if (stats.last.length) lastChart(grid, ctx, stats.last, t("club.chart.last"), "chart-last");
  if (stats.distribution.some((b) => b.count > 0)) {
    const points = stats.distribution.map((b) => ({
      value: b.count,
      label: t("club.chart.range.label", { low: format(b.low), high: format(b.high) }),
    }));
    // (Some bucket counts, so there is a last one.) The bounds stand at the bars' edges: a bucket's lower bound under its middle read as its score.
    const edges = [...stats.distribution.map((b) => b.low), /** @type {Daily.Bucket} */ (stats.distribution.at(-1)).high + 1].map((v) =>
      short(ctx, v),
    );
    barChart(grid, points, {
      title: t("club.chart.dist"),
      summary: t("club.chart.distSummary", { list: points.map((p) => `${p.label}: ${format(p.value)}`).join(", ") }),
      labelHead: t("club.chart.range"),
      valueHead: t("club.chart.count"),
      format,
      cls: "chart-dist",
      edges,
    });
  }
  if (groups) {
    for (const g of groups) {
      if (g.bests.length) bestsChart(grid, ctx, g.bests, t("club.chart.bestsIn", { mode: modeName(t, g.mode) }), "chart-bests chart-mode");
    }
  } else if (stats.bests.length) bestsChart(grid, ctx, stats.bests, t("club.chart.bests"), "chart-bests");
}

/**
 * A bucket's bound, short enough to stand between two bars at 360 px ("6K").
 * @param {ClubContext} ctx @param {number} value @returns {string}
 */
function short(ctx, value) {
  return ctx.number(value, value >= 1000 ? { notation: "compact", maximumFractionDigits: 1 } : {});
}

/**
 * The game's kept replays (newest first), each with Watch, folded under their count.
 * @param {HTMLElement} parent @param {ClubContext} ctx @param {string} game
 */
async function replays(parent, ctx, game) {
  const { t } = ctx;
  const box = html("details", { class: "club-replays" }, parent);
  const summary = html("summary", {}, box, t("club.replays"));
  // Kept replays the service cannot read are moved aside, with their notice (P8).
  /** @type {Daily.ReplayEntry[]} */
  const list =
    (await ctx.storage.scope(game).load("replays", async (text) => (await askClub(ctx, "replays", { replays: text })).list)) ?? [];
  if (!list.length) {
    html("p", { class: "club-empty-game" }, box, t("club.replaysEmpty"));
    return;
  }
  html("span", { class: "replay-count" }, summary, ` (${ctx.number(list.length)})`);
  const ul = html("ul", { class: "replay-list", role: "list" }, box);
  for (const kept of list) {
    const item = html("li", { class: "replay-item", "data-pb": kept.pb ? "1" : "0" }, ul);
    const score = ctx.number(kept.score);
    const date = kept.date ? formatDate(ctx, kept.date) : "";
    html("span", { class: "replay-score" }, item, score);
    html("span", { class: "replay-date" }, item, date);
    if (kept.pb) html("span", { class: "replay-pb" }, item, t("club.pb"));
    html(
      "a",
      {
        class: "btn replay-watch",
        href: `#/${game}?replay=${encodeURIComponent(kept.code)}`,
        "aria-label": t("club.watchLabel", { score, date }),
      },
      item,
      t("club.watch"),
    );
  }
}

/**
 * The field "Open a replay code": a code of a known game goes to its replay
 * route (the engine checks the rest when the replay opens).
 * @param {HTMLElement} parent @param {ClubContext} ctx
 */
function codeField(parent, ctx) {
  const { t } = ctx;
  const form = html("form", { class: "club-code", "aria-labelledby": "club-code-title" }, parent);
  html("h2", { id: "club-code-title" }, form, t("club.codeTitle"));
  const row = html("div", { class: "club-code-row" }, form);
  const input = html(
    "input",
    {
      id: "club-code-input",
      type: "text",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "6E1.…",
      "aria-label": t("club.codeLabel"),
      "aria-describedby": "club-code-note",
    },
    row,
  );
  html("button", { type: "submit", class: "btn" }, row, t("club.codeOpen"));
  const note = html("p", { id: "club-code-note", class: "club-code-note", role: "status" }, form);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = input.value.trim();
    const game = ctx.games.find((g) => code.startsWith(`6E1.${g}.`) && code.length > `6E1.${g}.`.length);
    if (!game) {
      note.textContent = t("club.codeBad");
      input.setAttribute("aria-invalid", "true");
      return;
    }
    input.removeAttribute("aria-invalid");
    note.textContent = "";
    location.hash = `#/${game}?replay=${encodeURIComponent(code)}`;
  });
}
