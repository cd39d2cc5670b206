// The cards of the bowls page, every one the kit's dialog: the end of an
// attempt (or of a puzzle), the End and discard questions, the settings and the
// gallery of themes and achievements. The page's state knows the card open
// (its keys wait while one is); the actions are the page's callbacks.
import { html } from "../../svg.js";
import { openDialog } from "../../kit/dialog.js";
import { puzzleOverCard } from "./puzzles.js";
import { discardCard, endCard, overCard, settingsCard } from "./screens.js";
import { renderGallery } from "./themes.js";

/** @typedef {import("../../kit/dialog.js").Dialog} Dialog */
/** @typedef {import("../../kit/dialog.js").DialogOptions} DialogOptions */
/** @typedef {import("./hud.js").Words} Words */

/**
 * @typedef {object} CardState
 * @property {Bowls.View | null} view
 * @property {Dialog | null} card the open card
 * @property {{forecast: boolean}} prefs
 * @property {Map<number, any>} solved puzzle id -> the move's "puzzle_solved" event
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
 * @property {() => void} daily today's daily (the club's date, issue 16)
 */

/**
 * @param {HTMLElement} root the page (cards go there)
 * @param {{state: CardState, words: Words, session: import("../../kit/session.js").PageSession, ctx: any, on: CardActions}} page
 */
export function createCards(root, { state, words, session, ctx, on }) {
  const { t } = words;

  /** @param {DialogOptions} options */
  function open(options) {
    close();
    const card = openDialog(root, {
      ...options,
      onClose: (reason) => { if (state.card === card) state.card = null; options.onClose?.(reason); },
    });
    state.card = card;
    return card;
  }

  function close() {
    state.card?.close(); // its onClose forgets it
  }

  /**
   * The end card of the attempt on screen; the Daily Club's part (issue 16: daily line, grid, share and
   * replay) joins it when the club has banked the run (`banked`: its summary, or null).
   * @param {any} outcome the answer of the action that ended it
   * @param {HTMLElement | null} returnFocus the ring's bowl (the card's opener is gone or disabled)
   * @param {Promise<any> | null} [banked]
   */
  function showOver(outcome, returnFocus, banked = null) {
    const view = state.view;
    const club = html("div", { class: "bw-club" });
    /** @param {DialogOptions} options */
    const withClub = (options) => {
      const card = open({ ...options, lines: [...(options.lines ?? []), club], returnFocus });
      banked?.then(async (summary) => {
        if (summary && card.isOpen() && !session.gone()) await ctx.club.endBlock(club, summary);
      }).catch(session.report);
    };
    if (view.mode === "puzzle" && view.puzzle) {
      withClub(puzzleOverCard(view, state.solved.get(view.puzzle.id), t, { play: on.play, undo: on.undo, list: on.list }));
      return;
    }
    const again = () => (view.mode === "daily" ? on.daily() : on.start({ mode: view.mode }));
    withClub(overCard(view, outcome, words, { again, undo: on.undo, modes: on.modes }));
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
    const heading = card.node.querySelector("h2");
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    card.node.scrollTop = 0;
  }

  /** The themes and achievements (W24), drawn from the engine's awards. @param {Bowls.Awards} awards */
  function openGallery(awards) {
    if (state.card) return; // a second click
    const body = html("div", { class: "bwt-gallery-body" });
    const card = open({
      title: t("bowls.gallery.title"), lines: [body], cls: "bw-overlay bwt-gallery-card",
      buttons: [{ label: t("bowls.gallery.close"), primary: true, cls: "bwt-close" }],
    });
    /** @param {string} name */
    const use = (name) => session.serial(async () => {
      const next = await on.useTheme(name);
      if (!next || !card.isOpen()) return;
      renderGallery(body, next, t, use);
      topOf(card);
      ctx.announce(`${t(`bowls.theme.${name}`)}: ${t("bowls.gallery.inUse")}`);
    });
    renderGallery(body, awards, t, use);
    topOf(card);
  }

  return { close, showOver, confirmEnd, askStart, openSettings, openGallery };
}
