// The board's one WebSocket: the host's public socket (/ws/public), which only ever carries the
// public board, in plain JSON. It reconnects by itself, forever, as the phone's does (retry.js):
// a TV left on all evening must never need a reload. The board sends nothing (the host would
// drop it anyway).

import { Retry } from "../retry.js";

export class PublicSocket {
  /**
   * @param {object} handlers
   *   onMessage(message): one parsed public message;
   *   onStatus(status, detail): "connecting" | "online" | "waiting" (detail.seconds until retry).
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.retry = new Retry({
      connect: () => this.connect(),
      active: () => this.socket !== null && this.socket.readyState <= WebSocket.OPEN,
      waiting: (seconds) => this.handlers.onStatus("waiting", { seconds }),
    });
  }

  get url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/public`;
  }

  start() {
    this.retry.start();
  }

  connect() {
    const previous = this.socket;
    this.socket = null;
    this.handlers.onStatus("connecting", {});
    const socket = this.retry.replace(previous, this.url);
    if (socket === null) return;
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.retry.succeeded();
      this.handlers.onStatus("online", {});
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket || typeof event.data !== "string") return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // The host only sends JSON; anything else is ignored rather than crashing.
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.retry.later();
    });
  }
}
