"""The HTTP/1.1 protocol the player's server speaks: uvicorn's, with its one plain-text answer made JSON.

A request that cannot even be parsed (a malformed ``Content-Length``, say)
never reaches the application: uvicorn answers it 400 itself.  Here that
answer is ``{"error": ...}`` with the security headers, like every other.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .guard import SECURITY_HEADERS


class JsonErrorProtocol(H11Protocol):
    """uvicorn's h11 protocol; a request it cannot parse gets a JSON 400."""

    def send_400_response(self, msg: str) -> None:
        body = json.dumps({"error": f"bad HTTP request: {msg}"}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   (b"connection", b"close"), *SECURITY_HEADERS]
        self.transport.write(self.conn.send(h11.Response(status_code=400, headers=headers, reason=b"Bad Request")))
        self.transport.write(self.conn.send(h11.Data(data=body)))
        self.transport.write(self.conn.send(h11.EndOfMessage()))
        self.transport.close()


__all__ = ["JsonErrorProtocol"]
