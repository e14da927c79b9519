"""What every command shares: printing to stdout/stderr and turning InputError into exit 2."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from printkit.engine.errors import InputError
from printkit.engine.registry import all_options

if TYPE_CHECKING:
    from rich.console import Console


class _LazyConsole:
    """A rich Console made when first used: importing rich costs more than `printkit --help` or
    `printkit games` should take, and those print without it."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    @property
    def console(self) -> Console:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.console, name)


out: Any = _LazyConsole(highlight=False, soft_wrap=True)
err: Any = _LazyConsole(stderr=True, highlight=False, soft_wrap=True)


@contextmanager
def user_errors() -> Iterator[None]:
    """Print an InputError as the user's problem (file:line:col: message) and exit 2."""
    try:
        yield
    except InputError as exc:
        for problem in exc.problems or []:
            err.print(f"[bold red]error:[/] {problem}", markup=True)
        if not exc.problems:
            err.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(2) from None



def with_game_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give ``command`` one flag per game option the registered games declare.

    The command takes them as ``**game_options``; each game's options appear here without the CLI
    naming any game.  Help reads "<Game>: <help>" (several games: their titles joined).
    """
    signature = inspect.signature(command, eval_str=True)
    fixed = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    added = []
    for name, (opt, games) in all_options().items():
        owners = " / ".join(g.title() for g in games)
        info: Any = typer.Option(opt.flag, help=f"{owners}: {opt.help}", min=opt.min, max=opt.max)
        if opt.type is bool:
            annotation: Any = Annotated[bool, info]
            default: object = False
        else:
            annotation = Annotated[opt.type | None, info]  # type: ignore[operator]
            default = None
        added.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation))

    def wrapper(**kwargs: Any) -> None:
        names = {p.name for p in fixed}
        command(**{k: v for k, v in kwargs.items() if k in names},
                **{k: v for k, v in kwargs.items() if k not in names})

    wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*(p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in fixed), *added])
    wrapper.__doc__ = command.__doc__
    wrapper.__name__ = command.__name__
    return wrapper
