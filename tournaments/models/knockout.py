"""Models for the knockout pages (filled in with its issue)."""

__all__: list[str] = []
