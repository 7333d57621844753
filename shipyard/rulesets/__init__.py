"""The games Shipyard knows, one package each: `shipyard.rulesets.<name>`.

A ruleset package holds everything of one game (design model, catalog schema,
pricing, legality, record-sheet layout, duel engine) and exposes one object
satisfying `shipyard.core.protocol.Ruleset`, registered under the
`shipyard.rulesets` entry-point group. See docs/rulesets.md.
"""
