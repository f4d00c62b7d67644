"""The entries' forms: the entrant's (public, from a phone) and the hostess's list settings."""

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from tournaments.models.party import MAX_TABLES, Kind

# The honeypot: a field no person sees (hidden by the style sheet, skipped by the keyboard and by screen
# readers); a bot filling every box fills it too.
HONEYPOT = "website"


class EntryForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, label=gettext_lazy("Your name"))
    kind = forms.ChoiceField(
        choices=list(Kind.choices), required=False, widget=forms.RadioSelect, label=gettext_lazy("You play as")
    )
    partner = forms.CharField(max_length=80, required=False, label=gettext_lazy("Your partner's name"))
    email = forms.EmailField(max_length=254, required=False, label=gettext_lazy("E-mail address"))
    phone = forms.CharField(max_length=30, required=False, label=gettext_lazy("or phone number"))
    member_number = forms.CharField(
        max_length=20,
        required=False,
        label=gettext_lazy("Member number"),
        help_text=gettext_lazy("If you are a member of the club; leave it empty otherwise."),
    )
    website = forms.CharField(
        required=False,
        label=gettext_lazy("Leave this empty"),
        widget=forms.TextInput(attrs={"tabindex": "-1", "autocomplete": "off"}),
    )

    def __init__(self, *args: Any, mixed: bool, pairs: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not mixed:
            del self.fields["kind"]
        if not pairs:
            del self.fields["partner"]
        self.fields["name"].widget.attrs.update(autocomplete="name")
        self.fields["email"].widget.attrs.update(autocomplete="email")
        self.fields["phone"].widget.attrs.update(autocomplete="tel", inputmode="tel")
        self.fields["email"].error_messages["invalid"] = gettext_lazy(
            "Give a whole e-mail address, like ann@example.org."
        )

    def cleaned_data_for_entry(self) -> dict[str, str]:
        """What the entry service takes, the fields this party does not ask for left empty."""
        names = ("name", "kind", "partner", "email", "phone", "member_number")
        return {name: self.cleaned_data.get(name) or "" for name in names}

    @property
    def is_bot(self) -> bool:
        return bool(self.data.get(HONEYPOT))


class EntryListForm(forms.Form):
    open = forms.BooleanField(required=False, label=gettext_lazy("Open for entries"))
    closes_at = forms.DateTimeField(
        required=False,
        label=gettext_lazy("Entries close at"),
        help_text=gettext_lazy("Leave empty to close them by hand."),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )
    tables = forms.IntegerField(
        min_value=1, max_value=MAX_TABLES, label=gettext_lazy("Tables"), help_text=gettext_lazy("Four players a table.")
    )

    def __init__(self, *args: Any, pairs: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if pairs:
            self.fields["tables"].help_text = gettext_lazy("Two pairs a table.")
        self.fields["closes_at"].error_messages["invalid"] = gettext_lazy("Give the closing time as a day and an hour.")
        message = gettext("Entries are taken for 1 to 500 tables.")
        for code in ("min_value", "max_value", "required", "invalid"):
            self.fields["tables"].error_messages[code] = message
