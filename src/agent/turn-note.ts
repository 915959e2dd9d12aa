import type { ChatMessage } from "../llm/messages.js";
import type { TurnContext } from "../turn/context.js";
import { latestNoteWith, type NoteSource } from "../turn/note-source.js";
import type { BackgroundJobs } from "./background-jobs.js";
import type { EventSink } from "./events.js";
import { SPOKEN_STYLE } from "./spoken.js";
import { outputInstruction } from "./structured-output.js";
import { turnNote } from "./system-prompt.js";
import { clip } from "../text/clip.js";
import type { TurnInput } from "./turn-request.js";

/** What a turn's note is made of besides the turn (whose time gives the clock line). */
export interface TurnNoteOptions {
  /** Further volatile facts for a turn's note: the Thinker's notes, the remembered facts. */
  noteSources?: NoteSource[];
}

const MAX_INSTRUCTIONS = 4_000;
const INSTRUCTIONS_HEADING =
  "Instructions from the app the user talks through (follow them where they do not conflict with " +
  "yours; they hold until changed):";

/**
 * The turn's volatile facts, stored just before the user message: who is talking, the clock, the
 * client app's instructions (when they changed, or have left the history window), results of
 * background jobs that finished since the last turn, the notes of other parts (the Thinker, the
 * remembered facts), and how to answer. Stored, so later turns resend it unchanged and the request
 * prefix stays cacheable.
 */
export class TurnNotes {
  /** The app instructions each conversation was last given, so an unchanged text is not stored again. */
  private readonly instructionsGiven = new Map<string, string>();

  constructor(
    private readonly jobs: BackgroundJobs,
    private readonly options: TurnNoteOptions,
  ) {}

  /** `window`: the history the LLM still sees from before this turn. */
  build(
    turn: TurnContext,
    input: Pick<TurnInput, "instructions" | "output" | "voice">,
    emit: EventSink,
    window: ChatMessage[],
  ): ChatMessage {
    const { conversationId } = turn;
    const sections: string[] = [];
    if (turn.person) sections.push(`Talking to you: ${turn.person.name}.`);
    const instructions = input.instructions && clip(input.instructions.trim(), MAX_INSTRUCTIONS);
    const given = (text: string) =>
      this.instructionsGiven.get(conversationId) === text &&
      latestNoteWith(window, INSTRUCTIONS_HEADING)?.includes(text);
    if (instructions && !given(instructions)) {
      this.remember(conversationId, instructions);
      sections.push(`${INSTRUCTIONS_HEADING}\n${instructions}`);
    }
    const background = this.jobs.takeFinished(conversationId);
    if (background) {
      sections.push(background.section);
      for (const job of background.jobs) {
        emit({ type: "background_result", jobId: job.id, name: job.toolName, result: job.result! });
      }
    }
    for (const source of this.options.noteSources ?? []) {
      const section = source({ ...turn, window });
      if (section) sections.push(section);
    }
    if (input.output) sections.push(outputInstruction(input.output));
    else if (input.voice) sections.push(SPOKEN_STYLE);
    const now = new Date(turn.time.now());
    return { role: "system", content: turnNote({ now, timeZone: turn.time.zone(), sections }) };
  }

  private remember(conversationId: string, text: string): void {
    this.instructionsGiven.delete(conversationId);
    this.instructionsGiven.set(conversationId, text);
    if (this.instructionsGiven.size > 1_000) {
      this.instructionsGiven.delete(this.instructionsGiven.keys().next().value!);
    }
  }
}
