"""A request's body is bounded before anything reads it (tournaments.http.request_limits).

An anonymous 300 MB body to a phone's link or the login page was parsed (and its file parts written to the
temporary folder) by the CSRF check before any view could refuse it. Now the first middleware compares
the declared length with its cap and answers 413 with a plain page, the body never read.
"""

import socket
from urllib.parse import urlparse

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.handlers.wsgi import WSGIRequest
from django.http import UnreadablePostError
from django.test.client import FakePayload
from django.urls import reverse

from tournaments.management.commands import serve
from tournaments.models import DirectorInvite

HUGE = 300 * 1024 * 1024
BOUNDARY = "xyzzy"


def multipart_start(size: int) -> bytes:
    """The start of a form with one file part of `size` bytes, as a browser sends it (never finished)."""
    head = (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n'
        "Content-Type: text/csv\r\n\r\n"
    ).encode()
    return head + b"x" * size


def post_claiming(client, path: str, *, claimed: int, sent: bytes = b"", **headers):
    """A POST whose Content-Length says `claimed` while only `sent` is there to read."""
    payload = FakePayload(sent)
    response = client.generic(
        "POST",
        path,
        content_type=f"multipart/form-data; boundary={BOUNDARY}",
        CONTENT_LENGTH=str(claimed),
        **{"wsgi.input": payload},
        **headers,
    )
    return response, payload


@pytest.fixture
def upload_folder(settings, tmp_path):
    """Where Django would write a big upload's file parts: watched by the tests."""
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    return tmp_path


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/t/anything/", "/accounts/login/"])
def test_a_300_mb_body_is_refused_413_before_it_is_read(client, upload_folder, path):
    response, payload = post_claiming(client, path, claimed=HUGE, sent=multipart_start(4 * 1024 * 1024))
    assert response.status_code == 413
    page = response.content.decode()
    assert "<h1>Too large</h1>" in page
    assert "What was sent is larger than this page takes (1 MB at most), so it was not read." in page
    assert payload._FakePayload__len == 4 * 1024 * 1024 + len(multipart_start(0))  # not one byte read
    assert list(upload_folder.iterdir()) == []


