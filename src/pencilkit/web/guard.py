"""The server trusts no page: it answers only its own host names, writes only for its own origin, and
takes JSON only.

A page on any other site can make the browser send requests to
``127.0.0.1``; by DNS rebinding it can even read the answers.  So every
request must name one of the server's hosts in ``Host`` (a rebinding page
names its own), a request that changes something (``POST``) must come from
the player's own origin (``Origin``, when the browser sends it) and carry
``application/json`` (which a cross-site form cannot send without asking
first), and every answer tells the browser to run only the player's own
files, in no frame of another page.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The names a browser on this machine uses for it."""

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; object-src 'none'; "
                                 b"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)
"""Headers on every answer: only the player's own scripts, styles and images run, in no other page's frame."""


def host_name(host: str) -> str:
    """The name part of a ``Host`` header (``[::1]:8000`` is ``::1``), lower-cased."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware: the checks of the module docstring, and its headers on every answer."""

    def __init__(self, app: App, hosts: Iterable[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.hosts = frozenset(host_name(h) for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        refusal = self.refusal(scope["method"], headers)
        if refusal is not None:
            await _answer(send, *refusal)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, secured)

    def refusal(self, method: str, headers: dict[str, str]) -> tuple[int, str] | None:
        """Why a request is refused, as ``(status, message)``; ``None`` to let it through."""
        host = headers.get("host")
        if host is None or host_name(host) not in self.hosts:
            return 421, f"this server answers only to {', '.join(sorted(self.hosts))}, not to host {host!r}"
        if method in ("GET", "HEAD", "OPTIONS"):
            return None
        origin = headers.get("origin")
        if origin is not None and not _same_origin(origin, host):
            return 403, f"requests from {origin[:80]!r} may not use this server: open the player itself"
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return 415, "send the body as application/json"
        return None


def _same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the server itself (scheme http, the same host and port)."""
    return origin.strip().lower() == f"http://{host.strip().lower()}"


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


__all__ = ["LOCAL_HOSTS", "SECURITY_HEADERS", "Guard", "host_name"]
