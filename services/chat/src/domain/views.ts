import { messagePaidRoom, type Message, type Persona } from '@lakorn/contracts';
import type { MessageDoc, PersonaDoc } from '../data/models';

export function messageView(doc: MessageDoc): Message {
  return {
    id: doc._id,
    chatId: doc.chatId,
    content: doc.content,
    isUser: doc.isUser,
    timestamp: doc.timestamp.toISOString(),
    userId: doc.userId,
    persona: doc.persona,
    offline: doc.offline,
    // An edited message says what its text has paid, so the client prices the next edit as the server does.
    ...(doc.edited ? { edited: true as const, paid: messagePaidRoom(doc) } : {}),
  };
}

export function personaView(doc: PersonaDoc): Persona {
  return {
    id: doc._id,
    userId: doc.userId,
    name: doc.name,
    appearance: doc.appearance,
    personality: doc.personality,
    background: doc.background,
    profileUrl: doc.profileUrl,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
