"""The live evening (issue 22): ``bridgescore serve`` – results entered at the tables on players' phones, the
director's desk, a running ranking, and the evening published and archived when it ends.

:mod:`~bridgescore.live.store` keeps every state in the archive's database; :mod:`~bridgescore.live.entry` reads
and checks a typed result; :mod:`~bridgescore.live.scoring` scores the evening with the engine that scores files;
:mod:`~bridgescore.live.publish` closes and publishes it; :mod:`~bridgescore.live.app` is the web application and
:mod:`~bridgescore.live.server` runs it under uvicorn.
"""
