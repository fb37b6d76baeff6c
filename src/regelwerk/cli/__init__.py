"""The command line: a thin layer that builds protocol requests and shows results."""
