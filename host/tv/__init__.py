"""The TV window: scenes drawn from the public view only.

``window.TvWindow`` owns the display and the loop; ``director.Director`` picks the scene and
plays the moments between messages; ``draw.Canvas`` scales a 1920×1080 layout to any window.
Each game brings its own folder (``mole/``, ``insidejob/``) exporting one ``tvgame.TvGame``,
registered by name in ``games.py``; the rest of this package names no game.
Nothing here touches the network: public messages arrive through ``TvWindow.post``.
"""
