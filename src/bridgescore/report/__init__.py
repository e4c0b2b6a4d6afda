"""What every form's report shares (issue 20): text made safe for the terminal (:mod:`.printable`), plain columns,
the columnar formatting of cells, CSV cells, the problems list, hand records on the page, the progress line and the
page templates (``report/templates``).  Each form's own reports live in its package (``pairs/report``,
``teams/report`` …)."""
