"""The animated tutorials on the TV: a timeline of chapters, each a few subtitled beats drawn
with the real board's pieces, played in step with the Room's tutorial place.

The Room decides which chapter plays (the leader's phone and the host keys move it); the TV
plays that chapter, says when it has ended, and the Room moves on. Each game's script lives in
its own TV folder (``host/tv/<game>/tutorial.py``); :mod:`host.tv.tutorial.scripts` lists them.
This package imports nothing at import time so the game folders can import its pieces.
"""
