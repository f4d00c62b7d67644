"""The servers the load goes to: one gunicorn on 127.0.0.1, or several behind nginx (BENCH_SERVERS=2).

Each gunicorn has its own control socket in the bench's temporary folder (two on one host would share
gunicorn's default path and overwrite each other's). nginx is Debian's, run as the current user with a
configuration, pid file, logs and temporary files all in that folder; its upstream and server are the
shipped docs/deploy/nginx-clubdirector.conf with the bench's ports put in, so the run checks that file.
Every server is waited for on /health/ (200 once the database answers), then through the balancer too.
"""

import contextlib
import getpass
import grp
import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGINX = ("/usr/sbin/nginx", "nginx")


PORTS_SETTING = "BENCH_PORTS"
_PORT_RANGE = re.compile(r"\s*(\d{1,5})\s*-\s*(\d{1,5})\s*")
_handed_out: set[int] = set()


def port_range(text: str) -> range:
    """BENCH_PORTS as a range ("8500-8549", both ends included); a clear refusal for anything else."""
    match = _PORT_RANGE.fullmatch(text)
    first, last = (int(match[1]), int(match[2])) if match else (0, -1)
    if not match or not 1024 <= first <= last <= 65535:
        raise SystemExit(f"{PORTS_SETTING}={text!r}: give a range of ports such as 8500-8549 (1024 to 65535)")
    return range(first, last + 1)


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_port() -> int:
    """A free port for one of the bench's servers: the next free one in BENCH_PORTS when set (a machine whose
    firewall or other services want them known), else one the system picks. A port handed out once is not
    handed out again in the same run, even while its server is still starting."""
    setting = os.environ.get(PORTS_SETTING, "").strip()
    if not setting:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port: int = sock.getsockname()[1]
            return port
    for port in port_range(setting):
        if port not in _handed_out and port_is_free(port):
            _handed_out.add(port)
            return port
    raise SystemExit(f"{PORTS_SETTING}={setting}: no free port left in the range; widen it or stop what holds them")


def gunicorn_path() -> str:
    beside = Path(sys.executable).parent / "gunicorn"
    return str(beside) if beside.exists() else (shutil.which("gunicorn") or "gunicorn")


def nginx_path() -> str | None:
    for name in NGINX:
        found = shutil.which(name) or (name if os.path.exists(name) else None)
        if found:
            return found
    return None


def nginx_install() -> str:
    """nginx, installed with apt-get when missing and we are root; else a clear message."""
    found = nginx_path()
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y", "-qq", "nginx"], check=True, env=env, stdout=subprocess.DEVNULL)
        found = nginx_path()
        if found:
            return found
    raise SystemExit("BENCH_SERVERS>1 needs nginx as the balancer: apt-get install nginx")


def serve_argv(port: int) -> list[str]:
    """The gunicorn command `manage.py serve` (what `make run` starts) runs, on 127.0.0.1:`port`: its worker
    class, its workers x threads, its limits and timeouts, all read from the command itself."""
    from tournaments.management.commands.serve import gunicorn_argv

    return gunicorn_argv(gunicorn_path(), "127.0.0.1", str(port), "bench")


