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

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--into", default="", help="Write every catalogue into this locale folder (a copy, for the tests)."
        )

    def find_files(self, root):
        files = super().find_files(root)
        if self.into:
            self.locale_paths = [self.into]
            self.default_locale_path = self.into
            for found in files:
                found.locale_dir = self.into
        return files

    def handle(self, *args, **options):
        self.into = options.pop("into", "")
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
