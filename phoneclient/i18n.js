// Message catalogs: every word on the page comes from /i18n/<lang>.json (the host merges the
// areas of one language). A missing key shows the key itself, so a gap is visible, not fatal.

export const LANGUAGES = ["en", "es", "pt"];
const STORAGE_KEY = "molecrew.lang";
const catalogs = new Map();
let current = {};
let currentLang = "en";

export function normalise(lang) {
  const code = String(lang || "").trim().toLowerCase().slice(0, 2);
  return LANGUAGES.includes(code) ? code : "en";
}

/** The stored choice, else the browser's language, else English. */
export function preferredLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be off (private sheets): the browser's language will do.
  }
  if (stored) return normalise(stored);
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

/** Load (once) and switch to a language's catalog. Throws if the host cannot be reached. */
export async function useLanguage(lang) {
  lang = normalise(lang);
  if (!catalogs.has(lang)) {
    // The phone page asks only for the words a phone shows; other pages take the whole catalog.
    const surface = location.pathname.startsWith("/board") ? "" : "?for=phone";
    const response = await fetch(`/i18n/${lang}.json${surface}`, { cache: "no-cache" });
    if (!response.ok) throw new Error(`catalog ${lang}: HTTP ${response.status}`);
    catalogs.set(lang, await response.json());
  }
  current = catalogs.get(lang);
  currentLang = lang;
  document.documentElement.lang = lang;
  return lang;
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
