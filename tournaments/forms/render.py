"""One template for every form field: Django's `as_field_group` renders templates/_field.html."""

from django.forms.renderers import TemplatesSetting


class FieldGroupRenderer(TemplatesSetting):
    field_template_name = "_field.html"
