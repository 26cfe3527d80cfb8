"""Passkeys (WebAuthn) through py_webauthn: the options a browser needs, and the checks of what it answers.

Why the library: a WebAuthn response is CBOR, COSE keys, attestation formats and signature counters — exactly
what should not be written by hand. This module fixes the project's choices once: the relying party is the
page's host name, no attestation is asked (a game site does not care which authenticator), resident keys are
preferred so that a player can sign in without typing a name, and user verification is preferred, not required
(a security key without a PIN still works). Every failure of a response, whatever its cause, is one
:class:`PasskeyRefused` so that the web answers it in one way. Passkeys need a secure context (HTTPS or
``localhost``): :func:`available` tells the page whether to offer them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)


class PasskeyRefused(ValueError):
    """A passkey response that does not prove what it should (bad challenge, origin, signature, format…)."""


@dataclass(frozen=True)
class NewPasskey:
    """What an account keeps of a registered passkey."""

    credential_id: bytes
    public_key: bytes
    sign_count: int


def available(origin: str) -> bool:
    """True when a page at ``origin`` is a secure context, where browsers offer WebAuthn."""
    parts = urlsplit(origin)
    return parts.scheme == "https" or parts.hostname in ("localhost", "127.0.0.1", "::1")


def relying_party(origin: str) -> str:
    """The relying party's id for a page at ``origin``: its host name."""
    host = urlsplit(origin).hostname
    if not host:
        raise PasskeyRefused("no host in the page's origin")
    return host


def registration(origin: str, user_id: bytes, user_name: str, known: list[bytes]) -> tuple[str, bytes]:
    """The options (JSON for ``navigator.credentials.create``) and their challenge, to keep until the answer."""
    options = generate_registration_options(
        rp_id=relying_party(origin),
        rp_name="ludoteca",
        user_id=user_id,
        user_name=user_name,
        exclude_credentials=[PublicKeyCredentialDescriptor(id=c) for c in known],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    return options_to_json(options), options.challenge


def verify_registration(origin: str, challenge: bytes, answer: str | dict[str, Any]) -> NewPasskey:
    """The new passkey proven by the browser's ``answer`` to :func:`registration`'s options."""
    try:
        verified = verify_registration_response(
            credential=answer, expected_challenge=challenge, expected_rp_id=relying_party(origin),
            expected_origin=origin,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
        raise PasskeyRefused(f"the passkey could not be registered: {exc}") from exc
    return NewPasskey(verified.credential_id, verified.credential_public_key, verified.sign_count)


def authentication(origin: str) -> tuple[str, bytes]:
    """Options for ``navigator.credentials.get`` with no name typed (the browser offers the site's passkeys)."""
    options = generate_authentication_options(
        rp_id=relying_party(origin), user_verification=UserVerificationRequirement.PREFERRED
    )
    return options_to_json(options), options.challenge


def credential_id(answer: str | dict[str, Any]) -> bytes:
    """The id of the passkey a sign-in answer uses, to find its account (before the answer is verified)."""
    try:
        data = json.loads(answer) if isinstance(answer, str) else answer
        raw = data["rawId"] if "rawId" in data else data["id"]
        return base64url_to_bytes(str(raw))
    except (ValueError, KeyError, TypeError) as exc:
        raise PasskeyRefused("the answer names no passkey") from exc


def verify_authentication(
    origin: str, challenge: bytes, answer: str | dict[str, Any], passkey: NewPasskey
) -> int:
    """Check a sign-in answer against the stored ``passkey``; its new signature counter (store it)."""
    try:
        verified = verify_authentication_response(
            credential=answer, expected_challenge=challenge, expected_rp_id=relying_party(origin),
            expected_origin=origin, credential_public_key=passkey.public_key,
            credential_current_sign_count=passkey.sign_count,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
        raise PasskeyRefused(f"the passkey did not prove the account: {exc}") from exc
    return int(verified.new_sign_count)
