"""The front's threads give the C allocator's free memory back after a big answer (clubdirector.front.threads:
a worker serving every 500-table page and printout held 156 MB after, 133 MB with it), not after a small one."""

import platform

import pytest

from clubdirector.front import threads


def _app(size: int):
    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "application/pdf")])
        return [b"x" * size]

    return app


@pytest.mark.parametrize(("size", "trims"), [(threads.TRIM_AFTER_BYTES, 1), (threads.TRIM_AFTER_BYTES - 1, 0)])
def test_a_big_answer_gives_memory_back(monkeypatch, size, trims):
    calls: list[int] = []
    monkeypatch.setattr(threads, "MALLOC_TRIM", calls.append)
    answer = threads.ThreadedWsgi(_app(size), 1, 1024)._run({})
    assert answer.status == 200
    assert sum(map(len, answer.chunks)) == size
    assert calls == [0] * trims


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's own function")
def test_glibc_has_malloc_trim():
    assert threads.MALLOC_TRIM is not None
    assert threads.MALLOC_TRIM(0) in (0, 1)


def test_a_c_library_without_it_gives_nothing_back(monkeypatch):
    class NoTrim:
        def __init__(self, name):
            pass

    monkeypatch.setattr(threads.ctypes, "CDLL", NoTrim)
    assert threads._malloc_trim() is None
