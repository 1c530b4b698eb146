"""The packaged game's entry point: the same command line as ``carcassonne``."""

import sys

from carcassonne.cli import main

if __name__ == "__main__":
    sys.exit(main())
