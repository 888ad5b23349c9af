// The TV's sound cues, played by the board page from the host's /sounds/<cue>.wav. Browsers
// refuse to play sound before someone has clicked or pressed a key on the page: until then the
// page says so in its bar, and the first gesture turns sound on. Cues follow public facts only
// (a vote arriving makes the same tick whatever it is), as on the TV.

const STORAGE_KEY = "molecrew.board.sound";
// How many times a cue plays in a row: the siren wails twice, the rest play once.
const TIMES = { siren: 2 };

export class SoundBank {
  constructor(onChange) {
    this.onChange = onChange;
    this.audio = new Map();
    this.played = []; // every cue asked for, sound on or off (the page's tests read it)
    this.blocked = false; // the browser refused: it waits for a gesture
    this.on = readChoice();
  }

  toggle() {
    this.on = !this.on;
    this.blocked = false;
    try {
      localStorage.setItem(STORAGE_KEY, this.on ? "on" : "off");
    } catch {
      // Not kept for next time; the button still works now.
    }
    this.onChange();
  }

  /** A click or a key: the browser now lets the page play sound. */
  unlocked() {
    if (!this.blocked) return;
    this.blocked = false;
    this.onChange();
  }

  play(cue) {
    this.played.push(cue);
    document.body.dataset.cues = String(this.played.length);
    document.body.dataset.lastCue = cue;
    if (!this.on || document.visibilityState === "hidden") return;
    let audio = this.audio.get(cue);
    if (!audio) {
      audio = new Audio(`/sounds/${cue}.wav`);
      this.audio.set(cue, audio);
    }
    let left = TIMES[cue] || 1;
    audio.onended = () => {
      left -= 1;
      if (left > 0) this.start(audio);
    };
    this.start(audio);
  }

  start(audio) {
    audio.currentTime = 0;
    const playing = audio.play();
    if (playing && playing.catch) {
      playing.catch((error) => {
        if (error && error.name === "NotAllowedError" && !this.blocked) {
          this.blocked = true;
          this.onChange();
        }
      });
    }
  }
}

function readChoice() {
  try {
    return localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}
