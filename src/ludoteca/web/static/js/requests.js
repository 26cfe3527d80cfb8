// @ts-check
// The table page numbers each message it sends (`id`), and an `error` from the server names the message
// it refuses (`request`): this remembers what each recent number asked for, so the page answers a refusal
// by what was refused, not by guessing from the last thing it sent. Pure: tested with node --test.

/** How many recent messages are remembered (a refusal comes at once, or after a hint's search). */
export const REMEMBERED = 64;

export class Requests {
  constructor() {
    this.next = 1;
    /** @type {Map<number, string>} */
    this.sent = new Map();
  }

  /**
   * The number for a message of type `type` about to be sent (remembered from now on).
   * @param {string} type
   */
  number(type) {
    const id = this.next++;
    this.sent.set(id, type);
    if (this.sent.size > REMEMBERED) {
      const oldest = this.sent.keys().next();
      if (!oldest.done) this.sent.delete(oldest.value);
    }
    return id;
  }

  /**
   * The type of the message a refusal answers: by its `request` when the server said it, else `fallback`
   * (an older server, or a refusal of no single message).
   * @param {number | null | undefined} request
   * @param {string | null} fallback
   * @returns {string | null}
   */
  refused(request, fallback) {
    if (typeof request === "number") return this.sent.get(request) ?? fallback;
    return fallback;
  }
}
