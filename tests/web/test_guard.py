"""The server trusts no page: foreign hosts, foreign origins and bodies that are not JSON are refused, in JSON."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from pencilkit.web.guard import SECURITY_HEADERS, host_name
from pencilkit.web.limits import Limits
from pencilkit.web.server import create_app

PUZZLE = "nurikabe:3x3:.,.,.,.,.,.,5,.,1"
HOME = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(), heavy_workers=1, light_workers=1), base_url=HOME,
                    raise_server_exceptions=False) as c:
        yield c


def test_host_names() -> None:
    assert host_name("127.0.0.1:8000") == "127.0.0.1" and host_name("[::1]:8000") == "::1"
    assert host_name("LocalHost") == "localhost" and host_name("::1") == "::1"


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""])
def test_a_foreign_host_is_refused_even_for_reading(client: TestClient, host: str) -> None:
    """A DNS-rebinding page reaches 127.0.0.1 under its own name: it reads nothing."""
    for response in (client.get("/api/genres", headers={"host": host}), client.get("/", headers={"host": host})):
        assert response.status_code == 421 and "answers only to" in response.json()["error"]


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "localhost"])
def test_its_own_names_are_answered(client: TestClient, host: str) -> None:
    assert client.get("/api/genres", headers={"host": host}).status_code == 200


def test_a_foreign_origin_may_not_write(client: TestClient) -> None:
    body = {"puzzle": PUZZLE}
    refused = client.post("/api/solve", json=body, headers={"origin": "http://evil.example"})
    assert refused.status_code == 403 and "may not use this server" in refused.json()["error"]
    assert client.post("/api/solve", json=body, headers={"origin": "null"}).status_code == 403
    assert client.post("/api/solve", json=body, headers={"origin": "http://127.0.0.1:9999"}).status_code == 403
    assert client.post("/api/solve", json=body, headers={"origin": HOME}).status_code == 200
    assert client.post("/api/solve", json=body).status_code == 200  # no Origin: not a browser page


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_only_json_bodies_are_taken(client: TestClient, kind: str | None) -> None:
    headers = {"content-type": kind} if kind else {}
    response = client.post("/api/parse", content=b'{"text": "nurikabe:1x1:1"}', headers=headers)
    assert response.status_code == 415 and response.json() == {"error": "send the body as application/json"}
    ok = client.post("/api/parse", content=b'{"text": "nurikabe:1x1:1"}',
                     headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 200


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    answers = [client.get("/"), client.get("/static/player.js"), client.get("/api/genres"),
               client.post("/api/solve", json={"puzzle": PUZZLE}), client.post("/api/nothing", json={}),
               client.get("/api/genres", headers={"host": "evil.example"})]
    for response in answers:
        for name, value in SECURITY_HEADERS:
            assert response.headers[name.decode()] == value.decode(), (response.url, name)
    assert "frame-ancestors 'none'" in answers[0].headers["content-security-policy"]


def test_genres_take_no_post(client: TestClient) -> None:
    response = client.post("/api/genres", json={})
    assert response.status_code == 405 and response.headers["allow"] == "GET" and "error" in response.json()
