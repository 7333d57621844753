"""The Pentagon War: capital ships priced box by box (rules 1-3).

`ruleset.PentagonWar` is the one object the rest of Shipyard sees.
"""
