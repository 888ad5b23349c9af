"""The TV window: scenes drawn from the public view only (lobby, board, getaway, reveal).

``window.TvWindow`` owns the display and the loop; ``director.Director`` picks the scene and
plays the moments between messages; ``draw.Canvas`` scales a 1920×1080 layout to any window.
Nothing here touches the network: public messages arrive through ``TvWindow.post``.
"""
