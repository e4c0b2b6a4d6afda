"""Pairs events (issue 20 gathered them here): the scoring methods (matchpoints, Butler, cross-IMPs, Bastille), the
scoring of an event and its rankings, the director's checks, penalties, the programs' presets, sessions and
multi-session events, the pipeline from files to results (:mod:`bridgescore.pairs.pipeline`) and the pairs reports
(:mod:`bridgescore.pairs.report`).

It is the engine the other forms are built on: an individual is scored board by board as pairs, and teams share
its adjusted scores and report words; those packages import this one, never the other way round."""
