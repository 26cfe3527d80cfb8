"""Accounts: the proofs that a returning player is who they say (issue #28), free of any web framework.

Playing by link needs no account; an account only lets a player find their games on every device and be rated.
This package holds what must be exactly right and is easy to test alone — how a password is kept
(:mod:`.passwords`), how a session and its CSRF token are made and checked (:mod:`.sessions`), how a passkey is
registered and proven (:mod:`.passkeys`), what a valid account name is (:mod:`.names`). The web server stores
the results and serves the pages.
"""
