"""Is it still good law? The history of a cited source as of the review's date, fetched and measured.

    lookup.HistoryLookup   asks the history clients (a provision's versions, a judgment's later
    treatment) in the
                           fetch phase; only identifiers leave the machine. `HistoryMeasure` is
                           what came back.
    keep.history_check     what a finding keeps of it (`Finding.history`: timeline, treatment,
    note, scanned)

What the history means for the status is decided in `verifier.decide.as_of`, nowhere here.
"""
