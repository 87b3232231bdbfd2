"""Whole runs: discover files, translate them (cache, workers), deliver the outputs."""
