// Building DOM nodes. Every text goes in through text nodes (textContent), never as HTML, so a
// player's name can never become markup.

/**
 * h("button", {testid: "vote-yes", class: "big", onclick: fn}, "Approve", childNode)
 * Attributes: `testid` -> data-testid, `data` -> dataset entries, `on<event>` -> listeners,
 * booleans set or drop the attribute; null/undefined/false children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "testid") node.dataset.testid = value;
    else if (name === "data") Object.assign(node.dataset, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace every child of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** Set the text of a node, never its markup. */
export function setText(node, text) {
  node.textContent = text;
}
