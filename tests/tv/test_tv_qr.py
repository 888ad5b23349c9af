"""The lobby's QR code, read back from the screenshot by a real decoder, is the join URL."""

from __future__ import annotations

import numpy
import pygame
import pytest
import zxingcpp
from tv_scripts import lobby

from host.tv.window import TvWindow


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("url", ["http://192.168.1.20:8080/", "http://10.0.0.157:8081/"])
def test_the_lobby_qr_code_decodes_to_the_join_url(size, url):
    window = TvWindow("en", size=size, sound=False)
    try:
        message = lobby(2)
        message["room"]["join_url"] = url
        window.post(message)
        window.step(0.0)
        window.director.skip()
        window.draw()
        pixels = pygame.surfarray.array3d(window.screen).swapaxes(0, 1)
        found = zxingcpp.read_barcodes(numpy.ascontiguousarray(pixels))
        assert [code.text for code in found] == [url]
        assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    finally:
        window.close()
