"""The whole-event import's one field: the file "Export everything (JSON)" wrote."""

from django import forms
from django.utils.translation import gettext_lazy


class EventFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Club Director event file (.json)"),
        help_text=gettext_lazy("The file “Export everything (JSON)” wrote for a party or a knockout."),
    )
