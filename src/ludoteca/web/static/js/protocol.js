// @ts-check
// The table socket's messages as the pages read and send them, for the type check only: nothing here runs,
// and no page loads this module (they name its types in JSDoc: `@param {import("./protocol.js").State} state`).
// The server defines them once (ludoteca.web.protocol.outgoing and .incoming, the codes in
// ludoteca.web.language.refusals, the seat kinds in ludoteca.web.play.seat); tests/web/test_protocol_js.py
// checks these typedefs against those definitions both ways: every message type, every field's name,
// a field the page counts on is one the server always sends, null where the server may send null, and
// the codes and seat kinds. docs/web.md's protocol section says what each field means.

/**
 * What a refusal's `code` can be (the server's `Refusal`).
 * @typedef {"malformed" | "too_large" | "unknown_type" | "hello_first" | "bad_token" | "spectator" |
 *   "finished" | "diverged" | "stale" | "not_your_turn" | "waiting" | "illegal" | "autoplay" | "time_up" |
 *   "no_hint" | "busy" | "storage" | "unavailable" | "not_found" | "not_human" | "hint_failed" |
 *   "too_many_connections" | "table_full" | "server_full" | "slow" | "not_finished" | "rematch_failed" |
 *   "too_many_games" | "too_fast" | "too_many_loads" | "cannot_undo" | "chat_empty" | "chat_too_long" |
 *   "chat_too_fast" | "chat_crowded" | "chat_full" | "chat_emote"} RefusalCode
 */

/**
 * Who holds a seat (the server's `SeatKind`): a person, a bot, or nobody yet (a public game's open seat).
 * @typedef {"human" | "bot" | "open"} SeatKind
 */

// ------------------------------------------------------------------ server → page

/**
 * One seat of a table, as every page at it sees it.
 * @typedef {object} Seat
 * @property {number} seat
 * @property {string} name the seat's name as shown (a colour, in the reader's language, until named)
 * @property {SeatKind} kind
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
 * Why a game stopped: it no longer replays as it was played.
 * @typedef {object} Diverged
 * @property {number} at
 * @property {string} reason
 * @property {string} text
 */

/**
 * Where the seat's last turn ended in its log, and the ids of the board's places drawn differently since
 * (while its turn is back).
 * @typedef {object} Since
 * @property {number} log
 * @property {string[]} changed
 */

/**
 * A choice of the guided game's lesson.
 * @typedef {object} GuideChoice
 * @property {string} text
 * @property {string} meaning
 */

/**
 * The guided first game's words for the seat (docs/web.md, "The guided first game").
 * @typedef {object} GuideWords
 * @property {string} title
 * @property {string[]} paragraphs
 * @property {GuideChoice[]} choices
 */

/**
 * The answer to a `hello`: which seat this page holds (a whole `state` follows).
 * @typedef {object} Welcome
 * @property {"welcome"} type
 * @property {string} id
 * @property {number} seat
 * @property {string} game
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
 * @property {Since | null} [since] null: no turn of the seat ended yet
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
 * @property {Diverged | null} [diverged]
 * @property {number[]} [open_seats]
 * @property {GuideWords | null} [guide]
 */

/**
 * A light update of the state the page holds (docs/web.md, "Light updates"; applied by patch.js).
 * @typedef {object} Patch
 * @property {"patch"} [type]
 * @property {number | null} base the version it applies to
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
 * A chat line just said at the table, by anyone (this page too).
 * @typedef {object} ChatMessage
 * @property {"chat"} type
 * @property {ChatLine} [message]
 */

/**
 * The chat's newest lines, after each `hello`.
 * @typedef {object} ChatHistory
 * @property {"chat_history"} type
 * @property {ChatLine[]} messages
 * @property {number} [total]
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
 * At a rematch: which game it repeats.
 * @typedef {object} RematchOf
 * @property {"rematch_of"} type
 * @property {string} id
 */

/**
 * A refusal: nothing changed (unless a close follows).
 * @typedef {object} Refusal
 * @property {"error"} type
 * @property {RefusalCode} code what was refused
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
 * The answer to a `ping`.
 * @typedef {object} Pong
 * @property {"pong"} type
 */

/**
 * Any message from the table's socket (the page ignores types it does not know).
 * @typedef {Welcome | ({type: "state"} & State) | ({type: "patch"} & Patch) | Hint | ChatHistory | ChatMessage
 *   | RematchOffer | RematchOf | Refusal | Ack | Pong} ServerMessage
 */

// ------------------------------------------------------------------ page → server

/**
 * Take a seat (`token`) or watch (null); must come first.
 * @typedef {object} HelloRequest
 * @property {"hello"} type
 * @property {string | null} [token]
 * @property {string} [lang]
 * @property {boolean} [guide] a guided first game
 * @property {boolean} [patches] this page applies light updates
 * @property {number} [id] the page's number for the message, said back by a refusal of it
 */

/**
 * Play an action (its notation) on the table at `version`.
 * @typedef {object} ActionRequest
 * @property {"action"} type
 * @property {number} [version]
 * @property {string | Record<string, unknown>} [action]
 * @property {number} [id]
 */

/**
 * Undo this seat's last step, seen on `version` (while the state says it may: `undo`).
 * @typedef {object} UndoRequest
 * @property {"undo"} type
 * @property {number} version
 * @property {number} [id]
 */

/**
 * @typedef {object} LangRequest
 * @property {"lang"} type
 * @property {string} lang
 * @property {number} [id]
 */

/**
 * Say a line at the table, or one of the quick emotes (its code).
 * @typedef {object} ChatRequest
 * @property {"chat"} type
 * @property {string | null} [text]
 * @property {string | null} [emote]
 * @property {number} [id]
 */

/**
 * Send the whole table again.
 * @typedef {object} SyncRequest
 * @property {"sync"} type
 * @property {number} [id]
 */

/**
 * Keep the connection alive (answered by `pong`).
 * @typedef {object} PingRequest
 * @property {"ping"} type
 * @property {number} [id]
 */

/**
 * Ask the search bot's advice on the seat's turn.
 * @typedef {object} HintRequest
 * @property {"hint"} type
 * @property {number} [id]
 */

/**
 * Hand the seat to its bot for now.
 * @typedef {object} LeaveRequest
 * @property {"leave"} type
 * @property {number} [id]
 */

/**
 * Take the seat back from its bot.
 * @typedef {object} TakeBackRequest
 * @property {"take_back"} type
 * @property {number} [id]
 */

/**
 * Propose the same game again, once it is over.
 * @typedef {object} RematchRequest
 * @property {"rematch"} type
 * @property {number} [id]
 */

/**
 * A message to the table's socket: one of the types the server knows, with only the fields it takes.
 * @typedef {HelloRequest | ActionRequest | UndoRequest | LangRequest | ChatRequest | SyncRequest | PingRequest
 *   | HintRequest | LeaveRequest | TakeBackRequest | RematchRequest} ClientMessage
 */

/**
 * A replay frame: the table's state after `n` of `total` actions, seen from `perspective`.
 * @typedef {State & {n: number, total: number, perspective: number | "all", over: boolean,
 *   private_svgs?: {seat: number, name: string, svg: string}[]}} Frame
 */

export {};
