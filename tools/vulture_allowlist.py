"""Names the dead-code check (vulture, run by ``./test``) may not call unused, each with why it lives.

Reviewed by hand (issue #25): anything vulture reports that is not here is dead and goes, or gets a line here
saying who uses it. Names a framework reaches by itself are not listed but left to the settings in
``pyproject.toml`` ``[tool.vulture]``: routes and validators by their decorators, Pydantic's ``model_config``,
Alembic's revision variables, and the plug-ins' facets (``PLUGIN``, ``PRESENTER``, ``GUIDE``, ``LOOKAHEAD``,
``SPEC``), which are named as ``"module:attribute"`` strings.
"""

# ruff: noqa
# mypy: ignore-errors
_ = object()

# --- reached through entry points, protocols or frameworks by name
HeuristicBot  # entry point ludoteca.bots (pyproject)
RandomBot  # entry point ludoteca.bots
OpenSpielIsmctsBot  # entry point ludoteca.bots (openspiel-ismcts)
ReaderBot  # bots registry: "reader" names it as "ludoteca.bots.ismcts:ReaderBot"
KretaEncoding  # plug-in facet "encoding", a "module:attribute" string
VerraeterEncoding  # plug-in facet "encoding"
__call__  # the Strategy and Encoding protocols
GameView  # the core's protocols, for the layers' type annotations
GameState
_.find_spec  # importlib's meta-path finder protocol (ludoteca.native)
replay_cmd  # a click command, registered by its decorator
app_from_environment  # uvicorn's app factory, named as a string by `ludoteca serve --workers`
_.observation_space  # PettingZoo's AEC API
_.action_space
_.infos
_.new_initial_state  # OpenSpiel's pyspiel.Game / State API, called from C++
_.max_chance_nodes_in_history
_.make_py_observer
_._legal_actions
_.chance_outcomes
_._apply_action
_._action_to_string
_.returns
_.set_from  # OpenSpiel's observer API
_.string_from
_.run_search  # OpenSpiel's MCTSBot hook (rl/openspiel/bot.py)
_.last_simulations  # read by `ludoteca arena` for openspiel-ismcts reports
_._not_null  # Pydantic validators (decorated)
_.freezes  # gcpolicy's counters, shown by /healthz and read by its tests
_.thaws
consistent  # a NamedTuple field of the determinizer's result, set by _replace

# --- the rules' vocabulary, kept whole as the components of the printed game
HOUSE_NAMES
ODNIS
WEIDE
FLUSS
WALD
DORF
STADT
LANDSCAPE_ENGLISH
ACTION_GERMAN
EVENT_KINDS  # each game's event kinds, which the presenters' tests hold complete

# --- public helpers for tests, scripts and benchmarks
_.half_width  # arena.stats.Estimate, used by reports' tests and docs
random_playout  # the default playout, for benchmarks/search.py and the conformance kit
record_digests  # scripts/golden.py writes the golden transcripts' digests with it
clear_cache  # games: tests that install or remove a plug-in
geometry_violations  # kreta.board_checks: the board file's checks, reported by `ludoteca board --check`
admiral_actions  # kreta.legal: the reference the Admiral's tests check the engine's entries against
component_words  # present/*/words: the rules' vocabulary, held by tests/present/test_rules_vocabulary.py
_.slot_blocks  # rl.encoding: scripts/rl_docs.py writes docs/rl.md's slot tables from it
_.supply_in_play  # verraeter.state: the invariant "23 supply cards" of the property tests
_.probability  # bots.beliefs.Particles: benchmarks/beliefs.py measures the beliefs with them
_.coefficient  # arena.sequential.Adjusted: benchmarks/luck.py prints what the control variate removed
_.variance_removed
_.effective_size

# --- memo dictionaries named for their use inside closures
memo

# --- imports for their effect: the bot worker imports the bots when it starts (web/live/workers.py)
ludoteca

# --- the HTTP guard: uvicorn loads the protocol class by its "module:attribute" name (web/hosting/http_guard.PROTOCOL)
GuardedH11Protocol

# --- the ladder's public API (ludoteca.ratings, issue #28): scripts/seed_ratings.py and tests use these today; the
# web's lobby, leaderboard and profiles read them next (provisional marks, the leaderboard's sort, bot seeds)
seed_from_arena
seeded
provisional
conservative

# --- accounts' proofs (ludoteca.accounts, issue #28): tested whole in tests/accounts today (tests/softkey.py runs the
# passkey ceremonies); the web's sign-up, sign-in and session routes call them next
available
registration
verify_registration
authentication
verify_authentication
hash_new
needs_rehash
COOKIE
CSRF_HEADER
new_token
csrf_ok

# --- the WebSocket's outgoing messages (web/protocol/outgoing.py): TypedDict fields are written as dict keys
# and read by the pages, and MESSAGES by the protocol's documentation test (tests/web/test_protocol.py)
open_seats
drop
messages
MESSAGES

# --- the JSON API's answers (web/protocol/answers.py): model fields are set by keyword where the route builds the
# answer and read by the pages and monitoring as JSON keys
job_timeouts
bot_games_waiting
jobs_waiting
your_turn

# --- the in-memory store (web/storage/memory.py): the tests' database, whose faults and write count they drive
writes
fail
recover
