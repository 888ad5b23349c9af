"""pytest runs with --import-mode=importlib: make the helpers shared by several test folders
(``tests/rigged_table.py``) importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
