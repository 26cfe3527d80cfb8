"""A software passkey for tests: answers WebAuthn ceremonies as an authenticator would (ES256, "none" attestation).

The browser tests use Chromium's virtual authenticator; this one lets the unit tests run whole ceremonies in
this process, so that every check of :mod:`ludoteca.accounts.passkeys` is exercised against real signatures.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class SoftKey:
    """One passkey for one relying party."""

    def __init__(self, rp_id: str) -> None:
        self.rp_id = rp_id
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(16)
        self.count = 0

    def _client_data(self, kind: str, options: dict[str, Any], origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": options["challenge"], "origin": origin}).encode()

    def _auth_data(self, flags: int, attested: bytes = b"") -> bytes:
        self.count += 1
        return hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", self.count) + attested

    def create(self, options_json: str, origin: str) -> dict[str, Any]:
        """The answer to ``navigator.credentials.create(options)``."""
        options = json.loads(options_json)
        numbers = self.key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
        attested = bytes(16) + struct.pack(">H", len(self.id)) + self.id + cbor2.dumps(cose)
        auth_data = self._auth_data(0x45, attested)  # user present, verified, attested credential data
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": b64(self.id), "rawId": b64(self.id), "type": "public-key",
            "response": {"clientDataJSON": b64(self._client_data("webauthn.create", options, origin)),
                         "attestationObject": b64(attestation)},
        }

    def get(self, options_json: str, origin: str) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get(options)``."""
        options = json.loads(options_json)
        client = self._client_data("webauthn.get", options, origin)
        auth_data = self._auth_data(0x05)  # user present and verified
        signature = self.key.sign(auth_data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.id), "rawId": b64(self.id), "type": "public-key",
            "response": {"clientDataJSON": b64(client), "authenticatorData": b64(auth_data),
                         "signature": b64(signature)},
        }
