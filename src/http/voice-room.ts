/** What HA told of the speaker's room on a voice turn through its Ollama integration. */
export interface VoiceRoom {
  /** When the turn came (ms). */
  at: number;
  /**
   * Through which part of HA's system text the room came: the agent's instructions (the line DOCS gives)
   * or the Assist API's prompt; absent when it has neither line.
   */
  via?: "instructions" | "assist_api";
  /** The area HA named; absent when it named none (an unknown satellite, or one in no area). */
  area?: string;
  deviceId?: string;
}

/** The room of the last voice turn, for Status: the Ollama adapter records it, the status route shows it. */
export class LastVoiceRoom {
  private last?: VoiceRoom;

  record(room: VoiceRoom): void {
    this.last = room;
  }

  get(): VoiceRoom | undefined {
    return this.last;
  }
}
