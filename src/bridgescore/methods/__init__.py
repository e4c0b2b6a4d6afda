"""Pairs scoring methods, one module each behind the :class:`~bridgescore.methods.base.ScoringMethod` protocol."""

from __future__ import annotations

from bridgescore.methods.base import BoardScores, ScoringMethod, Unit

__all__ = ["BoardScores", "ScoringMethod", "Unit"]
