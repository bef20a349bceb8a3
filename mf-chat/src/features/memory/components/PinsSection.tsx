import { useState } from 'react';
import styled from 'styled-components';
import { MEMORY_LIMITS } from '@lakorn/contracts/web';
import { useToast } from '@lakorn/shell-sdk';
import { ErrorState, Icon, IconButton, LoadingState, Muted, narrationPreview, NarrationText, PlainList, SectionTitle, theme } from '@lakorn/ui';
import { usePinActions, usePins } from '../api';
import { PINS_TEXT } from '../messages';

const Section = styled.section`
  margin-top: 18px;
  padding-top: 14px;
  border-top: 1px solid ${theme.color.border};
`;

const Usage = styled.p`
  margin: 0 0 8px;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.xs};
`;

const Row = styled.li`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  padding: 8px 10px;
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surface2};
  p { flex: 1; margin: 0; font-size: ${theme.font.size.sm}; overflow-wrap: anywhere; white-space: pre-line; }
  strong { color: ${theme.color.amber}; font-weight: 600; }
`;

/** The chat's pinned messages (they stay in the prompt whatever its window drops), each removable. */
export function PinsSection({ chatId, characterName }: { chatId: string; characterName: string }) {
  const { toast } = useToast();
  const { data, error, isLoading, mutate } = usePins(chatId);
  const { unpin } = usePinActions(chatId);
  const [busy, setBusy] = useState<string | null>(null);

  if (isLoading) return <LoadingState message={PINS_TEXT.loading} />;
  if (error || !data) {
    return (
      <Section aria-label={PINS_TEXT.heading}>
        <ErrorState message={PINS_TEXT.loadFailed} onRetry={() => void mutate()} />
      </Section>
    );
  }

  const remove = async (messageId: string) => {
    setBusy(messageId);
    try {
      await unpin(messageId);
      toast({ title: PINS_TEXT.unpinned, variant: 'success' });
    } catch {
      toast({ title: PINS_TEXT.unpinFailed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const tokens = data.reduce((sum, pin) => sum + pin.tokens, 0);
  return (
    <Section aria-label={PINS_TEXT.heading}>
      <SectionTitle>{PINS_TEXT.heading}</SectionTitle>
      <Usage>
        {PINS_TEXT.count(data.length, MEMORY_LIMITS.pinsPerChat)} · {PINS_TEXT.tokens(tokens, MEMORY_LIMITS.pinTokens)}
      </Usage>
      {data.length === 0 ? (
        <Muted>{PINS_TEXT.none}</Muted>
      ) : (
        <>
          <Muted>{PINS_TEXT.hint}</Muted>
          <PlainList $gap={6}>
            {data.map((pin) => (
              <Row key={pin.messageId}>
                <p>
                  <strong>{pin.isUser ? PINS_TEXT.you : characterName}:</strong> <NarrationText text={pin.content} max={200} />
                </p>
                <IconButton
                  $size={32}
                  aria-label={PINS_TEXT.unpinLabel(narrationPreview(pin.content, 30).map((segment) => segment.text).join(''))}
                  title={PINS_TEXT.unpin}
                  disabled={busy !== null}
                  onClick={() => void remove(pin.messageId)}
                >
                  <Icon name="close" size={16} />
                </IconButton>
              </Row>
            ))}
          </PlainList>
        </>
      )}
    </Section>
  );
}
