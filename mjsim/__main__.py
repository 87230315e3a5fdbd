"""``python -m mjsim``: the ``mjsim`` command line (:func:`mjsim.cli.main`)."""

import sys

from mjsim.cli import main

if __name__ == "__main__":
    sys.exit(main())
