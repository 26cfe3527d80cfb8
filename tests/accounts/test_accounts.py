"""Accounts' proofs: passwords, sessions and CSRF, names, passkeys through whole ceremonies."""

from __future__ import annotations

import json

import pytest

from ludoteca.accounts import names, passkeys, passwords, sessions
from softkey import SoftKey

ORIGIN = "https://games.example"


def test_a_password_verifies_and_a_wrong_one_does_not() -> None:
    stored = passwords.hash_new("correct horse")
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert passwords.verify(stored, "correct horse")
    assert not passwords.verify(stored, "correct hose")
    assert not passwords.needs_rehash(stored)


def test_an_unknown_account_answers_like_a_wrong_password() -> None:
    assert passwords.verify(None, "correct horse") is False
    assert passwords.verify("not a hash", "x") is False
    assert passwords.verify(passwords.hash_new("correct horse"), "x" * 100_000) is False  # never hashed whole


@pytest.mark.parametrize(("password", "rule"), [("short", "at least 8"), ("é" * 600, "at most 1024 bytes")])
def test_new_passwords_follow_the_rules(password: str, rule: str) -> None:
    with pytest.raises(passwords.PasswordRefused, match=rule):
        passwords.hash_new(password)


def test_a_session_token_is_kept_as_a_digest_and_its_csrf_token_belongs_to_it() -> None:
    token, other = sessions.new_token(), sessions.new_token()
    assert token != other and len(token) >= 43
    assert sessions.digest(token) != token and len(sessions.digest(token)) == 64
    assert sessions.csrf_ok(token, sessions.csrf_token(token))
    assert not sessions.csrf_ok(token, sessions.csrf_token(other))
    assert not sessions.csrf_ok(token, None) and not sessions.csrf_ok(token, "")


@pytest.mark.parametrize("name", ["Ada", "jean-luc", "Müller_2", "佐藤さん"])
def test_good_names(name: str) -> None:
    assert names.clean(f"  {name} ") == name


@pytest.mark.parametrize("name", ["ab", "x" * 25, "ada lovelace", "-ada", "ada.", "<b>", "a\u200bb"])
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(names.NameRefused):
        names.clean(name)


def test_names_that_look_alike_are_one_account() -> None:
    assert names.key(names.clean("Ａda")) == names.key("ADA") == names.key("ada")


def test_passkeys_only_where_the_browser_offers_them() -> None:
    assert passkeys.available("https://games.example") and passkeys.available("http://localhost:8000")
    assert not passkeys.available("http://192.168.1.20:8000")


def test_a_passkey_registers_and_signs_in() -> None:
    key = SoftKey("games.example")
    options, challenge = passkeys.registration(ORIGIN, b"user-1", "Ada", known=[])
    assert json.loads(options)["rp"]["id"] == "games.example"
    new = passkeys.verify_registration(ORIGIN, challenge, key.create(options, ORIGIN))
    assert new.credential_id == key.id
    options, challenge = passkeys.authentication(ORIGIN)
    answer = key.get(options, ORIGIN)
    assert passkeys.credential_id(answer) == key.id
    assert passkeys.verify_authentication(ORIGIN, challenge, answer, new) > new.sign_count


def test_a_passkey_answer_for_another_challenge_or_site_is_refused() -> None:
    key = SoftKey("games.example")
    options, challenge = passkeys.registration(ORIGIN, b"user-1", "Ada", known=[])
    new = passkeys.verify_registration(ORIGIN, challenge, key.create(options, ORIGIN))
    options, challenge = passkeys.authentication(ORIGIN)
    answer = key.get(options, ORIGIN)
    with pytest.raises(passkeys.PasskeyRefused):
        passkeys.verify_authentication(ORIGIN, b"another challenge", answer, new)
    with pytest.raises(passkeys.PasskeyRefused):
        passkeys.verify_authentication("https://evil.example", challenge, key.get(options, "https://evil.example"), new)
    stranger = SoftKey("games.example")
    stranger.id = key.id  # the same id, another key: the signature gives it away
    with pytest.raises(passkeys.PasskeyRefused):
        passkeys.verify_authentication(ORIGIN, challenge, stranger.get(options, ORIGIN), new)


@pytest.mark.parametrize("answer", [{}, {"id": "!!"}, {"id": "AA", "response": {}}, "not json", "[]"])
def test_garbage_answers_are_refused_in_one_way(answer: object) -> None:
    _, challenge = passkeys.registration(ORIGIN, b"u", "Ada", known=[])
    with pytest.raises(passkeys.PasskeyRefused):
        passkeys.verify_registration(ORIGIN, challenge, answer)  # type: ignore[arg-type]
