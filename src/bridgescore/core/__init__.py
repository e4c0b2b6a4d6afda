"""The shared core (issue 20): what every form of event is made of and nothing above it – contracts and their
scores (Law 77), the IMP scale, cards and leads, players, problems with their place in a file, the languages, the
traveller line and the event with its columnar table (and their Arrow/pandas conversions), deals with their
double-dummy tables and par, and the lead analysis.

Nothing here imports a reader, a report, a form of event, the API or the command line (import-linter's contracts
in ``pyproject.toml``)."""
