import { useCallback, useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import type { CardImportResult } from '@lakorn/contracts/web';
import { ApiError, limitMessage, useSession, useToast } from '@lakorn/shell-sdk';
import { Button, ErrorState, Icon, IconButton, LoadingState, Page, theme } from '@lakorn/ui';
import { loadCharacter, saveCharacter, useCharacterAllowance } from '../api';
import { draftFromCard, draftFromCharacter, EMPTY_DRAFT, firstProblem, inputOf, lorebookStepProblem, parseStep, stepProblem, TOTAL_STEPS, type WizardDraft } from '../draft';
import { useBackGuard } from '../backGuard';
import { draftKey, forgetDraft, isOpenInThisTab, keepDraft, markOpen, readKeptDraft, sameDraft, type KeptDraft, type WizardPlace } from '../keptDraft';
import { LOREBOOK_STEP } from '../lorebook';
import { LOREBOOK_TEXT, WIZARD_TEXT } from '../messages';
import { AllowanceNote } from './AllowanceNote';
import { CardExport, CardImport, ImportNotice } from './CardTools';
import { KeptDraftDialog, LeaveDialog } from './DraftDialogs';
import { LorebookCard } from './LorebookCard';
import { LorebookEditor } from './LorebookEditor';
import { STEPS } from './Steps';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  margin: 0 -16px 16px;
  padding: 8px 12px 12px;
  background: rgba(15, 13, 19, 0.94);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid ${theme.color.surface2};
`;

const BarRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  h1 { flex: 1; margin: 0; font-size: ${theme.font.size.lg}; font-weight: 700; }
`;

const Spacer = styled.span`
  width: 40px;
  flex: none;
`;

const Progress = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 0 4px;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
  font-variant-numeric: tabular-nums;
`;

const Track = styled.div`
  flex: 1;
  height: 6px;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.surface3};
  overflow: hidden;
  span { display: block; height: 100%; background: ${theme.color.primary}; transition: width 200ms ease; }
`;

/** Sticky at the bottom (the shell shows no bottom navigation in the wizard, create or edit). */
const Footer = styled.div`
  position: sticky;
  bottom: 0;
  margin: 20px -16px 0;
  padding: 12px 16px calc(12px + env(safe-area-inset-bottom));
  background: linear-gradient(rgba(15, 13, 19, 0), ${theme.color.bg} 30%);
