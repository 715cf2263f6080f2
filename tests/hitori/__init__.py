"""Hitori: formats (and, as they land, rules, techniques and corpus)."""
