// Visible notices. Two kinds:
// - a problem (storage, a corrupt save, a bad link): a dismissable alert bar. The
//   same text again while its notice is up does not stack a second one: the
//   notice counts ("×5") and stays its full time from then.
// - a confirmation ("done": a link or a code copied): a calm, small status that
//   says what was done and goes after a moment. Only one is up at a time, the
//   newest: copying three times never piles three boxes over the board.
// A notice said while a modal dialog is up (an end card's Share, "Copy challenge
// link") is drawn inside that dialog, in the top layer above its backdrop: outside
// it the notice would be dimmed by the backdrop, or hidden under the card, and inert.
// When the dialog closes, what is still up goes back to the page's own place.
// Where a problem takes its own room in the page (the CSS puts the notices in the
// page's flow between a phone and a wide screen) it stays until the player closes
// it: fading by itself, it would move the game back up under the player's finger.
import { html } from "./svg.js";

const SHOW_MS = 12000; // then it fades
const DONE_MS = 2600;
const FADE_MS = 600;

/** @typedef {"problem" | "done"} NoticeKind */
/** @typedef {(text: string, kind?: NoticeKind) => void} Notice */

/**
 * @param {HTMLElement} container
 * @param {(key: string, vars?: object) => string} t
 * @param {() => boolean} [inFlow] the notices take room in the page (not fixed over it): a problem then stays
 *   until closed (default: the container's computed position)
 * @returns {Notice} shows one notice
 */
export function createNotices(container, t, inFlow = () => getComputedStyle(container).position !== "fixed") {
  /** The topmost open modal dialog's own notices, made when first needed; else the page's. @returns {HTMLElement} */
  function host() {
    const modal = /** @type {HTMLDialogElement[]} */ ([...document.querySelectorAll("dialog[open]")])
      .filter((d) => d.matches(":modal"))
      .at(-1);
    if (!modal) return container;
    const own = /** @type {HTMLElement | null} */ (modal.querySelector(":scope > .notices-over"));
    if (own) return own;
    const made = html("div", { class: "notices notices-over" }, modal);
    modal.addEventListener(
      "close",
      () => {
        container.append(...made.children); // a problem still up stays said
        made.remove();
      },
      { once: true },
    );
    return made;
  }

  /** @typedef {{ item: HTMLElement, badge: HTMLElement, count: number, timers: ReturnType<typeof setTimeout>[], kind: NoticeKind }} Shown */
  /** @type {Map<string, Shown>} */
  const shown = new Map();

  /** @param {string} text */
  function close(text) {
    const open = shown.get(text);
    if (!open) return;
    open.timers.forEach((id) => clearTimeout(id));
    open.item.remove();
    shown.delete(text);
  }

  /** @param {string} text @param {Shown} open its notice */
  function schedule(text, open) {
    const showFor = open.kind === "done" ? DONE_MS : SHOW_MS;
    open.timers.forEach((id) => clearTimeout(id));
    open.item.classList.remove("fading");
    if (open.kind === "problem" && open.item.parentNode === container && inFlow()) {
      open.timers = []; // in the page's flow: the game moves back only when the player closes it
      return;
    }
    open.timers = [setTimeout(() => open.item.classList.add("fading"), showFor), setTimeout(() => close(text), showFor + FADE_MS)];
  }

  /** @param {string} text @param {Shown} open its notice, up */
  function again(text, open) {
    if (open.kind === "problem") {
      open.count += 1;
      open.badge.textContent = `×${open.count}`;
      open.badge.setAttribute("aria-label", t("shell.noticeCount", { count: open.count }));
      open.badge.hidden = false;
      open.item.dataset.count = String(open.count);
    }
    const over = host();
    if (open.item.parentElement !== over) over.append(open.item); // said again over a card opened since
    schedule(text, open);
  }

  return (text, kind = "problem") => {
    const up = shown.get(text);
    if (up) {
      again(text, up);
      return;
    }
    if (kind === "done") [...shown].filter(([, open]) => open.kind === "done").forEach(([said]) => close(said));
    const item = html("div", { class: `notice notice-${kind}`, role: kind === "done" ? "status" : "alert", "data-count": 1 }, host());
    html("span", { class: "notice-text" }, item, text);
    const badge = html("span", { class: "notice-count", hidden: true }, item);
    const dismiss = html("button", { type: "button", class: "notice-close", "aria-label": t("shell.dismiss") }, item, "×");
    dismiss.addEventListener("click", () => close(text));
    /** @type {Shown} */
    const open = { item, badge, count: 1, timers: [], kind };
    shown.set(text, open);
    schedule(text, open);
  };
}
