from django import template

register = template.Library()


@register.filter
def signed(value):
    """+400, −1,000, 0; blank for None (a result not yet in)."""
    if value is None or value == "":
        return ""
    number = int(value)
    text = f"{abs(number):,}"
    if number > 0:
        return f"+{text}"
    if number < 0:
        return f"−{text}"
    return "0"
