"""The mapping tables: YAML in, frozen values out; HIP versions; the lookup CLI."""
