"""The ``dice`` protocol system: rolling and exact distributions of notation."""
