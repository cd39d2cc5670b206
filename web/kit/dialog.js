// The one dialog of the arcade: a native modal <dialog>. The
// browser makes the page behind it inert; Tab wraps inside it (past its last
// control Tab would leave for the browser's own UI); Escape and a click on the
// backdrop close it when it is dismissable; the focus goes back to where it was.
import { html } from "../svg.js";

/**
 * @typedef {object} DialogButton
 * @property {string} label
 * @property {string} [cls] extra class names (tests and themes find buttons by them)
 * @property {boolean} [primary] the main action: styled as such and focused first
 * @property {() => void} [action] run after the dialog closed (unless keepOpen)
 * @property {boolean} [keepOpen] run action with the dialog left open
 */

/**
 * @typedef {object} DialogOptions
 * @property {string} title
 * @property {string} [cls] class names of the <dialog> (e.g. "bk-over")
 * @property {Array<string | Node>} [lines] paragraphs (text) or nodes for the body
 * @property {DialogButton[]} [buttons]
 * @property {boolean} [dismissable=true] Escape / backdrop close it (false: only a button does)
 * @property {string} [closeLabel] adds a × button in the head with this accessible name
 * @property {string} [focus] a selector inside the dialog to focus when it opens
 * @property {HTMLElement | null} [returnFocus] where the focus goes on close (default: where it was)
 * @property {(reason: string) => void} [onClose] "cancel", "close" or a button's label
 * @property {(open: boolean) => void} [onToggle] told on every open and close (play time pauses)
 * @property {{show: string, back: string}} [peek] an end card's "See the board": a last button that folds
 *   the card down to itself (the board behind in full view, still inert) and back
 */

/**
 * @typedef {object} Dialog
 * @property {HTMLDialogElement} node
 * @property {HTMLElement} body where the page adds its own content
 * @property {HTMLElement} buttons the row of buttons
 * @property {() => void} open
 * @property {(reason?: string) => void} close
 * @property {() => boolean} isOpen
 */

let counter = 0;

const FOCUSABLE =
  "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** @param {HTMLElement} node @returns {HTMLElement[]} */
function focusables(node) {
  return /** @type {HTMLElement[]} */ ([...node.querySelectorAll(FOCUSABLE)]).filter(
    (el) => el.getClientRects().length > 0 && !el.closest("[hidden]"),
  );
}

/** Tab and Shift+Tab wrap around inside `node`. @param {HTMLElement} node @param {KeyboardEvent} e */
export function trapTab(node, e) {
  if (e.key !== "Tab") return;
  const items = focusables(node);
  if (!items.length) {
    e.preventDefault();
    return;
  }
  const at = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  if (e.shiftKey && at <= 0) {
    e.preventDefault();
    items[items.length - 1].focus();
  } else if (!e.shiftKey && (at === -1 || at === items.length - 1)) {
    e.preventDefault();
    items[0].focus();
  }
}

/**
 * "See the board" (P13): the card folds down to this one button, with no backdrop over the
 * board, and unfolds again; the dialog stays modal (the board is looked at, not played).
 * @param {HTMLDialogElement} node @param {HTMLElement} row @param {{show: string, back: string}} labels
 */
function addPeek(node, row, { show, back }) {
  const button = html("button", { class: "btn kit-dialog-peek", type: "button", "aria-pressed": "false" }, row, show);
  button.addEventListener("click", () => {
    const peeking = node.classList.toggle("kit-peeking");
    button.textContent = peeking ? back : show;
    button.setAttribute("aria-pressed", String(peeking));
    button.focus();
  });
}

/**
 * A dialog kept in the page, opened and closed many times (settings, save slots).
 * @param {HTMLElement} host @param {DialogOptions} options @returns {Dialog}
 */
export function createDialog(host, options) {
  const { title, cls = "", lines = [], buttons = [], dismissable = true } = options;
  counter += 1;
  const titleId = `kit-dialog-${counter}`;
  const node = /** @type {HTMLDialogElement} */ (html("dialog", { class: `kit-dialog ${cls}`.trim(), "aria-labelledby": titleId }, host));
  const head = html("div", { class: "kit-dialog-head" }, node);
  html("h2", { id: titleId }, head, title);
  const body = html("div", { class: "kit-dialog-body" }, node);
  for (const line of lines) {
    if (line instanceof Node) body.append(line);
    else html("p", {}, body, line);
  }
  const row = html("div", { class: "kit-dialog-buttons" }, node);
  let returnTo = /** @type {HTMLElement | null} */ (null);

  /** @param {string} reason */
  function close(reason = "close") {
    if (!node.open) return;
    node.close();
    options.onToggle?.(false);
    const target = options.returnFocus ?? returnTo;
    if (target?.isConnected) target.focus();
    options.onClose?.(reason);
  }

  if (options.closeLabel) {
    const x = html("button", { class: "btn kit-dialog-x", type: "button", "aria-label": options.closeLabel }, head, "×");
    x.addEventListener("click", () => close("close"));
  }
  for (const button of buttons) {
    const cls = `btn${button.primary ? " primary" : ""}${button.cls ? ` ${button.cls}` : ""}`;
    const el = html("button", { class: cls, type: "button" }, row, button.label);
    el.addEventListener("click", () => {
      if (!button.keepOpen) close(button.label);
      button.action?.();
    });
  }
  if (options.peek) addPeek(node, row, options.peek);
  if (!buttons.length && !options.peek) row.hidden = true;
  node.addEventListener("cancel", (e) => {
    // Escape
    e.preventDefault();
    if (dismissable) close("cancel");
  });
  node.addEventListener("click", (e) => {
    if (e.target === node && dismissable) close("cancel");
  }); // the backdrop
  node.addEventListener("keydown", (e) => trapTab(node, e));

  function open() {
    if (node.open) return;
    returnTo = /** @type {HTMLElement | null} */ (document.activeElement);
    node.showModal();
    options.onToggle?.(true);
    const first =
      (options.focus && /** @type {HTMLElement | null} */ (node.querySelector(options.focus))) ||
      /** @type {HTMLElement | null} */ (row.querySelector(".primary")) ||
      focusables(node)[0];
    first?.focus();
  }

  return { node, body, buttons: row, open, close, isOpen: () => node.open };
}

/**
 * A dialog shown once: opened now, removed from the page when it closes.
 * @param {HTMLElement} host @param {DialogOptions} options @returns {Dialog}
 */
export function openDialog(host, options) {
  const dialog = createDialog(host, {
    ...options,
    onClose: (reason) => {
      dialog.node.remove();
      options.onClose?.(reason);
    },
  });
  dialog.open();
  return dialog;
}
