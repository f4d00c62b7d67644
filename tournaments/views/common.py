"""Small helpers the views share: turning a service's ValidationError into messages."""

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError


def error_messages(error: ValidationError) -> list[str]:
    return list(error.messages)


def add_errors(form, error: ValidationError) -> None:
    """Show a service's ValidationError on the form, by field where it names one."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            target = field if field in form.fields else None
            for item in errors:
                form.add_error(target if field != NON_FIELD_ERRORS else None, item.messages[0])
    else:
        for message in error.messages:
            form.add_error(None, message)
