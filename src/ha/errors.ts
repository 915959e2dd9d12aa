/** HA can't be asked right now (not connected, restarting, starting up). Worth retrying soon. */
export class HaUnavailableError extends Error {
  override name = "HaUnavailableError";
  constructor(readonly reason: string) {
    super(
      `Home Assistant is unavailable (${reason}); try again in a moment. ` +
        `Home Assistant 当前不可用（${reason}），请稍后再试。`,
    );
  }
}

/** How Cyrene reaches HA: its own URL and token (standalone), or the Supervisor's proxy (the add-on). */
export type HaMode = "addon" | "standalone";

/** The status reason for a refused token: what failed and the one setting to check. */
export function tokenRejectedReason(mode: HaMode): string {
  return mode === "standalone"
    ? "Home Assistant refused the access token; check CYRENE_HA_TOKEN (a long-lived access token from your HA profile)"
    : "Supervisor access to Home Assistant failed (the add-on's token was refused); restart the add-on";
}

/**
 * HA refused the token. Not "try again in a moment": nothing changes until the token (standalone) or
 * the add-on's Supervisor access is fixed. Still an HaUnavailableError, so reminders wait for the fix.
 */
export class HaAuthError extends HaUnavailableError {
  override name = "HaAuthError";
  constructor(readonly mode: HaMode) {
    super(tokenRejectedReason(mode));
    this.message =
      mode === "standalone"
        ? "Home Assistant refused Cyrene's access token: check CYRENE_HA_TOKEN (a long-lived access token " +
          "made in your Home Assistant profile) and restart Cyrene. " +
          "Home Assistant 拒绝了 Cyrene 的访问令牌：请检查 CYRENE_HA_TOKEN（在 Home Assistant 个人资料中创建的长期访问令牌）并重启 Cyrene。"
        : "Cyrene's Supervisor access to Home Assistant failed (the add-on's token was refused): restart the " +
          "Cyrene add-on. Cyrene 通过 Supervisor 访问 Home Assistant 失败（加载项的令牌被拒绝）：请重启 Cyrene 加载项。";
  }
}

/**
 * A service call sent on a live connection got no answer in time. HA answers only once the service
 * has finished (a script waits for its end, a slow Z-Wave lock), so it may well still be running:
 * not "unavailable", and not to be retried blindly.
 */
export class HaServiceTimeoutError extends Error {
  override name = "HaServiceTimeoutError";
  constructor(readonly seconds: number) {
    super(
      `Home Assistant accepted the call but did not confirm within ${seconds} s; it may still be running. ` +
        `Home Assistant 已接受调用，但 ${seconds} 秒内未确认完成，可能仍在执行。`,
    );
  }
}

/** No HA connection is configured at all. */
export class HaNotConfiguredError extends Error {
  override name = "HaNotConfiguredError";
  constructor() {
    super(
      "Home Assistant is not configured: run Cyrene as a Home Assistant add-on (homeassistant_api: true), " +
        "or set CYRENE_HA_URL and CYRENE_HA_TOKEN (a long-lived access token). " +
        "Home Assistant 尚未配置，无法查询或控制设备。",
    );
  }
}

/** HA answered a command with an error (bad service data, unknown entity, …). */
export class HaCommandError extends Error {
  override name = "HaCommandError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Turns what the websocket library rejects with (error objects, numeric codes) into an Error. */
export function toHaError(error: unknown, what: string): Error {
  if (error instanceof Error) return error;
  if (typeof error === "number") {
    return new HaUnavailableError(error === 2 ? "the access token was rejected" : "the connection was lost");
  }
  // A command pending when the connection closed: the library rejects it with a result message
  // carrying its ERR_CONNECTION_LOST (3).
  if ((error as { error?: { code?: unknown } } | null)?.error?.code === 3) {
    return new HaUnavailableError("the connection was lost");
  }
  if (error && typeof error === "object" && "message" in error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return new HaCommandError(String(code ?? "unknown_error"), String(message));
  }
  return new Error(`${what} failed: ${String(error)}`);
}
