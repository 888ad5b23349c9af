"""Everything with I/O: web server, WebSockets, rooms, journal, mDNS, QR, the TV window, the CLI."""
