// The one WebSocket to the host. It reconnects by itself, forever (retry.js). Every frame goes
// through the private channel (channel.js): a frame that does not open closes the socket, and
// the reconnection makes a fresh key exchange.

import { Channel, ChannelEnded, expectedHostKey, showHostCode } from "./channel.js";
import { Retry } from "./retry.js";

const PING_EVERY_MS = 15000;
// Anyone on the Wi-Fi sees how long each frame is: a Clean card must not be shorter than a
// Sabotage. Every frame is padded with spaces to a multiple of this many bytes.
export const FRAME_BYTES = 256;
const encoder = new TextEncoder();
// The phone's close codes when the channel fails, as the host's (docs/protocol.md).
// The host's "try again later" (docs/protocol.md): it has no room for this phone just now.
const TRY_AGAIN_LATER = 1013;
const CLOSE_CODES = { bad_reply: 4002, wrong_host: 4002, tampered: 4003, out_of_order: 4004 };

/**
 * The message as JSON of exactly FRAME_BYTES UTF-8 bytes (the next multiple, if longer): a
 * `pad` field of spaces added last, which the host ignores.
 */
export function padded(message) {
  const bare = JSON.stringify({ ...message, pad: "" });
  const length = encoder.encode(bare).length;
  const size = Math.max(1, Math.ceil(length / FRAME_BYTES)) * FRAME_BYTES;
  return `${bare.slice(0, -2)}${" ".repeat(size - length)}"}`;
}

export class Connection {
  /**
   * @param {object} handlers
   *   onOpen(): the socket is open (send hello now);
   *   onMessage(message): one parsed server message;
   *   onStatus(status, detail): "connecting" | "online" | "waiting" (detail.seconds until retry);
   *     detail.full while the host turns this phone away for want of room (close code 1013).
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.channel = null;
    this.pingTimer = null;
    // The host closed the last socket with 1013 (too many connections, or room made for a
    // seat): the retries go on as ever, but the player is told why they are not let in.
    this.full = false;
    this.retry = new Retry({
      connect: () => this.connect(),
      active: () => this.socket !== null && this.socket.readyState <= WebSocket.OPEN,
      waiting: (seconds) => this.handlers.onStatus("waiting", { seconds, full: this.full }),
    });
  }

  get url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN
      && this.channel !== null && this.channel.ready;
  }

  start() {
    this.retry.start();
  }

  send(message) {
    if (!this.isOpen()) return false;
    this.socket.send(this.channel.seal(padded(message)));
    return true;
  }

  connect() {
    const previous = this.socket;
    this.socket = null;
    this.handlers.onStatus("connecting", { full: this.full });
    const socket = this.retry.replace(previous, this.url);
    if (socket === null) return;
    this.socket = socket;
    socket.binaryType = "arraybuffer";
    const channel = new Channel(expectedHostKey());
    this.channel = channel;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      socket.send(channel.hello()); // online once the host has proved its key
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      let text;
      try {
        if (!channel.ready) {
          showHostCode(channel.finish(event.data));
          this.online();
          return;
        }
        text = channel.open(event.data);
      } catch (error) {
        if (!(error instanceof ChannelEnded)) throw error;
        if (error.hostKey) showHostCode(error.hostKey, true);
        socket.close(CLOSE_CODES[error.reason] || 4003, error.reason);
        return;
      }
      if (text === null) return; // A replayed frame: refused, the channel goes on.
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        return; // The host only sends JSON; anything else is ignored rather than crashing.
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      this.full = event.code === TRY_AGAIN_LATER;
      clearInterval(this.pingTimer);
      this.socket = null;
      this.retry.later();
    });
    // "error" is always followed by "close", which schedules the retry.
  }

  online() {
    this.full = false;
    this.retry.succeeded();
    this.handlers.onStatus("online", {});
    this.handlers.onOpen();
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
  }
}
