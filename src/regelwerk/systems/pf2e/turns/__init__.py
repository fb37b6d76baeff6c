"""Actions (Symbole und Aktionen): the action economy of a turn, and its protocol handler."""
