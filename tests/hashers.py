"""The password hasher the tests use: the site's own PBKDF2, one iteration.

A director's password hashed as the site hashes it takes about half a second (PBKDF2's million iterations),
and most tests make a director: that was most of the suite's time. The hash keeps the site's algorithm name
and writes its iterations into the hash, so a server the tests start in a process of its own (with the
site's settings) still checks these passwords.
"""

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class OneIterationPBKDF2(PBKDF2PasswordHasher):
    iterations = 1
