"""The shipped nginx file (docs/deploy/nginx-clubdirector.conf) passes Django what it needs on every location.

Through it, /health/ answered 400: its location had no `proxy_set_header Host`, so Django saw the upstream's
name. The headers now sit at the server level, which every location inherits as long as it sets none of its
own; the test reads the file as nginx does (blocks, directives) and checks each proxied location. The bench's
two-server run serves through this very file (bench/servers.py), and waits for /health/ through it.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bench import servers

SHIPPED = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "nginx-clubdirector.conf"


def parse(text: str) -> list:
    """nginx's syntax, enough for this file: [(name, args, children or None)]."""
    tokens = re.findall(r'"[^"]*"|[{};]|[^\s{};"]+', re.sub(r"#[^\n]*", "", text))
    position = 0

    def block() -> list:
        nonlocal position
        items: list[tuple[str, list[str], list | None]] = []  # (name, arguments, the block inside or None)
        while position < len(tokens) and tokens[position] != "}":
            words = []
            while tokens[position] not in ("{", ";"):
                words.append(tokens[position])
                position += 1
            if tokens[position] == "{":
                position += 1
                children = block()
                position += 1  # the closing brace
                items.append((words[0], words[1:], children))
            else:
                position += 1
                items.append((words[0], words[1:], None))
        return items

    return block()


def directives(items, name: str) -> list[list[str]]:
    return [args for key, args, children in items if key == name and children is None]


def header_values(items) -> dict[str, str]:
    return {args[0]: args[1] for args in directives(items, "proxy_set_header")}


def server_block():
    (server,) = [children for key, _, children in parse(SHIPPED.read_text()) if key == "server"]
    return server


def effective_headers(server, location) -> dict[str, str]:
    """nginx's inheritance: a location's own proxy_set_header lines replace all of the server's."""
    return header_values(location) or header_values(server)


def test_every_proxied_location_passes_host_forwarded_for_and_proto():
    server = server_block()
    locations = {" ".join(args): children for key, args, children in server if key == "location"}
    assert set(locations) == {"/", "= /health/"}
    for where, location in locations.items():
        assert directives(location, "proxy_pass") == [["http://clubdirector"]], where
        assert effective_headers(server, location) == {
            "Host": "$host",
            "X-Forwarded-For": "$proxy_add_x_forwarded_for",
            "X-Forwarded-Proto": "$scheme",
            "X-Real-IP": "$remote_addr",
            "Connection": '""',
        }, where


def test_the_body_limit_is_above_the_apps_own_caps(settings):
    (limit,) = directives(server_block(), "client_max_body_size")
    assert limit == ["4m"]
    assert settings.UPLOAD_REQUEST_MAX_BYTES < 4 * 1024 * 1024


def test_the_health_location_as_shipped_would_have_been_caught():
    """The old file's shape (headers only in `location /`) fails the check the shipped file passes."""
    old = """server { location / { proxy_pass http://clubdirector; proxy_set_header Host $host; }
                      location = /health/ { proxy_pass http://clubdirector; } }"""
    (server,) = [children for key, _, children in parse(old) if key == "server"]
    health = [children for key, args, children in server if args == ["=", "/health/"]][0]
    assert "Host" not in effective_headers(server, health)


def test_the_bench_serves_through_the_shipped_file_with_its_own_ports(tmp_path):
    config = servers.nginx_config(str(tmp_path), 9000, [9001, 9002])
    (http,) = [children for key, _, children in parse(config) if key == "http"]
    (upstream,) = [children for key, _, children in http if key == "upstream"]
    assert directives(upstream, "server") == [
        ["127.0.0.1:9001", "max_fails=2", "fail_timeout=10s"],
        ["127.0.0.1:9002", "max_fails=2", "fail_timeout=10s"],
    ]
    (server,) = [children for key, _, children in http if key == "server"]
    shipped = server_block()
    assert directives(server, "listen") == [["127.0.0.1:9000", "backlog=4096"]]
    # Everything else the club runs, as shipped: headers, body limit, both locations.
    assert [item for item in server if item[0] not in ("listen", "proxy_read_timeout")] == [
        item for item in shipped if item[0] != "listen"
    ]


@pytest.mark.skipif(not servers.nginx_path(), reason="nginx is not installed")
def test_nginx_itself_accepts_the_bench_configuration(tmp_path):
    (tmp_path / "nginx.conf").write_text(servers.nginx_config(str(tmp_path), 9000, [9001, 9002]))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    checked = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, checked.stderr
