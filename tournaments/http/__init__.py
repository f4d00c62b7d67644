"""The request plumbing: what every request and response passes through, before and after a view.

Who is asking (client_address), the site's own address for phones (site_url), the wrong-link limit
(link_limit), the failed-login limits (login_limits, django-axes' handler), the middleware
(request_limits first, bidi, middleware's Language, busy database, login, first run;
headers), the context processor every page's header reads (context), the login signal (signals) and
the once-only token of a create form (once). Views, services and selectors never live here.
"""
