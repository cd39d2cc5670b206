// Visible notices (storage problems, corrupt saves, a bad link): a
// dismissable bar. The same text again while its notice is up does not stack
// a second one: the notice counts ("×5") and stays its full time from then.
import { html } from "./svg.js";

const SHOW_MS = 12000; // then it fades
const FADE_MS = 600;

/**
 * @param {HTMLElement} container
 * @param {(key: string, vars?: object) => string} t
 * @returns {(text: string) => void} shows one notice
 */
export function createNotices(container, t) {
  /** @type {Map<string, { item: HTMLElement, badge: HTMLElement, count: number, timers: ReturnType<typeof setTimeout>[] }>} */
  const shown = new Map();

  /** @param {string} text */
  function close(text) {
    const open = shown.get(text);
    if (!open) return;
    open.timers.forEach((id) => clearTimeout(id));
    open.item.remove();
    shown.delete(text);
  }

  /** @param {string} text */
  function schedule(text) {
    const open = shown.get(text);
    open.timers.forEach((id) => clearTimeout(id));
    open.item.classList.remove("fading");
    open.timers = [
      setTimeout(() => open.item.classList.add("fading"), SHOW_MS),
      setTimeout(() => close(text), SHOW_MS + FADE_MS),
    ];
  }

  return (text) => {
    const open = shown.get(text);
    if (open) {
      open.count += 1;
      open.badge.textContent = `×${open.count}`;
      open.badge.setAttribute("aria-label", t("shell.noticeCount", { count: open.count }));
      open.badge.hidden = false;
      open.item.dataset.count = String(open.count);
      schedule(text);
      return;
    }
    const item = html("div", { class: "notice", role: "alert", "data-count": 1 }, container);
    html("span", { class: "notice-text" }, item, text);
    const badge = html("span", { class: "notice-count", hidden: true }, item);
    const dismiss = html("button", { type: "button", class: "notice-close", "aria-label": t("shell.dismiss") }, item, "×");
    dismiss.addEventListener("click", () => close(text));
    shown.set(text, { item, badge, count: 1, timers: [] });
    schedule(text);
  };
}
