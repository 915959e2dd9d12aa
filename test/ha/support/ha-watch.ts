import type { Connection } from "home-assistant-js-websocket";
import { openConnection } from "../../../src/ha/socket.js";
import type { HaEndpoint } from "./real-ha.js";

/** One service call as HA's bus reported it (event `call_service`). */
export interface SeenCall {
  domain: string;
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  service_data: Record<string, any>;
  /** When the test saw it (ms). */
  at: number;
}

export interface PersistentNotification {
  notification_id: string;
  title: string | null;
  message: string;
  created_at: string;
}

/**
 * The test's own eyes on HA, independent of Cyrene: every service call anyone makes (HA's
 * `call_service` events, data included), the persistent notifications as HA holds them, and events
 * fired as a phone would fire them. Its connection renews itself if HA restarts.
 */
export class HaWatch {
  readonly calls: SeenCall[] = [];

  private constructor(private readonly conn: Connection) {}

  static async open(endpoint: HaEndpoint): Promise<HaWatch> {
    const wsUrl = `${endpoint.url.replace(/^http/, "ws")}/api/websocket`;
    const watch = new HaWatch(await openConnection(wsUrl, endpoint.token, 10_000));
    await watch.conn.subscribeEvents<{ data: Omit<SeenCall, "at"> }>((event) => {
      watch.calls.push({ ...event.data, service_data: event.data.service_data ?? {}, at: Date.now() });
    }, "call_service");
    return watch;
  }

  /** The calls of one service so far, optionally only those whose data passes `where`. */
  callsTo(domain: string, service: string, where: (data: SeenCall["service_data"]) => boolean = () => true) {
    return this.calls.filter((c) => c.domain === domain && c.service === service && where(c.service_data));
  }

  /** `persistent_notification.create` calls for one notification id. */
  created(notificationId: string): SeenCall[] {
    return this.callsTo("persistent_notification", "create", (d) => d.notification_id === notificationId);
  }

  /** The persistent notifications HA has now (websocket `persistent_notification/get`). */
  notifications(): Promise<PersistentNotification[]> {
    return this.conn.sendMessagePromise({ type: "persistent_notification/get" });
  }

  async notification(notificationId: string): Promise<PersistentNotification | undefined> {
    return (await this.notifications()).find((n) => n.notification_id === notificationId);
  }

  /** Fires an event on HA's bus, as the mobile app does when a notification's button is pressed. */
  fireEvent(eventType: string, eventData: Record<string, unknown>): Promise<unknown> {
    return this.conn.sendMessagePromise({ type: "fire_event", event_type: eventType, event_data: eventData });
  }

  close(): void {
    this.conn.close();
  }
}
