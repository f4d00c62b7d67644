"""A club's members: the list, a member's page, the file out and back in, the search of a few letters, and a
member's own data (the copy downloaded, the erasure)."""

from django.urls import path

from tournaments.views import member_money, members, privacy

urlpatterns = [
    path("", members.member_list, name="member_list"),
    path("new/", members.member_create, name="member_create"),
    path("search/", members.member_search, name="member_search"),
    path("import/", members.members_import, name="members_import"),
    path("members.csv", members.members_csv, name="members_csv"),
    path("members.xlsx", members.members_xlsx, name="members_xlsx"),
    path("<int:member_id>/", members.member_detail, name="member_detail"),
    path("<int:member_id>/archive/", members.member_archive, name="member_archive"),
    path("<int:member_id>/merge/", members.member_merge, name="member_merge"),
    path("<int:member_id>/data.zip", privacy.member_data_zip, name="member_data_zip"),
    path("<int:member_id>/erase/", privacy.member_erase, name="member_erase"),
    path("<int:member_id>/money/", member_money.member_money, name="member_money"),
    path("<int:member_id>/money/top-up/", member_money.member_top_up, name="member_top_up"),
    path("<int:member_id>/money/correct/", member_money.member_correct, name="member_correct"),
    path("<int:member_id>/statement.csv", member_money.member_statement_csv, name="member_statement_csv"),
]
