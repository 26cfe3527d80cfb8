// @ts-check
// What every page does: keep the language switch from dropping the URL fragment. A table link carries
// its seat token in the fragment (`#t=…`), which a plain link to `?lang=xx` would lose.

for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("#lang-switch a[hreflang]"))) {
  link.addEventListener("click", () => {
    if (location.hash) link.href = (link.getAttribute("href") || "").split("#")[0] + location.hash;
  });
}
