"""Django's makemessages, also reading the rules engine's sentences (`RuleError`, `words`,
`plural_words`: see tournaments/rules/errors.py), and leaving out what no person reads.

    python manage.py makemessages -l fr -l de -l nl
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=RuleError",
        "--keyword=words",
        "--keyword=plural_words:1,2",
    ]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [
            *options.get("ignore_patterns", []),
            "tests/*",
            "bench/*",
            "docs/*",
            "static/*",
            "staticfiles/*",
            "locale/*",
        ]
        options.setdefault("no_obsolete", True)
        return super().handle(*args, **options)
