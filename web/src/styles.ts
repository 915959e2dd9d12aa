import { css } from "lit";

/** What every view shares: HA's cards, buttons, fields and type, in HA's theme variables. */
export const shared = css`
  :host {
    display: block;
    box-sizing: border-box;
    /* A long unbroken text (an error, an id, a URL) wraps inside its card instead of running past it. */
    overflow-wrap: anywhere;
  }
  /* Their words stay whole: a table scrolls in its frame instead, a button keeps its label. */
  table,
  button {
    overflow-wrap: break-word;
  }
  /* Not inherit: inside <details> the chain passes its built-in slot, which is content-box. */
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  [hidden] {
    display: none !important;
  }
  .icon {
    width: 24px;
    height: 24px;
    fill: currentColor;
    flex: none;
  }
  .small .icon,
  .icon.small {
    width: 18px;
    height: 18px;
  }
  h1,
  h2,
  h3 {
    font-weight: 400;
    margin: 0;
  }
  h1 {
    font-size: 24px;
    line-height: 32px;
  }
  h2 {
    font-size: 20px;
    line-height: 28px;
  }
  h3 {
    font-size: 16px;
    font-weight: 500;
  }
  a {
    color: var(--cy-link);
  }
  .card {
    background: var(--card-background-color);
    border: 1px solid var(--ha-card-border-color, var(--divider-color));
    border-radius: var(--ha-card-border-radius, 12px);
    padding: 16px;
  }
  .card > h2:first-child,
  .card > h3:first-child {
    margin-bottom: 12px;
  }
  .page {
    max-width: 1040px;
    margin: 0 auto;
    padding: 16px;
    display: grid;
    /* One column that never grows past the screen for a wide child (a table, a long word). */
    grid-template-columns: minmax(0, 1fr);
    gap: 16px;
  }
  .muted {
    color: var(--secondary-text-color);
  }
  .row {
    display: flex;
    align-items: center;
    gap: 8px;
    flex-wrap: wrap;
  }
  .spacer {
    flex: 1;
  }

  button {
    font: inherit;
    font-weight: 500;
    border: 0;
    cursor: pointer;
    border-radius: 18px;
    min-height: 36px;
    padding: 0 16px;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    background: transparent;
    color: var(--cy-link);
  }
  button:hover {
    background: color-mix(in srgb, var(--primary-color) 10%, transparent);
  }
  button.primary {
    background: var(--cy-strong);
    color: var(--cy-on-strong);
  }
  button.primary:hover {
    filter: brightness(1.08);
  }
  button.outlined {
    border: 1px solid var(--divider-color);
  }
  button.danger {
    color: var(--error-color);
  }
  button.icon-button {
    padding: 0;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    color: var(--secondary-text-color);
  }
  button:disabled {
    cursor: default;
    opacity: 0.6;
  }
  :focus-visible {
    outline: 2px solid var(--cy-focus);
    outline-offset: 2px;
  }

  label {
    display: grid;
    gap: 4px;
    font-size: 13px;
    color: var(--secondary-text-color);
  }
  input,
  textarea,
  select {
    font: inherit;
    font-size: 16px;
    color: var(--primary-text-color);
    background: var(--card-background-color);
    border: 1px solid color-mix(in srgb, var(--primary-text-color) 35%, transparent);
    border-radius: 8px;
    padding: 8px 12px;
    min-height: 40px;
    width: 100%;
    min-width: 0;
  }
  textarea {
    resize: vertical;
  }
  input:focus,
  textarea:focus,
  select:focus {
    outline: 2px solid var(--cy-focus);
    outline-offset: -1px;
    border-color: transparent;
  }
  .form {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 12px;
  }
  .alert {
    border-radius: 8px;
    padding: 8px 12px;
    border-left: 4px solid var(--error-color);
    background: color-mix(in srgb, var(--error-color) 10%, var(--card-background-color));
  }
  .alert.ok {
    border-left-color: var(--success-color);
    background: color-mix(in srgb, var(--success-color) 10%, var(--card-background-color));
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-size: 12px;
    line-height: 20px;
    padding: 0 8px;
    border-radius: 10px;
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    white-space: nowrap;
  }
  .chip.ok {
    background: color-mix(in srgb, var(--success-color) 18%, var(--card-background-color));
  }
  .chip.bad {
    background: color-mix(in srgb, var(--error-color) 18%, var(--card-background-color));
  }
  .chip.warn {
    background: color-mix(in srgb, var(--warning-color) 22%, var(--card-background-color));
  }
  .chip.info {
    background: color-mix(in srgb, var(--primary-color) 18%, var(--card-background-color));
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  pre,
  code {
    font-family: var(--cy-mono);
    font-size: 13px;
  }
  pre {
    background: var(--cy-code-background);
    padding: 8px 12px;
    border-radius: 8px;
    overflow-x: auto;
    margin: 4px 0;
    white-space: pre-wrap;
    word-break: break-word;
  }
  .tool-details {
    font-size: 13px;
  }
  .tool-details summary {
    cursor: pointer;
    color: var(--secondary-text-color);
    width: fit-content;
  }
  .tool-details h4 {
    margin: 8px 0 2px;
    font-size: 12px;
    font-weight: 500;
    color: var(--secondary-text-color);
  }
  .plain {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 8px;
  }
  .spinner {
    width: 16px;
    height: 16px;
    border-radius: 50%;
    border: 2px solid color-mix(in srgb, var(--primary-color) 30%, transparent);
    border-top-color: var(--primary-color);
    animation: spin 0.9s linear infinite;
    flex: none;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
`;
