// A yes/no question before an unfinished game is thrown away: a native modal
// dialog, so focus stays inside and Escape cancels; focus starts on the safe
// answer and goes back where it was when the dialog closes.
import { html } from "../../svg.js";

export function askConfirm(root, { title, text, yes, no }) {
  const back = document.activeElement;
  const node = html("dialog", { class: "dd-confirm", "aria-labelledby": "dd-confirm-title", "aria-describedby": "dd-confirm-text" }, root);
  html("h2", { id: "dd-confirm-title" }, node, title);
  html("p", { id: "dd-confirm-text" }, node, text);
  const bar = html("div", { class: "dd-actions dd-confirm-actions" }, node);
  const cancel = html("button", { type: "button", class: "btn dd-confirm-no" }, bar, no);
  const ok = html("button", { type: "button", class: "btn primary dd-confirm-yes" }, bar, yes);
  return new Promise((resolve) => {
    let answer = false;
    ok.addEventListener("click", () => { answer = true; node.close(); });
    cancel.addEventListener("click", () => node.close());
    node.addEventListener("click", (e) => { if (e.target === node) node.close(); }); // backdrop
    node.addEventListener("keydown", (e) => { // Tab wraps inside (past the last control it would leave the page)
      if (e.key !== "Tab" || ![cancel, ok].includes(document.activeElement)) return;
      e.preventDefault();
      (document.activeElement === cancel ? ok : cancel).focus();
    });
    node.addEventListener("close", () => {
      node.remove();
      if (back?.isConnected) back.focus();
      resolve(answer);
    });
    node.showModal();
    cancel.focus();
  });
}
