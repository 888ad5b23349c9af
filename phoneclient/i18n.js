// Message catalogs: every word on the page comes from /i18n/<lang>.json (the host merges the
// areas of one language). The phone page takes it in parts (?for=phone, then ?for=phone-<part>
// when a screen needs one). A missing key shows the key itself, so a gap is visible, not fatal.

export const LANGUAGES = ["en", "es", "pt"];
const STORAGE_KEY = "molecrew.lang";
const fetched = new Map(); // "<lang>?<surface>" -> that part of that language's catalog
// The parts of the phone's catalog beyond the first screen's words, in the order first asked for
// ("rules": the How-to page's sections and the tutorial's summaries; host/i18n.py, SURFACES).
const parts = [];
let current = {};
let currentLang = "en";

export function normalise(lang) {
  const code = String(lang || "").trim().toLowerCase().slice(0, 2);
  return LANGUAGES.includes(code) ? code : "en";
}

/** The stored choice, else the browser's language, else English. */
export function preferredLanguage(instead = null) {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be off (private sheets): the browser's language will do.
  }
  if (stored) return normalise(stored);
  if (instead && LANGUAGES.includes(instead)) return instead;
  const wanted = navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language];
  for (const lang of wanted) {
    const code = String(lang || "").toLowerCase().slice(0, 2);
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export function storeLanguage(lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not stored; the picker still works for this visit.
  }
}

// The phone page asks only for the words a phone shows; other pages take the whole catalog.
const onPhone = !location.pathname.startsWith("/board");

async function texts(lang, part) {
  const surface = !onPhone ? "" : part ? `phone-${part}` : "phone";
  const key = `${lang}?${surface}`;
  if (!fetched.has(key)) {
    const query = surface ? `?for=${surface}` : "";
    const response = await fetch(`/i18n/${lang}.json${query}`, { cache: "no-cache" });
    if (!response.ok) throw new Error(`catalog ${lang} ${surface}: HTTP ${response.status}`);
    fetched.set(key, await response.json());
  }
  return fetched.get(key);
}

/** Load (once) and switch to a language's catalog, with every part asked for so far. Throws if
 * the host cannot be reached. */
export async function useLanguage(lang) {
  lang = normalise(lang);
  const loaded = await Promise.all([texts(lang, null), ...parts.map((part) => texts(lang, part))]);
  current = Object.assign({}, ...loaded);
  currentLang = lang;
  document.documentElement.lang = lang;
  return lang;
}

/** Fetch a part of the phone's catalog (once) and add it to the page's words; it comes with
 * every later language switch too. Throws if the host cannot be reached. */
export async function addPart(part) {
  if (!parts.includes(part)) parts.push(part);
  const lang = currentLang;
  const words = await texts(lang, part);
  if (lang === currentLang) current = { ...current, ...words };
}

export function language() {
  return currentLang;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(current, key);
}

/** The text for `key` with `{fact}` placeholders filled in. */
export function t(key, facts = {}) {
  const text = has(key) ? current[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(facts, name) ? String(facts[name]) : whole);
}
