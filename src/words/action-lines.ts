/** What Cyrene itself says to the person about an action on the home, in one language. */
export interface ActionLines {
  /** The answer that replaces a false "done" when no device was controlled. */
  honestNotDone: string;
  /**
   * The question that asks before a change the person's words may not have asked for:
   * "Do you want me to turn on Kitchen Light?". `service` is HA's ("turn_on"), `targets` the devices' names.
   */
  askBeforeActing(service: string, targets: string[]): string;
}
