"""printkit serve's JSON API: the answers are what `printkit scan --json` and `printkit check --json` print for
the same image or transcription, bad uploads are answered with their message and status, and the server
keeps serving after them."""

from __future__ import annotations

import io
import json
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from printkit.cli import app as cli
from printkit.serve.app import Settings, create_app
from printkit.serve.run import allowed_hosts

from .conftest import FORMATS

runner = CliRunner()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    # one reading process: the tests share two cores with others
    with TestClient(create_app(Settings(hosts=("testserver", "127.0.0.1"), workers=1))) as c:
        yield c


def _cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], files: dict[str, bytes]) -> str:
    """What the command prints, run in a folder holding ``files``."""
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, args)
    return result.stdout


def _scan(client: TestClient, data: bytes, **params: str):
    return client.post("/api/scan", params=params, files={"image": ("IMG_0001.JPG", data, "image/jpeg")})


@pytest.mark.parametrize("name", list(FORMATS))
def test_a_scan_answers_exactly_what_printkit_scan_json_prints(client, photos, name, tmp_path, monkeypatch):
    sample = photos[name]
    r = _scan(client, sample.data)
    assert r.status_code == 200, r.text
    printed = _cli(tmp_path, monkeypatch, ["scan", "--json", "-q", f"photo-1{sample.suffix}"],
                   {f"photo-1{sample.suffix}": sample.data})
    assert r.text == printed  # character for character
    answer = json.loads(r.text)
    sheets = answer if isinstance(answer, list) else [answer]
    assert [s["sheet"]["format"] for s in sheets] == FORMATS[name][1]
    # the server's own name for the upload, not the client's
    assert [s["file"] for s in sheets] == [f"photo-1{sample.suffix}"] * len(sheets)
    assert r.headers["x-printkit-exit"] in ("0", "1", "3")


def test_a_scan_in_chinese_words_its_findings_as_the_command_does(client, photos, tmp_path, monkeypatch):
    sample = photos["a4"]
    r = _scan(client, sample.data, lang="zh-TW")
    printed = _cli(tmp_path, monkeypatch, ["scan", "--json", "-q", "--lang", "zh-TW", "photo-1.jpg"],
                   {"photo-1.jpg": sample.data})
    assert r.status_code == 200 and r.text == printed


def test_a_check_answers_exactly_what_printkit_check_json_prints(client, photos, tmp_path, monkeypatch):
    scanned = json.loads(_scan(client, photos["a4"].data).text)
    wrong = {**scanned["transcription"], "claimed": {"total": 7}}  # a claim no sheet of this one adds up to
    for lang in ("en", "zh-TW"):
        body = json.dumps(wrong)
        r = client.post("/api/check", params={"lang": lang}, content=body)
        printed = _cli(tmp_path, monkeypatch, ["check", "--json", "--lang", lang, "transcription.json"],
                       {"transcription.json": body.encode()})
        assert r.status_code == 200 and r.text == printed
        answer = r.json()
        total = next(c for c in answer["claims"] if c["key"] == "total")
        assert total["claimed"] == 7 and not total["ok"]
        assert r.headers["x-printkit-exit"] == "1"


def test_a_malformed_transcription_is_answered_with_its_errors_and_422(client, tmp_path, monkeypatch):
    body = '{"game": "gsc", "players": 9}'
    r = client.post("/api/check", content=body)
    printed = _cli(tmp_path, monkeypatch, ["check", "--json", "transcription.json"],
                   {"transcription.json": body.encode()})
    assert r.status_code == 422 and r.text == printed
    assert r.json()["errors"][0]["path"] is not None or r.json()["errors"][0]["line"] == 1
    refused = client.post("/api/check", params={"lang": "fr"}, content=body)
    assert refused.status_code == 400
    assert refused.json() == {"errors": [{"message": "--lang must be one of: en, zh-TW, de"}]}


def test_not_an_image_is_refused_with_the_commands_message_and_415(client, tmp_path, monkeypatch):
    r = _scan(client, b"%!PS-Adobe-3.0\nnot a photo at all\n")
    assert r.status_code == 415
    assert r.json()["error"] == "photo-1: not an image printkit can read (JPEG, PNG, TIFF, HEIC or PDF)"
    printed = _cli(tmp_path, monkeypatch, ["scan", "--json", "-q", "photo-1"],
                   {"photo-1": b"%!PS-Adobe-3.0\nnot a photo at all\n"})
    assert r.text == printed


def test_a_photo_with_no_sheet_is_answered_with_the_readers_message_and_422(client, tmp_path, monkeypatch):
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(3)
    buf = io.BytesIO()  # a photo of a wooden table: brown noise, no sheet
    Image.fromarray((rng.normal(120, 25, (900, 1200, 3)).clip(0, 255)).astype("uint8")).save(buf, "JPEG")
    r = _scan(client, buf.getvalue())
    assert r.status_code == 422
    printed = _cli(tmp_path, monkeypatch, ["scan", "--json", "-q", "photo-1.jpg"], {"photo-1.jpg": buf.getvalue()})
    assert r.text == printed
    assert "marker" in r.json()["error"] or "sheet" in r.json()["error"]


def test_an_oversized_upload_is_refused_before_it_is_read(client):
    r = client.post("/api/scan", files={"image": ("big.jpg", b"\xff\xd8\xff" + bytes(61 * 1024 * 1024), "image/jpeg")})
    assert r.status_code == 413
    assert r.json() == {"errors": [{"message": "the upload is larger than the 60 MB a request may have"}]}


