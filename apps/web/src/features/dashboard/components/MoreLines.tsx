import { Suspense, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import type { DetailLine } from '../lib/cards';
import { MoreButton } from './MoreButton';

const popover = lazyComponent(async () => (await import('./MoreLinesPopover')).MoreLinesPopover);
const MoreLinesPopover = popover.Component;
const preload = () => void popover.preload().catch(() => undefined);

/**
 * The lines a contact card has no room for, behind More: opened, a dropdown with them. The dropdown's code
 * (its positioning) loads as the button is approached, else when it is pressed.
 */
export function MoreLines({ name, lines }: { name: string; lines: DetailLine[] }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    return <MoreButton name={name} onPointerEnter={preload} onFocus={preload} onClick={() => setWanted(true)} />;
  }
  return (
    <Suspense fallback={<MoreButton name={name} />}>
      <MoreLinesPopover name={name} lines={lines} />
    </Suspense>
  );
}
