"""``python3 -m host`` runs the ``molecrew`` command (where the script is not on the PATH)."""

import sys

from host.cli import main

sys.exit(main())
