"""Printed matter: PDF and XLSX builders take plain domain data and return (filename, content_type, bytes)."""
