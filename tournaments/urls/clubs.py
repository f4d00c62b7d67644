"""The club's pages: setup on the first run, directors and one-time links, the switcher, the demo, the club's
language and paper, its national club number, and each director's own language."""

from django.urls import path

from tournaments.views import clubs, money, treasury

urlpatterns = [
    path("setup/", clubs.club_setup, name="club_setup"),
    path("join/<str:token>/", clubs.invite_accept, name="invite_accept"),
    path("club/", clubs.club_page, name="club_page"),
    path("club/name/", clubs.club_rename, name="club_rename"),
    path("club/settings/", clubs.club_settings, name="club_settings"),
    path("club/national/", clubs.club_national, name="club_national"),
    path("club/money/", money.club_money, name="club_money"),
    path("club/treasury/", treasury.treasury_page, name="treasury"),
    path("club/treasury/table-money.xlsx", treasury.treasury_xlsx_file, name="treasury_xlsx"),
    path("club/treasury/table-money.csv", treasury.treasury_csv_file, name="treasury_csv"),
    path("club/treasury/rows/", treasury.treasury_rows, name="treasury_rows"),
    path("club/treasury/correct/", treasury.treasury_correct, name="treasury_correct"),
    path("my-language/", clubs.my_language, name="my_language"),
    path("club/switch/", clubs.club_switch, name="club_switch"),
    path("club/directors/new/", clubs.director_create, name="director_create"),
    path("club/directors/<int:user_id>/remove/", clubs.director_remove, name="director_remove"),
    path("club/directors/<int:user_id>/treasurer/", money.director_treasurer, name="director_treasurer"),
    path("club/links/new/", clubs.invite_create, name="invite_create"),
    path("club/links/<int:invite_id>/revoke/", clubs.invite_revoke, name="invite_revoke"),
    path("club/demo/delete/", clubs.demo_delete, name="demo_delete"),
]