def _option(argv: list[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


def serve_shape() -> tuple[int, int]:
    """`make run`'s workers and threads (its gunicorn's -w and --threads)."""
    argv = serve_argv(8000)
    return int(_option(argv, "-w") or 1), int(_option(argv, "--threads") or 1)


def _set(argv: list[str], name: str, value: str) -> list[str]:
    if name in argv:
        at = argv.index(name)
        return [*argv[: at + 1], value, *argv[at + 2 :]]
    return [*argv, name, value]


def gunicorn_command(
    port: int, *, workers: int | None = None, threads: int | None = None, control_socket: str | None
) -> list[str]:
    """`manage.py serve`'s gunicorn (serve_argv), with the bench's own control socket; `workers` and
    `threads` change its shape only when given (BENCH_WORKERS, BENCH_THREADS, a one-worker memory step)."""
    command = serve_argv(port)
    if "--control-socket" in command:
        at = command.index("--control-socket")
        command = command[:at] + command[at + 2 :]
    command += ["--control-socket", control_socket] if control_socket else ["--no-control-socket"]
    if workers is not None:
        command = _set(command, "-w", str(workers))
    if threads is not None:
        command = _set(command, "--threads", str(threads))
    return command


SHIPPED_NGINX = ROOT / "docs" / "deploy" / "nginx-clubdirector.conf"


def shipped_sites(listen: int, upstreams: list[int]) -> str:
    """The shipped nginx file's upstream and server, with the bench's ports: the run checks what a club runs."""
    text = SHIPPED_NGINX.read_text()
    lines = [line for line in text.splitlines() if not re.match(r"\s*server 127\.0\.0\.1:\d+ ", line)]
    text = "\n".join(lines) + "\n"
    servers = "".join(f"    server 127.0.0.1:{port} max_fails=2 fail_timeout=10s;\n" for port in upstreams)

    def with_servers(found: re.Match[str]) -> str:
        return found.group(1) + servers

    text, upstream = re.subn(r"(upstream clubdirector \{\n)", with_servers, text)
    # gunicorn's --timeout here is 120 s (the systemd unit's 30 s is within nginx's default 60 s).
    text, listening = re.subn(
        r"\n    listen 80;\n", f"\n    listen 127.0.0.1:{listen} backlog=4096;\n    proxy_read_timeout 120s;\n", text
    )
    if (upstream, listening) != (1, 1):
        raise SystemExit(f"{SHIPPED_NGINX}: no 'upstream clubdirector {{' or no 'listen 80;' to put the ports in")
    return text


def nginx_config(folder: str, listen: int, upstreams: list[int]) -> str:
    """The balancer's whole configuration: everything it writes stays in `folder`."""
    # As root, nginx's workers would switch to "nobody", who may not write in the private folder.
    user = f"user {getpass.getuser()} {grp.getgrgid(os.getegid()).gr_name};\n" if os.geteuid() == 0 else ""
    temp = "\n".join(
        f"    {kind}_temp_path {folder}/{kind}_temp;" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    sites = textwrap.indent(shipped_sites(listen, upstreams), "    ")
    return f"""{user}worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{
    worker_connections 4096;
}}
http {{
    access_log off;
{temp}
{sites}}}
"""


def health(port: int, timeout: float = 60) -> None:
    """Wait for /health/ to answer 200 on `port`."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/health/")
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status == 200:
                return
            last = f"/health/ answered {response.status}"
        except OSError as error:
            last = str(error)
        time.sleep(0.2)
    raise RuntimeError(f"the server on port {port} never answered /health/: {last}")


@dataclass
class Servers:
    port: int  # where the phones go: the one gunicorn, or the balancer
    folder: str
    gunicorns: list[subprocess.Popen] = field(default_factory=list)
    ports: list[int] = field(default_factory=list)
    balancer: subprocess.Popen | None = None
    workers: int = 2
    threads: int = 4

    def describe(self) -> str:
        each = f"manage.py serve's: {self.workers} workers x {self.threads} threads"
        if self.balancer is None:
            return f"gunicorn ({each}) on 127.0.0.1"
        return f"{len(self.gunicorns)} gunicorns ({each}, each) behind nginx on 127.0.0.1"

    def worker_pids(self) -> list[int]:
        """The gunicorn workers (the masters' children)."""
        pids = []
        for master in self.gunicorns:
            with contextlib.suppress(OSError):
                for task in os.listdir(f"/proc/{master.pid}/task"):
                    children = Path(f"/proc/{master.pid}/task/{task}/children").read_text().split()
                    pids += [int(pid) for pid in children]
        return pids


def _stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


@contextlib.contextmanager
def running(count: int = 1, *, workers: int | None = None, threads: int | None = None, env: dict | None = None):
    """`count` gunicorns (behind nginx when more than one), each started as `manage.py serve` starts it (the
    same command, worker class and workers x threads, unless `workers` or `threads` are given), up and
    answering /health/; stopped after."""
    shape = serve_shape()
    workers, threads = workers or shape[0], threads or shape[1]
    folder = tempfile.mkdtemp(prefix="clubdirector-bench-")
    environment = {**os.environ, **(env or {})}  # CONN_MAX_AGE as `make run` leaves it (the settings' own)
    environment |= {"LISTEN_HOST": "127.0.0.1", "DEBUG": "false"}  # as manage.py serve sets them
    if count > 1:
        environment["TRUSTED_PROXIES"] = "127.0.0.1"  # as behind docs/deployment.md's nginx
        # Named hosts, as a club's server has (bench.run names them): with '*' a request nginx sent
        # without its Host would pass.
        if environment.get("ALLOWED_HOSTS", "*") in ("", "*"):
            environment["ALLOWED_HOSTS"] = "127.0.0.1,localhost"
    servers = Servers(port=0, folder=folder, workers=workers, threads=threads)
    logs = []
    try:
        for number in range(count):
            port = free_port()
            log = open(f"{folder}/gunicorn-{number}.log", "wb")  # noqa: SIM115 (closed below)
            logs.append(log)
            command = gunicorn_command(
                port, workers=workers, threads=threads, control_socket=f"{folder}/gunicorn-{number}.ctl"
            )
            own = environment | {"LISTEN_PORT": str(port)}
            process = subprocess.Popen(command, env=own, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
            servers.gunicorns.append(process)
            servers.ports.append(port)
        for port, process in zip(servers.ports, servers.gunicorns, strict=True):
            try:
                health(port)
            except RuntimeError as error:
                tail = Path(f"{folder}/gunicorn-{servers.ports.index(port)}.log").read_text()[-2000:]
                raise SystemExit(
                    f"{error} (gunicorn {'exited' if process.poll() is not None else 'ran'}): {tail}"
                ) from None
        if count == 1:
            servers.port = servers.ports[0]
        else:
            servers.port = free_port()
            Path(f"{folder}/nginx.conf").write_text(nginx_config(folder, servers.port, servers.ports))
            command = [nginx_install(), "-p", folder, "-c", f"{folder}/nginx.conf", "-e", f"{folder}/error.log"]
            servers.balancer = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            try:
                health(servers.port, timeout=20)
            except RuntimeError as error:
                errors = Path(f"{folder}/error.log").read_text()[-2000:] if Path(f"{folder}/error.log").exists() else ""
                raise SystemExit(f"nginx: {error} {errors}") from None
        yield servers
    finally:
        _stop(servers.balancer)
        for process in servers.gunicorns:
            _stop(process)
        for log in logs:
            log.close()
        shutil.rmtree(folder, ignore_errors=True)
