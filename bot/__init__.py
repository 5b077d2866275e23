"""Tidebound: the session service, the Discord front and the console client."""
