"""Every POST form of the site, fuzzed: no input makes a 500, and no input reaches another club's rows.

Alice directs a club with one of every kind of event (tests/project/test_personas.py's world: a party with rounds
played, a knockout, a Towie and a Boston table, a season, a member); Bob's club has a party of its own.
Every page of the URLconf is opened as Alice, every `<form method=post>` on it is read as a browser reads
it, and each is posted: first a sweep of the values that broke forms before (a 20-digit figure in every
field and then in each field alone, NUL characters, 10,000-character strings, every field missing, extra
fields), then hypothesis's values for each field's type. Each form's posts run in a savepoint rolled back
afterwards, so every form meets the same world; before the rollback Bob's club is compared row by row.
Deterministic (derandomized, no example database) and bounded: a few examples a form.
"""

import datetime

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import models, transaction
from django.test import Client
from django.urls import resolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.html_forms import Field, Form, post_forms
from tests.project.test_personas import build, w, walk  # noqa: F401 (w: the world, a fixture)
from tournaments.http import link_limit
from tournaments.models import Club

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999"
NUL = "4\x00<b>"
LONG = "x" * 10_000
EXAMPLES = 6  # hypothesis's examples a form, after the fixed sweep
CHUNK = 6  # fields given a bad figure together in the sweep
# Posts that would end the fuzz itself: logging out (every later post would be a redirect to log in).
LEFT_OUT = {"/accounts/logout/"}


# ---- which rows are a club's ----------------------------------------------------------------------


def club_path(model, seen=()) -> str | None:
    """The lookup from a model's rows to their club ("party__club"), through its foreign keys."""
    if model is Club:
        return "pk"
    if model is get_user_model():
        return "memberships__club"
    for field in model._meta.get_fields():
        if isinstance(field, models.ForeignKey | models.OneToOneField) and field.concrete:
            target = field.related_model
            if target in seen or target is model:
                continue
            rest = club_path(target, (*seen, model))
            if rest is not None:
                return field.name if rest == "pk" else f"{field.name}__{rest}"
    return None


def club_rows(club: Club) -> dict[str, str]:
    out = {}
    for model in [*apps.get_app_config("tournaments").get_models(), get_user_model()]:
        path = club_path(model)
        if path is not None:
            rows = model._default_manager.filter(**{path: club.pk}).distinct().order_by("pk")
            out[model._meta.label] = serializers.serialize("json", rows)
    return out


def test_every_model_of_the_app_is_traced_to_its_club():
    untraced = [m.__name__ for m in apps.get_app_config("tournaments").get_models() if club_path(m) is None]
    assert untraced == []


# ---- the forms of every page ----------------------------------------------------------------------


def every_form(client: Client, world) -> list[Form]:
    """Every POST form on every page Alice opens, once per (action, field names)."""
    found: dict[tuple, Form] = {}
    for route, name, _ in walk():
        url = build(world, route, name)
        response = client.get(url)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        for form in post_forms(response.content.decode(), url):
            action = form.action.split("?")[0].split("#")[0]
            if action in LEFT_OUT:
                continue
            # One of each: the eight guests' Remove buttons are one form.
            key = (resolve(action).url_name, tuple(sorted({f.name for f in form.fields})))
            found.setdefault(key, form)
    return list(found.values())


# ---- what is posted -------------------------------------------------------------------------------


