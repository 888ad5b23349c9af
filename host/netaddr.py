"""The LAN address phones should use, and a free port to listen on.

Phones reach the host by IP address (Android often cannot resolve ``.local`` names), so the join
URL carries the address of the interface that holds the default route. Finding it sends no packet:
connecting a UDP socket only asks the kernel which route it would take. With no default route
(a laptop on a Wi-Fi without internet), fall back to the interface list: IPv4, not loopback, not
link-local, private ranges first.
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import socket

LOOPBACK = "127.0.0.1"
# Any routable address works: no packet is sent by connecting a UDP socket.
_PROBE_ADDRESS = ("192.0.2.1", 9)  # TEST-NET-1, never a real host


def is_loopback(address: str | None) -> bool:
    """Whether a remote address is this machine's own (not an address at all: no)."""
    if not address:
        return False
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


def _route_address() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE_ADDRESS)
        except OSError:
            return None
        address = probe.getsockname()[0]
    return address if _usable(address) else None


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def interface_addresses() -> list[str]:
    """Every usable IPv4 address of this machine, private (LAN) ones first."""
    import ifaddr  # only here: the start-up path (the route probe) does not need it

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and _usable(ip.ip) and ip.ip not in found:
                found.append(ip.ip)
    return sorted(found, key=lambda a: not ipaddress.IPv4Address(a).is_private)


def lan_address() -> str:
    """The IPv4 address phones on the same network should use; 127.0.0.1 when there is none."""
    return _route_address() or next(iter(interface_addresses()), LOOPBACK)


def join_host(bind: str) -> str:
    """The address to put in the join URL for a server bound to ``bind``."""
    if bind in ("", "0.0.0.0", "::"):
        return lan_address()
    return bind


def port_is_free(bind: str, port: int) -> bool:
    """Whether a TCP server could listen on (bind, port) right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # Same option aiohttp uses, so a port in TIME_WAIT counts as free for both.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((bind or "0.0.0.0", port))
        except OSError as error:
            if error.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def listening_socket(bind: str, wanted: int, tries: int = 50) -> socket.socket:
    """A TCP socket already listening on ``wanted`` (or the next free port; 0: any), for aiohttp.

    The host opens it first thing at start-up, before the slow imports: a phone reconnecting
    while the host restarts is then queued by the kernel and served a moment later, instead of
    being refused and waiting for its next retry (seconds, on the phone page).
    Raises OSError when none of ``tries`` ports from ``wanted`` is free.
    """
    ports = [0] if wanted == 0 else range(wanted, min(wanted + tries, 65536))
    for port in ports:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # As aiohttp does for its own sockets: a port in TIME_WAIT after a crash is free.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((bind or "0.0.0.0", port))
            sock.listen(128)
        except OSError as error:
            sock.close()
            if error.errno in (errno.EADDRINUSE, errno.EACCES):
                continue
            raise
        sock.setblocking(False)
        return sock
    raise OSError(errno.EADDRINUSE, f"no free port from {wanted} to {wanted + tries - 1}")


def free_port(bind: str, wanted: int, tries: int = 50) -> int:
    """``wanted`` if free, else the next free port above it; 0 asks the system for any free port.

    Raises OSError when none of ``tries`` ports from ``wanted`` is free.
    """
    if wanted == 0:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((bind or "0.0.0.0", 0))
            return int(probe.getsockname()[1])
    for port in range(wanted, min(wanted + tries, 65536)):
        with contextlib.suppress(OSError):
            if port_is_free(bind, port):
                return port
    raise OSError(errno.EADDRINUSE, f"no free port from {wanted} to {wanted + tries - 1}")
