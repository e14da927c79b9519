"""Cards at a URL: fetched only with --allow-network, cached, recorded with their sha256 in the manifest.
Served by a local HTTP server on 127.0.0.1 (plain http is accepted only from this machine)."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app

from .workbooks import write_xlsx

CSV = b"name,qty,text\nFireball,2,Deal 3 damage.\nFrost Ward,1,Prevent 2.\n"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, dict[str, bytes]]]:
    files = {"/cards.csv": CSV, "/sheet.xlsx": write_xlsx(tmp_path / "s.xlsx", {"Cards": [
        ["name", "qty"], ["Goblin", 4]]}).read_bytes()}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = files.get(self.path.split("?")[0])
            self.send_response(200 if body is not None else 404)
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", files
    finally:
        httpd.shutdown()
        httpd.server_close()


def _build(tmp: Path, url: str, *flags: str, quiet: bool = True):
    deck = tmp / "deck.yaml"
    deck.write_text(f"title: Remote\ndata: {url}\n", encoding="utf-8")
    return CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp / "out"), *(["-q"] if quiet else []), *flags],
                              env={"PRINTKIT_CACHE": str(tmp / "cache")})


def test_refused_without_allow_network(tmp_path: Path, server) -> None:
    base, _ = server
    result = _build(tmp_path, f"{base}/cards.csv")
    assert result.exit_code == 2
    assert "--allow-network" in result.output
    assert not (tmp_path / "cache").exists()


def test_fetched_built_and_recorded(tmp_path: Path, server) -> None:
    base, files = server
    result = _build(tmp_path, f"{base}/cards.csv", "--allow-network")
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    assert "".join(all_text(pdf)).count("Fireball") == 2
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    entry = next(e for e in manifest["files"] if e["file"] == "deck/cards-en-a4.pdf")
    assert entry["sources"] == [{"url": f"{base}/cards.csv", "sha256": hashlib.sha256(files["/cards.csv"]).hexdigest()}]


def test_spreadsheet_url_and_cached_copy_when_offline(tmp_path: Path, server) -> None:
    base, files = server
    url = f"{base}/sheet.xlsx"
    assert _build(tmp_path, url, "--allow-network").exit_code == 0
    assert "Goblin" in all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes())[0]
    files.pop("/sheet.xlsx")  # the server now answers 404: the cached copy is used, with a warning
    result = _build(tmp_path, url, "--allow-network", quiet=False)  # -q shows errors only, not warnings
    assert result.exit_code == 0, result.output
    assert "used the copy cached earlier" in result.output


def test_only_https_is_fetched(tmp_path: Path) -> None:
    result = _build(tmp_path, "http://example.org/cards.csv", "--allow-network")
    assert result.exit_code == 2
    assert "only https:// URLs are fetched" in result.output
