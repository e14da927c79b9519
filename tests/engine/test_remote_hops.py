"""--allow-network: every redirect is checked as the first URL is, the URL the data came from is recorded, and
the whole fetch has one deadline (a server trickling bytes cannot hold a build).  A local server on 127.0.0.1
only; every loop in it is bounded."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.engine.remote as remote
from devkit.readback import all_text
from printkit.cli import app

CARDS = b"name,qty\nFireball,2\n"
SECRET = b"name,qty\nTopSecretRow,1\n"
TRICKLE_BYTES = 200  # at most this many bytes, one every TRICKLE_GAP seconds: the slow server ends by itself
TRICKLE_GAP = 0.05


@pytest.fixture
def server() -> Iterator[tuple[str, list[str]]]:
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            port = self.server.server_address[1]
            moves = {"/hop": f"http://0.0.0.0:{port}/secret.csv", "/move": "/cards.csv", "/loop": "/loop",
                     "/ftp": "ftp://127.0.0.1/cards.csv"}
            if self.path in moves:
                self.send_response(302)
                self.send_header("Location", moves[self.path])
                self.end_headers()
            elif self.path == "/trickle.csv":
                self.send_response(200)
                self.send_header("Content-Length", str(TRICKLE_BYTES))
                self.end_headers()
                try:
                    for _ in range(TRICKLE_BYTES):
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(TRICKLE_GAP)
                except OSError:  # the client gave up
                    pass
            else:
                body = {"/cards.csv": CARDS, "/secret.csv": SECRET}.get(self.path)
                self.send_response(200 if body else 404)
                self.end_headers()
                self.wfile.write(body or b"")

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", asked
    finally:
        httpd.shutdown()
        httpd.server_close()


def build(tmp: Path, url: str):
    deck = tmp / "deck.yaml"
    deck.write_text(f"title: Remote\nback: null\ndata: {url}\n", encoding="utf-8")
    return CliRunner().invoke(app, ["build", "-q", str(deck), "-o", str(tmp / "out"), "--allow-network"],
                              env={"PRINTKIT_CACHE": str(tmp / "cache")})


@pytest.mark.parametrize("path", ["/hop", "/ftp"])
def test_a_redirect_to_a_url_printkit_refuses_is_refused(tmp_path, server, path):
    base, asked = server
    result = build(tmp_path, base + path)
    assert result.exit_code == 2, result.output
    assert "deck.yaml:3:" in result.output and "redirects to" in result.output
    assert "/secret.csv" not in asked  # never even asked for
    assert not (tmp_path / "out").exists() and not (tmp_path / "cache").exists()


def test_the_manifest_records_the_url_the_data_came_from(tmp_path, server):
    base, asked = server
    result = build(tmp_path, base + "/move")
    assert result.exit_code == 0, result.output
    assert asked == ["/move", "/cards.csv"]
    assert "Fireball" in "".join(all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()))
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    (entry,) = [e for e in manifest["files"] if e["file"] == "deck/cards-en-a4.pdf"]
    (source,) = entry["sources"]
    assert source["url"] == base + "/move" and source["final_url"] == base + "/cards.csv"


def test_a_redirect_loop_ends_after_a_bounded_number_of_hops(tmp_path, server):
    base, asked = server
    result = build(tmp_path, base + "/loop")
    assert result.exit_code == 2 and "cannot fetch" in result.output
    assert 2 <= len(asked) <= 11  # urllib's own cap on redirects: 10


def test_a_trickling_server_meets_one_deadline_for_the_whole_fetch(tmp_path, server, monkeypatch):
    monkeypatch.setattr(remote, "TIMEOUT", 1.0)  # each byte comes well inside it: a per-read timeout never fires
    base, _ = server
    result = build(tmp_path, base + "/trickle.csv")
    assert result.exit_code == 2, result.output
    assert "cannot fetch" in result.output and "did not arrive within 1 s" in result.output
