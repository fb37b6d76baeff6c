"""Game systems.  Each subpackage has an ``actions`` module with one table,
``ACTIONS``, that registers its protocol actions."""
