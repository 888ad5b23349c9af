// The hold-to-see flap. Secrets (role, file, Getaway tallies) show only while the player drags the
// flap up and keeps holding it; they hide the moment it is let go, or the page loses focus, so
// nothing secret ever stays open on a screen a neighbour can glance at.
// Touch events drive phones; pointer events drive mice and pens; keys held on the focused handle
// serve keyboards. A toggle button (hidden until focused) serves screen readers and keyboards that
// must reach a choice under the flap: pressed, the secrets show while focus stays in the flap;
// released (again, Escape, or focus leaving), they hide.

const DRAG_UP_PX = 24;
// A press held this long opens it too, without a drag: screen readers pass a "double-tap and
// hold" through as a long press on the spot.
const LONG_PRESS_MS = 450;
const HOLD_KEYS = new Set([" ", "Enter", "ArrowUp"]);

export function attachFlap(handle, panel, toggle, onChange) {
  let open = false;
  let touchId = null;
  let pointerId = null;
  let startY = 0;
  let pressTimer = null;

  function pressStarted() {
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => setOpen(true), LONG_PRESS_MS);
  }

  function setOpen(value) {
    if (value === open) return;
    open = value;
    panel.hidden = !value;
    handle.dataset.open = value ? "true" : "false";
    handle.setAttribute("aria-expanded", value ? "true" : "false");
    toggle.setAttribute("aria-pressed", value ? "true" : "false");
    onChange(value);
  }

  function release() {
    clearTimeout(pressTimer);
    touchId = null;
    pointerId = null;
    setOpen(false);
  }

  function dragTo(y) {
    if (startY - y >= DRAG_UP_PX) setOpen(true);
  }

  // Touch: the events keep targeting the handle even when the finger leaves it.
  handle.addEventListener("touchstart", (event) => {
    event.preventDefault(); // no scrolling, no emulated mouse events, no long-press menu
    if (touchId !== null) return;
    const touch = event.changedTouches[0];
    touchId = touch.identifier;
    startY = touch.clientY;
    pressStarted();
  }, { passive: false });
  handle.addEventListener("touchmove", (event) => {
    event.preventDefault();
    for (const touch of event.changedTouches) {
      if (touch.identifier === touchId) dragTo(touch.clientY);
    }
  }, { passive: false });
  const touchEnd = (event) => {
    for (const touch of event.changedTouches) {
      if (touch.identifier === touchId) release();
    }
  };
  handle.addEventListener("touchend", touchEnd);
  handle.addEventListener("touchcancel", touchEnd);

  // Mouse and pen (touch pointers are handled above).
  handle.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch" || pointerId !== null) return;
    pointerId = event.pointerId;
    startY = event.clientY;
    pressStarted();
    try {
      handle.setPointerCapture(event.pointerId);
    } catch {
      // Capture is a nicety: without it, pointerup on the window still releases.
    }
  });
  handle.addEventListener("pointermove", (event) => {
    if (event.pointerId === pointerId) dragTo(event.clientY);
  });
  for (const name of ["pointerup", "pointercancel", "lostpointercapture"]) {
    handle.addEventListener(name, (event) => {
      if (event.pointerId === pointerId) release();
    });
  }
  window.addEventListener("pointerup", (event) => {
    if (event.pointerId === pointerId) release();
  });

  // Keyboard: hold a key on the focused handle.
  handle.addEventListener("keydown", (event) => {
    if (!HOLD_KEYS.has(event.key)) return;
    event.preventDefault();
    setOpen(true);
  });
  handle.addEventListener("keyup", (event) => {
    if (HOLD_KEYS.has(event.key)) release();
  });
  handle.addEventListener("blur", release);
  handle.addEventListener("contextmenu", (event) => event.preventDefault());
  window.addEventListener("blur", release);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") release();
  });

  toggle.addEventListener("click", () => {
    if (open) release();
    else setOpen(true);
  });
  const flap = handle.parentElement;
  flap.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && open) {
      release();
      toggle.focus();
    }
  });
  // Focus leaving the flap hides it; a re-render that puts focus back at once does not.
  flap.addEventListener("focusout", () => {
    setTimeout(() => {
      if (open && !flap.contains(document.activeElement) && touchId === null
        && pointerId === null) release();
    }, 0);
  });

  handle.dataset.open = "false";
  handle.setAttribute("aria-expanded", "false");
  handle.setAttribute("aria-controls", panel.id);
  toggle.setAttribute("aria-pressed", "false");
  toggle.setAttribute("aria-controls", panel.id);
  return { close: release, isOpen: () => open };
}

const TAP_SLOP_PX = 12;

/**
 * A button under the flap. The flap stays open only while one finger holds its handle, so the
 * choice is tapped with a second finger; a second finger's tap is not one a browser can be relied
 * on to turn into a click, so the tap is read from the touch itself. Mouse and keyboard (the
 * toggle) still click.
 */
export function flapButton(button, choose) {
  let touchId = null;
  let startX = 0;
  let startY = 0;
  button.addEventListener("touchstart", (event) => {
    event.preventDefault(); // no emulated mouse events, no click after the touch
    if (touchId !== null) return;
    const touch = event.changedTouches[0];
    touchId = touch.identifier;
    startX = touch.clientX;
    startY = touch.clientY;
  }, { passive: false });
  button.addEventListener("touchend", (event) => {
    for (const touch of event.changedTouches) {
      if (touch.identifier !== touchId) continue;
      touchId = null;
      const still = Math.abs(touch.clientX - startX) <= TAP_SLOP_PX
        && Math.abs(touch.clientY - startY) <= TAP_SLOP_PX;
      // A finger lifted after the flap was let go chooses nothing: the choice was not in view.
      if (still && !button.disabled && button.closest("[hidden]") === null) choose();
    }
  });
  button.addEventListener("touchcancel", () => { touchId = null; });
  button.addEventListener("click", () => {
    if (!button.disabled) choose();
  });
  return button;
}
