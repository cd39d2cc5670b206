// The cards of the bowls page, every one the kit's dialog: the end of an
// attempt (or of a puzzle), the End and discard questions, the settings and the
// gallery of themes and achievements. Their options are made here from the
// view and the page's callbacks; the page's state knows the card open (its
// keys wait while one is).
import { html } from "../../svg.js";
import { openDialog } from "../../kit/dialog.js";
import { bestCombo, figures, isPuzzleAttempt, line, puzzleOverCard } from "./puzzles.js";
import { renderGallery } from "./themes.js";
import { workshopOverCard } from "./workshopcard.js";
import { shownView } from "./state.js";

/**
 * What the cards read of the bowls page's context.
 * @typedef {Pick<import("../../app.js").GameContext<Bowls.Calls>, "announce">} CardsContext
 */

/** @typedef {import("../../kit/dialog.js").Dialog} Dialog */
/** @typedef {import("../../kit/dialog.js").DialogOptions} DialogOptions */
/** @typedef {import("./hud.js").Words} Words */

/**
 * A new attempt replaces the mode's unfinished one and its score: asked first.
 * @param {Bowls.View} unfinished @param {Words} words @param {() => void} discard
 * @returns {DialogOptions}
 */
export function discardCard(unfinished, { t, number }, discard) {
  return {
    title: t("bowls.discardTitle"),
    lines: [t("bowls.discardText", { score: number(unfinished.score), count: unfinished.moves })],
    buttons: [
      { label: t("bowls.discardYes"), cls: "bw-discard-yes", action: discard },
      { label: t("bowls.discardNo"), primary: true, cls: "bw-discard-no" },
    ],
    cls: "bw-overlay bw-discard",
  };
}

/** @param {Bowls.View} view @param {Words} words @param {() => void} end @returns {DialogOptions} */
export function endCard(view, { t, number }, end) {
  return {
    title: t("bowls.endConfirm"),
    lines: [t("bowls.endConfirmText", { score: number(view.score) })],
    buttons: [{ label: t("bowls.end"), primary: true, cls: "bw-end-yes", action: end }, { label: t("bowls.cancel") }],
    cls: "bw-overlay bw-end-card",
  };
}

/**
 * Before the first undo of a Daily (W21: it turns the attempt into practice): asked once, in words that say
 * what it costs; the safe answer first. @param {Words} words @param {() => void} undo @returns {DialogOptions}
 */
export function undoDailyCard({ t }, undo) {
  return {
    title: t("bowls.undoDaily.title"),
    lines: [t("bowls.undoDaily.text")],
    buttons: [
      { label: t("bowls.undoDaily.yes"), cls: "bw-undo-yes", action: undo },
      { label: t("bowls.cancel"), primary: true, cls: "bw-undo-no" },
    ],
    cls: "bw-overlay bw-undo-card",
  };
}

/** @type {Record<string, string>} */
const END_TITLES = { overflow: "bowls.over.overflow", stuck: "bowls.over.stuck", limit: "bowls.over.limit", ended: "bowls.over.ended" };

/**
 * The end of an attempt (not a puzzle's: puzzles.js).
 * @param {Bowls.View} view @param {Words} words @param {{again: () => void, undo: () => void, modes: () => void}} on
 * @returns {DialogOptions}
 */
export function overCard(view, { t, number }, on) {
  /** @type {HTMLElement[]} */
  const lines = [line("bw-final", t("bowls.over.score", { score: number(view.score) }))];
  if (view.training) lines.push(line("bw-note", t("bowls.over.training")));
  // The attempt's own fact (W25), in its view: after a reload or a language switch too, not only as it ends.
  else if (view.new_best) lines.push(line("bw-newbest", t("bowls.over.newBest")));
  lines.push(
    figures(t, [
      ["bowls.over.moves", number(view.moves)],
      ["bowls.over.bestCombo", bestCombo(t, view)],
    ]),
  );
  const buttons = [{ label: t("bowls.playAgain"), primary: true, cls: "bw-again", action: on.again }];
  if (view.can_undo) buttons.push({ label: t("bowls.undoLast"), primary: false, cls: "bw-over-undo", action: on.undo });
  buttons.push({ label: t("bowls.toModes"), primary: false, cls: "bw-to-modes", action: on.modes });
  return {
    title: t(END_TITLES[view.status ?? ""] ?? "bowls.attemptOver"),
    lines,
    buttons,
    cls: "bw-overlay bw-over kit-end",
    peek: { show: t("shell.seeBoard"), back: t("shell.backToCard") },
  };
}

/**
 * The settings: the forecast line (W23).
 * @param {{forecast: boolean}} prefs @param {Words} words @param {(forecast: boolean) => void} setForecast
 * @returns {DialogOptions}
 */
export function settingsCard(prefs, { t }, setForecast) {
  const label = html("label", { class: "bw-toggle" });
  const box = /** @type {HTMLInputElement} */ (html("input", { type: "checkbox", class: "bw-forecast-toggle" }, label));
  box.checked = prefs.forecast;
  html("span", {}, label, t("bowls.forecastSetting"));
  box.addEventListener("change", () => setForecast(box.checked));
  return {
    title: t("bowls.settings"),
    lines: [label, line("bw-note", t("bowls.forecastHelp"))],
    buttons: [{ label: t("bowls.close"), primary: true }],
    cls: "bw-overlay bw-settings-card",
  };
}

