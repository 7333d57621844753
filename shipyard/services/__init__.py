"""Services over the rulesets: finding them, samples, batches, files, sessions.

They reach a game only through the `Ruleset` protocol (`shipyard.core.protocol`)
and the registry; they never import a ruleset's modules.
"""
