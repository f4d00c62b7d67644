"""Club Director settings, read from the environment.

Development (DEBUG on, the default when nothing is set) needs no configuration: SQLite in
the project folder and a throwaway secret key. With DEBUG off every production setting must
be given, or start-up fails with a message naming it.
"""

import datetime
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

from clubdirector.env import env_bool, env_int, env_list, env_str
from clubdirector.mail_url import mail_settings

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)

SECRET_KEY = env_str("SECRET_KEY", required=not DEBUG) or "dev-only-insecure-key-do-not-use-in-production"
if not DEBUG and len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters long when DEBUG is off.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["*"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DEBUG is off (comma-separated host names).")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# The address printed on table cards (QR codes). Phones must reach it, so it is never 127.0.0.1
# unless nothing better is known; `make run` detects the laptop's LAN address and sets it.
SITE_URL = env_str("SITE_URL", "")
# Where the server listens (`serve` sets it): on the loopback only, the QR codes cannot use the LAN
# address, since phones would get "connection refused"; the print page says so instead.
LISTEN_HOST = env_str("LISTEN_HOST", "")
# The port it listens on (`serve` sets it too): the links' port, whatever Host a request names.
LISTEN_PORT = env_str("LISTEN_PORT", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "django_tables2",
    "django_htmx",
    "axes",
    "tournaments",
]

MIDDLEWARE = [
    # First: a body over its cap (or of no length) is refused before anything reads it.
    "tournaments.http.request_limits.RequestLimits",
    # Then a typed value holding NUL (PostgreSQL refuses it in text; nothing typed has one): 400, unread.
    "tournaments.http.request_limits.NulRefused",
    # A name's bidi controls are dropped from what is typed (and made inert on every page, below).
    "tournaments.http.bidi.TypedBidiControls",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every page Django answers (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A name's bidi controls (a guest "\u202eevil") made inert on every HTML page: tournaments/http/bidi.py.
    "tournaments.http.bidi.IsolateBidiControls",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The browser's language for every page, then the director's or the club's for a director's.
    "tournaments.http.middleware.Language",
    "django_htmx.middleware.HtmxMiddleware",
    # Every page needs a login unless its view says otherwise (login, club setup, the phones).
    "tournaments.http.middleware.LoginRequired",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Cache-Control: no-store on every page that needs a login (the director's).
    "tournaments.http.headers.DirectorPagesNoStore",
    # A fresh database sends every page to "Set up your club" (only from the laptop itself).
    "tournaments.http.middleware.FirstRunMiddleware",
    # A write that cannot get the database's lock in time: 503, the entry kept, "press Save again".
    "tournaments.http.middleware.BusyDatabaseMiddleware",
    # Last, so it sees the login view's answer: refuses a locked-out user name and address.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "clubdirector.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.http.context.clubs",
            ],
        },
    },
]

# Every form's fields through one template (templates/_field.html), help texts announced.
FORM_RENDERER = "tournaments.forms.render.FieldGroupRenderer"

WSGI_APPLICATION = "clubdirector.wsgi.application"

# SQLite by default, in the project folder. WAL lets readers go on while a table writes, and the
# busy timeout makes a second writer wait instead of failing; IMMEDIATE transactions take the
# write lock at BEGIN so two writers never deadlock on a lock upgrade.
SQLITE_PATH = Path(env_str("SQLITE_PATH") or BASE_DIR / "db.sqlite3")
DATABASE_URL = env_str("DATABASE_URL", "")
if DATABASE_URL:
    # Each of a worker's threads keeps its connection (a fixed pool, clubdirector/front/threads.py): one
    # opened for every request is a new PostgreSQL backend for every phone's poll, which held a server to
    # a quarter of the nights the bare Django carried (docs/bench.md). Checked before each request reuses
    # it, so a database restarted meanwhile is met with a new connection, not an error.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=env_int("CONN_MAX_AGE", 60), conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("PG_SERVER_SIDE_BINDING", False):
        # Django's documented option: every statement bound on the server, and psycopg prepares one the
        # second time a connection runs it (the polls' and saves' fixed texts). Off unless asked for:
        # see docs/deployment.md.
        DATABASES["default"].setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=1)
