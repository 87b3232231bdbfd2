"""Compile checks of translated files with hipcc."""
