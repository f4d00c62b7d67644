"""Forms for the knockout pages: they parse and check the shape of input; the services check the rules."""

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django_stubs_ext import StrOrPromise

from tournaments import l10n
from tournaments.files import uploads
from tournaments.forms.common import (
    DateInput,
    MemberIdField,
    TimingMixin,
    choice_field,
    keep_in_window,
    length_field,
    start_time_field,
)
from tournaments.forms.rounds import DealForm
from tournaments.models import Knockout, KnockoutPair
from tournaments.rules.names import clean_name
from tournaments.selectors.knockout import PadRow

# "Ada Brown & Bob Carter"; a tab (pasted from a spreadsheet), "+", ";" or the word "and" work too.
PAIR_SEPARATOR = re.compile(r"\s*(?:&|\+|\t|;|\band\b)\s*", re.IGNORECASE)
HEADER_WORDS = ("name", "names", "pair", "pairs", "player", "player 1", "player a", "first player", "north", "name a")
HONOURS = [
    ("", pgettext_lazy("honours", "None")),
    ("NS100", gettext_lazy("N–S 100 (four trump honours)")),
    ("NS150", gettext_lazy("N–S 150 (five, or four aces at NT)")),
    ("EW100", gettext_lazy("E–W 100 (four trump honours)")),
    ("EW150", gettext_lazy("E–W 150 (five, or four aces at NT)")),
]


def pair_parts(line: str) -> list[str]:
    return [part.strip() for part in PAIR_SEPARATOR.split(line.strip())]


def pasted_pairs(text: str) -> list[uploads.Row]:
    """One pair a line, "Name A & Name B" -> [["Name A", "Name B"], ...]; blank lines skipped, but counted in
    each entry's `line`."""
    lines = enumerate((text or "").splitlines(), start=1)
    return [uploads.Row(pair_parts(line), number) for number, line in lines if line.strip()]


def row_pairs(rows: Sequence[list[str]]) -> list[uploads.Row]:
    """Spreadsheet rows: the two names in the first two columns, or "A & B" in the first; other columns ignored."""
    entries = []
    for row in rows:
        first = row[0] if row else ""
        second = row[1] if len(row) > 1 else ""
        parts = [first, second] if second or not PAIR_SEPARATOR.search(first) else pair_parts(first)
        entries.append(uploads.Row(parts, getattr(row, "line", 0)))
    return entries


NOT_PAIRS = gettext_lazy(
    "This file is not a list of pairs: upload an XLSX or CSV file with a pair's two names in two columns."
)


def _about_pairs(message: str) -> str:
    """The upload reader speaks of guest lists (the party's); here the file is a list of pairs (the messages are
    compared in the page's language, the one they were read in)."""
    if message == str(uploads.NOT_A_LIST):
        return str(NOT_PAIRS)
    if message == str(uploads.TOO_LARGE):
        return _("The file is larger than 2 MB: that is no list of pairs.")
    if message == str(uploads.TOO_MANY_ROWS):
        words = ngettext(
            "This file has more than %(count)s row: that is no list of pairs.",
            "This file has more than %(count)s rows: that is no list of pairs.",
            uploads.MAX_ROWS,
        )
        return words % {"count": l10n.number(uploads.MAX_ROWS)}
    return message.replace("no guest list", "no list of pairs")


class PairsField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 8, "placeholder": "Ada Brown & Bob Carter\nCora Dale & Dan Evans"})


class PairsMixin(forms.BaseForm):
    """The pairs, pasted or in an uploaded XLSX/CSV file, as cleaned_data["entries"] (the names on each line)."""

    def clean_pairs_and_file(self, cleaned: dict) -> None:
        entries = pasted_pairs(cleaned.get("pairs") or "")
        upload = cleaned.get("file")
        if upload:
            try:
                rows = uploads.read_rows(upload.name, uploads.upload_bytes(upload), header_words=HEADER_WORDS)
            except ValidationError as error:
                self.add_error("file", [_about_pairs(message) for message in error.messages])
                return
            entries += row_pairs(rows)
        cleaned["entries"] = entries


