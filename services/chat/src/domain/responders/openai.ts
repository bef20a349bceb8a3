import OpenAI from 'openai';
import { summaryMessages, type Summarizer } from '../summaries';
import type { Responder } from './types';

// ARCHITECTURE §7: any OpenAI-compatible chat-completions API (OpenAI, Typhoon, Ollama, vLLM,
// llama.cpp) through the `openai` SDK, streamed when the client streams.

export interface OpenAIResponderOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** SDK retries of a failed call (connection errors, 408/409/429/5xx). */
  maxRetries: number;
  timeoutMs: number;
}

function clientOf(options: OpenAIResponderOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: options.apiKey ?? 'no-key',
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
  });
}

export function openAIResponder(options: OpenAIResponderOptions): Responder {
  const client = clientOf(options);
  return {
    offline: false,
    async reply(prompt, { signal, onDelta }) {
      const params = {
        model: options.model,
        messages: prompt.messages,
        max_tokens: options.maxTokens,
        temperature: options.temperature,
      };
      if (!onDelta) {
        const completion = await client.chat.completions.create({ ...params, stream: false }, { signal });
        return completion.choices[0]?.message?.content ?? '';
      }
      const stream = await client.chat.completions.create({ ...params, stream: true }, { signal });
      let text = '';
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          text += piece;
          onDelta(piece);
        }
      }
      return text;
    },
  };
}

/**
 * Summaries of the turns the prompt's window dropped (domain/summaries.ts), written by the same
 * configured model in the background; the operator's model account pays for them, never the member.
 */
export function openAISummarizer(options: OpenAIResponderOptions): Summarizer {
  const client = clientOf(options);
  return {
    offline: false,
    async summarize(input, signal) {
      const completion = await client.chat.completions.create(
        // A summary is told to stay within maxCharacters; Thai costs about a token per character.
        { model: options.model, messages: summaryMessages(input), max_tokens: Math.min(options.maxTokens * 2, input.maxCharacters), temperature: 0.3, stream: false },
        { signal },
      );
      return completion.choices[0]?.message?.content ?? '';
    },
  };
}
