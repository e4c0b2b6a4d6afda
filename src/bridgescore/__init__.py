"""bridgescore: scoring for contract-bridge events."""

__version__ = "0.1.0"
