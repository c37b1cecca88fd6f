"""What a reader sees of one finding and of the draft: the evidence panel, the document view, the provision's
versions and a judgment's later treatment."""
