"""The ASGI app of ``printkit serve``: the page, its static files, and the JSON API (docs/serve.md).

Scans run in a process pool (one worker a core): a slow photo never blocks the page for others, and the
event loop only receives uploads and hands them over.  Checks are quick (milliseconds) and run in a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from printkit.engine.registry import Game, served
from printkit.serve.limits import LIMITS, LOCAL_HOSTS
from printkit.serve.work import Scanned, scan_uploads, start

HERE = Path(__file__).parent
JSON = "application/json; charset=utf-8"


@dataclass(frozen=True)
class Settings:
    lang: str = "en"  # the page's language until the person picks another
    hosts: tuple[str, ...] = LOCAL_HOSTS  # the Host headers answered (DNS rebinding)
    workers: int = 0  # scanning processes; 0: one a core
    games: tuple[str, ...] = field(default_factory=tuple)  # served games' ids; empty: every game that scans


class TooLarge(Exception):
    pass


class BodyLimit:
    """Refuses a request body larger than ``limit`` bytes: at once by its Content-Length, else (a chunked
    upload) as soon as what arrived passes it, before the rest is read."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _too_large(self.limit)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except TooLarge:
            await _too_large(self.limit)(scope, receive, send)


def _too_large(limit: int) -> Response:
    return _error(413, f"the upload is larger than the {limit // (1024 * 1024)} MB a request may have")


def _error(status: int, message: str) -> Response:
    return Response(json.dumps({"errors": [{"message": message}]}, ensure_ascii=False) + "\n", status,
                    media_type=JSON)


