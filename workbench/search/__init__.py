"""Source search from the workbench: cached searches and kept bodies, the offline search when upstream cannot
be asked, its pages and URLs."""
