/** Something to tell the user: a reminder, a thought. */
export interface Notice {
  /** Stable per subject: a persistent notification with the same key replaces the old one. */
  key: string;
  title: string;
  message: string;
  /** Buttons on a phone notification (mobile app `actions`); pressed ones come back as HA events. */
  actions?: { action: string; title: string }[];
  /**
   * On an Assist satellite that can, the notice starts a conversation (`start_conversation`): these
   * instructions reach the conversation agent with the person's answer, which so continues in context.
   * Elsewhere it is delivered as any notice.
   */
  conversation?: { instructions: string };
}

/** The user's ways to be reached, as HA offers them now. */
export interface NotifyTargets {
  /** notify.<service> (legacy services, the phones) and notify entities. */
  notify: string[];
  /** Media players (spoken with tts.speak) and Assist satellites (announce). */
  speak: string[];
}

/**
 * The one place that delivers anything to the user. A target is "persistent_notification", a notify
 * service or entity ("notify.mobile_app_pixel"), a media player or an Assist satellite.
 */
export interface Notifier {
  deliver(target: string, notice: Notice): Promise<void>;
  /**
   * Whether a repeat of a notice (same key) replaces the first at this target instead of arriving twice:
   * persistent notifications (by notification_id) and the mobile app's pushes (by tag) do; a speaker, a
   * notify entity or another notify service would say it twice.
   */
  replacesRepeats(target: string): boolean;
  /** Whether the target shows the notice with this key now; undefined when it cannot tell (phones, speakers). */
  shows(target: string, key: string): Promise<boolean | undefined>;
  /** Dismisses the persistent notification of a key (the user marked it done). */
  dismiss(key: string): Promise<void>;
  targets(): Promise<NotifyTargets>;
}
