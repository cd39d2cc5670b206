// Tiny helper for building SVG (and HTML) without innerHTML.
const SVG_NS = "http://www.w3.org/2000/svg";

// A style attribute is set through the CSSOM: the Content-Security-Policy
// (index.html) has no 'unsafe-inline' for styles, which blocks
// setAttribute("style") but not element.style.
/** @param {Element & ElementCSSInlineStyle} node @param {string} name @param {string} value */
function setAttr(node, name, value) {
  if (name === "style") node.style.cssText = value;
  else node.setAttribute(name, value);
}

/**
 * Set an attribute only when its value changes: writing the same value again still
 * invalidates style and the accessibility tree, which a redraw of many nodes pays for.
 * @param {Element} node @param {string} name @param {string} value
 */
export function setIfChanged(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/**
 * Set a node's text only when it changes (a new text node means a new layout).
 * @param {Node} node @param {string} value
 */
export function textIfChanged(node, value) {
  if (node.textContent !== value) node.textContent = value;
}

/**
 * An SVG element with these attributes (undefined, null and false left out),
 * appended to `parent` when given.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {Node | null} [parent]
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) setAttr(node, name, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * An HTML element with these attributes (true: present and empty; undefined,
 * null and false left out) and text, appended to `parent` when given.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {Node | null} [parent]
 * @param {string | number | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function html(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = String(value);
    else setAttr(node, name, value === true ? "" : String(value));
  }
  if (text !== null) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * A page's stylesheet, linked in `parent`; resolves once it applies or failed (or after
 * `atMostMs`): a page drawn before its sheet shows unstyled for a frame, then moves.
 * @param {HTMLElement} parent @param {URL | string} href @param {number} [atMostMs] no limit when left out
 * @returns {Promise<void>}
 */
export function stylesheet(parent, href, atMostMs) {
  const sheet = html("link", { rel: "stylesheet", href: String(href) }, parent);
  return new Promise((done) => {
    sheet.addEventListener("load", () => done(), { once: true });
    sheet.addEventListener("error", () => done(), { once: true });
    if (atMostMs !== undefined) setTimeout(done, atMostMs);
  });
}
