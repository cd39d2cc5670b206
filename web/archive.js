// The archive of past dailies `#/club/archive` (docs/daily-club.md, "The
// archive"): the last 30 days of every game's daily, each with the score it
// counted on its day and its own archive best, and Play, which opens that deal
// in the game as practice (`#/<game>?archive=DATE`). Which days are open and
// every number are the club service's (py/club/daily/archive.py): this draws.
import { html, stylesheet } from "./svg.js";
import { GAMES, SHEET_WAIT_MS, askClub, formatDate } from "./home.js";

/** What the archive reads of the shell's context. @typedef {Pick<import("./app.js").ShellContext, "t" | "number" | "lang" | "club" | "engineReady" | "check">} ArchiveContext */

/**
 * @param {HTMLElement} root @param {ArchiveContext} ctx
 * @returns {Promise<import("./app.js").PageView>}
 */
export async function mountArchive(root, ctx) {
  const { t } = ctx;
  const styled = stylesheet(root, new URL("./css/club.css", import.meta.url), SHEET_WAIT_MS);
  html("a", { class: "club-back", href: "#/club" }, root, t("club.archive.back"));
  html("h1", { class: "club-title" }, root, t("club.archive.title"));
  html("p", { class: "home-lead archive-lead" }, root, t("club.archive.lead"));
  const picker = html("div", { class: "archive-games", role: "group", "aria-label": t("club.archive.pick") }, root);
  const body = html("div", { class: "archive-body club-body", "data-state": "waiting" }, root);
  html("p", { class: "club-wait" }, body, t("club.loading"));
  let gone = false;
  let game = GAMES[0].id;
  /** @type {Daily.Archive | null} */
  let answer = null;
  /** @type {HTMLElement[]} */
  const buttons = GAMES.map((g) => {
    const button = html("button", { type: "button", class: "btn archive-game", "data-game": g.id }, picker, t(`shell.game.${g.id}.name`));
    button.addEventListener("click", () => {
      game = g.id;
      draw();
    });
    return button;
  });
  const draw = () => {
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.game === game));
    if (answer) list(body, ctx, answer, game);
  };
  draw();
  const settled = ctx.engineReady
    .then(() => ctx.club.record())
    .then((record) => askClub(ctx, "archive", { record, now: Date.now() }))
    .then(
      (/** @type {Daily.Archive} */ got) => {
        if (gone) return;
        answer = got;
        body.dataset.state = "ready";
        draw();
      },
      (error) => {
        if (!(error?.name === "EngineError")) console.error(error);
        if (gone) return;
        body.dataset.state = "failed";
        body.replaceChildren(html("p", { class: "club-wait" }, null, t("club.failed")));
      },
    );
  await styled;
  return {
    unmount() {
      gone = true;
    },
    settled,
  };
}

/**
 * One game's past dailies, newest first: the date, the score it counted on its day, its archive best, Play.
 * @param {HTMLElement} body @param {ArchiveContext} ctx @param {Daily.Archive} answer @param {string} game
 */
function list(body, ctx, answer, game) {
  const { t } = ctx;
  body.replaceChildren();
  body.dataset.game = game;
  if (!answer.days.length) {
    html("p", { class: "club-empty-game" }, body, t("club.archive.empty"));
    return;
  }
  const name = t(`shell.game.${game}.name`);
  const ul = html("ul", { class: "archive-list", role: "list" }, body);
  for (const day of answer.days) {
    const mine = day.games[game] ?? { score: null, best: null };
    const when = formatDate(ctx, day.date, { weekday: "short", day: "numeric", month: "short" });
    const item = html("li", { class: "archive-day", "data-date": day.date }, ul);
    html("span", { class: "archive-date" }, item, when);
    const said = html("span", { class: "archive-scores" }, item);
    if (mine.score !== null) html("span", { class: "archive-counted" }, said, t("club.archive.counted", { score: ctx.number(mine.score) }));
    html(
      "span",
      { class: "archive-best" },
      said,
      mine.best === null ? t("club.archive.unplayed") : t("club.archive.best", { score: ctx.number(mine.best) }),
    );
    html(
      "a",
      {
        class: "btn archive-play",
        href: `#/${game}?archive=${day.date}`,
        "aria-label": t("club.archive.playLabel", { game: name, date: when }),
      },
      item,
      t("club.archive.play"),
    );
  }
}
