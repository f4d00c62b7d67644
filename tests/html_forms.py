"""The POST forms of a page as a browser sees them: each form's action and fields, and what the browser
would send untouched (the defaults, the checked boxes, the selected options)."""

from dataclasses import dataclass, field
from html.parser import HTMLParser

UNSENT = {"submit", "button", "reset", "image"}


@dataclass
class Field:
    name: str
    kind: str  # an input's type, "select", "select-multiple" or "textarea"
    value: str = ""
    checked: bool = False
    options: list[str] = field(default_factory=list)
    selected: list[str] = field(default_factory=list)
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass
class Form:
    action: str
    multipart: bool
    fields: list[Field] = field(default_factory=list)

    def defaults(self) -> dict[str, list[str]]:
        """What pressing the form's button without touching anything sends."""
        sent: dict[str, list[str]] = {}
        for f in self.fields:
            if f.kind in UNSENT or f.kind == "file":
                continue
            if f.kind in ("checkbox", "radio"):
                if f.checked:
                    sent.setdefault(f.name, []).append(f.value or "on")
            elif f.kind == "select":
                chosen = f.selected[:1] or f.options[:1]
                sent.setdefault(f.name, []).extend(chosen)
            elif f.kind == "select-multiple":
                sent.setdefault(f.name, []).extend(f.selected)
            else:
                sent.setdefault(f.name, []).append(
                    f.value[1:] if f.value[:1] == "\n" and f.kind == "textarea" else f.value
                )
        return sent


class _Parser(HTMLParser):
    def __init__(self, url: str):
        super().__init__(convert_charrefs=True)
        self.url = url
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: Field | None = None
        self.textarea: Field | None = None
        self.option: dict | None = None  # an open <option>: its attributes, and its text as "text"

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "option":
            self._option_done()
            self.option = {**a, "text": ""} if self.select is not None else None
        elif tag == "form" and a.get("method", "get").lower() == "post":
            self.form = Form(a.get("action") or self.url, a.get("enctype", "") == "multipart/form-data")
            self.forms.append(self.form)
        elif self.form is None or "name" not in a:
            return
        elif tag == "input":
            kind = a.get("type", "text").lower()
            self.form.fields.append(Field(a["name"], kind, a.get("value", ""), "checked" in a, attrs=a))
        elif tag == "button":
            self.form.fields.append(Field(a["name"], "button", a.get("value", ""), attrs=a))
        elif tag == "select":
            self.select = Field(a["name"], "select-multiple" if "multiple" in a else "select", attrs=a)
            self.form.fields.append(self.select)
        elif tag == "textarea":
            self.textarea = Field(a["name"], "textarea", attrs=a)
            self.form.fields.append(self.textarea)

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea.value += data
        if self.option is not None:
            self.option["text"] += data

    def handle_endtag(self, tag):
        if tag in ("option", "select"):
            self._option_done()
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def _option_done(self):
        if self.select is not None and self.option is not None:
            value = self.option["value"] if "value" in self.option else self.option["text"].strip()
            self.select.options.append(value)
            if "selected" in self.option:
                self.select.selected.append(value)
        self.option = None


def post_forms(html: str, url: str) -> list[Form]:
    parser = _Parser(url)
    parser.feed(html)
    return parser.forms
