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

function remembered(key) {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false; // storage refused (private mode): nothing remembered, nothing on
  }
}

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

/** Two short rising notes (E5, A5), quiet, with soft edges so they do not click. */
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
  /** `settings`: the element holding the two checkboxes `[data-setting="sound"]`, `[data-setting="notifications"]`. */
  constructor(settings) {
    this.baseTitle = document.title;
    this.yourTurn = false;
    this.audio = null;
    this.notice = null;
    this.sound = remembered(SOUND_KEY);
    this.notifications = remembered(NOTIFICATIONS_KEY) && notificationsAllowed();
    this.soundBox = settings?.querySelector('[data-setting="sound"]') || null;
    this.notifyBox = settings?.querySelector('[data-setting="notifications"]') || null;
    if (this.soundBox) {
      this.soundBox.checked = this.sound;
      this.soundBox.addEventListener("change", () => this.setSound(this.soundBox.checked));
    }
    if (this.notifyBox) {
      const supported = "Notification" in window;
      this.notifyBox.disabled = !supported || Notification.permission === "denied";
      this.notifyBox.checked = this.notifications;
      this.notifyBox.addEventListener("change", () => this.setNotifications(this.notifyBox.checked));
    }
    document.addEventListener("visibilitychange", () => this.render());
    window.addEventListener("focus", () => this.render());
  }

  setSound(on) {
    this.sound = on;
    remember(SOUND_KEY, on);
    if (on) this.tone(); // a sample, and the click that lets the page play sound later
  }

  async setNotifications(on) {
    if (on && "Notification" in window && Notification.permission !== "granted") {
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

  /** The status line changed: raise an alert if the turn has just come to a player who is not looking. */
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
    const Context = window.AudioContext || window.webkitAudioContext;
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
