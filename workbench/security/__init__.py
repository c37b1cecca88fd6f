"""What guards the site and its logs: login throttling, the secret key, the response middleware, the log
filters."""
