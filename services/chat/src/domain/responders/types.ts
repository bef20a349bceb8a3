import type { Prompt } from '../prompt';

export interface ReplyOptions {
  /** Aborted when the reply takes too long (the send is then refunded). */
  signal: AbortSignal;
  /** Given when the client streams: called with each piece of the reply as it arrives. */
  onDelta?: (text: string) => void;
}

/** Who writes the character's reply: the OpenAI-compatible model, or the offline responder. */
export interface Responder {
  /** True for the offline responder: its replies are marked `offline` (ARCHITECTURE §7). */
  readonly offline: boolean;
  reply(prompt: Prompt, options: ReplyOptions): Promise<string>;
}
