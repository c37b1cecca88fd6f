"""The Django project and its one app: reviews, findings, sources, sign-off and the audit trail."""

from workbench.celery import app as celery_app

__all__ = ("celery_app",)
