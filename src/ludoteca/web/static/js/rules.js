// @ts-check
// The rules page's table of contents, built from the rendered Markdown's headings (the server renders
// Markdown without heading ids, and a contents list is easier to keep here than in the renderer).

/**
 * A heading's id: its words without accents, lower case, joined by hyphens, made unique.
 * @param {string} text
 * @param {Set<string>} taken
 */
function slug(text, taken) {
  const base =
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section";
  let id = base;
  for (let n = 2; taken.has(id) || document.getElementById(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

const article = document.getElementById("rules");
const toc = document.getElementById("toc");
const headings = article ? [...article.querySelectorAll("h2, h3")] : [];
const list = toc ? toc.querySelector("ol") : null;
if (toc && list && headings.length >= 3) {
  const taken = new Set();
  /** @type {HTMLOListElement | null} */
  let sub = null;
  for (const heading of headings) {
    if (!heading.id) heading.id = slug(heading.textContent || "", taken);
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#${heading.id}`;
    link.textContent = heading.textContent;
    item.append(link);
    if (heading.tagName === "H3" && list.lastElementChild) {
      if (!sub || sub.parentElement !== list.lastElementChild) {
        sub = document.createElement("ol");
        list.lastElementChild.append(sub);
      }
      sub.append(item);
    } else {
      list.append(item);
    }
  }
  toc.hidden = false;
  // a link straight to a section works once the ids exist
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}
// wide tables scroll on their own instead of widening the page
for (const table of article ? article.querySelectorAll("table") : []) {
  const wrap = document.createElement("div");
  wrap.className = "table-scroll";
  table.replaceWith(wrap);
  wrap.append(table);
}
// a box that scrolls must be reachable with the keyboard, so its hidden part can be scrolled to
const boxes = /** @type {HTMLElement[]} */ (article ? [...article.querySelectorAll(".table-scroll, pre")] : []);
for (const box of boxes) box.tabIndex = 0;

// a figure opens full size on a tap (or Enter): drawn so that its smallest text is 12 px, in a dialog that
// scrolls both ways — on a phone the column draws the figures' words at 4 to 9 px
const dialog = document.getElementById("figure-dialog");
const large = dialog ? dialog.querySelector(".figure-large") : null;
if (dialog instanceof HTMLDialogElement && large instanceof HTMLElement) {
  for (const svg of article ? article.querySelectorAll(".rules-figure > svg") : []) {
    if (!(svg instanceof SVGSVGElement)) continue;
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("role", "button");
    svg.setAttribute("aria-label", dialog.dataset.enlarge || "");
    const open = () => {
      const copy = /** @type {SVGSVGElement} */ (svg.cloneNode(true));
      for (const name of ["tabindex", "role", "aria-label"]) copy.removeAttribute(name);
      copy.setAttribute("role", "img");
      large.replaceChildren(copy);
      dialog.showModal();
      const sizes = [...copy.querySelectorAll("text")].map((text) => parseFloat(getComputedStyle(text).fontSize)).filter((size) => size > 0);
      const width = copy.viewBox.baseVal.width * (12 / Math.min(12, ...sizes));
      copy.style.width = `${Math.max(width, large.clientWidth)}px`;
    };
    svg.addEventListener("click", open);
    svg.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        open();
      }
    });
  }
}
