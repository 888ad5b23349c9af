// The board's one WebSocket: the host's public socket (/ws/public), which only ever carries the
// public board, in plain JSON. It reconnects by itself, forever, with a back-off capped at a few
// seconds, and at once when the screen wakes or the network returns: a TV left on all evening
// must never need a reload. The board sends nothing (the host would drop it anyway).

const FIRST_DELAY_MS = 400;
const MAX_DELAY_MS = 5000;

export class PublicSocket {
  /**
   * @param {object} handlers
   *   onMessage(message): one parsed public message;
   *   onStatus(status, detail): "connecting" | "online" | "waiting" (detail.seconds until retry).
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.delay = FIRST_DELAY_MS;
    this.retryTimer = null;
    this.countdownTimer = null;
    this.started = false;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
    window.addEventListener("online", () => this.reconnectNow());
  }

  get url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/public`;
  }

  start() {
    this.started = true;
    this.connect();
  }

  reconnectNow() {
    if (!this.started) return;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    this.delay = FIRST_DELAY_MS;
    this.connect();
  }

  connect() {
    clearTimeout(this.retryTimer);
    clearInterval(this.countdownTimer);
    if (this.socket) {
      const old = this.socket;
      this.socket = null;
      old.close();
    }
    this.handlers.onStatus("connecting", {});
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.delay = FIRST_DELAY_MS;
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
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    const due = Date.now() + wait;
    const tell = () => this.handlers.onStatus("waiting", {
      seconds: Math.max(1, Math.ceil((due - Date.now()) / 1000)),
    });
    tell();
    clearInterval(this.countdownTimer);
    this.countdownTimer = setInterval(tell, 1000);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }
}
