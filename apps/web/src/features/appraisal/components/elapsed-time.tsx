import { ClockCircleOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { formatDuration } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../appraisal.css';

/** Time since `since`, ticking live (every second while under a minute, then every 15 s). */
export function ElapsedTime({ since }: { since: string }) {
  const { t } = useTranslation('appraisal');
  const start = new Date(since).getTime();
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, (now - start) / 1000);
  const step = seconds < 60 ? 1000 : 15_000;

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), step);
    return () => window.clearInterval(timer);
  }, [step]);

  return (
    <p className="appraisal-elapsed" aria-live="off">
      <ClockCircleOutline aria-hidden />
      <span>{t('identify.elapsed')}</span>
      <strong className="figure" data-testid="appraisal-elapsed">
        {formatDuration(seconds)}
      </strong>
    </p>
  );
}
