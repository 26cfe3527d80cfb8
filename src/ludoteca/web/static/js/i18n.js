// @ts-check
// Translations for the page's own strings: the catalogue the server compiles from the same .po files
// as the templates, fetched once per page as /i18n/<lang>.json.
//
// Write every visible string as a literal t("...") so Babel's extractor (keyword `t`) finds it; fill
// variables with fmt(t("Waiting for {name}"), {name}) rather than concatenating, so that translators
// can move the placeholder.

import { fetchJson, refusal } from "./dom.js";

/** @type {Record<string, unknown>} */
let messages = {};
let current = typeof document === "object" ? document.documentElement.lang || "en" : "en";

/**
 * The translation of `msgid`, or `msgid` itself when the catalogue has none.
 * @param {string} msgid
 */
export function t(msgid) {
  const text = messages[msgid];
  return typeof text === "string" && text !== "" ? text : msgid;
}

/**
 * The form of a count-bearing message for `n`: `singular` or `plural` by the page's language's rule, translated.
 * The rule is CLDR's: French takes the singular below 2 ("0 coup", "1 coup", "1,6 point"), the others only
 * for a whole 1 written without decimals ("1 move" but "1.0 points"); `fractionDigits` says how many decimals
 * the number is written with. Write both as literals, `ngettext("{n} move", "{n} moves", n)`, so the extractor
 * finds the pair (the catalogue maps the singular msgid to the first form and the plural msgid to the second).
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {number} [fractionDigits]
 */
export function ngettext(singular, plural, n, fractionDigits = 0) {
  const one = current.split("-")[0] === "fr" ? Math.trunc(Math.abs(n)) <= 1 : n === 1 && fractionDigits === 0;
  const text = messages[one ? singular : plural];
  return typeof text === "string" && text !== "" ? text : one ? singular : plural;
}

/**
 * Replace `{name}` placeholders with `values.name` (unknown placeholders are left as they are).
 * @param {string} template
 * @param {Record<string, unknown>} values
 */
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
 * @param {string} [lang]
 */
export async function loadCatalog(lang = current) {
  current = lang;
  const answer = await fetchJson(`/i18n/${encodeURIComponent(lang)}.json`);
  const found = answer.ok && typeof answer.data.messages === "object" && answer.data.messages !== null;
  if (!found) console.warn("ludoteca: no translations for", lang, refusal(answer, answer.ok ? "no messages" : undefined));
  messages = found ? answer.data.messages : {};
}
