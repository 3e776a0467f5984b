"""The network table (issue #27, its core): friends on their own computers at one table."""
