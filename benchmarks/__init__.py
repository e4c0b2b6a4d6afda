"""Benchmarks: run with `make bench` (see README)."""
