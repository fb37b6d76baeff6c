"""Alembic migrations of the store's schema; ``regelwerk.store.migrate`` runs them."""