def _file(content: bytes, name: str = "list.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


def sweep(form: Form) -> list[dict]:
    """The fixed posts: the values that broke forms before, in every field at once and in each alone."""
    defaults = form.defaults()
    names = [f.name for f in form.fields if f.kind not in ("submit", "button", "reset")]
    names = list(dict.fromkeys(names))
    posts: list[dict] = [
        {n: HUGE for n in names},
        {n: NUL for n in names},
        {n: LONG for n in names},
        {},  # every field missing
        defaults | {"extra": "1", "id": HUGE, "club": HUGE, "party": HUGE, "user": HUGE, "d9-level": "7"},
    ]
    # A figure too large in each field (a few fields at a time: a form checks every field of a post).
    size = max(CHUNK, -(-len(names) // 4))  # at most four posts a figure, whatever the form's size
    chunks = [names[i : i + size] for i in range(0, len(names), size)]
    posts += [defaults | dict.fromkeys(chunk, [HUGE]) for chunk in chunks]
    posts += [defaults | dict.fromkeys(chunk, ["-1"]) for chunk in chunks]
    for f in form.fields:
        if f.kind == "file":
            posts.append(defaults | {f.name: _file(b"name\n" + LONG.encode())})
            posts.append(defaults | {f.name: _file(b"PK\x03\x04" + b"\x00" * 100, "list.xlsx")})
    return posts


def value_for(f: Field) -> st.SearchStrategy:
    nasty = st.sampled_from([HUGE, "-" + HUGE, NUL, LONG, "", "0", "-1", "1e400", "NaN", " ", "٣", "²", "\u202e"])
    text = st.text(max_size=40)
    if f.kind == "number":
        typed = st.integers(min_value=-(10**21), max_value=10**21).map(str)
    elif f.kind == "date":
        typed = st.dates(datetime.date(1, 1, 1), datetime.date(9999, 12, 31)).map(str)
    elif f.kind in ("select", "select-multiple", "radio", "checkbox"):
        typed = st.sampled_from(f.options or [f.value or "on"])
    elif f.kind == "file":
        return st.binary(max_size=200).map(_file)
    else:
        typed = st.just(f.value) if f.value else text
    return st.one_of(typed, typed, nasty, text)


@st.composite
def posted(draw, form: Form) -> dict:
    """Each field: left out, or one or two values of its type (or not); perhaps a field no form has."""
    data: dict = {}
    fields = {f.name: f for f in form.fields}
    for f in fields.values():
        if f.kind in ("submit", "button", "reset") and not draw(st.booleans()):
            continue
        choice = draw(st.sampled_from(["default", "value", "value", "missing", "two"]))
        if choice == "default" and f.name in form.defaults():
            data[f.name] = form.defaults()[f.name]
        elif choice in ("value", "default"):
            data[f.name] = draw(value_for(f))
        elif choice == "two" and f.kind != "file":
            data[f.name] = [draw(value_for(f)), draw(value_for(f))]
    if draw(st.booleans()):
        data[draw(st.sampled_from(["extra", "x", "d5-level", "member", "once", "version"]))] = draw(
            value_for(Field("x", "text"))
        )
    return data


# ---- the fuzz -------------------------------------------------------------------------------------


def fuzz(form: Form, post) -> None:
    """Hypothesis's posts of one form (derandomized: the same posts on every run)."""

    @settings(
        max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(data=posted(form))
    def run(data):
        post(form, data)

    run()


def test_no_form_answers_500_and_no_form_reaches_another_club(w, monkeypatch):  # noqa: F811
    monkeypatch.setattr(link_limit, "LIMIT", 10**6)  # wrong phone links by the hundred: 404s, never 429s
    client = Client(raise_request_exception=False)
    client.force_login(w.alice)
    forms = every_form(client, w)
    assert len(forms) > 60, len(forms)
    bobs, crashes = club_rows(w.club_b), []
    assert "Bramley winter party" in bobs["tournaments.Party"] and '"username": "bob"' in bobs["auth.User"]

    def post(form: Form, data: dict) -> None:
        response = client.post(form.action, data)  # multipart, as the test client sends every post
        if response.status_code >= 500:
            shown = {k: (v if len(str(v)) < 60 else str(v)[:60] + "…") for k, v in data.items()}
            crashes.append(f"{form.action} {response.status_code} {shown}")

    for form in forms:
        with transaction.atomic():
            for data in sweep(form):
                post(form, data)

            fuzz(form, post)
            leaked = [label for label, rows in club_rows(w.club_b).items() if rows != bobs[label]]
            assert leaked == [], f"{form.action} changed Bob's {leaked}"
            transaction.set_rollback(True)
    assert crashes == [], "\n".join(crashes[:20])
