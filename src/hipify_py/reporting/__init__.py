"""Diagnostics (the code catalogue), reports and their renderings, baselines."""
