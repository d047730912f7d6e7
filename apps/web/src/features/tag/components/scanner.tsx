import { verificationIdOf } from '@jewel/contract/values/tag';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { CameraOutline, PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../lib/antd-mobile.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { resolveScan } from '../api/tag-queries.ts';
import { qrReader, readPhoto } from '../decode-qr.ts';
import '../tag.css';

/** Frames read per second while the camera runs. */
const FRAME_INTERVAL_MS = 200;

type Camera = 'starting' | 'scanning' | 'denied' | 'missing';
type Outcome =
  | { key: 'reading' | 'noCode' | 'checking' | 'public' | 'notOurs' | 'notTag' | 'failed' }
  | { key: 'opening'; no: string };

/**
 * The scan: the camera's picture read ~5 times a second, or a chosen photo. A tag of an item the
 * user may see opens that item; any other code of this shop opens its public verification page;
 * a code of any other address is only shown, never followed (docs/decisions.md "Item tags and
 * the scan").
 */
export function Scanner() {
  const { t } = useTranslation('tag');
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [shownText, setShownText] = useState<string | null>(null);
  /** A code is being handled: the camera's frames wait. */
  const busy = useRef(false);
  /** The camera keeps seeing the code it last read: it is handled once. */
  const lastRead = useRef<string | null>(null);

  const handle = useCallback(
    async (raw: string) => {
      busy.current = true;
      const link = verificationIdOf(raw);
      if (!link) {
        setShownText(raw);
        setOutcome({ key: 'notTag' });
        busy.current = false;
        return;
      }
      setShownText(null);
      setOutcome({ key: 'checking' });
      try {
        const item = await resolveScan(link.id);
        setOutcome({ key: 'opening', no: item.no });
        navigate(withQuery(paths.commodityDetail, { id: item.commodity_id }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          if (link.origin === window.location.origin) {
            setOutcome({ key: 'public' });
            window.location.assign(link.url);
            return;
          }
          setShownText(raw);
          setOutcome({ key: 'notOurs' });
        } else {
          setOutcome({ key: 'failed' });
          lastRead.current = null;
        }
        busy.current = false;
      }
    },
    [navigate],
  );

  useEffect(() => {
    // `attempt` starts the camera again after a refusal the user has since lifted.
    void attempt;
    let stopped = false;
    let timer = 0;
    let stream: MediaStream | null = null;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('missing');
        return;
      }
      setCamera('starting');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        if (!stopped) setCamera(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'missing');
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setCamera('scanning');
      const read = await qrReader();
      const tick = async () => {
        if (stopped) return;
        if (!busy.current && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const text = await read({ source: video, width: video.videoWidth, height: video.videoHeight }, 640).catch(
            () => null,
          );
          if (text && !stopped && text !== lastRead.current) {
            lastRead.current = text;
            void handle(text);
          }
        }
        timer = window.setTimeout(tick, FRAME_INTERVAL_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt, handle]);

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    busy.current = true;
    setShownText(null);
    setOutcome({ key: 'reading' });
    const raw = await readPhoto(file).catch(() => null);
    busy.current = false;
    if (!raw) {
      setOutcome({ key: 'noCode' });
      return;
    }
    lastRead.current = raw;
    await handle(raw);
  };

  const status = outcome
    ? outcome.key === 'opening'
      ? t('scan.opening', { no: outcome.no })
      : t(`scan.${outcome.key}`)
    : camera === 'starting'
      ? t('scan.starting')
      : camera === 'scanning'
        ? t('scan.scanning')
        : '';
  const cameraOn = camera === 'starting' || camera === 'scanning';

  return (
    <div className="tag-scan">
      <p className="tag-scan__intro">{t('scan.intro')}</p>
      {cameraOn ? (
        <div className="tag-scan__viewport">
          <video ref={videoRef} className="tag-scan__video" muted playsInline aria-label={t('scan.preview')} />
          <span className="tag-scan__frame" aria-hidden="true" />
        </div>
      ) : (
        <div className="tag-scan__notice">
          <CameraOutline aria-hidden="true" className="tag-scan__notice-icon" />
          <p>{t(camera === 'denied' ? 'scan.denied' : 'scan.noCamera')}</p>
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('scan.retry')}
          </button>
        </div>
      )}
      <p className="tag-scan__status" role="status" aria-live="polite">
        {status}
      </p>
      {shownText !== null ? (
        <div className="tag-scan__text">
          <span className="muted">{t('scan.read')}</span>
          <code>{shownText}</code>
        </div>
      ) : null}
      <input ref={photoRef} type="file" accept="image/*" hidden onChange={onPhoto} data-testid="scan-photo" />
      <Button block color="primary" fill="outline" onClick={() => photoRef.current?.click()}>
        <PictureOutline aria-hidden="true" /> {t('scan.photo')}
      </Button>
    </div>
  );
}
