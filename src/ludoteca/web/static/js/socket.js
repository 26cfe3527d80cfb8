// @ts-check
// A WebSocket to one table that comes back by itself: when it closes it reopens with a growing delay
// (0.5 s doubling to 15 s, with jitter so a restarted server is not hit by every client at once), and
// at once when the page becomes visible or the network returns. The server resends the whole state
// after every `hello`, so a reconnect needs nothing but a new hello (sent from `onOpen`).

const FIRST_DELAY = 500;
const MAX_DELAY = 15000;
const PING_EVERY = 25000;

/**
 * Close codes 4000–4999 are the server's "do not come back" (an unknown game, say).
 * @param {number} code
 */
function isFinal(code) {
  return code >= 4000 && code < 5000;
}

/** @typedef {"connecting" | "open" | "reconnecting" | "closed"} SocketStatus */

/**
 * @typedef {object} SocketHandlers
 * @property {(socket: TableSocket) => void} onOpen after each (re)connection
 * @property {(data: import("./protocol.js").ServerMessage) => void} onMessage for each JSON message
 * @property {(status: SocketStatus, detail?: string) => void} onStatus
 */

export class TableSocket {
  /**
   * `handlers`: onOpen(socket) after each (re)connection, onMessage(data) for each JSON message,
   * onStatus(status, detail) with status "connecting" | "open" | "reconnecting" | "closed".
   * @param {string} url
   * @param {SocketHandlers} handlers
   */
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.delay = FIRST_DELAY;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.pinger = null;
    this.stopped = false;
    this.everOpen = false;
    this.connect();
    const retryNow = () => {
      if (!this.stopped && this.timer !== null) {
        clearTimeout(this.timer);
        this.timer = null;
        this.connect();
      }
    };
    document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && retryNow());
    window.addEventListener("online", retryNow);
  }

  connect() {
    this.handlers.onStatus(this.everOpen ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.everOpen = true;
      this.handlers.onOpen(this);
      this.handlers.onStatus("open");
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
    });
    ws.addEventListener("message", (event) => {
      this.delay = FIRST_DELAY; // a message, not just an open socket, shows the server is really back
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && typeof data.type === "string") this.handlers.onMessage(data);
    });
    ws.addEventListener("close", (event) => {
      if (this.pinger !== null) clearInterval(this.pinger);
      this.pinger = null;
      if (this.ws !== ws) return;
      if (this.stopped || isFinal(event.code)) {
        this.stopped = true;
        this.handlers.onStatus("closed", event.reason);
        return;
      }
      this.handlers.onStatus("reconnecting");
      const wait = this.delay * (0.75 + Math.random() * 0.5);
      this.delay = Math.min(this.delay * 2, MAX_DELAY);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.connect();
      }, wait);
    });
  }

  /**
   * Send a message if the socket is open; answers whether it was sent.
   * @param {import("./protocol.js").ClientMessage} message
   */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Close for good (no reconnection). */
  stop() {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}

/**
 * The table's socket URL: ws:// or wss:// to the same host as the page.
 * @param {string} gameId
 */
export function socketUrl(gameId) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/${encodeURIComponent(gameId)}`;
}
