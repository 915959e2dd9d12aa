import "./base.css";
import { detectLanguage, setLanguage } from "./i18n.js";
import { followParentTheme } from "./theme.js";

/** The parent frame when the UI runs inside HA's panel iframe, else null. */
function parentFrame(): Window | null {
  try {
    return window.parent !== window ? window.parent : null;
  } catch {
    return null;
  }
}

const parent = parentFrame();
setLanguage(detectLanguage(parent, navigator.languages?.length ? navigator.languages : [navigator.language]));
followParentTheme(parent);
await import("./app.js");
