"""A table result's history shown in the reader's language (tournaments.presentation.history)."""

from django import template

from tournaments.presentation import history

register = template.Library()
register.filter("change_action", history.change_action)
register.filter("change_by", history.change_by)
register.filter("result_status", history.result_status)
