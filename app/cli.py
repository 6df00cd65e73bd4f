"""``doppelkopf serve``: start the web game (engine/cli.py picks up :func:`add_commands`)."""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import time
import webbrowser

LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
# An idle connection stays open longer than clients keep theirs (httpx 5 s, aiohttp 15 s); with
# uvicorn's 5 s a client reusing a connection just as the server closes it got a reset under load.
KEEP_ALIVE_SECONDS = 75


def add_commands(subparsers) -> None:
    serve = subparsers.add_parser("serve", help="start the web game (http://127.0.0.1:8000 by default)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument("--allow-remote", action="store_true",
                       help="allow binding an address other machines can reach")
    serve.set_defaults(run=serve_command)


def is_loopback(host: str) -> bool:
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve_command(args) -> int:
    import uvicorn

    from .main import create_app
    from .settings import Settings

    settings = Settings()
    if not is_loopback(args.host):
        if not args.allow_remote:
            print(f"doppelkopf: {args.host} is reachable from other machines; "
                  "add --allow-remote if you really mean it", file=sys.stderr)
            return 2
        hosts = remote_hosts(settings, args.host)
        print(f"WARNING: serving on {args.host}: anyone who can reach this machine can play "
              "and read the API. There is no login. Requests must name this server as one of: "
              f"{', '.join(hosts)} (DOPPELKOPF_ALLOWED_HOSTS).", file=sys.stderr)
        settings = settings.model_copy(update={"allowed_hosts": hosts})
    app = create_app(settings)     # fails here, before binding, if the key cannot be read or made
    url = f"http://{_url_host(args.host)}:{args.port}/"
    print(f"Doppelkopf: {url}  (Ctrl+C stops the server; your game stays in the browser)", flush=True)
    if not args.no_browser:
        threading.Thread(target=_open_when_ready, args=(url, args.host, args.port), daemon=True).start()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", timeout_keep_alive=KEEP_ALIVE_SECONDS)
    return 0


def remote_hosts(settings, host: str) -> list[str]:
    """The Host names to answer when serving on ``host``: the allowed ones and the address itself."""
    names = list(settings.allowed_hosts)
    if host not in ("0.0.0.0", "::", ""):        # a wildcard address has no name of its own
        names.append(f"[{host}]" if ":" in host else host.lower())
    return names


def _url_host(host: str) -> str:
    if host in ("0.0.0.0", "::", ""):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def _open_when_ready(url: str, host: str, port: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((_url_host(host).strip("[]"), port), timeout=0.5):
                webbrowser.open(url)
                return
        except OSError:
            time.sleep(0.1)