class KnockoutForm(TimingMixin, PairsMixin, forms.ModelForm):
    start_time = start_time_field()
    length_minutes = length_field()
    pairs = PairsField(
        required=False,
        label=gettext_lazy("Pairs, one a line"),
        help_text=gettext_lazy(
            "Write each pair as “Name A & Name B”. The first name sits North (or East). You can add pairs later."
        ),
    )
    file = forms.FileField(
        required=False,
        label=gettext_lazy("Or a spreadsheet (XLSX or CSV)"),
        help_text=gettext_lazy("The two names of a pair in two columns."),
    )

    class Meta:
        model = Knockout
        fields = ["name", "date", "start_time", "length_minutes", "rules"]
        widgets = {"date": DateInput(format="%Y-%m-%d")}
        labels = {"name": gettext_lazy("Name of the evening"), "rules": gettext_lazy("Scoring rules")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        keep_in_window(self.fields["date"])

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        self.clean_pairs_and_file(cleaned)
        return cleaned


class KnockoutEditForm(TimingMixin, forms.ModelForm):
    start_time = start_time_field()
    length_minutes = length_field()

    class Meta:
        model = Knockout
        fields = ["name", "date", "start_time", "length_minutes", "rules"]
        widgets = {"date": DateInput(format="%Y-%m-%d")}
        labels = {"name": gettext_lazy("Name of the evening"), "rules": gettext_lazy("Scoring rules")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        keep_in_window(self.fields["date"])


def _member_name(label: StrOrPromise, which: str) -> forms.CharField:
    # Typing a few letters offers the club's members (static/js/members.js fills the list and the hidden id).
    attrs = {"list": "member-names", "autocomplete": "off", "data-member-field": f"member_{which}"}
    return forms.CharField(max_length=60, required=False, label=label, widget=forms.TextInput(attrs=attrs))


class PairsForm(PairsMixin, forms.Form):
    player_a = _member_name(gettext_lazy("North (or East)"), "a")
    player_b = _member_name(gettext_lazy("South (or West)"), "b")
    member_a = MemberIdField()
    member_b = MemberIdField()
    pairs = PairsField(
        required=False,
        label=gettext_lazy("Add pairs, one a line"),
        help_text=gettext_lazy("“Name A & Name B”, one pair a line."),
    )
    file = forms.FileField(
        required=False,
        label=gettext_lazy("Or a spreadsheet (XLSX or CSV)"),
        help_text=gettext_lazy("Two name columns."),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        self.clean_pairs_and_file(cleaned)
        typed = [clean_name(cleaned.get(f"player_{which}")) for which in "ab"]
        if any(typed) and "entries" in cleaned:
            # The pair typed name by name comes first: its two names, as a pasted line would give them.
            cleaned["entries"].insert(0, uploads.Row(typed, 1))
            chosen = [cleaned.get("member_a"), cleaned.get("member_b")]
            cleaned["picked"] = {name.casefold(): member for name, member in zip(typed, chosen, strict=True)}
        if not self.errors and not cleaned.get("entries"):
            raise ValidationError(_("Paste at least one pair, or choose a file."))
        return cleaned


class PadDealForm(DealForm):
    """One deal of the rubber pad: the party's contract picker, the honours, and which deal it is.

    The messages and the checks are this form's own, so the pad reads the same whatever the party's form says.
    """

    DAMAGED = gettext_lazy("The form was damaged: reload the page and enter the deal again.")
    MESSAGES = {
        "level": gettext_lazy("The contract's level is 1 to 7, or Pass."),
        "strain": gettext_lazy("The suit is clubs, diamonds, hearts, spades or no-trump."),
        "doubled": gettext_lazy("Choose doubled or redoubled, or leave it empty."),
        "declarer": gettext_lazy("The declarer is one of the four players at the table."),
        "tricks": gettext_lazy("Tricks taken are 0 to 13."),
        "honours": gettext_lazy("Honours are 100 or 150, to North–South or East–West."),
    }
    number = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        error_messages={"required": DAMAGED, "invalid": DAMAGED, "min_value": DAMAGED},
    )
    honours = forms.ChoiceField(choices=HONOURS, required=False, label=gettext_lazy("Honours"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, message in self.MESSAGES.items():
            self.fields[name].error_messages["invalid_choice"] = message

    def clean(self) -> dict[str, Any]:
        forms.Form.clean(self)
        data = self.cleaned_data
        if self.errors:
            return data
        level = data.get("level")
        if not level:
            raise ValidationError(_("Choose the contract's level, or Pass."))
        if level == "P":
            if data.get("honours"):
                raise ValidationError(_("A passed-out deal has no honours."))
            data["deal"] = ("PASS", "", 0, "")
            return data
        wanted = (("strain", _("the suit")), ("declarer", _("the declarer")), ("tricks", _("the tricks taken")))
        missing = [label for name, label in wanted if data.get(name) in ("", None)]
        if missing:
            raise ValidationError(_("Give %(missing)s.") % {"missing": ", ".join(missing)})
        contract = f"{level}{data['strain']}{data.get('doubled') or ''}"
        data["deal"] = (contract, data["declarer"], data["tricks"], data.get("honours") or "")
        return data


def deal_initial(row: PadRow) -> dict[str, Any]:
    """The pad form filled in with a deal already on the pad (a PadRow), to correct it."""
    if row.passed:
        return {"number": row.number, "level": "P"}
    contract = row.contract
    return {
        "number": row.number,
        "level": contract[0],
        "strain": contract[1],
        "doubled": contract[2:],
        "declarer": row.declarer,
        "tricks": row.tricks,
        "honours": row.honours,
    }


class TotalsForm(forms.Form):
    ns = forms.IntegerField(label=gettext_lazy("North–South total"))
    ew = forms.IntegerField(label=gettext_lazy("East–West total"))


class DecideForm(forms.Form):
    how = forms.ChoiceField(choices=[("cut", gettext_lazy("A cut")), ("deal", gettext_lazy("One more deal"))])
    winner = forms.ChoiceField(
        choices=[
            ("", gettext_lazy("drawn by the software")),
            ("NS", gettext_lazy("North–South")),
            ("EW", gettext_lazy("East–West")),
        ],
        required=False,
    )


class ArrangeForm(forms.Form):
    """The director's draw: a North–South and an East–West select for each table."""

    def __init__(self, *args: Any, tables: int, pairs: list[KnockoutPair], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(pair.pk, pair.name) for pair in pairs]
        self.tables = tables
        for number in range(1, tables + 1):
            for side, label in (("ns", _("North–South")), ("ew", _("East–West"))):
                self.fields[f"t{number}_{side}"] = forms.TypedChoiceField(
                    choices=choices,
                    coerce=int,
                    label=_("Table %(number)s %(side)s") % {"number": number, "side": label},
                )

    def rows(self) -> list[tuple[int, BoundField, BoundField]]:
        return [(n, self[f"t{n}_ns"], self[f"t{n}_ew"]) for n in range(1, self.tables + 1)]

    def arrangement(self) -> list[tuple[int, int]]:
        return [(self.cleaned_data[f"t{n}_ns"], self.cleaned_data[f"t{n}_ew"]) for n in range(1, self.tables + 1)]


class CloseForm(forms.Form):
    """Closing a round; when a cut for best loser is needed, the tied losers the director puts through."""

    cut = forms.TypedMultipleChoiceField(coerce=int, required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, among: Sequence[KnockoutPair] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "cut").choices = [(pair.pk, pair.name) for pair in among]
