"""Starting ``printkit serve``: the hosts answered, the address to tell, the QR code a phone opens."""

from __future__ import annotations

import socket

from printkit.serve.limits import LOCAL_HOSTS

ANY = ("0.0.0.0", "::")


def lan_address() -> str | None:
    """This machine's address on its local network (the interface a packet to the outside would leave by),
    or None.  Connecting a UDP socket sends nothing; it only picks the route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only looked up in the table
            address: str = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def allowed_hosts(host: str, lan: str | None) -> tuple[str, ...]:
    """The ``Host`` headers answered: this machine's own names and addresses, never a name a stranger's DNS
    could point here (DNS rebinding)."""
    names = [*LOCAL_HOSTS, host] if host not in ANY else [*LOCAL_HOSTS]
    if host in ANY and lan:
        names.append(lan)
    if host in ANY:
        name = socket.gethostname()
        names += [name, f"{name}.local"]
    return tuple(dict.fromkeys(names))


def address(host: str, port: int, lan: str | None) -> str:
    """The address to open: the LAN address when serving every interface, else the one bound."""
    shown = lan if host in ANY and lan else "127.0.0.1" if host in ANY else host
    return f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for a phone's camera to open from the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def page_languages() -> tuple[str, ...]:
    """The languages the page speaks: its own words' (texts.yaml) that the checkers report in too."""
    from pathlib import Path

    import yaml

    from printkit.engine.registry import check_languages

    with (Path(__file__).parent / "texts.yaml").open(encoding="utf-8") as f:
        worded = yaml.safe_load(f)
    return tuple(lang for lang in worded if lang in check_languages())


def serve(host: str, port: int, lang: str, workers: int = 0) -> None:
    """Run the app until interrupted."""
    import uvicorn

    from printkit.serve.app import Settings, create_app

    lan = lan_address() if host in ANY else None
    app = create_app(Settings(lang=lang, hosts=allowed_hosts(host, lan), workers=workers))
    url = address(host, port, lan)
    print(f"printkit serve: open {url}  (Ctrl-C stops it)", flush=True)
    if host in ANY and lan:
        print(qr_text(url), flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False)
