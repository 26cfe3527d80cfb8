// @ts-check
// The server's messages as the pages read them, for the type check only: nothing here runs, and no page
// loads this module (they name its types in JSDoc: `@param {import("./protocol.js").State} state`).
// docs/web.md's protocol section says what each field means; the server builds them in ludoteca.web.

/**
 * One seat of a table, as every page at it sees it.
 * @typedef {object} Seat
 * @property {number} seat
 * @property {string} name the seat's name as shown (a colour, in the reader's language, until named)
 * @property {"human" | "bot" | "open"} kind
 * @property {string | null} bot the bot's spec (`ismcts:hard`) for a bot seat
 * @property {boolean} autoplay a bot plays a human's seat for now
 * @property {boolean} connected
 */

/**
 * A legal action offered to the seat to act: its notation, its words and the click targets it involves
 * (a multiset of `data-target` keys, see selection.js).
 * @typedef {object} LegalAction
 * @property {string} text
 * @property {string} [label]
 * @property {string[]} [targets]
 */

/**
 * A finished game's result.
 * @typedef {object} Result
 * @property {number[]} winners
 * @property {number[]} scores
 * @property {Record<string, number>[]} breakdown per seat, points by source
 * @property {Record<string, string>} [breakdown_labels] each source's words
 * @property {Record<string, number>} [progress] rounds played, scorings…
 */

/**
 * The guided first game's words for the seat (docs/web.md, "The guided first game").
 * @typedef {object} GuideWords
 * @property {string} title
 * @property {string[]} paragraphs
 * @property {{text: string, meaning: string}[]} choices
 */

/**
 * Everything a seat needs to draw its table (docs/web.md: the `state` message).
 * @typedef {object} State
 * @property {"state"} [type]
 * @property {string} id
 * @property {string} game
 * @property {number} version
 * @property {number} seat -1 for a spectator
 * @property {string} lang
 * @property {Seat[]} seats
 * @property {number} to_act -1 when nobody is to act
 * @property {string} phase
 * @property {string} [phase_text]
 * @property {string} [rules_text]
 * @property {string | null} [chosen_deal] who chose the deal, in the reader's language (null: dealt at random)
 * @property {{log: number, changed: string[]} | null} [since] where the seat's last turn ended in its log, and
 *   the ids of the board's places drawn differently since (while its turn is back; null: no turn ended yet)
 * @property {string | null} [rules_section]
 * @property {string} [board_svg]
 * @property {string | null} [private_svg]
 * @property {LegalAction[]} [legal]
 * @property {boolean} [undo] the seat may undo its last step now (an `undo` message)
 * @property {number} log_start
 * @property {string[]} [log]
 * @property {number[]} scores
 * @property {Result | null} [result]
 * @property {number | null} [deadline] unix seconds
 * @property {{at: number, reason: string, text: string} | null} [diverged]
 * @property {number[]} [open_seats]
 * @property {GuideWords | null} [guide]
 */

/**
 * A light update of the state the page holds (docs/web.md, "Light updates"; applied by patch.js).
 * @typedef {object} Patch
 * @property {"patch"} [type]
 * @property {number} base the version it applies to
 * @property {Record<string, unknown>} [set]
 * @property {Record<string, {ops: ([number, number] | string)[], size: number}>} [edit]
 * @property {string[]} [drop]
 */

/**
 * One suggestion of a hint.
 * @typedef {object} Suggestion
 * @property {string} text
 * @property {string} [label]
 * @property {number} [win_chance]
 * @property {string} [meaning] for a guided connection
 */

/**
 * @typedef {object} Hint
 * @property {"hint"} type
 * @property {number} version
 * @property {Suggestion | null} [best]
 * @property {Suggestion[]} [alternatives]
 * @property {string} [reason] for a guided connection
 */

/**
 * A line of the chat; `seat` null for a spectator's, who is then named by a number.
 * @typedef {object} ChatLine
 * @property {number} n
 * @property {number | null} [seat]
 * @property {string | number} name
 * @property {"text" | "emote"} kind
 * @property {string} text the words, or the emote's code
 * @property {number} [at] when it was said, unix seconds
 * @property {number} [after_action] how many actions had been played when it was said
 */

/**
 * @typedef {object} RematchOffer
 * @property {"rematch"} type
 * @property {string} id
 * @property {string} link
 * @property {string} [token] this page's seat in the rematch, if it holds one
 * @property {number} [seat]
 * @property {string | null} [by]
 */

/**
 * A refusal: nothing changed (unless a close follows).
 * @typedef {object} Refusal
 * @property {"error"} type
 * @property {string} code what was refused
 * @property {string} [message] the reason in the page's language
 * @property {number | null} [request] the `id` of the message refused (null: none, or an older server)
 */

/**
 * An action of this page is stored and applied (sent to its sender alone, before the state that shows it).
 * @typedef {object} Ack
 * @property {"ack"} type
 * @property {number | null} request the `id` of the action stored (null: the page gave it none)
 * @property {number} version the table's version with the action applied
 */

/**
 * A message to the table's socket: its `type`, its fields, and the page's number for it (`id`, which a
 * refusal of it names as `request`).
 * @typedef {{type: string, id?: number} & Record<string, unknown>} ClientMessage
 */

/**
 * Any message from the table's socket (the page ignores types it does not know).
 * @typedef {{type: "welcome", id: string, seat: number, game: string}
 *   | ({type: "state"} & State)
 *   | ({type: "patch"} & Patch)
 *   | Hint
 *   | {type: "chat_history", messages: ChatLine[], total?: number}
 *   | {type: "chat", message?: ChatLine}
 *   | RematchOffer
 *   | {type: "rematch_of", id: string}
 *   | Refusal
 *   | Ack
 *   | {type: "pong"}} ServerMessage
 */

/**
 * A replay frame: the table's state after `n` of `total` actions, seen from `perspective`.
 * @typedef {State & {n: number, total: number, perspective: number | "all", over: boolean,
 *   private_svgs?: {seat: number, name: string, svg: string}[]}} Frame
 */

export {};
