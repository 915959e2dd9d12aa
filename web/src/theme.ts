/**
 * Light and dark, and HA's own theme. In HA's sidebar the UI is an iframe on HA's origin (ingress), so it can
 * read the parent frame's computed theme variables and copy them onto its own <html>; a standalone page (or a
 * parent it may not read) keeps HA's default colours and follows `prefers-color-scheme`.
 */

/** The HA theme variables the UI uses (see base.css). */
const HA_VARIABLES = [
  "primary-color",
  "dark-primary-color",
  "light-primary-color",
  "accent-color",
  "primary-background-color",
  "secondary-background-color",
  "card-background-color",
  "primary-text-color",
  "secondary-text-color",
  "text-primary-color",
  "disabled-text-color",
  "divider-color",
  "error-color",
  "warning-color",
  "success-color",
  "app-header-background-color",
  "app-header-text-color",
  "ha-card-border-radius",
  "ha-card-border-color",
  "ha-font-family-body",
];

interface HassLike {
  themes?: { darkMode?: boolean };
}

/** Copies HA's theme from the parent frame, and again whenever HA changes it. Returns whether it could. */
export function followParentTheme(parent: Window | null): boolean {
  if (!parent) return false;
  let parentRoot: HTMLElement;
  try {
    parentRoot = parent.document.documentElement;
  } catch {
    return false; // Another origin.
  }
  const apply = () => {
    try {
      return applyFrom(parent, parentRoot);
    } catch {
      return 0; // The parent navigated away or became unreadable: keep what we have.
    }
  };
  if (apply() === 0) return false; // Not HA, or a parent that shares no theme.
  // HA applies themes as inline style on <html> (and toggles dark mode there); follow its changes.
  const Observer = (parent as Window & typeof globalThis).MutationObserver;
  new Observer(apply).observe(parentRoot, {
    attributes: true,
    attributeFilter: ["style", "class"],
  });
  return true;
}

/** Copies the variables the parent has; returns how many. */
function applyFrom(parent: Window, parentRoot: HTMLElement): number {
  const computed = parent.getComputedStyle(parentRoot);
  const root = document.documentElement;
  let copied = 0;
  for (const name of HA_VARIABLES) {
    const value = computed.getPropertyValue(`--${name}`).trim();
    if (value) {
      root.style.setProperty(`--${name}`, value);
      copied++;
    }
  }
  if (copied === 0) return 0;
  const primary = computed.getPropertyValue("--primary-color").trim();
  const strong = computed.getPropertyValue("--dark-primary-color").trim() || primary;
  if (strong) root.style.setProperty("--cy-strong", strong);
  if (primary) {
    root.style.setProperty("--cy-link", primary);
    root.style.setProperty("--cy-focus", primary);
  }
  const hass = (parent.document.querySelector("home-assistant") as (Element & { hass?: HassLike }) | null)
    ?.hass;
  const background = computed.getPropertyValue("--primary-background-color").trim();
  const dark = hass?.themes?.darkMode ?? (background ? isDark(background) : undefined);
  if (dark !== undefined) root.dataset.theme = dark ? "dark" : "light";
  return copied;
}

/** Whether a CSS colour is dark, by its relative luminance (the browser parses it). */
function isDark(color: string): boolean {
  const probe = document.createElement("span");
  probe.style.color = color;
  document.body.append(probe);
  const rgb = getComputedStyle(probe)
    .color.match(/[\d.]+/g)
    ?.map(Number) ?? [255, 255, 255];
  probe.remove();
  const [r = 255, g = 255, b = 255] = rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}
