// Small DOM helpers shared by the pages: element construction without innerHTML for our own text, and
// toasts (announced through an aria-live region, so screen readers hear errors too).

/**
 * Create an element: `h("button", {class: "x", onclick: f}, "text", child)`. Attributes whose value is
 * false, null or undefined are left out; `on*` attributes become event listeners; strings become text.
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Show `message` for a few seconds in the page's toast area (`#toasts`). */
export function toast(message, kind = "error", seconds = 6) {
  const area = document.getElementById("toasts");
  if (!area) return;
  const item = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  area.append(item);
  setTimeout(() => {
    item.classList.add("leaving");
    setTimeout(() => item.remove(), 400);
  }, seconds * 1000);
}

/** Copy `text` to the clipboard, falling back to selecting an input for older browsers and plain http. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}
