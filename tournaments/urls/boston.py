"""The Boston tables, at /boston/: the list, a table's sheet and deals, its settings, the printed sheet."""

from django.urls import path

from tournaments.views import boston, members

T = "<int:table_id>/"
D = T + "deals/<int:number>/"

urlpatterns = [
    path("", boston.boston_list, name="boston_list"),
    path("new/", boston.boston_create, name="boston_create"),
    path(T, boston.boston_table, name="boston_table"),
    path(T + "settings/", boston.boston_edit, name="boston_edit"),
    path(T + "delete/", boston.boston_delete, name="boston_delete"),
    path(T + "membership/", members.boston_membership, name="boston_membership"),
    path(D, boston.boston_deal_edit, name="boston_deal_edit"),
    path(D + "remove/", boston.boston_deal_remove, name="boston_deal_remove"),
    path(T + "finish/", boston.boston_finish, name="boston_finish"),
    path(T + "reopen/", boston.boston_reopen, name="boston_reopen"),
    path(T + "sheet.pdf", boston.boston_sheet_pdf, name="boston_pdf"),
]
