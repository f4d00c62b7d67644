"""What a page needs besides itself, inline where a request costs more (presentation/page_assets.py)."""

from django import template
from django.utils.safestring import SafeString

from tournaments.presentation import page_assets

register = template.Library()


@register.simple_tag
def icon_address() -> str:
    return page_assets.icon_address()


@register.simple_tag
def phone_styles() -> SafeString:
    return page_assets.phone_styles()
