"""The HTTP app: ``POST /api/v1/resolve`` (a thin layer over ``resolve``)."""

from regelwerk.api.app import create_app

__all__ = ["create_app"]