@pytest.mark.django_db
def test_the_413_page_speaks_the_browsers_language(client, upload_folder):
    response, _ = post_claiming(client, "/accounts/login/", claimed=HUGE, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 413
    assert '<html lang="fr">' in response.content.decode()


@pytest.mark.django_db
def test_a_body_sent_in_chunks_with_no_length_is_refused_411(client, upload_folder):
    # The test client always declares a length: a chunked body declares none.
    request_meta = {"CONTENT_LENGTH": "", "HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input": FakePayload(b"x" * 1000)}
    response = client.generic("POST", "/accounts/login/", **request_meta)
    assert response.status_code == 411
    assert "This request did not say how large it is, so it was not read." in response.content.decode()


@pytest.mark.django_db
def test_an_upload_url_takes_more_than_a_form_but_not_300_mb(client_in, party_factory, upload_folder):
    party = party_factory(tables=1, draw=False)
    path = reverse("guests_upload", args=[party.id])
    response, payload = post_claiming(client_in, path, claimed=HUGE)
    assert response.status_code == 413
    assert "(3 MB at most)" in response.content.decode()
    assert party.guests.count() == 4
    # 2 MB: over the forms' cap, under the upload's: the upload's own answer (its file is too large).
    over_the_file_limit = SimpleUploadedFile("guests.csv", b"Name\n" + b"Ann Lee\n" * (2 * 1024 * 1024 // 8 + 10))
    response = client_in.post(path, {"file": over_the_file_limit}, follow=True)
    assert [str(m) for m in response.context["messages"]] == ["The file is larger than 2 MB: that is no guest list."]
    assert party.guests.count() == 4
    assert list(upload_folder.iterdir()) == []


@pytest.mark.django_db
def test_an_ordinary_upload_still_works(client_in, party_factory, upload_folder):
    party = party_factory(tables=1, draw=False)
    upload = SimpleUploadedFile("guests.csv", b"Name\nAnn Lee\nBob Fry\n")
    response = client_in.post(reverse("guests_upload", args=[party.id]), {"file": upload}, follow=True)
    assert response.status_code == 200
    assert party.guests.filter(name__in=["Ann Lee", "Bob Fry"]).count() == 2
    assert list(upload_folder.iterdir()) == []


@pytest.mark.django_db
def test_an_ordinary_form_is_untouched(client, director):
    response = client.post("/accounts/login/", {"username": "alice", "password": "correct horse battery"})
    assert response.status_code == 302


def test_the_caps_are_named_in_settings_and_a_real_file_stays_under_them():
    from tournaments.files import uploads as imports

    assert settings.MIDDLEWARE[0] == "tournaments.http.request_limits.RequestLimits"
    assert settings.REQUEST_MAX_BYTES == 1024 * 1024
    assert imports.MAX_BYTES < settings.UPLOAD_REQUEST_MAX_BYTES == 3 * 1024 * 1024
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.REQUEST_MAX_BYTES
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == settings.UPLOAD_REQUEST_MAX_BYTES
    takes_an_id = {"guests_upload", "knockout_pairs_add"}
    uploads = {name: reverse(name, args=[1] if name in takes_an_id else []) for name in settings.UPLOAD_URL_NAMES}
    assert uploads == {
        "guests_upload": "/parties/1/guests/upload/",
        "members_import": "/members/import/",
        "knockout_create": "/knockouts/new/",
        "knockout_pairs_add": "/knockouts/1/pairs/",
        "event_import": "/events/import/",
    }


def test_serve_gives_gunicorn_its_request_limits():
    assert serve.GUNICORN_LIMITS == [
        "--limit-request-line",
        "4094",
        "--limit-request-fields",
        "50",
        "--limit-request-field_size",
        "8190",
    ]


@pytest.mark.django_db(transaction=True)
def test_a_real_server_answers_413_without_waiting_for_the_body(live_server, upload_folder):
    """Over a socket: the headers claim 300 MB, no body follows; the answer comes at once."""
    where = urlparse(live_server.url)
    with socket.create_connection((where.hostname, where.port), timeout=10) as connection:
        connection.sendall(
            (
                "POST /t/anything/ HTTP/1.1\r\n"
                f"Host: {where.hostname}:{where.port}\r\n"
                f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
                f"Content-Length: {HUGE}\r\n\r\n"
            ).encode()
        )
        answer = connection.recv(200).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413 ")
    assert list(upload_folder.iterdir()) == []


@pytest.mark.django_db
def test_a_typed_value_with_a_nul_is_refused_unread_and_changes_nothing(client, director):
    # PostgreSQL refuses NUL in text (a 500 where a view read the value straight from the request: an
    # invite's label); nothing a person types holds one. Refused before any view, in the reader's language.
    client.force_login(director)
    before = DirectorInvite.objects.count()
    answer = client.post("/club/links/new/", {"invite-role": "director", "invite-label": "Ann\x00"})
    assert answer.status_code == 400
    assert "holds a NUL character, which nothing typed into a form has" in answer.content.decode()
    assert DirectorInvite.objects.count() == before
    french = client.get("/?q=a\x00b", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 400 and "caractère NUL" in french.content.decode()
    assert client.get("/").status_code == 200  # an ordinary request goes on as before


@pytest.mark.django_db
def test_a_nul_in_the_address_is_refused_and_a_body_cut_off_is_a_plain_400(client, monkeypatch):
    assert client.get("/t/ab%00cd/").status_code == 400  # a token lookup never sees it (PostgreSQL: a 500)

    def cut_off(self):  # the phone went out of the Wi-Fi's reach halfway through its body
        raise UnreadablePostError("connection reset")

    monkeypatch.setattr(WSGIRequest, "_load_post_and_files", cut_off)
    assert client.post("/accounts/login/", {"username": "ann"}).status_code == 400
