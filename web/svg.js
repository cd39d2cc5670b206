// Tiny helper for building SVG (and HTML) without innerHTML.
const SVG_NS = "http://www.w3.org/2000/svg";

// A style attribute is set through the CSSOM: the Content-Security-Policy
// (index.html) has no 'unsafe-inline' for styles, which blocks
// setAttribute("style") but not element.style.
function setAttr(node, name, value) {
  if (name === "style") node.style.cssText = value;
  else node.setAttribute(name, value);
}

export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) setAttr(node, name, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

export function html(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    else setAttr(node, name, value === true ? "" : String(value));
  }
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}
