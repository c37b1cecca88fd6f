"""The review pipeline as the worker runs it: the Celery tasks and their steps, the draft read under a budget,
the snapshot cache in front of the resolvers, every conversion between rows and the verifier's records."""
