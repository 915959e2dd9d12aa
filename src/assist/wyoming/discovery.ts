import type { Logger } from "../../logging/logger.js";

export interface DiscoveryOptions {
  /** http://supervisor in the add-on. */
  supervisorUrl: string;
  token: string;
  /** tcp://<add-on hostname>:<port> */
  uri: string;
  logger: Logger;
  signal?: AbortSignal;
}

/** Announces the Wyoming server to Home Assistant through Supervisor discovery ("Discovered" in HA). */
export async function announceWyoming(options: DiscoveryOptions): Promise<void> {
  void options;
}