/**
 * @typedef {object} CardState
 * @property {Bowls.View | null} view
 * @property {Dialog | null} card the open card
 * @property {{forecast: boolean}} prefs
 * @property {Map<number, Bowls.PuzzleSolvedEvent>} solved puzzle id -> the move's "puzzle_solved" event
 */

/**
 * @typedef {object} CardActions
 * @property {(payload: Record<string, any>) => void} start a new attempt
 * @property {(id: number) => void} play a puzzle
 * @property {() => void} undo
 * @property {() => void} end the attempt on screen (asked)
 * @property {() => void} modes back to the mode screen
 * @property {() => void} list the puzzle grid
 * @property {(forecast: boolean) => void} forecast the setting changed
 * @property {(name: string) => Promise<Bowls.Awards | null>} useTheme the engine's awards after the choice, null if refused
 * @property {() => void} daily today's daily (the Daily Club's date)
 * @property {{again: () => void, share: () => void, reply: () => void, editor: () => void}} workshop a workshop
 *   puzzle's end (W28): again, the author's share, a friend's result sent back, the editor
 */

/**
 * @param {HTMLElement} root the page (cards go there)
 * @param {{state: CardState, words: Words, page: import("../../kit/page.js").Page<Bowls.Calls>, ctx: CardsContext,
 *   end: import("../../kit/clubpage.js").ClubEnd, on: CardActions}} deps
 */
export function createCards(root, { state, words, page, ctx, end, on }) {
  const { t } = words;

  /** @param {DialogOptions} options */
  function open(options) {
    close();
    const card = openDialog(root, {
      ...options,
      onClose: (reason) => {
        if (state.card === card) state.card = null;
        options.onClose?.(reason);
      },
    });
    state.card = card;
    return card;
  }

  function close() {
    state.card?.close(); // its onClose forgets it
  }

  /**
   * The end card of the attempt on screen; the Daily Club's part (daily line, grid, share and replay)
   * joins it when the club has banked the run.
   * @param {HTMLElement | null} returnFocus the ring's bowl (the card's opener is gone or disabled)
   */
  function showOver(returnFocus) {
    const view = shownView(state);
    const club = html("div", { class: "bw-club" });
    /** @param {DialogOptions} options */
    const withClub = (options) => {
      open({ ...options, lines: [...(options.lines ?? []), club], returnFocus });
      end.card(club);
    };
    const made = view.workshop;
    if (made) {
      // No Daily Club part: a workshop puzzle is shared by its own link (W28), not as a deal's result.
      open({ ...workshopOverCard({ ...view, workshop: made }, t, { ...on.workshop, undo: on.undo, modes: on.modes }), returnFocus });
      return;
    }
    if (isPuzzleAttempt(view)) {
      withClub(puzzleOverCard(view, state.solved.get(view.puzzle.id), t, { play: on.play, undo: on.undo, list: on.list }));
      return;
    }
    const again = () => (view.mode === "daily" ? on.daily() : on.start({ mode: view.mode }));
    withClub(overCard(view, words, { again, undo: on.undo, modes: on.modes }));
  }

  /** @param {() => void} undo */
  function confirmUndo(undo) {
    open(undoDailyCard(words, undo));
  }

  function confirmEnd() {
    if (state.view && !state.view.over) open(endCard(state.view, words, on.end));
  }

  /** A new attempt replaces the mode's unfinished one: asked first. @param {Bowls.View | null} going @param {Record<string, any>} payload */
  function askStart(going, payload) {
    if (going) open(discardCard(going, words, () => on.start(payload)));
    else on.start(payload);
  }

  function openSettings() {
    open(settingsCard(state.prefs, words, on.forecast));
  }

  /** Start at the top of a long card, not at its Close button. @param {Dialog} card */
  function topOf(card) {
    const heading = /** @type {HTMLElement} */ (card.node.querySelector("h2")); // its title (openDialog)
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    card.node.scrollTop = 0;
  }

  /** The themes and achievements (W24), drawn from the engine's awards. @param {Bowls.Awards} awards */
  function openGallery(awards) {
    if (state.card) return; // a second click
    const body = html("div", { class: "bwt-gallery-body" });
    const card = open({
      title: t("bowls.gallery.title"),
      lines: [body],
      cls: "bw-overlay bwt-gallery-card",
      buttons: [{ label: t("bowls.gallery.close"), primary: true, cls: "bwt-close" }],
    });
    /** @param {string} name */
    const use = (name) =>
      page.serial(async () => {
        const next = await on.useTheme(name);
        if (!next || !card.isOpen()) return;
        renderGallery(body, next, t, use);
        topOf(card);
        ctx.announce(`${t(`bowls.theme.${name}`)}: ${t("bowls.gallery.inUse")}`);
      });
    renderGallery(body, awards, t, use);
    topOf(card);
  }

  return { close, showOver, confirmEnd, confirmUndo, askStart, openSettings, openGallery };
}
