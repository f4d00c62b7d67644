"""The Towie pages, under towie/: a director's (by table id) and the table's phone link (p/<token>/)."""

from django.urls import path

from tournaments.views import members, towie

T = "<int:table_id>/"
P = "p/<str:token>/"

# A table's own pages, reachable both ways: (path under the table, view, name without the prefix).
TABLE_PAGES = [
    ("", towie.towie_sheet, "sheet"),
    ("draw/", towie.towie_draw, "draw"),
    ("seats/", towie.towie_seats, "seats"),
    ("deals/<int:deal_id>/", towie.towie_deal_edit, "deal_edit"),
    ("deals/<int:deal_id>/remove/", towie.towie_deal_remove, "deal_remove"),
    ("settlement/", towie.towie_settlement, "settlement"),
    ("sheet.pdf", towie.towie_pdf, "pdf"),
]

urlpatterns = [
    path("", towie.towie_list, name="towie_list"),
    path("new/", towie.towie_create, name="towie_create"),
    path(T + "settings/", towie.towie_edit, name="towie_edit"),
    path(T + "new-link/", towie.towie_link_renew, name="towie_link_renew"),
    path(T + "delete/", towie.towie_delete, name="towie_delete"),
    path(T + "card.pdf", towie.towie_card_pdf, name="towie_card_pdf"),
    path(T + "membership/", members.towie_membership, name="towie_membership"),
    *(path(T + where, view, name=f"towie_{name}") for where, view, name in TABLE_PAGES),
    *(path(P + where, view, name=f"towie_phone_{name}") for where, view, name in TABLE_PAGES),
]
