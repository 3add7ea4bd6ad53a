import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';

/** Drag by a handle: returns the offset to apply and the handle's pointer-down handler. */
export function useDrag(enabled: boolean) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const origin = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      // Buttons inside the handle (close) keep working.
      if (!enabled || event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
      const handle = event.currentTarget;
      handle.setPointerCapture(event.pointerId);
      origin.current = { x: event.clientX, y: event.clientY, startX: offset.x, startY: offset.y };
      const move = (moveEvent: PointerEvent) => {
        const start = origin.current;
        if (!start) return;
        setOffset({
          x: start.startX + moveEvent.clientX - start.x,
          y: start.startY + moveEvent.clientY - start.y,
        });
      };
      const end = () => {
        origin.current = null;
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', end);
        handle.removeEventListener('pointercancel', end);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', end);
      handle.addEventListener('pointercancel', end);
    },
    [enabled, offset],
  );

  const reset = useCallback(() => setOffset({ x: 0, y: 0 }), []);
  return { offset, onPointerDown, reset };
}
