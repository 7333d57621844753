"""Tacship: manned space fighters built on 30 points (rules 4).

The package holds the Tacship catalog loader (`catalog`), design model
(`design`), pricing (`pricing`) and legality (`legality`). It imports nothing
here on purpose: the ruleset registry imports these modules, and an import in
this file would run before the registry is ready and close a cycle.
"""
