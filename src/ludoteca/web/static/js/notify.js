// @ts-check
// "Your turn", noticed while the table's tab is in the background: the page title changes, a short tone
// plays (if the player wants sound) and, with the browser's permission, a notification appears. Back on
// the tab, the title is what it was. The two choices (sound, notifications) are remembered per browser in
// localStorage, so they hold for every table this browser opens.
//
// The tone is made with the Web Audio API (two short notes), so the page needs no sound file; browsers
// only let a page play sound after the player has interacted with it, which a player who has clicked a
// move or the settings has.

import { fmt, t } from "./i18n.js";

const SOUND_KEY = "ludoteca.notify.sound";
const NOTIFICATIONS_KEY = "ludoteca.notify.notifications";

/** @param {string} key */
function remembered(key) {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false; // storage refused (private mode): nothing remembered, nothing on
  }
}

/**
 * @param {string} key
 * @param {boolean} on
 */
function remember(key, on) {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch {
    // the choice holds for this page only
  }
}

function notificationsAllowed() {
  return "Notification" in window && Notification.permission === "granted";
}

/**
 * Two short rising notes (E5, A5), quiet, with soft edges so they do not click.
 * @param {AudioContext} context
 */
function playTone(context) {
  const start = context.currentTime + 0.01;
  for (const [i, frequency] of [659.25, 880].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + i * 0.16;
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.15);
  }
}

/**
 * The table's turn alerts. `update(yourTurn)` is called with every redraw of the status line; only the
 * moment it becomes the player's turn while the tab is hidden raises an alert (once per turn).
 */
export class TurnAlerts {
  /**
   * `settings`: the element holding the two checkboxes `[data-setting="sound"]`, `[data-setting="notifications"]`.
   * @param {HTMLElement | null} settings
   */
  constructor(settings) {
    this.baseTitle = document.title;
    this.yourTurn = false;
    /** @type {AudioContext | null} */
    this.audio = null;
    /** @type {Notification | null} */
    this.notice = null;
    this.sound = remembered(SOUND_KEY);
    this.notifications = remembered(NOTIFICATIONS_KEY) && notificationsAllowed();
    /** @type {(selector: string) => HTMLInputElement | null} */
    const box = (selector) => settings?.querySelector(selector) || null;
    this.soundBox = box('[data-setting="sound"]');
    this.notifyBox = box('[data-setting="notifications"]');
    const { soundBox, notifyBox } = this;
    if (soundBox) {
      soundBox.checked = this.sound;
      soundBox.addEventListener("change", () => this.setSound(soundBox.checked));
    }
    if (notifyBox) {
      const supported = "Notification" in window;
      notifyBox.disabled = !supported || Notification.permission === "denied";
      notifyBox.checked = this.notifications;
      notifyBox.addEventListener("change", () => this.setNotifications(notifyBox.checked));
    }
    document.addEventListener("visibilitychange", () => this.render());
    window.addEventListener("focus", () => this.render());
  }

  /** @param {boolean} on */
  setSound(on) {
    this.sound = on;
    remember(SOUND_KEY, on);
    if (on) this.tone(); // a sample, and the click that lets the page play sound later
  }

  /** @param {boolean} on */
  async setNotifications(on) {
    if (on && "Notification" in window && Notification.permission !== "granted") {
      /** @type {NotificationPermission} */
      let answer = Notification.permission;
      try {
        answer = await Notification.requestPermission();
      } catch {
        answer = "denied";
      }
      on = answer === "granted";
      if (answer === "denied" && this.notifyBox) this.notifyBox.disabled = true;
    }
    this.notifications = on;
    if (this.notifyBox) this.notifyBox.checked = on;
    remember(NOTIFICATIONS_KEY, on);
  }

  /**
   * The status line changed: raise an alert if the turn has just come to a player who is not looking.
   * @param {boolean} yourTurn
   */
  update(yourTurn) {
    const came = yourTurn && !this.yourTurn;
    this.yourTurn = yourTurn;
    if (came && document.visibilityState === "hidden") {
      if (this.sound) this.tone();
      if (this.notifications) this.notify();
    }
    this.render();
  }

  /** The title: marked while it is your turn, with words while you are elsewhere; as it was otherwise. */
  render() {
    const away = document.visibilityState === "hidden";
    let title = this.baseTitle;
    if (this.yourTurn && away) title = fmt(t("● Your turn — {title}"), { title: this.baseTitle });
    else if (this.yourTurn) title = `● ${this.baseTitle}`;
    if (document.title !== title) document.title = title;
    if (this.notice && (!away || !this.yourTurn)) {
      this.notice.close?.(); // seen, or no longer true
      this.notice = null;
    }
  }

  tone() {
    /** @type {typeof AudioContext | undefined} */
    const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Context) return;
    try {
      this.audio = this.audio || new Context();
      if (this.audio.state === "suspended") this.audio.resume?.();
      playTone(this.audio);
    } catch {
      // no sound device: the title and the notification still say it
    }
  }

  notify() {
    if (!notificationsAllowed()) return;
    try {
      const notice = new Notification(t("Your turn"), {
        body: this.baseTitle,
        tag: `ludoteca-turn-${document.body.dataset.gameId || ""}`,
      });
      notice.onclick = () => {
        window.focus();
        notice.close?.();
      };
      this.notice = notice;
    } catch {
      // some browsers only allow notifications from a service worker: the title still says it
    }
  }
}
