"""The reports of a pairs event: text, CSV, JSON, the published page, the check report, sessions, the lead
analysis and USEBIO; what every form's report shares is in :mod:`bridgescore.report`."""
