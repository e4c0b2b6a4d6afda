"""Rubber bridge and Chicago (issue 20 gathered them here): the score sheet and its settlement
(:mod:`bridgescore.rubber.sheet`), the files of deals (:mod:`bridgescore.rubber.read`) and the reports
(:mod:`bridgescore.rubber.report`)."""
