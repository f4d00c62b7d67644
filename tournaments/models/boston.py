"""Models for the boston pages (filled in with its issue)."""

__all__: list[str] = []
