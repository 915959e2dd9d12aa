import { css } from "lit";

/** The chat view's own styles: the conversation list, the messages and tool cards, the composer. */
export const chatStyles = css`
  :host {
    height: 100%;
    min-height: 0;
  }
  .layout {
    display: grid;
    grid-template-columns: 280px minmax(0, 1fr);
    height: 100%;
    min-height: 0;
  }
  .list {
    border-right: 1px solid var(--divider-color);
    background: var(--card-background-color);
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 12px;
    min-height: 0;
    overflow-y: auto;
  }
  .list-head {
    display: flex;
    gap: 8px;
  }
  .list-head .primary {
    flex: 1;
  }
  .close-list,
  .conversation-bar {
    display: none;
  }
  .conversations li {
    display: flex;
    align-items: center;
    border-radius: 8px;
  }
  .conversations li.current {
    background: color-mix(in srgb, var(--primary-color) 14%, transparent);
  }
  .conversations a {
    flex: 1;
    min-width: 0;
    display: grid;
    padding: 6px 8px;
    color: var(--primary-text-color);
    text-decoration: none;
    border-radius: 8px;
  }
  .conversations a:hover {
    background: color-mix(in srgb, var(--primary-text-color) 6%, transparent);
  }
  .conversations .title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .conversations .when {
    font-size: 12px;
    color: var(--secondary-text-color);
  }
  .confirm-delete {
    display: grid !important;
    gap: 4px;
    padding: 8px;
    background: color-mix(in srgb, var(--error-color) 10%, transparent);
  }
  .list-empty {
    padding: 8px;
  }
  .conversation {
    display: flex;
    flex-direction: column;
    min-height: 0;
    min-width: 0;
  }
  .log {
    flex: 1;
    overflow-y: auto;
    padding: 16px max(16px, calc((100% - 820px) / 2));
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  .center {
    text-align: center;
  }
  .empty {
    margin: auto;
    text-align: center;
    padding: 32px 16px;
  }
  .message.user {
    align-self: flex-end;
    max-width: min(85%, 640px);
  }
  .bubble {
    background: var(--cy-user-bubble);
    border-radius: 18px 18px 4px 18px;
    padding: 8px 14px;
    white-space: pre-wrap;
  }
  .message.assistant {
    align-self: stretch;
    display: grid;
    gap: 8px;
    max-width: 100%;
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown > :last-child {
    margin-bottom: 0;
  }
  .markdown code {
    background: var(--cy-code-background);
    border-radius: 4px;
    padding: 0 4px;
  }
  .markdown pre code {
    background: none;
    padding: 0;
  }
  .markdown .table {
    overflow-x: auto;
  }
  .markdown table {
    border-collapse: collapse;
  }
  .markdown th,
  .markdown td {
    border: 1px solid var(--divider-color);
    padding: 4px 8px;
  }
  .status {
    display: flex;
    gap: 8px;
    align-items: center;
    color: var(--secondary-text-color);
  }
  .tool {
    border: 1px solid var(--divider-color);
    border-radius: 10px;
    background: var(--card-background-color);
    overflow: hidden;
  }
  .tool-head {
    display: flex;
    align-items: center;
    gap: 4px 8px;
    padding: 6px 10px;
    flex-wrap: wrap;
  }
  .tool-head .icon {
    width: 18px;
    height: 18px;
    color: var(--secondary-text-color);
  }
  .tool-summary {
    flex: 1 1 12em;
    min-width: 0;
  }
  .tool .spinner {
    width: 12px;
    height: 12px;
  }
  .tool-details {
    padding: 0 10px 6px;
  }
  .tool-error {
    padding: 0 10px 8px;
    color: var(--error-color);
  }
  .confirm {
    border-top: 1px solid var(--divider-color);
    padding: 8px 10px 10px;
  }
  .confirm p {
    margin: 0 0 8px;
    font-weight: 500;
  }
  .late {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    border-left: 3px solid var(--success-color);
    padding: 4px 10px;
  }
  .late .icon {
    width: 20px;
    color: var(--success-color);
  }
  .composer {
    display: flex;
    gap: 8px;
    align-items: flex-end;
    padding: 8px max(16px, calc((100% - 820px) / 2)) max(12px, env(safe-area-inset-bottom));
    border-top: 1px solid var(--divider-color);
    background: var(--card-background-color);
  }
  .composer textarea {
    flex: 1;
    min-height: 44px;
    max-height: 200px;
    border-radius: 22px;
    padding: 10px 16px;
    resize: none;
  }
  .composer button {
    min-height: 44px;
    border-radius: 22px;
  }
  @media (max-width: 870px) {
    .layout {
      grid-template-columns: minmax(0, 1fr);
      position: relative;
    }
    .list {
      display: none;
      position: absolute;
      inset: 0;
      z-index: 2;
      border-right: 0;
    }
    .list-open .list {
      display: flex;
    }
    .close-list {
      display: inline-flex;
    }
    .conversation-bar {
      display: flex;
      padding: 8px 16px 0;
    }
    .composer .label {
      display: none;
    }
    .composer button {
      width: 44px;
      padding: 0;
    }
  }
`;
