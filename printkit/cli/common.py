"""What every command shares: printing to stdout/stderr and turning InputError into exit 2."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from printkit.engine.errors import InputError
from printkit.engine.registry import Game, Option, Ruling, all_options

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


# emoji off: a message quoting an inline icon (":fire:") must print those characters, not 🔥
out: Any = _LazyConsole(highlight=False, soft_wrap=True, emoji=False)
err: Any = _LazyConsole(stderr=True, highlight=False, soft_wrap=True, emoji=False)


@contextmanager
def user_errors() -> Iterator[None]:
    """Print an InputError as the user's problem (file:line:col: message) and exit 2."""
    try:
        yield
    except InputError as exc:
        from rich.markup import escape

        # escaped: a message quoting card text ("[rule]", "[b]…[/b]") must print those characters, not a style
        for problem in exc.problems or []:
            err.print(f"[bold red]error:[/] {escape(str(problem))}", markup=True)
        if not exc.problems:
            err.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None



def with_game_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give ``command`` one flag per game option the registered games declare (``printkit build``)."""
    return with_declared(all_options())(command)


def with_declared(declared: Mapping[str, tuple[Option | Ruling, tuple[Game, ...]]]
                  ) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Give a command one flag per declaration (a game's options, its checker's rulings), taken as
    ``**kwargs``: each game's flags appear without the CLI naming any game.  Help reads
    "<Game>: <help>" (several games: their titles joined).
    """
    added = []
    for name, (item, games) in declared.items():
        owners = " / ".join(g.title() for g in games)
        if isinstance(item, Ruling):
            annotation: Any = Annotated[str | None, typer.Option(item.flag, help=f"{owners}: {item.help}")]
            default: object = None
        elif item.type is bool:
            annotation = Annotated[bool, typer.Option(item.flag, help=f"{owners}: {item.help}")]
            default = False
        else:
            info = typer.Option(item.flag, help=f"{owners}: {item.help}", min=item.min, max=item.max)
            annotation = Annotated[item.type | None, info]  # type: ignore[operator]
            default = None
        added.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation))

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        signature = inspect.signature(command, eval_str=True)
        fixed = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
        names = {p.name for p in fixed}
        clash = sorted(names & {p.name for p in added})
        if clash:  # the game's flag would silently replace the command's own
            owner = declared[clash[0]][1][0].id
            raise RuntimeError(f"{owner} declares {clash[0]!r}, which `printkit {command.__name__}` has as its own "
                               "flag; rename the game's")

        def wrapper(**kwargs: Any) -> None:
            command(**{k: v for k, v in kwargs.items() if k in names},
                    **{k: v for k, v in kwargs.items() if k not in names})

        wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[*(p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in fixed), *added])
        wrapper.__doc__ = command.__doc__
        wrapper.__name__ = command.__name__
        return wrapper

    return decorate


def either(words: Sequence[str]) -> str:
    """"en", "en or zh-TW", "en, zh-TW or de": a list of choices in help text."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
