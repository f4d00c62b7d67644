"""Send the e-mail waiting in the queue (a contract: the timer in docs/deploy runs it every minute, `serve`
runs it in a loop beside the server), after queueing the day-before reminders of entries. Safe with two
running at once: each message is claimed first."""

import logging
import os
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections
from django.utils.translation import gettext as _

from tournaments.services.entry_reminders import entry_reminders_queue
from tournaments.services.mail import mail_send_due

log = logging.getLogger("tournaments.mail")


class Command(BaseCommand):
    help = "Send the queued e-mail that is due (EMAIL_URL names the mail server; none: the console)."

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=500, help="At most this many messages in one run.")
        parser.add_argument(
            "--every",
            type=int,
            default=0,
            metavar="SECONDS",
            help="Run again every SECONDS until the process that started this one ends (what `serve` does).",
        )
        parser.add_argument(
            "--parent",
            type=int,
            default=0,
            metavar="PID",
            help="With --every: the process whose end ends the loop (default: the one that started this one).",
        )

    def handle(self, *args, limit, every, parent, **options):
        if every <= 0:
            entry_reminders_queue()  # the day before an event: its entrants' reminders, queued once
            self._report(mail_send_due(limit=limit), options["verbosity"])
            return
        # Named by the starter: a parent gone before this process even started is seen (its child then has another).
        parent = parent or os.getppid()
        while os.getppid() == parent:  # the server gone (killed, stopped): this loop goes with it
            self._run_in_loop(limit, options["verbosity"])
            close_old_connections()
            for _second in range(every):
                if os.getppid() != parent:
                    return
                time.sleep(1)

    def _run_in_loop(self, limit: int, verbosity: int) -> None:
        try:
            entry_reminders_queue()
            report = mail_send_due(limit=limit)
        except Exception:  # the database busy for a moment: the loop tries again next time, the server serves on
            log.exception("send_mail: the queue could not be read this time")
            return
        self._report(report, verbosity)

    def _report(self, report, verbosity: int) -> None:
        if verbosity and (report.sent or report.failed or report.given_up):
            said = _("E-mail: %(sent)s sent, %(failed)s to try again later, %(given_up)s given up.")
            self.stdout.write(said % {"sent": report.sent, "failed": report.failed, "given_up": report.given_up})
        if report.stopped:
            self.stderr.write(_("The mail server could not be reached: the messages wait for the next run."))
