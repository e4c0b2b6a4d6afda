"""The Valet score (issue 20 gathered it here): its rules and scoring (:mod:`bridgescore.valet.score`), its input
files (:mod:`bridgescore.valet.read`) and its reports (:mod:`bridgescore.valet.report`)."""