`;

/** The allowance note at step 9, which describes the create button (why it is disabled at the limit). */
const ALLOWANCE_NOTE_ID = 'wizard-allowance';

/**
 * spec §2 "Character create / edit", §4 "Character wizard": nine steps with their titles, a
 * 'step n/9' progress bar, back above step 1, close to /library; edit mode (from the path)
 * prefills from the character; step 9 creates or updates, then goes to /library. What the member
 * typed is kept as a draft until it is saved (README "Drafts"): leaving asks, reopening offers it.
 */
export function CharacterWizard({ mode }: { mode: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { profile } = useSession();
  const { mutate: mutateCache } = useSWRConfig();
  const { id: routeId } = useParams();
  const characterId = mode === 'edit' ? (routeId ?? null) : null;
  const createStep = useMatch('/create-character/:step')?.params.step;
  const editStep = useMatch('/edit-character/:id/:step')?.params.step;
  const rawStep = mode === 'create' ? createStep : editStep;
  // The optional lorebook step sits outside the spec's nine (spec §2 'step n/9' stays as it is):
  // reached from step 9 and back to it, so the nine steps' flow never passes through it.
  const onLorebook = rawStep === LOREBOOK_STEP;
  const step = onLorebook ? TOTAL_STEPS : parseStep(rawStep);
  const base = mode === 'create' ? '/create-character' : `/edit-character/${encodeURIComponent(characterId ?? '')}`;

  const [draft, setDraft] = useState<WizardDraft>(EMPTY_DRAFT);
  // Where the member started (the empty draft, or the character as saved): a draft that differs is kept.
  const [baseline, setBaseline] = useState<WizardDraft | null>(mode === 'create' ? EMPTY_DRAFT : null);
  const key = profile ? draftKey(profile.id, characterId) : null;
  // Kept from an earlier visit, until the member chooses; no draft is written before the choice.
  const [offered, setOffered] = useState<KeptDraft | null>(null);
  const [decided, setDecided] = useState(false);
  const [leaving, setLeaving] = useState<'close' | 'back' | null>(null);
  // Set as the wizard goes away for good (saved, kept or thrown away): nothing is written after it.
  const gone = useRef(false);
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing' | 'not-yours' | 'failed'>(mode === 'edit' ? 'loading' : 'ready');
  const [saved, setSaved] = useState<{ name: string; profileUrl: string } | null>(null);
  const [imported, setImported] = useState<Pick<CardImportResult, 'overLong' | 'notes'> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Beyond the spec: the member's remaining characters (read in create mode only), shown at the
  // start and at the create button; unread or failed, nothing is shown and the server decides.
  const { allowance, reload: reloadAllowance } = useCharacterAllowance(mode === 'create' && profile !== null);
  const atLimit = allowance?.left === 0;

  const fetchCharacter = useCallback(() => {
    if (mode !== 'edit' || !characterId) return;
    setLoad('loading');
    loadCharacter(characterId)
      .then((character) => {
        if (!character) return setLoad('failed');
        if (profile && character.userId !== profile.id) return setLoad('not-yours');
        const prefilled = draftFromCharacter(character);
        setDraft(prefilled);
        setBaseline(prefilled);
        setSaved({ name: character.name, profileUrl: character.profileUrl });
        setLoad('ready');
      })
      .catch((error: unknown) => setLoad(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'));
  }, [mode, characterId, profile]);

  useEffect(fetchCharacter, [fetchCharacter]);

  // A kept draft that differs from where the member starts: a reload in this tab puts it back in
  // place; any other opening asks first (KeptDraftDialog).
  useEffect(() => {
    if (decided || !baseline || !key) return;
    const kept = readKeptDraft(key);
    if (kept && !sameDraft(kept.draft, baseline)) {
      if (!isOpenInThisTab(key)) return setOffered(kept);
      setDraft(kept.draft);
    }
    markOpen(key, true);
    setDecided(true);
  }, [decided, baseline, key]);

  const place: WizardPlace = onLorebook ? LOREBOOK_STEP : step;
  const dirty = baseline !== null && !sameDraft(draft, baseline);
  useEffect(() => {
    if (!decided || !key || gone.current) return;
    if (dirty) keepDraft(key, draft, place);
    else forgetDraft(key);
  }, [decided, key, dirty, draft, place]);

  const update = useCallback((change: Partial<WizardDraft>) => setDraft((current) => ({ ...current, ...change })), []);
  const goTo = (next: WizardPlace, replace = false) => navigate(`${base}/${next}`, { replace });

  /** The wizard is done with (saved, or left keeping or throwing away the draft): this tab's opening ends. */
  function finish(keep: boolean) {
    gone.current = true;
    if (!key) return;
    if (!keep) forgetDraft(key);
    markOpen(key, false);
  }
  const close = () => {
    if (dirty) return setLeaving('close');
    finish(false);
    navigate('/library');
  };
  function leave(keep: boolean) {
    const how = leaving;
    setLeaving(null);
    finish(keep);
    if (how === 'back') window.history.back();
    else navigate('/library');
  }
  useBackGuard(base, () => dirty && !gone.current, () => setLeaving('back'));

  function continueDraft() {
    if (!offered || !key) return;
    setDraft(offered.draft);
    setOffered(null);
    markOpen(key, true);
    setDecided(true);
    goTo(offered.place, true);
  }
  function startFresh() {
    if (!key) return;
    forgetDraft(key);
    setOffered(null);
    markOpen(key, true);
    setDecided(true);
  }

  function next() {
    const problem = stepProblem(step, draft);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    goTo(step + 1);
  }

  function leaveLorebook() {
    const problem = lorebookStepProblem(draft);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    goTo(TOTAL_STEPS);
  }

  async function submit() {
    if (!profile) return;
    const blocked = firstProblem(draft);
    if (blocked) {
      toast({ title: blocked.problem.title, description: blocked.problem.description, variant: 'destructive' });
      goTo(blocked.step);
      return;
    }
    setSubmitting(true);
    try {
      await saveCharacter(inputOf(draft, profile.id), characterId);
      finish(false);
      // Lists of characters (the library's strip, discover) show the change when next seen.
      void mutateCache((key) => typeof key === 'string' && key.startsWith('/api/characters'), undefined, { revalidate: true });
      toast({ title: mode === 'create' ? WIZARD_TEXT.created : WIZARD_TEXT.saved, variant: 'success' });
      navigate('/library');
    } catch (error) {
      // A 429 (the member's 50 characters, contracts QUOTAS) says why in Thai: shown in place of "try later".
      const limited = limitMessage(error);
      toast({ title: mode === 'create' ? WIZARD_TEXT.createFailed : WIZARD_TEXT.updateFailed, description: limited ?? WIZARD_TEXT.tryLater, variant: 'destructive' });
      if (limited && mode === 'create') void reloadAllowance();
      setSubmitting(false);
    }
  }

  function onImported(result: CardImportResult) {
    setDraft((current) => draftFromCard(result.draft, current));
    setImported({ overLong: result.overLong, notes: result.notes });
  }

  const backTo = onLorebook ? TOTAL_STEPS : step > 1 ? step - 1 : null;
  const header = (
    <Bar>
      <BarRow>
        {backTo !== null ? (
          <IconButton aria-label={WIZARD_TEXT.back} onClick={() => goTo(backTo)}>
            <Icon name="back" />
          </IconButton>
        ) : (
          <Spacer />
        )}
        <h1>{onLorebook ? LOREBOOK_TEXT.title : WIZARD_TEXT.stepTitles[step - 1]}</h1>
        <IconButton aria-label={WIZARD_TEXT.close} onClick={close}>
          <Icon name="close" />
        </IconButton>
      </BarRow>
      <Progress>
        {onLorebook ? (
          <span>{LOREBOOK_TEXT.optionalStep}</span>
        ) : (
          <>
            <Track role="progressbar" aria-label={WIZARD_TEXT.progress(step, TOTAL_STEPS)} aria-valuemin={1} aria-valuemax={TOTAL_STEPS} aria-valuenow={step}>
              <span style={{ width: `${(step / TOTAL_STEPS) * 100}%` }} />
            </Track>
            <span>{WIZARD_TEXT.progress(step, TOTAL_STEPS)}</span>
          </>
        )}
      </Progress>
    </Bar>
  );

  const dialogs = (
    <>
      <KeptDraftDialog kept={offered} mode={mode} onContinue={continueDraft} onFresh={startFresh} />
      <LeaveDialog open={leaving !== null} mode={mode} onKeep={() => leave(true)} onDiscard={() => leave(false)} onStay={() => setLeaving(null)} />
    </>
  );

  if (load !== 'ready') {
    return (
      <Page $withNav={false}>
        {header}
        {load === 'loading' ? (
          <LoadingState message={WIZARD_TEXT.loading} />
        ) : (
          <ErrorState
            message={load === 'missing' ? WIZARD_TEXT.notFound : load === 'not-yours' ? WIZARD_TEXT.notYours : WIZARD_TEXT.loadFailed}
            onRetry={load === 'failed' ? fetchCharacter : undefined}
          />
        )}
        {load !== 'loading' ? (
          <Button $variant="ghost" $block onClick={() => navigate('/library')}>
            {WIZARD_TEXT.toLibrary}
          </Button>
        ) : null}
      </Page>
    );
  }

  const Step = STEPS[step - 1] ?? STEPS[0];
  // spec §2 hides the bottom navigation on /create-character; the shell hides it on /edit-character
  // too (shell src/routing/routes.ts), since its tap would leave the wizard.
  return (
    <Page $withNav={false}>
      {header}
      {imported ? (
        <ImportNotice
          result={imported}
          onGoToStep={goTo}
          onOpenLorebook={!onLorebook && draft.lorebook.entries.length > 0 ? () => goTo(LOREBOOK_STEP) : undefined}
          onDismiss={() => setImported(null)}
        />
      ) : null}
      {step === 1 && allowance ? <AllowanceNote allowance={allowance} /> : null}
      {mode === 'create' && step === 1 ? <CardImport onImported={onImported} /> : null}
      {onLorebook ? <LorebookEditor book={draft.lorebook} onChange={(lorebook) => update({ lorebook })} /> : <Step draft={draft} update={update} characterId={characterId} />}
      {!onLorebook && step === TOTAL_STEPS ? <LorebookCard book={draft.lorebook} onManage={() => goTo(LOREBOOK_STEP)} /> : null}
      {mode === 'edit' && !onLorebook && step === TOTAL_STEPS && characterId && saved ? <CardExport characterId={characterId} name={saved.name} profileUrl={saved.profileUrl} /> : null}
      {dialogs}
      <Footer>
        {onLorebook ? (
          <Button $block $size="lg" onClick={leaveLorebook}>
            {LOREBOOK_TEXT.done}
          </Button>
        ) : step < TOTAL_STEPS ? (
          <Button $block $size="lg" onClick={next}>
            {WIZARD_TEXT.next}
          </Button>
        ) : (
          <>
            {allowance ? <AllowanceNote allowance={allowance} id={ALLOWANCE_NOTE_ID} /> : null}
            <Button $block $size="lg" disabled={submitting || atLimit} aria-describedby={allowance ? ALLOWANCE_NOTE_ID : undefined} onClick={() => void submit()}>
              {submitting ? WIZARD_TEXT.saving : mode === 'create' ? WIZARD_TEXT.create : WIZARD_TEXT.save}
            </Button>
          </>
        )}
      </Footer>
    </Page>
  );
}