else:
    DATABASES = {
        "default": {
            # Django's SQLite, its writers queued on a lock file (clubdirector/sqlite/base.py).
            "ENGINE": "clubdirector.sqlite",
            "NAME": str(SQLITE_PATH),
            # A worker keeps its connection: opening one (and its PRAGMAs) on every request costs more
            # than the request's own queries.
            "CONN_MAX_AGE": env_int("CONN_MAX_AGE", 600),
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # A file, not the in-memory default, so tests of concurrent writers see real locking;
            # one per test process, so two test runs on one machine never share it.
            "TEST": {"NAME": f"{SQLITE_PATH}-test-{os.getpid()}"},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First, so a locked-out user name and address is refused before the password is even checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Password guessing: 5 failed logins for one user name from one address lock that pair out for
# 15 minutes; 20 from one address (any names) lock the address, 20 for one name (any addresses)
# lock the name, except for a name at an address it has logged in from in the last 30 days
# (tournaments/http/login_limits.py). `manage.py unlock_login` lifts a lock. The attempts live in the
# database, so every worker and a restart see the same count.
AXES_HANDLER = "tournaments.http.login_limits.LoginLimitsHandler"
AXES_FAILURE_LIMIT = 5
LOGIN_FAILURES_PER_ADDRESS = 20
LOGIN_FAILURES_PER_NAME = 20
LOGIN_KNOWN_ADDRESS_DAYS = 30
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "tournaments.http.client_address.address_for_lockout"
AXES_RESET_ON_SUCCESS = True
# The log names the user name and address tried (passwords are always masked): the director of a
# club's server needs to see who is guessing.
AXES_SENSITIVE_PARAMETERS: list[str] = []

# Request bodies (tournaments.http.request_limits): 1 MB for any request (the longest real form, a pasted list
# of 1,000 names, is some 60 KB), 3 MB for a POST to a spreadsheet upload (the file itself is refused above
# 2 MB with its own message: tournaments.files.uploads.MAX_BYTES). Below the caps a body stays in memory, so an
# upload never touches the temporary folder; nginx's client_max_body_size (docs/deploy) is above both.
MB = 1024 * 1024
REQUEST_MAX_BYTES = 1 * MB
UPLOAD_REQUEST_MAX_BYTES = 3 * MB
UPLOAD_URL_NAMES = ["guests_upload", "members_import", "knockout_create", "knockout_pairs_add", "event_import"]
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_REQUEST_MAX_BYTES

# The reverse proxies whose X-Forwarded-For is believed (comma-separated addresses, e.g.
# TRUSTED_PROXIES=127.0.0.1 behind docs/deployment.md's nginx). Empty: the connection's own address counts,
# so a client can never choose its address by sending the header.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])

# The cache holds the wrong-phone-link counts: a database table (made by a migration), so every
# worker and every app server shares the counts and they survive a restart, with no new server.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "clubdirector_cache",
        # Django culls a third of the rows past MAX_ENTRIES (300 by default): the forms' one-time tokens
        # (tournaments/http/once.py, an hour each) would then push out the wrong-link counts on a busy night.
        "OPTIONS": {"MAX_ENTRIES": 50_000},
    }
}

# No script but the site's own files (static/js): no inline script or on…= handler anywhere, so an
# injected one never runs; json_script data blocks are data, not script. Inline style attributes are
# used by a few templates (and htmx adds its indicator style), hence 'unsafe-inline' for styles only.
# QR codes are data: images. No site may frame a page (as X-Frame-Options: DENY says too).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# E-mail (docs/mail.md): EMAIL_URL names the mail server (smtp://, smtp+tls://, smtps://, user and password
# in it); none: every message is written to the console instead, and `serve` says so. A URL that is none
# of these stops the start. Messages are queued in the database and sent by `manage.py send_mail`.
EMAIL_URL = env_str("EMAIL_URL", "") or ""
(EMAIL_BACKEND, EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS, EMAIL_USE_SSL) = (
    mail_settings(EMAIL_URL)
)
# The sender's address; each message shows its club's name beside it ("Ashdown Bridge Club <…>").
DEFAULT_FROM_EMAIL = env_str("EMAIL_FROM", "") or "clubdirector@localhost"
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# A mail server that does not answer holds one sending run (never a page) for at most this long.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# English, French, German and Dutch. A director's page speaks the director's choice, else the
# club's, else the browser's; a table's phone the phone's; printed matter the club's
# (tournaments.http.middleware.Language, tournaments.l10n.printed_for).
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("fr", "Français"), ("de", "Deutsch"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Production hardening: on whenever DEBUG is off, so `check --deploy` is clean. HTTPS=false is for
# the party laptop (`make run`): DEBUG off, so guests never see a debug page, but plain HTTP on the
# house Wi-Fi, where secure-only cookies would keep everyone logged out.
HTTPS = env_bool("HTTPS", not DEBUG)
if not DEBUG and HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "tournaments": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
        # Every 500 with its traceback, on the console (gunicorn's log), DEBUG on or off.
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        # Failed logins and lock-outs, with user name and address.
        "axes": {"handlers": ["console"], "level": "WARNING"},
    },
}
