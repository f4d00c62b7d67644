"""Forms of the club pages: the first run's setup, a new director, a one-time link opened, the club's name,
the club's language, paper, number style, time zone and usual start, its national club number,
and a director's own language."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from tournaments.forms.common import START_TIME_FORMAT, TimeInput
from tournaments.models import Paper, Role
from tournaments.models.club import FORMAT_STYLES, LANGUAGES
from tournaments.models.timing import known_time_zones, validate_time_zone

NOT_IN_LIST = _("Choose one of the list: “%(value)s” is not one of them.")


class PasswordTwiceForm(forms.Form):
    username = forms.CharField(label=_("Your login (user name)"), max_length=150)
    password1 = forms.CharField(label=_("Password"), widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(label=_("The password again"), widget=forms.PasswordInput, strip=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("password1") and data.get("password2") and data["password1"] != data["password2"]:
            raise ValidationError({"password2": _("The two passwords differ: type the same one twice.")})
        return data


class SetupForm(PasswordTwiceForm):
    club_name = forms.CharField(
        label=_("Your club's name"), max_length=80, widget=forms.TextInput(attrs={"autofocus": True, "class": "whole"})
    )
    field_order = ["club_name", "username", "password1", "password2"]


class DirectorForm(PasswordTwiceForm):
    username = forms.CharField(label=_("Their login (user name)"), max_length=150)
    password1 = forms.CharField(
        label=_("Their password"), widget=forms.PasswordInput, strip=False, help_text=_("Hand it to them yourself.")
    )
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.DIRECTOR)


class InviteForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.DIRECTOR)
    label = forms.CharField(
        label=_("For whom"),
        max_length=80,  # DirectorInvite.label
        required=False,
        help_text=_("A name or a word: two links waiting are told apart by it."),
    )


class ClubForm(forms.Form):
    # "whole": as wide as its form, so a name such as "Club de Bridge d'Élancourt" is seen whole (a text box
    # is 20 characters wide unless told).
    club_name = forms.CharField(
        label=_("The club's name"), max_length=80, widget=forms.TextInput(attrs={"class": "whole"})
    )


def _choice(label: StrOrPromise, choices: Any, **options: Any) -> forms.ChoiceField:
    """A list to choose from; a value not in it (a hand-made request) is named in a plain message."""
    messages = {"invalid_choice": NOT_IN_LIST, "required": _("Choose one of the list.")}
    return forms.ChoiceField(label=label, choices=choices, error_messages=messages, **options)


class ClubSettingsForm(forms.Form):
    """The owner's choice: the club's language, its paper, its way of writing numbers and dates, its time zone and
    the usual start of its events (a box left empty keeps what the club has)."""

    language = _choice(
        _("Language"),
        [("", _("Each browser's own language")), *LANGUAGES],
        required=False,
        help_text=_(
            "Directors' pages (unless a director chose their own), tally cards, score sheets and workbooks. "
            "A table's phone speaks its own language."
        ),
    )
    paper = _choice(_("Paper size"), Paper.choices, help_text=_("For the tally cards, score sheets and PDFs."))
    format_style = _choice(
        _("Numbers and dates"),
        [("", _("The language's own style")), *FORMAT_STYLES],
        required=False,
        help_text=_("How numbers and dates are written on the pages and the printouts."),
    )
    # A list of the zones, but checked by the model's own rule, so a zone not in it is named in its message.
    time_zone = forms.CharField(
        label=_("Time zone"),
        max_length=64,  # Club.time_zone
        required=False,
        widget=forms.Select(choices=[(zone, zone) for zone in sorted(known_time_zones())]),
        validators=[validate_time_zone],
        help_text=_("Every event's hours are read on the club's clock in this zone."),
    )
    usual_start = forms.TimeField(
        label=_("Usual start"),
        required=False,
        widget=TimeInput(format="%H:%M"),
        error_messages={"invalid": START_TIME_FORMAT},
        help_text=_("A new event starts at this time unless you change it."),
    )


class ClubNationalForm(forms.Form):
    """The club's number at its national federation, written in the results files (USEBIO's CLUB_ID_NUMBER)."""

    national_number = forms.CharField(
        label=_("National club number"),
        max_length=20,  # Club.national_number
        required=False,
        help_text=_("The number your national federation gave the club. Empty: the results files carry none."),
    )
    federation = forms.CharField(
        label=_("Federation"),
        max_length=40,  # Club.federation
        required=False,
        help_text=_("The national body that gave the number (EBU, FFB, DBV, NBB…)."),
    )


class MyLanguageForm(forms.Form):
    """A director's own language for their pages, whatever the club's; none follows the club's."""

    language = _choice(
        _("My language"),
        [("", _("The club's language (else the browser's)")), *LANGUAGES],
        required=False,
        help_text=_("The language of your own pages only. Printed matter speaks the club's language."),
    )
    next = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean_next(self) -> str:
        # The page to go back to is a path of this site ("/parties/3/"); anything else ("home", "evil",
        # a page of another site) goes home instead. A bare word was taken for a view's name: a 500.
        wanted = self.cleaned_data.get("next") or ""
        return wanted if wanted.startswith("/") and not wanted.startswith("//") else ""
