// What tests/web/test_layout.py checks in a table page: every promise of the layout, measured in the
// page; returns the broken ones as sentences (an empty list when the page is as it should be).
// Evaluated by Playwright as a function of the smallest text size allowed.
(minText) => {
  const problems = [];
  // a phone widens its layout viewport to fit a page wider than the screen (innerWidth grows with the
  // overflow), so the screen's own width is the measure
  const vw = Math.min(window.innerWidth, window.screen.width), vh = window.innerHeight;
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > vw) problems.push(`the page scrolls sideways: ${scroller.scrollWidth} > ${vw}`);
  const shown = (el) => el.offsetParent !== null || el.getClientRects().length > 0;
  const describe = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;

  // every part of the page lies inside the viewport's width
  const parts = ".site-header, .table-head, .board-tools, #board, #dock, #seats > li, .side > .card, "
    + "#candidates, #status, #hand svg, .controls button, .controls a, main > *, .card, .prose, .toc";
  for (const el of document.querySelectorAll(parts)) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.left < -0.5 || box.right > vw + 0.5) problems.push(`${describe(el)} spans ${box.left}..${box.right} of ${vw}`);
  }
  // the board fits the width at the default zoom: its SVG is no wider than its box
  const board = document.querySelector("#board svg");
  const holder = document.getElementById("board");
  if (board && holder.dataset.zoom === "1" && board.getBoundingClientRect().width > holder.clientWidth + 0.5) problems.push("the board overflows its box");

  // the dock is on screen, and its controls are the topmost thing at their centres (a table page only)
  const dock = document.getElementById("dock")?.getBoundingClientRect() ?? new DOMRect(0, 0, 0, 0);
  if (dock.top < -0.5 || dock.bottom > vh + 0.5) problems.push(`the dock is off screen: ${dock.top}..${dock.bottom} of ${vh}`);
  if (vw < 640 && dock.height > vh / 3) problems.push(`the dock fills more than a third of the phone: ${dock.height}`);
  const box = document.getElementById("candidates")?.getBoundingClientRect();
  const acting = [...document.querySelectorAll("#candidates button, #hand .clickable[data-target], #dock-toggle")];
  if (box && acting.length === 0) problems.push("no acting controls");
  for (const el of acting) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (el.closest("#candidates") && (x >= box.right || y >= box.bottom)) continue; // scrolled away in its row
    const top = document.elementFromPoint(x, y);
    if (!top || !(el === top || el.contains(top))) problems.push(`${describe(el)} is covered by ${top ? describe(top) : "nothing"}`);
  }
  // a pinned part covers no clickable place of the board: every one lies on screen and above the dock
  const dockBox = document.getElementById("dock")?.getBoundingClientRect();
  const boardBox = document.getElementById("board")?.getBoundingClientRect();
  // (a card that is clickable in the hand as well is played from the dock)
  const inHand = new Set([...document.querySelectorAll("#hand .clickable[data-target]")].map((el) => el.getAttribute("data-target")));
  for (const el of document.querySelectorAll("#board .clickable[data-target]")) {
    if (!dockBox || !boardBox || document.getElementById("board").dataset.zoom !== "1") break;
    if (inHand.has(el.getAttribute("data-target"))) continue;
    const r = el.getBoundingClientRect();
    if (r.top < Math.max(0, boardBox.top) - 0.5 || r.bottom > dockBox.top + 0.5) {
      problems.push(`${el.getAttribute("data-target")} lies at ${r.top.toFixed(0)}..${r.bottom.toFixed(0)}, outside 0..${dockBox.top.toFixed(0)} (under the dock or off screen)`);
    }
  }
  // every place a current choice speaks of is named legibly on the board, without zooming: a node's
  // number, a province's name (its own label, or the large one the page writes over a small board)
  const svgBoard = document.querySelector("#board svg");
  if (svgBoard && document.querySelector("#board .clickable")) {
    const scale = svgBoard.getBoundingClientRect().width / svgBoard.viewBox.baseVal.width;
    const legible = new Set();
    for (const text of svgBoard.querySelectorAll("text")) {
      if (getComputedStyle(text).visibility === "hidden" || text.getClientRects().length === 0) continue;
      if (parseFloat(getComputedStyle(text).fontSize) * scale >= minText - 0.01) legible.add(text.textContent.trim());
    }
    for (const el of svgBoard.querySelectorAll(".clickable[data-label], .node.next[data-label]")) {
      const words = el.getAttribute("data-label");
      if (!legible.has(words)) problems.push(`the place ${el.getAttribute("data-target")} ("${words}") has no legible label`);
    }
  }
  // a piece on a place that cannot be clicked now (one's own fort, a ship) is not faded away
  for (const el of document.querySelectorAll("#board .target.dimmed")) {
    if (el.matches(".piece, :has(.piece)") && parseFloat(getComputedStyle(el).opacity) < 1) {
      problems.push(`${el.getAttribute("data-target")} is faded to ${getComputedStyle(el).opacity}`);
    }
  }
  // the side column's parts keep inside it (a long hint, a long button label)
  for (const el of document.querySelectorAll(".side > .card, .side .card > *")) {
    if (shown(el) && el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} is cut: ${el.scrollWidth} > ${el.clientWidth}`);
  }

  // no text overflows its button
  for (const el of document.querySelectorAll("button, .button")) {
    if (shown(el) && el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} clips "${el.textContent.trim()}"`);
  }

  // every text drawn at minText px or more
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent.trim() || el.closest("svg, .visually-hidden, script, style")) continue;
    seen.add(el);
    if (!shown(el) || getComputedStyle(el).visibility === "hidden") continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < minText) problems.push(`${describe(el)} "${node.textContent.trim().slice(0, 30)}" at ${size} px`);
  }
  for (const svg of document.querySelectorAll("#board svg, #hand svg")) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll("text")) {
      if (getComputedStyle(text).visibility === "hidden" || !text.textContent.trim()) continue;
      if (text.getClientRects().length === 0) continue;
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (size < minText - 0.01) problems.push(`SVG text "${text.textContent.slice(0, 30)}" at ${size.toFixed(1)} px`);
    }
  }
  // the words on a card, a tab or a panel stay inside it, in every language
  const frames = "#board g.landscape, #board g.estate, #board .verraeter-table g.player, #board g.token, #board g.character-card, "
    + "#hand g.supply-card, #hand g.action-card, #hand g.character-card";
  let framed = 0;
  for (const group of document.querySelectorAll(frames)) {
    const frame = group.matches("g.landscape") ? group.querySelector(":scope > rect.card-face") : group.querySelector("rect");
    if (!frame) continue;
    const f = frame.getBBox();
    for (const text of group.querySelectorAll("text")) {
      const inner = text.closest("g.estate, g.token, g.character-card");
      if (inner && inner !== group) continue; // checked in its own frame
      if (getComputedStyle(text).visibility === "hidden" || !text.textContent.trim()) continue;
      if (text.getClientRects().length === 0) continue; // not drawn (an overview label at a large scale)
      const b = text.getBBox();
      framed += 1;
      if (b.x < f.x - 1 || b.x + b.width > f.x + f.width + 1) {
        problems.push(`"${text.textContent.slice(0, 30)}" sticks out of ${describe(group)} (${b.x.toFixed(0)}..${(b.x + b.width).toFixed(0)} of ${f.x.toFixed(0)}..${(f.x + f.width).toFixed(0)})`);
      }
    }
  }
  if (document.querySelector("#board svg") && vw >= 640 && framed < 20) problems.push(`only ${framed} texts checked in their frames`);
  return problems;
}
