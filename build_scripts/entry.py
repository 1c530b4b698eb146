"""The packaged game's entry point: the same command line as ``carcassonne``."""

import multiprocessing
import sys

from carcassonne.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the post-game analysis runs in a worker process
    sys.exit(main())
