"""Table money of any kind of event (a party's has its own addresses too, tournaments/urls/party.py)."""

from django.urls import path

from tournaments.views import money, treasury

E = "money/<slug:kind>/<int:event_id>/"

urlpatterns = [
    path(E, money.event_money, name="event_money"),
    path(E + "fee/", money.event_money_fee, name="event_money_fee"),
    path(E + "pay/", money.event_money_pay, name="event_money_pay"),
    path(E + "all-cash/", money.event_money_all_cash, name="event_money_all_cash"),
    path(E + "free/", money.event_money_free, name="event_money_free"),
    path(E + "refund/", money.event_money_refund, name="event_money_refund"),
    path(E + "refunds/", treasury.event_money_refunds, name="event_money_refunds"),
]
