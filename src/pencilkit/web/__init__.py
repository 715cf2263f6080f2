"""The web player: a local server with one page that plays every registered genre.

:func:`~pencilkit.web.server.create_app` builds the application (the page,
its static files and the JSON API); ``pencilkit play`` serves it.
"""

from __future__ import annotations

from .limits import Limits

__all__ = ["Limits", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from .server import create_app

        return create_app
    raise AttributeError(name)
