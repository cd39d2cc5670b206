// Visible notices (storage problems, corrupt saves): a dismissable bar.
import { html } from "./svg.js";

/**
 * @param {HTMLElement} container
 * @param {(key: string) => string} t
 * @returns {(text: string) => void} shows one notice
 */
export function createNotices(container, t) {
  return (text) => {
    const item = html("div", { class: "notice", role: "alert" }, container);
    html("span", {}, item, text);
    const close = html("button", { type: "button", class: "notice-close", "aria-label": t("shell.dismiss") }, item, "×");
    close.addEventListener("click", () => item.remove());
    setTimeout(() => item.classList.add("fading"), 12000);
    setTimeout(() => item.remove(), 12600);
  };
}
