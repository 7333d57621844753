"""A game not named, as the services and faces see it.

The registry hands out rulesets of any game, so outside `shipyard/rulesets/`
a design, its priced sheet and its catalog are known only by the neutral
protocols (`Design`, `Priced`, `Catalog`): these aliases of the generic
`Ruleset` and `Evaluation` say so, and the type checker holds every face to
what those protocols offer.
"""

from __future__ import annotations

from shipyard.core import protocol
from shipyard.core.protocol import Catalog, Design
from shipyard.core.sheet import Priced

Evaluation = protocol.Evaluation[Design, Priced, Catalog]
Ruleset = protocol.Ruleset[Design, Priced, Catalog]
