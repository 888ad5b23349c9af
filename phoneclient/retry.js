// Reconnecting forever, the phone's socket and the board's alike: a back-off capped at a few
// seconds, and at once when the page wakes (it becomes visible again, the network returns, the
// browser shows it from its back-forward cache). Phones sleep, Wi-Fi blips and a TV stays on all
// evening: nobody should ever have to reload by hand.

const FIRST_DELAY_MS = 400;
const MAX_DELAY_MS = 5000;

export class Retry {
  /**
   * @param {object} socket
   *   connect(): open a new socket now (and close the old one);
   *   active(): whether a socket is open or opening (a wake-up then changes nothing);
   *   waiting(seconds): tell the player how long until the next try (called every second).
   */
  constructor(socket) {
    this.socket = socket;
    this.delay = FIRST_DELAY_MS;
    this.retryTimer = null;
    this.countdownTimer = null;
    this.started = false;
    const wake = () => this.now();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") wake();
    });
    window.addEventListener("online", wake);
    window.addEventListener("pageshow", wake);
  }

  start() {
    this.started = true;
    this.socket.connect();
  }

  /** Skip the wait: the page woke up or came back online. */
  now() {
    if (!this.started || this.socket.active()) return;
    this.delay = FIRST_DELAY_MS;
    this.socket.connect();
  }

  /** The socket is up: the next loss starts the back-off afresh. */
  succeeded() {
    this.delay = FIRST_DELAY_MS;
  }

  /** Stop any wait in progress (a new socket is being opened). */
  cancel() {
    clearTimeout(this.retryTimer);
    clearInterval(this.countdownTimer);
  }

  /**
   * A new WebSocket to `url` in place of `previous`, which is closed first: never two sockets at
   * once (a phone's old one would keep holding the seat). The caller forgets `previous` before
   * calling, so that its close event is ignored. Null, with a retry due, if the browser refuses
   * to make one.
   */
  replace(previous, url) {
    this.cancel();
    if (previous) previous.close();
    try {
      return new WebSocket(url);
    } catch {
      this.later();
      return null;
    }
  }

  /** The socket was lost (or could not be made): try again after the back-off. */
  later() {
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    const due = Date.now() + wait;
    const tell = () => this.socket.waiting(Math.max(1, Math.ceil((due - Date.now()) / 1000)));
    tell();
    this.cancel();
    this.countdownTimer = setInterval(tell, 1000);
    this.retryTimer = setTimeout(() => this.socket.connect(), wait);
  }
}
