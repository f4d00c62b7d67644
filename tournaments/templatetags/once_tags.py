"""`{% once_field %}`: the hidden one-time token of a create form (tournaments/http/once.py)."""

from django import template
from django.utils.html import format_html

from tournaments.http import once

register = template.Library()


@register.simple_tag
def once_field() -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', once.FIELD, once.once_token())
