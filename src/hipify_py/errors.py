"""Errors the user can fix: the CLI turns them into a message and exit code 2."""

from __future__ import annotations


class UsageError(Exception):
    """A bad option, configuration or input description (not a bug of hipify-py)."""
