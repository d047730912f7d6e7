import type { Flow } from '@jewel/contract/commodity';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { CheckCircleOutline, CloseCircleOutline, EyeInvisibleOutline } from 'antd-mobile-icons';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { FieldList } from './field-list.tsx';
import { ResultFields } from './result-fields.tsx';
import './flow-timeline.css';

const STEP_ORDER = { first: 0, reconsideration: 1, comprehensive: 2 } as const;

function flowTone(status: number): string {
  if (status === FLOW_STATUS.inProgress) return 'is-progress';
  if (status === FLOW_STATUS.done) return 'is-done';
  if (status === FLOW_STATUS.returned) return 'is-returned';
  return 'is-pending';
}

function elapsedSince(iso: string): number {
  return Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
}

/** One step: who, its status, when, how long, why it was returned, and its result (or that it is withheld). */
function FlowStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation('commodity');
  const status = useDictionaryOptions('identify_flow.status');
  const running = flow.status === FLOW_STATUS.inProgress && flow.started_at !== null && flow.finished_at === null;
  return (
    <li className={`commodity-flow__step ${flowTone(flow.status)}`} data-step={flow.step}>
      <span className="commodity-flow__dot" aria-hidden />
      <div className="commodity-flow__card">
        <div className="commodity-flow__head">
          <h3 className="commodity-flow__name">{t(`flow.step.${flow.step}`)}</h3>
          <span className={`commodity-flow__status ${flowTone(flow.status)}`}>{status.label(flow.status)}</span>
        </div>
        {flow.agrees !== null ? (
          <p className={flow.agrees ? 'commodity-flow__agree is-agree' : 'commodity-flow__agree is-disagree'}>
            {flow.agrees ? <CheckCircleOutline aria-hidden /> : <CloseCircleOutline aria-hidden />}
            <span>{flow.agrees ? t('flow.agrees') : t('flow.disagrees')}</span>
          </p>
        ) : null}
        <FieldList
          rows={[
            { label: t('flow.valuer'), value: flow.valuer.name },
            { label: t('flow.startedAt'), value: flow.started_at ? formatDateTime(flow.started_at) : null },
            { label: t('flow.finishedAt'), value: flow.finished_at ? formatDateTime(flow.finished_at) : null },
            {
              label: running ? t('flow.elapsed') : t('flow.duration'),
              value:
                flow.duration_seconds !== null
                  ? formatDuration(flow.duration_seconds)
                  : running && flow.started_at
                    ? formatDuration(elapsedSince(flow.started_at))
                    : null,
            },
            { label: t('flow.returnReason'), value: flow.return_reason, block: true },
          ]}
        />
        {flow.hidden ? (
          <p className="commodity-flow__hidden">
            <EyeInvisibleOutline aria-hidden />
            <span>{t('flow.hidden')}</span>
          </p>
        ) : flow.result ? (
          <div className="commodity-flow__result">
            <ResultFields result={flow.result} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Every round, newest first, and in each the steps in their order (first, reconsideration, comprehensive). */
export function FlowTimeline({ flows }: { flows: Flow[] }) {
  const { t } = useTranslation('commodity');
  const rounds = [...new Set(flows.map((flow) => flow.round))].sort((a, b) => b - a);
  return (
    <div className="commodity-flow">
      {rounds.map((round) => {
        const steps = flows
          .filter((flow) => flow.round === round)
          .sort((a, b) => STEP_ORDER[a.step] - STEP_ORDER[b.step] || a.id - b.id);
        return (
          <section key={round} className="commodity-flow__round" aria-labelledby={`flow-round-${round}`}>
            <h2 id={`flow-round-${round}`} className="commodity-flow__round-title">
              {t('round', { round })}
            </h2>
            <ol className="commodity-flow__steps">
              {steps.map((flow) => (
                <FlowStep key={flow.id} flow={flow} />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
