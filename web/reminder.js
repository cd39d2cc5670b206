// The backup reminder on home (P8: progress that stays): a small card, never a modal, never in play,
// for a player with a Daily Club streak or solved puzzles and no recent backup, at most once a week
// (web/persistplan.js decides; web/persist.js remembers). Its Back up is home's own button, so the same
// file is saved and the same hook notes the date. The install offer (the browser's prompt, or iOS's
// Share → Add to Home Screen) goes with it, and with Settings: an installed arcade's data is kept.
import { html } from "./svg.js";

/** What the backup reminder reads of home's context. @typedef {Pick<import("./app.js").ShellContext, "t" | "number" | "storage" | "check" | "keeping">} ReminderContext */
/** @typedef {import("./persist.js").Keeping} Keeping */
/** @typedef {{ streak: number, puzzles: number }} Progress */

/**
 * What is worth keeping: the longest current streak on the Daily Club card (the club's or a game's) and the
 * puzzles solved in Color Bowls (its profile as the engine reads it).
 * @param {ReminderContext} ctx @param {Daily.Home | null} home the club service's answer for home's card
 * @returns {Promise<Progress>}
 */
export async function progressOf(ctx, home) {
  const streaks = home ? [home.club.streak, ...Object.values(home.games).map((game) => game.streak)] : [];
  const streak = Math.max(0, ...streaks);
  const profile = ctx.storage.scope("bowls").get("profile");
  let puzzles = 0;
  if (profile !== null) {
    try {
      const read = /** @type {{ puzzles?: Record<string, number> }} */ (await ctx.check("bowls", "load_profile", { profile }));
      puzzles = Object.keys(read?.puzzles ?? {}).length;
    } catch {
      puzzles = 0; // a profile the engine cannot read: the game moves it aside when it opens
    }
  }
  return { streak, puzzles };
}

/**
 * The install offer that fits this browser: an Install button (its prompt), or iOS's steps; none otherwise.
 * @param {HTMLElement} actions where the button goes @param {HTMLElement} notes where the steps go
 * @param {Keeping} keeping @param {ReminderContext["t"]} t
 */
export function offerInstall(actions, notes, keeping, t) {
  const offer = keeping.offer();
  if (offer === "ios") html("p", { class: "keep-ios" }, notes, t("shell.keep.ios"));
  if (offer !== "prompt") return;
  const install = html("button", { type: "button", class: "btn keep-install" }, actions, t("shell.keep.install"));
  install.addEventListener("click", async () => {
    install.disabled = true;
    await keeping.install();
    install.remove(); // a prompt shows once; accepted, the arcade is installed
  });
}

/**
 * Home's reminder, when one is due: placed before `before` (the game grid), once the Daily Club card has
 * said the streaks. Nothing when the page went meanwhile (`alive`): a reminder not seen does not count.
 * @param {HTMLElement} root home's section @param {Element} before @param {ReminderContext} ctx
 * @param {Daily.Home | null} home the club service's answer @param {() => boolean} alive
 * @returns {Promise<HTMLElement | null>}
 */
export async function remindBackup(root, before, ctx, home, alive) {
  /** @type {Progress} */
  let progress = { streak: 0, puzzles: 0 };
  const due = await ctx.keeping.remind(async () => {
    progress = await progressOf(ctx, home);
    return alive() && (progress.streak > 0 || progress.puzzles > 0);
  });
  return due ? reminderCard(root, before, ctx, progress) : null;
}

/** @param {HTMLElement} root @param {Element} before @param {ReminderContext} ctx @param {Progress} progress */
function reminderCard(root, before, ctx, progress) {
  const { t } = ctx;
  const card = html("aside", { class: "keep-reminder", "aria-labelledby": "keep-reminder-title" }, null);
  html("h2", { id: "keep-reminder-title" }, card, t("shell.keep.remindTitle"));
  const said =
    progress.streak > 0
      ? t("shell.keep.remindStreak", { count: progress.streak, n: ctx.number(progress.streak) })
      : t("shell.keep.remindPuzzles", { count: progress.puzzles, n: ctx.number(progress.puzzles) });
  html("p", { class: "keep-reminder-text" }, card, said);
  const actions = html("div", { class: "keep-reminder-actions" }, card);
  const save = html("button", { type: "button", class: "btn primary keep-reminder-save" }, actions, t("shell.backup.save"));
  offerInstall(actions, card, ctx.keeping, t); // iOS's steps under the buttons
  const later = html("button", { type: "button", class: "btn keep-reminder-later" }, actions, t("shell.keep.later"));
  root.insertBefore(card, before);
  /** @param {HTMLElement | null} next where the focus goes once the card is gone */
  const close = (next) => {
    const focused = card.contains(document.activeElement);
    card.remove();
    if (focused) next?.focus({ preventScroll: true });
  };
  save.addEventListener("click", () => {
    const button = /** @type {HTMLElement | null} */ (root.querySelector(".backup-save"));
    button?.click(); // the backup section's own Back up: the same file, its status line, the date noted
    close(button);
  });
  later.addEventListener("click", () => close(/** @type {HTMLElement | null} */ (root.querySelector(".game-card"))));
  return card;
}
