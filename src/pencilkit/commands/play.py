"""``play``: serve the web player on this machine and open it in a browser.

The server listens on 127.0.0.1 unless told otherwise, prints its address and
runs until interrupted.  A browser is opened only where one can show a page
(a desktop session, not a bare server) and not with ``--no-browser``.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import threading
import time
import webbrowser
from types import FrameType

from ..errors import PencilkitError
from ..genres import titles
from . import Command, worker_count

EXIT_OK = 0
GRACE_SECONDS = 2
"""On Ctrl+C, how long requests may take to finish before they are cut off (the workers stop at once)."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default %(default)s: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default %(default)s; 0 picks a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--workers", type=worker_count, default=None,
                        help="worker processes for generation and solving (default: one per core, at most 4)")
    parser.add_argument("--log", action="store_true", help="log every request")
    parser.add_argument("--json", action="store_true",
                        help="announce the player as one JSON line (its url and the host names it answers to)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="a further host name the player answers to (repeatable); it answers to "
                             "127.0.0.1, localhost, ::1 and --host, so that no other site's page can use it")


def has_display() -> bool:
    """Whether a browser could show a window here: always on macOS and Windows, with X or Wayland elsewhere."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, so that the address printed is the one really bound (port 0 included)."""
    if not 0 <= port <= 65535:
        raise PencilkitError(f"--port must be 0 to 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise PencilkitError(f"cannot resolve --host {host!r}: {e.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        raise PencilkitError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def address_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    return f"http://{shown}:{port}/"


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ..web.guard import LOCAL_HOSTS
    from ..web.protocol import JsonErrorProtocol
    from ..web.server import create_app, stop_workers

    sock = bind(args.host, args.port)
    url = address_of(sock)
    hosts = [*LOCAL_HOSTS, *args.allow_host]
    if args.host not in ("0.0.0.0", "::", ""):
        hosts.append(args.host)
    app = create_app(heavy_workers=args.workers, hosts=hosts)
    config = uvicorn.Config(app, log_level="info" if args.log else "warning", access_log=args.log,
                            timeout_graceful_shutdown=GRACE_SECONDS, http=JsonErrorProtocol)

    class Server(uvicorn.Server):
        """Stops the workers first on Ctrl+C, so that a running generation ends its request at once."""

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            stop_workers(app)
            super().handle_exit(sig, frame)

    server = Server(config)
    if args.json:
        print(json.dumps({"url": url, "hosts": hosts}), flush=True)
    else:
        print(f"pencilkit player at {url} (Ctrl+C to stop)", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"note: listening on {args.host}, so other machines can reach the player; it answers to the "
              f"host names {', '.join(hosts)} (add one with --allow-host)", file=sys.stderr)
    if not args.no_browser and has_display():
        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return EXIT_OK


def _open_when_started(server: object, url: str, wait: float = 30.0) -> None:
    deadline = time.monotonic() + wait
    while not getattr(server, "started", False):
        if time.monotonic() > deadline:
            return
        time.sleep(0.05)
    webbrowser.open(url)


COMMANDS = [
    Command("play", f"Serve the web player ({titles()}) and open it in a browser.", configure, run,
            exits="exit status: 0 stopped (Ctrl+C); 2 bad input or the address is taken (one line on stderr)"),
]
