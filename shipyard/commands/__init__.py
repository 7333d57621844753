"""Commands of the `shipyard` command line that live in their own modules."""
