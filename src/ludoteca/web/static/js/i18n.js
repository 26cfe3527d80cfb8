// Translations for the page's own strings: the catalogue the server compiles from the same .po files
// as the templates, fetched once per page as /i18n/<lang>.json.
//
// Write every visible string as a literal t("...") so Babel's extractor (keyword `t`) finds it; fill
// variables with fmt(t("Waiting for {name}"), {name}) rather than concatenating, so that translators
// can move the placeholder.

let messages = {};
let current = document.documentElement.lang || "en";

/** The translation of `msgid`, or `msgid` itself when the catalogue has none. */
export function t(msgid) {
  const text = messages[msgid];
  return typeof text === "string" && text !== "" ? text : msgid;
}

/** Replace `{name}` placeholders with `values.name` (unknown placeholders are left as they are). */
export function fmt(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** The language whose catalogue is loaded (the page's `<html lang>` until `loadCatalog` is called). */
export function language() {
  return current;
}

/**
 * Fetch the catalogue for `lang` (default: the page's language). A missing or broken catalogue is not
 * an error worth stopping the page for: the English msgids are shown instead.
 */
export async function loadCatalog(lang = current) {
  current = lang;
  try {
    const response = await fetch(`/i18n/${encodeURIComponent(lang)}.json`, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data = await response.json();
    messages = data && typeof data.messages === "object" && data.messages !== null ? data.messages : {};
  } catch (error) {
    console.warn("ludoteca: no translations for", lang, error);
    messages = {};
  }
}
