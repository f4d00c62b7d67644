"""What every format's forms share: the date window, the date picker, the member picked from the list, lazy figures."""

import datetime
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from tournaments.models import Club
from tournaments.models.timing import DEFAULT_LENGTH_MINUTES, LENGTH_RANGE, MAX_LENGTH_MINUTES, USUAL_START


def _filled(message: str, **figures: object) -> str:
    return gettext(message) % figures


# A sentence with figures, translated when it is shown (a form's labels and messages are made once,
# at import, before any page's language is known). Mark the message with gettext_noop.
filled_lazy = lazy(_filled, str)

# Every event's date (a party, a knockout, a Towie or a Boston table) lies in this window: wide enough for a
# club's diary and for replaying the book's own evenings (Vanity Fair's Towie of 1934, the Four Aces' 1938),
# narrow enough that a slipped digit (20226, 0026) is caught at once instead of filed out of every list.
DATE_FIRST, DATE_LAST = datetime.date(1900, 1, 1), datetime.date(2100, 12, 31)
DATE_WINDOW = gettext_noop("Give a date in the years %(first)s to %(last)s.")


def date_in_window(value: datetime.date | None) -> None:
    if value is not None and not DATE_FIRST <= value <= DATE_LAST:
        figures = {"first": DATE_FIRST.year, "last": DATE_LAST.year}
        raise forms.ValidationError(gettext(DATE_WINDOW) % figures, code="date_window")


def keep_in_window(field: forms.Field) -> None:
    """A form's date field: refused outside the window, and the date picker stops at its ends."""
    field.validators.append(date_in_window)
    field.widget.attrs.update(min=DATE_FIRST.isoformat(), max=DATE_LAST.isoformat())


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's field `name`, typed as the choice field it is, for a form that sets its choices."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField), name  # only ever asked for a field declared as a choice field
    return field


def model_choice_field(form: forms.BaseForm, name: str) -> forms.ModelChoiceField:
    """The form's field `name`, typed as the model choice field it is, for a form that sets its queryset."""
    field = form.fields[name]
    assert isinstance(field, forms.ModelChoiceField), name  # only ever asked for a field declared so
    return field


class DateInput(forms.DateInput):
    input_type = "date"


NUMBER_DIGITS_MOST = 18  # any whole number of 18 digits fits a database integer (under 2**63)


def posted_number(value: object) -> int | None:
    """A whole number as a form or an address sends it (an id, a version, a table, a deal), or None: the one
    cleaning of every such value a view reads itself. ASCII digits only ("²" and "٣" are digits to
    str.isdigit, and int() refuses the first) and at most 18 of them (int() refuses 4,300 and more, and a
    larger figure names no row): either was a 500."""
    text = str(value if value is not None else "").strip()
    if not (text.isascii() and text.isdecimal() and len(text) <= NUMBER_DIGITS_MOST):
        return None
    return int(text)


class MemberIdField(forms.IntegerField):
    """The hidden id of the member picked from the list (static/js/members.js). It is only a hint: anything
    but a plausible id (typed over, tampered with, too large for the database) is no pick, never an error;
    the services check the member is this club's."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> int | None:
        number = posted_number(value or "")
        return number if number else None  # 0 is no id


# --- when an event starts (models/timing.py): the same two boxes on every kind of event's form --------------

START_TIME_FORMAT = gettext_lazy("Give the start as hours and minutes, like 19:30.")


class TimeInput(forms.TimeInput):
    input_type = "time"


def start_time_field() -> forms.TimeField:
    """The start's box. Left empty it keeps what the form showed (the event's time, or the club's usual start)."""
    messages = {"invalid": START_TIME_FORMAT}
    return forms.TimeField(
        label=gettext_lazy("Start time"), required=False, widget=TimeInput(format="%H:%M"), error_messages=messages
    )


def length_field() -> forms.IntegerField:
    """The length's box, in minutes: 1 to 24 hours, our own sentence for anything else."""
    messages = {code: LENGTH_RANGE for code in ("min_value", "max_value", "invalid")}
    return forms.IntegerField(
        label=gettext_lazy("Length (minutes)"),
        required=False,
        min_value=1,
        max_value=MAX_LENGTH_MINUTES,
        initial=DEFAULT_LENGTH_MINUTES,
        help_text=gettext_lazy("Three hours is 180."),
        error_messages=messages,
    )


def timing_initial(club: Club | None) -> dict[str, Any]:
    """A new event's start and length: the club's usual start, three hours."""
    start = club.usual_start if club is not None else USUAL_START
    return {"start_time": start, "length_minutes": DEFAULT_LENGTH_MINUTES}


class TimingMixin(forms.BaseForm):
    """A form with start_time_field() and length_field(): a box left empty keeps what it showed."""

    def _shown(self, name: str) -> Any:
        value = self.cleaned_data.get(name)
        if value is None:
            value = self.get_initial_for_field(self.fields[name], name)
        return value if value is not None else timing_initial(None)[name]

    def clean_start_time(self) -> datetime.time:
        return self._shown("start_time")

    def clean_length_minutes(self) -> int:
        return self._shown("length_minutes")

    def timing(self) -> dict[str, Any]:
        return {"start_time": self.cleaned_data["start_time"], "length_minutes": self.cleaned_data["length_minutes"]}
