"""Expansions that exist only for the tests: small rules that exercise the plug-in hooks."""
