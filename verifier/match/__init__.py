"""The three matchers of the gradient: `anchor` (EXISTENCE), `content` (CONTENT), `fragment` (FRAGMENT).

Each takes plain text or a `verifier.text.Normalized` source and returns frozen results with spans into
the ORIGINAL source text; none imports Django.
"""
