// @ts-check
// Time left on a turn timer, worded for its size: minutes and seconds for a short timer, hours and
// minutes or days and hours for a slow game's (whose turns run over days).

import { fmt, t } from "./i18n.js";

/**
 * `seconds` (a whole number, not negative) as "4:05", "3 h 20 min" or "2 d 5 h".
 * @param {number} seconds
 */
export function timeLeft(seconds) {
  const left = Math.max(0, Math.floor(seconds));
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (days > 0) return fmt(t("{d} d {h} h"), { d: days, h: hours });
  if (hours > 0) return fmt(t("{h} h {m} min"), { h: hours, m: minutes });
  return `${minutes}:${String(left % 60).padStart(2, "0")}`;
}

/**
 * A timer of `seconds` per turn as the lobby lists it ("30 s", "5 min", "2 h", "3 d").
 * @param {number} seconds
 */
export function timerLength(seconds) {
  if (seconds % 86400 === 0) return fmt(t("{n} d per turn"), { n: seconds / 86400 });
  if (seconds % 3600 === 0) return fmt(t("{n} h per turn"), { n: seconds / 3600 });
  if (seconds % 60 === 0) return fmt(t("{n} min per turn"), { n: seconds / 60 });
  return fmt(t("{n} s per turn"), { n: seconds });
}
