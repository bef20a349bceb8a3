import OpenAI from 'openai';
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

export function openAIResponder(options: OpenAIResponderOptions): Responder {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: options.apiKey ?? 'no-key',
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
  });
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
