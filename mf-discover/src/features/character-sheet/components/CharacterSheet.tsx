import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { GENRE_LABELS, hiddenReasonLabel, isAdultCharacter, MODERATION_MESSAGES, preview, type Character } from '@lakorn/contracts/web';
import { REPORT_TEXT, ReportCharacterDialog, useSession } from '@lakorn/shell-sdk';
import { Button, EmptyState, ErrorState, Icon, IconButton, LoadingState, Page, PageHeader, Pill, Spinner, formatThaiNumber, PAGE_WIDTH_PICTURE_SIZES, theme, useImageFallback } from '@lakorn/ui';
import { CharacterStats } from '../../character-stats';
import { useLike, useStartChat } from '../../discover';
import { useShareCharacter, useSheetCharacter } from '../api';
import { SHEET_TEXT } from '../messages';

const Picture = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  aspect-ratio: 4 / 5;
  /* Room below it for the name, the text and "start chat" above the bottom navigation (390×844). */
  max-height: 34dvh;
  margin: 4px 0 16px;
  border-radius: ${theme.radius.lg};
  overflow: hidden;
  background: linear-gradient(160deg, #5b3a6e, ${theme.color.primaryFill});
  color: #fff;
  font-size: 72px;
  font-weight: 700;
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
`;

const Name = styled.h2`
  margin: 0;
  font-size: 26px;
  font-weight: 700;
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 8px 0 14px;
  color: ${theme.color.faint};
  font-size: ${theme.font.size.sm};
  min-width: 0;
  span:last-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Description = styled.p`
  margin: 0 0 18px;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.md};
  line-height: 1.65;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 18px;
`;

const LikeButton = styled(Button)<{ $liked: boolean }>`
  flex: none;
  color: ${(p) => (p.$liked ? theme.color.primary : theme.color.text)};
`;

const StartButton = styled(Button)`
  flex: 1;
  min-width: 0;
`;

const Notice = styled.p`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin: 0 0 16px;
  padding: 10px 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface2};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  svg { flex: none; margin-top: 2px; }
`;

const Section = styled.section`
  margin-top: 22px;
`;

/** Who may share: a link preview exists only for a public, visible, all-ages character. */
const isShareable = (c: Character) => c.isPublic && !c.hidden && !isAdultCharacter(c);

function Sheet({ character, header }: { character: Character; header: (actions: ReactNode) => ReactNode }) {
  const { profile } = useSession();
  const image = useImageFallback(character.profileUrl);
  const { liked, count, pending, like } = useLike(character);
  const { start, starting } = useStartChat();
  const share = useShareCharacter();
  const navigate = useNavigate();
  const isOwner = profile?.id === character.userId;
  const [reporting, setReporting] = useState(false);
  const shareable = isShareable(character);
  // spec §2's card text: the public description, else the start of the personality.
  const text = character.isPublic && character.description.trim() !== '' ? character.description : preview(character.personality, 200);

  return (
    <>
      {header(
        shareable ? (
          <IconButton aria-label={SHEET_TEXT.share} onClick={() => void share(character)}>
            <Icon name="share" />
          </IconButton>
        ) : null,
      )}
      <Picture>
        {image.src ? <img src={image.src} srcSet={image.srcSet} sizes={PAGE_WIDTH_PICTURE_SIZES} alt="" onError={image.onError} /> : null}
        {image.src ? null : <span aria-hidden>{Array.from(character.name)[0] ?? '?'}</span>}
      </Picture>
      <Name>{character.name}</Name>
      <Meta>
        <Pill>{GENRE_LABELS[character.genre]}</Pill>
        {character.creatorUsername ? <span>{SHEET_TEXT.by(character.creatorUsername)}</span> : null}
      </Meta>
      {isOwner && character.hidden ? (
        <Notice role="status">
          <Icon name="alert" size={16} />
          <span>
            {MODERATION_MESSAGES.hiddenForOwner}
            {character.hiddenReason ? ` (${hiddenReasonLabel(character.hiddenReason)})` : ''}
          </span>
        </Notice>
      ) : null}
      {isOwner && !character.isPublic ? (
        <Notice>
          <Icon name="lock" size={16} />
          <span>{SHEET_TEXT.privateNote}</span>
        </Notice>
      ) : null}
      <Description>{text}</Description>
      <Row>
        <LikeButton $variant="secondary" $size="lg" $liked={liked} onClick={() => void like()} disabled={pending} aria-pressed={liked} aria-label={`${liked ? SHEET_TEXT.liked : SHEET_TEXT.like} (${count})`}>
          <Icon name="heart" size={18} filled={liked} />
          {formatThaiNumber(count)}
        </LikeButton>
        <StartButton $size="lg" onClick={() => void start(character.id)} disabled={starting !== null} aria-busy={starting !== null}>
          {starting !== null ? (
            <>
              <Spinner $size={18} />
              {SHEET_TEXT.starting}
            </>
          ) : (
            <>
              <Icon name="chat" size={18} />
              {SHEET_TEXT.startChat}
            </>
          )}
        </StartButton>
      </Row>
      {isOwner ? (
        <Button $variant="secondary" $block style={{ marginTop: 10 }} onClick={() => navigate(`/edit-character/${encodeURIComponent(character.id)}`)}>
          <Icon name="edit" size={16} />
          {SHEET_TEXT.edit}
        </Button>
      ) : null}
      {/* The creator's character page: its numbers, for the owner and admins (the stats call answers 403 to others). */}
      {isOwner || profile?.isAdmin ? (
        <Section aria-label={SHEET_TEXT.stats}>
          <CharacterStats characterId={character.id} />
        </Section>
      ) : null}
      {/* Others may report it; the reporter no longer sees it, so the sheet gives way to discover. */}
      {!isOwner && profile ? (
        <>
          <Button $variant="ghost" $block style={{ marginTop: 10, color: theme.color.danger }} onClick={() => setReporting(true)}>
            <Icon name="alert" size={16} />
            {REPORT_TEXT.action}
          </Button>
          {reporting ? <ReportCharacterDialog open character={character} onClose={() => setReporting(false)} onReported={() => navigate('/')} /> : null}
        </>
      ) : null}
    </>
  );
}

/**
 * /c/{id}: a character's sheet (gateway README "Share pages"), where a shared link opens and the
 * creator's character page: image, name, description, likes, share and "start chat". Nothing
 * creates a chat until "start chat" is tapped.
 */
export function CharacterSheet() {
  const { id = '' } = useParams();
  const state = useSheetCharacter(id);
  const navigate = useNavigate();
  // Opened from a link, there is nothing to go back to inside the app: home instead. The router
  // numbers its own history entries (`idx` in history.state); 0 is the page the tab opened on.
  const back = () => (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0 ? navigate(-1) : navigate('/'));
  const header = (title: string, actions: ReactNode = null) => <PageHeader title={title} onBack={back} backLabel={SHEET_TEXT.back} actions={actions} />;

  return (
    <Page>
      {state.kind === 'loading' ? (
        <>
          {header('')}
          <LoadingState message={SHEET_TEXT.loading} />
        </>
      ) : state.kind === 'not-found' ? (
        <>
          {header('')}
          <EmptyState icon="search" title={SHEET_TEXT.notFound}>
            <span>{SHEET_TEXT.notFoundDetail}</span>
            <Button $variant="secondary" onClick={() => navigate('/')}>
              {SHEET_TEXT.home}
            </Button>
          </EmptyState>
        </>
      ) : state.kind === 'failed' ? (
        <>
          {header('')}
          <ErrorState message={SHEET_TEXT.loadFailed} onRetry={state.retry} />
        </>
      ) : (
        <Sheet character={state.character} header={(actions) => header(state.character.name, actions)} />
      )}
    </Page>
  );
}
