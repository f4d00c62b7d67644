"""The "publish the results" box of a party's, a knockout's or a season's page: its link and QR code."""

from django import template
from django.template import Context
from django.urls import reverse
from django.utils.safestring import mark_safe

from tournaments.http.site_url import site_url
from tournaments.models import Knockout, Party, PublicLink, Series
from tournaments.printing.towie import qr_svg

register = template.Library()


@register.inclusion_tag("_publish.html", takes_context=True)
def publish_box(context: Context, kind: str, event: Party | Knockout | Series) -> dict[str, object]:
    link = PublicLink.objects.filter(**{kind: event}).only("token").first()
    url = site_url(context.get("request")) + reverse("public_page", args=[link.token]) if link else ""
    return {
        "kind": kind,
        "event": event,
        "url": url,
        "qr": mark_safe(qr_svg(url, label=url)) if url else "",
        "csrf_token": context.get("csrf_token"),
    }
