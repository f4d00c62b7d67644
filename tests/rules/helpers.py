"""Shared checks for the engine tests."""

import pytest


def refused(call, *args, mentions=(), **kwargs):
    """The call raises ValueError (nothing else) with a message a director can read."""
    with pytest.raises(ValueError) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    assert len(message) > 15, message
    for machine_talk in ("invalid literal", "NoneType", "object", "index out of range", "unhashable"):
        assert machine_talk not in message, message
    for word in mentions:
        assert word in message.lower(), message
    return message
