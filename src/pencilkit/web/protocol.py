"""The HTTP/1.1 protocol the player's server speaks: uvicorn's, its plain-text answers made JSON, and no
read left without a deadline.

A request that cannot even be parsed (a malformed ``Content-Length``, say)
never reaches the application: uvicorn answers it 400 itself.  Here that
answer is ``{"error": ...}`` with the security headers, like every other.

uvicorn times only a kept-alive connection that sends nothing, and forgets
that timer at the first byte.  Here a client has
:attr:`~pencilkit.web.limits.Limits.header_seconds` to send a request's line
and headers, from connecting or from the first byte of a further request:
past that it gets a JSON 408 (a connection that sent nothing is just
closed).  The application bounds the reading of a body it wants
(:attr:`~pencilkit.web.limits.Limits.body_seconds`, then 408); the rest of a
body it answered without reading (a refused request's) gets as long again,
then the connection closes.  The limits are the application's
(``app.state.limits``, as :func:`~pencilkit.web.server.create_app` keeps them).
"""

from __future__ import annotations

import asyncio
import json
from http import HTTPStatus
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from .guard import SECURITY_HEADERS
from .limits import Limits


def limits_of(app: object) -> Limits:
    """The limits an application serves under: its ``state.limits``, else the defaults."""
    limits = getattr(getattr(app, "state", None), "limits", None)
    return limits if isinstance(limits, Limits) else Limits()


def error_answer(status: int, message: str) -> bytes:
    """A whole HTTP/1.1 answer ``{"error": message}`` with the security headers, closing the connection."""
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"connection", b"close"), *SECURITY_HEADERS]
    head = f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n".encode()
    return head + b"".join(name + b": " + value + b"\r\n" for name, value in headers) + b"\r\n" + body


class JsonErrorProtocol(H11Protocol):
    """uvicorn's h11 protocol; a request it cannot parse gets a JSON 400, one too slow to arrive a JSON 408."""

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits = limits_of(config.app)
        self.head_timer: asyncio.TimerHandle | None = None
        self.drain_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.head_timer = self.loop.call_later(self.limits.header_seconds, self.head_overdue)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.watch_reading()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.transport.is_closing():
            return
        if self.conn.their_state is h11.SEND_BODY and not _pending(self.drain_timer):
            self.drain_timer = self.loop.call_later(self.limits.body_seconds, self.drain_overdue)
        self.watch_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        _cancel(self.head_timer)
        _cancel(self.drain_timer)
        super().connection_lost(exc)

    def watch_reading(self) -> None:
        """Time a request head that has begun to arrive; stop timing what is no longer being read."""
        state = self.conn.their_state
        if state is not h11.IDLE:
            _cancel(self.head_timer)
        elif not _pending(self.head_timer) and self.conn.trailing_data[0]:
            self.head_timer = self.loop.call_later(self.limits.header_seconds, self.head_overdue)
        if state is not h11.SEND_BODY:
            _cancel(self.drain_timer)

    def head_overdue(self) -> None:
        """The head did not arrive in time: a 408 if part of it did, then the connection closes."""
        self.head_timer = None
        if self.conn.their_state is not h11.IDLE or self.transport.is_closing():
            return
        if self.conn.trailing_data[0]:
            self.transport.write(error_answer(
                408, f"the request's headers did not arrive within {self.limits.header_seconds:g} s"))
        self.transport.close()

    def drain_overdue(self) -> None:
        """The rest of a body nobody reads did not arrive in time: the connection closes."""
        self.drain_timer = None
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        self.transport.write(error_answer(400, f"bad HTTP request: {msg}"))
        self.transport.close()


def _cancel(timer: asyncio.TimerHandle | None) -> None:
    if timer is not None:
        timer.cancel()


def _pending(timer: asyncio.TimerHandle | None) -> bool:
    """Whether a timer is set and not cancelled (one that fires forgets itself)."""
    return timer is not None and not timer.cancelled()


__all__ = ["JsonErrorProtocol", "error_answer", "limits_of"]
