"""``doppelkopf serve``: start the web game (engine/cli.py picks up :func:`add_commands`)."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import socket
import sys
import threading
import time
import webbrowser

LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
WILDCARDS = ("0.0.0.0", "::", "")


def add_commands(subparsers) -> None:
    serve = subparsers.add_parser("serve", help="start the web game (http://127.0.0.1:8000 by default)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="port (default 8000; 0: any free one)")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument("--allow-remote", action="store_true",
                       help="allow binding an address other machines can reach")
    serve.set_defaults(run=serve_command)


def port_number(text: str) -> int:
    """A TCP port; the system would quietly take 99999 as 34463 (the number modulo 65536)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535)")
    return port


def is_loopback(host: str) -> bool:
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def say(message: str) -> None:
    print(f"doppelkopf: {message}", file=sys.stderr)


def serve_command(args) -> int:
    """Every problem before the server runs is one line on stderr and a non-zero exit, no traceback."""
    from pydantic import ValidationError

    from . import serving
    from .main import create_app
    from .sealing import KeyFileError
    from .settings import Settings

    try:
        settings = Settings()
    except ValidationError as error:
        say(settings_problem(error))
        return 2
    host = args.host.strip("[]")
    if not is_loopback(host) and not args.allow_remote:
        say(f"{host} is reachable from other machines; add --allow-remote if you really mean it")
        return 2
    hosts = allowed_hosts(settings, host)
    if not is_loopback(host):
        print(f"WARNING: serving on {host}: anyone who can reach this machine can play "
              "and read the API. There is no login. Requests must name this server as one of: "
              f"{', '.join(hosts)} (DOPPELKOPF_ALLOWED_HOSTS).", file=sys.stderr)
    settings = settings.model_copy(update={"allowed_hosts": hosts})
    try:
        sock = serving.open_socket(host, args.port)
    except OSError as error:
        say(socket_problem(error, host, args.port))
        return 1
    serving.configure_logging()
    try:
        app = create_app(settings)
    except KeyFileError as error:
        sock.close()
        say(str(error))
        return 1
    url = f"http://{_url_host(host)}:{sock.getsockname()[1]}/"
    print(f"Doppelkopf: {url}  (Ctrl+C stops the server; your game stays in the browser)", flush=True)
    if not args.no_browser:
        threading.Thread(target=_open_when_ready, args=(url, host, sock.getsockname()[1]), daemon=True).start()
    run_server(app, sock, settings)
    return 0


def run_server(app, sock, settings) -> None:
    from . import serving

    serving.run(app, sock, settings)


def settings_problem(error) -> str:
    """A ValidationError of the settings as one line naming the environment variables."""
    return "; ".join(f"DOPPELKOPF_{'.'.join(str(p) for p in e['loc']).upper()}: {e['msg']}"
                     for e in error.errors()) + " (fix or unset the variable)"


def socket_problem(error: OSError, host: str, port: int) -> str:
    if isinstance(error, socket.gaierror):
        return f"cannot find the address {host!r} ({error.strerror})"
    if error.errno == errno.EADDRINUSE:
        return (f"port {port} on {host} is already taken by another program (perhaps Doppelkopf is "
                "already running); choose another port with --port")
    if error.errno == errno.EACCES:
        return f"not allowed to use port {port} (ports below 1024 need administrator rights); use --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine; use --host"
    return f"cannot listen on {host} port {port}: {error.strerror or error}"


def allowed_hosts(settings, host: str) -> list[str]:
    """The Host names to answer when serving on ``host``: the allowed ones and the address itself
    (so the printed URL works for 127.0.0.2 or a LAN address as well)."""
    names = list(settings.allowed_hosts)
    if host not in WILDCARDS:        # a wildcard address has no name of its own
        own = f"[{host.lower()}]" if ":" in host else host.lower()
        if own not in names:
            names.append(own)
    return names


def _url_host(host: str) -> str:
    if host in WILDCARDS:
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
