// The private channel to the host (host/channel.py is the other side; docs/protocol.md, "The
// private channel", has the bytes). Anyone on the Wi-Fi can capture a plain ws:// socket, and an
// http:// page has no Web Crypto, so the page uses tweetnacl (vendored, public domain): a fresh
// X25519 key per socket, the host proving its long-term key with a NaCl box, then every frame
// sealed with secretbox under a counter nonce, so a replayed or reordered frame is refused.

import "./vendor/tweetnacl/nacl.min.js";
import { t } from "./i18n.js";

const nacl = globalThis.nacl;
const VERSION = 1;
const KEY_BYTES = 32;
const NONCE_BYTES = 24;
const COUNTER_BYTES = 8;
const REPLY_BYTES = 1 + KEY_BYTES + NONCE_BYTES + KEY_BYTES + 16;
const PHONE_TO_HOST = 1;
const HOST_TO_PHONE = 2;
// The host key this phone has trusted on this host: the QR code's, else the first one it met.
const PINNED_KEY = "molecrew.hostKey";
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** Why the channel ended: "wrong_host" (another key than the trusted one), "bad_reply",
 * "tampered" (a frame that does not open) or "out_of_order" (frames went missing). */
export class ChannelEnded extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

function fromBase64Url(text) {
  try {
    const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(plain, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

function equalBytes(a, b) {
  return a.length === b.length && nacl.verify(a, b);
}

function storedKey() {
  try {
    const key = fromBase64Url(localStorage.getItem(PINNED_KEY) || "");
    return key && key.length === KEY_BYTES ? key : null;
  } catch {
    return null; // No storage (a captive-portal sheet): trust is for this visit only.
  }
}

function pin(key) {
  try {
    localStorage.setItem(PINNED_KEY, toBase64Url(key));
  } catch {
    // Kept for this page's life only.
  }
}

/** The key the host must prove: the QR code's (`#k=`, which is then pinned), else the pinned
 * one, else null (a typed address on a first visit: the host's key is trusted on first use). */
export function expectedHostKey() {
  const match = /(?:^#|&)k=([A-Za-z0-9_-]{43})(?:&|$)/.exec(location.hash);
  const fromQr = match && fromBase64Url(match[1]);
  if (fromQr && fromQr.length === KEY_BYTES) {
    pin(fromQr);
    return fromQr;
  }
  return storedKey();
}

/** Twelve digits from the key's SHA-512, "4821 0937 5512", as the TV shows them. */
export function fingerprint(publicKey) {
  const digest = nacl.hash(publicKey);
  let number = 0;
  for (let i = 0; i < 5; i += 1) number = number * 256 + digest[i];
  const digits = String(number % 1e12).padStart(12, "0");
  return `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`;
}

function nonce(direction, counter) {
  const bytes = new Uint8Array(NONCE_BYTES);
  bytes[0] = direction;
  let rest = counter;
  for (let i = COUNTER_BYTES; i >= 1; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

function counterOf(frame) {
  let counter = 0;
  for (let i = 0; i < COUNTER_BYTES; i += 1) counter = counter * 256 + frame[i];
  return counter;
}

/** One socket's channel: `hello()` first, `finish(reply)` with the host's answer, then `seal`
 * and `open` for every frame. */
export class Channel {
  constructor(expected) {
    this.expected = expected;
    this.keys = nacl.box.keyPair();
    this.key = null;
    this.hostKey = null;
    this.sent = 0;
    this.received = 0;
  }

  get ready() {
    return this.key !== null;
  }

  hello() {
    const frame = new Uint8Array(1 + KEY_BYTES);
    frame[0] = VERSION;
    frame.set(this.keys.publicKey, 1);
    return frame;
  }

  finish(data) {
    const reply = new Uint8Array(data);
    if (reply.length !== REPLY_BYTES || reply[0] !== VERSION) throw new ChannelEnded("bad_reply");
    const hostKey = reply.slice(1, 1 + KEY_BYTES);
    if (this.expected && !equalBytes(hostKey, this.expected)) {
      const wrong = new ChannelEnded("wrong_host");
      wrong.hostKey = hostKey; // shown, so the table can see it is not the TV's code
      throw wrong;
    }
    const boxNonce = reply.slice(1 + KEY_BYTES, 1 + KEY_BYTES + NONCE_BYTES);
    const proof = reply.slice(1 + KEY_BYTES + NONCE_BYTES);
    const hostEphemeral = nacl.box.open(proof, boxNonce, hostKey, this.keys.secretKey);
    if (!hostEphemeral) throw new ChannelEnded("bad_reply");
    this.key = nacl.box.before(hostEphemeral, this.keys.secretKey);
    this.hostKey = hostKey;
    if (!this.expected) pin(hostKey);
    return hostKey;
  }

  seal(text) {
    const counter = this.sent;
    this.sent += 1;
    const sealed = nacl.secretbox(encoder.encode(text), nonce(PHONE_TO_HOST, counter), this.key);
    const frame = new Uint8Array(COUNTER_BYTES + sealed.length);
    frame.set(nonce(0, counter).subarray(1, 1 + COUNTER_BYTES));
    frame.set(sealed, COUNTER_BYTES);
    return frame;
  }

  /** The next frame's text; null for a replayed one (refused, the channel goes on). */
  open(data) {
    const frame = new Uint8Array(data);
    if (frame.length < COUNTER_BYTES + 16) throw new ChannelEnded("tampered");
    const counter = counterOf(frame);
    if (counter < this.received) return null;
    if (counter > this.received) throw new ChannelEnded("out_of_order");
    const opened = nacl.secretbox.open(
      frame.subarray(COUNTER_BYTES), nonce(HOST_TO_PHONE, counter), this.key);
    if (!opened) throw new ChannelEnded("tampered");
    this.received += 1;
    return decoder.decode(opened);
  }
}

// ---- the host code at the foot of the page, the same for every player (no secret in it)

let shown = null; // { code, wrong }

function drawHostCode() {
  const element = document.getElementById("host-code");
  if (!element || !shown) return;
  element.hidden = false;
  element.dataset.state = shown.wrong ? "wrong_host" : "ok";
  element.dataset.code = shown.code;
  element.textContent = shown.wrong
    ? t("channel.wrong_host", { code: shown.code })
    : t("channel.host_code", { code: shown.code });
}

/** Show the host's code (to compare with the TV's), or that the host is not the trusted one. */
export function showHostCode(hostKey, wrong = false) {
  shown = { code: fingerprint(hostKey), wrong };
  drawHostCode();
}

// The catalog switches when the player picks another language (i18n.js sets <html lang>).
new MutationObserver(drawHostCode).observe(document.documentElement, {
  attributes: true, attributeFilter: ["lang"],
});