def test_an_oversized_chunked_upload_is_refused_as_it_arrives():
    """No Content-Length: the server counts what arrives and stops reading soon after the limit (driven
    here at the ASGI level: the test client would read the whole body before handing it over)."""
    import asyncio

    app = create_app(Settings(hosts=("testserver",), workers=1))
    received = 0
    answer: list[dict] = []

    async def receive() -> dict:
        nonlocal received
        received += 1
        if received == 1:
            return {"type": "http.request", "body": b"--x\r\nContent-Disposition: form-data; name=\"image\"; "
                    b"filename=\"a.jpg\"\r\n\r\n", "more_body": True}
        return {"type": "http.request", "body": bytes(1024 * 1024), "more_body": received < 200}  # 200 MB in all

    async def send(message: dict) -> None:
        answer.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/scan", "raw_path": b"/api/scan", "query_string": b"",
             "headers": [(b"host", b"testserver"), (b"content-type", b"multipart/form-data; boundary=x")],
             "scheme": "http", "server": ("testserver", 80), "client": ("127.0.0.1", 5000), "root_path": "",
             "http_version": "1.1", "app": app}
    asyncio.run(app(scope, receive, send))
    assert answer[0]["status"] == 413
    assert json.loads(answer[1]["body"]) == {"errors": [{"message": "the upload is larger than the 60 MB a request "
                                                                    "may have"}]}
    assert received <= 62  # read up to just past the limit, not the 200 MB


def _png_header_bomb(w: int, h: int) -> bytes:
    """A small PNG whose header declares ``w`` x ``h`` one-bit pixels (all zero: a few kB compressed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    z = zlib.compressobj(9)
    row = bytes(1 + (w + 7) // 8)
    body = b"".join(z.compress(row) for _ in range(h)) + z.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def test_a_decompression_bomb_is_refused_by_its_header(client):
    r = _scan(client, _png_header_bomb(20_000, 20_000))
    assert r.status_code == 413
    assert r.json() == {"errors": [{"message": "photo-1.png: 20000 x 20000 pixels is more than a sheet photo needs"}]}


def test_a_pdf_of_too_many_pages_is_refused_unread(client):
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument.new()
    for _ in range(21):
        pdf.new_page(595, 842)
    buf = io.BytesIO()
    pdf.save(buf)
    r = client.post("/api/scan", files={"image": ("sheets.pdf", buf.getvalue(), "application/pdf")})
    assert r.status_code == 413
    assert r.json() == {"errors": [{"message": "photo-1.pdf: 21 pages; at most 20 are read from one PDF here "
                                               "(printkit scan reads more)"}]}


def test_a_pdf_page_five_metres_wide_is_read_within_the_readers_bounds(client):
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    page = Canvas(buf, pagesize=(14400, 14400))  # 200 inches a side: 60000 pixels at 300 dpi, if rendered so
    page.line(100, 100, 400, 400)  # something drawn, or the reader skips the page unrendered as empty
    page.save()
    r = _scan(client, buf.getvalue())
    assert r.status_code == 422
    assert r.json()["error"].startswith("no corner markers found")


def test_too_many_files_in_one_request_are_refused(client):
    files = [("image", (f"{i}.jpg", b"\xff\xd8\xff", "image/jpeg")) for i in range(9)]
    r = client.post("/api/scan", files=files)
    assert r.status_code == 413
    assert "Too many files" in r.json()["errors"][0]["message"]


def test_a_request_without_an_image_is_told_what_to_send(client):
    r = client.post("/api/scan", data={"photo": "x"})
    assert r.status_code == 400
    assert r.json() == {"errors": [{"message": "no image: send the photo as the multipart field 'image'"}]}


def test_the_server_keeps_serving_after_bad_uploads(client, photos):
    for bad in (b"", b"\xff\xd8\xff garbage", _png_header_bomb(15_000, 15_000), b"%PDF-1.4\n%%EOF"):
        assert _scan(client, bad).status_code in (400, 413, 415, 422)
    r = _scan(client, photos["letter"].data)
    assert r.status_code == 200 and json.loads(r.text)["sheet"]["format"] == "letter"
    assert client.get("/").status_code == 200


def test_another_host_is_refused_dns_rebinding(client):
    assert client.get("/", headers={"host": "attacker.example"}).status_code == 400
    assert client.post("/api/check", headers={"host": "attacker.example:8765"}, content="{}").status_code == 400
    assert client.get("/", headers={"host": "127.0.0.1:8765"}).status_code == 200


def test_hosts_answered_are_this_machines_own():
    assert allowed_hosts("127.0.0.1", None) == ("127.0.0.1", "localhost", "[::1]", "::1")
    lan = allowed_hosts("0.0.0.0", "192.168.1.20")
    assert "192.168.1.20" in lan and "127.0.0.1" in lan and "0.0.0.0" not in lan


def test_the_page_is_served_in_both_languages_without_anything_from_elsewhere(client):
    en, zh = client.get("/"), client.get("/", params={"lang": "zh-TW"})
    assert "Photograph or pick a sheet" in en.text and 'capture="environment"' in en.text
    assert "拍攝或選擇計分表" in zh.text and '<html lang="zh-TW">' in zh.text
    assert "http://" not in en.text.replace("http://testserver", "") and "https://" not in en.text
    assert client.get("/static/app.js").status_code == 200
