"""Benchmarks: run with `make bench` (see docs/development.md and benchmarks/README.md)."""