def create_app(settings: Settings | None = None) -> Starlette:
    """The app; its scanning pool starts with it (lifespan) and stops with it."""
    settings = settings or Settings()
    games = tuple(g for g in served() if not settings.games or g.id in settings.games)
    ids = tuple(g.id for g in games)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    state: dict[str, Any] = {}

    def new_pool() -> ProcessPoolExecutor:
        import multiprocessing

        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        # Fresh processes, not forks: a fork of a process whose threads hold a lock may wait for it forever.
        # Ctrl-C reaches the workers too; each game's worker start leaves stopping to this process.
        return ProcessPoolExecutor(settings.workers or cores, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=start, initargs=(ids,))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state["pool"] = new_pool()
        try:
            yield
        finally:
            state["pool"].shutdown(wait=False, cancel_futures=True)

    def game_of(request: Request) -> Game | str:
        name = request.query_params.get("game")
        if name is None:
            return games[0] if len(games) == 1 else f"game= must be one of: {', '.join(ids)}"
        return next((g for g in games if name == g.id or name in g.aliases), f"game= must be one of: {', '.join(ids)}")

    async def scan(request: Request, with_files: bool) -> Scanned | Response:
        game = game_of(request)
        if isinstance(game, str):
            return _error(400, game)
        options = _options(game, request.query_params)
        if isinstance(options, str):
            return _error(400, options)
        try:
            async with request.form(max_files=LIMITS.max_files, max_fields=LIMITS.max_files + 8,
                                    max_part_size=64 * 1024) as form:
                parts = form.getlist("image")
                if not parts or not all(isinstance(p, UploadFile) for p in parts):
                    return _error(400, "no image: send the photo as the multipart field 'image'")
                uploads = [await p.read() for p in parts]  # type: ignore[union-attr]
        except TooLarge:
            raise
        except Exception as exc:  # a malformed form, or too many files or fields
            return _error(413 if "Too many" in str(exc) else 400, f"not a form printkit serve reads: {exc}")
        lang = request.query_params.get("lang", settings.lang)
        run = partial(scan_uploads, game.id, uploads, lang, options[0], options[1], with_files)
        try:
            return await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(state["pool"], run),
                                          LIMITS.scan_seconds)
        except TimeoutError:
            return _error(503, f"the photo was not read within {LIMITS.scan_seconds:.0f} seconds; try again")
        except BrokenProcessPool:  # a worker died (out of memory?): a new pool serves the next request
            state["pool"] = new_pool()
            return _error(500, "the reading process stopped while reading this photo; try again")

    async def api_scan(request: Request) -> Response:
        done = await scan(request, with_files=False)
        if isinstance(done, Response):
            return done
        return Response(done.body, done.status, media_type=JSON, headers={"X-Printkit-Exit": str(done.code)})

    async def page_scan(request: Request) -> Response:
        done = await scan(request, with_files=True)
        if isinstance(done, Response):
            return done
        return JSONResponse({"scan": json.loads(done.body), "code": done.code, "sheets": done.sheets},
                            done.status)

    async def api_check(request: Request) -> Response:
        from printkit.engine.check_report import check_text, dump, refusal, refusal_json

        body = await request.body()
        if len(body) > LIMITS.max_check_bytes:
            return _error(413, f"a transcription is at most {LIMITS.max_check_bytes // 1024} kB")
        lang = request.query_params.get("lang", settings.lang)
        rulings = {k: v for k, v in request.query_params.items() if k not in ("lang", "game")}
        why = refusal(lang, rulings)
        if why:
            return Response(refusal_json(why) + "\n", 400, media_type=JSON)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return Response(dump({"file": "transcription.json", "errors": [{"message": "not UTF-8 text"}]}) + "\n",
                            422, media_type=JSON)
        code, shown, _ = await run_in_threadpool(check_text, text, "transcription.json", lang, "json", rulings,
                                                 True)
        return Response(shown + "\n", 422 if code == 2 else 200, media_type=JSON,
                        headers={"X-Printkit-Exit": str(code)})

    async def page(request: Request) -> Response:
        lang = request.query_params.get("lang", settings.lang)
        texts = _texts()
        lang = lang if lang in texts else settings.lang if settings.lang in texts else "en"
        return templates.TemplateResponse(request, "index.html", {
            "lang": lang, "t": texts[lang], "texts_json": json.dumps(texts, ensure_ascii=False),
            "games": games, "langs": tuple(texts)})

    async def fallback(request: Request, exc: Exception) -> Response:
        if isinstance(exc, TooLarge):
            return _too_large(LIMITS.max_body_bytes)
        return _error(500, "the server could not answer this request (a bug: the server's log says more)")

    app = Starlette(routes=[
        Route("/", page), Route("/api/scan", api_scan, methods=["POST"]),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/page/scan", page_scan, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        # printkit's own Traditional Chinese font, for a browser without one (fetched only for CJK text)
        Mount("/fonts", StaticFiles(directory=str(HERE.parent / "fonts")), name="fonts"),
    ], middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.hosts)),
                   Middleware(BodyLimit, limit=LIMITS.max_body_bytes)],
        exception_handlers={Exception: fallback, TooLarge: fallback}, lifespan=lifespan)
    return app


def _options(game: Game, query: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str | None]] | str:
    """The game's scan options and its checker's rulings from the query (``?players=2&solo_passive=none``),
    or what is wrong with one."""
    options: dict[str, Any] = {}
    for o in game.scanner.options if game.scanner else ():
        raw = query.get(o.name)
        if raw is None:
            continue
        try:
            value = o.type(raw)
        except ValueError:
            return f"{o.name}= must be a {o.type.__name__}"
        if (o.min is not None and value < o.min) or (o.max is not None and value > o.max):
            return f"{o.name}= must be between {o.min:g} and {o.max:g}"
        options[o.name] = value
    rulings = {r.name: query[r.name] for r in (game.checker.rulings if game.checker else ()) if r.name in query}
    return options, rulings


def _texts() -> dict[str, dict[str, str]]:
    """The page's words, by language (printkit/serve/texts.yaml)."""
    import yaml

    with (HERE / "texts.yaml").open(encoding="utf-8") as f:
        loaded: dict[str, dict[str, str]] = yaml.safe_load(f)
    return loaded
