"""Allow `python -m shipyard`."""

from shipyard.cli import main

main()
