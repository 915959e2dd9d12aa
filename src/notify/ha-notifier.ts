import type { HomeAssistant, HomeSnapshot } from "../ha/index.js";
import type { Notice, Notifier, NotifyTargets } from "./notifier.js";
import { SATELLITE_FEATURES } from "./satellites.js";

export interface HaNotifierOptions {
  ha: HomeAssistant;
  /** The TTS engine for spoken notices on media players (tts.*); default: the first one HA has. */
  ttsEntity?: string;
}

/**
 * Delivers notices through Home Assistant's services:
 * - `persistent_notification.create`, keyed so a notice replaces its older self and can be dismissed;
 * - legacy `notify.<service>` with `data` (the only way to reach the mobile app, which also takes the
 *   action buttons), or `notify.send_message` for notify entities, which take no data;
 * - `tts.speak` on a media player; on a satellite `assist_satellite.announce`, or `start_conversation` for a
 *   notice that opens a conversation (when the satellite can).
 */
export class HaNotifier implements Notifier {
  constructor(private readonly options: HaNotifierOptions) {}

  async deliver(target: string, notice: Notice): Promise<void> {
    const { ha } = this.options;
    if (target === "persistent_notification") {
      const data = { title: notice.title, message: notice.message, notification_id: notice.key };
      return ha.callService({ domain: "persistent_notification", service: "create", data });
    }
    const [domain, name] = splitTarget(target);
    const home = await ha.snapshot();
    if (domain === "notify") {
      if (home.services.notify?.[name]) {
        // alert_once: a repeat of the same tag (sent again after a crash) replaces the notification
        // without ringing again while the first is still shown (Android).
        const push = { tag: notice.key, alert_once: true };
        const data = notice.actions?.length ? { ...push, actions: notice.actions } : push;
        return ha.callService({
          domain,
          service: name,
          data: { title: notice.title, message: notice.message, data },
        });
      }
      if (home.states[target]) {
        const data = { title: notice.title, message: notice.message };
        return ha.callService({ domain, service: "send_message", data, entityIds: [target] });
      }
      throw new Error(`Home Assistant has no notify service or entity ${target}.`);
    }
    const state = home.states[target];
    if (!state) throw new Error(`Home Assistant has no entity ${target}.`);
    // HA skips an unavailable entity in a service call without a word: nothing would be said.
    if (state.state === "unavailable") throw new Error(`${target} is unavailable.`);
    const spoken = `${notice.title}: ${notice.message}`;
    if (domain === "assist_satellite") {
      const features = Number(state.attributes.supported_features ?? 0);
      if (notice.conversation && features & SATELLITE_FEATURES.startConversation) {
        const data = { start_message: notice.message, extra_system_prompt: notice.conversation.instructions };
        return ha.callService({ domain, service: "start_conversation", data, entityIds: [target] });
      }
      if (!(features & SATELLITE_FEATURES.announce))
        throw new Error(`${target} can neither announce nor start a conversation.`);
      return ha.callService({ domain, service: "announce", data: { message: spoken }, entityIds: [target] });
    }
    if (domain === "media_player") {
      const tts = this.ttsEntity(home);
      const data = { media_player_entity_id: target, message: spoken };
      return ha.callService({ domain: "tts", service: "speak", data, entityIds: [tts] });
    }
    throw new Error(`${target} is not a notify service, media player or Assist satellite.`);
  }

  replacesRepeats(target: string): boolean {
    return target === "persistent_notification" || target.startsWith(MOBILE_APP);
  }

  async shows(target: string, key: string): Promise<boolean | undefined> {
    if (target !== "persistent_notification" || !this.options.ha.persistentNotificationIds) return undefined;
    return (await this.options.ha.persistentNotificationIds()).includes(key);
  }

  async dismiss(key: string): Promise<void> {
    const data = { notification_id: key };
    await this.options.ha.callService({ domain: "persistent_notification", service: "dismiss", data });
  }

  async targets(): Promise<NotifyTargets> {
    const home = await this.options.ha.snapshot();
    const entities = Object.keys(home.states);
    const legacy = Object.keys(home.services.notify ?? {})
      .filter((service) => !["send_message", "persistent_notification"].includes(service))
      .map((service) => `notify.${service}`);
    return {
      notify: [...new Set([...legacy, ...entities.filter((id) => id.startsWith("notify."))])].sort(),
      speak: entities
        .filter((id) => id.startsWith("media_player.") || id.startsWith("assist_satellite."))
        .sort(),
    };
  }

  private ttsEntity(home: HomeSnapshot): string {
    const configured = this.options.ttsEntity;
    if (configured) return configured;
    const found = Object.keys(home.states).find((id) => id.startsWith("tts."));
    if (!found) throw new Error("Home Assistant has no text-to-speech engine (tts.*) to speak with.");
    return found;
  }
}

/** The mobile app's legacy notify services, which honour `data.tag`. */
const MOBILE_APP = "notify.mobile_app_";

function splitTarget(target: string): [string, string] {
  const dot = target.indexOf(".");
  return dot < 0 ? [target, ""] : [target.slice(0, dot), target.slice(dot + 1)];
}
