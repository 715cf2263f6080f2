"""Kurodoko: rules, formats, oracles, techniques, CLI and corpus."""
