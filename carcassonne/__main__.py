import sys

from .cli import main

if __name__ == "__main__":  # not again in a worker process (the analysis runs in one)
    sys.exit(main())
