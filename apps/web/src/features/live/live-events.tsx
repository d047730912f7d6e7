import { useLiveEvents } from './use-live-events.ts';

/** The live event stream as a component, so that it can load apart from the first page's code. */
export default function LiveEvents() {
  useLiveEvents();
  return null;
}
