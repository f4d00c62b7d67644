"""What every format's forms share: the date window, the date picker, the member picked from the list, lazy figures."""

import datetime
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop


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


class MemberIdField(forms.IntegerField):
    """The hidden id of the member picked from the list (static/js/members.js). It is only a hint: anything
    but a plausible id (typed over, tampered with, too large for the database) is no pick, never an error;
    the services check the member is this club's."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> int | None:
        text = str(value or "").strip()
        # ASCII digits only ("²" and "٣" are digits to str.isdigit, and int() refuses the first), and no
        # more than 19 of them (int() refuses a figure of 4,300 digits and more): either was a 500.
        plausible = text.isascii() and text.isdigit() and len(text) <= 19
        return int(text) if plausible and 0 < int(text) < 2**63 else None
