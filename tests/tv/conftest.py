"""Headless pygame for every TV test: no window, no sound card, set before pygame is imported."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# pytest runs with --import-mode=importlib: make the shared scripted games importable.
sys.path.insert(0, str(Path(__file__).resolve().parent))
