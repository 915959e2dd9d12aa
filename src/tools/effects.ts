/**
 * What a tool call would do beyond reading, as the tool declares it (`Tool.effects`): the provenance gate
 * (tools/provenance/gate.ts) checks each against the person's own words once outside text entered the
 * turn. A declaration is pure: it reads the call's arguments only, and never the home or the network.
 */
export type Effect = HomeChange | Message | Send | OtherChange;

/** A change to devices: a service on the devices the call names ("light.turn_on" on "porch light"). */
export interface HomeChange {
  kind: "home";
  /** `domain.service` as Home Assistant names it: "light.turn_on", "cover.open_cover", "notify.mobile_app_x". */
  service: string;
  /**
   * The devices as the call names them: phrases in the person's words ("客厅的灯", "porch light") or
   * entity ids, resolved by the same resolver iot_control uses. Empty: a service that acts on no device
   * (a notification), judged by its action's words alone.
   */
  targets: string[];
  /** The call asks for every match (iot_control's `all`). */
  all?: boolean;
}

/** A message that reaches someone: a notification service or a speaker that will say it. */
export interface Message {
  kind: "message";
  /** Notify services ("notify.mobile_app_anna", "mobile_app_anna") or speaking entities ("media_player.kitchen"). */
  recipients: string[];
}

/** A request out of the house: its URL, and whatever else it carries (a body, headers' values). */
export interface Send {
  kind: "send";
  url: string;
  carries?: string[];
}

/** A change nothing can tie to words (another MCP server's tool that is not read-only): always the person's yes. */
export interface OtherChange {
  kind: "other";
  what: string;
}
