"""The version of bridgescore, in one place below everything that prints it (the page's footer, USEBIO's
``PROGRAM`` element, ``--version``), so that no module has to import the package's facade for it."""

__version__ = "0.1.0"
